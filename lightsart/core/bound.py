"""A proven lower bound for fewest-pixel syndrome decoding, by a sorted table of pair sums.

A solution is a set of distinct columns ``v_p`` of ``N`` XOR-ing to the syndrome ``s``. Only the
distinct nonzero columns ``C`` matter (``G`` of them, packed as 64-bit words, so ``d <= 64``).

* Change of basis. ``T(x) = x ^ x_j (s ^ e_j)`` (``j`` a set bit of ``s``) is a linear
  involution with ``T(s) = e_j``; then swapping bits ``j`` and 0 sends ``s`` to ``1``. Linear maps
  preserve XOR relations, so we decode the transformed columns against syndrome ``1``: XOR with
  the syndrome flips the lowest bit only.
* Weight 1: ``1 in C``. Weight 2: ``c ^ 1 in C``. With the pair sums ``P = {a ^ b}`` sorted,
  weight 3 is ``c ^ 1 in P`` and weight 4 is ``p ^ 1 in P`` for some ``p in P``. In sorted order
  ``p`` and ``p ^ 1`` are neighbours (nothing lies between ``2k`` and ``2k + 1``), so weight 4 is
  one linear scan for neighbours differing by exactly 1.
* Checked in increasing weight, every hit is a genuine solution with distinct columns: a repeated
  column in a weight-3 or weight-4 hit cancels to a lighter solution already ruled out.
* Memory. ``P`` has ``G (G - 1) / 2`` words. When that exceeds the budget the pairs are split
  into buckets by a hash of ``x >> 1`` (the same for ``p`` and ``p ^ 1``), one pass over all
  pairs per bucket, so weights 3 and 4 are still exhausted, bucket by bucket.

Example: ``lower_bound(columns, syndrome)`` returns ``(5, None)`` when no 4 pixels suffice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["Bound", "lower_bound"]

#: Default memory for the pair table (bytes).
MEMORY_BYTES = 2 << 30
#: Default cap on the number of pair sums (work: one pass over them per bucket).
MAX_PAIRS = 1 << 28
_ROW_BLOCK = 1 << 22  # pairs handled per numpy call in the neighbour scan
_MIX = np.uint64(0x9E3779B97F4A7C15)


@dataclass(frozen=True)
class Bound:
    """Every solution has weight ``>= bound``; ``solution`` (row indices) meets it when found."""

    bound: int
    solution: NDArray[np.intp] | None
    checked_weight: int


def _pack(bits: NDArray[np.uint8]) -> NDArray[np.uint64]:
    """Rows of ``d <= 64`` bits as words (bit k = column k)."""
    weights = np.left_shift(np.uint64(1), np.arange(bits.shape[-1], dtype=np.uint64))
    words = np.bitwise_or.reduce(np.where(bits.astype(bool), weights, np.uint64(0)), axis=-1)
    return np.asarray(words, dtype=np.uint64)


def _to_unit(words: NDArray[np.uint64], s: int) -> NDArray[np.uint64]:
    """The linear change of basis sending ``s`` to ``1`` (see the module docstring)."""
    j = (s & -s).bit_length() - 1
    bit_j = (words >> np.uint64(j)) & np.uint64(1)
    x = words ^ (bit_j * np.uint64(s ^ (1 << j)))
    if j == 0:
        return x
    b0 = x & np.uint64(1)
    bj = (x >> np.uint64(j)) & np.uint64(1)
    flip = b0 ^ bj
    return np.asarray(x ^ (flip | (flip << np.uint64(j))), dtype=np.uint64)


class _Lookup:
    """Membership of words in a set of distinct words, with the position of each hit."""

    def __init__(self, words: NDArray[np.uint64]) -> None:
        self.order = np.argsort(words, kind="stable")
        self.sorted = words[self.order]

    def find(self, values: NDArray[np.uint64]) -> NDArray[np.intp]:
        """Index into the original words of each value, or -1."""
        if self.sorted.size == 0:
            return np.full(values.shape, -1, dtype=np.intp)
        at = np.clip(np.searchsorted(self.sorted, values), 0, self.sorted.size - 1)
        return np.where(self.sorted[at] == values, self.order[at], -1).astype(np.intp)


def _pair_of(value: int, words: NDArray[np.uint64], lookup: _Lookup) -> tuple[int, int]:
    """Two distinct indices whose words XOR to ``value`` (known to exist)."""
    other = lookup.find(words ^ np.uint64(value))
    hit = np.flatnonzero((other >= 0) & (other != np.arange(words.size)))
    a = int(hit[0])
    return a, int(other[a])


def _bucket_of(values: NDArray[np.uint64], bits: int) -> NDArray[np.uint64]:
    """A hash of ``x >> 1`` into ``2**bits`` buckets: ``p`` and ``p ^ 1`` share a bucket."""
    return ((values >> np.uint64(1)) * _MIX) >> np.uint64(64 - bits)


def _pair_table(words: NDArray[np.uint64], bucket: int, bits: int) -> NDArray[np.uint64]:
    """All pair sums ``words[a] ^ words[b]`` (``a < b``) in one bucket, sorted."""
    g = words.size
    if bits == 0:
        table = np.empty(g * (g - 1) // 2, dtype=np.uint64)
        at = 0
        for a in range(g - 1):
            np.bitwise_xor(words[a + 1 :], words[a], out=table[at : at + g - 1 - a])
            at += g - 1 - a
    else:
        parts: list[NDArray[np.uint64]] = []
        want = np.uint64(bucket)
        for a in range(g - 1):
            row = words[a + 1 :] ^ words[a]
            parts.append(row[_bucket_of(row, bits) == want])
        table = np.concatenate(parts) if parts else np.zeros(0, np.uint64)
    table.sort()
    return table


def _neighbour_hit(table: NDArray[np.uint64]) -> int:
    """Position ``i`` with ``table[i] ^ table[i + 1] == 1``, or -1."""
    for start in range(0, max(table.size - 1, 0), _ROW_BLOCK):
        stop = min(start + _ROW_BLOCK, table.size - 1)
        hit = np.flatnonzero((table[start:stop] ^ table[start + 1 : stop + 1]) == np.uint64(1))
        if hit.size:
            return start + int(hit[0])
    return -1


def lower_bound(
    columns: NDArray[np.uint8],
    syndrome: NDArray[np.uint8],
    max_weight: int = 4,
    *,
    memory_bytes: int = MEMORY_BYTES,
    max_pairs: int = MAX_PAIRS,
) -> Bound:
    """Prove that no fewer than ``bound`` columns XOR to ``syndrome`` (unit costs, exact).

    ``columns`` is ``(pixels, d)`` 0/1 with ``d <= 64``. Weights up to ``max_weight`` (at most 4)
    are exhausted; weights 3 and 4 only while the ``G (G - 1) / 2`` pair sums of the distinct
    columns stay within ``max_pairs`` (work) — the table is split into passes to stay within
    ``memory_bytes``. Returns the bound, a lightest solution (row indices of ``columns``) if its
    weight is at most the weight checked, and the largest weight ruled out or decided. Deterministic.
    """
    d = syndrome.size
    if d > 64:
        raise ValueError("lower_bound packs columns into 64-bit words: d must be <= 64")
    if columns.shape[1] != d:
        raise ValueError(f"columns have {columns.shape[1]} checks, syndrome has {d}")
    s = int(_pack(syndrome[None, :].astype(np.uint8))[0])
    if s == 0:
        return Bound(0, np.zeros(0, np.intp), 0)
    packed = _pack(columns.astype(np.uint8)) if columns.shape[0] else np.zeros(0, np.uint64)
    nonzero = np.flatnonzero(packed)
    distinct, first = np.unique(packed[nonzero], return_index=True)
    rows = nonzero[first].astype(np.intp)  # a pixel for each distinct column
    words = _to_unit(distinct.astype(np.uint64), s)
    one = np.uint64(1)
    lookup = _Lookup(words)
    g = words.size

    def found(indices: list[int]) -> Bound:
        return Bound(len(indices), rows[np.asarray(indices, dtype=np.intp)], len(indices))

    hit1 = int(lookup.find(np.array([one]))[0])
    if hit1 >= 0:
        return found([hit1])
    if max_weight < 2:
        return Bound(2, None, 1)
    partner = lookup.find(words ^ one)
    hit2 = np.flatnonzero(partner >= 0)
    if hit2.size:
        a = int(hit2[0])
        return found([a, int(partner[a])])
    pairs = g * (g - 1) // 2
    if max_weight < 3 or pairs > max_pairs:
        return Bound(3, None, 2)
    passes = max(1, math.ceil(pairs * 8 / max(memory_bytes, 1)))
    bits = (passes - 1).bit_length()
    proven = min(max_weight, 4)
    four: int | None = None  # a weight-4 pair sum, kept while later buckets are searched for 3
    for bucket in range(1 << bits):
        table = _pair_table(words, bucket, bits)
        if table.size == 0:
            continue
        queries = words ^ one  # weight 3: c ^ 1 is a pair sum
        at = np.clip(np.searchsorted(table, queries), 0, table.size - 1)
        hit3 = np.flatnonzero(table[at] == queries)
        if hit3.size:
            c = int(hit3[0])
            a, b = _pair_of(int(queries[c]), words, lookup)
            return found([a, b, c])
        if proven >= 4 and four is None:
            i = _neighbour_hit(table)
            if i >= 0:
                four = int(table[i])
        del table
    if four is not None:
        a, b = _pair_of(four, words, lookup)
        c, e = _pair_of(four ^ 1, words, lookup)
        return found([a, b, c, e])
    return Bound(proven + 1, None, proven)
