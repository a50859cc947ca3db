"""The ``k``-state searches' old home: fewest presses are :mod:`lightsart._core.presses`, the closest
board :mod:`lightsart._core.closest` (:func:`closest_board` here is its
:func:`~lightsart._core.closest.closest_levels`); the names stay importable from here."""

from lightsart._core.closest import DECODE_MAX, ClosestBoard, Metric
from lightsart._core.closest import _constraint_descent as _constraint_descent
from lightsart._core.closest import _costs as _costs
from lightsart._core.closest import closest_levels as closest_board
from lightsart._core.presses import EXACT_MAX, Presses, fewest_presses, presses_bound

__all__ = ["DECODE_MAX", "EXACT_MAX", "ClosestBoard", "Metric", "Presses", "closest_board",
           "fewest_presses", "presses_bound"]
