"""Exact statistics of every state of a k-state board (goal: every cell 0), by enumeration.

With ``k`` states a board ``s`` is solved by presses ``x`` with ``s + A x = 0`` (mod ``k``), so
the fewest presses of ``s`` (a cell pressed ``j`` times counts ``j``) is the least ``Σ x`` over
the press vectors with ``A x = -s``. Every press vector solves exactly one board, and every
solvable board has ``kernel_size`` of them, so one pass over all ``k^(mn)`` press vectors gives
every solvable board's fewest presses. That pass is the whole method: the Walsh-spectrum
programme of the 2-state census (:mod:`lightsart.puzzle.census`) has no counterpart over
``Z/k`` here, so the census stays exact only where ``k^(mn)`` is at most
:data:`~lightsart.limits.CENSUS_LEVELS_MAX_STATES` (refused before any work beyond it).
The count is checked: the solvable boards number ``k^(mn) / kernel_size``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from lightsart.errors import LightsartError
from lightsart.limits import CENSUS_LEVELS_MAX_STATES
from lightsart.rules import Rules

__all__ = ["LevelCounts", "census_levels"]

# Press vectors enumerated per chunk: about 2**18.
_CHUNK_BITS = 18


@dataclass(frozen=True)
class LevelCounts:
    """What the enumeration found (:func:`lightsart.puzzle.census.census` wraps it as a
    ``Census``): ``distribution[j]`` solvable boards need ``j`` presses at fewest; ``all_lit``
    is the fewest presses from the all-brightest board (None: unsolvable)."""

    boards: int
    solvable: int
    kernel_size: int
    nullity: int
    distribution: tuple[int, ...]
    all_lit: int | None
    method: str
    seconds: float


def census_levels(rules: Rules) -> LevelCounts:
    """Exact census of the board of ``rules`` (``rules.states`` > 2 levels), goal every cell 0.

    ``boards`` is ``k^(mn)``, ``nullity`` the fewest generators of the kernel and
    ``kernel_size`` its number of elements.
    """
    from lightsart.core.modk import algebra_mod, kernel_rank, press_mod

    began = time.perf_counter()
    k = rules.states
    m, n = rules.shape
    cells = m * n
    total = k**cells
    if total > CENSUS_LEVELS_MAX_STATES:
        raise LightsartError(
            f"census of {n}x{m} with {k} states: {k}^{cells} = {total:.3g} boards, more than "
            f"{CENSUS_LEVELS_MAX_STATES} (the k-state census enumerates every press vector)")
    alg = algebra_mod(rules)
    # Column c of A: what one press of cell c adds to each cell.
    unit = np.eye(cells, dtype=np.int64).reshape(cells, m, n)
    A = np.stack([press_mod(u, rules, k).reshape(-1) for u in unit], axis=1).astype(np.int64)
    place = k ** np.arange(cells, dtype=np.int64)  # base-k digit c is cell c
    worst = (k - 1) * cells + 1
    best = np.full(total, worst, dtype=np.int32)
    # Press vectors as (low cells, high cells): the low part's changes are computed once, and
    # each high part adds its own change to all of them (a chunk of k^low press vectors).
    low = min(cells, max(1, _CHUNK_BITS * 1000 // int(1000 * np.log2(k))))
    lows = np.arange(k**low, dtype=np.int64)
    x_low = (lows[:, None] // place[None, :low]) % k
    adds_low = (x_low @ A[:, :low].T).astype(np.int16)  # at most (k-1) * 81 per cell: fits
    presses_low = x_low.sum(axis=1).astype(np.int32)
    place_f = place.astype(np.float64)  # indices below 2**24: exact in float64, and BLAS is fast
    for high in range(k ** (cells - low)):
        x_high = (high // place[: cells - low]) % k
        adds = adds_low + (A[:, low:] @ x_high).astype(np.int16)
        board = (((-adds) % k).astype(np.float64) @ place_f).astype(np.int64)
        np.minimum.at(best, board, presses_low + int(x_high.sum()))
    solvable = best < worst
    size = alg.kernel_size
    if int(solvable.sum()) * size != total:  # pragma: no cover
        raise AssertionError("the census does not count every board's press vectors")
    distribution = np.bincount(best[solvable]).tolist()
    lit = int(best[total - 1])  # every digit k-1: the all-brightest board
    return LevelCounts(total, total // size, size, kernel_rank(alg),
                       tuple(int(v) for v in distribution), None if lit == worst else lit,
                       f"enumeration of all {k}^{cells} press vectors",
                       time.perf_counter() - began)
