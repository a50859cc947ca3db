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
pattern of levels (a table look-up where the patterns are few). Single clicks and pairs, whose
overlapping footprints change cell shapes no single click can, compete by gain per click. A
cell pressed again in the same step counts its presses mod ``k`` (for two states an unpress
gives a click back).

The moves are made one at a time, compiled (:mod:`lightsart._video.play_kernel`): sweeps make
every move whose gain per click passes a threshold that falls by ``DROP`` a sweep down to
``settle``, so the most improving come first; the last few clicks of the budget go one at a
time to the best move left. A move changes ``s`` only within ``K``'s reach of its cells, and
the best moves of anchors within ``reach``: those whose footprint it touched are found again,
the others only when their gains can have come within reach of ``settle`` (each gain moves by
at most ``2 sum |ds|`` over the footprint, :func:`_bound`). A film's next step starts from the
last one's anchors the same way (:func:`_compiled_step`). The vector rounds this replaced
(every move within reach of another kept apart, ``s`` and the gains recomputed for the whole
board seventeen times a frame) took 22 ms for a step from scratch on a 200x112 board; this, 14.

A move is made only if it lowers ``E`` by more than ``settle`` per click: small gains (a pixel of
drift, a flicker of tone) leave the board alone, so a still scene gives a still board and a
slow pan moves only the edges. Each move's gain is exact when it is made, so ``E`` falls with
every move; the presses are applied again with the project's press operator, and the board
returned is exactly ``board + A presses`` (mod ``k``).
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
    ``k``: the level of cell ``a``) when the move is made ``m`` times.
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


@dataclass(frozen=True)
class _Geometry:
    """The moves of one rule set and board, the eye's kernel, and how far moves interact.

    Two moves whose anchors are more than ``reach`` cells apart on some axis do not interact;
    a footprint reaches at most ``pad`` cells from its anchor.
    """

    rules: Rules
    moves: tuple[_Move, ...]
    pad: int
    kernel: NDArray[np.float64]
    reach: tuple[int, int]


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
    return _Move(press_at=press_at, usable=usable, dest=dest, times=times.astype(np.int8),
                 shape_class=shape_class, main=int(np.bincount(shape_class).argmax()),
                 pair_diagonal=pair[diagonal, diagonal], pair_upper=pair[upper],
                 upper=(upper[0].astype(np.intp), upper[1].astype(np.intp)),
                 table_at=shape_class * rules.states ** len(spots),
                 table=table.reshape(rules.states - 1, -1))


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
def _geometry(rules: Rules, sigma: float) -> _Geometry:
    """The single clicks and the neighbouring pairs of clicks on ``rules``' board."""
    kernel = _eye_kernel(sigma)
    kinds = (_SINGLE, *_PAIRS)
    moves = tuple(_move(rules, presses, kernel) for presses in kinds)
    ri, rj = rules.pattern.radius
    # How far a footprint reaches from its anchor, per axis: the pattern's radius beyond the press.
    far_i = ri + max(abs(pi) for presses in kinds for pi, _ in presses)
    far_j = rj + max(abs(pj) for presses in kinds for _, pj in presses)
    half = len(kernel) // 2
    return _Geometry(rules=rules, moves=moves, pad=max(far_i, far_j), kernel=kernel,
                     reach=(half + 2 * far_i, half + 2 * far_j))


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
    return _compiled_step(levels, goal, rules, max_clicks, float(sigma), float(settle))[0]


@dataclass(frozen=True)
class _Packed:
    """A geometry's moves as the compiled step reads them: one row per move kind, footprints
    padded to the longest with the spare cell (``cells``, added 0 times)."""

    dest: NDArray[np.int64]
    times: NDArray[np.int64]
    nf: NDArray[np.int64]
    press_at: NDArray[np.int64]
    nq: NDArray[np.int64]
    usable: NDArray[np.bool_]
    has_table: NDArray[np.bool_]
    table: NDArray[np.float64]
    table_at: NDArray[np.int64]
    weights: NDArray[np.float64]
    shape_class: NDArray[np.int64]
    change: NDArray[np.float64]
    powk: NDArray[np.int64]
    order: NDArray[np.int64]
    interior: NDArray[np.bool_]
    offset: NDArray[np.int64]
    plain_times: NDArray[np.int64]
    bound: NDArray[np.float64]
    touch: NDArray[np.bool_]


@functools.lru_cache(maxsize=4)
def _packed(rules: Rules, sigma: float) -> _Packed:
    geo = _geometry(rules, sigma)
    cells, k, kinds = rules.cells, rules.states, len(geo.moves)
    foot = max(move.dest.shape[0] for move in geo.moves)
    presses = max(move.press_at.shape[0] for move in geo.moves)
    classes = max(int(move.shape_class.max()) + 1 for move in geo.moves)
    codes = max(move.table.shape[1] for move in geo.moves)
    dest = np.full((kinds, foot, cells), cells, np.int64)
    times = np.zeros((kinds, foot, cells), np.int64)
    press_at = np.full((kinds, presses, cells), cells, np.int64)
    table = np.zeros((kinds, k - 1, max(codes, 1)))
    weights = np.zeros((kinds, foot, foot, classes))
    for t, move in enumerate(geo.moves):
        f = move.dest.shape[0]
        dest[t, :f], times[t, :f] = move.dest, move.times
        press_at[t, :move.press_at.shape[0]] = move.press_at
        table[t, :, :move.table.shape[1]] = move.table
        diagonal = np.arange(f)
        c = move.pair_diagonal.shape[1]
        weights[t, diagonal, diagonal, :c] = move.pair_diagonal
        weights[t, move.upper[0], move.upper[1], :c] = move.pair_upper
        weights[t, move.upper[1], move.upper[0], :c] = move.pair_upper
    # Where a footprint is the interior's (the flat offsets of its first main-class anchor, the
    # same adds), the kernel reads it from one row: dest and times (megabytes) only at edges.
    offset = np.zeros((kinds, foot), np.int64)
    plain_times = np.zeros((kinds, foot), np.int64)
    interior = np.zeros((kinds, cells), bool)
    for t, move in enumerate(geo.moves):
        c0 = int(np.flatnonzero(move.shape_class == move.main)[0])
        offset[t] = dest[t, :, c0] - c0
        plain_times[t] = times[t, :, c0]
        interior[t] = ((dest[t] == np.arange(cells) + offset[t][:, None])
                       & (times[t] == plain_times[t][:, None])).all(axis=0)
    level, add = np.divmod(np.arange(k * k), k)

    def by_anchor(a: NDArray[Any]) -> NDArray[Any]:  # one anchor's moves side by side in memory
        return np.ascontiguousarray(np.moveaxis(a, -1, 0))

    return _Packed(
        dest=by_anchor(dest), times=by_anchor(times),
        nf=np.array([m.dest.shape[0] for m in geo.moves], np.int64),
        press_at=by_anchor(press_at),
        nq=np.array([m.press_at.shape[0] for m in geo.moves], np.int64),
        usable=by_anchor(np.array([m.usable for m in geo.moves])),
        has_table=np.array([m.table.size > 0 for m in geo.moves]), table=table,
        table_at=by_anchor(np.array([m.table_at for m in geo.moves], np.int64)), weights=weights,
        shape_class=by_anchor(np.array([m.shape_class for m in geo.moves], np.int64)),
        change=((level + add) % k - level) / (k - 1), powk=k ** np.arange(foot, dtype=np.int64),
        order=_tiled_order(rules), interior=by_anchor(interior),
        offset=offset,
        plain_times=(np.arange(k)[None, :, None] * plain_times[:, None, :]) % k,
        bound=_bound(geo)[0], touch=_bound(geo)[1])


def _bound(geo: _Geometry) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """For an anchor ``(di, dj)`` away from a move of kind ``t`` (index ``[t, di + reach,
    dj + reach]``): whether it may change a cell of the anchor's footprints (``touch``;
    then the anchor is found again), else how much it can change any gain of the anchor:
    ``2 sum |u| |ds|`` over the anchor's footprint, with ``|ds| <= sum K`` over the move's
    changed cells (each changes by at most a whole level). The anchor's footprint is the union
    of every kind's cells; on an axis that wraps, distances are the shortest way round (``s``
    itself does not wrap: the real distance is never shorter, and ``K`` falls with it).
    Footprints lose cells at edges and seams, never gain: the bound holds there too."""
    ri, rj = geo.reach
    union = np.array(sorted(_union(geo.rules)))  # (U, 2)
    half = len(geo.kernel) // 2
    di, dj = np.meshgrid(np.arange(-ri, ri + 1), np.arange(-rj, rj + 1), indexing="ij")

    def gap(x: NDArray[np.int64], axis: int) -> NDArray[np.int64]:
        if not geo.rules.wraps[axis]:
            return np.abs(x)
        x = x % geo.rules.shape[axis]
        return np.minimum(x, geo.rules.shape[axis] - x)

    bound = np.zeros((len(geo.moves), 2 * ri + 1, 2 * rj + 1))
    touch = np.zeros(bound.shape, bool)
    for t, presses in enumerate((_SINGLE, *_PAIRS)):
        counts: dict[tuple[int, int], int] = {}
        for pi, pj in presses:
            for oi, oj in geo.rules.pattern.offsets:
                counts[pi + oi, pj + oj] = counts.get((pi + oi, pj + oj), 0) + 1
        changed = np.array([d for d, times in counts.items() if times % geo.rules.states])
        # (rows, cols, U, C): the gap between footprint cell a and changed cell b, per axis
        gi = gap(-di[:, :, None, None] + changed[None, None, None, :, 0] - union[None, None, :, None, 0], 0)
        gj = gap(-dj[:, :, None, None] + changed[None, None, None, :, 1] - union[None, None, :, None, 1], 1)
        near = (gi <= half) & (gj <= half)
        weight = geo.kernel[half + np.minimum(gi, half)] * geo.kernel[half + np.minimum(gj, half)]
        touch[t] = ((gi == 0) & (gj == 0)).any(axis=(2, 3))
        bound[t] = 2.0 * np.where(near, weight, 0.0).sum(axis=(2, 3)) * (1 + 1e-9)
    return bound, touch


@dataclass
class _Memo:
    """The compiled step's anchors at the end of the last step (see :func:`_compiled_step`)."""

    key: tuple[Rules, float, float, int]
    board: NDArray[np.uint8]
    s: NDArray[np.float64]
    moves: tuple[NDArray[Any], ...]  # key, kind, mult, cost, lowest, dirty


#: The last step's memo: the next step from its board starts from its anchors.
_LAST: list[_Memo] = []

#: The compiled step visits anchors a tile of this many cells square at a time, the tiles in a
#: shuffled order and each in rows: a shuffled order over the whole board took twice as long
#: (19-20 ms a step on the 200x112 board against 12 ms), cells within a tile shuffled as long.
_TILE = 8


def _tiled_order(rules: Rules) -> NDArray[np.int64]:
    """The anchors in the order the compiled step's sweeps visit them: no side of the board
    first, a tile at a time."""
    cols = rules.width
    r, c = np.divmod(np.arange(rules.cells), cols)
    tile = (r // _TILE) * (-(-cols // _TILE)) + c // _TILE
    tiles = np.random.default_rng(0).permutation(int(tile.max()) + 1)
    return np.lexsort((np.arange(rules.cells), tiles[tile])).astype(np.int64)


def _compiled_step(levels: NDArray[np.uint8], goal: NDArray[np.float64], rules: Rules,
                   max_clicks: int, sigma: float, settle: float) -> tuple[PlayStep, float]:
    """:func:`play_step` by :func:`lightsart._video.play_kernel.play_moves`, and the change of
    ``E`` it counted move by move.

    A film's next step starts from this step's board: an anchor whose moves all failed
    ``settle`` (by ``lowest`` at least) fails it still when its gains can have changed by less
    than the margin, ``2 sum |u| |ds| <= 2 sum |ds|`` over its footprint, ``ds`` the change of
    ``s`` with the frame; only the others are looked at again. The moves are the same as from
    scratch (a test checks), the first sweep a fraction of the board.
    """
    from lightsart._video.play_kernel import play_moves

    geo = _geometry(rules, sigma)
    packed = _packed(rules, sigma)
    k, cells = rules.states, rules.cells
    e = levels / (k - 1) - goal
    lv = np.zeros(cells + 1, np.int64)
    lv[:-1] = levels.ravel()
    s = np.zeros(cells + 1)
    s[:-1] = blur(e, geo.kernel).ravel()
    presses = np.zeros(cells + 1, np.int64)
    memo_key = (rules, sigma, settle, max_clicks)
    last = _LAST[0] if _LAST else None
    if last is not None and last.key == memo_key and np.array_equal(last.board, levels):
        key, kind, mult, cost, lowest, dirty = (a.copy() for a in last.moves)  # threads
        margin = _footprint_sums(np.abs(s[:-1] - last.s[:-1]).reshape(rules.shape), geo)
        lowest -= 2.0 * margin * (1 + 1e-9) + 1e-12
        dirty |= (lowest < -settle) | (key < np.inf)
        key[dirty] = np.inf
    else:
        key = np.full(cells, np.inf)
        kind, mult, cost = (np.zeros(cells, np.int64) for _ in range(3))
        lowest = np.full(cells, -np.inf)
        dirty = np.ones(cells, bool)
    p = packed
    drop = play_moves(lv, s, presses, int(max_clicks), settle, k, np.array(rules.shape, np.int64),
               np.array(rules.wraps), np.array(geo.reach, np.int64), p.dest, p.times, p.nf,
               p.press_at, p.nq, p.usable, p.has_table, p.table, p.table_at, p.weights,
               p.shape_class, p.change, p.powk, geo.kernel, p.order, p.interior, p.offset,
               p.plain_times, p.bound, p.touch, key, kind, mult, cost, lowest, dirty)
    made = presses[:-1].reshape(rules.shape)
    board = reached(levels, made, rules)
    if not np.array_equal(board.ravel(), lv[:-1]):  # pragma: no cover
        raise AssertionError("the compiled play step's presses do not make its board")
    _LAST[:] = [_Memo(memo_key, board, s, (key, kind, mult, cost, lowest, dirty))]
    return PlayStep(board=board, presses=made, clicks=int(made.sum())), float(drop)


def _footprint_sums(a: NDArray[np.float64], geo: _Geometry) -> NDArray[np.float64]:
    """Each anchor's sum of ``a`` over the union of its moves' footprints (wrapped where the
    board wraps, nothing off the board), flat."""
    rows, cols = a.shape
    pad = geo.pad
    padded = _padded(a, pad, geo.rules.wraps)
    out = np.zeros_like(a)
    for di, dj in _union(geo.rules):
        out += padded[pad + di:pad + di + rows, pad + dj:pad + dj + cols]
    return out.ravel()


def _union(rules: Rules) -> set[tuple[int, int]]:
    """The cells any move changes, relative to its anchor, on an endless plane."""
    return {(pi + di, pj + dj) for presses in (_SINGLE, *_PAIRS) for pi, pj in presses
            for di, dj in rules.pattern.offsets}
