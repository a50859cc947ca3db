"""The Stern decoder and its relinked chains against brute force on small planted instances;
repeatability by work; the edge chains' starts are solutions."""

from __future__ import annotations

import itertools
import time

import numpy as np
import pytest
from numpy.typing import NDArray

from lightsart._core import closest, isd, relink
from lightsart._core.closest import edge_focus
from lightsart._core.decode import decode
from lightsart._core.gf2 import classic_algebra
from lightsart._core.optimize import closest_board
from lightsart._core.packed import pack
from lightsart._core.relink import Focus


def _instance(
    seed: int, count: int, d: int, planted: int
) -> tuple[NDArray[np.uint8], NDArray[np.uint8], NDArray[np.intp]]:
    """Random columns, a syndrome made by ``planted`` of them, and a heavy known solution."""
    rng = np.random.default_rng(seed)
    columns = (rng.random((count, d)) < 0.5).astype(np.uint8)
    columns[rng.integers(0, count, 3)] = columns[0]  # repeated columns
    columns[1] = 0  # a pixel that never helps
    syndrome = np.bitwise_xor.reduce(columns[rng.choice(count, planted, replace=False)], axis=0)
    # A baseline: the syndrome written on d independent columns (Prange on a random basis).
    baseline = np.flatnonzero(columns[:, 0]) if not syndrome.any() else _prange(columns, syndrome)
    return columns, syndrome, baseline


def _prange(columns: NDArray[np.uint8], syndrome: NDArray[np.uint8]) -> NDArray[np.intp]:
    """Some solution: greedy elimination over the columns in order (no minimality)."""
    d = syndrome.size
    basis: list[tuple[int, int, int]] = []  # (leading bit, vector, combination of pixels)
    for p, col in enumerate(columns):
        v, combo = int("".join(map(str, col[::-1])), 2), 1 << p
        for lead, bv, bc in basis:
            if (v >> lead) & 1:
                v, combo = v ^ bv, combo ^ bc
        if v:
            lead = v.bit_length() - 1
            basis = [(ld, bv ^ v, bc ^ combo) if (bv >> lead) & 1 else (ld, bv, bc)
                     for ld, bv, bc in basis] + [(lead, v, combo)]
    s, combo = int("".join(map(str, syndrome[::-1])), 2), 0
    for lead, bv, bc in basis:
        if (s >> lead) & 1:
            s, combo = s ^ bv, combo ^ bc
    assert s == 0 and d > 0
    return np.asarray([p for p in range(columns.shape[0]) if (combo >> p) & 1], dtype=np.intp)


def _cheapest(
    columns: NDArray[np.uint8], syndrome: NDArray[np.uint8], cost: NDArray[np.float64], top: int
) -> float:
    """Brute force: the cheapest set of at most ``top`` pixels whose columns XOR to ``syndrome``."""
    keys: dict[bytes, float] = {}
    for p, c in enumerate(columns):
        k = np.packbits(c).tobytes()
        keys[k] = min(keys.get(k, np.inf), float(cost[p]))
    best = keys.get(np.packbits(syndrome).tobytes(), np.inf)
    for w in range(1, top):
        for comb in itertools.combinations(range(columns.shape[0]), w):
            rest = np.bitwise_xor.reduce(columns[list(comb)], axis=0) ^ syndrome
            last = keys.get(np.packbits(rest).tobytes())
            if last is not None and rest.any():
                best = min(best, float(cost[list(comb)].sum()) + last)
    return best


def _check(columns: NDArray[np.uint8], syndrome: NDArray[np.uint8], errors: NDArray[np.intp]) -> None:
    assert len(set(errors.tolist())) == errors.size
    assert not (np.bitwise_xor.reduce(columns[errors], axis=0) ^ syndrome).any()


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_finds_the_planted_optimum(seed: int, weighted: bool) -> None:
    d = 30 + 8 * seed
    columns, syndrome, baseline = _instance(seed, 48, d, planted=3)
    rng = np.random.default_rng(seed)
    cost = rng.random(48) + 0.2 if weighted else np.ones(48)
    truth = _cheapest(columns, syndrome, cost, 3)  # d >= 30 random columns: 3 planted is optimal
    got = decode(columns, syndrome, cost if weighted else None, baseline, seed=seed, work=200)
    _check(columns, syndrome, got.errors)
    assert got.cost == pytest.approx(float(cost[got.errors].sum()))
    assert got.cost == pytest.approx(truth)
    assert got.lower_bound <= got.cost + 1e-9 and not got.cut_short
    assert got.method.startswith("stern")


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(2))
def test_lee_brickell_finds_the_planted_optimum(seed: int, weighted: bool) -> None:
    # The earlier, timed search (lightsart._core.lee_brickell) behind method="lee-brickell".
    columns, syndrome, baseline = _instance(seed, 48, 30 + 8 * seed, planted=3)
    cost = np.random.default_rng(seed).random(48) + 0.2 if weighted else np.ones(48)
    truth = _cheapest(columns, syndrome, cost, 3)
    got = decode(columns, syndrome, cost if weighted else None, baseline, seed=seed,
                 seconds=2.0, method="lee-brickell")
    _check(columns, syndrome, got.errors)
    assert got.cost == pytest.approx(float(cost[got.errors].sum()))
    assert got.cost == pytest.approx(truth) and got.method.startswith("isd")
    assert got.lower_bound <= got.cost + 1e-9


@pytest.mark.parametrize("weighted", [False, True])
def test_never_worse_than_the_baseline(weighted: bool) -> None:
    columns, syndrome, baseline = _instance(7, 120, 70, planted=20)
    cost = np.random.default_rng(7).random(120) + 0.1 if weighted else None
    w = np.ones(120) if cost is None else cost
    for work in (0, 1, 30):
        got = decode(columns, syndrome, cost, baseline, seed=3, work=work)
        _check(columns, syndrome, got.errors)
        assert got.cost <= float(w[baseline].sum()) + 1e-9
        assert got.lower_bound <= got.cost + 1e-9


def test_same_seed_same_answer_whatever_the_clock() -> None:
    columns, syndrome, baseline = _instance(5, 200, 72, planted=12)
    runs = [decode(columns, syndrome, None, baseline, seed=9, work=40, seconds=s)
            for s in (1e4, 1e4, 1e6)]
    for r in runs:
        assert not r.cut_short
        assert np.array_equal(np.sort(r.errors), np.sort(runs[0].errors))
    # The default work is a function of the inputs and seconds only: same seconds, same answer.
    a = decode(columns, syndrome, None, baseline, seed=9, seconds=0.2)
    b = decode(columns, syndrome, None, baseline, seed=9, seconds=0.2)
    if not (a.cut_short or b.cut_short):  # (on a loaded machine the cap may cut in: no proof)
        assert np.array_equal(np.sort(a.errors), np.sort(b.errors))
    other = decode(columns, syndrome, None, baseline, seed=10, work=40)
    _check(columns, syndrome, other.errors)


def test_a_tiny_time_cap_cuts_the_work_short() -> None:
    columns, syndrome, baseline = _instance(6, 400, 56, planted=12)
    got = decode(columns, syndrome, None, baseline, seed=1, seconds=1e-6, work=10**6)
    assert got.cut_short
    _check(columns, syndrome, got.errors)
    assert got.cost <= baseline.size


def test_a_clock_gone_before_the_walk_still_gives_a_solution() -> None:
    # No baseline and no time left once the basis is built (a loaded machine): Prange's
    # solution, cut short, where the decoder used to stop with "no decoding found".
    columns, syndrome, _ = _instance(6, 400, 56, planted=12)
    got = decode(columns, syndrome, None, None, seed=1, seconds=1e-9, work=10**6)
    assert got.cut_short and np.isfinite(got.cost)
    _check(columns, syndrome, got.errors)


def test_columns_that_do_not_span() -> None:
    rng = np.random.default_rng(2)
    columns = (rng.random((80, 40)) < 0.5).astype(np.uint8)
    columns[:, 30:] = 0  # rank 30 of 40 checks
    syndrome = columns[3] ^ columns[17] ^ columns[40]
    got = decode(columns, syndrome, seed=0, work=50)
    _check(columns, syndrome, got.errors)
    assert got.cost <= 3


def test_rounds_follow_the_budget() -> None:
    assert isd.rounds_for(0.0, 1000, 100) == 1
    assert isd.rounds_for(2.0, 1000, 100) >= 2 * isd.rounds_for(1.0, 1000, 100) - 1
    with pytest.raises(ValueError):
        decode(np.eye(30, dtype=np.uint8), np.ones(30, np.uint8), method="magic")


def _focus(count: int, starts: list[NDArray[np.intp]]) -> tuple[Focus, ...]:
    """One chain on the first half of the pixels (and the starts' pixels)."""
    return (Focus(np.arange(count // 2, dtype=np.intp), tuple(starts)),)


def _heavy(columns: NDArray[np.uint8], solution: NDArray[np.intp]) -> NDArray[np.intp]:
    """A heavier solution: ``solution`` XOR a relation (column 50 and the columns before it
    that XOR to it)."""
    relation = np.r_[_prange(columns[:50], columns[50]), 50]
    return np.flatnonzero(np.bincount(np.r_[solution, relation], minlength=columns.shape[0]) & 1)


def _everywhere(count: int, starts: list[NDArray[np.intp]]) -> Focus:
    return Focus(np.arange(count, dtype=np.intp), tuple(starts))


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_a_chain_finds_the_planted_optimum(seed: int, weighted: bool) -> None:
    d = 30 + 4 * seed
    columns, syndrome, baseline = _instance(seed, 64, d, planted=3)
    rng = np.random.default_rng(seed)
    cost = rng.random(64) + 0.2 if weighted else np.ones(64)
    truth = _cheapest(columns, syndrome, cost, 3)
    heavy = _heavy(columns, baseline)
    assert float(cost[heavy].sum()) > truth + 1  # the chain has work to do
    words = pack(columns)
    found, pixels, cut = relink.chain(
        words, d, cost, pack(syndrome[None, :])[0], _everywhere(64, [heavy]), seed=seed,
        index=0, seconds=0.0, work=200, deadline=time.perf_counter() + 60, stop_at=0.0,
    )
    _check(columns, syndrome, pixels)
    assert not cut
    assert found == pytest.approx(float(cost[pixels].sum()))
    assert found == pytest.approx(truth)


@pytest.mark.parametrize("weighted", [False, True])
def test_chains_never_worse_than_the_stern_walk_alone(weighted: bool) -> None:
    columns, syndrome, baseline = _instance(11, 160, 70, planted=18)
    rng = np.random.default_rng(11)
    cost = rng.random(160) + 0.1 if weighted else None
    other = _prange(columns[::-1], syndrome)
    starts = [baseline, 159 - other]
    for work in (1, 5, 40):
        alone = decode(columns, syndrome, cost, baseline, seed=2, work=work)
        both = decode(columns, syndrome, cost, baseline, seed=2, work=work,
                      focus=_focus(160, starts))
        _check(columns, syndrome, both.errors)
        assert both.cost <= alone.cost + 1e-9
        assert both.cost <= min(float((np.ones(160) if cost is None else cost)[s].sum())
                                for s in starts) + 1e-9
        if both.cost == alone.cost:  # ties keep the Stern walk's answer
            assert np.array_equal(both.errors, alone.errors)


def test_chains_repeat_whatever_the_clock() -> None:
    columns, syndrome, baseline = _instance(5, 200, 72, planted=12)
    focus = _focus(200, [baseline])
    runs = [decode(columns, syndrome, None, baseline, seed=9, work=40, seconds=s, focus=focus)
            for s in (1e4, 1e4, 1e6)]
    for r in runs:
        assert not r.cut_short and r.method == "stern + relink"
        assert np.array_equal(np.sort(r.errors), np.sort(runs[0].errors))


def test_a_start_that_is_not_a_solution_is_refused() -> None:
    columns, syndrome, baseline = _instance(3, 100, 40, planted=8)
    wrong = np.setdiff1d(baseline, baseline[:1])
    with pytest.raises(ValueError, match="XOR"):
        decode(columns, syndrome, None, baseline, work=5, focus=_focus(100, [wrong]))


@pytest.mark.parametrize("side", [39, 47])
def test_edge_chains_start_from_solutions_near_the_edges(side: int) -> None:
    rng = np.random.default_rng(side)
    change = (rng.random((side, side)) < 0.5).astype(np.uint8)
    alg = classic_algebra(side, side)
    cells = np.arange(side * side, dtype=np.intp)
    columns, syndrome = alg.columns(), alg.syndrome(change)
    focus = edge_focus(change, cells, band=4)
    assert len(focus) == 1 and len(focus[0].starts) == 4
    rows, cols = np.divmod(cells, side)
    near = (np.minimum(rows, side - 1 - rows) < 4) | (np.minimum(cols, side - 1 - cols) < 4)
    assert np.array_equal(np.sort(focus[0].pixels), np.flatnonzero(near))
    for start in focus[0].starts:
        _check(columns, syndrome, start)  # every chase leaves a solution
    # The chases' errors lie on the edge they were pushed to (bottom, top, right, left).
    edges = [rows == side - 1, rows == 0, cols == side - 1, cols == 0]
    for start, edge in zip(focus[0].starts, edges, strict=True):
        assert edge[start].all()
    # A decoder offered only some cells keeps only the starts it can express: without the top
    # row, the chase upwards (and the sideways chases, which leave errors in row 0) drop out.
    partial = edge_focus(change, cells[cells >= side], band=4)
    kept = [s for s, e in zip(focus[0].starts, edges, strict=True) if not (e & (rows == 0))[s].any()]
    assert len(partial) == 1 and len(partial[0].starts) == len(kept) >= 1
    assert edge_focus(change, cells[cells >= side * side], band=4) == ()


@pytest.mark.parametrize("side", [39, 47])
def test_the_edge_chain_decodes_a_board_from_its_four_chases(side: int) -> None:
    # The one chain on all four edge bands: its answer is a solution (re-checked against the
    # quiet-pattern columns), never heavier than any chase it starts from, and the same for
    # the same seed and work whatever the clock allows.
    rng = np.random.default_rng(side + 1)
    change = (rng.random((side, side)) < 0.5).astype(np.uint8)
    alg = classic_algebra(side, side)
    cells = np.arange(side * side, dtype=np.intp)
    columns, syndrome = alg.columns(), alg.syndrome(change)
    focus = edge_focus(change, cells, band=4)
    starts = focus[0].starts
    runs = [decode(columns, syndrome, None, starts[0], seed=3, work=30, seconds=s, focus=focus)
            for s in (1e4, 1e6)]
    for run in runs:
        _check(columns, syndrome, run.errors)
        assert not run.cut_short and run.method.startswith("stern + relink")
        assert run.errors.size <= min(start.size for start in starts)
        assert np.array_equal(np.sort(run.errors), np.sort(runs[0].errors))


def test_closest_board_weighted_with_edge_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(closest, "EDGE_CHAINS_NULLITY", 20)  # 39x39 has nullity 32
    monkeypatch.setattr(closest, "EDGE_CHAINS_SECONDS", 0.1)
    rng = np.random.default_rng(4)
    target = (rng.random((39, 39)) < 0.5).astype(np.uint8)
    cost = rng.random((39, 39)) + 0.5
    fit = closest_board(target, cost, seed=1, seconds=1.0)
    assert "relink" in fit.method
    assert fit.wrong_cost == pytest.approx(float(cost[fit.wrong == 1].sum()))
    assert np.array_equal(fit.board, target ^ fit.wrong)
    again = closest_board(target, cost, seed=1, seconds=1.0)
    if not (fit.cut_short or again.cut_short):
        assert np.array_equal(again.wrong, fit.wrong)
