"""Bosch's integer programs against brute force, the exact engine, and CBC's own log."""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache
from types import SimpleNamespace

import numpy as np
import pytest

from lightsart._core.board import board_from_clicks, parse_board
from lightsart._core.gf2 import chase, classic_algebra
from lightsart._core.optimize import closest_board, fewest_clicks, transition
from lightsart._engines import auto, cbc, ip
from lightsart._errors import LightsartError
from lightsart._results import Fit
from lightsart._rules import press

TINY_SIZES = [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1), (2, 3), (3, 2), (3, 3)]


@cache
def brute_force(m: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For every board (as an index over all 2^(mn) bit patterns, row-major, first cell = MSB):
    the fewest clicks reaching it from all-lit (-1 if unreachable), and for every target the
    fewest wrong pixels of any reachable board. Found by trying every click set."""
    cells = m * n
    patterns = np.array(list(itertools.product([0, 1], repeat=cells)), dtype=np.uint8)
    boards = np.array([board_from_clicks(p.reshape(m, n)).ravel() for p in patterns])
    weights = 1 << np.arange(cells - 1, -1, -1)
    index = boards.astype(np.int64) @ weights
    fewest = np.full(len(patterns), -1)
    for k, clicks in zip(index, patterns.sum(axis=1), strict=True):
        if fewest[k] < 0 or clicks < fewest[k]:
            fewest[k] = clicks
    reachable = patterns[fewest >= 0]
    wrong = (patterns[:, None, :] != reachable[None, :, :]).sum(axis=2).min(axis=1)
    return fewest, wrong


#: (m, n, chunk, chunks): 3x3's 512 targets in four chunks so that pytest-xdist can share them.
TINY_CASES = [(m, n, 0, 1) for m, n in TINY_SIZES if m * n < 9] + [(3, 3, k, 4) for k in range(4)]


@pytest.mark.parametrize(
    "case", TINY_CASES, ids=[f"{n}x{m}-{k}" for m, n, k, _ in TINY_CASES]
)
def test_both_ips_match_brute_force_on_every_target(case: tuple[int, int, int, int]) -> None:
    m, n, chunk, chunks = case
    fewest, wrong = brute_force(m, n)
    for k, bits in enumerate(itertools.product([0, 1], repeat=m * n)):
        if k % chunks != chunk:
            continue
        target = np.array(bits, dtype=np.uint8).reshape(m, n)
        if fewest[k] < 0:
            with pytest.raises(LightsartError, match="not reachable: cbc proved the basic model"):
                ip.basic_ip(target)
        else:
            basic = ip.basic_ip(target)
            assert basic.report is not None and basic.report.status == "optimal"
            assert basic.count == fewest[k] and basic.proven
            assert np.array_equal(board_from_clicks(basic.clicks), target)
        result = ip.closest_board_ip(target, polish_clicks=False)
        fit = result
        assert result.report.status == "optimal"
        # Accepted, or unused when preprocessing alone solved the model: never rejected.
        assert result.report.warm_start_accepted is not False
        assert fit.wrong_pixels == wrong[k] == result.report.objective
        assert fit.wrong_pixels_proven_minimal and fit.wrong_pixels_lower_bound == wrong[k]
        assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
        assert np.array_equal(fit.board ^ target, fit.wrong)


def random_targets(sizes: list[tuple[int, int]], per_size: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.integers(0, 2, size, dtype=np.uint8) for size in sizes for _ in range(per_size)]


def sparse_pictures() -> list[np.ndarray]:
    """Pictures made by three clicks, one with a pixel flipped (unreachable on 5x5). Random
    5x5 and 6x6 pictures take CBC 5-20 s each, too slow for the suite."""
    x5 = parse_board("00000/01000/00000/00010/00001")
    flipped = board_from_clicks(x5)
    flipped[0, 0] ^= 1
    x6 = parse_board("000000/010000/000000/000100/000000/000001")
    return [board_from_clicks(x5), flipped, board_from_clicks(x6)]


@pytest.mark.parametrize(
    "target",
    random_targets([(4, 4)], 8, 1) + random_targets([(4, 5), (5, 4)], 1, 2) + sparse_pictures(),
    ids=lambda t: f"{t.shape[1]}x{t.shape[0]}",
)
def test_ips_reach_the_exact_engines_optimum(target: np.ndarray) -> None:
    exact = closest_board(target)
    assert exact.wrong_pixels_proven_minimal
    fit = ip.closest_board_ip(target)
    assert fit.wrong_pixels_proven_minimal and fit.wrong_pixels == exact.wrong_pixels
    assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
    # Several boards may share the fewest wrong pixels; fewest clicks is per board.
    basic = ip.basic_ip(fit.board)
    assert basic.report is not None and basic.report.status == "optimal"
    assert basic.count == fit.clicks_count == fewest_clicks(fit.clicks).count
    assert np.array_equal(board_from_clicks(basic.clicks), fit.board)


def test_unreachable_picture_is_infeasible() -> None:
    target = np.zeros((4, 4), dtype=np.uint8)
    target[0, 0] = 1
    assert not classic_algebra(4, 4).is_solvable(target ^ 1)
    with pytest.raises(LightsartError, match="not reachable: cbc proved the basic model infeasible"):
        ip.basic_ip(target)


def test_weighted_costs_match_the_exact_engine() -> None:
    rng = np.random.default_rng(7)
    target = rng.integers(0, 2, (4, 5), dtype=np.uint8)
    cost = rng.integers(1, 9, target.shape).astype(float)
    exact = closest_board(target, cost)
    fit = ip.closest_board_ip(target, cost)
    assert fit.wrong_cost == exact.wrong_cost == float((cost * fit.wrong).sum())
    assert fit.wrong_pixels_proven_minimal


@pytest.mark.parametrize("shape", [(5, 5), (6, 6), (9, 9)])
def test_warm_start_is_accepted_and_is_bosch_chase(shape: tuple[int, int]) -> None:
    target = np.random.default_rng(shape[0]).integers(0, 2, shape, dtype=np.uint8)
    start = ip.chase_start(target)
    start_errors = board_from_clicks(start) ^ target
    # All errors of the start sit in one edge row or column.
    edges = [start_errors[1:], start_errors[:-1], start_errors[:, 1:], start_errors[:, :-1]]
    assert any(not e.any() for e in edges)
    bottom = chase(target ^ 1)[1].sum()
    assert start_errors.sum() <= bottom
    result = ip.closest_board_ip(target, time_limit=1)
    report = result.report
    assert report.warm_start_given and report.warm_start_accepted
    assert report.warm_start_objective == start_errors.sum()
    assert result.wrong_pixels <= start_errors.sum()


def test_rejected_warm_start_is_reported() -> None:
    target = board_from_clicks(np.eye(3, dtype=np.uint8))
    wrong_start = np.zeros((3, 3), dtype=np.uint8)
    result = ip.basic_ip(target, start=wrong_start)
    assert result.report.warm_start_given and result.report.warm_start_accepted is False
    assert "REJECTED" in result.report.summary()
    assert result.count == 3  # CBC solved it anyway


def test_time_limit_on_a_hard_case_is_never_reported_optimal() -> None:
    target = np.random.default_rng(12).integers(0, 2, (12, 12), dtype=np.uint8)
    result = ip.closest_board_ip(target, time_limit=0.5)
    report = result.report
    assert report.status == "feasible" and not report.proven
    assert report.warm_start_accepted
    assert report.best_bound is not None and report.objective is not None
    assert report.best_bound < report.objective
    fit = result
    exact = closest_board(target)
    assert fit.wrong_pixels_lower_bound <= exact.wrong_pixels <= fit.wrong_pixels
    assert fit.wrong_pixels_proven_minimal == (fit.wrong_pixels_lower_bound == fit.wrong_pixels)
    assert np.array_equal(board_from_clicks(fit.clicks), fit.board)


def test_basic_ip_without_incumbent_reads_no_values() -> None:
    target = board_from_clicks(np.random.default_rng(3).integers(0, 2, (10, 10), dtype=np.uint8))
    try:
        result = ip.basic_ip(target, time_limit=0.5)
    except LightsartError as stopped:  # no incumbent: said, with the status, and no values read
        assert "found no click set" in str(stopped) and "no solution" in str(stopped)
    else:  # pragma: no cover - depends on how far CBC gets in half a second
        assert result.report is not None and result.report.status == "feasible"
        assert np.array_equal(board_from_clicks(result.clicks), target)


def test_bosch_animation_recipe() -> None:
    rng = np.random.default_rng(5)
    first, second = (rng.integers(0, 2, (4, 4), dtype=np.uint8) for _ in range(2))
    anim = ip.animation_ip(first, second, time_limit=20)
    a, b, step = anim.first, anim.second, anim.transition
    assert step.report is not None and step.report.warm_start_accepted
    assert np.array_equal(a.board ^ press(step.clicks), b.board)
    assert step.count == fewest_clicks(a.clicks ^ b.clicks).count
    assert step.report.status == "optimal"


def test_transition_keeps_the_xor_start_when_out_of_time() -> None:
    rng = np.random.default_rng(8)
    a, b = (closest_board(rng.integers(0, 2, (12, 12), dtype=np.uint8)) for _ in range(2))
    step = ip.transition_ip(a, b, time_limit=0.3)
    assert step.report is not None
    assert np.array_equal(a.board ^ press(step.clicks), b.board)
    assert step.count <= int((a.clicks ^ b.clicks).sum())
    assert step.proven == (step.report.status == "optimal")
    assert step.count >= transition(a, b).count


@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (9, 9), (11, 11), (19, 19)])
def test_reduced_parity_ip_matches_exact_decoding(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(sum(shape))
    target = rng.integers(0, 2, shape, dtype=np.uint8)
    for cost in (None, rng.integers(1, 5, shape).astype(float)):
        exact = closest_board(target, cost)
        result = ip.closest_board_reduced_ip(target, cost, time_limit=20)
        assert result.report.status == "optimal" and result.report.warm_start_accepted is not False
        fit = result
        assert fit.wrong_cost == exact.wrong_cost and fit.wrong_pixels_proven_minimal
        assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
        assert np.array_equal(fit.board ^ target, fit.wrong)
        assert result.report.constraints == classic_algebra(*shape).nullity


def weak_fit(target: np.ndarray) -> Fit:
    """Bosch's chase answer dressed as an unproven exact-engine fit."""
    optimum = closest_board(target)
    start = ip.chase_start(target)
    board = board_from_clicks(start)
    return dataclasses.replace(
        optimum, board=board, clicks=start, wrong=board ^ target,
        wrong_pixels=int((board ^ target).sum()), wrong_cost=float((board ^ target).sum()),
        wrong_pixels_proven_minimal=False, wrong_pixels_lower_bound=0.0,
    )


def test_auto_improves_an_unproven_exact_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    target = np.random.default_rng(9).integers(0, 2, (9, 9), dtype=np.uint8)
    optimum = closest_board(target)
    unproven = weak_fit(target)
    assert unproven.wrong_pixels > optimum.wrong_pixels
    monkeypatch.setattr(auto, "closest_board", lambda *args, **kwargs: unproven)
    fit = auto.closest_board_auto(target, np.ones(target.shape), time_limit=auto.AUTO_IP_MIN_SECONDS)
    assert fit.wrong_pixels == optimum.wrong_pixels and fit.wrong_pixels_proven_minimal
    assert np.array_equal(board_from_clicks(fit.clicks), fit.board)
    assert "ip parity: optimal" in fit.method


def test_auto_is_the_exact_engine_without_costs_or_time(monkeypatch: pytest.MonkeyPatch) -> None:
    target = np.random.default_rng(9).integers(0, 2, (9, 9), dtype=np.uint8)
    unproven = weak_fit(target)
    monkeypatch.setattr(auto, "closest_board", lambda *args, **kwargs: unproven)
    # Unit costs (measured: CBC never helped), or too little time: the exact answer as is.
    assert auto.closest_board_auto(target, time_limit=60.0) is unproven
    assert auto.closest_board_auto(target, np.ones((9, 9)), time_limit=1.0) is unproven


def test_missing_cbc_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import pulp

    monkeypatch.setattr(pulp.COIN_CMD, "available", lambda self: False)
    monkeypatch.setattr(pulp.PULP_CBC_CMD, "available", lambda self: False)
    with pytest.raises(LightsartError) as info:
        ip.basic_ip(np.ones((2, 2), dtype=np.uint8))
    assert str(info.value) == cbc.CBC_MISSING
    assert "pip install 'pulp[cbc]'" in str(info.value) and "\n" not in str(info.value)


def test_no_warning_reaches_the_user() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ip.basic_ip(np.ones((2, 2), dtype=np.uint8)).report.status == "optimal"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"time_limit": 0}, "time limit"),
        ({"threads": 0}, "threads"),
        ({"gap": 1.5}, "gap"),
    ],
)
def test_bad_options(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(LightsartError, match=message):
        ip.closest_board_ip(np.ones((2, 2), dtype=np.uint8), **kwargs)  # type: ignore[arg-type]


def test_bad_costs() -> None:
    with pytest.raises(LightsartError, match="non-negative"):
        ip.closest_board_ip(np.ones((2, 2), dtype=np.uint8), -np.ones((2, 2)))
    with pytest.raises(LightsartError, match="shape"):
        ip.closest_board_ip(np.ones((2, 2), dtype=np.uint8), np.ones((3, 2)))


STOPPED_LOG = """\
opening mipstart file /tmp/x.mst.
MIPStart values read for 162 variables.
Continuous objective value is 14 - 0.00 seconds
Cbc0045I MIPStart provided solution with cost 34
Cbc0010I After 0 nodes, 1 on tree, 34 best solution, best possible 17.644002 (0.84 seconds)
Result - Stopped on time limit

Objective value:                32.00000000
Lower bound:                    17.644
Gap:                            0.81
"""

REJECTED_LOG = """\
MIPStart values read for 72 variables.
Continuous objective value is 4 - 0.00 seconds
Cbc0045I Warning: mipstart values could not be used to build a solution.
Cbc0010I After 0 nodes, 1 on tree, 1e+50 best solution, best possible 9.5 (0.1 seconds)
Result - Optimal solution found

Objective value:                16.00000000
"""


def test_parse_log() -> None:
    stopped = cbc.parse_log(STOPPED_LOG)
    assert stopped.result == "Stopped on time limit"
    assert (stopped.objective, stopped.lower_bound, stopped.gap) == (32.0, 17.644, 0.81)
    assert stopped.warm_start_cost == 34.0 and not stopped.warm_start_rejected
    assert stopped.relaxation == 14.0
    rejected = cbc.parse_log(REJECTED_LOG)
    assert rejected.warm_start_read and rejected.warm_start_rejected
    assert rejected.warm_start_cost is None and rejected.lower_bound is None
    assert rejected.node_bound == 9.5
    empty = cbc.parse_log("")
    assert empty.result is None and empty.objective is None


def test_status_is_optimal_only_when_proven() -> None:
    import pulp

    def status(log: str, sol_status: int, lp_status: int = pulp.LpStatusOptimal) -> str:
        prob = SimpleNamespace(status=lp_status, sol_status=sol_status)
        return cbc._status(prob, cbc.parse_log(log))

    # Stopped on time with an incumbent: PuLP says Optimal / IntegerFeasible.
    assert status(STOPPED_LOG, pulp.LpSolutionIntegerFeasible) == "feasible"
    assert status(REJECTED_LOG, pulp.LpSolutionOptimal) == "optimal"
    within_gap = STOPPED_LOG.replace(
        "Stopped on time limit", "Optimal solution found (within gap tolerance)"
    )
    assert status(within_gap, pulp.LpSolutionOptimal) == "feasible"
    assert status("", pulp.LpSolutionNoSolutionFound, pulp.LpStatusNotSolved) == "no solution"
    assert status("", pulp.LpSolutionInfeasible, pulp.LpStatusInfeasible) == "infeasible"
