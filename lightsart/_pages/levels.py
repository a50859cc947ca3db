"""The 0.2 home of the k-state pages' Python side, kept one release as an alias (issue 21).

The pages take the number of states as a parameter: boards of levels, presses and rows live in
:mod:`lightsart._pages._page`, reachability, kernels and picture goals in
:mod:`lightsart._pages.play`. Import them from there; this module re-exports the old names.
"""

from __future__ import annotations

from lightsart._pages._page import after_presses, as_levels, level_rows
from lightsart._pages.play import closest_levels, is_reachable, kernel

__all__ = ["after_presses", "as_levels", "closest_levels", "is_reachable", "kernel", "level_rows"]
