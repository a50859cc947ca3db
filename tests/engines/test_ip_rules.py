"""Bosch's integer programs under any rules, against brute force over every click set.

The brute force here has its own press (read straight off the pattern's rows, counting a click
that lands twice on a cell twice), so it shares no code with :mod:`lightsart._rules` or the IPs.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest

from lightsart._choices import Topology
from lightsart._core.general import packed_algebra
from lightsart._engines import auto, ip, ip_model
from lightsart._errors import LightsartError
from lightsart._results import Fit
from lightsart._rules import Rules, change_counts, parse_pattern

#: The presets, the issue's asymmetric example, and one whose kernel and left kernel differ on
#: the plane (there the parity rows must come from the left kernel).
PATTERNS = ["plus", "sigma", "x", "square", "110/010/000", "100/010/011"]
TOPOLOGIES: list[Topology] = ["plane", "torus", "cylinder"]
RULES = [(p, t) for p in PATTERNS for t in TOPOLOGIES]
SOLVERS = ("cbc", "highs")


@dataclass(frozen=True)
class Brute:
    """Every click set of one board: the board each reaches, and the fewest clicks per board."""

    masks: list[int]  # per click, the cells it toggles (bit p = cell p, row-major)
    fewest: dict[int, int]  # board (bit p = cell p lit) -> fewest clicks reaching it from all-lit
    boards: np.ndarray  # reachable boards as 0/1 rows, (R, m*n)


def rows_of(pattern: str) -> list[str]:
    presets = {"plus": "010/111/010", "sigma": "010/101/010", "x": "101/010/101",
               "square": "111/111/111"}
    return presets.get(pattern, pattern).split("/")


@cache
def brute(pattern: str, topology: str, m: int, n: int) -> Brute:
    rows = rows_of(pattern)
    h, w = len(rows), len(rows[0])
    masks = []
    for a, b in itertools.product(range(m), range(n)):
        hits = [0] * (m * n)
        for r, c in itertools.product(range(h), range(w)):
            if rows[r][c] != "1":
                continue
            i, j = a + r - h // 2, b + c - w // 2
            if topology == "torus":
                i %= m
            if topology in ("torus", "cylinder"):
                j %= n
            if 0 <= i < m and 0 <= j < n:
                hits[i * n + j] += 1
        masks.append(sum(1 << p for p, k in enumerate(hits) if k % 2))
    lit = (1 << (m * n)) - 1
    fewest: dict[int, int] = {}
    for clicks in range(1 << (m * n)):
        toggled = 0
        for q in range(m * n):
            if clicks >> q & 1:
                toggled ^= masks[q]
        board = lit ^ toggled
        count = bin(clicks).count("1")
        if fewest.get(board, count + 1) > count:
            fewest[board] = count
    boards = np.array([[k >> p & 1 for p in range(m * n)] for k in sorted(fewest)], np.uint8)
    return Brute(masks, fewest, boards)


def key(board: np.ndarray) -> int:
    return int(sum(int(v) << p for p, v in enumerate(board.ravel())))


def board_of(k: int, m: int, n: int) -> np.ndarray:
    return np.array([k >> p & 1 for p in range(m * n)], np.uint8).reshape(m, n)


def fewest_wrong(b: Brute, target: np.ndarray, cost: np.ndarray | None = None) -> float:
    w = np.ones(target.size) if cost is None else cost.ravel()
    return float(((b.boards != target.ravel()) @ w).min())


def rules_of(pattern: str, topology: Topology, m: int, n: int) -> Rules:
    return Rules(m, n, parse_pattern(pattern), topology)


def targets(m: int, n: int, sample: int | None, seed: int) -> list[np.ndarray]:
    """Every target of the board, or ``sample`` of them drawn without repeats."""
    everything = range(1 << (m * n))
    if sample is not None:
        rng = np.random.default_rng(seed)
        everything = rng.choice(1 << (m * n), size=sample, replace=False).tolist()
    return [board_of(k, m, n) for k in everything]


def check_basic(rules: Rules, b: Brute, target: np.ndarray, solver: str) -> None:
    best = b.fewest.get(key(target))
    if best is None:  # unreachable: the model is proven infeasible
        with pytest.raises(LightsartError, match=r"not reachable: .* proved the basic model infeasible"):
            ip.basic_ip(target, rules=rules, solver=solver)
        return
    result = ip.basic_ip(target, rules=rules, solver=solver)
    assert result.report.status == "optimal"
    assert result.count == best and result.proven
    assert key(target) == key(board_from(b, result.clicks))


def board_from(b: Brute, clicks: np.ndarray) -> np.ndarray:
    m, n = clicks.shape
    toggled = 0
    for q in np.flatnonzero(clicks.ravel()):
        toggled ^= b.masks[int(q)]
    return board_of(((1 << (m * n)) - 1) ^ toggled, m, n)


def check_errors(
    rules: Rules, b: Brute, target: np.ndarray, solver: str, cost: np.ndarray | None = None,
    warm_start: bool = False,
) -> None:
    """Cold by default, so the answer is the model's own, not the decoded warm start's."""
    result = ip.closest_board_ip(target, cost, rules=rules, solver=solver, warm_start=warm_start)
    fit, best = result, fewest_wrong(b, target, cost)
    assert result.report.status == "optimal" and result.report.objective == pytest.approx(best)
    if warm_start:  # the decoded start, x with its y and z, is a point of the model
        assert result.report.warm_start_accepted is not False
    assert fit.wrong_cost == pytest.approx(best) and fit.wrong_pixels_proven_minimal
    assert np.array_equal(board_from(b, fit.clicks), fit.board)
    assert np.array_equal(fit.board ^ target, fit.wrong)
    # Polished: the fewest clicks giving that board, proven (every nullity here is small).
    assert fit.clicks_count == b.fewest[key(fit.board)] and fit.clicks_proven_minimal
    assert fit.nullity == packed_algebra(rules).nullity


#: Every target of the 2x2 board; samples of 2x3, 3x2, 3x3 and 3x4 (each IP solve takes
#: 5-120 ms). The solver alternates by target so that CBC and HiGHS both see every rule and IP.
SIZES = [(2, 2, None), (2, 3, 4), (3, 2, 4), (3, 3, 5), (3, 4, 3)]


@pytest.mark.parametrize(("pattern", "topology"), RULES, ids=[f"{p}-{t}" for p, t in RULES])
def test_basic_and_error_ip_match_brute_force(pattern: str, topology: Topology) -> None:
    for m, n, sample in SIZES:
        rules = rules_of(pattern, topology, m, n)
        b = brute(pattern, topology, m, n)
        for k, target in enumerate(targets(m, n, sample, seed=m * n)):
            check_basic(rules, b, target, SOLVERS[k % 2])
            check_errors(rules, b, target, SOLVERS[(k + 1) % 2])


@pytest.mark.parametrize(("pattern", "topology"), RULES, ids=[f"{p}-{t}" for p, t in RULES])
def test_basic_ip_is_infeasible_exactly_when_unreachable(pattern: str, topology: Topology) -> None:
    """Every target of the 2x3 board (HiGHS: the basic IP takes it ~5 ms)."""
    for m, n in [(2, 3)]:
        rules = rules_of(pattern, topology, m, n)
        b = brute(pattern, topology, m, n)
        for target in targets(m, n, None, seed=0):
            check_basic(rules, b, target, "highs")


@pytest.mark.parametrize(("pattern", "topology"), RULES, ids=[f"{p}-{t}" for p, t in RULES])
def test_weighted_error_and_reduced_ip_match_brute_force(pattern: str, topology: Topology) -> None:
    rng = np.random.default_rng(len(pattern) + len(topology))
    m, n = 3, 4
    rules = rules_of(pattern, topology, m, n)
    b = brute(pattern, topology, m, n)
    for k, target in enumerate(targets(m, n, 2, seed=7)):
        solver = SOLVERS[k % 2]
        cost = rng.integers(1, 6, (m, n)).astype(float)
        check_errors(rules, b, target, solver, cost, warm_start=True)
        for c in (None, cost):
            reduced = ip.closest_board_reduced_ip(target, c, rules=rules, solver=solver)
            fit = reduced
            assert fit.wrong_cost == pytest.approx(fewest_wrong(b, target, c))
            assert fit.wrong_pixels_proven_minimal
            assert np.array_equal(board_from(b, fit.clicks), fit.board)
            assert reduced.report.constraints == packed_algebra(rules).nullity


def reachable_fit(b: Brute, clicks: np.ndarray) -> Fit:
    board = board_from(b, clicks)
    return Fit(
        target=board, board=board, clicks=clicks, wrong=np.zeros_like(board), wrong_pixels=0,
        wrong_cost=0.0, wrong_pixels_proven_minimal=True, wrong_pixels_lower_bound=0.0,
        clicks_count=int(clicks.sum()), clicks_proven_minimal=False, nullity=0, seconds=0.0,
        method="test",
    )


@pytest.mark.parametrize(("pattern", "topology"), RULES, ids=[f"{p}-{t}" for p, t in RULES])
def test_transition_ip_finds_the_fewest_clicks_between_two_boards(
    pattern: str, topology: Topology
) -> None:
    rng = np.random.default_rng(3)
    m, n = 3, 4
    rules = rules_of(pattern, topology, m, n)
    b = brute(pattern, topology, m, n)
    for solver in SOLVERS:
        for _ in range(1):
            first, second = (reachable_fit(b, rng.integers(0, 2, (m, n), dtype=np.uint8))
                             for _ in range(2))
            step = ip.transition_ip(first, second, rules=rules, solver=solver)
            assert step.report.status == "optimal"
            assert step.proven
            change = first.board ^ second.board
            # Fewest clicks for a change c = fewest clicks reaching the board 1 - c.
            assert step.count == b.fewest[key(change ^ 1)]
            assert np.array_equal(board_from(b, step.clicks), change ^ 1)


@pytest.mark.parametrize(("pattern", "topology"), RULES, ids=[f"{p}-{t}" for p, t in RULES])
def test_neighbourhood_terms_are_the_change_counts(pattern: str, topology: Topology) -> None:
    rng = np.random.default_rng(1)
    for m, n in [(1, 1), (1, 3), (2, 2), (2, 5), (4, 3)]:
        rules = rules_of(pattern, topology, m, n)
        terms = ip_model.neighbourhood_terms(rules)
        x = rng.integers(0, 2, (m, n))
        counts = [sum(k * int(x.flat[q]) for q, k in cell) for cell in terms]
        assert counts == change_counts(x, rules).ravel().tolist()
        # Every click reaches as many cells (with multiplicity) as the pattern has on a wrapped
        # board; a multiplicity of 2 appears only on a wrapped side shorter than the pattern.
        reach = np.zeros(m * n, dtype=int)
        for cell in terms:
            for q, k in cell:
                reach[q] += k
        if topology == "torus":
            assert (reach == len(rules.pattern.offsets)).all()
        assert max(reach) <= len(rules.pattern.offsets)


def test_double_landing_counts_twice() -> None:
    """Plus on a 2-wide torus: up and down land on one cell, so x(C) has a coefficient 2
    there, and the parity (the press) is unchanged."""
    rules = rules_of("plus", "torus", 2, 2)
    terms = ip_model.neighbourhood_terms(rules)
    assert terms[0] == [(0, 1), (1, 2), (2, 2)]
    result = ip.basic_ip(np.array([[0, 0], [0, 0]], np.uint8), rules=rules)
    assert result.report.status == "optimal"


def test_kernel_and_left_kernel_differ_for_the_asymmetric_pattern() -> None:
    """Guard for the reduced IP's test: with the kernel in place of the left kernel it fails."""
    rules = rules_of("100/010/011", "plane", 3, 4)
    alg = packed_algebra(rules)
    kernel = alg.kernel().reshape(alg.nullity, -1)
    left = alg.left_kernel().reshape(alg.nullity, -1)
    assert alg.nullity == 2
    span = {tuple((a * kernel[0] ^ c * kernel[1]).tolist()) for a in (0, 1) for c in (0, 1)}
    assert any(tuple(v.tolist()) not in span for v in left)


def test_auto_engine_under_other_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    m, n = 3, 4
    rules = rules_of("100/010/011", "plane", m, n)
    b = brute("100/010/011", "plane", m, n)
    rng = np.random.default_rng(4)
    target = rng.integers(0, 2, (m, n), dtype=np.uint8)
    cost = rng.integers(1, 9, (m, n)).astype(float)
    exact = auto.closest_board_auto(target, cost, rules=rules)
    assert exact.wrong_cost == fewest_wrong(b, target, cost) and exact.wrong_pixels_proven_minimal
    assert np.array_equal(board_from(b, exact.clicks), exact.board)
    # An unproven, poor exact answer (all-lit) is handed to the reduced IP, which fixes it.
    lit = np.ones((m, n), dtype=np.uint8)
    weak = reachable_fit(b, np.zeros((m, n), dtype=np.uint8))
    weak = Fit(**{**weak.__dict__, "target": target, "wrong": lit ^ target,
                  "wrong_cost": float((cost * (lit ^ target)).sum()),
                  "wrong_pixels": int((lit ^ target).sum()), "wrong_pixels_proven_minimal": False})
    assert weak.wrong_cost > exact.wrong_cost
    monkeypatch.setattr(auto, "_closest_exact", lambda *args, **kwargs: weak)
    fit = auto.closest_board_auto(target, cost, rules=rules, time_limit=auto.AUTO_IP_MIN_SECONDS)
    assert fit.wrong_cost == exact.wrong_cost and fit.wrong_pixels_proven_minimal
    assert "ip parity: optimal" in fit.method
    assert np.array_equal(board_from(b, fit.clicks), fit.board)


def test_animation_and_model_export_under_other_rules(tmp_path: object) -> None:
    m, n = 3, 3
    rules = rules_of("x", "torus", m, n)
    b = brute("x", "torus", m, n)
    rng = np.random.default_rng(6)
    first, second = (rng.integers(0, 2, (m, n), dtype=np.uint8) for _ in range(2))
    anim = ip.animation_ip(first, second, rules=rules)
    assert anim.first.wrong_pixels == fewest_wrong(b, first)
    assert anim.second.wrong_pixels == fewest_wrong(b, second)
    step = anim.transition
    assert step is not None and step.proven
    assert step.count == b.fewest[key(anim.first.board ^ anim.second.board ^ 1)]
    model = ip.error_model(first, rules=rules)
    # x on a 3x3 torus: every change count has 5 click terms (plus y and z), y <= 2.
    assert all(len(c.keys()) == 7 for c in model.constraints.values())
    assert max(v.upBound for v in model.variables() if v.name.startswith("y")) == 2


def test_rules_must_fit_the_picture() -> None:
    with pytest.raises(LightsartError, match="rules are for a 3x2 board"):
        ip.basic_ip(np.ones((3, 3), dtype=np.uint8), rules=Rules(2, 3))
    b = brute("plus", "torus", 2, 3)
    torus = rules_of("plus", "torus", 2, 3)
    fit = reachable_fit(b, np.eye(2, 3, dtype=np.uint8))
    with pytest.raises(LightsartError, match="first fit's clicks"):
        ip.transition_ip(fit, fit)  # made on the torus, checked against the plane
    assert ip.transition_ip(fit, fit, rules=torus).count == 0
