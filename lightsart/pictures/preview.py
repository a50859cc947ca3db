"""A contact sheet of labelled variants of one picture, so settings are picked by looking.

:func:`make_preview` fits one picture several ways (tone on and off, the main dithering methods,
board sizes near the one asked for), solves each for its reachable board with the exact engine,
and lays the boards out in a grid under their labels. Each tile carries the command-line options
that reproduce it in ``still`` or ``animate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart.pictures.tone import Tone
from lightsart.types import Board

__all__ = ["PREVIEW_METHODS", "PreviewResult", "Tile", "make_preview", "tiles_for"]

#: Dithering methods a preview shows beside the default (the main families).
PREVIEW_METHODS = ("atkinson", "jarvis-judice-ninke", "bayer", "blue-noise")
#: Long side of each tile on the sheet, in pixels (about).
TILE_PIXELS = 240
#: Seconds the exact engine may spend on one tile at nullity > 20.
_TILE_SECONDS = 0.3


@dataclass(frozen=True)
class Tile:
    """One variant: its label, the options that make it, and the reachable board it gives."""

    label: str
    options: tuple[str, ...]
    board: Board
    wrong_pixels: int

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "options": list(self.options),
                "width": int(self.board.shape[1]), "height": int(self.board.shape[0]),
                "wrong_pixels": self.wrong_pixels}


@dataclass(frozen=True)
class PreviewResult:
    path: str
    tiles: tuple[Tile, ...]
    output: str

    def to_dict(self) -> dict[str, Any]:
        return {"picture": self.path, "tiles": [t.to_dict() for t in self.tiles],
                "outputs": [self.output]}


@dataclass(frozen=True)
class _Variant:
    label: str
    options: tuple[str, ...]
    size: tuple[int, int]
    dither: str
    tone: Tone


def _size_option(size: tuple[int, int]) -> tuple[str, ...]:
    return ("--size", f"{size[0]}x{size[1]}")


def tiles_for(board: tuple[int, int], aspect: float) -> list[_Variant]:
    """The variants shown for a picture of ``aspect`` whose requested board is ``board``."""
    from lightsart.pictures.image import choose_size

    auto, none = Tone(), Tone.none()
    size = _size_option(board)
    variants = [
        _Variant("default (tone auto, floyd-steinberg)", size, board, "floyd-steinberg", auto),
        _Variant("tone none", (*size, "--tone", "none"), board, "floyd-steinberg", none),
    ]
    variants += [_Variant(m, (*size, "--dither", m), board, m, auto) for m in PREVIEW_METHODS]
    long_side = max(board)
    for factor in (0.64, 1.5):
        other = choose_size(aspect, max(8, min(4096, round(long_side * factor))))
        if other != board:
            variants.append(_Variant(f"{other[0]}x{other[1]}", _size_option(other), other,
                                     "floyd-steinberg", auto))
    return variants


def _check_side(side: int) -> None:
    from lightsart.errors import LightsartError
    from lightsart.limits import PREVIEW_MAX_SIDE

    if side > PREVIEW_MAX_SIDE:
        raise LightsartError(f"preview boards are at most {PREVIEW_MAX_SIDE} cells on a side, got "
                             f"{side} (lightsart still makes one board of any size up to 4096)")


def _check_drawing(out: str, cells: int) -> None:
    """An SVG or PDF sheet holds at most ``VECTOR_MAX_CELLS`` cells, all tiles together."""
    from lightsart.errors import LightsartError
    from lightsart.limits import VECTOR_MAX_CELLS
    from lightsart.output.stills import still_format

    if not still_format(out).raster and cells > VECTOR_MAX_CELLS:
        raise LightsartError(f"the sheet's tiles have {cells:,} cells; an SVG or PDF holds at "
                             f"most {VECTOR_MAX_CELLS:,} (lower --size, or write a .png)")


def make_preview(path: str, out: str, *, size: tuple[int, int | None] | None = None,
                 fit: str = "cover") -> PreviewResult:
    """Write the contact sheet for the picture at ``path`` to ``out`` (a PNG, or an SVG or PDF
    drawing)."""
    from lightsart.engines import DEFAULT_ENGINE, Budget, engine
    from lightsart.output import preflight
    from lightsart.pictures.costs import pixel_costs
    from lightsart.pictures.image import fit_to_board, read_for_board, target_from_array

    if size is not None:  # the sides given, before the picture is read
        _check_side(max(size[0], size[1] or 1))
    planned = preflight.plan_still(path, [out], size, None)  # .png/.svg/.pdf, not the picture
    gray, board = read_for_board(path, size)
    _check_side(max(board))  # a side from the picture's aspect too, before any tile is fitted
    aspect = gray.shape[1] / gray.shape[0]
    tiles = []
    fitted: dict[tuple[int, int], NDArray[np.float64]] = {}
    variants = tiles_for(board, aspect)
    _check_drawing(out, sum(v.size[0] * v.size[1] for v in variants))
    for v in variants:
        if v.size not in fitted:
            # Decoded for this size, as still and animate would: each tile is what they make.
            sized = gray if v.size == board else read_for_board(path, v.size)[0]
            fitted[v.size] = fit_to_board(sized, *v.size, fit)  # type: ignore[arg-type]
        target = target_from_array(fitted[v.size], v.size, "stretch", v.dither, tone=v.tone)
        cost = pixel_costs(target.bits, target.toned if target.toned is not None else target.gray)
        f = engine(DEFAULT_ENGINE).fit(target.bits, cost, Budget(_TILE_SECONDS))
        tiles.append(Tile(v.label, (*v.options, *(("--fit", fit) if fit != "cover" else ())),
                          f.board, f.wrong_pixels))
    with preflight.writing(planned):
        _write_sheet(tiles, out)
    return PreviewResult(path, tuple(tiles), out)


def _write_sheet(tiles: list[Tile], out: str) -> None:
    """The sheet as a PNG, or as an SVG/PDF drawing (:mod:`lightsart.output.vector`) by the
    extension of ``out``: the same layout either way."""
    from lightsart.output.stills import still_format

    columns, label_h, gap = 4, 16, 10
    cells = [max(1, round(TILE_PIXELS / max(t.board.shape))) for t in tiles]
    tile_w = max(t.board.shape[1] * c for t, c in zip(tiles, cells, strict=True))
    tile_h = max(t.board.shape[0] * c for t, c in zip(tiles, cells, strict=True))
    rows = -(-len(tiles) // columns)
    size = (columns * (tile_w + gap) + gap, rows * (tile_h + label_h + gap) + gap)
    places = [(gap + (k % columns) * (tile_w + gap), gap + (k // columns) * (tile_h + label_h + gap))
              for k in range(len(tiles))]
    if not still_format(out).raster:
        from lightsart.output.vector import sheet_scene, write_scene

        write_scene(sheet_scene(size, [(t.label, t.board, x, y, label_h, c) for t, (x, y), c
                                       in zip(tiles, places, cells, strict=True)]), out)
        return
    from PIL import Image, ImageDraw, ImageFont

    from lightsart.output.atomic import atomic_path

    sheet = Image.new("L", size, 128)
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default()
    for t, (x, y), c in zip(tiles, places, cells, strict=True):
        draw.text((x, y), t.label, fill=255, font=font)
        sheet.paste(Image.fromarray(np.kron(t.board * np.uint8(255), np.ones((c, c), np.uint8))),
                    (x, y + label_h))
    with atomic_path(out) as tmp:
        sheet.save(tmp, format="PNG", optimize=True)
