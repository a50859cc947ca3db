"""Inline display: every PNG / GIF is decoded and must show the right boards."""

from __future__ import annotations

import base64
import io
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray
from PIL import Image, ImageSequence

from lightsart import _display as display
from lightsart._animation import animate
from lightsart._core.board import apply_clicks, board_from_clicks
from lightsart._core.optimize import closest_board, fewest_clicks, transition
from lightsart._errors import LightsartError
from lightsart._output.render import SEPARATOR_GREY, WRONG_RED
from lightsart._pipeline import make_animation, make_still
from lightsart._rules import press
from lightsart._settings import Pictures, Solving

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def notebook(result: object) -> dict[str, Any]:
    """What a notebook gets for ``result``: IPython's formatters as ``import lightsart`` sets
    them up in a running shell (:func:`lightsart._display.show_results`), by MIME type."""
    from IPython.core.formatters import DisplayFormatter

    formatter = DisplayFormatter()
    display.show_results(SimpleNamespace(display_formatter=formatter))
    data: dict[str, Any] = formatter.format(result)[0]
    return data


def rgb_of(png: bytes) -> NDArray[np.uint8]:
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG"
        return np.asarray(im.convert("RGB"))


def cells(rgb: NDArray[np.uint8], cell: int) -> NDArray[np.uint8]:
    """Decode a pixels-style picture: one sample per cell, lit where white."""
    return (rgb[::cell, ::cell, 0] > 127).astype(np.uint8)


def data_uris(html: str, mime: str) -> list[bytes]:
    return [base64.b64decode(b) for b in re.findall(rf'src="data:{mime};base64,([^"]+)"', html)]


def gif_boards(data: bytes, cell: int) -> list[NDArray[np.uint8]]:
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == "GIF"
        return [cells(np.asarray(f.convert("RGB")), cell) for f in ImageSequence.Iterator(im)]


def dedupe(boards: list[NDArray[np.uint8]]) -> list[NDArray[np.uint8]]:
    out: list[NDArray[np.uint8]] = []
    for b in boards:
        if not out or not np.array_equal(out[-1], b):
            out.append(b)
    return out


def random_board(rng: np.random.Generator, m: int, n: int) -> NDArray[np.uint8]:
    return rng.integers(0, 2, size=(m, n), dtype=np.uint8)


boards = st.tuples(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**32 - 1)).map(
    lambda t: random_board(np.random.default_rng(t[2]), t[0], t[1]))


@settings(max_examples=30, deadline=None)
@given(boards)
def test_board_png_decodes_to_the_board(board: NDArray[np.uint8]) -> None:
    cell = display.picture_cell(board.shape)
    rgb = rgb_of(display.board_png(board))
    m, n = board.shape
    assert rgb.shape == (m * cell, n * cell, 3)
    assert np.array_equal(cells(rgb, cell), board)
    # Nearest-neighbour: every pixel of a cell has the cell's colour.
    assert np.array_equal(rgb[..., 0] > 127, np.kron(board, np.ones((cell, cell))) > 0)


@pytest.mark.parametrize(("shape", "cell"), [((5, 5), 40), ((1, 1), 40), ((100, 100), 3),
                                             ((64, 200), 1), ((2000, 3), 1)])
def test_small_boards_are_drawn_large_and_large_ones_one_pixel_a_cell(
    shape: tuple[int, int], cell: int
) -> None:
    assert display.picture_cell(shape) == cell


def test_boards_side_by_side_and_labelled_view() -> None:
    rng = np.random.default_rng(1)
    bs = [random_board(rng, 6, 9) for _ in range(3)]
    v = display.view(bs, labels=["a", "b", "c"])
    rgb = rgb_of(v._repr_png_())
    cell = display.picture_cell((6, 27), display.ROW_PIXELS)
    gap = max(4, cell)
    for k, b in enumerate(bs):
        left = k * (9 * cell + gap)
        assert np.array_equal(cells(rgb[:, left : left + 9 * cell], cell), b)
        if k:
            assert (rgb[:, left - gap : left] == SEPARATOR_GREY).all()
    html = v._repr_html_()
    assert [cells(rgb_of(p), cell).tolist() for p in data_uris(html, "image/png")] == [
        b.tolist() for b in bs]
    assert all("<figcaption" in html and label in html for label in "abc")
    # A stack of boards (such as quiet patterns) is split into its boards.
    assert len(display.view(np.stack(bs), bs[0]).boards) == 4


def test_view_refuses_bad_input() -> None:
    with pytest.raises(LightsartError, match="labels"):
        display.view(np.zeros((2, 2), np.uint8), labels=["a", "b"])
    with pytest.raises(LightsartError, match="0 and 1"):
        display.view(np.full((2, 2), 2, np.uint8))
    with pytest.raises(LightsartError, match="no boards"):
        display.view()


def test_view_draws_boards_in_a_palette(tmp_path: Path) -> None:
    from lightsart._output.render import RenderStyle, decode
    from lightsart._palette import Palette

    rng = np.random.default_rng(3)
    palette = Palette(((27, 27, 58), (200, 40, 40), (40, 160, 90), (244, 233, 205)))
    bs = [rng.integers(0, 4, size=(5, 7), dtype=np.uint8) for _ in range(2)]
    v = display.view(bs, labels=["a", "b"], palette=palette)
    rgb = rgb_of(v.png())
    cell = display.picture_cell((5, 14), display.ROW_PIXELS)
    style = RenderStyle(cell=cell, palette=palette)
    for k, b in enumerate(bs):  # decoded by nearest state colour: each board, state for state
        left = k * (7 * cell + max(4, cell))
        assert np.array_equal(decode(rgb[:, left:left + 7 * cell], style, 4), b)
        assert np.array_equal(rgb[cell // 2::cell, left + cell // 2:left + 7 * cell:cell],
                              np.array(palette.colours, dtype=np.uint8)[b])
    labelled = [rgb_of(png) for png in data_uris(v._repr_html_(), "image/png")]
    assert all(np.isin(px.reshape(-1, 3)[:, 1], [c[1] for c in palette.colours]).all()
               for px in labelled)
    # Names as --palette reads them; a still's result keeps its palette for view.
    assert display.view(bs[0], palette="handheld").palette == Pictures(palette="handheld").palette
    result = make_still(rgb_picture(tmp_path), pictures=Pictures(size=8, palette="auto:3"))
    shown = display.view(result.picture.fit.board, palette=result.palette)
    assert shown.palette == result.palette and shown.palette is not None
    with pytest.raises(LightsartError, match="levels 0 to 3"):
        display.view(np.full((2, 2), 4, np.uint8), palette=palette)
    with pytest.raises(LightsartError, match="chooses its colours from pictures"):
        display.view(bs[0], palette="auto:4")


def rgb_picture(tmp_path: Path) -> Path:
    y, x = np.mgrid[0:24, 0:32] / 31.0
    rgb = np.stack([x, 1 - x, y], axis=-1)
    Image.fromarray((rgb * 255).astype(np.uint8)).save(tmp_path / "c.png")
    return tmp_path / "c.png"


def test_fit_shows_target_board_and_wrong_pixels() -> None:
    rng = np.random.default_rng(7)
    target = random_board(rng, 16, 16)  # 16x16 has nullity 8: most targets need wrong pixels
    fit = closest_board(target)
    assert fit.wrong_pixels > 0
    cell = display.picture_cell((16, 48), display.ROW_PIXELS)
    rgb = rgb_of(notebook(fit)["image/png"])
    gap = max(4, cell)
    panel = [rgb[:, k * (16 * cell + gap) : k * (16 * cell + gap) + 16 * cell] for k in range(3)]
    assert np.array_equal(cells(panel[0], cell), target)
    assert np.array_equal(cells(panel[1], cell), board_from_clicks(fit.clicks))
    red = (panel[2][::cell, ::cell] == WRONG_RED).all(axis=2)
    assert np.array_equal(red, (target ^ fit.board).astype(bool))
    html = notebook(fit)["text/html"]
    assert data_uris(html, "image/png") == [notebook(fit)["image/png"]]
    assert f"{fit.wrong_pixels} wrong pixel" in html and "nullity 8" in html
    assert "proven fewest" in html


def test_clicks_show_as_blue_squares_with_their_count() -> None:
    rng = np.random.default_rng(3)
    best = fewest_clicks(random_board(rng, 5, 5))
    rgb = rgb_of(notebook(best)["image/png"])
    cell = display.picture_cell((5, 5))
    clicked = rgb[::cell, ::cell]
    assert np.array_equal((clicked == display.CLICK_STYLE.lit).all(axis=2), best.clicks.astype(bool))
    assert ((clicked == (255, 255, 255)).all(axis=2) == ~best.clicks.astype(bool)).all()
    html = notebook(best)["text/html"]
    assert f"{best.count} click" in html and "proven fewest" in html
    assert data_uris(html, "image/png") == [notebook(best)["image/png"]]


def test_animation_plays_inline_frame_by_frame() -> None:
    rng = np.random.default_rng(5)
    start = board_from_clicks(random_board(rng, 7, 9))
    clicks = random_board(rng, 7, 9)
    anim = animate.animate_boards(start, [clicks], order="random", clicks_per_frame=1)
    assert anim.frames <= display.MAX_FRAMES
    (gif,) = data_uris(notebook(anim)["text/html"], "image/gif")
    shown = gif_boards(gif, display.picture_cell((7, 9), display.ANIMATION_PIXELS))
    # Independent check: replay the ordered clicks one at a time with the press operator.
    expected = [start]
    for r, c in anim.orders[0]:
        one = np.zeros_like(start)
        one[r, c] = 1
        expected.append(expected[-1] ^ press(one))
    assert [b.tolist() for b in shown] == [b.tolist() for b in dedupe(expected)]
    assert np.array_equal(shown[-1], apply_clicks(start, clicks))


def test_long_animations_are_previewed_with_the_same_timing() -> None:
    rng = np.random.default_rng(11)
    start = board_from_clicks(random_board(rng, 20, 20))
    steps = [random_board(rng, 20, 20) for _ in range(2)]
    anim = animate.animate_boards(start, steps, order="raster", fps=50, duration=3, loop=True)
    assert anim.frames > display.MAX_FRAMES
    small = display.preview_plan(anim.plan)
    assert small.frames <= display.MAX_FRAMES
    assert small.seconds == pytest.approx(anim.plan.seconds)
    assert (small.hold, small.loop) == (anim.plan.hold, anim.plan.loop)
    assert display.preview_plan(small) is small
    html = notebook(anim)["text/html"]
    assert f"preview of {small.frames} frames" in html
    shown = gif_boards(data_uris(html, "image/gif")[0], display.picture_cell((20, 20), 256))
    # Every picture of the chain is shown (looped: A, B, C, B, then back to A at the restart).
    middle = apply_clicks(start, steps[0])
    end = apply_clicks(middle, steps[1])
    pictures = [b for b in shown if any(np.array_equal(b, p) for p in (start, middle, end))]
    assert [p.tolist() for p in dedupe(pictures)] == [start.tolist(), middle.tolist(),
                                                      end.tolist(), middle.tolist()]


def test_huge_boards_are_previewed_with_fewer_frames() -> None:
    rng = np.random.default_rng(2)
    start = board_from_clicks(random_board(rng, 400, 500))
    anim = animate.animate_boards(start, [random_board(rng, 400, 500)], order="raster")
    html = notebook(anim)["text/html"]
    budget = display.MAX_CELL_FRAMES // (400 * 500)
    assert budget < anim.frames
    assert f"preview of {display.preview_plan(anim.plan, budget).frames} frames" in html
    shown = gif_boards(data_uris(html, "image/gif")[0], 1)
    assert len(dedupe(shown)) <= budget
    assert np.array_equal(shown[0], start) and np.array_equal(shown[-1], anim.pictures[-1])


def test_pipeline_results_show_the_files_they_wrote(tmp_path: Path) -> None:
    a, b = str(SAMPLES / "horse.png"), str(SAMPLES / "cat.png")
    still = make_still(a, str(tmp_path / "horse.png"), pictures=Pictures(size=(20, 20)))
    assert notebook(still)["image/png"] == display.fit_png(still.picture.fit)
    assert "wrote " in notebook(still)["text/html"]

    gif = tmp_path / "a.gif"
    result = make_animation([a, b], str(gif), pictures=Pictures(size=(20, 20)))
    (inline,) = data_uris(notebook(result)["text/html"], "image/gif")
    assert inline == gif.read_bytes()

    # Frames only: a raster-order preview from the result's own pictures and transitions.
    frames = make_animation([a, b], None, pictures=Pictures(size=(20, 20)),
                            solving=Solving(states=2), frames_dir=str(tmp_path / "frames"))
    html = notebook(frames)["text/html"]
    assert "raster-order preview" in html
    boards = gif_boards(data_uris(html, "image/gif")[0], display.picture_cell((20, 20), 256))
    first, second = (p.fit.board for p in frames.pictures)
    assert np.array_equal(boards[0], first) and np.array_equal(boards[-1], second)
    step = transition(frames.pictures[0].fit, frames.pictures[1].fit)
    assert np.array_equal(apply_clicks(first, step.clicks), second)


def test_ipython_extension_draws_boards_only() -> None:
    from IPython.core.formatters import DisplayFormatter

    formatter = DisplayFormatter()
    display.load_ipython_extension(SimpleNamespace(display_formatter=formatter))
    png = formatter.formatters["image/png"]
    board = np.eye(4, dtype=np.uint8)
    assert cells(rgb_of(png(board)), display.picture_cell((4, 4))).tolist() == board.tolist()
    for other in (np.arange(4), np.full((2, 2), 3, np.uint8), np.eye(3), np.zeros((0, 0), np.uint8)):
        assert png(other) is None


def test_results_draw_themselves_once_lightsart_is_imported_in_a_shell() -> None:
    # The display is an edge: no result type carries a Jupyter hook or imports lightsart._display;
    # ``import lightsart`` in a running IPython registers the formatters, and only there.
    import lightsart as la

    for name in {n for n, _mime, _f in display.RESULT_FORMATTERS}:
        cls = getattr(la, name)
        assert cls.__module__ == "lightsart" and not [a for a in dir(cls) if a.startswith("_repr_")]
    code = ("import sys\nfrom IPython.core.interactiveshell import InteractiveShell\n"
            "shell = InteractiveShell.instance()\nimport numpy as np, lightsart as la\n"
            "fit = la.closest_board(np.eye(4, dtype=np.uint8))\n"
            "data, _ = shell.display_formatter.format(fit)\n"
            "print(sorted(data), 'lightsart._display' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[0] == "['image/png', 'text/html', 'text/plain'] True"
    plain = "import sys, lightsart\nprint('lightsart._display' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", plain], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


NOTEBOOKS = sorted((SAMPLES.parent / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebooks_are_stored_without_outputs(path: Path) -> None:
    import nbformat

    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(not c.outputs and c.execution_count is None for c in code)
    # Each notebook uses the library rather than redefining it, and checks itself.
    source = "\n".join(c.source for c in code)
    assert "import lightsart as la" in source and "assert " in source


def test_there_is_a_notebook_for_each_question() -> None:
    assert [p.stem for p in NOTEBOOKS] == [
        "01_quickstart", "02_bosch_ip_vs_algebra", "03_board_sizes", "04_click_orders",
        "05_pictures", "06_grey_levels", "07_video"]
