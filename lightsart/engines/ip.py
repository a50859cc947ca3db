"""Bosch's integer programs, verbatim, in PuLP/CBC: warm-started, verified, measured.

Writing ``C(i, j)`` for the cells a click on ``(i, j)`` toggles and ``x(C(i, j))`` for the
*change count* (how many clicks touch the cell), a picture ``b`` is reached from all-lit when
every change count is odd on black pixels and even on white ones.

* **Basic IP** (reachability and fewest clicks)::

      minimise    sum x
      subject to  x(C(i, j)) = 2 y(i, j) + 1 - b(i, j)      for every cell
                  x binary, y integer in {0, 1, 2}

  Infeasible exactly when ``b`` is unreachable. The same model with right-hand side
  ``2 y + c`` for a change ``c`` gives the fewest clicks for a transition: between reachable
  boards ``a`` and ``b`` the change is ``a XOR b`` (Bosch's "exclusive-or of the two
  configurations"; as a picture for the model above that is ``1 - (a XOR b)``).
* **Error-minimising IP**: a flag ``z`` per pixel marks a wrong colour::

      minimise    sum cost * z
      subject to  x(C(i, j)) = 2 y(i, j) + z(i, j)          where b(i, j) = 1 (white)
                  x(C(i, j)) = 2 y(i, j) + 1 - z(i, j)      where b(i, j) = 0 (black)
                  x, z binary, y integer in {0, 1, 2}

  warm-started, as Bosch advises, from light chasing the picture toward all-lit: every error
  lands in one edge row (the best of the four edges is used).
* **Reduced parity IP** (not in the paper; used by the ``auto`` engine): one binary ``e`` per
  distinct nonzero quiet-pattern column ``v`` (its cheapest pixel), one parity row per quiet
  pattern ``k``: ``sum_v N[k, v] e_v = s_k + 2 w_k`` where ``s`` is the picture's syndrome.
  ``d`` rows instead of ``m n``.

CBC answers are re-applied with the press operator before they are returned; an unproven
answer says so (see :class:`lightsart.engines.cbc.SolveReport`).
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart.core.board import as_board, board_from_clicks, press
from lightsart.core.gf2 import algebra, chase
from lightsart.core.optimize import Clicks, Fit, closest_board, fewest_clicks
from lightsart.engines.cbc import SolveReport, SolverOptions, variable
from lightsart.engines.solvers import DEFAULT_SOLVER, solve, write_model
from lightsart.errors import LightsartError
from lightsart.types import Board

__all__ = [
    "AUTO_IP_MAX_NULLITY",
    "AUTO_IP_MIN_SECONDS",
    "IPAnimation",
    "IPClicks",
    "IPFit",
    "animation_ip",
    "basic_ip",
    "chase_start",
    "closest_board_auto",
    "closest_board_ip",
    "closest_board_reduced_ip",
    "error_model",
    "export_model",
    "transition_ip",
]


#: Largest nullity at which the ``auto`` engine hands an unproven fit to the reduced parity IP.
#: Measured at equal 32 s budgets (benchmarks/bench_ip.py table 4: two photos, d 22-32): with
#: contrast-weighted pixel costs CBC turned the exact answer into a proof in 5 of 8 cases and
#: never found a cheaper board; with unit costs it helped in none of 8; at d 40-42 (and 56,
#: 144 in table 3) it never improved answer or bound. So it is tried only with costs, d <= 32.
AUTO_IP_MAX_NULLITY = 32
#: Least time budget (seconds) for which ``auto`` runs CBC at all; shorter runs never helped.
AUTO_IP_MIN_SECONDS = 10.0


@dataclass(frozen=True)
class IPFit:
    """A fitted picture (the exact engine's :class:`Fit`) and the CBC run behind it."""

    fit: Fit
    report: SolveReport


@dataclass(frozen=True)
class IPClicks:
    """A basic-IP answer: a click set (``None`` when infeasible or none found) and the run."""

    change: Board
    clicks: Clicks | None
    report: SolveReport

    @property
    def reachable(self) -> bool | None:
        """True with a click set, False when CBC proved the model infeasible, else unknown."""
        if self.clicks is not None:
            return True
        return False if self.report.status == "infeasible" else None


@dataclass(frozen=True)
class IPAnimation:
    """Bosch's recipe: two error-minimising fits and the basic IP on their transition."""

    first: IPFit
    second: IPFit
    transition: IPClicks


# ---------------------------------------------------------------------------- helpers


def _options(time_limit: float | None, threads: int | None, gap: float | None) -> SolverOptions:
    return SolverOptions(time_limit=time_limit, threads=threads, gap=gap)


def _pixel_costs(cost: NDArray[np.float64] | None, shape: tuple[int, ...]) -> NDArray[np.float64]:
    if cost is None:
        return np.ones(shape)
    w = np.asarray(cost, dtype=np.float64)
    if w.shape != shape:
        raise LightsartError(f"cost has shape {w.shape}, target has {shape}")
    if not np.isfinite(w).all() or (w < 0).any():
        raise LightsartError("pixel costs must be finite and non-negative")
    return w


def _integral(w: NDArray[np.float64]) -> bool:
    return bool(np.all(w == np.round(w)))


def _change_counts(clicks: Board) -> NDArray[np.int64]:
    """``x(C(i, j))`` for every cell: how many clicks touch it (``press`` is this mod 2)."""
    x = np.asarray(clicks, dtype=np.int64)
    out = x.copy()
    out[1:, :] += x[:-1, :]
    out[:-1, :] += x[1:, :]
    out[:, 1:] += x[:, :-1]
    out[:, :-1] += x[:, 1:]
    return out


def chase_start(target: Board, cost: NDArray[np.float64] | None = None) -> Board:
    """Bosch's heuristic: chase the picture toward all-lit, errors pushed into one edge row.

    Tries the bottom, top, left and right edges (the press operator commutes with rotating
    the board) and returns the click set of the cheapest; the board it reaches differs from
    ``target`` only in that edge row.
    """
    t = as_board(target, "target")
    w = _pixel_costs(cost, t.shape)
    change = t ^ np.uint8(1)
    best: Board | None = None
    best_cost = math.inf
    for quarter in range(4):
        clicks, leftover = chase(np.rot90(change, quarter))
        wrong = np.rot90(leftover, -quarter)
        c = float((w * wrong).sum())
        if c < best_cost:
            best, best_cost = np.ascontiguousarray(np.rot90(clicks, -quarter)), c
    assert best is not None
    return best


def _neighbourhood_terms(m: int, n: int) -> list[list[int]]:
    """Flat indices of ``C(i, j)`` for every cell, row-major."""
    cells: list[list[int]] = []
    for i in range(m):
        for j in range(n):
            around = [(i, j), (i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
            cells.append([a * n + b for a, b in around if 0 <= a < m and 0 <= b < n])
    return cells


def _binaries(prob: Any, prefix: str, count: int) -> list[Any]:
    return [variable(prob, f"{prefix}{k}", 0, 1, "Binary") for k in range(count)]


def _counts(prob: Any, count: int) -> list[Any]:
    """The ``y`` of ``x(C) = 2 y + ...``: a change count is at most 5, so ``y <= 2``."""
    return [variable(prob, f"y{p}", 0, 2, "Integer") for p in range(count)]


def _read(variables: list[Any], shape: tuple[int, ...]) -> Board:
    """Binary variable values as a board; CBC's values are rounded (tolerance ~1e-9)."""
    values = np.array([v.value() or 0.0 for v in variables], dtype=np.float64)
    if np.abs(values - np.round(values)).max(initial=0.0) > 1e-4:
        raise LightsartError("CBC returned fractional values for binary variables")
    return np.round(values).astype(np.uint8).reshape(shape)


# ---------------------------------------------------------------------------- basic IP


def _basic(change: Board, start: Board | None, options: SolverOptions, model: str,
           solver: str) -> IPClicks:
    import pulp

    started = time.perf_counter()
    m, n = change.shape
    prob = pulp.LpProblem(f"lights_out_{model}", pulp.LpMinimize)
    x = _binaries(prob, "x", m * n)
    y = _counts(prob, m * n)
    prob += pulp.lpSum(x)
    c = change.ravel()
    for p, cells in enumerate(_neighbourhood_terms(m, n)):
        # x(C(i, j)) = 2 y(i, j) + c(i, j), with c = 1 - b for a picture b.
        prob += pulp.lpSum(x[q] for q in cells) - 2 * y[p] == int(c[p]), f"cell{p}"
    if start is not None:
        counts = _change_counts(start).ravel()
        for p in range(m * n):
            x[p].setInitialValue(int(start.flat[p]))
            # Integer division keeps y in range even for a start that is not a solution;
            # CBC then rejects the start and the report says so.
            y[p].setInitialValue(min(2, max(0, (int(counts[p]) - int(c[p])) // 2)))
    report = solve(prob, options, model, warm_start=start is not None, solver=solver)
    best = start if start is not None and np.array_equal(press(start), change) else None
    if report.has_solution:
        found = _read(x, (m, n))
        if not np.array_equal(press(found), change):
            raise LightsartError(f"{report.solver} returned clicks that do not produce the picture")
        if best is None or found.sum() <= best.sum():
            best = found
    if best is None:
        return IPClicks(change, None, report)
    # A valid start CBC could not improve on is still an answer, just not a proven one.
    proven = report.status == "optimal" and report.objective == best.sum()
    clicks = Clicks(
        best, int(best.sum()), proven, algebra(m, n).nullity, time.perf_counter() - started
    )
    return IPClicks(change, clicks, report)


def basic_ip(
    target: Board,
    *,
    start: Board | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    gap: float | None = None,
    solver: str = DEFAULT_SOLVER,
) -> IPClicks:
    """Bosch's basic IP for a picture: is it reachable from all-lit, and with fewest clicks.

    ``start`` (a click set) is handed to CBC as a warm start; a valid start is returned if CBC
    finds nothing better in time. ``.reachable`` is False only when CBC proved the model
    infeasible, ``None`` when it stopped without deciding. ``solver`` names a MIP solver of
    :mod:`lightsart.engines.solvers` (``cbc``, ``highs``, ...).
    """
    t = as_board(target, "target")
    if start is not None:
        start = as_board(start, "start")
        if start.shape != t.shape:
            raise LightsartError(f"start clicks have shape {start.shape}, target {t.shape}")
    return _basic(t ^ np.uint8(1), start, _options(time_limit, threads, gap), "basic", solver)


def transition_ip(
    first: Fit,
    second: Fit,
    *,
    time_limit: float | None = None,
    threads: int | None = None,
    gap: float | None = None,
    solver: str = DEFAULT_SOLVER,
) -> IPClicks:
    """Fewest clicks turning ``first.board`` into ``second.board``: the basic IP on their XOR.

    Warm-started, as Bosch does, with the XOR of the two click sets (always a solution), so
    ``.clicks`` is never ``None``; ``.clicks.proven`` says whether CBC proved it fewest.
    """
    if first.board.shape != second.board.shape:
        raise LightsartError("pictures must be fitted to the same board size")
    start = first.clicks ^ second.clicks
    change = first.board ^ second.board
    return _basic(change, start, _options(time_limit, threads, gap), "transition", solver)


# ---------------------------------------------------------------------------- error IP


def _fit_from_clicks(
    target: Board, w: NDArray[np.float64], clicks: Board, report: SolveReport,
    started: float, polish: bool, method: str,
) -> Fit:
    """Build and check a :class:`Fit` for a click set; the IP's bound becomes the certificate."""
    board = board_from_clicks(clicks)
    wrong = board ^ target
    found = float((w * wrong).sum())
    bound = 0.0 if report.best_bound is None else max(0.0, report.best_bound)
    if _integral(w):
        bound = math.ceil(bound - 1e-6)  # integral costs: the optimum is an integer
    if report.status == "optimal" and report.objective is not None:
        bound = max(bound, report.objective)
    bound = min(bound, found)
    best = fewest_clicks(clicks) if polish else None
    final = best.clicks if best is not None else clicks
    if not np.array_equal(board_from_clicks(final), board):  # pragma: no cover - a bug
        raise AssertionError("clicks do not reproduce the fitted board")
    return Fit(
        target=target,
        board=board,
        clicks=final,
        wrong=wrong,
        wrong_pixels=int(wrong.sum()),
        wrong_cost=found,
        wrong_pixels_proven_minimal=found <= bound + 1e-9,
        wrong_pixels_lower_bound=float(bound),
        clicks_count=int(final.sum()),
        clicks_proven_minimal=best.proven if best is not None else False,
        nullity=algebra(*target.shape).nullity,
        seconds=time.perf_counter() - started,
        method=method,
        weighted=not bool(np.all(w == 1.0)),
    )


@dataclass(frozen=True)
class _ErrorModel:
    """Bosch's error-minimising IP for one picture: the PuLP problem and its variables."""

    prob: Any
    x: list[Any]
    y: list[Any]
    z: list[Any]


def _error_model(t: Board, w: NDArray[np.float64]) -> _ErrorModel:
    import pulp

    m, n = t.shape
    prob = pulp.LpProblem("lights_out_errors", pulp.LpMinimize)
    x = _binaries(prob, "x", m * n)
    y = _counts(prob, m * n)
    z = _binaries(prob, "z", m * n)
    b = t.ravel()
    prob += pulp.lpSum(float(w.flat[p]) * z[p] for p in range(m * n))
    for p, cells in enumerate(_neighbourhood_terms(m, n)):
        count = pulp.lpSum(x[q] for q in cells)
        if b[p]:  # white: even change count unless flagged wrong
            prob += count - 2 * y[p] - z[p] == 0, f"white{p}"
        else:  # black: odd change count unless flagged wrong
            prob += count - 2 * y[p] + z[p] == 1, f"black{p}"
    return _ErrorModel(prob, x, y, z)


def error_model(target: Board, cost: NDArray[np.float64] | None = None) -> Any:
    """Bosch's error-minimising IP for ``target`` as a PuLP ``LpProblem``, unsolved.

    ``3 m n`` variables (``x0..``, ``y0..``, ``z0..``: clicks, halved change counts, wrong-pixel
    flags) and ``m n`` rows (``white<p>`` / ``black<p>``); the objective is ``sum cost * z``.
    No warm start is attached.
    """
    t = as_board(target, "target")
    return _error_model(t, _pixel_costs(cost, t.shape)).prob


def export_model(target: Board, path: str, cost: NDArray[np.float64] | None = None) -> None:
    """Write :func:`error_model` for ``target`` to ``path`` (``.lp`` or ``.mps``) without
    solving it, so other solvers can be tried on the same instance.

    Example: ``export_model(fit.target, "cat.mps")``; then ``cbc cat.mps solve`` or
    ``highs cat.mps``. MPS carries no objective sense: the model minimises.
    """
    write_model(error_model(target, cost), path)


def closest_board_ip(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    *,
    time_limit: float | None = None,
    threads: int | None = None,
    gap: float | None = None,
    warm_start: bool = True,
    polish_clicks: bool = True,
    solver: str = DEFAULT_SOLVER,
) -> IPFit:
    """Bosch's error-minimising IP: the reachable board with fewest (or cheapest) wrong pixels.

    Warm-started from :func:`chase_start` (where ``solver`` takes a start). The returned fit is
    the solver's best point, or the warm start if it ends with nothing better; ``polish_clicks``
    then minimises the click count over the quiet patterns (exact engine), since the IP itself
    only counts wrong pixels. ``solver`` names a MIP solver of :mod:`lightsart.engines.solvers`.
    """
    started = time.perf_counter()
    t = as_board(target, "target")
    w = _pixel_costs(cost, t.shape)
    m, n = t.shape
    built = _error_model(t, w)
    x, y, z = built.x, built.y, built.z
    b = t.ravel()
    start = chase_start(t, w)
    if warm_start:
        counts = _change_counts(start).ravel()
        wrong = (counts + 1 - b) % 2  # z: white wants even, black wants odd
        for p in range(m * n):
            x[p].setInitialValue(int(start.flat[p]))
            z[p].setInitialValue(int(wrong[p]))
            y[p].setInitialValue((int(counts[p]) - int(wrong[p] if b[p] else 1 - wrong[p])) // 2)
    report = solve(built.prob, _options(time_limit, threads, gap), "errors", warm_start, solver)
    clicks, method = start, f"ip errors: {report.status}, warm start kept"
    if report.has_solution:
        found = _read(x, (m, n))
        flags = _read(z, (m, n))
        if not np.array_equal(board_from_clicks(found) ^ t, flags):
            raise LightsartError(
                f"{report.solver}'s error flags do not match the board its clicks reach")
        if float((w * flags).sum()) <= float((w * (board_from_clicks(start) ^ t)).sum()):
            clicks, method = found, f"ip errors: {report.status}"
    fit = _fit_from_clicks(t, w, clicks, report, started, polish_clicks, method)
    return IPFit(fit, report)


def animation_ip(
    first: Board,
    second: Board,
    *,
    time_limit: float | None = None,
    threads: int | None = None,
    gap: float | None = None,
    solver: str = DEFAULT_SOLVER,
) -> IPAnimation:
    """Bosch's animation recipe: the error IP for each picture, then the basic IP on the XOR
    of the two boards, started from the XOR of their click sets. ``time_limit`` is per IP.
    """
    a = closest_board_ip(first, time_limit=time_limit, threads=threads, gap=gap, solver=solver)
    b = closest_board_ip(second, time_limit=time_limit, threads=threads, gap=gap, solver=solver)
    step = transition_ip(a.fit, b.fit, time_limit=time_limit, threads=threads, gap=gap,
                         solver=solver)
    return IPAnimation(a, b, step)


# ---------------------------------------------------------------------------- reduced IP


@dataclass(frozen=True)
class _Groups:
    """Pixels grouped by their nonzero quiet-pattern column: ``bits`` (G, d), the cheapest
    pixel of each group, its cost, and each pixel's group (-1 for a zero column)."""

    bits: NDArray[np.uint8]
    pixel: NDArray[np.intp]
    cost: NDArray[np.float64]
    group_of: NDArray[np.intp]


def _groups(columns: NDArray[np.uint8], cost: NDArray[np.float64]) -> _Groups:
    """Only the distinct nonzero columns matter: pixels sharing one are interchangeable."""
    pixels = columns.shape[0]
    group_of = np.full(pixels, -1, dtype=np.intp)
    packed = np.packbits(columns, axis=1)
    nonzero = np.flatnonzero(packed.any(axis=1))
    _, inverse = np.unique(packed[nonzero], axis=0, return_inverse=True)
    inverse = np.asarray(inverse, dtype=np.intp).ravel()
    group_of[nonzero] = inverse
    order = np.lexsort((cost[nonzero], inverse))  # by group, cheapest first
    firsts = np.flatnonzero(np.r_[True, np.diff(inverse[order]) != 0])
    pick = nonzero[order[firsts]]
    return _Groups(columns[pick], pick.astype(np.intp), cost[pick], group_of)


def closest_board_reduced_ip(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    *,
    start: Fit | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    gap: float | None = None,
    polish_clicks: bool = True,
    solver: str = DEFAULT_SOLVER,
) -> IPFit:
    """Fewest (or cheapest) wrong pixels by the reduced parity IP: ``d`` rows, not ``m n``.

    Flipping pixel ``p`` changes the picture's syndrome ``s`` by its quiet-pattern column
    ``v_p``; the model picks groups of equal columns (binary ``e_v``, cost of the cheapest
    pixel) whose columns XOR to ``s``::

        minimise sum_v cost_v e_v   subject to   sum_v N[k, v] e_v - 2 w_k = s_k  (each k)

    ``start`` (a fit of the same target, e.g. the exact engine's) is the warm start; without
    one, :func:`chase_start`. The answer is the solver's point, or the start if it finds
    nothing better. ``solver`` names a MIP solver of :mod:`lightsart.engines.solvers`.
    """
    import pulp

    started = time.perf_counter()
    t = as_board(target, "target")
    w = _pixel_costs(cost, t.shape)
    alg = algebra(*t.shape)
    syndrome = alg.syndrome(t ^ np.uint8(1)).astype(np.int64)
    groups = _groups(alg.columns(), w.ravel())
    g_count, d = groups.bits.shape
    if start is None:
        start_wrong = (board_from_clicks(chase_start(t, w)) ^ t).ravel()
    else:
        if start.target.shape != t.shape or not np.array_equal(start.target, t):
            raise LightsartError("the starting fit is for a different picture")
        start_wrong = start.wrong.ravel()
    # Start: each group used an odd number of times by the start's wrong pixels.
    e0 = np.zeros(g_count, dtype=np.int64)
    hit = groups.group_of[np.flatnonzero(start_wrong)]
    np.add.at(e0, hit[hit >= 0], 1)
    e0 %= 2
    sums0 = groups.bits.T.astype(np.int64) @ e0
    if np.any((sums0 - syndrome) % 2):  # pragma: no cover - a start is always reachable
        raise AssertionError("the warm start does not match the picture's syndrome")

    prob = pulp.LpProblem("lights_out_parity", pulp.LpMinimize)
    e = _binaries(prob, "e", g_count)
    prob += pulp.LpAffineExpression([(e[g], float(groups.cost[g])) for g in range(g_count)])
    w_vars = []
    for k in range(d):
        members = np.flatnonzero(groups.bits[:, k])
        w_k = variable(prob, f"w{k}", 0, (members.size - int(syndrome[k])) // 2, "Integer")
        w_vars.append(w_k)
        row = pulp.LpAffineExpression([(e[g], 1) for g in members] + [(w_k, -2)])
        prob += row == int(syndrome[k]), f"pattern{k}"
    for g in range(g_count):
        e[g].setInitialValue(int(e0[g]))
    for k in range(d):
        w_vars[k].setInitialValue(int((sums0[k] - syndrome[k]) // 2))
    report = solve(prob, _options(time_limit, threads, gap), "parity", True, solver)

    wrong = np.zeros(t.size, dtype=np.uint8)
    wrong[groups.pixel[np.flatnonzero(e0)]] = 1
    method = f"ip parity: {report.status}, warm start kept"
    if report.has_solution:
        chosen = np.flatnonzero(_read(e, (g_count,)))
        if float(groups.cost[chosen].sum()) < float(w.ravel() @ wrong) - 1e-9:
            wrong = np.zeros(t.size, dtype=np.uint8)
            wrong[groups.pixel[chosen]] = 1
            method = f"ip parity: {report.status}"
    board = t ^ wrong.reshape(t.shape)
    clicks = alg.solve(board ^ np.uint8(1))
    if clicks is None:
        raise LightsartError(f"{report.solver}'s parity solution does not give a reachable board")
    fit = _fit_from_clicks(t, w, clicks, report, started, polish_clicks, method)
    return IPFit(fit, report)


# ---------------------------------------------------------------------------- auto engine


def closest_board_auto(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    *,
    time_limit: float | None = None,
    threads: int | None = None,
    seed: int = 0,
    solver: str = DEFAULT_SOLVER,
) -> Fit:
    """The exact engine, plus the reduced parity IP only where measurement says it can help.

    Runs :func:`lightsart.core.optimize.closest_board`. Only when per-pixel ``cost`` is given, the
    nullity is at most :data:`AUTO_IP_MAX_NULLITY` and ``time_limit`` (seconds, default 2) is
    at least :data:`AUTO_IP_MIN_SECONDS`, the exact engine gets a quarter of the budget and,
    if its answer is not proven, CBC the rest, warm-started with that answer. CBC's answer is
    taken only if cheaper; its bound tightens the proven lower bound either way. Otherwise this
    is exactly the exact engine. ``solver`` names the MIP solver (:mod:`lightsart.engines.solvers`).
    """
    started = time.perf_counter()
    t = as_board(target, "target")
    budget = 2.0 if time_limit is None else float(time_limit)
    if not budget > 0:
        raise LightsartError(f"time limit must be a positive number, got {time_limit}")
    d = algebra(*t.shape).nullity
    try_ip = cost is not None and d <= AUTO_IP_MAX_NULLITY and budget >= AUTO_IP_MIN_SECONDS
    exact = closest_board(t, cost, seed=seed, seconds=budget / 4 if try_ip else budget)
    if exact.wrong_pixels_proven_minimal or not try_ip:
        return exact
    remaining = max(1.0, budget - (time.perf_counter() - started))
    found = closest_board_reduced_ip(
        t, cost, start=exact, time_limit=remaining, threads=threads, solver=solver
    ).fit
    best = found if found.wrong_cost < exact.wrong_cost - 1e-9 else exact
    bound = min(max(exact.wrong_pixels_lower_bound, found.wrong_pixels_lower_bound),
                best.wrong_cost)
    return dataclasses.replace(
        best,
        wrong_pixels_lower_bound=bound,
        wrong_pixels_proven_minimal=best.wrong_cost <= bound + 1e-9,
        seconds=time.perf_counter() - started,
        method=f"auto: {exact.method}, then {found.method}",
    )
