"""Start-up: a command imports its own command module and what it needs, not every command's.

``main`` parses a command's arguments with :func:`lightsart._cli.build_parser` ``(only=command)``;
these tests check that this parser reads every argument list as the whole parser does, that
errors and their suggestions are the same, and what a command leaves unimported.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lightsart._cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = str(ROOT / "samples" / "cat.png")

ARGVS = [
    ["still", SAMPLE, "-o", "x.png", "--size", "64", "--states", "4", "-q"],
    ["animate", SAMPLE, SAMPLE, "-o", "a.gif", "--order", "radial,mask:m.png", "--ease", "in-out"],
    ["preview", SAMPLE, "-o", "p.png"],
    ["sizes", "100x80"],
    ["play", "-o", "g.html", "--size", "7x7", "--topology", "torus"],
    ["solve", "--state", "0x1ffffff", "--size", "5x5", "--explain", "--json"],
    ["path", "--state", "0x1ffffff", "--size", "5x5"],
    ["table", "31x31"],
    ["census", "5x5", "--json"],
    ["video", "clip.mp4", "-o", "f.mp4", "--mode", "play", "--clicks-per-frame", "40", "--start", "1"],
    ["studio", "--port", "0", "--no-browser"],
]


def test_the_argument_lists_cover_every_command() -> None:
    assert {a[0] for a in ARGVS} == set(COMMANDS)


@pytest.mark.parametrize("argv", ARGVS, ids=[a[0] for a in ARGVS])
def test_one_command_parser_reads_as_the_whole_parser(argv: list[str]) -> None:
    whole = vars(build_parser().parse_args(argv))
    alone = vars(build_parser(argv[0]).parse_args(argv))
    assert alone == whole
    sub = build_parser(argv[0])._subparsers._group_actions[0]  # type: ignore[union-attr]
    assert set(sub.choices) == {argv[0], "help"}


@pytest.mark.parametrize(("argv", "said"), [
    (["still", SAMPLE, "-o", "x.png", "--siz", "5"], "did you mean '--size'?"),
    (["census", "5x5", "--topolgy", "torus"], "did you mean '--topology'?"),
    (["still", SAMPLE, "-o", "x.png", "--dither", "atkinsn"], "did you mean 'atkinson'?"),
    (["stil", SAMPLE], "did you mean 'still'?"),
])
def test_errors_and_suggestions_are_the_whole_parsers(argv: list[str], said: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("lightsart: error: ") and said in err
    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    assert capsys.readouterr().err == err


def _imported_after(argv: list[str]) -> set[str]:
    code = ("import sys\nfrom lightsart._cli import main\ntry:\n    main(sys.argv[1:])\n"
            "except SystemExit:\n    pass\nprint(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    return set(out.split())


def test_a_command_imports_its_own_command_module_only() -> None:
    modules = _imported_after(["census", "5x5", "--json"])
    assert {m for m in modules if m.startswith("lightsart._cli.")} == {"lightsart._cli._options",
                                                                     "lightsart._cli.census"}
    # Not for census: the other commands' registries, the progress line (piped), "did you mean",
    # the two-phase commit (no file written).
    assert not modules & {"lightsart._animation", "lightsart._output.formats", "difflib",
                          "lightsart._output.progress", "lightsart._output.commit",
                          "lightsart._pictures.dither", "lightsart._engines.solvers"}


def test_a_png_still_does_not_import_the_vector_writers(tmp_path: Path) -> None:
    modules = _imported_after(["still", SAMPLE, "-o", str(tmp_path / "s.png"), "--size", "8", "-q"])
    assert (tmp_path / "s.png").is_file()
    assert not modules & {"lightsart._output.vector", "xml.sax.saxutils", "urllib.request", "email"}
    assert "lightsart._output.commit" in modules  # a file was written: the commit is needed


def test_a_default_animation_imports_neither_scipy_nor_the_ring_decoder(tmp_path: Path) -> None:
    # The default size and the texture hint score likeness with the tone stage's own Gaussian
    # (scipy takes 0.3 s to import); a reachable target (nullity 0 at 100x100) needs no decoder.
    argv = ["animate", SAMPLE, SAMPLE, "-o", str(tmp_path / "a.gif")]
    modules = _imported_after(argv)
    assert (tmp_path / "a.gif").is_file()
    assert "lightsart._pictures.likeness" in modules  # the size was chosen by likeness
    assert not modules & {"scipy", "skimage", "lightsart._core.isd_ring", "lightsart._core.lee_brickell"}
