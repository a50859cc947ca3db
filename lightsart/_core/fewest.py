"""Fewest clicks proven beyond one Walsh–Hadamard transform: branch and bound over a split coset.

All click sets producing one board are ``x0 ^ sum_k l_k N_k`` over the ``d`` quiet patterns.
With ``s_p = 1 - 2 x_p`` and ``v_p`` the ``d``-bit column of cell ``p`` (its *signature*), the
weight of member ``l`` is ``(cells - F(l)) / 2`` where ``F(l) = sum_p s_p (-1)^(l·v_p)``, so the
fewest clicks maximise ``F``. For ``d`` up to 24 one transform of ``2**d`` entries scores them all.

Beyond that, split the coordinates into an *inner* block ``a`` of ``k`` bits and an *outer* block
``b`` of ``m = d - k`` bits, so ``v_p = (a_p, b_p)``. For one outer choice ``b`` the best inner
completion is one transform of ``2**k`` entries (a *leaf*):
``F_b(a) = sum_p s_p (-1)^(b·b_p) (-1)^(a·a_p)``. Cells with ``b_p = 0`` give the same transform
``F_A`` for every ``b``; the others, grouped by inner signature ``g``, add at most
``|sum_{p in g} s_p (-1)^(b·b_p)|`` each (exactly that sum when ``g = 0``). So

    ``max_a F_b(a) <= max F_A + sum_g |T_g(b)|``,

a bound computed per outer choice in ``O(cells)``. Leaves run in order of decreasing bound;
once the next bound cannot beat the best leaf, every remaining outer choice is pruned and the
answer is proven. The outer coordinates are chosen greedily to leave as many cells as possible
with ``b_p = 0``, which is what makes the bound tight. The bounds are only computed where they
cost little next to the leaves (``_BOUND_WORK``, ``_BOUND_SHARE``). Deterministic; the leaves
scored are planned from ``seconds`` at the nominal speed (:func:`plan_search`, a count known
before the search starts, with the nominal time the whole proof needs), the clock only caps them
(at most half of it for the bounds); then the best leaf so far is returned unproven, with the
lower bound the leaves not scored still allow. A :class:`Watcher` (the CLI's progress line,
:func:`watching`) hears the plan and each batch.

When grid symmetries keep the coset (:mod:`lightsart._core.coset_symmetry`; the all-lit board
keeps all eight), the inner block is instead an invariant subspace, a symmetry maps whole leaves
onto leaves of the same best weight, and only the smallest leaf of each orbit is scored: about
``2**m / 8`` leaves on a square board.

On the all-lit square boards only a third of the cells or fewer have ``b_p = 0``, so the bound
does not prune there and the proof is the sweep of one leaf per orbit, ``~2**d / 8`` members;
what makes it fit is the leaf (:mod:`lightsart._core.fewest_leaf`), ``2**18`` int16 entries
(every partial sum is at most ``cells``) compiled by numba, two leaves at once on threads. Only
about 1,400 of its inputs are not zero (the moving cells' inner signatures), so its five low
stages are done per signature as row updates; the thirteen others run as radix-4/8 passes
blocked for the cache. Five stages before the end, an output built from 32 partial entries
``x_t`` is at most ``sum_t |x_t|``: once a good leaf is known, that rules out the rest of 99% of
the leaves on 61 x 61, chunk by chunk. Per member of a leaf, one thread: 3.4 ns in numpy (the
previous leaf), 0.44-0.54 ns compiled, 0.26-0.37 ns once the best is known. Measured
(``benchmarks/bench_fewest.py``, two cores shared with another busy job): nullity 30-32
(47 x 47, 39 x 39) in 0.5-0.7 s; nullity 40 (61 x 61, 526,352 leaves) proven at 1629 clicks in
25-42 s (the numpy leaves: 406-472 s in the same runs); nullity 42 (65 x 65, 2,102,304 leaves)
proven at 1867 clicks in 170 s (390 s beside seven other jobs; ``scripts/fewest_table.py``).

Brouwer–Zimmermann (minimum weight by information sets) does not help here: the lightest member
weighs nearly half the cells, so the Zimmermann bound ``J (t + 1)`` needs a large ``t``. On
39 x 39, after grouping (8 clicks fixed, 553 to go over 1406 signature positions) there are 41
disjoint information sets of size 32, ``t = 12``, and ``41 * sum_{i<=12} C(32, i) ~ 1.9e10``
combinations against ``2**32 ~ 4.3e9`` members; on 47 x 47, ``2.1e10`` against ``1.1e9``.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import repeat

import numpy as np
from numpy.typing import NDArray

from lightsart._calibration import (
    COMPILED_START_SECONDS,
    MEMBERS_PER_SECOND,
    NUMPY_MEMBERS_PER_SECOND,
)
from lightsart._core.coset_symmetry import (
    AffineMap,
    LeafAction,
    coset_symmetries,
    invariant_flag,
    leaf_action,
)
from lightsart._core.fewest_leaf import LeafData, leaf_data, score_leaves, wht_max
from lightsart._core.watch import SearchPlan, Watcher, nominal_seconds
from lightsart._limits import TIME_LIMIT_MAX, planning_seconds

__all__ = [
    "MAX_FEWEST_NULLITY",
    "CosetMinimum",
    "SplitCoset",
    "coset_minimum",
    "plan_search",
    "rough_plan",
    "split_coset",
]

_MAX_OUTER = 24
#: Inner block: 2**18 int16 entries stay in a core's cache, the fastest leaf per entry.
_INNER = 18
_CHUNK = 1 << 12
#: The bounds cost about 75 ns per leaf and moving cell; they are computed when that is at most
#: ``_BOUND_WORK`` cell-leaves in all, or at most ``2**-_BOUND_SHARE`` of a leaf's transform.
_BOUND_WORK = 1 << 20
_BOUND_SHARE = 8
_WORKERS = 4
#: Leaves per worker and batch (one call of the compiled loop).
_RUN = 16
#: Grid symmetries a square board's coset can keep at most (one leaf per orbit of up to 8).
_MOST_SYMMETRIES = 8


#: Memory: a leaf holds at most ``2**24`` entries (with its work and bound arrays about 8 bytes
#: an entry, 128 MB a worker); the leaf grows past ``2**18`` entries beyond nullity 42.
_MAX_INNER = 24


def _largest_nullity() -> int:
    """The largest nullity whose proof, with every symmetry of a square board, fits in the
    longest budget (:data:`~lightsart._limits.TIME_LIMIT_MAX`) at the nominal speed (50), and
    whose leaves fit in memory (48): beyond it no budget proves more."""
    d = 1
    while nominal_seconds((1 << (d + 1)) // _MOST_SYMMETRIES) <= TIME_LIMIT_MAX:
        d += 1
    return min(d, _MAX_OUTER + _MAX_INNER)


#: Largest nullity the split branch and bound accepts: the longest budget and the memory are
#: the ceiling, not a measured time (see :func:`lightsart.fewest_clicks`).
MAX_FEWEST_NULLITY = _largest_nullity()


@dataclass(frozen=True)
class CosetMinimum:
    """The best member ``choice`` (bit ``k`` = quiet pattern ``k``) and its ``weight``.

    ``proven`` says no member is lighter; ``leaves`` inner transforms were run, ``pruned``
    outer choices were excluded by the bound, and ``symmetries`` grid symmetries (besides the
    identity) kept the coset, so one leaf per orbit was scored.
    """

    choice: int
    weight: int
    proven: bool
    leaves: int
    pruned: int
    symmetries: int = 0
    #: The clock stopped the bounds or the leaves before the planned work (the answer may then
    #: depend on the machine); otherwise it depends only on the input and ``seconds``.
    cut_short: bool = False
    #: No member weighs less (``weight`` when proven; else from the bounds of the leaves not
    #: scored, at least 0).
    lower_bound: int = 0
    #: The plan the budget bought (leaves for a proof, leaves planned, nominal seconds needed);
    #: not compared: the numpy and compiled leaves plan differently and find the same answer.
    plan: SearchPlan | None = field(default=None, compare=False)


def signatures(patterns: NDArray[np.uint8]) -> NDArray[np.int64]:
    """The ``d``-bit column of every cell (bit ``k`` = cell in pattern ``k``), cells flattened."""
    d = patterns.shape[0]
    bits = patterns.reshape(d, -1).astype(np.int64)
    return (bits << np.arange(d, dtype=np.int64)[:, None]).sum(axis=0)


def _outer_coordinates(sig: NDArray[np.int64], mass: NDArray[np.int64], d: int,
                       m: int) -> list[int]:
    """``m`` coordinates chosen greedily so few signatures (weighted by ``mass``) touch them."""
    chosen: list[int] = []
    touched = np.zeros(sig.size, dtype=bool)
    for _ in range(m):
        best, best_cost = -1, -1
        for k in range(d):
            if k in chosen:
                continue
            cost = int(mass[~touched & (((sig >> k) & 1) == 1)].sum())
            if best < 0 or cost < best_cost:
                best, best_cost = k, cost
        chosen.append(best)
        touched |= ((sig >> best) & 1) == 1
    return sorted(chosen)


def _gather(sig: NDArray[np.int64], coords: list[int]) -> NDArray[np.int64]:
    """The bits of ``sig`` at ``coords``, packed into ``len(coords)`` low bits."""
    out = np.zeros(sig.size, dtype=np.int64)
    for i, k in enumerate(coords):
        out |= ((sig >> k) & 1) << i
    return out


def _bounds(leaves: NDArray[np.int64], vb: NDArray[np.int64], s: NDArray[np.int64],
            group: NDArray[np.int64], exact: NDArray[np.bool_],
            deadline: float) -> NDArray[np.int64]:
    """``sum_g |T_g(b)|`` (``T_g(b)`` itself where ``exact[g]``) for every outer choice in ``leaves``.

    Past ``deadline`` the remaining choices get the trivial bound ``sum |s|``.
    """
    out = np.zeros(leaves.size, dtype=np.int64)
    if vb.size == 0:
        return out
    order = np.argsort(group, kind="stable")
    vb, s, group = vb[order], s[order], group[order]
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    keep_sign = exact[group[starts]]
    for lo in range(0, leaves.size, _CHUNK):
        if time.perf_counter() > deadline:
            out[lo:] = int(np.abs(s).sum())
            break
        b = leaves[lo:lo + _CHUNK]
        parity = np.bitwise_count(b[:, None] & vb[None, :]) & 1
        signed = s[None, :] * (1 - 2 * parity.astype(np.int64))
        totals = np.add.reduceat(signed, starts, axis=1)
        out[lo:lo + b.size] = np.where(keep_sign[None, :], totals, np.abs(totals)).sum(axis=1)
    return out


def _recoordinate(sig: NDArray[np.int64], basis: list[int]) -> NDArray[np.int64]:
    """Signatures in the coordinates ``y`` of ``l = sum_i y_i basis[i]``: bit ``i`` is
    ``basis[i]·v`` (since ``l·v = sum_i y_i (basis[i]·v)``)."""
    out = np.zeros(sig.size, dtype=np.int64)
    for i, vector in enumerate(basis):
        out |= (np.bitwise_count(sig & np.int64(vector)).astype(np.int64) & 1) << i
    return out


def _leaves(m: int, action: LeafAction | None) -> NDArray[np.int64]:
    """The outer choices to score: all ``2**m``, or the smallest of each orbit of ``action``."""
    if action is None:
        return np.arange(1 << m, dtype=np.int64)
    parts = []
    for lo in range(0, 1 << m, _CHUNK << 4):
        b = np.arange(lo, min(lo + (_CHUNK << 4), 1 << m), dtype=np.int64)
        parts.append(b[action.canonical(b)])
    return np.concatenate(parts)


@dataclass(frozen=True)
class SplitCoset:
    """The coset in the coordinates of the split search.

    Coefficient vector ``l = sum_i y_i basis[i]``; ``y`` splits into the ``inner`` coordinates
    (scored by one transform per leaf) and the ``outer`` ones (one leaf each: ``leaves`` lists
    those to score, one per orbit of the ``maps`` kept), and ``data`` is what the leaves share.
    """

    basis: list[int]
    inner: list[int]
    outer: list[int]
    leaves: NDArray[np.int64]
    data: LeafData
    maps: list[AffineMap]


def split_coset(x0: NDArray[np.uint8], patterns: NDArray[np.uint8], *,
                inner: int | None = None, symmetric: bool = True) -> SplitCoset:
    """The coset ``x0 ^ span(patterns)`` set out for the split search (see :func:`coset_minimum`
    for the arguments)."""
    d = int(patterns.shape[0])
    if not 1 <= d <= MAX_FEWEST_NULLITY:
        raise ValueError(f"nullity {d} is outside 1..{MAX_FEWEST_NULLITY}")
    cells = int(x0.size)
    k = min(d, inner if inner is not None else max(_INNER, d - _MAX_OUTER))
    k = max(k, d - _MAX_OUTER, 0)
    m = d - k
    maps = coset_symmetries(x0, patterns) if symmetric and m > 0 else []
    basis = invariant_flag(maps, d) if maps else [1 << i for i in range(d)]
    sig_cells = _recoordinate(signatures(patterns), basis) if maps else signatures(patterns)
    s_cells = 1 - 2 * x0.ravel().astype(np.int64)
    sig, inverse = np.unique(sig_cells, return_inverse=True)
    s = np.bincount(inverse, weights=s_cells, minlength=sig.size).astype(np.int64)
    sig, s = sig[s != 0], s[s != 0]
    # With symmetries the leaves are cosets of the invariant span(basis[:k]); without, the outer
    # coordinates are chosen to leave many cells exact in the bound.
    outer = list(range(k, d)) if maps else _outer_coordinates(sig, np.abs(s), d, m)
    inner_coords = [c for c in range(d) if c not in outer]
    action = leaf_action(maps, basis, k) if maps else None
    va, vb = _gather(sig, inner_coords), _gather(sig, outer)
    alone = vb == 0
    # Every partial sum of the transform is at most ``cells`` in size.
    dtype = np.int16 if cells < 1 << 15 else np.int32
    f_alone = np.bincount(va[alone], weights=s[alone], minlength=1 << k).astype(dtype)
    groups, group = np.unique(va[~alone], return_inverse=True)
    data = leaf_data(k, f_alone, vb[~alone], s[~alone], group.astype(np.int64), groups)
    return SplitCoset(basis, inner_coords, outer, _leaves(m, action), data, maps)


def _compiled_pays(members: int, seconds: float) -> bool:
    """Whether the compiled leaves, at the nominal speeds, both buy more of a ``seconds`` budget
    and finish all ``members`` sooner than the numpy ones (a rule on the sizes, so the choice
    repeats on any machine)."""
    buys_more = (seconds - COMPILED_START_SECONDS) * MEMBERS_PER_SECOND > (
        seconds * NUMPY_MEMBERS_PER_SECOND)
    sooner = nominal_seconds(members, True) <= nominal_seconds(members, False)  # both inf: compiled
    return buys_more and sooner


def plan_search(split: SplitCoset, seconds: float, compiled: bool | None = None) -> SearchPlan:
    """The leaves ``seconds`` buys for ``split`` at the nominal speed (a count, so the answer
    repeats on any machine), and what a proof needs. ``compiled``: as :func:`coset_minimum`."""
    k, leaves = split.data.k, int(split.leaves.size)
    seconds = planning_seconds(seconds)  # a huge budget plans a finite number of leaves
    if compiled is None:
        compiled = _compiled_pays(leaves << k, seconds)
    if compiled:
        planned = max(1, int(max(0.0, seconds - COMPILED_START_SECONDS) * MEMBERS_PER_SECOND) >> k)
    else:
        planned = max(1, int(seconds * NUMPY_MEMBERS_PER_SECOND) >> k)
    # A proof's time with the faster leaves (a budget that small may plan the numpy ones).
    needed = min(nominal_seconds(leaves << k, True), nominal_seconds(leaves << k, False))
    return SearchPlan(leaves, 1 << k, planned, needed, compiled)


def rough_plan(d: int, seconds: float) -> SearchPlan:
    """A plan for a coset of nullity ``d`` not set out: every symmetry of a square board
    assumed (one leaf per orbit of 8), so ``seconds_needed`` is the least a proof could need."""
    k = max(_INNER, d - _MAX_OUTER)
    leaves = max(1, ((1 << d) // _MOST_SYMMETRIES) >> k)
    members = leaves << k
    planned = max(1, int(max(0.0, planning_seconds(seconds) - COMPILED_START_SECONDS)
                         * MEMBERS_PER_SECOND) >> k)
    return SearchPlan(leaves, 1 << k, planned, nominal_seconds(members), True)


def coset_minimum(x0: NDArray[np.uint8], patterns: NDArray[np.uint8], *,
                  inner: int | None = None, seconds: float = 60.0,
                  symmetric: bool = True, compiled: bool | None = None,
                  split: SplitCoset | None = None, watcher: Watcher | None = None,
                  floor: int = 0) -> CosetMinimum:
    """The lightest ``x0 ^ sum_k l_k patterns[k]``, proven unless ``seconds`` ran out.

    ``patterns`` has shape ``(d, h, w)`` (independent rows) and ``x0`` shape ``(h, w)``.
    ``inner`` is the size of the block scored by one transform per leaf (default: 18, or ``d -
    24`` when larger); smaller values force more of the search into the bound, as the tests do.
    ``symmetric`` (default) scores one leaf per orbit of the grid symmetries that keep the coset
    (:mod:`lightsart._core.coset_symmetry`); ``False`` scores every leaf. ``compiled`` scores the
    leaves with numba (:mod:`lightsart._core.fewest_kernel`) or numpy; by default numba when that
    buys more of the budget and finishes sooner, at the nominal speeds. ``split``: the coset
    already set out by :func:`split_coset` (then ``inner`` and ``symmetric`` are its own);
    ``watcher`` is told the plan and each batch; ``floor`` is a lower bound the caller knows
    (the result's ``lower_bound`` is at least it).

    >>> import numpy as np
    >>> coset_minimum(np.array([[1, 1, 0]], np.uint8), np.array([[[1, 1, 1]]], np.uint8)).weight
    1
    """
    start = time.perf_counter()
    if split is None:
        split = split_coset(x0, patterns, inner=inner, symmetric=symmetric)
    cells, data = int(x0.size), split.data
    leaves, bound, cut = _ordered(split, cells, start + seconds / 2)
    best_f, best_a, best_b = -(cells + 1), 0, 0
    scored, proven, at = 0, True, 0
    deadline = start + seconds
    plan = plan_search(split, seconds, compiled)
    planned, compiled = plan.planned, plan.compiled
    if watcher is not None:
        watcher.start(plan, floor)
    workers = max(1, min(_WORKERS, os.cpu_count() or 1))
    with ThreadPoolExecutor(workers) as pool:
        while at < leaves.size and bound[at] > best_f:
            if scored >= planned:
                proven = False
                break
            if scored and time.perf_counter() > deadline:
                proven, cut = False, True
                break
            stop = at + min(_RUN * workers, planned - scored)
            batch = leaves[at:stop][bound[at:stop] > best_f]
            at = stop
            runs = np.array_split(batch, workers)
            above = best_f
            # Results are taken in the fixed order, so ties and the answer are deterministic.
            scores = pool.map(score_leaves, repeat(data), runs, repeat(above), repeat(compiled))
            for run, (values, places) in zip(runs, scores, strict=True):
                for b, value, a in zip(run.tolist(), values.tolist(), places.tolist(),
                                       strict=True):
                    scored += 1
                    if value > best_f:
                        best_f, best_a, best_b = value, a, b
            if watcher is not None:
                watcher.advance(scored, (cells - best_f) // 2)
    if watcher is not None:
        watcher.finish()
    weight = (cells - best_f) // 2
    if proven:
        lower = weight
    else:
        # A leaf not scored reaches at most its bound (``F <= cells`` where none was computed).
        top = max(best_f, int(bound[at]) if at < leaves.size else best_f)
        lower = min(weight, max(floor, math.ceil((cells - min(top, cells)) / 2)))
    # Once proven, every leaf not scored was excluded by the bound (in its batch or after it).
    return CosetMinimum(_choice(split, best_a, best_b), weight, proven, scored,
                        leaves.size - scored if proven else 0, len(split.maps), cut, lower, plan)


def _ordered(split: SplitCoset, cells: int, deadline: float
             ) -> tuple[NDArray[np.int64], NDArray[np.int64], bool]:
    """The leaves in order of decreasing bound, their bounds, and whether ``deadline`` cut the
    bounds short; where the bounds would cost more than they can save (they sum over every
    moving cell per leaf), the leaves as they are with the trivial bound ``cells + 1``."""
    data, leaves = split.data, split.leaves
    if leaves.size * data.vb.size <= _BOUND_WORK or data.vb.size << _BOUND_SHARE <= 1 << data.k:
        max_alone, _ = wht_max(data.f_alone.copy(), data.k)
        bound = max_alone + _bounds(leaves, data.vb, data.s, data.group, data.groups == 0,
                                    deadline)
        order = np.argsort(-bound, kind="stable")
        return leaves[order], bound[order], time.perf_counter() > deadline
    return leaves, np.broadcast_to(np.int64(cells + 1), leaves.shape), False


def _choice(split: SplitCoset, best_a: int, best_b: int) -> int:
    """The coefficient vector (bit ``k`` = quiet pattern ``k``) of inner ``a`` and outer ``b``."""
    y = 0
    for i, c in enumerate(split.inner):
        y |= ((best_a >> i) & 1) << c
    for i, c in enumerate(split.outer):
        y |= ((best_b >> i) & 1) << c
    choice = 0
    for i, vector in enumerate(split.basis):
        if (y >> i) & 1:
            choice ^= vector
    return choice
