"""The engine contract, for every engine × states {2, 3, 4} × a few rules, against brute force.

On boards small enough to enumerate every press vector: a fit's board is reachable (its clicks,
re-applied by a press matrix built here from the pattern's offsets, make it from the
all-brightest board), its wrong count is at least the brute-force minimum and equal when the
engine says proven, its lower bound never exceeds that minimum, and its clicks are the fewest
for its board when it says so. ``connect`` gives clicks that take board A to board B, fewest
when proven. The one public entry (``lightsart.closest_board``, ``fewest_clicks``,
``transition``), :func:`lightsart._engines.start.fit_from` and the deprecated k-state names are
checked against the same enumeration.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest
from brute import press_matrix

import lightsart
from lightsart._engines import DEFAULT_ENGINE, ENGINES, Budget, engine
from lightsart._errors import LightsartError
from lightsart._rules import Rules, change_counts, parse_pattern

#: Rules for every number of states: the classic plus (2x3), σ on the plane, a lopsided pattern
#: (A not symmetric) on the torus. Each leaves boards unreachable for k = 2, 3 and 4 (kernel
#: sizes 4/3/8, 8/27/64, 4/27/16), so fits have wrong cells to minimise; at most 3x3 keeps
#: 4**9 press vectors enumerable.
SHAPES = {
    "plus-plane": (2, 3, "plus", "plane"),
    "sigma-plane": (3, 3, "sigma", "plane"),
    "drawn-torus": (3, 3, "110/010/000", "torus"),
}
STATES = (2, 3, 4)
BUDGET = Budget(20.0)


def _rules(shape: str, states: int) -> Rules:
    m, n, pattern, topology = SHAPES[shape]
    return Rules(m, n, parse_pattern(pattern), topology, states)  # type: ignore[arg-type]


@cache
def enumerate_boards(shape: str, states: int) -> tuple[Rules, np.ndarray, np.ndarray, np.ndarray]:
    """Rules, the press matrix, every press vector ``(N, cells)`` and its board from all-brightest."""
    rules = _rules(shape, states)
    a = press_matrix(rules)
    for cell in range(rules.cells):  # the matrix agrees with the package's change counts
        unit = np.zeros(rules.cells, dtype=np.int64)
        unit[cell] = 1
        assert np.array_equal(change_counts(unit.reshape(rules.shape), rules).ravel(), a[:, cell])
    xs = np.array(list(itertools.product(range(states), repeat=rules.cells)), dtype=np.int64)
    boards = (states - 1 + xs @ a.T) % states
    return rules, a, xs, boards


def made(a: np.ndarray, start: np.ndarray, clicks: np.ndarray, k: int) -> np.ndarray:
    """``start`` after ``clicks`` (press counts), by the test's own matrix."""
    return (start.ravel().astype(np.int64) + a @ clicks.ravel().astype(np.int64)) % k


def targets(rules: Rules, count: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.integers(0, rules.states, rules.shape).astype(np.uint8) for _ in range(count)]


@pytest.mark.parametrize("states", STATES)
@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("name", list(ENGINES))
def test_fit_and_connect_match_brute_force(name: str, shape: str, states: int) -> None:
    rules, a, xs, boards = enumerate_boards(shape, states)
    chosen = engine(name)
    fits = []
    for target in targets(rules, 3, seed=states * 7 + len(shape)):
        fit = chosen.fit(target, rules=rules, budget=BUDGET)
        top = np.full(rules.shape, states - 1)
        # Reachable: the clicks, re-applied, make the board from the all-brightest board.
        assert np.array_equal(made(a, top, fit.clicks, states), fit.board.ravel())
        assert fit.states == states and fit.rules == (None if rules.is_classic else rules)
        assert np.array_equal(fit.target, target)
        assert fit.wrong_pixels == int((fit.board != target).sum()) == int(fit.wrong.sum())
        least = int((boards != target.ravel()).sum(axis=1).min())
        assert fit.wrong_pixels >= least >= fit.wrong_pixels_lower_bound
        if fit.wrong_pixels_proven_minimal:
            assert fit.wrong_pixels == least
        same = (boards == fit.board.ravel()).all(axis=1)
        assert fit.clicks_count == int(fit.clicks.sum()) >= int(xs[same].sum(axis=1).min())
        if fit.clicks_proven_minimal:
            assert fit.clicks_count == int(xs[same].sum(axis=1).min())
        fits.append(fit)
    assert any(f.wrong_pixels for f in fits)  # some target was unreachable: a real minimum
    step = chosen.connect(fits[0], fits[1], BUDGET)
    assert np.array_equal(made(a, fits[0].board, step.clicks, states), fits[1].board.ravel())
    change = (fits[1].board.ravel().astype(np.int64) - fits[0].board.ravel()) % states
    makes = (((xs @ a.T) % states) == change).all(axis=1)
    assert step.count == int(step.clicks.sum()) >= int(xs[makes].sum(axis=1).min())
    if step.proven:
        assert step.count == int(xs[makes].sum(axis=1).min())


@pytest.mark.parametrize("states", STATES)
@pytest.mark.parametrize("shape", list(SHAPES))
def test_the_exact_engine_proves_small_boards(shape: str, states: int) -> None:
    # Small kernels: the exact engine must prove both minima, so equality is tested every time.
    rules, _, _, boards = enumerate_boards(shape, states)
    for target in targets(rules, 4, seed=11 + states):
        fit = engine(DEFAULT_ENGINE).fit(target, None, None, rules)
        assert fit.wrong_pixels_proven_minimal and fit.clicks_proven_minimal
        assert fit.wrong_pixels == int((boards != target.ravel()).sum(axis=1).min())


@pytest.mark.parametrize("states", (3, 4))
def test_per_cell_costs_with_k_states(states: int) -> None:
    # A cost per cell (the board's shape) prices every wrong level of that cell the same.
    rules, _, _, boards = enumerate_boards("plus-plane", states)
    rng = np.random.default_rng(states)
    target = targets(rules, 1, seed=3)[0]
    cost = rng.integers(1, 9, rules.shape).astype(np.float64)
    fit = engine("exact").fit(target, cost, BUDGET, rules)
    cheapest = float(((boards != target.ravel()) * cost.ravel()).sum(axis=1).min())
    assert fit.weighted and fit.wrong_pixels_proven_minimal
    assert fit.wrong_cost == pytest.approx(cheapest)
    assert fit.wrong_cost == pytest.approx(float(cost[fit.board != target].sum()))


@pytest.mark.parametrize("states", STATES)
def test_the_public_names_take_k_state_rules(states: int) -> None:
    rules, a, xs, boards = enumerate_boards("sigma-plane", states)
    first, second = targets(rules, 2, seed=21)
    fit = lightsart.closest_board(first, rules=rules)
    assert fit.wrong_pixels == int((boards != first.ravel()).sum(axis=1).min())
    # fewest_clicks: the fewest presses making the same change as a long press vector.
    long = np.full(rules.shape, states - 1, dtype=np.uint8)
    best = lightsart.fewest_clicks(long, rules=rules)
    change = (a @ long.ravel().astype(np.int64)) % states
    makes = (((xs @ a.T) % states) == change).all(axis=1)
    assert np.array_equal((a @ best.clicks.ravel().astype(np.int64)) % states, change)
    assert best.proven and best.count == int(xs[makes].sum(axis=1).min())
    # transition: two fits, or two reachable boards.
    other = lightsart.closest_board(second, rules=rules)
    for step in (lightsart.transition(fit, other),
                 lightsart.transition(fit.board, other.board, rules=rules),
                 lightsart.transition(fit, other.board, rules=rules)):
        assert np.array_equal(made(a, fit.board, step.clicks, states), other.board.ravel())
    # A change no press vector makes (the brute force finds one) is one clear error.
    images = {tuple(row) for row in (xs @ a.T) % states}
    unreachable = next(np.array(c) for c in itertools.product(range(states), repeat=rules.cells)
                       if c not in images)
    end = ((fit.board.ravel() + unreachable) % states).reshape(rules.shape).astype(np.uint8)
    with pytest.raises(LightsartError, match="not reachable from each other"):
        lightsart.transition(fit.board, end, rules=rules)


def test_transitions_refuse_mixed_rules() -> None:
    three, _, _, _ = enumerate_boards("plus-plane", 3)
    a = lightsart.closest_board(targets(three, 1, seed=1)[0], rules=three)
    b = lightsart.closest_board(targets(three.with_states(2), 1, seed=1)[0])
    with pytest.raises(LightsartError, match="same rules"):
        engine("exact").connect(a, b)
    with pytest.raises(LightsartError, match="same rules"):
        engine("exact").connect(b, a)


@pytest.mark.parametrize("states", STATES)
@pytest.mark.parametrize("shape", ["plus-plane", "drawn-torus"])
def test_fit_from_any_start(shape: str, states: int) -> None:
    from lightsart._engines.start import fit_from

    rules, a, xs, _ = enumerate_boards(shape, states)
    rng = np.random.default_rng(states + 40)
    for start in (np.zeros(rules.shape, dtype=np.int64), rng.integers(0, states, rules.shape)):
        reachable = (start.ravel() + xs @ a.T) % states
        target = targets(rules, 1, seed=int(start.sum()))[0]
        fit = fit_from(start, target, rules)
        assert np.array_equal(fit.target, target)
        assert np.array_equal(made(a, start, fit.clicks, states), fit.board.ravel())
        assert fit.wrong_pixels == int((fit.board != target).sum())
        assert fit.wrong_pixels == int((reachable != target.ravel()).sum(axis=1).min())
    with pytest.raises(LightsartError, match="levels 0 to"):
        fit_from(0, np.full(rules.shape, states), rules)


def test_the_default_engine_is_exact() -> None:
    assert DEFAULT_ENGINE == "exact" and DEFAULT_ENGINE in ENGINES
    assert engine(DEFAULT_ENGINE).name == "exact"
