"""Grey-level fits (deprecated module): ``k`` states per cell now go through every engine.

The k-state fit and transition are :func:`lightsart._core.optimize.closest_board` and
:func:`lightsart._core.optimize.transition` with more than two ``rules.states``
(``engine("exact").fit`` and ``.connect``); :func:`board_from_presses` and :func:`kernel_rank`
live in :mod:`lightsart._core.modk`.
The names below stay for one release: the two fitting functions warn and call that one entry.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from lightsart._core.modk import board_from_presses, kernel_rank

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart._results import Clicks, Fit
    from lightsart._rules import Rules
    from lightsart._types import Board

__all__ = ["board_from_presses", "connect_levels", "fit_levels", "kernel_rank"]


def _deprecated(old: str, new: str) -> None:
    warnings.warn(f"lightsart._engines.levels.{old} is deprecated; use {new}", DeprecationWarning,
                  stacklevel=3)


def fit_levels(target: Board, rules: Rules, *, seconds: float = 1.0, seed: int = 0,
               costs: NDArray[np.float64] | None = None) -> Fit:
    """Deprecated: ``engine("exact").fit(target, costs, Budget(seconds, seed), rules)``."""
    from lightsart._core.optimize import closest_board

    _deprecated("fit_levels", 'engine("exact").fit(target, cost, budget, rules)')
    return closest_board(target, costs, seconds=seconds, seed=seed, rules=rules)


def connect_levels(start: Fit, end: Fit) -> Clicks:
    """Deprecated: ``engine("exact").connect(start, end)``."""
    from lightsart._core.optimize import transition

    _deprecated("connect_levels", 'engine("exact").connect(start, end)')
    return transition(start, end)
