"""The Stern decoder against brute force on small planted instances; repeatability by work."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numpy.typing import NDArray

from lightsart.core import isd
from lightsart.core.decode import decode


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
