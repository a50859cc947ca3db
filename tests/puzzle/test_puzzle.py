"""Solver, strategy, lookup table and click paths against brute force over all click sets."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._cli import main
from lightsart._core.board import from_state, parse_board, to_state
from lightsart._core.gf2 import algebra
from lightsart._errors import LightsartError
from lightsart._puzzle.reading import parse_size, read_board
from lightsart._puzzle.solve import click_path, explain, solve_puzzle
from lightsart._puzzle.table import lookup_table

SIZES = [(1, 5), (2, 3), (2, 5), (3, 3), (3, 4), (4, 4), (3, 5)]
SAMPLE = "11110/10001/00001/00100/01110"


def toggle(board: np.ndarray, r: int, c: int) -> None:
    """One click by the rules: the cell and its four neighbours, cut at the edges."""
    m, n = board.shape
    for i, j in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= i < m and 0 <= j < n:
            board[i, j] ^= 1


def click_all(board: np.ndarray, clicks: np.ndarray) -> np.ndarray:
    out = board.copy()
    for r, c in zip(*np.nonzero(clicks), strict=True):
        toggle(out, int(r), int(c))
    return out


@cache
def brute(m: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per change (state int): fewest clicks (-1 if none), minimal click sets, all click sets."""
    cells = m * n
    table = np.zeros(1, dtype=np.int64)
    for k in range(cells):
        probe = np.zeros((m, n), dtype=np.uint8)
        toggle(probe, k // n, k % n)
        table = np.concatenate([table, table ^ to_state(probe)])
    weight = np.bitwise_count(np.arange(1 << cells, dtype=np.int64)).astype(np.int64)
    fewest = np.full(1 << cells, 1 << 30, dtype=np.int64)
    np.minimum.at(fewest, table, weight)
    solutions = np.bincount(table, minlength=1 << cells)
    minimal = np.bincount(table[weight == fewest[table]], minlength=1 << cells)
    fewest[solutions == 0] = -1
    return fewest, minimal, solutions


def states_to_check(m: int, n: int) -> list[int]:
    if m * n <= 10:
        return list(range(1 << (m * n)))
    rng = np.random.default_rng(m * 10 + n)
    return [0, (1 << (m * n)) - 1, *rng.integers(0, 1 << (m * n), 120).tolist()]


@pytest.mark.parametrize("size", SIZES, ids=[f"{n}x{m}" for m, n in SIZES])
@pytest.mark.parametrize("goal", ["off", "on"])
def test_solve_matches_brute_force(size: tuple[int, int], goal: str) -> None:
    m, n = size
    fewest, minimal, solutions = brute(m, n)
    full = (1 << (m * n)) - 1
    for state in states_to_check(m, n):
        board = from_state(state, m, n)
        change = state if goal == "off" else state ^ full
        s = solve_puzzle(board, goal)  # type: ignore[arg-type]
        assert s.solvable == (fewest[change] >= 0)
        assert s.solutions == solutions[change]
        if s.solvable:
            assert s.clicks is not None and s.proven
            assert s.moves == int(s.clicks.sum()) == fewest[change]
            assert s.minimal_solutions == minimal[change]
            assert not (click_all(board, s.clicks) ^ (1 if goal == "on" else 0)).any()
        else:
            assert s.clicks is None and s.moves is None and s.minimal_solutions == 0


@pytest.mark.parametrize("size", [(2, 3), (1, 5), (4, 4), (2, 5), (3, 5)],
                         ids=["3x2", "5x1", "4x4", "5x2", "5x3"])
def test_unsolvable_reason_and_fewest_lights_to_change(size: tuple[int, int]) -> None:
    m, n = size
    fewest, _, _ = brute(m, n)
    solvable = np.flatnonzero(fewest >= 0)
    patterns = algebra(m, n).quiet_patterns
    unsolvable = [s for s in states_to_check(m, n) if fewest[s] < 0][:40]
    assert unsolvable
    for state in unsolvable:
        s = solve_puzzle(from_state(state, m, n))
        assert s.failed_patterns
        for k in range(patterns.shape[0]):
            odd = int((patterns[k] & from_state(state, m, n)).sum()) % 2 == 1
            assert odd == (k in s.failed_patterns)
        nearest = int(np.bitwise_count(solvable ^ state).min())
        assert s.fixes is not None and s.fixes_proven
        assert s.fixes_count == int(s.fixes.sum()) == nearest
        assert fewest[state ^ to_state(s.fixes)] >= 0


def human_chase(board: np.ndarray) -> np.ndarray:
    """Click under every lit cell, row by row, as a person does; returns the board."""
    out = board.copy()
    for r in range(out.shape[0] - 1):
        for c in np.flatnonzero(out[r]):
            toggle(out, r + 1, int(c))
    return out


def use_table(board: np.ndarray, top: np.ndarray) -> np.ndarray:
    out = board.copy()
    for c in np.flatnonzero(top):
        toggle(out, 0, int(c))
    return human_chase(out)


def test_classic_5x5_table() -> None:
    # The table printed in every Lights Out guide (bottom row lit -> press in the top row).
    classic = {"10001": "11000", "01010": "10010", "11100": "01000", "00111": "00010",
               "10110": "00001", "01101": "10000", "11011": "00100", "00000": "00000"}
    t = lookup_table(5, 5)
    assert t.complete and t.nullity == 2 and t.rank == 3
    assert {"".join(map(str, b)): "".join(map(str, p)) for b, p in t.rows} == classic


def chase_all(boards: np.ndarray) -> np.ndarray:
    """:func:`human_chase` on a stack of boards at once (each click under a lit cell)."""
    out = boards.copy()
    m = out.shape[1]
    for r in range(m - 1):
        lit = out[:, r, :].copy()
        out[:, r, :] ^= lit
        out[:, r + 1, :] ^= lit
        out[:, r + 1, 1:] ^= lit[:, :-1]
        out[:, r + 1, :-1] ^= lit[:, 1:]
        if r + 2 < m:
            out[:, r + 2, :] ^= lit
    return out


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (2, 5), (4, 3), (1, 6), (3, 5)],
                         ids=["3x3", "4x4", "5x2", "3x4", "6x1", "5x3"])
def test_table_lists_exactly_the_bottom_rows_that_occur_and_clears_them(
        size: tuple[int, int]) -> None:
    m, n = size
    fewest, _, _ = brute(m, n)
    t = lookup_table(m, n)
    listed = {b: np.array(p, dtype=np.uint8) for b, p in t.rows}
    states = np.arange(1 << (m * n))
    boards = ((states[:, None] >> np.arange(m * n)) & 1).astype(np.uint8).reshape(-1, m, n)
    after = chase_all(boards)
    assert not after[:, :-1].any()
    bottoms = {tuple(int(v) for v in row) for row in after[fewest >= 0, -1]}
    assert bottoms == set(listed)
    for row in after[fewest < 0, -1]:
        assert tuple(int(v) for v in row) not in listed and t.top_for(row) is None
    for bottom, top in listed.items():
        board = np.zeros((m, n), dtype=np.uint8)
        board[-1] = bottom
        assert not use_table(board, top).any()
        assert np.array_equal(t.top_for(bottom), top)


@pytest.mark.parametrize("size", [(5, 30), (3, 40), (4, 19)], ids=["30x5", "40x3", "19x4"])
def test_table_basis_for_wide_boards_works_by_hand(size: tuple[int, int]) -> None:
    m, n = size
    t = lookup_table(m, n)
    assert not t.complete and len(t.rows) == t.rank
    rng = np.random.default_rng(n)
    for _ in range(15):
        clicks = rng.integers(0, 2, (m, n), dtype=np.uint8)
        after = human_chase(click_all(np.zeros((m, n), np.uint8), clicks))
        bottom, top = after[-1].copy(), np.zeros(n, dtype=np.uint8)
        for (b, p), col in zip(t.rows, t.pivots, strict=True):
            if bottom[col]:  # the person's rule: XOR the rows of the marked columns it lights
                bottom ^= np.array(b, dtype=np.uint8)
                top ^= np.array(p, dtype=np.uint8)
        assert not bottom.any()
        assert not use_table(after, top).any()


def check_strategy(board: np.ndarray, goal: str) -> None:
    s = explain(board, goal)  # type: ignore[arg-type]
    solved = solve_puzzle(board, goal)  # type: ignore[arg-type]
    before = board
    total = np.zeros_like(board)
    for step in s.steps:
        clicks = np.zeros_like(board)
        for r, c in step.clicks:
            clicks[r, c] = 1
        assert np.array_equal(click_all(before, clicks), step.board)
        total ^= clicks
        before = step.board
    assert s.solvable == solved.solvable
    wrong = before if goal == "off" else before ^ 1
    if not s.solvable:
        assert wrong[:-1].sum() == 0 and s.solution is None
        return
    assert not wrong.any()
    assert s.solution is not None and s.minimal is not None
    assert np.array_equal(total, s.solution)
    assert int(s.minimal.sum()) == solved.moves
    assert not (click_all(board, s.minimal) ^ (goal == "on")).any()
    if s.weights is not None:
        assert min(s.weights) == solved.moves
        assert s.weights[0] == int(s.solution.sum())


@given(st.integers(1, 6), st.integers(1, 7), st.data(), st.sampled_from(["off", "on"]))
@settings(max_examples=60, deadline=None)
def test_explain_steps_reapply_to_the_goal(m: int, n: int, data: st.DataObject, goal: str
                                          ) -> None:
    state = data.draw(st.integers(0, (1 << (m * n)) - 1))
    check_strategy(from_state(state, m, n), goal)


def test_explain_on_the_5x5_all_lit_board() -> None:
    board = np.ones((5, 5), dtype=np.uint8)
    check_strategy(board, "off")
    s = explain(board)
    assert s.bottom == (1, 0, 0, 0, 1) and s.top == (1, 1, 0, 0, 0)
    assert s.weights == (15, 15, 15, 15)


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (5, 5), (3, 5)], ids=["3x3", "4x4", "5x5", "5x3"])
def test_click_path_states(size: tuple[int, int]) -> None:
    m, n = size
    rng = np.random.default_rng(7)
    for _ in range(10):
        clicks = rng.integers(0, 2, (m, n), dtype=np.uint8)
        board = click_all(np.ones((m, n), np.uint8), clicks)
        p = click_path(board)
        now = board.copy()
        assert p.start == to_state(board)
        for (r, c), state in p.steps:
            toggle(now, r, c)
            assert state == to_state(now)
        assert not now.any()
        assert len(p.steps) == solve_puzzle(board).moves


def test_click_path_refuses_an_unsolvable_board() -> None:
    with pytest.raises(LightsartError, match="fails quiet pattern"):
        click_path(from_state(1, 5, 5))


def test_read_board_sources(tmp_path: Path) -> None:
    f = tmp_path / "board.txt"
    f.write_text("#.#\n.#.\n")
    assert np.array_equal(read_board(str(f)), parse_board("101/010"))
    assert np.array_equal(read_board(state="0x1ff", size="3x3"), np.ones((3, 3)))
    assert np.array_equal(read_board(state="6", size="3x1"), [[0, 1, 1]])
    assert parse_size("7x5") == (7, 5) and parse_size("7x5").height == 5
    for kwargs, message in [
        ({}, "give a board"),
        ({"board": "101", "state": "1", "size": "3x1"}, "not both"),
        ({"state": "1"}, "needs --size"),
        ({"board": "101", "size": "3x1"}, "--size goes with --state"),
        ({"state": "-1", "size": "3x1"}, "must not be negative"),
        ({"state": "0x10", "size": "2x2"}, "does not fit a 2x2 board"),
        ({"state": "1", "size": "3"}, "board size must be WxH"),
        ({"board": "nothere.txt"}, "no board file"),
        ({"board": "10/1"}, "board rows differ in length"),
    ]:
        with pytest.raises(LightsartError, match=message):
            read_board(**kwargs)  # type: ignore[arg-type]


# ---- CLI, in process ----

def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own usage errors
        code = int(stop.code or 0)
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_cli_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", SAMPLE], capsys)
    assert code == 0
    assert out == [
        "5x5 board, goal: all lights off, nullity 2",
        "solvable: yes, in 4 clicks (proven minimal); 1 minimal solution, 4 solutions in all",
        "board   clicks",
        "####.   X..X.",
        "#...#   ....X",
        "....#   .....",
        "..#..   .....",
        ".###.   ..X..",
        "clicks (row,col): (0,0) (0,3) (1,4) (4,2)",
    ]
    board = parse_board(SAMPLE)
    for r, c in [(0, 0), (0, 3), (1, 4), (4, 2)]:
        toggle(board, r, c)
    assert not board.any()


def test_cli_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", "--state", "0x1ffffff", "--size", "5x5", "--json"], capsys)
    data = json.loads("\n".join(out))
    assert code == 0
    assert data["solvable"] is True and data["solutions"] == 4
    assert data["minimal_solutions"] == 4 and len(data["clicks"]) == 15
    board = np.ones((5, 5), dtype=np.uint8)
    for r, c in data["clicks"]:
        toggle(board, r, c)
    assert not board.any()
    code, out, _ = run(["solve", "10000/00000/00000/00000/00000", "--json"], capsys)
    data = json.loads("\n".join(out))
    assert (data["solvable"], data["clicks"], data["minimal_solutions"], data["solutions"]) == (
        False, None, 0, 0)
    assert data["fewest_cells_to_change"] == 1


def test_cli_solve_unsolvable_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", "10000/00000/00000/00000/00000"], capsys)
    assert code == 0
    assert out[1].startswith("solvable: no: its lit cells meet quiet pattern")
    assert out[-1].startswith("fewest lights to change to make it solvable: 1 (proven)")


def test_cli_solve_explain_and_goal_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    f = tmp_path / "b.txt"
    f.write_text("XXX\nXOX\nXXX\n")
    code, out, _ = run(["solve", str(f), "--goal", "on", "--explain"], capsys)
    assert code == 0
    assert out[0] == "3x3 board, goal: all lights on, nullity 0"
    assert any(line.startswith("4. Together that is") for line in out)
    code, out, _ = run(["solve", str(f), "--goal", "on", "--explain", "--json"], capsys)
    data = json.loads("\n".join(out))
    board = parse_board(f.read_text())
    for step in data["strategy"]["steps"]:
        for r, c in step["clicks"]:
            toggle(board, r, c)
        assert np.array_equal(board, parse_board("/".join(step["board"])))
    assert board.all()


def test_cli_path(capsys: pytest.CaptureFixture[str]) -> None:
    board = parse_board("01010/11011/01010/00000/00000")
    start = to_state(board)
    toggle(board, 1, 1)
    middle = to_state(board)
    code, out, _ = run(["path", "01010/11011/01010/00000/00000"], capsys)
    assert code == 0
    assert out == ["5x5, goal all off: 2 clicks (proven minimal)",
                   f"start        {start:#x}", f"  1. (1,1)  {middle:#x}", "  2. (1,3)  0x0"]
    code, out, _ = run(["path", "--state", hex(start), "--size", "5x5", "--json"], capsys)
    assert json.loads("\n".join(out))["path"][-1] == {"click": [1, 3], "state": "0x0"}


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["table", "3x3"], capsys)
    assert code == 0
    assert out[1:] == ["bottom row   press in top row", "...          ...", "..#          .##",
                       ".#.          ###", ".##          #..", "#..          ##.",
                       "#.#          #.#", "##.          ..#", "###          .#."]
    code, out, _ = run(["table", "5x5", "--json"], capsys)
    assert len(json.loads("\n".join(out))["rows"]) == 8


@pytest.mark.parametrize("argv, message", [
    (["solve", "1012/1111"], "unexpected character '2'"),
    (["solve", "111/11"], "board rows differ in length"),
    (["solve", "--state", "0x1ffffff", "--size", "4x4"], "does not fit a 4x4 board"),
    (["solve", "--state", "0x1f"], "--state needs --size"),
    (["solve"], "give a board"),
    (["solve", "--state", "0x1f", "--size", "five"], "board size must be WxH"),
    (["path", "10000/00000/00000/00000/00000"], "fails quiet pattern"),
    (["path", "10/0"], "board rows differ in length"),
    (["table", "5x0"], "board size must be WxH"),
    (["solve", "101", "--goal", "sideways"], "invalid choice"),
])
def test_cli_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == []
    assert err.count("\n") == 1 and message in err
