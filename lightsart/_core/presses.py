"""Fewest presses over ``Z/k``: the lightest press vector in a coset of the kernel.

Every press vector making the change of ``x`` is ``x + κ`` with ``κ`` in the kernel ``⊕ Z/o_i``
(generators ``g_i`` of order ``o_i``, :meth:`ModkAlgebra.kernel_generators`). The cost of a press
vector is ``Σ cells (x mod k)`` (a cell pressed ``j`` times counts ``j``). When
``kernel_size × cells`` is at most :data:`MODK_EXACT_MAX` every ``κ = Σ λ_i g_i`` is tried (mixed-radix
enumeration of ``λ``, in chunks) and the minimum is proven; beyond that a coordinate descent over
``λ`` (one generator multiple at a time, while it helps) gives an answer proven only when it meets
the lower bound :func:`presses_bound` (the kernel adds multiples of ``g_c = gcd(k, generators at
c)`` to cell ``c``, which is pressed at least ``x_c mod g_c`` times).

Over GF(2) the same question is :func:`lightsart.fewest_clicks` (one Walsh–Hadamard
transform scores the whole coset there); :func:`~lightsart.fewest_clicks` calls
:func:`fewest_presses` for more states.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lightsart._limits import MODK_EXACT_MAX
from lightsart._results import Clicks

if TYPE_CHECKING:
    from lightsart._core.modk import ModkAlgebra

__all__ = ["fewest_presses", "presses_bound"]

Ints = NDArray[np.int64]

# Kernel elements enumerated per chunk (chunk × cells int64 in memory).
_CHUNK_WORK = 1 << 22
#: Sweeps of a coordinate descent at most (here and in the closest board's chase descent).
SWEEPS = 50


def _enumerate(orders: tuple[int, ...], start: int, stop: int) -> Ints:
    """Mixed-radix digits ``λ`` (shape ``(stop - start, g)``) of the integers ``start .. stop-1``."""
    idx = np.arange(start, stop, dtype=np.int64)
    digits = np.empty((idx.size, len(orders)), dtype=np.int64)
    for i, o in enumerate(orders):
        digits[:, i] = idx % o
        idx //= o
    return digits


def fewest_presses(alg: ModkAlgebra, x: object, *, exact_max: int | None = None) -> Clicks:
    """The fewest presses in ``x + kernel`` (see the module docstring): the press vector with
    the fewest presses (a cell pressed ``j`` times counts ``j``) making the change of ``x``.

    ``lower_bound``: no press vector making the change has fewer presses, ``Σ_c (x_c mod g_c)``
    where ``g_c`` generates the values the kernel adds at cell ``c`` (``gcd`` of ``k`` and the
    generators' entries there; ``k`` where no quiet pattern reaches, so those presses are fixed).
    """
    began = time.perf_counter()
    k = alg.states
    m, n = alg.rules.shape
    gens_u8, orders = alg.kernel_generators()
    gens = gens_u8.reshape(len(orders), m * n).astype(np.int64)
    given = alg.levels(x, "press vector")
    flat = given.reshape(-1)
    size = alg.kernel_size
    limit = MODK_EXACT_MAX if exact_max is None else exact_max
    if size * m * n <= limit:
        best, best_cost = flat, int(flat.sum())
        chunk = max(1, _CHUNK_WORK // (m * n))
        for s in range(0, size, chunk):
            cand = (flat[None, :] + _enumerate(orders, s, min(size, s + chunk)) @ gens) % k
            costs = cand.sum(axis=1)
            i = int(costs.argmin())
            if costs[i] < best_cost:
                best, best_cost = cand[i], int(costs[i])
        bound = best_cost  # every member was tried
    else:
        best, best_cost = _descend(flat, gens, orders, k)
        bound = presses_bound(flat, gens, k)
    proven = best_cost <= bound
    presses = best.reshape(m, n).astype(np.uint8)
    if not np.array_equal(alg.press(presses), alg.press(given)):  # pragma: no cover
        raise AssertionError("fewest presses changed the board differently")
    return Clicks(presses, best_cost, proven, alg.nullity, time.perf_counter() - began,
                  lower_bound=bound, states=k, kernel_size=size)


def presses_bound(x: Ints, gens: Ints, k: int) -> int:
    """A lower bound on the presses of ``x + kernel``: at cell ``c`` the kernel adds exactly the
    multiples of ``g_c = gcd(k, gens[:, c])``, so that cell is pressed at least ``x_c mod g_c``."""
    g = np.full(x.size, k, dtype=np.int64)
    for row in gens:
        g = np.gcd(g, row % k)
    return int((x % k % g).sum())


def _descend(flat: Ints, gens: Ints, orders: tuple[int, ...], k: int) -> tuple[Ints, int]:
    """Coordinate descent: add the best multiple of one generator while the press count drops."""
    best, cost = flat.copy(), int(flat.sum())
    for _ in range(SWEEPS):
        improved = False
        for g, o in zip(gens, orders, strict=True):
            cand = (best[None, :] + np.arange(1, o)[:, None] * g[None, :]) % k
            costs = cand.sum(axis=1)
            i = int(costs.argmin()) if costs.size else 0
            if costs.size and costs[i] < cost:
                best, cost, improved = cand[i], int(costs[i]), True
        if not improved:
            break
    return best, cost
