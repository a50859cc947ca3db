"""Grid symmetries of a coset of quiet patterns (``lightsart._core.coset_symmetry``)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from symmetric_cosets import symmetric_instance

from lightsart._core.coset_symmetry import (
    coset_symmetries,
    grid_permutations,
    invariant_flag,
    leaf_action,
)
from lightsart._core.gf2 import classic_algebra
from lightsart._core.quiet import combine_patterns


def member(x0: np.ndarray, patterns: np.ndarray, choice: int) -> np.ndarray:
    return x0 ^ combine_patterns(patterns, choice)


def test_grid_permutations_are_the_dihedral_group() -> None:
    square = grid_permutations((4, 4))
    assert len(square) == 7 and len({p.tobytes() for p in square}) == 7
    assert len(grid_permutations((3, 5))) == 3
    for perm in square:
        assert sorted(perm.tolist()) == list(range(16))


def test_all_lit_board_keeps_all_eight_symmetries_and_maps_members() -> None:
    alg = classic_algebra(9, 9)
    x0 = alg.solve(np.ones((9, 9), np.uint8))
    assert x0 is not None
    maps = coset_symmetries(x0, alg.quiet_patterns)
    assert len(maps) == 7
    rng = np.random.default_rng(0)
    for a, perm in zip(maps, grid_permutations((9, 9)), strict=True):
        for _ in range(5):
            choice = int(rng.integers(0, 1 << alg.nullity))
            image = a.linear(choice) ^ a.shift
            moved = member(x0, alg.quiet_patterns, choice).ravel()[perm].reshape(9, 9)
            assert np.array_equal(moved, member(x0, alg.quiet_patterns, image))


def test_a_lopsided_coset_has_no_symmetry() -> None:
    alg = classic_algebra(9, 9)
    clicks = np.zeros((9, 9), np.uint8)
    clicks[0, 1] = 1
    assert coset_symmetries(clicks, alg.quiet_patterns) == []


def rank(vectors: list[int]) -> int:
    pivots: dict[int, int] = {}
    for v in vectors:
        while v and v.bit_length() - 1 in pivots:
            v ^= pivots[v.bit_length() - 1]
        if v:
            pivots[v.bit_length() - 1] = v
    return len(pivots)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(5, 5), (6, 6), (4, 6)]))
def test_flag_is_invariant_and_canonical_leaves_meet_every_orbit_once(seed: int,
                                                                     shape: tuple[int, int]) -> None:
    x0, patterns = symmetric_instance(np.random.default_rng(seed), shape, 2)
    d = patterns.shape[0]
    maps = coset_symmetries(x0, patterns)
    assert len(maps) == (7 if shape[0] == shape[1] else 3)
    flag = invariant_flag(maps, d)
    assert rank(flag) == d
    for i in range(1, d + 1):
        for a in maps:
            assert rank(flag[:i] + [a.linear(v) for v in flag[:i]]) == i
    inner = d // 2
    action = leaf_action(maps, flag, inner)
    leaves = np.arange(1 << (d - inner), dtype=np.int64)
    canonical = action.canonical(leaves)
    # The orbit of each leaf under the maps (closed under composition) has one smallest member.
    images = np.stack([leaves] + [lo[leaves & ((1 << action.half) - 1)] ^ hi[leaves >> action.half]
                                  for lo, hi in action.tables])
    assert np.array_equal(canonical, images.min(axis=0) == leaves)
    assert canonical[images.min(axis=0)].all()
