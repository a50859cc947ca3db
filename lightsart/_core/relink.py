"""Stern walks from several starts, then relinked through the best solutions found.

The walk of :mod:`lightsart._core.isd` keeps its solution on the pivots and improves it by one or
two columns at a time, so it settles in a basin that depends mostly on where it starts. On a
photo the starts that matter are Bosch's light chasing from each side of the board (errors pushed
into the last row or column along the chase): on the 512x512 astronaut the chase upwards walks
to 46-49 wrong pixels where the chase downwards walks to 51-54. And the columns that matter are
those of cells near the edges, whose cut plus shapes give short relations between columns:
walking on them alone is several times cheaper a round than on all columns.

*Plan* (all counted in rounds; every walk has ``length`` rounds and its own generator seeded
by ``(seed, walk number)``, so the answer depends only on the inputs, the seed and the rounds):

1. *probe*: one walk from each start;
2. *spread*: :data:`SPREAD` more walks from the start whose walk ended best, fresh seeds;
3. *relink* (path relinking, Glover): walks from the best solution so far whose first pivots,
   after that solution, are the columns of the next :data:`ELITE` best solutions, so the walk
   sees the one- and two-column moves that mix them in. Each result joins the pool.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsart._core import isd
from lightsart._core.generators import Generators, generators

__all__ = ["ELITE", "PROBE", "SPREAD", "WALK", "Focus", "chain", "relink", "run_chains"]

#: A probing walk (one per start) has ``rounds // PROBE`` rounds; every later walk
#: ``rounds // WALK``; walks go on while rounds are left.
PROBE = 16
WALK = 8
#: Extra walks from the best start before relinking.
SPREAD = 3
#: Solutions (after the best) whose columns are offered first as pivots in a relinking walk.
ELITE = 3

Words = NDArray[np.uint64]


@dataclass(frozen=True)
class Focus:
    """Pixels (indices into the decoder's columns) one chain of walks searches, and solutions
    (pixel sets, e.g. light chasing towards the sides these pixels line) it starts from."""

    pixels: NDArray[np.intp]
    starts: tuple[NDArray[np.intp], ...]


def relink(
    packed: Words,
    d: int,
    syndrome: Words,
    cost: NDArray[np.float64],
    starts: Sequence[NDArray[np.intp]],
    *,
    seed: int,
    chain: int = 0,
    rounds: int,
    deadline: float,
    stop_at: float = 0.0,
) -> isd.Search | None:
    """The cheapest set of generators (rows of ``packed``) found by walks from ``starts``.

    ``starts``: solutions as generator indices (at least one); ``rounds``: the work, shared by
    walks of :data:`PROBE` and :data:`WALK`; ``deadline`` (``time.perf_counter()``) caps it
    (then ``cut_short``); ``stop_at``: a proven lower bound; ``(seed, chain, walk number)``
    seeds each walk. None when the syndrome is not in the columns' span.
    """
    if not starts:
        raise ValueError("relink needs at least one start")
    pool: list[tuple[float, int, NDArray[np.intp]]] = []
    done = 0
    cut = False
    home = 0  # the start whose probe ended best
    k = 0
    while done < rounds:
        if time.perf_counter() > deadline:
            cut = True
            break
        if pool and pool[0][0] <= stop_at + 1e-9:
            break
        begin, prefer = _walk_start(k, starts, home, pool)
        found = isd.search(
            packed, d, syndrome, cost, begin, rng=np.random.default_rng([seed, chain, k]),
            rounds=min(rounds - done, max(1, rounds // (PROBE if k < len(starts) else WALK))),
            deadline=deadline, stop_at=stop_at, prefer=prefer,
        )
        if found is None:
            return None
        done += found.rounds
        cut = cut or found.cut_short
        _join(pool, found, k)
        if k == len(starts) - 1 and pool:
            home = min((p for p in pool if p[1] < len(starts)), key=lambda p: (p[0], p[1]))[1]
        k += 1
        if found.rounds == 0:  # at the bound already, or out of time
            break
    if not pool:
        return isd.Search(np.inf, np.zeros(0, np.intp), done, True)
    return isd.Search(pool[0][0], pool[0][2], done, cut)


def _walk_start(k: int, starts: Sequence[NDArray[np.intp]], home: int,
                pool: list[tuple[float, int, NDArray[np.intp]]]
                ) -> tuple[NDArray[np.intp], NDArray[np.intp] | None]:
    """Where walk ``k`` begins and the pivots it prefers: probe each start, spread from the
    best start, then relink (each elite leads in turn, the others' columns preferred)."""
    if k < len(starts):
        return starts[k], None
    if k < len(starts) + SPREAD:
        return starts[home], None
    elite = pool[: ELITE + 1]
    turn = (k - len(starts) - SPREAD) % len(elite)  # each elite leads in turn
    others = [p[2] for i, p in enumerate(elite) if i != turn]
    return elite[turn][2], np.unique(np.concatenate(others)) if others else None


def _join(pool: list[tuple[float, int, NDArray[np.intp]]], found: isd.Search, k: int) -> None:
    """Add walk ``k``'s solution to the pool (cheapest first, then earliest) unless known."""
    chosen = np.sort(found.chosen)
    if np.isfinite(found.cost) and not any(np.array_equal(chosen, q[2]) for q in pool):
        pool.append((found.cost, k, chosen))
        pool.sort(key=lambda p: (p[0], p[1]))


def chain(
    words: Words,
    d: int,
    cost: NDArray[np.float64],
    syndrome: Words,
    focus: Focus,
    *,
    seed: int,
    index: int,
    share: int = 1,
    seconds: float,
    work: int | None,
    deadline: float,
    stop_at: float,
) -> tuple[float, NDArray[np.intp], bool]:
    """One chain of walks on ``focus`` (its pixels and every start's): ``(cost, pixels, cut)``.

    ``words``: every pixel's packed column (``d`` bits); ``cost``: per pixel. The chain walks
    ``work`` rounds (default: what ``seconds`` buys on the focus' generators,
    :func:`lightsart._core.isd.rounds_for`), divided by ``share`` (chains sharing one thread).
    An infinite cost (no pixels) when the clock ran out before the first walk.
    """
    pixels = np.unique(np.concatenate([focus.pixels, *focus.starts]).astype(np.intp))
    gens = generators(words[pixels], cost[pixels], d)
    starts = [gens.of_pixels(np.searchsorted(pixels, s)) for s in focus.starts]
    unit = bool(np.all(gens.cost == 1.0))
    rounds = (isd.rounds_for(seconds, gens.count, d, words.shape[0], unit) if work is None
              else max(0, int(work))) // max(1, share)
    found = relink(gens.words, d, syndrome, cost=gens.cost, starts=starts, seed=seed, chain=index,
                   rounds=rounds, deadline=deadline, stop_at=stop_at) if rounds else None
    if found is None or not np.isfinite(found.cost):
        return np.inf, np.zeros(0, np.intp), found is not None
    return found.cost, pixels[gens.pixel[found.chosen]], found.cut_short


def run_chains(
    gens: Generators,
    cost: NDArray[np.float64],
    syndrome: Words,
    focus: Sequence[Focus],
    *,
    seed: int,
    seconds: float,
    work: int | None,
    deadline: float,
    stop_at: float,
) -> list[tuple[float, NDArray[np.intp], bool]]:
    """Every chain of ``focus`` in turn, sharing one walk's planned work: ``(cost, pixels, cut)``.

    ``gens``: the generators of every pixel's column (their ``group`` gives each pixel's
    column); ``cost``: per pixel. (Chains on a second thread beside the Stern walk were no
    faster: both spend much of a round in short numpy calls that hold the GIL.)
    """
    if not focus:
        return []
    zero = np.zeros((1, gens.words.shape[1]), dtype=np.uint64)
    words = np.concatenate([gens.words, zero])[gens.group]  # every pixel's column
    return [chain(words, gens.d, cost, syndrome, f, seed=seed, index=k, share=len(focus),
                  seconds=seconds, work=work, deadline=deadline, stop_at=stop_at)
            for k, f in enumerate(focus)]
