from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._core.board import board_from_clicks, from_state, to_state
from lightsart._core.decode import decode
from lightsart._core.gf2 import chase, classic_algebra
from lightsart._core.optimize import closest_board, fewest_clicks, transition
from lightsart._rules import press


def golden_case(brute_force: list[dict[str, Any]], size: tuple[int, int]) -> dict[str, Any]:
    return next(c for c in brute_force if (c["m"], c["n"]) == size)


def test_fewest_clicks_matches_brute_force(brute_force: list[dict[str, Any]], golden_size) -> None:
    m, n = golden_size
    case = golden_case(brute_force, golden_size)
    alg = classic_algebra(m, n)
    for state, fewest in list(case["fewest_clicks"].items())[:300]:
        board = from_state(int(state), m, n)
        x = alg.solve(board ^ 1)
        assert x is not None
        best = fewest_clicks(x)
        assert best.proven
        assert best.count == fewest
        assert np.array_equal(board_from_clicks(best.clicks), board)


def test_closest_board_matches_brute_force(brute_force: list[dict[str, Any]], golden_size) -> None:
    m, n = golden_size
    case = golden_case(brute_force, golden_size)
    for target in case["targets"]:
        fit = closest_board(from_state(target["state"], m, n))
        assert fit.wrong_pixels == target["fewest_wrong"]
        assert fit.wrong_pixels_proven_minimal
        assert fit.wrong_pixels_lower_bound == target["fewest_wrong"]
        assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
        assert np.array_equal(fit.wrong, fit.board ^ fit.target)
        assert fit.clicks_count == case["fewest_clicks"][str(to_state(fit.board))]


def all_reachable(m: int, n: int) -> np.ndarray:
    cells = m * n
    boards = []
    for bits in itertools.product((0, 1), repeat=cells):
        boards.append(board_from_clicks(np.array(bits, np.uint8).reshape(m, n)))
    return np.unique(np.array(boards), axis=0)


@pytest.mark.parametrize("size", [(2, 3), (3, 3), (4, 4), (3, 5), (2, 5)])
def test_weighted_closest_board_matches_brute_force(size: tuple[int, int]) -> None:
    reachable = all_reachable(*size)
    rng = np.random.default_rng(sum(size))
    for _ in range(15):
        target = rng.integers(0, 2, size, dtype=np.uint8)
        cost = rng.random(size) + 0.05
        fit = closest_board(target, cost)
        best = ((reachable != target) * cost).sum(axis=(1, 2)).min()
        assert fit.wrong_cost == pytest.approx(best)
        assert fit.wrong_pixels_proven_minimal
        assert fit.wrong_cost == pytest.approx(float((fit.wrong * cost).sum()))


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**32 - 1))
def test_closest_board_is_reachable_and_honest(m: int, n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    target = (rng.random((m, n)) < rng.random()).astype(np.uint8)
    fit = closest_board(target, seconds=0.3)
    assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
    assert fit.wrong_pixels == int((fit.board != target).sum())
    assert fit.wrong_pixels_lower_bound <= fit.wrong_pixels
    # Never worse than Bosch's light chasing along the longer side (errors in its last row).
    assert fit.wrong_pixels <= classic_algebra(m, n).excess(target ^ 1).sum() <= min(m, n)
    assert fit.wrong_pixels <= fit.nullity
    if fit.nullity == 0:
        assert fit.wrong_pixels == 0 and fit.clicks_proven_minimal


def test_large_nullity_is_best_effort_and_marked_so() -> None:
    rng = np.random.default_rng(3)
    target = rng.integers(0, 2, (128, 128), dtype=np.uint8)
    fit = closest_board(target, seconds=0.5)
    assert fit.nullity == 56
    assert not fit.clicks_proven_minimal  # d = 56 > 24: no proof for clicks
    _, leftover = chase(target ^ 1)
    assert 0 < fit.wrong_pixels <= leftover.sum()
    assert fit.wrong_pixels_proven_minimal == (fit.wrong_pixels <= fit.wrong_pixels_lower_bound)
    assert np.array_equal(board_from_clicks(fit.clicks), fit.board)


def test_local_search_never_increases_clicks() -> None:
    rng = np.random.default_rng(5)
    alg = classic_algebra(64, 64)
    x = rng.integers(0, 2, (64, 64), dtype=np.uint8)
    best = fewest_clicks(x, seconds=0.5)
    assert not best.proven and best.nullity == 28
    assert best.count <= x.sum()
    assert np.array_equal(press(best.clicks), press(x))
    del alg


def test_transition_is_minimal_and_connects_the_two_fits() -> None:
    rng = np.random.default_rng(11)
    a = closest_board(rng.integers(0, 2, (5, 5), dtype=np.uint8))
    b = closest_board(rng.integers(0, 2, (5, 5), dtype=np.uint8))
    step = transition(a, b)
    assert np.array_equal(a.board ^ press(step.clicks), b.board)
    # brute force over the 4 members of the coset (5x5 has nullity 2)
    q = classic_algebra(5, 5).quiet_patterns
    members = [a.clicks ^ b.clicks ^ (i & 1) * q[0] ^ (i >> 1) * q[1] for i in range(4)]
    assert step.count == min(int(x.sum()) for x in members)
    assert transition(a.board, b.board).count == step.count


def test_decode_with_unit_costs_finds_a_single_column() -> None:
    columns = np.array([[1, 0], [0, 1], [1, 1]], np.uint8)
    result = decode(columns, np.array([1, 1], np.uint8))
    assert result.proven and result.cost == 1 and list(result.errors) == [2]


@pytest.mark.parametrize(("m", "n"), [(64, 64), (39, 47), (47, 39)])
def test_large_boards_decode_over_a_spread_sample_of_cells(
    m: int, n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the column caps shrunk, a fit decodes over the bottom chased row plus a lattice of
    cells up the board: still reachable, re-applied, never worse than the chase, and its wrong
    pixels only where cells were offered; the checks agree with the quiet-pattern syndrome."""
    import lightsart._core.closest as closest
    from lightsart._core.packed import unpack

    alg = classic_algebra(m, n)
    monkeypatch.setattr(closest, "ELIMINATION_WORDS", (3 * alg.w * alg.nullity**2) // 64)
    monkeypatch.setattr(closest, "SAMPLE_ROWS", 6)
    cells, packed_columns, _ = closest._check_columns(alg)
    columns = unpack(packed_columns, alg.nullity)
    assert alg.w < cells.size < m * n
    for cell, column in zip(cells[::97], columns[::97], strict=True):
        one = np.zeros(m * n, dtype=np.uint8)
        one[cell] = 1
        assert np.array_equal(alg.checks(one.reshape(m, n)), column)
    rng = np.random.default_rng(m * n)
    target = (rng.random((m, n)) < 0.4).astype(np.uint8)
    fit = closest_board(target, seconds=0.5)
    assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
    assert np.isin(np.flatnonzero(fit.wrong), cells).all()
    assert 0 < fit.wrong_pixels <= alg.excess(target ^ 1).sum()
    assert not alg.syndrome(fit.board ^ 1).any()


def test_transition_budget_reaches_the_clicks_search() -> None:
    """A transition's seconds plan the clicks search: no budget, no rounds, nothing cut."""
    rng = np.random.default_rng(2)
    x = rng.integers(0, 2, (128, 128), dtype=np.uint8)  # nullity 56: the block search
    lit = np.ones((128, 128), np.uint8)
    none = transition(press(x) ^ 1, lit, seconds=0.0)
    some = transition(press(x) ^ 1, lit, seconds=0.5)
    for step in (none, some):
        assert np.array_equal(press(step.clicks), press(x))
    assert some.count < none.count and not none.cut_short
    # Nullity 28 goes to the split branch and bound: no budget plans one leaf, which is done
    # (so nothing was cut and the answer repeats) but proves nothing; a few seconds prove it.
    small = transition(press(x[:64, :64]) ^ 1, lit[:64, :64], seconds=0.0)
    again = transition(press(x[:64, :64]) ^ 1, lit[:64, :64], seconds=0.0)
    assert not small.proven and not small.cut_short
    assert np.array_equal(small.clicks, again.clicks)
    full = transition(press(x[:64, :64]) ^ 1, lit[:64, :64], seconds=30.0)
    assert full.proven and full.count <= small.count


def test_the_smallest_sample_is_the_bottom_chased_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for one row only, the decoder is offered exactly the row Bosch's chase leaves its
    errors in, so the baseline is a solution and the fit is reachable."""
    import lightsart._core.closest as closest

    alg = classic_algebra(47, 39)  # tall: chased down the 47 rows, 39 wide
    monkeypatch.setattr(closest, "ELIMINATION_WORDS", 1)
    cells, _, _ = closest._check_columns(alg)
    assert sorted(cells.tolist()) == list(range(46 * 39, 47 * 39))
    rng = np.random.default_rng(4)
    target = rng.integers(0, 2, (47, 39), dtype=np.uint8)
    fit = closest_board(target, seconds=0.2)
    assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
    assert 0 < fit.wrong_pixels <= alg.excess(target ^ 1).sum()
