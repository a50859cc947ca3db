"""The laws of the one algebra (lightsart._core.algebra), over every rule set and k in {2, 3, 4}.

Like galois's tests run over every field, each law runs over states x preset pattern x topology,
checked against brute force: the press matrix built here from the pattern's offsets, and the
kernel and image found by enumerating every press vector of a small board.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest
from brute import press_matrix
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._choices import TOPOLOGIES
from lightsart._core.algebra import Algebra, algebra
from lightsart._core.general import PackedAlgebra
from lightsart._core.gf2 import ClassicAlgebra
from lightsart._core.modk import ModkAlgebra
from lightsart._rules import PATTERNS, Rules, parse_pattern

STATES = (2, 3, 4)
SHAPES = ((2, 3), (3, 3), (2, 4))
CASES = [
    (k, pattern, topology, shape)
    for k in STATES
    for pattern in PATTERNS.names()
    for topology in TOPOLOGIES
    for shape in SHAPES
    if k ** (shape[0] * shape[1]) <= 70_000  # brute force enumerates every press vector
]


def _id(case: tuple[int, str, str, tuple[int, int]]) -> str:
    k, pattern, topology, (m, n) = case
    return f"k{k}-{pattern}-{topology}-{m}x{n}"


@cache
def _rules(k: int, pattern: str, topology: str, shape: tuple[int, int]) -> Rules:
    return Rules(*shape, parse_pattern(pattern), topology, k)  # type: ignore[arg-type]


@cache
def _matrix(rules: Rules) -> np.ndarray:
    """``A`` (cells × cells) mod ``k``, from the offsets alone."""
    return press_matrix(rules) % rules.states


@cache
def _brute(rules: Rules) -> tuple[frozenset[bytes], frozenset[bytes]]:
    """Every press vector that changes nothing, and every reachable change (as bytes)."""
    k, cells = rules.states, rules.cells
    xs = np.array(list(itertools.product(range(k), repeat=cells)), dtype=np.int64)
    images = (xs @ _matrix(rules).T) % k
    kernel = frozenset(x.astype(np.uint8).tobytes() for x, y in zip(xs, images, strict=True) if not y.any())
    image = frozenset(y.astype(np.uint8).tobytes() for y in images)
    return kernel, image


@pytest.fixture(scope="module", params=CASES, ids=[_id(c) for c in CASES])
def case(request: pytest.FixtureRequest) -> tuple[Rules, Algebra]:
    rules = _rules(*request.param)
    return rules, algebra(rules)


def test_the_factory_chooses_by_the_rules(case: tuple[Rules, Algebra]) -> None:
    rules, alg = case
    assert isinstance(alg, Algebra)
    assert alg.states == rules.states and alg.rules.shape == rules.shape
    expected = (ModkAlgebra if rules.states > 2 else ClassicAlgebra if rules.is_classic else PackedAlgebra)
    assert type(alg) is expected


def test_press_and_its_transpose_match_the_matrix(case: tuple[Rules, Algebra]) -> None:
    rules, alg = case
    a, k = _matrix(rules), rules.states
    rng = np.random.default_rng(rules.cells * 7 + k)
    for _ in range(5):
        x = rng.integers(0, k, size=rules.shape)
        assert np.array_equal(alg.press(x).ravel(), (a @ x.ravel()) % k)
        assert np.array_equal(alg.press_transpose(x).ravel(), (a.T @ x.ravel()) % k)


def test_kernel_is_the_brute_force_kernel(case: tuple[Rules, Algebra]) -> None:
    rules, alg = case
    k = rules.states
    kernel, _ = _brute(rules)
    gens, orders = alg.kernel().astype(np.int64), alg.kernel_orders()
    assert len(orders) == gens.shape[0] and alg.kernel_size == len(kernel)
    for g, o in zip(gens, orders, strict=True):
        assert not alg.press(g).any()
        assert not ((o * g) % k).any()
    # The generators span the kernel: their combinations (one per coefficient choice) are all of it.
    spanned = {
        (np.tensordot(np.array(c, dtype=np.int64), gens, axes=1) % k).astype(np.uint8).tobytes()
        for c in itertools.product(*(range(o) for o in orders))
    }
    assert spanned == set(kernel)
    assert len(alg.check_moduli) == len(orders) or rules.states > 2  # GF(2): one check per quiet pattern
    if k in (2, 3):  # a field: the kernel is a vector space of dimension nullity
        assert alg.kernel_size == k**alg.nullity


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_solve_and_syndrome_agree_with_brute_force(
    case: tuple[Rules, Algebra], data: st.DataObject
) -> None:
    rules, alg = case
    k, (m, n) = rules.states, rules.shape
    _, image = _brute(rules)
    change = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n)),
                      dtype=np.uint8).reshape(m, n)
    reachable = change.tobytes() in image
    assert alg.is_reachable(change) == reachable
    syndrome = np.asarray(alg.syndrome(change), dtype=np.int64)
    assert (not syndrome.any()) == reachable
    # The syndrome is linear: the cells' columns sum to it (each coordinate mod its modulus).
    moduli = np.array(alg.check_moduli, dtype=np.int64)
    if moduli.size:
        summed = (change.ravel().astype(np.int64) @ np.asarray(alg.columns(), dtype=np.int64)) % moduli
        assert np.array_equal(summed, syndrome % moduli)
    x = alg.solve(change)
    assert (x is not None) == reachable
    if x is not None:
        assert np.array_equal(alg.press(x), change)


@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_press_is_linear_and_solve_inverts_it(case: tuple[Rules, Algebra], data: st.DataObject) -> None:
    rules, alg = case
    k, cells = rules.states, rules.cells
    vec = st.lists(st.integers(0, k - 1), min_size=cells, max_size=cells)
    x = np.array(data.draw(vec), dtype=np.int64).reshape(rules.shape)
    y = np.array(data.draw(vec), dtype=np.int64).reshape(rules.shape)
    lhs = alg.press((x + y) % k).astype(np.int64)
    assert np.array_equal(lhs, (alg.press(x).astype(np.int64) + alg.press(y)) % k)
    change = alg.press(x)
    solved = alg.solve(change)
    assert solved is not None and np.array_equal(alg.press(solved), change)


def test_the_public_algebra_takes_rules_only() -> None:
    import lightsart
    from lightsart._errors import LightsartError

    assert lightsart.algebra is algebra and repr(lightsart.Algebra) == "<class 'lightsart.Algebra'>"
    with pytest.raises(LightsartError, match="takes the rules of a game"):
        lightsart.algebra(5)  # type: ignore[arg-type]
    assert isinstance(lightsart.algebra(lightsart.Rules(5, 5)), lightsart.Algebra)
