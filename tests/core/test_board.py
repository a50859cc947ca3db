from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from lightsart._core.board import (
    apply_clicks,
    board_from_clicks,
    click_list,
    format_board,
    from_state,
    parse_board,
    press,
    to_state,
)
from lightsart._errors import LightsartError


def boards(max_side: int = 12) -> st.SearchStrategy[np.ndarray]:
    shapes = st.tuples(st.integers(1, max_side), st.integers(1, max_side))
    return shapes.flatmap(lambda s: arrays(np.uint8, s, elements=st.integers(0, 1)))


def naive_press(x: np.ndarray) -> np.ndarray:
    m, n = x.shape
    out = np.zeros_like(x)
    for i, j in zip(*np.nonzero(x), strict=True):
        for di, dj in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= i + di < m and 0 <= j + dj < n:
                out[i + di, j + dj] ^= 1
    return out


@given(boards())
def test_press_matches_naive_definition(x: np.ndarray) -> None:
    assert np.array_equal(press(x), naive_press(x))


@given(boards(), st.data())
def test_press_is_linear(x: np.ndarray, data: st.DataObject) -> None:
    y = data.draw(arrays(np.uint8, x.shape, elements=st.integers(0, 1)))
    assert np.array_equal(press(x ^ y), press(x) ^ press(y))


def test_one_click_in_the_middle_toggles_a_plus() -> None:
    x = np.zeros((3, 3), np.uint8)
    x[1, 1] = 1
    assert format_board(board_from_clicks(x), sep="/") == "101/000/101"
    assert np.array_equal(apply_clicks(board_from_clicks(x), x), np.ones((3, 3), np.uint8))


def test_state_encoding_of_all_lit_5x5() -> None:
    assert to_state(np.ones((5, 5), np.uint8)) == 0x1FFFFFF
    board = from_state(1 << 7, 5, 5)
    assert board[1, 2] == 1 and board.sum() == 1


@given(boards(20))
def test_state_round_trip(b: np.ndarray) -> None:
    state = to_state(b)
    assert state == sum(int(v) << k for k, v in enumerate(b.ravel()))
    assert np.array_equal(from_state(state, *b.shape), b)


@given(boards())
def test_board_text_round_trip(b: np.ndarray) -> None:
    assert np.array_equal(parse_board(format_board(b, sep="/")), b)
    assert np.array_equal(parse_board(format_board(b, on="#", off=".")), b)


def test_parse_accepts_the_documented_alphabets() -> None:
    expected = np.array([[1, 0], [0, 1]], np.uint8)
    for text in ("10/01", "#./.#", "XO\nOX", "1 0\n0 1\n\n"):
        assert np.array_equal(parse_board(text), expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty"), ("10/1", "differ in length"), ("1a/01", "unexpected character")],
)
def test_parse_rejects_bad_text(text: str, message: str) -> None:
    with pytest.raises(LightsartError, match=message):
        parse_board(text)


def test_state_too_wide_is_refused() -> None:
    with pytest.raises(LightsartError, match="does not fit"):
        from_state(1 << 9, 3, 3)


def test_click_list_is_row_major() -> None:
    x = np.array([[0, 1], [1, 1]], np.uint8)
    assert click_list(x) == [(0, 1), (1, 0), (1, 1)]
