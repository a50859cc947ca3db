"""The leaves of the split search (``lightsart._core.fewest_leaf``), compiled and in numpy, against
each leaf's transform written out from its definition, and the whole search with compiled leaves
against one transform of the coset."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._core.fewest import coset_minimum
from lightsart._core.fewest_leaf import leaf_data, score_leaves
from lightsart._core.gf2 import classic_algebra
from lightsart._core.quiet import coset_weights


def leaf_by_definition(k: int, f_alone: np.ndarray, vb: np.ndarray, s: np.ndarray,
                       group: np.ndarray, groups: np.ndarray, b: int) -> np.ndarray:
    """``F_b(a) = sum_g t_g(b) (-1)^(a·g)`` for every ``a``, one stage at a time in int64."""
    f = f_alone.astype(np.int64)
    for p in range(vb.size):
        f[groups[group[p]]] += s[p] * (-1) ** bin(int(vb[p]) & b).count("1")
    h = 1
    while h < f.size:
        pairs = f.reshape(-1, 2, h)
        f = np.stack([pairs[:, 0] + pairs[:, 1], pairs[:, 0] - pairs[:, 1]], axis=1).ravel()
        h *= 2
    return f


def random_leaves(rng: np.random.Generator, k: int, dtype: type) -> tuple:
    f_alone = np.zeros(1 << k, dtype)
    f_alone[rng.integers(0, 1 << k, 8)] = rng.integers(-4, 5, 8)
    groups = np.unique(rng.integers(0, 1 << k, int(rng.integers(1, 200))))
    moving = int(rng.integers(1, 400))
    group = rng.integers(0, groups.size, moving)
    vb = rng.integers(0, 1 << 20, moving)
    s = rng.integers(-3, 4, moving)
    return f_alone, vb, s, group, groups


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 19), st.sampled_from([np.int16, np.int32]))
def test_leaves_match_definition(seed: int, k: int, dtype: type) -> None:
    rng = np.random.default_rng(seed)
    f_alone, vb, s, group, groups = random_leaves(rng, k, dtype)
    data = leaf_data(k, f_alone, vb, s, group, groups)
    leaves = rng.integers(0, 1 << 20, 6)
    exact = [leaf_by_definition(k, f_alone, vb, s, group, groups, int(b)) for b in leaves]
    tops = np.array([int(f.max()) for f in exact])
    # Thresholds below, at and above each leaf's best: the compiled leaf skips the last stages
    # of whatever cannot exceed the threshold, and must still report every leaf that does.
    for above in (-(1 << 40), int(np.median(tops)), int(tops.min()) - 1, int(tops.max())):
        for compiled in (True, False):
            values, places = score_leaves(data, leaves, above, compiled)
            for value, place, f, top in zip(values, places, exact, tops, strict=True):
                if top > above:
                    assert value == top
                    assert place == int(np.flatnonzero(f == top)[0])
                else:
                    assert value <= above and place == -1


def test_compiled_leaves_are_pruned_by_a_sound_bound() -> None:
    # A leaf of 2**18 entries runs its last five stages chunk by chunk, after the bound; with the
    # threshold just below the best leaf, only that leaf's best chunk needs them.
    rng = np.random.default_rng(3)
    f_alone, vb, s, group, groups = random_leaves(rng, 18, np.int16)
    data = leaf_data(18, f_alone, vb, s, group, groups)
    leaves = rng.integers(0, 1 << 20, 4)
    exact, _ = score_leaves(data, leaves, -(1 << 40), compiled=False)
    best = int(exact.max())
    values, _ = score_leaves(data, leaves, best - 1)
    assert values.max() == best
    assert [v == best for v in values] == [v == best for v in exact]


@pytest.mark.parametrize("seed", range(4))
def test_search_with_compiled_leaves_matches_one_transform(seed: int) -> None:
    rng = np.random.default_rng(900 + seed)
    d = 20
    while True:
        patterns = rng.integers(0, 2, (d, 1, 60), dtype=np.uint8)
        x0 = rng.integers(0, 2, (1, 60), dtype=np.uint8)
        if np.linalg.matrix_rank(patterns.reshape(d, -1).astype(float)) == d:
            break
    expected = int(coset_weights(x0, patterns).min())
    for inner in (15, 18):
        found = coset_minimum(x0, patterns, inner=inner, compiled=True)
        reference = coset_minimum(x0, patterns, inner=inner, compiled=False)
        assert found.proven and found.weight == expected
        assert found == reference


@pytest.mark.parametrize("n", [19, 30])
def test_real_boards_with_compiled_leaves(n: int) -> None:
    alg = classic_algebra(n, n)
    x0 = alg.solve(np.ones((n, n), dtype=np.uint8))
    assert x0 is not None
    expected = int(coset_weights(x0, alg.quiet_patterns).min())
    found = coset_minimum(x0, alg.quiet_patterns, inner=14, compiled=True)
    assert found.proven and found.symmetries == 7 and found.weight == expected
    assert found == coset_minimum(x0, alg.quiet_patterns, inner=14, compiled=False)
