"""Rules as data on the pages: pattern and topology, from ``lightsart play`` to the page's solver.

The page's solver (``lightsout.js``) is checked against an independent brute force written here:
every click set of a small board is pressed with the wrap rules, which gives the reachable
boards, the fewest clicks to each, and the press operator's columns (for the kernels).
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

from lightsart._cli import main
from lightsart._core.gf2 import classic_algebra
from lightsart._errors import LightsartError
from lightsart._pages import artwork, play

PATTERNS = {
    "plus": "010/111/010",
    "sigma": "010/101/010",
    "x": "101/010/101",
    "square": "111/111/111",
    "corner": "110/010/000",  # changes under a half turn: A is not symmetric
    "far": "00001/00000/00100/01000/00000",  # asymmetric, reaches two cells away (wraps twice)
}
TOPOLOGIES = ("plane", "torus", "cylinder")
# (rows, columns); 2x2, 1x3 and 2-row boards are narrower than the patterns: wrapped offsets meet
SIZES = ((3, 3), (4, 4), (2, 5), (5, 2), (2, 2), (1, 3))


def page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="lightsart-data">(.*?)</script>', html,
                      re.S)
    assert found
    return json.loads(found.group(1))


# ---------------------------------------------------------------------------------------------
# The brute force: boards and click sets as ints, bit k = cell k (row-major).


@cache
def columns(m: int, n: int, pattern: str, topology: str) -> tuple[int, ...]:
    """Column k of the press operator: the cells clicking cell k toggles.

    Each pattern cell toggles the cell it lands on, so two landing on one cell (wrapping on a
    board narrower than the pattern) cancel: the sum modulo 2 of shifted copies."""
    grid = pattern.split("/")
    h, w = len(grid), len(grid[0])
    out = []
    for i in range(m):
        for j in range(n):
            mask = 0
            for a in range(h):
                for b in range(w):
                    if grid[a][b] != "1":
                        continue
                    r, c = i + a - h // 2, j + b - w // 2
                    if topology == "torus":
                        r %= m
                    if topology in ("torus", "cylinder"):
                        c %= n
                    if 0 <= r < m and 0 <= c < n:
                        mask ^= 1 << (r * n + c)
            out.append(mask)
    return tuple(out)


def press(x: int, cols: tuple[int, ...]) -> int:
    out = 0
    for k, col in enumerate(cols):
        if x >> k & 1:
            out ^= col
    return out


@cache
def fewest(m: int, n: int, pattern: str, topology: str) -> np.ndarray:
    """Fewest clicks reaching each board from all-off (-1: unreachable), over all click sets."""
    cols = columns(m, n, pattern, topology)
    x = np.arange(1 << (m * n), dtype=np.int64)
    image = np.zeros_like(x)
    weight = np.zeros_like(x)
    for k, col in enumerate(cols):
        bit = (x >> k) & 1
        image ^= bit * col
        weight += bit
    best = np.full(1 << (m * n), m * n + 1, dtype=np.int64)
    np.minimum.at(best, image, weight)
    best[best > m * n] = -1
    return best


def rank(vectors: list[int]) -> int:
    basis: dict[int, int] = {}  # leading bit -> vector
    for v in vectors:
        while v:
            top = v.bit_length() - 1
            if top not in basis:
                basis[top] = v
                break
            v ^= basis[top]
    return len(basis)


def popcount(v: int) -> int:
    return bin(v).count("1")


# ---------------------------------------------------------------------------------------------
# Python side: options and page data


def test_play_options_put_the_rules_in_the_page(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.html"
    assert main(["play", "--size", "6x4", "-o", str(out)]) == 0
    assert page_data(out.read_text())["rules"] == {
        "pattern": [[0, 1, 0], [1, 1, 1], [0, 1, 0]], "topology": "plane"}
    capsys.readouterr()
    assert main(["play", "--size", "6x4", "--topology", "torus", "--pattern", "sigma",
                 "-o", str(out)]) == 0
    sigma_nullity = 24 - rank(list(columns(4, 6, PATTERNS["sigma"], "torus")))
    assert capsys.readouterr().out.splitlines()[0] == (
        f"board 6x4, pattern sigma on the torus, nullity {sigma_nullity}, goal all dark")
    assert page_data(out.read_text())["rules"] == {
        "pattern": [[0, 1, 0], [1, 0, 1], [0, 1, 0]], "topology": "torus"}
    assert main(["play", "--pattern", "##./.#./...", "--topology", "cylinder", "-o", str(out)]) == 0
    assert page_data(out.read_text())["rules"] == {
        "pattern": [[1, 1, 0], [0, 1, 0], [0, 0, 0]], "topology": "cylinder"}
    capsys.readouterr()
    # The classic rules drawn in a bigger grid are still the classic rules (Python's nullity).
    assert main(["play", "--size", "5", "--pattern", "00000/00100/01110/00100/00000",
                 "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"board 5x5, nullity {classic_algebra(5, 5).nullity},")
    assert page_data(out.read_text())["rules"]["pattern"] == [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    page = play.write_game_page(tmp_path / "p.html", 6, 3, pattern="x", topology="torus")
    x_nullity = 18 - rank(list(columns(3, 6, PATTERNS["x"], "torus")))
    assert (page.nullity, page.pattern, page.topology) == (x_nullity, "101/010/101", "torus")
    assert x_nullity > 0 and sigma_nullity > 0


@pytest.mark.parametrize(("pattern", "why"), [
    ("0101", "odd number of rows and columns"),
    ("11/11", "odd number of rows and columns"),
    ("1/11/1", "same length"),
    ("000/000/000", "toggles no cell"),
    ("010/121/010", "rows of 0/1"),
    ("plus/x", "rows of 0/1"),
    ("", "at least one row"),
    ("/".join(["1" * 11] * 11), "at most 9x9"),
])
def test_bad_patterns_are_one_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          pattern: str, why: str) -> None:
    out = tmp_path / "g.html"
    with pytest.raises(SystemExit) as exited:  # refused while the options are parsed
        main(["play", "--pattern", pattern, "-o", str(out)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("lightsart: error: argument --pattern: pattern ") and err.count("\n") == 1, err
    assert why in err
    assert not out.exists()


# Rules whose tiny boards have quiet patterns (so some pictures need changing), and some without.
FIT_RULES = [("sigma", "plane"), ("x", "torus"), ("square", "cylinder"), ("corner", "torus"),
             ("far", "cylinder"), ("plus", "torus"), ("plus", "plane")]


def noise_png(path: Path, m: int, n: int, seed: int) -> Path:
    from PIL import Image

    rng = np.random.default_rng(seed)
    Image.fromarray((rng.integers(0, 2, (m, n)) * 255).astype(np.uint8)).save(path)
    return path


def as_bits(board: np.ndarray) -> int:
    return sum(1 << k for k, v in enumerate(board.ravel()) if v)


def test_picture_goal_is_the_closest_reachable_board_under_the_rules(tmp_path: Path) -> None:
    from lightsart._core.board import board_from_clicks
    from lightsart._core.general import packed_algebra as rules_algebra
    from lightsart._rules import Rules, parse_pattern

    changed, differ = 0, 0
    for name, topology in FIT_RULES:
        pattern = PATTERNS[name]
        for (m, n), seed in itertools.product(((3, 3), (3, 4), (4, 4)), range(3)):
            png = noise_png(tmp_path / f"{m}x{n}-{seed}.png", m, n, seed)
            best = fewest(m, n, pattern, topology)
            rules = Rules(m, n, parse_pattern(pattern), topology)  # type: ignore[arg-type]
            boards = []
            for origin in ("lit", "dark"):
                fit, _ = play.picture_goal(png, (n, m), pattern=pattern,  # type: ignore[arg-type]
                                           topology=topology, origin=origin)  # type: ignore[arg-type]
                where = f"{name} {topology} {m}x{n} seed {seed} from {origin}"
                assert fit.board.shape == fit.target.shape == (m, n), where
                # Reachable from the origin: by the brute force, and by the Python algebra.
                start = (1 << (m * n)) - 1 if origin == "lit" else 0
                assert best[start ^ as_bits(fit.board)] >= 0, where
                lit = int(origin == "lit")
                assert np.array_equal(board_from_clicks(fit.clicks, rules) ^ (1 - lit), fit.board), where
                x = rules_algebra(rules).solve(fit.board ^ lit)
                assert x is not None and np.array_equal(board_from_clicks(x, rules) ^ (1 - lit),
                                                        fit.board), where
                assert fit.nullity == m * n - rank(list(columns(m, n, pattern, topology))), where
                # Fewest wrong pixels: no board reachable from the origin is closer to the target.
                target = as_bits(fit.target)
                closest = min(popcount(start ^ c ^ target) for c in np.flatnonzero(best >= 0))
                assert fit.wrong_pixels == popcount(as_bits(fit.board) ^ target) == closest, where
                assert fit.wrong_pixels_proven_minimal, where
                # The fewest clicks making that board (exact: nullity at most 20 here).
                assert fit.clicks_count == best[start ^ as_bits(fit.board)], where
                changed += fit.wrong_pixels
                boards.append(as_bits(fit.board))
            differ += boards[0] != boards[1]
    assert changed > 0  # some pictures were not reachable as they were
    assert differ > 0  # and under some rules all-lit is not reachable: the origins differ


def test_image_under_any_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lightsart._core.board import board_from_clicks
    from lightsart._core.general import packed_algebra as rules_algebra
    from lightsart._rules import Rules, parse_pattern

    png = noise_png(tmp_path / "noise.png", 30, 40, 5)
    out = tmp_path / "g.html"
    for name, topology in (("x", "torus"), ("sigma", "plane"), ("corner", "cylinder")):
        assert main(["play", "--image", str(png), "--size", "8x6", "--pattern", PATTERNS[name],
                     "--topology", topology, "-o", str(out)]) == 0
        nullity = 48 - rank(list(columns(6, 8, PATTERNS[name], topology)))
        line = capsys.readouterr().out.splitlines()[0]
        shown = name if name in ("x", "sigma") else PATTERNS[name]
        assert line.startswith(f"board 8x6, pattern {shown} on the {topology}, nullity {nullity}, "
                               "goal your picture ("), line
        data = page_data(out.read_text())
        assert data["rules"] == rules_of(PATTERNS[name], topology)
        picture = np.array([[int(ch) for ch in row] for row in data["picture"]], dtype=np.uint8)
        rules = Rules(6, 8, parse_pattern(PATTERNS[name]), topology)  # type: ignore[arg-type]
        clicks = rules_algebra(rules).solve(picture ^ 1)
        assert clicks is not None and np.array_equal(board_from_clicks(clicks, rules), picture)
    # To clear the picture (--start picture) it is fitted to be reachable from all-dark instead:
    # under sigma on this torus the all-lit board is not reachable, so the two differ.
    sigma = Rules(6, 9, parse_pattern("sigma"), "torus")
    assert not rules_algebra(sigma).is_reachable(np.ones((6, 9), np.uint8))
    assert main(["play", "--image", str(png), "--size", "9x6", "--pattern", "sigma", "--topology",
                 "torus", "--start", "picture", "-o", str(out)]) == 0
    capsys.readouterr()
    data = page_data(out.read_text())
    picture = np.array([[int(ch) for ch in row] for row in data["picture"]], dtype=np.uint8)
    assert data["start"] == "picture" and rules_algebra(sigma).is_reachable(picture)
    with pytest.raises(LightsartError, match="not reachable from the all-lit board"):
        play.game_page_html(picture=picture, pattern="sigma", topology="torus")
    # A picture that is not reachable under the page's rules is refused, naming the rules.
    best = fewest(3, 3, PATTERNS["sigma"], "plane")
    unreachable = int(np.flatnonzero(best < 0)[0])
    picture = np.array([(unreachable ^ 511) >> k & 1 for k in range(9)], np.uint8).reshape(3, 3)
    with pytest.raises(LightsartError, match=r"not reachable .* under pattern sigma on the plane"):
        play.game_page_html(picture=picture, pattern="sigma")
    play.game_page_html(picture=picture)  # (the classic rules reach every 3x3 board)
    with pytest.raises(LightsartError, match="elimination, up to 2304 cells"):
        play.game_page_html(picture=np.ones((49, 48), np.uint8), pattern="x")
    with pytest.raises(LightsartError, match="topology"):
        play.game_page_html(5, 5, topology="klein")  # type: ignore[arg-type]


def test_artwork_page_carries_rules_and_chains_under_them(tmp_path: Path) -> None:
    m, n, pattern = 4, 5, "110/010/000"
    cols = columns(m, n, pattern, "torus")
    start = np.ones((m, n), dtype=np.uint8)
    clicks = np.array([[0, 0], [3, 4], [1, 2]])
    x = sum(1 << int(r * n + c) for r, c in clicks)
    after = start.reshape(-1) ^ np.array([press(x, cols) >> k & 1 for k in range(m * n)], np.uint8)
    segments = [(start, clicks), (after.reshape(m, n), clicks[::-1])]
    data = page_data(artwork.artwork_page_html(segments, pattern=pattern, topology="torus"))
    assert data["rules"] == {"pattern": [[1, 1, 0], [0, 1, 0], [0, 0, 0]], "topology": "torus"}
    assert page_data(artwork.artwork_page_html([(start, clicks)]))["rules"]["topology"] == "plane"
    with pytest.raises(LightsartError, match="does not start where"):  # chained by other rules
        artwork.artwork_page_html(segments)


# ---------------------------------------------------------------------------------------------
# The page's solver in Chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture(scope="module")
def solver_page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[harness.Watched]:
    path = tmp_path_factory.mktemp("rules") / "game.html"
    play.write_game_page(path, 3, 3)
    ctx = browser.new_context()
    watched = harness.watch(ctx)
    watched.open(path)
    yield watched
    ctx.close()
    assert watched.errors == [], watched.errors


SOLVE = """([m, n, rules, boards, method]) => {
  const LO = LightsOut, N = m * n;
  const alg = LO.algebra(m, n, LO.makeRules(rules), method);
  const bits = (v) => Uint8Array.from({ length: N }, (_, k) => Math.floor(v / 2 ** k) % 2);
  const int = (a) => a.reduce((s, v, k) => s + (v ? 2 ** k : 0), 0);
  return {
    nullity: alg.nullity, method: alg.method, symmetric: alg.symmetric,
    quiet: alg.quiet.map(int), left: alg.left.map(int),
    // What a click does on the page: the press operator's columns, one click at a time.
    columns: Array.from({ length: N }, (_, k) => int(LO.press(bits(2 ** k), m, n, LO.makeRules(rules)))),
    answers: boards.map((b) => {
      const c = bits(b), s = alg.minimalSolution(c, new Uint8Array(N));
      return s ? [true, int(s.clicks), s.count, s.exact] : [false, int(alg.obstruction(c))];
    }),
  };
}"""


def rules_of(pattern: str, topology: str) -> dict[str, Any]:
    return {"pattern": [[int(ch) for ch in row] for row in pattern.split("/")],
            "topology": topology}


@pytest.mark.parametrize("topology", TOPOLOGIES)
@pytest.mark.parametrize("name", list(PATTERNS))
def test_page_solver_matches_brute_force(solver_page: harness.Watched, topology: str,
                                         name: str) -> None:
    pattern = PATTERNS[name]
    rng = np.random.default_rng(sum(map(ord, name + topology)))
    for m, n in SIZES:
        cells = m * n
        best = fewest(m, n, pattern, topology)
        cols = columns(m, n, pattern, topology)
        if cells <= 10:
            boards = list(range(1 << cells))
        else:  # half reachable, half uniformly random
            reachable = np.flatnonzero(best >= 0)
            boards = [int(b) for b in rng.choice(reachable, 150)]
            boards += [int(b) for b in rng.integers(0, 1 << cells, 150)]
        got = solver_page.page.evaluate(SOLVE, [m, n, rules_of(pattern, topology), boards, "auto"])
        where = f"{name} {topology} {m}x{n}"
        reachable_count = int((best >= 0).sum())
        assert 2 ** got["nullity"] * reachable_count == 2 ** cells, where
        classic = name == "plus" and topology == "plane"
        assert got["method"] == ("chase" if classic else "elimination")
        assert tuple(got["columns"]) == cols, where
        # Quiet patterns: a basis of the click sets that change nothing.
        assert all(q and press(q, cols) == 0 for q in got["quiet"]), where
        assert rank(got["quiet"]) == got["nullity"] == len(got["quiet"]), where
        # Left kernel: boards every click meets evenly (A^T y = 0), as many as quiet patterns.
        assert all(all(popcount(y & c) % 2 == 0 for c in cols) for y in got["left"]), where
        assert rank(got["left"]) == got["nullity"] == len(got["left"]), where
        for b, answer in zip(boards, got["answers"], strict=True):
            assert answer[0] == (best[b] >= 0), (where, b)
            if answer[0]:
                _, x, count, exact = answer
                assert press(x, cols) == b and popcount(x) == count, (where, b)
                assert exact and count == best[b], (where, b)
            else:  # the obstruction: in the left kernel and odd on the board
                y = answer[1]
                assert popcount(y & b) % 2 == 1, (where, b)
                assert all(popcount(y & c) % 2 == 0 for c in cols), (where, b)


PRESS = """(cases) => cases.map(([m, n, rules, clickSets]) => {
  const LO = LightsOut, r = LO.makeRules(rules);
  return clickSets.map((x) => Array.from(LO.press(Uint8Array.from(x), m, n, r)));
})"""
# Python's rules: a 5x5 pattern whose offsets meet on narrow wrapped boards in pairs and in threes.
WIDE = "10101/00000/10101/00000/10101"


def test_page_press_is_python_press_for_every_rules(solver_page: harness.Watched) -> None:
    from lightsart._rules import Rules, parse_pattern
    from lightsart._rules import press as python_press

    rng = np.random.default_rng(12)
    cases, expected = [], []
    for text in [*PATTERNS.values(), WIDE]:
        for topology in TOPOLOGIES:
            for m, n in ((1, 1), (2, 2), (1, 3), (3, 1), (2, 5), (5, 2), (3, 4), (4, 6)):
                rules = Rules(m, n, parse_pattern(text), topology)  # type: ignore[arg-type]
                units = list(np.eye(m * n, dtype=np.uint8).reshape(-1, m, n))
                click_sets = units + list(rng.integers(0, 2, (6, m, n), dtype=np.uint8))
                cases.append([m, n, rules_of(text, topology), [x.ravel().tolist() for x in click_sets]])
                expected.append([python_press(x, rules).ravel().tolist() for x in click_sets])
    got = solver_page.page.evaluate(PRESS, cases)
    for case, want, have in zip(cases, expected, got, strict=True):
        assert have == want, case[:3]
    # Cancelling offsets: plus on a 2x2 torus toggles only the clicked cell (up = down,
    # left = right), so A = I and the nullity is 0 (OEIS A165738 at n = 2).
    plus = {"pattern": rules_of(PATTERNS["plus"], "torus")["pattern"], "topology": "torus"}
    assert solver_page.page.evaluate(PRESS, [[2, 2, plus, [[0, 0, 1, 0]]]]) == [[[0, 0, 1, 0]]]
    nullities = solver_page.page.evaluate(
        "() => [1, 2].map((s) => LightsOut.algebra(s, s, LightsOut.makeRules({"
        "pattern: LightsOut.PATTERNS.plus, topology: 'torus'})).nullity)")
    assert nullities == [0, 0]


@pytest.mark.parametrize(("m", "n"), [(1, 1), (2, 7), (5, 5), (4, 9), (6, 8), (7, 7)])
def test_light_chasing_and_elimination_agree_on_the_classic_rules(
        solver_page: harness.Watched, m: int, n: int) -> None:
    rng = np.random.default_rng(m * 100 + n)
    cols = columns(m, n, PATTERNS["plus"], "plane")
    randoms = [int(v) for v in rng.integers(0, 1 << (m * n), 16)]  # (cell bits fit a double)
    boards = [press(x, cols) for x in randoms[:8]] + randoms[8:]
    rules = rules_of(PATTERNS["plus"], "plane")
    chased, eliminated = (solver_page.page.evaluate(SOLVE, [m, n, rules, boards, method])
                          for method in ("auto", "elimination"))
    assert (chased["method"], eliminated["method"]) == ("chase", "elimination")
    assert chased["nullity"] == eliminated["nullity"] == classic_algebra(m, n).nullity
    for b, a, e in zip(boards, chased["answers"], eliminated["answers"], strict=True):
        assert a[0] == e[0]
        if a[0]:
            assert a[2] == e[2] and a[3] == e[3]  # the same fewest count, both exact or not
            assert press(a[1], cols) == b == press(e[1], cols)


LARGE = """([m, n]) => {
  const LO = LightsOut, N = m * n, rules = LO.makeRules({});
  const chased = LO.algebra(m, n, rules), eliminated = LO.algebra(m, n, rules, "elimination");
  const out = [];
  for (let s = 0; s < 6; s++) {
    const c = s % 2 ? LO.press(LO.randomClicks(N), m, n) : LO.randomClicks(N);
    const a = chased.minimalSolution(c, new Uint8Array(N));
    const e = eliminated.minimalSolution(c, new Uint8Array(N));
    out.push([a === null, e === null, a && a.count, e && e.count, a && a.exact, e && e.exact,
      e ? LO.press(e.clicks, m, n).every((v, k) => v === c[k]) : null,
      e ? null : LO.count(eliminated.obstruction(c).map((v, k) => v & c[k])) % 2]);
  }
  return { nullity: [chased.nullity, eliminated.nullity], out };
}"""


@pytest.mark.parametrize(("m", "n"), [(9, 9), (16, 16), (30, 30), (17, 23)])
def test_light_chasing_and_elimination_agree_on_large_classic_boards(
        solver_page: harness.Watched, m: int, n: int) -> None:
    got = solver_page.page.evaluate(LARGE, [m, n])
    assert got["nullity"] == [classic_algebra(m, n).nullity] * 2
    for a_none, e_none, a_count, e_count, a_exact, e_exact, presses, odd in got["out"]:
        assert a_none == e_none
        if not a_none:
            assert a_count == e_count and a_exact == e_exact and presses
        else:
            assert odd == 1


# ---------------------------------------------------------------------------------------------
# The rules controls and the artwork page in Chromium


@pytest.fixture
def tab(browser: Any) -> Iterator[harness.Watched]:
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    watched = harness.watch(ctx)
    yield watched
    ctx.close()
    assert watched.errors == [], watched.errors
    assert len(set(watched.requests)) <= 1, watched.requests  # the page file, nothing else


def state(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const g = window.lightsartGame; return {
        rows: g.rows, moves: g.moves, won: g.won, par: g.par, hint: g.hint, rules: g.rules,
        solvable: g.solvable, marks: g.marks, size: g.size, exact: g.exact }; }""")


def as_int(rows: list[str]) -> int:
    return sum(1 << k for k, ch in enumerate("".join(rows)) if ch == "1")


def drawn_rows(page: Any) -> list[str]:
    """The board as the canvas shows it: lit colour at each cell's centre."""
    return page.evaluate("""() => {
        const c = document.getElementById('board'), ctx = c.getContext('2d');
        const [n, m] = lightsartGame.size, cell = c.width / n, out = [];
        const px = ctx.getImageData(0, 0, c.width, c.height).data;
        for (let i = 0; i < m; i++) { let r = '';
          for (let j = 0; j < n; j++) {
            const at = 4 * (Math.floor((i + .5) * cell) * c.width + Math.floor((j + .5) * cell));
            r += px[at] > 200 && px[at + 1] > 150 ? '1' : '0'; }
          out.push(r); }
        return out; }""")


def click_board(page: Any, k: int) -> None:
    n, m = page.evaluate("lightsartGame.size")
    harness.click_cell(page, k // n, k % n, m, n)


def test_drawing_a_pattern_and_choosing_a_torus_change_what_a_click_does(
        tab: harness.Watched, tmp_path: Path) -> None:
    path = tmp_path / "game.html"
    play.write_game_page(path, 5, 5, start="lit")
    tab.open(path)
    page = tab.page
    assert state(page)["rules"] == {"pattern": "010/111/010", "topology": "plane"}
    assert "plus on the plane" in page.inner_text("#rules-text")
    page.select_option("#topology", "torus")
    # Draw 110/010/000 from the plus: grid cells are numbered row by row, the centre is 4.
    cells = page.locator("#pattern-grid .pcell")
    assert cells.count() == 9 and "centre" in (cells.nth(4).get_attribute("class") or "")
    for k in (0, 3, 5, 7):
        cells.nth(k).click()
    assert [cells.nth(k).get_attribute("aria-pressed") for k in range(9)] == \
        ["true", "true", "false", "false", "true", "false", "false", "false", "false"]
    assert state(page)["rules"] == {"pattern": "110/010/000", "topology": "torus"}
    assert page.input_value("#pattern") == "custom"
    assert "110/010/000 on a torus" in page.inner_text("#rules-text")
    cols = columns(5, 5, "110/010/000", "torus")
    assert state(page)["rows"] == ["11111"] * 5  # a new game under the new rules, all lit
    board = (1 << 25) - 1
    for k in (0, 24, 12):  # corners wrap: the cell up-left of (0, 0) is (4, 4)
        click_board(page, k)
        board ^= cols[k]
        assert as_int(state(page)["rows"]) == board
    assert drawn_rows(page) == state(page)["rows"]  # (one canvas readback: more would warn)
    # The page's own moves count under these rules, and Undo undoes one of them.
    page.click("#undo")
    board ^= cols[12]
    assert as_int(state(page)["rows"]) == board and state(page)["moves"] == 2


def test_hints_follow_the_rules_to_the_fewest_moves(tab: harness.Watched, tmp_path: Path) -> None:
    pattern, topology = PATTERNS["far"], "cylinder"
    path = tmp_path / "game.html"
    play.write_game_page(path, 4, 4, pattern=pattern, topology=topology)
    tab.open(path)
    page = tab.page
    assert page.input_value("#pattern-side") == "5"
    best, cols = fewest(4, 4, pattern, topology), columns(4, 4, pattern, topology)
    start = as_int(state(page)["rows"])
    assert best[start] > 0 and state(page)["par"] == best[start] and state(page)["exact"]
    page.locator("body").click(position={"x": 5, "y": 5})
    for moves in range(1, best[start] + 1):
        page.keyboard.press("h")
        k = state(page)["hint"]
        # The cell is named as the command line names it: (row, col) counting from 0.
        assert f"(row {k // 4}, column {k % 4}, counting from 0" in page.inner_text("#message")
        before = as_int(state(page)["rows"])
        click_board(page, k)
        assert as_int(state(page)["rows"]) == before ^ cols[k]
        assert best[before ^ cols[k]] == best[start] - moves
    assert state(page)["won"] and state(page)["moves"] == best[start]
    # Show solution under other rules: the marks press the start to all-off.
    page.select_option("#pattern", "x")
    page.select_option("#topology", "torus")
    cols = columns(4, 4, PATTERNS["x"], "torus")
    page.click("#solution")
    now = state(page)
    assert now["rules"] == {"pattern": PATTERNS["x"], "topology": "torus"}
    assert press(as_int(now["marks"]), cols) == as_int(now["rows"])
    assert popcount(as_int(now["marks"])) == fewest(4, 4, PATTERNS["x"], "torus")[as_int(now["rows"])]


def test_unsolvable_all_lit_start_is_explained(tab: harness.Watched, tmp_path: Path) -> None:
    path = tmp_path / "game.html"
    play.write_game_page(path, 3, 3, start="lit", pattern="sigma")
    tab.open(path)
    page = tab.page
    assert fewest(3, 3, PATTERNS["sigma"], "plane")[(1 << 9) - 1] == -1  # (independently)
    now = state(page)
    assert now["rows"] == ["111"] * 3 and not now["solvable"] and now["par"] is None
    assert "cannot be solved under these rules" in page.inner_text("#message")
    page.click("#hint")
    assert state(page)["hint"] is None
    # Random starts under the same rules are always solvable.
    page.select_option("#start", "random")
    assert fewest(3, 3, PATTERNS["sigma"], "plane")[as_int(state(page)["rows"])] > 0


def test_artwork_clicks_follow_the_page_rules(tab: harness.Watched, tmp_path: Path) -> None:
    m, n, pattern, topology = 4, 6, PATTERNS["sigma"], "torus"
    cols = columns(m, n, pattern, topology)
    rng = np.random.default_rng(4)
    start = rng.integers(0, 2, (m, n)).astype(np.uint8)
    clicks = np.array([[0, 0], [3, 5], [2, 1], [1, 4]])
    end = as_int(["".join(map(str, row)) for row in start])
    for r, c in clicks:
        end ^= cols[r * n + c]
    path = tmp_path / "art.html"
    artwork.write_artwork_page(path, [(start, clicks)], cell=30, autoplay=False, pattern=pattern,
                            topology=topology)
    tab.open(path)
    page = tab.page
    assert page.evaluate("lightsartArt.rules") == {"pattern": pattern, "topology": topology}
    page.keyboard.press("End")
    assert as_int(page.evaluate("lightsartArt.rows")) == end
    harness.click_cell(page, 0, 5, m, n)  # the viewer's click, under the same rules
    assert as_int(page.evaluate("lightsartArt.rows")) == end ^ cols[5]
    assert "wrapping around every edge" in page.text_content("#facts")


def test_picture_goal_under_other_rules_is_played_under_them(tab: harness.Watched,
                                                            tmp_path: Path) -> None:
    m, n, name, topology = 6, 9, "x", "torus"
    pattern = PATTERNS[name]
    fit, _ = play.picture_goal(noise_png(tmp_path / "noise.png", 30, 40, 2), (n, m),
                               pattern=pattern, topology=topology)
    assert fit.wrong_pixels > 0  # the noise was not reachable as it was
    path = tmp_path / "game.html"
    page_info = play.write_game_page(path, picture=fit.board, start="lit", pattern=pattern,
                                     topology=topology)
    tab.open(path)
    page = tab.page
    now = state(page)
    cols = columns(m, n, pattern, topology)
    assert now["rules"] == {"pattern": pattern, "topology": topology}
    assert page.evaluate("lightsartGame.goal") == ["".join(map(str, row)) for row in fit.board]
    assert page.evaluate("lightsartGame.nullity") == page_info.nullity == fit.nullity > 0
    # From all lit the picture is solvable under these rules, in as few clicks as Python found.
    assert now["rows"] == ["1" * n] * m and now["solvable"] and now["par"] == fit.clicks_count
    page.click("#solution")
    marks = as_int(state(page)["marks"])
    assert press(marks, cols) == as_int(now["rows"]) ^ as_bits(fit.board)
