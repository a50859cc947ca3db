"""Bosch's engine: his two integer programs as written (:mod:`lightsart.engines.ip`, any number of
states per cell), solved by a MIP solver (CBC by default; :mod:`lightsart.engines.solvers`). A
transition the solver cannot finish in time falls back to the difference of the two click sets
(XOR for two states), which is always valid (minimised by the algebra)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart.core.optimize import transition
from lightsart.engines import Budget
from lightsart.engines.exact import EXACT_SECONDS
from lightsart.results import Clicks, Fit

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart.rules import Rules
    from lightsart.types import Board

__all__ = ["ENGINE", "IP_TIME_LIMIT", "Bosch"]

#: CBC's time limit per integer program when none is given (CBC may never finish).
IP_TIME_LIMIT = 60.0


@dataclass(frozen=True)
class Bosch:
    name: str = "ip"

    def fit(self, target: Board, cost: NDArray[np.float64] | None = None,
            budget: Budget | None = None, rules: Rules | None = None) -> Fit:
        from lightsart.engines import ip

        budget = Budget() if budget is None else budget
        limit = budget.seconds or IP_TIME_LIMIT
        return ip.closest_board_ip(target, cost, time_limit=limit, solver=budget.solver,
                                   rules=rules).fit

    def connect(self, start: Fit, end: Fit, budget: Budget | None = None) -> Clicks:
        from lightsart.engines import ip

        budget = Budget() if budget is None else budget
        limit = budget.seconds or IP_TIME_LIMIT
        answer = ip.transition_ip(start, end, time_limit=limit, solver=budget.solver,
                                  rules=start.rules)
        if answer.clicks is not None:
            return answer.clicks
        # The difference of the two click sets always works; the algebra makes it fewest.
        return transition(start, end, seed=budget.seed, seconds=budget.seconds or EXACT_SECONDS)


ENGINE = Bosch()
