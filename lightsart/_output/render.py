"""Boards as pictures: frame styles, rendering, and PNG stills.

A board of ``m`` rows and ``n`` columns becomes an ``(m·cell, n·cell, 3)`` RGB image. Every cell
is one of two precomputed *sprites* (lit, unlit), so rendering is a single numpy gather and
reshape: ``sprites[board]`` has shape ``(m, n, cell, cell)``; swapping the middle axes and
reshaping lays the sprites side by side. No drawing per cell.

Both sprites share one palette of at most 256 colours, so a frame can also be rendered as palette
indices (:func:`render_indices`) -- what the GIF writer stores -- and ``render`` is exactly
``palette[render_indices]``.

Styles:

- ``pixels`` (default): lit cells white, unlit black, no gaps. Every frame decodes back to its
  board exactly: ``board = image[::cell, ::cell, 0] > 127``.
- ``lights``: looks like the handheld game -- rounded lit cells with a warm glow on a dark panel,
  unlit cells dim, small gaps between cells.
- ``dots``: flat round lamps (a disc 0.8 of a cell across, anti-aliased) on a dark panel.
- ``grid``: square cells with a gap line (panel colour) along each cell's right and bottom edge,
  ``max(1, round(cell / 8))`` pixels wide.

``dots`` and ``grid`` are pixel-exact too: the centre pixel of every cell is exactly the cell's
colour, so ``board = image[c//2::c, c//2::c, 0] > 127`` (default colours, ``c = cell``) decodes
a frame. Cells under 3 pixels (4 for ``grid``) are drawn as plain squares in every style.

Grey levels (``states`` = k states per cell, three or more): level ``s`` is drawn ``s / (k-1)`` of the way
from the unlit to the lit sprite (the first and last are those sprites exactly), so ``pixels``
with its default colours paints level ``s`` grey ``round(255·s/(k-1))`` and decodes back exactly:
``board = round(image[::cell, ::cell, 0] · (k-1) / 255)``; ``lights`` has k lamp brightnesses.

The animation writers (GIF, MP4, PNG frames) live in :mod:`lightsart._output.writers`, and the
format for each extension in :mod:`lightsart._output.formats`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageColor, ImageDraw, ImageFont, features

from lightsart._choices import StyleKind as Kind
from lightsart._core.board import as_board
from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import CELL_MAX
from lightsart._output.staging import atomic_path
from lightsart._palette import Palette
from lightsart._types import Board

if TYPE_CHECKING:
    import os


__all__ = [
    "RGB",
    "Box",
    "CompareSheet",
    "Lamp",
    "RenderStyle",
    "Sprites",
    "as_levels",
    "compare_image",
    "compare_sheet",
    "dimmed",
    "lamp",
    "level_colours",
    "parse_colour",
    "render",
    "render_indices",
    "sprites",
    "write_png",
    "write_side_by_side",
]

RGB = tuple[int, int, int]

#: Default colours per kind: (lit, unlit, panel).
DEFAULT_COLOURS: dict[str, tuple[RGB, RGB, RGB]] = {
    "pixels": ((255, 255, 255), (0, 0, 0), (0, 0, 0)),
    "lights": ((255, 178, 72), (62, 46, 44), (20, 18, 22)),
    "dots": ((255, 210, 63), (42, 47, 61), (17, 20, 27)),
    "grid": ((255, 255, 255), (0, 0, 0), (107, 107, 107)),
}
#: Wrong pixels in the comparison picture, and the separator between its panels.
WRONG_RED: RGB = (235, 40, 40)
#: How much of its brightness the result keeps under the wrong pixels.
WRONG_DIM = 0.35
SEPARATOR_GREY: RGB = (128, 128, 128)
#: The labelled comparison sheet: background, label text, panel frames, rings round wrong cells.
SHEET_BACKGROUND: RGB = (34, 36, 42)
LABEL_WHITE: RGB = (236, 238, 242)
FRAME_GREY: RGB = (110, 114, 124)
RING_YELLOW: RGB = (255, 214, 0)
#: Cells smaller than this many pixels get a ring round each wrong one on the comparison sheet.
RING_BELOW_CELL = 8


def parse_colour(text: str) -> RGB:
    """``"#rrggbb"``, ``"#rgb"``, ``"rgb(r, g, b)"`` or a CSS name (``"white"``) as an RGB tuple."""
    try:
        value = ImageColor.getrgb(text.strip())
    except ValueError:
        raise InvalidValue(
            f"unknown colour {text!r}: use #rrggbb or a name such as 'white' or 'orange'"
        ) from None
    return (int(value[0]), int(value[1]), int(value[2]))


class Colours(NamedTuple):
    lit: RGB
    unlit: RGB
    panel: RGB


@dataclass(frozen=True)
class RenderStyle:
    """How the renderers draw boards: whole pixels per cell, the kind of picture, RGB colours.

    The look a user chooses is :class:`lightsart.Look` (a cell size or none, the style's name,
    colours as text, millimetres for SVG/PDF); the job layer resolves it, for a board of a given
    size, into this: ``cell`` fixed (so the picture is a few hundred pixels wide) and each colour
    parsed. A colour left as None takes the kind's default (``DEFAULT_COLOURS``); ``panel`` is
    the background between lights and the padding colour of videos.

    Parameters
    ----------
    cell : int, optional
        Pixels per cell, 1 to 512.
    kind : {"pixels", "lights", "dots", "grid"}, optional
        The kind of picture (``--style``).
    lit, unlit, panel : tuple of three int, str or None, optional
        RGB colours (0-255 each), ``#rrggbb`` or a colour name; ``None`` takes the kind's.

    Returns
    -------
    RenderStyle
        The checked style.

    Examples
    --------
    >>> RenderStyle(cell=3, kind="dots", lit="#ffb000").lit
    (255, 176, 0)
    """

    cell: int = 4
    kind: Kind = "pixels"
    lit: RGB | None = None
    unlit: RGB | None = None
    panel: RGB | None = None
    #: The colour of each state (issue 34; drawing it is colour-show's part).
    palette: Palette | None = None

    def __post_init__(self) -> None:
        if isinstance(self.cell, bool) or not isinstance(self.cell, int | np.integer):
            raise InvalidType(f"cell size must be a whole number, got {self.cell!r}")
        object.__setattr__(self, "cell", int(self.cell))  # numpy integers hash and print oddly
        if not 1 <= self.cell <= CELL_MAX:
            raise InvalidValue(f"cell size must be 1 to {CELL_MAX} pixels, got {self.cell}")
        if self.kind not in DEFAULT_COLOURS:
            raise InvalidValue(f"unknown style {self.kind!r}: use one of "
                               f"{', '.join(DEFAULT_COLOURS)}")
        for name in ("lit", "unlit", "panel"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, str):  # accept "#rrggbb" / names for convenience
                object.__setattr__(self, name, parse_colour(value))
            elif len(value) != 3 or not all(0 <= int(v) <= 255 for v in value):
                raise InvalidValue(f"{name} colour must be three numbers 0-255, got {value!r}")
            else:
                object.__setattr__(self, name, tuple(int(v) for v in value))

    def colours(self) -> Colours:
        """The three colours with the kind's defaults filled in."""
        lit, unlit, panel = DEFAULT_COLOURS[self.kind]
        return Colours(self.lit or lit, self.unlit or unlit, self.panel or panel)

    def size(self, board_shape: tuple[int, int]) -> tuple[int, int]:
        """Picture size ``(width, height)`` in pixels for a board of shape ``(m, n)``."""
        m, n = board_shape
        return n * self.cell, m * self.cell


@dataclass(frozen=True)
class Lamp:
    """Where a cell's lamp sits in its ``cell`` × ``cell`` square, in pixels from its top left:
    the one home of each style's geometry (the PNG sprites and the SVG/PDF shapes read it).

    ``shape`` is ``"square"`` (a box, corners sharp), ``"rounded"`` (a box with corners of
    ``radius``) or ``"disc"`` (a circle of ``radius`` about the cell's centre; ``left``/``top``
    /``width``/``height`` are its bounding box); ``panel`` says whether the panel shows around it.
    """

    shape: str
    left: float
    top: float
    width: float
    height: float
    radius: float = 0.0
    panel: bool = True


def lamp(kind: str, cell: int) -> Lamp:
    """The lamp of style ``kind`` in a cell of ``cell`` pixels (cells under 3 pixels, 4 for
    ``grid``, are plain squares in every style)."""
    if kind == "lights" and cell >= 3:
        gap = max(1.0, 0.12 * cell)  # about an eighth of a cell between lights
        half = (cell - gap) / 2
        return Lamp("rounded", cell / 2 - half, cell / 2 - half, 2 * half, 2 * half, 0.3 * half)
    if kind == "dots" and cell >= 3:
        radius = 0.4 * cell
        return Lamp("disc", cell / 2 - radius, cell / 2 - radius, 2 * radius, 2 * radius, radius)
    if kind == "grid" and cell >= 4:
        side = cell - max(1, round(cell / 8))  # the gap line along the right and bottom edges
        return Lamp("square", 0.0, 0.0, side, side)
    return Lamp("square", 0.0, 0.0, cell, cell, panel=False)


def level_colours(colours: Colours, states: int = 2) -> list[RGB]:
    """The flat colour of each level, ``0`` (unlit) to ``levels - 1`` (lit): level ``s`` is
    ``s / (levels-1)`` of the way from unlit to lit, rounded, as the sprites mix them."""
    lit, unlit = np.array(colours.lit, np.float64), np.array(colours.unlit, np.float64)
    return [tuple(int(v) for v in np.clip(np.rint(unlit + (lit - unlit) * (s / (states - 1))),
                                          0, 255))  # type: ignore[misc]
            for s in range(states)]


def dimmed(colour: RGB) -> RGB:
    """A colour as the wrong-pixel panel dims the result under its red cells."""
    return tuple(int(v * WRONG_DIM) for v in colour)  # type: ignore[return-value]


@dataclass(frozen=True)
class Sprites:
    """The cell pictures of a style, one per level, as palette indices and as RGB.

    ``indices[0]`` / ``indices[1]`` are the unlit / lit cells (``uint8``, ``(cell, cell)``; with
    more levels ``indices[s]`` is level ``s`` and the last one is lit);
    ``palette`` is ``(k, 3)`` with ``k <= 256``; ``rgb = palette[indices]``.
    """

    indices: NDArray[np.uint8]
    palette: NDArray[np.uint8]
    rgb: NDArray[np.uint8]


def sprites(style: RenderStyle, states: int = 2) -> Sprites:
    """The style's cell sprites, one per level (cached: styles are frozen and hashable)."""
    return _sprites(style.cell, style.kind, style.colours(), _check_states(states))


def _check_states(states: int) -> int:
    from lightsart._limits import STATES_MAX

    if isinstance(states, bool) or not isinstance(states, int | np.integer) \
            or not 2 <= states <= STATES_MAX:
        raise InvalidValue(f"states must be a whole number from 2 to {STATES_MAX}, got {states!r}")
    return int(states)


@functools.lru_cache(maxsize=32)
def _sprites(cell: int, kind: str, colours: Colours, states: int = 2) -> Sprites:
    shape = lamp(kind, cell)
    if shape.shape == "rounded":
        unlit, lit = _light_sprites(cell, colours)
    elif shape.shape == "disc":
        unlit, lit = _dot_sprites(cell, colours)
    elif shape.panel:
        unlit, lit = _grid_sprites(cell, colours)
    else:  # pixels, or cells too small for gaps and rounding: plain squares
        lit = np.broadcast_to(np.array(colours.lit, np.float64), (cell, cell, 3))
        unlit = np.broadcast_to(np.array(colours.unlit, np.float64), (cell, cell, 3))
    # Greys in between: level s is s/(k-1) of the way from unlit to lit (the ends exactly).
    greys = [unlit + (lit - unlit) * (s / (states - 1)) for s in range(1, states - 1)]
    atlas = np.clip(np.rint(np.concatenate([unlit, *greys, lit], axis=1)), 0, 255).astype(np.uint8)
    palette, inverse = np.unique(atlas.reshape(-1, 3), axis=0, return_inverse=True)
    if len(palette) <= 256:
        flat = inverse.reshape(-1).astype(np.uint8)
    else:
        # Anti-aliased glow can exceed 256 colours at large cells; median cut keeps it invisible.
        quantized = Image.fromarray(atlas).quantize(
            256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
        flat = np.asarray(quantized, dtype=np.uint8).reshape(-1)
        raw = quantized.getpalette() or []
        palette = np.array(raw[: 3 * (int(flat.max()) + 1)], np.uint8).reshape(-1, 3)
    indices = flat.reshape(cell, states, cell).transpose(1, 0, 2).copy()
    palette = np.ascontiguousarray(palette, dtype=np.uint8)
    rgb = palette[indices]
    for a in (indices, palette, rgb):
        a.setflags(write=False)
    return Sprites(indices, palette, rgb)


def _light_sprites(cell: int, colours: Colours) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Unlit and lit cells of the ``lights`` style, anti-aliased by 4× supersampling.

    Each light is a rounded square (signed distance ``d`` to its edge, negative inside) with
    a gap of about an eighth of a cell. The lit light is hotter towards its centre (mixed
    towards white) and throws a faint halo onto the panel that fades within its own cell.
    """
    ss = 4
    coords = (np.arange(cell * ss) + 0.5) / ss - cell / 2  # sub-pixel centres, cell-centred
    y, x = np.meshgrid(coords, coords, indexing="ij")
    shape = lamp("lights", cell)
    half, radius = shape.width / 2, shape.radius
    qx, qy = np.abs(x) - (half - radius), np.abs(y) - (half - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    d = outside + np.minimum(np.maximum(qx, qy), 0) - radius

    def down(a: NDArray[np.float64]) -> NDArray[np.float64]:
        return a.reshape(cell, ss, cell, ss, *a.shape[2:]).mean(axis=(1, 3))

    inside = (d <= 0).astype(np.float64)[..., None]
    panel = np.array(colours.panel, np.float64)
    lit_rgb = np.array(colours.lit, np.float64)
    unlit_rgb = np.array(colours.unlit, np.float64)
    white = np.array([255.0, 250.0, 235.0])
    heat = np.clip(1 - np.hypot(x, y) / (half * 1.2), 0, 1)[..., None] ** 2
    hot = lit_rgb + (white - lit_rgb) * 0.6 * heat
    halo = (0.35 * np.exp(-np.maximum(d, 0) / (0.05 * cell)))[..., None]
    lit = inside * hot + (1 - inside) * (panel + (lit_rgb - panel) * halo)
    unlit = inside * unlit_rgb + (1 - inside) * panel
    return down(unlit), down(lit)


def _dot_sprites(cell: int, colours: Colours) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Unlit and lit cells of the ``dots`` style: a flat disc on the panel, 4× supersampled.

    The disc's radius is 0.4 of a cell, so every pixel within 0.4·cell − 0.71 of the centre is
    wholly inside it: the centre pixel is exactly the lamp's colour."""
    ss = 4
    coords = (np.arange(cell * ss) + 0.5) / ss - cell / 2
    y, x = np.meshgrid(coords, coords, indexing="ij")
    inside = (np.hypot(x, y) <= lamp("dots", cell).radius).astype(np.float64)
    cover = inside.reshape(cell, ss, cell, ss).mean(axis=(1, 3))[..., None]
    panel = np.array(colours.panel, np.float64)

    def disc(rgb: RGB) -> NDArray[np.float64]:
        return cover * np.array(rgb, np.float64) + (1 - cover) * panel

    return disc(colours.unlit), disc(colours.lit)


def _grid_sprites(cell: int, colours: Colours) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Unlit and lit cells of the ``grid`` style: the cell's colour with a panel-coloured gap
    along its right and bottom edges (so neighbouring cells are one gap apart)."""
    gap = cell - int(lamp("grid", cell).width)
    edge = np.zeros((cell, cell, 1), bool)
    edge[cell - gap :, :] = edge[:, cell - gap :] = True
    panel = np.array(colours.panel, np.float64)

    def square(rgb: RGB) -> NDArray[np.float64]:
        return np.where(edge, panel, np.array(rgb, np.float64))

    return square(colours.unlit), square(colours.lit)


def _layout(cells: NDArray[np.uint8], board: Board) -> NDArray[np.uint8]:
    """Place ``cells[board[i, j]]`` at block ``(i, j)``: shape ``(m·c, n·c, ...)``."""
    m, n = board.shape
    c = cells.shape[1]
    tiles = cells[board]  # (m, n, c, c, ...)
    return tiles.swapaxes(1, 2).reshape(m * c, n * c, *cells.shape[3:])


def as_levels(board: object, states: int = 2, name: str = "board") -> Board:
    """``board`` as a 2-D ``uint8`` array of levels ``0 .. levels-1`` (0/1: :func:`as_board`)."""
    if _check_states(states) == 2:
        return as_board(board, name)
    a = np.asarray(board)
    if a.ndim != 2 or a.size == 0:
        raise InvalidValue(f"{name} must be a non-empty 2-D array, got shape {a.shape}")
    if not np.issubdtype(a.dtype, np.integer) or a.min() < 0 or a.max() >= states:
        raise InvalidValue(f"{name} must hold only levels 0 to {states - 1}")
    return a.astype(np.uint8, copy=False)


def render_indices(board: Board, style: RenderStyle, states: int = 2) -> NDArray[np.uint8]:
    """The board as palette indices ``(m·cell, n·cell)`` into ``sprites(style, levels).palette``."""
    return _layout(sprites(style, states).indices, as_levels(board, states))


def render(board: Board, style: RenderStyle, states: int = 2) -> NDArray[np.uint8]:
    """The board as an RGB picture: ``uint8`` array ``(m·cell, n·cell, 3)``; ``states`` grey
    levels per cell (2: lit and unlit)."""
    return _layout(sprites(style, states).rgb, as_levels(board, states))


def _wrong_panel(result: Board, wrong: Board, style: RenderStyle, states: int = 2) -> NDArray[np.uint8]:
    """The result dimmed, with every wrong cell filled in :data:`WRONG_RED`."""
    c = style.cell
    marked = (render(result, style, states) * WRONG_DIM).astype(np.uint8)
    mask = np.repeat(np.repeat(wrong.astype(bool), c, axis=0), c, axis=1)
    marked[mask] = WRONG_RED
    return marked


def _panels(
    target: Board, result: Board, wrong: Board | None, states: int = 2
) -> tuple[Board, Board, Board]:
    t, r = as_levels(target, states, "target"), as_levels(result, states, "result")
    w = (t != r).astype(np.uint8) if wrong is None else as_board(wrong, "wrong-pixel mask")
    if not t.shape == r.shape == w.shape:
        raise ValueError(f"panel shapes differ: {t.shape}, {r.shape}, {w.shape}")
    return t, r, w


def compare_image(
    target: Board, result: Board, style: RenderStyle, wrong: Board | None = None, states: int = 2
) -> NDArray[np.uint8]:
    """``target | result | wrong pixels`` side by side, a few pixels apart, without labels.

    The third panel is the result dimmed, with every wrong pixel (``target != result`` unless
    ``wrong`` is given) filled in red. :func:`compare_sheet` is the labelled picture for files.
    """
    t, r, w = _panels(target, result, wrong, states)
    panels = [render(t, style, states), render(r, style, states), _wrong_panel(r, w, style, states)]
    gap = max(4, style.cell)
    height, width = panels[0].shape[:2]
    separator = SEPARATOR_GREY if style.kind == "pixels" else style.colours().panel
    out = np.empty((height, 3 * width + 2 * gap, 3), np.uint8)
    out[:] = separator
    for k, panel in enumerate(panels):
        out[:, k * (width + gap) : k * (width + gap) + width] = panel
    return out


class Box(NamedTuple):
    """A rectangle of a picture, in pixels: ``image[top : top + height, left : left + width]``."""

    top: int
    left: int
    height: int
    width: int


@dataclass(frozen=True)
class CompareSheet:
    """The labelled comparison picture: RGB ``image``, where its three ``panels`` are, and how
    many pixels are wrong. The target and result panels are exactly ``render(board, style)``."""

    image: NDArray[np.uint8]
    panels: tuple[Box, Box, Box]
    wrong_pixels: int


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Pillow's own default font, so no font file is needed: scalable when FreeType is there.
    if features.check("freetype2"):
        return ImageFont.load_default(size=size)
    return ImageFont.load_default()


def compare_sheet(
    target: Board,
    result: Board,
    style: RenderStyle,
    wrong: Board | None = None,
    labels: Sequence[str] | None = None,
    states: int = 2,
) -> CompareSheet:
    """``target | result | wrong pixels`` on a dark sheet, each panel framed under its label.

    ``labels`` default to ``"target (dithered)"``, ``"board (reachable)"`` and
    ``"wrong pixels: N"``. The third panel is the result dimmed with each wrong pixel (``target
    != result`` unless ``wrong`` is given) in red; where cells are smaller than
    :data:`RING_BELOW_CELL` pixels each wrong cell also gets a ring, so that even three wrong
    cells on a 128×128 board are found at a glance. Rings stay inside the margin around the
    third panel: the first two panels are left exactly as rendered.
    """
    t, r, w = _panels(target, result, wrong, states)
    count = int(w.sum())
    names = list(labels) if labels is not None else [
        "target (dithered)", "board (reachable)",
        f"wrong {'pixels' if states == 2 else 'cells'}: {count:,}"]
    if len(names) != 3:
        raise ValueError(f"expected three labels, got {len(names)}")
    c = style.cell
    panels = [render(t, style, states), render(r, style, states), _wrong_panel(r, w, style, states)]
    height, width = panels[0].shape[:2]
    rings = c < RING_BELOW_CELL
    radius = max(8, 2 * c + 3)  # ring around a wrong cell's centre, in pixels
    font = _font(int(np.clip(max(width, height) // 24, 12, 24)))
    text = [font.getbbox(name) for name in names]
    text_height = max(int(b[3]) for b in text)
    # Room for a ring round any edge cell without touching a label or another panel.
    margin = radius + 6 if rings else 12
    label_height = text_height + (radius + 4 if rings else 8)
    column = max(width, *(int(b[2]) for b in text))  # a narrow board still shows its labels
    top = margin + label_height
    boxes = (Box(top, margin, height, width), Box(top, 2 * margin + column, height, width),
             Box(top, 3 * margin + 2 * column, height, width))
    sheet = Image.new("RGB", (3 * column + 4 * margin, top + height + margin), SHEET_BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    for box, name in zip(boxes, names, strict=True):
        draw.text((box.left, margin), name, font=font, fill=LABEL_WHITE)
        # A one-pixel frame just outside the panel, so a dark board stands off the sheet.
        draw.rectangle((box.left - 1, box.top - 1, box.left + width, box.top + height),
                       outline=FRAME_GREY)
    out = np.array(sheet)
    for box, panel in zip(boxes, panels, strict=True):
        out[box.top : box.top + height, box.left : box.left + width] = panel
    third = boxes[2]
    if rings and count:
        ringed = Image.fromarray(out)
        draw = ImageDraw.Draw(ringed)
        for i, j in np.argwhere(w):
            y, x = third.top + i * c + (c - 1) / 2, third.left + j * c + (c - 1) / 2
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=RING_YELLOW,
                         width=2)
        # The frame stays whole where a ring round an edge cell crosses it.
        draw.rectangle((third.left - 1, third.top - 1, third.left + width, third.top + height),
                       outline=FRAME_GREY)
        out = np.array(ringed)
        # The wrong cells themselves stay red on top of any ring that crosses them.
        mask = np.repeat(np.repeat(w.astype(bool), c, axis=0), c, axis=1)
        region = out[third.top : third.top + height, third.left : third.left + width]
        region[mask] = WRONG_RED
    return CompareSheet(out, boxes, count)


def _save_png(image: Image.Image, path: str | os.PathLike[str]) -> None:
    if Path(path).suffix.lower() != ".png":
        raise InvalidValue(f"cannot write {path}: pictures are written as .png")
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG")


def _palette_image(indices: NDArray[np.uint8], palette: NDArray[np.uint8]) -> Image.Image:
    image = Image.fromarray(np.ascontiguousarray(indices))
    image.putpalette(palette.tobytes())  # turns the "L" image into "P" with our palette
    return image


def write_png(board: Board, path: str | os.PathLike[str], style: RenderStyle, states: int = 2) -> None:
    """Write one board as a PNG (palette PNG: small, and exactly the rendered colours)."""
    _save_png(_palette_image(render_indices(board, style, states), sprites(style, states).palette),
              path)


def write_side_by_side(
    panels: Sequence[Board], path: str | os.PathLike[str], style: RenderStyle, states: int = 2
) -> CompareSheet:
    """Write ``target | result | wrong pixels``, labelled (see :func:`compare_sheet`), as a PNG.

    ``panels`` is ``(target, result)`` or ``(target, result, wrong-pixel mask)``; returns the
    sheet, whose ``panels`` say where each picture is.
    """
    if len(panels) not in (2, 3):
        raise ValueError(f"expected (target, result[, wrong]), got {len(panels)} panels")
    wrong = panels[2] if len(panels) == 3 else None
    sheet = compare_sheet(panels[0], panels[1], style, wrong, states=states)
    _save_png(Image.fromarray(sheet.image), path)
    return sheet
