"""Rules as one value: pattern parsing, validation, and the press operator against plain loops."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._core.board import board_from_clicks
from lightsart._errors import LightsartError
from lightsart._rules import (
    PATTERNS,
    TOPOLOGIES,
    Pattern,
    Rules,
    change_counts,
    parse_pattern,
    press,
    press_masks,
    press_transpose,
)


def naive_counts(x: np.ndarray, rules: Rules) -> np.ndarray:
    """Per click, walk its pattern cell by cell; wrap or drop by hand."""
    m, n = rules.shape
    rows = rules.pattern.rows
    ri, rj = len(rows) // 2, len(rows[0]) // 2
    out = np.zeros((m, n), dtype=np.int64)
    for a in range(m):
        for b in range(n):
            for u, row in enumerate(rows):
                for v, ch in enumerate(row):
                    if ch != "1":
                        continue
                    i, j = a + u - ri, b + v - rj
                    if rules.topology == "torus":
                        i %= m
                    if rules.topology in ("torus", "cylinder"):
                        j %= n
                    if 0 <= i < m and 0 <= j < n:
                        out[i, j] += int(x[a, b])
    return out


@st.composite
def rules_and_clicks(draw: st.DrawFn) -> tuple[Rules, np.ndarray]:
    h = draw(st.sampled_from([1, 3, 5]))
    w = draw(st.sampled_from([1, 3, 5]))
    cells = draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w).filter(any))
    rows = tuple("".join("1" if cells[r * w + c] else "0" for c in range(w)) for r in range(h))
    m = draw(st.integers(1, 7))
    n = draw(st.integers(1, 7))
    rules = Rules(m, n, Pattern(rows), draw(st.sampled_from(TOPOLOGIES)))
    bits = draw(st.lists(st.integers(0, 1), min_size=m * n, max_size=m * n))
    return rules, np.array(bits, dtype=np.uint8).reshape(m, n)


@settings(max_examples=300, deadline=None)
@given(rules_and_clicks())
def test_press_and_change_counts_match_a_plain_loop(case: tuple[Rules, np.ndarray]) -> None:
    rules, x = case
    counts = naive_counts(x, rules)
    assert np.array_equal(change_counts(x, rules), counts)
    assert np.array_equal(press(x, rules), counts % 2)
    assert np.array_equal(board_from_clicks(x, rules), 1 ^ (counts % 2))


@settings(max_examples=200, deadline=None)
@given(rules_and_clicks(), st.integers(0, 2**32 - 1))
def test_press_transpose_is_the_transpose(case: tuple[Rules, np.ndarray], seed: int) -> None:
    rules, x = case
    y = np.random.default_rng(seed).integers(0, 2, rules.shape, dtype=np.uint8)
    lhs = int((press(x, rules).astype(int) * y).sum()) % 2
    rhs = int((x.astype(int) * press_transpose(y, rules)).sum()) % 2
    assert lhs == rhs


@settings(max_examples=100, deadline=None)
@given(rules_and_clicks())
def test_press_masks_are_the_press_of_single_clicks(case: tuple[Rules, np.ndarray]) -> None:
    rules, x = case
    m, n = rules.shape
    state = 0
    for k, mask in enumerate(press_masks(rules)):
        if x.flat[k]:
            state ^= mask
    expected = press(x, rules).ravel()
    assert [(state >> k) & 1 for k in range(m * n)] == expected.tolist()


def test_press_without_rules_is_the_classic_press() -> None:
    rng = np.random.default_rng(5)
    for m, n in [(1, 1), (1, 6), (5, 5), (7, 3)]:
        x = rng.integers(0, 2, (m, n), dtype=np.uint8)
        assert np.array_equal(press(x), naive_counts(x, Rules.plus(m, n)) % 2)
        assert np.array_equal(press(x), press(x, Rules.plus(m, n)))


@settings(max_examples=200, deadline=None)
@given(rules_and_clicks(), st.integers(3, 7), st.integers(0, 2**32 - 1))
def test_press_with_more_states_is_the_plain_loop_mod_states(
        case: tuple[Rules, np.ndarray], states: int, seed: int) -> None:
    rules = case[0].with_states(states)
    x = np.random.default_rng(seed).integers(0, 3 * states, rules.shape)  # any counts: mod states
    counts = naive_counts(x, rules)
    assert np.array_equal(press(x, rules), counts % states)
    assert np.array_equal(board_from_clicks(x, rules), (counts + states - 1) % states)


def test_presets_and_rows() -> None:
    assert parse_pattern("plus") == parse_pattern("010/111/010") == parse_pattern(".#./###/.#.")
    assert parse_pattern("plus").offsets == [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]
    assert parse_pattern("sigma").offsets == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert parse_pattern("X").name == "x"
    assert parse_pattern("1").offsets == [(0, 0)]
    assert parse_pattern("11100/00001/00000").offsets == [(-1, -2), (-1, -1), (-1, 0), (0, 2)]
    for name, rows in PATTERNS.items():
        p = parse_pattern(rows)
        assert (p.name, p.text, p.symmetric) == (name, rows, True)
        assert str(p) == name


def test_flipped_is_the_180_degree_rotation() -> None:
    p = parse_pattern("110/010/000")
    assert p.flipped().text == "000/010/011"
    assert p.transpose() == p.flipped()
    assert not p.symmetric
    assert p.name == "110/010/000"
    assert {(-di, -dj) for di, dj in p.offsets} == set(p.flipped().offsets)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0110/1111/0110", "odd number"),
        ("010/11/010", "same length"),
        ("000/000/000", "toggles no cell"),
        ("010/1x1/010", "unknown character"),
        ("11111111111", "at most 9x9"),
        ("", "at least one row"),
        ("010//010", "at least one row"),
    ],
)
def test_bad_patterns_are_one_line_errors(text: str, words: str) -> None:
    with pytest.raises(LightsartError, match=words) as info:
        parse_pattern(text)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"height": 0, "width": 3}, "at least 1x1"),
        ({"height": 3, "width": -1}, "at least 1x1"),
        ({"height": 3, "width": 3, "topology": "sphere"}, "unknown topology"),
        ({"height": 3, "width": 3, "states": 17}, "from 2 to 16"),
        ({"height": 3, "width": 3, "states": 1}, "from 2 to 16"),
        ({"height": 3, "width": 3, "states": 2.0}, "from 2 to 16"),
        ({"height": 3, "width": 3, "states": True}, "from 2 to 16"),
        ({"height": 3, "width": 3, "pattern": "plsu"}, "unknown"),
        ({"height": 3, "width": 3, "pattern": 5}, "must be a name or rows"),
    ],
)
def test_bad_rules_are_one_line_errors(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(LightsartError, match=words) as info:
        Rules(**kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


def test_k_states_are_rules_the_gf2_tools_refuse() -> None:
    import numpy as np

    from lightsart import algebra
    from lightsart._core.general import packed_algebra
    from lightsart._core.modk import modk_algebra
    from lightsart._rules import press, require_two_states

    grey = Rules(4, 5, states=np.int64(4))  # type: ignore[arg-type]
    assert grey.states == 4 and type(grey.states) is int and not grey.is_classic
    assert grey.to_dict()["states"] == 4 and grey.with_states(2).is_classic
    assert modk_algebra(grey).states == 4 and modk_algebra(grey).rules == grey
    assert algebra(grey).states == 4 and algebra(grey.with_states(2)).states == 2  # the one factory
    assert press(np.ones((4, 5), np.uint8), grey).max() == 3  # the one press takes any states
    for refused in (lambda: packed_algebra(grey), lambda: require_two_states(grey, "census")):
        with pytest.raises(LightsartError, match="does not support 4 states per cell yet") as info:
            refused()
        assert "\n" not in str(info.value)


def test_rules_values() -> None:
    classic = Rules.plus(4, 6)
    assert classic.is_classic and classic.shape == (4, 6) and classic.cells == 24
    assert classic.to_dict() == {"pattern": "plus", "topology": "plane", "states": 2}
    assert not Rules(4, 6, topology="torus").is_classic
    assert not Rules(4, 6, parse_pattern("sigma")).is_classic
    custom = Rules(4, 6, parse_pattern("110/010/000"), "cylinder")
    assert custom.to_dict() == {"pattern": "110/010/000", "topology": "cylinder", "states": 2}
    assert custom.transposed().pattern.text == "000/010/011"
    assert custom.wraps == (False, True) and Rules(2, 2, topology="torus").wraps == (True, True)
    assert hash(custom) == hash(Rules(4, 6, parse_pattern("110/010/000"), "cylinder"))


def test_press_refuses_a_wrong_shape() -> None:
    with pytest.raises(LightsartError, match="expected"):
        press(np.zeros((3, 3), dtype=np.uint8), Rules.plus(3, 4))


def test_rules_module_does_not_import_numpy() -> None:
    code = (
        "import sys; from lightsart._rules import Rules, parse_pattern; "
        "Rules(3, 3, parse_pattern('x'), 'torus'); assert 'numpy' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_rules_take_the_pattern_as_text_as_pattern_reads_it() -> None:
    """A name or rows, as --pattern takes them; the field holds the Pattern they read (checked
    against the rows written out by hand, and against pressing: sigma toggles the four sides)."""
    from lightsart import Rules, press

    by_name, by_rows = Rules(5, 4, "sigma"), Rules(5, 4, pattern="010/101/010")
    assert by_name == by_rows and by_name.pattern.rows == ("010", "101", "010")
    assert Rules(5, 4) == Rules(5, 4, "plus") == Rules(5, 4, "010/111/010")
    clicks = np.zeros((5, 4), np.uint8)
    clicks[2, 1] = 1
    toggled = {(1, 1), (3, 1), (2, 0), (2, 2)}
    assert {tuple(map(int, rc)) for rc in np.argwhere(press(clicks, by_name) == 1)} == toggled
