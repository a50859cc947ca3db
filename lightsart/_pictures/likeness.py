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

:func:`texture_hint` turns it, and :func:`busyness`, into the one hint line ``still`` and
``animate`` print when a board likely reads as texture. On the 40 photos of issue 32 judged by eye
the likeness did not separate the boards that read from those that barely did at the 200-cell
default (all scored 0.91 or more): it warns for small or odd boards. What the eye saw instead is
that busy photos (a forest stream, leaves on leaves, a stone texture, a page of tiny digits) read
as texture: their outlines drown in their own detail once each cell is lit or not.
:func:`busyness` measures that on the toned picture at viewing scale: the mean squared gradient
away from the picture's strongest fifth of edges, over the mean on it (0: clean outlines on flat
areas; 1: detail everywhere as strong as the outlines). Chosen by eye on 53 photos (issue 32,
second half: from :data:`BUSY_FROM` on, 4 of the 5 boards that fired were judged barely
recognisable or not, and 45 of the 46 that read stayed silent) and checked on 53 held out
(``docs/README.md``).

With grey levels (the default 4 states, issue 32's third part) busy photos read: the levels draw
leaves, fur and water that two states turned to texture. What still does not read is detail as
fine as a cell (a page of small digits or text, a crowd of small figures, a fine texture), which
no number of levels draws: :func:`fineness` measures it, and on a grey board the hint fires on a
picture both busy and fine, and names a larger board.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart._errors import InvalidType, InvalidValue
from lightsart._public import public
from lightsart._types import Board, Gray

__all__ = [
    "BUSY_FROM",
    "FINE_FROM",
    "HINT_FROM_SIDE",
    "TEXTURE_BELOW",
    "busyness",
    "fineness",
    "structure_score",
    "texture_hint",
    "viewing_score",
]

_C3 = 0.03**2 / 2


@public
def structure_score(board: Board | Gray, picture: Gray, cell_sigma: float = 1.0,
                    window_sigma: float = 1.5) -> float:
    """Mean local correlation between ``board`` and ``picture`` (same shape) after blurring by
    ``cell_sigma``, in Gaussian windows of ``window_sigma`` (both in cells).

    SSIM's structure term at cell scale (see the module docstring): the picture is first
    stretched so its 1st..99th percentiles span 0..1; the score is blind to brightness and
    contrast, and higher means the board reads more like the picture.

    Parameters
    ----------
    board : numpy.ndarray
        The board, 0/1 (or grey levels scaled to ``[0, 1]``), 2-D.
    picture : numpy.ndarray
        The picture's luminance, same shape, 1 = white.
    cell_sigma : float, optional
        The blur applied to both first, in cells (what a viewer at normal distance resolves).
    window_sigma : float, optional
        The Gaussian window of the local comparison, in cells (1.5, as SSIM).

    Returns
    -------
    float
        The mean structure term, at most 1.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import structure_score
    >>> picture = np.tile(np.linspace(0, 1, 12), (12, 1))
    >>> board = (picture > 0.5).astype(np.uint8)
    >>> structure_score(board, picture) > structure_score(1 - board, picture)
    True
    """
    from lightsart._pictures.tone import gaussian_blur as blur  # scipy's, without importing it

    b, p = _checked(board, "board"), _checked(picture, "picture")
    if b.shape != p.shape:
        raise InvalidValue(f"the board ({b.shape[0]}x{b.shape[1]} rows x columns) and the picture "
                           f"({p.shape[0]}x{p.shape[1]}) must have the same shape")
    for name, value in (("cell_sigma", cell_sigma), ("window_sigma", window_sigma)):
        if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
            error = InvalidValue if isinstance(value, (int, float)) else InvalidType
            raise error(f"{name} must be a positive number, got {value!r}")
    low, high = np.percentile(p, [1.0, 99.0])
    if high - low > 1e-9:
        p = (p - low) / (high - low)
    x, y = blur(b, cell_sigma), blur(p, cell_sigma)
    w = window_sigma
    mx, my = blur(x, w), blur(y, w)
    vx = np.maximum(blur(x * x, w) - mx * mx, 0.0)
    vy = np.maximum(blur(y * y, w) - my * my, 0.0)
    cov = blur(x * y, w) - mx * my
    return float(((cov + _C3) / (np.sqrt(vx * vy) + _C3)).mean())


def _checked(values: Any, name: str) -> NDArray[np.float64]:
    """``values`` as a non-empty, finite 2-D float array, or one line saying what it is not."""
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidType(f"the {name} must be a 2-D array of numbers") from None
    if array.ndim == 0:  # None, a number: not an array at all
        raise InvalidType(f"the {name} must be a 2-D array of numbers, got {type(values).__name__}")
    if array.ndim != 2 or array.size == 0:
        raise InvalidValue(f"the {name} must be a non-empty 2-D array, got shape {array.shape}")
    if not np.isfinite(array).all():
        raise InvalidValue(f"the {name} holds NaN or infinite values")
    return array


#: Boards scoring below this (:func:`viewing_score` against the picture) tend to read as texture
#: rather than as the picture: chosen by eye on 19 photos at about 100 cells and checked on 20
#: others (docs/photos-*.png; scripts/make_photo_sheets.py prints each board's score).
TEXTURE_BELOW = 0.905
#: The larger board a hint suggests: this many times the width.
_LARGER = 1.5
#: Boards with a shorter long side are not scored for the hint: a board asked that small is
#: meant to show its cells (the default is about 100).
HINT_FROM_SIDE = 90


def viewing_score(board: Board | Gray, picture: Gray) -> float:
    """:func:`structure_score` as the board looks at the size a 100-cell board is seen: both
    blurs grow with the long side past 100 cells (a 200-cell board's cells are half as large on
    the same page), so boards of different sizes compare as a viewer compares them. From
    :data:`_POOL_FROM` cells a viewed cell on, blocks of cells are averaged first."""
    scale = max(1.0, max(board.shape) / _VIEWED_SIDE)
    step = min(int(scale), *board.shape)  # a block never outgrows the short side (1xN, 2xN)
    if step >= _POOL_FROM:  # a viewer sees step x step cells as one grey: the blur then sees less
        seen, picture, scale = _pooled(board, step), _pooled(picture, step), scale / step
        return structure_score(seen, picture, scale, 1.5 * scale)
    return structure_score(board, picture, scale, 1.5 * scale)


#: The long side, in cells, of a board seen cell by cell: larger boards are seen blurred.
_VIEWED_SIDE = 100
#: Board cells per viewed cell (a long side of 400) from which :func:`viewing_score` averages
#: blocks before blurring: its work then stays that of a board under 400 cells (a 1024x1024
#: board's score took 1.05 s, now 0.01 s). On 24 photos at 400, 512 and 700 cells the score moved
#: by at most 0.006 and no texture hint changed.
_POOL_FROM = 4


def _pooled(values: NDArray[Any], step: int) -> Gray:
    """Means of ``step x step`` blocks (rows and columns past the last whole block dropped)."""
    a = np.asarray(values, dtype=np.float64)
    h, w = a.shape[0] // step * step, a.shape[1] // step * step
    return a[:h, :w].reshape(h // step, step, w // step, step).mean(axis=(1, 3))


#: Pictures at least this busy (:func:`busyness`) tend to read as texture on a two-state board
#: at the default size: 0.154 was the busiest photo judged recognisable among 53 (a chick on
#: straw), 0.168 the least busy judged barely (leaves on leaves); a smooth ramp scores 0.25.
BUSY_FROM = 0.16
#: A picture whose strongest fifth of edges is fainter than this (grey per viewed cell, root mean
#: square) has no outlines to lose: a smooth ramp or fog (0.02) is not called busy.
_OUTLINES_FROM = 0.05


def busyness(picture: Gray, shape: tuple[int, int] | None = None) -> float:
    """How much of the picture's detail lies away from its outlines, at the scale a board of
    ``shape`` (rows, columns; default the picture's own) is seen: the toned picture is blurred
    as :func:`viewing_score` blurs it, and the mean squared gradient outside its strongest fifth
    of edges is divided by the mean inside it. 0 for clean outlines on flat areas, towards 1
    when detail everywhere is as strong as the outlines; 0 for a picture with no outlines
    (strongest edges below :data:`_OUTLINES_FROM`, a smooth ramp).

    >>> import numpy as np
    >>> disc = (np.hypot(*np.mgrid[-50:50, -50:50]) < 30).astype(float)
    >>> busy = np.random.default_rng(0).random((100, 100))
    >>> busyness(disc) < 0.05 < BUSY_FROM < busyness(busy)
    True
    """
    from lightsart._pictures.tone import gaussian_blur as blur

    p = _checked(picture, "picture")
    rows, columns = p.shape if shape is None else shape
    scale = max(1.0, max(rows, columns) / _VIEWED_SIDE) * p.shape[1] / columns
    step = min(int(scale), *p.shape)
    if step >= _POOL_FROM:  # as viewing_score: blocks averaged first, the blur then smaller
        p, scale = _pooled(p, step), scale / step
    seen = blur(p, scale)
    energy = np.zeros_like(seen)
    for axis in (0, 1):  # a 1xN board has a gradient along its row only
        if seen.shape[axis] > 1:
            energy += np.gradient(seen, axis=axis) ** 2
    outlines = energy >= np.percentile(energy, 80)
    strongest = float(energy[outlines].mean())
    if math.sqrt(strongest) * scale < _OUTLINES_FROM or (~outlines).sum() == 0:
        return 0.0
    return float(energy[~outlines].mean() / strongest)


#: Pictures at least this fine (:func:`fineness`), and busy, tend to read as texture on a grey
#: board at the default size: chosen by eye on the 53 tuning photos at 4 states, where the two
#: boards that still did not read (a page of small digits 0.70, a fine stone texture 0.47) were
#: the busy ones this fine; busy photos that read with grey levels were below (a forest stream
#: 0.28, leaves on leaves 0.05, defocused text 0.03).
FINE_FROM = 0.35
#: The larger board the fine-detail hint names: this many times the width (at 1.5 times a page of
#: small digits still read as texture on the tuning sheets; at twice the size its rows showed).
_FINER = 2.0


def fineness(picture: Gray) -> float:
    """The share of the picture's variance at the scale of one cell: the mean square of the
    picture less its one-cell Gaussian blur, over its variance (0 for smooth pictures, towards
    1 when neighbouring cells differ as much as any two). Read on the toned picture at the
    board's size: detail this fine is what grey levels cannot draw either.

    >>> import numpy as np
    >>> ramp = np.tile(np.linspace(0, 1, 64), (48, 1))
    >>> noise = np.random.default_rng(0).random((48, 64))
    >>> fineness(ramp) < 0.01 < FINE_FROM < fineness(noise)
    True
    """
    from lightsart._pictures.tone import gaussian_blur as blur

    p = _checked(picture, "picture")
    spread = float(p.var())
    if spread < 1e-12:
        return 0.0
    return float(((p - blur(p, 1.0)) ** 2).mean() / spread)


def texture_hint(scores: Sequence[tuple[str, float, float, float]], width: int, height: int,
                 states: int = 2) -> str | None:
    """One line for the user when a board of ``width`` x ``height`` likely reads as texture,
    from each picture's ``(path, likeness, busyness, fineness)``: :func:`viewing_score` of its
    board against the picture fitted to the board (below :data:`TEXTURE_BELOW`: texture at any
    picture), :func:`busyness` and :func:`fineness` of the toned picture, on a board of at least
    :data:`HINT_FROM_SIDE` cells. With two ``states`` a busy photo (from :data:`BUSY_FROM`)
    fires: its outlines drown in its detail, and grey levels (``--states 4``) read better, its
    busyness hardly changes with the board's size. With grey levels a photo fires only when
    busy and fine too (from :data:`FINE_FROM`: detail as fine as a cell, which levels do not
    draw), and a board twice as wide is named. It names the worst such picture (the lowest
    likeness, else the busiest), why, what usually reads better and ``preview``, which shows
    them side by side; ``None`` when every board reads as its picture.

    >>> texture_hint([("a.png", 0.95, 0.05, 0.1)], 100, 67) is None
    True
    >>> print(texture_hint([("a.png", 0.95, 0.05, 0.1), ("b.png", 0.83, 0.05, 0.1)], 100, 67))
    picture 2 (b.png) may read as texture at 100x67 cells (likeness 0.830, below 0.905); --size 150 \
or --states 4 usually reads better (lightsart preview b.png -o sheet.png shows both)
    >>> print(texture_hint([("c.jpg", 0.97, 0.19, 0.1)], 200, 134))
    this picture may read as texture at 200x134 cells (busy 0.19, at or above 0.16: its detail \
drowns its outlines); --states 4 usually reads better (lightsart preview c.jpg -o sheet.png \
shows both)
    >>> texture_hint([("c.jpg", 0.97, 0.19, 0.1)], 200, 134, states=4) is None
    True
    >>> print(texture_hint([("d.png", 0.97, 0.19, 0.6)], 200, 100, states=4))
    this picture may read as texture at 200x100 cells (busy 0.19 and fine 0.60: detail as fine \
as a cell); --size 400 usually reads better (lightsart preview d.png -o sheet.png shows both)
    """
    from lightsart._limits import PICTURE_MAX_SIDE

    if not scores or max(width, height) < HINT_FROM_SIDE:
        return None
    # Grey levels carry busy texture as tone (issue 32's sheets: 4 states read where 2 were a
    # scatter), so on a grey board only busy detail finer than a cell still fails to read.
    grey = states > 2

    def busy_enough(busy: float, fine: float) -> bool:
        return busy >= BUSY_FROM and (not grey or fine >= FINE_FROM)

    def worst(entry: tuple[int, tuple[str, float, float, float]]) -> tuple[bool, bool, float]:
        _, (_, score, busy, fine) = entry  # the lowest likeness below the bound, else the busiest
        return (score >= TEXTURE_BELOW, not busy_enough(busy, fine),
                score if score < TEXTURE_BELOW else -busy)

    k, (path, score, busy, fine) = min(enumerate(scores, 1), key=worst)
    if score >= TEXTURE_BELOW and not busy_enough(busy, fine):
        return None
    label = "this picture" if len(scores) == 1 else f"picture {k} ({path})"
    others = [] if grey else ["--states 4"]

    def larger(factor: float) -> list[str]:
        side = round(width * factor)
        return [f"--size {side}"] if side <= PICTURE_MAX_SIDE else []

    if score < TEXTURE_BELOW:
        why, helps = f"likeness {score:.3f}, below {TEXTURE_BELOW:g}", [*larger(_LARGER), *others]
    elif grey:
        why = f"busy {busy:.2f} and fine {fine:.2f}: detail as fine as a cell"
        helps = larger(_FINER)
    else:
        # Busyness is a picture's, nearly the same at any size (the blur grows with the board):
        # a larger board would get the same hint; grey levels read better (issue 32's sheets).
        why = f"busy {busy:.2f}, at or above {BUSY_FROM:g}: its detail drowns its outlines"
        helps = others
    if not helps:
        return f"{label} may read as texture at {width}x{height} cells ({why})"
    return (f"{label} may read as texture at {width}x{height} cells ({why}); "
            f"{' or '.join(helps)} usually reads better "
            f"(lightsart preview {shlex.quote(path)} -o sheet.png shows both)")
