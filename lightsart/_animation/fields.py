"""Scalar fields over the board: the click orders that finish the picture region by region.

A click toggles only its own neighbourhood, so once every click of a region has been made the
frame shows picture ``B`` there, and where no click has been made yet it still shows ``A``: only
cells within a pattern's reach of both a made and an unmade click show neither picture. Sorting
the clicks by a field ``f`` over the board (smallest first, ties in raster order) finishes the
sublevel sets ``{f < t}`` one after another, so for a field without fine-grained structure the
"noise" is a thin front along the level line ``f = t``: a clean transition, still one legal
click per step.

Each field is a function ``(shape, scene) -> float64 array of that shape``:

* ``raster``: the row (row by row, the clean wipe); ``columns``: the column;
* ``diagonal``: ``(i + ½)/m + (j + ½)/n``, top-left corner to bottom-right corner;
* ``radial``: distance from the centre (an iris opening);
* ``clock``: the angle from twelve o'clock, clockwise (a radar sweep);
* ``spiral``: ``SPIRAL_TURNS · r / R + angle / 2π``, an Archimedean spiral winding out from the
  centre;
* ``noise``: smooth value noise from the scene's seed (octaves of random grids, bilinearly
  upsampled): blobs of ``B`` growing and merging, an organic dissolve;
* ``light-to-dark``: minus picture ``B``'s grey (lightly blurred), so its brightest parts come
  first;
* ``mask``: a grey picture's brightness, dark first (a luma wipe, as video editors have it; the
  ``mask`` click order uses it for press vectors only: :func:`~lightsart._animation.orders.mask_click_order`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsart._errors import InvalidValue
from lightsart._registry import Registry
from lightsart._rules import Rules

__all__ = ["FIELDS", "Field", "Scene", "field"]

Grey = NDArray[np.float64]
#: Turns of the ``spiral`` field between the centre and the farthest corner.
SPIRAL_TURNS = 3.0
#: ``noise``: random grid points across the board's long side per octave, and their weights.
NOISE_OCTAVES = ((3, 1.0), (6, 0.5), (12, 0.25))


@dataclass(frozen=True, eq=False)
class Scene:
    """What an order may look at besides the clicks.

    ``seed`` drives ``random``, ``noise`` and ``morph``'s tie-breaks; ``rules`` are the rules the
    clicks act under (``None``: the classic game); ``picture`` is the end picture's grey (float
    in ``[0, 1]``, 1 = white, board shape) for ``light-to-dark``; ``mask`` a grey picture of the
    board's shape for ``mask``; ``start`` the board the order is played from (two states:
    picture A, or B for an order played backwards), which the ``mask`` order draws the mask from.
    """

    seed: int | None = 0
    rules: Rules | None = None
    picture: Grey | None = None
    mask: Grey | None = None
    start: NDArray[np.uint8] | None = None


Field = Callable[[tuple[int, int], Scene], Grey]


def _grid(shape: tuple[int, int]) -> tuple[Grey, Grey]:
    """Cell centres relative to the board's centre: rows ``y`` and columns ``x``, in cells."""
    m, n = shape
    y, x = np.mgrid[0:m, 0:n].astype(np.float64)
    return y - (m - 1) / 2, x - (n - 1) / 2


def rows(shape: tuple[int, int], scene: Scene) -> Grey:
    return np.broadcast_to(np.arange(shape[0], dtype=np.float64)[:, None], shape)


def columns(shape: tuple[int, int], scene: Scene) -> Grey:
    return np.broadcast_to(np.arange(shape[1], dtype=np.float64)[None, :], shape)


def diagonal(shape: tuple[int, int], scene: Scene) -> Grey:
    m, n = shape
    y, x = np.mgrid[0:m, 0:n].astype(np.float64)
    return (y + 0.5) / m + (x + 0.5) / n


def radial(shape: tuple[int, int], scene: Scene) -> Grey:
    y, x = _grid(shape)
    return np.hypot(y, x)


def clock(shape: tuple[int, int], scene: Scene) -> Grey:
    y, x = _grid(shape)
    # atan2(x, -y): 0 at twelve o'clock, a quarter turn at three (rows grow downwards).
    return np.mod(np.arctan2(x, -y), 2 * np.pi)


def spiral(shape: tuple[int, int], scene: Scene) -> Grey:
    r = radial(shape, scene)
    return SPIRAL_TURNS * r / max(float(r.max()), 1.0) + clock(shape, scene) / (2 * np.pi)


def _upsample(grid: Grey, shape: tuple[int, int]) -> Grey:
    """Bilinear interpolation of ``grid`` (its corners on the board's corner cells) to ``shape``."""
    m, n = shape
    rows_at = np.linspace(0, grid.shape[0] - 1, m)
    cols_at = np.linspace(0, grid.shape[1] - 1, n)
    across = np.stack([np.interp(cols_at, np.arange(grid.shape[1]), g) for g in grid])
    return np.stack([np.interp(rows_at, np.arange(grid.shape[0]), c) for c in across.T], axis=1)


def noise(shape: tuple[int, int], scene: Scene) -> Grey:
    m, n = shape
    rng = np.random.default_rng(0 if scene.seed is None else scene.seed)
    out = np.zeros(shape)
    for points, weight in NOISE_OCTAVES:
        # The same number of grid points per cell on both axes, so blobs stay round.
        gm = max(2, round(points * m / max(m, n)) + 1)
        gn = max(2, round(points * n / max(m, n)) + 1)
        out += weight * _upsample(rng.random((gm, gn)), shape)
    return out


def _blur(a: Grey, radius: int) -> Grey:
    """Mean over the ``(2r+1)``-square around each cell (edges repeated)."""
    if radius < 1:
        return a
    k = 2 * radius + 1
    p = np.pad(a, radius, mode="edge")
    c = np.cumsum(np.cumsum(np.pad(p, ((1, 0), (1, 0))), axis=0), axis=1)
    return (c[k:, k:] - c[:-k, k:] - c[k:, :-k] + c[:-k, :-k]) / (k * k)


def _board_grey(grey: Grey | None, shape: tuple[int, int], what: str) -> Grey:
    if grey is None:
        raise InvalidValue(f"the {what} order needs {'picture B' if what != 'mask' else 'a mask'}"
                           f"{'' if what != 'mask' else ' (mask:FILE)'}")
    g = np.asarray(grey, dtype=np.float64)
    if g.shape != shape:
        raise InvalidValue(f"the {what} picture is {g.shape[1]}x{g.shape[0]} but the board is "
                           f"{shape[1]}x{shape[0]}")
    return g


def light_to_dark(shape: tuple[int, int], scene: Scene) -> Grey:
    grey = _board_grey(scene.picture, shape, "light-to-dark")
    # A light blur joins the dither-scale speckle of a photo into regions with a clear front.
    return -_blur(grey, max(1, max(shape) // 32))


def mask(shape: tuple[int, int], scene: Scene) -> Grey:
    return _board_grey(scene.mask, shape, "mask")


#: Every field by name: ``(shape, scene) -> field`` (clicks go smallest value first). A new field
#: is a function and one ``register`` line (plus a click order for it in
#: :data:`lightsart.CLICK_ORDERS`).
FIELDS: Registry[Field] = Registry("field")
for _name, _field, _about in (
    ("raster", rows, "the row"),
    ("columns", columns, "the column"),
    ("diagonal", diagonal, "(i + 1/2)/m + (j + 1/2)/n"),
    ("radial", radial, "the distance from the centre"),
    ("spiral", spiral, "an Archimedean spiral winding out from the centre"),
    ("clock", clock, "the angle from twelve o'clock, clockwise"),
    ("noise", noise, "smooth value noise from the scene's seed"),
    ("light-to-dark", light_to_dark, "minus picture B's grey, lightly blurred"),
    ("mask", mask, "a grey picture's brightness"),
):
    FIELDS.register(_name, _field, about=_about)


def field(name: str, shape: tuple[int, int], scene: Scene | None = None) -> Grey:
    """The field ``name`` over a board of ``shape`` ``(m, n)``; e.g. ``field("radial", (5, 5))``."""
    make = FIELDS.get(name)
    return np.asarray(make(shape, Scene() if scene is None else scene), dtype=np.float64)
