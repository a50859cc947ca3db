"""The distinct pixel columns a decoder works with, found and compared through linear hashes.

Pixels whose columns ``v_p`` are equal are interchangeable, and zero columns never help, so a
decoder keeps only the cheapest pixel of each distinct nonzero column: the *generators*.
Columns are packed 64-bit words (``d`` bits each, :func:`lightsart._core.packed.pack`).

Rows are compared by a random **linear** 64-bit key: ``key(u ^ v) = key(u) ^ key(v)``, built as
the XOR of one 256-entry table per byte of the packed row. Sorting keys finds equal columns, and
linearity finds partners: ``c ^ s`` is a generator iff ``key(c) ^ key(s)`` is a key. Every match
found through a key is then checked word for word, so a collision can cost a lookup, never an
answer. (A fixed seed makes the keys, and so every tie broken by their order, repeatable.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from lightsart._core.packed import pack, unpack

__all__ = ["Generators", "cheap_bound", "generators", "to_words"]

Words = NDArray[np.uint64]
_KEY_SEED = 0x5EED
#: Generators up to which the cheap bound also rules out all 3-pixel solutions (G² / 2 lookups).
_TRIPLES_MAX = 2500


def to_words(columns: NDArray[np.uint8] | Words, d: int) -> Words:
    """Columns as packed words: ``(pixels, d)`` 0/1 bytes are packed, ``uint64`` rows kept."""
    a = np.asarray(columns)
    if a.dtype == np.uint64:
        return np.ascontiguousarray(a)
    if a.shape[0] == 0:
        return np.zeros((0, max(1, (d + 63) // 64)), dtype=np.uint64)
    return pack(a.astype(np.uint8, copy=False))


def _tables(width: int) -> NDArray[np.uint64]:
    """One table of 256 keys per byte of a row of ``width`` words, each linear in the byte."""
    rng = np.random.default_rng(_KEY_SEED)
    salts = rng.integers(0, np.iinfo(np.uint64).max, (width * 8, 8), dtype=np.uint64,
                         endpoint=True)
    tables = np.zeros((width * 8, 256), dtype=np.uint64)
    for bit in range(8):
        on = (np.arange(256) >> bit) & 1 == 1
        tables[:, on] ^= salts[:, bit : bit + 1]
    return tables


def linear_keys(words: Words) -> NDArray[np.uint64]:
    """The linear key of every row of ``words`` (``(rows, W)``)."""
    raw = np.ascontiguousarray(words).view(np.uint8).reshape(words.shape[0], -1)
    tables = _tables(words.shape[1])
    keys = np.zeros(words.shape[0], dtype=np.uint64)
    for b in range(raw.shape[1]):
        keys ^= tables[b][raw[:, b]]
    return keys


@dataclass(frozen=True, eq=False)
class Generators:
    """Distinct nonzero columns (``words``: ``(G, W)``), their cheapest pixel and its cost.

    ``group`` maps every pixel to its generator (``-1`` for a zero column); ``keys`` are the
    generators' linear keys, ``order`` sorts them.
    """

    d: int
    words: Words
    pixel: NDArray[np.intp]
    cost: NDArray[np.float64]
    group: NDArray[np.intp]
    keys: NDArray[np.uint64]
    order: NDArray[np.intp]

    @property
    def count(self) -> int:
        return int(self.words.shape[0])

    @cached_property
    def bits(self) -> NDArray[np.uint8]:
        """The generators as 0/1 bytes, ``(G, d)`` (for the small-``d`` paths)."""
        return unpack(self.words, self.d) if self.count else np.zeros((0, self.d), np.uint8)

    def find(self, keys: NDArray[np.uint64], rows: Words) -> NDArray[np.intp]:
        """The generator equal to each of ``rows`` (whose keys are ``keys``), or ``-1``."""
        if self.count == 0:
            return np.full(keys.size, -1, dtype=np.intp)
        sorted_keys = self.keys[self.order]
        at = np.clip(np.searchsorted(sorted_keys, keys), 0, self.count - 1)
        hit = self.order[at]
        same = (sorted_keys[at] == keys) & np.all(self.words[hit] == rows, axis=1)
        return np.where(same, hit, -1).astype(np.intp)

    def of_pixels(self, pixels: NDArray[np.intp]) -> NDArray[np.intp]:
        """A set of pixels as generators: equal columns cancel in pairs, zero columns drop."""
        g = self.group[np.asarray(pixels, dtype=np.intp)]
        g = g[g >= 0]
        odd = np.bincount(g, minlength=self.count) & 1
        return np.flatnonzero(odd).astype(np.intp)


def _cheapest(pixels: NDArray[np.intp], group: NDArray[np.intp],
              cost: NDArray[np.float64]) -> NDArray[np.intp]:
    """The cheapest of ``pixels`` in each group: sort by (group, cost), take each group's first."""
    by_cost = np.lexsort((cost[pixels], group))
    starts = np.flatnonzero(np.r_[True, np.diff(group[by_cost]) != 0])
    return np.asarray(pixels[by_cost[starts]], dtype=np.intp)


def generators(columns: NDArray[np.uint8] | Words, cost: NDArray[np.float64],
               d: int) -> Generators:
    """The generators of ``columns`` (0/1 ``(pixels, d)`` or packed words) under ``cost``."""
    words = to_words(columns, d)
    pixels = words.shape[0]
    keys = linear_keys(words)
    nonzero = np.flatnonzero(words.any(axis=1))
    group = np.full(pixels, -1, dtype=np.intp)
    empty = np.zeros(0, np.intp)
    if nonzero.size == 0:
        return Generators(d, words[:0], empty, np.zeros(0), group, keys[:0], empty)
    unique_keys, inverse = np.unique(keys[nonzero], return_inverse=True)
    inverse = inverse.ravel()
    pick = _cheapest(nonzero, inverse, cost)
    if not np.array_equal(words[nonzero], words[pick[inverse]]):  # pragma: no cover - collision
        return _generators_exactly(words, cost, d, keys)
    group[nonzero] = inverse
    order = np.argsort(unique_keys, kind="stable")  # already sorted: np.unique sorts
    return Generators(d, words[pick], pick.astype(np.intp), cost[pick], group,
                      keys[pick], order.astype(np.intp))


def _generators_exactly(words: Words, cost: NDArray[np.float64], d: int,
                        keys: NDArray[np.uint64]) -> Generators:  # pragma: no cover - collision
    """As :func:`generators`, comparing whole rows (only when two distinct columns share a key)."""
    nonzero = np.flatnonzero(words.any(axis=1))
    _, inverse = np.unique(words[nonzero], axis=0, return_inverse=True)
    inverse = inverse.ravel()
    pick = _cheapest(nonzero, inverse, cost)
    group = np.full(words.shape[0], -1, dtype=np.intp)
    group[nonzero] = inverse
    return Generators(d, words[pick], pick.astype(np.intp), cost[pick], group, keys[pick],
                      np.argsort(keys[pick], kind="stable").astype(np.intp))


def cheap_bound(gens: Generators, syndrome: Words, unit: bool) -> float:
    """A proven lower bound: exhaust 1- and 2-generator solutions (3 when few generators).

    ``syndrome`` is one packed row. Any solution of ``k`` or more pixels costs at least the
    ``k`` cheapest generators.
    """
    if not syndrome.any():
        return 0.0
    s_key = linear_keys(syndrome[None, :])
    one = gens.find(s_key, syndrome[None, :])[0]
    best1 = float(gens.cost[one]) if one >= 0 else np.inf
    partners = gens.find(gens.keys ^ s_key[0], gens.words ^ syndrome[None, :])
    ok = (partners >= 0) & (partners != one)
    best2 = float((gens.cost[ok] + gens.cost[partners[ok]]).min()) if ok.any() else np.inf
    sorted_cost = np.sort(gens.cost)
    rest = float(sorted_cost[:3].sum()) if gens.count >= 3 else np.inf
    if unit and best1 == np.inf and best2 == np.inf and gens.count <= _TRIPLES_MAX:
        found3 = False
        for i in range(gens.count - 1):
            keys = gens.keys[i + 1 :] ^ gens.keys[i] ^ s_key[0]
            rows = gens.words[i + 1 :] ^ gens.words[i] ^ syndrome[None, :]
            if (gens.find(keys, rows) >= 0).any():
                found3 = True
                break
        if not found3:
            rest = float(sorted_cost[:4].sum()) if gens.count >= 4 else np.inf
    return float(min(best1, best2, rest))
