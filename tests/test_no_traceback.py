"""Issue 30 item 3: no input ends in a traceback, and refusals come before the work.

Refused runs keep the contract of ``tests/refusal.py`` (exit 2, one line, nothing written).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from refusal import refused


def _picture(path: Path, seed: int, size: tuple[int, int] = (40, 32)) -> None:
    rng = np.random.default_rng(seed)
    smooth = np.kron(rng.integers(0, 256, (size[1] // 8, size[0] // 8)), np.ones((8, 8)))
    Image.fromarray(smooth.astype(np.uint8)).save(path)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    _picture(tmp_path / "a.png", 1)
    _picture(tmp_path / "b.png", 2)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _no_fitting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any picture reaching the engine fails the test: the refusal must come first."""
    import lightsart.pictures.image as image

    def fitting(*args: object, **kwargs: object) -> None:
        pytest.fail("the picture was dithered and fitted before the refusal")

    monkeypatch.setattr(image, "target_from_array", fitting)


@pytest.mark.parametrize("argv", [
    ["still", "a.png", "-o", "x.svg", "--size", "1100x1000"],
    ["still", "a.png", "-o", "x.png", "--compare", "x.pdf", "--size", "1100x1000"],
    ["still", "a.png", "-o", "x.png", "--target-out", "t.svg", "--size", "1100x1000"],
    ["still", "a.png", "-o", "x.png", "--size", "4000", "--cell", "5"],
    ["still", "a.png", "-o", "x.pdf", "--size", "300", "--cell-mm", "50"],
    ["animate", "a.png", "b.png", "-o", "x.gif", "--size", "2000", "--cell", "9"],
    ["animate", "a.png", "b.png", "--frames", "f", "--size", "2000", "--cell", "9"],
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
    import lightsart.core.modk as modk

    def building(*args: object, **kwargs: object) -> None:
        pytest.fail("the algebra over Z/k was built before the refusal")

    _no_fitting(monkeypatch)
    monkeypatch.setattr(modk, "algebra_mod", building)
    refused(argv, work, capsys, "not every board is reachable")


def _folder(path: Path, count: int) -> Path:
    path.mkdir()
    for k in range(count):
        _picture(path / f"p{k:04d}.png", k, (16, 16))
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

    from lightsart.cli import main

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
    from lightsart.errors import LightsartError, shown

    error = LightsartError(f"cannot read {shown('a' + chr(10) + 'b')}: bad\rthing")
    assert str(error) == "cannot read 'a\\nb': bad\\rthing"
    assert shown("photos/cat.png") == "photos/cat.png" and shown(Path("é b.png")) == "é b.png"
