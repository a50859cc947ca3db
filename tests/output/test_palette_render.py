"""Boards drawn in a palette (issue 34): every picture decodes back to its board.

Independent methods: a cell's state is read back as the palette colour nearest its centre pixel
(squared RGB distance, written here, not :func:`render.decode`), from the array, from the PNG and
GIF files decoded by Pillow, from the MP4 decoded by ffmpeg (imageio-ffmpeg's), and from the SVG
and PDF read back by the parsers of ``test_vector`` (a point-in-shape test per cell centre).
Palettes are random (seeded) and every state appears on every board.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from output.test_vector import decode_pdf, decode_svg, pdf_fills
from PIL import Image, ImageSequence
from videos import decode_video

from lightsart._errors import InvalidType, InvalidValue
from lightsart._output.render import RenderStyle, decode, render, sprites, write_png
from lightsart._output.vector import board_scene, pdf_bytes, svg_text
from lightsart._output.writers import write_gif, write_mp4
from lightsart._palette import Palette, greys
from lightsart._types import Frame

STYLES = ["pixels", "lights", "dots", "grid"]
SVG = "{http://www.w3.org/2000/svg}"


def random_palette(states: int, seed: int, spread: int = 60) -> Palette:
    """``states`` colours at least ``spread`` apart in some channel (distinct, seeded)."""
    rng = np.random.default_rng(seed)
    colours: list[tuple[int, int, int]] = []
    while len(colours) < states:
        c = tuple(int(v) for v in rng.integers(0, 256, 3))
        if all(max(abs(a - b) for a, b in zip(c, o, strict=True)) >= spread for o in colours):
            colours.append(c)  # type: ignore[arg-type]
    return Palette(tuple(colours))  # type: ignore[arg-type]


def board_of(states: int, m: int = 6, n: int = 9, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(100 + seed)
    board = rng.integers(0, states, (m, n)).astype(np.uint8)
    board.flat[:states] = rng.permutation(states)  # every state appears
    return board


def nearest(pixels: np.ndarray, colours: object) -> np.ndarray:
    """Each pixel's state: the index of the nearest colour (squared RGB distance)."""
    c = np.asarray(colours, np.int64)
    d = ((pixels[..., None, :3].astype(np.int64) - c) ** 2).sum(axis=-1)
    return d.argmin(axis=-1)


def centres(image: np.ndarray, cell: int) -> np.ndarray:
    return image[cell // 2 :: cell, cell // 2 :: cell]


# ------------------------------------------------------------------------------ the arrays


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["pixels", "dots", "grid"])
def test_flat_lamps_show_the_palette_colour_at_each_centre(kind: str, seed: int) -> None:
    states = [2, 3, 5, 8][seed]
    palette = random_palette(states, seed)
    board = board_of(states, seed=seed)
    style = RenderStyle(cell=9, kind=kind, palette=palette)  # type: ignore[arg-type]
    image = render(board, style, states)
    assert np.array_equal(centres(image, 9), np.array(palette.colours)[board])
    assert np.array_equal(nearest(centres(image, 9), palette.colours), board)
    assert np.array_equal(decode(image, style, states), board)


@pytest.mark.parametrize("cell", [2, 5, 12, 40])
@pytest.mark.parametrize("states", [2, 4, 8])
def test_lights_decode_by_the_nearest_lamp(cell: int, states: int) -> None:
    palette = random_palette(states, cell + states)
    board = board_of(states, seed=cell)
    style = RenderStyle(cell=cell, kind="lights", palette=palette)
    image = render(board, style, states)
    assert np.array_equal(decode(image, style, states), board)
    # The lamp body beside the hot centre is its state's colour plus a glow of the lit lamp's
    # heat in proportion to s/(k-1): state 0 is exactly its colour, with no halo on the panel.
    if cell >= 12:
        zero = render(np.zeros((1, 1), np.uint8), style, states)
        panel = style.colours().panel
        assert tuple(zero[cell // 2, cell // 2]) == palette.colours[0]
        assert tuple(zero[0, 0]) == panel


@pytest.mark.parametrize("kind", STYLES)
def test_greys_as_a_palette_draw_as_without_one(kind: str) -> None:
    """The grey palette and the default pixels colours are one drawing (one path)."""
    for states in (2, 3, 4, 8):
        board = board_of(states)
        plain = RenderStyle(cell=10, kind=kind, panel=(40, 40, 40))  # type: ignore[arg-type]
        if kind in ("pixels", "grid"):
            plain = RenderStyle(cell=10, kind=kind, lit=(255, 255, 255), unlit=(0, 0, 0),  # type: ignore[arg-type]
                                panel=(40, 40, 40))
            grey = RenderStyle(cell=10, kind=kind, palette=greys(states), panel=(40, 40, 40))  # type: ignore[arg-type]
            assert np.array_equal(render(board, plain, states), render(board, grey, states))
        image = render(board, plain, states)
        assert np.array_equal(decode(image, plain, states), board)


def test_near_identical_colours_still_decode(tmp_path: Path) -> None:
    palette = Palette(((10, 10, 10), (10, 10, 11), (200, 30, 30)))
    board = board_of(3, 8, 8)
    for kind in STYLES:
        style = RenderStyle(cell=6, kind=kind, palette=palette)  # type: ignore[arg-type]
        image = render(board, style, 3)
        assert np.array_equal(decode(image, style, 3), board), kind
        path = tmp_path / f"{kind}.png"
        write_png(board, path, style, 3)
        with Image.open(path) as im:
            assert np.array_equal(np.asarray(im.convert("RGB")), image)
    with pytest.raises(InvalidValue, match="must all differ"):
        Palette(((10, 10, 10), (10, 10, 10)))


# ------------------------------------------------------------------------------- the files


@pytest.mark.parametrize("states", [2, 4, 8])
@pytest.mark.parametrize("kind", STYLES)
def test_png_file_decodes_to_its_board(tmp_path: Path, kind: str, states: int) -> None:
    palette = random_palette(states, states)
    board = board_of(states, seed=states)
    style = RenderStyle(cell=8, kind=kind, palette=palette)  # type: ignore[arg-type]
    path = tmp_path / "b.png"
    write_png(board, path, style, states)
    with Image.open(path) as im:
        rgb = np.asarray(im.convert("RGB"))
    assert np.array_equal(rgb, render(board, style, states))
    looks = sprites(style, states).rgb[:, 4, 4]  # each state's centre pixel
    assert np.array_equal(nearest(centres(rgb, 8), looks), board)
    if kind != "lights":
        assert np.array_equal(nearest(centres(rgb, 8), palette.colours), board)


def click_boards(states: int, count: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    boards = [board_of(states, 5, 7, seed)]
    for _ in range(count):
        b = boards[-1].copy()
        i, j = rng.integers(0, 5), rng.integers(0, 7)
        b[max(i - 1, 0) : i + 2, j] = (b[max(i - 1, 0) : i + 2, j] + 1) % states
        b[i, max(j - 1, 0) : j + 2] = (b[i, max(j - 1, 0) : j + 2] + 1) % states
        b[i, j] = (b[i, j] + states - 1) % states  # the centre was stepped twice
        boards.append(b)
    return boards


@pytest.mark.parametrize(("kind", "states"), [("pixels", 2), ("pixels", 4), ("dots", 8),
                                              ("lights", 4), ("grid", 3)])
def test_gif_holds_the_palette_and_decodes_to_every_board(tmp_path: Path, kind: str,
                                                          states: int) -> None:
    palette = random_palette(states, 7 * states)
    boards = click_boards(states, 12, states)
    style = RenderStyle(cell=6, kind=kind, palette=palette)  # type: ignore[arg-type]
    path = tmp_path / "a.gif"
    write_gif([Frame(b, 0.1) for b in boards], path, style, states=states)
    looks = sprites(style, states).rgb[:, 3, 3]
    shown = []
    with Image.open(path) as im:
        if kind == "pixels":
            colours = {tuple(im.getpalette()[3 * i : 3 * i + 3]) for i in range(states)}  # type: ignore[index]
            assert colours == set(palette.colours)  # a K-colour palette: the states' colours
        for frame in ImageSequence.Iterator(im):
            shown.append(nearest(centres(np.asarray(frame.convert("RGB")), 6), looks))
    kept = [b for k, b in enumerate(boards) if k == 0 or not np.array_equal(b, boards[k - 1])]
    assert len(shown) == len(kept)
    for have, want in zip(shown, kept, strict=True):
        assert np.array_equal(have, want)


@pytest.mark.parametrize(("kind", "states"), [("pixels", 4), ("dots", 3), ("grid", 8)])
def test_mp4_decodes_to_its_boards_by_the_nearest_palette_colour(tmp_path: Path, kind: str,
                                                                 states: int) -> None:
    palette = random_palette(states, 3 + states, spread=90)
    boards = click_boards(states, 6, 11 * states)
    style = RenderStyle(cell=12, kind=kind, palette=palette)  # type: ignore[arg-type]
    path = tmp_path / "a.mp4"
    write_mp4([Frame(b, 0.2) for b in boards], path, style, fps=10, states=states)
    video = decode_video(path, 7 * 12, 5 * 12)
    assert len(video) == 2 * len(boards)
    for k, frame in enumerate(video):
        got = nearest(centres(frame, 12)[:5, :7], palette.colours)
        assert np.array_equal(got, boards[k // 2]), k


# ---------------------------------------------------------------------------- SVG and PDF


@pytest.mark.parametrize("states", [2, 4, 8])
@pytest.mark.parametrize("kind", STYLES)
def test_svg_has_one_layer_per_state_colour_and_decodes(kind: str, states: int) -> None:
    from xml.etree import ElementTree

    palette = random_palette(states, 5 * states)
    board = board_of(states, seed=2)
    style = RenderStyle(cell=12, kind=kind, palette=palette)  # type: ignore[arg-type]
    text = svg_text(board_scene(board, style, states))
    colours = list(palette.colours)
    assert np.array_equal(decode_svg(text, board.shape, 12, colours), board)
    root = ElementTree.fromstring(text)
    layers = [g for g in root.findall(SVG + "g") if g.get("id") != "panel"]
    assert [g.get("fill") for g in layers] == list(palette.hex())
    # Cells accounted for: each layer's shapes cover exactly its state's cells.
    for s, g in enumerate(layers):
        if kind == "pixels":
            assert sum(float(r.get("width", 0)) for r in g) / 12 == (board == s).sum()
        else:
            assert len(list(g)) == (board == s).sum()


@pytest.mark.parametrize("states", [2, 5])
@pytest.mark.parametrize("kind", STYLES)
def test_pdf_has_one_fill_per_state_colour_and_decodes(kind: str, states: int) -> None:
    palette = random_palette(states, 9 * states)
    board = board_of(states, seed=3)
    style = RenderStyle(cell=12, kind=kind, palette=palette)  # type: ignore[arg-type]
    data = pdf_bytes(board_scene(board, style, states, cell_mm=4.0))
    assert np.array_equal(decode_pdf(data, board.shape, list(palette.colours)), board)
    _, fills = pdf_fills(data)
    drawn = {colour for colour, _ in fills}
    assert set(palette.colours) <= drawn


# ------------------------------------------------------------------------------ the checks


def test_lit_or_unlit_with_a_palette_is_refused_in_one_line() -> None:
    palette = greys(4)
    for colour in ({"lit": "#ffffff"}, {"unlit": (0, 0, 0)}):
        with pytest.raises(InvalidValue, match=r"^give lit/unlit colours or a palette, not both"):
            RenderStyle(palette=palette, **colour)  # type: ignore[arg-type]
    assert RenderStyle(palette=palette, panel="#102030").colours().panel == (16, 32, 48)
    with pytest.raises(InvalidType, match="palette must be a Palette"):
        RenderStyle(palette=[(0, 0, 0), (255, 255, 255)])  # type: ignore[arg-type]


def test_a_palette_of_another_length_is_refused() -> None:
    style = RenderStyle(palette=greys(3))
    board = np.zeros((2, 2), np.uint8)
    with pytest.raises(InvalidValue, match="the palette has 3 colours but the board has 4 states"):
        render(board, style, 4)
    with pytest.raises(InvalidValue, match="the palette has 3 colours but the board has 2 states"):
        svg_text(board_scene(board, style))


# ------------------------------------------------------------------------ notebook display


def test_notebook_pictures_draw_in_the_palette() -> None:
    import io
    from types import SimpleNamespace

    from lightsart import _display

    palette = random_palette(4, 21)
    board = board_of(4)
    style = RenderStyle(cell=5, palette=palette)
    for png in (_display.board_png(board, cell=5, style=style),
                _display.boards_png([board, board], cell=5, style=style)):
        with Image.open(io.BytesIO(png)) as im:
            rgb = np.asarray(im.convert("RGB"))
        assert np.array_equal(nearest(centres(rgb, 5)[: board.shape[0], : board.shape[1]],
                                      palette.colours), board)
    # A result that carries a palette (as the pipeline's do) is shown in it; without, in greys.
    assert _display._palette_style(SimpleNamespace(palette=palette)) == RenderStyle(
        palette=palette)
    assert _display._palette_style(SimpleNamespace(palette=None)) is None
