"""Colour pictures onto a palette: OKLab, palettes chosen from pictures, error diffusion, distances.

A board of ``K`` states can show any ``K`` colours (:class:`lightsart.Palette`). A colour
picture becomes a target here, in **OKLab** (Björn Ottosson, 2020), a perceptual space where
straight-line distance follows how different two colours look and ``L`` is perceived lightness
(0 black, 1 white):

1. **Convert** sRGB (``[0, 1]``) to linear light (IEC 61966-2-1), to LMS by Ottosson's ``M1``,
   take cube roots, and to ``Lab`` by ``M2``. :func:`oklab_to_srgb` inverts each step.
2. **Tone** (:mod:`lightsart._pictures.tone`) acts on ``L`` alone and keeps ``a, b``: levels,
   local contrast and sharpening change lightness, never hue.
3. **Choose** a palette (``auto:K``, :func:`choose_palette`): k-means in OKLab over at most
   :data:`SAMPLE_MOST` of the board's cells (a fixed stride, so the same pictures give the same
   palette), started from k-means++ with a fixed seed, :data:`KMEANS_ROUNDS` rounds of Lloyd's
   step; the centres, rounded to 8-bit sRGB, in order of lightness (darkest = state 0, the
   lightest = state ``K - 1``, the lit look of the all-lit start board).
4. **Dither** by error diffusion in OKLab (:func:`diffuse`): the kernels of
   :data:`lightsart._pictures.dither.KERNELS`, serpentine, but the value carried is a colour
   ``(L, a, b)`` and each cell takes the palette colour nearest (Euclidean, ΔE_OK) to its
   colour plus the error pushed to it. ``none`` takes the nearest colour with nothing carried.
   Ordered dithering splits a value between the two levels around it on a line of greys; a
   palette of colours is no line, so those methods are refused in colour.
5. **Distances** (:func:`colour_distances`): each cell's ΔE_OK to each state's colour, in units
   of the palette's mean step between consecutive states; :func:`lightsart._pictures.costs.state_costs`
   turns them into what each wrong state costs the engine, as for grey levels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lightsart._errors import InvalidValue
from lightsart._palette import Palette

if TYPE_CHECKING:
    from lightsart._types import Board

__all__ = ["KMEANS_ROUNDS", "SAMPLE_MOST", "choose_palette", "colour_distances", "diffuse",
           "oklab_to_srgb", "palette_lab", "ramp", "srgb_to_oklab"]

#: ``auto:K`` looks at no more than this many cells (of all pictures together).
SAMPLE_MOST = 20_000
#: Rounds of Lloyd's step for ``auto:K`` (bounded work: the sample times K times this).
KMEANS_ROUNDS = 24

# Ottosson's matrices: linear sRGB to LMS, and cube-rooted LMS to Lab.
_M1 = np.array([[0.4122214708, 0.5363325363, 0.0514459929],
                [0.2119034982, 0.6806995451, 0.1073969566],
                [0.0883024619, 0.2817188376, 0.6299787005]])
_M2 = np.array([[0.2104542553, 0.7936177850, -0.0040720468],
                [1.9779984951, -2.4285922050, 0.4505937099],
                [0.0259040371, 0.7827717662, -0.8086757660]])


def srgb_to_oklab(rgb: NDArray[np.float64]) -> NDArray[np.float64]:
    """sRGB values in ``[0, 1]`` (last axis ``r, g, b``) as OKLab ``(L, a, b)``.

    >>> srgb_to_oklab(np.array([1.0, 1.0, 1.0])).round(4).tolist()
    [1.0, 0.0, -0.0]
    """
    from lightsart._pictures.dither import srgb_to_linear

    lms = srgb_to_linear(np.asarray(rgb, dtype=np.float64)) @ _M1.T
    lab: NDArray[np.float64] = np.cbrt(lms) @ _M2.T
    return lab


def oklab_to_srgb(lab: NDArray[np.float64]) -> NDArray[np.float64]:
    """OKLab ``(L, a, b)`` as sRGB values, clipped to ``[0, 1]`` (the inverse of
    :func:`srgb_to_oklab` inside the sRGB gamut)."""
    lms = (np.asarray(lab, dtype=np.float64) @ np.linalg.inv(_M2).T) ** 3
    linear = np.clip(lms @ np.linalg.inv(_M1).T, 0.0, 1.0)
    encoded = np.where(linear <= 0.0031308, 12.92 * linear,
                       1.055 * np.power(linear, 1 / 2.4) - 0.055)
    return np.clip(encoded, 0.0, 1.0)


def palette_lab(palette: Palette) -> NDArray[np.float64]:
    """The palette's colours in OKLab, ``(K, 3)``, state 0 first."""
    return srgb_to_oklab(np.array(palette.colours, dtype=np.float64) / 255.0)


def _to_rgb8(lab: NDArray[np.float64]) -> list[tuple[int, int, int]]:
    rgb = np.rint(oklab_to_srgb(lab) * 255.0).astype(int)
    return [(int(r), int(g), int(b)) for r, g, b in rgb]


def by_lightness(colours: Sequence[tuple[int, int, int]]) -> Palette:
    """``colours`` as a palette ordered by OKLab lightness, darkest first (state 0), ties by the
    colour itself; two alike are refused as :class:`Palette` refuses them."""
    lab = srgb_to_oklab(np.array(colours, dtype=np.float64) / 255.0)
    order = sorted(range(len(colours)), key=lambda i: (round(float(lab[i, 0]), 12), colours[i]))
    return Palette(tuple(colours[i] for i in order))


def ramp(anchors: Sequence[tuple[int, int, int]], states: int) -> Palette:
    """``states`` colours spaced evenly in OKLab along the polyline through ``anchors`` (dark to
    light): how the named ramps (``sepia``, ``amber``) take any number of states."""
    lab = srgb_to_oklab(np.array(anchors, dtype=np.float64) / 255.0)
    where = np.linspace(0.0, len(anchors) - 1, states)
    low = np.minimum(where.astype(int), len(anchors) - 2)
    frac = (where - low)[:, None]
    return Palette(tuple(_to_rgb8(lab[low] * (1 - frac) + lab[low + 1] * frac)))


def choose_palette(pictures_lab: Sequence[NDArray[np.float64]], states: int) -> Palette:
    """``states`` colours for the pictures (each ``(h, w, 3)`` OKLab): k-means over a strided
    sample of their cells (see the module docstring), ordered by lightness.

    Deterministic: the same pictures give the same palette. Where the pictures hold fewer
    distinct colours than ``states``, the missing ones are spread along the lightness axis (a
    palette's colours must differ).
    """
    cells = np.concatenate([np.asarray(p, dtype=np.float64).reshape(-1, 3) for p in pictures_lab])
    stride = max(1, -(-len(cells) // SAMPLE_MOST))
    sample = cells[::stride]
    rng = np.random.default_rng(0)
    centres = [sample[len(sample) // 2]]
    for _ in range(1, states):  # k-means++: far from the centres so far, weighted by distance²
        d2 = np.min(((sample[:, None, :] - np.array(centres)[None]) ** 2).sum(-1), axis=1)
        total = float(d2.sum())
        centres.append(sample[int(rng.choice(len(sample), p=d2 / total))] if total > 0
                       else sample[0])
    c = np.array(centres)
    for _ in range(KMEANS_ROUNDS):
        nearest = np.argmin(((sample[:, None, :] - c[None]) ** 2).sum(-1), axis=1)
        moved = c.copy()
        for k in range(states):
            members = sample[nearest == k]
            if len(members):
                moved[k] = members.mean(axis=0)
        if np.allclose(moved, c, atol=1e-7):
            break
        c = moved
    colours = _to_rgb8(c)
    return by_lightness(_distinct(colours))


def _distinct(colours: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """``colours`` with repeats replaced by greys not yet used (a flat picture has one colour)."""
    seen: list[tuple[int, int, int]] = []
    for c in colours:
        if c in seen:
            c = next((v, v, v) for v in _spread(len(colours)) if (v, v, v) not in seen)
        seen.append(c)
    return seen


def _spread(count: int) -> list[int]:
    levels = [round(255 * s / (count - 1)) for s in range(count)]
    return levels + [v for v in range(256) if v not in levels]


def colour_distances(lab: NDArray[np.float64], palette: Palette) -> NDArray[np.float64]:
    """Each cell's ΔE_OK to each state's colour, ``(cells, K)``, in units of the palette's mean
    distance between consecutive states (so one step in a flat area is about 1, as a grey
    level's step is)."""
    pal = palette_lab(palette)
    unit = float(np.linalg.norm(np.diff(pal, axis=0), axis=1).mean())
    flat = np.asarray(lab, dtype=np.float64).reshape(-1, 1, 3)
    distance: NDArray[np.float64] = np.sqrt(((flat - pal[None]) ** 2).sum(-1)) / unit
    return distance


def diffuse(lab: NDArray[np.float64], palette: Palette, method: str) -> Board:
    """Each cell's state: ``lab`` (``(h, w, 3)`` OKLab) dithered onto ``palette`` by ``method``
    (an error-diffusion method of :data:`lightsart.DITHER_METHODS`, or ``none``)."""
    from lightsart._pictures.dither import DITHER_METHODS, KERNELS, colour_method

    name = DITHER_METHODS.canonical(method)
    colour_method(name)
    pal = palette_lab(palette)
    values = np.asarray(lab, dtype=np.float64)
    rows, cols, _ = values.shape
    if name not in KERNELS:  # "none": the nearest colour, nothing carried
        flat = values.reshape(-1, 1, 3)
        cells = np.argmin(((flat - pal[None]) ** 2).sum(-1), axis=1)
        return cells.reshape(rows, cols).astype(np.uint8)
    kernel = KERNELS[name]
    taps = [(dy, dx, w / kernel.divisor) for dy, dx, w in kernel.taps]
    reach = max(abs(dx) for _, dx, _ in taps)
    depth = max(dy for dy, _, _ in taps)
    work = np.zeros((rows + depth, cols + 2 * reach, 3))
    work[:rows, reach:reach + cols] = values
    p = pal.tolist()
    out = np.empty((rows, cols), dtype=np.uint8)
    for i in range(rows):
        step = 1 if i % 2 == 0 else -1
        js = range(cols) if step == 1 else range(cols - 1, -1, -1)
        for j in js:
            v0, v1, v2 = work[i, j + reach].tolist()
            best, best_d = 0, float("inf")
            for k, (c0, c1, c2) in enumerate(p):
                d = (v0 - c0) ** 2 + (v1 - c1) ** 2 + (v2 - c2) ** 2
                if d < best_d:
                    best, best_d = k, d
            out[i, j] = best
            c0, c1, c2 = p[best]
            error = np.array((v0 - c0, v1 - c1, v2 - c2))
            for dy, dx, f in taps:
                work[i + dy, j + reach + dx * step] += error * f
    return out


def check_lab(lab: NDArray[np.float64]) -> None:
    """A colour picture is ``(h, w, 3)``: one line otherwise."""
    if lab.ndim != 3 or lab.shape[2] != 3 or lab.size == 0:
        raise InvalidValue(f"a colour picture is an array of shape (rows, columns, 3), got {lab.shape}")


# ----------------------------------------------------------------------------------- targets


def fit_colour(rgb: NDArray[np.float64], width: int, height: int, fit: str) -> NDArray[np.float64]:
    """``rgb`` (``(h, w, 3)`` in ``[0, 1]``) area-averaged onto the board, channel by channel,
    as :func:`lightsart._pictures.image.fit_to_board` averages a grey picture."""
    from lightsart._pictures.image import fit_to_board

    return np.stack([fit_to_board(rgb[..., c], width, height, fit)  # type: ignore[arg-type]
                     for c in range(3)], axis=-1)


def tone_colour(fitted: NDArray[np.float64], tone: object) -> NDArray[np.float64]:
    """The fitted colours in OKLab with the tone stage applied to ``L`` (clipped to ``[0, 1]``),
    ``a, b`` kept: lightness changes, hue does not."""
    from lightsart._pictures.tone import apply_tone

    lab = srgb_to_oklab(fitted)
    toned = apply_tone(np.clip(lab[..., 0], 0.0, 1.0), tone)  # type: ignore[arg-type]
    lab[..., 0] = toned
    return lab


def luminance(rgb: NDArray[np.float64]) -> NDArray[np.float64]:
    """ITU-R 601 luminance of ``rgb`` in ``[0, 1]`` (as the grey stage reads a colour file)."""
    y: NDArray[np.float64] = rgb @ np.array([0.299, 0.587, 0.114])
    return np.clip(y, 0.0, 1.0)


def as_colour(picture: object) -> NDArray[np.float64]:
    """An array as a colour picture ``(h, w, 3)`` in ``[0, 1]``: a 2-D luminance array is grey in
    every channel; anything else is one line."""
    from lightsart._pictures.image import gray_array

    a = np.asarray(picture)
    if a.ndim == 2:
        g = gray_array(a)
        return np.repeat(g[..., None], 3, axis=-1)
    if a.ndim != 3 or a.shape[2] != 3 or a.size == 0:
        raise InvalidValue(f"a colour picture is an array of shape (rows, columns, 3) in [0, 1], "
                           f"got shape {a.shape}")
    channels = [gray_array(a[..., c]) for c in range(3)]  # the grey checks, channel by channel
    return np.stack(channels, axis=-1)
