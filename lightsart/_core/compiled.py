"""How the package compiles its numba loops (imports numba: import lazily, from the kernels only).

One decorator for every compiled kernel (:mod:`lightsart._core.fewest_kernel`,
:mod:`lightsart._core.chase_kernel`): machine code cached on disk where it can be, kept in
memory where nowhere is writable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba

__all__ = ["compiled"]


def compiled(function: Callable[..., Any]) -> Any:
    """``function`` compiled by numba without the GIL, cached on disk when possible."""
    try:
        return numba.njit(cache=True, nogil=True)(function)
    except RuntimeError:  # nowhere writable to cache it (numba says "no locator available")
        return numba.njit(nogil=True)(function)
