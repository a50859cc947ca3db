"""The tone stage and perceptual pixel costs: formulas, what must stay flat, and the ordering."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from PIL import Image

from lightsart._errors import LightsartError
from lightsart._pictures.costs import EPSILON, level_costs, pixel_costs
from lightsart._pictures.image import (
    OVERSAMPLE,
    fit_to_board,
    floyd_steinberg,
    load_target,
    read_for_board,
    read_gray,
)
from lightsart._pictures.likeness import structure_score
from lightsart._pictures.tone import (
    Tone,
    apply_tone,
    clahe,
    gaussian_blur,
    levels,
    local_contrast,
    sharpen,
)

ROOT = Path(__file__).resolve().parents[2]

grays = hnp.arrays(np.float64, st.tuples(st.integers(2, 24), st.integers(2, 24)),
                   elements=st.floats(0, 1))


def smooth_picture(rows: int, cols: int) -> np.ndarray:
    y, x = np.mgrid[0:rows, 0:cols] / max(rows, cols)
    return 0.5 + 0.25 * np.sin(9 * x + 4 * y) * np.cos(7 * y)


def test_none_changes_nothing() -> None:
    g = np.random.default_rng(1).random((30, 40))
    assert apply_tone(g, Tone.none()) is g
    assert Tone.none().is_identity and not Tone().is_identity


@given(grays)
@settings(max_examples=40, deadline=None)
def test_tone_stays_in_range(g: np.ndarray) -> None:
    out = apply_tone(g, Tone())
    assert out.shape == g.shape and np.isfinite(out).all() and out.min() >= 0 and out.max() <= 1


def test_levels_map_percentiles_to_black_and_white() -> None:
    g = np.linspace(0.3, 0.6, 9_999).reshape(101, 99)
    out = levels(g)
    lo, hi = np.percentile(g, [0.2, 99.8])
    assert np.allclose(out, np.clip((g - lo) / (hi - lo), 0, 1))
    assert (np.diff(out.ravel()) >= 0).all()  # monotone
    flat = np.full((5, 5), 0.4)
    assert levels(flat) is flat


def test_manual_controls_follow_their_formulas() -> None:
    g = np.linspace(0, 1, 64).reshape(8, 8)
    assert np.allclose(apply_tone(g, Tone(auto=False, invert=True)), 1 - g)
    assert np.allclose(apply_tone(g, Tone(auto=False, gamma=2.0)), g ** 0.5)
    assert np.allclose(apply_tone(g, Tone(auto=False, contrast=2.0, brightness=0.1)),
                       np.clip((g - 0.5) * 2 + 0.6, 0, 1))


@pytest.mark.parametrize("field", ["gamma", "brightness", "contrast", "local_contrast", "sharpen"])
def test_out_of_range_settings_are_refused(field: str) -> None:
    with pytest.raises(LightsartError, match=field.replace("_", " ")):
        Tone(**{field: 1e9})
    with pytest.raises(LightsartError):
        Tone(**{field: float("nan")})


def test_a_silhouette_stays_crisp() -> None:
    # Black and white only: no halo, no grey, no noise: every cell keeps its value.
    g = np.ones((60, 80))
    g[10:50, 20:45] = 0.0
    g[30:40, 50:70] = 0.0
    assert np.array_equal(apply_tone(g, Tone()), g)


def test_flat_black_and_white_areas_stay_flat_beside_texture() -> None:
    rng = np.random.default_rng(3)
    g = np.zeros((64, 64))
    g[:, 32:] = 0.4 + 0.2 * rng.random((64, 32))  # a textured half beside a black night sky
    g[:8, :] = 1.0  # and a white strip
    out = apply_tone(g, Tone())
    assert (out[8:, :30] == 0).all() and (out[:6, :] == 1).all()
    assert out[12:, 36:].std() > g[12:, 36:].std()  # the texture gained contrast


def test_local_contrast_lifts_a_dull_picture() -> None:
    g = 0.45 + 0.1 * smooth_picture(80, 80)  # a narrow histogram, like an unedited grey photo
    toned = apply_tone(g, Tone())
    assert toned.std() > 3 * g.std()
    assert np.corrcoef(toned.ravel(), g.ravel())[0, 1] > 0.75  # still the same picture


def test_default_tone_beats_plain_dithering_on_a_dull_picture() -> None:
    # The ordering the benchmark measures on photos, on a synthetic one.
    g = 0.45 + 0.05 * smooth_picture(100, 100)
    plain = floyd_steinberg(g)
    toned = floyd_steinberg(apply_tone(g, Tone()))
    assert structure_score(toned, g) > structure_score(plain, g)


def test_structure_score_ignores_tone_but_not_structure() -> None:
    g = smooth_picture(60, 60)
    board = floyd_steinberg(g)
    assert structure_score(board, g) == pytest.approx(structure_score(board, g - 0.1), abs=1e-9)
    assert structure_score(board, g) == pytest.approx(structure_score(board, 0.2 + 0.5 * g), abs=0.05)
    shuffled = np.random.default_rng(0).permutation(board.ravel()).reshape(board.shape)
    assert structure_score(board, g) > structure_score(shuffled, g) + 0.3


# ------------------------------------------------------------------------- scikit-image, bit for bit


def skimage_local_contrast(gray: np.ndarray, strength: float) -> np.ndarray:
    """Local contrast as lightsart 0.2.0.dev0 wrote it, with scikit-image's CLAHE."""
    from skimage.exposure import equalize_adapthist

    rows, cols = gray.shape
    tile = max(8, min(rows, cols) // 4)
    equalised = equalize_adapthist(gray, kernel_size=(min(tile, rows), min(tile, cols)),
                                   clip_limit=strength)
    weight = np.clip(np.minimum(gray, 1.0 - gray) / 0.1, 0.0, 1.0)
    return gray + weight * (equalised - gray)


def skimage_sharpen(gray: np.ndarray, amount: float) -> np.ndarray:
    from skimage.filters import gaussian

    blurred = gaussian(gray, sigma=1.0, mode="nearest", preserve_range=True)
    return np.clip(gray + amount * (gray - blurred), 0.0, 1.0)


kernels = st.tuples(st.integers(1, 40), st.integers(1, 40))


@given(g=grays, kernel=kernels, limit=st.sampled_from([0.0, 0.001, 0.02, 0.2, 1.0]),
       kind=st.sampled_from(["random", "few greys", "narrow", "flat", "black and white"]))
@settings(max_examples=150, deadline=None)
def test_clahe_is_scikit_images_to_the_last_bit(
    g: np.ndarray, kernel: tuple[int, int], limit: float, kind: str
) -> None:
    from skimage.exposure import equalize_adapthist

    g = {"random": g, "few greys": np.round(g * 3) / 3, "narrow": 0.45 + 0.01 * g,
         "flat": np.full(g.shape, g.flat[0]), "black and white": (g > 0.5) * 1.0}[kind]
    kernel = (min(kernel[0], g.shape[0]), min(kernel[1], g.shape[1]))
    expected = equalize_adapthist(g, kernel_size=kernel, clip_limit=limit)
    assert np.array_equal(clahe(g, kernel, limit), expected)


@pytest.mark.parametrize("shape", [(1, 1), (3, 2), (4, 300), (64, 5), (65, 7), (130, 64), (200, 3)])
def test_sharpen_is_scipys_blur_to_the_last_bit_across_strips(shape: tuple[int, int]) -> None:
    g = np.random.default_rng(sum(shape)).random(shape)
    assert np.array_equal(sharpen(g, 0.5), skimage_sharpen(g, 0.5))
    if min(shape) >= 2:
        assert np.array_equal(local_contrast(g, 0.02), skimage_local_contrast(g, 0.02))


@pytest.mark.parametrize("sigma", [0.3, 0.5, 1.0, 1.5, 2.25, 3.0, 9.0])
@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (9, 1), (3, 3), (64, 65), (130, 100), (200, 3)])
def test_gaussian_blur_is_scipys_to_the_last_bit(shape: tuple[int, int], sigma: float) -> None:
    # The likeness score's blurs (sigma 1 and 1.5, scaled by the board) without importing scipy;
    # sigma 9 reaches past the smaller boards' edges.
    from skimage.filters import gaussian

    g = np.random.default_rng(sum(shape)).random(shape)
    expected = gaussian(g, sigma=sigma, mode="nearest", preserve_range=True)
    assert np.array_equal(gaussian_blur(g, sigma), expected)


@pytest.mark.parametrize("photo", ["astronaut", "cat", "horse"])
def test_tone_is_scikit_images_to_the_last_bit_on_photos(photo: str) -> None:
    g = fit_to_board(read_gray(ROOT / "samples" / f"{photo}.png"), 300, 211)
    g = levels(g)
    assert np.array_equal(local_contrast(g, 0.02), skimage_local_contrast(g, 0.02))
    assert np.array_equal(sharpen(g, 0.5), skimage_sharpen(g, 0.5))
    expected = np.clip(skimage_sharpen(skimage_local_contrast(g, 0.02), 0.5), 0.0, 1.0)
    assert np.array_equal(apply_tone(g, Tone(auto=False, local_contrast=0.02, sharpen=0.5)), expected)


def test_perceptual_costs() -> None:
    bits = np.array([[1, 1, 0, 0, 1]], dtype=np.uint8)
    toned = np.array([[1.0, 0.5, 0.0, 0.9, 0.2]])
    # white in white: 1 + eps; mid-grey: eps; black in black: 1 + eps; minority cells: eps.
    assert np.allclose(pixel_costs(bits, toned), [[1 + EPSILON, EPSILON, 1 + EPSILON, EPSILON, EPSILON]])
    assert pixel_costs(bits, toned, "uniform") is None


def test_level_costs_are_the_perceptual_costs_at_two_levels_and_price_each_level() -> None:
    rng = np.random.default_rng(4)
    toned = rng.random((6, 7))
    bits = (toned > 0.5).astype(np.uint8)
    bits[0, :3] ^= 1  # minority cells, cheap to put back
    two = level_costs(bits, toned, 2)
    assert two is not None and np.array_equal(two[:, 0], np.zeros(42))
    assert np.allclose(two[:, 1], pixel_costs(bits, toned).ravel())
    # k = 5, grey 0.5 is level 2 exactly: one step either way costs 1, two steps 2; the wrap from
    # level 4 to level 0 (error 1) costs 4 against a white picture.
    four = level_costs(np.array([[2, 4]]), np.array([[0.5, 1.0]]), 5)
    assert four is not None
    assert np.allclose(four, [[0, 1 + EPSILON, 2 + EPSILON, 2 + EPSILON, 1 + EPSILON],
                              [0, 4 + EPSILON, 3 + EPSILON, 2 + EPSILON, 1 + EPSILON]])
    assert level_costs(bits, toned, 3, "uniform") is None


# ------------------------------------------------------------------------- reduced decoding


def jpeg_bytes(gray: np.ndarray, **save: object) -> bytes:
    buf = io.BytesIO()
    Image.fromarray((gray * 255).round().astype(np.uint8)).save(buf, "JPEG", quality=95, **save)
    return buf.getvalue()


def test_large_jpeg_is_decoded_reduced_and_fits_the_same(tmp_path: Path) -> None:
    g = smooth_picture(1800, 2400)
    path = tmp_path / "big.jpg"
    path.write_bytes(jpeg_bytes(g))
    reduced, board = read_for_board(path, 60)  # 60 columns, as --size 60 reads it
    assert board == (60, 45)
    assert reduced.shape[1] < 2400 / 4 and reduced.shape[1] >= OVERSAMPLE * 60
    full = fit_to_board(read_gray(path), 60, 45)
    assert np.abs(fit_to_board(reduced, 60, 45) - full).max() < 0.02


def test_reduced_decoding_respects_exif_orientation(tmp_path: Path) -> None:
    g = smooth_picture(600, 1200)  # wide as stored, tall once turned upright
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to show
    path = tmp_path / "turned.jpg"
    path.write_bytes(jpeg_bytes(g, exif=exif.tobytes()))
    reduced, board = read_for_board(path, 20)
    assert board == (20, 40)
    assert reduced.shape[0] > reduced.shape[1]
    assert np.abs(fit_to_board(reduced, 20, 40) - fit_to_board(read_gray(path), 20, 40)).max() < 0.02


def test_large_transparent_png_is_composited_before_reducing(tmp_path: Path) -> None:
    rgba = np.zeros((800, 800, 4), dtype=np.uint8)  # transparent black everywhere...
    rgba[200:600, 200:600] = (0, 0, 0, 255)  # ...but an opaque black square
    path = tmp_path / "alpha.png"
    Image.fromarray(rgba).save(path)
    reduced, board = read_for_board(path, (20, 20))
    assert reduced.shape[0] < 800
    fitted = fit_to_board(reduced, *board)
    assert np.allclose(fitted, fit_to_board(read_gray(path), 20, 20), atol=1e-6)
    assert fitted[0, 0] == 1.0 and fitted[10, 10] == 0.0  # white around, black square


def test_load_target_uses_the_tone_stage(tmp_path: Path) -> None:
    path = tmp_path / "dull.png"
    g = 0.45 + 0.1 * smooth_picture(90, 90)
    Image.fromarray((g * 255).round().astype(np.uint8)).save(path)
    t = load_target(path, size=(30, 30))
    assert t.toned is not None and np.array_equal(t.bits, floyd_steinberg(t.toned))
    assert not np.array_equal(t.bits, load_target(path, size=(30, 30), tone=Tone.none()).bits)


# ------------------------------------------------------------------ the photograph's mood (issue 32)


def ramp(rows: int, cols: int, low: float, high: float) -> np.ndarray:
    return np.tile(np.linspace(low, high, cols), (rows, 1))


def glow(rows: int, cols: int) -> np.ndarray:
    """A lamp's glow: bright in the middle, falling smoothly to a dim edge, with a little grain."""
    y, x = np.mgrid[0:rows, 0:cols]
    r = np.hypot(y - rows / 2, x - cols / 2) / max(rows, cols)
    return np.clip(0.92 - 1.1 * r, 0.2, 1) + 0.01 * np.random.default_rng(5).random((rows, cols))


def seen(board: np.ndarray) -> np.ndarray:
    """The board as a viewer sees it: blurred by one cell (independent of the tone stage's code:
    scipy's filter)."""
    from scipy.ndimage import gaussian_filter

    return gaussian_filter(board.astype(np.float64), 1.0, mode="nearest")


MOODS = {
    "dark forest": lambda: 0.05 + 0.2 * smooth_picture(120, 160) ** 2
    + 0.05 * np.random.default_rng(1).random((120, 160)),
    "night with a lamp": lambda: np.clip(0.08 + 0.8 * np.exp(-((np.mgrid[0:120, 0:160][1] - 80) ** 2
                                                                 + (np.mgrid[0:120, 0:160][0] - 40) ** 2)
                                                               / 300.0), 0, 1),
    "pale fog": lambda: 0.7 + 0.15 * smooth_picture(120, 160),
    "dull mid-grey": lambda: 0.45 + 0.1 * smooth_picture(120, 160),
    "ramp": lambda: ramp(100, 160, 0.1, 0.9),
    "glow": lambda: glow(120, 160),
}


@pytest.mark.parametrize("kind", MOODS)
def test_the_default_tone_keeps_the_photographs_brightness(kind: str) -> None:
    # The blurred board's mean within 0.1 of the picture's: a dark photo stays dark, a pale one
    # pale (0.2 pulled every picture towards mid-grey: the dark forest 0.15 -> 0.44).
    g = MOODS[kind]()
    board = floyd_steinberg(apply_tone(g, Tone()))
    assert abs(seen(board).mean() - g.mean()) < 0.1


@pytest.mark.parametrize("kind", ["ramp", "glow"])
def test_a_smooth_gradient_is_not_blown_out_or_flattened(kind: str) -> None:
    # Along a smooth gradient the board's brightness follows the picture's (no flat white or
    # black area, no rings of sparse dots): column by column (ramp) or ring by ring (glow), the
    # blurred board's mean rises with the picture's and, away from the ends that the levels
    # stretch to black and white, stays within 0.08 of it.
    g = MOODS[kind]()
    shown = seen(floyd_steinberg(apply_tone(g, Tone())))
    if kind == "ramp":
        groups = np.repeat(np.arange(16), g.shape[1] // 16)[None, :].repeat(g.shape[0], 0)
    else:
        y, x = np.mgrid[0:g.shape[0], 0:g.shape[1]]
        groups = np.minimum((np.hypot(y - g.shape[0] / 2, x - g.shape[1] / 2) / 6).astype(int), 11)
    picture = np.array([g[groups == k].mean() for k in np.unique(groups)])
    board = np.array([shown[groups == k].mean() for k in np.unique(groups)])
    inside = (picture > 0.25) & (picture < 0.75)
    assert np.abs(board - picture)[inside].max() < 0.08
    order = np.argsort(picture)
    assert (np.diff(board[order]) > -0.03).all()


def test_no_white_halo_beside_a_dark_object() -> None:
    # A dark post against an even sky: the sky next to it is as bright as the sky far from it.
    g = np.full((100, 150), 0.6) + 0.01 * np.random.default_rng(2).random((100, 150))
    g[20:90, 70:80] = 0.1
    shown = seen(floyd_steinberg(apply_tone(g, Tone())))
    beside = np.r_[shown[30:80, 81:86].ravel(), shown[30:80, 64:69].ravel()].mean()
    far = np.r_[shown[30:80, 5:40].ravel(), shown[30:80, 110:145].ravel()].mean()
    assert abs(beside - far) < 0.08
