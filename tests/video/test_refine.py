"""The film's search (:func:`lightsart._video.refine.refine`) against a plain one that blurs the
whole board every round: rounds that recompute only near their moves must give the same board,
cell for cell."""

from __future__ import annotations

import numpy as np
import pytest

from lightsart._pictures.dither import Levels, srgb_to_linear
from lightsart._video.refine import ROUNDS, _local_best, blur, gaussian, refine


def plain(start: np.ndarray, toned: np.ndarray, previous: np.ndarray | None, states: int,
          sigma: float = 0.7, keep_price: float = 0.03, linear: bool = False) -> np.ndarray:
    """Every round: the whole board's blurred error and every cell's gain (the definition)."""
    y = Levels.make(states, linear).values
    v = srgb_to_linear(np.clip(toned, 0, 1)) if linear else np.clip(toned, 0.0, 1.0)
    board = start.astype(np.int64)
    prev = None if previous is None else previous.astype(np.int64)
    k = gaussian(sigma * np.sqrt(2.0))
    c0 = float(k[len(k) // 2] ** 2)
    top = states - 1
    for _ in range(ROUNDS):
        e = blur(y[board] - v, k)
        up = np.where(board < top, y[np.minimum(board + 1, top)] - y[board], 0.0)
        down = np.where(board > 0, y[board] - y[np.maximum(board - 1, 0)], 0.0)
        gain_up = np.where(board < top, -(2 * up * e + up * up * c0), -np.inf)
        gain_down = np.where(board > 0, -(-2 * down * e + down * down * c0), -np.inf)
        if prev is not None:
            here = board == prev
            gain_up -= np.where(here, keep_price, np.where(board + 1 == prev, -keep_price, 0.0))
            gain_down -= np.where(here, keep_price, np.where(board - 1 == prev, -keep_price, 0.0))
        gain = np.maximum(gain_up, gain_down)
        moves = _local_best(gain)
        if moves.size == 0:
            break
        flat = board.reshape(-1)
        flat[moves] += np.where(gain_up.reshape(-1)[moves] >= gain_down.reshape(-1)[moves], 1, -1)
    return board.astype(np.uint8)


def _picture(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """A smooth picture with an edge and some noise: the moves come in many sizes."""
    rows, cols = np.mgrid[0 : shape[0], 0 : shape[1]]
    smooth = 0.5 + 0.4 * np.sin(rows / 5.0 + rng.uniform(0, 6)) * np.cos(cols / 7.0)
    smooth[:, : shape[1] // 3] *= 0.3
    return np.clip(smooth + rng.normal(0, 0.05, shape), 0, 1)


@pytest.mark.parametrize("states", [2, 3, 4])
@pytest.mark.parametrize("linear", [False, True])
@pytest.mark.parametrize("compiled", [False, True], ids=["numpy", "compiled"])
def test_refine_equals_the_plain_search(states: int, linear: bool, compiled: bool,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Both ways the rounds run (numpy, then compiled for a film's later frames) give the
    plain search's board, cell for cell."""
    from lightsart._video import refine as module

    if compiled:
        monkeypatch.setattr(module, "_refines", module._COMPILED_AFTER)
    else:
        monkeypatch.setattr(module, "_COMPILED_AFTER", 10**9)
    sparse: list[int] = []
    gather = module._blur_at

    def counted(*args: np.ndarray) -> np.ndarray:
        sparse.append(len(args[2]))
        return gather(*args)

    monkeypatch.setattr(module, "_blur_at", counted)
    rng = np.random.default_rng(states * 2 + linear)
    changed = 0
    for shape in [(7, 9), (30, 41), (56, 100)]:
        toned = _picture(rng, shape)
        start = rng.integers(0, states, shape).astype(np.uint8)
        fresh = refine(start, toned, None, states, linear=linear)
        assert np.array_equal(fresh, plain(start, toned, None, states, linear=linear))
        # The next frame: a small change from the last board (the sparse rounds' case).
        moved = np.clip(np.roll(toned, 1, axis=1) + rng.normal(0, 0.03, shape), 0, 1)
        again = refine(fresh, moved, fresh, states, linear=linear)
        assert np.array_equal(again, plain(fresh, moved, fresh, states, linear=linear))
        changed += int((again != fresh).sum())
    assert changed > 0  # the second frames did move cells
    assert bool(sparse) != compiled  # numpy: some rounds recomputed only near their moves


def _local_best_by_definition(gain: np.ndarray) -> np.ndarray:
    """Each cell against each neighbour within two cells, one at a time (the definition)."""
    rows, cols = gain.shape
    picked = []
    for r in range(rows):
        for c in range(cols):
            if not gain[r, c] > 1e-12:
                continue
            ok = True
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    rr, cc = r + dy, c + dx
                    if (dy, dx) == (0, 0) or not (0 <= rr < rows and 0 <= cc < cols):
                        continue
                    before = (dy, dx) < (0, 0)
                    ok &= bool(gain[r, c] > gain[rr, cc] if before else gain[r, c] >= gain[rr, cc])
            if ok:
                picked.append(r * cols + c)
    return np.array(picked, dtype=np.intp)


@pytest.mark.parametrize("shape", [(1, 1), (1, 7), (3, 2), (9, 13), (20, 31)])
def test_local_best_is_the_definition(shape: tuple[int, int]) -> None:
    """The compiled pick against the cell-by-cell definition, with ties (gains on a coarse grid),
    cells that cannot move (-inf) and cells that lose."""
    rng = np.random.default_rng(shape[0] * 100 + shape[1])
    for _ in range(5):
        gain = np.round(rng.normal(0, 1, shape), 1)
        gain[rng.random(shape) < 0.1] = -np.inf
        assert np.array_equal(_local_best(gain), _local_best_by_definition(gain))
