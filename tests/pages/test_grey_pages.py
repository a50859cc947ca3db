"""Grey-level pages (issue 13): ``animate --states K -o x.html`` and ``play --states K``.

The page data is decoded and its presses re-applied with an independent press operator written
here (counts of pattern cells landing on each cell, mod k); the page's solver (``modk.js``) runs
in headless Chromium and is checked against a brute force over every press vector of tiny boards
and against :func:`lightsart._core.modk.modk_algebra` on larger ones; the artwork's canvas is read
back and must show, at every position, the board the presses make in the GIF's exact greys.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness

from lightsart import Look, Pictures, Solving, Timing
from lightsart._cli import main
from lightsart._core.modk import modk_algebra
from lightsart._core.presses import fewest_presses
from lightsart._errors import LightsartError
from lightsart._output.render import RenderStyle, render
from lightsart._pages import artwork, play
from lightsart._pipeline import make_animation
from lightsart._rules import Rules, parse_pattern

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
A, B, C = (str(SAMPLES / name) for name in ("astronaut.png", "cat.png", "horse.png"))
PATTERNS = {"plus": "010/111/010", "x": "101/010/101", "corner": "110/010/000",
            "wide": "10101/00000/10101/00000/10101"}


def page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="lightsart-data">(.*?)</script>', html,
                      re.S)
    assert found
    return json.loads(found.group(1))


def levels(rows: list[str]) -> np.ndarray:
    return np.array([[int(ch, 16) for ch in row] for row in rows], dtype=np.int64)


@cache
def operator(m: int, n: int, pattern: str, topology: str, k: int) -> np.ndarray:
    """A[cell, press] mod k: how many pattern cells of a press land on each cell (wrapping)."""
    grid = pattern.split("/")
    h, w = len(grid), len(grid[0])
    a = np.zeros((m * n, m * n), dtype=np.int64)
    for i, j, di, dj in itertools.product(range(m), range(n), range(h), range(w)):
        if grid[di][dj] != "1":
            continue
        r, c = i + di - h // 2, j + dj - w // 2
        if topology == "torus":
            r %= m
        if topology != "plane":
            c %= n
        if 0 <= r < m and 0 <= c < n:
            a[r * n + c, i * n + j] += 1
    return a % k


def replay(start: np.ndarray, cells: list[int], a: np.ndarray, k: int, sign: int = 1) -> np.ndarray:
    """``start`` after one press (sign -1: one taken back) of each listed cell."""
    counts = np.bincount(np.asarray(cells, dtype=np.int64), minlength=a.shape[0])
    return ((start.reshape(-1) + sign * (a @ counts)) % k).reshape(start.shape)


# ---------------------------------------------------------------------------------------------
# Python side: the written pages


@pytest.mark.parametrize(("k", "pattern", "topology"), [(3, "plus", "plane"), (4, "x", "torus"),
                                                        (12, "plus", "cylinder")])
def test_artwork_page_replays_its_presses_to_every_picture(tmp_path: Path, k: int, pattern: str,
                                                           topology: str) -> None:
    out = tmp_path / "a.html"
    result = make_animation([A, B, C], str(out), pictures=Pictures(size=(7, 9)),
                            solving=Solving(states=k, pattern=pattern, topology=topology),
                            timing=Timing(order="random", duration=1.0, loop=True))
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["states"] == k and data["loop"] is True
    assert data["rules"]["topology"] == topology
    a = operator(7, 9, PATTERNS[pattern], topology, k)
    boards = [p.fit.board.astype(np.int64) for p in result.pictures]
    for s, seg in enumerate(data["segments"]):
        start = levels(seg["start"])
        assert np.array_equal(start, boards[s])
        # one press per listed cell: as many as the transition's fewest presses
        assert len(seg["clicks"]) == result.transitions[s].count
        assert np.array_equal(replay(start, seg["clicks"], a, k), boards[s + 1])
        # played backwards (the loop), the presses taken back return to the start
        assert np.array_equal(replay(boards[s + 1], seg["clicks"][::-1], a, k, -1), start)
    assert "const LightsModK" in out.read_text(encoding="utf-8")


def test_two_state_pages_carry_no_k_state_parts(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    start = rng.integers(0, 2, (4, 5)).astype(np.uint8)
    cells = np.array([[0, 0], [3, 4], [1, 2]])
    art = artwork.artwork_page_html([(start, cells)])
    assert art == artwork.artwork_page_html([(start, cells)], states=2)
    game = play.game_page_html(5, 5)
    assert game == play.game_page_html(5, 5, states=2)
    for html in (art, game):
        assert "states" not in page_data(html) and "const LightsModK" not in html


def test_artwork_segments_must_chain_under_k_states(tmp_path: Path) -> None:
    k = 5
    rules = Rules(3, 4, states=k)
    start = np.full((3, 4), k - 1, dtype=np.uint8)
    cells = [(1, 1), (1, 1), (0, 3)]
    a = operator(3, 4, PATTERNS["plus"], "plane", k)
    end = replay(start.astype(np.int64), [r * 4 + c for r, c in cells], a, k).astype(np.uint8)
    page = artwork.write_artwork_page(tmp_path / "ok.html", [(start, cells), (end, cells[:1])],
                                   states=k)
    assert page.states == k and page.clicks == (3, 1)
    with pytest.raises(LightsartError, match="does not start where"):
        artwork.artwork_page_html([(start, cells), (start, cells)], states=k)
    with pytest.raises(LightsartError, match="levels 0 to 4"):
        artwork.artwork_page_html([(start + 1, cells)], states=k)
    with pytest.raises(LightsartError, match="from 2 to 16"):
        artwork.artwork_page_html([(start, cells)], states=17)
    assert rules.states == k


@pytest.mark.parametrize(("k", "args"), [(3, []), (4, ["--pattern", "x", "--topology", "torus"]),
                                         (6, ["--start", "picture"])])
def test_play_image_goal_is_reachable_with_k_levels(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str], k: int,
                                                     args: list[str]) -> None:
    out = tmp_path / "g.html"
    assert main(["play", "-o", str(out), "--image", C, "--size", "12x10", "--states", str(k),
                 *args]) == 0
    said = capsys.readouterr().out
    assert f"{k} states" in said and "cells changed to be reachable" in said
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["states"] == k
    picture = levels(data["picture"])
    assert picture.shape == (10, 12) and picture.max() < k and len(np.unique(picture)) > 2
    pattern = "x" if "x" in args else "plus"
    topology = "torus" if "torus" in args else "plane"
    # reachable from all-brightest (the goal), or from all-dark (a picture to clear)
    origin = 0 if "picture" in args else k - 1
    rules = Rules(10, 12, parse_pattern(pattern), topology, k)  # type: ignore[arg-type]
    x = modk_algebra(rules).solve((picture - origin) % k)
    assert x is not None
    a = operator(10, 12, PATTERNS[pattern], topology, k)
    assert np.array_equal((origin + a @ x.reshape(-1).astype(np.int64)) % k, picture.reshape(-1))


# ---------------------------------------------------------------------------------------------
# The page's solver and pages in Chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture
def tab(browser: Any) -> Iterator[harness.Watched]:
    yield from harness.tab(browser, 1000, 800)


@pytest.fixture(scope="module")
def solver_page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[harness.Watched]:
    path = tmp_path_factory.mktemp("grey") / "game.html"
    play.write_game_page(path, 3, 3, states=3)
    ctx = browser.new_context()
    watched = harness.watch(ctx)
    watched.open(path)
    yield watched
    ctx.close()
    assert watched.errors == [], watched.errors


SOLVE = """([m, n, rules, k, changes]) => {
  const Z = LightsModK, r = LightsOut.makeRules(rules), N = m * n, alg = Z.algebra(m, n, r, k);
  const unit = (c) => {
    const x = new Uint8Array(N);
    x[c] = 1;
    return Array.from(Z.pressAll(x, m, n, r, k));
  };
  return { size: alg.kernelSize, exact: alg.exact, columns: Array.from({ length: N }, (_, c) => unit(c)),
    gens: alg.gens.map((g) => Array.from(g)), orders: alg.orders,
    answers: changes.map((c) => {
      const s = alg.minimalSolution(new Uint8Array(N), Uint8Array.from(c));
      return s ? [true, Array.from(s.clicks), s.count, s.exact]
        : [false, Array.from(alg.obstruction(Uint8Array.from(c)))];
    }) };
}"""


def rules_of(pattern: str, topology: str) -> dict[str, Any]:
    return {"pattern": [[int(ch) for ch in row] for row in pattern.split("/")],
            "topology": topology}


def brute_fewest(a: np.ndarray, k: int) -> dict[tuple[int, ...], int]:
    """The fewest presses to every reachable change, over every press vector."""
    best: dict[tuple[int, ...], int] = {}
    for x in itertools.product(range(k), repeat=a.shape[1]):
        change = tuple(int(v) for v in a @ np.array(x) % k)
        if sum(x) < best.get(change, 1 << 30):
            best[change] = sum(x)
    return best


@pytest.mark.parametrize("topology", ["plane", "torus", "cylinder"])
@pytest.mark.parametrize("name", list(PATTERNS))
@pytest.mark.parametrize(("k", "m", "n"), [(3, 2, 3), (4, 2, 3), (6, 1, 4), (4, 3, 2)])
def test_page_solver_mod_k_matches_brute_force(solver_page: harness.Watched, topology: str,
                                               name: str, k: int, m: int, n: int) -> None:
    a = operator(m, n, PATTERNS[name], topology, k)
    best = brute_fewest(a, k)
    everything = [list(c) for c in itertools.product(range(k), repeat=m * n)]
    got = solver_page.page.evaluate(SOLVE, [m, n, rules_of(PATTERNS[name], topology), k,
                                            everything])
    where = f"{name} {topology} {m}x{n} k={k}"
    assert np.array_equal(np.array(got["columns"]).T, a), where  # a press, as the page does it
    assert got["size"] * len(best) == k ** (m * n), where  # kernel size x reachable = all
    for g, o in zip(got["gens"], got["orders"], strict=True):  # generators change nothing
        assert any(g) and not (a @ np.array(g) % k).any() and not (o * np.array(g) % k).any()
    for c, answer in zip(everything, got["answers"], strict=True):
        assert answer[0] == (tuple(c) in best), (where, c)
        if answer[0]:
            _, x, count, exact = answer
            assert np.array_equal(a @ np.array(x) % k, c) and sum(x) == count, (where, c)
            assert exact and count == best[tuple(c)], (where, c)
        else:  # weights every press leaves unchanged mod k, meeting this change non-zero
            y = np.array(answer[1])
            assert not (y @ a % k).any() and (y @ np.array(c)) % k, (where, c)


@pytest.mark.parametrize(("k", "m", "n", "name", "topology"), [
    (16, 9, 9, "plus", "plane"), (12, 8, 8, "x", "torus"), (9, 5, 7, "corner", "torus"),
    (8, 4, 4, "plus", "plane"), (10, 6, 6, "wide", "torus")])
def test_page_solver_mod_k_matches_python_on_larger_boards(solver_page: harness.Watched, k: int,
                                                           m: int, n: int, name: str,
                                                           topology: str) -> None:
    rng = np.random.default_rng(k * m * n)
    a = operator(m, n, PATTERNS[name], topology, k)
    rules = Rules(m, n, parse_pattern(PATTERNS[name]), topology, k)  # type: ignore[arg-type]
    alg = modk_algebra(rules)
    reachable = [list(a @ x % k) for x in rng.integers(0, k, (6, m * n))]
    changes = [[int(v) for v in c] for c in reachable + list(rng.integers(0, k, (6, m * n)))]
    got = solver_page.page.evaluate(SOLVE, [m, n, rules_of(PATTERNS[name], topology), k, changes])
    # the kernel as a group: its cyclic factors (unique up to order) are Python's
    assert sorted(got["orders"]) == sorted(alg.kernel_generators()[1])
    assert got["size"] == pytest.approx(alg.kernel_size, rel=1e-12)
    for c, answer in zip(changes, got["answers"], strict=True):
        assert answer[0] == alg.is_reachable(np.array(c).reshape(m, n))
        if answer[0]:
            x = np.array(answer[1])
            assert np.array_equal(a @ x % k, c) and x.sum() == answer[2]
            fewest = fewest_presses(alg, x.reshape(m, n))
            if fewest.proven and answer[3]:
                assert fewest.count == answer[2]
        else:
            y = np.array(answer[1])
            assert not (y @ a % k).any() and (y @ np.array(c)) % k


ART = """() => { const a = window.lightsartArt, out = [];
  const scrub = document.getElementById('scrub');
  for (let p = 0; p <= a.total; p++) {
    scrub.value = String(p); scrub.dispatchEvent(new Event('input'));
    out.push(a.rows);
  }
  return out; }"""

CENTRES = """() => { const c = document.getElementById('board'), ctx = c.getContext('2d');
  const { m, n } = JSON.parse(document.getElementById('lightsart-data').textContent);
  const cell = lightsartArt.cell, px = ctx.getImageData(0, 0, c.width, c.height).data, out = [];
  for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) {
    const half = (cell - Math.max(1, 0.12 * cell)) / 2;  // lamps: in the body, where lit is its colour
    const x = j * cell + Math.floor(cell / 2 + (lightsartArt.style === 'lights' ? 0.85 * half : 0));
    const y = i * cell + Math.floor(cell / 2), at = 4 * (y * c.width + x);
    out.push([px[at], px[at + 1], px[at + 2]]);
  }
  return out; }"""


@pytest.mark.parametrize(("k", "style"), [(3, "pixels"), (7, "pixels"), (16, "pixels"),
                                          (5, "lights"), (6, "dots"), (4, "grid")])
def test_artwork_page_shows_every_press_in_the_gifs_greys(tab: harness.Watched, tmp_path: Path,
                                                         k: int, style: str) -> None:
    out = tmp_path / "a.html"
    result = make_animation([A, B], str(out), pictures=Pictures(size=(5, 6)),
                            solving=Solving(states=k), timing=Timing(duration=0.5, loop=True),
                            look=Look(cell=24, style=style))
    data = page_data(out.read_text(encoding="utf-8"))
    tab.open(out)
    page = tab.page
    page.evaluate("() => { if (lightsartArt.playing) document.getElementById('play').click(); }")
    shown = [levels(rows) for rows in page.evaluate(ART)]
    a = operator(5, 6, PATTERNS["plus"], "plane", k)
    seg = data["segments"][0]["clicks"]
    board = result.pictures[0].fit.board.astype(np.int64)
    expected = [board]
    for c in seg:  # forwards, one press each, then (the loop) each taken back in reverse
        expected.append(replay(expected[-1], [c], a, k))
    for c in seg[::-1]:
        expected.append(replay(expected[-1], [c], a, k, -1))
    assert len(shown) == len(expected) == 2 * len(seg) + 1
    for p, (have, want) in enumerate(zip(shown, expected, strict=True)):
        assert np.array_equal(have, want), p
    assert np.array_equal(expected[len(seg)], result.pictures[1].fit.board)
    # The canvas at the last position: each cell in the colour render.py gives its level.
    drawn = np.array(page.evaluate(CENTRES)).reshape(5, 6, 3)
    # Lamps are sampled in their body, where the page's lit and unlit lamps are exactly the
    # style's two colours, so level s is render.py's mix of those: its pixels at those colours.
    look = RenderStyle(cell=4, kind=style)  # type: ignore[arg-type]
    lit, unlit, _ = look.colours()
    gif = render(expected[-1].astype(np.uint8), RenderStyle(cell=1, lit=lit, unlit=unlit), k)
    tolerance = 1 if style == "lights" else 0  # lamps: the canvas mixes its sprites by alpha
    assert (np.abs(drawn - gif.astype(int)) <= tolerance).all()
    # A viewer's presses add to the board and clear away again.
    page.evaluate("() => document.getElementById('scrub').dispatchEvent(new Event('input'))")
    before = page.evaluate("lightsartArt.rows")
    harness.click_cell(page, 2, 3, 5, 6)
    harness.click_cell(page, 2, 3, 5, 6)
    assert page.evaluate("lightsartArt.yours") == 2
    assert np.array_equal(levels(page.evaluate("lightsartArt.rows")),
                          replay(levels(before), [15, 15], a, k))
    page.click("#clear")
    assert page.evaluate("lightsartArt.rows") == before


def game(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const g = window.lightsartGame; return {
        rows: g.rows, goal: g.goal, moves: g.moves, won: g.won, par: g.par, hint: g.hint,
        solvable: g.solvable, quiet: g.quiet, size: g.size, states: g.states }; }""")


def click(page: Any, k: int) -> None:
    n, m = page.evaluate("lightsartGame.size")
    harness.click_cell(page, k // n, k % n, m, n)


@pytest.mark.parametrize(("k", "side", "pattern", "topology"), [(3, 5, "plus", "plane"),
                                                                 (4, 4, "plus", "plane"),
                                                                 (6, 4, "x", "torus")])
def test_following_hints_solves_in_the_fewest_presses(tab: harness.Watched, tmp_path: Path,
                                                      k: int, side: int, pattern: str,
                                                      topology: str) -> None:
    path = tmp_path / "g.html"
    play.write_game_page(path, side, side, states=k, pattern=pattern, topology=topology)
    tab.open(path)
    page = tab.page
    g = game(page)
    assert g["states"] == k and g["goal"] == ["0" * side] * side
    start = levels(g["rows"])
    rules = Rules(side, side, parse_pattern(pattern), topology, k)  # type: ignore[arg-type]
    alg = modk_algebra(rules)
    # a random start is random presses from the goal: solvable, and par is the proven fewest
    x = alg.solve((-start) % k)
    assert x is not None
    fewest = fewest_presses(alg, x)
    assert fewest.proven and g["par"] == fewest.count
    a = operator(side, side, PATTERNS[pattern], topology, k)
    for _ in range(g["par"]):
        page.click("#hint")
        hint = game(page)["hint"]
        before = levels(game(page)["rows"])
        click(page, hint)
        assert np.array_equal(levels(game(page)["rows"]), replay(before, [hint], a, k))
    g = game(page)
    assert g["won"] and g["moves"] == g["par"] and not g["rows"][0].strip("0")
    assert "Solved!" in page.inner_text("#message")


def test_undo_edit_and_unsolvable_positions_with_k_states(tab: harness.Watched,
                                                          tmp_path: Path) -> None:
    k, side = 4, 4  # plus on 4x4 mod 4: 64 press vectors change nothing, so most boards are unsolvable
    path = tmp_path / "g.html"
    play.write_game_page(path, side, side, states=k, start="lit")
    tab.open(path)
    page = tab.page
    a = operator(side, side, PATTERNS["plus"], "plane", k)
    start = game(page)["rows"]
    assert start == ["3" * side] * side
    click(page, 5)
    click(page, 5)
    page.click("#undo")
    assert np.array_equal(levels(game(page)["rows"]), replay(levels(start), [5], a, k))
    page.click("#undo")
    assert game(page)["rows"] == start and game(page)["moves"] == 0
    page.check("#edit")
    click(page, 0)  # edits step a cell one level up: 3 -> 0
    assert game(page)["rows"][0][0] == "0"
    page.click("#undo")
    assert game(page)["rows"] == start
    page.uncheck("#edit")
    rules = Rules(side, side, states=k)
    alg = modk_algebra(rules)
    rng = np.random.default_rng(4)
    for _ in range(8):
        board = rng.integers(0, k, (side, side))
        rows = ["".join(format(v, "x") for v in row) for row in board]
        page.evaluate("(rows) => lightsartGame.setBoard(rows)", rows)
        g = game(page)
        reachable = alg.is_reachable((-board) % k)
        assert g["solvable"] == reachable
        if not reachable:
            y = levels(g["quiet"]).reshape(-1)
            assert not (y @ a % k).any() and (y @ board.reshape(-1)) % k
            assert "cannot be solved" in page.inner_text("#message")
            page.click("#hint")
            assert game(page)["hint"] is None


def test_random_starts_are_solvable_and_the_picture_is_shown(tab: harness.Watched,
                                                             tmp_path: Path) -> None:
    k = 5
    out = tmp_path / "g.html"
    assert main(["play", "-o", str(out), "--image", C, "--size", "8x8", "--states", str(k)]) == 0
    tab.open(out)
    page = tab.page
    rules = Rules(8, 8, states=k)
    alg = modk_algebra(rules)
    for _ in range(4):
        g = game(page)
        goal, board = levels(g["goal"]), levels(g["rows"])
        assert g["solvable"] and alg.is_reachable((goal - board) % k)
        assert not np.array_equal(goal, board)
        page.click("#new")
    assert len(np.unique(levels(game(page)["goal"]))) > 2
    assert page.locator("#goal-box").is_visible()
