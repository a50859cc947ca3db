"""The hint line of `still` and `animate`: it appears when a board reads as texture, not otherwise.

The likeness it reads is checked against the structure score computed here from the written board
and the picture (an independent path: the PNG decoded, the picture fitted again), and the hint's
own advice is checked to read better by that same measure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart import Pictures, Solving, make_still
from lightsart._cli import main
from lightsart._errors import LightsartError
from lightsart._pictures.image import DEFAULT_LONG_SIDE, choose_size, fit_to_board, read_gray
from lightsart._pictures.likeness import (
    BUSY_FROM,
    TEXTURE_BELOW,
    busyness,
    structure_score,
    texture_hint,
    viewing_score,
)

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
# At 100 cells the photographer's grass field and sky dither to texture (docs/photos-*.png); the
# horse is a black silhouette on white, clean at any size.
TEXTURE, CLEAN = str(SAMPLES / "photographer.png"), str(SAMPLES / "horse.png")


def hints(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("lightsart: hint: ")]


def decoded(path: Path) -> np.ndarray:
    """The written board's cells as levels 0..1 (two states: 0 and 1)."""
    with Image.open(path) as im:
        return np.asarray(im.convert("L")) / 255.0


def likeness_of(board: np.ndarray, picture: str) -> float:
    """The structure score at viewing scale, from the picture decoded in full (not reduced)."""
    fitted = fit_to_board(read_gray(picture), board.shape[1], board.shape[0])
    scale = max(1.0, max(board.shape) / 100)
    return structure_score(board, fitted, scale, 1.5 * scale)


def test_a_board_that_reads_as_texture_gets_one_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.png"
    assert main(["still", TEXTURE, "-o", str(out), "--cell", "1", "--size", "100",
                 "--states", "2"]) == 0
    captured = capsys.readouterr()
    (hint,) = hints(captured.err)
    assert "hint" not in captured.out
    board = decoded(out)
    assert board.shape == (100, 100)
    assert "at 100x100 cells" in hint and "--size 150" in hint and "--states 4" in hint
    assert f"lightsart preview {TEXTURE}" in hint
    said = float(re.search(r"likeness (\d\.\d+)", hint).group(1))  # type: ignore[union-attr]
    assert said == pytest.approx(likeness_of(board, TEXTURE), abs=0.002) and said < TEXTURE_BELOW
    # The advice helps: the larger board reads better, and gets no hint of its own.
    larger = tmp_path / "larger.png"
    assert main(["still", TEXTURE, "-o", str(larger), "--cell", "1", "--size", "150",
                 "--states", "2"]) == 0
    assert not hints(capsys.readouterr().err)
    assert likeness_of(decoded(larger), TEXTURE) > TEXTURE_BELOW > said


def board_of(command: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, int]:
    assert main([*command, "--json"]) == 0
    board = json.loads(capsys.readouterr().out)["board"]
    return board["width"], board["height"]


def test_still_and_animate_agree_on_the_default_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One rule (about 200 cells on the long side, from the first picture's aspect), whichever
    # command and whichever the other picture: 0.2 gave the cat 100x100 from still and 150x150
    # from animate (its size followed the astronaut's detail), and 100 to busy photos.
    wide = tmp_path / "wide.png"
    Image.fromarray((np.random.default_rng(0).random((90, 160)) * 255).astype(np.uint8)).save(wide)
    cat, astronaut = str(SAMPLES / "cat.png"), str(SAMPLES / "astronaut.png")
    expected = {cat: choose_size(1.0), str(wide): choose_size(160 / 90)}
    assert max(expected[cat]) == DEFAULT_LONG_SIDE == 200
    for picture, other in [(cat, astronaut), (str(wide), cat), (TEXTURE, CLEAN)]:
        side = expected.get(picture)
        still = board_of(["still", picture, "-o", str(tmp_path / "s.png")], capsys)
        animated = board_of(["animate", picture, other, "-o", str(tmp_path / "a.gif")], capsys)
        two = board_of(["still", picture, "-o", str(tmp_path / "g.png"), "--states", "2"], capsys)
        assert still == animated == two and (side is None or still == side)
    assert board_of(["animate", astronaut, cat, "-o", str(tmp_path / "b.gif")], capsys) == expected[cat]


def test_a_clean_board_gets_no_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    assert main(["still", CLEAN, "-o", str(out), "--cell", "1"]) == 0
    assert capsys.readouterr().err == ""
    assert likeness_of(decoded(out), CLEAN) > TEXTURE_BELOW


@pytest.mark.parametrize("options", [["--size", "100"], ["--size", "40", "--states", "2"]])
def test_no_hint_for_a_grey_board_that_reads_or_a_small_board_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    assert main(["still", TEXTURE, "-o", str(tmp_path / "b.png"), *options]) == 0
    assert not hints(capsys.readouterr().err)


def test_quiet_silences_the_hint_and_json_keeps_it_off_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two = ["--size", "100", "--states", "2"]
    assert main(["still", TEXTURE, "-o", str(tmp_path / "q.png"), "-q", *two]) == 0
    assert capsys.readouterr() == ("", "")
    assert main(["still", TEXTURE, "-o", str(tmp_path / "j.png"), "--json", *two]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["board"]["width"] == 100
    assert len(hints(captured.err)) == 1


def test_animate_names_the_picture_that_reads_as_texture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gif = tmp_path / "a.gif"
    assert main(["animate", CLEAN, TEXTURE, "-o", str(gif), "--size", "100x100", "--fps", "4",
                 "--duration", "1", "--states", "2"]) == 0
    (hint,) = hints(capsys.readouterr().err)
    assert f"picture 2 ({TEXTURE})" in hint
    assert main(["animate", CLEAN, CLEAN, "-o", str(gif), "--size", "100x100", "--fps", "4",
                 "--duration", "1", "-q"]) == 0
    assert capsys.readouterr() == ("", "")
    assert main(["animate", CLEAN, CLEAN, "-o", str(gif), "--size", "100x100", "--fps", "4",
                 "--duration", "1"]) == 0
    assert not hints(capsys.readouterr().err)


def test_texture_hint_picks_the_worst_picture_below_the_bound() -> None:
    assert texture_hint([("a.png", 0.95, 0.0, 0.0), ("b.png", TEXTURE_BELOW, 0.0, 0.0)],
                        100, 67) is None
    hint = texture_hint([("a.png", 0.80, 0.0, 0.0), ("b b.png", 0.70, 0.0, 0.0)], 100, 67)
    assert hint is not None and hint.startswith("picture 2 (b b.png)")
    assert "'b b.png'" in hint  # quoted for the shell
    assert texture_hint([("a.png", 0.5, 0.0, 0.0)], 60, 40) is None  # small boards show cells
    big = texture_hint([("a.png", 0.5, 0.0, 0.0)], 3000, 2000)
    assert big is not None and "--size" not in big and "--states 4" in big


def test_viewing_score_sees_finer_boards_as_a_viewer_does() -> None:
    rng = np.random.default_rng(1)
    yy, xx = np.mgrid[0:200, 0:200] / 200
    picture = 0.5 + 0.3 * np.sin(6 * xx) * np.cos(4 * yy)
    board = (rng.random(picture.shape) < picture).astype(np.uint8)  # random dither: texture
    small = board[::2, ::2]
    assert viewing_score(small, picture[::2, ::2]) == structure_score(small, picture[::2, ::2])
    # Twice the cells on the same page: the noise is finer than the eye, the picture is not.
    assert viewing_score(board, picture) > structure_score(board, picture) + 0.05


@pytest.mark.parametrize("side", [400, 700, 1024])
def test_large_boards_are_scored_on_averaged_blocks_close_to_the_full_blur(side: int) -> None:
    # From a long side of 400 the score averages blocks of cells first (bounded work); it stays
    # within 0.01 of the blur at full resolution (a smooth picture, dithered as still dithers).
    from lightsart._pictures.dither import dither

    yy, xx = np.mgrid[0:side, 0:side * 3 // 4] / side
    picture = 0.5 + 0.35 * np.sin(9 * xx) * np.cos(7 * yy)
    board = dither(picture, "floyd-steinberg")
    scale = side / 100
    full = structure_score(board, picture, scale, 1.5 * scale)
    assert abs(viewing_score(board, picture) - full) < 0.01
    assert viewing_score(board, picture) != full  # the blocks were averaged


@pytest.mark.parametrize("shape", [(1, 4096), (4096, 1), (2, 4096), (3, 1000), (1, 1), (2, 1)])
def test_boards_one_or_two_cells_thin_are_scored(shape: tuple[int, int]) -> None:
    # The averaged blocks never outgrow the short side: a 1x4096 board pooled to no rows at all
    # and failed inside numpy's percentile (IndexError) after still had written its file.
    rng = np.random.default_rng(3)
    picture = rng.random(shape)
    board = (picture > 0.5).astype(np.uint8)
    assert -1.0 <= viewing_score(board, picture) <= 1.0 + 1e-9


def test_a_thin_still_writes_its_board_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "thin.png"
    assert main(["still", CLEAN, "-o", str(out), "--size", "1x4096", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["board"]["height"] == 4096
    assert "Traceback" not in captured.err
    assert decoded(out).shape[1] == 1


def test_the_hint_is_part_of_the_result_and_needs_no_file_after_the_job(tmp_path: Path) -> None:
    # The hint scores the board against the fitted picture the job holds: a picture gone
    # since (or never a file: an array) still gets it, and the same as the CLI prints.

    picture = tmp_path / "p.png"
    Image.open(TEXTURE).save(picture)
    two = Solving(states=2)
    result = make_still(str(picture), pictures=Pictures(size=100), solving=two)
    picture.unlink()
    hint = result.texture_hint()
    assert hint is not None and hint.startswith("this picture may read as texture at 100x")
    from_array = make_still(read_gray(TEXTURE), pictures=Pictures(size=100), solving=two)
    assert from_array.texture_hint() is not None
    assert make_still(read_gray(CLEAN), pictures=Pictures(size=100),
                      solving=two).texture_hint() is None


def test_the_cli_prints_the_results_hint(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:

    assert main(["still", TEXTURE, "-o", str(tmp_path / "s.png"), "--size", "100",
                 "--states", "2"]) == 0
    err = capsys.readouterr().err
    hint = make_still(TEXTURE, pictures=Pictures(size=100),
                      solving=Solving(states=2)).texture_hint()
    assert hint is not None and err == f"lightsart: hint: {hint}\n"


@pytest.mark.parametrize(("board", "picture", "words"), [
    (np.zeros((0, 4)), np.zeros((0, 4)), "non-empty 2-D"),
    (np.zeros(5), np.zeros(5), "non-empty 2-D"),
    (np.full((3, 3), np.nan), np.zeros((3, 3)), "NaN"),
    (np.zeros((3, 3)), np.full((3, 3), np.inf), "NaN or infinite"),
    (np.zeros((3, 3)), np.zeros((3, 4)), "same shape"),
    ("abc", "abc", "array of numbers"),
])
def test_structure_score_refuses_what_is_not_a_board_and_picture(
        board: object, picture: object, words: str) -> None:
    with pytest.raises(LightsartError, match=words):
        structure_score(board, picture)  # type: ignore[arg-type]


# --- busyness: the hint's reading of busy photos (issue 32, second half) -------------------------


def busyness_by_hand(picture: np.ndarray, side: int) -> float:
    """busyness recomputed another way: scipy's Gaussian filter, differences written out, the
    strongest fifth taken by sorting (not by a percentile threshold)."""
    ndimage = pytest.importorskip("scipy.ndimage")
    sigma = max(1.0, side / 100)
    y = ndimage.gaussian_filter(picture.astype(np.float64), sigma, mode="nearest")
    gy, gx = np.empty_like(y), np.empty_like(y)
    for g, a, axis in ((gy, y, 0), (gx, y, 1)):
        moved, out = np.moveaxis(a, axis, 0), np.moveaxis(g, axis, 0)
        out[1:-1] = (moved[2:] - moved[:-2]) / 2
        out[0], out[-1] = moved[1] - moved[0], moved[-1] - moved[-2]
    energy = np.sort((gx * gx + gy * gy).ravel())[::-1]
    top = energy[: energy.size // 5]
    if np.sqrt(top.mean()) * sigma < 0.05:
        return 0.0
    return float(energy[energy.size // 5:].mean() / top.mean())


def test_busyness_agrees_with_an_independent_computation() -> None:
    rng = np.random.default_rng(32)
    yy, xx = np.mgrid[0:150, 0:200]
    pictures = [rng.random((150, 200)),  # detail everywhere
                (np.hypot(yy - 75, xx - 100) < 50) * 0.8 + rng.random((150, 200)) * 0.05,
                np.sin(xx / 3.0) * np.sin(yy / 5.0) * 0.5 + 0.5]
    for picture in pictures:
        assert busyness(picture) == pytest.approx(busyness_by_hand(picture, 200), abs=0.01)


def test_clean_outlines_are_not_busy_and_detail_everywhere_is() -> None:
    rng = np.random.default_rng(0)
    yy, xx = np.mgrid[0:200, 0:200]
    disc = (np.hypot(yy - 100, xx - 100) < 60).astype(float)
    drawing = np.ones((200, 200))
    drawing[40:160:30, 20:180] = 0.0  # a few dark lines on white
    # The disc under grass: blobs of 4 pixels, detail a viewer still sees at this size (noise
    # of single pixels is blurred away at viewing scale, and is not busy).
    grass = np.kron(rng.random((50, 50)), np.ones((4, 4)))
    texture = np.clip(disc * 0.5 + grass * 0.5, 0, 1)
    assert busyness(np.clip(disc * 0.5 + rng.random((200, 200)) * 0.5, 0, 1)) < BUSY_FROM
    for clean in (disc, drawing):
        assert busyness(clean) < 0.1
    assert busyness(texture) >= BUSY_FROM
    # A smooth ramp has no outlines to drown (it would score 0.25 without the floor).
    assert busyness(np.tile(np.linspace(0, 1, 200), (200, 1))) == 0.0
    # Blind to brightness and contrast (a ratio of gradients), as the eye's reading of busy is.
    assert busyness(0.2 + 0.5 * texture) == pytest.approx(busyness(texture))


def test_a_busy_picture_gets_a_hint_that_puts_states_4_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = np.random.default_rng(1)
    yy, xx = np.mgrid[0:300, 0:450]
    subject = (np.hypot(yy - 150, xx - 225) < 100) * 0.4
    grass = np.kron(rng.random((50, 75)), np.ones((6, 6)))  # blobs of 4 cells on the board
    busy = np.clip(0.3 + subject + grass * 0.3, 0, 1)
    path = tmp_path / "busy.png"
    Image.fromarray((busy * 255).astype(np.uint8)).save(path)
    assert main(["still", str(path), "-o", str(tmp_path / "b.png"), "--json",
                 "--states", "2"]) == 0
    captured = capsys.readouterr()
    (hint,) = hints(captured.err)
    board = json.loads(captured.out)["board"]
    assert (board["width"], board["height"]) == (200, 134)
    said = float(re.search(r"busy (\d\.\d+)", hint).group(1))  # type: ignore[union-attr]
    # The job scores the picture it dithered: the toned one (local contrast makes the grass
    # busier than the photo, 0.09), which the result holds.
    toned = make_still(path).picture.grey
    assert toned is not None and toned.shape == (134, 200)
    assert said == pytest.approx(busyness_by_hand(toned, 200), abs=0.005) and said >= BUSY_FROM
    assert "; --states 4 usually reads better" in hint and "--size" not in hint
    assert "likeness" not in hint
    # Busyness is the picture's: a larger board is as busy (so the hint does not offer one).
    larger = make_still(path, pictures=Pictures(size=300)).picture.grey
    assert larger is not None and abs(busyness(larger) - said) < 0.02


def test_the_hint_names_a_low_likeness_first_then_the_busiest_picture() -> None:
    assert texture_hint([("a.png", 0.97, 0.05, 0.9), ("b.png", 0.97, BUSY_FROM - 0.001, 0.9)],
                        200, 134) is None
    busy = texture_hint([("a.png", 0.97, 0.17, 0.0), ("b.png", 0.97, 0.2, 0.0),
                         ("c.png", 0.97, 0.0, 0.0)], 200, 134)
    assert busy is not None and busy.startswith("picture 2 (b.png)") and "busy 0.20" in busy
    dull = texture_hint([("a.png", 0.97, 0.3, 0.0), ("c.png", 0.8, 0.0, 0.0)], 200, 134)
    assert dull is not None and dull.startswith("picture 2 (c.png)") and "likeness 0.800" in dull
    assert "--size 300 or --states 4" in dull
    assert texture_hint([("c.png", 0.8, 0.5, 0.9)], 60, 40) is None  # a small board shows its cells
