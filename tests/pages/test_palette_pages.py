"""Pages drawn in a palette (issue 34): the artwork, game and film pages in headless Chromium.

Independent methods: the page's canvas is read back at each cell and every pixel mapped to the
nearest palette colour (squared RGB distance, here); the result must be the board the page says
it shows, which is itself checked against the presses re-applied by the press operator of
``test_grey_pages`` (counts of pattern cells mod k). Screenshots at 2, 4 and 8 colours go to
``LIGHTSART_SHOTS`` when it is set, to look at.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness
from pages.test_grey_pages import ART, CENTRES, PATTERNS, levels, operator, replay
from PIL import Image

from lightsart._errors import InvalidValue
from lightsart._pages import artwork, play
from lightsart._palette import Palette, greys

#: Palettes nobody would take for greys: two, four and eight colours, dark to light.
PALETTES = {
    2: Palette(((27, 27, 58), (244, 233, 205))),
    4: Palette(((15, 56, 15), (48, 98, 48), (139, 172, 15), (155, 188, 15))),
    8: Palette(((20, 12, 28), (68, 36, 52), (48, 52, 109), (78, 74, 78), (133, 76, 48),
                (52, 101, 36), (208, 70, 72), (222, 238, 214))),
}


def nearest(pixels: np.ndarray, palette: Palette) -> np.ndarray:
    d = ((pixels[..., None, :3].astype(np.int64) - np.array(palette.colours)) ** 2).sum(axis=-1)
    return d.argmin(axis=-1)


def page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="lightsart-data">(.*?)</script>', html,
                      re.S)
    assert found
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("LIGHTSART_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def segment(k: int, m: int, n: int, presses: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    start = rng.integers(0, k, (m, n)).astype(np.uint8)
    start.flat[:k] = rng.permutation(k)  # every state shows
    clicks = np.stack([rng.integers(0, m, presses), rng.integers(0, n, presses)], axis=1)
    return start, clicks


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture
def tab(browser: Any) -> Iterator[harness.Watched]:
    yield from harness.tab(browser, 900, 700, frozenset({"file", "data"}))


@pytest.mark.parametrize(("k", "style"), [(2, "pixels"), (4, "lights"), (8, "dots"),
                                          (4, "grid"), (8, "pixels"), (2, "lights")])
def test_artwork_page_draws_each_state_in_its_palette_colour(tab: harness.Watched,
                                                             tmp_path: Path, k: int,
                                                             style: str) -> None:
    m, n = 5, 6
    start, clicks = segment(k, m, n, 6, k)
    path = tmp_path / "a.html"
    palette = PALETTES[k]
    path.write_text(artwork.artwork_page_html([(start, clicks)], cell=24, style=style,  # type: ignore[arg-type]
                                              states=k, palette=palette), encoding="utf-8")
    assert page_data(path.read_text(encoding="utf-8"))["palette"] == list(palette.hex())
    tab.open(path)
    page = tab.page
    page.evaluate("() => { if (lightsartArt.playing) document.getElementById('play').click(); }")
    shown = [levels(rows) for rows in page.evaluate(ART)]
    a = operator(m, n, PATTERNS["plus"], "plane", k)
    cells = [int(i) * n + int(j) for i, j in clicks]
    expected = [start.astype(np.int64)]
    for c in cells:
        expected.append(replay(expected[-1], [c], a, k))
    assert all(np.array_equal(h, w) for h, w in zip(shown, expected, strict=True))
    drawn = np.array(page.evaluate(CENTRES)).reshape(m, n, 3)  # the last position
    assert np.array_equal(nearest(drawn, palette), expected[-1])
    tolerance = 1 if style == "lights" else 0
    assert (np.abs(drawn - np.array(palette.colours)[expected[-1]]) <= tolerance).all()
    shot(page, f"art-{style}-{k}")


def game_canvas(page: Any, m: int, n: int) -> np.ndarray:
    """The game page's canvas colour at each cell centre, ``(m, n, 3)``."""
    # As a PNG (toDataURL), so repeated reads raise no getImageData warning.
    url = page.evaluate("document.getElementById('board').toDataURL()")
    with Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))) as im:
        px = np.asarray(im.convert("RGB"))
    cell = page.evaluate("lightsartGame.cell")
    rows, cols = (np.floor((np.arange(count) + 0.5) * cell).astype(int) for count in (m, n))
    return px[rows][:, cols]


def colour_picture(path: Path) -> Path:
    """A small picture in colour (hue across, lightness down, a red disc): auto:K has colours
    to choose and a palette's distances differ from greys'."""
    y, x = np.mgrid[0:48, 0:60] / np.array([47.0, 59.0])[:, None, None]
    rgb = np.stack([x, 1 - x, 0.3 + 0.5 * y], axis=-1) * (0.4 + 0.6 * y[..., None])
    rgb[(y - 0.5) ** 2 + (x - 0.4) ** 2 < 0.05] = (0.9, 0.1, 0.1)
    Image.fromarray((rgb * 255).round().astype(np.uint8)).save(path)
    return path


@pytest.mark.parametrize(("request_", "size"), [
    ("auto:4", (17, 17)), ("handheld", (14, 17)), ("#1b1b3a,#f4e9cd", (19, 19)),
    ("sepia:3", (17, 17)), (PALETTES[8], (9, 11))])
def test_play_image_goal_in_a_palette_is_what_still_makes(tmp_path: Path, request_: Any,
                                                          size: tuple[int, int]) -> None:
    # The sizes have a kernel (nullity 1 to 16): the goal is a fit, not the target itself; at
    # four states 17x17 (Z/4 nullity 2), not 19x19 (16: a budgeted search, which two runs under
    # load need not end alike).
    from lightsart import Pictures, Solving, make_still
    from lightsart._boardsize import Size

    picture = colour_picture(tmp_path / "colour.png")
    page = play.make_game_page(tmp_path / "g.html", Size(*size), picture, start="lit",
                               palette=request_)
    data = page_data((tmp_path / "g.html").read_text(encoding="utf-8"))
    still = make_still(picture, pictures=Pictures(size=size, palette=request_),
                       solving=Solving(states=page.states))
    assert page.palette is not None and page.palette == still.picture.palette
    assert data["palette"] == list(page.palette.hex())
    assert np.array_equal(levels(data["picture"]), still.picture.fit.board)
    assert page.wrong_pixels == still.picture.fit.wrong_pixels
    assert page.nullity == still.nullity > 0


def test_play_image_page_draws_the_goal_in_the_palette(tab: harness.Watched, tmp_path: Path) -> None:
    from lightsart._boardsize import Size

    # Start "picture": the page opens on the goal itself, drawn state s in colour s.
    path = tmp_path / "g.html"
    page_made = play.make_game_page(path, Size(18, 24), colour_picture(tmp_path / "c.png"),
                                    start="picture", palette="auto:4")
    palette = page_made.palette
    assert palette is not None and palette.states == 4
    tab.open(path)
    page = tab.page
    rows = levels(page.evaluate("lightsartGame.rows"))
    assert rows.shape == (18, 24) and len(np.unique(rows)) == 4
    assert np.array_equal(rows, levels(page_data(path.read_text(encoding="utf-8"))["picture"]))
    assert np.array_equal(game_canvas(page, 18, 24), np.array(palette.colours)[rows])
    shot(page, "game-picture-auto4")


@pytest.mark.parametrize("k", [2, 4, 8])
def test_game_page_steps_each_cell_along_the_palette(tab: harness.Watched, tmp_path: Path,
                                                     k: int) -> None:
    side = 5
    palette = PALETTES[k]
    path = tmp_path / "g.html"
    play.write_game_page(path, side, side, states=k, start="lit", palette=palette)
    tab.open(path)
    page = tab.page

    def canvas() -> np.ndarray:
        return game_canvas(page, side, side)

    rows = levels(page.evaluate("lightsartGame.rows"))
    assert (rows == k - 1).all()
    assert np.array_equal(canvas(), np.array(palette.colours)[rows])
    a = operator(side, side, PATTERNS["plus"], "plane", k)
    for cell in (12, 6, 12, 0):
        harness.click_cell(page, cell // side, cell % side, side, side)
        after = replay(rows, [cell], a, k)
        assert np.array_equal(levels(page.evaluate("lightsartGame.rows")), after)
        assert np.array_equal(nearest(canvas(), palette), after)
        rows = after
    assert len(np.unique(rows)) > 1  # the cells stepped along the palette
    shot(page, f"game-{k}")


def test_film_page_draws_its_frames_in_the_palette(tab: harness.Watched, tmp_path: Path) -> None:
    k, m, n = 4, 6, 8
    start, clicks = segment(k, m, n, 10, 5)
    palette = PALETTES[k]
    path = tmp_path / "f.html"
    path.write_text(artwork.artwork_page_html(
        [(start, clicks)], fps=10, clicks_per_frame=1, hold=0.0, states=k, palette=palette,
        frames=[[0, 3, 7, 10]], film=artwork.FilmTrack(10.0)), encoding="utf-8")
    tab.open(path)
    page = tab.page
    page.evaluate("() => { if (lightsartArt.playing) document.getElementById('play').click(); }")
    shown = [levels(rows) for rows in page.evaluate(ART)]
    drawn = np.array(page.evaluate(CENTRES)).reshape(m, n, 3)
    assert np.array_equal(nearest(drawn, palette), shown[-1])
    assert np.array_equal(drawn, np.array(palette.colours)[shown[-1]])
    shot(page, "film-4")


def test_page_palettes_are_checked(tmp_path: Path) -> None:
    start, clicks = segment(3, 3, 3, 2, 1)
    with pytest.raises(InvalidValue, match="the palette has 4 colours but the board has 3 states"):
        artwork.artwork_page_html([(start, clicks)], states=3, palette=greys(4))
    with pytest.raises(InvalidValue, match="give lit/unlit colours or a palette, not both"):
        artwork.artwork_page_html([(start, clicks)], states=3, palette=greys(3),
                                  colours=("#ff0000", None, None))
    with pytest.raises(InvalidValue, match="the palette has 2 colours but the board has 3 states"):
        play.game_page_html(4, 4, states=3, palette=greys(2))
    # The colours a style gives for a palette (its ends) are accepted with it, as the job passes.
    html = artwork.artwork_page_html([(start, clicks)], states=3, palette=greys(3),
                                     colours=((255, 255, 255), (0, 0, 0), (9, 9, 9)))
    assert page_data(html)["colours"]["panel"] == "#090909"
    # Without a palette the data is as before: no palette key.
    assert "palette" not in page_data(artwork.artwork_page_html([(start, clicks)], states=3))
