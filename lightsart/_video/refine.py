"""Direct binary search from the previous board: the cells to change, and no more.

The eye sees a board blurred by about a cell. With ``C`` the Gaussian filter of standard
deviation ``sigma * sqrt(2)`` (the autocorrelation of the eye's Gaussian of ``sigma``, zero
outside the board), the error of a board ``b`` (level values) against the toned frame ``v`` is

    E(b) = (b - v)^T C (b - v),

and changing cell ``i`` by ``s`` (one level up or down) changes it by
``2 s (C (b - v))_i + s^2 C_ii``. Starting from the previous frame's board, every cell whose best
change lowers ``E`` by more than ``keep_price`` (the price of a changed cell; a cell moved back
to its previous level earns it instead) and is the best such cell within two cells around is
changed at once (cells three apart barely interact: ``C`` there is under 3 % of ``C_ii``), and
the search repeats until no cell gains. A cell changes only where the frame changed enough to
pay for it, so a still scene is a still board and a pan changes the cells along moving edges.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lightsart._types import Board, Gray

__all__ = ["KEEP_PRICE", "SIGMA", "blur", "gaussian", "refine"]

#: The eye's blur, in cells. Chosen with :data:`KEEP_PRICE` on the slow pans of
#: ``scripts/make_test_clips.py`` (48x35, a fifth of a cell per frame): 0.7 and 0.03 changed
#: 0.91-0.94 % of cells per frame at 1.008x Pillow's structure score; 0.8 and 0.02 0.88-0.91 %
#: at 1.004-1.009x; 1.0 scored below Pillow (0.97-0.99x), 0.6 changed over 1 %.
SIGMA = 0.7
#: Price of changing a cell from the previous board, in units of ``E``.
KEEP_PRICE = 0.03
#: Rounds of parallel changes at most.
ROUNDS = 40


def gaussian(sigma: float) -> NDArray[np.float64]:
    """The normalised 1-D Gaussian of ``sigma`` cells, cut at three sigma (one cell at least)."""
    radius = max(1, int(np.ceil(3 * sigma)))
    x = np.arange(-radius, radius + 1)
    k = np.exp(-0.5 * (x / sigma) ** 2)
    return k / k.sum()


def blur(a: NDArray[np.float64], k: NDArray[np.float64]) -> NDArray[np.float64]:
    """``a`` filtered by the separable symmetric kernel ``k`` along both axes, zero outside, as
    sums of shifted copies: work linear in the cells (a product with dense band matrices cost
    rows x cols x (rows + cols), 12 s a frame at 1536x1536)."""
    r = len(k) // 2
    rows, cols = a.shape
    padded = np.zeros((rows + 2 * r, cols))
    padded[r : r + rows] = a
    down = k[0] * padded[:rows]
    for j in range(1, len(k)):
        down += k[j] * padded[j : j + rows]
    padded = np.zeros((rows, cols + 2 * r))
    padded[:, r : r + cols] = down
    out = k[0] * padded[:, :cols]
    for j in range(1, len(k)):
        out += k[j] * padded[:, j : j + cols]
    return out


def _gains(board: NDArray[np.int64], e: NDArray[np.float64], prev: NDArray[np.int64] | None,
           y: NDArray[np.float64], c0: float, keep_price: float
           ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The gains of one level up and one down at cells with levels ``board`` and blurred error
    ``e`` (``-inf`` where the level cannot move), elementwise: any cells, any shape."""
    top = len(y) - 1
    up = np.where(board < top, y[np.minimum(board + 1, top)] - y[board], 0.0)
    down = np.where(board > 0, y[board] - y[np.maximum(board - 1, 0)], 0.0)
    gain_up = np.where(board < top, -(2 * up * e + up * up * c0), -np.inf)
    gain_down = np.where(board > 0, -(-2 * down * e + down * down * c0), -np.inf)
    if prev is not None:
        here = board == prev
        gain_up -= np.where(here, keep_price, np.where(board + 1 == prev, -keep_price, 0.0))
        gain_down -= np.where(here, keep_price, np.where(board - 1 == prev, -keep_price, 0.0))
    return gain_up, gain_down


def _blur_at(padded: NDArray[np.float64], k: NDArray[np.float64], rows: NDArray[np.intp],
             cols: NDArray[np.intp]) -> NDArray[np.float64]:
    """:func:`blur` of the board that ``padded`` holds (zeros ``len(k) // 2`` cells around it)
    at the cells ``(rows, cols)`` alone, bit for bit: the same products summed in the same
    order, gathered (a round that moves few cells then costs little)."""
    width = len(k)
    across = cols[:, None] + np.arange(width)[None, :]  # the columns the second pass reads
    down = k[0] * padded[rows[:, None], across]
    for j in range(1, width):
        down += k[j] * padded[rows[:, None] + j, across]
    out = k[0] * down[:, 0]
    for j in range(1, width):
        out += k[j] * down[:, j]
    return out


#: Rounds whose moves' reach (moves times the blur's area) covers more than 1 / _SPARSE of the
#: board recompute everything at once (gathering costs as much as the whole board's blur near
#: a tenth of a 200x112 board).
_SPARSE = 8

#: The cells within two cells of a cell, but itself, in raster order.
_AROUND = [(dy, dx) for dy in range(-2, 3) for dx in range(-2, 3) if (dy, dx) != (0, 0)]


def _local_best(gain: NDArray[np.float64]) -> NDArray[np.intp]:
    """The cells (flat indices) with a positive gain that is the largest within two cells (ties
    to the first in raster order); only the cells that gain are compared, usually few. The
    neighbours are read by flat index (a 2-D gather cost twice as much)."""
    rows, cols = gain.shape
    width = cols + 4
    p = np.full((rows + 4, width), -np.inf)
    p[2:-2, 2:-2] = gain
    flat = p.reshape(-1)
    cells = np.flatnonzero(gain > 1e-12)
    r, c = np.divmod(cells, cols)
    at = (r + 2) * width + (c + 2)
    mine = flat[at]
    best = np.ones(cells.size, dtype=bool)
    for dy, dx in _AROUND:
        other = flat[at + (dy * width + dx)]
        best &= (mine > other) if (dy, dx) < (0, 0) else (mine >= other)
    return cells[best]


#: Searches run in numpy before the compiled rounds (:mod:`lightsart._video.refine_kernel`)
#: take over: importing numba and loading its cached machine code (about 0.2 s and 125 MB) pays
#: off over a film's frames, not over a still's one search or a short clip's first seconds.
_COMPILED_AFTER = 48
_refines = 0


def refine(start: Board, toned: Gray, previous: Board | None, states: int, *,
           sigma: float = SIGMA, keep_price: float = KEEP_PRICE, linear: bool = False) -> Board:
    """The board ``start`` improved by direct binary search against ``toned`` (see the module);
    changes from ``previous`` (``None``: no price) cost ``keep_price`` each.

    A round that moves few cells recomputes the error and the gains only within the blur's
    reach of them (:func:`_blur_at`, the same sums as :func:`blur`): the board is the one full
    rounds give, at a fraction of the cost (half the rounds of a film move under 20 cells).
    After :data:`_COMPILED_AFTER` searches in a process the rounds run compiled
    (:func:`lightsart._video.refine_kernel.search`: the same sums, the same board).

    >>> import numpy as np
    >>> flat = np.full((6, 6), 1.0)
    >>> refine(np.zeros((6, 6), np.uint8), flat, None, 2).min()  # white wants every cell lit
    np.uint8(1)
    """
    from lightsart._pictures.dither import Levels, srgb_to_linear

    y = Levels.make(states, linear).values
    v = srgb_to_linear(np.clip(toned, 0, 1)) if linear else np.clip(toned, 0.0, 1.0)
    board = start.astype(np.int64)
    prev = None if previous is None else previous.astype(np.int64)
    k = gaussian(sigma * np.sqrt(2.0))
    r = len(k) // 2
    # C_ii: the centre of the 2-D kernel, the same for every cell with zero padding.
    c0 = float(k[r] ** 2)
    rows, cols = board.shape
    padded = np.zeros((rows + 2 * r, cols + 2 * r))  # board minus frame, zeros around it
    inner = padded[r : r + rows, r : r + cols]
    inner[...] = y[board] - v
    global _refines
    _refines += 1
    if _refines > _COMPILED_AFTER:  # a film's thousands of rounds: compiled, the same sums
        from lightsart._video.refine_kernel import search

        search(board, padded, k, y, np.ascontiguousarray(v, dtype=np.float64),
               board if prev is None else prev, prev is not None, c0, keep_price, ROUNDS)
        return board.astype(np.uint8)
    gain_up, gain_down = _gains(board, blur(inner, k), prev, y, c0, keep_price)
    gain = np.maximum(gain_up, gain_down)
    reach = np.arange(-r, r + 1)
    flat_board, flat_v = board.reshape(-1), v.reshape(-1)
    flat_prev = None if prev is None else prev.reshape(-1)
    for _ in range(ROUNDS):
        moves = _local_best(gain)
        if moves.size == 0:
            break
        ups, downs = gain_up.reshape(-1), gain_down.reshape(-1)
        flat_board[moves] += np.where(ups[moves] >= downs[moves], 1, -1)
        mr, mc = np.divmod(moves, cols)
        inner[mr, mc] = y[flat_board[moves]] - flat_v[moves]
        if moves.size * len(reach) ** 2 * _SPARSE > board.size:  # many cells: all at once
            gain_up, gain_down = _gains(board, blur(inner, k), prev, y, c0, keep_price)
            gain = np.maximum(gain_up, gain_down)
            continue
        # The cells within the blur's reach of a move: their error and gains changed.
        near_r = (mr[:, None, None] + reach[None, :, None]).clip(0, rows - 1)
        near_c = (mc[:, None, None] + reach[None, None, :]).clip(0, cols - 1)
        near = np.unique((near_r * cols + near_c).reshape(-1))
        nr, nc = np.divmod(near, cols)
        e = _blur_at(padded, k, nr, nc)
        up, down = _gains(flat_board[near], e, None if flat_prev is None else flat_prev[near],
                          y, c0, keep_price)
        ups[near], downs[near] = up, down
        gain.reshape(-1)[near] = np.maximum(up, down)
    return board.astype(np.uint8)
