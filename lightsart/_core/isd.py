"""Stern-style information-set decoding on bit-packed columns, walked by column swaps.

We look for few generators (distinct columns ``h_c`` of ``N``, ``d`` bits each) whose XOR is the
syndrome ``s``. Choose ``d`` independent columns, the *pivots* ``I``, and write every column and
the syndrome in that basis: ``h'_c = H_I^{-1} h_c``, ``s' = H_I^{-1} s``. Then for any set ``J`` of
non-pivot columns, ``J`` plus the pivots of ``s' ^ sum_{c in J} h'_c`` is a solution, and its cost
is ``cost(J) + cost(pivots of s' ^ sum h'_c)``:

* ``J = {}`` is Prange's solution (the pivots of ``s'``);
* ``J = {c}`` is Lee–Brickell's step, scored for every column at once: with unit costs one
  popcount of ``h'_c ^ s'`` per column, with per-pixel costs ``cost(s') + sum_r h'_c[r] g_r``
  where ``g_r = cost(pivot r) (1 - 2 s'_r)``, summed a byte at a time from 256-entry tables;
* ``J = {a, b}`` is Stern's step: draw ``l`` rows where ``s'`` is 0 and split the non-pivot
  columns into two random halves; a pair from different halves whose columns agree on those rows
  (a collision of their projections) changes none of those rows, so its sum lies mostly on the
  support of ``s'``. Collisions are found by sorting a hash of each column's projection.

*Walk (Canteaut–Chabaud).* Instead of eliminating afresh each round, one column ``j`` enters the
basis in place of the pivot of a row ``i`` with ``h'_j[i] = 1``: every column with bit ``i`` set
is XOR-ed with ``h'_j ^ e_i`` (one pass over the packed matrix, ``O(d G / 64)`` word operations).
The current solution always lies on the pivots: an improving ``J`` is entered at rows outside its
new support, so the next round searches the neighbourhood of the best solution so far. When no
step improves, the walk moves to a random Lee–Brickell neighbour costing at most a little more,
which changes the basis and the rows the next Stern step collides on.

*Work.* Everything random comes from one generator seeded by the caller and every round does the
same work, so a given number of rounds gives the same answer on any machine; the clock is only a
cap (``cut_short``). Memory: the packed matrix, ``G * ceil(d / 64) * 8`` bytes, plus a few
``G``-long vectors.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

# Rounds are planned at the nominal speed of lightsart._calibration (still exported from here).
from lightsart._calibration import WORDS_PER_SECOND
from lightsart._core.packed import echelon, pack, unpack
from lightsart._limits import planning_seconds

__all__ = ["Search", "rounds_for", "search", "setup_words"]

Words = NDArray[np.uint64]

_ONE = np.uint64(1)
_BLOCK = 1 << 16  # columns per block when the basis change is applied
_OFFSETS = 3  # neighbours compared in the sorted projection hashes (pairs per column, at most)
_SLACK = 1.0  # the walk's step may cost this much more (in units of the median cost)


def _count(words: Words) -> NDArray[np.uint8]:
    if hasattr(np, "bitwise_count"):
        return np.asarray(np.bitwise_count(words))
    table = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)  # pragma: no cover
    raw = np.ascontiguousarray(words).view(np.uint8).reshape(*words.shape, 8)  # pragma: no cover
    return np.asarray(table[raw].sum(axis=-1, dtype=np.uint8))  # pragma: no cover


def popcount(words: Words, s: Words | None = None) -> NDArray[np.int64]:
    """Set bits of each column of word-major ``words`` (``(W, n)``), XOR-ed with ``s`` first."""
    total = np.zeros(words.shape[1], dtype=np.int64)
    for k in range(words.shape[0]):
        total += _count(words[k] if s is None else words[k] ^ s[k])
    return total


def round_words(g: int, d: int, unit: bool = False) -> int:
    """Word operations of one round on ``g`` columns of ``d`` bits (the unit of the work count).

    Per-pixel costs are scored from byte tables, about three times the popcounts of unit costs
    (measured per round at 256..1024 a side: 4.3/1.3, 33/11 and 13/2.6 ms).
    """
    w = (d + 63) // 64
    per_column = 2 * w + 8 if unit else 6 * w + 24
    return g * per_column + 40_000  # the constant: numpy calls' overhead


def setup_words(g: int, d: int, pixels: int) -> int:
    """Word operations before the first round: keying ``pixels`` columns, eliminating about
    ``2d`` candidates, and rewriting the ``g`` generators in the new basis."""
    w = (d + 63) // 64
    return 16 * w * pixels + d * d * (2 * d + 64) // 256 + g * ((d + 7) // 8) * w


def rounds_for(seconds: float, g: int, d: int, pixels: int = 0, unit: bool = False) -> int:
    """Rounds that ``seconds`` buys at the nominal :data:`WORDS_PER_SECOND` once the set-up
    (:func:`setup_words`, for ``pixels`` columns offered) is paid (at least 1)."""
    left = planning_seconds(seconds) - setup_words(g, d, max(pixels, g)) / WORDS_PER_SECOND
    return max(1, int(left * WORDS_PER_SECOND / round_words(g, d, unit)))


class _Basis:
    """Columns in the basis of the pivots, word-major: ``cols[k, c]`` is word ``k`` of ``h'_c``."""

    def __init__(self, cols: Words, piv: NDArray[np.intp], rank: int) -> None:
        self.cols = cols
        self.piv = piv  # piv[r]: the column whose h' is e_r (r < rank)
        self.rank = rank
        self.pos = np.full(cols.shape[1], -1, dtype=np.intp)
        self.pos[piv] = np.arange(rank)

    def swap(self, j: int, row: int, s: Words) -> Words:
        """Column ``j`` becomes the pivot of ``row`` (``h'_j[row] = 1``); returns the new ``s'``."""
        word, bit = row >> 6, np.uint64(row & 63)
        u = self.cols[:, j].copy()
        u[word] ^= _ONE << bit
        mask = np.uint64(0) - ((self.cols[word] >> bit) & _ONE)
        for k in range(self.cols.shape[0]):
            if u[k]:
                self.cols[k] ^= mask & u[k]
        if (s[word] >> bit) & _ONE:
            s = s ^ u
        self.pos[self.piv[row]] = -1
        self.piv[row] = j
        self.pos[j] = row
        return s

    def bits(self, words: Words) -> NDArray[np.uint8]:
        """The first ``rank`` bits of one packed vector."""
        return unpack(words[None, :], self.rank)[0]

    def column(self, j: int) -> Words:
        return np.ascontiguousarray(self.cols[:, j])


def _basis(
    packed: Words, d: int, order: NDArray[np.intp], syndrome: Words
) -> tuple[_Basis, Words]:
    """Pivots: the first independent columns in ``order``; every column rewritten in their basis.

    The inverse ``T = H_I^{-1}`` comes from eliminating a few more than ``d`` candidate columns;
    it is applied to all columns (and ``s``) by the method of four Russians: for each byte of
    ``h_c``, a 256-entry table of XORs of the matching 8 columns of ``T``.
    """
    g, w = packed.shape
    k = min(g, 2 * d + 64)
    while True:
        cand = order[:k]
        found = echelon(np.ascontiguousarray(unpack(packed[cand], d).T), transform=True)
        if found.rank == d or k == g:
            break
        k = min(g, 4 * k)
    assert found.transform is not None
    tcols = pack(np.ascontiguousarray(unpack(found.transform, d).T))  # row k: column k of T
    cols = np.empty((w, g + 1), dtype=np.uint64)
    combos = np.arange(256)
    tables = []
    for b in range((d + 7) // 8):
        table = np.zeros((256, w), dtype=np.uint64)
        for bit in range(min(8, d - 8 * b)):
            table[(combos >> bit) & 1 == 1] ^= tcols[8 * b + bit]
        tables.append(table)
    for start in range(0, g + 1, _BLOCK):
        block = np.concatenate([packed[start : start + _BLOCK], syndrome[None, :]])
        block = block[: min(_BLOCK, g + 1 - start)] if start + _BLOCK <= g else block
        raw = block.view(np.uint8)
        out = np.zeros((block.shape[0], w), dtype=np.uint64)
        for b, table in enumerate(tables):
            out ^= table[raw[:, b]]
        cols[:, start : start + out.shape[0]] = out.T
    basis = _Basis(np.ascontiguousarray(cols[:, :g]), cand[found.pivots].astype(np.intp), found.rank)
    return basis, cols[:, g].copy()


class _Scorer:
    """Cost of the pivot part ``s' ^ v`` for many packed ``v`` at once (word-major ``(W, n)``)."""

    def __init__(self, cost: NDArray[np.float64], unit: bool, d: int) -> None:
        self.cost = cost
        self.unit = unit
        self.d = d
        self.combos = ((np.arange(256)[:, None] >> np.arange(8)[None, :]) & 1).astype(np.float64)

    def base(self, basis: _Basis, s: Words) -> float:
        rows = np.flatnonzero(basis.bits(s))
        return float(rows.size) if self.unit else float(self.cost[basis.piv[rows]].sum())

    def many(self, basis: _Basis, s: Words, vectors: Words) -> NDArray[np.float64]:
        if self.unit:
            return popcount(vectors, s).astype(np.float64)
        # cost(s' ^ v) = cost(s') + sum_r v_r g_r with g_r = cost(pivot r) (1 - 2 s'_r)
        gain = np.zeros(64 * vectors.shape[0])
        gain[: basis.rank] = self.cost[basis.piv] * (1.0 - 2.0 * basis.bits(s))
        total = np.full(vectors.shape[1], self.base(basis, s))
        for k in range(vectors.shape[0]):
            raw = np.ascontiguousarray(vectors[k]).view(np.uint8).reshape(-1, 8)
            for b in range(8):
                if 64 * k + 8 * b < basis.rank:
                    total += (self.combos @ gain[64 * k + 8 * b : 64 * k + 8 * b + 8])[raw[:, b]]
        return total


@dataclass(frozen=True)
class Search:
    """Best set found (generator indices), its cost, rounds done and whether the clock cut in."""

    cost: float
    chosen: NDArray[np.intp]
    rounds: int
    cut_short: bool


def _pick(values: NDArray[np.float64], target: float, rng: np.random.Generator) -> int:
    """A uniformly random index among those with ``values <= target`` (some exist)."""
    ok = np.flatnonzero(values <= target + 1e-9)
    return int(ok[rng.integers(ok.size)])


def _enter(basis: _Basis, s: Words, chosen: list[int], rng: np.random.Generator) -> Words:
    """Make ``chosen`` (non-pivots) pivots so that their solution becomes Prange's solution."""
    for n, j in enumerate(chosen):
        target = s.copy()
        for c in chosen[n:]:
            target ^= basis.cols[:, c]
        rows = np.flatnonzero(basis.bits(basis.column(j) & ~target))
        if rows.size == 0:  # pragma: no cover - chosen columns are independent of the rest
            return s
        s = basis.swap(j, int(rows[rng.integers(rows.size)]), s)
    return s


def _stern_pairs(
    basis: _Basis, rows: NDArray[np.intp], rng: np.random.Generator
) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Pairs of non-pivot columns from different random halves that agree on ``rows``.

    Each column's projection on ``rows`` is hashed (a sum of masked words times random odd
    multipliers); equal projections give equal hashes, and the few unequal ones that collide
    are only scored, never trusted. The column index sits in the hash's low bits, so one plain
    sort orders the columns by hash, the same on any machine.
    """
    w, g = basis.cols.shape
    mask = pack(np.isin(np.arange(64 * w), rows).astype(np.uint8)[None, :])[0]
    mult = np.asarray(rng.integers(1, 1 << 62, size=w, dtype=np.uint64)) | _ONE
    key = np.zeros(g, dtype=np.uint64)
    for k in range(w):
        if mask[k]:
            key += (basis.cols[k] & mask[k]) * mult[k]
    free = np.flatnonzero(basis.pos < 0)
    low = max(1, int(g).bit_length())
    keyed = np.sort((key[free] >> np.uint64(low)) << np.uint64(low) | free.astype(np.uint64))
    ids = (keyed & np.uint64((1 << low) - 1)).astype(np.intp)
    ks = keyed >> np.uint64(low)
    half = np.asarray(rng.integers(0, 2, g, dtype=np.uint8))[ids]
    firsts: list[NDArray[np.intp]] = []
    seconds: list[NDArray[np.intp]] = []
    for off in range(1, min(_OFFSETS, ks.size - 1) + 1):
        same = ks[:-off] == ks[off:]
        if not same.any():
            break
        hit = np.flatnonzero(same & (half[:-off] != half[off:]))
        firsts.append(ids[hit])
        seconds.append(ids[hit + off])
    if not firsts:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    # Columns that are sparse in this basis collide in crowds: score at most g pairs a round,
    # nearest neighbours first, so a round's work stays O(g) words.
    return np.concatenate(firsts)[:g], np.concatenate(seconds)[:g]


def search(
    packed: Words,
    d: int,
    syndrome: Words,
    cost: NDArray[np.float64],
    start: NDArray[np.intp] | None,
    *,
    rng: np.random.Generator,
    rounds: int,
    deadline: float,
    stop_at: float = 0.0,
    prefer: NDArray[np.intp] | None = None,
) -> Search | None:
    """Walk ``rounds`` rounds of Stern steps from ``start`` (or Prange's solution) and report the
    best set; None when the syndrome is not in the columns' span.

    ``packed``: the generators as ``(G, W)`` words of ``d`` bits; ``syndrome``: ``(W,)`` words;
    ``cost``: per generator; ``start``: a solution (generator indices) to start from. The walk
    stops early at ``deadline`` (``time.perf_counter()``; then ``cut_short``, and Prange's set
    if the basis was not ready before it) or when the cost reaches ``stop_at`` (a proven lower bound).
    ``prefer``: generators tried as pivots right after ``start`` (e.g. the columns of other good
    solutions, so the walk sees the moves that mix them in).
    """
    g = packed.shape[0]
    unit = bool(np.all(cost == 1.0))
    noise = rng.exponential(float(np.median(cost)), g)
    first = np.argsort(cost + noise, kind="stable")
    head = np.zeros(0, np.intp) if start is None else np.asarray(start, dtype=np.intp)
    if prefer is not None and prefer.size:
        head = np.r_[head, prefer[~np.isin(prefer, head)]]
    if head.size:
        first = np.r_[head, first[~np.isin(first, head)]]
    basis, s = _basis(packed, d, first.astype(np.intp), syndrome)
    if basis.bits(s).sum() != popcount(s[:, None])[0]:
        return None  # s' has bits past the rank: s is not in the columns' span

    def solution(s_: Words) -> NDArray[np.intp]:
        return basis.piv[np.flatnonzero(basis.bits(s_))].astype(np.intp)

    if time.perf_counter() > deadline:  # the basis took the time: Prange's solution, cut short
        return Search(float(cost[solution(s)].sum()), solution(s), 0, True)
    score = _Scorer(cost, unit, d)
    slack = _SLACK * float(np.median(cost))
    best_cost, best = score.base(basis, s), solution(s)
    lstern = min(basis.rank, max(8, g.bit_length() + 4))
    done = 0
    cut = False
    while done < rounds and best_cost > stop_at + 1e-9:
        if time.perf_counter() > deadline:
            cut = True
            break
        done += 1
        here = score.base(basis, s)
        single = score.many(basis, s, basis.cols) + cost
        single[basis.piv] = np.inf
        low = float(single.min())
        if low < here - 1e-9:
            s = _enter(basis, s, [_pick(single, low, rng)], rng)
        else:
            outside = np.flatnonzero(basis.bits(s) == 0)
            rows = rng.choice(outside, size=min(lstern, outside.size), replace=False)
            a, b = _stern_pairs(basis, rows, rng)
            moved = False
            if a.size:
                both = basis.cols[:, a] ^ basis.cols[:, b]
                pair = score.many(basis, s, both) + cost[a] + cost[b]
                low2 = float(pair.min())
                if low2 < here - 1e-9 or (low2 <= here + 1e-9 and rng.random() < 0.5):
                    k = _pick(pair, low2, rng)
                    s = _enter(basis, s, [int(a[k]), int(b[k])], rng)
                    moved = True
            if not moved:
                j = _pick(single, max(low, here + slack), rng)
                rows_j = np.flatnonzero(basis.bits(basis.column(j) & s))
                if rows_j.size:
                    s = basis.swap(j, int(rows_j[rng.integers(rows_j.size)]), s)
        here = score.base(basis, s)
        if here < best_cost - 1e-9:
            best_cost, best = here, solution(s)
    return Search(best_cost, best, done, cut)
