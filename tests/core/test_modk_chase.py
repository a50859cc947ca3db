"""The Z/k chase (``core.modk._chase_mod``, compiled where no top-row term is chased): every
press vector it returns is pressed again, and ``change - A x`` must vanish off the constraint
cells and equal the residual on them, on every chase plan of every pattern and topology."""

from __future__ import annotations

import numpy as np
import pytest

from lightsart._choices import TOPOLOGIES
from lightsart._core import modk
from lightsart._core.general import chase_plans
from lightsart._core.modk import _Reduction
from lightsart._rules import PATTERNS, Rules, parse_pattern, press

SHAPES = [(1, 1), (3, 2), (4, 4), (5, 7), (9, 6)]
#: Registered patterns and two lopsided ones (a chase with top-row terms: the numpy loop).
PATTERN_SPECS = [*PATTERNS, "110/011/000", "011/110/010"]


@pytest.mark.parametrize("compiled_after", [0, 10**9])  # the compiled loop, then numpy's
@pytest.mark.parametrize("spec", PATTERN_SPECS)
@pytest.mark.parametrize("topology", list(TOPOLOGIES))
@pytest.mark.parametrize("states", [3, 4, 6])
def test_chase_pressed_again(spec: str, topology: str, states: int, compiled_after: int,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(modk, "_COMPILED_AFTER", compiled_after)
    rng = np.random.default_rng(states)
    pattern = parse_pattern(spec)
    for m, n in SHAPES:
        rules = Rules(m, n, pattern=pattern, topology=topology).with_states(states)
        for frame, plan in chase_plans(rules):
            reduction = _Reduction(rules, states, frame, plan)
            width = 3
            t = rng.integers(0, states, (reduction.free, width))
            for change in (None, rng.integers(0, states, (m, n, width))):
                x, res = reduction.run(t, change)
                assert x.shape == (m, n, width) and res.shape == (reduction.free, width)
                assert x.min() >= 0 and x.max() < states and res.min() >= 0 and res.max() < states
                left = np.zeros((m * n, width), dtype=np.int64)
                for w in range(width):
                    pressed = press(x[:, :, w], rules).astype(np.int64)
                    wanted = np.zeros((m, n), np.int64) if change is None else change[:, :, w]
                    left[:, w] = ((wanted - pressed) % states).ravel()
                off = np.ones(m * n, dtype=bool)
                off[reduction.residual_cells] = False
                assert not left[off].any()
                assert np.array_equal(left[reduction.residual_cells], res)
