"""The default number of states of a picture's board (issue 32, third part): one decision
(:func:`lightsart._boardsize.default_states`), the same for ``still``, ``animate`` and
``preview``, said in ``--json`` and the summary, overridden by ``--states``; films keep 2. And
the grey board's hint: busy pictures read with grey levels, detail as fine as a cell does not.

Checked against independent paths: the written PNG decoded to levels, the presses pressed again,
and busyness and fineness recomputed with scipy.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart import Pictures, Solving, make_animation, make_still
from lightsart._boardsize import DEFAULT_STATES, FILM_STATES, default_states
from lightsart._cli import main
from lightsart._core.board import board_from_clicks
from lightsart._pictures.likeness import BUSY_FROM, FINE_FROM, busyness, fineness
from lightsart._rules import Rules

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
CAT = str(SAMPLES / "cat.png")


def levels(path: Path, states: int) -> np.ndarray:
    """A board written with one pixel per cell, decoded from its greys as levels."""
    with Image.open(path) as im:
        grey = np.asarray(im.convert("L"), dtype=np.float64)
    return np.rint(grey * (states - 1) / 255).astype(np.uint8)


def test_the_default_is_one_decision() -> None:
    assert DEFAULT_STATES == 4 and FILM_STATES == 2
    assert [default_states(None), default_states(3), default_states(None, film=True)] == [4, 3, 2]
    assert Solving().states is None  # chosen by the job, as a size of None is


def test_still_and_animate_make_four_states_and_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cat.png"
    assert main(["still", CAT, "-o", str(out), "--cell", "1", "--size", "40", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["states"] == 4 and data["pictures"][0]["states"] == 4
    board = levels(out, 4)
    assert board.max() == 3 and len(np.unique(board)) == 4
    # The presses the job reports make the written board from the all-brightest one.
    made = make_still(CAT, pictures=Pictures(size=40))
    rules = Rules(board.shape[0], board.shape[1], states=4)
    assert np.array_equal(board_from_clicks(made.picture.fit.clicks, rules), board)
    assert main(["still", CAT, "-o", str(out), "--size", "40"]) == 0
    assert "(4 states, plus on the plane)" in capsys.readouterr().out
    gif = tmp_path / "a.gif"
    animated = make_animation([CAT, str(SAMPLES / "horse.png")], str(gif),
                              pictures=Pictures(size=40))
    assert animated.states == 4
    assert np.array_equal(animated.pictures[0].fit.board, board)  # still and animate agree


def test_states_2_gives_the_two_state_board(tmp_path: Path) -> None:
    two = tmp_path / "two.png"
    assert main(["still", CAT, "-o", str(two), "--cell", "1", "--size", "40", "--states", "2"]) == 0
    board = levels(two, 2)
    made = make_still(CAT, pictures=Pictures(size=40), solving=Solving(states=2)).picture.fit
    assert made.states == 2 and np.array_equal(made.board, board)
    assert np.array_equal(board_from_clicks(made.clicks), board)  # 1 ^ A x from all-lit
    assert not np.array_equal(make_still(CAT, pictures=Pictures(size=40)).picture.fit.board, board)


def test_the_states_help_says_each_default(capsys: pytest.CaptureFixture[str]) -> None:
    for command, words in [("still", "default 4 for pictures, 2 for films"),
                           ("video", "default 4 for pictures, 2 for films"),
                           ("solve", "default 2: lit and unlit")]:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert words in " ".join(capsys.readouterr().out.split())


def fineness_by_hand(picture: np.ndarray) -> float:
    ndimage = pytest.importorskip("scipy.ndimage")
    p = picture.astype(np.float64)
    rest = p - ndimage.gaussian_filter(p, 1.0, mode="nearest")
    return float(np.mean(rest * rest) / np.var(p))


def test_fineness_agrees_with_an_independent_computation() -> None:
    rng = np.random.default_rng(32)
    yy, xx = np.mgrid[0:60, 0:80]
    for picture in (rng.random((60, 80)), np.sin(xx / 7.0) * np.cos(yy / 5.0),
                    np.kron(rng.random((15, 20)), np.ones((4, 4)))):
        assert fineness(picture) == pytest.approx(fineness_by_hand(picture), rel=1e-9)
    assert fineness(np.full((5, 5), 0.3)) == 0.0
    # One-cell noise is fine, blobs of four cells are not, a smooth wave is not at all.
    assert fineness(rng.random((60, 80))) > 0.6 > FINE_FROM > fineness(
        np.kron(rng.random((15, 20)), np.ones((4, 4)))) > fineness(np.sin(xx / 7.0))


def grass(tmp_path: Path, blob: int) -> Path:
    """A bright disc under random blobs of ``blob`` pixels, 400x268: at the default 200x134 a
    blob is ``blob / 2`` cells."""
    rng = np.random.default_rng(1)
    yy, xx = np.mgrid[0:268, 0:400]
    subject = (np.hypot(yy - 134, xx - 200) < 90) * 0.4
    blobs = np.kron(rng.random((268 // blob + 1, 400 // blob + 1)), np.ones((blob, blob)))
    path = tmp_path / f"grass{blob}.png"
    picture = np.clip(0.2 + subject + blobs[:268, :400] * 0.3, 0, 1)
    Image.fromarray((picture * 255).astype(np.uint8)).save(path)
    return path


def hints(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("lightsart: hint: ")]


def test_a_grey_board_is_hinted_only_where_detail_is_as_fine_as_a_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Blobs of 2 cells: busy and fine; grey levels do not draw them, a board twice as wide is named.
    fine = grass(tmp_path, 4)
    assert main(["still", str(fine), "-o", str(tmp_path / "f.png"), "--json"]) == 0
    captured = capsys.readouterr()
    (hint,) = hints(captured.err)
    assert json.loads(captured.out)["board"]["width"] == 200
    toned = make_still(fine).picture.grey
    assert toned is not None
    busy = float(re.search(r"busy (\d\.\d+)", hint).group(1))  # type: ignore[union-attr]
    said = float(re.search(r"fine (\d\.\d+)", hint).group(1))  # type: ignore[union-attr]
    assert said == pytest.approx(fineness_by_hand(toned), abs=0.005) and said >= FINE_FROM
    assert busy >= BUSY_FROM and "--size 400 usually reads better" in hint
    assert "--states" not in hint
    # Blobs of 4 cells: as busy, but grey levels draw them: no hint at 4 states, one at 2.
    coarse = grass(tmp_path, 8)
    toned = make_still(coarse).picture.grey
    assert toned is not None and busyness(toned) >= BUSY_FROM > 0 and fineness(toned) < FINE_FROM
    assert main(["still", str(coarse), "-o", str(tmp_path / "c.png")]) == 0
    assert not hints(capsys.readouterr().err)
    assert main(["still", str(coarse), "-o", str(tmp_path / "c.png"), "--states", "2"]) == 0
    (two,) = hints(capsys.readouterr().err)
    assert "--states 4 usually reads better" in two


def test_a_board_four_states_cannot_fit_names_states_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Z/4's algebra has bounds of its own (a short side of 1600 cells is past them); without
    # --states the refusal says that two states have none, and --states 2 then gets past it.
    out = tmp_path / "big.png"
    assert main(["still", CAT, "-o", str(out), "--size", "2000x1600"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith("--states 2 (lit and unlit) has no such bound")
    assert not out.exists()
    assert main(["still", CAT, "-o", str(out), "--size", "2000x1600", "--states", "4"]) == 2
    assert "--states 2" not in capsys.readouterr().err  # asked for: refused as it was
