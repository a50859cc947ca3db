"""The closest reachable board as a decoding problem, for any rules and any number of states.

A board ``b`` is reachable from ``start`` iff ``b - start`` is in the image of the press operator
``A``: its syndrome (its coordinates in the cokernel) is zero. Write ``b = target + e``: the wrong
cells are the support of ``e``, and ``syndrome(e) = -syndrome(target - start) =: σ``. So the
closest board is syndrome decoding with one column ``h_c`` per cell
(:func:`lightsart._core.decode.decode`): errors of least cost with ``Σ e_c h_c = σ``. This module
poses that problem in the rules' field and turns the answer back into a board and one press
vector making it (:class:`Decoded`); :func:`lightsart.closest_board`, the one
public entry, then makes those presses fewest.

* **GF(2)** (two states), :func:`decode_bits`: bit columns. The classic game offers the
  light-chasing check columns of the cells (of a sample of them on large boards,
  :func:`_check_columns`), Bosch's bottom-row errors as the baseline and, at large nullity,
  chains on the cells near the edges (:func:`edge_focus`); other rules every cell's column.
* **Z/k** (``k`` states), :func:`decode_levels`: the cokernel is ``⊕ Z/p^a`` (``S`` elements,
  the kernel size) and a cell has ``k - 1`` wrong values. Exact (proven): dynamic programming
  over the ``S`` syndromes, one cell at a time (``dp'[s + v h_c] = min(dp[s] + cost_c(v))``),
  when ``cells × k × S`` is at most :data:`MODK_DECODE_MAX`; cells with a zero column never need an
  error. Otherwise the chase puts every residual on the constraint cells (``A x = c - r`` with
  ``r`` only there; Bosch's bottom-row heuristic), a coordinate descent over the free values
  ``t`` (``r = r(c) - K t``) lowers the cost, and the decoder's walk over ``Z/k`` starts there.
  The lower bound is 1 when ``σ ≠ 0``, and for wrong cells 2 when no single cell's error
  ``v h_c`` equals ``σ`` (checked over all cells and values); the answer is proven when it meets
  that bound. The same search runs from any start, and also by brightness.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np
from numpy.typing import NDArray

from lightsart._calibration import (
    CHASE_WORDS,
    COLUMN_BITS,
    EDGE_BAND,
    EDGE_CHAINS_MAX_NULLITY,
    EDGE_CHAINS_NULLITY,
    EDGE_CHAINS_SECONDS,
    ELIMINATION_WORDS,
    SAMPLE_ROWS,
)
from lightsart._core.board import as_board
from lightsart._core.general import PackedAlgebra
from lightsart._core.general import packed_algebra as rules_algebra
from lightsart._core.gf2 import ClassicAlgebra, chase
from lightsart._core.gf2 import classic_algebra as board_algebra
from lightsart._core.packed import words_for
from lightsart._core.presses import SWEEPS
from lightsart._errors import LightsartError
from lightsart._limits import MODK_DECODE_MAX
from lightsart._rules import Rules
from lightsart._types import Board

if TYPE_CHECKING:
    from lightsart._core.modk import ModkAlgebra
    from lightsart._core.relink import Focus

__all__ = [
    "Decoded",
    "Metric",
    "decode_bits",
    "decode_levels",
    "edge_focus",
    "pixel_weights",
]

Ints = NDArray[np.int64]
Levels = NDArray[np.uint8]
Metric = Literal["wrong", "brightness"]
#: The decoder's share of a fit's budget, given the budget, the nullity and the words chased.
Share = Callable[[float, int, int], float]



@dataclass(frozen=True, eq=False)
class Decoded:
    """The closest board a decoder found, before its presses are made fewest: the target (as
    checked), the start, the board, one press vector making it from the start, what the
    decoding cost and proved, and what the fit reports of the algebra."""

    target: Board
    start: Board
    board: Board
    presses: Board
    wrong_cost: float
    proven: bool
    lower_bound: float
    method: str
    cut_short: bool
    weighted: bool
    nullity: int
    #: Seconds of the fit's budget the decoder had (the fewest presses get the rest).
    share: float = 0.0
    kernel_size: int | None = None
    #: The dearest wrong pixel (cell, at any level) when costs were given: bounds the count.
    dearest: float | None = None
    #: Over ``Z/k``, how the errors were found: ``"exact"``, ``"isd"``
    #: (:mod:`lightsart._core.isd_ring`), ``"chase"`` (the bottom-row descent) or
    #: ``"reachable"`` (the target itself); ``method`` names the algebra's path.
    decoder: str = ""


# ---------------------------------------------------------------------------- GF(2)


def _check_columns(alg: ClassicAlgebra) -> tuple[NDArray[np.intp], NDArray[np.uint64], int]:
    """Cells offered to the decoder, their check columns (packed), and the words chased.

    Every cell when there are at most ``min(COLUMN_BITS / d, 64 ELIMINATION_WORDS / d**2)``
    (a memory cap, and one packed elimination of ``d`` rows over the columns in about a
    second). Otherwise the whole bottom chased row (where Bosch's baseline errors are) and a
    lattice of cells over up to :data:`SAMPLE_ROWS` rows spread up the board, as far as
    :data:`CHASE_WORDS` lets the chase reach: wrong pixels are then spread rather than lined up.
    """
    h, w, d = alg.h, alg.w, alg.nullity
    cap = max(w, min(COLUMN_BITS // max(1, d), 64 * ELIMINATION_WORDS // max(1, d * d)))
    reach = max(1, min(h, CHASE_WORDS // (w * words_for(d))))
    if h * w <= cap and reach >= h:
        return (*alg.check_rows(np.arange(h)), h * w * words_for(d))
    count = max(1, min(SAMPLE_ROWS, reach, COLUMN_BITS // max(1, w * d)))
    if cap <= w:
        count = 1
    # Rows counted up from the bottom one (always included), spread over the reach.
    up = np.round(np.linspace(0, reach - 1, count)).astype(np.intp)
    rows = np.unique(h - 1 - up)
    cells, columns = alg.check_rows(rows)
    if rows.size > 1:
        # Keep the bottom row whole and every ``stride``-th cell of the others (shifted per row).
        stride = max(1, -(-(rows.size - 1) * w // (cap - w)))
        row_of = np.arange(cells.size) // w
        keep = (row_of == rows.size - 1) | ((np.arange(cells.size) + row_of) % stride == 0)
        cells, columns = cells[keep], columns[keep]
    return cells, columns, (h - int(rows[0])) * w * words_for(d)


def _chase_view(a: NDArray[np.generic], view: int) -> NDArray[np.generic]:
    """The board as light chasing down (0), up (1), right (2) and left (3) sees it."""
    b = a.T if view >= 2 else a
    return b[::-1] if view % 2 else b


def edge_focus(change: Board, cells: NDArray[np.intp], band: int = EDGE_BAND
               ) -> tuple[Focus, ...]:
    """One chain for :func:`lightsart._core.decode.decode`: the cells within ``band`` rows or
    columns of any edge, starting from light chasing down, up, right and left. Near an edge the
    plus shapes are cut (near a corner on two sides), so short relations between check columns
    abound there, and each chase puts the errors on one edge; walking on all four bands at once
    lets the relinked walks mix errors near different edges (the 512x512 astronaut: 50.75 wrong
    pixels on average over 8 seeds, where a chain for the rows and one for the columns, sharing
    the same work, gave 51.9).

    ``change``: the cells that must toggle; ``cells``: the board cells (flat, increasing) whose
    columns the decoder gets. Returns indices into ``cells``; a start with a cell not offered
    is left out, and no chain when no start is left.
    """
    m, n = change.shape
    flat = np.arange(m * n, dtype=np.intp).reshape(m, n)
    rows, cols = np.divmod(flat, n)
    near = (np.minimum(rows, m - 1 - rows) < band) | (np.minimum(cols, n - 1 - cols) < band)
    starts = []
    for view in range(4):
        _, leftover = chase(np.ascontiguousarray(_chase_view(change, view)))
        wrong = np.sort(_chase_view(flat, view).ravel()[np.flatnonzero(leftover.ravel())])
        at = np.minimum(np.searchsorted(cells, wrong), max(0, cells.size - 1))
        if cells.size and np.array_equal(cells[at], wrong):
            starts.append(at.astype(np.intp))
    if not starts:
        return ()
    from lightsart._core.relink import Focus  # the decoder's modules load only when it runs

    return (Focus(np.flatnonzero(near.ravel()[cells]).astype(np.intp), tuple(starts)),)


def pixel_weights(cost: NDArray[np.float64] | None, shape: tuple[int, ...]
                   ) -> NDArray[np.float64] | None:
    """The pixel costs as float64, checked: the target's shape, finite, non-negative."""
    if cost is None:
        return None
    weights = np.asarray(cost, dtype=np.float64)
    if weights.shape != shape:
        raise LightsartError(f"cost has shape {weights.shape}, target has {shape}")
    if not np.isfinite(weights).all() or (weights < 0).any():
        raise LightsartError("pixel costs must be finite and non-negative")
    return weights


def _checked(rules: Rules, shape: tuple[int, ...]) -> Rules:
    if rules.shape != tuple(shape):
        raise LightsartError(f"the rules are for a {rules.width}x{rules.height} board, "
                             f"not {shape[1]}x{shape[0]}")
    return rules


@dataclass(frozen=True, eq=False)
class _BitSetup:
    """What the GF(2) decoder gets for one fit: the algebra, the cells offered and their check
    columns, the syndrome of the change, Bosch's baseline (classic game), the decoder's share
    of the budget and the edge chains' focus."""

    alg: ClassicAlgebra | PackedAlgebra
    cells: NDArray[np.intp]
    columns: NDArray[np.uint8] | NDArray[np.uint64]
    syndrome: NDArray[np.uint8]
    baseline: NDArray[np.intp] | None
    share: float
    focus: tuple[Focus, ...] = ()

    @classmethod
    def of(cls, change: Board, rules: Rules | None, seconds: float, share: Share) -> _BitSetup:
        m, n = change.shape
        if rules is not None and not rules.is_classic:
            alg = rules_algebra(_checked(rules, change.shape))
            return cls(alg, np.arange(m * n, dtype=np.intp), alg.columns(), alg.syndrome(change),
                       None, share(seconds, alg.nullity, 0))
        board = board_algebra(m, n)
        cells, columns, chased = _check_columns(board)
        # Bosch's baseline: chase with no top-row clicks; the excess row is wrong pixels in the
        # bottom chased row, the last ``w`` cells offered (none needed without quiet patterns:
        # every change is reached, and the chase was a third of a film's fit).
        baseline = (None if board.nullity == 0
                    else cells.size - board.w + np.flatnonzero(board.excess(change)))
        part = share(seconds, board.nullity, chased)
        focus: tuple[Focus, ...] = ()
        if (EDGE_CHAINS_NULLITY < board.nullity <= EDGE_CHAINS_MAX_NULLITY
                and part >= EDGE_CHAINS_SECONDS):
            focus = edge_focus(change, cells)
        return cls(board, cells, columns, board.checks(change), baseline, part, focus)


def decode_bits(target: object, cost: NDArray[np.float64] | None, rules: Rules | None, *, seed: int,
                seconds: float, share: Share) -> Decoded:
    """The closest board over GF(2) from all-lit: the wrong pixels decoded within the decoder's
    ``share`` of ``seconds``, and one click set making the board (checked)."""
    from lightsart._core.decode import decode

    t = as_board(target, "target")
    weights = pixel_weights(cost, t.shape)
    setup = _BitSetup.of(t ^ np.uint8(1), rules, seconds, share)
    decoding = decode(
        setup.columns, setup.syndrome, None if weights is None else weights.ravel()[setup.cells],
        baseline=setup.baseline, seed=seed, seconds=setup.share, focus=setup.focus,
    )
    wrong = np.zeros(t.size, dtype=np.uint8)
    wrong[setup.cells[decoding.errors]] = 1
    board = t ^ wrong.reshape(t.shape)
    x0 = setup.alg.solve(board ^ np.uint8(1))
    if x0 is None:  # pragma: no cover - decoding must land on a reachable board
        raise AssertionError("decoded board is not reachable")
    return Decoded(
        t, np.ones_like(t), board, x0, float(decoding.cost), decoding.proven,
        float(decoding.lower_bound), decoding.method, decoding.cut_short,
        weighted=weights is not None and not bool(np.all(weights == 1.0)),
        nullity=setup.alg.nullity, share=setup.share, kernel_size=setup.alg.kernel_size,
        dearest=None if weights is None else float(weights.max(initial=0.0)),
    )


# ---------------------------------------------------------------------------- Z/k


def decode_levels(target: object, cost: object | None, alg: ModkAlgebra, *, seed: int = 0,
                  seconds: float = 1.0, start: object | None = None, metric: Metric = "wrong",
                  exact_max: int | None = None, rounds: int | None = None) -> Decoded:
    """The closest board over ``Z/k`` (``alg``) to ``target`` reachable from ``start`` (default
    the all-brightest board, where every picture starts), and one press vector making it.

    Fewest wrong cells; with ``metric="brightness"`` least ``Σ |board - target|`` (then
    ``wrong_cost``, ``lower_bound`` and ``proven`` speak of that sum); with ``cost`` (per cell,
    or per cell and level: shape ``(cells, k)``, zero at ``v = 0``, positive elsewhere) the least
    total cost (``metric`` must then be ``"wrong"``). The exact search runs up to ``exact_max``
    (default :data:`~lightsart._limits.MODK_DECODE_MAX`) work; beyond it the decoder's walk
    (:func:`lightsart._core.decode.decode`) works ``rounds`` rounds (default: planned from
    ``seconds``) seeded by ``seed``, weighing each cell by its cheapest wrong level.
    """
    levels = alg.levels(target, "target")
    costs = _level_costs(cost, alg.rules)
    begin = (np.full_like(levels, alg.states - 1) if start is None
             else alg.levels(start, "start"))
    errors = _ring_errors(alg, levels, begin, costs, metric, exact_max, seconds, seed, rounds)
    board, presses = _reached(alg, levels, begin, errors.values)
    weighted = costs is not None
    return Decoded(
        levels.astype(np.uint8), begin.astype(np.uint8), board, presses.astype(np.uint8),
        errors.cost, errors.proven, errors.bound if weighted else round(errors.bound),
        f"Z/{alg.states} {alg.method}", errors.cut_short, weighted=weighted,
        nullity=alg.nullity, share=seconds, kernel_size=alg.kernel_size,
        dearest=None if costs is None else float(np.max(costs, initial=0.0)),
        decoder=errors.method,
    )


@dataclass(frozen=True, eq=False)
class _Errors:
    """The errors ``e`` (a value per cell) of the closest board over ``Z/k``, and their proof."""

    values: Ints
    cost: float
    proven: bool
    bound: float
    method: str
    cut_short: bool = False


def _reached(alg: ModkAlgebra, target: Ints, start: Ints, error: Ints) -> tuple[Levels, Ints]:
    """The board ``target + error`` and one press vector making it from ``start`` (checked)."""
    m, n = alg.rules.shape
    board = ((target.reshape(-1) + error) % alg.states).reshape(m, n).astype(np.uint8)
    presses = alg.solve((board.astype(np.int64) - start) % alg.states)
    if presses is None:  # pragma: no cover - the syndrome said reachable
        raise AssertionError("the closest board is not reachable")
    return board, presses.astype(np.int64)


def _ring_errors(alg: ModkAlgebra, target: Ints, start: Ints,
                 given: NDArray[np.float64] | None, metric: Metric, exact_max: int | None,
                 seconds: float, seed: int, rounds: int | None) -> _Errors:
    """The least-cost errors found: exact when the dynamic programme fits, else the chase's,
    improved by the decoder's walk (fewest wrong cells), with a lower bound."""
    k = alg.states
    weighted = given is not None
    costs = (_costs(target, k, metric).astype(np.float64) if given is None
             else _checked_costs(given, target.size, k, metric))
    moduli = np.array(alg.check_moduli, dtype=np.int64)
    sigma = (-alg.syndrome((target - start) % k)) % moduli
    if not sigma.any():
        return _Errors(np.zeros(target.size, dtype=np.int64), 0.0, True, 0.0, "reachable")
    columns = alg.syndrome_columns()
    # Merging cells of one column is sound only when every wrong cell costs the same.
    useful = _distinct_cells(columns, moduli, target.reshape(-1), k,
                             "brightness" if weighted else metric)
    if useful.size * k * alg.kernel_size <= (MODK_DECODE_MAX if exact_max is None else exact_max):
        error = _decode(columns, moduli, sigma, costs, useful, k)
        total = _total(costs, error)
        return _Errors(error, total, True, total, "exact")
    error = _constraint_descent(alg, target, start, costs)
    single = _single_cell(columns, moduli, sigma, k)
    bound = 1.0 if metric != "wrong" or single else 2.0
    cheapest = costs[:, 1:].min(axis=1)
    if weighted:  # one or two cells at their cheapest wrong level
        bound = float(np.sort(cheapest)[: int(bound)].sum())
    method, cut_short = "chase", False
    if metric == "wrong":
        from lightsart._core.decode import decode

        found = decode(columns, sigma, cheapest if weighted else None, error, states=k,
                       moduli=moduli, value_cost=costs if weighted else None, floor=bound,
                       seconds=seconds, seed=seed, work=rounds)
        assert found.values is not None
        # The decoder weighs a wrong cell at its cheapest level: keep the chase's errors if
        # their levels cost less after all.
        if _total(costs, found.values) <= _total(costs, error):
            error, method = found.values, "isd"
        cut_short = found.cut_short
    total = _total(costs, error)
    return _Errors(error, total, total <= bound, bound, method, cut_short)


def _costs(target: Ints, k: int, metric: Metric) -> Ints:
    """``cost[cell, v]``: the cost of error ``v`` (board ``target + v mod k``) at each cell."""
    v = np.arange(k)
    if metric == "wrong":
        return np.broadcast_to((v != 0).astype(np.int64), (target.size, k))
    if metric == "brightness":
        t = target.reshape(-1, 1)
        return np.abs((t + v[None, :]) % k - t)
    raise LightsartError(f"unknown metric {metric!r}; choose wrong or brightness")


def _level_costs(cost: object | None, rules: Rules) -> NDArray[np.float64] | None:
    """Per-cell costs as ``(cells, k)`` prices of each error level (``None``: count wrong cells)."""
    if cost is None:
        return None
    c = np.asarray(cost, dtype=np.float64)
    if c.shape == rules.shape:  # one price per cell, for every wrong level
        k = rules.states
        c = np.repeat(c.reshape(-1, 1), k, axis=1)
        c[:, 0] = 0.0
    return c


def _total(costs: NDArray[np.float64], error: Ints) -> float:
    """The cost of errors ``e``: ``Σ cost[c, e_c]``."""
    return float(costs[np.arange(error.size), error % costs.shape[1]].sum())


def _checked_costs(costs: object, cells: int, k: int, metric: Metric) -> NDArray[np.float64]:
    """``costs`` as a float ``(cells, k)`` array: zero at ``v = 0``, finite and positive elsewhere."""
    c = np.asarray(costs, dtype=np.float64)
    if metric != "wrong":
        raise LightsartError("per-cell costs replace the metric: use metric='wrong' with them")
    if c.shape != (cells, k):
        raise LightsartError(f"costs must have shape {(cells, k)}, got {c.shape}")
    if not np.isfinite(c).all() or (c[:, 0] != 0).any() or (c[:, 1:] <= 0).any():
        raise LightsartError("costs must be 0 for the right level and finite and > 0 for a wrong one")
    return c


def _distinct_cells(columns: Ints, moduli: Ints, target: Ints, k: int, metric: Metric
                    ) -> NDArray[np.intp]:
    """Cells the exact search must try: non-zero columns, and for ``"wrong"`` one cell per column
    up to a unit multiple. Two wrong cells with one column ``h`` give ``(v + w) h``, which one of
    them gives alone at no more cost; a unit multiple ``u h`` reaches the same ``v h``. With
    ``"brightness"`` a cell's costs depend on its target level, so only zero columns are dropped."""
    useful = np.flatnonzero(columns.any(axis=1))
    if metric != "wrong" or not useful.size or math.prod(moduli.tolist()) > 1 << 40:
        return useful  # beyond 2^40 syndromes the exact search is out of reach anyway
    cols = columns[useful] % moduli
    units = [u for u in range(1, k) if math.gcd(u, k) == 1]
    # A canonical representative of each column's orbit under unit multiples: the least code.
    place = np.cumprod(np.concatenate([[1], moduli[:-1]]))
    codes = np.min([((u * cols) % moduli) @ place for u in units], axis=0)
    _, first = np.unique(codes, return_index=True)
    return useful[np.sort(first)]


def _decode(columns: Ints, moduli: Ints, sigma: Ints, costs: NDArray[np.float64],
            useful: NDArray[np.intp], k: int) -> Ints:
    """Least-cost errors ``e`` with ``Σ e_c h_c = σ``: dynamic programming over all syndromes."""
    size = int(np.prod(moduli))
    strides = np.cumprod(np.concatenate([[1], moduli[:-1]]))
    table = (np.arange(size)[:, None] // strides[None, :]) % moduli[None, :]  # syndrome digits

    def encode(digits: Ints) -> Ints:
        return ((digits % moduli) * strides).sum(axis=-1)

    dp = np.full(size, np.inf)
    dp[0] = 0.0
    choices = np.zeros((useful.size, size), dtype=np.uint8)
    for step, cell in enumerate(useful.tolist()):
        shift = encode(table + columns[cell])  # s -> s + h_c
        new = dp.copy()
        moved = np.arange(size)
        for v in range(1, k):
            moved = shift[moved]  # s -> s + v h_c
            cand = dp + costs[cell, v]
            better = cand < new[moved]
            new[moved[better]] = cand[better]
            choices[step, moved[better]] = v
        dp = new
    error = np.zeros(columns.shape[0], dtype=np.int64)
    s = int(encode(sigma))
    for step in range(useful.size - 1, -1, -1):
        v = int(choices[step, s])
        if v:
            cell = int(useful[step])
            error[cell] = v
            s = int(encode(table[s] - v * columns[cell]))
    if s != 0:  # pragma: no cover - every syndrome is reachable from the cells' columns
        raise AssertionError("syndrome decoding did not reach the syndrome")
    return error


def _single_cell(columns: Ints, moduli: Ints, sigma: Ints, k: int) -> bool:
    """Whether one cell's error ``v h_c`` alone has syndrome ``σ``."""
    v = np.arange(1, k)[:, None, None]
    return bool(np.all((v * columns[None] - sigma) % moduli == 0, axis=2).any())


def _constraint_descent(alg: ModkAlgebra, target: Ints, start: Ints, costs: NDArray[np.float64]
                        ) -> Ints:
    """Errors only on the constraint cells: ``e = -(r(c) - K t)`` there, ``t`` by coordinate descent."""
    k = alg.states
    red = alg.reduction
    change = ((target - start) % k)[:, :, None]
    f = red.free
    r0 = red.residuals(np.zeros((f, 1), dtype=np.int64), change)[:, 0]
    K = (-red.residuals(np.eye(f, dtype=np.int64), None)) % k
    cells = red.residual_cells
    local = costs[cells]  # cost[j, v] at constraint j
    r = r0.copy()
    cost = float(local[np.arange(f), (-r) % k].sum())
    for _ in range(SWEEPS):
        improved = False
        for q in range(f):
            col = K[:, q]
            if not col.any():
                continue
            cand = (r[None, :] - np.arange(1, k)[:, None] * col[None, :]) % k
            totals = local[np.arange(f)[None, :], (-cand) % k].sum(axis=1)
            i = int(totals.argmin())
            if totals[i] < cost:
                r, cost, improved = cand[i], float(totals[i]), True
        if not improved:
            break
    error = np.zeros(target.size, dtype=np.int64)
    error[cells] = (-r) % k
    return error
