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

from dataclasses import dataclass
from typing import Any

import numpy as np

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
    return np.clip((gray - low) / (high - low), 0.0, 1.0)


def local_contrast(gray: Gray, strength: float) -> Gray:
    """CLAHE at ``strength`` (clip limit), shielding cells near black and white."""
    from skimage.exposure import equalize_adapthist

    rows, cols = gray.shape
    if min(rows, cols) < 2:
        return gray
    tile = max(8, min(rows, cols) // _TILE_FRACTION)
    # Tiles must fit the picture; tiny boards get one tile per axis.
    kernel = (min(tile, rows), min(tile, cols))
    equalised = equalize_adapthist(gray, kernel_size=kernel, clip_limit=strength)
    weight = np.clip(np.minimum(gray, 1.0 - gray) / _PROTECT, 0.0, 1.0)
    return gray + weight * (equalised - gray)


def sharpen(gray: Gray, amount: float) -> Gray:
    """Unsharp mask of radius one cell: ``v + amount (v - blur(v))``, clipped to ``[0, 1]``."""
    from skimage import filters

    gaussian: Any = filters.gaussian  # scikit-image ships no type hints for it
    blurred = gaussian(gray, sigma=1.0, mode="nearest", preserve_range=True)
    return np.clip(gray + amount * (gray - blurred), 0.0, 1.0)


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
