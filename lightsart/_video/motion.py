"""How the picture moved between two frames, whether it was a cut, and the texture carried along.

A film's board should move the way a filmed screen would: on a pan or zoom the dots travel with
what they draw (temporally coherent halftoning), a still shot holds still, and a cut starts
afresh. Three pieces, all at board resolution (``frame`` is the fitted, untoned luminance):

* :func:`estimate` fits one global motion ``x' = c + s (x - c) + t`` (``c`` the board's centre,
  ``s`` the zoom, ``t`` the slide in cells) by phase correlation: the whole frame gives ``t``
  (the peak of the inverse transform of the normalised cross-power spectrum, refined to a
  fraction of a cell by a parabola through the peak and its neighbours); the four quarters give
  their own slides, and ``s`` is their least-squares spread about the centre. Motion under
  :data:`STILL` cells anywhere on the board, or a weak peak (a plain or noisy picture), is no
  motion at all, so compression noise never drags the texture.
* A **cut** is a frame the previous one, moved by that motion, does not predict: the mean
  absolute difference over the part both show is above :data:`CUT_DIFFERENCE` (the frames'
  luminance in ``[0, 1]``). A cross-fade, an entering figure or a scrolling text stay below it.
* :class:`Texture` carries a board along the motion a whole cell at a time, keeping each cell's
  remainder (the fraction of a cell its texture has yet to travel), so a pan of 0.6 cells per
  frame moves the dots 1, 0, 1, 0, 1 cells: 3 cells in 5 frames, as the picture. Cells the
  motion uncovers have no source (``-1``): the caller fills them afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from lightsart._types import Board, Gray

__all__ = ["CUT_DIFFERENCE", "STILL", "STILL_FRAME", "Motion", "Texture", "carried", "estimate"]

#: Largest motion anywhere on the board, in cells, that is no motion (compression noise).
STILL = 0.12
#: A phase-correlation peak below this (of 1 for a pure slide) is no reliable motion.
PEAK = 0.08
#: Mean absolute difference of the motion-compensated frames above which a frame is a cut.
CUT_DIFFERENCE = 0.12
#: A motion is believed only if it leaves at most this share of the still frames' difference.
BETTER = 0.6
#: Cells by which a quarter's slide may differ from the whole board's and still agree.
AGREE = 0.5
#: Luminance within which no motion predicts a cell as well as the motion: it holds still.
HOLD = 0.004
#: The largest zoom per frame believed (beyond it the quarters disagree: no zoom).
ZOOM_MAX = 0.1


@dataclass(frozen=True)
class Motion:
    """The picture's move from the previous frame: ``cut`` (a new shot), or the zoom ``scale``
    about the board's centre and the ``shift`` (rows, columns) in cells."""

    cut: bool = False
    scale: float = 1.0
    shift: tuple[float, float] = (0.0, 0.0)
    #: Cells the motion does not explain better than no motion (a plain wall a figure crosses):
    #: their texture holds still (``None``: none).
    held: NDArray[np.bool_] | None = field(default=None, compare=False, repr=False)

    @property
    def still(self) -> bool:
        return not self.cut and self.scale == 1.0 and self.shift == (0.0, 0.0)


#: No motion and no cut: a still frame.
STILL_FRAME = Motion()


def _window(shape: tuple[int, int]) -> NDArray[np.float64]:
    return np.outer(np.hanning(shape[0]), np.hanning(shape[1]))


def _slide(a: Gray, b: Gray) -> tuple[float, float, float]:
    """The shift (rows, columns) carrying ``a`` onto ``b`` and its peak's height."""
    w = _window(a.shape)
    fa = np.fft.rfft2((a - a.mean()) * w)
    fb = np.fft.rfft2((b - b.mean()) * w)
    cross = fb * np.conj(fa)
    cross /= np.maximum(np.abs(cross), 1e-12)
    r = np.fft.irfft2(cross, s=a.shape)
    peak = np.unravel_index(int(np.argmax(r)), r.shape)
    out = []
    for axis, n in enumerate(r.shape):
        i = peak[axis]
        lo, hi = list(peak), list(peak)
        lo[axis], hi[axis] = (i - 1) % n, (i + 1) % n
        y0, y1, y2 = r[tuple(lo)], r[peak], r[tuple(hi)]
        # The larger neighbour's share of the two (Foroosh et al. 2002: a sinc peak's fraction).
        side, near = (1.0, y2) if y2 > y0 else (-1.0, y0)
        frac = side * near / (near + y1) if near > 0 and y1 > 0 else 0.0
        out.append(((i + n // 2) % n - n // 2) + float(frac))
    return out[0], out[1], float(r[peak])


def warp(frame: Gray, motion: Motion) -> tuple[Gray, NDArray[np.bool_]]:
    """``frame`` moved by ``motion`` (bilinear), and where it is defined."""
    rows, cols = frame.shape
    y, x = _sources(motion, frame.shape)
    inside = (y >= 0) & (y <= rows - 1) & (x >= 0) & (x <= cols - 1)
    y, x = np.clip(y, 0, rows - 1), np.clip(x, 0, cols - 1)
    y0, x0 = np.minimum(y.astype(np.intp), rows - 2), np.minimum(x.astype(np.intp), cols - 2)
    y0, x0 = np.maximum(y0, 0), np.maximum(x0, 0)
    fy, fx = y - y0, x - x0
    y1, x1 = np.minimum(y0 + 1, rows - 1), np.minimum(x0 + 1, cols - 1)
    out = ((1 - fy) * ((1 - fx) * frame[y0, x0] + fx * frame[y0, x1])
           + fy * ((1 - fx) * frame[y1, x0] + fx * frame[y1, x1]))
    return out, inside


def _sources(motion: Motion, shape: tuple[int, int]
             ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Where each cell of the new frame was in the previous one (rows, columns)."""
    cy, cx = (shape[0] - 1) / 2, (shape[1] - 1) / 2
    j, i = np.meshgrid(np.arange(shape[1]), np.arange(shape[0]))
    s, (ty, tx) = motion.scale, motion.shift
    return ((cy + (i - cy - ty) / s).astype(np.float64),
            (cx + (j - cx - tx) / s).astype(np.float64))


def _quarters(a: Gray, b: Gray) -> list[tuple[float, float, float, float]]:
    """Each quarter's slide (rows, columns) with a strong peak, and its centre's offset from the
    board's centre (rows, columns)."""
    rows, cols = a.shape
    h, w = rows // 2, cols // 2
    if h < 8 or w < 8:
        return []
    out = []
    for r0 in (0, rows - h):
        for c0 in (0, cols - w):
            dy, dx, peak = _slide(a[r0:r0 + h, c0:c0 + w], b[r0:r0 + h, c0:c0 + w])
            if peak >= PEAK:
                out.append((dy, dx, r0 + (h - 1) / 2 - (rows - 1) / 2,
                            c0 + (w - 1) / 2 - (cols - 1) / 2))
    return out


def _zoom(quarters: list[tuple[float, float, float, float]], shift: tuple[float, float]
          ) -> float:
    """The zoom about the centre that best explains the quarters' slides."""
    x = np.array([v for q in quarters for v in q[2:]])
    y = np.array([v for q in quarters for v in (q[0] - shift[0], q[1] - shift[1])])
    s = 1.0 + float(x @ y / (x @ x))
    return s if abs(s - 1.0) <= ZOOM_MAX else 1.0


def estimate(previous: Gray, frame: Gray) -> Motion:
    """The motion from ``previous`` to ``frame`` (see the module), or a cut."""
    dy, dx, peak = _slide(previous, frame)
    dy, dx = (0.0 if abs(dy) < STILL else dy), (0.0 if abs(dx) < STILL else dx)
    motion = Motion()
    quarters = _quarters(previous, frame) if peak >= PEAK else []
    # The whole board moves only if most of its quarters see it move (not one figure on a wall).
    agree = [q for q in quarters if max(abs(q[0] - dy), abs(q[1] - dx)) <= AGREE]
    if len(agree) >= 3:
        s = _zoom(agree, (dy, dx))
        rows, cols = frame.shape
        if abs(s - 1.0) * max(rows, cols) / 2 < STILL:
            s = 1.0
        motion = Motion(False, s, (dy, dx))
    difference = _difference(previous, frame, motion)
    if not motion.still:
        # A motion that barely explains the frame better than none is no motion.
        held = _difference(previous, frame, Motion())
        if difference > BETTER * held:
            motion, difference = Motion(), held
    if difference > CUT_DIFFERENCE:
        return Motion(cut=True)
    return motion if motion.still else _holding(previous, frame, motion)


def _holding(previous: Gray, frame: Gray, motion: Motion) -> Motion:
    """``motion`` with the cells where no motion predicts the frame as well (within
    :data:`HOLD` of luminance, over a cell around) marked held."""
    from lightsart._video.refine import _kernel, blur

    k = _kernel(1.0)
    moved, _ = warp(previous, motion)
    still = blur(np.abs(previous - frame), k)
    carried_error = blur(np.abs(moved - frame), k)
    held = still <= carried_error + HOLD
    return Motion(False, motion.scale, motion.shift, held)


def _difference(previous: Gray, frame: Gray, motion: Motion) -> float:
    moved, inside = warp(previous, motion)
    return float(np.mean(np.abs(moved - frame)[inside])) if inside.any() else np.inf


@dataclass
class Texture:
    """A board's texture carried from frame to frame: each cell's remainder of travel (rows,
    columns; ``None`` before the first move)."""

    remainder: NDArray[np.float64] | None = field(default=None)

    def sources(self, motion: Motion, shape: tuple[int, int]) -> NDArray[np.intp]:
        """For each cell, the flat index of the previous board's cell whose texture moves there
        (``-1``: none, uncovered); a cut forgets the remainders (every cell ``-1``)."""
        rows, cols = shape
        if motion.cut:
            self.remainder = None
            return np.full(shape, -1, dtype=np.intp)
        own = np.arange(rows * cols, dtype=np.intp).reshape(shape)
        if motion.still:
            return own
        rest = np.zeros((2, rows, cols)) if self.remainder is None else self.remainder
        y, x = _sources(motion, shape)
        # The previous cell whose texture (at its cell plus its remainder) is nearest.
        near_y = np.clip(np.rint(y), 0, rows - 1).astype(np.intp)
        near_x = np.clip(np.rint(x), 0, cols - 1).astype(np.intp)
        iy = np.rint(y - rest[0, near_y, near_x]).astype(np.intp)
        ix = np.rint(x - rest[1, near_y, near_x]).astype(np.intp)
        inside = (iy >= 0) & (iy < rows) & (ix >= 0) & (ix < cols)
        ky, kx = np.clip(iy, 0, rows - 1), np.clip(ix, 0, cols - 1)
        # Where that texture lands now, less the cell it lands in: the new remainders (an
        # uncovered cell's as if the texture went on past the edge, so the seam stays regular).
        cy, cx = (rows - 1) / 2, (cols - 1) / 2
        s, (ty, tx) = motion.scale, motion.shift
        land_y = cy + s * (iy + rest[0, ky, kx] - cy) + ty
        land_x = cx + s * (ix + rest[1, ky, kx] - cx) + tx
        j, i = np.meshgrid(np.arange(cols), np.arange(rows))
        moved = np.stack([land_y - i, land_x - j])
        iy, ix = ky, kx
        sources = np.where(inside, iy * cols + ix, -1)
        if motion.held is not None:
            moved = np.where(motion.held, rest, moved)
            sources = np.where(motion.held, own, sources)
        self.remainder = moved
        return sources


def carried(board: Board, sources: NDArray[np.intp], fill: Board) -> Board:
    """``board`` moved to ``sources`` (:meth:`Texture.sources`), ``fill`` where none."""
    flat = board.reshape(-1)
    return np.where(sources >= 0, flat[np.maximum(sources, 0)], fill).astype(board.dtype)
