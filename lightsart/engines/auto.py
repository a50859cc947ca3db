"""The auto engine: the exact engine, plus the reduced parity IP only where measurement says it
helps (per-pixel costs, small nullity, a budget of at least 10 s; see
:func:`lightsart.engines.ip.closest_board_auto`). Transitions are the exact engine's."""

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

__all__ = ["ENGINE", "Auto"]


@dataclass(frozen=True)
class Auto:
    name: str = "auto"

    def fit(self, target: Board, cost: NDArray[np.float64] | None, budget: Budget,
            rules: Rules | None = None) -> Fit:
        from lightsart.engines import ip


        seconds = EXACT_SECONDS if budget.seconds is None else budget.seconds
        return ip.closest_board_auto(target, cost, time_limit=seconds, seed=budget.seed,
                                     solver=budget.solver, rules=rules)

    def connect(self, start: Fit, end: Fit, budget: Budget) -> Clicks:
        seconds = EXACT_SECONDS if budget.seconds is None else budget.seconds
        return transition(start, end, seed=budget.seed, seconds=seconds)


ENGINE = Auto()
