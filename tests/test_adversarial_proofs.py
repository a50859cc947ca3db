"""Every proof flag and lower bound the tool reports, tried against brute force (issue 20, part 3).

A flag such as ``wrong_cells_proven_minimal`` or ``clicks_proven_minimal`` claims that no answer
of exactly that quantity is smaller. On boards small enough to enumerate every press vector
(``k ** cells`` of them), the reachable boards and the press vectors of each board are listed
here with a press operator built independently of the library, and for every reported quantity:

* the reported value is the value of the reported board (or clicks);
* a lower bound is at most the true minimum, and the true minimum at most the value;
* a flag that says "proven minimal" holds only if the value is the true minimum.

The runs cover 2, 3 and 4 states, the three ``--errors`` pricings, several patterns and
topologies, ``still`` (JSON of :meth:`StillResult.to_dict`), ``animate`` (each transition's
clicks or presses), ``solve`` and ``path`` (2 and k states), engines ``exact``, ``ip`` and
``auto``, and the exact searches switched off so that the heuristic paths (descent, information
set decoding, local search) report their own flags on small boards.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from brute import press_matrix
from numpy.typing import NDArray
from PIL import Image

from lightsart import Look, Pictures, Solving, Timing
from lightsart._jobs import game_rules
from lightsart._pictures.costs import level_costs, pixel_costs
from lightsart._pipeline import make_animation, make_still
from lightsart._rules import Rules

Ints = NDArray[np.int64]

# Board shapes (width, height) with a kernel under the rules, and few enough press vectors.
CASES: dict[int, list[tuple[str, str, int, int]]] = {
    2: [("plus", "plane", 4, 4), ("plus", "torus", 3, 3), ("sigma", "plane", 3, 3),
        ("x", "cylinder", 3, 2), ("square", "plane", 4, 2), ("plus", "cylinder", 4, 2)],
    3: [("plus", "plane", 3, 2), ("plus", "torus", 4, 2), ("sigma", "plane", 3, 3),
        ("x", "plane", 3, 3), ("square", "plane", 4, 2), ("plus", "cylinder", 3, 3)],
    4: [("plus", "plane", 3, 2), ("sigma", "torus", 4, 2), ("x", "cylinder", 3, 2),
        ("square", "plane", 4, 2), ("plus", "torus", 3, 2)],
}
ERRORS = ("perceptual", "uniform", "brightness")
SLACK = 1e-6


# ------------------------------------------------------------------------ brute force


@dataclass(frozen=True)
class Space:
    """Every press vector of a board and the change it makes (row ``i`` of each)."""

    k: int
    shape: tuple[int, int]
    presses: Ints
    changes: Ints

    def boards_from(self, start: Ints) -> Ints:
        return (start.reshape(1, -1) + self.changes) % self.k

    def fewest_presses(self, change: Ints) -> int | None:
        """The fewest presses (a cell pressed j times counts j) making ``change``."""
        hit = (self.changes == change.reshape(1, -1) % self.k).all(axis=1)
        return int(self.presses[hit].sum(axis=1).min()) if hit.any() else None

    def minimal_count(self, change: Ints) -> int:
        hit = (self.changes == change.reshape(1, -1) % self.k).all(axis=1)
        sums = self.presses[hit].sum(axis=1)
        return int((sums == sums.min()).sum())


_SPACES: dict[tuple[Any, ...], Space] = {}


def space(rules: Rules) -> Space:
    key = (rules.shape, rules.pattern.rows, rules.topology, rules.states)
    if key not in _SPACES:
        k, cells = rules.states, rules.cells
        assert k**cells <= 1 << 17, "too many press vectors to enumerate"
        presses = np.array(list(itertools.product(range(k), repeat=cells)), dtype=np.int64)
        _SPACES[key] = Space(k, rules.shape, presses, presses @ press_matrix(rules).T % k)
    return _SPACES[key]


def cell_costs(target: Ints, toned: NDArray[np.float64], k: int, errors: str) -> NDArray[np.float64]:
    """``cost[cell, e]`` of showing each cell at ``target + e mod k`` (zero at ``e = 0``)."""
    t = target.reshape(-1)
    if k == 2:
        # pixel_costs takes a board (2-D), as a user gives it; a row of cells is one.
        per = pixel_costs(np.atleast_2d(target).astype(np.uint8), np.atleast_2d(toned),
                          errors)  # type: ignore[arg-type]
        one = np.ones(t.size) if per is None else per.reshape(-1)
        return np.stack([np.zeros(t.size), one], axis=1)
    priced = level_costs(target.astype(np.uint8), toned, k, errors)  # type: ignore[arg-type]
    if priced is None:
        return np.broadcast_to((np.arange(k) != 0).astype(np.float64), (t.size, k)).copy()
    return np.asarray(priced, dtype=np.float64)


@dataclass(frozen=True)
class Truth:
    """The true minima over every reachable board: wrong cells, their cost, and level error."""

    fewest_wrong: int
    least_cost: float
    least_levels: int


def truth(rules: Rules, target: Ints, costs: NDArray[np.float64]) -> Truth:
    s = space(rules)
    k = rules.states
    boards = s.boards_from(np.full(target.size, k - 1, dtype=np.int64))
    t = target.reshape(1, -1).astype(np.int64)
    err = (boards - t) % k
    wrong = (err != 0).sum(axis=1)
    cost = costs[np.arange(target.size)[None, :], err].sum(axis=1)
    levels = np.abs(boards - t).sum(axis=1)
    return Truth(int(wrong.min()), float(cost.min()), int(levels.min()))


# ---------------------------------------------------------------------- the checks


def check_minimum(name: str, value: float, proven: bool, bound: float | None, true_min: float,
                  where: str) -> None:
    """The reported ``value`` against the brute-force minimum: flag and bound must hold."""
    assert value >= true_min - SLACK, f"{where}: {name} {value} below the true minimum {true_min}"
    if bound is not None:
        assert bound <= true_min + SLACK, (
            f"{where}: {name} lower bound {bound} above the true minimum {true_min}")
    if proven:
        assert value <= true_min + SLACK, (
            f"{where}: {name} {value} said proven minimal, but {true_min} is reachable")


def check_picture(p: dict[str, Any], fit: Any, toned: NDArray[np.float64], where: str) -> None:
    """Every number and flag of one picture of ``still``/``animate --json``."""
    rules = fit.rules or Rules.plus(fit.height, fit.width)
    k = rules.states
    target = fit.target.astype(np.int64)
    board = fit.board.astype(np.int64)
    costs = cell_costs(target, toned, k, p["errors"])
    best = truth(rules, target, costs)
    s = space(rules)
    err = (board - target).reshape(-1) % k
    wrong = int((err != 0).sum())
    cost = float(costs[np.arange(err.size), err].sum())
    # The numbers are those of the board reported.
    assert p["wrong_cells"] == wrong, where
    assert abs(p["wrong_cost"] - cost) <= 1e-5 * max(1.0, cost), where
    presses = fit.clicks.astype(np.int64).reshape(-1)
    assert p["click_count"] == int(presses.sum()), where
    start = np.full(board.size, k - 1, dtype=np.int64)
    assert np.array_equal((start + press_matrix(rules) @ presses) % k, board.reshape(-1)), where
    check_minimum("wrong_cells", p["wrong_cells"], p["wrong_cells_proven_minimal"],
                  p["wrong_cells_lower_bound"], best.fewest_wrong, where)
    check_minimum("wrong_cost", p["wrong_cost"], p["wrong_cost_proven_minimal"],
                  p["wrong_cost_lower_bound"], best.least_cost, where)
    fewest = s.fewest_presses((board.reshape(-1) - start) % k)
    assert fewest is not None
    check_minimum("clicks", p["click_count"], p["click_count_proven_minimal"], None, fewest, where)
    # 1.0: one key per quantity at every number of states (0.2's second names are gone).
    assert not {"wrong_pixels", "clicks", "presses", "presses_proven_minimal"} & set(p), where
    if p["minimised"] == "wrong pixels":
        assert p["wrong_cost_proven_minimal"] == p["wrong_cells_proven_minimal"], where


def _picture(path: Path, seed: int, width: int, height: int) -> Path:
    """A random grey picture of the board's size (one pixel per cell: no resampling)."""
    rng = np.random.default_rng(seed)
    grey = rng.integers(0, 256, (height, width)).astype(np.uint8)
    Image.fromarray(grey).save(path)
    return path


def _cases() -> list[tuple[int, str, str, int, int, str]]:
    return [(k, pat, top, w, h, errors) for k, shapes in CASES.items()
            for (pat, top, w, h) in shapes for errors in ERRORS]


def switch_off_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch the exact searches off: the heuristics then answer, and report, on small boards."""
    from lightsart._core import closest, decode, fewest, optimize, presses
    from lightsart._puzzle import game

    monkeypatch.setattr(closest, "MODK_DECODE_MAX", 0)
    monkeypatch.setattr(presses, "MODK_EXACT_MAX", 0)
    monkeypatch.setattr(decode, "EXACT_NULLITY", -1)
    monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(optimize, "SPLIT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(fewest, "MAX_FEWEST_NULLITY", 0)  # no split search, even when it can finish
    monkeypatch.setattr(game, "COUNT_NULLITY", -1)


@pytest.fixture
def no_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    switch_off_exact(monkeypatch)


def _still(tmp_path: Path, k: int, pat: str, top: str, w: int, h: int, errors: str,
           seed: int, engine: str = "exact") -> None:
    src = _picture(tmp_path / f"p{seed}.png", seed, w, h)
    result = make_still(str(src), str(tmp_path / "out.png"),
                        pictures=Pictures(size=(h, w), errors=errors),
                        solving=Solving(pattern=pat, topology=top, states=k, engine=engine, time_limit=2.0))
    picture = result.to_dict()["pictures"][0]
    toned = result.picture.grey
    assert toned is not None
    where = f"still {w}x{h} {pat} {top} k={k} {errors} {engine} seed {seed}"
    check_picture(picture, result.picture.fit, toned, where)


@pytest.mark.parametrize(("k", "pat", "top", "w", "h", "errors"), _cases())
def test_still_flags_hold_against_brute_force(tmp_path: Path, k: int, pat: str, top: str,
                                              w: int, h: int, errors: str) -> None:
    for seed in range(3):
        _still(tmp_path, k, pat, top, w, h, errors, seed)


@pytest.mark.parametrize(("k", "pat", "top", "w", "h", "errors"),
                         [c for c in _cases() if c[5] != "brightness" or c[0] > 2])
def test_heuristic_flags_hold_against_brute_force(tmp_path: Path, no_exact: None, k: int,
                                                  pat: str, top: str, w: int, h: int,
                                                  errors: str) -> None:
    for seed in range(2):
        _still(tmp_path, k, pat, top, w, h, errors, seed)


@pytest.mark.parametrize(("engine", "k", "errors"),
                         [("ip", 2, "uniform"), ("ip", 2, "perceptual"), ("auto", 2, "perceptual"),
                          ("ip", 3, "uniform"), ("ip", 3, "perceptual")])
def test_solver_engines_flags_hold(tmp_path: Path, engine: str, k: int, errors: str) -> None:
    pytest.importorskip("pulp")
    pat, top, w, h = CASES[k][0]
    _still(tmp_path, k, pat, top, w, h, errors, 0, engine)


# ------------------------------------------------------------------------ animate


@pytest.mark.parametrize("k", [2, 3, 4])
@pytest.mark.parametrize("heuristic", [False, True])
def test_animate_transitions_flags_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, k: int,
                                        heuristic: bool) -> None:
    if heuristic:
        switch_off_exact(monkeypatch)
    for pat, top, w, h in CASES[k][:3]:
        paths = [str(_picture(tmp_path / f"a{i}.png", 10 + i, w, h)) for i in range(3)]
        result = make_animation(paths, str(tmp_path / "a.gif"), pictures=Pictures(size=(h, w)),
                                solving=Solving(pattern=pat, topology=top, states=k),
                                timing=Timing(duration=0.2, hold=0.0, fps=10.0), look=Look(cell=1))
        data = result.to_dict()
        rules = result.pictures[0].fit.rules or Rules.plus(h, w)
        s = space(rules)
        where = f"animate {w}x{h} {pat} {top} k={k}"
        for picture, p in zip(result.pictures, data["pictures"], strict=True):
            assert picture.grey is not None
            check_picture(p, picture.fit, picture.grey, where)
        pairs = zip(result.pictures, result.pictures[1:], strict=False)
        for t, (a, b), step in zip(data["transitions"], pairs, result.transitions, strict=True):
            change = (b.fit.board.astype(np.int64) - a.fit.board.astype(np.int64)).reshape(-1)
            fewest = s.fewest_presses(change % k)
            assert fewest is not None
            assert t["click_count"] == int(step.clicks.astype(np.int64).sum()), where
            check_minimum("transition clicks", t["click_count"], t["click_count_proven_minimal"],
                          None, fewest, where)


# --------------------------------------------------------------------- solve, path


def _boards(k: int, cells: int, count: int, seed: int) -> list[Ints]:
    rng = np.random.default_rng(seed)
    return [rng.integers(0, k, cells) for _ in range(count)]


@pytest.mark.parametrize(("pat", "top", "w", "h"), CASES[2])
def test_solve_flags_hold_two_states(pat: str, top: str, w: int, h: int) -> None:
    from lightsart._puzzle.solve import solve_puzzle

    rules = game_rules(w, h, pat, top) or Rules.plus(h, w)
    s = space(rules)
    for goal in ("off", "on"):
        for b in _boards(2, w * h, 6, w * h):
            board = b.reshape(h, w).astype(np.uint8)
            sol = solve_puzzle(board, goal, rules).to_dict()
            level = 0 if goal == "off" else 1
            change = (level - b) % 2
            fewest = s.fewest_presses(change)
            where = f"solve {w}x{h} {pat} {top} {goal} {b.tolist()}"
            assert sol["solvable"] == (fewest is not None), where
            if fewest is not None:
                check_minimum("click_count", sol["click_count"], sol["proven_minimal"], None, fewest,
                              where)
                if sol["minimal_solutions"] is not None:
                    assert sol["minimal_solutions"] == s.minimal_count(change), where
                continue
            # Fewest lights to change: the reachable change nearest to the needed one.
            need = truth(rules, (1 - change) % 2, cell_costs(change, np.zeros(change.size), 2,
                                                               "uniform"))
            check_minimum("fewest_cells_to_change", sol["fewest_cells_to_change"],
                          sol["fewest_cells_proven"], None, need.fewest_wrong, where)


@pytest.mark.parametrize(("pat", "top", "w", "h"), [*CASES[3], *CASES[4]])
def test_solve_flags_hold_k_states(pat: str, top: str, w: int, h: int) -> None:
    from lightsart._puzzle.solve import solve_puzzle

    k = 3 if (pat, top, w, h) in CASES[3] else 4
    rules = game_rules(w, h, pat, top, k)
    assert rules is not None
    s = space(rules)
    for goal in ("off", "on"):
        for b in _boards(k, w * h, 6, w * h + k):
            sol = solve_puzzle(b.reshape(h, w).astype(np.uint8), goal, rules).to_dict()
            level = 0 if goal == "off" else k - 1
            change = (level - b) % k
            fewest = s.fewest_presses(change)
            where = f"solve --states {k} {w}x{h} {pat} {top} {goal} {b.tolist()}"
            assert sol["solvable"] == (fewest is not None), where
            if fewest is not None:
                check_minimum("click_count", sol["click_count"], sol["proven_minimal"], None,
                              fewest, where)
                continue
            # Fewest cells to change: over every board reachable from this one, the fewest
            # cells unlike the goal.
            boards = s.boards_from(b)
            least = int(((boards != level).sum(axis=1)).min())
            check_minimum("fewest_cells_to_change", sol["fewest_cells_to_change"],
                          sol["fewest_cells_proven"], sol["fewest_cells_lower_bound"], least, where)


def test_solve_flags_hold_heuristic(no_exact: None) -> None:
    test_solve_flags_hold_k_states("plus", "torus", 4, 2)
    test_solve_flags_hold_k_states("square", "plane", 4, 2)
    test_solve_flags_hold_two_states("plus", "plane", 4, 4)


def test_path_flags_hold() -> None:
    from lightsart._puzzle.solve import click_path

    for rules in (Rules.plus(4, 4), game_rules(3, 2, "plus", "plane", 3),
                  game_rules(4, 2, "sigma", "torus", 4)):
        assert rules is not None
        k, (h, w) = rules.states, rules.shape
        s = space(rules)
        for b in _boards(k, w * h, 8, 5):
            fewest = s.fewest_presses((-b) % k)
            if fewest is None:
                continue
            board = b.reshape(h, w).astype(np.uint8)
            p = click_path(board, "off", rules)
            check_minimum("click_count", p.click_count, p.proven_minimal, None, fewest,
                          f"path k={k}")


def test_cost_bound_gives_a_count_bound() -> None:
    """A least cost bounds the count only through the dearest wrong cell, with float noise in
    the cost bound never rounding the count bound up past a true count."""
    import dataclasses

    from lightsart._core.optimize import closest_board
    from lightsart._results import with_count_bound

    fit = closest_board(np.zeros((4, 4), dtype=np.uint8), np.full((4, 4), 0.1))
    assert fit.weighted
    for bound, dearest, count in [(0.3, 1.1, 1), (0.1 + 0.1 + 0.1, 0.1, 3), (2.0, 1.0, 2),
                                  (0.0, 1.0, 0), (0.05, 0.1, 1)]:
        raw = dataclasses.replace(fit, wrong_pixels_lower_bound=bound, wrong_pixels=5,
                                  wrong_count_lower_bound=0)
        got = with_count_bound(raw, dearest)
        assert got.count_lower_bound == count, (bound, dearest)
        assert got.count_proven_minimal is False
    exact = dataclasses.replace(fit, wrong_pixels_lower_bound=1.0, wrong_pixels=1,
                                wrong_count_lower_bound=0)
    assert with_count_bound(exact, 1.0).count_proven_minimal
    unweighted = dataclasses.replace(fit, weighted=False, wrong_pixels_lower_bound=3.0,
                                     wrong_pixels=4, wrong_pixels_proven_minimal=False)
    assert with_count_bound(unweighted, 0.5) == unweighted
    assert unweighted.count_lower_bound == 3 and not unweighted.count_proven_minimal


def test_issue_case_perceptual_count_is_not_proven_when_uniform_finds_fewer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's run: cat.png at 12x12 with 3 states. The uniform run proves the fewest wrong
    cells; the perceptual run minimises a cost, so its count may claim proof only if it is that
    fewest, and its count bound may not exceed it (in the JSON and in the summary line)."""
    import json

    from lightsart._cli import main

    sample = Path(__file__).resolve().parents[1] / "samples" / "cat.png"
    runs = {}
    for errors in ("uniform", "perceptual"):
        assert main(["still", str(sample), "--states", "3", "--size", "12", "--errors", errors,
                     "-o", str(tmp_path / f"{errors}.png"), "--json"]) == 0
        runs[errors] = json.loads(capsys.readouterr().out)["pictures"][0]
    fewest = runs["uniform"]
    assert fewest["wrong_cells_proven_minimal"]
    p = runs["perceptual"]
    assert p["wrong_cells_lower_bound"] <= fewest["wrong_cells"]
    if p["wrong_cells_proven_minimal"]:
        assert p["wrong_cells"] == fewest["wrong_cells"]
    assert main(["still", str(sample), "--states", "3", "--size", "12",
                 "-o", str(tmp_path / "t.png")]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    if p["wrong_cells"] > fewest["wrong_cells"]:
        assert "count at least" in line and "cost" in line, line


def covering_radius(rules: Rules) -> int:
    """The most wrong cells any target needs: a breadth-first search from every reachable
    board, one cell changed to any other level per step, over all ``k ** cells`` boards."""
    s = space(rules)
    k, cells = rules.states, rules.cells
    place = k ** np.arange(cells, dtype=np.int64)
    dist = np.full(k**cells, -1, dtype=np.int64)
    frontier = np.unique(s.changes @ place)
    dist[frontier] = 0
    level = 0
    while frontier.size:
        level += 1
        digits = (frontier[:, None] // place[None, :]) % k
        nxt = [frontier + ((digits[:, c] + v) % k - digits[:, c]) * place[c]
               for c in range(cells) for v in range(1, k)]
        cand = np.unique(np.concatenate(nxt))
        cand = cand[dist[cand] < 0]
        dist[cand] = level
        frontier = cand
    return int(dist.max())


@pytest.mark.parametrize(("k", "pat", "top", "w", "h"),
                         [(k, *shape) for k, shapes in CASES.items() for shape in shapes])
def test_sizes_wrong_cells_at_most_holds(k: int, pat: str, top: str, w: int, h: int) -> None:
    """``sizes``' ``wrong_cells_at_most`` is an upper bound on every picture's fewest wrong
    pixels (cells): at least the covering radius of the reachable boards."""
    from lightsart._puzzle.sizes import sizes_near
    from lightsart._rules import parse_pattern

    (entry,) = [s for s in sizes_near(w, h, 0, pattern=parse_pattern(pat), topology=top,  # type: ignore[arg-type]
                                      states=k) if (s.width, s.height) == (w, h)]
    rules = game_rules(w, h, pat, top, k) or Rules.plus(h, w)
    assert covering_radius(rules) <= entry.wrong_cells_at_most


@pytest.mark.parametrize(("k", "pat", "top", "w", "h"),
                         [(k, *shape) for k, shapes in CASES.items() for shape in shapes])
def test_census_counts_hold_against_brute_force(capsys: pytest.CaptureFixture[str], k: int,
                                                pat: str, top: str, w: int, h: int) -> None:
    """``census``: how many states need each fewest number of moves, the hardest, and the
    moves from the all-lit (all-brightest) board, against every press vector."""
    import json

    from lightsart._cli import main

    rules = game_rules(w, h, pat, top, k) or Rules.plus(h, w)
    s = space(rules)
    place = k ** np.arange(rules.cells, dtype=np.int64)
    codes = s.changes @ place
    weights = s.presses.sum(axis=1)
    fewest = np.full(k**rules.cells, -1, dtype=np.int64)
    order = np.argsort(weights, kind="stable")[::-1]  # lightest written last, so it wins
    fewest[codes[order]] = weights[order]
    reached = fewest[fewest >= 0]
    assert main(["census", f"{w}x{h}", "--pattern", pat, "--topology", top, "--states", str(k),
                 "--json"]) == 0
    c = json.loads(capsys.readouterr().out)
    where = f"census {w}x{h} {pat} {top} k={k}"
    assert c["solvable"] == reached.size, where
    assert c["distribution"] == np.bincount(reached).tolist(), where
    assert c["max_click_count"] == int(reached.max()), where
    assert c["boards_at_max"] == int((reached == reached.max()).sum()), where
    lit = int(np.ones(rules.cells, dtype=np.int64) @ place)  # change (0 - (k-1)) = 1 mod k
    expected = None if fewest[lit] < 0 else int(fewest[lit])
    assert c["all_lit_click_count"] == expected, where
