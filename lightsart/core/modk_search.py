"""Optimisation over the cosets of the k-state game: fewest presses and the closest reachable board.

**Fewest presses.** Every press vector making the change of ``x`` is ``x + κ`` with ``κ`` in the
kernel ``⊕ Z/o_i`` (generators ``g_i`` of order ``o_i``, :meth:`ModkAlgebra.kernel_generators`).
The cost of a press vector is ``Σ cells (x mod k)`` (a cell pressed ``j`` times counts ``j``).
When ``kernel_size × cells`` is at most :data:`EXACT_MAX` every ``κ = Σ λ_i g_i`` is tried
(mixed-radix enumeration of ``λ``, in chunks) and the minimum is proven; beyond that a coordinate
descent over ``λ`` (one generator multiple at a time, while it helps) gives an answer proven only
when it meets the lower bound :func:`presses_bound` (the kernel adds multiples of
``g_c = gcd(k, generators at c)`` to cell ``c``, which is pressed at least ``x_c mod g_c`` times).

**Closest board.** A board ``b`` is reachable from ``start`` iff ``b - start`` is in the image of
``A``, i.e. its syndrome is zero. Write ``b = target + e``: the wrong cells are the support of
``e``, and ``syndrome(e) = -syndrome(target - start) =: σ``. So the closest board is a decoding
problem with one syndrome column ``h_c`` per cell: choose ``e_c ∈ Z/k`` per cell, of least total
cost (``[e_c ≠ 0]`` for wrong cells, ``|b_c - target_c|`` for brightness), with ``Σ e_c h_c = σ``
in the cokernel ``⊕ Z/p^a`` (``S`` elements, the kernel size).

* Exact (proven): dynamic programming over the ``S`` syndromes, one cell at a time
  (``dp'[s + v h_c] = min(dp[s] + cost_c(v))``), when ``cells × k × S`` is at most
  :data:`DECODE_MAX`; cells with a zero column never need an error.
* Otherwise: the chase puts every residual on the constraint cells (``A x = c - r`` with ``r``
  only there; Bosch's bottom-row heuristic), and a coordinate descent over the free values ``t``
  (``r = r(c) - K t``) lowers the cost. The lower bound is 1 when ``σ ≠ 0``, and for wrong cells 2
  when no single cell's error ``v h_c`` equals ``σ`` (checked over all cells and values). The
  answer is proven only when it meets that bound.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np
from numpy.typing import NDArray

from lightsart.errors import LightsartError
from lightsart.limits import MODK_DECODE_MAX, MODK_EXACT_MAX

if TYPE_CHECKING:
    from lightsart.core.modk import ModkAlgebra

__all__ = ["DECODE_MAX", "EXACT_MAX", "ClosestBoard", "Metric", "Presses", "closest_board", "fewest_presses"]

Ints = NDArray[np.int64]
Levels = NDArray[np.uint8]
Metric = Literal["wrong", "brightness"]

#: Work of an exact fewest-presses search: kernel elements × cells (2**26: about a second).
EXACT_MAX = MODK_EXACT_MAX
#: Work of an exact closest-board search: cells × k × syndromes (64×64, k = 3, 3^8 syndromes:
#: 0.8·2**27 in about 2 s; the descent beyond it found 29 wrong cells where the optimum is 2).
DECODE_MAX = MODK_DECODE_MAX
# Kernel elements enumerated per chunk (chunk × cells int64 in memory).
_CHUNK_WORK = 1 << 22
_SWEEPS = 50


@dataclass(frozen=True)
class Presses:
    """A press vector (values ``0 .. k-1``), its number of presses, and whether it is the fewest
    among all press vectors making the same change."""

    presses: Levels
    count: int
    proven: bool
    kernel_size: int
    states: int
    seconds: float
    #: No press vector making the change has fewer presses: ``Σ_c (x_c mod g_c)``, where ``g_c``
    #: generates the values the kernel adds at cell ``c`` (``gcd`` of ``k`` and the generators'
    #: entries there; ``k`` where no quiet pattern reaches, so those presses are fixed).
    lower_bound: int = 0


@dataclass(frozen=True)
class ClosestBoard:
    """The reachable board closest to a target, and the presses that make it from ``start``.

    ``lower_bound`` and ``proven`` speak of the quantity ``metric`` names: ``wrong_cells`` for
    ``"wrong"``, ``error`` (``Σ |board - target|``) for ``"brightness"``.
    """

    target: Levels
    start: Levels
    board: Levels
    presses: Levels
    wrong_cells: int
    error: int
    metric: Metric
    proven: bool
    #: A whole number of cells or levels; with per-cell costs a total cost.
    lower_bound: float
    presses_count: int
    presses_proven: bool
    kernel_size: int
    states: int
    seconds: float
    #: How the board was found: ``"exact"``, ``"isd"`` (:mod:`lightsart.core.modk_decode`),
    #: ``"chase"`` (the bottom-row descent) or ``"reachable"`` (the target itself).
    method: str = "exact"
    #: The clock stopped the decoder before its planned rounds (the answer may then vary by machine).
    cut_short: bool = False
    #: With per-cell costs (``costs=``): the total cost of the errors, the quantity minimised; then
    #: ``lower_bound`` and ``proven`` speak of it. ``None``: the metric's count was minimised.
    cost: float | None = None

    @property
    def wrong(self) -> NDArray[np.bool_]:
        """Cells whose level differs from the target."""
        return self.board != self.target


def _enumerate(orders: tuple[int, ...], start: int, stop: int) -> Ints:
    """Mixed-radix digits ``λ`` (shape ``(stop - start, g)``) of the integers ``start .. stop-1``."""
    idx = np.arange(start, stop, dtype=np.int64)
    digits = np.empty((idx.size, len(orders)), dtype=np.int64)
    for i, o in enumerate(orders):
        digits[:, i] = idx % o
        idx //= o
    return digits


def fewest_presses(alg: ModkAlgebra, x: Ints, *, exact_max: int | None = None) -> Presses:
    """The fewest presses in ``x + kernel`` (see the module docstring); ``x`` holds values mod ``k``."""
    began = time.perf_counter()
    k = alg.k
    m, n = alg.rules.shape
    gens_u8, orders = alg.kernel_generators()
    gens = gens_u8.reshape(len(orders), m * n).astype(np.int64)
    flat = x.reshape(-1) % k
    size = alg.kernel_size
    limit = EXACT_MAX if exact_max is None else exact_max
    if size * m * n <= limit:
        best, best_cost = flat, int(flat.sum())
        chunk = max(1, _CHUNK_WORK // (m * n))
        for s in range(0, size, chunk):
            cand = (flat[None, :] + _enumerate(orders, s, min(size, s + chunk)) @ gens) % k
            costs = cand.sum(axis=1)
            i = int(costs.argmin())
            if costs[i] < best_cost:
                best, best_cost = cand[i], int(costs[i])
        bound = best_cost  # every member was tried
    else:
        best, best_cost = _descend(flat, gens, orders, k)
        bound = presses_bound(flat, gens, k)
    proven = best_cost <= bound
    presses = best.reshape(m, n).astype(np.uint8)
    if not np.array_equal(alg.press(presses), alg.press(x)):  # pragma: no cover
        raise AssertionError("fewest presses changed the board differently")
    return Presses(presses, best_cost, proven, size, k, time.perf_counter() - began, bound)


def presses_bound(x: Ints, gens: Ints, k: int) -> int:
    """A lower bound on the presses of ``x + kernel``: at cell ``c`` the kernel adds exactly the
    multiples of ``g_c = gcd(k, gens[:, c])``, so that cell is pressed at least ``x_c mod g_c``."""
    g = np.full(x.size, k, dtype=np.int64)
    for row in gens:
        g = np.gcd(g, row % k)
    return int((x % k % g).sum())


def _descend(flat: Ints, gens: Ints, orders: tuple[int, ...], k: int) -> tuple[Ints, int]:
    """Coordinate descent: add the best multiple of one generator while the press count drops."""
    best, cost = flat.copy(), int(flat.sum())
    for _ in range(_SWEEPS):
        improved = False
        for g, o in zip(gens, orders, strict=True):
            cand = (best[None, :] + np.arange(1, o)[:, None] * g[None, :]) % k
            costs = cand.sum(axis=1)
            i = int(costs.argmin()) if costs.size else 0
            if costs.size and costs[i] < cost:
                best, cost, improved = cand[i], int(costs[i]), True
        if not improved:
            break
    return best, cost


def _costs(target: Ints, k: int, metric: Metric) -> Ints:
    """``cost[cell, v]``: the cost of error ``v`` (board ``target + v mod k``) at each cell."""
    v = np.arange(k)
    if metric == "wrong":
        return np.broadcast_to((v != 0).astype(np.int64), (target.size, k))
    if metric == "brightness":
        t = target.reshape(-1, 1)
        return np.abs((t + v[None, :]) % k - t)
    raise LightsartError(f"unknown metric {metric!r}; choose wrong or brightness")


def closest_board(alg: ModkAlgebra, target: Ints, start: Ints, *, metric: Metric = "wrong",
                  exact_max: int | None = None, seconds: float = 1.0, seed: int = 0,
                  rounds: int | None = None, costs: NDArray[np.float64] | None = None
                  ) -> ClosestBoard:
    """The reachable board closest to ``target`` from ``start`` (see the module docstring).

    Beyond the exact search, fewest wrong cells are decoded by :func:`modk_decode.decode` for
    ``rounds`` rounds (default: planned from ``seconds``) seeded by ``seed``. ``costs`` (shape
    ``(cells, k)``, zero at ``v = 0``, positive elsewhere) prices error ``v`` at each cell instead
    of the metric (``metric`` must then be ``"wrong"``): the exact search minimises it; the
    decoder weighs each cell by its cheapest wrong level.
    """
    from lightsart.core.decode import decode

    began = time.perf_counter()
    method, cut_short = "exact", False
    k = alg.k
    m, n = alg.rules.shape
    weighted = costs is not None
    if costs is None:
        costs = _costs(target, k, metric).astype(np.float64)
    else:
        costs = _checked_costs(costs, target.size, k, metric)
    moduli = np.array(alg.check_moduli, dtype=np.int64)
    sigma = (-alg.syndrome((target - start) % k)) % moduli
    limit = DECODE_MAX if exact_max is None else exact_max
    if not sigma.any():
        error, proven, bound = np.zeros(m * n, dtype=np.int64), True, 0.0
        method = "reachable"
    else:
        columns = alg.syndrome_columns()
        # Merging cells of one column is sound only when every wrong cell costs the same.
        useful = _distinct_cells(columns, moduli, target.reshape(-1), k,
                                 "brightness" if weighted else metric)
        if useful.size * k * alg.kernel_size <= limit:
            error = _decode(columns, moduli, sigma, costs, useful, k)
            proven = True
            bound = float(costs[np.arange(m * n), error].sum())
        else:
            error = _constraint_descent(alg, target, start, costs)
            method = "chase"
            single = _single_cell(columns, moduli, sigma, k)
            bound = 1.0 if metric != "wrong" or single else 2.0
            cheapest = costs[:, 1:].min(axis=1)
            if weighted:  # one or two cells at their cheapest wrong level
                bound = float(np.sort(cheapest)[: int(bound)].sum())
            if metric == "wrong":
                found = decode(columns, sigma, cheapest if weighted else None, error, states=k,
                               moduli=moduli, value_cost=costs if weighted else None, floor=bound,
                               seconds=seconds, seed=seed, work=rounds)
                assert found.values is not None
                # The decoder weighs a wrong cell at its cheapest level: keep the chase's errors
                # if their levels cost less after all.
                if _total(costs, found.values) <= _total(costs, error):
                    error, method = found.values, "isd"
                cut_short = found.cut_short
            proven = _total(costs, error) <= bound
    board = ((target.reshape(-1) + error) % k).reshape(m, n).astype(np.uint8)
    presses = alg.solve((board.astype(np.int64) - start) % k)
    if presses is None:  # pragma: no cover - the syndrome said reachable
        raise AssertionError("the closest board is not reachable")
    fewest = fewest_presses(alg, presses.astype(np.int64))
    return ClosestBoard(
        target=target.astype(np.uint8), start=start.astype(np.uint8), board=board,
        presses=fewest.presses, wrong_cells=int(np.count_nonzero(error)),
        error=int(np.abs(board.astype(np.int64) - target).sum()), metric=metric, proven=proven,
        lower_bound=bound if weighted else round(bound), presses_count=fewest.count,
        presses_proven=fewest.proven, kernel_size=alg.kernel_size, states=k,
        seconds=time.perf_counter() - began, method=method, cut_short=cut_short,
        cost=_total(costs, error) if weighted else None,
    )


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
    k = alg.k
    red = alg.reduction
    change = ((target - start) % k)[:, :, None]
    f = red.free
    r0 = red.residuals(np.zeros((f, 1), dtype=np.int64), change)[:, 0]
    K = (-red.residuals(np.eye(f, dtype=np.int64), None)) % k
    cells = red.residual_cells
    local = costs[cells]  # cost[j, v] at constraint j
    r = r0.copy()
    cost = float(local[np.arange(f), (-r) % k].sum())
    for _ in range(_SWEEPS):
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
