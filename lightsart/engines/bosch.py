"""Bosch's engine: his two integer programs as written (:mod:`lightsart.engines.ip`; with ``k > 2``
states per cell :mod:`lightsart.engines.ip_levels`), solved by a MIP solver (CBC by default;
:mod:`lightsart.engines.solvers`). A transition the solver cannot finish in time falls back to
the XOR of the two click sets (k states: the difference of the presses), which is always valid
(minimised by the algebra)."""

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

    def fit(self, target: Board, cost: NDArray[np.float64] | None, budget: Budget,
            rules: Rules | None = None) -> Fit:
        from lightsart.engines import ip

        limit = budget.seconds or IP_TIME_LIMIT
        if rules is not None and rules.states > 2:  # grey levels: every cell costs the same
            from lightsart.engines.ip_levels import closest_board_ip_levels

            return closest_board_ip_levels(target, rules, time_limit=limit,
                                           solver=budget.solver).fit
        return ip.closest_board_ip(target, cost, time_limit=budget.seconds or IP_TIME_LIMIT,
                                   solver=budget.solver, rules=rules).fit

    def connect(self, start: Fit, end: Fit, budget: Budget) -> Clicks:
        from lightsart.engines import ip

        if start.states > 2:
            from lightsart.engines.ip_levels import transition_ip_levels
            from lightsart.engines.levels import connect_levels

            grey = transition_ip_levels(start, end, time_limit=budget.seconds or IP_TIME_LIMIT,
                                        solver=budget.solver)
            return grey.clicks if grey.clicks is not None else connect_levels(start, end)
        answer = ip.transition_ip(start, end, time_limit=budget.seconds or IP_TIME_LIMIT,
                                  solver=budget.solver, rules=start.rules)
        if answer.clicks is not None:
            return answer.clicks
        return transition(start, end, seed=budget.seed, seconds=budget.seconds or EXACT_SECONDS)


ENGINE = Bosch()
