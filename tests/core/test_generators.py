from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._core.generators import cheap_bound, generators, linear_keys
from lightsart._core.packed import pack


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 130), st.integers(1, 200), st.integers(0, 2**32 - 1))
def test_generators_are_the_cheapest_pixel_of_each_distinct_nonzero_column(
    d: int, pixels: int, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    pool = rng.integers(0, 2, (max(1, pixels // 3), d), dtype=np.uint8)
    pool[0] = 0  # a zero column among them
    columns = pool[rng.integers(0, pool.shape[0], pixels)]
    cost = rng.random(pixels)
    gens = generators(columns, cost, d)
    expected = {}
    for p in range(pixels):
        key = columns[p].tobytes()
        if columns[p].any() and (key not in expected or cost[p] < cost[expected[key]]):
            expected[key] = p
    assert sorted(gens.pixel.tolist()) == sorted(expected.values())
    assert np.array_equal(gens.bits, columns[gens.pixel])
    for p in range(pixels):  # every pixel maps to the generator of its column
        g = gens.group[p]
        assert (g < 0) == (not columns[p].any())
        if g >= 0:
            assert np.array_equal(gens.bits[g], columns[p])
    # A set of pixels as generators: equal columns cancel, so their XOR is unchanged.
    chosen = rng.integers(0, pixels, 7)
    left = gens.of_pixels(chosen)
    assert np.array_equal(np.bitwise_xor.reduce(columns[chosen], axis=0),
                          np.bitwise_xor.reduce(gens.bits[left], axis=0)
                          if left.size else np.zeros(d, np.uint8))


def test_keys_are_linear() -> None:
    rng = np.random.default_rng(1)
    rows = pack(rng.integers(0, 2, (50, 150), dtype=np.uint8))
    keys = linear_keys(rows)
    assert np.array_equal(linear_keys(rows[:25] ^ rows[25:]), keys[:25] ^ keys[25:])
    assert len(set(keys.tolist())) == 50


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 9), st.integers(3, 14), st.integers(0, 2**32 - 1), st.booleans())
def test_cheap_bound_never_exceeds_the_brute_force_minimum(
    d: int, pixels: int, seed: int, unit: bool
) -> None:
    rng = np.random.default_rng(seed)
    columns = rng.integers(0, 2, (pixels, d), dtype=np.uint8)
    syndrome = rng.integers(0, 2, d, dtype=np.uint8)
    cost = np.ones(pixels) if unit else rng.random(pixels) + 0.1
    best = np.inf
    for k in range(pixels + 1):
        for subset in itertools.combinations(range(pixels), k):
            if np.array_equal(np.bitwise_xor.reduce(columns[list(subset)], axis=0)
                              if subset else np.zeros(d, np.uint8), syndrome):
                best = min(best, float(cost[list(subset)].sum()))
    bound = cheap_bound(generators(columns, cost, d), pack(syndrome[None, :])[0], unit)
    assert bound <= best + 1e-9
