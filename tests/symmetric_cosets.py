"""Random cosets of quiet-pattern-like spaces that the grid symmetries keep (test helper)."""

from __future__ import annotations

import numpy as np

from lightsart._core.coset_symmetry import grid_permutations


def independent(rows: np.ndarray) -> np.ndarray:
    """A maximal independent subset of the 0/1 rows, in order (GF(2) elimination)."""
    kept: list[int] = []
    pivots: dict[int, int] = {}
    for i, row in enumerate(rows):
        v = int("".join(map(str, row[::-1])), 2) if row.size else 0
        while v:
            top = v.bit_length() - 1
            if top not in pivots:
                pivots[top] = v
                kept.append(i)
                break
            v ^= pivots[top]
    return rows[kept]


def symmetric_instance(rng: np.random.Generator, shape: tuple[int, int],
                       seeds: int) -> tuple[np.ndarray, np.ndarray]:
    """``x0`` and a basis of ``span(images of random patterns)`` whose coset every grid
    symmetry keeps: the span is closed under the group, and ``x0`` is a group sum (invariant)
    plus a random member of the span."""
    h, w = shape
    perms = [np.arange(h * w), *grid_permutations(shape)]
    raw = rng.integers(0, 2, (seeds, h * w), dtype=np.uint8)
    patterns = independent(np.array([r[p] for r in raw for p in perms], dtype=np.uint8))
    y = rng.integers(0, 2, h * w, dtype=np.uint8)
    x0 = np.bitwise_xor.reduce(np.array([y[p] for p in perms]), axis=0)
    for row in patterns:
        if rng.integers(0, 2):
            x0 = x0 ^ row
    return x0.reshape(h, w), patterns.reshape(-1, h, w)
