"""The one IP builder (:mod:`lightsart._engines.ip_model`) for 2, 3 and 4 states, plus and σ, plane
and torus, against brute force over every press vector of tiny boards.

The brute force has its own press, read straight off the pattern's rows (a click landing twice on a
cell adds twice), so it shares no code with :mod:`lightsart._rules`, the algebra or the IPs. Every
answer is re-applied with that press.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from lightsart._engines import ip
from lightsart._errors import LightsartError
from lightsart._rules import Rules, parse_pattern

Case = tuple[str, str, int, int, int]  # pattern, topology, rows, columns, states

#: 2x2 .. 4x4 boards; the 2x2 torus lands the plus twice on cells. 4x4 only at 2 states
#: (4^16 press vectors is too many for a brute force).
CASES: list[Case] = [
    ("plus", "plane", 2, 2, 2),
    ("plus", "torus", 2, 2, 3),
    ("sigma", "plane", 2, 2, 4),
    ("plus", "plane", 3, 3, 3),
    ("sigma", "torus", 3, 3, 2),
    ("plus", "torus", 3, 3, 4),
    ("sigma", "plane", 3, 3, 3),
    ("plus", "plane", 4, 4, 2),
    ("sigma", "torus", 4, 4, 2),
    ("sigma", "plane", 3, 4, 3),
]


@dataclass(frozen=True)
class Brute:
    """Every press vector: the board it makes from all-brightest (flattened)."""

    k: int
    shape: tuple[int, int]
    adds: np.ndarray  # (cells, cells): adds[click, cell]
    presses: np.ndarray  # (N, cells)
    boards: np.ndarray  # (N, cells)

    def made(self, presses: np.ndarray) -> np.ndarray:
        flat = presses.astype(np.int64).ravel()
        return ((self.k - 1 + flat @ self.adds) % self.k).reshape(self.shape)

    def fewest_wrong(self, target: np.ndarray, cost: np.ndarray) -> float:
        return float(((self.boards != target.ravel()) @ cost.ravel()).min())

    def fewest_presses(self, board: np.ndarray) -> int | None:
        hits = (self.boards == board.ravel()).all(axis=1)
        return int(self.presses[hits].sum(axis=1).min()) if hits.any() else None


def _rules(case: Case) -> Rules:
    pattern, topology, m, n, k = case
    return Rules(m, n, parse_pattern(pattern), topology, k)  # type: ignore[arg-type]


@cache
def brute(case: Case) -> Brute:
    pattern, topology, m, n, k = case
    rows = parse_pattern(pattern).rows
    ri, rj = len(rows) // 2, len(rows[0]) // 2
    adds = np.zeros((m * n, m * n), dtype=np.int64)
    for a, b in itertools.product(range(m), range(n)):
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                r, c = a + i - ri, b + j - rj
                if ch != "1":
                    continue
                if topology == "torus":
                    r, c = r % m, c % n
                if 0 <= r < m and 0 <= c < n:
                    adds[a * n + b, r * n + c] += 1
    presses = np.array(list(itertools.product(range(k), repeat=m * n)), dtype=np.int8)
    boards = ((k - 1 + presses.astype(np.int64) @ adds) % k).astype(np.int8)
    return Brute(k, (m, n), adds, presses, boards)


def _ids(case: Case) -> str:
    return "-".join(map(str, case))


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_error_ip_finds_the_fewest_wrong_cells(case: Case) -> None:
    rules, b = _rules(case), brute(case)
    rng = np.random.default_rng(sum(case[2:]))
    target = rng.integers(0, b.k, size=b.shape).astype(np.uint8)
    cost = rng.integers(1, 4, size=b.shape).astype(np.float64)
    for weights, warm in ((None, False), (cost, True)):
        fit = ip.closest_board_ip(target, weights, rules=rules, time_limit=60, warm_start=warm)
        w = np.ones(b.shape) if weights is None else weights
        assert np.array_equal(b.made(fit.clicks), fit.board)
        assert np.array_equal(fit.wrong, (fit.board != target).astype(np.uint8))
        assert fit.wrong_cost == pytest.approx(b.fewest_wrong(target, w))
        assert fit.wrong_pixels_proven_minimal and fit.states == b.k
        assert fit.clicks_count == b.fewest_presses(fit.board)  # polished over the kernel


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_presses_ip_finds_the_fewest_presses_or_proves_a_board_unreachable(case: Case) -> None:
    rules, b = _rules(case), brute(case)
    rng = np.random.default_rng(7 + sum(case[2:]))
    reachable = b.made(rng.integers(0, b.k, size=b.shape)).astype(np.uint8)
    answer = ip.basic_ip(reachable, rules=rules, time_limit=60)
    assert answer.report is not None and answer.proven
    assert np.array_equal(b.made(answer.clicks), reachable)
    assert answer.count == b.fewest_presses(reachable)
    others = [t for t in rng.integers(0, b.k, size=(20, *b.shape)).astype(np.uint8)
              if b.fewest_presses(t) is None]
    if others:
        with pytest.raises(LightsartError, match="not reachable"):
            ip.basic_ip(others[0], rules=rules, time_limit=60)


@pytest.mark.parametrize("case", CASES[::3], ids=_ids)
def test_transition_ip_gives_the_fewest_presses_between_two_fits(case: Case) -> None:
    rules, b = _rules(case), brute(case)
    rng = np.random.default_rng(11)
    one, two = (ip.closest_board_ip(rng.integers(0, b.k, size=b.shape).astype(np.uint8),
                                    rules=rules, time_limit=60) for _ in range(2))
    step = ip.transition_ip(one, two, rules=rules, time_limit=60)
    assert step.report is not None and step.proven
    change = (two.board.astype(np.int64) - one.board.astype(np.int64)) % b.k
    # From all-brightest the presses make k-1 + change; from one.board they make two.board.
    assert np.array_equal((one.board + b.made(step.clicks) - (b.k - 1)) % b.k, two.board)
    assert step.count == b.fewest_presses((b.k - 1 + change) % b.k)


@pytest.mark.parametrize("case", [CASES[1], CASES[5], CASES[7]], ids=_ids)
def test_exported_model_of_any_states_solves_to_the_brute_force_optimum(
        case: Case, tmp_path: Path) -> None:
    import pulp

    from lightsart._engines.cbc import quiet_pulp

    rules, b = _rules(case), brute(case)
    target = np.random.default_rng(3).integers(0, b.k, size=b.shape).astype(np.uint8)
    path = tmp_path / "m.mps"
    ip.export_model(target, str(path), rules=rules)
    with quiet_pulp():
        _, prob = pulp.LpProblem.fromMPS(str(path), sense=pulp.LpMinimize)
        prob.solve(pulp.PULP_CBC_CMD(msg=False))
    assert pulp.LpStatus[prob.status] == "Optimal"
    assert round(pulp.value(prob.objective)) == b.fewest_wrong(target, np.ones(b.shape))


def test_the_builder_picks_the_flag_model_for_two_states_and_levels_for_more() -> None:
    two = ip.error_model(np.zeros((3, 3), dtype=np.uint8), rules=Rules(3, 3, states=2))
    five = ip.error_model(np.zeros((3, 3), dtype=np.uint8), rules=Rules(3, 3, states=5))
    assert (len(two.variables()), len(two.constraints)) == (3 * 9, 9)  # no levels, no big-M
    assert (len(five.variables()), len(five.constraints)) == (4 * 9, 3 * 9)
    case = CASES[3]
    target = np.random.default_rng(5).integers(0, 3, size=(3, 3)).astype(np.uint8)
    fit = ip.closest_board_ip(target, time_limit=60, rules=_rules(case))
    assert fit.wrong_pixels == brute(case).fewest_wrong(target, np.ones((3, 3)))
