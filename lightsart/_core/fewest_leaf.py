"""The leaves of the split search of :mod:`lightsart._core.fewest`, in numpy and compiled.

A leaf is one outer choice ``b``: the best inner completion is the largest entry of the
Walsh–Hadamard transform ``F_b(a) = sum_g t_g(b) (-1)^(a·g)`` over ``2**k`` inner choices ``a``,
where ``t_g(b) = sum_{p in g} s_p (-1)^(b·b_p)`` sums the cells of inner signature ``g``. On the
all-lit boards only a few thousand of the ``2**k`` entries are not zero (n = 61: 1,432 of
``2**18``), and only the moving cells' ``t_g`` change with ``b``. The compiled leaf
(:mod:`lightsart._core.fewest_kernel`, numba) uses that: it keeps the leaf's input as rows of
``32`` entries (the low five inner bits) with those five stages already done, since the
transform of one entry ``t`` at ``g`` over the low bits is ``t`` times row ``g & 31`` of the
``32 x 32`` Hadamard matrix, added to row ``g >> 5``. Each leaf updates the rows of the
signatures whose ``t_g`` changed, then runs the ``k - 5`` high stages (see that module for the
passes, the cache blocking and the bound that skips the last five stages where nothing can beat
``above``). Where the largest entry is, is only looked for when it beats ``above`` (the caller
needs the place only then): the lowest such place, in numpy too, so both give the same answer.

The numpy leaf is the previous one (``2**18`` int16 entries, radix-4 stages on long rows for the
high bits, one transposed copy for the low bits): kept for small searches, where importing numba
would cost more than it saves, and as the reference the compiled one is checked against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["COLUMNS", "LeafData", "leaf_data", "score_leaves", "wht_max"]

#: Entries per row: the low five inner bits, transformed per signature before the row stages.
COLUMNS = 32


@dataclass(frozen=True)
class LeafData:
    """What every leaf of ``2**k`` entries shares: the transform's input from the cells that do
    not move with the outer choice (``f_alone``), and the moving cells: outer signature ``vb``,
    sign ``s``, index ``group`` into their sorted inner signatures ``groups``.

    For the compiled leaves also ``base``, ``f_alone`` with its five low stages done (rows of
    ``hadamard.shape[0]`` entries), and where each signature's row and signs start
    (``row_at``, ``sign_at``)."""

    k: int
    f_alone: NDArray[Any]
    vb: NDArray[np.int64]
    s: NDArray[np.int64]
    group: NDArray[np.int64]
    groups: NDArray[np.int64]
    hadamard: NDArray[Any]
    base: NDArray[Any]
    row_at: NDArray[np.int64]
    sign_at: NDArray[np.int64]

    @property
    def dtype(self) -> np.dtype[Any]:
        return self.f_alone.dtype


def leaf_data(k: int, f_alone: NDArray[Any], vb: NDArray[np.int64], s: NDArray[np.int64],
              group: NDArray[np.int64], groups: NDArray[np.int64]) -> LeafData:
    """The shared part of the leaves (see :class:`LeafData`); ``f_alone`` is int16 or int32."""
    columns = min(COLUMNS, 1 << k)
    low = np.arange(columns)
    # hadamard[i, j] = (-1)^(i·j) over the low bits.
    parity = (np.bitwise_count(low[:, None] & low[None, :]) & 1).astype(np.int64)
    hadamard = (1 - 2 * parity).astype(f_alone.dtype)
    base = (f_alone.reshape(-1, columns).astype(np.int64) @ hadamard).astype(f_alone.dtype)
    return LeafData(k, f_alone, vb, s, group, groups, hadamard, base.ravel(),
                    groups // columns * columns, groups % columns * columns)


def _butterflies(a: NDArray[Any], width: int) -> None:
    """Walsh–Hadamard stages over the leading axis of ``a`` (rows of ``width`` entries).

    Two stages at a time (radix 4: ``x0 ± x1 ± x2 ± x3`` from two sums and two differences),
    which passes over the array a third less often than one stage at a time; a last single stage
    when the number of stages is odd.
    """
    h = 1
    rows = a.size // width
    while 4 * h <= rows:
        quarters = a.reshape(-1, 4, h * width)
        x0, x1, x2, x3 = quarters[:, 0], quarters[:, 1], quarters[:, 2], quarters[:, 3]
        s01, d01, s23, d23 = x0 + x1, x0 - x1, x2 + x3, x2 - x3
        np.add(s01, s23, out=x0)
        np.add(d01, d23, out=x1)
        np.subtract(s01, s23, out=x2)
        np.subtract(d01, d23, out=x3)
        h *= 4
    if h < rows:
        halves = a.reshape(-1, 2, h * width)
        low, high = halves[:, 0], halves[:, 1]
        diff = low - high
        low += high
        high[...] = diff


def wht_max(f: NDArray[Any], k: int) -> tuple[int, int]:
    """The largest entry of the Walsh–Hadamard transform of ``f`` (``2**k`` entries), and where.

    The high bits are transformed in place with long contiguous rows; one transposed copy then
    turns the low bits into high bits, so no stage works on short rows.
    """
    low_bits = k // 2
    width, rows = 1 << low_bits, 1 << (k - low_bits)
    _butterflies(f, width)
    flipped = np.ascontiguousarray(f.reshape(rows, width).T)
    _butterflies(flipped, rows)
    value = flipped.max()
    # The lowest place holding it, as the compiled leaf reports.
    at = np.flatnonzero(flipped.ravel() == value)
    return int(value), int(((at % rows) * width + at // rows).min())


def score_leaves(data: LeafData, leaves: NDArray[np.int64], above: int,
                 compiled: bool = True) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The largest transform entry of every leaf in ``leaves`` and its lowest place, for the
    leaves whose largest entry exceeds ``above``; elsewhere the place is ``-1`` and the value
    some number at most ``above`` (the compiled leaves skip what cannot exceed it).

    ``compiled`` runs the numba loop (:mod:`lightsart._core.fewest_kernel`), else numpy."""
    values = np.empty(leaves.size, dtype=np.int64)
    places = np.full(leaves.size, -1, dtype=np.int64)
    if compiled:
        from lightsart._core.fewest_kernel import score_leaves_compiled

        previous = np.zeros(data.groups.size, dtype=np.int64)
        score_leaves_compiled(
            leaves, above, data.base.copy(), data.hadamard.ravel(), data.hadamard.shape[0],
            data.vb, data.s, data.group, data.row_at, data.sign_at, np.empty_like(data.base),
            np.empty_like(previous), previous, np.empty_like(data.s),
            np.empty(data.base.size, np.int32 if data.dtype == np.int16 else np.int64),
            values, places, data.dtype.type)
        return values, places
    for i, b in enumerate(leaves):
        value, place = _numpy_leaf(data, int(b))
        values[i] = value
        if value > above:
            places[i] = place
    return values, places


def _numpy_leaf(data: LeafData, b: int) -> tuple[int, int]:
    sign = 1 - 2 * (np.bitwise_count(data.vb & b) & 1).astype(np.int64)
    f = data.f_alone.copy()
    f[data.groups] += np.bincount(data.group, weights=data.s * sign,
                                  minlength=data.groups.size).astype(data.dtype)
    return wht_max(f, data.k)
