"""A whole studio session in Debian's Chromium, as a person makes one, at a phone, a laptop and
a large window: upload a picture, change settings, add a second picture, play, step and scrub,
press a cell, export PNG and GIF, then open the exported files and decode them (the boards match
the studio's and the command line's). The page asks nothing of the network but the studio."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness

from lightsart._boardsize import DEFAULT_STATES
from lightsart._cli import main
from tests.pages.test_grey_pages import levels, page_data
from tests.studio.board_png import board_of
from tests.studio.conftest import sample

SIZES = [(390, 844), (1366, 768), (1920, 1080)]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def tab(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[harness.Watched]:
    width, height = request.param
    yield from harness.tab(browser, width, height, schemes=None)


def _board(page: Any) -> np.ndarray:
    """The board the page draws now (BoardView's), rows x columns."""
    data = page.evaluate("() => { const c = document.getElementById('board'); return ["
                         "Array.from(window.__studioBoard()), +c.dataset.rows, +c.dataset.columns]; }")
    return np.array(data[0], dtype=np.uint8).reshape(data[1], data[2])


def _wait_generation(page: Any, text: str) -> str:
    from playwright.sync_api import expect

    expect(page.locator("#about")).to_contain_text(text, timeout=30_000)
    return str(page.locator("#about").text_content())


def _export(page: Any, server: str, fmt: str) -> bytes:
    page.locator(f"#exports button[data-format={fmt}]").click()
    name = "game.html" if fmt == "game" else f".{fmt}"
    done = page.locator("#jobs li[data-state=done] a[href]").filter(has_text=name)
    done.first.wait_for(timeout=60_000)
    href = done.first.get_attribute("href")
    answer = page.request.get(server.rstrip("/") + href)
    assert answer.ok
    return bytes(answer.body())


def test_a_whole_session(tab: harness.Watched, server: str, tmp_path: Path) -> None:
    page = tab.page
    page.goto(server)
    from playwright.sync_api import expect

    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    # Upload a picture, and set the board to 28 cells wide (nullity 0 at
    # 28x28: every fit exact, so the animation's first board is the still's, whatever the load).
    page.set_input_files("#files", str(sample("astronaut")))
    _wait_generation(page, "board ")
    page.fill("#field-size", "28")
    about = _wait_generation(page, "board 28x")
    rows = int(re.search(r"board 28x(\d+)", about)[1])  # type: ignore[index]
    still = _board(page)
    assert still.shape == (rows, 28) and still.min() != still.max()
    # The states field shows the states the board has (the default, 4; it said 2).
    assert page.locator("#field-states").input_value() == str(DEFAULT_STATES)
    assert not page.locator("#player").is_visible()  # a still has nothing to play
    assert not page.locator("#field-order").is_visible()
    # Export the PNG: its board is the page's, and the shown command writes the same.
    png = _export(page, server, "png")
    np.testing.assert_array_equal(board_of(png, rows, 28, DEFAULT_STATES), still)
    command = str(page.locator("#command").text_content()).split()
    assert command[:2] == ["lightsart", "still"] and "--size" in command
    out = tmp_path / "cli.png"
    assert main(["still", str(sample("astronaut")), "-o", str(out), "-q", *command[5:]]) == 0
    np.testing.assert_array_equal(board_of(out, rows, 28, DEFAULT_STATES), still)
    # Export the game: its goal (the page's embedded data) is the board shown, and its own
    # `lightsart play` command is shown beside it.
    game = page_data(_export(page, server, "game").decode("utf-8"))
    np.testing.assert_array_equal(levels(game["picture"]), still)
    shown_play = page.locator("#jobs li[data-state=done] code").first.text_content() or ""
    assert shown_play.startswith("lightsart play --image ") and "--size 28" in shown_play
    # A second picture (a sample): an animation, with its own settings.
    page.locator("#samples button[data-sample]", has_text="cat").click()
    page.select_option("#field-order", "radial")
    page.fill("#field-duration", "1")
    _wait_generation(page, "frames")
    assert page.locator("#player").is_visible()
    first = _board(page)
    np.testing.assert_array_equal(first, still)  # frame 1 is the first picture
    # Play, then step and scrub.
    page.locator("#play").click()
    expect(page.locator("#board")).not_to_have_attribute("data-frame", re.compile(r"^[0-2]$"))
    page.locator("#play").click()  # pause
    frames = int(page.locator("#scrub").get_attribute("max")) + 1
    page.locator("#scrub").fill(str(frames - 1))
    last = _board(page)
    page.locator("#back").click()
    assert page.locator("#board").get_attribute("data-frame") == str(frames - 2)
    page.locator("#next").click()
    np.testing.assert_array_equal(_board(page), last)
    # Press a cell: the classic plus toggles it and its neighbours on the page.
    page.locator("#board").scroll_into_view_if_needed()  # the mouse clicks what is on screen
    harness.click_cell(page, 5, 5, rows, 28)
    pressed = _board(page)
    changed = {(int(i), int(j)) for i, j in zip(*np.nonzero(pressed != last), strict=True)}
    assert changed == {(5, 5), (4, 5), (6, 5), (5, 4), (5, 6)}
    page.locator("#clear").click()
    # Export the GIF: its first frame is the first picture's board, its last the second's.
    gif = _export(page, server, "gif")
    np.testing.assert_array_equal(board_of(gif, rows, 28, DEFAULT_STATES, frame=0), still)
    import io

    from PIL import Image

    with Image.open(io.BytesIO(gif)) as img:
        count = img.n_frames
    np.testing.assert_array_equal(board_of(gif, rows, 28, DEFAULT_STATES, frame=count - 1), last)
    # Nothing spills sideways at this width.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_bad_file_and_a_bomb_are_one_line_on_the_page(browser: Any, server: str,
                                                        tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from tests.studio.test_security import _png

    bad = tmp_path / "notes.png"
    bad.write_bytes(b"these are notes, not a picture")
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(_png(20000, 20000))
    for watched in harness.tab(browser, 1366, 768, schemes=None):
        page = watched.page
        page.goto(server)
        expect(page.locator("body")).to_have_attribute("data-ready", "1")
        for path, words in ((bad, "notes.png: "), (bomb, "megapixels")):
            page.set_input_files("#files", str(path))
            expect(page.locator("#message")).to_contain_text(words)
            assert "Traceback" not in str(page.locator("#message").text_content())
        assert page.locator("#chosen li").count() == 0
        # The page logs the refused uploads' 400 answers as failed loads; nothing else.
        watched.errors[:] = [e for e in watched.errors if "status of 400" not in e]
