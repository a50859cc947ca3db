"""The compiled leaf loop of :mod:`lightsart._core.fewest_leaf` (imports numba: import lazily).

Entries are int16 (or int32 on boards of 2**15 cells or more); every sum is cast back to the
entry type (``cast``), without which the compiler widens to 64 bits and stops vectorising. A pass
does two or three stages (radix 4 or 8) at once, on slices indexed from 0 (a loop starting
elsewhere, or a second slice of the same rows, and the compiler stops vectorising). A leaf of
``2**18`` entries is done in blocks of ``2**13`` entries, 8 stages each in L1 (the first pass
reads the leaf's input, kept up to date by row updates, so it is never copied), then the last
five stages across blocks on chunks of 32 x 512 entries, in L1 too; before them a chunk's bound
(:func:`_transform`) usually shows that none of its outputs can beat the best leaf so far, and
the chunk is skipped. ``nogil``: two threads score two runs of leaves at once. Compiled on first
use (a few seconds) and cached on disk.
"""

from __future__ import annotations

from typing import Any

from lightsart._core.compiled import compiled

__all__ = ["score_leaves_compiled"]

#: Entries of one block (16 KB of int16: the stages inside it run in L1), and of one chunk of
#: the stages across blocks.
_BLOCK = 1 << 13
_CHUNK = 1 << 14
#: At least the last five stages run by chunks, after the chunk's bound (see :func:`_transform`):
#: on 61 x 61, once the best leaf is known, 99% of the leaves are ruled out five stages before
#: the end (51% six stages before, none eight stages before).
_PRUNED_STAGES = 5


@compiled
def _radix4_from(src: Any, dst: Any, h: int, cast: Any) -> None:
    """Stages ``h`` and ``2h`` from ``src`` into ``dst``."""
    for start in range(0, dst.size, 4 * h):
        y0, y1 = src[start:start + h], src[start + h:start + 2 * h]
        y2, y3 = src[start + 2 * h:start + 3 * h], src[start + 3 * h:start + 4 * h]
        z0, z1 = dst[start:start + h], dst[start + h:start + 2 * h]
        z2, z3 = dst[start + 2 * h:start + 3 * h], dst[start + 3 * h:start + 4 * h]
        for j in range(h):
            s01, d01 = cast(y0[j] + y1[j]), cast(y0[j] - y1[j])
            s23, d23 = cast(y2[j] + y3[j]), cast(y2[j] - y3[j])
            z0[j] = s01 + s23
            z1[j] = d01 + d23
            z2[j] = s01 - s23
            z3[j] = d01 - d23


@compiled
def _stages(f: Any, h: int, bits: int, low: int, high: int, cast: Any) -> None:
    """Stages ``h`` up to ``h << bits`` (``bits`` of 1..3) of ``f`` in place, on the entries at
    ``low..high`` of every stretch of ``h``. (The loops start at 0 on slices: from ``low`` the
    compiler does not vectorise them.)"""
    if bits == 3:
        for start in range(0, f.size, 8 * h):
            x0, x1 = f[start + low:start + high], f[start + h + low:start + h + high]
            x2, x3 = f[start + 2 * h + low:start + 2 * h + high], f[start + 3 * h + low:start + 3 * h + high]
            x4, x5 = f[start + 4 * h + low:start + 4 * h + high], f[start + 5 * h + low:start + 5 * h + high]
            x6, x7 = f[start + 6 * h + low:start + 6 * h + high], f[start + 7 * h + low:start + 7 * h + high]
            for j in range(high - low):
                a0, a1, a2, a3 = x0[j], x1[j], x2[j], x3[j]
                a4, a5, a6, a7 = x4[j], x5[j], x6[j], x7[j]
                b0, b1, b2, b3 = cast(a0 + a1), cast(a0 - a1), cast(a2 + a3), cast(a2 - a3)
                b4, b5, b6, b7 = cast(a4 + a5), cast(a4 - a5), cast(a6 + a7), cast(a6 - a7)
                c0, c1, c2, c3 = cast(b0 + b2), cast(b1 + b3), cast(b0 - b2), cast(b1 - b3)
                c4, c5, c6, c7 = cast(b4 + b6), cast(b5 + b7), cast(b4 - b6), cast(b5 - b7)
                x0[j] = c0 + c4
                x1[j] = c1 + c5
                x2[j] = c2 + c6
                x3[j] = c3 + c7
                x4[j] = c0 - c4
                x5[j] = c1 - c5
                x6[j] = c2 - c6
                x7[j] = c3 - c7
    elif bits == 2:
        for start in range(0, f.size, 4 * h):
            x0, x1 = f[start + low:start + high], f[start + h + low:start + h + high]
            x2, x3 = f[start + 2 * h + low:start + 2 * h + high], f[start + 3 * h + low:start + 3 * h + high]
            for j in range(high - low):
                s01, d01 = cast(x0[j] + x1[j]), cast(x0[j] - x1[j])
                s23, d23 = cast(x2[j] + x3[j]), cast(x2[j] - x3[j])
                x0[j] = s01 + s23
                x1[j] = d01 + d23
                x2[j] = s01 - s23
                x3[j] = d01 - d23
    else:
        for start in range(0, f.size, 2 * h):
            x0, x1 = f[start + low:start + high], f[start + h + low:start + h + high]
            for j in range(high - low):
                y0, y1 = x0[j], x1[j]
                x0[j] = y0 + y1
                x1[j] = y0 - y1


@compiled
def _transform(inp: Any, work: Any, columns: int, above: int, sums: Any, cast: Any) -> int:
    """The stages of ``inp`` from stride ``columns`` on, into ``work``; the largest entry, or a
    number at most ``above`` when no entry exceeds ``above``.

    Cache blocked: the stages below ``block`` run block by block (the first reading ``inp``),
    the last ``outer`` stages on chunks of every block at once, each small enough to stay in L1
    while its stages run and its largest entry is taken. Before those stages, a chunk's entries
    ``x_t`` (``t`` over the blocks) can only become ``sum_t ±x_t``, at most ``sum_t |x_t|``
    (summed in ``sums``, wider than the entries, as each block is done): when that is at most
    ``above`` everywhere in the chunk, its stages are skipped (most chunks, once a good leaf is
    known)."""
    n = work.size
    block = max(min(n, _BLOCK), n >> _PRUNED_STAGES)
    bounded = sums[:block]
    for j in range(block):
        bounded[j] = 0
    for at in range(0, n, block):
        src, dst = inp[at:at + block], work[at:at + block]
        h = columns
        if 4 * h <= block:
            _radix4_from(src, dst, h, cast)
            h *= 4
        else:
            dst[:] = src
        while h < block:
            bits = min(3, _log2(block // h))
            _stages(dst, h, bits, 0, h, cast)
            h <<= bits
        if block < n:
            # Taken while the block is in L1, for the bound of the stages across blocks.
            for j in range(block):
                bounded[j] += abs(dst[j])
    best = -(1 << 40)
    if block == n:
        top = work[0]
        for j in range(n):
            top = max(top, work[j])
        return max(best, int(top))
    outer = _log2(n // block)
    width = max(1, min(block, _CHUNK >> outer))
    for low in range(0, block, width):
        chunk_sums = bounded[low:low + width]
        bound = chunk_sums[0]
        for j in range(width):
            bound = max(bound, chunk_sums[j])
        if bound <= above:
            continue
        h = block
        while h < n:
            bits = min(3, _log2(n // h))
            # The chunk's entries in a stretch of ``h``: the same place in each of its blocks.
            for at in range(low, h, block):
                _stages(work, h, bits, at, at + width, cast)
            h <<= bits
        for at in range(low, n, block):
            chunk = work[at:at + width]
            top = chunk[0]
            for j in range(width):
                top = max(top, chunk[j])
            best = max(best, int(top))
    return best


@compiled
def _log2(x: int) -> int:
    bits = 0
    while 1 << (bits + 1) <= x:
        bits += 1
    return bits


@compiled
def score_leaves_compiled(leaves: Any, above: int, inp: Any, hadamard: Any, columns: int,
                          vb: Any, s: Any, group: Any, row_at: Any, sign_at: Any, work: Any, totals: Any,
                          previous: Any, signed: Any, sums: Any, values: Any, places: Any,
                          cast: Any) -> None:
    """Scores ``leaves`` (see :func:`lightsart._core.fewest_leaf.score_leaves`).

    ``inp`` holds the leaf's input with the five low stages done, for the totals in
    ``previous``; each leaf moves it to its own totals with one row update per signature (by
    the change of its total): signature ``g`` is row ``g // columns`` (at ``row_at``) and column
    ``g % columns``, whose signs start at ``sign_at`` in ``hadamard``, the flat
    ``columns x columns`` sign matrix. Entries wrap around in int16 arithmetic on the way, but
    every partial sum of the transform is at most ``cells`` in size, so none that is kept does.
    """
    n = work.size
    for i in range(leaves.size):
        b = leaves[i]
        # t_g(b): each moving cell's sign is the parity of b·b_p (b fits in 32 bits).
        for p in range(vb.size):
            x = vb[p] & b
            x ^= x >> 16
            x ^= x >> 8
            x ^= x >> 4
            x ^= x >> 2
            x ^= x >> 1
            signed[p] = s[p] - 2 * s[p] * (x & 1)
        totals[:] = 0
        for p in range(vb.size):
            totals[group[p]] += signed[p]
        # No test for an unchanged total: the branch costs more than the update.
        for g in range(row_at.size):
            change = cast(totals[g] - previous[g])
            previous[g] = totals[g]
            row = inp[row_at[g]:row_at[g] + columns]
            signs = hadamard[sign_at[g]:sign_at[g] + columns]
            for c in range(columns):
                row[c] = cast(row[c] + change * signs[c])
        best = _transform(inp, work, columns, above, sums, cast)
        values[i] = best
        if best > above:
            for j in range(n):
                if work[j] == best:
                    places[i] = j
                    break
