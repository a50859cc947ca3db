from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._core.board import from_state
from lightsart._core.gf2 import chase, classic_algebra, classic_nullity
from lightsart._errors import LightsartError
from lightsart._rules import press


def golden_case(brute_force: list[dict[str, Any]], size: tuple[int, int]) -> dict[str, Any]:
    return next(c for c in brute_force if (c["m"], c["n"]) == size)


def test_nullity_matches_brute_force(brute_force: list[dict[str, Any]], golden_size) -> None:
    case = golden_case(brute_force, golden_size)
    assert classic_nullity(*golden_size) == case["nullity"]
    assert classic_algebra(*golden_size).nullity == case["nullity"]


@pytest.mark.parametrize(
    ("side", "expected"),
    [(4, 4), (5, 2), (19, 16), (64, 28), (100, 0), (128, 56)],
)
def test_known_nullities_of_square_boards(side: int, expected: int) -> None:
    assert classic_nullity(side, side) == expected


def test_reachability_matches_brute_force(brute_force: list[dict[str, Any]], golden_size) -> None:
    m, n = golden_size
    case = golden_case(brute_force, golden_size)
    reachable = {int(s) for s in case["fewest_clicks"]}
    alg = classic_algebra(m, n)
    for state in range(1 << (m * n)):
        board = from_state(state, m, n)
        x = alg.solve(board ^ 1)
        assert (state in reachable) == alg.is_solvable(board ^ 1) == (x is not None)
        if x is not None:
            assert np.array_equal(press(x), board ^ 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**32 - 1))
def test_solve_random_reachable_boards(m: int, n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 2, (m, n), dtype=np.uint8)
    change = press(x)
    alg = classic_algebra(m, n)
    assert not alg.syndrome(change).any()
    y = alg.solve(change)
    assert y is not None and np.array_equal(press(y), change)
    # x ^ y is quiet: it must lie in the span of the quiet patterns, whose syndrome test sees it.
    assert not press(x ^ y).any()


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40))
def test_quiet_patterns_are_quiet_and_independent(m: int, n: int) -> None:
    alg = classic_algebra(m, n)
    q = alg.quiet_patterns
    assert q.shape == (alg.nullity, m, n)
    for pattern in q:
        assert not press(pattern).any()
    # Independence: rank over GF(2) of the flattened patterns equals the nullity.
    rows = [int("".join(map(str, p.ravel())), 2) for p in q]
    basis: list[int] = []
    for r in rows:
        for b in basis:
            r = min(r, r ^ b)
        if r:
            basis.append(r)
    assert len(basis) == alg.nullity


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.integers(0, 2**32 - 1))
def test_unreachable_changes_have_nonzero_syndrome(m: int, n: int, seed: int) -> None:
    alg = classic_algebra(m, n)
    rng = np.random.default_rng(seed)
    change = rng.integers(0, 2, (m, n), dtype=np.uint8)
    x = alg.solve(change)
    assert (x is None) == bool(alg.syndrome(change).any())


@given(st.integers(1, 25), st.integers(1, 25), st.integers(0, 2**32 - 1))
def test_chase_pushes_everything_into_the_bottom_row(m: int, n: int, seed: int) -> None:
    change = np.random.default_rng(seed).integers(0, 2, (m, n), dtype=np.uint8)
    clicks, leftover = chase(change)
    assert np.array_equal(leftover, change ^ press(clicks))
    assert not leftover[:-1].any()


def test_large_board_is_solved() -> None:
    rng = np.random.default_rng(7)
    x = rng.integers(0, 2, (300, 257), dtype=np.uint8)
    y = classic_algebra(300, 257).solve(press(x))
    assert y is not None and np.array_equal(press(y), press(x))


@pytest.mark.parametrize("size", [(0, 3), (3, 0), (-1, 2)])
def test_impossible_sizes_are_refused(size: tuple[int, int]) -> None:
    with pytest.raises(LightsartError):
        classic_nullity(*size)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 24), st.integers(1, 24), st.integers(0, 2**32 - 1))
def test_check_columns_are_the_checks_of_one_cell_changes(m: int, n: int, seed: int) -> None:
    """Every cell's chased check column equals the checks of changing that cell alone, and the
    checks see exactly the unsolvable changes (the quiet-pattern syndrome is the reference)."""
    from lightsart._core.packed import unpack

    alg = classic_algebra(m, n)
    d = alg.nullity
    cells, packed_columns = alg.check_rows(np.arange(alg.h))
    assert sorted(cells.tolist()) == list(range(m * n))
    columns = unpack(packed_columns, d) if d else np.zeros((m * n, 0), np.uint8)
    for cell, column in zip(cells, columns, strict=True):
        one = np.zeros(m * n, dtype=np.uint8)
        one[cell] = 1
        assert np.array_equal(alg.checks(one.reshape(m, n)), column)
    rng = np.random.default_rng(seed)
    for _ in range(10):
        change = rng.integers(0, 2, (m, n), dtype=np.uint8)
        assert alg.checks(change).any() == alg.syndrome(change).any()
        assert alg.is_solvable(change) == (alg.solve(change) is not None)
    # A subset of rows gives the same columns as the whole.
    some, some_columns = alg.check_rows(np.array([alg.h - 1, 0]))
    index = {int(c): i for i, c in enumerate(cells)}
    assert np.array_equal(packed_columns[[index[int(c)] for c in some]], some_columns)


def test_large_boards_keep_no_dense_quiet_patterns() -> None:
    """4096 x 4096 has nullity 2072: the algebra holds w x w bits, and refuses the dense basis."""
    alg = classic_algebra(4096, 4096)
    assert alg.nullity == classic_nullity(4096, 4096) == 2072
    with pytest.raises(LightsartError, match="quiet patterns"):
        _ = alg.quiet_patterns
    one = alg.quiet_block([7])
    assert one.shape == (1, 4096, 4096) and one.any() and not press(one[0]).any()
