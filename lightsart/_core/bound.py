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
import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["Bound", "lower_bound"]

#: Default memory for the pair table (bytes).
MEMORY_BYTES = 2 << 30
#: Default cap on the number of pair sums (work: one pass over them per bucket).
MAX_PAIRS = 1 << 28
_ROW_BLOCK = 1 << 22  # pairs handled per numpy call in the neighbour scan
_HUNT_PAIRS = 3e7  # candidate pairs examined by the weight-5 hunt
_MIX = np.uint64(0x9E3779B97F4A7C15)
_ONE = np.uint64(1)


@dataclass(frozen=True)
class Bound:
    """Every solution has weight ``>= bound``; ``solution`` (row indices) meets it when found."""

    bound: int
    solution: NDArray[np.intp] | None
    checked_weight: int
    #: The ``deadline`` stopped the passes or hunts before they were done (the bound is then
    #: what was proven before it).
    cut_short: bool = False


def _pack(bits: NDArray[np.uint8]) -> NDArray[np.uint64]:
    """Rows of ``d <= 64`` bits as words (bit k = column k)."""
    weights = np.left_shift(np.uint64(1), np.arange(bits.shape[-1], dtype=np.uint64))
    words = np.bitwise_or.reduce(np.where(bits.astype(bool), weights, np.uint64(0)), axis=-1)
    return np.asarray(words, dtype=np.uint64)


def _change_basis(words: NDArray[np.uint64], first: list[int], d: int) -> NDArray[np.uint64]:
    """An invertible linear map of ``GF(2)^d`` sending ``first[i]`` (independent) to ``e_i``."""
    basis = list(first)
    echelon: dict[int, int] = {}  # leading bit -> reduced vector, to complete the basis
    for v in basis:
        while v:
            top = v.bit_length() - 1
            if top not in echelon:
                echelon[top] = v
                break
            v ^= echelon[top]
    for k in range(d):
        if len(basis) == d:
            break
        v = 1 << k
        while v:
            top = v.bit_length() - 1
            if top not in echelon:
                echelon[top] = v
                basis.append(1 << k)
                break
            v ^= echelon[top]
    # Invert the matrix whose column i is basis[i]: Gauss-Jordan on rows, each row an augmented
    # pair (bits of the matrix row, bits of the identity row).
    rows = [(sum(((v >> r) & 1) << i for i, v in enumerate(basis)), 1 << r) for r in range(d)]
    for col in range(d):
        piv = next(r for r in range(col, d) if (rows[r][0] >> col) & 1)
        rows[col], rows[piv] = rows[piv], rows[col]
        for r in range(d):
            if r != col and (rows[r][0] >> col) & 1:
                rows[r] = (rows[r][0] ^ rows[col][0], rows[r][1] ^ rows[col][1])
    image = [0] * d  # image[k] = M e_k: bit i is bit k of row i of the inverse
    for i, (_, inv) in enumerate(rows):
        for k in range(d):
            if (inv >> k) & 1:
                image[k] |= 1 << i
    out = np.zeros(words.shape, dtype=np.uint64)
    for k in range(d):
        out ^= ((words >> np.uint64(k)) & np.uint64(1)) * np.uint64(image[k])
    return out


def _independent(start: int, candidates: NDArray[np.uint64], count: int) -> list[int]:
    """``start`` and, in order, candidates that keep the list independent, ``count`` at most."""
    echelon: dict[int, int] = {}

    def add(v: int) -> bool:
        while v:
            top = v.bit_length() - 1
            if top not in echelon:
                echelon[top] = v
                return True
            v ^= echelon[top]
        return False

    add(start)
    chosen = [start]
    for c in candidates.tolist():
        if len(chosen) >= count:
            break
        if add(int(c)):
            chosen.append(int(c))
    return chosen


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


def _hunt_five(table: NDArray[np.uint64], r: int) -> tuple[int, int, int] | None:
    """Sums ``p1, p2`` in the sorted table with equal bits from ``r`` up and ``p1 ^ p2`` equal to
    ``1 | 1 << i`` below (``0 < i < r``): then ``p1 ^ p2 = s ^ c_i``. Returns ``(p1, p2, i)``."""
    shift = np.uint64(r)
    low = np.uint64((1 << r) - 1)
    one = np.uint64(1)
    n = table.size
    for start in range(0, max(n - 1, 0), _ROW_BLOCK):
        stop = min(start + _ROW_BLOCK, n - 1)
        same = (table[start:stop] >> shift) == (table[start + 1 : stop + 1] >> shift)
        idx = start + np.flatnonzero(same)
        k = 1
        while idx.size:
            x = (table[idx] ^ table[idx + k]) & low
            y = x ^ one
            hit = np.flatnonzero(((x & one) == one) & (y != 0) & ((y & (y - one)) == 0))
            if hit.size:
                i0 = int(idx[hit[0]])
                return int(table[i0]), int(table[i0 + k]), int(y[hit[0]]).bit_length() - 1
            k += 1
            idx = idx[idx + k < n]
            idx = idx[(table[idx] >> shift) == (table[idx + k] >> shift)]
    return None


def lower_bound(
    columns: NDArray[np.uint8],
    syndrome: NDArray[np.uint8],
    max_weight: int = 4,
    *,
    memory_bytes: int = MEMORY_BYTES,
    max_pairs: int = MAX_PAIRS,
    hunt: bool = True,
    seed: int = 0,
    hunts: int = 1,
    deadline: float | None = None,
) -> Bound:
    """Prove that no fewer than ``bound`` columns XOR to ``syndrome`` (unit costs, exact).

    ``columns`` is ``(pixels, d)`` 0/1 with ``d <= 64``. Weights up to ``max_weight`` (at most 4)
    are exhausted; weights 3 and 4 only while the ``G (G - 1) / 2`` pair sums of the distinct
    columns stay within ``max_pairs`` (work) — the table is split into passes to stay within
    ``memory_bytes``. Returns the bound, a lightest solution (row indices of ``columns``) if its
    weight is at most the weight checked, and the largest weight ruled out or decided.

    With ``hunt`` (and one table in memory), once weight 4 is ruled out the same table is searched
    for weight-5 solutions through ``r`` columns ``c_i`` chosen by ``seed``: the basis also sends
    ``c_i`` to ``e_i``, so ``p1 ^ p2 = s ^ c_i`` means equal high bits and ``1 | 1 << i`` below.
    A partial search: a solution found proves the bound 5 is met; none found proves nothing more.
    Up to ``hunts`` tables are built (seeds ``seed``, ``seed + 1``, ...) until one finds weight 5.
    Deterministic for a given ``seed``. ``deadline`` (``time.perf_counter()``) is checked before
    each pass and each further hunt: past it the work stops, with what was proven so far.
    """
    d = syndrome.size
    if d > 64:
        raise ValueError("lower_bound packs columns into 64-bit words: d must be <= 64")
    if columns.shape[1] != d:
        raise ValueError(f"columns have {columns.shape[1]} checks, syndrome has {d}")
    s = int(_pack(syndrome[None, :].astype(np.uint8))[0])
    if s == 0:
        return Bound(0, np.zeros(0, np.intp), 0)
    space = _Space.of(columns, s, d, seed=seed, hunt=hunt, max_weight=max_weight,
                      memory_bytes=memory_bytes)
    found = space.weight_one()
    if found is not None or max_weight < 2:
        return found or Bound(2, None, 1)
    found = space.weight_two()
    if found is not None or max_weight < 3 or space.pairs > max_pairs:
        return found or Bound(3, None, 2)
    proven = min(max_weight, 4)
    found = space.pair_passes(proven, deadline)
    if found is not None:
        return found
    if space.r > 1 and proven >= 4 and hunts > 1:
        if deadline is not None and time.perf_counter() > deadline:
            return Bound(proven + 1, None, proven, cut_short=True)
        return lower_bound(
            columns, syndrome, max_weight, memory_bytes=memory_bytes, max_pairs=max_pairs,
            hunt=hunt, seed=seed + 1, hunts=hunts - 1, deadline=deadline,
        )
    return Bound(proven + 1, None, proven)


def _hunt_columns(d: int, pairs: int, passes: int, hunt: bool, max_weight: int) -> int:
    """Columns ``c_i`` the weight-5 hunt goes through: 1 (no hunt) unless one table holds all
    pairs and weight 4 is to be ruled out."""
    if not (hunt and passes == 1 and max_weight >= 4 and pairs > 1):
        return 1
    # Expected candidate pairs ~ pairs**2 / 2**(d - r + 1): keep them near _HUNT_PAIRS.
    r = d - 1 - round(math.log2(max(pairs * pairs / (2 * _HUNT_PAIRS), 1.0)))
    return max(1, min(r, d - 1, 63))


@dataclass(frozen=True, eq=False)
class _Space:
    """The distinct nonzero columns after the change of basis that sends the syndrome to ``1``
    (and the hunt's ``r - 1`` columns ``c_i`` to ``e_i``), with a pixel for each of them."""

    words: NDArray[np.uint64]
    rows: NDArray[np.intp]
    lookup: _Lookup
    r: int
    pairs: int
    passes: int

    @classmethod
    def of(cls, columns: NDArray[np.uint8], s: int, d: int, *, seed: int, hunt: bool,
           max_weight: int, memory_bytes: int) -> _Space:
        packed = _pack(columns.astype(np.uint8)) if columns.shape[0] else np.zeros(0, np.uint64)
        nonzero = np.flatnonzero(packed)
        distinct, first = np.unique(packed[nonzero], return_index=True)
        rows = nonzero[first].astype(np.intp)  # a pixel for each distinct column
        g = distinct.size
        pairs = g * (g - 1) // 2
        passes = max(1, math.ceil(pairs * 8 / max(memory_bytes, 1)))
        r = _hunt_columns(d, pairs, passes, hunt, max_weight)
        order = np.random.default_rng(seed).permutation(g)
        kernel = _independent(s, distinct[order].astype(np.uint64), r)  # s, then the hunt's c_i
        words = _change_basis(distinct.astype(np.uint64), kernel, d)
        return cls(words, rows, _Lookup(words), len(kernel), pairs, passes)

    def found(self, indices: list[int]) -> Bound:
        """The solution of these (distinct-column) indices, lightest possible by now."""
        return Bound(len(indices), self.rows[np.asarray(indices, dtype=np.intp)], len(indices))

    def weight_one(self) -> Bound | None:
        """``1`` is a column."""
        hit = int(self.lookup.find(np.array([_ONE]))[0])
        return self.found([hit]) if hit >= 0 else None

    def weight_two(self) -> Bound | None:
        """``c ^ 1`` is a column."""
        partner = self.lookup.find(self.words ^ _ONE)
        hit = np.flatnonzero(partner >= 0)
        if not hit.size:
            return None
        a = int(hit[0])
        return self.found([a, int(partner[a])])

    def pair_passes(self, proven: int, deadline: float | None) -> Bound | None:
        """Weights 3 and (``proven >= 4``) 4 exhausted pass by pass over the buckets of pair
        sums, with the weight-5 hunt in each; ``None`` when none of them has a solution."""
        bits = (self.passes - 1).bit_length()
        four: int | None = None  # a weight-4 pair sum, kept while later buckets are searched for 3
        for bucket in range(1 << bits):
            if deadline is not None and time.perf_counter() > deadline:
                return Bound(3, None, 2, cut_short=True)
            table = _pair_table(self.words, bucket, bits)
            if table.size == 0:
                continue
            found = self.weight_three(table)
            if found is not None:
                return found
            if proven >= 4 and four is None:
                i = _neighbour_hit(table)
                if i >= 0:
                    four = int(table[i])
            if four is None and self.r > 1 and proven >= 4:
                found = self.weight_five(table)
                if found is not None:
                    return found
            del table
        return None if four is None else self.weight_four(four)

    def weight_three(self, table: NDArray[np.uint64]) -> Bound | None:
        """``c ^ 1`` is a pair sum of the (sorted) ``table``."""
        queries = self.words ^ _ONE
        at = np.clip(np.searchsorted(table, queries), 0, table.size - 1)
        hit = np.flatnonzero(table[at] == queries)
        if not hit.size:
            return None
        c = int(hit[0])
        a, b = _pair_of(int(queries[c]), self.words, self.lookup)
        return self.found([a, b, c])

    def weight_four(self, four: int) -> Bound:
        """The pair sums ``four`` and ``four ^ 1``, both in a table."""
        a, b = _pair_of(four, self.words, self.lookup)
        c, e = _pair_of(four ^ 1, self.words, self.lookup)
        return self.found([a, b, c, e])

    def weight_five(self, table: NDArray[np.uint64]) -> Bound | None:
        """Pair sums ``p1 ^ p2 = s ^ c_i`` in the table (:func:`_hunt_five`)."""
        five = _hunt_five(table, self.r)
        if five is None:
            return None
        p1, p2, i = five
        a, b = _pair_of(p1, self.words, self.lookup)
        c, e = _pair_of(p2, self.words, self.lookup)
        f = int(self.lookup.find(np.array([np.uint64(1 << i)]))[0])
        if len({a, b, c, e, f}) != 5:  # lighter solutions are ruled out: never so
            return None
        return Bound(5, self.rows[np.asarray([a, b, c, e, f], dtype=np.intp)], 4)
