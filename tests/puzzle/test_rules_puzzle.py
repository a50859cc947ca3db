"""The puzzle tools under every rule set, against an independent brute force over every click set.

The brute force here knows nothing of kernels: a click toggles, for each set cell ``(di, dj)``
of the pattern, the cell at that offset (dropped off a plane side, wrapped on a wrapped one; two
offsets landing on one cell toggle it twice, i.e. not at all). Every click set is enumerated, and
the census is a breadth-first search from the all-off board.
"""

from __future__ import annotations

import json
from collections import deque
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from lightsart._choices import TOPOLOGIES
from lightsart._cli import main
from lightsart._core.board import from_state, to_state
from lightsart._errors import LightsartError
from lightsart._puzzle.census import census
from lightsart._puzzle.censusdb import query_db, write_db
from lightsart._puzzle.solve import click_path, explain, solve_puzzle
from lightsart._puzzle.table import lookup_table
from lightsart._puzzle.text import solution_text, strategy_text
from lightsart._rules import PATTERNS, Rules, parse_pattern

PATTERN_NAMES = [*PATTERNS, "110/010/000"]
RULES = [(p, t) for p in PATTERN_NAMES for t in TOPOLOGIES]
RULE_IDS = [f"{p}-{t}" for p, t in RULES]
SIZES = [(2, 3), (3, 3), (3, 4)]
CLASSIC = Path(__file__).parent / "classic"


def make_rules(m: int, n: int, pattern: str, topology: str) -> Rules:
    return Rules(m, n, parse_pattern(pattern), topology)  # type: ignore[arg-type]


def masks(m: int, n: int, pattern: str, topology: str) -> list[int]:
    """Per cell, the cells its click toggles (bit ``i*n + j``), from the pattern's text alone."""
    rows = PATTERNS.get(pattern, pattern).split("/")
    ri, rj = len(rows) // 2, len(rows[0]) // 2
    wrap_rows, wrap_cols = topology == "torus", topology in ("torus", "cylinder")
    out = []
    for a in range(m):
        for b in range(n):
            mask = 0
            for i, row in enumerate(rows):
                for j, ch in enumerate(row):
                    if ch != "1":
                        continue
                    r, c = a + i - ri, b + j - rj
                    if wrap_rows:
                        r %= m
                    if wrap_cols:
                        c %= n
                    if 0 <= r < m and 0 <= c < n:
                        mask ^= 1 << (r * n + c)
            out.append(mask)
    return out


@cache
def brute(m: int, n: int, pattern: str, topology: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per state: fewest clicks (-1 if unreachable), minimal click sets, all click sets."""
    cells = m * n
    table = np.zeros(1, dtype=np.int64)
    for mask in masks(m, n, pattern, topology):
        table = np.concatenate([table, table ^ mask])
    weight = np.bitwise_count(np.arange(1 << cells, dtype=np.int64)).astype(np.int64)
    fewest = np.full(1 << cells, 1 << 30, dtype=np.int64)
    np.minimum.at(fewest, table, weight)
    solutions = np.bincount(table, minlength=1 << cells)
    minimal = np.bincount(table[weight == fewest[table]], minlength=1 << cells)
    fewest[solutions == 0] = -1
    return fewest, minimal, solutions


def bfs(m: int, n: int, pattern: str, topology: str) -> dict[int, int]:
    """Distance of every reachable state from all-off, one click per edge."""
    press = masks(m, n, pattern, topology)
    dist = {0: 0}
    queue = deque([0])
    while queue:
        s = queue.popleft()
        for mask in press:
            t = s ^ mask
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


def apply(state: int, clicks: np.ndarray, press: list[int]) -> int:
    for k in np.flatnonzero(clicks.ravel()):
        state ^= press[int(k)]
    return state


@pytest.mark.parametrize(("pattern", "topology"), RULES, ids=RULE_IDS)
def test_solve_matches_brute_force(pattern: str, topology: str) -> None:
    for m, n in SIZES:
        rules = make_rules(m, n, pattern, topology)
        fewest, minimal, solutions = brute(m, n, pattern, topology)
        press = masks(m, n, pattern, topology)
        reachable = np.flatnonzero(solutions)
        rng = np.random.default_rng(m * 10 + n)
        states = [0, (1 << (m * n)) - 1, *rng.integers(0, 1 << (m * n), 25).tolist()]
        for state in states:
            s = solve_puzzle(from_state(state, m, n), "off", rules)
            assert s.solvable == (fewest[state] >= 0)
            assert s.rules == rules
            if s.solvable:
                assert s.click_grid is not None and s.proven_minimal
                assert apply(state, s.click_grid, press) == 0
                assert s.click_count == fewest[state]
                assert s.minimal_solutions == minimal[state]
                assert s.solutions == solutions[state]
            else:
                assert s.changes is not None and s.failed_quiet_patterns
                closest = int(np.bitwise_count(reachable ^ state).min())
                assert s.fewest_cells_to_change == closest
                assert solutions[state ^ to_state(s.changes.cells)] > 0
            assert solution_text(s)  # every outcome has its text


@pytest.mark.parametrize(("pattern", "topology"), RULES, ids=RULE_IDS)
def test_census_matches_breadth_first_search(pattern: str, topology: str) -> None:
    for m, n in SIZES:
        rules = make_rules(m, n, pattern, topology)
        dist = bfs(m, n, pattern, topology)
        want = np.bincount(list(dist.values())).tolist()
        c = census(m, n, rules=rules)
        assert list(c.distribution) == want
        assert c.solvable == len(dist)
        lit = (1 << (m * n)) - 1
        assert c.all_lit_click_count == dist.get(lit)
        assert c.to_dict()["rules"] == rules.to_dict()


@pytest.mark.parametrize(("pattern", "topology", "size"),
                         [("x", "torus", (3, 3)), ("110/010/000", "cylinder", (3, 3)),
                          ("sigma", "plane", (3, 3)), ("000/011/010", "cylinder", (3, 4))])
def test_database_lookups(tmp_path: Path, pattern: str, topology: str,
                          size: tuple[int, int]) -> None:
    m, n = size
    rules = make_rules(m, n, pattern, topology)
    path = write_db(m, n, tmp_path / "c.sqlite", rules).path
    dist = bfs(m, n, pattern, topology)
    press = masks(m, n, pattern, topology)
    for state in range(0, 1 << (m * n), 1 if m * n <= 9 else 23):
        a = query_db(path, state)
        assert a.rules == rules
        assert a.solvable == (state in dist)
        if a.solvable:
            assert a.click_count == dist[state]
            s = state
            for (r, c), after in a.path:
                s ^= press[r * n + c]
                assert s == after
            assert s == 0
    assert query_db(path, 3, pattern=rules.pattern, topology=topology).rules == rules
    with pytest.raises(LightsartError, match="holds pattern"):
        query_db(path, 3, pattern=parse_pattern("square"))


def _rank(rows: np.ndarray) -> int:
    ints = [int("".join(map(str, r)), 2) for r in rows.reshape(rows.shape[0], -1)]
    basis: list[int] = []
    for v in ints:
        for b in basis:
            v = min(v, v ^ b)
        if v:
            basis.append(v)
    return len(basis)


@pytest.mark.parametrize(("size", "pattern"), [((3, 4), "000/011/010"), ((3, 2), "000/011/001"),
                                               ((2, 4), "000/011/010"), ((2, 5), "000/000/001")])
def test_census_groups_by_the_kernel_of_a_not_of_its_transpose(size: tuple[int, int],
                                                                pattern: str) -> None:
    # Here the kernels of A and of Aᵀ span different spaces. The census groups cells by the
    # kernel of A (its cosets are the click sets of one state). Grouping by the checks happens to
    # give the same distribution (turning the board 180° maps one kernel onto the other), but not
    # the same answer per state, which solve and the database need.
    m, n = size
    rules = make_rules(m, n, pattern, "cylinder")
    from lightsart._puzzle.game import game

    g = game(rules)
    assert g.nullity > 0
    assert _rank(np.concatenate([g.quiet_patterns, g.checks])) > g.nullity
    dist = bfs(m, n, pattern, "cylinder")
    c = census(m, n, rules=rules)
    assert list(c.distribution) == np.bincount(list(dist.values())).tolist()
    assert c.all_lit_click_count == dist.get((1 << (m * n)) - 1)
    fewest, minimal, _ = brute(m, n, pattern, "cylinder")
    for state in range(0, 1 << (m * n), 97):
        s = solve_puzzle(from_state(state, m, n), "off", rules)
        assert s.solvable == (fewest[state] >= 0)
        if s.solvable:
            assert (s.click_count, s.minimal_solutions) == (fewest[state], minimal[state])


@pytest.mark.parametrize(("pattern", "topology"), [("x", "plane"), ("110/010/000", "torus"),
                                                   ("plus", "cylinder")])
def test_explain_and_path_under_other_rules(pattern: str, topology: str) -> None:
    m, n = 3, 4
    rules = make_rules(m, n, pattern, topology)
    fewest, _, _ = brute(m, n, pattern, topology)
    press = masks(m, n, pattern, topology)
    for state in (1, 0b101101, (1 << 12) - 1):
        board = from_state(state, m, n)
        st = explain(board, "off", rules)
        assert not st.light_chasing and st.to_dict()["light_chasing"] is False
        text = strategy_text(st)
        assert "classic game" in text
        if fewest[state] < 0:
            assert not st.solvable
            with pytest.raises(LightsartError, match="cannot reach all off"):
                click_path(board, "off", rules)
            continue
        assert st.fewest_click_grid is not None and st.fewest_click_count == fewest[state]
        path = click_path(board, "off", rules)
        assert path.click_count == fewest[state]
        s = state
        for (r, c), after in path.path:
            s ^= press[r * n + c]
            assert s == after
        assert s == 0


def test_lookup_table_refuses_other_rules() -> None:
    with pytest.raises(LightsartError, match="needs light chasing"):
        lookup_table(make_rules(5, 5, "plus", "torus"))
    assert lookup_table(Rules.plus(5, 5)).rank == 3


def test_rules_must_fit_the_board() -> None:
    with pytest.raises(LightsartError, match="rules are for"):
        solve_puzzle(from_state(1, 3, 3), "off", Rules.plus(4, 4))


# ---- the command line ----

def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_exit(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["solve", "101/010/111", "--pattern", "x", "--topology", "torus", "--json"],
    ["path", "010/101/010", "--pattern", "sigma", "--json"],
    ["census", "3x3", "--pattern", "110/010/000", "--json"],
    ["sizes", "4x4", "--radius", "1", "--pattern", "square", "--topology", "cylinder", "--json"],
    ["table", "4x4", "--json"],
])
def test_cli_json_names_its_rules(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(argv, capsys)
    assert code == 0
    data = json.loads(out)
    pattern = argv[argv.index("--pattern") + 1] if "--pattern" in argv else "plus"
    topology = argv[argv.index("--topology") + 1] if "--topology" in argv else "plane"
    assert data["rules"] == {"pattern": pattern, "topology": topology, "states": 2}


def test_cli_text_says_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["solve", "101/010/111", "--pattern", "x", "--topology", "torus",
                     "--explain"], capsys)
    assert out.startswith("3x3 board, pattern x on the torus, goal")
    assert "Light chasing with a lookup table is the strategy of the classic game" in out
    _, out, _ = run(["census", "3x3", "--topology", "cylinder"], capsys)
    assert out.startswith("3x3 board, pattern plus on the cylinder:")
    _, out, _ = run(["sizes", "3x3", "--radius", "0", "--pattern", "sigma"], capsys)
    assert out.splitlines()[0] == "rules: pattern sigma on the plane"


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "111/111/111", "--pattern", "01/10"], "odd number of rows"),
    (["solve", "111/111/111", "--pattern", "plux"], "unknown character"),
    (["census", "3x3", "--topology", "klein"], "invalid choice"),
    (["table", "5x5", "--topology", "torus"], "needs light chasing"),
    (["sizes", "5x5", "--pattern", "000/000/000"], "toggles no cell"),
])
def test_cli_bad_rules_are_one_line(argv: list[str], message: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run_exit(argv, capsys)
    assert code == 2
    assert err.startswith("lightsart: error:") and err.count("\n") == 1
    assert message in err


def test_cli_database_checks_its_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "x.sqlite")
    assert run(["census", "3x3", "--pattern", "x", "--db", db], capsys)[0] == 0
    code, out, _ = run(["census", "--db", db, "--state", "0x1ff"], capsys)
    assert code == 0 and "pattern x on the plane" in out.splitlines()[0]
    code, err = run_exit(["census", "--db", db, "--state", "0x1ff", "--pattern", "plus"], capsys)
    assert code == 2 and "holds pattern x on the plane, not pattern plus" in err


CLASSIC_COMMANDS = {
    "solve_5x5.txt": ["solve", "11110/10001/00001/00100/01110"],
    "solve_5x5_explain.txt": ["solve", "11110/10001/00001/00100/01110", "--explain"],
    "solve_5x5_unsolvable.txt": ["solve", "10000/00000/00000/00000/00000"],
    "solve_5x5_unsolvable_explain.txt": ["solve", "10000/00000/00000/00000/00000", "--explain"],
    "solve_4x4_explain.txt": ["solve", "1101/0110/1011/0010", "--explain"],
    "solve_5x5.json": ["solve", "11110/10001/00001/00100/01110", "--json"],
    "solve_4x5_unsolvable.json": ["solve", "1000/0000/0000/0000/0000", "--json", "--explain"],
    "path_5x5.txt": ["path", "01010/11011/01010/00000/00000"],
    "path_5x5.json": ["path", "01010/11011/01010/00000/00000", "--json"],
    "table_5x5.txt": ["table", "5x5"],
    "table_4x4.json": ["table", "4x4", "--json"],
    "table_20x20.txt": ["table", "20x20"],
    "census_4x4.txt": ["census", "4x4"],
    "census_3x4.json": ["census", "3x4", "--json"],
    "sizes_5x5.txt": ["sizes", "5x5", "--radius", "1"],
    "sizes_5x5.json": ["sizes", "5x5", "--radius", "1", "--json"],
}


def _lost(before: object, now: object, where: str = "") -> list[str]:
    """What 0.2's JSON ``before`` had that ``now`` lacks or tells otherwise: 0.3 may only add
    keys (the rules, light chasing, the shared vocabulary of ``lightsart._vocabulary``)."""
    if isinstance(before, dict) and isinstance(now, dict):
        return [f"{where}.{k}: removed" for k in before if k not in now] + [
            d for k in before if k in now for d in _lost(before[k], now[k], f"{where}.{k}")]
    if isinstance(before, list) and isinstance(now, list) and len(before) == len(now):
        return [d for i, (a, b) in enumerate(zip(before, now, strict=True))
                for d in _lost(a, b, f"{where}[{i}]")]
    return [] if before == now else [f"{where}: {before!r} -> {now!r}"]


def test_lost_sees_a_removed_or_changed_key() -> None:
    assert _lost({"a": [{"b": 1}]}, {"a": [{"b": 1, "c": 2}], "d": 3}) == []
    assert _lost({"a": [{"b": 1}]}, {"a": [{"b": 2}]}) == [".a[0].b: 1 -> 2"]
    assert _lost({"a": 1, "b": 2}, {"a": 1}) == [".b: removed"]


@pytest.mark.parametrize("name", sorted(CLASSIC_COMMANDS))
def test_classic_outputs_are_unchanged(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Captured from the CLI before the rules came in (tests/puzzle/classic)."""
    code, out, _ = run(CLASSIC_COMMANDS[name], capsys)
    assert code == 0
    before = (CLASSIC / name).read_text()
    if name.endswith(".json"):
        assert _lost(json.loads(before), json.loads(out)) == []
    else:
        if name.startswith("census"):
            out = "".join(line + "\n" for line in out.splitlines() if not line.startswith("exact, by"))
        assert out == before
