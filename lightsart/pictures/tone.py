"""The tone stage: make a fitted picture's tones suit one bit (or a few levels) per cell.

At one bit per cell a picture's look depends on tone and structure far more than on the last
wrong pixel: an unedited photo with a narrow histogram dithers to an even grey texture in which
the subject is lost. :func:`apply_tone` runs between fitting and dithering, on the board-sized
luminance (float64, ``[0, 1]``, 1 = white), in this order:

1. **Levels** (auto): black and white points at the 1st and 99th percentiles, stretched to 0 and 1.
2. **Invert**, then **gamma** ``g`` (``v ** (1/g)``: above 1 brightens mid-tones, as an image
   editor's levels dialog), then **contrast** ``c`` about mid-grey and **brightness** ``b``
   (``(v - 1/2) c + 1/2 + b``).
3. **Local contrast**: contrast-limited adaptive histogram equalisation (CLAHE, scikit-image's
   ``equalize_adapthist``) with tiles of a quarter of the board's short side (at least 8 cells) and
   clip limit ``strength``. Cells near pure black or white keep their value (the equalised value
   is blended in with weight ``min(v, 1 - v) / 0.1``, capped at 1): a night sky, a silhouette or a
   white page stays flat instead of turning into grey noise.
4. **Sharpen** at cell scale: an unsharp mask of radius one cell and the given amount.

``Tone()`` is the default (``--tone auto``): levels, local contrast 0.02 and sharpening 0.5, chosen
by looking at portraits, night scenes, low-contrast photos, textures and line art at ~100 cells
(``benchmarks/bench_pictures.py`` measures them). ``Tone.none()`` changes nothing, so targets are
bit for bit those of lightsart 0.1. Manual values override the automatic ones part by part.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart.errors import LightsartError
from lightsart.types import Gray

__all__ = ["AUTO_LOCAL_CONTRAST", "AUTO_SHARPEN", "Tone", "apply_tone"]

#: CLAHE clip limit used by ``--tone auto``.
AUTO_LOCAL_CONTRAST = 0.02
#: Unsharp-mask amount (radius one cell) used by ``--tone auto``.
AUTO_SHARPEN = 0.5
#: Percentiles that become black and white in the automatic levels.
_LEVELS = (1.0, 99.0)
#: Cells within this distance of black or white are shielded from local contrast.
_PROTECT = 0.1
#: CLAHE tiles are this fraction of the short side (at least 8 cells).
_TILE_FRACTION = 4


@dataclass(frozen=True)
class Tone:
    """How a picture's tones are prepared before dithering.

    ``auto`` turns on levels, local contrast and sharpening; ``local_contrast`` and ``sharpen``
    (``None``: auto's value when ``auto``, else off) override those two parts. ``gamma``,
    ``contrast``, ``brightness`` and ``invert`` apply whether or not ``auto`` is on.
    """

    auto: bool = True
    gamma: float = 1.0
    brightness: float = 0.0
    contrast: float = 1.0
    local_contrast: float | None = None
    sharpen: float | None = None
    invert: bool = False

    def __post_init__(self) -> None:
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
    if not (np.isfinite(value) and low <= value <= high):
        raise LightsartError(f"{name} must be between {low:g} and {high:g}, got {value!r}")


def levels(gray: Gray) -> Gray:
    """Stretch the 1st..99th percentiles to black..white (a flat picture is left as it is)."""
    low, high = np.percentile(gray, _LEVELS)
    if high - low < 1e-6:
        return gray
    out = np.subtract(gray, low)
    out /= high - low
    return np.clip(out, 0.0, 1.0, out=out)


def local_contrast(gray: Gray, strength: float) -> Gray:
    """CLAHE at ``strength`` (clip limit), shielding cells near black and white."""
    rows, cols = gray.shape
    if min(rows, cols) < 2:
        return gray
    tile = max(8, min(rows, cols) // _TILE_FRACTION)
    # Tiles must fit the picture; tiny boards get one tile per axis.
    kernel = (min(tile, rows), min(tile, cols))
    out = clahe(gray, kernel, strength)
    # out = gray + weight (out - gray), weight = min(v, 1 - v) / _PROTECT capped to [0, 1]; in place.
    weight = np.subtract(1.0, gray)
    np.minimum(gray, weight, out=weight)
    weight /= _PROTECT
    np.clip(weight, 0.0, 1.0, out=weight)
    out -= gray
    out *= weight
    out += gray
    return out


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
    rectangle between four tile centres, where the same four maps apply).
    """
    rows, cols = gray.shape
    grays = _CLAHE_GRAYS
    bin_size = 1 + grays // _CLAHE_BINS
    scaled = np.multiply(gray, 65535.0)  # to 16 bits, as img_as_uint
    np.rint(scaled, out=scaled)
    np.clip(scaled, 0.0, 65535.0, out=scaled)
    u16 = scaled.astype(np.uint16)
    del scaled
    low, high = float(u16.min()), float(u16.max())
    levels16 = np.arange(65536, dtype=np.uint16)
    if low != high:
        stretched = (np.clip(levels16, low, high) - low) / (high - low) * float(grays - 1) + 0.0
    else:
        stretched = np.clip(levels16, 0.0, float(grays - 1)).astype(np.float64)
    to_bin = (np.round(stretched).astype(np.uint16) // bin_size).astype(np.uint8)
    bins = to_bin[u16]
    del u16

    k0, k1 = kernel
    pad_start = (k0 // 2, k1 // 2)
    pad_end = ((k0 - rows % k0) % k0 + math.ceil(k0 / 2), (k1 - cols % k1) % k1 + math.ceil(k1 / 2))
    padded = np.pad(bins, [(pad_start[0], pad_end[0]), (pad_start[1], pad_end[1])], mode="reflect")
    del bins
    n_hist = (int(padded.shape[0] / k0) - 1, int(padded.shape[1] / k1) - 1)
    cells = k0 * k1
    limit = int(np.clip(clip_limit * cells, 1, None)) if clip_limit > 0.0 else cells
    maps = np.empty((*n_hist, _CLAHE_BINS), dtype=np.int64)
    for i in range(n_hist[0]):
        for j in range(n_hist[1]):
            r0, c0 = pad_start[0] + i * k0, pad_start[1] + j * k1
            hist = np.bincount(padded[r0:r0 + k0, c0:c0 + k1].ravel(), minlength=_CLAHE_BINS)
            mapped = np.cumsum(_clip_histogram(hist, limit)).astype(float)
            mapped *= (grays - 1) / cells
            np.clip(mapped, None, grays - 1, out=mapped)
            maps[i, j] = mapped.astype(int)
    # Blocks past the first and last tile centres use the nearest tile's map.
    maps = np.pad(maps.astype(np.float64), [(1, 1), (1, 1), (0, 0)], mode="edge")

    fractions = [np.arange(k) / k for k in kernel]
    sides = [(1 - f, f) for f in fractions]  # weight of the tile before and after
    weights = [[np.multiply.outer(sides[0][a], sides[1][b]) for b in (0, 1)] for a in (0, 1)]
    result = np.empty((rows, cols), dtype=np.uint16)
    for bi in range(int(padded.shape[0] / k0)):
        # The block's rows of the picture (in padded coordinates), clipped to the picture.
        top, bottom = max(bi * k0, pad_start[0]), min((bi + 1) * k0, pad_start[0] + rows)
        if top >= bottom:
            continue
        for bj in range(int(padded.shape[1] / k1)):
            left, right = max(bj * k1, pad_start[1]), min((bj + 1) * k1, pad_start[1] + cols)
            if left >= right:
                continue
            block = padded[top:bottom, left:right]
            within = (slice(top - bi * k0, bottom - bi * k0), slice(left - bj * k1, right - bj * k1))
            total = np.zeros(block.shape, dtype=np.float32)
            term = np.empty(block.shape, dtype=np.float32)
            for a in (0, 1):
                for b in (0, 1):
                    np.multiply(maps[bi + a, bj + b][block], weights[a][b][within], out=term)
                    total += term
            result[top - pad_start[0]:bottom - pad_start[0], left - pad_start[1]:right - pad_start[1]] = total
    low, high = float(result.min()), float(result.max())
    values = np.arange(int(high) + 1, dtype=np.float64)
    if low != high:
        stretch = (np.clip(values, low, high) - low) / (high - low) * 1.0 + 0.0
    else:
        stretch = np.clip(values, 0.0, 1.0)
    return stretch[result]


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

    The blur is a Gaussian of sigma one cell (truncated at 4 sigma, edges extended): scipy's
    ``gaussian_filter``, which scikit-image's ``filters.gaussian`` calls for a float picture.
    """
    from scipy import ndimage  # type: ignore[import-untyped]  # (no stubs installed)

    out = ndimage.gaussian_filter(gray, sigma=1.0, mode="nearest", truncate=4.0)
    # v + amount (v - blur), in place; amount (v - blur) + v adds the same two numbers.
    np.subtract(gray, out, out=out)
    out *= amount
    out += gray
    return np.clip(out, 0.0, 1.0, out=out)


def apply_tone(gray: Gray, tone: Tone | None = None) -> Gray:
    """The toned picture (a new array; ``gray`` itself when ``tone`` changes nothing)."""
    tone = Tone() if tone is None else tone
    if tone.is_identity:
        return gray
    g = np.asarray(gray, dtype=np.float64)
    if tone.auto:
        g = levels(g)
    if tone.invert:
        g = 1.0 - g
    if tone.gamma != 1.0:
        g = g ** (1.0 / tone.gamma)
    if tone.contrast != 1.0 or tone.brightness != 0.0:
        g = np.clip((g - 0.5) * tone.contrast + 0.5 + tone.brightness, 0.0, 1.0)
    if tone.local_contrast_strength > 0:
        g = local_contrast(g, tone.local_contrast_strength)
    if tone.sharpen_amount > 0:
        g = sharpen(g, tone.sharpen_amount)
    return np.clip(g, 0.0, 1.0)
