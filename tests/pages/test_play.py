"""The game and artwork pages: written by Python, played in a real headless Chromium.

Every browser check is made against an independent method: the board after clicks is recomputed
with :func:`lightsart._core.board.press`, minimal move counts come from the Python engine
(:func:`lightsart._core.optimize.fewest_clicks`, proven by its Walsh–Hadamard search), solvability from
:meth:`lightsart._core.gf2.ClassicAlgebra.is_solvable`, and the canvas pixels are read back to check the
drawing matches the state the page reports.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness
from PIL import Image

from lightsart._cli import main
from lightsart._core.board import apply_clicks, board_from_clicks
from lightsart._core.gf2 import classic_algebra
from lightsart._core.optimize import fewest_clicks
from lightsart._errors import LightsartError
from lightsart._pages import artwork, play
from lightsart._rules import press

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

# ---------------------------------------------------------------------------------------------
# helpers


def rows(board: np.ndarray) -> list[str]:
    return ["".join(str(int(v)) for v in row) for row in board]


def board(text_rows: list[str]) -> np.ndarray:
    return np.array([[int(ch) for ch in row] for row in text_rows], dtype=np.uint8)


def page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="lightsart-data">(.*?)</script>', html,
                      re.S)
    assert found
    return json.loads(found.group(1))


def minimal_moves(start: np.ndarray, goal: np.ndarray) -> int:
    """Fewest clicks from start to goal, by the Python engine (proven for these sizes)."""
    x0 = classic_algebra(*start.shape).solve(start ^ goal)
    assert x0 is not None
    best = fewest_clicks(x0)
    assert best.proven
    assert np.array_equal(apply_clicks(start, best.clicks), goal)
    return best.count


def game(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const g = window.lightsartGame; return {
        rows: g.rows, goal: g.goal, moves: g.moves, won: g.won, par: g.par, hint: g.hint,
        solvable: g.solvable, marks: g.marks, quiet: g.quiet, size: g.size }; }""")


def art(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const a = window.lightsartArt; return {
        rows: a.rows, position: a.position, total: a.total, playing: a.playing,
        yours: a.yours }; }""")


# ---------------------------------------------------------------------------------------------
# fixtures


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    yield from harness.launch()


def _tab(browser: Any, **context: Any) -> Iterator[harness.Watched]:
    ctx = browser.new_context(**{"viewport": {"width": 1000, "height": 800}, **context})
    watched = harness.watch(ctx)
    yield watched
    ctx.close()
    assert watched.errors == [], f"console errors: {watched.errors}"
    # One file, nothing else: the page must never touch the network.
    assert {url.split(":")[0] for url in watched.requests} <= {"file"}
    assert len(set(watched.requests)) <= 1, watched.requests


@pytest.fixture
def tab(browser: Any) -> Iterator[harness.Watched]:
    yield from _tab(browser)


def open_game(tab: harness.Watched, tmp_path: Path, *args: Any, **kwargs: Any) -> Any:
    path = tmp_path / "game.html"
    play.write_game_page(path, *args, **kwargs)
    tab.open(path)
    return tab.page


def click(page: Any, k: int) -> None:
    n, m = page.evaluate("lightsartGame.size")
    harness.click_cell(page, k // n, k % n, m, n)


# ---------------------------------------------------------------------------------------------
# Python side: the written files


def test_game_page_is_one_self_contained_file(tmp_path: Path) -> None:
    out = play.write_game_page(tmp_path / "g.html", 7, 4)
    html = (tmp_path / "g.html").read_text()
    assert (out.width, out.height, out.nullity, out.picture) == (7, 4, classic_algebra(4, 7).nullity, False)
    assert out.bytes == len(html.encode())
    assert "default-src 'none'" in html  # the browser itself forbids any request
    assert not re.search(r"https?://|\bsrc=|\bhref=|@import|url\(", html)
    data = page_data(html)
    assert (data["width"], data["height"], data["picture"]) == (7, 4, None)
    assert html.count("<script>") == 1 and html.count("<style>") == 1


def test_picture_page_embeds_the_picture(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    picture = board_from_clicks(rng.integers(0, 2, (6, 9)).astype(np.uint8))
    out = play.write_game_page(tmp_path / "p.html", picture=picture, title="a <cat> & co")
    html = (tmp_path / "p.html").read_text()
    assert (out.width, out.height, out.picture) == (9, 6, True)
    assert np.array_equal(board(page_data(html)["picture"]), picture)
    assert "<title>a &lt;cat&gt; &amp; co</title>" in html


def test_unreachable_picture_and_bad_sizes_are_refused(tmp_path: Path) -> None:
    corner = np.ones((5, 5), dtype=np.uint8)
    corner[0, 0] = 0  # one cell off the all-lit board: not reachable on 5x5 (nullity 2)
    assert not classic_algebra(5, 5).is_solvable(corner ^ 1)
    for kwargs in ({"picture": corner}, {"width": 2}, {"height": 41}, {"start": "picture"}):
        with pytest.raises(LightsartError):
            play.write_game_page(tmp_path / "bad.html", **kwargs)
    assert list(tmp_path.iterdir()) == []  # no partial output


def test_artwork_segments_must_chain(tmp_path: Path) -> None:
    a = np.ones((4, 5), dtype=np.uint8)
    clicks = np.array([[0, 0], [3, 4]])
    b = apply_clicks(a, np.isin(np.arange(20), [0, 19]).reshape(4, 5).astype(np.uint8))
    page = artwork.write_artwork_page(tmp_path / "a.html", [(a, clicks), (b, clicks[::-1])], cell=9,
                                   fps=5, clicks_per_frame=2, hold=0.5, loop=True)
    assert (page.width, page.height, page.pictures, page.clicks) == (5, 4, 3, (2, 2))
    data = page_data((tmp_path / "a.html").read_text())
    assert data["segments"][1]["clicks"] == [19, 0] and board(data["segments"][1]["start"]).tolist() \
        == b.tolist()
    bad = [
        [(a, clicks), (a, clicks)],           # second does not start where the first ends
        [(a, np.array([[4, 0]]))],            # off the board
        [],                                   # nothing to play
        [(a, clicks), (np.ones((5, 5), np.uint8), clicks)],
    ]
    for segments in bad:
        with pytest.raises(LightsartError):
            artwork.write_artwork_page(tmp_path / "bad.html", segments, cell=4, fps=5,
                                    clicks_per_frame=1, hold=0, loop=False)
    assert not (tmp_path / "bad.html").exists()


def test_artwork_page_carries_its_style_and_colours(tmp_path: Path) -> None:
    a = np.ones((3, 4), dtype=np.uint8)
    segments = [(a, np.array([[1, 1]]))]
    plain = page_data(artwork.artwork_page_html(segments))
    assert (plain["style"], plain["scheme"]) == ("pixels", "made")
    assert plain["colours"] == {"lit": "#ffffff", "unlit": "#000000", "panel": "#000000"}
    lamps = page_data(artwork.artwork_page_html(segments, style="lights",
                                             colours=((1, 2, 3), "navy", None)))
    assert lamps["style"] == "lights"
    assert lamps["colours"] == {"lit": "#010203", "unlit": "#000080", "panel": "#141216"}
    assert page_data(artwork.artwork_page_html(segments, scheme="ocean"))["scheme"] == "ocean"
    for bad in ({"style": "neon"}, {"colours": ("nocolour", None, None)}):
        with pytest.raises(LightsartError):
            artwork.write_artwork_page(tmp_path / "bad.html", segments, **bad)
    assert not (tmp_path / "bad.html").exists()
    # Through the command line, as in the README: the style and colour options reach the page.
    out = tmp_path / "art.html"
    cat, coffee = (str(SAMPLES / name) for name in ("cat.png", "coffee.png"))
    assert main(["animate", cat, coffee, "-o", str(out), "--size", "8", "--style", "lights",
                 "--lit-colour", "#ff0000", "--panel-colour", "white"]) == 0
    data = page_data(out.read_text())
    assert data["style"] == "lights"
    assert data["colours"] == {"lit": "#ff0000", "unlit": "#3e2e2c", "panel": "#ffffff"}
    html = out.read_text()
    assert "default-src 'none'" in html and not re.search(r"https?://|\bsrc=|\bhref=|url\(", html)


def test_cli_play(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                  monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    out = tmp_path / "g.html"
    assert main(["play", "--size", "6x4", "-o", str(out), "--open"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"board 6x4, nullity {classic_algebra(4, 6).nullity}, goal all dark",
        f"wrote {out} ({out.stat().st_size} bytes)",
    ]
    assert opened == [out.resolve().as_uri()]
    assert main(["play", "--size", "9", "-o", str(out)]) == 0
    data = page_data(out.read_text())
    assert (data["width"], data["height"]) == (9, 9)
    assert main(["play", "--size", "2x9", "-o", str(tmp_path / "x.html")]) == 2
    assert capsys.readouterr().err == "lightsart: error: board width must be between 3 and 40 cells, got 2\n"
    assert not (tmp_path / "x.html").exists()


def test_cli_play_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    yy, xx = np.mgrid[0:60, 0:90]
    disc = ((xx - 45) ** 2 + (yy - 30) ** 2 < 400).astype(np.uint8) * 255
    Image.fromarray(disc).save(tmp_path / "disc.png")
    out = tmp_path / "g.html"
    assert main(["play", "--image", str(tmp_path / "disc.png"), "--size", "15x10",
                 "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith("board 15x10, nullity ")
    picture = board(page_data(out.read_text())["picture"])
    assert picture.shape == (10, 15)
    assert classic_algebra(10, 15).is_solvable(picture ^ 1)  # reachable from all-lit
    assert picture[5, 7] == 1 and picture[0, 0] == 0  # a white disc on black
    fit = play.picture_goal(tmp_path / "disc.png")[0]  # default: about 32 cells on the long side
    assert max(fit.board.shape) in range(30, 35)


# ---------------------------------------------------------------------------------------------
# The game in Chromium


def test_mouse_clicks_toggle_cells_and_the_canvas_shows_them(tab: harness.Watched,
                                                              tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 6, 4, start="lit")
    expected = np.ones((4, 6), dtype=np.uint8)
    assert game(page)["rows"] == rows(expected)
    rng = np.random.default_rng(0)
    for k in rng.integers(0, 24, 12):
        click(page, int(k))
        x = np.zeros(24, dtype=np.uint8)
        x[k] = 1
        expected = apply_clicks(expected, x.reshape(4, 6))
        assert game(page)["rows"] == rows(expected)
    assert game(page)["moves"] == 12
    # The pixels at cell centres: the lit colour exactly where the page says the cell is lit.
    drawn = page.evaluate("""() => {
        const c = document.getElementById('board'), ctx = c.getContext('2d');
        const [n, m] = lightsartGame.size, cell = c.width / n, out = [];
        const px = ctx.getImageData(0, 0, c.width, c.height).data;  // one readback
        for (let i = 0; i < m; i++) { let r = '';
          for (let j = 0; j < n; j++) {
            const at = 4 * (Math.floor((i + .5) * cell) * c.width + Math.floor((j + .5) * cell));
            r += px[at] > 200 && px[at + 1] > 150 ? '1' : '0'; }
          out.push(r); }
        return out; }""")
    assert drawn == rows(expected)


def test_keyboard_play(tab: harness.Watched, tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 5, 5, start="lit")
    page.focus("#board")
    expected = np.ones((5, 5), dtype=np.uint8)
    cursor = [0, 0]
    steps = {"ArrowRight": (0, 1), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowUp": (-1, 0)}
    for key in ["Space", "ArrowRight", "ArrowRight", "ArrowDown", "Space", "ArrowDown", "ArrowDown",
                "ArrowDown", "ArrowDown", "ArrowLeft", "Space", "ArrowUp", "Enter"]:
        page.keyboard.press(key)
        if key in steps:
            cursor = [min(4, max(0, cursor[0] + steps[key][0])),
                      min(4, max(0, cursor[1] + steps[key][1]))]
        else:
            x = np.zeros((5, 5), dtype=np.uint8)
            x[tuple(cursor)] = 1
            expected = apply_clicks(expected, x)
        assert game(page)["rows"] == rows(expected), key
    assert game(page)["moves"] == 4


def test_touch_play(browser: Any, tmp_path: Path) -> None:
    for tab in _tab(browser, has_touch=True, is_mobile=True, device_scale_factor=2,
                    viewport={"width": 390, "height": 740}):
        page = open_game(tab, tmp_path, 4, 4, start="lit")
        box = page.locator("#board").bounding_box()
        page.touchscreen.tap(box["x"] + 1.5 * box["width"] / 4, box["y"] + 0.5 * box["height"] / 4)
        x = np.zeros((4, 4), dtype=np.uint8)
        x[0, 1] = 1
        assert game(page)["rows"] == rows(1 ^ press(x))


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (5, 5), (7, 4), (9, 9)])
def test_following_hints_solves_in_the_fewest_moves(tab: harness.Watched, tmp_path: Path,
                                                   size: tuple[int, int]) -> None:
    n, m = size
    page = open_game(tab, tmp_path, n, m)  # uniformly random solvable start
    state = game(page)
    start, goal = board(state["rows"]), board(state["goal"])
    assert not goal.any() and classic_algebra(m, n).is_solvable(start)
    fewest = minimal_moves(start, goal)
    assert state["par"] == fewest
    page.locator("body").click(position={"x": 5, "y": 5})  # keyboard focus on the page
    for moves in range(1, fewest + 1):
        page.keyboard.press("h")
        k = game(page)["hint"]
        assert k is not None
        click(page, k)
        state = game(page)
        # Independent check: from here the Python engine needs exactly one click fewer.
        assert minimal_moves(board(state["rows"]), goal) == fewest - moves
    assert state["won"] and state["moves"] == fewest
    assert "Solved" in page.inner_text("#message")


def test_show_solution_marks_a_minimal_solution(tab: harness.Watched, tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 11, 11)  # nullity 6
    page.click("#solution")
    state = game(page)
    start, marks = board(state["rows"]), board(state["marks"])
    assert not apply_clicks(start, marks).any()
    assert int(marks.sum()) == minimal_moves(start, np.zeros_like(start))
    for k in np.flatnonzero(marks):
        click(page, int(k))
    assert game(page)["won"] and game(page)["moves"] == int(marks.sum())


def test_win_message_and_tally_in_local_storage(tab: harness.Watched, tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 3, 3, start="easy")

    def solve() -> None:
        page.click("#solution")
        for k in np.flatnonzero(board(game(page)["marks"])):
            click(page, int(k))
        page.click("#solution")

    assert "Played 0 · Won 0" in page.inner_text("#tally")
    solve()
    assert game(page)["won"]
    assert re.match(r"Solved! \d+ moves? in \d:\d\d", page.inner_text("#message"))
    click(page, 4)  # the board is finished: clicks do nothing until a new game
    assert game(page)["moves"] == game(page)["par"]
    page.click("#new")
    click(page, 4)  # a started game counts as played
    tally = json.loads(page.evaluate("localStorage.getItem('lightsart.tally')"))
    assert tally == {"played": 2, "won": 1}
    page.reload()
    assert "Played 2 · Won 1" in page.inner_text("#tally")
    solve()
    assert json.loads(page.evaluate("localStorage.getItem('lightsart.tally')")) == {
        "played": 3, "won": 2}


def test_undo_restores_clicks_and_edits(tab: harness.Watched, tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 5, 4, start="lit")
    assert page.is_disabled("#undo")
    lit = np.ones((4, 5), dtype=np.uint8)
    click(page, 0)
    after_one = game(page)["rows"]
    click(page, 7)
    page.check("#edit")
    click(page, 13)  # an edit toggles one cell, not a move
    x = np.zeros(20, dtype=np.uint8)
    x[[0, 7]] = 1
    edited = apply_clicks(lit, x.reshape(4, 5))
    edited[2, 3] ^= 1
    assert game(page)["rows"] == rows(edited) and game(page)["moves"] == 2
    page.click("#undo")
    page.click("#undo")
    assert game(page)["rows"] == after_one and game(page)["moves"] == 1
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+z")
    assert game(page)["rows"] == rows(lit) and game(page)["moves"] == 0
    assert page.is_disabled("#undo")


def test_unsolvable_positions_are_recognised_and_never_hinted(tab: harness.Watched,
                                                              tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 5, 5, start="lit")
    alg = classic_algebra(5, 5)
    page.evaluate("lightsartGame.setBoard(['00000','00000','00000','00000','00000'])")
    page.check("#edit")
    click(page, 0)  # one lit corner: meets a quiet pattern in one cell
    state = game(page)
    assert not state["solvable"] and not alg.is_solvable(board(state["rows"]))
    assert "cannot be solved" in page.inner_text("#message")
    quiet = board(state["quiet"])
    assert not press(quiet).any() and int((quiet & board(state["rows"])).sum()) % 2 == 1
    page.click("#hint")
    page.click("#solution")
    assert game(page)["hint"] is None and game(page)["marks"] is None
    page.click("#solution")
    # Random positions on sizes with quiet patterns: the page agrees with the Python algebra.
    rng = np.random.default_rng(7)
    for n, m in [(4, 4), (5, 5), (9, 9), (5, 4)]:
        page.select_option("#width", str(n))
        page.select_option("#height", str(m))
        for _ in range(5):
            position = rng.integers(0, 2, (m, n)).astype(np.uint8)
            page.evaluate(f"lightsartGame.setBoard({json.dumps(rows(position))})")
            solvable = classic_algebra(m, n).is_solvable(position)
            assert game(page)["solvable"] == solvable
            page.click("#hint")
            hint = game(page)["hint"]
            if solvable:
                after = position ^ press(np.eye(1, m * n, hint, dtype=np.uint8).reshape(m, n))
                dark = np.zeros_like(position)
                assert minimal_moves(after, dark) == minimal_moves(position, dark) - 1
            else:
                assert hint is None and "cannot be solved" in page.inner_text("#message")


def test_size_chooser_and_random_starts(tab: harness.Watched, tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 5, 5)
    for n, m in [(30, 30), (3, 3), (40, 7)]:
        page.select_option("#width", str(n))
        page.select_option("#height", str(m))
        state = game(page)
        start = board(state["rows"])
        assert start.shape == (m, n) and start.any()
        assert classic_algebra(m, n).is_solvable(start)
        assert state["par"] == minimal_moves(start, np.zeros_like(start))
    page.select_option("#start", "lit")
    assert game(page)["rows"] == ["1" * 40] * 7


def test_large_nullity_is_best_effort_and_says_so(tab: harness.Watched, tmp_path: Path) -> None:
    page = open_game(tab, tmp_path, 39, 39)  # nullity 32: beyond the exhaustive search
    assert "not proven fewest" in page.text_content("#size-facts")
    page.click("#solution")
    state = game(page)
    start, marks = board(state["rows"]), board(state["marks"])
    assert not apply_clicks(start, marks).any()  # still a true solution
    assert "not proven fewest" in page.inner_text("#message")
    assert "≤" in page.inner_text("#par")


def test_picture_game_shows_the_picture(tab: harness.Watched, tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    picture = board_from_clicks(rng.integers(0, 2, (7, 11)).astype(np.uint8))
    page = open_game(tab, tmp_path, picture=picture, start="lit")
    state = game(page)
    assert state["goal"] == rows(picture) and state["rows"] == ["1" * 11] * 7
    assert page.is_visible("#goal-preview")
    page.click("#solution")
    for k in np.flatnonzero(board(game(page)["marks"])):
        click(page, int(k))
    assert game(page)["won"] and game(page)["rows"] == rows(picture)
    page.select_option("#start", "random")  # scrambled: the goal is still the picture
    state = game(page)
    assert state["goal"] == rows(picture) and state["rows"] != rows(picture)
    assert classic_algebra(7, 11).is_solvable(board(state["rows"]) ^ picture)
    page.select_option("#start", "picture")  # clear the picture
    state = game(page)
    assert state["rows"] == rows(picture) and state["goal"] == ["0" * 11] * 7
    # The same game when the page is written to start from the picture.
    page = open_game(tab, tmp_path, picture=picture, start="picture")
    state = game(page)
    assert state["rows"] == rows(picture) and state["goal"] == ["0" * 11] * 7
    assert page.input_value("#goal") == "dark" and page.input_value("#start") == "picture"


@pytest.mark.parametrize(("width", "height", "scale"), [(375, 667, 2), (1280, 800, 1), (900, 700, 1.5)])
def test_cells_are_square_crisp_and_fit_the_window(browser: Any, tmp_path: Path, width: int,
                                                   height: int, scale: float) -> None:
    for tab in _tab(browser, viewport={"width": width, "height": height},
                    device_scale_factor=scale):
        page = open_game(tab, tmp_path, 9, 5)
        canvas = page.evaluate("""() => { const c = document.getElementById('board');
            return { w: c.width, h: c.height, cell: lightsartGame.cell,
                     box: c.getBoundingClientRect().toJSON() }; }""")
        # Whole device pixels per cell, the same across and down: square and crisp.
        assert canvas["w"] == 9 * canvas["cell"] and canvas["h"] == 5 * canvas["cell"]
        assert canvas["box"]["width"] * scale == pytest.approx(canvas["w"])
        assert canvas["box"]["right"] <= width and canvas["box"]["bottom"] <= height
        assert canvas["cell"] >= 20 * scale  # and not needlessly small


# ---------------------------------------------------------------------------------------------
# The artwork page in Chromium


def _animation(loop: bool, autoplay: bool, tmp_path: Path) -> tuple[Path, list[np.ndarray],
                                                                    list[np.ndarray]]:
    rng = np.random.default_rng(11)
    m, n = 7, 9
    pictures = [board_from_clicks(rng.integers(0, 2, (m, n)).astype(np.uint8)) for _ in range(3)]
    segments = []
    orders = []
    for a, b in itertools.pairwise(pictures):
        x = classic_algebra(m, n).solve(a ^ b)
        assert x is not None
        order = rng.permutation(np.argwhere(x))
        segments.append((a, order))
        orders.append(order)
    path = tmp_path / "art.html"
    artwork.write_artwork_page(path, segments, cell=30, fps=60, clicks_per_frame=4, hold=0.05,
                            loop=loop, autoplay=autoplay)
    return path, pictures, orders


def _after(start: np.ndarray, order: np.ndarray) -> np.ndarray:
    out = start.copy()
    for r, c in order:
        x = np.zeros_like(out)
        x[r, c] = 1
        out = apply_clicks(out, x)
    return out


def test_artwork_step_scrub_and_play(tab: harness.Watched, tmp_path: Path) -> None:
    path, pictures, orders = _animation(loop=False, autoplay=False, tmp_path=tmp_path)
    tab.open(path)
    page = tab.page
    clicks = np.concatenate(orders)
    state = art(page)
    assert state["rows"] == rows(pictures[0]) and state["total"] == len(clicks)
    assert not state["playing"]
    page.click("#forward")
    assert art(page)["position"] == 4 and art(page)["rows"] == rows(_after(pictures[0], clicks[:4]))
    page.click("#forward")
    page.click("#back")
    assert art(page)["position"] == 4
    # Scrub: frames inside the first transition stop at its end, where picture 2 is shown.
    k1 = len(orders[0])
    page.evaluate("(v) => { const s = document.getElementById('scrub'); s.value = v;"
                  " s.dispatchEvent(new Event('input')); }", k1 - 1)
    assert art(page)["rows"] == rows(_after(pictures[0], clicks[: k1 - 1]))
    page.click("#forward")
    assert art(page)["position"] == k1 and art(page)["rows"] == rows(pictures[1])
    page.keyboard.press("End")
    assert art(page)["rows"] == rows(pictures[2])
    page.keyboard.press("Home")
    assert art(page)["rows"] == rows(pictures[0])
    # Play to the end at 8x speed.
    page.select_option("#speed", "8")
    page.click("#play")  # (at this speed it may be over before we can look)
    page.wait_for_function("() => !window.lightsartArt.playing", timeout=20000)
    state = art(page)
    assert state["position"] == len(clicks) and state["rows"] == rows(pictures[2])
    assert page.inner_text("#play") == "Replay"


def test_an_eased_artwork_page_steps_through_its_own_frames(tab: harness.Watched,
                                                            tmp_path: Path) -> None:
    """``frames`` (the eased batches): forward steps land on exactly those offsets, then on the
    looped legs' offsets mirrored, and back steps retrace them; each position shows the clicks
    so far re-applied."""
    path, pictures, orders = _animation(loop=True, autoplay=False, tmp_path=tmp_path)
    segments = list(zip(pictures, orders, strict=False))
    lengths = [len(o) for o in orders]
    frames = [[0, 1, 3, lengths[0] - 1, lengths[0]], [0, 2, lengths[1]]]
    artwork.write_artwork_page(path, segments, cell=30, fps=60, clicks_per_frame=4, hold=0.05,
                            loop=True, autoplay=False, frames=frames)
    tab.open(path)
    page = tab.page
    k1, k2 = lengths
    total = 2 * (k1 + k2)
    expect = sorted({*frames[0], *(k1 + o for o in frames[1]),
                     *(k1 + k2 + k2 - o for o in frames[1]),
                     *(2 * k2 + k1 + k1 - o for o in frames[0])})
    seen = [art(page)["position"]]
    while seen[-1] < total:
        page.click("#forward")
        seen.append(art(page)["position"])
    assert seen == expect
    clicks = np.concatenate(orders)
    assert art(page)["rows"] == rows(pictures[0])  # the loop is back at the start
    page.click("#back")
    assert art(page)["position"] == expect[-2]
    page.keyboard.press("Home")
    for _ in range(2):
        page.click("#forward")
    assert art(page)["rows"] == rows(_after(pictures[0], clicks[:3]))
    with pytest.raises(LightsartError):
        artwork.write_artwork_page(path, segments, frames=[[0, 2, 1, lengths[0]], [0, lengths[1]]])


def test_artwork_viewer_clicks_combine_with_the_animation(tab: harness.Watched,
                                                         tmp_path: Path) -> None:
    path, pictures, orders = _animation(loop=True, autoplay=True, tmp_path=tmp_path)
    tab.open(path)
    page = tab.page
    assert art(page)["playing"]
    harness.click_cell(page, 2, 3, 7, 9)  # while it plays
    harness.click_cell(page, 6, 8, 7, 9)
    page.click("#play")  # pause
    assert not art(page)["playing"] and art(page)["yours"] == 2
    mine = np.zeros((7, 9), dtype=np.uint8)
    mine[2, 3] = mine[6, 8] = 1
    page.keyboard.press("End")  # looped: the end is the first picture again
    state = art(page)
    assert state["total"] == 2 * sum(len(o) for o in orders)
    assert state["rows"] == rows(apply_clicks(pictures[0], mine))
    page.click("#clear")
    assert art(page)["rows"] == rows(pictures[0]) and art(page)["yours"] == 0
    assert page.is_disabled("#clear")


def lit_pixels(page: Any) -> dict[str, Any]:
    """Canvas pixels of every cell, read in the page: at the centre and (lamps) at 0.85 of a
    lamp's half side right of it, where a lit lamp is exactly its colour."""
    return page.evaluate("""() => {
        const c = document.getElementById('board'), ctx = c.getContext('2d');
        const { m, n } = JSON.parse(document.getElementById('lightsart-data').textContent);
        const cell = lightsartArt.cell, px = ctx.getImageData(0, 0, c.width, c.height).data;
        const half = (cell - Math.max(1, 0.12 * cell)) / 2, out = { centre: [], body: [],
          corner: [] };
        const at = (x, y) => Array.from(px.slice(4 * (y * c.width + x), 4 * (y * c.width + x) + 3));
        for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) {
          const x = j * cell, y = i * cell, mid = cell / 2;
          out.centre.push(at(x + Math.floor(mid), y + Math.floor(mid)));
          out.body.push(at(x + Math.floor(mid + 0.85 * half), y + Math.floor(mid)));
          out.corner.push(at(x, y));
        }
        return out; }""")


@pytest.mark.parametrize("style", ["pixels", "lights", "dots", "grid"])
def test_artwork_page_draws_the_requested_style_and_colours(tab: harness.Watched, tmp_path: Path,
                                                            style: str) -> None:
    rng = np.random.default_rng(2)
    a = board_from_clicks(rng.integers(0, 2, (5, 6)).astype(np.uint8))
    lit, unlit, panel = (200, 30, 90), (10, 60, 20), (250, 250, 0)
    path = tmp_path / "art.html"
    artwork.write_artwork_page(path, [(a, np.array([[2, 2]]))], cell=30, autoplay=False, style=style,
                            colours=(lit, unlit, panel))
    tab.open(path)
    page = tab.page
    assert page.evaluate("[lightsartArt.style, lightsartArt.scheme]") == [style, "made"]
    assert art(page)["rows"] == rows(a) and page.evaluate("lightsartArt.cell") >= 20
    drawn = lit_pixels(page)
    on = a.reshape(-1) == 1
    centre, body, corner = (np.array(drawn[k]) for k in ("centre", "body", "corner"))
    if style == "pixels":  # square cells, edge to edge, exactly the two colours
        assert (centre[on] == lit).all() and (centre[~on] == unlit).all()
        assert (corner[on] == lit).all() and (corner[~on] == unlit).all()
    elif style in ("dots", "grid"):  # flat discs / squares with a gap: exact colours, panel around
        assert (centre[on] == lit).all() and (centre[~on] == unlit).all()
        assert (corner == panel).all()
    else:  # lamps: the lit colour in the lamp's body (hotter at its centre), the panel around
        assert (np.abs(body[on] - lit) <= 1).all() and (np.abs(body[~on] - unlit) <= 1).all()
        assert (centre[on] > np.array(lit) + 20).any(axis=1).all()  # warmed towards white
        assert (corner[~on] == panel).all()
        assert (np.abs(corner[on] - panel) < 90).all()  # a lit lamp's faint glow, not the lamp
    # A screenshot sees the same: the requested colour where the page says a cell is lit (and,
    # after choosing another scheme from the menu, that scheme's colour in the same look).
    for scheme, colour in (("made", lit), ("ocean", (0x8F, 0xD8, 0xFF))):
        page.select_option("#scheme", scheme)
        assert page.evaluate("lightsartArt.style") == style
        shot = np.asarray(Image.open(io.BytesIO(page.locator("#board").screenshot()))
                          .convert("RGB")).astype(int)
        cell = shot.shape[1] / 6
        for i, j in zip(*np.nonzero(a), strict=True):
            y, x = int((i + 0.5) * cell), int((j + 0.5 + (0.38 if style == "lights" else 0)) * cell)
            assert (np.abs(shot[y, x] - colour) <= 1).all(), (scheme, i, j)
