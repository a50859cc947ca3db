"""Tone and dithering that hold still where the film holds still.

Dithering each frame afresh flickers: error diffusion carries every small change along the scan
(a slow pan changes about 30 % of a 48x35 board's cells per frame), and the automatic tone of a
still picture re-stretches the levels and local contrast of every frame, so the whole board
pumps. Here both stages keep state from frame to frame:

* :class:`SteadyTone` sets the black and white points from the 1st and 99th percentiles as the
  still tone does, but follows them by an exponential moving average with a time constant of
  :data:`TONE_SECONDS` (``p ← p + a (p_frame - p)``, ``a = 1 - exp(-1 / (fps · TONE_SECONDS))``),
  jumping at once on a cut (:mod:`lightsart._video.motion` says which frames are). The points
  are never closer than :data:`LEVELS_MIN` (a plain wall is not stretched into a black-to-white
  gradient, nor re-levelled when a figure walks in: slowly, a few cells a frame). A still
  scene's levels converge, so its boards do too. Local contrast (CLAHE) is off by default: its
  tile histograms change whenever the content moves, which pumps; sharpening, a fixed local
  filter, stays on.
* :func:`steady_dither` is ordered dithering by a mask fixed to the board (blue noise by
  default), with hysteresis: a cell of value ``q`` in level units against its threshold ``t``
  would show level ``ceil(q - t)``; it keeps its previous level ``P`` while
  ``ceil(q - t - h) <= P <= ceil(q - t + h)``. A cell changes only where its picture changed
  by more than ``h`` level units (or crossed its threshold by that much).
* :func:`steady_costs`: where the board is not every board (nullity ``d > 0``) the engine picks
  which cells stay wrong; those picks must not wander. Every cell the previous board already
  showed as the new target has its price of being wrong raised by :data:`KEEP_PRICE`, so among
  nearly equal fits the engine keeps the old board's cells.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from lightsart._pictures.tone import Tone, apply_tone
from lightsart._types import Board, Gray

__all__ = ["AUTO_SHARPEN", "HYSTERESIS", "KEEP_PRICE", "LEVELS_MIN", "TONE_SECONDS", "SteadyTone",
           "steady_costs", "steady_dither"]

#: Sharpening of the automatic tone (stills: 0.5; the film's search sharpens by itself).
AUTO_SHARPEN = 0.25
#: Time constant of the moving black and white points, in seconds of film (0.5 re-levelled a
#: light wall 38 % of its cells in a few frames when a dark figure walked in).
TONE_SECONDS = 2.0
#: The least distance of the black and white points (a stretch of at most 1 / LEVELS_MIN).
LEVELS_MIN = 0.5
#: Hysteresis of the dither, in level units (0.5: a cell never changes for a mid-grey wobble).
HYSTERESIS = 0.15
#: Extra price of changing a cell the previous board already had right (perceptual costs are
#: 0.1 .. 1.1 per cell).
KEEP_PRICE = 1.0
_PERCENTILES = (1.0, 99.0)


@dataclass
class SteadyTone:
    """The tone of one film, frame after frame (the state is the moving black and white points).

    ``tone`` gives the manual parts (gamma, contrast, brightness, invert, and local contrast or
    sharpening when set); ``tone.auto`` turns the moving levels on and sharpening to
    :data:`AUTO_SHARPEN` (local contrast stays off unless set). ``fps`` sets how fast the
    levels follow.
    """

    tone: Tone
    fps: float
    points: tuple[float, float] | None = field(default=None, init=False)

    @property
    def sharpen(self) -> float:
        """The unsharp-mask amount in effect."""
        if self.tone.sharpen is not None:
            return self.tone.sharpen
        return AUTO_SHARPEN if self.tone.auto else 0.0

    @property
    def follow(self) -> float:
        """The weight of each new frame's percentiles in the moving points."""
        return 1.0 - math.exp(-1.0 / (self.fps * TONE_SECONDS))

    def _levels(self, gray: Gray, cut: bool) -> Gray:
        low, high = (float(v) for v in np.percentile(gray, _PERCENTILES))
        if high - low < LEVELS_MIN:
            middle = min(max((low + high) / 2, LEVELS_MIN / 2), 1 - LEVELS_MIN / 2)
            low, high = middle - LEVELS_MIN / 2, middle + LEVELS_MIN / 2
        if self.points is None or cut:
            self.points = (low, high)
        else:
            a = self.follow
            self.points = (self.points[0] + a * (low - self.points[0]),
                           self.points[1] + a * (high - self.points[1]))
        low, high = self.points
        if high - low < 1e-6:
            return gray
        return np.clip((gray - low) / (high - low), 0.0, 1.0)

    def __call__(self, gray: Gray, cut: bool = False) -> Gray:
        """The toned frame (board-sized luminance in, the same shape out, ``[0, 1]``); at a
        ``cut`` the levels are the frame's own."""
        t = self.tone
        g = self._levels(gray, cut) if t.auto else gray
        rest = Tone(auto=False, gamma=t.gamma, brightness=t.brightness, contrast=t.contrast,
                    local_contrast=t.local_contrast or 0.0,
                    sharpen=self.sharpen, invert=t.invert)
        return apply_tone(g, rest)


def _thresholds(mask: NDArray[np.integer], shape: tuple[int, int]) -> Gray:
    threshold = (mask + 0.5) / mask.size
    reps = (-(-shape[0] // mask.shape[0]), -(-shape[1] // mask.shape[1]))
    return np.tile(threshold, reps)[: shape[0], : shape[1]]


def steady_dither(toned: Gray, previous: Board | None, mask: NDArray[np.integer], states: int,
                  *, linear: bool = False, hysteresis: float = HYSTERESIS) -> Board:
    """Ordered dithering of ``toned`` by ``mask`` (tiled from the top-left cell) to ``states``
    levels, each cell keeping its ``previous`` level within ``hysteresis`` (see the module).

    >>> import numpy as np
    >>> mask = np.array([[0, 2], [3, 1]])
    >>> first = steady_dither(np.full((2, 2), 0.5), None, mask, 2)
    >>> first.tolist()
    [[1, 0], [0, 1]]
    >>> steady_dither(np.full((2, 2), 0.6), first, mask, 2).tolist()  # a small change: kept
    [[1, 0], [0, 1]]
    """
    from lightsart._pictures.dither import Levels

    y = Levels.make(states, linear).values
    v = np.clip(toned, 0.0, 1.0)
    if linear:
        from lightsart._pictures.dither import srgb_to_linear

        v = srgb_to_linear(v)
    k = np.clip(np.searchsorted(y, v, side="right") - 1, 0, states - 2)
    q = k + (v - y[k]) / (y[k + 1] - y[k])  # the value in level units, 0 .. states - 1
    u = q - _thresholds(mask, v.shape)
    top = states - 1
    new = np.clip(np.ceil(u), 0, top)
    if previous is not None:
        lowest = np.clip(np.ceil(u - hysteresis), 0, top)
        highest = np.clip(np.ceil(u + hysteresis), 0, top)
        keep = (lowest <= previous) & (previous <= highest)
        new = np.where(keep, previous, new)
    return new.astype(np.uint8)


def steady_costs(cost: NDArray[np.float64] | None, target: Board, previous: Board | None,
                 states: int) -> NDArray[np.float64] | None:
    """``cost`` (per cell, or per cell and error level with ``states`` > 2; ``None``: one per
    wrong cell) with :data:`KEEP_PRICE` added where ``previous`` already equals ``target``."""
    if previous is None:
        return cost
    kept = (previous == target).reshape(-1)
    if states == 2:
        base = np.ones(target.shape) if cost is None else np.array(cost, dtype=np.float64)
        flat = base.reshape(-1)
        flat[kept] += KEEP_PRICE
        return base
    cells = target.size
    base = np.ones((cells, states)) if cost is None else np.array(cost, dtype=np.float64)
    base[:, 0] = 0.0
    base[kept, 1:] += KEEP_PRICE
    return base
