"""The engine registry: every engine fits and connects, and agrees with the exact engine where
both are exact (small boards)."""

from __future__ import annotations

import numpy as np
import pytest

from lightsart._core.board import apply_clicks, board_from_clicks
from lightsart._engines import ENGINES, Budget, engine
from lightsart._errors import LightsartError


@pytest.mark.parametrize("name", list(ENGINES))
def test_every_engine_fits_and_connects(name: str) -> None:
    rng = np.random.default_rng(5)
    chosen = engine(name)
    exact = engine("exact")
    a_target, b_target = (rng.integers(0, 2, (4, 4), dtype=np.uint8) for _ in range(2))
    budget = Budget(20.0)
    a, b = chosen.fit(a_target, None, budget), chosen.fit(b_target, None, budget)
    for fit, target in ((a, a_target), (b, b_target)):
        assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
        # 4x4 has nullity 4: the exact engine proves its minimum; every engine must reach it.
        assert fit.wrong_pixels == exact.fit(target, None, budget).wrong_pixels
    step = chosen.connect(a, b, budget)
    assert np.array_equal(apply_clicks(a.board, step.clicks), b.board)
    assert step.count == exact.connect(a, b, budget).count


def test_unknown_engine_is_one_line() -> None:
    with pytest.raises(LightsartError, match="unknown engine 'gurobi': choose from exact, ip, auto"):
        engine("gurobi")


@pytest.mark.parametrize("name", list(ENGINES))
def test_every_engine_fits_and_connects_under_other_rules(name: str) -> None:
    from lightsart._rules import Rules, parse_pattern, press

    rules = Rules(3, 4, parse_pattern("sigma"), "torus")
    rng = np.random.default_rng(9)
    chosen, exact = engine(name), engine("exact")
    targets = [rng.integers(0, 2, (3, 4), dtype=np.uint8) for _ in range(2)]
    a, b = (chosen.fit(t, None, Budget(20.0), rules) for t in targets)
    for fit, target in ((a, targets[0]), (b, targets[1])):
        assert fit.rules == rules
        assert np.array_equal(press(fit.clicks, rules) ^ 1, fit.board)
        assert fit.wrong_pixels == exact.fit(target, None, Budget(20.0), rules).wrong_pixels
    step = chosen.connect(a, b, Budget(20.0))
    assert np.array_equal(a.board ^ press(step.clicks, rules), b.board)
    assert step.count == exact.connect(a, b, Budget(20.0)).count
