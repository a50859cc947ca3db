"""The image stage: loading every format, fitting, area averaging, dithering, sizes, bad input.

Independent references: expected luminance computed from the arrays the pictures were made from;
fits checked against block means of an integer-supersampled copy (exact rational geometry);
Floyd–Steinberg against a plain pixel-by-pixel implementation; the sizes' worst-case bound
against a brute-force covering radius of the reachable boards.
"""

from __future__ import annotations

import json
import struct
import zlib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from PIL import Image

from lightsart._boardsize import Size
from lightsart._cli import main
from lightsart._core.gf2 import classic_nullity
from lightsart._errors import LightsartError
from lightsart._limits import PICTURE_MAX_SIDE
from lightsart._pictures.image import (
    SizeInfo,
    board_size,
    choose_size,
    dither,
    fit_to_board,
    floyd_steinberg,
    load_target,
    parse_size,
    read_gray,
    sizes_near,
    threshold,
)
from lightsart._pictures.tone import Tone, apply_tone
from lightsart._rules import press

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
LUMA = np.array([0.299, 0.587, 0.114])
RNG = np.random.default_rng(20240601)


def rgb_array(rows: int = 6, cols: int = 8) -> np.ndarray:
    return RNG.integers(0, 256, size=(rows, cols, 3), dtype=np.uint8)


def luma(rgb: np.ndarray) -> np.ndarray:
    return (rgb.astype(np.float64) / 255) @ LUMA


# ------------------------------------------------------------------------------ formats


@pytest.mark.parametrize("ext", ["png", "bmp", "tif", "webp"])
def test_lossless_rgb_formats(tmp_path: Path, ext: str) -> None:
    rgb = rgb_array()
    path = tmp_path / f"p.{ext}"
    Image.fromarray(rgb).save(path, lossless=True)  # only WebP reads this option
    assert np.allclose(read_gray(path), luma(rgb), atol=1e-12)


def test_grayscale_png_is_exact(tmp_path: Path) -> None:
    a = np.arange(256, dtype=np.uint8).reshape(16, 16)
    Image.fromarray(a).save(tmp_path / "g.png")
    g = read_gray(tmp_path / "g.png")
    assert g.dtype == np.float64 and np.array_equal(g, a / 255)


def test_one_bit_bmp(tmp_path: Path) -> None:
    a = RNG.integers(0, 2, size=(5, 9)).astype(bool)
    Image.fromarray(a).save(tmp_path / "b.bmp")
    assert np.array_equal(read_gray(tmp_path / "b.bmp"), a.astype(float))


def test_jpeg(tmp_path: Path) -> None:
    # Flat 8x8 blocks survive JPEG almost unchanged.
    levels = RNG.integers(0, 256, size=(3, 4, 3), dtype=np.uint8)
    rgb = levels.repeat(8, axis=0).repeat(8, axis=1)
    Image.fromarray(rgb).save(tmp_path / "p.jpg", quality=95)
    assert np.abs(read_gray(tmp_path / "p.jpg") - luma(rgb)).max() < 0.03


def test_rgba_transparency_composites_on_white(tmp_path: Path) -> None:
    rgba = rgb_array()
    alpha = RNG.integers(0, 256, size=rgba.shape[:2], dtype=np.uint8)
    alpha[0, :] = 0
    Image.fromarray(np.dstack([rgba, alpha])).save(tmp_path / "t.png")
    a = alpha / 255
    expected = a * luma(rgba) + (1 - a)
    g = read_gray(tmp_path / "t.png")
    assert np.allclose(g, expected, atol=1e-12)
    assert np.array_equal(g[0], np.ones(g.shape[1]))  # fully transparent: white


def test_gray_alpha(tmp_path: Path) -> None:
    lum = RNG.integers(0, 256, size=(4, 5), dtype=np.uint8)
    alpha = RNG.integers(0, 256, size=(4, 5), dtype=np.uint8)
    Image.fromarray(np.dstack([lum, alpha]), mode="LA").save(tmp_path / "la.png")
    a = alpha / 255
    assert np.allclose(read_gray(tmp_path / "la.png"), a * lum / 255 + 1 - a, atol=1e-12)


@pytest.mark.parametrize("ext", ["png", "gif"])
def test_palette_with_transparent_index(tmp_path: Path, ext: str) -> None:
    palette = RNG.integers(0, 256, size=(16, 3), dtype=np.uint8)
    index = RNG.integers(0, 16, size=(6, 7), dtype=np.uint8)
    index[0, 0] = 0
    img = Image.fromarray(index, mode="P")
    img.putpalette(palette.tobytes())
    img.save(tmp_path / f"p.{ext}", transparency=0)
    expected = luma(palette[index])
    expected[index == 0] = 1.0
    assert np.allclose(read_gray(tmp_path / f"p.{ext}"), expected, atol=1e-12)


def test_palette_without_transparency(tmp_path: Path) -> None:
    palette = RNG.integers(0, 256, size=(4, 3), dtype=np.uint8)
    index = RNG.integers(0, 4, size=(3, 5), dtype=np.uint8)
    img = Image.fromarray(index, mode="P")
    img.putpalette(palette.tobytes())
    img.save(tmp_path / "p.png")
    assert np.allclose(read_gray(tmp_path / "p.png"), luma(palette[index]), atol=1e-12)


def test_animated_gif_uses_first_frame(tmp_path: Path) -> None:
    first = np.zeros((6, 6), dtype=np.uint8)
    first[:, :3] = 255
    frames = [Image.fromarray(first).convert("P"), Image.fromarray(255 - first).convert("P")]
    frames[0].save(tmp_path / "a.gif", save_all=True, append_images=frames[1:], duration=100)
    assert np.array_equal(read_gray(tmp_path / "a.gif"), first / 255)


@pytest.mark.parametrize("ext", ["png", "tif"])
def test_sixteen_bit_keeps_precision(tmp_path: Path, ext: str) -> None:
    a = RNG.integers(0, 65536, size=(5, 6), dtype=np.uint16)
    a[0, 0], a[0, 1] = 0, 65535
    img = Image.fromarray(a)
    assert img.mode == "I;16"
    img.save(tmp_path / f"w.{ext}")
    assert np.array_equal(read_gray(tmp_path / f"w.{ext}"), a / 65535)


def test_32_bit_integer_tiff_with_16_bit_values(tmp_path: Path) -> None:
    a = RNG.integers(0, 65536, size=(4, 4)).astype(np.int32)
    Image.fromarray(a).save(tmp_path / "i.tif")
    with Image.open(tmp_path / "i.tif") as img:
        assert img.mode == "I"
    assert np.array_equal(read_gray(tmp_path / "i.tif"), a / 65535)


def test_32_bit_integer_tiff_beyond_16_bits_is_stretched(tmp_path: Path) -> None:
    a = np.array([[-5, 100_000], [0, 50]], dtype=np.int32)
    Image.fromarray(a).save(tmp_path / "i.tif")
    assert np.allclose(read_gray(tmp_path / "i.tif"), (a + 5) / 100_005)


@pytest.mark.parametrize("scale", [1.0, 255.0])
def test_float_tiff(tmp_path: Path, scale: float) -> None:
    a = RNG.random((4, 5)).astype(np.float32)
    Image.fromarray(a * np.float32(scale)).save(tmp_path / "f.tif")
    assert np.allclose(read_gray(tmp_path / "f.tif"), a, atol=1e-6)


def test_cmyk(tmp_path: Path) -> None:
    cmyk = np.zeros((2, 2, 4), dtype=np.uint8)
    cmyk[0, 1, 3] = 255  # full black ink
    Image.fromarray(cmyk, mode="CMYK").save(tmp_path / "c.tif")
    assert np.allclose(read_gray(tmp_path / "c.tif"), [[1, 0], [1, 1]])


# The EXIF orientation tag says how to turn the stored pixels to show them upright (TIFF 6.0).
UPRIGHT = {
    1: lambda a: a,
    2: lambda a: a[:, ::-1],
    3: lambda a: a[::-1, ::-1],
    4: lambda a: a[::-1, :],
    5: lambda a: a.T,
    6: lambda a: np.rot90(a, -1),  # stored rotated left: turn 90° clockwise
    7: lambda a: a[::-1, ::-1].T,
    8: lambda a: np.rot90(a, 1),
}


@pytest.mark.parametrize("orientation", sorted(UPRIGHT))
def test_exif_orientation(tmp_path: Path, orientation: int) -> None:
    a = np.arange(6, dtype=np.uint8).reshape(2, 3) * 40
    exif = Image.Exif()
    exif[0x0112] = orientation
    Image.fromarray(a).save(tmp_path / "o.png", exif=exif)
    assert np.array_equal(read_gray(tmp_path / "o.png"), UPRIGHT[orientation](a) / 255)


def test_exif_orientation_jpeg(tmp_path: Path) -> None:
    a = np.zeros((16, 32), dtype=np.uint8)
    a[:, :8] = 255  # stored: white band on the left
    exif = Image.Exif()
    exif[0x0112] = 6
    Image.fromarray(a).save(tmp_path / "o.jpg", exif=exif, quality=95)
    g = read_gray(tmp_path / "o.jpg")
    assert g.shape == (32, 16)
    assert np.abs(g - np.rot90(a, -1) / 255).max() < 0.05  # upright: white band on top


# ------------------------------------------------------------------------------ bad files


def png_header(path: Path, width: int, height: int) -> None:
    """A PNG that declares a size but holds no pixels: opening it reads only the header."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b""))
                     + chunk(b"IEND", b""))


@pytest.mark.parametrize("side", [12_000, 20_000])  # Pillow warns at the first, refuses the second
def test_decompression_bomb_refused(tmp_path: Path, side: int) -> None:
    png_header(tmp_path / "bomb.png", side, side)
    with pytest.raises(LightsartError, match="too large"):
        read_gray(tmp_path / "bomb.png")


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(LightsartError, match="not found"):
        read_gray(tmp_path / "missing.png")
    with pytest.raises(LightsartError, match="folder"):
        read_gray(tmp_path)
    (tmp_path / "notes.png").write_text("not a picture\n")
    with pytest.raises(LightsartError, match="not a picture"):
        read_gray(tmp_path / "notes.png")
    (tmp_path / "empty.png").write_bytes(b"")
    with pytest.raises(LightsartError):
        read_gray(tmp_path / "empty.png")
    Image.fromarray(rgb_array(64, 64)).save(tmp_path / "whole.png")
    data = (tmp_path / "whole.png").read_bytes()
    (tmp_path / "cut.png").write_bytes(data[: len(data) // 2])
    with pytest.raises(LightsartError, match=r"cut\.png"):
        read_gray(tmp_path / "cut.png")


def test_error_messages_are_one_line(tmp_path: Path) -> None:
    png_header(tmp_path / "bomb.png", 20_000, 20_000)
    (tmp_path / "x.png").write_bytes(b"\x89PNG\r\n\x1a\n garbage")
    for path in (tmp_path / "bomb.png", tmp_path / "x.png", tmp_path / "nope.jpg"):
        with pytest.raises(LightsartError) as info:
            read_gray(path)
        assert "\n" not in str(info.value) and str(path) in str(info.value)


# ------------------------------------------------------------------------------ sizes


def test_parse_size() -> None:
    assert parse_size("100x60") == (60, 100)  # a Size: (rows, columns)
    assert parse_size(" 64X48 ") == (48, 64)
    assert parse_size("80") == (None, 80)
    for bad in ["", "x", "10x", "axb", "10x10x10", "1.5x3", "0x5", "5x0", "-3", f"{PICTURE_MAX_SIDE + 1}"]:
        with pytest.raises(LightsartError):
            parse_size(bad)


def test_board_size() -> None:
    # A request, (rows, columns) as to_size reads it, resolves to the board's (width, height);
    # a plain tuple is a board already resolved.
    assert board_size(Size(48, 64), 10.0) == (64, 48)
    assert board_size("64x48", 10.0) == (64, 48)
    assert board_size((64, 48), 10.0) == (64, 48)
    assert board_size(90, 1.5) == (90, 60)
    assert board_size(Size(None, 90), 1000.0) == (90, 1)
    assert board_size(None, 1.0) == (200, 200)
    with pytest.raises(LightsartError, match="give WxH"):
        board_size(4000, 0.5)
    for bad_aspect in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(LightsartError):
            board_size(None, bad_aspect)


@pytest.mark.parametrize("aspect", [1.0, 4 / 3, 3 / 2, 16 / 9, 2.0, 3.0, 10.0, 0.75, 0.5, 0.1])
def test_choose_size_prefers_nullity_zero(aspect: float) -> None:
    width, height = choose_size(aspect)
    assert classic_nullity(height, width) == 0
    assert 190 <= max(width, height) <= 210
    assert abs(np.log(width / height / aspect)) < 0.06
    assert (width >= height) == (aspect >= 1)


def test_choose_size_keeps_the_ideal_when_it_is_exact() -> None:
    for aspect, ideal in [(1.0, (200, 200)), (1.5, (200, 133)), (0.5, (100, 200))]:
        if classic_nullity(ideal[1], ideal[0]) == 0:
            assert choose_size(aspect) == ideal


def test_choose_size_moves_off_a_nullity() -> None:
    assert classic_nullity(5, 5) == 2
    width, height = choose_size(1.0, long_side=5)
    assert (width, height) != (5, 5) and classic_nullity(height, width) == 0
    assert abs(width - height) <= 1


def test_sizes_near() -> None:
    sizes = sizes_near(100, 64, radius=2)
    assert sizes[0] == SizeInfo(100, 64, classic_nullity(64, 100))
    assert {(s.width, s.height) for s in sizes} == {
        (w, h) for w in range(98, 103) for h in range(62, 67)
    }
    for s in sizes:
        assert s.nullity == classic_nullity(s.height, s.width)
        assert s.every_picture_exact == (s.nullity == 0)
    steps = [max(abs(s.width - 100), abs(s.height - 64)) for s in sizes]
    assert steps == sorted(steps)
    assert {(s.width, s.height) for s in sizes_near(1, 2, radius=1)} == {
        (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)
    }
    with pytest.raises(LightsartError):
        sizes_near(10, 10, radius=-1)
    with pytest.raises(LightsartError):
        sizes_near(0, 10)


def covering_radius(m: int, n: int) -> int:
    """Most wrong pixels any m x n picture needs: brute force over all click sets, then BFS."""
    cells = m * n
    codes = np.arange(1 << cells, dtype=np.int64)
    clicks = (codes[:, None] >> np.arange(cells)) & 1
    # press is linear over GF(2): the cells toggled by x are the XOR of its clicks' columns.
    columns = np.array([press(np.eye(cells, dtype=np.uint8)[i].reshape(m, n)).ravel()
                        for i in range(cells)], dtype=np.int64)
    reachable = 1 ^ ((clicks @ columns) & 1)
    states = (reachable.astype(np.int64) << np.arange(cells)).sum(axis=1)
    dist = np.full(1 << cells, -1)
    dist[states] = 0
    frontier, level = np.unique(states), 0
    while (dist < 0).any():
        level += 1
        nxt = np.unique((frontier[:, None] ^ (1 << np.arange(cells))).ravel())
        nxt = nxt[dist[nxt] < 0]
        dist[nxt] = level
        frontier = nxt
    return level


@pytest.mark.parametrize("m,n", [(1, 2), (2, 3), (3, 2), (2, 5), (4, 4), (3, 5)])
def test_wrong_pixels_bound_holds(m: int, n: int) -> None:
    info = SizeInfo(n, m, classic_nullity(m, n))
    worst = covering_radius(m, n)
    assert worst <= info.wrong_pixels_at_most
    assert (worst == 0) == info.every_picture_exact


def test_sizes_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sizes", "5", "--radius", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["WxH", "nullity"]
    assert lines[1].split() == ["5x5", "2", "at", "most", "2", "wrong", "pixels", "per", "picture"]
    assert lines[2].split() == ["4x5", "0", "every", "picture", "exact"]
    assert len(lines) == 10
    assert main(["sizes", "4x4", "--radius", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "request": {"width": 4, "height": 4},
        "sizes": [{"width": 4, "height": 4, "nullity": 4, "every_picture_exact": False,
                   # The shared vocabulary (lightsart._vocabulary): 2**nullity, one name each.
                   "kernel_size": 16, "wrong_cells_at_most": 4}],
        "rules": {"pattern": "plus", "topology": "plane", "states": 2},
    }
    assert main(["sizes", "0x5"]) == 2
    assert capsys.readouterr().err == "lightsart: error: board sides must be at least 1, got 0\n"


# ------------------------------------------------------------------------------ fitting


def test_box_downsample_is_the_block_mean() -> None:
    g = RNG.random((12, 18))
    out = fit_to_board(g, 6, 4, "stretch")
    assert np.allclose(out, g.reshape(4, 3, 6, 3).mean(axis=(1, 3)), atol=1e-12)
    # cover with the same aspect ratio is the same thing
    assert np.allclose(fit_to_board(g, 6, 4, "cover"), out, atol=1e-12)


def test_cover_crops_the_centre() -> None:
    g = np.zeros((100, 200))
    g[:, 100:] = 1  # left half black, right half white
    out = fit_to_board(g, 10, 10, "cover")  # keeps columns 50..150
    assert np.array_equal(out, np.repeat([[0.0] * 5 + [1.0] * 5], 10, axis=0))


def test_contain_pads_with_white() -> None:
    out = fit_to_board(np.zeros((100, 200)), 10, 10, "contain")  # picture on rows 2.5 .. 7.5
    expected_rows = [1, 1, 0.5, 0, 0, 0, 0, 0.5, 1, 1]
    assert np.allclose(out, np.repeat(np.array(expected_rows)[:, None], 10, axis=1), atol=1e-12)


def test_stretch_keeps_everything() -> None:
    g = np.zeros((100, 200))
    g[:, 100:] = 1
    out = fit_to_board(g, 10, 10, "stretch")
    assert np.array_equal(out, np.repeat([[0.0] * 5 + [1.0] * 5], 10, axis=0))


def supersampled_fit(g: np.ndarray, width: int, height: int, fit: str) -> np.ndarray:
    """Reference fit: scale the geometry by q so every interval end is a whole number, repeat
    each pixel q x q times, pad with white, and take plain block means."""
    rows, cols = g.shape
    if fit == "stretch":
        sx, sy = Fraction(cols, width), Fraction(rows, height)
    else:
        pick = min if fit == "cover" else max
        sx = sy = pick(Fraction(cols, width), Fraction(rows, height))
    left, top = (cols - width * sx) / 2, (rows - height * sy) / 2
    q = 1
    for v in (sx, sy, left, top):
        q = q * v.denominator // np.gcd(q, v.denominator)
    big = np.kron(g, np.ones((q, q)))
    pad = int(max(0, -left * q, -top * q))
    big = np.pad(big, pad, constant_values=1.0)
    x0, y0, bx, by = int(left * q) + pad, int(top * q) + pad, int(sx * q), int(sy * q)
    region = big[y0:y0 + height * by, x0:x0 + width * bx]
    return region.reshape(height, by, width, bx).mean(axis=(1, 3))


@settings(max_examples=60, deadline=None)
@given(
    g=hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=9),
                 elements=st.floats(0, 1)),
    width=st.integers(1, 7),
    height=st.integers(1, 7),
    fit=st.sampled_from(["cover", "contain", "stretch"]),
)
def test_fit_matches_supersampled_block_means(g: np.ndarray, width: int, height: int,
                                              fit: str) -> None:
    """Exact area means; a board with more cells than pixels is resampled with Pillow's bicubic
    filter (directly, or by enlarging by a whole factor first; made here independently)."""
    out = fit_to_board(g, width, height, fit)  # type: ignore[arg-type]
    assert out.shape == (height, width)
    rows, cols = g.shape
    pick = min if fit == "cover" else max
    steps = (cols / width, rows / height) if fit == "stretch" else (pick(cols / width, rows / height),) * 2
    if max(steps) < 1 and fit != "contain":  # one bicubic resampling of the centred region
        box = ((cols - width * steps[0]) / 2, (rows - height * steps[1]) / 2,
               (cols + width * steps[0]) / 2, (rows + height * steps[1]) / 2)
        direct = Image.fromarray(g.astype(np.float32), mode="F").resize(
            (width, height), Image.Resampling.BICUBIC, box=box)
        assert np.allclose(out, np.clip(np.asarray(direct, dtype=np.float64), 0, 1), atol=1e-6)
        return
    source = g
    if min(steps) < 1:
        factor = int(np.ceil(1 / min(steps)))
        big = Image.fromarray(g.astype(np.float32), mode="F").resize(
            (cols * factor, rows * factor), Image.Resampling.BICUBIC)
        source = np.clip(np.asarray(big, dtype=np.float64), 0, 1)
    assert np.allclose(out, supersampled_fit(source, width, height, fit), atol=1e-6)


def test_enlarging_is_smooth_not_blocky() -> None:
    """A 4-pixel ramp on a 16-cell row rises in many small steps, not four flat blocks."""
    ramp = np.array([[0.0, 1 / 3, 2 / 3, 1.0]])
    out = fit_to_board(ramp, 16, 1, "stretch")[0]
    assert np.all(np.diff(out) >= -1e-9) and np.unique(np.round(out, 6)).size > 8


def test_large_photo_downsample_matches_block_mean() -> None:
    g = RNG.random((3000, 4000))
    out = fit_to_board(g, 100, 75, "cover")
    assert np.allclose(out, g.reshape(75, 40, 100, 40).mean(axis=(1, 3)), atol=1e-9)


# ------------------------------------------------------------------------------ dithering


def floyd_steinberg_reference(gray: np.ndarray) -> np.ndarray:
    """Textbook serpentine Floyd–Steinberg, one pixel at a time."""
    a = np.clip(gray.astype(np.float64), 0, 1).copy()
    m, n = a.shape
    out = np.zeros((m, n), dtype=np.uint8)
    for i in range(m):
        d = 1 if i % 2 == 0 else -1
        for j in range(n) if d == 1 else range(n - 1, -1, -1):
            old = a[i, j]
            new = 1.0 if old >= 0.5 else 0.0
            out[i, j] = int(new)
            e = old - new
            if 0 <= j + d < n:
                a[i, j + d] += e * 7 / 16
            if i + 1 < m:
                if 0 <= j - d < n:
                    a[i + 1, j - d] += e * 3 / 16
                a[i + 1, j] += e * 5 / 16
                if 0 <= j + d < n:
                    a[i + 1, j + d] += e * 1 / 16
    return out


@settings(max_examples=150, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=12),
                  elements=st.floats(0, 1)))
def test_floyd_steinberg_matches_reference(g: np.ndarray) -> None:
    assert np.array_equal(floyd_steinberg(g), floyd_steinberg_reference(g))


def test_floyd_steinberg_matches_reference_on_a_photo_patch() -> None:
    g = read_gray(SAMPLES / "cat.png")[100:140, 60:120]
    assert np.array_equal(floyd_steinberg(g), floyd_steinberg_reference(g))


@pytest.mark.parametrize("level", [0.0, 0.02, 0.1, 0.25, 1 / 3, 0.5, 0.75, 0.9, 1.0])
def test_flat_gray_keeps_its_mean(level: float) -> None:
    bits = floyd_steinberg(np.full((128, 128), level))
    # Error pushed past the edges is dropped, so judge the inside.
    assert abs(bits[2:-2, 2:-2].mean() - level) < 0.004


@pytest.mark.parametrize("axis", [0, 1])
def test_ramp_keeps_its_local_means(axis: int) -> None:
    ramp = np.tile(np.linspace(0, 1, 256), (64, 1))
    g = ramp if axis == 1 else ramp.T
    bits = floyd_steinberg(g)
    assert abs(bits.mean() - g.mean()) < 0.002
    # every band of 16 lines across the ramp keeps its own mean
    along = bits.mean(axis=1 - axis).reshape(16, 16).mean(axis=1)
    expected = g.mean(axis=1 - axis).reshape(16, 16).mean(axis=1)
    assert np.abs(along - expected).max() < 0.03
    assert np.abs(threshold(g).mean(axis=1 - axis).reshape(16, 16).mean(axis=1)
                  - expected).max() > 0.2  # a plain threshold does not


def test_threshold_and_dither_choice() -> None:
    g = np.array([[0.0, 0.4999, 0.5, 1.0]])
    assert np.array_equal(threshold(g), [[0, 0, 1, 1]])
    assert np.array_equal(dither(g, "none"), threshold(g))
    assert np.array_equal(dither(g, "floyd-steinberg"), floyd_steinberg(g))
    with pytest.raises(LightsartError, match="dither"):
        dither(g, "ordered")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ targets


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.png")), ids=lambda p: p.name)
def test_samples_load_to_the_default_board(path: Path) -> None:
    t = load_target(path)
    assert (t.width, t.height) == (200, 200) and classic_nullity(200, 200) == 0
    assert t.bits.shape == t.gray.shape == (200, 200) and t.bits.dtype == np.uint8
    assert t.source == str(path)
    assert np.array_equal(t.gray, fit_to_board(read_gray(path), 200, 200, "cover"))
    assert t.toned is not None and np.array_equal(t.toned, apply_tone(t.gray, Tone()))
    assert np.array_equal(t.bits, floyd_steinberg(t.toned))
    untoned = load_target(path, tone=Tone.none())
    assert np.array_equal(untoned.bits, floyd_steinberg(t.gray))
    assert 0.15 < t.bits.mean() < 0.85  # a picture, not a blank


def test_samples_are_small_and_documented() -> None:
    readme = (SAMPLES / "README.md").read_text()
    for path in SAMPLES.glob("*.png"):
        assert path.stat().st_size < 64_000
        assert f"`{path.name}`" in readme


def test_load_target_options(tmp_path: Path) -> None:
    rgb = rgb_array(30, 60)
    Image.fromarray(rgb).save(tmp_path / "wide.png")
    t = load_target(tmp_path / "wide.png", size=20, fit="contain", dither="none",
                    tone=Tone.none())
    assert (t.width, t.height) == (20, 10)
    assert np.array_equal(t.bits, threshold(fit_to_board(luma(rgb), 20, 10, "contain")))
    t = load_target(tmp_path / "wide.png", size="8x8", fit="stretch")
    assert t.bits.shape == (8, 8)
    with pytest.raises(LightsartError, match="fit"):
        load_target(tmp_path / "wide.png", fit="fill")  # type: ignore[arg-type]


def test_load_target_of_an_array() -> None:
    g = np.linspace(0, 1, 40 * 20).reshape(20, 40)
    t = load_target(g, size=(5, 10), tone=Tone.none())
    assert (t.width, t.height, t.source) == (10, 5, "<array>")
    assert np.array_equal(t.bits, floyd_steinberg(g.reshape(5, 4, 10, 4).mean(axis=(1, 3))))
    assert load_target(np.ones((3, 3), dtype=bool), size=(3, 3)).bits.all()
    for bad in (np.zeros((0, 4)), np.zeros((2, 2, 3)), np.array([[np.nan]]), np.array([["a"]]),
                np.array([[1j]])):
        with pytest.raises(LightsartError):
            load_target(bad, size=(2, 2))


def test_a_size_is_rows_columns_in_python_and_wxh_as_text(tmp_path: Path) -> None:
    """One order (issue 31, item 6): a tuple is numpy's (rows, columns), text is "WxH". A wide
    picture at size=(30, 60) is a board of 30 rows and 60 columns, whichever way it is asked,
    checked against an independent method: the picture area-averaged by hand (2x2 blocks)."""
    from lightsart import Pictures, make_still

    g = np.linspace(0, 1, 60 * 120).reshape(60, 120) ** 2
    by_hand = threshold(g.reshape(30, 2, 60, 2).mean(axis=(1, 3)))
    for size in ((30, 60), [30, 60], "60x30"):
        t = load_target(g, size=size, dither="none", tone=Tone.none())  # type: ignore[arg-type]
        assert t.bits.shape == (30, 60) and (t.height, t.width) == (30, 60)
        assert np.array_equal(t.bits, by_hand)
    assert Pictures(size=(30, 60)).size == (30, 60) == Pictures(size="60x30").size
    assert load_target(g, size=(60, 30), dither="none").bits.shape == (60, 30)  # tall: cropped
    path = tmp_path / "wide.png"
    Image.fromarray(np.round(g * 255).astype(np.uint8)).save(path)
    assert load_target(path, size=(30, 60)).bits.shape == (30, 60)
    still = make_still(str(path), pictures=Pictures(size=(30, 60)))
    assert still.picture.fit.board.shape == (30, 60)
    out = tmp_path / "cli.png"
    assert main(["still", str(path), "-o", str(out), "--size", "60x30", "--cell", "1"]) == 0
    with Image.open(out) as drawn:
        assert drawn.size == (60, 30)  # Pillow's size is (width, height)


@pytest.mark.parametrize("side", [112, 150, 199])
def test_a_picture_smaller_than_the_board_is_enlarged_at_any_side(side: int) -> None:
    # 112 / 200 * 200 is 112.00000000000001: the region Pillow was given reached past the
    # picture's edge and a 112x112 face photo failed with "box offset can't be negative".
    xx = np.mgrid[0:side, 0:side][1] / (side - 1)
    ramp = 0.2 + 0.6 * xx
    out = fit_to_board(ramp, 200, 200)
    assert out.shape == (200, 200)
    # Bicubic enlargement of a ramp is the ramp (to rounding), sampled at the cell centres.
    centres = 0.2 + 0.6 * np.clip(((np.arange(200) + 0.5) * side / 200 - 0.5) / (side - 1), 0, 1)
    assert np.abs(out - centres).max() < 0.01
    assert np.abs(out[:, :] - out[:1, :]).max() < 1e-6  # every row alike
