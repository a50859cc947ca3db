"""Boards as vector drawings: SVG and PDF, one shape per cell, to print, plot or cut.

A board becomes a :class:`Scene`: the panel behind it, then one :class:`Layer` per level (unlit,
the greys, lit), each a flat colour and the shapes of its cells, in the style's look and with
its geometry from :func:`lightsart._output.render.lamp` (the PNG sprites read the same numbers).
``pixels`` cells are merged into one rectangle per run of equal cells in a row; lamps are one
shape defined once (SVG ``<defs>``/``<use>``). Each layer is a top-level group, so a plotter
(vpype, Inkscape) can pick the lit cells alone.

User units are the PNG's pixels (``cell`` per cell), so an SVG without ``cell_mm`` is exactly as
large as the PNG; with ``cell_mm`` its width and height are in millimetres, and a PDF page is
``mm · 72 / 25.4`` points per cell (without it a pixel is 0.75 point, as CSS has it). The PDF
is written here (PDF 1.4, one page, one Flate-compressed content stream of ``re`` rectangles;
each lamp a form XObject of Bézier paths, circles as four curves, placed by ``cm``/``Do`` at its
cells); no dependency.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from lightsart._output.render import (
    RGB,
    WRONG_RED,
    Lamp,
    RenderStyle,
    as_levels,
    dimmed,
    lamp,
)
from lightsart._output.staging import atomic_path

if TYPE_CHECKING:
    import os

    from lightsart._palette import Palette
    from lightsart._types import Board

__all__ = ["Layer", "Scene", "board_scene", "compare_scene", "pdf_bytes", "points_per_cell", "sheet_scene",
           "svg_text", "write_pdf", "write_scene", "write_svg"]

#: Points per CSS pixel: a PDF without ``--cell-mm`` prints as large as the SVG shows.
POINTS_PER_PIXEL = 0.75
#: Points per millimetre.
POINTS_PER_MM = 72 / 25.4
#: A quarter circle as a cubic Bézier: control points this far along the tangents (× radius).
KAPPA = 4 * (math.sqrt(2) - 1) / 3


@dataclass(frozen=True)
class Layer:
    """Shapes of one colour: ``rects`` (x, y, width, height) or ``lamps`` placed at cell
    corners (x, y) — the lamp drawn at each is ``lamp`` offset by its place."""

    name: str
    colour: RGB
    rects: tuple[tuple[float, float, float, float], ...] = ()
    lamps: tuple[tuple[float, float], ...] = ()
    lamp: Lamp | None = None


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # the baseline
    size: float
    colour: RGB
    text: str


@dataclass(frozen=True)
class Scene:
    """A drawing ``width`` × ``height`` user units (the PNG's pixels): background boxes
    (x, y, width, height, colour), then the layers in order, then labels. ``unit_mm`` is
    millimetres per user unit (``None``: a user unit is a pixel)."""

    width: float
    height: float
    boxes: tuple[tuple[float, float, float, float, RGB], ...] = ()
    layers: tuple[Layer, ...] = ()
    texts: tuple[Text, ...] = ()
    unit_mm: float | None = None
    crisp: bool = field(default=False)


def _level_names(states: int) -> list[str]:
    return ["unlit", *(f"level-{s}" for s in range(1, states - 1)), "lit"]


def _runs(row: np.ndarray) -> list[tuple[int, int, int]]:
    """``(start, length, value)`` of each run of equal values in ``row``."""
    edges = np.flatnonzero(np.diff(row)) + 1
    starts = np.concatenate([[0], edges])
    ends = np.concatenate([edges, [len(row)]])
    return [(int(a), int(b - a), int(row[a])) for a, b in zip(starts, ends, strict=True)]


def _board_layers(board: Board, style: RenderStyle, states: int, dx: float, dy: float, prefix: str,
                  colours: Sequence[RGB]) -> list[Layer]:
    c = style.cell
    shape = lamp(style.kind, c)
    names = _level_names(states)
    if not shape.panel:  # full squares: one rectangle per run of equal cells in a row
        rects: list[list[tuple[float, float, float, float]]] = [[] for _ in range(states)]
        for i, row in enumerate(board):
            for start, length, value in _runs(row):
                rects[value].append((dx + start * c, dy + i * c, length * c, c))
        return [Layer(prefix + names[s], colours[s], rects=tuple(rects[s]))
                for s in range(states) if rects[s]]
    layers = []
    for s in range(states):
        ii, jj = np.nonzero(board == s)
        if len(ii):
            places = tuple((dx + float(j) * c, dy + float(i) * c) for i, j in zip(ii, jj, strict=True))
            layers.append(Layer(prefix + names[s], colours[s], lamps=places, lamp=shape))
    return layers


def _unit_mm(style: RenderStyle, cell_mm: float | None) -> float | None:
    return None if cell_mm is None else cell_mm / style.cell


def board_scene(board: Board, style: RenderStyle, states: int = 2, cell_mm: float | None = None
                ) -> Scene:
    """One board in ``style``: the panel, then a layer per state (unlit first, lit last), each
    in its state's colour (the style's palette, or greys from unlit to lit)."""
    b = as_levels(board, states)
    m, n = b.shape
    colours = style.colours()
    width, height = n * style.cell, m * style.cell
    shape = lamp(style.kind, style.cell)
    boxes = ((0.0, 0.0, float(width), float(height), colours.panel),) if shape.panel else ()
    return Scene(width, height, boxes,
                 tuple(_board_layers(b, style, states, 0.0, 0.0, "", style.state_colours(states))),
                 unit_mm=_unit_mm(style, cell_mm), crisp=shape.shape == "square")


def compare_scene(target: Board, result: Board, wrong: Board, style: RenderStyle, states: int = 2,
                  cell_mm: float | None = None, labels: Sequence[str] | None = None) -> Scene:
    """``target | result | wrong cells`` side by side under labels, as the PNG sheet lays them
    out: the third panel is the result dimmed, each wrong cell a red square."""
    from lightsart._output.render import FRAME_GREY, LABEL_WHITE, SHEET_BACKGROUND

    t, r = as_levels(target, states, "target"), as_levels(result, states, "result")
    w = np.asarray(wrong).astype(bool)
    count = int(w.sum())
    names = list(labels) if labels is not None else [
        "target (dithered)", "board (reachable)",
        f"wrong {'pixels' if states == 2 else 'cells'}: {count:,}"]
    c = style.cell
    m, n = t.shape
    width, height = n * c, m * c
    margin, size = 12.0, float(np.clip(max(width, height) // 24, 12, 24))
    top = margin + size + 8
    colours = style.colours()
    shape = lamp(style.kind, c)
    levels_rgb = style.state_colours(states)
    boxes: list[tuple[float, float, float, float, RGB]] = [
        (0.0, 0.0, 3 * width + 4 * margin, top + height + margin, SHEET_BACKGROUND)]
    layers: list[Layer] = []
    texts = []
    for k, (board, name) in enumerate(zip((t, r, r), names, strict=True)):
        left = margin + k * (width + margin)
        boxes.append((left - 1, top - 1, width + 2, height + 2, FRAME_GREY))
        texts.append(Text(left, margin + size, size, LABEL_WHITE, name))
        dim = k == 2
        panel = dimmed(colours.panel) if dim else colours.panel
        # Full squares cover the frame's inside; lamps show the panel round them.
        boxes.append((left, top, width, height, panel if shape.panel else SHEET_BACKGROUND))
        rgb = [dimmed(v) for v in levels_rgb] if dim else levels_rgb
        prefix = ("target-", "result-", "wrong-panel-")[k]
        layers += _board_layers(board, style, states, left, top, prefix, rgb)
    left = margin + 2 * (width + margin)
    red = [(left + j * c, top + i * c, length * c, c)
           for i, row in enumerate(w.astype(np.uint8))
           for j, length, value in _runs(row) if value]
    if red:
        layers.append(Layer("wrong", WRONG_RED, rects=tuple(red)))
    return Scene(3 * width + 4 * margin, top + height + margin, tuple(boxes), tuple(layers),
                 tuple(texts), unit_mm=_unit_mm(style, cell_mm), crisp=shape.shape == "square")


def sheet_scene(size: tuple[int, int],
                tiles: Sequence[tuple[str, Board, int, int, int, int]],
                states: Sequence[int] | None = None,
                palettes: Sequence[Palette | None] | None = None) -> Scene:
    """``preview``'s contact sheet: on mid-grey, each tile ``(label, board, left, top,
    label_height, cell)`` a white-on-black board under its label (as the PNG sheet draws them);
    ``states`` gives each tile's levels (default 2; more: greys evenly from black to white) and
    ``palettes`` each tile's colours (None: those greys)."""
    grey, white = (128, 128, 128), (255, 255, 255)
    layers: list[Layer] = []
    texts = []
    for k, (label, board, left, top, label_h, cell) in enumerate(tiles):
        tile_states = 2 if states is None else states[k]
        look = RenderStyle(cell=cell, palette=None if palettes is None else palettes[k])
        texts.append(Text(left, top + label_h - 4, 11, white, label))
        layers += _board_layers(as_levels(board, tile_states), look, tile_states,
                                left, top + label_h, f"tile-{k + 1}-",
                                look.state_colours(tile_states))
    return Scene(size[0], size[1], ((0.0, 0.0, size[0], size[1], grey),), tuple(layers),
                 tuple(texts), crisp=True)


# ---------------------------------------------------------------------------------------- SVG


def _num(v: float) -> str:
    """A coordinate in as few characters as it needs (three decimals at most)."""
    if float(v).is_integer():
        return str(int(v))
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _lamp_svg(shape: Lamp, name: str) -> str:
    if shape.shape == "disc":
        cx, cy = shape.left + shape.radius, shape.top + shape.radius
        return f'<circle id="{name}" cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(shape.radius)}"/>'
    rx = f' rx="{_num(shape.radius)}"' if shape.shape == "rounded" else ""
    return (f'<rect id="{name}" x="{_num(shape.left)}" y="{_num(shape.top)}" '
            f'width="{_num(shape.width)}" height="{_num(shape.height)}"{rx}/>')


def _escape(text: str) -> str:
    # Imported here: xml.sax.saxutils imports urllib.request, http.client, email and ssl
    # (about 30 ms), and only sheets with labels need it.
    from xml.sax.saxutils import escape

    return escape(text)


def svg_text(scene: Scene) -> str:
    """The scene as an SVG document: each layer a top-level group (an Inkscape layer)."""
    if scene.unit_mm is None:
        size = f'width="{_num(scene.width)}" height="{_num(scene.height)}"'
    else:
        size = (f'width="{_num(scene.width * scene.unit_mm)}mm" '
                f'height="{_num(scene.height * scene.unit_mm)}mm"')
    crisp = ' shape-rendering="crispEdges"' if scene.crisp else ""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
           f'{size} viewBox="0 0 {_num(scene.width)} {_num(scene.height)}"{crisp}>\n']
    lamps = {layer.lamp for layer in scene.layers if layer.lamp is not None}
    ids = {shape: f"lamp{k}" for k, shape in enumerate(sorted(lamps, key=repr))}
    if ids:
        out.append("<defs>" + "".join(_lamp_svg(s, name) for s, name in ids.items()) + "</defs>\n")
    if scene.boxes:
        out.append('<g id="panel" inkscape:groupmode="layer" inkscape:label="panel">')
        out += [f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
                f'fill="{_hex(rgb)}"/>' for x, y, w, h, rgb in scene.boxes]
        out.append("</g>\n")
    for layer in scene.layers:
        out.append(f'<g id="{layer.name}" inkscape:groupmode="layer" '
                   f'inkscape:label="{layer.name}" fill="{_hex(layer.colour)}">')
        out += [f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"/>'
                for x, y, w, h in layer.rects]
        if layer.lamp is not None:
            ref = ids[layer.lamp]
            out += [f'<use xlink:href="#{ref}" x="{_num(x)}" y="{_num(y)}"/>'
                    for x, y in layer.lamps]
        out.append("</g>\n")
    if scene.texts:
        out.append('<g id="labels" inkscape:groupmode="layer" inkscape:label="labels" '
                   'font-family="Helvetica, Arial, sans-serif">')
        out += [f'<text x="{_num(t.x)}" y="{_num(t.y)}" font-size="{_num(t.size)}" '
                f'fill="{_hex(t.colour)}">{_escape(t.text)}</text>' for t in scene.texts]
        out.append("</g>\n")
    out.append("</svg>\n")
    return "".join(out)


# ---------------------------------------------------------------------------------------- PDF


def _lamp_path(shape: Lamp, x: float, y: float) -> str:
    """The lamp at cell corner ``(x, y)`` as PDF path operators (y grows downwards here: the
    page's matrix flips it)."""
    left, top, w, h = x + shape.left, y + shape.top, shape.width, shape.height
    if shape.shape == "square":
        return f"{_num(left)} {_num(top)} {_num(w)} {_num(h)} re\n"
    r = shape.radius
    k = KAPPA * r
    right, bottom = left + w, top + h
    p = [f"{_num(left + r)} {_num(top)} m"]
    corners = (  # each side, then the quarter circle round the next corner
        (right - r, top, right - r + k, top, right, top + r - k, right, top + r),
        (right, bottom - r, right, bottom - r + k, right - r + k, bottom, right - r, bottom),
        (left + r, bottom, left + r - k, bottom, left, bottom - r + k, left, bottom - r),
        (left, top + r, left, top + r - k, left + r - k, top, left + r, top),
    )
    for lx, ly, *curve in corners:
        if shape.shape == "rounded":
            p.append(f"{_num(lx)} {_num(ly)} l")
        p.append(" ".join(_num(v) for v in curve) + " c")
    return " ".join(p) + " h\n"


def _rg(rgb: RGB) -> str:
    return " ".join(_num(round(v / 255, 5)) for v in rgb) + " rg\n"


def _pdf_string(text: str) -> str:
    raw = text.encode("latin-1", "replace").decode("latin-1")
    return "(" + raw.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def points_per_cell(cell: int, cell_mm: float | None) -> float:
    """A cell's side on a PDF page, in points: ``cell_mm`` millimetres, else ``cell`` pixels."""
    return cell * POINTS_PER_PIXEL if cell_mm is None else cell_mm * POINTS_PER_MM


def page_points(scene: Scene) -> float:
    """Points per user unit on the page."""
    return POINTS_PER_PIXEL if scene.unit_mm is None else scene.unit_mm * POINTS_PER_MM


def _lamp_names(scene: Scene) -> dict[Lamp, str]:
    lamps = {layer.lamp for layer in scene.layers if layer.lamp is not None}
    return {shape: f"L{k}" for k, shape in enumerate(sorted(lamps, key=repr))}


def _content(scene: Scene, names: dict[Lamp, str]) -> bytes:
    s = page_points(scene)
    out = [f"{_num(round(s, 6))} 0 0 {_num(-round(s, 6))} 0 {_num(round(scene.height * s, 4))} cm\n"]
    for x, y, w, h, rgb in scene.boxes:
        out.append(f"{_rg(rgb)}{_num(x)} {_num(y)} {_num(w)} {_num(h)} re f\n")
    for layer in scene.layers:
        out.append(_rg(layer.colour))
        if layer.rects:
            out += [f"{_num(x)} {_num(y)} {_num(w)} {_num(h)} re\n" for x, y, w, h in layer.rects]
            out.append("f\n")
        if layer.lamp is not None:  # the lamp drawn once (a form), moved from cell to cell
            name, (px, py) = names[layer.lamp], (0.0, 0.0)
            out.append("q\n")
            for x, y in layer.lamps:
                out.append(f"1 0 0 1 {_num(x - px)} {_num(y - py)} cm /{name} Do\n")
                px, py = x, y
            out.append("Q\n")
    for t in scene.texts:  # text is drawn upright: its own matrix undoes the flip
        out.append(f"BT {_rg(t.colour)}/F1 {_num(t.size)} Tf 1 0 0 -1 {_num(t.x)} {_num(t.y)} Tm "
                   f"{_pdf_string(t.text)} Tj ET\n")
    return "".join(out).encode("latin-1")


def _form(shape: Lamp) -> bytes:
    """A lamp as a form XObject at its cell's corner, filled in the colour of where it is used."""
    path = _lamp_path(shape, 0.0, 0.0).encode() + b"f"
    right, bottom = _num(shape.left + shape.width), _num(shape.top + shape.height)
    return (f"<< /Type /XObject /Subtype /Form /BBox [0 0 {right} {bottom}] /Length {len(path)} "
            ">>\nstream\n").encode() + path + b"\nendstream"


def pdf_bytes(scene: Scene) -> bytes:
    """The scene as a one-page PDF 1.4 file (its content stream Flate-compressed; each lamp
    shape a form XObject drawn at every cell of its layer)."""
    s = page_points(scene)
    width, height = round(scene.width * s, 4), round(scene.height * s, 4)
    names = _lamp_names(scene)
    stream = zlib.compress(_content(scene, names), 9)
    forms = " ".join(f"/{name} {7 + k} 0 R" for k, name in enumerate(names.values()))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_num(width)} {_num(height)}] "
         f"/Resources << /Font << /F1 5 0 R >> /XObject << {forms} >> >> /Contents 4 0 R >>"
         ).encode(),
        f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode() + stream
        + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Producer (lightsart) >>",
        *(_form(shape) for shape in names),
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for k, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 6 0 R >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return bytes(out)


# ---------------------------------------------------------------------------------------- files


def write_svg(scene: Scene, path: str | os.PathLike[str]) -> None:
    """Write ``scene`` to ``path`` as an SVG, whole or not at all (staged with the command's
    other outputs)."""
    with atomic_path(path) as tmp:
        tmp.write_text(svg_text(scene), encoding="utf-8")


def write_scene(scene: Scene, path: str | os.PathLike[str]) -> None:
    """Write ``scene`` as the SVG or PDF its extension names."""
    if str(path).lower().endswith(".pdf"):
        write_pdf(scene, path)
    else:
        write_svg(scene, path)


def write_pdf(scene: Scene, path: str | os.PathLike[str]) -> None:
    """Write ``scene`` to ``path`` as a PDF, whole or not at all."""
    with atomic_path(path) as tmp:
        tmp.write_bytes(pdf_bytes(scene))
