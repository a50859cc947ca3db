"""The pair-table lower bound against brute force over all subsets of up to four columns."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numpy.typing import NDArray

from lightsart._core.bound import lower_bound
from lightsart._core.decode import decode


def _brute(columns: NDArray[np.uint8], syndrome: NDArray[np.uint8], top: int) -> int:
    """Fewest distinct columns XOR-ing to ``syndrome``, or ``top + 1`` if more than ``top``."""
    keys = {np.packbits(c).tobytes(): i for i, c in enumerate(columns)}
    target = np.packbits(syndrome).tobytes()
    if target in keys:
        return 1
    for w in range(2, top + 1):
        # Choose w - 1 columns and look the last one up.
        for comb in itertools.combinations(range(columns.shape[0]), w - 1):
            rest = np.bitwise_xor.reduce(columns[list(comb)], axis=0) ^ syndrome
            hit = keys.get(np.packbits(rest).tobytes())
            if hit is not None and hit > comb[-1]:
                return w
    return top + 1


def _instance(
    rng: np.random.Generator, count: int, d: int, planted: int
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    columns = (rng.random((count, d)) < 0.5).astype(np.uint8)
    columns[rng.integers(0, count, 3)] = columns[0]  # repeated columns
    columns[1] = 0  # a pixel that never helps
    if planted:
        syndrome = np.bitwise_xor.reduce(columns[rng.choice(count, planted, replace=False)], axis=0)
    else:
        syndrome = (rng.random(d) < 0.5).astype(np.uint8)
    if not syndrome.any():
        syndrome[0] = 1
    return columns, syndrome


def _solves(columns: NDArray[np.uint8], syndrome: NDArray[np.uint8], rows: NDArray[np.intp]) -> bool:
    return len(set(rows.tolist())) == rows.size and not (
        np.bitwise_xor.reduce(columns[rows], axis=0) ^ syndrome
    ).any()


@pytest.mark.parametrize("memory", [1 << 30, 256])  # one table, and many bucket passes
@pytest.mark.parametrize("planted", [0, 1, 2, 3, 4])
def test_bound_matches_brute_force(planted: int, memory: int) -> None:
    rng = np.random.default_rng(100 + planted)
    for _ in range(6):
        d = int(rng.integers(12, 26))
        columns, syndrome = _instance(rng, 40, d, planted)
        truth = _brute(columns, syndrome, 4)
        got = lower_bound(columns, syndrome, memory_bytes=memory)
        assert got.bound == truth
        if truth <= 4:
            assert got.solution is not None and got.solution.size == truth
            assert _solves(columns, syndrome, got.solution)
        else:  # the weight-5 hunt may find one, never a lighter one
            assert got.checked_weight == 4
            assert got.solution is None or (
                got.solution.size == 5 and _solves(columns, syndrome, got.solution)
            )


@pytest.mark.parametrize("planted", [1, 2, 3])
def test_bound_up_to_three_on_hundreds_of_columns(planted: int) -> None:
    rng = np.random.default_rng(7 + planted)
    d = int(rng.integers(24, 41))
    columns, syndrome = _instance(rng, 300, d, planted)
    truth = _brute(columns, syndrome, 3)
    got = lower_bound(columns, syndrome, max_weight=3)
    assert got.bound == truth
    assert got.solution is not None and _solves(columns, syndrome, got.solution)


def test_no_light_solution_on_hundreds_of_columns() -> None:
    rng = np.random.default_rng(3)
    columns, syndrome = _instance(rng, 300, 40, 0)
    assert _brute(columns, syndrome, 3) == 4
    got = lower_bound(columns, syndrome)
    # 300 random columns in 40 bits: ~ 2**32 / 2**40 weight-4 collisions expected, so none.
    assert got.bound == 5 and got.solution is None


def test_hunt_finds_a_planted_five() -> None:
    rng = np.random.default_rng(11)
    columns, syndrome = _instance(rng, 120, 36, 5)
    assert lower_bound(columns, syndrome, max_weight=3).bound == 4  # (a lighter one is unlikely)
    got = lower_bound(columns, syndrome, hunt=True, seed=0)
    assert got.bound == 5 and got.checked_weight == 4
    assert got.solution is not None  # 35 of ~117 columns are hunted: this instance is found
    assert got.solution.size == 5 and _solves(columns, syndrome, got.solution)
    assert lower_bound(columns, syndrome, hunt=False).solution is None
    again = lower_bound(columns, syndrome, seed=5, hunts=3)  # later tables, other columns
    assert again.bound == 5
    assert again.solution is None or _solves(columns, syndrome, again.solution)


def test_caps_and_limits() -> None:
    rng = np.random.default_rng(5)
    columns, syndrome = _instance(rng, 50, 30, 0)
    assert lower_bound(columns, syndrome, max_pairs=10).bound == 3
    assert lower_bound(columns, syndrome, max_weight=1).bound == 2
    assert lower_bound(columns, np.zeros(30, np.uint8)).bound == 0
    with pytest.raises(ValueError):
        lower_bound(np.zeros((3, 70), np.uint8), np.ones(70, np.uint8))


@pytest.mark.parametrize("planted", [3, 4, 6])
def test_decode_proves_only_with_a_proof(planted: int) -> None:
    rng = np.random.default_rng(planted)
    columns, syndrome = _instance(rng, 60, 28, planted)
    truth = _brute(columns, syndrome, 4)
    # A fixed amount of search work and a generous clock, so a busy machine cannot cut the bound.
    found = decode(columns, syndrome, seed=1, seconds=60.0, work=50)
    assert not found.cut_short
    assert not (np.bitwise_xor.reduce(columns[found.errors], axis=0) ^ syndrome).any()
    assert found.cost == found.errors.size
    assert found.lower_bound <= found.cost
    if truth <= 4:
        assert found.proven and found.cost == truth
    else:
        assert found.lower_bound >= 5
        assert found.proven == (found.cost == found.lower_bound)


def test_a_passed_deadline_stops_the_passes_and_says_so() -> None:
    """Past the deadline no pair table is built: only weights 1 and 2 are ruled out, and the
    bound says it was cut; with time it proves 5 as before."""
    rng = np.random.default_rng(3)
    columns, syndrome = _instance(rng, 300, 40, 0)
    cut = lower_bound(columns, syndrome, deadline=0.0)
    assert (cut.bound, cut.solution, cut.cut_short) == (3, None, True)
    whole = lower_bound(columns, syndrome, deadline=float("inf"))
    assert (whole.bound, whole.cut_short) == (5, False)
