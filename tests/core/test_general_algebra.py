"""Exact algebra for any rules, checked by brute force, by the other method, and by published values."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._choices import TOPOLOGIES
from lightsart._core import gf2, packed
from lightsart._core.general import packed_algebra
from lightsart._errors import LightsartError
from lightsart._limits import DENSE_MAX_CELLS
from lightsart._rules import Pattern, Rules, parse_pattern, press, press_masks, press_transpose

PATTERN_TEXTS = ["plus", "sigma", "x", "square", "110/010/000", "010/011/000", "10000/00100/00011"]
SMALL = [(m, n) for m in range(1, 13) for n in range(1, 13) if m * n <= 14]


def brute_force(rules: Rules) -> tuple[set[int], int]:
    """Every click set pressed (Gray code order): the set of reachable changes, and how many give 0."""
    masks = press_masks(rules)
    state, zero, image = 0, 1, {0}
    for k in range(1, 1 << rules.cells):
        state ^= masks[(k & -k).bit_length() - 1]
        image.add(state)
        zero += state == 0
    return image, zero


def as_board(bits: int, rules: Rules) -> np.ndarray:
    m, n = rules.shape
    return np.array([(bits >> k) & 1 for k in range(m * n)], dtype=np.uint8).reshape(m, n)


@pytest.mark.parametrize("topology", TOPOLOGIES)
@pytest.mark.parametrize("text", PATTERN_TEXTS)
def test_brute_force_on_every_small_board(text: str, topology: str) -> None:
    rng = np.random.default_rng(12)
    for m, n in SMALL:
        rules = Rules(m, n, parse_pattern(text), topology)  # type: ignore[arg-type]
        image, zero = brute_force(rules)
        cells = m * n
        every = ((np.arange(1 << cells)[:, None] >> np.arange(cells)) & 1).astype(np.int64)
        for method in ("auto", "eliminate"):
            alg = packed_algebra(rules, method)
            assert 1 << alg.nullity == zero, (m, n, method)
            # The zero-syndrome changes are exactly the image of A.
            syndromes = (every @ alg.columns().astype(np.int64)) % 2
            assert set(np.flatnonzero(~syndromes.any(axis=1)).tolist()) == image, (m, n, method)
            kernel, left = alg.kernel(), alg.left_kernel()
            assert kernel.shape == left.shape == (alg.nullity, m, n)
            if alg.nullity:
                assert packed.rank(kernel.reshape(alg.nullity, cells)) == alg.nullity
                assert packed.rank(left.reshape(alg.nullity, cells)) == alg.nullity
            for q in kernel:
                assert not press(q, rules).any()
            for y in left:  # orthogonal to every column of A: yᵀ A = 0
                assert not press_transpose(y, rules).any()
            for bits in rng.integers(0, 1 << cells, 6).tolist():
                change = as_board(bits, rules)
                clicks = alg.solve(change)
                assert (clicks is not None) == (bits in image) == alg.is_reachable(change)
                if clicks is not None:
                    assert np.array_equal(press(clicks, rules), change)


def test_auto_chases_where_a_frame_allows_it() -> None:
    for text in PATTERN_TEXTS:
        for topology in TOPOLOGIES:
            assert packed_algebra(Rules(9, 7, parse_pattern(text), topology)).chase is not None  # type: ignore[arg-type]
    # A wrapped axis no longer than the pattern's reach along it cannot be chased.
    assert packed_algebra(Rules(2, 2, parse_pattern("square"), "torus")).chase is None
    assert packed_algebra(Rules(2, 9, parse_pattern("square"), "cylinder")).chase is not None


def same_span(a: np.ndarray, b: np.ndarray) -> bool:
    if a.shape != b.shape:
        return False
    if a.shape[0] == 0:
        return True
    cells = a.shape[1] * a.shape[2]
    both = np.concatenate([a, b]).reshape(2 * a.shape[0], cells)
    return packed.rank(a.reshape(a.shape[0], cells)) == packed.rank(both) == a.shape[0]


@pytest.mark.parametrize("topology", TOPOLOGIES)
@pytest.mark.parametrize("text", PATTERN_TEXTS)
@pytest.mark.parametrize(("m", "n"), [(20, 20), (31, 17), (12, 40)])
def test_chasing_and_elimination_agree(text: str, topology: str, m: int, n: int) -> None:
    rules = Rules(m, n, parse_pattern(text), topology)  # type: ignore[arg-type]
    chased, full = packed_algebra(rules, "chase"), packed_algebra(rules, "eliminate")
    assert chased.chase is not None and full.chase is None
    assert chased.nullity == full.nullity
    assert same_span(chased.kernel(), full.kernel())
    assert same_span(chased.left_kernel(), full.left_kernel())
    rng = np.random.default_rng(m * n)
    for _ in range(4):
        change = press(rng.integers(0, 2, (m, n), dtype=np.uint8), rules)
        for alg in (chased, full):
            clicks = alg.solve(change)
            assert clicks is not None and np.array_equal(press(clicks, rules), change)
        noise = rng.integers(0, 2, (m, n), dtype=np.uint8)
        assert chased.is_reachable(noise) == full.is_reachable(noise) == (full.solve(noise) is not None)


def test_plane_plus_nullity_is_the_classic_one() -> None:
    for n in range(1, 61):
        assert packed_algebra(Rules.plus(n, n)).nullity == gf2.classic_nullity(n, n), n
    for m, n in [(1, 7), (4, 9), (16, 5), (23, 41), (61, 3)]:
        assert packed_algebra(Rules.plus(m, n)).nullity == gf2.classic_nullity(m, n), (m, n)


# Published check values, not answers: OEIS A165738 (n x n torus, plus pattern), terms n = 1..90
# as printed on https://oeis.org/A165738 (Alekseyev and Buchholz).
A165738 = [
    0, 0, 4, 0, 8, 8, 0, 0, 4, 16, 0, 16, 0, 0, 12, 0, 16, 8, 0, 32, 4, 0, 0, 32, 8, 0, 4, 0, 0, 24,
    40, 0, 44, 32, 8, 16, 0, 0, 4, 64, 0, 8, 0, 0, 12, 0, 0, 64, 0, 16, 20, 0, 0, 8, 8, 0, 4, 0, 0,
    48, 0, 80, 52, 0, 56, 88, 0, 64, 4, 16, 0, 32, 0, 0, 12, 0, 0, 8, 0, 128, 4, 0, 0, 16, 24, 0, 4,
    0, 0, 24,
]  # fmt: skip


def test_torus_nullities_match_oeis_a165738() -> None:
    computed = [packed_algebra(Rules(n, n, parse_pattern("plus"), "torus")).nullity for n in range(1, 91)]
    assert computed == A165738


def test_torus_nullity_doubles_with_the_side() -> None:
    # a(2n) = 2 a(n) (Buchholz, in A165738) beyond the printed terms.
    for n in (100, 128, 150):
        half = packed_algebra(Rules(n, n, parse_pattern("plus"), "torus")).nullity
        assert packed_algebra(Rules(2 * n, 2 * n, parse_pattern("plus"), "torus")).nullity == 2 * half


@st.composite
def small_rules(draw: st.DrawFn) -> Rules:
    h = draw(st.sampled_from([1, 3, 5]))
    w = draw(st.sampled_from([1, 3]))
    cells = draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w).filter(any))
    rows = tuple("".join("1" if cells[r * w + c] else "0" for c in range(w)) for r in range(h))
    m, n = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    return Rules(m, n, Pattern(rows), draw(st.sampled_from(TOPOLOGIES)))


@settings(max_examples=300, deadline=None)
@given(small_rules(), st.integers(0, 2**32 - 1))
def test_any_rules_solve_what_they_press(rules: Rules, seed: int) -> None:
    rng = np.random.default_rng(seed)
    alg, full = packed_algebra(rules), packed_algebra(rules, "eliminate")
    assert alg.nullity == full.nullity == packed_algebra(rules.transposed()).nullity
    change = press(rng.integers(0, 2, rules.shape, dtype=np.uint8), rules)
    assert not alg.syndrome(change).any()
    clicks = alg.solve(change)
    assert clicks is not None and np.array_equal(press(clicks, rules), change)
    noise = rng.integers(0, 2, rules.shape, dtype=np.uint8)
    assert alg.is_reachable(noise) == full.is_reachable(noise)


def test_refusals_are_one_line() -> None:
    with pytest.raises(LightsartError, match="cannot chase") as info:
        packed_algebra(Rules(2, 2, parse_pattern("square"), "torus"), "chase")
    assert "\n" not in str(info.value)
    # A 9x9 block on a torus 3 cells wide chases in no frame, and the board is too big to eliminate.
    block = Pattern(("1" * 9,) * 9)
    with pytest.raises(LightsartError, match="DENSE_MAX_CELLS") as info:
        packed_algebra(Rules(DENSE_MAX_CELLS, 3, block, "torus"))
    assert "\n" not in str(info.value)
    with pytest.raises(LightsartError, match="expected"):
        packed_algebra(Rules.plus(3, 3)).solve(np.zeros((3, 4), dtype=np.uint8))


def test_packed_elimination_against_dense_products() -> None:
    rng = np.random.default_rng(3)
    for r, c in [(1, 1), (5, 70), (70, 5), (64, 64), (65, 130), (200, 200)]:
        a = rng.integers(0, 2, (r, c), dtype=np.uint8)
        a[:, : c // 3] = 0
        a[r // 2 :] = a[: r - r // 2] ^ a[r // 2 :] if r > 1 else a[r // 2 :]
        ech = packed.echelon(a, transform=True)
        basis = ech.null_space()
        assert basis.shape == (c - ech.rank, c)
        assert not ((a.astype(np.int64) @ basis.T) % 2).any()
        assert packed.rank(basis) == basis.shape[0]
        x = rng.integers(0, 2, c, dtype=np.uint8)
        b = ((a.astype(np.int64) @ x) % 2).astype(np.uint8)
        y = packed.solve(a, b)
        assert y is not None and np.array_equal((a.astype(np.int64) @ y) % 2, b)
        assert packed.rank(packed.pack(a), c) == ech.rank
        if ech.rank < r:
            # Some b outside the column space exists: a left-null vector detects it.
            left = packed.null_space(a.T.copy())[0]
            bad = np.zeros(r, dtype=np.uint8)
            bad[np.flatnonzero(left)[0]] = 1
            assert packed.solve(a, bad) is None
