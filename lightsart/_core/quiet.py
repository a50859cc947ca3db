"""The quiet patterns of a board, held densely when small and chased block by block when not.

Every click set producing one board is ``x0 ^ sum_k l_k N_k`` over the ``d`` quiet patterns
``N_k``. On a 4096 × 4096 board ``d = 2072`` and the dense basis would be 35 GB, so a
:class:`QuietPatterns` hands out blocks of patterns on demand (for the classic game, chased from
the kernel of ``B``: :meth:`lightsart._core.gf2.ClassicAlgebra.quiet_block`), and everything here
works from a block at a time:

* :func:`signatures`: each cell's ``k``-bit column over a block (bit ``i`` = cell in pattern ``i``);
* :func:`coset_weights`: the clicks of all ``2**k`` members ``x0 ^ sum l_i N_i`` of a block at once,
  by one Walsh–Hadamard transform of the signature counts;
* :func:`local_search`: the large-nullity search over random blocks, whose work is planned from
  the budget (a number of rounds) so that the same seed gives the same answer on any machine;
  the clock only caps it, and the result says when it did.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

# Rounds are planned at the nominal speed of lightsart._calibration (still exported from here).
from lightsart._calibration import CELL_PATTERNS_PER_SECOND
from lightsart._calibration import QUIET_PLANNED_SHARE as _PLANNED_SHARE
from lightsart._calibration import QUIET_ROUND_SECONDS as ROUND_SECONDS
from lightsart._limits import planning_seconds
from lightsart._results import Clicks, ClickSearch
from lightsart._types import Board

__all__ = [
    "QuietPatterns",
    "combine_patterns",
    "coset_weights",
    "local_search",
    "signatures",
    "walsh_hadamard",
]

def walsh_hadamard(values: NDArray[np.int64]) -> NDArray[np.int64]:
    """Unnormalised Walsh–Hadamard transform: ``F[l] = sum_v f[v] (-1)^popcount(l & v)``."""
    a = np.array(values, dtype=np.int64, copy=True)
    size = a.size
    h = 1
    while h < size:
        blocks = a.reshape(-1, 2, h)
        low = blocks[:, 0, :].copy()
        blocks[:, 0, :] += blocks[:, 1, :]
        blocks[:, 1, :] = low - blocks[:, 1, :]
        h *= 2
    return a


#: Quiet patterns searched exactly at once in each round of the large-nullity search.
BLOCK = 16
#: Patterns chased at once when building signatures (memory: this many boards of uint8).
_CHUNK = 8


@dataclass(frozen=True)
class QuietPatterns:
    """``nullity`` quiet patterns of an ``m`` × ``n`` board, given a block at a time by ``block``
    (indices → ``(len, m, n)`` uint8)."""

    shape: tuple[int, int]
    nullity: int
    block: Callable[[NDArray[np.intp]], Board]

    @classmethod
    def dense(cls, patterns: Board) -> QuietPatterns:
        """A source over patterns already held, shape ``(d, m, n)``."""
        held = np.asarray(patterns, dtype=np.uint8)
        return cls((int(held.shape[1]), int(held.shape[2])), int(held.shape[0]),
                   lambda indices: held[indices])

    def all(self) -> Board:
        """Every pattern at once (the caller has checked it fits)."""
        return self.block(np.arange(self.nullity, dtype=np.intp))


def signatures(source: QuietPatterns, indices: NDArray[np.intp]) -> NDArray[np.int64]:
    """Each cell's column over the patterns ``indices`` (at most 62): bit ``i`` = cell in pattern
    ``indices[i]``, cells flattened. Patterns are chased a few at a time."""
    m, n = source.shape
    sig = np.zeros(m * n, dtype=np.int64)
    for at in range(0, len(indices), _CHUNK):
        part = source.block(np.asarray(indices[at : at + _CHUNK], dtype=np.intp))
        for i, pattern in enumerate(part):
            sig |= pattern.ravel().astype(np.int64) << np.int64(at + i)
    return sig


def _weights(x0: Board, sig: NDArray[np.int64], k: int) -> NDArray[np.int64]:
    """Clicks in ``x0 ^ sum_i l_i N_i`` for every ``l < 2**k`` (see :func:`coset_weights`)."""
    flat = x0.ravel().astype(bool)
    size = 1 << k
    f = np.bincount(sig[~flat], minlength=size) - np.bincount(sig[flat], minlength=size)
    return int(flat.sum()) + (int(f.sum()) - walsh_hadamard(f.astype(np.int64))) // 2


def coset_weights(x0: Board, patterns: Board) -> NDArray[np.int64]:
    """Clicks in ``x0 ^ sum_k l_k patterns[k]`` for every ``l`` in ``range(2**k)``, at once.

    Cells with signature ``v`` contribute ``x_p`` when ``l·v = 0`` and ``1 - x_p`` otherwise, so
    the weight is ``|x0| + (sum f - F(l)) / 2`` with ``f(v) = sum (1 - 2 x_p)`` and ``F`` its
    Walsh–Hadamard transform.
    """
    source = QuietPatterns.dense(patterns)
    return _weights(x0, signatures(source, np.arange(source.nullity)), source.nullity)


def combine_patterns(patterns: Board, choice: int) -> Board:
    """``sum_k l_k patterns[k]`` over GF(2) for the bits ``l_k`` of ``choice``."""
    out = np.zeros(patterns.shape[1:], dtype=np.uint8)
    for k in range(patterns.shape[0]):
        if (choice >> k) & 1:
            out ^= patterns[k]
    return out


def lightest(x0: Board, source: QuietPatterns) -> Board:
    """The lightest member of the whole coset by one transform (``d`` at most about 24)."""
    everything = np.arange(source.nullity, dtype=np.intp)
    choice = int(np.argmin(_weights(x0, signatures(source, everything), source.nullity)))
    picked = np.asarray([k for k in range(source.nullity) if (choice >> k) & 1], dtype=np.intp)
    return x0 ^ combine_patterns(source.block(picked), (1 << picked.size) - 1) if picked.size \
        else x0.copy()


def planned_rounds(cells: int, nullity: int, seconds: float) -> int:
    """Rounds the budget buys at the nominal speed (none when one round would not fit)."""
    block = min(BLOCK, nullity)
    one = cells * block / CELL_PATTERNS_PER_SECOND + ROUND_SECONDS
    return int(_PLANNED_SHARE * planning_seconds(seconds) / one)


def local_search(x: Board, source: QuietPatterns, seed: int, seconds: float,
                 on_round: Callable[[int, int], None] | None = None) -> Clicks:
    """Exact search over random blocks of quiet patterns, keeping any lighter member.

    Stops after the planned rounds, or earlier when ``max(16, 2 d)`` rounds in a row found
    nothing (both counts, so the answer depends only on the input, the seed and ``seconds``), or
    when the clock passes ``seconds`` (then ``cut_short``). ``on_round`` hears the rounds done and
    the clicks so far after each round (a progress line). The answer's ``search`` says the rounds
    done (``leaves_searched``) of those planned; nothing is proven.
    """
    rng = np.random.default_rng(seed)
    d = source.nullity
    began = time.perf_counter()
    deadline = began + seconds

    def searched(x: Board, rounds: int, cut_short: bool = False) -> Clicks:
        work = ClickSearch("local", rounds, planned, None, 1 << min(BLOCK, d))
        return Clicks(x, int(x.sum()), False, d, time.perf_counter() - began, cut_short,
                      search=work)

    planned = planned_rounds(x.size, d, seconds)
    stale, rounds = 0, 0
    while rounds < planned and stale < max(16, 2 * d):
        if time.perf_counter() > deadline:
            return searched(x, rounds, True)
        block = np.sort(rng.choice(d, size=min(BLOCK, d), replace=False))
        patterns = source.block(block)
        weights = coset_weights(x, patterns)
        best = int(np.argmin(weights))
        rounds += 1
        if weights[best] < weights[0]:
            x = x ^ combine_patterns(patterns, best)
            stale = 0
        else:
            stale += 1
        if on_round is not None:
            on_round(rounds, int(weights[best]))
    return searched(x, rounds)
