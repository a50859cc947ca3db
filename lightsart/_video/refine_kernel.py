"""The compiled pick of :func:`lightsart._video.refine._local_best` (imports numba: import lazily).

numpy compared each gaining cell with its 24 neighbours by 24 gathers (a tenth of a film's
fitting with ``--states 4``); this loop compares them in place, the same comparisons in the same
order, so it picks the same cells.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba

__all__ = ["local_best"]


def _compiled(function: Callable[..., Any]) -> Any:
    try:
        return numba.njit(cache=True, nogil=True)(function)
    except RuntimeError:  # nowhere writable to cache it (numba says "no locator available")
        return numba.njit(nogil=True)(function)


@_compiled
def local_best(gain: Any, out: Any) -> int:
    """Write into ``out`` the flat indices, ascending, of the cells whose gain exceeds ``1e-12``
    and is the largest within two cells (larger than the cells before it in raster order, at
    least as large as those after); return how many."""
    rows, cols = gain.shape
    count = 0
    for r in range(rows):
        for c in range(cols):
            g = gain[r, c]
            if not g > 1e-12:
                continue
            best = True
            for dy in range(-2, 3):
                rr = r + dy
                if not best or rr < 0 or rr >= rows:
                    continue
                for dx in range(-2, 3):
                    cc = c + dx
                    if (dy == 0 and dx == 0) or cc < 0 or cc >= cols:
                        continue
                    o = gain[rr, cc]
                    if (dy < 0 or (dy == 0 and dx < 0)) and not g > o:
                        best = False
                        break
                    if (dy > 0 or (dy == 0 and dx > 0)) and not g >= o:
                        best = False
                        break
            if best:
                out[count] = r * cols + c
                count += 1
    return count
