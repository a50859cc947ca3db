"""The earlier decoder for large ``d``, kept to compare against: Lee–Brickell rounds, timed.

Each round draws a random cost-biased column order (Prange's information set), eliminates the
columns afresh, and reads off the solution on the pivots and the best one-column step (Lee and
Brickell, ``p = 1``); the best solution so far stays inside the information set (Canteaut and
Chabaud), so each round searches its neighbourhood. :func:`improve` then swaps 2 chosen columns
for 1, or 3 for 2, while that is cheaper. Both stop at a ``deadline``, so the answer depends on
the machine: :func:`lightsart._core.decode.decode` runs them only with ``method="lee-brickell"``;
its default, the Stern walk of :mod:`lightsart._core.isd`, counts its work in rounds instead.
"""

from __future__ import annotations

import itertools
import time

import numpy as np
from numpy.typing import NDArray

from lightsart._core.generators import Generators

__all__ = ["improve", "search"]


def search(
    gens: Generators, syndrome: NDArray[np.uint8], rng: np.random.Generator, deadline: float,
    bound: float, rounds: int,
) -> tuple[float, NDArray[np.intp]]:
    """Information-set decoding over random cost-biased column orders (Lee–Brickell, p = 1).

    Stops at ``deadline`` or as soon as it meets the proven lower ``bound``.
    """
    best_cost, best_set = np.inf, np.zeros(0, np.intp)
    d = syndrome.size
    g_count = gens.bits.shape[0]
    h_full = gens.bits.T.copy()  # (d, G)
    scale = float(np.median(gens.cost)) if g_count else 1.0
    for it in range(rounds):
        if best_cost <= bound + 1e-9 or (it > 0 and time.perf_counter() > deadline):
            break
        noise = np.asarray(rng.exponential(scale, g_count)) if it > 0 else np.zeros(g_count)
        if best_set.size:
            # Canteaut–Chabaud style: keep the best solution inside the information set, so
            # each round searches its neighbourhood (one new column against all pivots).
            noise[best_set] = -np.inf
        order = np.argsort(gens.cost + noise, kind="stable")
        h = h_full[:, order].copy()
        s = syndrome.astype(np.uint8).copy()
        pivot_cols: list[int] = []
        row = 0
        for col in range(g_count):
            if row == d:
                break
            nz = np.flatnonzero(h[row:, col])
            if nz.size == 0:
                continue
            p = row + int(nz[0])
            if p != row:
                h[[row, p]] = h[[p, row]]
                s[[row, p]] = s[[p, row]]
            hit = np.flatnonzero(h[:, col])
            hit = hit[hit != row]
            h[hit] ^= h[row]
            s[hit] ^= s[row]
            pivot_cols.append(col)
            row += 1
        if row < d:  # columns do not span: syndrome outside their span is impossible here
            continue
        piv = np.asarray(pivot_cols)
        piv_cost = gens.cost[order[piv]]
        base = float(piv_cost @ s)
        if base < best_cost:
            best_cost, best_set = base, order[piv[s.astype(bool)]]
        flipped = (h ^ s[:, None]).astype(np.float64)
        totals = gens.cost[order] + piv_cost @ flipped
        totals[piv] = np.inf
        j = int(np.argmin(totals))
        if totals[j] < best_cost - 1e-12:
            rows = (h[:, j] ^ s).astype(bool)
            best_cost = float(totals[j])
            best_set = np.concatenate([[order[j]], order[piv[rows]]])
    return best_cost, best_set


def _linear_keys(bits: NDArray[np.uint8], rng: np.random.Generator) -> NDArray[np.uint64]:
    """A random *linear* 64-bit hash of each row: key(u ^ v) = key(u) ^ key(v)."""
    salt = np.asarray(
        rng.integers(0, np.iinfo(np.uint64).max, bits.shape[1], dtype=np.uint64, endpoint=True)
    )
    keys = np.zeros(bits.shape[0], dtype=np.uint64)
    for k in range(bits.shape[1]):
        keys[bits[:, k].astype(bool)] ^= salt[k]
    return keys


def improve(
    chosen: list[int], gens: Generators, rng: np.random.Generator, deadline: float
) -> list[int]:
    """Swap 2 chosen generators for 1, or 3 for 2, whenever that is cheaper (exactly checked)."""
    keys = _linear_keys(gens.bits, rng)
    order = np.argsort(keys)
    sorted_keys = keys[order]

    def lookup(values: NDArray[np.uint64]) -> NDArray[np.intp]:
        at = np.clip(np.searchsorted(sorted_keys, values), 0, sorted_keys.size - 1)
        return np.where(sorted_keys[at] == values, order[at], -1)

    def same(old: list[int], new: list[int]) -> bool:
        return bool(np.array_equal(
            np.bitwise_xor.reduce(gens.bits[old], axis=0),
            np.bitwise_xor.reduce(gens.bits[new], axis=0),
        ))

    current = list(chosen)
    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        for a, b in itertools.combinations(current, 2):
            g = int(lookup(np.array([keys[a] ^ keys[b]]))[0])
            if g >= 0 and gens.cost[g] < gens.cost[a] + gens.cost[b] and same([a, b], [g]):
                current = [c for c in current if c not in (a, b)]
                current = sorted(set(current) ^ {g})
                improved = True
                break
        if improved:
            continue
        for a, b, c in itertools.combinations(current, 3):
            if time.perf_counter() > deadline:
                break
            partners = keys ^ (keys[a] ^ keys[b] ^ keys[c])
            other = lookup(partners)
            p = np.flatnonzero(other >= 0)
            if p.size == 0:
                continue
            total = gens.cost[p] + gens.cost[other[p]]
            best = int(np.argmin(total))
            gp, gq = int(p[best]), int(other[p[best]])
            if gp != gq and total[best] < gens.cost[[a, b, c]].sum() - 1e-12 and same(
                [a, b, c], [gp, gq]
            ):
                current = sorted(set(c2 for c2 in current if c2 not in (a, b, c)) ^ {gp} ^ {gq})
                improved = True
                break
    return current
