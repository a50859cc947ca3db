"""The compiled rounds of :func:`lightsart._video.refine.refine` (imports numba: import lazily).

The search's rounds mostly move a few cells each (half a film's rounds move under 20), where
numpy spends a call per step of a round on a handful of cells: this loop does a round in one
pass. The same products are summed in the same order as numpy's (no fast-math, so no fused
multiply-adds), so the boards are the numpy loop's bit for bit; a test compares the two.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsart._core.compiled import compiled

__all__ = ["SPARSE", "search"]

#: Rounds whose moves' reach covers more than 1 / SPARSE of the board blur it whole
#: (:data:`lightsart._video.refine._SPARSE`).
SPARSE = 8


@compiled
def _gains_at(b: int, e: float, p: int, has_prev: bool, y: Any, c0: float,
              keep_price: float) -> tuple[float, float]:
    """:func:`lightsart._video.refine._gains` at one cell: level ``b``, blurred error ``e``,
    previous level ``p`` (when ``has_prev``)."""
    top = y.shape[0] - 1
    gain_up = -np.inf
    gain_down = -np.inf
    if b < top:
        up = y[b + 1] - y[b]
        gain_up = -(2 * up * e + up * up * c0)
    if b > 0:
        down = y[b] - y[b - 1]
        gain_down = -(-2 * down * e + down * down * c0)
    if has_prev:
        if b == p:
            gain_up -= keep_price
            gain_down -= keep_price
        else:
            if b + 1 == p:
                gain_up -= -keep_price
            else:
                gain_up -= 0.0
            if b - 1 == p:
                gain_down -= -keep_price
            else:
                gain_down -= 0.0
    return gain_up, gain_down


@compiled
def _blur_at(padded: Any, k: Any, a: int, c: int) -> float:
    """:func:`lightsart._video.refine._blur_at` at one cell ``(a, c)``: the same sums."""
    width = k.shape[0]
    out = 0.0
    for t in range(width):
        down = k[0] * padded[a, c + t]
        for j in range(1, width):
            down += k[j] * padded[a + j, c + t]
        if t == 0:
            out = k[0] * down
        else:
            out += k[t] * down
    return out


@compiled
def _blur_all(padded: Any, k: Any, down: Any, e: Any) -> None:
    """:func:`lightsart._video.refine.blur` of the board ``padded`` holds, into ``e``: down the
    columns into ``down``, then along the rows (the same sums as :func:`_blur_at`, a seventh of
    the work where every cell is wanted)."""
    rows, cols = e.shape
    width = k.shape[0]
    for i in range(rows):
        for c in range(padded.shape[1]):
            acc = k[0] * padded[i, c]
            for j in range(1, width):
                acc += k[j] * padded[i + j, c]
            down[i, c] = acc
    for i in range(rows):
        for c in range(cols):
            acc = k[0] * down[i, c]
            for t in range(1, width):
                acc += k[t] * down[i, c + t]
            e[i, c] = acc


@compiled
def _all_gains(board: Any, padded: Any, k: Any, y: Any, prev: Any, has_prev: bool, c0: float,
               keep_price: float, down: Any, blurred: Any, gain_up: Any, gain_down: Any) -> None:
    """Every cell's gains, from the whole board's blurred error."""
    rows, cols = board.shape
    _blur_all(padded, k, down, blurred)
    for a in range(rows):
        for c in range(cols):
            gain_up[a, c], gain_down[a, c] = _gains_at(board[a, c], blurred[a, c], prev[a, c],
                                                       has_prev, y, c0, keep_price)


@compiled
def _is_best(gain_up: Any, gain_down: Any, i: int, j: int, g: float) -> bool:
    """Whether cell ``(i, j)``, gaining ``g``, gains most within two cells: more than those
    before it in raster order, at least as much as those after
    (:func:`lightsart._video.refine._local_best`)."""
    rows, cols = gain_up.shape
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            ii, jj = i + dy, j + dx
            if (dy == 0 and dx == 0) or ii < 0 or ii >= rows or jj < 0 or jj >= cols:
                continue
            other = max(gain_up[ii, jj], gain_down[ii, jj])
            before = dy < 0 or (dy == 0 and dx < 0)
            if (before and not g > other) or (not before and not g >= other):
                return False
    return True


@compiled
def _near_gains(board: Any, padded: Any, k: Any, y: Any, prev: Any, has_prev: bool, c0: float,
                keep_price: float, moves: Any, count: int, near: Any, seen: Any, gain_up: Any,
                gain_down: Any) -> None:
    """The gains of the cells within the blur's reach of the ``count`` ``moves``, each once."""
    rows, cols = board.shape
    r = k.shape[0] // 2
    found = 0
    for q in range(count):
        i, j = moves[q] // cols, moves[q] % cols
        for a in range(max(i - r, 0), min(i + r, rows - 1) + 1):
            for c in range(max(j - r, 0), min(j + r, cols - 1) + 1):
                if not seen[a, c]:
                    seen[a, c] = True
                    near[found] = a * cols + c
                    found += 1
    for q in range(found):
        a, c = near[q] // cols, near[q] % cols
        seen[a, c] = False
        e = _blur_at(padded, k, a, c)
        gain_up[a, c], gain_down[a, c] = _gains_at(board[a, c], e, prev[a, c], has_prev, y, c0,
                                                   keep_price)


@compiled
def search(board: Any, padded: Any, k: Any, y: Any, v: Any, prev: Any, has_prev: bool,
           c0: float, keep_price: float, most: int) -> None:
    """At most ``most`` rounds of :func:`lightsart._video.refine.refine` on ``board`` (levels,
    int64) and ``padded`` (board minus frame, zeros around), both updated in place: each round
    moves every cell whose gain is positive and the largest within two cells (ties to the first
    in raster order), then recomputes the error and gains within the blur's reach of the
    moves."""
    rows, cols = board.shape
    r = k.shape[0] // 2
    moves = np.empty(rows * cols, np.int64)
    near = np.empty(rows * cols, np.int64)
    seen = np.zeros((rows, cols), np.bool_)
    down = np.empty((rows, padded.shape[1]))
    blurred = np.empty((rows, cols))
    gain_up = np.empty((rows, cols))
    gain_down = np.empty((rows, cols))
    _all_gains(board, padded, k, y, prev, has_prev, c0, keep_price, down, blurred, gain_up,
               gain_down)
    for _ in range(most):
        count = 0
        for i in range(rows):
            for j in range(cols):
                g = max(gain_up[i, j], gain_down[i, j])
                if g > 1e-12 and _is_best(gain_up, gain_down, i, j, g):
                    moves[count] = i * cols + j
                    count += 1
        if count == 0:
            return
        for q in range(count):  # all moves chosen before any is made
            i, j = moves[q] // cols, moves[q] % cols
            board[i, j] += 1 if gain_up[i, j] >= gain_down[i, j] else -1
            padded[i + r, j + r] = y[board[i, j]] - v[i, j]
        if count * k.shape[0] ** 2 * SPARSE > rows * cols:  # many moves: the whole board
            _all_gains(board, padded, k, y, prev, has_prev, c0, keep_price, down, blurred,
                       gain_up, gain_down)
        else:
            _near_gains(board, padded, k, y, prev, has_prev, c0, keep_price, moves, count, near,
                        seen, gain_up, gain_down)
