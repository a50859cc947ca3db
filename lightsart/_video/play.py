"""Play mode: the board chases a film, each frame the previous board plus at most N clicks.

A step is a direct binary search (DBS) whose moves are Lights Out clicks. The board ``b`` (levels
``0..k-1``) shows ``d = b / (k-1)``; the target ``t`` is the toned frame (``[0, 1]``, 1 = lit). The
error is what the eye sees: the difference blurred by a Gaussian ``g`` of ``sigma`` cells (0.8,
truncated at ``ceil(2.5 sigma)`` cells), summed over the board and the margin the blur spills into::

    E = || g * e ||²  with  e = d - t  (zero off the board)  =  <e, K e>,  K = g ⋆ g.

A move presses one cell, or two neighbouring cells (across, down or diagonally), ``m`` times each;
it changes ``d`` by ``u`` on its footprint (``u_p = ((b_p + m·count_p) mod k - b_p) / (k-1)``), so
with ``s = K e`` its exact gain is::

    ΔE = 2 <u, s> + <u, K u>

for every anchor cell at once: the first term is a correlation of ``s`` with the footprint, the
second a sum of ``u_p u_q K[p - q]`` over pairs of footprint cells, fixed by the rules for each
pattern of levels (a table look-up where the patterns are few). Two moves whose footprints are
more than ``K``'s radius apart do not interact (the cross term ``2 <u, K u'>`` is zero), so each
round makes every move whose gain per click is the best within that distance (a few vector
passes of a greedy pick), the most improving first, within the click budget; then ``s`` is
recomputed (two band matrix products) and the gains again, only within reach of the moves made.
Single clicks and pairs, whose overlapping footprints change cell shapes no single click can,
compete by gain per click. A cell pressed again in the same step counts its presses mod ``k``
(for two states an unpress gives a click back).

A move is made only if it lowers ``E`` by more than ``settle`` per click: small gains (a pixel of
drift, a flicker of tone) leave the board alone, so a still scene gives a still board and a
slow pan moves only the edges. The presses are applied with the project's press operator, so the
board returned is exactly ``board + A presses`` (mod ``k``); a round is kept only if the
recomputed ``E`` did not rise, so ``E`` never increases over a step.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart._core.algebra import reached
from lightsart._errors import LightsartError
from lightsart._rules import Rules
from lightsart._video.refine import blur

__all__ = ["SETTLE", "PlayStep", "eye_error", "play_step"]

#: Passes of the vector greedy that picks non-interacting clicks in one round.
_PASSES = 3
#: Gains are gathered cell by cell where fewer than 1 in this many anchors need them, else summed
#: over the whole board from shifted copies.
_GATHER_SHARE = 8
#: Moves whose footprint has at most this many level patterns (states ** cells) get a table of
#: <u, K u> by pattern.
_TABLE_CODES = 1 << 13
#: The default ``settle``: a move must lower the eye-filtered error by this much per click. On the
#: slow-pan test clip (48x35, the film's steady tone) 0.04 changed 2.4 % of cells per frame at
#: 0.88x Pillow's structure score; 0.01 changes 3.4 % at 0.92x, with cleaner edges by eye, and
#: 0.005 buys nothing more (0.92x, 4.0 %); the silhouettes clip stays at 1.00x for all.
SETTLE = 0.01


@dataclass(frozen=True)
class PlayStep:
    """One frame of play: the board after the clicks and the clicks that made it.

    ``board`` equals the old board plus the rules' press of ``presses`` (mod the states).
    """

    board: NDArray[np.uint8]
    presses: NDArray[np.int64]
    clicks: int


@dataclass(frozen=True)
class _Move:
    """One kind of move, at every anchor cell at once: presses at fixed offsets from the anchor.

    ``press_at[q, c]`` is the flat index of press ``q`` of the move anchored at ``c`` and
    ``usable[c]`` whether all its presses are distinct cells on the board. ``dest[a, c]`` is the
    flat index of footprint cell ``a`` (``cells``: off the board) and ``times[a, c]`` how much the
    move adds to it (0 on repeats of a cell already listed, which wrapped boards narrower than the
    pattern make). Anchors whose footprints sit alike (the interior is one class; edges and seams
    make others) share ``shape_class`` (``main`` the most common); for each class, ``K`` between
    footprint cells ``a`` and ``b`` is kept as its diagonal and its upper triangle (``upper``
    lists the pairs ``a < b``).

    ``<u, K u>`` depends only on the levels of the footprint cells: for a small footprint
    ``table[m - 1, table_at[c] + code]`` holds it for each pattern ``code`` (digit ``a`` in base
    ``k``: the level of cell ``a``) when the move is made ``m`` times. ``offsets`` are the
    footprint cells relative to the anchor when each is toggled once on every board cell it
    lands on (no two land on one cell): then sums over the footprint are sums of shifted copies
    of the board, cheaper than gathers, weighted as in the main class, then redone for the
    anchors of other classes (``odd``); ``spot_times`` is what the move adds to each.
    """

    press_at: NDArray[np.intp]
    usable: NDArray[np.bool_]
    dest: NDArray[np.intp]
    times: NDArray[np.int8]
    shape_class: NDArray[np.intp]
    main: int
    pair_diagonal: NDArray[np.float64]
    pair_upper: NDArray[np.float64]
    upper: tuple[NDArray[np.intp], NDArray[np.intp]]
    table_at: NDArray[np.intp]
    table: NDArray[np.float64]
    offsets: tuple[tuple[int, int], ...]
    spot_times: tuple[int, ...]
    odd: NDArray[np.intp]


@dataclass(frozen=True)
class _Geometry:
    """The moves of one rule set and board, the eye's kernel, and how far moves interact.

    Two moves whose anchors are more than ``reach`` cells apart on some axis do not interact;
    ``jitter`` breaks ties between equal gains without a bias to a corner.
    """

    rules: Rules
    moves: tuple[_Move, ...]
    pad: int
    kernel: NDArray[np.float64]
    reach: tuple[int, int]
    jitter: NDArray[np.float64]


#: Moves as press offsets from the anchor: one click, then two neighbouring clicks in each
#: direction, whose overlapping footprints change cells no single click can change alone.
_SINGLE: tuple[tuple[int, int], ...] = ((0, 0),)
_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 0), (1, 1)), ((0, 0), (1, -1)))


def _eye_kernel(sigma: float) -> NDArray[np.float64]:
    """The 1-D kernel of ``K = g ⋆ g``: the eye's Gaussian correlated with itself."""
    radius = max(1, math.ceil(2.5 * sigma))
    x = np.arange(-radius, radius + 1, dtype=np.float64)
    g = np.exp(-(x * x) / (2.0 * sigma * sigma))
    g /= g.sum()
    return np.convolve(g, g)


_Cells = tuple[NDArray[np.intp], NDArray[np.int64], NDArray[np.int64]]


def _cells_at(rules: Rules, di: int, dj: int) -> _Cells:
    """Flat index (``cells`` when off the board) and board row and column of ``c + (di, dj)``."""
    m, n = rules.shape
    rows, cols = np.divmod(np.arange(m * n), n)
    wrap_rows, wrap_cols = rules.wraps
    r = (rows + di) % m if wrap_rows else rows + di
    c = (cols + dj) % n if wrap_cols else cols + dj
    inside = (r >= 0) & (r < m) & (c >= 0) & (c < n)
    return np.where(inside, r * n + c, m * n).astype(np.intp), r, c


def _move(rules: Rules, presses: tuple[tuple[int, int], ...], kernel: NDArray[np.float64]) -> _Move:
    cells = rules.cells
    press_at = np.array([_cells_at(rules, *d)[0] for d in presses], dtype=np.intp)
    usable: NDArray[np.bool_] = np.asarray((press_at < cells).all(axis=0))
    for q in range(len(presses)):
        usable &= (press_at[:q] != press_at[q]).all(axis=0)
    counts: dict[tuple[int, int], int] = {}  # what the presses add, cell by cell, on an endless plane
    for (pi, pj) in presses:
        for (di, dj) in rules.pattern.offsets:
            counts[pi + di, pj + dj] = counts.get((pi + di, pj + dj), 0) + 1
    spots = [d for d, t in counts.items() if t % rules.states]
    found = [_cells_at(rules, *d) for d in spots]
    dest = np.array([f[0] for f in found], dtype=np.intp)
    times = np.array([np.full(cells, counts[d]) for d in spots], dtype=np.int64)
    for a in range(len(spots)):  # a cell listed twice gets both adds on its first listing
        for b in range(a):
            same = (dest[a] == dest[b]) & (dest[a] < cells) & (times[b] > 0)
            times[b][same] += times[a][same]
            times[a][same] = 0
    times[dest == cells] = 0
    rows, cols = np.divmod(np.arange(cells), rules.width)
    # Where each footprint cell lies from its anchor on the board (a wrap moves it a board away).
    lie = np.array([(f[1] - rows, f[2] - cols) for f in found], dtype=np.int64)  # (F, 2, cells)
    signature = np.concatenate([lie[:, 0], lie[:, 1], times]).T.astype(np.int32)
    _, first, shape_class = np.unique(signature, axis=0, return_index=True, return_inverse=True)
    pair = _pairs(lie[:, :, first], times[:, first], kernel)  # (F, F, classes)
    upper = np.triu_indices(len(spots), 1)
    diagonal = np.arange(len(spots))
    shape_class = shape_class.reshape(-1).astype(np.intp)
    table = _level_table(pair, times[:, first], rules.states)
    counts_at = np.array([counts[d] for d in spots], dtype=np.int64)[:, None]
    shifts = bool(((times == counts_at) | (dest == cells)).all())
    return _Move(press_at=press_at, usable=usable, dest=dest, times=times.astype(np.int8),
                 shape_class=shape_class, main=int(np.bincount(shape_class).argmax()),
                 pair_diagonal=pair[diagonal, diagonal], pair_upper=pair[upper],
                 upper=(upper[0].astype(np.intp), upper[1].astype(np.intp)),
                 table_at=shape_class * rules.states ** len(spots),
                 table=table.reshape(rules.states - 1, -1), offsets=tuple(spots) if shifts else (),
                 spot_times=tuple(counts[d] for d in spots),
                 odd=np.flatnonzero(shape_class != np.bincount(shape_class).argmax()))


def _pairs(lie: NDArray[np.int64], times: NDArray[np.int64], kernel: NDArray[np.float64]
           ) -> NDArray[np.float64]:
    """``K`` between footprint cells of one anchor per class (0 where either gets nothing)."""
    half = len(kernel) // 2
    gap = np.abs(lie[:, None] - lie[None, :])  # (F, F, 2, classes)
    near = (gap[:, :, 0] <= half) & (gap[:, :, 1] <= half) & (times[:, None] > 0) & (times[None, :] > 0)
    index = np.minimum(gap, half) + half
    return np.where(near, kernel[index[:, :, 0]] * kernel[index[:, :, 1]], 0.0)


def _level_table(pair: NDArray[np.float64], times: NDArray[np.int64], states: int) -> NDArray[np.float64]:
    """``<u, K u>`` by press count, anchor class and level pattern (empty for a large footprint)."""
    size = pair.shape[0]
    if states**size > _TABLE_CODES:
        return np.zeros((states - 1, 0, 0))
    digits = (np.arange(states**size)[:, None] // states ** np.arange(size)[None, :]) % states  # (codes, F)
    level, add = np.divmod(np.arange(states * states), states)
    change = ((level + add) % states - level) / (states - 1)
    tables = []
    for m in range(1, states):
        u = change[digits[None] * states + ((m * times.T) % states)[:, None, :]]  # (classes, codes, F)
        tables.append(np.einsum("abn,nca,ncb->nc", pair, u, u))
    return np.array(tables)


@functools.lru_cache(maxsize=4)
def _geometry(rules: Rules, sigma: float, pairs: bool) -> _Geometry:
    """The single clicks (and with ``pairs`` the neighbouring pairs of clicks) on ``rules``' board."""
    kernel = _eye_kernel(sigma)
    kinds = (_SINGLE, *_PAIRS) if pairs else (_SINGLE,)
    moves = tuple(_move(rules, presses, kernel) for presses in kinds)
    ri, rj = rules.pattern.radius
    # How far a footprint reaches from its anchor, per axis: the pattern's radius beyond the press.
    far_i = ri + max(abs(pi) for presses in kinds for pi, _ in presses)
    far_j = rj + max(abs(pj) for presses in kinds for _, pj in presses)
    half = len(kernel) // 2
    order = np.random.default_rng(0).permutation(rules.cells).astype(np.float64)
    return _Geometry(rules=rules, moves=moves, pad=max(far_i, far_j), kernel=kernel,
                     reach=(half + 2 * far_i, half + 2 * far_j),
                     jitter=order / rules.cells)


def eye_error(board: object, target: object, states: int = 2, sigma: float = 0.8) -> float:
    """The eye-filtered error ``|| g * (board / (states-1) - target) ||²`` that play mode lowers.

    Parameters
    ----------
    board : array_like
        Levels ``0 .. states-1``, shape ``(m, n)``.
    target : array_like
        The toned frame, ``[0, 1]`` (1 = lit), same shape.
    states : int
        Levels per cell (``rules.states``).
    sigma : float
        The eye's Gaussian in cells.

    Returns
    -------
    float
        The squared error of the blurred difference, over the board and the margin the blur
        spills into.

    Examples
    --------
    >>> eye_error([[1, 1], [1, 1]], [[1.0, 1.0], [1.0, 1.0]])
    0.0
    """
    e = np.asarray(board, dtype=np.float64) / (states - 1) - np.asarray(target, dtype=np.float64)
    return float((e * blur(e, _eye_kernel(sigma))).sum())


def _min_window(key: NDArray[np.float64], reach: tuple[int, int],
                wraps: tuple[bool, bool]) -> NDArray[np.float64]:
    """The least ``key`` within ``reach`` cells on each axis (wrapping where the board wraps)."""
    rows = _min_rows(key, reach[0], wraps[0])
    return _min_rows(rows.T, reach[1], wraps[1]).T


def _min_rows(a: NDArray[np.float64], r: int, wrap: bool) -> NDArray[np.float64]:
    """The least of ``a`` over ``r`` rows either side of each row."""
    return _rows_window(a, r, wrap, np.minimum, np.inf)


def _near(flags: NDArray[np.bool_], reach: tuple[int, int], rules: Rules) -> NDArray[np.bool_]:
    """The cells within ``reach`` of a flagged cell on each axis (wrapping where the board
    wraps): where the least over the window of 0 at the flags and 1 elsewhere is 0, as booleans
    (an eighth of the memory the floats took)."""
    rows = _rows_window(flags, reach[0], rules.wraps[0], np.logical_or, False)
    return _rows_window(rows.T, reach[1], rules.wraps[1], np.logical_or, False).T


def _rows_window(a: NDArray[Any], r: int, wrap: bool, op: Any, edge: object) -> NDArray[Any]:
    """``op`` (the least, or any) of ``a`` over ``r`` rows either side of each row, ``edge``
    beyond a board that does not wrap."""
    size = a.shape[0]
    if wrap and 2 * r + 1 > size:  # the window covers the whole wrapped axis
        return np.broadcast_to(op.reduce(a, axis=0), a.shape).copy()
    if wrap:
        padded = np.concatenate([a[size - r:], a, a[:r]])
    else:
        fill = np.full((r, a.shape[1]), edge, dtype=a.dtype)
        padded = np.concatenate([fill, a, fill])
    span, least = 1, padded  # least[i] = op of padded[i : i + span], the span doubling
    while 2 * span <= 2 * r + 1:
        least = op(least[:-span], least[span:])
        span *= 2
    if span < 2 * r + 1:  # two overlapping spans cover the window
        least = op(least[:size], least[2 * r + 1 - span:2 * r + 1 - span + size])
    return least


@dataclass
class _State:
    """The step under way: the board, presses so far, ``s = K e`` (flat, one spare cell) and ``E``.

    ``key``, ``kind``, ``times`` and ``cost`` are each anchor's best move (gain per click, which
    move, how many times, clicks spent), kept up to date where the last round changed them.
    """

    board: NDArray[np.uint8]
    presses: NDArray[np.int64]
    s: NDArray[np.float64]
    error: float
    key: NDArray[np.float64]
    kind: NDArray[np.int64]
    times: NDArray[np.int64]
    cost: NDArray[np.int64]


def _measure(board: NDArray[np.uint8], presses: NDArray[np.int64], target: NDArray[np.float64],
             states: int, kernel: NDArray[np.float64]) -> _State:
    e = board / (states - 1) - target
    s = blur(e, kernel)
    spare = np.zeros(s.size + 1)
    spare[:-1] = s.ravel()
    kind, times, cost = (np.zeros(board.size, dtype=np.int64) for _ in range(3))  # three arrays, not one
    return _State(board, presses, spare, float((e * s).sum()), np.full(board.size, np.inf), kind, times,
                  cost)


@dataclass(frozen=True)
class _Around:
    """The board as the gains read it.

    ``lv`` and ``s`` are flat with a spare cell (off the board); ``change[level * k + add]`` is
    what adding ``add`` to a cell at ``level`` shows. For shifted sums, padded by ``pad`` cells
    (wrapped where the board wraps, zero elsewhere): the board, and for each ``add`` the change
    it makes to each cell (``steps``, only when asked for) and that change times ``s``.
    """

    lv: NDArray[np.int64]
    s: NDArray[np.float64]
    change: NDArray[np.float64]
    board: NDArray[np.int16]
    steps: tuple[NDArray[np.float64], ...]
    steps_s: tuple[NDArray[np.float64], ...]
    pad: int


def _padded(a: NDArray[Any], pad: int, wraps: tuple[bool, bool]) -> NDArray[Any]:
    """``a`` with ``pad`` cells around it: wrapped along an axis the board wraps, else zeros
    (``np.pad``'s wrap then zeros, without its overhead: it ran six times a round)."""
    rows, cols = a.shape
    if (wraps[0] and pad > rows) or (wraps[1] and pad > cols):  # wraps more than once
        return np.pad(np.pad(a, [(pad, pad) if w else (0, 0) for w in wraps], mode="wrap"),
                      [(0, 0) if w else (pad, pad) for w in wraps])
    out = np.zeros((rows + 2 * pad, cols + 2 * pad), a.dtype)
    out[pad : pad + rows, pad : pad + cols] = a
    if pad and wraps[0]:
        out[:pad, pad : pad + cols] = a[rows - pad :]
        out[pad + rows :, pad : pad + cols] = a[:pad]
    if pad and wraps[1]:
        out[:, :pad] = out[:, cols : cols + pad]
        out[:, pad + cols :] = out[:, pad : 2 * pad]
    return out


def _around(state: _State, rules: Rules, pad: int, steps_too: bool, shifted: bool = True
            ) -> _Around:
    """The board as the gains read it; the padded copies only when ``shifted`` sums need them."""
    lv = np.zeros(state.board.size + 1, dtype=np.int64)
    lv[:-1] = state.board.ravel()
    s2d = state.s[:-1].reshape(rules.shape)

    def padded(a: NDArray[Any]) -> NDArray[Any]:
        return _padded(a, pad, rules.wraps)

    states = rules.states
    level, add = np.divmod(np.arange(states * states), states)
    change = ((level + add) % states - level) / (states - 1)
    if not shifted:  # gathers read only the flat board and s
        return _Around(lv, state.s, change, np.zeros((0, 0), np.int16), (), (), pad)
    steps = [change[state.board * states + j] for j in range(states)]
    return _Around(lv, state.s, change, padded(state.board.astype(np.int16)),
                   tuple(padded(d) for d in steps) if steps_too else (),
                   tuple(padded(d * s2d) for d in steps), pad)


def _shifted_pair_gains(move: _Move, near: _Around, states: int, m: int, shape: tuple[int, int]
                    ) -> NDArray[np.float64]:
    """Gains at every anchor from shifted copies of the board, any number of states."""
    rows, cols = shape
    p = near.pad
    first = np.zeros(shape)
    u = []
    for (di, dj), times in zip(move.offsets, move.spot_times, strict=True):
        add = (m * times) % states
        first += near.steps_s[add][p + di:p + di + rows, p + dj:p + dj + cols]
        u.append(near.steps[add][p + di:p + di + rows, p + dj:p + dj + cols])
    pairs = np.zeros(shape)
    for a, weight in enumerate(move.pair_diagonal[:, move.main]):
        pairs += weight * u[a] * u[a]
    for a, b, weight in zip(*move.upper, move.pair_upper[:, move.main], strict=True):
        if weight:
            pairs += 2.0 * weight * u[a] * u[b]
    gain = (2.0 * first + pairs).ravel()
    if move.odd.size:
        gain[move.odd] = _gains(move, near, states, m, move.odd)
    return gain


def _shifted_table_gains(move: _Move, near: _Around, states: int, m: int, shape: tuple[int, int]
                   ) -> NDArray[np.float64]:
    """Gains at every anchor from shifted copies of the board and the table (see :class:`_Move`)."""
    rows, cols = shape
    p = near.pad
    first = np.zeros(shape)
    code = np.zeros(shape, dtype=np.int16)  # below _TABLE_CODES
    for a, ((di, dj), times) in enumerate(zip(move.offsets, move.spot_times, strict=True)):
        first += near.steps_s[(m * times) % states][p + di:p + di + rows, p + dj:p + dj + cols]
        code += near.board[p + di:p + di + rows, p + dj:p + dj + cols] * np.int16(states**a)
    return 2.0 * first.ravel() + move.table[m - 1, move.table_at + code.ravel()]


def _gains(move: _Move, near: _Around, states: int, m: int, where: NDArray[np.intp] | slice
           ) -> NDArray[np.float64]:
    """``ΔE`` of making ``move`` ``m`` times at the anchors ``where``: ``2 <u, s> + <u, K u>``."""
    dest = move.dest[:, where]
    around = near.lv[dest]
    add = (move.times[:, where].astype(np.int64) * m) % states
    u = near.change[around * states + add]
    if move.table.size:  # <u, K u> looked up by the footprint's levels
        code = (around * (states ** np.arange(len(around)))[:, None]).sum(axis=0)
        return 2.0 * np.einsum("ac,ac->c", u, near.s[dest]) + move.table[m - 1, move.table_at[where] + code]
    # <u, K u> over pairs of footprint cells, the diagonal once and each pair a < b twice: with
    # the interior's weights everywhere, then again with their own where footprints sit otherwise.
    pairs = _pair_sum(move, u, move.main)
    odd = np.flatnonzero(move.shape_class[where] != move.main)
    if odd.size:
        pairs[odd] = _pair_sum(move, u[:, odd], move.shape_class[where][odd])
    return 2.0 * np.einsum("ac,ac->c", u, near.s[dest]) + pairs


def _pair_sum(move: _Move, u: NDArray[np.float64], kind: int | NDArray[np.intp]) -> NDArray[np.float64]:
    """``<u, K u>`` with the weights of class ``kind`` (one class, or one per column of ``u``)."""
    diagonal, upper = move.pair_diagonal[:, kind], move.pair_upper[:, kind]
    if isinstance(kind, int):
        return np.einsum("a,ac,ac->c", diagonal, u, u) + 2.0 * np.einsum(
            "q,qc,qc->c", upper, u[move.upper[0]], u[move.upper[1]])
    return np.einsum("ac,ac,ac->c", diagonal, u, u) + 2.0 * np.einsum(
        "qc,qc,qc->c", upper, u[move.upper[0]], u[move.upper[1]])


def _best_moves(state: _State, geo: _Geometry, budget: int, settle: float, where: NDArray[np.intp] | None
                ) -> None:
    """Each anchor's best move and press count ``1..k-1`` by gain per click, into ``state``.

    Only at the anchors ``where`` (all when None). A move counts when it lowers the error by more
    than ``settle`` per click and its cost fits in ``budget``; an anchor with none gets ``+inf``.
    """
    shifts = all(move.offsets for move in geo.moves)
    if shifts and where is not None and where.size * _GATHER_SHARE > state.board.size:
        where = None  # shifted sums over the whole board cost less than gathers over most of it
    at: NDArray[np.intp] | slice = slice(None) if where is None else where
    states = geo.rules.states
    near = _around(state, geo.rules, geo.pad, not all(move.table.size for move in geo.moves),
                   where is None and any(move.offsets for move in geo.moves))
    pressed = np.zeros(state.presses.size + 1, dtype=np.int64)
    pressed[:-1] = state.presses.ravel()
    size = state.board.size if where is None else where.size
    best_key = np.full(size, np.inf)
    best_kind, best_times, best_cost = (np.zeros(size, dtype=np.int64) for _ in range(3))
    for kind, move in enumerate(geo.moves):
        press_at = move.press_at[:, at]
        presses = press_at.shape[0]
        for m in range(1, states):
            if not move.offsets or where is not None:
                gain = _gains(move, near, states, m, at)
            elif move.table.size:
                gain = _shifted_table_gains(move, near, states, m, geo.rules.shape)
            else:
                gain = _shifted_pair_gains(move, near, states, m, geo.rules.shape)
            # Only anchors that gain more than settle can pass (the key is at most the gain's
            # size): usually a few, so the rest is done on them alone.
            can = np.flatnonzero(gain < min(-settle, -1e-12))
            if can.size == 0:
                continue
            gain = gain[can]
            before = pressed[press_at[:, can]]
            # Clicks spent: for two states an unpress gives one back.
            cost = (presses - 2 * before.sum(axis=0) if states == 2
                    else ((before + m) % states - before).sum(axis=0))
            key = gain / np.maximum(cost, 1)
            better = key < np.minimum(best_key[can], -settle)
            better &= move.usable[at][can]
            if budget < presses * m:  # only then can a move cost more than the clicks left
                better &= cost <= budget
            can = can[better]
            best_key[can] = key[better]
            best_kind[can] = kind
            best_times[can] = m
            best_cost[can] = cost[better]
    state.key[at], state.kind[at] = best_key, best_kind
    state.times[at], state.cost[at] = best_times, best_cost


def _independent(key: NDArray[np.float64], finite: NDArray[np.bool_], geo: _Geometry, rules: Rules
                 ) -> tuple[NDArray[np.intp], NDArray[np.bool_]]:
    """Anchors no two of which interact, best key first, and the cells within reach of them.

    Near a greedy pick in a few vector passes: each takes every available anchor whose key is the
    least within its window, then makes the windows around them unavailable.
    """
    scale = float(np.abs(key[finite]).max())
    anchors = np.flatnonzero(finite)
    if anchors.size <= _FEW:
        return _independent_few(key, anchors, scale, geo, rules)
    jittered = np.where(finite, key + geo.jitter * scale * 1e-9, np.inf).reshape(rules.shape)
    free = finite.reshape(rules.shape).copy()
    picked = np.zeros(rules.shape, dtype=bool)
    near = np.zeros(rules.shape, dtype=bool)
    for _ in range(_PASSES):
        available = np.where(free, jittered, np.inf)
        pick = free & (available == _min_window(available, geo.reach, rules.wraps))
        if not pick.any():
            break
        picked |= pick
        around = _near(pick, geo.reach, rules)
        near |= around
        free &= ~around
    chosen = np.flatnonzero(picked)
    return chosen[np.argsort(key[chosen], kind="stable")], near


#: Rounds with at most this many anchors that have a move compare them pairwise (usually a few
#: dozen) instead of taking minima over windows of the whole board.
_FEW = 150


def _independent_few(key: NDArray[np.float64], anchors: NDArray[np.intp], scale: float,
                     geo: _Geometry, rules: Rules) -> tuple[NDArray[np.intp], NDArray[np.bool_]]:
    """:func:`_independent` by comparing the ``anchors`` pairwise: the same passes (an anchor is
    taken when its key is the least among the available anchors within reach, as the windows'
    minima take it), the same picks."""
    jittered = key[anchors] + geo.jitter[anchors] * scale * 1e-9
    rows, cols = np.divmod(anchors, rules.width)
    within = np.ones((anchors.size, anchors.size), dtype=bool)
    for where, size, wrap, reach in ((rows, rules.height, rules.wraps[0], geo.reach[0]),
                                     (cols, rules.width, rules.wraps[1], geo.reach[1])):
        gap = np.abs(where[:, None] - where[None, :])
        if wrap:
            gap = np.minimum(gap, size - gap)
        within &= gap <= reach
    free = np.ones(anchors.size, dtype=bool)
    picked = np.zeros(anchors.size, dtype=bool)
    for _ in range(_PASSES):
        available = np.where(free, jittered, np.inf)
        least = np.where(within, available[None, :], np.inf).min(axis=1)
        pick = free & (available == least)
        if not pick.any():
            break
        picked |= pick
        free &= ~within[pick].any(axis=0)
    chosen = anchors[picked]
    near = _near(_flags(chosen, rules), geo.reach, rules)
    return chosen[np.argsort(key[chosen], kind="stable")], near


def _presses(state: _State, geo: _Geometry, chosen: NDArray[np.intp], rules: Rules) -> NDArray[np.int64]:
    """The press counts of the moves anchored at ``chosen`` (their presses are distinct cells)."""
    step = np.zeros(rules.cells + 1, dtype=np.int64)
    for kind, move in enumerate(geo.moves):
        these = chosen[state.kind[chosen] == kind]
        for q in range(move.press_at.shape[0]):
            step[move.press_at[q, these]] += state.times[these]
    return step[:-1].reshape(rules.shape)


def _round(state: _State, geo: _Geometry, target: NDArray[np.float64], budget: int, settle: float
           ) -> _State | None:
    """One round of non-interacting moves within ``budget``; None when no move helps.

    The moves must already be in ``state``; the new state has them again, recomputed only within
    reach of this round's moves (elsewhere nothing they depend on changed).
    """
    rules = geo.rules
    states = rules.states
    finite = np.isfinite(state.key) & (state.cost <= budget)
    if not finite.any():
        return None
    chosen, near = _independent(state.key, finite, geo, rules)
    over = np.flatnonzero(np.cumsum(state.cost[chosen]) > budget)
    if over.size:  # the budget runs out: only the best that fit, so fewer cells need new moves
        chosen = chosen[:over[0]]
        near = _near(_flags(chosen, rules), geo.reach, rules)
    if chosen.size == 0:
        return None
    step = _presses(state, geo, chosen, rules)
    board = reached(state.board, step, rules)
    after = _measure(board, (state.presses + step) % states, target, states, geo.kernel)
    if after.error > state.error:
        return None
    after.key, after.kind, after.times, after.cost = (
        state.key.copy(), state.kind.copy(), state.times.copy(), state.cost.copy())
    left = budget - int(state.cost[chosen].sum())
    _best_moves(after, geo, left, settle, np.flatnonzero(near) if left >= 2 * (states - 1) else None)
    return after


def _flags(cells: NDArray[np.intp], rules: Rules) -> NDArray[np.bool_]:
    flags = np.zeros(rules.cells, dtype=bool)
    flags[cells] = True
    return flags.reshape(rules.shape)


def _checked(board: object, target: object, rules: Rules, max_clicks: int, sigma: float, settle: float
             ) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    levels = np.asarray(board)
    goal = np.asarray(target, dtype=np.float64)
    if levels.shape != rules.shape or goal.shape != rules.shape:
        raise LightsartError(f"board {levels.shape} and frame {goal.shape} must both have the rules' "
                             f"shape {rules.shape}")
    whole = levels.dtype == np.bool_ or np.issubdtype(levels.dtype, np.integer)
    if not whole or (levels.size and (levels.min() < 0 or levels.max() >= rules.states)):
        raise LightsartError(f"board levels must be whole numbers 0 to {rules.states - 1}")
    if not np.isfinite(goal).all():
        raise LightsartError("frame values must be finite numbers (0 dark to 1 lit)")
    if max_clicks < 0 or not sigma > 0 or not settle >= 0:
        raise LightsartError(f"clicks per frame and settle must be at least 0 and sigma positive, got "
                             f"{max_clicks}, {settle} and {sigma}")
    return levels.astype(np.uint8), goal


def play_step(board: object, target: object, rules: Rules, *, max_clicks: int,
              sigma: float = 0.8, settle: float = SETTLE) -> PlayStep:
    """The previous board plus at most ``max_clicks`` presses, chosen to look most like ``target``.

    Parameters
    ----------
    board : array_like
        The board on screen, levels ``0 .. rules.states-1``, shape ``rules.shape``.
    target : array_like
        The toned frame at board size, float in ``[0, 1]``, 1 = lit.
    rules : Rules
        Pattern, topology and states: every press is a legal click under them.
    max_clicks : int
        Most presses this frame (a cell pressed ``j`` times counts ``j``).
    sigma : float
        The eye's Gaussian, in cells, that blurs the error (see the module docstring).
    settle : float
        A move is made only if it lowers the error by more than this per click: small changes
        are left alone, so a still or slowly moving picture gives a steady board (0: every
        improving move).

    Returns
    -------
    PlayStep
        The new board, the presses per cell (``0 .. states-1``) and their sum.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart._rules import Rules
    >>> step = play_step(np.ones((5, 5), np.uint8), np.zeros((5, 5)), Rules(5, 5), max_clicks=3)
    >>> step.clicks <= 3, int(step.board.sum()) < 25
    (True, True)
    """
    levels, goal = _checked(board, target, rules, max_clicks, sigma, settle)
    start = np.zeros(rules.shape, dtype=np.int64)
    state = _measure(levels, start, goal, rules.states, _eye_kernel(float(sigma)))
    state = _rounds(state, _geometry(rules, float(sigma), True), goal, max_clicks, float(settle))
    return PlayStep(board=reached(levels, state.presses, rules), presses=state.presses,
                    clicks=int(state.presses.sum()))


def _rounds(state: _State, geo: _Geometry, goal: NDArray[np.float64], max_clicks: int, settle: float
            ) -> _State:
    """Rounds of moves from ``geo`` until none helps or the clicks run out."""
    _best_moves(state, geo, max_clicks - int(state.presses.sum()), settle, None)
    for _ in range(2 * max_clicks + 1):  # each round lowers the error and spends or refunds a click
        after = _round(state, geo, goal, max_clicks - int(state.presses.sum()), settle)
        if after is None:
            break
        state = after
    return state
