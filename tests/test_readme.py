"""The README's commands and Python example run as written (from the repository root), and the
user guide pages that took over the README's long sections still say what the code does."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_readme_python_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert blocks, "the README shows no Python example"
    monkeypatch.chdir(ROOT)
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
    assert os.getcwd() == str(ROOT)


def test_readme_lists_every_limit() -> None:
    """The limits table (docs/guide/limits.md, moved from the README) shows the numbers the code
    enforces (one home: limits.py; the picture, census and game-page bounds are checked against
    their modules)."""
    from lightsart import _limits as limits
    from lightsart._pages import play
    from lightsart._puzzle import census

    text = (ROOT / "docs" / "guide" / "limits.md").read_text()
    section = text[text.index("## Limits (checked before any work)"):]
    shown = [
        f"{limits.PICTURE_MAX_SIDE} cells on a side",
        f"short side at most {limits.BOARD_MAX_SIDE}",
        f"long side at most {4 * limits.BOARD_MAX_SIDE}",
        f"{limits.PUZZLE_MAX_CELLS:,} cells",
        f"nullity × cells at most {limits.PUZZLE_MAX_NULLITY_CELLS:,}",
        f"at most {limits.PATH_MAX_CELLS} cells",
        f"at most {limits.TABLE_MAX_SIDE} cells on a side",
        f"0 to {limits.TABLE_MAX_ROWS:,}",
        f"rows × columns² at most {limits.TABLE_LEVELS_MAX_ENTRIES:,} (384×384)",
        f"`census` | at most {census.MAX_CENSUS_CELLS} cells",
        f"at most {limits.DB_MAX_CELLS} cells and 2^{limits.DB_MAX_STATES.bit_length() - 1} "
        "solvable states",
        f"1 to {limits.CELL_MAX} pixels",
        f"{limits.CELL_MM_MIN:g} to {limits.CELL_MM_MAX:g} mm; a drawing at most "
        f"{limits.VECTOR_MAX_CELLS:,} cells, a PDF page at most {limits.VECTOR_MAX_POINTS:,} points",
        f"`preview` | at most {limits.PREVIEW_MAX_SIDE} cells on a side",
        f"{limits.FRAME_MAX_PIXELS:,} pixels and {limits.FRAME_MAX_SIDE:,} pixels on a side",
        f"`--fps` | {limits.FPS_MIN:g} to {limits.FPS_MAX:g}",
        f"at most {limits.FILM_MAX_CELLS:,} cells a frame",
        f"frames × cells at most {limits.FILM_MAX_CELL_FRAMES:,}",
        f"at most {limits.ANIMATION_MAX_SECONDS:g} s",
        f"at most {limits.FRAMES_MAX:,}",
        f"0 to 2^{limits.SEED_MAX.bit_length()} − 1",
        f"at most {limits.TIME_LIMIT_MAX:g} s (a day)",
        f"at most {limits.MODEL_MAX_ROWS:,} rows, {limits.MODEL_MAX_NONZEROS:,} non-zeros and "
        f"{limits.MODEL_MAX_BYTES >> 20} MB",
        f"{play.MIN_SIDE}×{play.MIN_SIDE} to {play.MAX_SIDE}×{play.MAX_SIDE}",
        f"up to {play.MAX_PICTURE_SIDE} on a side",
        f"{limits.PICTURE_MAX_PIXELS // 1_000_000} megapixels",
        f"`--states` | 2 to {limits.STATES_MAX}",
        f"at most {limits.MODK_SYSTEM_MAX} unknowns",
        "cubed at most 25 × 1024³",
        f"cells² × pattern cells at most {limits.MODK_COLUMNS_MAX_WORK >> 30} × 2^30 when the "
        "board is not reachable",
        f"at most 2^{limits.MODK_DECODE_MAX.bit_length() - 1}",
        f"at most 2^{limits.MODK_EXACT_MAX.bit_length() - 1}",
    ]
    # The k-state algebra enforces the numbers of limits.py, not copies of them.
    from lightsart._core import closest, modk, modp, presses

    assert modp.MODK_SYSTEM_MAX == modk.MODK_SYSTEM_MAX == limits.MODK_SYSTEM_MAX
    assert modk.STATES_MAX == limits.STATES_MAX
    assert (closest.MODK_DECODE_MAX, presses.MODK_EXACT_MAX) == (limits.MODK_DECODE_MAX,
                                                                 limits.MODK_EXACT_MAX)
    for words in shown:
        assert words in section, words


def test_readme_first_run_prints_what_it_shows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lightsart._cli import main

    text = (ROOT / "README.md").read_text()
    command = re.search(r"pip install \. && lightsart (animate [^\n]*)", text)
    shown = re.search(r"It prints:\n\n```\n(.*?)```", text, re.S)
    assert command and shown
    monkeypatch.chdir(ROOT)
    args = [*command[1].split()[:-1], str(tmp_path / "morph.gif")]
    assert main(args) == 0
    printed = capsys.readouterr().out.replace(str(tmp_path / "morph.gif"), "morph.gif")
    assert printed == shown[1]


def test_readme_grey_animation_runs_as_shown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The grey-levels guide's animate commands (docs/guide/states.md, moved from the README) run
    as written (output into tmp_path)."""
    from lightsart._cli import main

    section = (ROOT / "docs" / "guide" / "states.md").read_text()
    commands = re.findall(r"^lightsart (animate .*)$", section, re.M)
    assert commands, "the grey levels guide shows no animate command"
    monkeypatch.chdir(ROOT)
    for command in commands:
        args = command.split()
        args[args.index("-o") + 1] = str(tmp_path / args[args.index("-o") + 1])
        assert main(args) == 0
        assert "presses (proven minimal)" in capsys.readouterr().out
    assert (ROOT / "docs" / "grey.gif").stat().st_size < 1_000_000


def test_readme_three_commands_run_as_shown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The "Three more commands" run as written, each output file written (into tmp_path)."""
    from lightsart._cli import main

    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Three more commands"):text.index("From Python:")]
    commands = re.findall(r"^lightsart (.*)$", section, re.M)
    assert len(commands) == 3
    monkeypatch.chdir(ROOT)
    for command in commands:
        args = command.split()
        outputs = [k + 1 for k, a in enumerate(args) if a in ("-o", "--compare")]
        for k in outputs:
            args[k] = str(tmp_path / args[k])
        assert main(args) == 0, command
        for k in outputs:
            assert Path(args[k]).stat().st_size > 0, args[k]
    capsys.readouterr()
