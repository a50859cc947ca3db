"""The exact engine: the algebra of :mod:`lightsart._core` (light chasing, syndrome decoding,
fewest clicks over the quiet patterns; over ``Z/k`` with ``k`` states). Its certificates are
proofs, not solver statuses. ``fit`` is :func:`lightsart.closest_board` (the public
``lightsart.closest_board``) and ``connect`` is :func:`lightsart.transition`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart._core.optimize import closest_board, transition
from lightsart._engines import Budget, given
from lightsart._results import Clicks, Fit

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart._rules import Rules
    from lightsart._types import Board

__all__ = ["ENGINE", "EXACT_SECONDS", "Exact"]

#: Search budget per picture at large nullity when none is given.
EXACT_SECONDS = 1.0


@dataclass(frozen=True)
class Exact:
    name: str = "exact"

    def fit(self, target: Board, cost: NDArray[np.float64] | None = None,
            budget: Budget | None = None, rules: Rules | None = None) -> Fit:
        budget = given(budget)
        return closest_board(target, cost, seconds=budget.seconds_or(EXACT_SECONDS),
                             seed=budget.seed, rules=rules)

    def connect(self, start: Fit, end: Fit, budget: Budget | None = None) -> Clicks:
        budget = given(budget)
        return transition(start, end, seed=budget.seed, seconds=budget.seconds_or(EXACT_SECONDS))


ENGINE = Exact()
