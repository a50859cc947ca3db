"""The auto engine: the exact engine, plus the reduced parity IP only where measurement says it
helps (per-pixel costs, small nullity, a budget of at least 10 s; see
:func:`lightsart.engines.ip.closest_board_auto`). Transitions are the exact engine's. With
more than two states it is the exact engine: the parity IP is a GF(2) model (one parity row per quiet
pattern), and over ``Z/k`` no measurement has shown an IP to help."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart.engines import Budget, given
from lightsart.engines.exact import EXACT_SECONDS, Exact

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart.results import Fit
    from lightsart.rules import Rules
    from lightsart.types import Board

__all__ = ["ENGINE", "Auto"]


@dataclass(frozen=True)
class Auto(Exact):
    """The exact engine (its ``connect``), whose ``fit`` may use the reduced parity IP."""

    name: str = "auto"

    def fit(self, target: Board, cost: NDArray[np.float64] | None = None,
            budget: Budget | None = None, rules: Rules | None = None) -> Fit:
        from lightsart.engines import ip

        if rules is not None and rules.states > 2:  # the parity IP is GF(2) only (see above)
            return super().fit(target, cost, budget, rules)
        budget = given(budget)
        return ip.closest_board_auto(target, cost, time_limit=budget.seconds_or(EXACT_SECONDS),
                                     seed=budget.seed, solver=budget.solver, rules=rules)


ENGINE = Auto()
