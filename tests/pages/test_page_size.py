"""What a person sees: the board's drawn size on the artwork and game pages (issue 22).

Both pages are opened in headless Chromium at a phone (390×844 CSS px, 3 device pixels per CSS
pixel, touch), a laptop (1366×768) and a large window (1920×1200), with boards from 10×10 to
200×200 and non-square ones. Measured, not taken from the page's own sizing code:

- the canvas's bounding box against the space the window leaves below the toolbar (and beside the
  game's goal preview): the board fills at least 80% of the limiting side and stays inside it;
- the backing store is at device resolution (one canvas pixel per device pixel), and cells are
  whole, equal device pixels whenever the room gives seven or more device pixels per cell;
- crisp at every size: the canvas holds only the scheme's colours (no blended edge pixels), and
  the board decoded from the canvas and from a screenshot at each cell's centre is the board the
  page reports;
- a click (a tap on the phone) at a cell's centre toggles that cell: the page's board after it is
  the board before with that cell's click applied by :func:`lightsart.core.board.apply_clicks`.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness
from PIL import Image

from lightsart.core.board import apply_clicks, board_from_clicks
from lightsart.pages import play

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
              "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}, "device_scale_factor": 1},
    "large": {"viewport": {"width": 1920, "height": 1200}, "device_scale_factor": 1},
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
        play.write_artwork_page(path, [(start, clicks)], autoplay=False)
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


MEASURE = """(size) => {
    const c = document.getElementById('board'), box = c.getBoundingClientRect();
    const goal = document.getElementById('goal-box');
    const g = goal && !goal.hidden ? goal.getBoundingClientRect() : null;
    // Read once per page (more readbacks make Chromium warn on the console).
    const px = size.pixels ? c.getContext('2d').getImageData(0, 0, c.width, c.height).data : [];
    const colours = new Set(), rgb = (k) => (px[k] << 16) | (px[k + 1] << 8) | px[k + 2];
    for (let k = 0; k < px.length; k += 4) colours.add(rgb(k));
    // Each cell's centre pixel, with the cells laid evenly over the canvas.
    const { m, n } = size, centres = [];
    for (let i = 0; i < m && px.length; i++) for (let j = 0; j < n; j++) {
      const x = Math.floor((j + 0.5) * c.width / n), y = Math.floor((i + 0.5) * c.height / m);
      centres.push(rgb(4 * (y * c.width + x)));
    }
    return { box: box.toJSON(), width: c.width, height: c.height, dpr: devicePixelRatio,
             inner: [innerWidth, innerHeight], scroll: [scrollX, scrollY],
             stage: document.getElementById('stage').getBoundingClientRect().toJSON(),
             goal: g && g.toJSON(), colours: [...colours], centres };
}"""


def state_rows(page: Any, kind: str) -> list[str]:
    return page.evaluate("lightsartArt.rows" if kind == "art" else "lightsartGame.rows")


def room(seen: dict[str, Any]) -> tuple[float, float]:
    """The CSS pixels the window leaves for the board: the stage's width (less the goal preview
    when it stands beside the board) by the height from the board's top to the window's bottom."""
    box, goal = seen["box"], seen["goal"]
    width = seen["stage"]["width"]
    if goal is not None and goal["left"] >= box["right"] and goal["top"] < box["bottom"]:
        width -= goal["right"] - box["right"]
    return width, seen["inner"][1] - box["top"]


def decode(pixels: np.ndarray, left: float, top: float, cell_w: float, cell_h: float, m: int,
           n: int, lit: tuple[int, int, int]) -> np.ndarray:
    """The board read from an RGB image at each cell's centre (lit where the lit colour is)."""
    ys = np.floor(top + (np.arange(m) + 0.5) * cell_h).astype(int)
    xs = np.floor(left + (np.arange(n) + 0.5) * cell_w).astype(int)
    centres = pixels[np.ix_(ys, xs)].astype(int)
    assert (np.abs(centres - lit).max(axis=2) <= 2).sum() + \
        (np.abs(centres - lit).max(axis=2) > 60).sum() == m * n, "a cell centre in a blended colour"
    return (np.abs(centres - lit).max(axis=2) <= 2).astype(np.uint8)


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
        seen = page.evaluate(MEASURE, {"m": m, "n": n, "pixels": True})
        box, dpr = seen["box"], seen["dpr"]
        assert seen["scroll"] == [0, 0]
        # Inside the window, and filling most of it along the side that limits it.
        width, height = room(seen)
        assert box["left"] >= 0 and box["right"] <= seen["inner"][0] + 0.01
        assert box["bottom"] <= seen["inner"][1] + 0.01
        fill = min(width / n, height / m)  # CSS px per cell that would fill the room exactly
        assert box["width"] >= 0.8 * n * fill, (box, width, height)
        assert box["height"] >= 0.8 * m * fill, (box, width, height)
        # The backing store is at device resolution, cells square (to a device pixel).
        assert abs(seen["width"] - box["width"] * dpr) <= 1 and abs(seen["height"] - box["height"] * dpr) <= 1
        assert abs(seen["width"] / n - seen["height"] / m) <= 1
        if fill * dpr >= 7:  # whole, equal device pixels per cell
            assert seen["width"] % n == 0 and seen["height"] % m == 0
            assert seen["width"] // n == seen["height"] // m
        # Crisp: only the scheme's colours on the canvas, and the drawn board is the page's.
        allowed = {(r << 16) | (g << 8) | b for r, g, b in palette}
        assert set(seen["colours"]) <= allowed, [hex(c) for c in set(seen["colours"]) - allowed]
        board = parse(state_rows(page, kind))
        assert board.shape == (m, n)
        lit = (palette[0][0] << 16) | (palette[0][1] << 8) | palette[0][2]
        drawn = (np.array(seen["centres"]) == lit).astype(np.uint8).reshape(m, n)
        assert np.array_equal(drawn, board)
        shot = np.asarray(Image.open(io.BytesIO(page.screenshot())).convert("RGB"))
        assert shot.shape[:2] == (round(seen["inner"][1] * dpr), round(seen["inner"][0] * dpr))
        seen_on_screen = decode(shot, box["x"] * dpr, box["y"] * dpr, box["width"] * dpr / n,
                                box["height"] * dpr / m, m, n, palette[0])
        assert np.array_equal(seen_on_screen, board)
        # A click (a tap on the phone) at a cell's centre toggles that cell.
        for i, j in ((0, 0), (m - 1, n - 1), (m // 2, n // 3)):
            before = parse(state_rows(page, kind))
            box = page.locator("#board").bounding_box()
            x = box["x"] + (j + 0.5) * box["width"] / n
            y = box["y"] + (i + 0.5) * box["height"] / m
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
            seen = page.evaluate(MEASURE, {"m": 100, "n": 100})
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
    play.write_artwork_page(path, [(start, np.array([[0, 0]]))], autoplay=False)
    for tab in open_page(browser, "phone", path):
        page = tab.page
        seen = page.evaluate(MEASURE, {"m": m, "n": n})
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
