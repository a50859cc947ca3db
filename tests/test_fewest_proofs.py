"""Every proof the engine can give, from the command line (issue 25).

The fewest clicks' certificate (``lower_bound``, ``proven``, the work in ``search``) is checked
against brute force over the whole coset, built from the press matrix of ``tests/brute.py``
(never from the library's kernel); ``--time-limit`` is refused like every bad option; the
``--json`` keys are present and agree with each other; the up-front note and the progress bar
follow the terminal and ``--quiet``.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from brute import press_matrix
from refusal import refused

from lightsart._cli import main
from lightsart._core import fewest, optimize, watch
from lightsart._core.watch import SearchPlan
from lightsart._output.progress import SearchProgress, quiet
from lightsart._puzzle import game
from lightsart._results import Clicks
from lightsart._rules import Rules

ROOT = Path(__file__).resolve().parents[1]


def _kernel(a: np.ndarray) -> list[np.ndarray]:
    """A basis of the null space of ``a`` over GF(2), by plain elimination."""
    m = a.copy() % 2
    rows, cols = m.shape
    pivots: list[int] = []
    r = 0
    for c in range(cols):
        hit = [i for i in range(r, rows) if m[i, c]]
        if not hit:
            continue
        m[[r, hit[0]]] = m[[hit[0], r]]
        for i in range(rows):
            if i != r and m[i, c]:
                m[i] ^= m[r]
        pivots.append(c)
        r += 1
    basis = []
    for free in (c for c in range(cols) if c not in pivots):
        v = np.zeros(cols, dtype=np.int64)
        v[free] = 1
        for i, c in enumerate(pivots):
            v[c] = m[i, free]
        basis.append(v)
    return basis


def brute_fewest(x0: np.ndarray, rules: Rules) -> int:
    """The fewest clicks making the same board as ``x0``: every member of ``x0 + kernel``."""
    kernel = _kernel(press_matrix(rules))
    flat = x0.ravel().astype(np.int64)
    best = int(flat.sum())
    for bits in itertools.product((0, 1), repeat=len(kernel)):
        member = flat.copy()
        for bit, v in zip(bits, kernel, strict=True):
            if bit:
                member ^= v
        best = min(best, int(member.sum()))
    return best


CASES = [  # (width, height, pattern, topology, seed): nullity 2 to 8
    (5, 5, "plus", "plane", 0), (4, 4, "plus", "plane", 1), (9, 9, "plus", "plane", 2),
    (11, 11, "plus", "plane", 3), (6, 6, "010/101/010", "plane", 4), (5, 5, "plus", "torus", 5),
    (5, 4, "010/101/010", "cylinder", 9),
    (5, 5, "plus", "plane", 6),
]


def _rules(w: int, h: int, pattern: str, topology: str) -> Rules:
    from lightsart._rules import parse_pattern

    return Rules(h, w, parse_pattern(pattern), topology)


def _x0(rules: Rules, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(0, 2, rules.shape).astype(np.uint8)


def _check(found: Clicks, x0: np.ndarray, rules: Rules, fewest_brute: int) -> None:
    """The certificate against brute force: the clicks make the same board, the bound never
    exceeds the true minimum, and a proof is exact."""
    a = press_matrix(rules)
    assert np.array_equal(a @ found.clicks.ravel() % 2, a @ x0.ravel() % 2)
    assert found.lower_bound <= fewest_brute <= found.count
    if found.proven:
        assert found.count == fewest_brute == found.lower_bound
    assert found.search is not None
    assert 0 <= found.search.leaves_searched <= max(found.search.leaves_planned, 1)


@pytest.mark.parametrize("w, h, pattern, topology, seed", CASES)
def test_split_search_certificate_matches_brute_force(
        w: int, h: int, pattern: str, topology: str, seed: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # No transform: the split search answers (small inner blocks: many leaves), in full and
    # cut to one leaf, where its bound must still hold.
    monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(fewest, "_INNER", 1)
    rules = _rules(w, h, pattern, topology)
    x0 = _x0(rules, seed)
    truth = brute_fewest(x0, rules)
    given = None if rules.is_classic else rules
    full = optimize.fewest_clicks(x0, seconds=60.0, rules=given)
    _check(full, x0, rules, truth)
    assert full.proven and full.search is not None and full.search.method == "split"
    assert full.search.leaves_searched <= full.search.leaves_planned
    cut = optimize.fewest_clicks(x0, seconds=1e-9, rules=given)
    _check(cut, x0, rules, truth)


@pytest.mark.parametrize("w, h, pattern, topology, seed", CASES)
def test_local_search_bound_matches_brute_force(
        w: int, h: int, pattern: str, topology: str, seed: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Past the split search's ceiling: the local search, never proven, its bound still valid.
    monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(optimize, "SPLIT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(fewest, "MAX_FEWEST_NULLITY", 0)
    rules = _rules(w, h, pattern, topology)
    x0 = _x0(rules, seed)
    found = optimize.fewest_clicks(x0, seconds=1.0, rules=None if rules.is_classic else rules)
    _check(found, x0, rules, brute_fewest(x0, rules))
    assert not found.proven and found.search is not None
    assert found.search.method == "local" and found.search.leaves_total is None
    assert found.search.seconds_needed is not None and found.search.seconds_needed > 0


@pytest.mark.parametrize("seed", range(4))
def test_transform_certificate_matches_brute_force(seed: int) -> None:
    rules = Rules.plus(9, 9)
    x0 = _x0(rules, seed)
    found = optimize.fewest_clicks(x0)
    _check(found, x0, rules, brute_fewest(x0, rules))
    assert found.proven and found.search is not None and found.search.method == "transform"


def test_budget_not_nullity_is_the_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    # Above SPLIT_CLICKS_NULLITY the split search runs when the budget buys the whole proof,
    # else the local search: a larger budget proves more.
    monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(optimize, "SPLIT_CLICKS_NULLITY", 0)
    monkeypatch.setattr(fewest, "_INNER", 1)
    for module in (fewest, watch):  # a slow nominal machine
        monkeypatch.setattr(module, "MEMBERS_PER_SECOND", 4.0)
    rules = Rules.plus(9, 9)
    x0 = _x0(rules, 7)
    truth = brute_fewest(x0, rules)
    small = optimize.fewest_clicks(x0, seconds=2.0)
    large = optimize.fewest_clicks(x0, seconds=86400.0)
    assert small.search is not None and small.search.method == "local" and not small.proven
    assert large.search is not None and large.search.method == "split" and large.proven
    assert large.count == truth
    # The estimate is known up front and does not depend on the budget.
    assert small.search.seconds_needed is not None and small.search.seconds_needed > 2.0


class _Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def start(self, plan: SearchPlan, lower_bound: int, local_rounds: int = 0) -> None:
        self.events.append(("start", (plan, lower_bound, local_rounds)))

    def advance(self, done: int, best: int) -> None:
        self.events.append(("advance", (done, best)))

    def finish(self) -> None:
        self.events.append(("finish", None))


def test_watcher_hears_the_plan_before_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(fewest, "_INNER", 1)
    rules = Rules.plus(9, 9)
    x0 = _x0(rules, 8)
    seen = _Recorder()
    with watch.watching(seen):
        found = optimize.fewest_clicks(x0, seconds=1e-9)
    kinds = [kind for kind, _ in seen.events]
    assert kinds[0] == "start" and kinds[-1] == "finish" and "advance" in kinds
    plan, bound, local = seen.events[0][1]  # type: ignore[misc]
    assert not local and bound <= found.count
    assert not plan.finishes and plan.planned < plan.leaves  # one leaf of many: said up front
    dones = [v[0] for k, v in seen.events if k == "advance"]  # type: ignore[index]
    assert dones == sorted(dones) and dones[-1] == found.search.leaves_searched  # type: ignore[union-attr]
    # Outside the block nothing is watched.
    assert watch.watcher() is None


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


PLAN = SearchPlan(leaves=1000, members=1 << 18, planned=100, seconds_needed=90.0, compiled=True)


@pytest.mark.parametrize("tty", [False, True])
def test_note_and_bar_follow_the_terminal(tty: bool) -> None:
    stream = _Stream(tty)
    shown = SearchProgress(5.0, stream=stream, delay=0.0)
    shown.start(PLAN, 40)
    for done in (10, 50, 100):
        shown.advance(done, 77)
    shown.finish()
    text = stream.getvalue()
    note = text.splitlines()[0]
    assert note.startswith("lightsart: proving the fewest clicks needs about 90 s")
    assert "--time-limit 5 s" in note and "not proven" in note
    assert ("\r" in text) == tty  # the bar draws on a terminal only
    if tty:
        assert "clicks 77 (at least 40)" in text and text.endswith("\r\x1b[K")


def test_note_said_once_per_command() -> None:
    stream = _Stream(False)
    shown = SearchProgress(5.0, stream=stream)
    for _ in range(2):  # solve --explain: the same search twice
        shown.start(PLAN, 40)
        shown.finish()
    assert len(stream.getvalue().splitlines()) == 1


def test_quiet_silences_note_and_bar() -> None:
    stream = _Stream(True)
    with quiet():
        shown = SearchProgress(5.0, stream=stream, delay=0.0)
        shown.start(PLAN, 40)
        shown.advance(10, 77)
        shown.finish()
    assert stream.getvalue() == ""


def test_no_note_when_the_budget_proves_it() -> None:
    stream = _Stream(False)
    finishing = SearchPlan(leaves=10, members=1 << 18, planned=100, seconds_needed=2.0,
                           compiled=True)
    SearchProgress(5.0, stream=stream).start(finishing, 40)
    assert stream.getvalue() == ""
    assert SearchProgress.note(finishing, 5.0, local=True) is not None


BAD_LIMITS = ["0", "-1", "nan", "inf", "-inf", "abc", "86401", "1e400", ""]


@pytest.mark.parametrize("command", [["solve", "10000/00000/00000/00000/00000"],
                                     ["path", "01010/11011/01010/00000/00000"],
                                     ["table", "5x5"]])
@pytest.mark.parametrize("value", BAD_LIMITS)
def test_time_limit_refused(command: list[str], value: str, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    line = refused([*command, "--time-limit", value, "--json"], tmp_path, capsys)
    assert "--time-limit" in line


def _certificate(data: dict[str, object]) -> None:
    """The keys every fewest-clicks answer carries, and their agreement."""
    count, bound = data["click_count"], data["click_count_lower_bound"]
    assert isinstance(count, int) and isinstance(bound, int)
    assert bound <= count
    if data["proven_minimal"]:
        assert bound == count
    assert isinstance(data["cut_short"], bool)
    search = data["click_search"]
    assert isinstance(search, dict)
    assert set(search) == {"method", "leaves_searched", "leaves_planned", "leaves_total",
                           "members_per_leaf", "seconds_needed"}
    assert search["method"] in ("none", "transform", "split", "local")
    assert 0 <= search["leaves_searched"] <= search["leaves_planned"]


def _run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0
    out = capsys.readouterr().out
    return dict(json.loads(out))


@pytest.mark.parametrize("board", ["11110/10001/00001/00100/01110", "0110/1001/1001/0110",
                                   "111/101/111"])
@pytest.mark.parametrize("command", ["solve", "path"])
def test_json_certificate_consistent(board: str, command: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    data = _run_json([command, board, "--json", "--time-limit", "3"], capsys)
    _certificate(data)
    assert data["proven_minimal"] is True


@pytest.mark.parametrize("seed", range(3))
def test_json_certificate_of_a_search_matches_brute_force(
        seed: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The search, not the transform, answers: cut to one leaf, the bound still holds.
    monkeypatch.setattr(game, "COUNT_NULLITY", -1)
    monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(fewest, "_INNER", 1)
    rules = Rules.plus(9, 9)
    a = press_matrix(rules)
    board = (a @ _x0(rules, 10 + seed).ravel() % 2).reshape(rules.shape)  # solvable
    rows = "/".join("".join(str(v) for v in row) for row in board)
    data = _run_json(["solve", rows, "--json", "--time-limit", "1e-9"], capsys)
    _certificate(data)
    x = np.array(data["click_grid"], dtype=np.int64)
    assert np.array_equal(a @ x.ravel() % 2, board.ravel())  # the clicks clear the board
    truth = brute_fewest(x.astype(np.uint8), rules)
    assert int(data["click_count_lower_bound"]) <= truth <= int(data["click_count"])


def test_table_rows_lightest_by_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    # 19x19: a kernel of 16 top rows, beyond the exhaustive list of 10.
    data = _run_json(["table", "19x19", "--json", "--time-limit", "60"], capsys)
    assert data["nullity"] == 16 and data["cut_short"] is False
    assert data["top_rows_lightest"] == data["top_rows_planned"] == len(data["rows"])
    from lightsart._core.gf2 import classic_algebra

    alg = classic_algebra(19, 19)
    kernel = [q[0] for q in alg.quiet_patterns]  # a quiet pattern is fixed by its top row
    tops = np.array(list(itertools.product((0, 1), repeat=len(kernel))), dtype=np.int64)
    span = tops @ np.array(kernel, dtype=np.int64) % 2
    for row in data["rows"]:
        top = np.array([int(c) for c in row["top"]], dtype=np.int64)
        assert top.sum() == ((span + top) % 2).sum(axis=1).min()


def test_progress_absent_when_piped() -> None:
    # A real search the default budget cannot finish: the note on stderr, no bar (no \r).
    state = hex((1 << (61 * 61)) - 1)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "lightsart", "solve", "--state", state, "--size", "61x61",
         "--time-limit", "1", "--json"], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert "\r" not in done.stderr and "\x1b" not in done.stderr
    assert done.stderr.startswith("lightsart: proving the fewest clicks needs about")
    data = json.loads(done.stdout)
    _certificate(data)
    assert data["proven_minimal"] is False
    assert data["click_search"]["leaves_total"] == 526352
    quiet_run = subprocess.run(
        [sys.executable, "-m", "lightsart", "solve", "--state", state, "--size", "61x61",
         "--time-limit", "1", "--json", "--quiet"], capture_output=True, text=True, env=env,
        check=False)
    assert quiet_run.returncode == 0 and quiet_run.stderr == ""


@pytest.mark.parametrize("exact", [True, False])
def test_still_and_animate_json_carry_the_certificate(
        exact: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    if not exact:  # the split search, cut to what a tiny budget buys, answers the clicks
        monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
        monkeypatch.setattr(fewest, "_INNER", 1)
    picture = str(ROOT / "samples" / "astronaut.png")
    still = _run_json(["still", picture, "-o", str(tmp_path / "s.png"), "--size", "9x9",
                       "--json", "--time-limit", "0.001", "--states", "2"], capsys)
    shown = still["pictures"][0]
    animate = _run_json(["animate", picture, picture, "-o", str(tmp_path / "a.gif"),
                         "--size", "9x9", "--json", "--time-limit", "0.001", "--states", "2"],
                        capsys)
    rules = Rules.plus(9, 9)
    for part in (shown, *animate["pictures"], *animate["transitions"]):
        count, bound = part["click_count"], part["click_count_lower_bound"]
        assert isinstance(bound, int) and 0 <= bound <= count
        if part["click_count_proven_minimal"]:
            assert bound == count
        assert part["click_search"]["method"] in ("none", "transform", "split", "local")
    # A fit's click bound never exceeds the true fewest clicks of its board (brute force).
    from lightsart import closest_board

    fit = closest_board(np.ones((9, 9), np.uint8) ^ np.eye(9, dtype=np.uint8), seconds=0.001)
    truth = brute_fewest(fit.clicks, rules)
    assert fit.clicks_bound <= truth <= fit.clicks_count


def _chased_bottom(top: str, height: int) -> str:
    """Press ``top`` on a solved board of the plus pattern and chase down: the bottom row left
    (pressed here by hand, not by the library)."""
    a = press_matrix(Rules.plus(height, len(top)))
    n = len(top)
    x = np.zeros(height * n, dtype=np.int64)
    x[:n] = [int(c) for c in top]
    for r in range(height - 1):
        lit = (a @ x % 2)[r * n:(r + 1) * n]
        x[(r + 1) * n:(r + 2) * n] ^= lit
    return "".join(str(v) for v in (a @ x % 2)[-n:])


def test_table_plans_its_lightest_rows_from_the_budget(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    # 30x30: 1024 rows over a kernel of 20; half a second plans one transform of 2**20.
    first = _run_json(["table", "30x30", "--json", "--time-limit", "0.5"], capsys)
    assert first["nullity"] == 20 and len(first["rows"]) == 1024
    assert first["top_rows_planned"] == 1
    assert int(first["top_rows_lightest"]) <= 1 and isinstance(first["cut_short"], bool)
    more = _run_json(["table", "30x30", "--json", "--time-limit", "2"], capsys)
    assert int(more["top_rows_planned"]) > int(first["top_rows_planned"])
    # A row made lightest presses no more than before, and still leaves its bottom row.
    changed = 0
    for old, new in zip(first["rows"], more["rows"], strict=True):
        assert old["bottom"] == new["bottom"]
        assert new["top"].count("1") <= old["top"].count("1")
        if new["top"] != old["top"]:
            changed += 1
            assert _chased_bottom(new["top"], 30) == new["bottom"]
    assert changed > 0
    assert main(["table", "30x30", "--time-limit", "0.5"]) == 0
    text = capsys.readouterr().out
    assert "Top rows proven lightest: " in text and "of 1024" in text


def test_watcher_hears_the_local_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(optimize, "EXACT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(optimize, "SPLIT_CLICKS_NULLITY", -1)
    monkeypatch.setattr(fewest, "MAX_FEWEST_NULLITY", 0)
    rules = Rules.plus(9, 9)
    x0 = _x0(rules, 9)
    seen = _Recorder()
    with watch.watching(seen):
        found = optimize.fewest_clicks(x0, seconds=1.0)
    plan, bound, rounds = seen.events[0][1]  # type: ignore[misc]
    assert rounds == found.search.leaves_planned > 0  # type: ignore[union-attr]
    assert bound <= found.count and plan.seconds_needed > 0
    steps = [v for k, v in seen.events if k == "advance"]
    assert [done for done, _ in steps] == list(range(1, len(steps) + 1))  # type: ignore[misc]
    bests = [best for _, best in steps]  # type: ignore[misc]
    assert bests == sorted(bests, reverse=True) and bests[-1] == found.count
    assert seen.events[-1][0] == "finish"


def test_local_bar_counts_rounds() -> None:
    stream = _Stream(True)
    shown = SearchProgress(5.0, stream=stream, delay=0.0)
    shown.start(PLAN, 40, local_rounds=30)
    shown.advance(3, 90)
    shown.finish()
    text = stream.getvalue()
    assert "the best a local search finds" in text.splitlines()[0]
    assert "local rounds" in text and "3/30" in text
