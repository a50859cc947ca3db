"""Symmetries of a coset of quiet patterns, and the leaves of the split search they make equal.

A permutation ``π`` of the cells (a symmetry of the grid: the two flips and the half turn, and on
a square grid also the two transposes and the quarter turns) maps the coset
``S = {x0 ^ sum_k l_k N_k}`` onto itself when ``π(x0) ^ x0`` and every ``π(N_k)`` lie in the span
of the quiet patterns ``N``. Then ``π(member(l)) = member(A l ^ c)`` for a linear map ``A`` and a
shift ``c`` of the coefficient space ``GF(2)^d``, and ``|π(x)| = |x|``: the members of one orbit
weigh the same. The all-lit square board keeps all eight symmetries; a picture usually none.

The split search of :mod:`lightsart._core.fewest` scores a *leaf* at a time: a coset
``member(l_out) + W`` of an inner subspace ``W``. If every ``A`` maps ``W`` onto itself, ``π``
maps the leaf with outer coordinates ``b`` onto the leaf ``B b ^ c_out`` (``B`` the action of
``A`` on the quotient by ``W``) and the two leaves have the same lightest member, so only the
smallest ``b`` of each orbit needs a transform. Such a ``W`` exists for every dimension: the
symmetries form a 2-group (at most eight elements), and a 2-group acting on a nonzero vector
space over ``GF(2)`` fixes a nonzero vector (its orbits off zero have even size, and there is an
odd number of nonzero vectors). Applied to the quotient by ``W_i`` this gives a full flag
``0 = W_0 < W_1 < ... < W_d``, one fixed vector of the quotient at a time, of invariant
subspaces. A generic orbit has one leaf per symmetry, so the sweep shrinks almost eightfold on
the all-lit board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "AffineMap",
    "LeafAction",
    "coset_symmetries",
    "grid_permutations",
    "invariant_flag",
    "leaf_action",
]


@dataclass(frozen=True)
class AffineMap:
    """``l -> A l ^ shift`` on ``d``-bit coefficient vectors; ``columns[j] = A e_j``."""

    columns: tuple[int, ...]
    shift: int

    def linear(self, v: int) -> int:
        out, j = 0, 0
        while v:
            if v & 1:
                out ^= self.columns[j]
            v >>= 1
            j += 1
        return out


class _Span:
    """An echelon basis of GF(2) vectors (Python ints), each remembering its combination."""

    def __init__(self) -> None:
        self.rows: dict[int, tuple[int, int]] = {}  # pivot bit -> (vector, combination)
        self.pivots: list[int] = []  # descending

    def add(self, vector: int, combination: int) -> bool:
        """Adds the vector unless it is already spanned; says whether it was new."""
        vector, combination = self.reduce(vector, combination)
        if vector == 0:
            return False
        top = vector.bit_length() - 1
        self.rows[top] = (vector, combination)
        self.pivots = sorted(self.rows, reverse=True)
        return True

    def reduce(self, vector: int, combination: int = 0) -> tuple[int, int]:
        """The representative of ``vector + span`` with zeros at every pivot (a linear map).

        Each row's highest bit is its pivot, so clearing pivots from the top down never sets a
        pivot already cleared; the representative is unique, hence linear in ``vector``.
        """
        for top in self.pivots:
            if (vector >> top) & 1:
                row, comb = self.rows[top]
                vector ^= row
                combination ^= comb
        return vector, combination

    def coordinates(self, vector: int) -> int | None:
        """The combination of the added vectors that makes ``vector``, or ``None``."""
        rest, combination = self.reduce(vector)
        return combination if rest == 0 else None


def _pack_rows(rows: NDArray[np.uint8]) -> list[int]:
    packed = np.packbits(rows.astype(np.uint8), axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def grid_permutations(shape: tuple[int, ...]) -> list[NDArray[np.intp]]:
    """The flips and turns of an ``h x w`` grid (not the identity), as permutations of the flat
    cells; on a single row or column some coincide with the identity or with each other."""
    h, w = int(shape[0]), int(shape[1])
    cells = np.arange(h * w, dtype=np.intp).reshape(h, w)
    images = [cells[::-1, :], cells[:, ::-1], cells[::-1, ::-1]]
    if h == w:
        images += [cells.T, cells[::-1, ::-1].T, np.rot90(cells, 1), np.rot90(cells, 3)]
    return [np.ascontiguousarray(image).ravel() for image in images]


def coset_symmetries(x0: NDArray[np.uint8], patterns: NDArray[np.uint8]) -> list[AffineMap]:
    """The affine maps of coefficients induced by the grid symmetries that keep the coset.

    ``patterns`` has shape ``(d, h, w)`` and independent rows; ``x0`` has shape ``(h, w)``.
    """
    d = int(patterns.shape[0])
    flat = patterns.reshape(d, -1)
    span = _Span()
    for k, row in enumerate(_pack_rows(flat)):
        if not span.add(row, 1 << k):
            raise ValueError("the quiet patterns are not independent")
    base = x0.reshape(1, -1)
    maps = []
    for perm in grid_permutations(patterns.shape[1:]):
        if np.array_equal(perm, np.arange(perm.size)):
            continue
        shift = span.coordinates(_pack_rows(base ^ base[:, perm])[0])
        columns = [span.coordinates(row) for row in _pack_rows(flat[:, perm])]
        if shift is None or any(c is None for c in columns):
            continue
        maps.append(AffineMap(tuple(c for c in columns if c is not None), shift))
    return maps


def invariant_flag(maps: list[AffineMap], d: int) -> list[int]:
    """``d`` coefficient vectors whose first ``i`` span a subspace every map keeps, for every ``i``.

    Deterministic: each step takes the first vector, in the order of the kernel's echelon basis,
    that the maps fix modulo the subspace so far and that is not already in it.
    """
    flag: list[int] = []
    w = _Span()
    for _ in range(d):
        # The kernel of v -> ((A - 1) v mod W) over all maps, by elimination on the images of e_j.
        images = _Span()
        kernel: list[int] = []
        for j in range(d):
            image = 0
            for i, a in enumerate(maps):
                image |= w.reduce(a.columns[j] ^ (1 << j))[0] << (i * d)
            if not images.add(image, 1 << j):
                kernel.append(images.reduce(image, 1 << j)[1])
        chosen = next((v for v in kernel if w.reduce(v)[0] != 0), None)
        if chosen is None:  # pragma: no cover - impossible for a 2-group, see the module docstring
            raise AssertionError("no invariant vector: the symmetries are not a 2-group")
        flag.append(chosen)
        w.add(chosen, 0)
    return flag


@dataclass(frozen=True)
class LeafAction:
    """How the maps permute the leaves ``b`` (the coordinates beyond the first ``inner``).

    ``tables[i]`` lists, for map ``i``, the image of every low half and every high half of ``b``
    (the map is affine, so the image of ``b`` is the XOR of the two, shift included in the low).
    """

    outer: int
    half: int
    tables: tuple[tuple[NDArray[np.int64], NDArray[np.int64]], ...]

    def canonical(self, b: NDArray[np.int64]) -> NDArray[np.bool_]:
        """Which leaves are the smallest of their orbit (the ones to score)."""
        keep = np.ones(b.shape, dtype=bool)
        low, high = b & ((1 << self.half) - 1), b >> self.half
        for lows, highs in self.tables:
            keep &= b <= (lows[low] ^ highs[high])
        return keep


def leaf_action(maps: list[AffineMap], basis: list[int], inner: int) -> LeafAction:
    """The maps written in the coordinates of ``basis``, acting on the leaves of ``inner``.

    ``basis`` is an invariant flag (:func:`invariant_flag`); coefficient vector ``l`` has new
    coordinates ``y`` with ``l = sum_i y_i basis[i]``, and a leaf is fixed by ``y >> inner``.
    """
    d = len(basis)
    span = _Span()
    for i, v in enumerate(basis):
        span.add(v, 1 << i)

    def outer_coordinates(v: int) -> int:
        y = span.coordinates(v)
        if y is None:  # pragma: no cover - the basis spans everything
            raise AssertionError("not a basis")
        return y >> inner

    m = d - inner
    half = m // 2
    tables = []
    for a in maps:
        column = [outer_coordinates(a.linear(basis[inner + j])) for j in range(m)]
        tables.append((_subset_xors(column[:half], outer_coordinates(a.shift)),
                       _subset_xors(column[half:], 0)))
    return LeafAction(m, half, tuple(tables))


def _subset_xors(columns: list[int], start: int) -> NDArray[np.int64]:
    """``start ^ XOR of columns[j] for the bits j of i`` for every ``i < 2**len(columns)``."""
    out = np.array([start], dtype=np.int64)
    for c in columns:
        out = np.concatenate([out, out ^ c])
    return out
