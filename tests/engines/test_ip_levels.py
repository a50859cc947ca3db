"""Bosch's integer programs for k states per cell, against brute force over every press vector.

The brute force has its own press, read straight off the pattern's rows (a click landing twice on
a cell adds twice), so it shares no code with :mod:`lightsart._rules`, the algebra or the IPs.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from lightsart._core.optimize import closest_board
from lightsart._engines.ip import basic_ip, closest_board_ip, error_model, export_model, transition_ip
from lightsart._errors import LightsartError
from lightsart._rules import Rules, parse_pattern

#: K = 3, 4, 5, 6 on small boards; the 2x2 torus with the square pattern lands twice on cells.
CASES = [
    ("plus", "plane", 2, 3, 4),
    ("plus", "plane", 2, 3, 5),
    ("plus", "plane", 3, 3, 3),
    ("sigma", "cylinder", 2, 4, 3),
    ("square", "torus", 2, 2, 6),
    ("plus", "torus", 2, 3, 3),
]


@dataclass(frozen=True)
class Brute:
    """Every press vector of one board: the board it makes from all-brightest, and per board the
    fewest presses (a cell pressed j times counts j)."""

    k: int
    shape: tuple[int, int]
    presses: np.ndarray  # (N, m*n)
    boards: np.ndarray  # (N, m*n)
    fewest: dict[bytes, int]


def _rules(case: tuple[str, str, int, int, int]) -> Rules:
    pattern, topology, m, n, k = case
    return Rules(m, n, parse_pattern(pattern), topology, k)  # type: ignore[arg-type]


@cache
def brute(case: tuple[str, str, int, int, int]) -> Brute:
    pattern, topology, m, n, k = case
    rows = parse_pattern(pattern).rows
    ri, rj = len(rows) // 2, len(rows[0]) // 2
    adds = np.zeros((m * n, m * n), dtype=np.int64)  # adds[click, cell]
    for a, b in itertools.product(range(m), range(n)):
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch != "1":
                    continue
                r, c = a + i - ri, b + j - rj
                if topology == "torus":
                    r %= m
                if topology in ("torus", "cylinder"):
                    c %= n
                if 0 <= r < m and 0 <= c < n:
                    adds[a * n + b, r * n + c] += 1
    presses = np.array(list(itertools.product(range(k), repeat=m * n)), dtype=np.int64)
    boards = (k - 1 + presses @ adds) % k
    fewest: dict[bytes, int] = {}
    for x, board in zip(presses.sum(axis=1).tolist(), boards.astype(np.uint8), strict=True):
        key = board.tobytes()
        if x < fewest.get(key, 1 << 30):
            fewest[key] = x
    return Brute(k, (m, n), presses, boards, fewest)


def made(b: Brute, presses: np.ndarray) -> np.ndarray:
    """The board ``presses`` make from all-brightest, by the brute force's own table."""
    flat = presses.astype(np.int64).ravel()
    index = int(sum(int(v) * b.k ** (flat.size - 1 - p) for p, v in enumerate(flat)))
    return b.boards[index].reshape(b.shape).astype(np.uint8)


def targets(b: Brute, count: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.integers(0, b.k, size=b.shape).astype(np.uint8) for _ in range(count)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(map(str, c)))
def test_error_ip_finds_the_fewest_wrong_cells(case: tuple[str, str, int, int, int]) -> None:
    rules, b = _rules(case), brute(case)
    for target in targets(b, 3, seed=sum(case[2:])):
        # Without the warm start the solver finds the board itself.
        fit = closest_board_ip(target, time_limit=60, warm_start=False, rules=rules)
        best = int((b.boards != target.ravel()).sum(axis=1).min())
        assert fit.wrong_pixels == best == int((fit.board != target).sum())
        assert fit.wrong_pixels_proven_minimal and fit.wrong_pixels_lower_bound == best
        assert np.array_equal(made(b, fit.clicks), fit.board)  # the presses re-applied
        assert fit.clicks_count == b.fewest[fit.board.tobytes()] and fit.clicks_proven_minimal
        assert fit.rules == rules and fit.states == rules.states and fit.method.startswith("ip")
        # The exact engine proves the same optimum.
        exact = closest_board(target, rules=rules)
        assert exact.wrong_pixels_proven_minimal and exact.wrong_pixels == fit.wrong_pixels


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(map(str, c)))
def test_basic_ip_gives_the_fewest_presses_or_proves_a_board_unreachable(
    case: tuple[str, str, int, int, int],
) -> None:
    rules, b = _rules(case), brute(case)
    rng = np.random.default_rng(7)
    reachable = b.boards[rng.integers(0, len(b.boards), size=3)].astype(np.uint8)
    for board in [*reachable.reshape(-1, *b.shape), *targets(b, 3, seed=11)]:
        fewest = b.fewest.get(board.tobytes())
        if fewest is None:
            with pytest.raises(LightsartError, match=r"not reachable: .* proved the basic model infeasible"):
                basic_ip(board, time_limit=60, rules=rules)
            continue
        answer = basic_ip(board, time_limit=60, rules=rules)
        assert answer.report is not None and answer.proven and answer.states == rules.states
        assert answer.count == fewest == int(answer.clicks.sum())
        assert np.array_equal(made(b, answer.clicks), board)


@pytest.mark.parametrize("case", CASES[:4], ids=lambda c: "-".join(map(str, c)))
def test_transition_ip_gives_the_fewest_presses_between_two_fits(
    case: tuple[str, str, int, int, int],
) -> None:
    rules, b = _rules(case), brute(case)
    k = rules.states
    one, two = (closest_board(t, rules=rules) for t in targets(b, 2, seed=3))
    step = transition_ip(one, two, time_limit=60, rules=rules)
    assert step.report is not None and step.proven
    # Fewest presses turning one board into the other: over every press vector x,
    # board(x) - (k-1) is the change x makes.
    change = (two.board.astype(np.int64) - one.board.astype(np.int64)) % k
    makes = ((b.boards - (k - 1)) % k == change.ravel()).all(axis=1)
    assert step.count == int(b.presses[makes].sum(axis=1).min())
    after = (one.board.astype(np.int64) + (made(b, step.clicks).astype(np.int64) - (k - 1))) % k
    assert np.array_equal(after, two.board)


def test_exported_model_read_back_solves_to_the_brute_force_optimum(tmp_path: Path) -> None:
    import pulp

    from lightsart._engines.cbc import quiet_pulp

    case = ("square", "torus", 2, 2, 6)
    rules, b = _rules(case), brute(case)
    target = targets(b, 1, seed=5)[0]
    path = tmp_path / "m.mps"
    export_model(target, str(path), rules=rules)
    with quiet_pulp():
        _, prob = pulp.LpProblem.fromMPS(str(path), sense=pulp.LpMinimize)
        prob.solve(pulp.PULP_CBC_CMD(msg=False))
    assert pulp.LpStatus[prob.status] == "Optimal"
    assert round(pulp.value(prob.objective)) == int((b.boards != target.ravel()).sum(axis=1).min())


def test_model_shape_and_bounds() -> None:
    rules = Rules(3, 3, states=5)
    prob = error_model(np.zeros((3, 3), dtype=np.uint8), rules=rules)
    assert len(prob.variables()) == 4 * 9 and len(prob.constraints) == 3 * 9
    uppers = {v.name[0]: v.upBound for v in prob.variables()}
    # Presses and levels 0..4; a change count is at most 4 * 5 = 20, so 20 + 4 - 0 <= 5 y: y <= 4.
    assert uppers == {"x": 4, "b": 4, "z": 1, "y": 4}
    with pytest.raises(LightsartError, match=r"levels 0 \.\. 4"):
        error_model(np.full((3, 3), 5, dtype=np.uint8), rules=rules)
