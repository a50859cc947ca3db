"""How the picture moved between two frames, whether it was a cut, and the texture carried along.

A film's board should move the way a filmed screen would: on a pan or zoom the dots travel with
what they draw (temporally coherent halftoning), a still shot holds still, and a cut starts
afresh. Three pieces, all at board resolution (``frame`` is the fitted, untoned luminance):

* :func:`estimate` fits one global motion ``x' = c + s (x - c) + t`` (``c`` the board's centre,
  ``s`` the zoom, ``t`` the slide in cells). Each quarter's slide comes from phase correlation
  (the peak of the inverse transform of the normalised cross-power spectrum); the slide and
  zoom the quarters agree on (:func:`_agreed`: outnumbering those against by two, or alone
  with blank quarters, and at least three with the blank quarters) start a Gauss-Newton refinement on the
  frames blurred by a cell (Lucas and Kanade), which finds the fraction of a cell that phase
  correlation misses on smooth photos; a refinement that ends farther than
  :data:`REFINE_REACH` from the quarters' motion finds none (a change of light is no motion).
  A **blank** quarter (black, or one grey: :data:`BLANK`) has nothing that could move and
  agrees with any motion: white text scrolling on black moves as the whole picture when its
  quarters with text agree, while a figure on a wall with any grain does not (the wall's
  quarters vote for no motion). The motion is believed only if it explains the blurred frame
  clearly better than no motion (:data:`BETTER`) and moves some cell at least :data:`STILL`:
  compression noise never drags the texture, a slow pan does.
* A **cut** is a frame the previous one, moved by that motion, does not predict: the mean
  absolute difference over the part both show is above :data:`CUT_DIFFERENCE` (the frames'
  luminance in ``[0, 1]``). A cross-fade, an entering figure or a scrolling text stay below it.
* :class:`Texture` carries a board along the motion a whole cell at a time, keeping each cell's
  remainder (the fraction of a cell its texture has yet to travel), so a pan of 0.6 cells per
  frame moves the dots 1, 0, 1, 0, 1 cells: 3 cells in 5 frames, as the picture. Cells the
  motion uncovers have no source (``-1``): the caller fills them afresh.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from lightsart._types import Board, Gray

__all__ = ["BLANK", "CUT_DIFFERENCE", "STILL", "STILL_FRAME", "ZOOM_STILL", "Motion", "Texture",
           "carried", "estimate"]

#: Largest motion anywhere on the board, in cells, that is no motion (a slow pan of 0.05 cells
#: a frame is carried; compression noise is caught by :data:`BETTER`).
STILL = 0.03
#: Largest move a zoom makes at the board's edge, in cells, that is no zoom (a zoom estimated
#: at 0.9997 on a pure slide would tear the carried texture cell by cell).
ZOOM_STILL = 0.12
#: A phase-correlation peak below this (of 1 for a pure slide) is no reliable motion.
PEAK = 0.08
#: Mean absolute difference of the motion-compensated frames above which a frame is a cut.
CUT_DIFFERENCE = 0.12
#: A motion is believed only if it leaves at most this share of the still frames' difference
#: (the frames smoothed by :data:`SMOOTH`: a true slide leaves 0.4-0.8 of it, noise over 1.1).
BETTER = 0.8
#: Cells by which a quarter's slide may differ from the whole board's and still agree.
AGREE = 0.5
#: A quarter whose luminance varies less than this (standard deviation, in both frames) is
#: blank: nothing in it can move (half a grey level; black under scrolling text is exactly 0
#: once decoded, the plainest wall of the test clips varies 0.005).
BLANK = 0.002
#: Luminance by which no motion must predict a cell better than the motion for it to hold still.
HOLD = 0.02
#: Change of luminance (over a cell around) below which a cell is unchanged: no cell near it
#: changed by a grey level (1 / 255). A plain wall a figure crosses stays exactly still in a clip
#: (under 0.0005 on 83 % of its cells); a pan over smooth photos moves 93-100 % of cells more.
UNCHANGED = 0.0005
#: The largest zoom per frame believed (beyond it the quarters disagree: no zoom).
ZOOM_MAX = 0.1
#: Blur (cells) of the frames the motion is refined and judged on.
SMOOTH = 1.0
#: Gauss-Newton steps refining a motion at most.
REFINE_STEPS = 4
#: Cells by which the refinement may move any cell away from where the quarters' motion puts it
#: (a true slide or zoom refines by up to 0.6 cells; a cross-fade's or a moving figure's change
#: of light drew it 2 to 11 cells away from the still frame all four quarters agreed on).
REFINE_REACH = 1.0


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


@functools.lru_cache(maxsize=8)
def _window(shape: tuple[int, int]) -> NDArray[np.float64]:
    return np.outer(np.hanning(shape[0]), np.hanning(shape[1]))


@functools.lru_cache(maxsize=4)
def _grid(shape: tuple[int, int]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Each cell's row and column less the board's centre's."""
    j, i = np.meshgrid(np.arange(shape[1], dtype=np.float64), np.arange(shape[0], dtype=np.float64))
    return i - (shape[0] - 1) / 2, j - (shape[1] - 1) / 2


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
    if motion.still:
        return frame, np.ones(frame.shape, dtype=np.bool_)
    rows, cols = frame.shape
    y, x = _sources(motion, frame.shape)
    inside = (y >= 0) & (y <= rows - 1) & (x >= 0) & (x <= cols - 1)
    y, x = np.clip(y, 0, rows - 1), np.clip(x, 0, cols - 1)
    y0, x0 = np.minimum(y.astype(np.intp), rows - 2), np.minimum(x.astype(np.intp), cols - 2)
    y0, x0 = np.maximum(y0, 0), np.maximum(x0, 0)
    fy, fx = y - y0, x - x0
    # Flat indices of the four neighbours (a 2-D gather costs twice as much).
    at = y0 * cols + x0
    right = at + (x0 + 1 <= cols - 1)
    below = np.where(y0 + 1 <= rows - 1, cols, 0)
    flat = frame.reshape(-1)
    out = ((1 - fy) * ((1 - fx) * flat[at] + fx * flat[right])
           + fy * ((1 - fx) * flat[at + below] + fx * flat[right + below]))
    return out, inside


def _sources(motion: Motion, shape: tuple[int, int]
             ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Where each cell of the new frame was in the previous one (rows, columns)."""
    cy, cx = (shape[0] - 1) / 2, (shape[1] - 1) / 2
    i, j = _grid(shape)
    s, (ty, tx) = motion.scale, motion.shift
    return cy + (i - ty) / s, cx + (j - tx) / s


#: A quarter's slide (rows, columns) and its centre's offset from the board's centre (rows,
#: columns).
Vote = tuple[float, float, float, float]


def _quarters(a: Gray, b: Gray) -> tuple[list[Vote], int]:
    """Each quarter's slide with a strong peak (its vote), and how many quarters are blank
    (:data:`BLANK`); a quarter with content but no strong peak is neither."""
    rows, cols = a.shape
    h, w = rows // 2, cols // 2
    if h < 8 or w < 8:
        return [], 0
    votes, blank = [], 0
    for r0 in (0, rows - h):
        for c0 in (0, cols - w):
            qa, qb = a[r0:r0 + h, c0:c0 + w], b[r0:r0 + h, c0:c0 + w]
            if max(float(qa.std()), float(qb.std())) < BLANK:
                blank += 1
                continue
            dy, dx, peak = _slide(qa, qb)
            if peak >= PEAK:
                votes.append((dy, dx, r0 + (h - 1) / 2 - (rows - 1) / 2,
                              c0 + (w - 1) / 2 - (cols - 1) / 2))
    return votes, blank


def _model(votes: tuple[Vote, ...]) -> Motion:
    """The slide and zoom about the centre that best explain the votes (least squares: a
    quarter at offset ``o`` from the centre slides ``t + (s - 1) o``); from one or two votes a
    slide alone (two quarters side by side cannot tell a zoom from two slides)."""
    rows = []
    for dy, dx, oy, ox in votes:
        rows += [(oy, 1.0, 0.0, dy), (ox, 0.0, 1.0, dx)]
    a = np.array(rows)
    if len(votes) < 3:
        (ty, tx), *_ = np.linalg.lstsq(a[:, 1:3], a[:, 3], rcond=None)
        return Motion(False, 1.0, (float(ty), float(tx)))
    (z, ty, tx), *_ = np.linalg.lstsq(a[:, :3], a[:, 3], rcond=None)
    s = 1.0 + float(z) if abs(float(z)) <= ZOOM_MAX else 1.0
    return Motion(False, s, (float(ty), float(tx)))


def _misfit(q: Vote, motion: Motion) -> float:
    """How far (cells) a quarter's slide is from what ``motion`` predicts there."""
    s, (ty, tx) = motion.scale, motion.shift
    return max(abs(q[0] - ty - (s - 1) * q[2]), abs(q[1] - tx - (s - 1) * q[3]))


def _agreed(votes: list[Vote], blank: int = 0) -> tuple[Motion, int] | None:
    """The motion of the most votes that agree (each within :data:`AGREE` cells of it; of
    equally many, the closest) and how many they are, if they outnumber the votes against by
    two (or every other quarter is ``blank``: the last line of a text leaving the frame) and
    are at least three with the blank quarters; else ``None`` (one figure moving on a wall is
    not the whole picture moving). With no blank quarter that is three votes of three or
    four. Every subset is tried: dropping the vote farthest from a fit of them all can drop a
    good one (a quarter where a line of text enters votes far off and drags the fit's zoom)."""
    for size in range(len(votes), 0, -1):
        fits = []
        for chosen in itertools.combinations(votes, size):
            motion = _model(chosen)
            fits.append((max(_misfit(q, motion) for q in chosen), motion))
        agreeing = [f for f in fits if f[0] <= AGREE]
        if agreeing:
            against = len(votes) - size
            if size + blank >= 3 and (size - against >= 2 or size + blank == 4):
                return min(agreeing, key=lambda f: f[0])[1], size
            return None
    return None


def _smooth(frame: Gray) -> Gray:
    """``frame`` blurred by :data:`SMOOTH` cells (edges renormalised): what a motion can predict
    (the picture less its finest detail, which interpolation loses)."""
    from lightsart._video.refine import blur, gaussian

    k = gaussian(SMOOTH)
    return blur(frame, k) / _coverage(frame.shape)


@functools.lru_cache(maxsize=4)
def _coverage(shape: tuple[int, int]) -> NDArray[np.float64]:
    from lightsart._video.refine import blur, gaussian

    return blur(np.ones(shape), gaussian(SMOOTH))


def _refined(previous: Gray, frame: Gray, motion: Motion, zoom: bool = True) -> Motion:
    """``motion`` refined by Gauss-Newton on the smoothed frames (Lucas and Kanade 1981, a
    slide and a zoom about the centre; a slide alone unless ``zoom``): phase correlation's
    fraction of a cell is biased on smooth pictures (0.43 cells for 0.6) and a quarter's slide
    is not a zoom's."""
    i, j = _grid(frame.shape)
    for _ in range(REFINE_STEPS):
        moved, inside = warp(previous, motion)
        inside[[0, -1], :] = False
        inside[:, [0, -1]] = False
        if inside.sum() < 16:
            return motion
        gy, gx = np.gradient(moved)
        s, (ty, tx) = motion.scale, motion.shift
        # d moved / d (ty, tx, s): the moved frame's gradient against each parameter.
        jac = np.stack([-gy, -gx, -(gy * (i - ty) + gx * (j - tx)) / s][:3 if zoom else 2]
                       )[:, inside]
        normal = jac @ jac.T
        if np.linalg.cond(normal) > 1e12:  # a plain picture: no motion to find
            return motion
        step = np.linalg.solve(normal, jac @ (frame - moved)[inside])
        ty, tx, s = ty + float(step[0]), tx + float(step[1]), s + float(step[2:].sum())
        if not np.isfinite(ty + tx + s) or abs(s - 1.0) > ZOOM_MAX:
            return motion
        motion = Motion(False, s, (ty, tx))
        if np.max(np.abs(step)) < 1e-3:
            break
    return motion


def _reach(motion: Motion, shape: tuple[int, int]) -> float:
    """The largest distance (cells) any cell moves under ``motion``."""
    s, (ty, tx) = motion.scale, motion.shift
    return abs(s - 1.0) * max(shape) / 2 + max(abs(ty), abs(tx))


def _apart(one: Motion, other: Motion, shape: tuple[int, int]) -> float:
    """The largest distance (cells, along rows or columns) between where the two motions put
    a cell of the board."""
    zoom = abs(one.scale - other.scale)
    return max(abs(one.shift[0] - other.shift[0]) + zoom * (shape[0] - 1) / 2,
               abs(one.shift[1] - other.shift[1]) + zoom * (shape[1] - 1) / 2)


def estimate(previous: Gray, frame: Gray) -> Motion:
    """The motion from ``previous`` to ``frame`` (see the module), or a cut."""
    if np.array_equal(previous, frame):
        return Motion()
    motion = Motion()
    found = _agreed(*_quarters(previous, frame))
    if found is not None:
        # A zoom only where content surrounds the centre: text in a band of rows below it
        # cannot tell a zoom from a slide (it found 0.9925 on half a cell's climb).
        agreed, votes = found
        a, b = _smooth(previous), _smooth(frame)
        motion = _refined(a, b, agreed, zoom=votes >= 3)
        if _apart(motion, agreed, frame.shape) > REFINE_REACH:  # the frame does not bear out
            motion = Motion()                                  # the quarters' motion: none
        if abs(motion.scale - 1.0) * max(frame.shape) / 2 < ZOOM_STILL:  # a pure slide
            motion = Motion(False, 1.0, motion.shift)
        # Tiny motion is no motion; and a motion that barely explains the smoothed frame better
        # than none is compression noise (a still shot holds still).
        if _reach(motion, frame.shape) < STILL or (
                _difference(a, b, motion) > BETTER * _difference(a, b, Motion())):
            motion = Motion()
    if _difference(previous, frame, motion) > CUT_DIFFERENCE:
        return Motion(cut=True)
    return motion if motion.still else _holding(previous, frame, motion)


def _holding(previous: Gray, frame: Gray, motion: Motion) -> Motion:
    """``motion`` with the cells that hold still marked: those the frame did not change while
    the motion moves a cell or more (:data:`UNCHANGED`: the plain wall behind a moving figure,
    which the motion predicts as well) and those no motion predicts clearly better (by
    :data:`HOLD`: a caption over a pan).
    A smooth sky that both predict alike moves with the rest (a screen door shows most there)."""
    from lightsart._video.refine import blur, gaussian

    k = gaussian(1.0)
    moved, _ = warp(previous, motion)
    still = blur(np.abs(previous - frame), k)
    carried_error = blur(np.abs(moved - frame), k)
    held = still + HOLD < carried_error
    if _reach(motion, frame.shape) >= 1.0:
        # Not on a slow pan: the encoder leaves its smooth sky exactly as it was (skip blocks)
        # for a few frames, as unchanged as a wall behind a figure, and holding the sky while
        # the rest moves tears the texture.
        held |= still < UNCHANGED
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
