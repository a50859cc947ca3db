"""SVG and PDF boards: every file decodes back to its board from each cell's centre.

Independent methods: the SVG is read back with ElementTree and a point-in-shape test of its own
(rects, rounded rects, circles, ``<use>`` of ``<defs>``), and rendered by Chromium, whose pixels
at each cell's centre are mapped to the nearest level colour; the PDF's cross-reference offsets
are checked and its content stream is interpreted by a small parser here (``cm``, ``rg``,
``re``, ``m``/``l``/``c``/``h``, ``f``), then sampled at each cell's centre on the page. Each
decoded board is compared with the board drawn (random levels, every level present).
"""

from __future__ import annotations

import re
import sys
import zlib
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import numpy as np
import pytest

from lightsart import Pictures
from lightsart._cli import main
from lightsart._errors import LightsartError
from lightsart._output import stills
from lightsart._output.render import RenderStyle, level_colours, render
from lightsart._output.vector import board_scene, compare_scene, pdf_bytes, svg_text

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
STYLES = ["pixels", "lights", "dots", "grid"]
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
Colour = tuple[int, int, int]


def board_of(levels: int, m: int = 5, n: int = 7, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed + levels)
    board = rng.integers(0, levels, (m, n)).astype(np.uint8)
    board[0, :levels] = np.arange(levels)  # every level appears
    return board


def to_levels(colours: np.ndarray, palette: list[Colour], tolerance: int = 0) -> np.ndarray:
    """Each colour's level: the palette entry it equals (within ``tolerance``), else -1."""
    out = np.full(colours.shape[:-1], -1, np.int64)
    for s, rgb in enumerate(palette):
        out[np.all(np.abs(colours.astype(int) - np.array(rgb)) <= tolerance, axis=-1)] = s
    return out


# ------------------------------------------------------------------- SVG read back in Python


def _colour(text: str) -> Colour:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _contains(el: ElementTree.Element, x: float, y: float, dx: float, dy: float) -> bool:
    f = {k: float(v) for k, v in el.attrib.items() if k in ("x", "y", "width", "height", "cx",
                                                            "cy", "r", "rx")}
    if el.tag == SVG + "circle":
        return bool(np.hypot(x - dx - f["cx"], y - dy - f["cy"]) <= f["r"])
    left, top = dx + f.get("x", 0.0), dy + f.get("y", 0.0)
    inside = left <= x <= left + f["width"] and top <= y <= top + f["height"]
    r = f.get("rx", 0.0)
    if inside and r:  # outside a rounded corner's circle: outside
        cx = min(max(x, left + r), left + f["width"] - r)
        cy = min(max(y, top + r), top + f["height"] - r)
        inside = bool(np.hypot(x - cx, y - cy) <= r)
    return inside


def svg_colours(text: str, points: list[tuple[float, float]]) -> list[Colour | None]:
    """The colour painted last at each point, by a reading of the SVG independent of the writer."""
    root = ElementTree.fromstring(text)
    defs = {el.get("id"): el for el in root.iter() if el.get("id") and el.tag in
            (SVG + "rect", SVG + "circle")}
    painted: list[Colour | None] = [None] * len(points)
    for group in root.findall(SVG + "g"):
        for el in group:
            fill = el.get("fill", group.get("fill"))
            if el.tag == SVG + "use":
                shape = defs[el.get(XLINK, "").lstrip("#")]
                dx, dy = float(el.get("x", 0)), float(el.get("y", 0))
            elif el.tag in (SVG + "rect", SVG + "circle"):
                shape, dx, dy = el, 0.0, 0.0
            else:
                continue
            for k, (x, y) in enumerate(points):
                if _contains(shape, x, y, dx, dy):
                    painted[k] = _colour(fill or "#000000")
    return painted


def decode_svg(text: str, shape: tuple[int, int], cell: int, palette: list[Colour],
               left: float = 0.0, top: float = 0.0) -> np.ndarray:
    m, n = shape
    points = [(left + (j + 0.5) * cell, top + (i + 0.5) * cell) for i in range(m) for j in range(n)]
    colours = np.array([c if c is not None else (-999, -999, -999)
                        for c in svg_colours(text, points)]).reshape(m, n, 3)
    return to_levels(colours, palette)


@pytest.mark.parametrize("levels", [2, 3, 4])
@pytest.mark.parametrize("kind", STYLES)
def test_svg_decodes_to_its_board(kind: str, levels: int) -> None:
    board = board_of(levels)
    style = RenderStyle(cell=12, kind=kind)  # type: ignore[arg-type]
    text = svg_text(board_scene(board, style, levels))
    palette = level_colours(style.colours(), levels)
    assert len(set(palette)) == levels
    assert np.array_equal(decode_svg(text, board.shape, 12, palette), board)
    root = ElementTree.fromstring(text)
    assert (root.get("width"), root.get("viewBox")) == ("84", "0 0 84 60")
    names = [g.get("id") for g in root.findall(SVG + "g")]
    assert names[-1] == "lit" and "unlit" in names  # layers a plotter can pick


@pytest.mark.parametrize("kind", ["pixels", "dots", "grid"])
@pytest.mark.parametrize("levels", [2, 3, 4])
def test_flat_level_colours_are_the_pngs(kind: str, levels: int) -> None:
    """Where the PNG's lamps are flat, the vector's colours are the PNG's centre pixels."""
    board = board_of(levels)
    style = RenderStyle(cell=12, kind=kind)  # type: ignore[arg-type]
    centres = render(board, style, levels)[6::12, 6::12]
    palette = level_colours(style.colours(), levels)
    assert np.array_equal(to_levels(centres, palette), board)
    if kind == "pixels":  # level s is grey round(255 s / (k-1))
        assert [p[0] for p in palette] == [round(255 * s / (levels - 1)) for s in range(levels)]


def test_pixels_runs_are_merged_and_lamps_are_used() -> None:
    board = np.zeros((4, 50), np.uint8)
    board[1, 10:40] = 1
    text = svg_text(board_scene(board, RenderStyle(cell=4)))
    assert text.count("<rect") == 6  # one per run: 4 unlit rows, 2 unlit runs and 1 lit run
    text = svg_text(board_scene(board, RenderStyle(cell=8, kind="dots")))
    assert text.count("<circle") == 1 and text.count("<use") == 200


def test_cell_mm_sizes_the_svg_in_millimetres() -> None:
    scene = board_scene(board_of(2), RenderStyle(cell=10), cell_mm=2.5)
    root = ElementTree.fromstring(svg_text(scene))
    assert (root.get("width"), root.get("height")) == ("17.5mm", "12.5mm")


def test_compare_svg_panels_decode() -> None:
    levels, style = 3, RenderStyle(cell=10, kind="lights")
    target, result = board_of(levels, seed=3), board_of(levels, seed=4)
    wrong = target != result
    scene = compare_scene(target, result, wrong, style, levels)
    text = svg_text(scene)
    palette = level_colours(style.colours(), levels)
    top, width = scene.boxes[2][1], 70
    for k, board in enumerate((target, result)):
        assert np.array_equal(decode_svg(text, target.shape, 10, palette, 12 + k * (width + 12),
                                         top), board)
    red = decode_svg(text, target.shape, 10, [(235, 40, 40)], 12 + 2 * (width + 12), top)
    assert np.array_equal(red == 0, wrong)
    assert "wrong cells: " in text


# ------------------------------------------------------------------- SVG rendered by Chromium


@pytest.fixture(scope="module")
def browser() -> Any:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from browser import harness

    yield from harness.launch()


@pytest.mark.parametrize("kind", STYLES)
def test_chromium_draws_the_svg_boards(browser: Any, kind: str, tmp_path: Path) -> None:
    from PIL import Image

    page = browser.new_page(viewport={"width": 200, "height": 200})
    try:
        for levels in (2, 3, 4):
            board, cell = board_of(levels), 12
            style = RenderStyle(cell=cell, kind=kind)  # type: ignore[arg-type]
            text = svg_text(board_scene(board, style, levels))
            page.set_content("<html><body style='margin:0'>" + text.split("?>", 1)[1]
                             + "</body></html>")
            shot = tmp_path / f"{kind}-{levels}.png"
            page.screenshot(path=str(shot), clip={"x": 0, "y": 0, "width": 84, "height": 60})
            pixels = np.asarray(Image.open(shot).convert("RGB"))
            decoded = to_levels(pixels[6::12, 6::12], level_colours(style.colours(), levels), 1)
            assert np.array_equal(decoded, board), (kind, levels)
    finally:
        page.close()


# ------------------------------------------------------------------- PDF read back


def pdf_objects(data: bytes) -> dict[int, bytes]:
    """Every object by number, found through the xref table (each offset checked)."""
    assert data.startswith(b"%PDF-1.4\n") and data.rstrip().endswith(b"%%EOF")
    start = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", data).group(1))  # type: ignore[union-attr]
    assert data[start:].startswith(b"xref")
    lines = data[start:].split(b"\n")
    first, count = map(int, lines[1].split())
    objects = {}
    for k in range(first + 1, first + count):
        entry = lines[2 + k - first]
        assert len(entry) == 19 and entry.endswith(b" n ")  # 20 bytes with the newline
        offset = int(entry[:10])
        assert data[offset:].startswith(f"{k} 0 obj\n".encode()), k
        objects[k] = data[offset: data.index(b"endobj", offset)]
    return objects


Matrix = tuple[float, float, float, float, float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector convention: ``cm`` makes the CTM ``m × CTM``)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t,
            e * q + f * s + u)


def _stream(body: bytes) -> str:
    length = int(re.search(rb"/Length (\d+)", body).group(1))  # type: ignore[union-attr]
    raw = body[body.index(b"stream\n") + 7:][:length]
    assert body[body.index(b"stream\n") + 7 + length:].startswith(b"\nendstream")
    text = zlib.decompress(raw) if b"/FlateDecode" in body else raw
    return re.sub(r"\([^)]*\)", "()", text.decode("latin-1"))


def pdf_fills(data: bytes) -> tuple[list[float], list[tuple[Colour, list[tuple[float, ...]]]]]:
    """The page's MediaBox and each fill: its colour and its subpaths' bounding boxes on the
    page (x0, y0, x1, y1) — the content stream interpreted (``q``/``Q``, ``cm``, ``rg``, paths,
    ``f``, form XObjects by ``Do``), not the writer's model."""
    objects = pdf_objects(data)
    page = next(o for o in objects.values() if b"/Type /Page " in o)
    box = [float(v) for v in re.search(rb"/MediaBox \[([^\]]+)\]", page).group(1).split()]  # type: ignore[union-attr]
    forms = {name.decode(): int(k) for name, k in re.findall(rb"/(L\d+) (\d+) 0 R", page)}
    ref = int(re.search(rb"/Contents (\d+) 0 R", page).group(1))  # type: ignore[union-attr]
    fills: list[tuple[Colour, list[tuple[float, ...]]]] = []
    state: dict[str, Any] = {"ctm": (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), "colour": (0, 0, 0)}
    saved: list[dict[str, Any]] = []

    def run(text: str) -> None:
        paths: list[list[tuple[float, float]]] = []
        stack: list[float] = []
        in_text, previous = False, ""

        def at(x: float, y: float) -> tuple[float, float]:
            a, b, c, d, e, f = state["ctm"]
            return a * x + c * y + e, b * x + d * y + f

        for t in text.split():
            if in_text:
                in_text = t != "ET"
                continue
            if re.fullmatch(r"-?[\d.]+", t):
                stack.append(float(t))
                continue
            if t == "BT":
                in_text = True
            elif t == "q":
                saved.append(dict(state))
            elif t == "Q":
                state.update(saved.pop())
            elif t == "cm":
                state["ctm"] = _times(tuple(stack[-6:]), state["ctm"])  # type: ignore[arg-type]
            elif t == "rg":
                state["colour"] = tuple(round(v * 255) for v in stack[-3:])
            elif t == "re":
                x, y, w, h = stack[-4:]
                paths.append([at(x, y), at(x + w, y + h)])
            elif t == "m":
                paths.append([at(*stack[-2:])])
            elif t in ("l", "c"):
                paths[-1].append(at(*stack[-2:]))
            elif t == "f":
                fills.append((state["colour"], [
                    (min(p[0] for p in q), min(p[1] for p in q), max(p[0] for p in q),
                     max(p[1] for p in q)) for q in paths]))
                paths = []
            elif t == "Do":
                run(_stream(objects[forms[previous.lstrip("/")]]))
            previous = t
            stack = []

    run(_stream(objects[ref]))
    return box, fills


def decode_pdf(data: bytes, shape: tuple[int, int], palette: list[Colour]) -> np.ndarray:
    box, fills = pdf_fills(data)
    m, n = shape
    per_cell = box[2] / n
    assert box[3] == pytest.approx(m * per_cell, abs=1e-3)
    out = np.full((m, n, 3), -999)
    for i in range(m):
        for j in range(n):
            x, y = (j + 0.5) * per_cell, box[3] - (i + 0.5) * per_cell  # the page's y grows up
            for colour, boxes in fills:
                if any(a <= x <= c and b <= y <= d for a, b, c, d in boxes):
                    out[i, j] = colour
    return to_levels(out, palette)


@pytest.mark.parametrize("levels", [2, 3, 4])
@pytest.mark.parametrize("kind", STYLES)
def test_pdf_decodes_to_its_board(kind: str, levels: int) -> None:
    board = board_of(levels)
    style = RenderStyle(cell=12, kind=kind)  # type: ignore[arg-type]
    data = pdf_bytes(board_scene(board, style, levels, cell_mm=5.0))
    box, _ = pdf_fills(data)
    assert box == pytest.approx([0, 0, 7 * 5 * 72 / 25.4, 5 * 5 * 72 / 25.4], abs=1e-3)
    assert np.array_equal(decode_pdf(data, board.shape, level_colours(style.colours(), levels)),
                          board)


def test_pdf_without_cell_mm_is_the_svg_size_in_points() -> None:
    box, _ = pdf_fills(pdf_bytes(board_scene(board_of(2), RenderStyle(cell=8))))
    assert box == [0, 0, 7 * 8 * 0.75, 5 * 8 * 0.75]


def test_pdf_lamps_are_forms_and_circles_are_four_curves() -> None:
    board = np.ones((3, 4), np.uint8)
    objects = pdf_objects(pdf_bytes(board_scene(board, RenderStyle(cell=10, kind="dots"))))
    (form,) = [o for o in objects.values() if b"/Subtype /Form" in o]
    lamp = _stream(form)
    assert lamp.count(" c") == 4 and lamp.count(" m") == 1 and " l" not in lamp
    content = _stream(next(o for o in objects.values() if b"/FlateDecode" in o))
    assert content.count("/L0 Do") == 12


# ------------------------------------------------------------------- the command line


def test_still_writes_svg_pdf_and_vector_compare(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out, target, compare = tmp_path / "b.svg", tmp_path / "t.pdf", tmp_path / "c.pdf"
    code = main(["still", str(SAMPLES / "cat.png"), "-o", str(out), "--size", "12x10",
                 "--cell", "6", "--style", "dots", "--states", "3", "--target-out", str(target),
                 "--compare", str(compare), "--cell-mm", "3"])
    assert code == 0
    assert ElementTree.parse(out).getroot().get("width") == "36mm"
    box, _ = pdf_fills(target.read_bytes())
    assert box == pytest.approx([0, 0, 12 * 3 * 72 / 25.4, 10 * 3 * 72 / 25.4], abs=1e-3)
    pdf_objects(compare.read_bytes())
    assert "wrote " + str(compare) in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["-o", "{d}/b.jpg"], "unknown format '.jpg'; use .png, .svg, .pdf"),
    (["-o", "{d}/b.svg", "--compare", "{d}/c.eps"], "unknown format '.eps'"),
    (["-o", "{d}/b.svg", "--cell-mm", "0.01"], "--cell-mm must be 0.1 to 100 mm"),
    (["-o", "{d}/b.svg", "--cell-mm", "500"], "--cell-mm must be 0.1 to 100 mm"),
    (["-o", "{d}/b.png", "--cell-mm", "2"], "--cell-mm sizes the .svg, .pdf outputs"),
    (["-o", "{d}/b.pdf", "--size", "400x40", "--cell-mm", "20"], "at most 14,400"),
])
def test_bad_vector_options_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         argv: list[str], words: str) -> None:
    args = [a.format(d=tmp_path) for a in argv]
    code = main(["still", str(SAMPLES / "cat.png"), "--size", "12x10", *args])
    err = capsys.readouterr().err
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert list(tmp_path.iterdir()) == []


def test_formats_are_registered_once() -> None:
    assert list(stills.STILL_FORMATS) == [".png", ".svg", ".pdf"]
    with pytest.raises(LightsartError, match="unknown format"):
        stills.still_format("board.tiff")


def test_preview_sheet_as_svg_and_pdf(tmp_path: Path) -> None:
    from lightsart._preview import layout, make_preview

    result = make_preview(str(SAMPLES / "cat.png"), str(tmp_path / "s.svg"), size=(20, 20))
    first = result.tiles[0].board  # drawn at 240 // 20 = 12 pixels a cell, under a 14-pixel label
    (x, y) = layout([t.board.shape for t in result.tiles], result.cell)[1][0]
    text = (tmp_path / "s.svg").read_text()
    assert result.cell == 12 and result.tiles[0].states == 4  # the default's four greys
    greys = [(v, v, v) for v in (0, 85, 170, 255)]
    assert np.array_equal(decode_svg(text, first.shape, 12, greys, x, y + 14), first)
    make_preview(str(SAMPLES / "cat.png"), str(tmp_path / "s.pdf"), size=(20, 20))
    pdf_objects((tmp_path / "s.pdf").read_bytes())


def test_cell_mm_is_checked_by_the_look_and_refused_for_animations(tmp_path: Path) -> None:
    from lightsart import make_animation
    from lightsart._settings import Look

    with pytest.raises(LightsartError, match=r"--cell-mm must be 0\.1 to 100 mm"):
        Look(cell_mm=float("nan"))
    with pytest.raises(LightsartError, match="cell_mm sizes still's"):
        make_animation([str(SAMPLES / "cat.png"), str(SAMPLES / "coffee.png")],
                       str(tmp_path / "a.gif"), look=Look(cell_mm=2.0), pictures=Pictures(size=8))
    assert list(tmp_path.iterdir()) == []


def test_preview_drawing_is_bounded_before_any_tile(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["preview", str(SAMPLES / "cat.png"), "-o", str(tmp_path / "s.svg"),
                 "--size", "400"])
    err = capsys.readouterr().err
    assert code == 2 and "an SVG or PDF holds at most 1,048,576" in err, err
    assert list(tmp_path.iterdir()) == []
