"""The tone stage: make a fitted picture's tones suit one bit (or a few levels) per cell.

At one bit per cell a picture's look depends on tone and structure far more than on the last
wrong pixel: an unedited photo with a narrow histogram dithers to an even grey texture in which
the subject is lost. :func:`apply_tone` runs between fitting and dithering, on the board-sized
luminance (float64, ``[0, 1]``, 1 = white), in this order:

1. **Levels** (auto): black and white points at the 0.2nd and 99.8th percentiles, stretched to 0
   and 1 (so few cells are clipped that a lamp's glow or a bright sky is not blown out to white).
2. **Mood** (auto): a power ``v ** p`` (black and white stay) that gives the stretched picture
   back the photo's mean brightness: a dark photo stays dark, a pale one pale. Without it every
   photo drifted to mid-grey (a dark forest 0.15 -> 0.44).
3. **Invert**, then **gamma** ``g`` (``v ** (1/g)``: above 1 brightens mid-tones, as an image
   editor's levels dialog), then **contrast** ``c`` about mid-grey and **brightness** ``b``
   (``(v - 1/2) c + 1/2 + b``).
4. **Local contrast**: contrast-limited adaptive histogram equalisation (CLAHE, scikit-image's
   ``equalize_adapthist``) with tiles of a quarter of the board's short side (at least 8 cells) and
   clip limit ``strength``. Cells near pure black or white keep their value (the equalised value
   is blended in with weight ``min(v, 1 - v) / 0.1``, capped at 1): a night sky, a silhouette or a
   white page stays flat instead of turning into grey noise. With ``auto`` it is blended in only
   where the picture has texture (weight ``sd / (sd + 0.03)``, ``sd`` the local standard
   deviation in a window of 1.5 cells): fur, foliage and murky detail are lifted, while a smooth
   sky, fog or gradient keeps its tones (equalised, it became flat grey, bands and rings of
   sparse dots, and white halos beside dark objects).
5. **Sharpen** at cell scale: an unsharp mask of radius one cell and the given amount.
6. **Mood** again (auto): a power that gives back the mean brightness after step 3, so local
   contrast and sharpening do not move it.

Steps 4 and 5 are computed here in numpy and give scikit-image's ``equalize_adapthist`` and
scipy's ``gaussian_filter`` (what ``skimage.filters.gaussian`` runs) to the last bit (the tests
check it), in strips of rows on buffers reused strip after strip: a 4096 x 4096 board tones in
about a second instead of seven, in a fifth of the memory, and neither library is imported.

``Tone()`` is the default (``--tone auto``): levels, the mood kept, local contrast 0.02 on texture
and sharpening 0.5, chosen by eye on 40 photos and checked on 40 held out (issue 32:
``docs/photos-*.png``; ``benchmarks/bench_pictures.py`` measures structure and brightness kept).
``Tone.none()`` changes nothing, so targets are bit for bit those of lightsart 0.1. Manual values
override the automatic ones part by part.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart import _checks as checks
from lightsart._errors import InvalidType, InvalidValue
from lightsart._public import public
from lightsart._types import Gray

__all__ = ["AUTO_LOCAL_CONTRAST", "AUTO_SHARPEN", "Tone", "apply_tone", "as_picture", "gaussian_blur",
           "keep_brightness"]

#: CLAHE clip limit used by ``--tone auto``.
AUTO_LOCAL_CONTRAST = 0.02
#: Unsharp-mask amount (radius one cell) used by ``--tone auto``.
AUTO_SHARPEN = 0.5
#: Percentiles that become black and white in the automatic levels.
_LEVELS = (0.2, 99.8)
#: Cells within this distance of black or white are shielded from local contrast.
_PROTECT = 0.1
#: CLAHE tiles are this fraction of the short side (at least 8 cells).
_TILE_FRACTION = 4


@public
@dataclass(frozen=True)
class Tone:
    """How a picture's tones are prepared before dithering.

    ``auto`` turns on levels, local contrast and sharpening; ``local_contrast`` and ``sharpen``
    (``None``: auto's value when ``auto``, else off) override those two parts. ``gamma``,
    ``contrast``, ``brightness`` and ``invert`` apply whether or not ``auto`` is on. Values
    out of range raise :class:`~lightsart.InvalidValue` (of the wrong type:
    :class:`~lightsart.InvalidType`) when the settings are made.

    Parameters
    ----------
    auto : bool, optional
        Automatic levels (0.2nd and 99.8th percentiles to black and white), the picture's
        mean brightness kept, local contrast :data:`AUTO_LOCAL_CONTRAST` where it has texture
        and sharpening :data:`AUTO_SHARPEN` (``--tone auto``).
    gamma : float, optional
        Mid-tones as ``v ** (1 / gamma)``, 0.1 to 10: above 1 brightens them.
    brightness : float, optional
        Added after contrast, -1 to 1.
    contrast : float, optional
        Stretch about mid-grey, 0 to 10 (1: unchanged).
    local_contrast : float or None, optional
        The CLAHE clip limit, 0 to 1 (0: off; ``None``: auto's value when ``auto``, else off).
    sharpen : float or None, optional
        The unsharp-mask amount at one cell's radius, 0 to 10 (``None``: as ``local_contrast``).
    invert : bool, optional
        Swap black and white (before gamma, contrast and brightness).

    Returns
    -------
    Tone
        The settings; :func:`apply_tone` applies them.

    Examples
    --------
    >>> from lightsart import Tone
    >>> Tone().local_contrast_strength, Tone().sharpen_amount
    (0.02, 0.5)
    >>> Tone.none().is_identity, Tone(auto=False, sharpen=1.0).sharpen_amount
    (True, 1.0)
    >>> Tone(gamma=20)
    Traceback (most recent call last):
    ...
    lightsart.InvalidValue: gamma must be between 0.1 and 10, got 20
    """

    auto: bool = True
    gamma: float = 1.0
    brightness: float = 0.0
    contrast: float = 1.0
    local_contrast: float | None = None
    sharpen: float | None = None
    invert: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "auto", checks.flag(self.auto, "auto"))
        object.__setattr__(self, "invert", checks.flag(self.invert, "invert"))
        _check_range("gamma", self.gamma, 0.1, 10.0)
        _check_range("brightness", self.brightness, -1.0, 1.0)
        _check_range("contrast", self.contrast, 0.0, 10.0)
        if self.local_contrast is not None:
            _check_range("local contrast", self.local_contrast, 0.0, 1.0)
        if self.sharpen is not None:
            _check_range("sharpen", self.sharpen, 0.0, 10.0)

    @classmethod
    def none(cls) -> Tone:
        """No change at all: the fitted picture goes to the dithering as it is."""
        return cls(auto=False)

    @property
    def local_contrast_strength(self) -> float:
        """The CLAHE clip limit in effect (0 = off)."""
        if self.local_contrast is not None:
            return self.local_contrast
        return AUTO_LOCAL_CONTRAST if self.auto else 0.0

    @property
    def sharpen_amount(self) -> float:
        """The unsharp-mask amount in effect (0 = off)."""
        if self.sharpen is not None:
            return self.sharpen
        return AUTO_SHARPEN if self.auto else 0.0

    @property
    def is_identity(self) -> bool:
        return (
            not self.auto and not self.invert and self.gamma == 1.0 and self.contrast == 1.0
            and self.brightness == 0.0 and self.local_contrast_strength == 0.0
            and self.sharpen_amount == 0.0
        )

    def to_dict(self) -> dict[str, Any]:
        """The settings in effect, as the CLI options that reproduce them."""
        return {
            "tone": "auto" if self.auto else "none",
            "gamma": self.gamma,
            "brightness": self.brightness,
            "contrast": self.contrast,
            "local_contrast": self.local_contrast_strength,
            "sharpen": self.sharpen_amount,
            "invert": self.invert,
        }


def _check_range(name: str, value: float, low: float, high: float) -> None:
    checks.number(value, name)  # text or None: the wrong type
    if not (np.isfinite(value) and low <= value <= high):
        raise InvalidValue(f"{name} must be between {low:g} and {high:g}, got {value!r}")


def levels(gray: Gray) -> Gray:
    """Stretch the 0.2nd..99.8th percentiles to black..white (a flat picture is left as it is)."""
    # The percentiles partition a copy in place: the copy then becomes the result, so a large
    # picture costs one new array, not two (fresh memory is slow to touch on some machines).
    out = gray.copy()
    low, high = np.percentile(out, _LEVELS, overwrite_input=True)
    if high - low < 1e-6:
        return gray
    np.subtract(gray, low, out=out)
    out /= high - low
    return np.clip(out, 0.0, 1.0, out=out)


def local_contrast(gray: Gray, strength: float) -> Gray:
    """CLAHE at ``strength`` (clip limit), shielding cells near black and white."""
    if min(gray.shape) < 2:
        return gray
    return _local_contrast_in_place(gray.copy(), strength)


def _local_contrast_in_place(g: Gray, strength: float) -> Gray:
    rows, cols = g.shape
    if min(rows, cols) < 2:
        return g
    tile = max(8, min(rows, cols) // _TILE_FRACTION)
    # Tiles must fit the picture; tiny boards get one tile per axis.
    kernel = (min(tile, rows), min(tile, cols))
    equalised, stretch = _clahe_levels(g, kernel, strength)
    weight, part = np.empty((2, min(_STRIP, rows), cols))
    for top in range(0, rows, _STRIP):
        bottom = min(rows, top + _STRIP)
        v, w, e = g[top:bottom], weight[:bottom - top], part[:bottom - top]
        # v + weight (equalised - v), weight = min(v, 1 - v) / _PROTECT within [0, 1]
        np.subtract(1.0, v, out=w)
        np.minimum(v, w, out=w)
        w /= _PROTECT
        np.clip(w, 0.0, 1.0, out=w)
        np.take(stretch, equalised[top:bottom].astype(np.intp), out=e, mode="clip")
        e -= v
        e *= w
        e += v
        v[...] = e
    return g


#: scikit-image's CLAHE: grey levels in its working range, and the histogram bins.
_CLAHE_GRAYS = 2**14
_CLAHE_BINS = 256


def clahe(gray: Gray, kernel: tuple[int, int], clip_limit: float) -> Gray:
    """scikit-image's ``equalize_adapthist(gray, kernel, clip_limit)`` for a 2-D float64 picture
    in ``[0, 1]``, to the last bit, in a few passes over the picture.

    Its steps, each done here with the same floating-point operations: ``v`` to 16 bits
    (``rint(65535 v)``), stretched min..max to ``0 .. 2^14 - 1`` and rounded, then to one of 256
    bins (``// 65``); the picture is padded by reflection to whole tiles offset by half a tile;
    each tile's histogram is clipped at ``max(1, int(clip_limit * tile cells))`` with the excess
    spread as scikit-image spreads it, and its cumulative sum scaled to ``0 .. 2^14 - 1`` is the
    tile's map; a cell's value interpolates the maps of the four tiles around it bilinearly (each
    term a float64 product rounded to float32, summed in float32, truncated to an integer);
    finally the result is stretched min..max to ``[0, 1]``. The stretches and the binning act
    on integers, so they are tables; the interpolation runs block by block (a block is the
    rectangle between four tile centres, where the same four maps apply), in strips of rows.
    """
    equalised, stretch = _clahe_levels(gray, kernel, clip_limit)
    return stretch[equalised]


def _clahe_levels(
    gray: Gray, kernel: tuple[int, int], clip_limit: float
) -> tuple[NDArray[np.uint16], NDArray[np.float64]]:
    """CLAHE's integer result (``0 .. 2^14 - 1``) and the table that stretches it to ``[0, 1]``."""
    bins = _clahe_bins(gray)
    pad = _Padding.of(gray.shape, kernel)
    result = _interpolate(bins, _tile_maps(bins, pad, clip_limit), pad)
    low, high = float(result.min()), float(result.max())
    values = np.arange(int(high) + 1, dtype=np.float64)
    if low != high:
        stretch = (np.clip(values, low, high) - low) / (high - low) * 1.0 + 0.0
    else:
        stretch = np.clip(values, 0.0, 1.0)
    return result, stretch


def _clahe_bins(gray: Gray) -> NDArray[np.uint8]:
    """Each cell's histogram bin: ``v`` to 16 bits, stretched min..max to ``0 .. 2^14 - 1``,
    rounded, ``// 65`` (a table over the 65536 16-bit values, applied in strips)."""
    rows, cols = gray.shape
    grays = _CLAHE_GRAYS
    bin_size = 1 + grays // _CLAHE_BINS
    # rint(65535 v) is monotone in v, so its extremes are those of the picture's extremes.
    low, high = (float(np.clip(np.rint(v * 65535.0), 0.0, 65535.0)) for v in (gray.min(), gray.max()))
    levels16 = np.arange(65536, dtype=np.uint16)
    if low != high:
        stretched = (np.clip(levels16, low, high) - low) / (high - low) * float(grays - 1) + 0.0
    else:
        stretched = np.clip(levels16, 0.0, float(grays - 1)).astype(np.float64)
    to_bin = (np.round(stretched).astype(np.uint16) // bin_size).astype(np.uint8)
    bins = np.empty((rows, cols), dtype=np.uint8)
    scaled = np.empty((min(_STRIP, rows), cols))
    for top in range(0, rows, _STRIP):
        part = scaled[:min(_STRIP, rows - top)]
        np.multiply(gray[top:top + _STRIP], 65535.0, out=part)  # to 16 bits, as img_as_uint
        np.rint(part, out=part)
        np.clip(part, 0.0, 65535.0, out=part)
        np.take(to_bin, part.astype(np.intp), out=bins[top:top + _STRIP], mode="clip")
    return bins


@dataclass(frozen=True)
class _Padding:
    """The picture padded by reflection to whole tiles offset by half a tile, as the picture's
    row and column of each padded row and column (``source``); the padded picture itself is
    never made: only edge tiles read reflected cells."""

    shape: tuple[int, int]
    kernel: tuple[int, int]
    start: tuple[int, int]
    source: tuple[NDArray[np.intp], NDArray[np.intp]]

    @classmethod
    def of(cls, shape: tuple[int, int], kernel: tuple[int, int]) -> _Padding:
        (rows, cols), (k0, k1) = shape, kernel
        start = (k0 // 2, k1 // 2)
        end = ((k0 - rows % k0) % k0 + math.ceil(k0 / 2), (k1 - cols % k1) % k1 + math.ceil(k1 / 2))
        source = tuple(np.pad(np.arange(n), (s, e), mode="reflect")
                       for n, s, e in zip(shape, start, end, strict=True))
        return cls(shape, kernel, start, (source[0], source[1]))


def _tile_maps(bins: NDArray[np.uint8], pad: _Padding, clip_limit: float) -> NDArray[np.float64]:
    """Each tile's clipped, scaled cumulative histogram, padded by one tile of the nearest map
    on every side (blocks past the first and last tile centres use the nearest tile's map)."""
    k0, k1 = pad.kernel
    grays = _CLAHE_GRAYS
    n_hist = (int(pad.source[0].size / k0) - 1, int(pad.source[1].size / k1) - 1)
    cells = k0 * k1
    limit = int(np.clip(clip_limit * cells, 1, None)) if clip_limit > 0.0 else cells
    maps = np.empty((*n_hist, _CLAHE_BINS), dtype=np.int64)
    for i in range(n_hist[0]):
        for j in range(n_hist[1]):
            r0, c0 = pad.start[0] + i * k0, pad.start[1] + j * k1
            tile_rows, tile_cols = _run(pad.source[0][r0:r0 + k0]), _run(pad.source[1][c0:c0 + k1])
            if isinstance(tile_rows, slice) or isinstance(tile_cols, slice):
                tile = bins[tile_rows, tile_cols]
            else:  # a corner tile, reflected both ways
                tile = bins[np.ix_(tile_rows, tile_cols)]
            hist = np.bincount(tile.ravel(), minlength=_CLAHE_BINS)
            mapped = np.cumsum(_clip_histogram(hist, limit)).astype(float)
            mapped *= (grays - 1) / cells
            np.clip(mapped, None, grays - 1, out=mapped)
            maps[i, j] = mapped.astype(int)
    return np.pad(maps.astype(np.float64), [(1, 1), (1, 1), (0, 0)], mode="edge")


def _interpolate(bins: NDArray[np.uint8], tables: NDArray[np.float64], pad: _Padding
                 ) -> NDArray[np.uint16]:
    """Each cell's value from the maps of the four tiles around it, bilinearly, block by block
    (a block lies between four tile centres), in strips of rows."""
    (rows, cols), (k0, k1) = pad.shape, pad.kernel
    fractions = [np.arange(k) / k for k in pad.kernel]
    sides = [(1 - f, f) for f in fractions]  # weight of the tile before and after, by position
    result = np.empty((rows, cols), dtype=np.uint16)
    # Buffers reused strip after strip: the bins as indices (take is fastest with intp), a map's
    # values, the weights, and the float32 term and sum.
    most = min(_STRIP, k0) * min(k1, cols)
    buffers: tuple[NDArray[Any], ...] = (
        np.empty(most, dtype=np.intp), np.empty(most), np.empty(most),
        np.empty(most, dtype=np.float32), np.empty(most, dtype=np.float32))
    top = pad.start[0]
    while top < pad.start[0] + rows:
        # A strip of picture rows (padded coordinates) within one row of blocks.
        bi = top // k0
        bottom = min(top + _STRIP, (bi + 1) * k0, pad.start[0] + rows)
        row_weights = [side[top - bi * k0:bottom - bi * k0] for side in sides[0]]
        for bj in range(int(pad.source[1].size / k1)):
            left, right = max(bj * k1, pad.start[1]), min((bj + 1) * k1, pad.start[1] + cols)
            if left >= right:
                continue
            shape = (bottom - top, right - left)
            size = shape[0] * shape[1]
            index, mapped, weight, term, total = (b[:size].reshape(shape) for b in buffers)
            np.copyto(index, bins[top - pad.start[0]:bottom - pad.start[0],
                                  left - pad.start[1]:right - pad.start[1]])
            col_weights = [side[left - bj * k1:right - bj * k1] for side in sides[1]]
            for a in (0, 1):
                for b in (0, 1):
                    np.multiply.outer(row_weights[a], col_weights[b], out=weight)
                    np.take(tables[bi + a, bj + b], index, out=mapped, mode="clip")
                    # float64 product rounded to float32, summed in float32 (0 + x is x)
                    np.multiply(mapped, weight, out=total if a == b == 0 else term)
                    if a or b:
                        total += term
            result[top - pad.start[0]:bottom - pad.start[0],
                   left - pad.start[1]:right - pad.start[1]] = total
        top = bottom
    return result


def _run(index: NDArray[np.intp]) -> slice | NDArray[np.intp]:
    """``index`` as a slice when it is a run of consecutive numbers (a view, not a copy)."""
    first = int(index[0])
    if np.array_equal(index, np.arange(first, first + index.size)):
        return slice(first, first + index.size)
    return index


def _clip_histogram(hist: NDArray[np.int64], limit: int) -> NDArray[np.int64]:
    """Clip ``hist`` at ``limit`` and spread the excess over the bins, as scikit-image does
    (``skimage.exposure._adapthist.clip_histogram``, BSD licence): evenly first, then one by
    one at a stride over the bins still under the limit. Changes ``hist`` in place."""
    over = hist > limit
    excess = int(hist[over].sum()) - int(over.sum()) * limit
    hist[over] = limit
    increment = excess // hist.size
    upper = limit - increment
    under = hist < upper
    excess -= int(under.sum()) * increment
    hist[under] += increment
    middle = (hist >= upper) & (hist < limit)
    excess += int(hist[middle].sum()) - int(middle.sum()) * limit
    hist[middle] = limit
    while excess > 0:
        before = excess
        for index in range(hist.size):
            under = hist < limit
            step = max(1, int(np.count_nonzero(under)) // excess)
            picked = under[index::step]
            hist[index::step][picked] += 1
            excess -= int(np.count_nonzero(picked))
            if excess <= 0:
                break
        if before == excess:
            break
    return hist


def sharpen(gray: Gray, amount: float) -> Gray:
    """Unsharp mask of radius one cell: ``v + amount (v - blur(v))``, clipped to ``[0, 1]``.

    The blur is scikit-image's ``filters.gaussian(sigma=1, mode="nearest")``, which is scipy's
    ``gaussian_filter``, to the last bit: see :class:`_Blur`. Done in strips of rows so the work
    stays in the processor's cache (and scipy, 0.3 s to import, is not needed).
    """
    return _sharpen_in_place(gray.copy(), amount)


def _sharpen_in_place(g: Gray, amount: float) -> Gray:
    rows, cols = g.shape
    blur = _Blur(g)
    buffers = np.empty((2, min(_STRIP, rows), cols))
    pending: tuple[int, int, Gray] | None = None
    for n, top in enumerate(range(0, rows, _STRIP)):
        bottom = min(rows, top + _STRIP)
        part = buffers[n % 2][:bottom - top]
        # Reads rows top - 4 .. bottom + 4 of g: the strip before is still pending, so unchanged.
        blur.rows(top, bottom, part)
        v = g[top:bottom]
        np.subtract(v, part, out=part)  # v + amount (v - blur): the same three operations
        part *= amount
        part += v
        np.clip(part, 0.0, 1.0, out=part)
        if pending is not None:
            g[pending[0]:pending[1]] = pending[2]
        pending = (top, bottom, part)
    if pending is not None:
        g[pending[0]:pending[1]] = pending[2]
    return g


#: Rows per strip in the tone stage's strip-wise passes (a few hundred kB per array at 4096).
_STRIP = 64
#: scipy's ``truncate``: the blur reaches ``int(4 sigma + 0.5)`` pixels each way.
_TRUNCATE = 4.0


@functools.cache
def _blur_weights(sigma: float) -> tuple[float, ...]:
    """Weights of the Gaussian blur at distance 0 .. radius, as scipy computes them."""
    radius = int(_TRUNCATE * sigma + 0.5)
    x = np.arange(-radius, radius + 1)
    phi = np.exp(-0.5 / (sigma * sigma) * x**2)
    phi = phi / phi.sum()
    return tuple(float(w) for w in phi[radius:])


class _Blur:
    """Strips of rows of the Gaussian blur of a picture (edges extended).

    Bit for bit scipy's ``gaussian_filter(gray, sigma, mode="nearest")``: a 1-D pass down the
    columns, then one along the rows, each computing ``x[i] w_0``, then adding
    ``(x[i-k] + x[i+k]) w_k`` for ``k = r, ..., 2, 1`` in that order (its symmetric-kernel loop).
    """

    def __init__(self, gray: Gray, sigma: float = 1.0) -> None:
        self.gray = gray
        self.weights = _blur_weights(sigma)
        r = len(self.weights) - 1
        rows, cols = gray.shape
        height = min(_STRIP, rows)
        self.source = np.empty((height + 2 * r, cols))
        self.down = np.empty((height, cols + 2 * r))  # the pass down, edges extended
        self.term = np.empty((height, cols))

    def rows(self, top: int, bottom: int, out: Gray) -> None:
        """Rows ``top:bottom`` (at most ``_STRIP``) of the blur into ``out``."""
        weights = self.weights
        r = len(weights) - 1
        rows, cols = self.gray.shape
        height = bottom - top
        source, down, term = self.source[:height + 2 * r], self.down[:height], self.term[:height]
        np.take(self.gray, np.clip(np.arange(top - r, bottom + r), 0, rows - 1), axis=0, out=source)
        inner = down[:, r:r + cols]
        np.multiply(source[r:r + height], weights[0], out=inner)
        for k in range(r, 0, -1):
            np.add(source[r - k:r - k + height], source[r + k:r + k + height], out=term)
            term *= weights[k]
            inner += term
        down[:, :r] = inner[:, :1]
        down[:, r + cols:] = inner[:, -1:]
        np.multiply(inner, weights[0], out=out)
        for k in range(r, 0, -1):
            np.add(down[:, r - k:r - k + cols], down[:, r + k:r + k + cols], out=term)
            term *= weights[k]
            out += term


def gaussian_blur(gray: NDArray[Any], sigma: float) -> Gray:
    """The Gaussian blur of ``gray`` (2-D) by ``sigma`` pixels, edges extended: scipy's
    ``gaussian_filter(gray, sigma, mode="nearest")`` (what ``skimage.filters.gaussian`` runs)
    to the last bit, without importing either (scipy takes 0.3 s to import)."""
    g = np.asarray(gray, dtype=np.float64)
    blur, out = _Blur(g, sigma), np.empty(g.shape)
    for top in range(0, g.shape[0], _STRIP):
        bottom = min(g.shape[0], top + _STRIP)
        blur.rows(top, bottom, out[top:bottom])
    return out


def as_picture(gray: object) -> Gray:
    """``gray`` as a float64 array, refusing what is not a picture's luminance: not 2-D, empty,
    not real numbers, or not finite (the range is the caller's: the loaders clip to ``[0, 1]``)."""
    a = np.asarray(gray)
    if a.ndim == 0:  # None, a number: not an array at all
        raise InvalidType(f"a picture must be a 2-D array of numbers, got {type(gray).__name__}")
    if a.ndim != 2 or a.size == 0:
        raise InvalidValue(f"a picture must be a non-empty 2-D array, got shape {a.shape}")
    if not (np.issubdtype(a.dtype, np.number) or a.dtype == np.bool_) or np.iscomplexobj(a):
        raise InvalidType(f"a picture must hold real numbers, got {a.dtype}")
    g = a.astype(np.float64, copy=False)
    if not np.isfinite(g).all():
        raise InvalidValue("a picture holds values that are not finite numbers")
    return g


@public
def apply_tone(gray: Gray, tone: Tone | None = None) -> Gray:
    """The toned picture (a new array; ``gray`` itself when ``tone`` changes nothing).

    Runs the steps the module docstring lists, in order: levels and the mood (with ``auto``: the
    photo's mean brightness), invert, gamma, contrast and brightness, local contrast (with
    ``auto`` only on texture), sharpening, and the mean brightness after the manual steps again
    (with ``auto``); the result is clipped to ``[0, 1]``.

    Parameters
    ----------
    gray : numpy.ndarray
        The fitted picture's luminance, 2-D float in ``[0, 1]``, 1 = white (not changed).
    tone : Tone or None, optional
        The settings (``None``: ``Tone()``, the automatic tone of ``--tone auto``).

    Returns
    -------
    numpy.ndarray
        The toned luminance, float64 in ``[0, 1]``, of ``gray``'s shape.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import Tone, apply_tone
    >>> gray = np.array([[0.2, 0.4], [0.6, 0.8]])
    >>> apply_tone(gray, Tone(auto=False, invert=True)).round(2).tolist()
    [[0.8, 0.6], [0.4, 0.2]]
    >>> apply_tone(gray, Tone.none()) is gray
    True
    """
    if tone is not None and not isinstance(tone, Tone):  # a Tone's fields, not a preset's name
        raise InvalidType(f"tone must be a Tone or None; got {tone!r}")
    tone = Tone() if tone is None else tone
    given = g = as_picture(gray)  # an empty array failed in the percentiles; NaN came back as NaN
    if tone.is_identity:
        return gray
    if tone.auto:  # stretched to the full range, at the photo's own mean brightness
        g = keep_brightness(levels(g), float(given.mean()))
    g = _manual(g, tone)
    mood = float(g.mean()) if tone.auto else 0.0  # what the later steps keep
    # From here on the work is in place, on a new array (a copy only if no step made one).
    g = g if g is not given and g is not gray else g.copy()
    if tone.local_contrast_strength > 0:
        if tone.auto:  # only where the picture has texture: smooth areas keep their tones
            weight = _texture(g)
            equalised = _local_contrast_in_place(g.copy(), tone.local_contrast_strength)
            equalised -= g
            equalised *= weight
            g += equalised
        else:
            g = _local_contrast_in_place(g, tone.local_contrast_strength)
    if tone.sharpen_amount > 0:
        g = _sharpen_in_place(g, tone.sharpen_amount)
    np.clip(g, 0.0, 1.0, out=g)
    return keep_brightness(g, mood, out=g) if tone.auto else g


def _manual(g: Gray, tone: Tone) -> Gray:
    """Invert, gamma, contrast and brightness (a new array unless none of them is set)."""
    if tone.invert:
        g = 1.0 - g
    if tone.gamma != 1.0:
        g = g ** (1.0 / tone.gamma)
    if tone.contrast != 1.0 or tone.brightness != 0.0:
        g = np.clip((g - 0.5) * tone.contrast + 0.5 + tone.brightness, 0.0, 1.0)
    return g


#: Local contrast is blended in with weight ``sd / (sd + _TEXTURE)``, ``sd`` the local standard
#: deviation (Gaussian window of 1.5 cells): texture gets it, smooth skies and gradients keep theirs.
_TEXTURE = 0.03
#: The brightness-keeping gamma is found on at most this many cells (a regular sample).
_SAMPLE = 1 << 16


def _texture(g: Gray) -> Gray:
    """Each cell's weight for local contrast: ``sd / (sd + _TEXTURE)``, 0 on a smooth area."""
    mean = gaussian_blur(g, 1.5)
    sd = gaussian_blur(g * g, 1.5)
    sd -= mean * mean
    np.maximum(sd, 0.0, out=sd)
    np.sqrt(sd, out=sd)
    return np.divide(sd, sd + _TEXTURE, out=sd)


def keep_brightness(g: Gray, mean: float, out: Gray | None = None) -> Gray:
    """``g ** p`` with the power ``p`` (1/8 .. 8) that gives it the mean brightness ``mean``: the
    photograph's mood after levels and local contrast stretched it. Black and white stay. A new
    array (``g`` itself when the power is 1), or ``out``."""
    sample = g.ravel()[::max(1, g.size // _SAMPLE)]
    low, high = -3.0, 3.0  # log2 of the power: a larger power darkens
    for _ in range(30):
        middle = (low + high) / 2
        if float((sample ** (2.0 ** middle)).mean()) > mean:
            low = middle
        else:
            high = middle
    power = 2.0 ** ((low + high) / 2)
    if abs(power - 1.0) < 1e-6:
        return g
    return np.power(g, power) if out is None else np.power(g, power, out=out)
