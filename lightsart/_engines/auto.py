"""The auto engine: the exact engine, plus the reduced parity IP only where measurement says it
helps (per-pixel costs, small nullity, a budget of at least 10 s; see :func:`closest_board_auto`).
Transitions are the exact engine's. With more than two states it is the exact engine: the parity
IP is a GF(2) model (one parity row per quiet pattern), and over ``Z/k`` no measurement has shown
an IP to help."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart._core.algebra import algebra
from lightsart._core.board import as_board
from lightsart._core.optimize import closest_board
from lightsart._engines import Budget, given
from lightsart._engines.exact import EXACT_SECONDS, Exact
from lightsart._engines.ip import closest_board_reduced_ip
from lightsart._engines.solvers import DEFAULT_SOLVER
from lightsart._errors import InvalidType, InvalidValue
from lightsart._rules import Rules

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart._results import Fit
    from lightsart._types import Board

__all__ = ["AUTO_IP_MAX_NULLITY", "AUTO_IP_MIN_SECONDS", "ENGINE", "Auto", "closest_board_auto"]

#: Largest nullity at which the ``auto`` engine hands an unproven fit to the reduced parity IP.
#: Measured at equal 32 s budgets (benchmarks/bench_ip.py table 4: two photos, d 22-32): with
#: contrast-weighted pixel costs CBC turned the exact answer into a proof in 5 of 8 cases and
#: never found a cheaper board; with unit costs it helped in none of 8; at d 40-42 (and 56,
#: 144 in table 3) it never improved answer or bound. So it is tried only with costs, d <= 32.
AUTO_IP_MAX_NULLITY = 32
#: Least time budget (seconds) for which ``auto`` runs CBC at all; shorter runs never helped.
AUTO_IP_MIN_SECONDS = 10.0

def _closest_exact(
    t: Board, cost: NDArray[np.float64] | None, rules: Rules, seed: int, seconds: float
) -> Fit:
    """The exact engine's answer, under the rules: :func:`lightsart.closest_board`."""
    return closest_board(t, cost, seed=seed, seconds=seconds,
                         rules=None if rules.is_classic else rules)


def closest_board_auto(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    *,
    time_limit: float | None = None,
    threads: int | None = None,
    seed: int = 0,
    solver: str = DEFAULT_SOLVER,
    rules: Rules | None = None,
) -> Fit:
    """The exact engine, plus the reduced parity IP only where measurement says it can help.

    With more than two ``rules.states`` this is the exact engine (``target`` holds levels).

    Runs :func:`lightsart.closest_board` (for rules other than the classic game,
    the same syndrome decoding over :mod:`lightsart._core.general`). Only when per-pixel ``cost``
    is given, the nullity is at most :data:`AUTO_IP_MAX_NULLITY` and ``time_limit`` (seconds,
    default 2) is at least :data:`AUTO_IP_MIN_SECONDS`, the exact engine gets a quarter of the
    budget and, if its answer is not proven, CBC the rest, warm-started with that answer. CBC's
    answer is taken only if cheaper; its bound tightens the proven lower bound either way.
    Otherwise this is exactly the exact engine. ``solver`` names the MIP solver
    (:mod:`lightsart._engines.solvers`).
    """
    started = time.perf_counter()
    # The classic game of the target's shape by default; the engines check given rules' shape.
    r = Rules.plus(*as_board(target, "target").shape) if rules is None else rules
    if not isinstance(r, Rules):
        raise InvalidType(f"rules must be a Rules, got {type(rules).__name__}")
    budget = 2.0 if time_limit is None else float(time_limit)
    if not budget > 0:
        raise InvalidValue(f"time limit must be a positive number, got {time_limit}")
    if not r.is_binary:  # the parity IP is a GF(2) model (a parity row per quiet pattern)
        return _closest_exact(target, cost, r, seed, budget)
    t = as_board(target, "target")
    d = algebra(r).nullity
    try_ip = cost is not None and d <= AUTO_IP_MAX_NULLITY and budget >= AUTO_IP_MIN_SECONDS
    exact = _closest_exact(t, cost, r, seed, budget / 4 if try_ip else budget)
    if exact.wrong_pixels_proven_minimal or not try_ip:
        return exact
    remaining = max(1.0, budget - (time.perf_counter() - started))
    found = closest_board_reduced_ip(
        t, cost, start=exact, time_limit=remaining, threads=threads, solver=solver, rules=r
    )
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


@dataclass(frozen=True)
class Auto(Exact):
    """The exact engine (its ``connect``), whose ``fit`` may use the reduced parity IP."""

    name: str = "auto"

    def fit(self, target: Board, cost: NDArray[np.float64] | None = None,
            budget: Budget | None = None, rules: Rules | None = None) -> Fit:
        budget = given(budget)
        return closest_board_auto(target, cost, time_limit=budget.seconds_or(EXACT_SECONDS),
                                  seed=budget.seed, solver=budget.solver, rules=rules)


ENGINE = Auto()
