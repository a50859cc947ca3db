"""Play mode's step: every board is the old board plus the presses, never looks worse, keeps the budget.

Checked against independent methods: the brute-force press matrix (tests/brute.py), the project's
own press function, and an eye-filtered error computed here by a full 2-D convolution.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from brute import press_matrix

from lightsart._core.algebra import reached
from lightsart._errors import LightsartError
from lightsart._rules import Rules, parse_pattern
from lightsart._video import play
from lightsart._video.play import SETTLE, eye_error, play_step

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


@pytest.mark.parametrize("name", [*RULES, "wide"])
@pytest.mark.parametrize("tables", [True, False])
@pytest.mark.parametrize("clicks", [5, 40, 1000])
def test_the_error_falls_by_the_gains_counted(name: str, tables: bool, clicks: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled step adds up each move's gain as it makes it: the independently computed
    error falls by exactly that sum, whether ``<u, K u>`` is looked up in a table or summed."""
    if not tables:
        monkeypatch.setattr(play, "_TABLE_CODES", 0)
    play._geometry.cache_clear()
    play._packed.cache_clear()
    rules = RULES.get(name, Rules(20, 31, parse_pattern("x"), "cylinder"))
    for seed in range(3):
        board, target = frame(rules, seed)
        play._LAST.clear()
        step, drop = play._compiled_step(board, target, rules, clicks, 0.8, 0.0)
        change = independent_error(step.board, target, rules.states) - independent_error(
            board, target, rules.states)
        assert change == pytest.approx(drop, abs=1e-9)
        assert step.clicks <= clicks
    assert tables or not any(m.table.size for m in play._geometry(rules, 0.8).moves)
    play._geometry.cache_clear()  # no geometry without tables outlives this test
    play._packed.cache_clear()


@pytest.mark.parametrize("name", RULES)
def test_a_film_step_from_the_last_is_the_step_from_scratch(name: str) -> None:
    """A step from the last step's board starts from its anchors (only those whose gains can
    have passed ``settle`` are looked at again): the same presses as from scratch, frame after
    frame of a moving picture, and after a step from another board."""
    rules = RULES[name]
    board, _ = frame(rules, 0)
    m, n = rules.shape
    yy, xx = np.mgrid[0:m, 0:n]
    play._LAST.clear()
    for t in range(10):
        target = np.clip(0.5 + 0.5 * np.sin((xx - 0.7 * t) / 1.5) * np.cos(yy / 2.0), 0, 1)
        if t == 6:  # a board the last step did not make
            board = (board + 1) % rules.states
        carried = play_step(board, target, rules, max_clicks=8)
        kept = list(play._LAST)
        play._LAST.clear()
        fresh = play_step(board, target, rules, max_clicks=8)
        play._LAST[:] = kept
        assert np.array_equal(carried.presses, fresh.presses)
        board = carried.board


@pytest.mark.parametrize("name", [*(n for n in RULES if n != "narrow torus square"), "wide torus"])
def test_a_move_changes_the_gains_it_does_not_touch_by_at_most_the_bound(name: str) -> None:
    """Every gain of an anchor whose footprint a move does not touch changes by at most the
    bound for that move and offset (gains computed here from the independent error; on the
    narrow torus every move touches every footprint)."""
    rules = RULES.get(name, Rules(9, 30, topology="torus", states=3))
    geo = play._geometry(rules, 0.8)
    bound, touch = play._bound(geo)
    ri, rj = geo.reach
    m, n = rules.shape
    rng = np.random.default_rng(3)
    board, target = frame(rules, 4)
    moves = [(kind, times) for kind in range(len(geo.moves)) for times in range(1, rules.states)]

    def gains(levels: np.ndarray, anchor: int) -> list[float]:
        base = independent_error(levels, target, rules.states)
        out = []
        for kind, times in moves:
            move = geo.moves[kind]
            if move.usable[anchor]:
                x = np.zeros(rules.cells + 1, np.int64)
                x[move.press_at[:, anchor]] += times
                moved = brute_board(levels, x[:-1].reshape(rules.shape) % rules.states, rules)
                out.append(independent_error(moved, target, rules.states) - base)
            else:
                out.append(0.0)
        return out

    checked = 0
    for _ in range(600):
        if checked == 30:
            break
        c = int(rng.integers(rules.cells))
        kind, times = moves[int(rng.integers(len(moves)))]
        move = geo.moves[kind]
        if not move.usable[c]:
            continue
        di, dj = int(rng.integers(-ri, ri + 1)), int(rng.integers(-rj, rj + 1))
        r, q = divmod(c, n)
        r, q = r + di, q + dj
        if rules.wraps[0]:
            r %= m
        if rules.wraps[1]:
            q %= n
        if not (0 <= r < m and 0 <= q < n) or touch[kind, di + ri, dj + rj]:
            continue
        x = np.zeros(rules.cells + 1, np.int64)
        x[move.press_at[:, c]] += times
        moved = brute_board(board, x[:-1].reshape(rules.shape) % rules.states, rules)
        before, after = gains(board, r * n + q), gains(moved, r * n + q)
        assert max(abs(a - b) for a, b in zip(before, after, strict=True)) <= bound[
            kind, di + ri, dj + rj] + 1e-12
        checked += 1
    assert checked > 5


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
@pytest.mark.parametrize("name", ["classic", "torus", "3 states"])
def test_settle_leaves_small_gains_alone(settle: float, name: str) -> None:
    """After a step no single press nor pair of neighbouring presses (each made 1..k-1 times)
    lowers the error by more than ``settle`` per click (the budget allowing): a larger
    ``settle`` keeps more of the old board."""
    rules = RULES[name]
    board, target = frame(rules, 3)
    step = play_step(board, target, rules, max_clicks=10_000, settle=settle)
    final = independent_error(step.board, target, rules.states)
    for move in play._geometry(rules, 0.8).moves:
        for c, times in itertools.product(np.flatnonzero(move.usable), range(1, rules.states)):
            x = np.zeros(rules.cells + 1, np.int64)
            x[move.press_at[:, c]] += times
            presses = (step.presses.ravel() + x[:-1]) % rules.states
            clicks = int(presses.sum()) - step.clicks
            moved = brute_board(step.board, x[:-1].reshape(rules.shape) % rules.states, rules)
            gain = independent_error(moved, target, rules.states) - final
            assert gain >= -settle * max(clicks, 1) - 1e-9
