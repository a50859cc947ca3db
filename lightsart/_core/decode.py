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
  costs and ``d <= 64`` a sorted table of all pair sums (:mod:`lightsart._core.bound`) then rules
  out every solution lighter than the answer up to weight 4, within its memory and work caps,
  and supplies a lighter solution if one exists; the answer is proven when the bound meets it.
* Given a *focus* (:mod:`lightsart._core.relink`; :func:`lightsart._core.optimize.edge_focus` for
  boards), chains of walks on a few columns from a few known solutions follow the Stern walk, and
  the cheapest answer wins.

:func:`decode` climbs these as a ladder of small strategy objects, each planning its own share
of the budget: :class:`ExactSearch`, then :class:`SternWalk` (or the timed :class:`LeeBrickell`)
and :class:`RelinkedChains`, then :class:`PairTable`. The search is named by :data:`METHODS`.

**k states.** The same call decodes over ``Z/k`` (``states=k``): errors are values ``0 .. k-1``
per cell, the checks have moduli (the cokernel ``⊕ Z/p^a``), and the walk is the one of
:mod:`lightsart._core.isd_ring`, by prime powers, from a known solution (the bottom-row chase).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Protocol, cast

import numpy as np
from numpy.typing import NDArray

from lightsart._calibration import CHAIN_SHARE, PAIRS_PER_SECOND, STERN_SHARE
from lightsart._core import isd
from lightsart._core.bound import lower_bound
from lightsart._core.generators import Generators, cheap_bound, generators
from lightsart._core.packed import pack
from lightsart._core.quiet import walsh_hadamard
from lightsart._core.relink import Focus, run_chains
from lightsart._registry import Registry

__all__ = ["EXACT_NULLITY", "METHODS", "Decoding", "Search", "decode"]

#: Largest nullity decoded exactly by search over all syndromes.
EXACT_NULLITY = 20
#: Largest ``generators * 2**d`` the weighted exact knapsack is allowed to touch.
_KNAPSACK_BUDGET = 6e8
#: Pair tables searched for a weight-5 answer once weight 4 is ruled out (a few seconds each).
_HUNTS = 3


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
    #: With ``k`` states: the error's value at every cell (``errors`` are the non-zero ones).
    values: NDArray[np.int64] | None = None
    #: With ``k`` states: the rounds the walk ran.
    rounds: int = 0


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
    columns: NDArray[np.uint8] | NDArray[np.uint64] | NDArray[np.int64],
    syndrome: NDArray[np.uint8] | NDArray[np.int64],
    cost: NDArray[np.float64] | None = None,
    baseline: NDArray[np.intp] | None = None,
    *,
    states: int = 2,
    moduli: NDArray[np.int64] | None = None,
    value_cost: NDArray[np.float64] | None = None,
    floor: float = 0.0,
    seed: int = 0,
    seconds: float = 2.0,
    work: int | None = None,
    method: str = "stern",
    focus: Sequence[Focus] = (),
) -> Decoding:
    """The cheapest pixels whose columns XOR to ``syndrome`` (columns: ``(pixels, d)`` 0/1, or
    packed ``uint64`` words as :func:`lightsart._core.packed.pack` makes them).

    ``cost`` defaults to 1 per pixel (fewest wrong pixels). ``baseline`` is a known solution
    (e.g. Bosch's bottom-row errors); the answer is never worse. Exact for ``d <= 20`` (within a
    work budget when costs are given); otherwise the Stern walk of :mod:`lightsart._core.isd` runs
    ``work`` rounds (default: what ``seconds`` buys at the nominal
    :data:`lightsart._core.isd.WORDS_PER_SECOND`), so the same inputs and ``seed`` give the same
    answer on any machine; ``seconds`` caps the whole call, and ``cut_short`` says when it
    stopped the work early. With unit costs and ``d <= 64`` the pair-table bound follows the
    search when ``seconds`` allows it (at :data:`PAIRS_PER_SECOND`, decided from the number of
    pair sums alone; the 128x128 board's 132 million pair sums take ~12 s and 1.1 GB, so
    ``seconds >= 14``), up to ``2**28`` pair sums in at most 2 GB. ``method`` names the search
    in :data:`METHODS` (``"lee-brickell"``: the earlier timed search, not repeatable).

    ``focus``: chains of walks (:mod:`lightsart._core.relink`), each on a few pixels from a few
    known solutions (e.g. the cells near two opposite edges, and light chasing towards them).
    The chains share what ``seconds`` (or ``work``) buys on their pixels and run after the
    Stern walk on all columns; the cheapest answer wins (ties: the Stern walk's), so it is never
    worse than the Stern walk alone, whose answer is unchanged. Every start must be a solution
    (else ``ValueError``). The planned work is then about twice the walk's: on the machine
    these were measured on, both fit in ~75% of ``seconds``; where they do not, the clock cuts
    the chains (``cut_short``), never the walk's answer.

    With ``states=k`` (above 2, or any ``k`` when ``moduli`` is given: a ``Z/k`` fit's call)
    the columns and ``syndrome`` are integers, each check modulo its entry of ``moduli``, and
    ``baseline`` is a solution as one error value per cell; the Stern walk over ``Z/k``
    (:func:`lightsart._core.isd_ring.search`, ``work`` rounds, the clock at twice ``seconds``)
    keeps the cheapest by ``value_cost`` (``(cells, k)``) when given, and stops once it reaches
    ``floor``, the caller's proven lower bound. ``values`` holds the errors' values.
    """
    search = _search(method)
    # Z/k: a ring of k - 1 multiples per column, not bits; its own walk. A caller that poses the
    # problem over Z/k (``moduli``, values as the baseline) gets that walk for k = 2 as well.
    if states > 2 or moduli is not None:
        return _ring(columns, syndrome, cost, baseline, states, moduli, value_cost, floor=floor,
                     seed=seed, seconds=seconds, work=work, search=search)
    start = time.perf_counter()
    w = np.ones(columns.shape[0]) if cost is None else np.asarray(cost, dtype=np.float64).ravel()
    if not syndrome.any():
        return Decoding(np.zeros(0, np.intp), 0.0, 0.0, True, "reachable")
    bits = cast("NDArray[np.uint8] | NDArray[np.uint64]", columns)  # GF(2): 0/1 or packed words
    problem = _Problem.of(bits, syndrome.astype(np.uint8, copy=False), w, unit=cost is None,
                          baseline=baseline)
    exact = ExactSearch().run(problem)
    if exact is not None:
        return exact
    _check_starts(problem, focus)
    table = PairTable.planned(problem, seconds)
    budget = _Budget.of(start, seconds - table.seconds if table.used else seconds)
    rng = np.random.default_rng(seed)
    answer, chains = search.run(problem, budget, rng, _Plan(tuple(focus), work, seed))
    # Then the chains and their starts, when strictly cheaper (so ties keep the answer above).
    for found in [*chains, *_starts(focus, w)]:
        answer = answer.take(found, answer.method, margin=1e-9)
    if not np.isfinite(answer.cost):  # pragma: no cover - the columns always span the syndromes
        raise AssertionError("no decoding found and no baseline given")
    if table.used and answer.cost > answer.bound + 1e-9:
        answer = table.run(problem, answer, seed, deadline=start + seconds)
    return answer.decoding(problem)


def _search(method: str) -> Search:
    """The search :data:`METHODS` calls ``method`` (``ValueError`` for an unknown name)."""
    if method not in METHODS:
        raise ValueError(str(METHODS.unknown(method)))
    return METHODS.get(method)


def _ring(columns: NDArray[np.generic], sigma: NDArray[np.generic],
          cost: NDArray[np.float64] | None, start: NDArray[np.intp] | None, k: int,
          moduli: NDArray[np.int64] | None, value_cost: NDArray[np.float64] | None, *,
          floor: float, seed: int, seconds: float, work: int | None, search: Search) -> Decoding:
    """:func:`decode` over ``Z/k``: the walk of :mod:`lightsart._core.isd_ring` from ``start``."""
    if not search.rings:
        raise ValueError(f"the {search.name} search decodes over GF(2) only, not Z/{k}")
    if moduli is None or start is None:
        raise ValueError(f"decoding over Z/{k} needs the checks' moduli and a starting solution")
    from lightsart._core import isd_ring  # loaded by k-state fits only

    found = isd_ring.search(np.asarray(columns, dtype=np.int64), moduli,
                            np.asarray(sigma, dtype=np.int64), k, np.asarray(start, np.int64),
                            cost=cost, seconds=seconds, seed=seed, rounds=work, floor=floor,
                            value_cost=value_cost)
    bound = min(floor, found.cost)
    return Decoding(np.flatnonzero(found.error).astype(np.intp), found.cost, bound,
                    found.cost <= bound + 1e-9, "isd", found.cut_short, values=found.error,
                    rounds=found.rounds)


@dataclass(frozen=True)
class _Problem:
    """What every strategy decodes: the generators of the columns, the syndrome (as bytes and
    packed), the cost of each pixel, a known solution and the cheap proven lower bound."""

    gens: Generators
    syndrome: NDArray[np.uint8]
    packed: NDArray[np.uint64]
    w: NDArray[np.float64]
    unit: bool
    pixels: int
    baseline: NDArray[np.intp]

    @classmethod
    def of(cls, columns: NDArray[np.uint8] | NDArray[np.uint64], syndrome: NDArray[np.uint8],
           w: NDArray[np.float64], *, unit: bool, baseline: NDArray[np.intp] | None) -> _Problem:
        known = np.zeros(0, np.intp) if baseline is None else np.asarray(baseline, dtype=np.intp)
        gens = generators(columns, w, syndrome.size)
        return cls(gens, syndrome, pack(syndrome[None, :])[0], w, unit, columns.shape[0], known)

    @property
    def d(self) -> int:
        return int(self.syndrome.size)

    @cached_property
    def bound(self) -> float:
        """Every 1- and 2-pixel solution (3 when few) ruled out: :func:`cheap_bound`."""
        return cheap_bound(self.gens, self.packed, self.unit)


@dataclass(frozen=True)
class _Budget:
    """The search's share of the call's ``seconds`` (what the pair table leaves) and its end."""

    search: float
    deadline: float

    @classmethod
    def of(cls, start: float, search: float) -> _Budget:
        return cls(search, start + search)


@dataclass(frozen=True)
class _Found:
    """A solution some strategy found: its cost, its pixels, whether the clock cut it short."""

    cost: float
    pixels: NDArray[np.intp]
    cut_short: bool = False


@dataclass(frozen=True)
class _Answer:
    """The cheapest solution so far, the best proven lower bound, and how they were found."""

    cost: float
    pixels: NDArray[np.intp]
    bound: float
    method: str = ""
    cut_short: bool = False

    @classmethod
    def first(cls, problem: _Problem) -> _Answer:
        """The baseline (if given) and the cheap bound: the answer is never worse than either."""
        if problem.baseline.size:
            return cls(float(problem.w[problem.baseline].sum()), problem.baseline, problem.bound)
        return cls(np.inf, np.zeros(0, np.intp), problem.bound)

    def take(self, found: _Found, method: str, *, margin: float = 0.0) -> _Answer:
        """``found`` when it is cheaper by more than ``margin``, else this answer."""
        cut = self.cut_short or found.cut_short
        if found.cost < self.cost - margin:
            return replace(self, cost=found.cost, pixels=found.pixels, method=method, cut_short=cut)
        return replace(self, method=method, cut_short=cut)

    def decoding(self, problem: _Problem) -> Decoding:
        """The answer checked against the syndrome, proven when the bound meets its cost."""
        _check_solution(problem.gens, problem.syndrome, self.pixels)
        bound = min(self.bound, self.cost)
        proven = self.cost <= bound + 1e-9
        return Decoding(self.pixels, self.cost, bound, proven, self.method, self.cut_short)


@dataclass(frozen=True)
class ExactSearch:
    """``d <= EXACT_NULLITY``: every syndrome searched. Unit costs: breadth-first by
    Walsh–Hadamard convolutions; per-pixel costs: the knapsack over ``GF(2)^d``, when it fits
    :data:`_KNAPSACK_BUDGET` (else ``None``: the search below takes over)."""

    def run(self, problem: _Problem) -> Decoding | None:
        d, gens = problem.d, problem.gens
        if not (d <= EXACT_NULLITY and d <= 62):
            return None
        gen_ints = _as_ints(gens.bits)
        target = int(_as_ints(problem.syndrome[None, :])[0])
        if problem.unit:
            pick = gens.pixel[_bfs_unit(gen_ints, target, d)]
            return Decoding(pick, float(len(pick)), float(len(pick)), True, "exact search")
        if gen_ints.size * (1 << d) <= _KNAPSACK_BUDGET:
            chosen = _knapsack(gen_ints, gens.cost, target, d)
            if chosen:
                pick = gens.pixel[chosen]
                total = float(problem.w[pick].sum())
                return Decoding(pick, total, total, True, "exact knapsack")
        return None


@dataclass(frozen=True)
class SternWalk:
    """The Stern walk of :mod:`lightsart._core.isd` from the baseline, for the rounds its
    ``share`` of the search budget buys at the nominal speed (or ``work`` rounds)."""

    share: float
    work: int | None

    def run(self, problem: _Problem, budget: _Budget, rng: np.random.Generator) -> _Found:
        gens = problem.gens
        rounds = (isd.rounds_for(budget.search * self.share, gens.count, problem.d,
                                 problem.pixels, problem.unit)
                  if self.work is None else max(0, int(self.work)))
        begin = gens.of_pixels(problem.baseline) if problem.baseline.size else None
        found = isd.search(gens.words, problem.d, problem.packed, gens.cost, begin, rng=rng,
                           rounds=rounds, deadline=budget.deadline, stop_at=problem.bound)
        if found is None:  # pragma: no cover - the columns always span the syndromes
            return _Found(np.inf, np.zeros(0, np.intp))
        return _Found(found.cost, gens.pixel[found.chosen], found.cut_short)


@dataclass(frozen=True)
class RelinkedChains:
    """Chains of walks on the pixels of each ``focus`` (:mod:`lightsart._core.relink`), their
    ``share`` of the search budget's work (or ``work`` rounds), seeded by ``seed``."""

    focus: tuple[Focus, ...]
    share: float
    work: int | None
    seed: int

    def run(self, problem: _Problem, budget: _Budget) -> list[_Found]:
        chains = run_chains(problem.gens, problem.w, problem.packed, self.focus, seed=self.seed,
                            seconds=budget.search * self.share, work=self.work,
                            deadline=budget.deadline, stop_at=problem.bound)
        return [_Found(cost, np.asarray(pixels, dtype=np.intp), cut)
                for cost, pixels, cut in chains]


@dataclass(frozen=True)
class LeeBrickell:
    """The earlier timed search: Lee–Brickell rounds with a fresh elimination each until a
    quarter of the search budget is left, then 3-for-2 and 2-for-1 swaps (not repeatable;
    GF(2) only, no chains)."""

    name: str = "lee-brickell"
    rings: bool = False
    rounds: int = 10_000

    def run(self, problem: _Problem, budget: _Budget, rng: np.random.Generator, plan: _Plan
            ) -> tuple[_Answer, list[_Found]]:
        from lightsart._core import lee_brickell  # a method chosen by name only

        gens, bound = problem.gens, problem.bound
        cost, chosen = lee_brickell.search(gens, problem.syndrome, rng,
                                           budget.deadline - budget.search / 4, bound,
                                           rounds=self.rounds)
        if cost > bound + 1e-9:
            polished = lee_brickell.improve([int(g) for g in chosen], gens, rng, budget.deadline)
            chosen = np.asarray(polished, dtype=np.intp)
            cost = float(gens.cost[chosen].sum())
        return _Answer.first(problem).take(_Found(cost, gens.pixel[chosen]), "isd"), []


def _check_starts(problem: _Problem, focus: Sequence[Focus]) -> None:
    """Raise unless every chain's start is a solution."""
    for region in focus:
        for known in region.starts:
            _check_solution(problem.gens, problem.syndrome, known)


def _starts(focus: Sequence[Focus], w: NDArray[np.float64]) -> list[_Found]:
    """The chains' starts, themselves solutions."""
    return [_Found(float(w[s].sum()), np.asarray(s, dtype=np.intp))
            for f in focus for s in f.starts]


@dataclass(frozen=True)
class PairTable:
    """The pair-sum table of :mod:`lightsart._core.bound` (unit costs, ``d <= 64``): every
    lighter solution up to weight 4 ruled out or found. It gets its share of the budget first,
    ``seconds`` at :data:`PAIRS_PER_SECOND`, and runs only when the whole budget holds it."""

    seconds: float
    used: bool

    @classmethod
    def planned(cls, problem: _Problem, budget: float) -> PairTable:
        count = problem.gens.count
        seconds = count * (count - 1) // 2 / PAIRS_PER_SECOND
        return cls(seconds, problem.unit and problem.d <= 64 and seconds <= budget)

    def run(self, problem: _Problem, answer: _Answer, seed: int, *, deadline: float) -> _Answer:
        gens = problem.gens
        table = lower_bound(
            gens.bits, problem.syndrome, min(4, int(answer.cost) - 1),
            hunt=answer.cost > 5, seed=seed, hunts=_HUNTS, deadline=deadline,
        )
        method = answer.method + " + pair table"
        if table.solution is not None:
            answer = answer.take(_Found(float(table.solution.size), gens.pixel[table.solution]),
                                 method)
        return replace(answer, bound=max(answer.bound, float(table.bound)), method=method,
                       cut_short=answer.cut_short or table.cut_short)


@dataclass(frozen=True)
class _Plan:
    """What a search gets besides the problem: the chains' focus, fixed work, the seed."""

    focus: tuple[Focus, ...]
    work: int | None
    seed: int


class Search(Protocol):
    """A search of :data:`METHODS` for ``d`` beyond the exact search: the answer it found
    (from the baseline and the cheap bound) and the chains' solutions still to weigh."""

    @property
    def name(self) -> str:
        """The name it is registered under."""
        ...

    @property
    def rings(self) -> bool:
        """It also decodes over ``Z/k`` (the walk of :mod:`lightsart._core.isd_ring`)."""
        ...

    def run(self, problem: _Problem, budget: _Budget, rng: np.random.Generator, plan: _Plan
            ) -> tuple[_Answer, list[_Found]]: ...


@dataclass(frozen=True)
class _Stern:
    """The Stern walk on all columns, then (given a focus) the relinked chains."""

    name: str = "stern"
    rings: bool = True

    def run(self, problem: _Problem, budget: _Budget, rng: np.random.Generator, plan: _Plan
            ) -> tuple[_Answer, list[_Found]]:
        # With chains (which walk further on fewer columns), the walk plans a fifth of the
        # budget's work and the chains half of it; the rest is margin for their set-ups.
        walked = SternWalk(STERN_SHARE if plan.focus else 1.0, plan.work).run(problem, budget, rng)
        # The chains follow the walk, so a clock that cuts the work short cuts them first.
        chains = RelinkedChains(plan.focus, CHAIN_SHARE, plan.work, plan.seed).run(problem, budget)
        method = "stern + relink" if plan.focus else "stern"
        return _Answer.first(problem).take(walked, method), chains


#: The searches for large ``d`` by name: the Stern walk of :mod:`lightsart._core.isd` (default,
#: counted in rounds; over ``Z/k`` the walk of :mod:`lightsart._core.isd_ring`), or the earlier
#: Lee–Brickell rounds with a fresh elimination each (timed; kept to compare against).
METHODS: Registry[Search] = Registry("decoding method")
METHODS.register("stern", _Stern(), about="the Stern walk, repeatable (counted in rounds)")
METHODS.register("lee-brickell", LeeBrickell(),
                 about="Lee–Brickell rounds, timed (GF(2) only; kept to compare against)")
