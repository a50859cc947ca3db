"""Play mode's step: every board is the old board plus the presses, never looks worse, keeps the budget.

Checked against independent methods: the brute-force press matrix (tests/brute.py), the project's
own press function, and an eye-filtered error computed here by a full 2-D convolution.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from brute import press_matrix

from lightsart._choices import Topology
from lightsart._core.algebra import reached
from lightsart._errors import LightsartError
from lightsart._rules import Rules, parse_pattern
from lightsart._video import play
from lightsart._video.play import SETTLE, _min_window, eye_error, play_step

RULES = {
    "classic": Rules(6, 7),
    "torus": Rules(5, 6, topology="torus"),
    "cylinder x": Rules(6, 5, parse_pattern("x"), "cylinder"),
    "sigma": Rules(6, 6, parse_pattern("sigma")),
    "lopsided": Rules(5, 7, parse_pattern("011/010/000/000/100")),
    "3 states": Rules(5, 6, states=3),
    "4 states torus": Rules(5, 5, topology="torus", states=4),
    "narrow torus square": Rules(2, 5, parse_pattern("square"), "torus", states=3),
}


def independent_error(board: np.ndarray, target: np.ndarray, states: int, sigma: float = 0.8) -> float:
    """``|| g * (board/(k-1) - target) ||²`` over the board and the margin the blur reaches."""
    radius = max(1, int(np.ceil(2.5 * sigma)))
    x = np.arange(-radius, radius + 1)
    g = np.exp(-(x[:, None] ** 2 + x[None, :] ** 2) / (2 * sigma * sigma))
    g /= g.sum()
    e = board / (states - 1) - target
    m, n = e.shape
    out = np.zeros((m + 2 * radius, n + 2 * radius))
    for (i, j), w in np.ndenumerate(g):
        out[i:i + m, j:j + n] += w * e
    return float((out**2).sum())


def brute_board(board: np.ndarray, presses: np.ndarray, rules: Rules) -> np.ndarray:
    return ((board.ravel() + press_matrix(rules) @ presses.ravel()) % rules.states).reshape(rules.shape)


def frame(rules: Rules, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    board = rng.integers(0, rules.states, rules.shape).astype(np.uint8)
    m, n = rules.shape
    yy, xx = np.mgrid[0:m, 0:n]
    target = np.clip(0.5 + 0.45 * np.sin(xx / 2.0 + seed) * np.cos(yy / 3.0) + 0.1 * rng.random((m, n)), 0, 1)
    return board, target


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("clicks", [0, 1, 3, 12, 1000])
@pytest.mark.parametrize("settle", [0.0, SETTLE])
def test_step_is_legal_keeps_budget_and_never_looks_worse(name: str, clicks: int, settle: float) -> None:
    rules = RULES[name]
    for seed in range(3):
        board, target = frame(rules, seed)
        step = play_step(board, target, rules, max_clicks=clicks, settle=settle)
        assert step.board.shape == rules.shape and step.board.dtype == np.uint8
        assert step.presses.min() >= 0 and step.presses.max() < rules.states
        assert step.clicks == int(step.presses.sum()) <= clicks
        assert np.array_equal(step.board, reached(board, step.presses, rules))
        assert np.array_equal(step.board, brute_board(board, step.presses, rules))
        before = independent_error(board, target, rules.states)
        after = independent_error(step.board, target, rules.states)
        assert after <= before + 1e-9
        assert eye_error(step.board, target, rules.states) == pytest.approx(after, rel=1e-9, abs=1e-12)
        if clicks == 0:
            assert np.array_equal(step.board, board)


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("settle", [0.0, 0.05, 0.2])
def test_one_click_is_the_best_single_press(name: str, settle: float) -> None:
    """With a budget of one press the step takes the single press that lowers the error most
    (found here by trying every cell) if it lowers it by more than ``settle``, else none: the
    gains are exact."""
    rules = RULES[name]
    for seed in range(4):
        board, target = frame(rules, seed)
        before = independent_error(board, target, rules.states)
        tries = [independent_error(brute_board(board, one, rules), target, rules.states)
                 for one in np.eye(rules.cells, dtype=np.int64)]
        step = play_step(board, target, rules, max_clicks=1, settle=settle)
        after = independent_error(step.board, target, rules.states)
        best = min(tries)
        assert abs(best - (before - settle)) > 1e-9  # not a tie on the threshold
        if best < before - settle:
            assert step.clicks == 1
            assert after == pytest.approx(best, rel=1e-9)
        else:
            assert step.clicks == 0


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("tables", [True, False])
def test_every_move_gain_is_the_change_in_error(name: str, tables: bool, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """The gain the search reads for each move (one press or two neighbouring presses, each
    1..k-1 times) at each anchor is the change of the independently computed error, whether
    ``<u, K u>`` is looked up in a table or summed."""
    if not tables:
        monkeypatch.setattr(play, "_TABLE_CODES", 0)
    play._geometry.cache_clear()
    rules = RULES[name]
    board, target = frame(rules, 5)
    geo = play._geometry(rules, 0.8, True)
    state = play._measure(board, np.zeros(rules.shape, np.int64), target, rules.states, geo.kernel)
    near = play._around(state, rules, geo.pad, True)
    before = independent_error(board, target, rules.states)
    for move in geo.moves:
        for times in range(1, rules.states):
            gains = play._gains(move, near, rules.states, times, slice(None))
            if move.offsets:  # the sums over shifted copies of the board give the same gains
                shifted = play._shifted_pair_gains(move, near, rules.states, times, rules.shape)
                assert np.allclose(shifted, gains, atol=1e-12)
            if move.offsets and move.table.size:
                shifted = play._shifted_table_gains(move, near, rules.states, times, rules.shape)
                assert np.allclose(shifted, gains, atol=1e-12)
            assert tables or not move.table.size
            for c in np.flatnonzero(move.usable):
                x = np.zeros(rules.cells + 1, dtype=np.int64)
                x[move.press_at[:, c]] += times
                moved = brute_board(board, x[:-1].reshape(rules.shape) % rules.states, rules)
                change = independent_error(moved, target, rules.states) - before
                assert gains[c] == pytest.approx(change, abs=1e-9)
    play._geometry.cache_clear()  # no geometry without tables outlives this test


@pytest.mark.parametrize("name", [*RULES, "wide"])
@pytest.mark.parametrize("pairs", [False, True])
def test_a_round_lowers_the_error_by_the_sum_of_its_gains(name: str, pairs: bool) -> None:
    """The moves of one round do not interact: the error falls by exactly the sum of their gains,
    measured independently, and the presses applied are the moves chosen."""
    rules = RULES.get(name, Rules(20, 31, parse_pattern("x"), "cylinder"))
    for seed in range(3):
        board, target = frame(rules, seed)
        geo = play._geometry(rules, 0.8, pairs)
        state = play._measure(board, np.zeros(rules.shape, np.int64), target, rules.states, geo.kernel)
        play._best_moves(state, geo, 1000, 0.0, None)
        chosen, _ = play._independent(state.key, np.isfinite(state.key), geo, rules)
        after = play._round(state, geo, target, 1000, 0.0)
        assert after is not None
        gains = state.key[chosen] * np.maximum(state.cost[chosen], 1)
        before = independent_error(board, target, rules.states)
        moved = brute_board(board, (after.presses - state.presses) % rules.states, rules)
        assert independent_error(moved, target, rules.states) - before == pytest.approx(gains.sum(), abs=1e-9)
        assert int(np.abs(after.presses).sum()) == int(state.cost[chosen].sum())


def test_many_clicks_reach_a_local_optimum() -> None:
    """With no budget limit no single press (one to k-1 times) improves the result any more."""
    rules = Rules(6, 6, topology="torus", states=3)
    board, target = frame(rules, 7)
    step = play_step(board, target, rules, max_clicks=10_000, settle=0.0)
    final = independent_error(step.board, target, rules.states)
    for c, times in itertools.product(range(rules.cells), range(1, rules.states)):
        one = np.zeros(rules.cells, dtype=np.int64)
        one[c] = times
        moved = brute_board(step.board, one.reshape(rules.shape), rules)
        assert independent_error(moved, target, rules.states) >= final - 1e-9


def test_the_board_chases_a_moving_picture() -> None:
    """A bar moving across the board: each frame the board ends nearer the frame than it started."""
    rules = Rules(12, 16)
    board = np.ones(rules.shape, np.uint8)
    gains = []
    for t in range(8):
        target = np.zeros(rules.shape)
        target[:, t:t + 5] = 1.0
        step = play_step(board, target, rules, max_clicks=20)
        gains.append(eye_error(board, target) - eye_error(step.board, target))
        board = step.board
    assert min(gains) > 0


@pytest.mark.parametrize(("board", "target", "clicks"), [
    (np.ones((4, 5), np.uint8), np.ones((5, 4)), 3),
    (np.full((5, 4), 2, np.uint8), np.ones((5, 4)), 3),
    (np.ones((5, 4), np.uint8), np.ones((5, 4)), -1),
    (np.full((5, 4), 0.5), np.ones((5, 4)), 3),
    (np.ones((5, 4), np.uint8), np.full((5, 4), np.nan), 3),
])
def test_bad_input_is_one_clear_error(board: np.ndarray, target: np.ndarray, clicks: int) -> None:
    with pytest.raises(LightsartError):
        play_step(board, target, Rules(5, 4), max_clicks=clicks)


@pytest.mark.parametrize("settle", [0.0, 0.05, 0.5])
def test_settle_leaves_small_gains_alone(settle: float) -> None:
    """After a step no single press lowers the error by more than ``settle`` (the budget allowing):
    a larger ``settle`` keeps more of the old board."""
    rules = Rules(7, 8)
    board, target = frame(rules, 3)
    step = play_step(board, target, rules, max_clicks=10_000, settle=settle)
    final = independent_error(step.board, target, rules.states)
    for one in np.eye(rules.cells, dtype=np.int64):
        moved = brute_board(step.board, one.reshape(rules.shape), rules)
        assert independent_error(moved, target, rules.states) >= final - settle - 1e-9


def test_window_minimum_matches_brute_force() -> None:
    """The least value within reach, wrapped on wrapped axes, against a direct search."""
    rng = np.random.default_rng(1)
    for shape, reach, wraps in itertools.product([(7, 9), (3, 20)], [(1, 1), (3, 5), (8, 8), (0, 2)],
                                                 [(False, False), (True, False), (True, True)]):
        a = rng.random(shape)
        m, n = shape
        for i, j in itertools.product(range(m), range(n)):
            rows = {(i + d) % m if wraps[0] else i + d for d in range(-reach[0], reach[0] + 1)}
            cols = {(j + d) % n if wraps[1] else j + d for d in range(-reach[1], reach[1] + 1)}
            window = a[np.ix_(sorted(r for r in rows if 0 <= r < m), sorted(c for c in cols if 0 <= c < n))]
            assert _min_window(a, reach, wraps)[i, j] == window.min()


@pytest.mark.parametrize("topology", ["plane", "torus", "cylinder"])
@pytest.mark.parametrize("shape", [(20, 31), (7, 9)])
def test_few_anchors_pick_as_the_windows_do(topology: Topology, shape: tuple[int, int],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds with few anchors compare them pairwise: the same picks and the same cells near
    them as the minima over windows of the whole board."""
    rules = Rules(*shape, topology=topology)
    geo = play._geometry(rules, 0.8, True)
    rng = np.random.default_rng(len(topology) + shape[0])
    for density in (0.01, 0.05, 0.3):
        finite = rng.random(rules.cells) < density
        finite[rng.integers(rules.cells)] = True
        key = np.where(finite, -rng.random(rules.cells), np.inf)
        key[finite & (rng.random(rules.cells) < 0.2)] = -0.5  # ties, broken by the jitter
        monkeypatch.setattr(play, "_FEW", rules.cells)
        few = play._independent(key, finite, geo, rules)
        monkeypatch.setattr(play, "_FEW", -1)
        windows = play._independent(key, finite, geo, rules)
        assert np.array_equal(few[0], windows[0]) and np.array_equal(few[1], windows[1])


@pytest.mark.parametrize("topology", ["plane", "torus", "cylinder"])
def test_near_is_the_windows_least(topology: Topology) -> None:
    """The cells near flagged ones, as booleans, are where the least over each window of 0 at
    the flags and 1 elsewhere is 0 (wrapped windows wider than the board included)."""
    rng = np.random.default_rng(5)
    for shape in [(1, 1), (5, 7), (20, 31), (3, 40)]:
        rules = Rules(*shape, topology=topology)
        for reach in [(0, 0), (2, 3), (8, 8), (30, 1)]:
            flags = rng.random(shape) < 0.05
            windows = play._min_window(np.where(flags, 0.0, 1.0), reach, rules.wraps) == 0
            assert np.array_equal(play._near(flags, reach, rules), windows)
            by_hand = np.zeros(shape, dtype=bool)
            for r, c in zip(*np.nonzero(flags), strict=True):
                dr = np.abs(np.arange(shape[0]) - r)
                dc = np.abs(np.arange(shape[1]) - c)
                if rules.wraps[0]:
                    dr = np.minimum(dr, shape[0] - dr)
                if rules.wraps[1]:
                    dc = np.minimum(dc, shape[1] - dc)
                by_hand |= (dr[:, None] <= reach[0]) & (dc[None, :] <= reach[1])
            assert np.array_equal(play._near(flags, reach, rules), by_hand)
