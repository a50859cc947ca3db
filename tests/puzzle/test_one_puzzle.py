"""The puzzle tools as one implementation with the number of states a parameter (issue 21):
the pieces the merge brought in, each against an independent method."""

from __future__ import annotations

import numpy as np
import pytest

from lightsart._core.board import from_state, to_state
from lightsart._puzzle import table
from lightsart._rules import Rules, parse_pattern


def _digits_value(board: np.ndarray, k: int) -> int:
    """The base-``k`` integer of a board, digit ``i*n + j`` = cell ``(i, j)``, by Horner's rule."""
    value = 0
    for level in reversed(board.ravel().tolist()):
        value = value * k + int(level)
    return value


@pytest.mark.parametrize("k", [2, 3, 4, 5, 8, 16])
def test_state_integers_in_every_base(k: int) -> None:
    """Powers of two are packed as bit groups, other bases summed: the same integers."""
    rng = np.random.default_rng(k)
    for _ in range(30):
        m, n = (int(v) for v in rng.integers(1, 9, size=2))
        board = rng.integers(0, k, size=(m, n)).astype(np.uint8)
        value = to_state(board, k)
        assert value == _digits_value(board, k)
        assert np.array_equal(from_state(value, m, n, k), board)
        if k == 2:
            assert value == to_state(board)


@pytest.mark.parametrize("rules", [Rules(5, 7, parse_pattern("sigma"), "cylinder"),
                                   Rules(6, 5, parse_pattern("plus"), "cylinder"),
                                   Rules(4, 5, parse_pattern("sigma"), "plane", 3)],
                         ids=["sigma-cylinder", "plus-cylinder", "sigma-plane-k3"])
def test_table_chased_in_blocks_is_the_table_chased_whole(rules: Rules,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The chase runs a block of top cells at a time; blocks of one column give the same map,
    and each column is what pressing that top cell and chasing row by row leaves."""
    whole = table._bottom_map(rules)
    monkeypatch.setattr(table, "_CHASE_ENTRIES", 1)
    assert np.array_equal(table._bottom_map(rules), whole)
    k, (m, n) = rules.states, rules.shape
    from lightsart._rules import press

    for j in range(n):  # chase with the whole press operator, one row at a time
        board = np.zeros((m, n), dtype=np.int64)
        top = np.zeros((m, n), dtype=np.int64)
        top[0, j] = 1
        board = (board + press(top, rules)) % k
        for r in range(m - 1):
            presses = np.zeros((m, n), dtype=np.int64)
            presses[r + 1] = (-board[r]) % k
            board = (board + press(presses, rules)) % k
        assert np.array_equal((-board[-1]) % k, whole[:, j]), j
    found = table.lookup_table(rules)  # one type and one set of keys at every number of states
    assert found.states == k and found.width == n and found.height == m
    assert set(found.to_dict()) == set(table.lookup_table(rules.with_states(2)).to_dict())
