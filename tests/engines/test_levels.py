"""The k-state fit and the k-state puzzle, wired to the algebra: checked against brute force over
every press vector of small boards (the algebra itself is checked in tests/core/test_modk.py)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from lightsart._core.board import board_from_clicks, from_state, to_state
from lightsart._core.modk import kernel_rank
from lightsart._core.optimize import closest_board
from lightsart._puzzle.solve import solve_puzzle
from lightsart._rules import Rules, parse_pattern, press


def every_press_vector(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """All press vectors ``(N, m, n)`` and the boards they make from the all-brightest board."""
    k = rules.states
    m, n = rules.shape
    xs = np.array(list(itertools.product(range(k), repeat=m * n)), dtype=np.int64)
    boards = np.array([board_from_clicks(x.reshape(m, n), rules) for x in xs])
    return xs.reshape(-1, m, n), boards


CASES = [
    Rules(2, 3, states=4),
    Rules(3, 3, states=3),
    Rules(2, 4, parse_pattern("sigma"), "cylinder", states=3),
    Rules(2, 2, parse_pattern("square"), "torus", states=6),
]


@pytest.mark.parametrize("rules", CASES, ids=lambda r: f"{r.width}x{r.height}-{r.pattern.name}-"
                                                       f"{r.topology}-k{r.states}")
def test_k_state_fit_matches_brute_force(rules: Rules) -> None:
    k = rules.states
    xs, boards = every_press_vector(rules)
    presses = xs.reshape(len(xs), -1).sum(axis=1)
    rng = np.random.default_rng(k)
    for _ in range(6):
        target = rng.integers(0, k, size=rules.shape).astype(np.uint8)
        fit = closest_board(target, rules=rules)
        wrong = (boards != target).reshape(len(boards), -1).sum(axis=1)
        assert fit.wrong_pixels == wrong.min() == int((fit.board != target).sum())
        assert fit.wrong_pixels_proven_minimal and fit.wrong_pixels_lower_bound == wrong.min()
        # The presses re-applied make the board; none of its press vectors has fewer presses.
        assert np.array_equal(board_from_clicks(fit.clicks, rules), fit.board)
        same = (boards == fit.board).reshape(len(boards), -1).all(axis=1)
        assert fit.clicks_count == presses[same].min() and fit.clicks_proven_minimal
        assert fit.kernel_size == same.sum() and fit.states == k and fit.rules == rules


def test_kernel_rank_is_the_nullity_for_two_states() -> None:
    from lightsart._core.gf2 import classic_nullity
    from lightsart._core.modk import modk_algebra

    for m, n in ((4, 4), (5, 5), (9, 9), (6, 7), (16, 16)):
        assert kernel_rank(modk_algebra(Rules(m, n).with_states(2))) == classic_nullity(m, n)
    # 4x4 over Z/4 is Z/2 ⊕ Z/2 ⊕ Z/4 ⊕ Z/4: 4 generators.
    assert kernel_rank(modk_algebra(Rules(4, 4).with_states(4))) == 4
    # Over Z/12 the kernel is that 2-part plus (Z/3)^2: still 4 generators (2 + 3 → one Z/6).
    assert kernel_rank(modk_algebra(Rules(4, 4).with_states(3))) == 2
    assert kernel_rank(modk_algebra(Rules(4, 4).with_states(12))) == 4


@pytest.mark.parametrize("rules", [Rules(2, 2, states=3), Rules(2, 3, states=4),
                                   Rules(3, 2, parse_pattern("x"), "torus", states=3)],
                         ids=lambda r: f"{r.width}x{r.height}-{r.pattern.name}-k{r.states}")
def test_solve_levels_matches_brute_force(rules: Rules) -> None:
    k = rules.states
    xs, _ = every_press_vector(rules)
    changes = np.array([press(x, rules) for x in xs]).astype(np.int64)
    presses = xs.reshape(len(xs), -1).sum(axis=1)
    for value in range(0, k ** rules.cells, max(1, k ** rules.cells // 40)):
        board = from_state(value, rules.height, rules.width, k)
        assert to_state(board, k) == value
        for goal, level in (("off", 0), ("on", k - 1)):
            s = solve_puzzle(board, goal, rules)  # type: ignore[arg-type]
            works = ((board.astype(int) + changes) % k == level).reshape(len(xs), -1).all(axis=1)
            assert s.solvable == bool(works.any())
            if s.solvable:
                assert s.click_grid is not None and s.click_count == presses[works].min()
                assert s.proven_minimal
                assert ((board + press(s.click_grid, rules).astype(int)) % k == level).all()
                continue
            # The fewest cells to change first: the closest solvable board, by brute force.
            changed = s.changed_board
            assert changed is not None
            solvable = (level - changes) % k  # every board that can reach the goal
            need = (solvable != board).reshape(len(xs), -1).sum(axis=1).min()
            assert s.fewest_cells_to_change == need == int((changed != board).sum())
            assert solve_puzzle(changed, goal, rules).solvable  # type: ignore[arg-type]


def test_the_budget_plans_the_grey_decoder_and_repeats() -> None:
    """Beyond the exact search (64x64 over Z/4: 28 kernel generators) a larger budget plans more
    rounds and never does worse; the same budget and seed give the same board."""
    rules = Rules(64, 64, parse_pattern("plus"), "plane", 4)
    target = np.random.default_rng(8).integers(0, 4, (64, 64)).astype(np.uint8)
    short = closest_board(target, seconds=0.02, rules=rules)
    long = closest_board(target, seconds=0.5, rules=rules)
    again = closest_board(target, seconds=0.5, rules=rules)
    assert not long.wrong_pixels_proven_minimal
    assert long.wrong_pixels <= short.wrong_pixels
    if not (long.cut_short or again.cut_short):
        assert np.array_equal(long.board, again.board)
    assert np.array_equal(board_from_clicks(long.clicks, rules), long.board)
