"""Bosch's engine: his two integer programs as written (:mod:`lightsart._engines.ip`, any number of
states per cell), solved by a MIP solver (CBC by default; :mod:`lightsart._engines.solvers`). A
transition the solver cannot finish in time falls back to the difference of the two click sets
(XOR for two states), which is always valid (minimised by the algebra)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart._engines import Budget, given
from lightsart._results import Clicks, Fit

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart._rules import Rules
    from lightsart._types import Board

__all__ = ["ENGINE", "IP_TIME_LIMIT", "Bosch"]

#: CBC's time limit per integer program when none is given (CBC may never finish).
IP_TIME_LIMIT = 60.0


@dataclass(frozen=True)
class Bosch:
    name: str = "ip"

    def fit(self, target: Board, cost: NDArray[np.float64] | None = None,
            budget: Budget | None = None, rules: Rules | None = None) -> Fit:
        from lightsart._engines import ip

        budget = given(budget)
        return ip.closest_board_ip(target, cost, time_limit=budget.seconds_or(IP_TIME_LIMIT),
                                   solver=budget.solver, rules=rules)

    def connect(self, start: Fit, end: Fit, budget: Budget | None = None) -> Clicks:
        from lightsart._engines import ip

        budget = given(budget)
        # Warm-started with the difference of the two click sets, which always works.
        return ip.transition_ip(start, end, time_limit=budget.seconds_or(IP_TIME_LIMIT),
                                solver=budget.solver, rules=start.rules)


ENGINE = Bosch()
