"""A contact sheet of labelled variants of one picture, so settings are picked by looking.

:func:`make_preview` fits one picture several ways (tone on and off, the main dithering methods,
the other number of states per cell, the handheld palette in colour, a smaller and two larger
boards), each at the default number of states (:func:`lightsart._boardsize.default_states`) but
the ones that change it, solves each for its reachable board with the exact engine, and lays the
boards out under their labels, every tile at the same pixels per cell, row after row. Each tile
carries the command-line options that reproduce it in ``still`` or ``animate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart._boardsize import DEFAULT_STATES
from lightsart._choices import FitMode
from lightsart._palette import Palette
from lightsart._pictures.tone import Tone
from lightsart._types import Board

__all__ = ["PREVIEW_METHODS", "PREVIEW_PALETTE", "PREVIEW_STATES", "PreviewResult", "Tile", "layout",
           "make_preview", "tiles_for"]

#: Dithering methods a preview shows beside the default (the main families).
PREVIEW_METHODS = ("atkinson", "jarvis-judice-ninke", "bayer", "blue-noise")
#: Long side of the requested board's tiles on the sheet, in pixels (about): every tile is
#: drawn at the pixels per cell this gives, so a larger board's tile is larger.
TILE_PIXELS = 240
#: States per cell of the ``--states`` tile: the other of 2 and 4 from the default's.
PREVIEW_STATES = 2 if DEFAULT_STATES > 2 else 4
#: The colour tile's palette by name: the four greens of the 1989 handheld's screen (a tile made
#: as ``still --palette handheld`` makes it; a ``--palette`` asked for replaces it).
PREVIEW_PALETTE = "handheld"
#: Board sizes shown beside the requested one, as factors of its long side.
SIZE_FACTORS = (0.64, 1.5, 2.0)
#: Seconds the exact engine may spend on one tile at nullity > 20.
_TILE_SECONDS = 0.3


@dataclass(frozen=True)
class Tile:
    """One variant: its label, the options that make it, and the reachable board it gives."""

    label: str
    options: tuple[str, ...]
    board: Board
    wrong_pixels: int
    #: Levels per cell: the default's (:data:`lightsart._boardsize.DEFAULT_STATES`) but for
    #: the ``--states`` and colour tiles.
    states: int = DEFAULT_STATES
    #: The colour of each state, for the ``--palette`` tile (``None``: greys).
    palette: Palette | None = None

    def to_dict(self) -> dict[str, Any]:
        from lightsart._runs import palette_dict

        return {"label": self.label, "options": list(self.options),
                "width": int(self.board.shape[1]), "height": int(self.board.shape[0]),
                "wrong_pixels": self.wrong_pixels, "states": self.states,
                **palette_dict(self.palette)}


@dataclass(frozen=True)
class PreviewResult:
    path: str
    tiles: tuple[Tile, ...]
    output: str

    #: Pixels per cell of every tile on the sheet.
    cell: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"picture": self.path, "tiles": [t.to_dict() for t in self.tiles],
                "outputs": [self.output], "cell": self.cell}


@dataclass(frozen=True)
class _Variant:
    label: str
    options: tuple[str, ...]
    size: tuple[int, int]
    dither: str
    tone: Tone
    states: int = DEFAULT_STATES
    palette: Palette | str | None = None


def _size_option(size: tuple[int, int]) -> tuple[str, ...]:
    return ("--size", f"{size[0]}x{size[1]}")


def tiles_for(board: tuple[int, int], aspect: float) -> list[_Variant]:
    """The variants shown for a picture of ``aspect`` whose requested board is ``board``."""
    from lightsart._pictures.image import choose_size
    from lightsart._pictures.palettes import palette_request, palette_states

    auto, none = Tone(), Tone.none()
    size = _size_option(board)
    variants = [
        _Variant("default (tone auto, floyd-steinberg)", size, board, "floyd-steinberg", auto),
        _Variant("tone none", (*size, "--tone", "none"), board, "floyd-steinberg", none),
    ]
    variants += [_Variant(m, (*size, "--dither", m), board, m, auto) for m in PREVIEW_METHODS]
    variants.append(_Variant(f"--states {PREVIEW_STATES}", (*size, "--states", str(PREVIEW_STATES)),
                             board, "floyd-steinberg", auto, PREVIEW_STATES))
    colours = palette_request(PREVIEW_PALETTE)
    assert colours is not None
    variants.append(_Variant(f"--palette {PREVIEW_PALETTE}", (*size, "--palette", PREVIEW_PALETTE),
                             board, "floyd-steinberg", auto, palette_states(colours), colours))
    from lightsart._limits import PREVIEW_MAX_SIDE

    long_side, sizes = max(board), {board}
    for factor in SIZE_FACTORS:
        # Larger boards only up to preview's own bound (a 1024-cell tile takes most of a minute).
        side = max(8, min(PREVIEW_MAX_SIDE, round(long_side * factor)))
        other = choose_size(aspect, side)
        if other not in sizes:
            sizes.add(other)
            variants.append(_Variant(f"{other[0]}x{other[1]}", _size_option(other), other,
                                     "floyd-steinberg", auto))
    return variants


def _check_side(side: int) -> None:
    from lightsart._errors import LightsartError
    from lightsart._limits import PREVIEW_MAX_SIDE

    if side > PREVIEW_MAX_SIDE:
        raise LightsartError(f"preview boards are at most {PREVIEW_MAX_SIDE} cells on a side, got "
                             f"{side} (lightsart still makes one board of any size up to 4096)")


def _check_drawing(out: str, cells: int) -> None:
    """An SVG or PDF sheet holds at most ``VECTOR_MAX_CELLS`` cells, all tiles together."""
    from lightsart._errors import LightsartError
    from lightsart._limits import VECTOR_MAX_CELLS
    from lightsart._output.stills import still_format

    if not still_format(out).raster and cells > VECTOR_MAX_CELLS:
        raise LightsartError(f"the sheet's tiles have {cells:,} cells; an SVG or PDF holds at "
                             f"most {VECTOR_MAX_CELLS:,} (lower --size, or write a .png)")


def make_preview(path: str, out: str, *,
                 size: int | str | tuple[int, int] | None = None,
                 fit: FitMode = "cover", palette: Palette | str | None = None) -> PreviewResult:
    """Write the contact sheet for the picture at ``path`` to ``out`` (a PNG, or an SVG or PDF
    drawing). ``palette`` (as :class:`lightsart.Pictures` takes it) adds a tile in its colours:
    what ``still --palette`` makes."""
    from lightsart._boardsize import to_size as board_size
    from lightsart._engines import DEFAULT_ENGINE, Budget, engine
    from lightsart._output import preflight, staging
    from lightsart._pictures.costs import pixel_costs
    from lightsart._pictures.image import fit_target, fit_to_board, read_for_board
    from lightsart._pictures.palettes import palette_request, palette_states, request_text

    asked = board_size(size)  # 64, "64x48" or (rows, columns), as to_size reads them
    if asked is not None:  # the sides given, before the picture is read
        _check_side(max(asked.rows or 1, asked.columns))
    planned = preflight.plan_still(path, [out], asked, None)  # .png/.svg/.pdf, not the picture
    gray, board = read_for_board(path, asked)  # without a size, the one still and animate choose
    _check_side(max(board))  # a side from the picture's aspect too, before any tile is fitted
    aspect = gray.shape[1] / gray.shape[0]
    tiles = []
    fitted: dict[tuple[int, int], NDArray[np.float64]] = {}
    variants = tiles_for(board, aspect)
    wanted = palette_request(palette)
    if wanted is not None:
        text = palette.strip() if isinstance(palette, str) else request_text(wanted)
        variants = [v for v in variants if v.palette is None]  # the asked-for palette instead
        variants.append(_Variant(f"--palette {text}", (*_size_option(board), "--palette", text),
                                 board, "floyd-steinberg", Tone(), palette_states(wanted), wanted))
    _check_drawing(out, sum(v.size[0] * v.size[1] for v in variants))
    for v in variants:
        if v.states > 2 or v.palette is not None:  # the pipeline's fit (Z/k, colour)
            tiles.append(_levels_tile(path, v, fit))
            continue
        if v.size not in fitted:
            # Decoded for this size, as still and animate would: each tile is what they make.
            sized = gray if v.size == board else read_for_board(path, v.size)[0]
            fitted[v.size] = fit_to_board(sized, *v.size, fit)
        target = fit_target(fitted[v.size], v.size, "stretch", v.dither, tone=v.tone)
        cost = pixel_costs(target.bits, target.toned if target.toned is not None else target.gray)
        f = engine(DEFAULT_ENGINE).fit(target.bits, cost, Budget(_TILE_SECONDS))
        tiles.append(Tile(v.label, (*v.options, *_fit_option(fit)), f.board, f.wrong_pixels, 2))
    cell = max(1, round(TILE_PIXELS / max(board)))
    with staging.writing(planned):
        _write_sheet(tiles, out, cell)
    return PreviewResult(path, tuple(tiles), out, cell)


def _fit_option(fit: FitMode) -> tuple[str, ...]:
    return ("--fit", fit) if fit != "cover" else ()


def _levels_tile(path: str, v: _Variant, fit: FitMode) -> Tile:
    """The ``--states`` and ``--palette`` tiles: what ``still --states K`` or ``still --palette
    P`` makes (the job itself, nothing written)."""
    from lightsart._pipeline import make_still
    from lightsart._settings import Pictures, Solving

    made = make_still(path, pictures=Pictures((v.size[1], v.size[0]), fit, v.dither, v.tone,
                                              palette=v.palette),
                      solving=Solving(time_limit=_TILE_SECONDS, states=v.states))
    f = made.picture.fit
    return Tile(v.label, (*v.options, *_fit_option(fit)), f.board, f.wrong_pixels, f.states,
                made.palette)


#: Gap between tiles and around the sheet, and the height of a label, in pixels.
_GAP, _LABEL = 4, 14


def layout(shapes: list[tuple[int, int]], cell: int
           ) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """The sheet's ``(width, height)`` and each tile's top-left corner: tiles of ``shapes``
    (rows, columns) at ``cell`` pixels per cell, left to right in rows at least four of the
    first tile wide (or the widest tile), each row as tall as its tallest tile. Of those widths,
    four to six of the first tile and the widths of runs of consecutive tiles (so the larger
    boards can share a row), the one leaving least of the sheet empty: mostly boards whatever
    their sizes."""
    sizes = [(cols * cell, rows * cell + _LABEL) for rows, cols in shapes]
    least = max(4 * sizes[0][0] + 3 * _GAP, max(w for w, _ in sizes))
    widths = {k * sizes[0][0] + (k - 1) * _GAP for k in range(4, 7)}
    widths |= {sum(w for w, _ in sizes[i:j]) + (j - i - 1) * _GAP
               for i in range(len(sizes)) for j in range(i + 1, len(sizes) + 1)}
    area = sum(w * h for w, h in sizes)
    best = min((w for w in widths | {least} if w >= least),
               key=lambda w: (_shelves(sizes, w)[0][0] * _shelves(sizes, w)[0][1] - area, w))
    return _shelves(sizes, best)


def _shelves(sizes: list[tuple[int, int]], width: int
             ) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """Tiles of ``sizes`` (pixels) left to right in rows no wider than ``width``."""
    places: list[tuple[int, int]] = []
    x = y = row_h = 0
    for w, h in sizes:
        if x and x + w > width:
            x, y, row_h = 0, y + row_h + _GAP, 0
        places.append((_GAP + x, _GAP + y))
        x += w + _GAP
        row_h = max(row_h, h)
    used = max(px + w for (px, _), (w, _) in zip(places, sizes, strict=True))
    return (used + _GAP, _GAP + y + row_h + _GAP), places


def _write_sheet(tiles: list[Tile], out: str, cell: int) -> None:
    """The sheet as a PNG, or as an SVG/PDF drawing (:mod:`lightsart._output.vector`) by the
    extension of ``out``: the same layout either way, every tile at ``cell`` pixels per cell."""
    from lightsart._output.stills import still_format

    size, places = layout([(t.board.shape[0], t.board.shape[1]) for t in tiles], cell)
    if not still_format(out).raster:
        from lightsart._output.vector import sheet_scene, write_scene

        write_scene(sheet_scene(size, [(t.label, t.board, x, y, _LABEL, cell) for t, (x, y)
                                       in zip(tiles, places, strict=True)],
                                [t.states for t in tiles], [t.palette for t in tiles]), out)
        return
    from PIL import Image, ImageDraw, ImageFont

    from lightsart._output.render import RenderStyle, render
    from lightsart._output.staging import atomic_path

    sheet = Image.new("RGB", size, (128, 128, 128))
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default()
    for t, (x, y) in zip(tiles, places, strict=True):
        draw.text((x, y), t.label, fill=(255, 255, 255), font=font)
        # White on black, or the tile's palette: state s grey round(255 s / (K-1)) or colour s.
        look = RenderStyle(cell=cell, palette=t.palette)
        sheet.paste(Image.fromarray(render(t.board, look, t.states)), (x, y + _LABEL))
    with atomic_path(out) as tmp:
        sheet.save(tmp, format="PNG", optimize=True)
