"""The image stage: load a picture, fit it to a board, and dither it to 0/1 cells.

``load_target(picture)`` runs the whole stage (a path, or a luminance array) and returns a :class:`Target`:

1. **Load** whatever Pillow reads (PNG, JPEG, GIF's first frame, BMP, TIFF, WebP, ...), turned
   upright by its EXIF orientation, transparency composited on white, and converted to luminance
   ``Y = 0.299 R + 0.587 G + 0.114 B`` (ITU-R 601, as Pillow's ``"L"`` mode) in float64,
   ``[0, 1]``, 1 = white. 16-bit pictures keep their full precision.
2. **Fit** to a ``width`` × ``height`` board. Every mode maps board column ``k`` to the source
   interval ``[a + k s, a + (k+1) s)`` (and likewise for rows), centred: ``a = (W0 - width s) / 2``.
   *cover* uses one step ``s = min(W0/width, H0/height)`` (the picture fills the board, the
   excess is cropped), *contain* uses ``s = max(...)`` (the whole picture shows, padded with white),
   *stretch* uses ``s = W0/width`` across and ``H0/height`` down.
3. **Downsample** by exact area averaging: each cell is the mean of the source over its interval
   rectangle, partial pixels weighted by the part covered, padding counted as white. A board
   with more cells than the picture has pixels is resampled bicubically instead (with padding or
   on one axis only: the picture is first enlarged by a whole factor), so cells never copy one
   pixel in blocks. The
   integral of a piecewise-constant row is piecewise linear, so interpolating the cumulative sum
   at the interval ends gives each integral exactly; one pass down the rows, one across.
4. **Tone** (:mod:`lightsart._pictures.tone`): levels, local contrast and sharpening, on by default.
5. **Dither** by a method of :mod:`lightsart._pictures.dither` (default Floyd–Steinberg, serpentine).

Without an explicit size :func:`choose_size` picks about 200 cells on the long side
(:data:`DEFAULT_LONG_SIDE`), preferring a size whose nullity is 0 (every picture exact).
:func:`sizes_near` lists sizes and nullities for the ``lightsart sizes`` command.
"""

from __future__ import annotations

import math
import struct
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageOps, UnidentifiedImageError

from lightsart import _boardsize as boardsize
from lightsart import _checks as checks
from lightsart import _limits as limits
from lightsart._choices import FitMode
from lightsart._core.gf2 import classic_nullity
from lightsart._errors import InvalidType, InvalidValue, LightsartError, TooLarge, shown
from lightsart._inputs import not_a_file
from lightsart._palette import Palette
from lightsart._pictures.tone import Tone, apply_tone, as_picture
from lightsart._public import public
from lightsart._types import Board, Gray

__all__ = [
    "DEFAULT_LONG_SIDE",
    "Dither",
    "SizeInfo",
    "Target",
    "board_size",
    "choose_size",
    "dither",
    "fit_target",
    "fit_to_board",
    "floyd_steinberg",
    "load_target",
    "parse_size",
    "read_for_board",
    "read_gray",
    "sizes_near",
    "sizes_within",
    "threshold",
]

#: A dithering method's name: any key of :data:`lightsart.DITHER_METHODS`.
Dither = str
#: A board size for these stages: a user's request as :func:`lightsart._boardsize.to_size` reads
#: it (a :class:`~lightsart._boardsize.Size` ``(rows, columns)``, ``"WxH"`` text or a whole
#: number), or a plain ``(width, height)`` tuple: a board the stages already resolved (as
#: :func:`board_size` returns it) and pass on.
Size = boardsize.SizeLike

#: Default board size: about this many cells on the long side, for every picture and command
#: (``still``, ``animate``, ``preview``): by eye on 40 photos and 40 held out (issue 32,
#: docs/photos-*.png) the board twice 0.2's 100 cells reads on nearly every photo where 100
#: read as texture (crowds, fur, foliage, faces, text), in about the same time.
DEFAULT_LONG_SIDE = 200

# ITU-R 601 luma weights in thousandths, as Pillow's "L" conversion uses; integer sums keep
# white exactly 1.0 (the float weights add up to 1 - 2**-53).
_LUMA_MILLI = (299, 587, 114)
# Errors Pillow raises for broken or hostile files (its own fuzz tests accept these).
_DECODE_ERRORS = (OSError, ValueError, SyntaxError, EOFError, struct.error, IndexError, KeyError)


@public
@dataclass(frozen=True)
class Target:
    """A picture made ready for the engine.

    ``bits`` is the dithered board (``uint8`` 0/1, shape ``(height, width)``, 1 = white; with
    ``states`` > 2 grey levels ``0 .. states-1``, the highest white), ``gray`` the fitted
    luminance (same shape, float64 in ``[0, 1]``), ``toned`` the same after the tone stage (what
    was dithered), ``source`` the file it came from (or a label for arrays).

    Parameters
    ----------
    bits : numpy.ndarray
        The dithered target, ``uint8`` of shape ``(height, width)``.
    gray : numpy.ndarray
        The picture's luminance fitted to the board, float64 in ``[0, 1]``.
    source : str
        The file it came from, or a label.
    width, height : int
        The board's columns and rows.
    toned : numpy.ndarray or None, optional
        ``gray`` after the tone stage (what was dithered); in colour, the toned OKLab lightness.
    states : int, optional
        The states a cell takes: grey levels (2: lit and unlit).
    palette : lightsart.Palette or None, optional
        The colour of each state, when the picture was dithered in colour (``None``: greys).
    colour : numpy.ndarray or None, optional
        In colour, the toned picture in OKLab, float64 ``(height, width, 3)``: what was
        dithered onto the palette.

    Returns
    -------
    Target
        The target.
    """

    bits: Board
    gray: Gray
    source: str
    width: int
    height: int
    toned: Gray | None = None
    states: int = 2
    palette: Palette | None = None
    colour: NDArray[np.float64] | None = None

    @property
    def shape(self) -> tuple[int, int]:
        """The board's ``(rows, columns)``, numpy's order (``bits.shape``)."""
        return self.height, self.width

    def __post_init__(self) -> None:
        from lightsart._rules import check_states

        for field in ("bits", "gray"):
            value = getattr(self, field)
            if not isinstance(value, np.ndarray) or value.ndim != 2:
                raise InvalidType(f"Target.{field} must be a 2-D numpy array; got "
                                  f"{type(value).__name__}")
        checks.text(self.source, "Target.source")
        if self.bits.shape != (self.height, self.width) or self.gray.shape != self.bits.shape:
            raise InvalidValue(f"Target's bits {self.bits.shape} and gray {self.gray.shape} must "
                               f"be (height, width) = ({self.height}, {self.width})")
        object.__setattr__(self, "states", check_states(self.states))
        if self.palette is not None:
            if not isinstance(self.palette, Palette):
                raise InvalidType(f"Target.palette must be a Palette or None; got {self.palette!r}")
            if self.palette.states != self.states:
                raise InvalidValue(f"Target's palette has {self.palette.states} colours and "
                                   f"{self.states} states")

    def __repr__(self) -> str:
        """A line a REPL can show: source, board size and states (no array dump)."""
        from lightsart._types import array_summary

        return f"Target({self.source!r}, {array_summary(self.bits)}, {self.states} states)"


@dataclass(frozen=True)
class SizeInfo:
    """A board size and its nullity ``d``: with ``d = 0`` every picture is reachable exactly."""

    width: int
    height: int
    nullity: int

    @property
    def every_picture_exact(self) -> bool:
        return self.nullity == 0

    @property
    def wrong_pixels_at_most(self) -> int:
        """Worst case over all pictures of the fewest wrong pixels: ``min(d, width, height)``.

        At most ``d``: the ``d`` columns of quiet-pattern checks span every syndrome, so flipping
        at most ``d`` pixels clears it. At most ``width`` (or ``height``): light chasing leaves
        every unreachable change in the last row (or column).
        """
        return min(self.nullity, self.width, self.height)


# ----------------------------------------------------------------------------------- sizes


def parse_size(text: str) -> boardsize.Size:
    """Parse ``"WxH"`` (columns x rows) or ``"W"`` (height then follows the aspect ratio) as a
    :class:`~lightsart._boardsize.Size` ``(rows, columns)``."""
    size = boardsize.parse_size(text, positive=False)
    for side in size:
        if side is not None:
            _check_side(side)
    return size


def _check_side(side: int) -> None:
    if side < 1:
        raise InvalidValue(f"board sides must be at least 1, got {side}")
    if side > limits.PICTURE_MAX_SIDE:
        raise TooLarge(f"board side {side} is too large (at most {limits.PICTURE_MAX_SIDE})")


def _check_aspect(aspect: float) -> None:
    if not (math.isfinite(aspect) and aspect > 0):
        raise InvalidValue(f"aspect ratio must be a positive number, got {aspect}")


#: The nullity of an ``(m, n)`` board under the rules in play (``m`` rows, ``n`` columns).
NullityOf = Callable[[int, int], int]


def choose_size(aspect: float, long_side: int = DEFAULT_LONG_SIDE,
                nullity_of: NullityOf | None = None) -> tuple[int, int]:
    """A board ``(width, height)`` of about ``long_side`` cells on the long side for a picture
    of aspect ratio ``aspect`` (width / height), preferring nullity 0.

    Candidates have a long side within 5 % of ``long_side`` and a short side within one cell of
    the aspect ratio. They are tried by cost ``|ln(candidate aspect / aspect)| + |long -
    long_side| / long_side`` (1 % of crop counts as much as 1 % of size); the first with nullity 0
    wins. Most rectangles have nullity 0, so this usually stops at the first or second try.
    """
    _check_aspect(aspect)
    _check_side(long_side)
    ratio = max(aspect, 1 / aspect)  # long side / short side, >= 1
    spread = max(1, long_side // 20)
    candidates: list[tuple[float, int, int]] = []
    for long in range(max(1, long_side - spread), min(limits.PICTURE_MAX_SIDE, long_side + spread) + 1):
        ideal_short = long / ratio
        for short in range(math.floor(ideal_short) - 1, math.ceil(ideal_short) + 2):
            if 1 <= short <= long:
                cost = abs(math.log(long / short / ratio)) + abs(long - long_side) / long_side
                candidates.append((cost, long, short))
    candidates.sort()

    def oriented(long: int, short: int) -> tuple[int, int]:
        return (long, short) if aspect >= 1 else (short, long)

    for _, long, short in candidates:
        width, height = oriented(long, short)
        if (nullity_of or classic_nullity)(height, width) == 0:
            return width, height
    _, long, short = candidates[0]  # pragma: no cover - every range of sizes has nullity-0 ones
    return oriented(long, short)  # pragma: no cover


def board_size(size: Size | None, aspect: float,
               nullity_of: NullityOf | None = None) -> tuple[int, int]:
    """Resolve a requested size for a picture of aspect ``aspect`` (width / height) as the board's
    ``(width, height)``.

    ``None`` → :func:`choose_size`; a :class:`~lightsart._boardsize.Size` ``(rows, columns)``
    (``rows`` ``None``: ``round(columns / aspect)``), ``"WxH"``/``"W"`` text or a whole number as
    :func:`~lightsart._boardsize.to_size` reads them; a plain ``(width, height)`` tuple is a board
    already resolved, kept as it is.
    """
    _check_aspect(aspect)
    if size is None:
        return choose_size(aspect, nullity_of=nullity_of)
    if isinstance(size, tuple) and not isinstance(size, boardsize.Size):
        width, height = size  # a board the stages resolved: (width, height)
        _check_side(width)
        _check_side(height)
        return width, height
    rows, width = parse_size(size) if isinstance(size, str) else boardsize.to_size(size)
    _check_side(width)
    height = rows if rows is not None else max(1, round(width / aspect))
    if rows is None and height > limits.PICTURE_MAX_SIDE:
        raise TooLarge(
            f"width {width} with this picture's aspect ratio needs height {height} "
            f"(at most {limits.PICTURE_MAX_SIDE}); give WxH"
        )
    _check_side(height)
    return width, height


def sizes_within(width: int, height: int, radius: int = 2) -> list[tuple[int, int]]:
    """Every ``(width, height)`` within ``radius`` cells of ``width`` x ``height`` (each side),
    nearest first (by the larger side change, then the total change); checked, nothing computed."""
    _check_side(width)
    _check_side(height)
    if not 0 <= radius <= 20:
        raise InvalidValue(f"radius must be between 0 and 20, got {radius}")
    sizes = [
        (w, h)
        for w in range(max(1, width - radius), min(limits.PICTURE_MAX_SIDE, width + radius) + 1)
        for h in range(max(1, height - radius), min(limits.PICTURE_MAX_SIDE, height + radius) + 1)
    ]

    def distance(wh: tuple[int, int]) -> tuple[int, int, int, int]:
        dw, dh = abs(wh[0] - width), abs(wh[1] - height)
        return (max(dw, dh), dw + dh, wh[0], wh[1])

    return sorted(sizes, key=distance)


def sizes_near(width: int, height: int, radius: int = 2) -> list[SizeInfo]:
    """Every board within ``radius`` cells of ``width`` x ``height`` (:func:`sizes_within`), with
    its nullity."""
    return [SizeInfo(w, h, classic_nullity(h, w)) for w, h in sizes_within(width, height, radius)]


# ----------------------------------------------------------------------------------- loading


def read_gray(path: str | Path) -> Gray:
    """Luminance of the picture at ``path``: float64 ``(rows, columns)`` in ``[0, 1]``, 1 = white.

    Upright by EXIF orientation; transparency composited on white; first frame of animations.
    Raises :class:`LightsartError` for a missing, unreadable or too large file.
    """
    gray, _ = _read(path, None, for_board=False)
    return gray


def read_for_board(
    path: str | Path, size: Size | str | None = None, nullity_of: NullityOf | None = None,
    *, colour: bool = False,
) -> tuple[Gray, tuple[int, int]]:
    """The picture's luminance decoded only as finely as a board of ``size`` needs, and that
    board's ``(width, height)`` (from the picture's own aspect ratio where ``size`` leaves it open).

    A board is far smaller than a photo, so the picture is decoded at a reduced scale where the
    format allows it (JPEG's DCT scaling, Pillow's ``draft``) and box-reduced by a whole factor
    (Pillow's ``reduce``) while it keeps at least :data:`OVERSAMPLE` pixels per cell: a 24-megapixel
    JPEG for a 100-cell board never exists in memory at full size, in 8 bits or as floats.
    ``colour=True`` gives the picture's sRGB colours instead, ``(rows, columns, 3)`` in
    ``[0, 1]`` (transparency on white, as for luminance).
    """
    gray, board = _read(path, size, for_board=True, nullity_of=nullity_of, colour=colour)
    if board is None:  # pragma: no cover - _read always sizes a board when asked to
        raise AssertionError("no board size")
    return gray, board


#: Reduced decoding keeps at least this many picture pixels per board cell on each axis.
OVERSAMPLE = 4


def _read(
    path: str | Path, size: Size | str | None, *, for_board: bool,
    nullity_of: NullityOf | None = None, colour: bool = False,
) -> tuple[Gray, tuple[int, int] | None]:
    p = Path(path)
    try:
        mode = p.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        raise LightsartError(f"picture not found: {shown(p)}") from None
    except OSError as exc:  # a symlink loop, a name too long
        raise LightsartError(f"cannot read picture {shown(p)}: {exc.strerror or exc}") from None
    kind = not_a_file(mode)
    if kind is not None:  # a named pipe with no writer would block Pillow's open for good
        raise LightsartError(f"{shown(p)} is {kind}, not a picture")
    try:
        # Pillow warns (pytest: errors) above its own limit and refuses twice that; we apply ours.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(p) as img:
                _check_pixels(p, img.width, img.height)
                if not for_board:
                    img.load()
                    return _luminance(ImageOps.exif_transpose(img)), None
                return _read_reduced(img, size, nullity_of, colour)
    except Image.DecompressionBombError:
        most = limits.PICTURE_MAX_PIXELS // 1_000_000
        raise TooLarge(f"{shown(p)} is too large to load safely (at most {most} megapixels)") from None
    except UnidentifiedImageError:
        raise LightsartError(f"{shown(p)} is not a picture this program can read") from None
    except _DECODE_ERRORS as exc:
        raise LightsartError(f"cannot read picture {shown(p)}: {_one_line(exc)}") from None


# EXIF orientations that swap width and height (transpose, rotations by 90 and 270 degrees).
_SWAPS_AXES = frozenset({5, 6, 7, 8})


def _read_reduced(img: Image.Image, size: Size | str | None,
                  nullity_of: NullityOf | None = None, colour: bool = False
                  ) -> tuple[Gray, tuple[int, int]]:
    orientation = img.getexif().get(0x0112, 1)
    cols, rows = (img.height, img.width) if orientation in _SWAPS_AXES else (img.width, img.height)
    width, height = board_size(size, cols / rows, nullity_of)
    factor = int(min(cols / width, rows / height) // OVERSAMPLE)
    if factor > 1 and img.format == "JPEG":
        # Decode at 1/2, 1/4 or 1/8 scale, never below the size asked for.
        img.draft(img.mode, (-(-img.width // factor), -(-img.height // factor)))
    img.load()
    upright = ImageOps.exif_transpose(img)
    factor = int(min(upright.width / width, upright.height / height) // OVERSAMPLE)
    if factor > 1:
        upright = _reduce(upright, factor)
    return (_colours(upright) if colour else _luminance(upright)), (width, height)


def _reduce(img: Image.Image, factor: int) -> Image.Image:
    """Mean of every ``factor`` x ``factor`` block, in Pillow (C, in the picture's own bits).

    Transparency is composited on white first (averaging unpremultiplied colours would let a
    transparent pixel's hidden colour bleed in). The last partial row and column of blocks (less
    than ``factor`` pixels, under a quarter of a cell) are dropped so every block is whole.
    """
    if img.mode.startswith("I;16"):
        img = img.convert("I")
    elif img.mode not in ("L", "RGB", "I", "F"):
        if img.has_transparency_data:
            rgba = img.convert("RGBA")
            white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
            img = Image.alpha_composite(white, rgba).convert("RGB")
        else:
            img = img.convert("L" if img.mode in ("1", "L", "LA", "La", "I") else "RGB")
    box = (0, 0, img.width - img.width % factor, img.height - img.height % factor)
    return img.reduce(factor, box=box)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:  # "Permission denied", not "[Errno 13] ...: 'a.png'"
        return exc.strerror
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _check_pixels(path: Path, width: int, height: int) -> None:
    if width < 1 or height < 1:
        raise LightsartError(f"{shown(path)} has no pixels ({width}x{height})")
    if width * height > limits.PICTURE_MAX_PIXELS:
        raise TooLarge(
            f"{shown(path)} is {width}x{height}, too large to load safely "
            f"(at most {limits.PICTURE_MAX_PIXELS // 1_000_000} megapixels)"
        )


def _luminance(img: Image.Image) -> Gray:
    """Float luminance of a loaded Pillow image, whatever its mode."""
    mode = img.mode
    if mode.startswith("I;16"):
        return np.asarray(img, dtype=np.float64) / 65535.0
    if mode == "I":
        # 32-bit integers: in practice 16-bit data (older Pillow opens 16-bit PNGs as "I").
        a = np.asarray(img, dtype=np.float64)
        if a.min() >= 0 and a.max() <= 65535:
            return a / 65535.0
        return _stretch(a)
    if mode == "F":
        a = np.asarray(img, dtype=np.float64)
        if not np.isfinite(a).all():
            raise LightsartError("picture holds values that are not numbers")
        # Float pictures come as [0, 1] or as Pillow's [0, 255] scale.
        return a if a.min() >= 0 and a.max() <= 1 else np.clip(a / 255.0, 0.0, 1.0)
    if img.has_transparency_data:
        rgba = np.asarray(img.convert("RGBA"))
        alpha = rgba[..., 3] / 255.0
        # Composite on white: Y = alpha Y_rgb + (1 - alpha) * 1.
        return alpha * _luma(rgba[..., :3]) + (1.0 - alpha)
    if mode in ("L", "1"):
        return np.asarray(img.convert("L"), dtype=np.float64) / 255.0
    return _luma(np.asarray(img.convert("RGB")))


def _colours(img: Image.Image) -> NDArray[np.float64]:
    """sRGB colours of a loaded Pillow image, ``(rows, columns, 3)`` in ``[0, 1]``, transparency
    composited on white (16-bit and float pictures as their luminance, grey in each channel)."""
    if img.mode.startswith("I") or img.mode == "F":
        return np.repeat(_luminance(img)[..., None], 3, axis=-1)
    if img.has_transparency_data:
        rgba = np.asarray(img.convert("RGBA"), dtype=np.float64) / 255.0
        alpha = rgba[..., 3:]
        return alpha * rgba[..., :3] + (1.0 - alpha)
    return np.asarray(img.convert("RGB"), dtype=np.float64) / 255.0


def _luma(rgb: NDArray[np.uint8]) -> Gray:
    # Channel by channel in int32 (at most 255 000): exact, and faster than an integer matmul.
    total = rgb[..., 0].astype(np.int32) * _LUMA_MILLI[0]
    total += rgb[..., 1].astype(np.int32) * _LUMA_MILLI[1]
    total += rgb[..., 2].astype(np.int32) * _LUMA_MILLI[2]
    return total / 255_000.0


def _stretch(a: NDArray[np.float64]) -> Gray:
    lo, hi = float(a.min()), float(a.max())
    return np.zeros_like(a) if hi == lo else (a - lo) / (hi - lo)


# ----------------------------------------------------------------------------------- fitting


def _box_axis(
    g: Gray, start: float, step: float, count: int, axis: int
) -> tuple[Gray, NDArray[np.float64]]:
    """Mean of ``g`` along ``axis`` over the intervals ``[start + k step, start + (k+1) step)``.

    Parts of an interval outside ``[0, L)`` contribute nothing; the second result is each
    interval's covered fraction (1 inside the picture, less where it overhangs).
    """
    length = g.shape[axis]
    edges = np.clip(start + step * np.arange(count + 1), 0.0, float(length))
    index = np.minimum(edges.astype(np.intp), length - 1)  # floor, as edges >= 0
    frac = edges - index
    shape = [1, 1]
    shape[axis] = count + 1
    # cumulative[i] = integral of g over [0, i); the integral up to x = cumulative[floor x] +
    # (x - floor x) g[floor x], exact because g is constant on each pixel.
    cumulative = np.cumsum(g, axis=axis)
    cumulative = np.insert(cumulative, 0, 0.0, axis=axis)
    at_edges = np.take(cumulative, index, axis=axis) + frac.reshape(shape) * np.take(
        g, index, axis=axis
    )
    return np.diff(at_edges, axis=axis) / step, np.diff(edges) / step


def fit_to_board(gray: Gray, width: int, height: int, fit: FitMode = "cover") -> Gray:
    """Area-average ``gray`` onto a ``width`` x ``height`` grid (see the module docstring).

    Each cell is the exact mean of the picture over the rectangle it covers; in *contain* mode the
    part of a cell outside the picture counts as white.
    """
    _check_choice(fit, FitMode, "fit")
    _check_side(width)
    _check_side(height)
    g = gray_array(gray)
    rows, cols = g.shape
    if fit == "stretch":
        step_x, step_y = cols / width, rows / height
    else:
        pick = min if fit == "cover" else max
        step_x = step_y = pick(cols / width, rows / height)
    if max(step_x, step_y) < 1 and fit != "contain":
        # More cells than pixels both ways, no padding: one bicubic resampling of the region.
        # Clamped: 112 / 200 * 200 is 112.00000000000001, and Pillow refuses a box past the edge.
        region = (max(0.0, (cols - width * step_x) / 2), max(0.0, (rows - height * step_y) / 2),
                  min(cols, (cols + width * step_x) / 2), min(rows, (rows + height * step_y) / 2))
        img = Image.fromarray(g.astype(np.float32), mode="F")
        out = np.asarray(img.resize((width, height), Image.Resampling.BICUBIC, box=region))
        return np.clip(out.astype(np.float64), 0.0, 1.0)
    if min(step_x, step_y) < 1:
        # More cells than pixels on one axis (or padding): boxes of one pixel would show the
        # pixels as blocks of cells. Enlarge the picture smoothly (bicubic) by a whole factor
        # first, so each cell averages at least one (interpolated) pixel.
        factor = math.ceil(1 / min(step_x, step_y))
        g = _enlarge(g, factor)
        rows, cols = g.shape
        step_x, step_y = step_x * factor, step_y * factor
    left = (cols - width * step_x) / 2
    top = (rows - height * step_y) / 2
    # Reduce the axis that shrinks most first, so the second pass works on less data.
    if rows / height >= cols / width:
        t, cover_rows = _box_axis(g, top, step_y, height, 0)
        out, cover_cols = _box_axis(t, left, step_x, width, 1)
    else:
        t, cover_cols = _box_axis(g, left, step_x, width, 1)
        out, cover_rows = _box_axis(t, top, step_y, height, 0)
    # White padding fills the part of each cell the picture does not cover.
    out = out + (1.0 - np.outer(cover_rows, cover_cols))
    return np.clip(out, 0.0, 1.0)


# ----------------------------------------------------------------------------------- dithering


def floyd_steinberg(gray: Gray) -> Board:
    """Floyd–Steinberg error diffusion with serpentine scanning; 1 = white.

    Error pushed past the edges is dropped. The one implementation lives in :mod:`lightsart._pictures.dither`.
    """
    return dither(gray, "floyd-steinberg")


def threshold(gray: Gray) -> Board:
    """Lit (white) where the luminance is at least 1/2."""
    return dither(gray, "none")


def dither(gray: Gray, method: Dither = "floyd-steinberg", *, linear: bool = False) -> Board:
    """Turn luminance into 0/1 cells with ``method`` (a name in
    :data:`lightsart.DITHER_METHODS`)."""
    from lightsart._pictures import dither as dithering

    return dithering.dither(gray_array(gray), method, linear=linear)


# ----------------------------------------------------------------------------------- targets


def fit_target(
    gray: Gray,
    board: Size | None = None,
    fit: FitMode = "cover",
    dither: Dither = "floyd-steinberg",
    *,
    source: str = "<array>",
    tone: Tone | None = None,
    linear: bool = False,
    states: int = 2,
) -> Target:
    """Fit, tone and dither a checked luminance array to ``board`` (as :func:`board_size` reads
    it: a resolved ``(width, height)``, a user's size, or ``None`` to choose): the stage after
    reading, shared by :func:`load_target` and the jobs."""
    from lightsart._pictures import dither as dithering

    rows, cols = gray.shape
    width, height = board_size(board, cols / rows)
    fitted = fit_to_board(gray, width, height, fit)
    toned = apply_tone(fitted, tone)
    bits = dithering.dither(toned, dither, states=states, linear=linear)
    return Target(bits=bits, gray=fitted, source=source, width=width, height=height, toned=toned,
                  states=int(states))


@public
def load_target(
    picture: str | Path | object,
    size: tuple[int, int] | str | int | None = None,
    fit: FitMode = "cover",
    dither: Dither = "floyd-steinberg",
    tone: Tone | None = None,
    linear: bool = False,
    states: int = 2,
) -> Target:
    """Make a picture a board target (the whole image stage): a file, or a luminance array.

    A file is decoded only as finely as the board needs (:func:`read_for_board`); then the
    picture is fitted to the board, toned and dithered.

    Parameters
    ----------
    picture : str, pathlib.Path or array_like
        A PNG, JPEG, GIF, BMP, TIFF or WebP file, or a picture's luminance: a 2-D array of
        values in ``[0, 1]``, 1 = white.
    size : tuple of (int, int), str, int or None, optional
        The board: ``(rows, columns)`` as numpy orders a shape, ``"WxH"`` text (columns x rows)
        or a whole number, both as ``--size`` reads them; ``None``: about 200 cells on the long
        side, preferring nullity 0.
    fit : {"cover", "contain", "stretch"}, optional
        How a picture of another shape fills the board: cropped, padded with white or stretched.
    dither : str, optional
        A dithering method of :data:`lightsart.DITHER_METHODS`.
    tone : lightsart.Tone or None, optional
        The tone stage (``None``: automatic levels, local contrast, sharpening;
        ``Tone.none()`` dithers the fitted picture as it is).
    linear : bool, optional
        Dither in linear light.
    states : int, optional
        The states a cell takes, 2 to 16: grey levels (2: lit and unlit).

    Returns
    -------
    Target
        The dithered target (``bits``) with the picture it came from.

    Examples
    --------
    A left-to-right ramp on a board of 2 rows and 4 columns, thresholded, then in four states:

    >>> import numpy as np
    >>> from lightsart import Tone, load_target
    >>> ramp = np.tile(np.linspace(0, 1, 8), (8, 1))
    >>> load_target(ramp, (2, 4), dither="none", tone=Tone.none()).bits.tolist()
    [[0, 0, 1, 1], [0, 0, 1, 1]]
    >>> load_target(ramp, "4x2", dither="none", tone=Tone.none(), states=4).bits.tolist()
    [[0, 1, 2, 3], [0, 1, 2, 3]]

    A file:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from PIL import Image
    >>> folder = tempfile.TemporaryDirectory()
    >>> path = Path(folder.name, "ramp.png")
    >>> Image.linear_gradient("L").resize((80, 60)).save(path)
    >>> target = load_target(path, size=(30, 40))
    >>> target.bits.shape, target.states, target.bits.dtype
    ((30, 40), 2, dtype('uint8'))
    >>> folder.cleanup()
    """
    import os

    from lightsart._rules import check_states

    board = boardsize.to_size(size)  # a wrong size is refused before the picture is read
    _check_choice(fit, FitMode, "fit")
    _check_dither(dither)
    if tone is not None and not isinstance(tone, Tone):
        raise InvalidType(f"tone must be a Tone or None; got {tone!r}")
    checks.flag(linear, "linear")
    check_states(states)
    if isinstance(picture, str | os.PathLike):
        gray, resolved = read_for_board(os.fspath(picture), board)
        return fit_target(gray, resolved, fit, dither, source=str(picture), tone=tone,
                          linear=linear, states=states)
    if picture is None or isinstance(picture, bytes) or not (
            isinstance(picture, np.ndarray | list | tuple) or hasattr(picture, "__array__")):
        raise InvalidType("picture must be a path or a 2-D array of luminance; got "
                          f"{type(picture).__name__}")
    return fit_target(gray_array(picture), board, fit, dither, tone=tone, linear=linear,
                      states=states)


def _check_dither(method: str) -> None:
    from lightsart._pictures.dither import DITHER_METHODS

    DITHER_METHODS.canonical(method)  # an unknown name is the registry's one sentence


def _enlarge(gray: Gray, factor: int) -> Gray:
    """``gray`` enlarged ``factor`` times on each axis by Pillow's bicubic filter, in ``[0, 1]``."""
    rows, cols = gray.shape
    img = Image.fromarray(gray.astype(np.float32), mode="F")
    big = img.resize((cols * factor, rows * factor), Image.Resampling.BICUBIC)
    return np.clip(np.asarray(big, dtype=np.float64), 0.0, 1.0)


def gray_array(gray: object) -> Gray:
    """``gray`` as a picture's luminance in ``[0, 1]``: 8-bit whole numbers are refused in one line."""
    g = as_picture(gray)
    # Integers above 1 are a picture's 0-255 bytes, which clipping would turn all white.
    if np.issubdtype(np.asarray(gray).dtype, np.integer) and (g.min() < 0 or g.max() > 1):
        raise InvalidValue(f"a picture's values are 0 (black) to 1 (white), got whole numbers "
                           f"from {g.min():g} to {g.max():g} (divide 8-bit values by 255)")
    return np.clip(g, 0.0, 1.0)


def _check_choice(value: object, choices: object, what: str) -> None:
    allowed = get_args(choices)
    if not (isinstance(value, str) and value in allowed):
        error = InvalidValue if isinstance(value, str) else InvalidType
        raise error(f"{what} must be one of {', '.join(allowed)}; got {value!r}")
