"""One game for any number of states (issue 21): the pages' Python side and ``Lights`` (lights.js).

The pages call one API whatever K is: ``Lights.algebra(m, n, rules, K)`` and its press operator.
Here a K = 2 and a K = 3 game are played through it in headless Chromium and checked against the
Python algebra and an operator written here (counts of pattern cells landing on each cell, mod K):
a solution re-applied makes the change, its count is the presses it holds, solvability is
Python's, and an unsolvable position's weights are orthogonal to every press column. The Z/K
solver's K = 2 case is checked against the GF(2) fast path ``Lights`` picks for two states.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness

from lightsart._core.general import packed_algebra as gf2_algebra
from lightsart._core.modk import modk_algebra
from lightsart._pages import _page, play
from lightsart._rules import Rules, parse_pattern, press

PATTERNS = {"plus": "010/111/010", "x": "101/010/101", "corner": "110/010/000"}


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


def rules_of(name: str, m: int, n: int, topology: str, k: int) -> Rules:
    return Rules(m, n, parse_pattern(PATTERNS[name]), topology, k)  # type: ignore[arg-type]


def python_reachable(change: np.ndarray, rules: Rules) -> bool:
    """Python's algebra: GF(2) for two states, Z/k otherwise."""
    if rules.states == 2:
        return bool(gf2_algebra(rules).is_reachable(change))
    return bool(modk_algebra(rules).is_reachable(change))


# ---------------------------------------------------------------------------------------------
# Python side


@pytest.mark.parametrize(("m", "n", "name", "topology"), [(5, 5, "plus", "plane"),
                                                          (4, 4, "plus", "plane"),
                                                          (6, 6, "x", "torus"),
                                                          (5, 7, "corner", "cylinder")])
def test_kernel_and_reachability_for_two_and_three_states(m: int, n: int, name: str,
                                                          topology: str) -> None:
    rng = np.random.default_rng(m * n)
    for k in (2, 3):
        rules = rules_of(name, m, n, topology, k)
        a = operator(m, n, PATTERNS[name], topology, k)
        nullity, size = play.kernel(rules)
        # two states come from the GF(2) algebras: Z/2's answer is the independent witness
        assert size == modk_algebra(rules).kernel_size and (k != 2 or size == 2**nullity)
        for x in rng.integers(0, k, (5, m * n)):
            reach = (a @ x % k).reshape(m, n).astype(np.uint8)
            assert play.is_reachable(reach, rules)
        for c in rng.integers(0, k, (5, m, n)).astype(np.uint8):
            assert play.is_reachable(c, rules) == python_reachable(c, rules)


def test_two_state_presses_are_clicks() -> None:
    rng = np.random.default_rng(2)
    for name, topology in (("plus", "plane"), ("x", "torus"), ("corner", "cylinder")):
        rules = rules_of(name, 5, 6, topology, 2)
        start = rng.integers(0, 2, (5, 6)).astype(np.uint8)
        cells = rng.integers(0, 30, 17)
        toggled = np.zeros(30, dtype=np.uint8)
        np.bitwise_xor.at(toggled, cells, 1)  # a cell clicked twice undoes itself
        want = start ^ press(toggled.reshape(5, 6), rules)
        assert np.array_equal(_page.after_presses(start, cells, rules), want)
    assert _page.level_rows(np.array([[0, 1], [1, 0]])) == ["01", "10"]
    assert _page.as_levels(np.array([[True, False]]), 2, "b").tolist() == [[1, 0]]


# ---------------------------------------------------------------------------------------------
# The pages: one API whatever K


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture
def tab(browser: Any) -> Iterator[harness.Watched]:
    yield from harness.tab(browser, 1000, 800, schemes=None)


SOLVE = """([m, n, rules, K, changes, viaZ]) => {
  const r = LightsOut.makeRules(rules), N = m * n;
  const alg = viaZ ? LightsModK.algebra(m, n, r, K) : Lights.algebra(m, n, r, K);
  return { size: alg.kernelSize, nullity: alg.nullity, exact: alg.exact,
    orders: alg.orders, gens: alg.gens.map((g) => Array.from(g)),
    answers: changes.map((c) => {
      const s = alg.minimalSolution(new Uint8Array(N), Uint8Array.from(c));
      return s ? [true, Array.from(s.clicks), s.count, s.exact]
        : [false, Array.from(alg.obstruction(Uint8Array.from(c)))];
    }) };
}"""


def solve_on_page(page: Any, m: int, n: int, name: str, topology: str, k: int,
                  changes: list[list[int]], via_z: bool = False) -> dict[str, Any]:
    rules = {"pattern": [[int(ch) for ch in row] for row in PATTERNS[name].split("/")],
             "topology": topology}
    return page.evaluate(SOLVE, [m, n, rules, k, changes, via_z])  # type: ignore[no-any-return]


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize(("m", "n", "name", "topology"), [(5, 5, "plus", "plane"),
                                                          (4, 4, "plus", "plane"),
                                                          (6, 6, "x", "torus"),
                                                          (5, 7, "corner", "cylinder")])
def test_one_api_solves_any_states_as_python_does(tab: harness.Watched, tmp_path: Path, k: int,
                                                  m: int, n: int, name: str,
                                                  topology: str) -> None:
    path = tmp_path / "g.html"
    play.write_game_page(path, 5, 5, states=k)
    tab.open(path)
    rng = np.random.default_rng(k * m * n)
    a = operator(m, n, PATTERNS[name], topology, k)
    rules = rules_of(name, m, n, topology, k)
    reachable = [list(a @ x % k) for x in rng.integers(0, k, (6, m * n))]
    changes = [[int(v) for v in c] for c in reachable + list(rng.integers(0, k, (10, m * n)))]
    got = solve_on_page(tab.page, m, n, name, topology, k, changes)
    assert got["size"] == play.kernel(rules)[1]
    for g, o in zip(got["gens"], got["orders"], strict=True):  # generators change nothing
        assert any(g) and not (a @ np.array(g) % k).any() and not (o * np.array(g) % k).any()
    unsolvable = 0
    for c, answer in zip(changes, got["answers"], strict=True):
        change = np.array(c, dtype=np.uint8).reshape(m, n)
        assert answer[0] == python_reachable(change, rules), c
        if answer[0]:  # the page's solution, re-applied, makes the change; count = its presses
            x = np.array(answer[1])
            assert np.array_equal(a @ x % k, c) and x.sum() == answer[2]
        else:  # weights orthogonal to every press column, meeting this change non-zero mod k
            unsolvable += 1
            y = np.array(answer[1])
            assert not (y @ a % k).any() and (y @ np.array(c)) % k
    assert unsolvable or got["size"] == 1


@pytest.mark.parametrize(("m", "n", "name", "topology"), [(5, 5, "plus", "plane"),
                                                          (4, 4, "plus", "plane"),
                                                          (6, 6, "x", "torus"),
                                                          (5, 7, "corner", "cylinder"),
                                                          (9, 9, "plus", "plane")])
def test_z_mod_2_agrees_with_the_gf2_fast_path(tab: harness.Watched, tmp_path: Path, m: int,
                                               n: int, name: str, topology: str) -> None:
    path = tmp_path / "g.html"
    play.write_game_page(path, 5, 5, states=3)  # a page carrying both solvers
    tab.open(path)
    rng = np.random.default_rng(m + n)
    a = operator(m, n, PATTERNS[name], topology, 2)
    changes = [[int(v) for v in a @ x % 2] for x in rng.integers(0, 2, (6, m * n))]
    changes += [[int(v) for v in c] for c in rng.integers(0, 2, (6, m * n))]
    fast = solve_on_page(tab.page, m, n, name, topology, 2, changes)
    slow = solve_on_page(tab.page, m, n, name, topology, 2, changes, via_z=True)
    assert fast["size"] == slow["size"] and fast["nullity"] == slow["nullity"]
    for f, s in zip(fast["answers"], slow["answers"], strict=True):
        assert f[0] == s[0]
        if f[0] and f[3] and s[3]:  # both proven fewest: the same count
            assert f[2] == s[2]


def game(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const g = window.lightsartGame; return {
        rows: g.rows, goal: g.goal, moves: g.moves, won: g.won, par: g.par, marks: g.marks,
        states: g.states, size: g.size, kernelSize: g.kernelSize, nullity: g.nullity }; }""")


@pytest.mark.parametrize(("k", "side", "pattern", "topology"), [(2, 5, "plus", "plane"),
                                                                 (2, 6, "x", "torus"),
                                                                 (3, 5, "plus", "plane"),
                                                                 (3, 4, "corner", "cylinder")])
def test_playing_the_shown_solution_wins_in_par(tab: harness.Watched, tmp_path: Path, k: int,
                                                side: int, pattern: str, topology: str) -> None:
    path = tmp_path / "g.html"
    play.write_game_page(path, side, side, states=k, pattern=PATTERNS[pattern], topology=topology)
    tab.open(path)
    page = tab.page
    g = game(page)
    rules = rules_of(pattern, side, side, topology, k)
    assert g["states"] == k and g["kernelSize"] == play.kernel(rules)[1]
    assert g["nullity"] == play.kernel(rules)[0]
    page.click("#solution")
    marks = np.array([[int(ch, 16) for ch in row] for row in game(page)["marks"]]).reshape(-1)
    a = operator(side, side, PATTERNS[pattern], topology, k)
    start = np.array([[int(ch, 16) for ch in row] for row in g["rows"]]).reshape(-1)
    assert not ((start + a @ marks) % k).any()  # the marks, re-applied, reach the goal (dark)
    assert marks.sum() == g["par"]
    page.click("#solution")
    for cell in np.flatnonzero(marks):
        for _ in range(marks[cell]):
            harness.click_cell(page, cell // side, cell % side, side, side)
    g = game(page)
    assert g["won"] and g["moves"] == g["par"] and g["rows"] == g["goal"]
