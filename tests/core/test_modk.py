"""The k-state algebra (core.modk, core.modp, core.presses and core.closest), checked by brute force on every
small board, by the GF(2) algebra for k = 2, and by hypothesis on larger boards."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._choices import TOPOLOGIES
from lightsart._core import modp
from lightsart._core.closest import decode_levels
from lightsart._core.general import packed_algebra
from lightsart._core.modk import ModkAlgebra, modk_algebra
from lightsart._core.presses import fewest_presses
from lightsart._errors import LightsartError
from lightsart._rules import PATTERNS, Rules, parse_pattern, press

SHAPES = [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (1, 4), (2, 3), (3, 2), (1, 5), (1, 6), (2, 4), (3, 3),
          (4, 2), (2, 5)]
#: Press vectors enumerated per board: every one of the k^cells.
BRUTE_MAX = 1 << 13


class Brute:
    """Every press vector of a small board pressed at once."""

    def __init__(self, rules: Rules, k: int) -> None:
        rules = rules.with_states(k)
        m, n = rules.shape
        self.rules, self.k, self.cells = rules, k, m * n
        self.every = np.array(list(itertools.product(range(k), repeat=m * n)), dtype=np.int64)
        units = np.eye(m * n, dtype=np.int64).reshape(-1, m, n)
        self.A = np.stack([press(u, rules).ravel() for u in units], axis=1).astype(np.int64)
        self.images = (self.every @ self.A.T) % k
        self.weights = k ** np.arange(m * n, dtype=np.int64)
        self.codes = self.images @ self.weights
        self.reachable = np.zeros(k ** (m * n), dtype=bool)
        self.reachable[self.codes] = True
        self.fewest = np.full(k ** (m * n), 1 << 30, dtype=np.int64)
        np.minimum.at(self.fewest, self.codes, self.every.sum(axis=1))
        self.image = np.unique(self.images, axis=0)

    def code(self, board: np.ndarray) -> int:
        return int(board.astype(np.int64).ravel() @ self.weights)

    def closest(self, target: np.ndarray, start: np.ndarray) -> tuple[int, int]:
        boards = (start.ravel()[None, :] + self.image) % self.k
        t = target.ravel()[None, :]
        return int((boards != t).sum(axis=1).min()), int(np.abs(boards - t).sum(axis=1).min())

    def cheapest(self, target: np.ndarray, start: np.ndarray, costs: np.ndarray) -> float:
        """The least ``Σ costs[c, e_c]`` over reachable boards ``target + e``."""
        boards = (start.ravel()[None, :] + self.image) % self.k
        errors = (boards - target.ravel()[None, :]) % self.k
        return float(costs[np.arange(self.cells)[None, :], errors].sum(axis=1).min())


def check_against_brute(alg: ModkAlgebra, brute: Brute, rng: np.random.Generator) -> None:
    k, (m, n) = brute.k, brute.rules.shape
    where = (m, n, alg.rules.pattern.name, alg.rules.topology, k, alg.method)
    assert alg.kernel_size == int((brute.codes == 0).sum()), where
    assert alg.reachable_count == int(brute.reachable.sum()), where
    # The zero-syndrome changes are exactly the image of A.
    moduli = np.array(alg.check_moduli, dtype=np.int64)
    syndromes = (brute.every @ alg.syndrome_columns()) % moduli
    assert np.array_equal(~syndromes.any(axis=1), brute.reachable[brute.every @ brute.weights]), where
    # The generators span the kernel, each element exactly once.
    gens, orders = alg.kernel_generators()
    assert int(np.prod(orders)) == alg.kernel_size
    lambdas = np.array(list(itertools.product(*[range(o) for o in orders])), dtype=np.int64)
    kernel = (lambdas @ gens.reshape(len(orders), m * n).astype(np.int64)) % k
    assert len({tuple(v) for v in kernel}) == alg.kernel_size, where
    assert not (kernel @ brute.A.T % k).any(), where
    for change in brute.every[rng.integers(0, len(brute.every), 8)]:
        c = change.reshape(m, n)
        x = alg.solve(c)
        assert alg.is_reachable(c) == (x is not None) == bool(brute.reachable[brute.code(c)]), where
        if x is not None:
            assert np.array_equal(press(x, alg.rules), c)
    for x in brute.every[rng.integers(0, len(brute.every), 4)]:
        x = x.reshape(m, n)
        best = int(brute.fewest[brute.code(press(x, alg.rules))])
        exact = fewest_presses(alg, x)
        assert exact.proven and exact.count == best == int(exact.clicks.sum()), where
        assert np.array_equal(press(exact.clicks, alg.rules), press(x, alg.rules))
        guess = fewest_presses(alg, x, exact_max=0)
        assert guess.count >= best and (not guess.proven or guess.count == best), where
        assert exact.lower_bound == best and guess.lower_bound <= best, where
        assert guess.proven == (guess.count == guess.lower_bound), where
    for _ in range(3):
        target = rng.integers(0, k, (m, n))
        start = rng.integers(0, k, (m, n)) if rng.random() < 0.5 else np.full((m, n), k - 1)
        wrong, bright = brute.closest(target, start)
        for metric, best in (("wrong", wrong), ("brightness", bright)):
            # The decoder step (no fit): ``wrong_cost`` is the quantity the metric names.
            exact = decode_levels(target, None, alg, start=start, metric=metric)  # type: ignore[arg-type]
            assert exact.proven and exact.wrong_cost == best == exact.lower_bound, (where, metric)
            assert exact.wrong_cost == (np.count_nonzero(exact.board != target) if metric == "wrong"
                                        else np.abs(exact.board.astype(np.int64) - target).sum())
            assert brute.reachable[brute.code((exact.board.astype(np.int64) - start) % k)]
            assert np.array_equal((start + press(exact.presses, alg.rules)) % k, exact.board)
            guess = decode_levels(target, None, alg, start=start, metric=metric, exact_max=0)  # type: ignore[arg-type]
            got = guess.wrong_cost
            assert guess.lower_bound <= best <= got, (where, metric)
            assert not guess.proven or got == best, (where, metric)
            assert np.array_equal((start + press(guess.presses, alg.rules)) % k, guess.board)
        # Per-cell costs of each wrong level (as --errors perceptual gives): the least total.
        costs = rng.random((m * n, k)) + 0.1
        costs[:, 0] = 0.0
        best_cost = brute.cheapest(target, start, costs)
        exact = decode_levels(target, costs, alg, start=start)
        assert exact.proven and exact.wrong_cost == pytest.approx(best_cost), where
        assert np.array_equal((start + press(exact.presses, alg.rules)) % k, exact.board)
        guess = decode_levels(target, costs, alg, start=start, exact_max=0)
        assert guess.weighted and guess.lower_bound <= best_cost + 1e-9 <= guess.wrong_cost + 2e-9
        assert not guess.proven or guess.wrong_cost == pytest.approx(best_cost), where
        errors = (guess.board.astype(np.int64) - target) % k
        assert guess.wrong_cost == pytest.approx(costs[np.arange(m * n), errors.ravel()].sum())
        assert np.array_equal((start + press(guess.presses, alg.rules)) % k, guess.board)


@pytest.mark.parametrize("k", [3, 4, 5, 6, 8, 9, 16])
@pytest.mark.parametrize("topology", TOPOLOGIES)
@pytest.mark.parametrize("pattern", list(PATTERNS))
def test_brute_force_on_every_small_board(pattern: str, topology: str, k: int) -> None:
    rng = np.random.default_rng(13 * k)
    for m, n in SHAPES:
        if k ** (m * n) > BRUTE_MAX:
            continue
        rules = Rules(m, n, parse_pattern(pattern), topology)  # type: ignore[arg-type]
        brute = Brute(rules, k)
        for method in ("auto", "eliminate"):
            check_against_brute(modk_algebra(rules.with_states(k), method), brute, rng)


def test_kernel_is_a_module_not_a_vector_space() -> None:
    # Over Z/4 the 4x4 plus kernel is Z/2 ⊕ Z/2 ⊕ Z/4 ⊕ Z/4 (64 elements, not 4^d for d = 4 or 3 alone).
    alg = modk_algebra(Rules(4, 4).with_states(4))
    assert alg.check_moduli == (2, 2, 4, 4) and alg.kernel_size == 64
    assert sorted(alg.kernel_generators()[1]) == [2, 2, 4, 4]
    # 1x2 sigma: A = [[0, 1], [1, 0]] is invertible for every k; 1x1 sigma has A = 0.
    sigma = parse_pattern("sigma")
    assert modk_algebra(Rules(1, 2, sigma).with_states(12)).kernel_size == 1
    assert modk_algebra(Rules(1, 1, sigma).with_states(12)).kernel_size == 12
    # Some board over Z/4 has a kernel whose size is no power of 4.
    sizes = {modk_algebra(Rules(m, n).with_states(4)).kernel_size for m in range(1, 7) for n in range(1, 7)}
    assert any(s.bit_length() % 2 == 0 for s in sizes), sizes


@pytest.mark.parametrize("topology", TOPOLOGIES)
@pytest.mark.parametrize("pattern", list(PATTERNS))
def test_two_states_agree_with_gf2(pattern: str, topology: str) -> None:
    rng = np.random.default_rng(2)
    for m, n in [(4, 4), (5, 5), (6, 9), (9, 9), (16, 16), (19, 19)]:
        rules = Rules(m, n, parse_pattern(pattern), topology)  # type: ignore[arg-type]
        gf2, alg = packed_algebra(rules), modk_algebra(rules.with_states(2))
        assert alg.kernel_size == 2**gf2.nullity, (m, n)
        for _ in range(3):
            c = rng.integers(0, 2, (m, n))
            assert alg.is_reachable(c) == gf2.is_reachable(c)


RULES = st.builds(
    Rules,
    st.integers(1, 12),
    st.integers(1, 12),
    st.sampled_from(list(PATTERNS)).map(parse_pattern),
    st.sampled_from(TOPOLOGIES),
)


@settings(max_examples=60, deadline=None)
@given(RULES, st.integers(2, 16), st.integers(0, 2**32 - 1))
def test_solve_recovers_any_pressed_change(rules: Rules, k: int, seed: int) -> None:
    rules = rules.with_states(k)
    alg = modk_algebra(rules.with_states(k))
    x = np.random.default_rng(seed).integers(0, k, rules.shape)
    c = press(x, rules)
    assert alg.is_reachable(c)
    y = alg.solve(c)
    assert y is not None and np.array_equal(press(y, rules), c)
    assert not press((x - y.astype(np.int64)) % k, rules).any()  # x - y is in the kernel


@settings(max_examples=25, deadline=None)
@given(RULES, st.sampled_from([4, 6, 8, 9, 12, 16]))
def test_chase_and_elimination_agree(rules: Rules, k: int) -> None:
    chased, dense = modk_algebra(rules.with_states(k)), modk_algebra(rules.with_states(k), "eliminate")
    assert chased.kernel_size == dense.kernel_size
    assert sorted(chased.check_moduli) == sorted(dense.check_moduli)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(2, 1), (3, 1), (2, 2), (2, 3), (3, 2), (2, 4), (5, 1), (7, 1)]),
       st.integers(1, 7), st.integers(0, 2**32 - 1))
def test_smith_form_solves_exactly_the_image(pe: tuple[int, int], n: int, seed: int) -> None:
    p, e = pe
    q = p**e
    rng = np.random.default_rng(seed)
    # Entries with assorted valuations, so the local pivoting is exercised.
    M = rng.integers(0, q, (n, n)) * p ** rng.integers(0, e + 1, (n, n)) % q
    s = modp.smith(M, p, e)
    x = rng.integers(0, q, n)
    b = M @ x % q
    y = s.solve(b)
    assert y is not None and np.array_equal(M @ y % q, b)
    assert not s.syndrome(b[:, None]).any()
    gens, orders = s.kernel()
    assert not (M @ gens.T % q).any() and int(np.prod(orders)) == p**s.kernel_log
    if q**n <= 4096:
        every = np.array(list(itertools.product(range(q), repeat=n)), dtype=np.int64)
        assert int((~(every @ M.T % q).any(axis=1)).sum()) == p**s.kernel_log


def test_press_mod_counts_coinciding_offsets() -> None:
    # A 1x1 torus: all five plus offsets land on the one cell.
    assert press(np.ones((1, 1), dtype=int), Rules(1, 1, topology="torus").with_states(7)).tolist() == [[5]]
    # A 1x2 cylinder: left and right neighbours coincide, so a click adds 2 to the other cell.
    assert press(np.array([[1, 0]]), Rules(1, 2, topology="cylinder").with_states(5)).tolist() == [[1, 2]]


def test_refusals() -> None:
    for k in (1, 17):
        with pytest.raises(LightsartError, match="states per cell"):
            modk_algebra(Rules(3, 3).with_states(k))
    with pytest.raises(LightsartError, match="SYSTEM_MAX"):
        modk_algebra(Rules(40, 40, parse_pattern("square"), "torus").with_states(3), "eliminate")
    with pytest.raises(LightsartError, match="shape"):
        modk_algebra(Rules(3, 3).with_states(3)).solve(np.zeros((2, 2), dtype=int))
    with pytest.raises(LightsartError, match="metric"):
        decode_levels(np.zeros((3, 3), dtype=int), None, modk_algebra(Rules(3, 3).with_states(3)),
                      metric="x")  # type: ignore[arg-type]


def test_large_board_is_refused_before_work() -> None:
    with pytest.raises(LightsartError, match="SYSTEM_MAX"):
        modk_algebra(Rules(300, 300, parse_pattern("square"), "torus").with_states(5))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12), st.integers(1, 3), st.data())
def test_linear_map_solves_and_counts_its_kernel_like_brute_force(k: int, n: int,
                                                                  data: st.DataObject) -> None:
    from lightsart._core.modk import linear_map

    entries = data.draw(st.lists(st.integers(0, k - 1), min_size=n * n, max_size=n * n))
    M = np.array(entries, dtype=np.int64).reshape(n, n)
    lin = linear_map(M, k)
    every = np.array(list(itertools.product(range(k), repeat=n)), dtype=np.int64)
    images = {tuple(v) for v in (every @ M.T % k).tolist()}
    assert lin.kernel_size == int((every @ M.T % k == 0).all(axis=1).sum())
    for b in itertools.product(range(k), repeat=n):
        t = lin.solve(np.array(b))
        assert (t is not None) == (b in images)
        if t is not None:
            assert np.array_equal(M @ t % k, np.array(b))
    gens, orders = lin.kernel_generators()
    assert int(np.prod(orders, dtype=object)) == lin.kernel_size
    for g, o in zip(gens, orders, strict=True):
        assert not (M @ g % k).any() and not (o * g % k).any()


@pytest.mark.parametrize("topology", TOPOLOGIES)
def test_a_drawn_pattern_whose_chase_has_no_free_clicks(topology: str) -> None:
    """``110/010/000`` forces every click from the row above, so the chase has no free clicks
    (an empty batch once crashed ``residuals``); checked by brute force like the named patterns."""
    rng = np.random.default_rng(3)
    for k in (3, 4, 6):
        for m, n in [(2, 3), (3, 3), (2, 4)]:
            if k ** (m * n) > BRUTE_MAX:
                continue
            rules = Rules(m, n, parse_pattern("110/010/000"), topology)  # type: ignore[arg-type]
            check_against_brute(modk_algebra(rules.with_states(k)), Brute(rules, k), rng)
