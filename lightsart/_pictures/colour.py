"""Colour pictures onto a palette: OKLab, palettes chosen from pictures, error diffusion, distances.

A board of ``K`` states can show any ``K`` colours (:class:`lightsart.Palette`). A colour
picture becomes a target here, in **OKLab** (Björn Ottosson, 2020), a perceptual space where
straight-line distance follows how different two colours look and ``L`` is perceived lightness
(0 black, 1 white):

1. **Convert** sRGB (``[0, 1]``) to linear light (IEC 61966-2-1), to LMS by Ottosson's ``M1``,
   take cube roots, and to ``Lab`` by ``M2`` (:func:`lightsart._pictures.palettes.srgb_to_oklab`,
   beside the palettes it orders).
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

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lightsart._errors import InvalidValue
from lightsart._palette import Palette
from lightsart._pictures.palettes import by_lightness, palette_lab, rgb8, srgb_to_oklab

if TYPE_CHECKING:
    from lightsart._pictures.image import Target
    from lightsart._types import Board

__all__ = ["COMPILED_FROM", "KMEANS_ROUNDS", "SAMPLE_MOST", "Prepared", "as_colour", "choose_palette",
           "colour_distances", "colour_target", "diffuse", "fit_colour", "luminance",
           "onto_lightness", "palette_for", "prepare", "tone_colour"]

#: ``auto:K`` looks at no more than this many cells (of all pictures together).
SAMPLE_MOST = 10_000
#: Rounds of Lloyd's step for ``auto:K`` (bounded work: the sample times K times this).
KMEANS_ROUNDS = 24
#: Colour diffusion runs compiled (numba) on boards of at least this many cells: the Python
#: loop takes about 12 microseconds a cell (3 s at 500x500), numba 0.5-1 s to start.
COMPILED_FROM = 250_000

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
    norms = (sample**2).sum(axis=1)

    def squared(centres: NDArray[np.float64]) -> NDArray[np.float64]:
        # |x - c|^2 = |x|^2 - 2 x.c + |c|^2: one matrix product, not a (samples, K, 3) array.
        d: NDArray[np.float64] = norms[:, None] - 2 * sample @ centres.T + (centres**2).sum(1)
        return np.maximum(d, 0.0)

    c = sample[len(sample) // 2][None, :]
    for _ in range(1, states):  # k-means++: far from the centres so far, weighted by distance²
        d2 = squared(c).min(axis=1)
        total = float(d2.sum())
        pick = int(rng.choice(len(sample), p=d2 / total)) if total > 0 else 0
        c = np.vstack([c, sample[pick]])
    for _ in range(KMEANS_ROUNDS):
        nearest = squared(c).argmin(axis=1)
        counts = np.bincount(nearest, minlength=states)
        sums = np.stack([np.bincount(nearest, sample[:, a], minlength=states) for a in range(3)], 1)
        moved = np.where(counts[:, None] > 0, sums / np.maximum(counts, 1)[:, None], c)
        if np.allclose(moved, c, atol=1e-7):
            break
        c = moved
    colours = rgb8(c)
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
    if values.size // 3 >= COMPILED_FROM:
        return _compiled(values, pal, taps)
    reach = max(abs(dx) for _, dx, _ in taps)
    depth = max(dy for dy, _, _ in taps)
    # Plain floats in lists, one list per channel and row (with margins where error leaving the
    # picture lands unread): the per-pixel loop is sequential, and list arithmetic is several
    # times faster than numpy's on single values.
    margin = [0.0] * reach
    planes = [[margin + row + margin for row in values[..., c].tolist()]
              + [[0.0] * (cols + 2 * reach) for _ in range(depth)] for c in range(3)]
    ls, as_, bs = planes
    p = [tuple(c) for c in pal.tolist()]
    low0, low1, low2 = pal.min(axis=0).tolist()
    high0, high1, high2 = pal.max(axis=0).tolist()
    out = [[0] * cols for _ in range(rows)]
    for i in range(rows):
        step = 1 if i % 2 == 0 else -1
        row_l, row_a, row_b, out_row = ls[i], as_[i], bs[i], out[i]
        ahead = [(ls[i + dy], as_[i + dy], bs[i + dy], dx * step, f) for dy, dx, f in taps]
        for j in (range(reach, reach + cols) if step == 1 else range(reach + cols - 1, reach - 1, -1)):
            # Clamped to the palette's box: a colour no mix of the palette can reach would carry
            # its error on and on (a smear of one state across a whole region).
            v0 = min(max(row_l[j], low0), high0)
            v1 = min(max(row_a[j], low1), high1)
            v2 = min(max(row_b[j], low2), high2)
            best, best_d = 0, float("inf")
            for k, (c0, c1, c2) in enumerate(p):
                d = (v0 - c0) ** 2 + (v1 - c1) ** 2 + (v2 - c2) ** 2
                if d < best_d:
                    best, best_d = k, d
            out_row[j - reach] = best
            c0, c1, c2 = p[best]
            e0, e1, e2 = v0 - c0, v1 - c1, v2 - c2
            for tl, ta, tb, dx, f in ahead:
                tl[j + dx] += e0 * f
                ta[j + dx] += e1 * f
                tb[j + dx] += e2 * f
    return np.array(out, dtype=np.uint8)


def _compiled(values: NDArray[np.float64], pal: NDArray[np.float64],
              taps: list[tuple[int, int, float]]) -> Board:
    """:func:`diffuse`'s loop compiled by numba (the same operations in the same order)."""
    rows, cols, _ = values.shape
    dys = np.array([t[0] for t in taps], dtype=np.int64)
    dxs = np.array([t[1] for t in taps], dtype=np.int64)
    fractions = np.array([t[2] for t in taps])
    reach, depth = int(np.abs(dxs).max()), int(dys.max())
    work = np.zeros((rows + depth, cols + 2 * reach, 3))
    work[:rows, reach:reach + cols] = values
    out = np.empty((rows, cols), dtype=np.uint8)
    _compiled_loop()(work, np.ascontiguousarray(pal), pal.min(axis=0), pal.max(axis=0), dys, dxs,
                     fractions, reach, out)
    return out


def _loop(work: NDArray[np.float64], pal: NDArray[np.float64], low: NDArray[np.float64],
          high: NDArray[np.float64], dys: NDArray[np.int64], dxs: NDArray[np.int64],
          fractions: NDArray[np.float64], reach: int, out: Board) -> None:
    """The serpentine loop of :func:`diffuse` on arrays, written for numba."""
    rows, cols = out.shape
    states = pal.shape[0]
    for i in range(rows):
        step = 1 if i % 2 == 0 else -1
        for k in range(cols):
            j = reach + (k if step == 1 else cols - 1 - k)
            v0 = min(max(work[i, j, 0], low[0]), high[0])
            v1 = min(max(work[i, j, 1], low[1]), high[1])
            v2 = min(max(work[i, j, 2], low[2]), high[2])
            best, best_d = 0, np.inf
            for s in range(states):
                d = (v0 - pal[s, 0]) ** 2 + (v1 - pal[s, 1]) ** 2 + (v2 - pal[s, 2]) ** 2
                if d < best_d:
                    best, best_d = s, d
            out[i, j - reach] = best
            e0, e1, e2 = v0 - pal[best, 0], v1 - pal[best, 1], v2 - pal[best, 2]
            for t in range(dys.shape[0]):
                y, x, f = i + dys[t], j + dxs[t] * step, fractions[t]
                work[y, x, 0] += e0 * f
                work[y, x, 1] += e1 * f
                work[y, x, 2] += e2 * f


@functools.cache
def _compiled_loop() -> Callable[..., None]:
    """:func:`_loop` compiled by numba (imported here: only large boards need it)."""
    from lightsart._core.compiled import compiled

    loop: Callable[..., None] = compiled(_loop)
    return loop


def onto_lightness(lab: NDArray[np.float64], palette: Palette) -> NDArray[np.float64]:
    """``lab`` with its lightness ``[0, 1]`` mapped linearly onto the palette's, darkest to
    lightest (a palette given, not chosen from the pictures, may span less: the handheld's greens
    run from L 0.31 to 0.75; without this every shade lighter than its lightest green would be
    that green)."""
    pal = palette_lab(palette)
    low, high = float(pal[:, 0].min()), float(pal[:, 0].max())
    mapped = np.array(lab, dtype=np.float64)
    mapped[..., 0] = low + (high - low) * np.clip(mapped[..., 0], 0.0, 1.0)
    return mapped


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


@dataclass(frozen=True)
class Prepared:
    """A colour picture fitted to the board and toned, before a palette is known: its label,
    its fitted luminance (``Target.gray``) and its toned colours in OKLab."""

    source: str
    grey: NDArray[np.float64]
    lab: NDArray[np.float64]


def prepare(rgb: NDArray[np.float64], board: tuple[int, int], fit: str, tone: object,
            source: str) -> Prepared:
    """``rgb`` fitted to the ``(width, height)`` board and toned (steps 1 and 2 above)."""
    fitted = fit_colour(rgb, *board, fit)
    return Prepared(source, luminance(fitted), tone_colour(fitted, tone))


def palette_for(request: Palette | str | None, pictures: Sequence[Prepared], states: int
                ) -> Palette | None:
    """The palette the boards are made in: as asked, or ``auto:K`` chosen from every picture."""
    if not isinstance(request, str):
        return request
    return choose_palette([p.lab for p in pictures], states)


def colour_target(picture: Prepared, palette: Palette | None, method: str, *, given: bool
                  ) -> tuple[Target, NDArray[np.float64]]:
    """The :class:`~lightsart.Target` of a prepared picture dithered onto ``palette`` (a
    ``given`` palette, not chosen from the pictures, takes the picture's lightness onto its own
    range first), and each cell's distance to each state's colour (what wrong cells cost)."""
    from lightsart._pictures.image import Target

    if palette is None:  # pragma: no cover - a colour job always has its palette
        raise AssertionError("no palette")
    lab = onto_lightness(picture.lab, palette) if given else picture.lab
    bits = diffuse(lab, palette, method)
    height, width = bits.shape
    target = Target(bits=bits, gray=picture.grey, source=picture.source, width=width,
                    height=height, toned=np.ascontiguousarray(lab[..., 0]),
                    states=palette.states, palette=palette, colour=lab)
    return target, colour_distances(lab, palette)
