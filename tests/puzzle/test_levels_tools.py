"""The puzzle tools with k states per cell (solve --explain, path, table, sizes, census) against
brute force: a breadth-first search over single presses, with its own press read straight off the
pattern's rows (no code shared with lightsart._rules or the algebra). A press count j counts j."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from lightsart._cli import main
from lightsart._core.board import from_state
from lightsart._errors import LightsartError
from lightsart._puzzle.census import census
from lightsart._puzzle.sizes import sizes_near
from lightsart._puzzle.solve import click_path, explain
from lightsart._puzzle.table import lookup_table
from lightsart._rules import Rules, parse_pattern

Case = tuple[str, str, int, int, int]  # pattern, topology, rows, columns, states
#: K = 3, 4, 5, 6; plus and sigma chase, the square on the torus does not.
CASES: list[Case] = [
    ("plus", "plane", 3, 3, 3),
    ("plus", "plane", 2, 3, 4),
    ("plus", "plane", 2, 3, 5),
    ("plus", "plane", 2, 3, 6),
    ("sigma", "cylinder", 2, 3, 4),
    ("square", "torus", 2, 2, 6),
]
IDS = ["-".join(map(str, c)) for c in CASES]


@dataclass(frozen=True)
class Brute:
    k: int
    shape: tuple[int, int]
    columns: np.ndarray  # columns[c] = what one press of cell c adds to each cell (flat)
    fewest: dict[tuple[int, ...], int]  # solvable board -> fewest presses to every cell 0


def rules_of(case: Case) -> Rules:
    pattern, topology, m, n, k = case
    return Rules(m, n, parse_pattern(pattern), topology, k)  # type: ignore[arg-type]


@cache
def brute(case: Case) -> Brute:
    pattern, topology, m, n, k = case
    rows = parse_pattern(pattern).rows
    ri, rj = len(rows) // 2, len(rows[0]) // 2
    columns = np.zeros((m * n, m * n), dtype=np.int64)
    for a, b in itertools.product(range(m), range(n)):
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                r, c = a + i - ri, b + j - rj
                if topology == "torus":
                    r %= m
                if topology in ("torus", "cylinder"):
                    c %= n
                if ch == "1" and 0 <= r < m and 0 <= c < n:
                    columns[a * n + b, r * n + c] += 1
    # Breadth-first from the goal backwards: board s reaches 0 by pressing c iff s + col_c does.
    zero = tuple([0] * (m * n))
    fewest = {zero: 0}
    frontier = [zero]
    while frontier:
        nxt = []
        for s in frontier:
            for col in columns:
                t = tuple(((np.array(s) - col) % k).tolist())
                if t not in fewest:
                    fewest[t] = fewest[s] + 1
                    nxt.append(t)
        frontier = nxt
    return Brute(k, (m, n), columns, fewest)


def press(b: Brute, board: np.ndarray, presses: np.ndarray) -> np.ndarray:
    flat = (board.astype(np.int64).ravel() + presses.astype(np.int64).ravel() @ b.columns) % b.k
    return flat.reshape(b.shape)


def boards(b: Brute, count: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    solvable = list(b.fewest)
    picks = [np.array(solvable[i]).reshape(b.shape) for i in rng.integers(0, len(solvable), count)]
    return picks + [rng.integers(0, b.k, size=b.shape) for _ in range(count)]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_census_counts_every_board_by_its_fewest_presses(case: Case) -> None:
    b = brute(case)
    c = census(case[2], case[3], rules=rules_of(case))
    expected = Counter(b.fewest.values())
    assert c.distribution == tuple(expected[n] for n in range(max(expected) + 1))
    assert c.solvable == len(b.fewest) and c.boards == b.k ** (case[2] * case[3])
    assert c.kernel_size == c.boards // c.solvable
    lit = tuple([b.k - 1] * (case[2] * case[3]))
    assert c.all_lit_click_count == b.fewest.get(lit)
    assert c.max_click_count == max(expected) and c.boards_at_max == expected[max(expected)]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_path_plays_the_fewest_presses_one_at_a_time(case: Case) -> None:
    b, rules = brute(case), rules_of(case)
    k = rules.states
    for board in boards(b, 3, seed=case[4]):
        key = tuple(board.ravel().tolist())
        if key not in b.fewest:
            with pytest.raises(LightsartError, match="cannot reach every cell 0"):
                click_path(board.astype(np.uint8), "off", rules)
            continue
        path = click_path(board.astype(np.uint8), "off", rules)
        assert path.click_count == len(path.path) == b.fewest[key] and path.proven_minimal
        now = board
        for (r, c), state in path.path:
            one = np.zeros(b.shape, dtype=np.int64)
            one[r, c] = 1
            now = press(b, now, one)
            assert np.array_equal(from_state(state, *b.shape, k), now)
        assert not now.any()


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("goal", ["off", "on"])
def test_explain_reaches_the_goal_and_ends_with_the_fewest_presses(case: Case, goal: str) -> None:
    b, rules = brute(case), rules_of(case)
    k = rules.states
    level = 0 if goal == "off" else k - 1
    for board in boards(b, 3, seed=7):
        st = explain(board.astype(np.uint8), goal, rules)  # type: ignore[arg-type]
        # Solvable for the goal iff board - level is solvable for every cell 0.
        key = tuple(((board - level) % k).ravel().tolist())
        assert st.solvable == (key in b.fewest)
        assert st.light_chasing == (case[0] != "square")
        if not st.solvable:
            continue
        chased, fewest = st.chased_click_grid, st.fewest_click_grid
        assert chased is not None and fewest is not None
        assert (press(b, board, chased) == level).all()
        assert (press(b, board, fewest) == level).all()
        assert int(fewest.astype(int).sum()) == b.fewest[key] and st.proven_minimal
        now = board
        for step in st.steps:  # each step's board is the one before it, pressed
            now = press(b, now, step.click_grid)
            assert np.array_equal(now, step.board)
        if st.steps:
            assert (now == level).all()


def chase_bottom(b: Brute, board: np.ndarray, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Chase (own loops): the presses and the bottom row's excess over 0."""
    m = b.shape[0]
    now, total = board.astype(np.int64), np.zeros(b.shape, dtype=np.int64)
    for r in range(m - 1):
        presses = np.zeros(b.shape, dtype=np.int64)
        presses[r + 1] = (-now[r]) % b.k
        now = press(b, now, presses)
        total += presses
    return total, now[-1]


def clears(b: Brute, board: np.ndarray, top: np.ndarray, rules: Rules) -> bool:
    """Whether pressing ``top`` in the top row of ``board`` and chasing leaves nothing."""
    first = np.zeros(b.shape, dtype=np.int64)
    first[0] = top
    return not chase_bottom(b, press(b, board, first), rules)[1].any()


@pytest.mark.parametrize("case", [c for c in CASES if c[0] != "square"], ids=IDS[:5])
def test_table_clears_every_bottom_row_that_occurs_with_the_fewest_top_presses(case: Case) -> None:
    b, rules = brute(case), rules_of(case)
    k, (m, n) = rules.states, b.shape
    assert n == rules.width
    table = lookup_table(rules, max_rows=4096)
    listed = {bottom: top for bottom, top in table.rows}
    assert table.complete and len(listed) == table.reachable
    occurs = set()
    for key in b.fewest:  # every solvable board's bottom row is in the table, and it works
        _, bottom = chase_bottom(b, np.array(key).reshape(m, n), rules)
        occurs.add(tuple(bottom.tolist()))
    assert occurs == set(listed)
    tops = [np.array(t) for t in itertools.product(range(k), repeat=n)]
    for bottom, top in listed.items():
        board = np.zeros((m, n), dtype=np.int64)
        board[-1] = bottom
        assert clears(b, board, np.array(top), rules)
        assert sum(top) == min(int(t.sum()) for t in tops if clears(b, board, t, rules))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_sizes_count_the_quiet_patterns_and_bound_the_wrong_cells(case: Case) -> None:
    b, rules = brute(case), rules_of(case)
    m, n = b.shape
    (size,) = sizes_near(n, m, 0, pattern=rules.pattern, topology=rules.topology,
                         states=rules.states)
    xs = np.array(list(itertools.product(range(b.k), repeat=m * n)), dtype=np.int64)
    quiet = int(((xs @ b.columns) % b.k == 0).all(axis=1).sum())
    assert size.kernel_size == quiet and size.every_picture_exact == (quiet == 1)
    # No board is further than wrong_cells_at_most cells from a solvable one.
    reachable = np.array(list(b.fewest))
    worst = max(int((reachable != np.array(t)).sum(axis=1).min())
                for t in itertools.product(range(b.k), repeat=m * n))
    assert worst <= size.wrong_cells_at_most


def test_puzzle_commands_take_states(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["census", "3x3", "--states", "3"], ["table", "4x4", "--states", "3"],
                 ["path", "21/12", "--states", "3"], ["sizes", "5", "--states", "4"],
                 ["solve", "120/201/012", "--states", "3", "--explain"]):
        assert main([*argv, "--json"]) == 0, argv
        json.loads(capsys.readouterr().out)
        assert main(argv) == 0, argv
        assert capsys.readouterr().out.strip()
    assert main(["path", "21/12", "--states", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["click_count"] == brute(("plus", "plane", 2, 2, 3)).fewest[(2, 1, 1, 2)]


def test_too_large_a_census_or_sizes_is_refused_before_work(capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    for argv, words in ((["census", "4x4", "--states", "3"], "3^16"),
                        (["sizes", "1000", "--states", "3"], "too much work")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1
