"""What a person sees: the board's drawn size on the artwork and game pages (issue 22).

Both pages are opened in headless Chromium at a phone (390×844 CSS px, 3 device pixels per CSS
pixel, touch), a laptop (1366×768), a large window (1920×1200) and a narrow desktop window
(480×900 at 1.5), with boards from 10×10 to 200×200 and non-square ones. Measured, not taken
from the page's own sizing code:

- the board's drawn size (the canvas read back as a PNG) against the space the window leaves
  below the toolbar (and beside the game's goal preview): it fills at least 80% of the limiting
  side and the canvas stays inside the window;
- the backing store is at device resolution (one canvas pixel per device pixel), and cells are
  whole, equal device pixels whenever the room gives seven or more device pixels per cell;
- crisp at every size: the board holds only the scheme's colours (no blended edge pixels), the
  board read at each cell's centre is the board the page reports, and a screenshot shows the
  canvas pixel for pixel (Chromium resamples a canvas whose box is not whole CSS pixels);
- a click (a tap on the phone) at a cell's centre toggles that cell: the page's board after it is
  the board before with that cell's click applied by :func:`lightsart._core.board.apply_clicks`.
"""

from __future__ import annotations

import base64
import io
import itertools
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness
from PIL import Image

from lightsart._core.board import apply_clicks, board_from_clicks
from lightsart._pages import artwork, play

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
              "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}, "device_scale_factor": 1},
    "large": {"viewport": {"width": 1920, "height": 1200}, "device_scale_factor": 1},
    # A narrow desktop window: the phone layout (goal preview above the board), a mouse.
    "narrow": {"viewport": {"width": 480, "height": 900}, "device_scale_factor": 1.5},
}
#: Artwork boards as (rows, columns): square, wide and tall.
ART_SIZES = [(10, 10), (100, 100), (200, 200), (60, 150), (150, 60)]
#: Game boards: a plain 10×10 game, and picture games (the page takes pictures up to 128 a side).
GAME_SIZES = [(10, 10), (100, 100), (72, 128)]
WHITE, BLACK = (255, 255, 255), (0, 0, 0)
#: The game's schemes: classic (lit, unlit, the gap between cells) for a plain game; paper for a
#: picture.
CLASSIC = ((0xFF, 0xD2, 0x3F), (0x2A, 0x2F, 0x3D), (0x11, 0x14, 0x1B))
PAPER = (WHITE, BLACK, (0x6B, 0x6B, 0x6B))


def rows(board: np.ndarray) -> list[str]:
    return ["".join(str(int(v)) for v in row) for row in board]


def parse(text_rows: list[str]) -> np.ndarray:
    return np.array([[int(ch) for ch in row] for row in text_rows], dtype=np.uint8)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every page once: artwork pages (a random picture, a few clicks, not playing) and games."""
    out = tmp_path_factory.mktemp("pages")
    rng = np.random.default_rng(22)
    made = {}
    for m, n in ART_SIZES:
        start = board_from_clicks(rng.integers(0, 2, (m, n)).astype(np.uint8))
        clicks = rng.permutation(np.argwhere(np.ones((m, n))))[:20]
        path = out / f"art-{n}x{m}.html"
        artwork.write_artwork_page(path, [(start, clicks)], autoplay=False)
        made[f"art-{n}x{m}"] = path
    for m, n in GAME_SIZES:
        path = out / f"game-{n}x{m}.html"
        if max(m, n) <= play.MAX_SIDE:
            play.write_game_page(path, n, m)
        else:
            picture = board_from_clicks(rng.integers(0, 2, (m, n)).astype(np.uint8))
            play.write_game_page(path, picture=picture)
        made[f"game-{n}x{m}"] = path
    return made


def open_page(browser: Any, where: str, path: Path) -> Iterator[harness.Watched]:
    ctx = browser.new_context(**VIEWPORTS[where])
    watched = harness.watch(ctx)
    watched.open(path)
    yield watched
    ctx.close()
    assert watched.errors == [], f"console errors: {watched.errors}"


MEASURE = """() => {
    const c = document.getElementById('board'), box = c.getBoundingClientRect();
    const goal = document.getElementById('goal-box');
    const g = goal && !goal.hidden ? goal.getBoundingClientRect() : null;
    return { box: box.toJSON(), width: c.width, height: c.height, dpr: devicePixelRatio,
             inner: [innerWidth, innerHeight], scroll: [scrollX, scrollY],
             stage: document.getElementById('stage').getBoundingClientRect().toJSON(),
             goal: g && g.toJSON() };
}"""


def state_rows(page: Any, kind: str) -> list[str]:
    return page.evaluate("lightsartArt.rows" if kind == "art" else "lightsartGame.rows")


def canvas_pixels(page: Any) -> np.ndarray:
    """The board canvas's backing store as RGBA (read as a PNG: no readback warnings)."""
    url = page.evaluate("document.getElementById('board').toDataURL('image/png')")
    return np.asarray(Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGBA"))


def board_area(rgba: np.ndarray) -> tuple[int, int]:
    """The drawn board's (width, height) in device pixels: the opaque top-left rectangle; the
    rest of the canvas (a strip right and below that keeps the canvas a whole number of CSS
    pixels, so that Chromium does not resample it) is transparent."""
    opaque = rgba[..., 3] == 255
    height, width = int(opaque.any(axis=1).sum()), int(opaque.any(axis=0).sum())
    assert opaque[:height, :width].all() and opaque.sum() == width * height
    assert (rgba[..., 3][~opaque] == 0).all()
    return width, height


def room(seen: dict[str, Any]) -> tuple[float, float]:
    """The CSS pixels the window leaves for the board: the stage's width (less the goal preview
    when it stands beside the board) by the height from the board's top to the window's bottom."""
    box, goal = seen["box"], seen["goal"]
    width = seen["stage"]["width"]
    if goal is not None and goal["left"] >= box["right"] and goal["top"] < box["bottom"]:
        width -= goal["right"] - box["right"]
    return width, seen["inner"][1] - box["top"]


def on_screen(shot: np.ndarray, board: np.ndarray, x: float, y: float) -> bool:
    """Whether the screenshot shows ``board`` (RGB) pixel for pixel, near device position (x, y).

    Chromium places a canvas on whole CSS pixels, so the board may sit up to two device pixels
    from its bounding box; at fractional ratios one outermost device row or column may be cut,
    so the outermost ring is not compared."""
    h, w = board.shape[:2]
    for dy, dx in itertools.product(range(-2, 3), repeat=2):
        top, left = round(y) + dy, round(x) + dx
        crop = shot[top:top + h, left:left + w]
        if crop.shape == board.shape and np.array_equal(crop[1:-1, 1:-1], board[1:-1, 1:-1]):
            return True
    return False


CASES = [(where, f"art-{n}x{m}") for where in VIEWPORTS for m, n in ART_SIZES] + \
    [(where, f"game-{n}x{m}") for where in VIEWPORTS for m, n in GAME_SIZES]


@pytest.mark.parametrize(("where", "name"), CASES)
def test_board_fills_the_window_crisp_and_clickable(browser: Any, pages: dict[str, Path],
                                                    where: str, name: str) -> None:
    kind = name.split("-")[0]
    n, m = (int(v) for v in name.split("-")[1].split("x"))
    palette = (WHITE, BLACK) if kind == "art" else CLASSIC if max(m, n) <= 40 else PAPER
    for tab in open_page(browser, where, pages[name]):
        page = tab.page
        seen = page.evaluate(MEASURE)
        box, dpr = seen["box"], seen["dpr"]
        assert seen["scroll"] == [0, 0]
        # The backing store is at device resolution: one canvas pixel per device pixel.
        assert seen["width"] == pytest.approx(box["width"] * dpr, abs=0.01)
        assert seen["height"] == pytest.approx(box["height"] * dpr, abs=0.01)
        rgba = canvas_pixels(page)
        assert rgba.shape == (seen["height"], seen["width"], 4)
        width_px, height_px = board_area(rgba)
        # Any strip keeping the canvas whole CSS pixels: 2 device pixels at most at these ratios.
        assert seen["width"] - width_px <= 2 and seen["height"] - height_px <= 2
        # Inside the window, and filling most of it along the side that limits it.
        width, height = room(seen)
        assert box["left"] >= 0 and box["right"] <= seen["inner"][0] + 0.01
        assert box["bottom"] <= seen["inner"][1] + 0.01
        fill = min(width / n, height / m)  # CSS px per cell that would fill the room exactly
        assert width_px / dpr >= 0.8 * n * fill, (box, width, height)
        assert height_px / dpr >= 0.8 * m * fill, (box, width, height)
        assert abs(width_px / n - height_px / m) <= 1  # square cells, to a device pixel
        if fill * dpr >= 7:  # whole, equal device pixels per cell
            assert width_px % n == 0 and height_px % m == 0 and width_px // n == height_px // m
        # Crisp: only the scheme's colours on the board, and the board drawn is the page's.
        drawn = rgba[:height_px, :width_px, :3]
        colours = {tuple(c) for c in np.unique(drawn.reshape(-1, 3), axis=0).tolist()}
        assert colours <= set(palette), colours - set(palette)
        board = parse(state_rows(page, kind))
        assert board.shape == (m, n)
        ys = ((np.arange(m) + 0.5) * height_px / m).astype(int)
        xs = ((np.arange(n) + 0.5) * width_px / n).astype(int)
        lit = (drawn[np.ix_(ys, xs)] == palette[0]).all(axis=2)
        assert np.array_equal(lit.astype(np.uint8), board)
        # And the screen shows the canvas pixel for pixel (not resampled by the browser).
        shot = np.asarray(Image.open(io.BytesIO(page.screenshot())).convert("RGB"))
        assert shot.shape[:2] == (round(seen["inner"][1] * dpr), round(seen["inner"][0] * dpr))
        assert on_screen(shot, drawn, box["x"] * dpr, box["y"] * dpr)
        # A click (a tap on the phone) at a cell's centre toggles that cell.
        for i, j in ((0, 0), (m - 1, n - 1), (m // 2, n // 3)):
            before = parse(state_rows(page, kind))
            box = page.locator("#board").bounding_box()
            x = box["x"] + (j + 0.5) * width_px / dpr / n
            y = box["y"] + (i + 0.5) * height_px / dpr / m
            if where == "phone":
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
            cell = np.zeros((m, n), dtype=np.uint8)
            cell[i, j] = 1
            assert state_rows(page, kind) == rows(apply_clicks(before, cell)), (i, j)


@pytest.mark.parametrize("kind", ["art", "game"])
def test_board_follows_the_window(browser: Any, pages: dict[str, Path], kind: str) -> None:
    """Resizing the window (and the device pixel ratio with it) resizes and redraws the board."""
    name = "art-100x100" if kind == "art" else "game-100x100"
    for tab in open_page(browser, "laptop", pages[name]):
        page = tab.page
        sizes = []
        for width, height in ((1366, 768), (1920, 1200), (700, 500), (1366, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(f"innerWidth === {width} && innerHeight === {height}")
            page.wait_for_timeout(50)
            seen = page.evaluate(MEASURE)
            room_width, room_height = room(seen)
            fill = min(room_width / 100, room_height / 100)
            assert seen["box"]["width"] >= 80 * fill and seen["box"]["bottom"] <= height
            assert seen["width"] == round(seen["box"]["width"])
            assert seen["width"] % 100 == 0 or fill < 7  # whole cells while they fill the room
            sizes.append(seen["width"])
        assert sizes[0] == sizes[3] and sizes[1] > sizes[0] > sizes[2]


def test_a_board_too_big_for_a_phone_scrolls_and_stays_clickable(browser: Any,
                                                                  tmp_path: Path) -> None:
    """More cells than CSS pixels across a phone: cells keep one CSS pixel (every cell can be hit)
    and the board scrolls sideways inside its box, the page itself does not."""
    m, n = 40, 600
    rng = np.random.default_rng(5)
    start = board_from_clicks(rng.integers(0, 2, (m, n)).astype(np.uint8))
    path = tmp_path / "wide.html"
    artwork.write_artwork_page(path, [(start, np.array([[0, 0]]))], autoplay=False)
    for tab in open_page(browser, "phone", path):
        page = tab.page
        seen = page.evaluate(MEASURE)
        assert seen["box"]["width"] >= n and seen["width"] == round(seen["box"]["width"] * 3)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page stays put
        box_scroll = page.evaluate("""() => { const b = document.getElementById('board-box');
            b.scrollLeft = b.scrollWidth; return [b.scrollLeft, b.clientWidth]; }""")
        assert box_scroll[0] > 0
        for j in (n - 1, n - 150):
            before = parse(state_rows(page, "art"))
            box = page.locator("#board").bounding_box()
            x = box["x"] + (j + 0.5) * box["width"] / n
            y = box["y"] + 10.5 * box["height"] / m
            assert 0 < x < 390
            page.touchscreen.tap(x, y)
            cell = np.zeros((m, n), dtype=np.uint8)
            cell[10, j] = 1
            assert state_rows(page, "art") == rows(apply_clicks(before, cell)), j
        assert math.isclose(page.evaluate("scrollX"), 0)
