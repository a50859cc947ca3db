"""Syndrome decoding: the cheapest set of pixels to flip so that a picture becomes reachable.

Flipping pixel ``p`` changes the syndrome of a picture by ``v_p``, the pixel's column of the
quiet-pattern matrix ``N``. The reachable picture with fewest wrong pixels flips the smallest (or
cheapest) set of pixels whose columns XOR to the syndrome ``s``: decoding with only ``d`` checks.

* Pixels with ``v_p = 0`` can never help; pixels sharing a column are interchangeable, so only
  the cheapest of each distinct column is kept (the *generators*).
* ``d <= 20``: exact. Unit costs: breadth-first search over the ``2**d`` syndromes, one level per
  extra pixel, each level an XOR-convolution done with the Walsh–Hadamard transform. Per-pixel
  costs: a 0/1-knapsack over the group ``GF(2)^d`` (each generator used at most once).
* Larger ``d``: information-set decoding (Prange with Lee–Brickell's one-column step) over random,
  cost-biased column orders, never worse than the baseline it is given, plus a proven lower bound
  from exhaustive checks of all 1- and 2-pixel (and, when small, 3-pixel) solutions. With unit
  costs and ``d <= 64`` a sorted table of all pair sums (:mod:`lightsart.core.bound`) then rules
  out every solution lighter than the answer up to weight 4, within its memory and work caps,
  and supplies a lighter solution if one exists; the answer is proven when the bound meets it.
* Given a *focus* (:mod:`lightsart.core.relink`; :func:`lightsart.core.optimize.edge_focus` for
  boards), chains of walks on a few columns from a few known solutions follow the Stern walk, and
  the cheapest answer wins.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsart.core import isd
from lightsart.core.bound import lower_bound
from lightsart.core.generators import Generators, cheap_bound, generators
from lightsart.core.packed import pack
from lightsart.core.relink import Focus, run_chains

__all__ = ["EXACT_NULLITY", "METHODS", "PAIRS_PER_SECOND", "Decoding", "decode", "walsh_hadamard"]

#: Pair sums the lower-bound table sorts and scans per second of budget (measured here: the
#: 128x128 astronaut's 132 million in ~12 s); a budget below the table's size skips it.
PAIRS_PER_SECOND = 1e7
#: Shares of the search budget planned for the Stern walk and for the focused chains when a
#: focus is given (full-resolution 512x512 astronaut, 7.5 s, seeds 0-7: the walk and the edge
#: chain 50.75 wrong pixels on average in 3.5 s, the walk alone with the whole share 51.5 in
#: 6.4 s).
STERN_SHARE = 0.2
CHAIN_SHARE = 0.5
#: Largest nullity decoded exactly by search over all syndromes.
EXACT_NULLITY = 20
#: Largest ``generators * 2**d`` the weighted exact knapsack is allowed to touch.
_KNAPSACK_BUDGET = 6e8
#: Pair tables searched for a weight-5 answer once weight 4 is ruled out (a few seconds each).
_HUNTS = 3
#: Searches for large ``d``: the Stern walk of :mod:`lightsart.core.isd` (default, counted in
#: rounds), or the earlier Lee–Brickell rounds with a fresh elimination each (timed; kept to
#: compare against).
METHODS = ("stern", "lee-brickell")


@dataclass(frozen=True)
class Decoding:
    """Pixels to flip (flat indices), their cost, a proven lower bound, and how it was found."""

    errors: NDArray[np.intp]
    cost: float
    lower_bound: float
    proven: bool
    method: str
    #: The clock cap stopped the search before its work was done (the answer may then differ
    #: from run to run and machine to machine; otherwise it depends only on the inputs and seed).
    cut_short: bool = False


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


def _as_ints(bits: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Rows of d <= 62 bits as integers (bit k = column k)."""
    weights = np.left_shift(np.int64(1), np.arange(bits.shape[-1], dtype=np.int64))
    return np.asarray((bits.astype(np.int64) * weights).sum(axis=-1), dtype=np.int64)


def _bfs_unit(gen_ints: NDArray[np.int64], target: int, d: int) -> list[int]:
    """Fewest generators XOR-ing to ``target``: level sets by WHT convolution, then backtrack."""
    size = 1 << d
    step = np.zeros(size, dtype=np.int64)
    step[0] = 1
    step[gen_ints] = 1
    step_hat = walsh_hadamard(step)
    level = np.zeros(size, dtype=bool)
    level[0] = True
    levels = [level]
    while not levels[-1][target]:
        spread = walsh_hadamard(walsh_hadamard(levels[-1].astype(np.int64)) * step_hat)
        levels.append(spread > 0)
    chosen: list[int] = []
    s = target
    for k in range(len(levels) - 1, 0, -1):
        if levels[k - 1][s]:
            continue
        g = int(np.flatnonzero(levels[k - 1][s ^ gen_ints])[0])
        chosen.append(g)
        s ^= int(gen_ints[g])
    assert s == 0
    return chosen


def _knapsack(
    gen_ints: NDArray[np.int64], cost: NDArray[np.float64], target: int, d: int
) -> list[int]:
    """Cheapest subset of generators XOR-ing to ``target`` (each used at most once)."""
    size = 1 << d
    idx = np.arange(size, dtype=np.int64)
    best = np.full(size, np.inf)
    best[0] = 0.0
    took = np.full((gen_ints.size, size), False) if gen_ints.size * size <= 2e8 else None
    if took is None:
        return []
    for g, (v, w) in enumerate(zip(gen_ints, cost, strict=True)):
        cand = best[idx ^ v] + w
        better = cand < best
        took[g] = better
        best = np.where(better, cand, best)
    chosen: list[int] = []
    s = target
    for g in range(gen_ints.size - 1, -1, -1):
        if took[g, s]:
            chosen.append(g)
            s ^= int(gen_ints[g])
    assert s == 0
    return chosen


def _isd(
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


def _improve(
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


def _check_solution(gens: Generators, syndrome: NDArray[np.uint8],
                    pixels: NDArray[np.intp]) -> None:
    """Raise unless the columns of ``pixels`` XOR to ``syndrome``."""
    g = gens.group[np.asarray(pixels, dtype=np.intp)]
    total = np.bitwise_xor.reduce(gens.words[g[g >= 0]], axis=0)
    if not (g >= 0).any():
        total = np.zeros(gens.words.shape[1], dtype=np.uint64)
    if not np.array_equal(total, pack(syndrome[None, :])[0]):
        raise ValueError("a given solution's columns do not XOR to the syndrome")


def decode(
    columns: NDArray[np.uint8] | NDArray[np.uint64],
    syndrome: NDArray[np.uint8],
    cost: NDArray[np.float64] | None = None,
    baseline: NDArray[np.intp] | None = None,
    *,
    seed: int = 0,
    seconds: float = 2.0,
    work: int | None = None,
    method: str = "stern",
    focus: Sequence[Focus] = (),
) -> Decoding:
    """The cheapest pixels whose columns XOR to ``syndrome`` (columns: ``(pixels, d)`` 0/1, or
    packed ``uint64`` words as :func:`lightsart.core.packed.pack` makes them).

    ``cost`` defaults to 1 per pixel (fewest wrong pixels). ``baseline`` is a known solution
    (e.g. Bosch's bottom-row errors); the answer is never worse. Exact for ``d <= 20`` (within a
    work budget when costs are given); otherwise the Stern walk of :mod:`lightsart.core.isd` runs
    ``work`` rounds (default: what ``seconds`` buys at the nominal
    :data:`lightsart.core.isd.WORDS_PER_SECOND`), so the same inputs and ``seed`` give the same
    answer on any machine; ``seconds`` caps the whole call, and ``cut_short`` says when it
    stopped the work early. With unit costs and ``d <= 64`` the pair-table bound follows the
    search when ``seconds`` allows it (at :data:`PAIRS_PER_SECOND`, decided from the number of
    pair sums alone; the 128x128 board's 132 million pair sums take ~12 s and 1.1 GB, so
    ``seconds >= 14``), up to ``2**28`` pair sums in at most 2 GB. ``method="lee-brickell"``
    runs the earlier timed search instead (not repeatable).

    ``focus``: chains of walks (:mod:`lightsart.core.relink`), each on a few pixels from a few
    known solutions (e.g. the cells near two opposite edges, and light chasing towards them).
    The chains share what ``seconds`` (or ``work``) buys on their pixels and run after the
    Stern walk on all columns; the cheapest answer wins (ties: the Stern walk's), so it is never
    worse than the Stern walk alone, whose answer is unchanged. Every start must be a solution
    (else ``ValueError``). The planned work is then about twice the walk's: on the machine
    these were measured on, both fit in ~75% of ``seconds``; where they do not, the clock cuts
    the chains (``cut_short``), never the walk's answer.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, not {method!r}")
    start = time.perf_counter()
    d = syndrome.size
    pixels = columns.shape[0]
    unit = cost is None
    w = np.ones(pixels) if cost is None else np.asarray(cost, dtype=np.float64).ravel()
    if not syndrome.any():
        return Decoding(np.zeros(0, np.intp), 0.0, 0.0, True, "reachable")
    gens = generators(columns, w, d)
    if d <= EXACT_NULLITY and d <= 62:
        gen_ints = _as_ints(gens.bits)
        target = int(_as_ints(syndrome[None, :])[0])
        if unit:
            chosen = _bfs_unit(gen_ints, target, d)
            pick = gens.pixel[chosen]
            return Decoding(pick, float(len(pick)), float(len(pick)), True, "exact search")
        if gen_ints.size * (1 << d) <= _KNAPSACK_BUDGET:
            chosen = _knapsack(gen_ints, gens.cost, target, d)
            if chosen:
                pick = gens.pixel[chosen]
                total = float(w[pick].sum())
                return Decoding(pick, total, total, True, "exact knapsack")
    bound = cheap_bound(gens, pack(syndrome[None, :])[0], unit)
    rng = np.random.default_rng(seed)
    best_cost, best_pixels = np.inf, np.zeros(0, np.intp)
    if baseline is not None and baseline.size:
        best_pixels = np.asarray(baseline, dtype=np.intp)
        best_cost = float(w[best_pixels].sum())
    for region in focus:
        for known in region.starts:
            _check_solution(gens, syndrome, known)
    # The pair table (when the budget holds it) gets its share of the budget first.
    pairs = gens.count * (gens.count - 1) // 2
    table_seconds = pairs / PAIRS_PER_SECOND
    use_table = unit and d <= 64 and table_seconds <= seconds
    search = seconds - table_seconds if use_table else seconds
    deadline = start + search
    cut_short = False
    chains: list[tuple[float, NDArray[np.intp], bool]] = []
    if method == "stern":
        g_count = gens.count
        # With chains (which walk further on fewer columns), the walk plans a fifth of the
        # budget's work and the chains half of it; the rest is margin for their set-ups.
        share = search * STERN_SHARE if focus else search
        rounds = (isd.rounds_for(share, g_count, d, pixels, unit) if work is None
                  else max(0, int(work)))
        begin = None
        if baseline is not None and baseline.size:
            begin = gens.of_pixels(np.asarray(baseline, dtype=np.intp))
        packed_syndrome = pack(syndrome[None, :])[0]

        found = isd.search(gens.words, d, packed_syndrome, gens.cost, begin,
                           rng=rng, rounds=rounds, deadline=deadline, stop_at=bound)
        # The chains follow the walk, so a clock that cuts the work short cuts them first.
        chains = run_chains(gens, w, packed_syndrome, focus, seed=seed, seconds=search * CHAIN_SHARE,
                            work=work, deadline=deadline, stop_at=bound)
        if found is not None:
            cut_short = cut_short or found.cut_short
            isd_cost, isd_set = found.cost, found.chosen
        else:  # pragma: no cover - the columns always span the syndromes
            isd_cost, isd_set = np.inf, np.zeros(0, np.intp)
        name = "stern + relink" if focus else "stern"
    else:
        isd_cost, isd_set = _isd(gens, syndrome, rng, deadline - search / 4, bound, rounds=10_000)
        if isd_cost > bound + 1e-9:
            polished = _improve([int(g) for g in isd_set], gens, rng, deadline)
            isd_set = np.asarray(polished, dtype=np.intp)
            isd_cost = float(gens.cost[isd_set].sum())
        name = "isd"
    if isd_cost < best_cost:
        best_cost, best_pixels = isd_cost, gens.pixel[isd_set]
    # Then the chains and their starts, when strictly cheaper (so ties keep the answer above).
    found_elsewhere = [*chains, *((float(w[s].sum()), s, False) for f in focus for s in f.starts)]
    for c_cost, c_pixels, c_cut in found_elsewhere:
        cut_short = cut_short or c_cut
        if c_cost < best_cost - 1e-9:
            best_cost, best_pixels = c_cost, np.asarray(c_pixels, dtype=np.intp)
    if not np.isfinite(best_cost):  # pragma: no cover - the columns always span the syndromes
        raise AssertionError("no decoding found and no baseline given")
    if use_table and best_cost > bound + 1e-9:
        # Exhaust every lighter solution up to weight 4 with the sorted pair-sum table.
        table = lower_bound(
            gens.bits, syndrome, min(4, int(best_cost) - 1),
            hunt=best_cost > 5, seed=seed, hunts=_HUNTS, deadline=start + seconds,
        )
        if table.solution is not None and table.solution.size < best_cost:
            best_cost, best_pixels = float(table.solution.size), gens.pixel[table.solution]
        bound = max(bound, float(table.bound))
        cut_short = cut_short or table.cut_short
        name += " + pair table"
    _check_solution(gens, syndrome, best_pixels)
    bound = min(bound, best_cost)
    proven = best_cost <= bound + 1e-9
    return Decoding(best_pixels, best_cost, bound, proven, name, cut_short)
