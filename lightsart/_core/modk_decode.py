"""The ``k``-state decoder's old home: :func:`lightsart._core.decode.decode` with ``states=k`` now.

The walk itself lives in :mod:`lightsart._core.isd_ring`; :func:`decode` keeps this module's
signature for one release.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lightsart._core.isd_ring import OPS_PER_SECOND, ModkDecoding, rounds_for

__all__ = ["OPS_PER_SECOND", "ModkDecoding", "decode", "rounds_for"]


def decode(columns: NDArray[np.int64], moduli: NDArray[np.int64], sigma: NDArray[np.int64],
           k: int, start: NDArray[np.int64], *, cost: NDArray[np.float64] | None = None,
           seconds: float = 1.0, seed: int = 0, rounds: int | None = None, floor: float = 0.0,
           value_cost: NDArray[np.float64] | None = None) -> ModkDecoding:
    """:func:`lightsart._core.decode.decode` over ``Z/k`` (``states=k``), as this module had it."""
    from lightsart._core.decode import decode as one_decode

    found = one_decode(columns, sigma, cost, start, states=k, moduli=moduli,
                       value_cost=value_cost, floor=floor, seed=seed, seconds=seconds, work=rounds)
    assert found.values is not None
    return ModkDecoding(found.values, found.cost, found.rounds, found.cut_short)
