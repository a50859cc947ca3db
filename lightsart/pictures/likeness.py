"""How much a board looks like its picture: the structure term of SSIM at cell scale.

A board is one bit per cell, so its overall tone never matches a photo's; what the eye reads is
structure. Both the board and the picture are blurred with a Gaussian of one cell (a viewer at
normal distance sees no finer), then compared window by window (Gaussian, sigma 1.5 cells, as
SSIM) with SSIM's structure term ``(cov + C) / (sd_board sd_picture + C)``, ``C = 0.03**2 / 2``:
the local correlation, blind to brightness and contrast. The score is its mean, at most 1.

The picture is first stretched by one global affine map so its 1st..99th percentiles span 0..1.
Correlation itself is blind to that map, but SSIM's stabilising constant ``C`` is not: without the
stretch, a dull photo's local variances are as small as ``C`` and every board, good or bad, scores
near 1 on it. With it, ``C`` weighs the same for a dull photo as for a crisp one.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsart.types import Board, Gray

__all__ = ["structure_score"]

_C3 = 0.03**2 / 2


def structure_score(board: Board, picture: Gray, cell_sigma: float = 1.0) -> float:
    """Mean local correlation between ``board`` and ``picture`` (same shape) after blurring."""
    from skimage import filters

    gaussian: Any = filters.gaussian  # scikit-image ships no type hints for it

    def blur(a: Any, sigma: float) -> Any:
        return gaussian(np.asarray(a, dtype=np.float64), sigma=sigma, mode="nearest",
                        preserve_range=True)

    p = np.asarray(picture, dtype=np.float64)
    low, high = np.percentile(p, [1.0, 99.0])
    if high - low > 1e-9:
        p = (p - low) / (high - low)
    x, y = blur(board, cell_sigma), blur(p, cell_sigma)
    mx, my = blur(x, 1.5), blur(y, 1.5)
    vx = np.maximum(blur(x * x, 1.5) - mx * mx, 0.0)
    vy = np.maximum(blur(y * y, 1.5) - my * my, 0.0)
    cov = blur(x * y, 1.5) - mx * my
    return float(((cov + _C3) / (np.sqrt(vx * vy) + _C3)).mean())
