"""Films that look filmed (issue 33): dots that travel with a pan, still shots that hold still,
no flash when a figure walks onto a wall, and a cut that starts afresh.

The frames are made here as arrays (no clip, no decoder) and go through the film's own per-frame
loop (:func:`lightsart._video.film.film_steps`: motion, tone, mode). Every step's presses are
pressed again with a brute-force press matrix (:mod:`brute`), independent of the engines.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from brute import press_matrix

from lightsart._engines import Budget, engine
from lightsart._pictures.tone import Tone
from lightsart._rules import Rules
from lightsart._video.film import film_steps
from lightsart._video.motion import Motion, Texture, carried, estimate
from lightsart._video.steady import SteadyTone
from lightsart._video.steps import BoardsMode, PlayMode, Step

ROWS, COLS = 28, 40
FPS = 24.0


def _texture(rows: int, cols: int, seed: int = 0) -> np.ndarray:
    """A smooth random picture (blobs of a few cells), values in 0.1 .. 0.9."""
    rng = np.random.default_rng(seed)
    noise = rng.random((rows // 4 + 2, cols // 4 + 2))
    big = np.kron(noise, np.ones((4, 4)))
    k = np.ones(3) / 3
    for _ in range(2):
        big = np.apply_along_axis(lambda r: np.convolve(r, k, "same"), 1, big)
        big = np.apply_along_axis(lambda c: np.convolve(c, k, "same"), 0, big)
    big = big[2: 2 + rows, 2: 2 + cols]
    return 0.1 + 0.8 * (big - big.min()) / (big.max() - big.min())


def _mode(kind: str, states: int) -> BoardsMode | PlayMode:
    rules = Rules(ROWS, COLS, states=states)
    boards = BoardsMode(rules, engine("exact"), Budget(1.0), engine_rules=rules)
    return boards if kind == "boards" else PlayMode(boards, 120)


def _film(frames: list[np.ndarray], kind: str = "boards", states: int = 2) -> list[Step]:
    mode = _mode(kind, states)
    steps = list(film_steps(frames, mode, SteadyTone(Tone(), FPS)))
    a = press_matrix(mode.first.rules if isinstance(mode, PlayMode) else mode.rules)
    cuts = [estimate(x, y).cut for x, y in pairwise(frames)]
    for (before, after), cut in zip(pairwise(steps), cuts, strict=True):  # re-pressed, independently
        assert after.presses is not None
        pressed = (before.board.reshape(-1) + a @ after.presses.reshape(-1)) % states
        assert np.array_equal(pressed.reshape(after.board.shape), after.board)
        if kind == "play" and not cut:  # a cut jumps to the new scene's fit, however many clicks
            assert after.clicks <= 120
    return steps


def _shift(a: np.ndarray, b: np.ndarray, dx: int) -> float:
    """Share of cells of ``b`` equal to ``a`` moved ``dx`` columns (over the overlap)."""
    if dx < 0:
        return float(np.mean(a[:, -dx:] == b[:, :dx]))
    return float(np.mean(a[:, : a.shape[1] - dx] == b[:, dx:])) if dx else float(np.mean(a == b))


# ------------------------------------------------------------------------------ motion


def test_estimate_finds_a_slide_a_still_frame_and_a_cut() -> None:
    picture = _texture(ROWS + 8, COLS + 20, seed=3)
    a, b = picture[:ROWS, 4: 4 + COLS], picture[:ROWS, 6: 6 + COLS]  # the window moves right
    moved = estimate(a, b)
    assert not moved.cut and moved.shift[0] == pytest.approx(0, abs=0.05)
    assert moved.shift[1] == pytest.approx(-2, abs=0.05) and moved.scale == pytest.approx(1, abs=1e-3)
    assert estimate(a, a.copy()).still
    assert estimate(a, 1.0 - a).cut


def test_texture_moves_whole_cells_keeping_the_remainder() -> None:
    """0.6 cells a frame for 5 frames: 3 cells of travel, one cell at a time."""
    texture, board = Texture(), np.arange(ROWS * COLS).reshape(ROWS, COLS) % 7
    travelled = []
    for _ in range(5):
        sources = texture.sources(Motion(shift=(0.0, 0.6)), board.shape)
        new = carried(board, sources, np.full_like(board, -1))
        travelled.append(next(d for d in range(3) if np.array_equal(new[:, 2:], board[:, 2 - d:COLS - d])))
        board = new
    assert sum(travelled) == 3 and max(travelled) == 1


# ------------------------------------------------------------------------------ films


@pytest.mark.parametrize("states", [2, 4])
def test_a_pans_dot_pattern_moves_with_it(states: int) -> None:
    """A slide of one cell a frame: each board is the previous one moved a cell (outside the
    uncovered column) far more than it is the previous one in place (a screen door)."""
    picture = _texture(ROWS, COLS + 12, seed=1)
    frames = [picture[:, k: k + COLS] for k in range(8)]
    boards = [s.board for s in _film(frames, states=states)]
    with_it = np.mean([_shift(a, b, -1) for a, b in pairwise(boards)])
    in_place = np.mean([_shift(a, b, 0) for a, b in pairwise(boards)])
    assert with_it >= 0.9
    assert with_it > in_place + 0.2


@pytest.mark.parametrize("states", [2, 4])
def test_a_still_shot_changes_no_cell(states: int) -> None:
    frames = [_texture(ROWS, COLS, seed=2)] * 6
    steps = _film(frames, "boards", states)
    assert all(s.clicks == 0 for s in steps[1:])
    assert all(np.array_equal(s.board, steps[0].board) for s in steps)


@pytest.mark.parametrize("states", [2, 4])
def test_play_mode_settles_on_a_still_shot(states: int) -> None:
    """Play mode improves its first board within the budget, then holds still."""
    steps = _film([_texture(ROWS, COLS, seed=2)] * 12, "play", states)
    assert all(s.clicks == 0 for s in steps[-3:])


def test_an_entering_figure_changes_few_cells_outside_it() -> None:
    """A dark figure walks onto a plain light wall (no cut): outside the figure and a cell
    around it, at most 3 % of the wall's cells change in any frame (the levels follow the
    figure slowly; before issue 33 they jumped and re-levelled the wall at once)."""
    wall = np.linspace(0.78, 0.86, ROWS)[:, None] * np.ones((1, COLS))
    frames, boxes = [], []
    for k in range(14):
        frame, left = wall.copy(), -8 + 3 * k
        frame[6:, max(0, left): max(0, left + 8)] = 0.15
        frames.append(frame)
        boxes.append((max(0, left - 1), max(0, left + 9)))
    boards = [s.board for s in _film(frames)]
    for k in range(1, len(boards)):
        outside = np.ones((ROWS, COLS), bool)
        for lo, hi in (boxes[k - 1], boxes[k]):
            outside[5:, lo:hi] = False
        changed = (boards[k] != boards[k - 1]) & outside
        assert changed.sum() <= 0.03 * outside.sum(), k


@pytest.mark.parametrize("states", [2, 4])
def test_the_frame_after_a_cut_is_a_fresh_fit_of_it(states: int) -> None:
    a, b = _texture(ROWS, COLS, seed=4), 1.0 - _texture(ROWS, COLS, seed=5)
    steps = _film([a] * 4 + [b] * 3, states=states)
    fresh = _film([b], states=states)[0]
    assert np.array_equal(steps[4].board, fresh.board)
    assert steps[5].clicks == 0  # and it holds: no second frame of the cut


def test_a_films_first_board_starts_from_error_diffusion_and_reads_better_for_it() -> None:
    """The first frame (and the first after a cut) is searched from Floyd–Steinberg's
    dithering of the frame: over the bundled photos its board reads better (structure score)
    than the same search started from the blue-noise mask, computed here."""
    from pathlib import Path

    from PIL import Image

    from lightsart._pictures.dither import blue_noise_mask
    from lightsart._pictures.likeness import structure_score
    from lightsart._video.refine import refine
    from lightsart._video.steady import steady_dither

    ours, masked = [], []
    for path in sorted((Path(__file__).parents[2] / "samples").glob("*.png")):
        frame = np.asarray(Image.open(path).convert("L").resize(
            (COLS, ROWS), Image.Resampling.LANCZOS), np.float64) / 255
        mode = _mode("boards", 2)
        assert isinstance(mode, BoardsMode)
        toned = SteadyTone(Tone(), FPS)(frame, True)
        first = mode.step(toned, Motion(cut=True)).board
        mask_start = steady_dither(toned, None, blue_noise_mask(), 2)
        ours.append(structure_score(first.astype(np.float64), frame))
        masked.append(structure_score(refine(mask_start, toned, None, 2).astype(np.float64),
                                      frame))
    assert len(ours) >= 3
    assert np.mean(ours) > np.mean(masked)
