"""Bosch's two integer programs for ``k`` states per cell (issue 13), in PuLP, for any rules.

With ``k`` states a click adds 1 (mod ``k``) to every cell of its pattern, so a cell ``C``
changes by its *change count* ``x(C)`` (the presses ``x`` of the cells whose pattern covers ``C``,
counted with multiplicity where a pattern lands on one cell twice: :func:`~lightsart.engines.ip.
neighbourhood_terms`) modulo ``k``. Presses are counts ``x ∈ {0, ..., k-1}``; a cell pressed
``j`` times counts ``j``. Pictures start from the all-brightest board ``start = k - 1``.

* **Fewest presses** (Bosch's basic IP) for a change ``c`` (``c = (target - start) mod k``)::

      minimise    Σ x
      subject to  x(C) = k·y(C) + c(C)                  for every cell C
                  x integer in {0..k-1}, y integer in {0..⌊(k-1)s/k⌋}

  (``s`` cells in the pattern, so ``x(C) <= (k-1)s``). Infeasible exactly when ``c`` is not
  reachable. A transition between two fits is this model on the change between their boards.
* **Closest board** (Bosch's error-minimising IP): the board's level ``b(C)`` is an integer
  variable, a binary ``z(C)`` flags a wrong cell, and big-M rows (``M = k - 1``) tie them::

      minimise    Σ z
      subject to  x(C) + start(C) - b(C) = k·y(C)        (b = start + x(C) mod k)
                  b(C) - target(C) <= (k-1)·z(C)
                  target(C) - b(C) <= (k-1)·z(C)
                  x, b integer in {0..k-1}, z binary, y integer in {0..⌊(k-1)(s+1)/k⌋}

  warm-started from the exact engine's answer (:func:`lightsart.core.optimize.closest_board`).

The IP counts wrong cells only; the presses of its board are then made fewest over the kernel by
the exact algebra (:meth:`~lightsart.core.modk.ModkAlgebra.fewest_presses`). Every solver answer
is re-applied with :func:`~lightsart.core.modk.press_mod` before it is used.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from lightsart.engines.cbc import SolveReport, SolverOptions, variable
from lightsart.engines.ip import IPClicks, IPFit, neighbourhood_terms
from lightsart.engines.solvers import DEFAULT_SOLVER, solve, write_model
from lightsart.errors import LightsartError
from lightsart.limits import check_model
from lightsart.results import Clicks, Fit
from lightsart.rules import change_counts

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from lightsart.rules import Rules

__all__ = [
    "LevelsModel",
    "basic_ip_levels",
    "closest_board_ip_levels",
    "error_model_levels",
    "export_model_levels",
    "presses_model",
    "transition_ip_levels",
]


@dataclass(frozen=True)
class LevelsModel:
    """A k-state integer program: the PuLP problem and its variables (``b``, ``z`` empty in the
    fewest-presses model)."""

    prob: Any
    x: list[Any]
    y: list[Any]
    b: list[Any]
    z: list[Any]


def _check(levels: object, rules: Rules, what: str) -> NDArray[np.int64]:
    a = np.asarray(levels)
    if rules.states < 3:
        raise LightsartError("the k-state integer programs need rules with at least 3 states")
    if a.shape != rules.shape:
        raise LightsartError(f"{what} has shape {a.shape}, expected {rules.shape}")
    if not np.issubdtype(a.dtype, np.integer) or a.min(initial=0) < 0 or a.max(initial=0) >= rules.states:
        raise LightsartError(f"{what} must hold levels 0 .. {rules.states - 1}")
    return a.astype(np.int64)


def _change_count(x: list[Any], cell: list[tuple[int, int]]) -> Any:
    import pulp

    return pulp.LpAffineExpression([(x[q], mult) for q, mult in cell])


def _presses(prob: Any, k: int, cells: int) -> list[Any]:
    return [variable(prob, f"x{p}", 0, k - 1, "Integer") for p in range(cells)]


def presses_model(change: object, rules: Rules) -> LevelsModel:
    """Bosch's basic IP over ``Z/k``: fewest presses making ``change`` (levels mod ``k``)."""
    import pulp

    c = _check(change, rules, "change").ravel()
    k, cells = rules.states, rules.cells
    top = (k - 1) * len(rules.pattern.offsets) // k
    prob = pulp.LpProblem("lights_out_presses", pulp.LpMinimize)
    x = _presses(prob, k, cells)
    y = [variable(prob, f"y{p}", 0, top, "Integer") for p in range(cells)]
    prob += pulp.lpSum(x)
    for p, cell in enumerate(neighbourhood_terms(rules)):
        prob += _change_count(x, cell) - k * y[p] == int(c[p]), f"cell{p}"
    return LevelsModel(prob, x, y, [], [])


def error_model_levels(target: object, rules: Rules, start: object | None = None) -> LevelsModel:
    """Bosch's error-minimising IP over ``Z/k``: the reachable board with fewest wrong cells.

    ``start`` defaults to the all-brightest board. ``4 m n`` variables (``x``, ``y``, ``b``,
    ``z``) and ``3 m n`` rows (``cell<p>``, ``above<p>``, ``below<p>``); unsolved, no warm start.
    """
    import pulp

    k, cells = rules.states, rules.cells
    t = _check(target, rules, "target").ravel()
    s = (np.full(cells, k - 1, dtype=np.int64) if start is None
         else _check(start, rules, "start").ravel())
    top = (k - 1) * (len(rules.pattern.offsets) + 1) // k
    prob = pulp.LpProblem("lights_out_levels", pulp.LpMinimize)
    x = _presses(prob, k, cells)
    y = [variable(prob, f"y{p}", 0, top, "Integer") for p in range(cells)]
    b = [variable(prob, f"b{p}", 0, k - 1, "Integer") for p in range(cells)]
    z = [variable(prob, f"z{p}", 0, 1, "Binary") for p in range(cells)]
    prob += pulp.lpSum(z)
    for p, cell in enumerate(neighbourhood_terms(rules)):
        prob += _change_count(x, cell) - b[p] - k * y[p] == -int(s[p]), f"cell{p}"
        prob += b[p] - (k - 1) * z[p] <= int(t[p]), f"above{p}"
        prob += b[p] + (k - 1) * z[p] >= int(t[p]), f"below{p}"
    return LevelsModel(prob, x, y, b, z)


def export_model_levels(target: object, path: str, rules: Rules) -> None:
    """Write :func:`error_model_levels` for ``target`` to ``path`` (``.lp`` or ``.mps``), unsolved."""
    check_model(rules.width, rules.height, len(rules.pattern.offsets), rules.states, path)
    write_model(error_model_levels(target, rules).prob, path)


def _values(variables: list[Any], shape: tuple[int, ...]) -> NDArray[np.int64]:
    """Integer variable values; a value farther than 1e-4 from an integer is refused."""
    values = np.array([v.value() or 0.0 for v in variables], dtype=np.float64)
    if np.abs(values - np.round(values)).max(initial=0.0) > 1e-4:
        raise LightsartError("the solver returned fractional values for integer variables")
    return np.round(values).astype(np.int64).reshape(shape)


def _options(time_limit: float | None) -> SolverOptions:
    return SolverOptions(time_limit=time_limit)


def _warm_presses(model: LevelsModel, presses: NDArray[np.int64], rules: Rules,
                  start: NDArray[np.int64] | None, target: NDArray[np.int64] | None) -> None:
    """Hand ``presses`` to the solver as a start (every variable set consistently)."""
    k = rules.states
    counts = change_counts(presses, rules).ravel()
    flat = presses.ravel()
    for p in range(rules.cells):
        model.x[p].setInitialValue(int(flat[p]))
    if start is None or target is None:
        return
    s, t = start.ravel(), target.ravel()
    board = (s + counts) % k
    for p in range(rules.cells):
        model.b[p].setInitialValue(int(board[p]))
        model.y[p].setInitialValue(int((counts[p] + s[p] - board[p]) // k))
        model.z[p].setInitialValue(int(board[p] != t[p]))


def _presses_answer(change: NDArray[np.int64], start: NDArray[np.int64] | None, rules: Rules,
                    time_limit: float | None, solver: str) -> IPClicks:
    from lightsart.core.modk import algebra_mod, kernel_rank, press_mod

    began = time.perf_counter()
    k = rules.states
    model = presses_model(change, rules)
    if start is not None:
        _warm_presses(model, start, rules, None, None)
        # Floor division keeps y in range for a start that is not a solution (then rejected).
        for p, v in enumerate(((change_counts(start, rules) - change) // k).ravel().tolist()):
            model.y[p].setInitialValue(max(0, int(v)))
    report = solve(model.prob, _options(time_limit), "presses", start is not None, solver)
    best = start if start is not None and np.array_equal(press_mod(start, rules, k), change) else None
    if report.has_solution:
        found = _values(model.x, rules.shape)
        if not np.array_equal(press_mod(found, rules, k), change):
            raise LightsartError(f"{report.solver} returned presses that do not make the change")
        if best is None or found.sum() <= best.sum():
            best = found
    level_change = change.astype(np.uint8)
    if best is None:
        return IPClicks(level_change, None, report)
    proven = bool(report.status == "optimal" and report.objective == int(best.sum()))
    clicks = Clicks(best.astype(np.uint8), int(best.sum()), proven, kernel_rank(algebra_mod(rules)),
                    time.perf_counter() - began)
    return IPClicks(level_change, clicks, report)


def basic_ip_levels(target: object, rules: Rules, *, time_limit: float | None = None,
                    solver: str = DEFAULT_SOLVER) -> IPClicks:
    """Bosch's basic IP for a picture of levels: reachable from the all-brightest board, and with
    fewest presses. ``.reachable`` is False only when the solver proved the model infeasible."""
    k = rules.states
    change = (_check(target, rules, "target") - (k - 1)) % k
    return _presses_answer(change, None, rules, time_limit, solver)


def transition_ip_levels(first: Fit, second: Fit, *, time_limit: float | None = None,
                         solver: str = DEFAULT_SOLVER) -> IPClicks:
    """Fewest presses turning ``first.board`` into ``second.board`` (fits of the same k-state
    rules), warm-started from the difference of their presses, which always works."""
    from lightsart.core.modk import board_from_presses

    rules = first.rules
    if rules is None or second.rules != rules or rules.states < 3:
        raise LightsartError("a k-state transition needs two fits of the same rules with k > 2 states")
    for f, name in ((first, "first"), (second, "second")):
        if not np.array_equal(board_from_presses(f.clicks, rules), f.board):
            raise LightsartError(f"the {name} fit's presses do not give its board under these rules")
    k = rules.states
    change = (second.board.astype(np.int64) - first.board.astype(np.int64)) % k
    start = (second.clicks.astype(np.int64) - first.clicks.astype(np.int64)) % k
    return _presses_answer(change, start, rules, time_limit, solver)


def _bound(report: SolveReport, found: int) -> int:
    """The solver's proven lower bound on wrong cells (an integer), at most ``found``."""
    bound = 0.0 if report.best_bound is None else max(0.0, report.best_bound)
    if report.status == "optimal" and report.objective is not None:
        bound = max(bound, report.objective)
    return min(math.ceil(bound - 1e-6), found)


def closest_board_ip_levels(target: object, rules: Rules, *, time_limit: float | None = None,
                            solver: str = DEFAULT_SOLVER, warm_start: bool = True) -> IPFit:
    """Bosch's error-minimising IP over ``Z/k``: the reachable board with fewest wrong cells.

    Warm-started from :func:`~lightsart.core.optimize.closest_board` (a quarter of the time limit,
    at most 2 s); the answer is the solver's point, or that start when it finds nothing better.
    The presses are then made fewest by the exact algebra and re-applied before returning.
    """
    from lightsart.core.modk import algebra_mod, board_from_presses, kernel_rank
    from lightsart.core.optimize import closest_board

    began = time.perf_counter()
    k = rules.states
    t = _check(target, rules, "target")
    model = error_model_levels(t, rules)
    seconds = 2.0 if time_limit is None else max(0.05, min(2.0, time_limit / 4))
    exact = closest_board(t.astype(np.uint8), seconds=seconds, rules=rules)
    start = np.full(rules.shape, k - 1, dtype=np.int64)
    if warm_start:
        _warm_presses(model, exact.clicks.astype(np.int64), rules, start, t)
    report = solve(model.prob, _options(time_limit), "levels", warm_start, solver)
    presses, method = exact.clicks.astype(np.int64), f"ip levels: {report.status}, warm start kept"
    if report.has_solution:
        found = _values(model.x, rules.shape)
        board = board_from_presses(found, rules)
        if not np.array_equal(board, _values(model.b, rules.shape)) or not np.array_equal(
                board != t, _values(model.z, rules.shape).astype(bool)):
            raise LightsartError(f"{report.solver}'s board and wrong cells do not match its presses")
        if int((board != t).sum()) <= exact.wrong_pixels:
            presses, method = found, f"ip levels: {report.status}"
    alg = algebra_mod(rules)
    best = alg.fewest_presses(presses)
    board = board_from_presses(best.presses, rules)
    if not np.array_equal(board, board_from_presses(presses, rules)):  # pragma: no cover - a bug
        raise AssertionError("fewest presses do not reproduce the fitted board")
    wrong = board != t
    found_wrong = int(wrong.sum())
    bound = _bound(report, found_wrong)
    fit = Fit(
        target=t.astype(np.uint8), board=board, clicks=best.presses, wrong=wrong.astype(np.uint8),
        wrong_pixels=found_wrong, wrong_cost=float(found_wrong),
        wrong_pixels_proven_minimal=found_wrong <= bound, wrong_pixels_lower_bound=float(bound),
        clicks_count=best.count, clicks_proven_minimal=best.proven, nullity=kernel_rank(alg),
        seconds=time.perf_counter() - began, method=method, rules=rules,
        kernel_size=alg.kernel_size,
    )
    return IPFit(fit, report)
