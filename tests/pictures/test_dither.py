"""Dithering methods: every kernel against a textbook per-pixel loop, the masks against their
definitions, and the tone each method keeps."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from script_loader import load_script

from lightsart._errors import LightsartError
from lightsart._pictures import dither as dithering
from lightsart._pictures.dither import (
    DITHER_METHODS,
    KERNELS,
    Kernel,
    bayer_matrix,
    blue_noise_mask,
    dither,
    srgb_to_linear,
)
from lightsart._pictures.image import floyd_steinberg, read_gray, threshold

ROOT = Path(__file__).resolve().parents[2]
RNG = np.random.default_rng(20240917)

# The kernels as their authors print them, written out here independently of the module:
# (divisor, rows of weights; the current pixel is the centre of the first row).
TEXTBOOK = {
    "floyd-steinberg": (16, [[0, 0, 7],
                             [3, 5, 1]]),
    "atkinson": (8, [[0, 0, 0, 1, 1],
                     [0, 1, 1, 1, 0],
                     [0, 0, 1, 0, 0]]),
    "jarvis-judice-ninke": (48, [[0, 0, 0, 7, 5],
                                 [3, 5, 7, 5, 3],
                                 [1, 3, 5, 3, 1]]),
    "stucki": (42, [[0, 0, 0, 8, 4],
                    [2, 4, 8, 4, 2],
                    [1, 2, 4, 2, 1]]),
    "burkes": (32, [[0, 0, 0, 8, 4],
                    [2, 4, 8, 4, 2]]),
    "sierra": (32, [[0, 0, 0, 5, 3],
                    [2, 4, 5, 4, 2],
                    [0, 2, 3, 2, 0]]),
    "sierra-lite": (4, [[0, 0, 2],
                        [1, 1, 0]]),
}  # fmt: skip
FULL_KERNELS = [name for name in TEXTBOOK if name != "atkinson"]  # Atkinson passes on only 6/8
MASK_SIDE = {"bayer": 8, "bayer-2": 2, "bayer-4": 4, "bayer-8": 8, "blue-noise": 64}
ORDERED = list(MASK_SIDE)


def diffuse_reference(
    gray: np.ndarray, name: str, states: int, linear: bool = False, seen: np.ndarray | None = None
) -> np.ndarray:
    """Textbook serpentine error diffusion, one pixel at a time: each pixel becomes its nearest
    level and hands ``error * (w / divisor)`` to each neighbour still inside the picture.
    ``seen``, if given, receives each pixel's value when its turn comes."""
    divisor, grid = TEXTBOOK[name]
    half = len(grid[0]) // 2
    shown = [i / (states - 1) for i in range(states)]
    a = np.clip(gray.astype(np.float64), 0, 1)
    if linear:
        a, shown = srgb_to_linear(a), srgb_to_linear(np.array(shown)).tolist()
    a = a.copy()
    midpoints = [(shown[k] + shown[k + 1]) / 2 for k in range(states - 1)]
    m, n = a.shape
    out = np.zeros((m, n), dtype=np.uint8)
    for i in range(m):
        d = 1 if i % 2 == 0 else -1
        for j in range(n) if d == 1 else range(n - 1, -1, -1):
            v = float(a[i, j])
            if seen is not None:
                seen[i, j] = v
            level = sum(v >= t for t in midpoints)  # nearest level, ties to the brighter
            out[i, j] = level
            e = v - shown[level]
            for dy, row in enumerate(grid):
                for col, w in enumerate(row):
                    y, x = i + dy, j + (col - half) * d
                    if w and 0 <= y < m and 0 <= x < n:
                        a[y, x] += e * (w / divisor)
    return out


pictures = hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=12),
                      elements=st.floats(0, 1))


def both_ways(g: np.ndarray, name: str, states: int, linear: bool = False) -> list[np.ndarray]:
    """``dither`` by rows in Python (small boards) and by the compiled loop (large boards)."""
    results = []
    for compiled_from in (sys.maxsize, 0):
        with mock.patch.object(dithering, "COMPILED_FROM", compiled_from):
            results.append(dither(g, name, states=states, linear=linear))
    return results


def assert_textbook(g: np.ndarray, name: str, states: int, linear: bool = False) -> None:
    expected = diffuse_reference(g, name, states, linear=linear)
    for cells in both_ways(g, name, states, linear):
        assert np.array_equal(cells, expected)


@pytest.mark.parametrize("states", [2, 3, 4])
@pytest.mark.parametrize("name", list(TEXTBOOK))
@settings(max_examples=40, deadline=None)
@given(g=pictures)
def test_error_diffusion_matches_the_textbook_loop(name: str, states: int, g: np.ndarray) -> None:
    assert_textbook(g, name, states)


def near_ties(name: str, states: int, seed: int) -> np.ndarray:
    """A random picture whose greys are nudged so that some pixels meet a midpoint between two
    levels exactly (in the textbook's order of additions): there, adding the same errors in
    another order would round the other way and pick the other level."""
    rng = np.random.default_rng(seed)
    g = rng.random((4, 7))
    midpoints = (np.arange(states - 1) + 0.5) / (states - 1)
    seen = np.empty_like(g)
    for flat in sorted(rng.choice(g.size, 8, replace=False)):
        i, j = divmod(int(flat), g.shape[1])
        j = j if i % 2 == 0 else g.shape[1] - 1 - j  # in scan order
        for _ in range(4):
            diffuse_reference(g, name, states, seen=seen)
            miss = midpoints[np.argmin(abs(midpoints - seen[i, j]))] - seen[i, j]
            if miss == 0 or not 0 <= g[i, j] + miss <= 1:
                break
            g[i, j] += miss
    return g


@pytest.mark.parametrize("name", list(TEXTBOOK))
@pytest.mark.parametrize("states", [2, 3, 4])
def test_error_diffusion_adds_errors_in_the_textbook_order(name: str, states: int) -> None:
    for seed in range(12):
        assert_textbook(near_ties(name, states, seed), name, states)


@pytest.mark.parametrize("name", list(TEXTBOOK))
@pytest.mark.parametrize("states", [2, 3])
def test_error_diffusion_matches_the_textbook_loop_on_a_photo(name: str, states: int) -> None:
    g = read_gray(ROOT / "samples" / "cat.png")[100:140, 60:110]
    assert_textbook(g, name, states)
    assert_textbook(g, name, states, linear=True)


@pytest.mark.parametrize("name", list(TEXTBOOK))
def test_both_ways_agree_on_a_large_photo_with_many_levels(name: str) -> None:
    # Far more pixels than the textbook loop can check quickly: the two implementations agree.
    g = read_gray(ROOT / "samples" / "cat.png")
    for states, linear in ((2, False), (5, True), (16, False)):
        by_rows, compiled = both_ways(g, name, states, linear)
        assert np.array_equal(by_rows, compiled)


def test_small_boards_do_not_load_numba() -> None:
    code = ("import sys, numpy as np; from lightsart._pictures.dither import dither; "
            "dither(np.full((200, 300), 0.5)); print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"  # numba costs ~0.5 s to start: large boards only


def test_every_kernel_is_tested_against_its_textbook_form() -> None:
    assert set(KERNELS) == set(TEXTBOOK)
    with pytest.raises(ValueError, match="taps"):
        Kernel(16, ((0, 3, 1),))  # the in-row loop carries error at most two pixels ahead


@settings(max_examples=150, deadline=None)
@given(g=pictures)
def test_floyd_steinberg_is_the_image_stage_bit_for_bit(g: np.ndarray) -> None:
    assert np.array_equal(dither(g), floyd_steinberg(g))
    assert np.array_equal(dither(g, "floyd-steinberg", states=2), floyd_steinberg(g))


def test_floyd_steinberg_is_the_image_stage_on_a_large_picture() -> None:
    g = RNG.random((300, 257))
    assert np.array_equal(dither(g), floyd_steinberg(g))


# ------------------------------------------------------------------------------ masks


def bayer_recursive(size: int) -> np.ndarray:
    m = np.array([[0, 2], [3, 1]])
    while len(m) < size:
        m = np.block([[4 * m, 4 * m + 2], [4 * m + 3, 4 * m + 1]])
    return m


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32])
def test_bayer_matrix_is_the_recursive_one(size: int) -> None:
    m = bayer_matrix(size)
    assert np.array_equal(m, bayer_recursive(size))
    assert np.array_equal(np.sort(m.ravel()), np.arange(size * size))


def test_bayer_sizes_must_be_powers_of_two() -> None:
    for bad in (0, 1, 3, 6, -4):
        with pytest.raises(LightsartError, match="power of two"):
            bayer_matrix(bad)


def low_frequency_power(mask: np.ndarray) -> float:
    """Mean power at spatial frequencies up to 1/8 of the mask's side (DC excluded) of the 50 %
    pattern ``mask < N²/2``, per pixel: about 1/4 for white noise, whatever the size."""
    n = mask.shape[0]
    pattern = (mask < mask.size // 2).astype(np.float64)
    power = np.abs(np.fft.fft2(pattern - pattern.mean())) ** 2 / mask.size
    f = np.fft.fftfreq(n) * n
    radius = np.hypot(f[:, None], f[None, :])
    return float(power[(radius > 0) & (radius <= n / 8)].mean())


def test_committed_blue_noise_mask_is_what_the_script_writes() -> None:
    script = load_script("scripts/make_blue_noise.py")
    committed = blue_noise_mask()
    assert committed.shape == (64, 64) and committed.dtype == np.uint16
    assert np.array_equal(np.sort(committed.ravel()), np.arange(64 * 64))
    written = script.void_and_cluster(script.SIZE, script.SEED)
    assert np.array_equal(committed, written)
    # The file read as numpy reads it (its header's spacing is numpy's, not ours).
    committed_file = ROOT / "lightsart" / "_pictures" / "data" / "blue_noise_64.npy"
    stored = np.load(committed_file, allow_pickle=False)
    assert stored.dtype == written.dtype and np.array_equal(stored, written)


def test_void_and_cluster_is_reproducible_from_its_seed() -> None:
    script = load_script("scripts/make_blue_noise.py")
    small = script.void_and_cluster(16, seed=7)
    assert np.array_equal(np.sort(small.ravel()), np.arange(256))
    assert np.array_equal(small, script.void_and_cluster(16, seed=7))
    assert not np.array_equal(small, script.void_and_cluster(16, seed=8))


def test_blue_noise_has_little_low_frequency_energy() -> None:
    white = RNG.permutation(64 * 64).reshape(64, 64)
    assert low_frequency_power(white) > 0.15  # the statistic does tell white noise apart
    assert low_frequency_power(blue_noise_mask()) < 0.02
    assert low_frequency_power(load_script("scripts/make_blue_noise.py").void_and_cluster(32, seed=3)) < 0.05


def test_blue_noise_mask_is_read_only_and_loaded_once() -> None:
    assert blue_noise_mask() is blue_noise_mask()
    assert not blue_noise_mask().flags.writeable


# ------------------------------------------------------------------------------ tone


@pytest.mark.parametrize("name", FULL_KERNELS)
@pytest.mark.parametrize("gray", [0.02, 0.1, 0.3, 0.5, 0.75, 0.9])
def test_error_diffusion_keeps_the_mean_of_flat_greys(name: str, gray: float) -> None:
    cells = dither(np.full((128, 128), gray), name)
    assert abs(cells[4:-4, 4:-4].mean() - gray) < 0.005  # error leaving the edges is dropped


@pytest.mark.parametrize("name", FULL_KERNELS)
@pytest.mark.parametrize("states", [3, 4, 16])
def test_error_diffusion_keeps_the_mean_with_more_levels(name: str, states: int) -> None:
    cells = dither(np.full((96, 96), 0.3), name, states=states)
    assert abs(cells[4:-4, 4:-4].mean() / (states - 1) - 0.3) < 0.005


def test_atkinson_passes_on_six_eighths_of_the_error() -> None:
    cells = dither(np.full((128, 128), 0.02), "atkinson")
    assert cells.sum() == 0  # light errors die out: Atkinson's clean highlights and shadows
    assert dither(np.full((128, 128), 0.5), "atkinson")[4:-4, 4:-4].mean() == 0.5


@pytest.mark.parametrize("name", ORDERED)
@pytest.mark.parametrize("gray", [0.02, 0.3, 0.5, 0.9])
def test_ordered_dithering_keeps_the_mean_of_flat_greys(name: str, gray: float) -> None:
    side = MASK_SIDE[name]
    cells = dither(np.full((128, 128), gray), name)  # whole tiles of every mask
    assert abs(cells.mean() - gray) <= 1 / (2 * side * side) + 1e-12  # nearest multiple of 1/side²


@pytest.mark.parametrize("name", ORDERED)
@pytest.mark.parametrize("states", [3, 5, 16])
def test_ordered_dithering_uses_the_two_levels_around_a_grey(name: str, states: int) -> None:
    gray = 0.3
    cells = dither(np.full((128, 128), gray), name, states=states)
    below = math.floor(gray * (states - 1))
    assert set(np.unique(cells)) <= {below, below + 1}
    assert abs(cells.mean() / (states - 1) - gray) < 1 / (states - 1) / 8


@pytest.mark.parametrize("states", [2, 3, 7, 16])
def test_none_is_rounding_to_the_nearest_level(states: int) -> None:
    g = RNG.random((40, 50))
    assert np.array_equal(dither(g, "none", states=states), np.floor(g * (states - 1) + 0.5))
    assert np.array_equal(dither(np.array([[0.0, 0.4999, 0.5, 1.0]]), "none"), [[0, 0, 1, 1]])
    assert np.array_equal(dither(g, "none"), threshold(g))


@pytest.mark.parametrize("name", list(DITHER_METHODS))
@settings(max_examples=25, deadline=None)
@given(g=pictures, states=st.integers(2, 16), linear=st.booleans())
def test_levels_stay_in_range(name: str, g: np.ndarray, states: int, linear: bool) -> None:
    cells = dither(g, name, states=states, linear=linear)
    assert cells.dtype == np.uint8 and cells.shape == g.shape
    assert cells.max() <= states - 1
    if name not in KERNELS:  # no error carried: black stays black and white stays white
        assert (cells[g == 0] == 0).all() and (cells[g == 1] == states - 1).all()
    for flat, level in ((0.0, 0), (1.0, states - 1)):
        assert (dither(np.full(g.shape, flat), name, states=states, linear=linear) == level).all()


def test_srgb_to_linear() -> None:
    assert srgb_to_linear(np.array([0.0, 1.0])).tolist() == [0.0, 1.0]
    assert abs(srgb_to_linear(np.array([0.5]))[0] - 0.21404114) < 1e-8
    assert abs(srgb_to_linear(np.array([0.04045]))[0] - 0.04045 / 12.92) < 1e-15
    c = np.linspace(0, 1, 1001)
    assert (np.diff(srgb_to_linear(c)) > 0).all()


@pytest.mark.parametrize("name", list(DITHER_METHODS))
def test_linear_light_lights_fewer_cells_on_mid_grey(name: str) -> None:
    g = np.full((128, 128), 0.5)
    in_light = dither(g, name, linear=True).mean()
    assert in_light < dither(g, name).mean()
    if name in FULL_KERNELS or name in ("blue-noise", "bayer-8"):
        assert abs(in_light - 0.214) < 0.01


@pytest.mark.parametrize("name", list(DITHER_METHODS))
def test_a_ramp_stays_ordered(name: str) -> None:
    ramp = np.tile(np.linspace(0, 1, 256), (64, 1))
    columns = dither(ramp, name, states=3).mean(axis=0).reshape(8, 32).mean(axis=1)
    assert (np.diff(columns) >= 0).all()


# ------------------------------------------------------------------------------ registry, errors


def test_the_registry_names_are_the_public_contract() -> None:
    assert set(DITHER_METHODS) == {
        "floyd-steinberg", "atkinson", "jarvis-judice-ninke", "stucki", "burkes", "sierra",
        "sierra-lite", "bayer", "bayer-2", "bayer-4", "bayer-8", "blue-noise", "none",
    }
    assert next(iter(DITHER_METHODS)) == "floyd-steinberg"
    assert DITHER_METHODS["bayer"] is DITHER_METHODS["bayer-8"]
    assert all(DITHER_METHODS[name].about for name in DITHER_METHODS)


def test_bad_arguments() -> None:
    g = np.full((3, 3), 0.5)
    with pytest.raises(LightsartError, match=r"^unknown dithering method 'fs': choose from "
                                             r"floyd-steinberg, atkinson, .*, none$") as info:
        dither(g, "fs")
    assert "\n" not in str(info.value)
    for states in (1, 17, 0, -2, 2.0, True, "4"):
        with pytest.raises(LightsartError, match="states must be"):
            dither(g, states=states)  # type: ignore[arg-type]
    for bad in (np.zeros(4), np.zeros((0, 3)), np.zeros((2, 2, 2))):
        with pytest.raises(LightsartError, match="2-D"):
            dither(bad)
    with pytest.raises(LightsartError, match="finite"):
        dither(np.array([[0.5, np.nan]]))
    assert dither(np.array([[-3.0, 7.0]])).tolist() == [[0, 1]]  # clipped to [0, 1]
    assert dither(g, states=np.int64(3)).max() <= 2


def test_the_registry_loads_without_numpy() -> None:
    code = ("import sys, lightsart._pictures.dither as d; d.DITHER_METHODS['bayer']; "
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"  # the CLI builds --dither's choices at start-up
