"""The auto engine: the exact engine, plus the reduced parity IP only where measurement says it
helps (per-pixel costs, small nullity, a budget of at least 10 s; see
:func:`lightsart.engines.ip.closest_board_auto`). Transitions are the exact engine's. With
more than two states it is the exact engine: the parity IP is a GF(2) model (one parity row per quiet
pattern), and over ``Z/k`` no measurement has shown an IP to help."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart.core.optimize import closest_board, transition
from lightsart.engines import Budget
from lightsart.engines.exact import EXACT_SECONDS
from lightsart.results import Clicks, Fit

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart.rules import Rules
    from lightsart.types import Board

__all__ = ["ENGINE", "Auto"]


@dataclass(frozen=True)
class Auto:
    name: str = "auto"

    def fit(self, target: Board, cost: NDArray[np.float64] | None = None,
            budget: Budget | None = None, rules: Rules | None = None) -> Fit:
        from lightsart.engines import ip

        budget = Budget() if budget is None else budget
        seconds = EXACT_SECONDS if budget.seconds is None else budget.seconds
        if rules is not None and rules.states > 2:  # the parity IP is GF(2) only (see above)
            return closest_board(target, cost, seconds=seconds, seed=budget.seed, rules=rules)
        return ip.closest_board_auto(target, cost, time_limit=seconds, seed=budget.seed,
                                     solver=budget.solver, rules=rules)

    def connect(self, start: Fit, end: Fit, budget: Budget | None = None) -> Clicks:
        budget = Budget() if budget is None else budget
        seconds = EXACT_SECONDS if budget.seconds is None else budget.seconds
        return transition(start, end, seed=budget.seed, seconds=seconds)


ENGINE = Auto()
