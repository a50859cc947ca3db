"""Issue 30 item 3: no input ends in a traceback, and refusals come before the work.

Refused runs keep the contract of ``tests/refusal.py`` (exit 2, one line, nothing written).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from refusal import picture, refused


def _no_fitting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any picture reaching the engine fails the test: the refusal must come first."""
    import lightsart._pictures.image as image

    def fitting(*args: object, **kwargs: object) -> None:
        pytest.fail("the picture was dithered and fitted before the refusal")

    monkeypatch.setattr(image, "fit_target", fitting)


@pytest.mark.parametrize("argv", [
    ["still", "a.png", "-o", "x.svg", "--size", "1100x1000"],
    ["still", "a.png", "-o", "x.png", "--compare", "x.pdf", "--size", "1100x1000"],
    ["still", "a.png", "-o", "x.png", "--target-out", "t.svg", "--size", "1100x1000"],
    ["still", "a.png", "-o", "x.png", "--size", "4000", "--cell", "5", "--states", "2"],
    ["still", "a.png", "-o", "x.pdf", "--size", "300", "--cell-mm", "50"],
    ["animate", "a.png", "b.png", "-o", "x.gif", "--size", "2000", "--cell", "9", "--states", "2"],
    ["animate", "a.png", "b.png", "--frames", "f", "--size", "2000", "--cell", "9",
     "--states", "2"],
], ids=["svg", "compare-pdf", "target-svg", "png-cell", "pdf-page", "gif-cell", "frames-cell"])
def test_outputs_too_large_are_refused_before_the_fit(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    # A 4096x4096 .svg was refused only after 3 s of fitting (and a 700 MB peak).
    _no_fitting(monkeypatch)
    refused(argv, work, capsys, "at most")


@pytest.mark.parametrize("argv", [
    ["still", "a.png", "-o", "x.png", "--size", "184x184", "--states", "4"],
    ["still", "a.png", "-o", "x.png", "--size", "1024x1024", "--states", "4"],
    ["animate", "a.png", "b.png", "-o", "x.gif", "--size", "185x185", "--states", "16"],
], ids=["still-184", "still-1024", "animate-185"])
def test_grey_levels_beyond_the_columns_bound_are_refused_before_the_algebra(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    # still --size 1024 --states 4 built the algebra over Z/4 (25 s) before this refusal: an even
    # number of states has a kernel where GF(2) has one, which light chasing knows at once.
    import lightsart._core.modk as modk

    def building(*args: object, **kwargs: object) -> None:
        pytest.fail("the algebra over Z/k was built before the refusal")

    _no_fitting(monkeypatch)
    monkeypatch.setattr(modk, "modk_algebra", building)
    refused(argv, work, capsys, "not every board is reachable")


def _folder(path: Path, count: int) -> Path:
    path.mkdir()
    for k in range(count):
        picture(path / f"p{k:04d}.png", k, (16, 16))
    return path


@pytest.mark.parametrize("argv", [
    ["animate", "many", "-o", "x.gif", "--json"],
    ["animate", "many", "-o", "x.mp4", "--json", "--duration", "2", "--hold", "0", "--fps", "120"],
    ["animate", "many", "--frames", "f", "--json", "--loop"],
], ids=["gif-seconds", "mp4-video-frames", "frames-loop"])
def test_a_long_chain_of_pictures_is_refused_before_any_is_fitted(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    # animate DIR of 1000 pictures with --json printed nothing on stdout and this one line only
    # after fitting every picture (15 s): the playing time is known from the count of pictures.
    _folder(work / "many", 800)
    _no_fitting(monkeypatch)
    refused(argv, work, capsys, "at most")


def test_animate_of_a_folder_prints_one_json_document(
    work: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from lightsart._cli import main

    _folder(work / "some", 30)
    assert main(["animate", "some", "-o", "x.gif", "--size", "8", "--json", "--hold", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["pictures"]) == 30 and len(data["transitions"]) == 29


@pytest.mark.parametrize(("argv", "named"), [
    (["still", "x\ny.png", "-o", "o.png"], "'x\\ny.png'"),
    (["still", "a.png", "-o", "no\ndir/o.png"], "'no\\ndir/o.png'"),
    (["still", "a.png", "-o", "a.png"], "a.png"),
    (["still", "e\nf", "-o", "o.png"], "'e\\nf'"),
    (["still", "j\tk.png", "-o", "o.png"], "'j\\tk.png'"),
    (["animate", "e\nf", "-o", "o.gif"], "'e\\nf'"),
    (["animate", "a.png", "c\x1b[2Jd.png", "-o", "o.gif"], "'c\\x1b[2Jd.png'"),
    (["animate", "a.png", "b.png", "--frames", "j\tk.png"], "'j\\tk.png'"),
    (["census", "3x3", "--db", "q\nw/x.sqlite"], "q\\nw"),
    (["solve", "b\noard.txt"], "b\\noard.txt"),
    (["video", "v\nx.mp4", "-o", "x.mp4"], "v\\nx.mp4"),
])
def test_a_name_with_control_characters_stays_on_one_line(
    work: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str,
) -> None:
    # A path holding a newline printed its error on two lines.
    (work / "e\nf").mkdir()
    (work / "j\tk.png").write_bytes(b"junk")
    (work / "b\noard.txt").mkdir()
    line = refused(argv, work, capsys)
    assert named in line, line


def test_every_lightsart_error_is_one_line() -> None:
    from lightsart._errors import LightsartError, shown

    error = LightsartError(f"cannot read {shown('a' + chr(10) + 'b')}: bad\rthing")
    assert str(error) == "cannot read 'a\\nb': bad\\rthing"
    assert shown("photos/cat.png") == "photos/cat.png" and shown(Path("é b.png")) == "é b.png"


# ------------------------------------------------------------------ degenerate board sizes

#: Each command and output kind, with {s} for the board size; the files it names.
_SURFACES: dict[str, tuple[list[str], list[str]]] = {
    "still-png-json": (["still", "a.png", "-o", "o.png", "--size", "{s}", "--json"], ["o.png"]),
    "still-svg-compare-pdf-target": (["still", "a.png", "-o", "o.svg", "--size", "{s}", "--compare",
                                      "c.pdf", "--target-out", "t.png"], ["o.svg", "c.pdf", "t.png"]),
    "still-pdf-3-states": (["still", "a.png", "-o", "o.pdf", "--size", "{s}", "--states", "3"],
                           ["o.pdf"]),
    "still-4-states-torus": (["still", "a.png", "-o", "o.png", "--size", "{s}", "--states", "4",
                              "--topology", "torus"], ["o.png"]),
    "still-square-contain": (["still", "a.png", "-o", "o.png", "--size", "{s}", "--pattern",
                              "square", "--fit", "contain"], ["o.png"]),
    "animate-gif-json": (["animate", "a.png", "b.png", "-o", "o.gif", "--size", "{s}", "--json"],
                         ["o.gif"]),
    "animate-mp4-radial-loop": (["animate", "a.png", "b.png", "-o", "o.mp4", "--size", "{s}",
                                 "--order", "radial", "--loop"], ["o.mp4"]),
    "animate-html-spiral": (["animate", "a.png", "b.png", "-o", "o.html", "--size", "{s}",
                             "--order", "spiral"], ["o.html"]),
    "animate-same-picture-html": (["animate", "a.png", "a.png", "-o", "o.html", "--size", "{s}"],
                                  ["o.html"]),
    "animate-frames-light-to-dark-3": (["animate", "a.png", "b.png", "--frames", "fr", "--size",
                                        "{s}", "--order", "light-to-dark", "--states", "3"], ["fr"]),
    "animate-gif-orders": (["animate", "a.png", "b.png", "a.png", "b.png", "-o", "o.gif", "--size",
                            "{s}", "--order", "clock,noise,morph", "--ease", "in-out"], ["o.gif"]),
    "preview-json": (["preview", "a.png", "-o", "p.png", "--size", "{s}", "--json"], ["p.png"]),
    "play": (["play", "-o", "g.html", "--size", "{s}"], ["g.html"]),
    "play-image": (["play", "-o", "g.html", "--size", "{s}", "--image", "a.png", "--start",
                    "picture"], ["g.html"]),
    "sizes-json": (["sizes", "{s}", "--json"], []),
    "sizes-3-states": (["sizes", "{s}", "--states", "3"], []),
    "table-json": (["table", "{s}", "--json"], []),
    "table-3-states": (["table", "{s}", "--states", "3"], []),
    "census-json": (["census", "{s}", "--json"], []),
    "solve-json-explain": (["solve", "--size", "{s}", "--state", "1", "--json", "--explain"], []),
    "solve-3-states": (["solve", "--size", "{s}", "--state", "1", "--states", "3"], []),
    "path-json": (["path", "--size", "{s}", "--state", "1", "--json"], []),
}


@pytest.mark.parametrize("size", ["1x1", "1x2", "2x1", "1x33", "33x1", "2x33", "33x2"])
@pytest.mark.parametrize("surface", list(_SURFACES))
def test_degenerate_sizes_finish_or_are_refused(
    work: Path, capsys: pytest.CaptureFixture[str], surface: str, size: str,
) -> None:
    """Every command and output kind on boards one or two cells thin: exit 0 with every output
    written (and --json one document), or the refusal contract; never a traceback."""
    import json

    from refusal import snapshot

    from lightsart._cli import main

    template, outputs = _SURFACES[surface]
    argv = [word.format(s=size) for word in template]
    picture(work / "b.png", 2, (24, 40))  # another shape than a.png: a note, a crop
    before = snapshot(work)
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    if code == 2:
        (line,) = captured.err.splitlines()
        assert line.startswith("lightsart: error: ") and captured.out == ""
        assert snapshot(work) == before
        return
    assert code == 0, captured.err
    for name in outputs:
        _valid(work / name)
    if "--json" in argv:
        json.loads(captured.out)


def _valid(written: Path) -> None:
    """``written`` holds what its extension says (a folder: frames that open)."""
    import xml.etree.ElementTree as ET

    files = sorted(written.iterdir()) if written.is_dir() else [written]
    assert files, written
    for file in files:
        data = file.read_bytes()
        kind = file.suffix.lower()
        if kind in (".png", ".gif"):
            with Image.open(file) as im:
                im.verify()
        elif kind == ".svg":
            ET.fromstring(data)
        elif kind == ".pdf":
            assert data.startswith(b"%PDF") and b"%%EOF" in data[-64:]
        elif kind == ".html":
            assert data.lstrip().lower().startswith(b"<!doctype html")
        else:
            assert kind == ".mp4" and data[4:8] == b"ftyp", file


@pytest.mark.parametrize("size", ["20", "1x2"])
def test_an_html_animation_without_clicks_is_written(
    work: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    # The same picture twice (or two pictures one board): no clicks, so the page's clicks per
    # frame was 0 and it was refused with "cell, fps and clicks per frame must be positive".
    from lightsart._cli import main

    second = "a.png" if size == "20" else "b.png"
    assert main(["animate", "a.png", second, "-o", "o.html", "--size", size]) == 0, (
        capsys.readouterr().err)
    _valid(work / "o.html")


@pytest.mark.parametrize(("size", "words"), [
    ("1x4096", "3^4096 = about 1e+1954 boards"), ("4096x1", "3^4096 = about 1e+1954 boards"),
    ("1x40", "3^40 = 1.22e+19 boards"),
])
def test_census_of_states_beyond_a_floats_range_is_one_line(
    work: Path, capsys: pytest.CaptureFixture[str], size: str, words: str
) -> None:
    # f"{3**4096:.3g}" raised OverflowError while building this refusal.
    refused(["census", size, "--states", "3"], work, capsys, words)


def test_counts_past_a_floats_range_are_written_as_a_power_of_ten() -> None:
    from lightsart._limits import count_words, power_words

    assert count_words(3**40) == "1.22e+19" and count_words(12345, ".1e") == "1.2e+04"
    assert count_words(10**400) == "about 1e+400" and count_words(10**400 - 1) == "about 1e+399"
    assert power_words(16, 4096) == "about 1e+4932" and power_words(2, 10) == "1.02e+03"
