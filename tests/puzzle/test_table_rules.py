"""The lookup table under every rule where light chasing applies, checked by chasing with the
rules' own press operator (independent of the table's row-by-row chase)."""

from __future__ import annotations

import numpy as np
import pytest

from lightsart._cli import main
from lightsart._core.general import packed_algebra
from lightsart._errors import LightsartError
from lightsart._puzzle.table import chases, lookup_table
from lightsart._rules import Rules, parse_pattern, press

CHASED = [("plus", "plane"), ("plus", "cylinder"), ("sigma", "plane"), ("sigma", "cylinder"),
          ("010/011/001", "plane"), ("010/111/101", "cylinder")]


def chase_with_press(change: np.ndarray, top: np.ndarray, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Clicks and what is left wrong: top row ``top``, then click under every wrong cell, using
    only ``rules.press`` on whole boards."""
    m, n = change.shape
    clicks = np.zeros((m, n), dtype=np.uint8)
    clicks[0] = top
    for i in range(m - 1):
        clicks[i + 1] = (change ^ press(clicks, rules))[i]
    return clicks, change ^ press(clicks, rules)


@pytest.mark.parametrize(("pattern", "topology"), CHASED)
@pytest.mark.parametrize(("m", "n"), [(3, 3), (4, 5), (5, 4), (6, 6)])
def test_table_clears_every_solvable_board(pattern: str, topology: str, m: int, n: int) -> None:
    rules = Rules(m, n, parse_pattern(pattern), topology)  # type: ignore[arg-type]
    assert chases(rules)
    table = lookup_table(rules)
    assert table.nullity == packed_algebra(rules).nullity and table.complete
    assert len(table.rows) == 2 ** table.rank
    for bottom, top in table.rows:  # each listed top row leaves exactly its bottom row
        _, left = chase_with_press(np.zeros((m, n), np.uint8), np.array(top, np.uint8), rules)
        assert not left[:-1].any() and tuple(left[-1]) == bottom
    rng = np.random.default_rng(m * n)
    for _ in range(10):
        board = press(rng.integers(0, 2, (m, n), dtype=np.uint8), rules)  # a solvable change
        first, left = chase_with_press(board, np.zeros(n, np.uint8), rules)
        top = table.top_for(left[-1])
        assert top is not None
        second, _ = chase_with_press(np.zeros((m, n), np.uint8), top, rules)
        assert np.array_equal(press(first ^ second, rules), board)  # chase, look up, chase: solved


def test_rules_without_chasing_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for pattern, topology in (("x", "plane"), ("square", "plane"), ("plus", "torus")):
        rules = Rules(4, 4, parse_pattern(pattern), topology)  # type: ignore[arg-type]
        assert not chases(rules)
        with pytest.raises(LightsartError, match="needs light chasing"):
            lookup_table(rules)
    assert main(["table", "4x4", "--pattern", "x"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["table", "4x4", "--pattern", "sigma", "--topology", "cylinder", "--json"]) == 0
    assert '"topology": "cylinder"' in capsys.readouterr().out
