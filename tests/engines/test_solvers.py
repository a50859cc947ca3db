"""The MIP solver registry: HiGHS against brute force and CBC, honest statuses, model export."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lightsart._cli import main
from lightsart._core.board import board_from_clicks
from lightsart._core.optimize import closest_board, fewest_clicks
from lightsart._engines import ip, solvers
from lightsart._errors import LightsartError

highspy = pytest.importorskip("highspy")

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def brute_force_3x3() -> tuple[np.ndarray, np.ndarray]:
    """Fewest clicks to every 3x3 board (-1: unreachable) and fewest wrong pixels for every
    target, by trying all 512 click sets (index: row-major bits, first cell most significant)."""
    patterns = np.array(list(itertools.product([0, 1], repeat=9)), dtype=np.uint8)
    boards = np.array([board_from_clicks(p.reshape(3, 3)).ravel() for p in patterns])
    index = boards.astype(np.int64) @ (1 << np.arange(8, -1, -1))
    fewest = np.full(512, -1)
    for k, clicks in zip(index, patterns.sum(axis=1), strict=True):
        if fewest[k] < 0 or clicks < fewest[k]:
            fewest[k] = clicks
    reachable = patterns[fewest >= 0]
    wrong = (patterns[:, None, :] != reachable[None, :, :]).sum(axis=2).min(axis=1)
    return fewest, wrong


@pytest.mark.parametrize("chunk", range(4))
def test_highs_matches_brute_force_on_every_3x3_target(chunk: int) -> None:
    fewest, wrong = brute_force_3x3()
    for k, bits in enumerate(itertools.product([0, 1], repeat=9)):
        if k % 4 != chunk:
            continue
        target = np.array(bits, dtype=np.uint8).reshape(3, 3)
        if fewest[k] < 0:
            with pytest.raises(LightsartError, match=r"not reachable: .* proved the basic model"):
                ip.basic_ip(target, solver="highs")
        else:
            basic = ip.basic_ip(target, solver="highs")
            assert basic.report is not None and basic.report.solver == "highs"
            assert basic.report.status == "optimal"
            assert basic.count == fewest[k] == basic.report.best_bound
            assert basic.proven
        fit = ip.closest_board_ip(target, polish_clicks=False, solver="highs")
        assert fit.report.status == "optimal" and fit.report.warm_start_accepted is not False
        assert fit.wrong_pixels == wrong[k] == fit.report.objective
        assert fit.wrong_pixels_proven_minimal


@pytest.mark.parametrize("seed", range(4))
def test_highs_and_cbc_agree_on_4x4_pictures_with_costs(seed: int) -> None:
    rng = np.random.default_rng(seed)
    target = rng.integers(0, 2, (4, 4), dtype=np.uint8)
    cost = rng.integers(1, 6, (4, 4)).astype(np.float64)
    exact = closest_board(target, cost)
    fits = {s: ip.closest_board_ip(target, cost, solver=s) for s in ("cbc", "highs")}
    for result in fits.values():
        assert result.report.status == "optimal"
        assert result.wrong_cost == pytest.approx(exact.wrong_cost)
        assert result.wrong_pixels_proven_minimal
    clicks = {s: ip.basic_ip(exact.board, solver=s) for s in ("cbc", "highs")}
    best = fewest_clicks(exact.clicks)
    assert best is not None
    for found in clicks.values():
        assert found is not None and found.proven and found.count == best.count


def hard_picture() -> np.ndarray:
    return np.random.default_rng(7).integers(0, 2, (10, 10), dtype=np.uint8)


def test_highs_at_a_tiny_time_limit_reports_a_point_and_a_bound_not_a_proof() -> None:
    target = hard_picture()
    exact = closest_board(target)
    assert exact.wrong_pixels_proven_minimal
    result = ip.closest_board_ip(target, time_limit=0.05, solver="highs")
    r = result.report
    assert r.status in ("feasible", "optimal")
    if r.status == "feasible":  # (HiGHS proving 10x10 in 0.05 s would be fine, but it does not)
        assert not r.proven and r.best_bound is not None and r.objective is not None
        assert r.best_bound <= exact.wrong_pixels <= r.objective
        assert r.gap is not None and r.gap > 0
        assert result.wrong_pixels_lower_bound <= exact.wrong_pixels
        assert not result.wrong_pixels_proven_minimal or (
            result.wrong_pixels == exact.wrong_pixels)
    fewest = fewest_clicks(exact.clicks)
    assert fewest is not None and fewest.proven
    try:
        basic = ip.basic_ip(exact.board, time_limit=0.05, solver="highs")
    except LightsartError as stopped:  # no click set in time: said, with the status
        assert "found no click set" in str(stopped) and "no solution" in str(stopped)
    else:
        b = basic.report
        assert b is not None and b.status == "feasible"
        assert b.best_bound is not None and b.best_bound <= fewest.count
        assert not basic.proven and basic.count >= fewest.count


def test_highs_reports_a_rejected_warm_start() -> None:
    target = board_from_clicks(np.eye(4, dtype=np.uint8))
    good = ip.basic_ip(target, start=np.eye(4, dtype=np.uint8), solver="highs")
    assert good.report is not None and good.report.warm_start_accepted is not False
    bad = ip.basic_ip(target, start=np.zeros((4, 4), dtype=np.uint8), solver="highs")
    assert bad.report is not None and bad.report.warm_start_accepted is not True
    assert bad.proven  # HiGHS still solves it
    assert "REJECTED" in bad.report.summary() or bad.report.warm_start_accepted is None


def test_a_generic_pulp_solver_never_claims_a_proof_under_a_time_limit() -> None:
    # Any PuLP solver whose log lightsart does not read: here CBC through the generic runner.
    classes = ("PULP_CBC_CMD", "COIN_CMD")
    entry = solvers.Solver("generic", "Generic", "nothing", False,
                           solvers._generic_available(classes), solvers._generic("generic", classes))
    target = np.array([[1, 0, 1], [0, 0, 1], [1, 1, 0]], dtype=np.uint8)
    with solvers.SOLVERS.registered("generic", entry):
        free = ip.closest_board_ip(target, solver="generic")
        limited = ip.closest_board_ip(target, time_limit=30, solver="generic")
    assert "generic" not in solvers.SOLVERS
    assert free.report.status == "optimal" and free.wrong_pixels_proven_minimal
    assert free.report.warm_start_given is False
    assert limited.report.status == "feasible" and limited.report.best_bound is None
    assert limited.wrong_pixels == free.wrong_pixels
    assert not limited.wrong_pixels_proven_minimal or limited.wrong_pixels == 0


def missing(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    entry = dataclasses.replace(solvers.SOLVERS[name], available=lambda: False)
    monkeypatch.setitem(solvers.SOLVERS, name, entry)


def test_a_missing_solver_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    missing(monkeypatch, "highs")
    assert "highs" not in solvers.available_solvers()
    with pytest.raises(LightsartError) as info:
        ip.basic_ip(np.ones((2, 2), dtype=np.uint8), solver="highs")
    assert str(info.value) == "solver highs is not installed (pip install highspy)"
    with pytest.raises(LightsartError, match="unknown solver 'gurobi': choose from cbc, highs"):
        ip.basic_ip(np.ones((2, 2), dtype=np.uint8), solver="gurobi")


def test_cli_missing_solver_is_one_line_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing(monkeypatch, "highs")
    out = tmp_path / "board.png"
    code = main(["still", str(SAMPLES / "cat.png"), "-o", str(out), "--size", "5x5",
                 "--engine", "ip", "--solver", "highs"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and err == ["lightsart: error: solver highs is not installed (pip install highspy)"]
    assert not out.exists()


def test_cli_refuses_an_unknown_solver_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["still", str(SAMPLES / "cat.png"), "-o", "x.png", "--solver", "gurobi"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --solver: invalid choice: 'gurobi'" in err
    assert len([line for line in err.splitlines() if "error" in line]) == 1


def test_cli_start_up_does_not_import_a_solver() -> None:
    code = ("import sys; from lightsart._cli import build_parser; build_parser(); "
            "print(','.join(m for m in ('pulp', 'highspy', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# ---------------------------------------------------------------------------- export


def solve_file(path: Path) -> tuple[float, int, int]:
    """Objective, variables and rows of a model file as HiGHS's own reader sees it."""
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.readModel(str(path))
    h.setOptionValue("mip_rel_gap", 0.0)
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    return float(h.getInfo().objective_function_value), h.getNumCol(), h.getNumRow()


def solve_mps_with_cbc(path: Path) -> tuple[float, int, int]:
    """Objective, variables and rows of an MPS file read back by PuLP and solved by CBC."""
    import pulp

    from lightsart._engines.cbc import cbc_solver, quiet_pulp
    from lightsart._results import SolverOptions

    with quiet_pulp():
        variables, prob = pulp.LpProblem.fromMPS(str(path))
        prob.solve(cbc_solver(SolverOptions(), None, False))
    assert prob.sol_status == pulp.LpSolutionOptimal
    return float(pulp.value(prob.objective)), len(variables), int(prob.numConstraints())


@pytest.mark.parametrize("chunk", range(2))
def test_exported_models_have_the_ips_optimum(tmp_path: Path, chunk: int) -> None:
    _, wrong = brute_force_3x3()
    for k, bits in enumerate(itertools.product([0, 1], repeat=9)):
        if k % 32 != chunk:
            continue
        target = np.array(bits, dtype=np.uint8).reshape(3, 3)
        mps, lp = tmp_path / f"{k}.mps", tmp_path / f"{k}.lp"
        ip.export_model(target, str(mps))
        ip.export_model(target, str(lp))
        assert solve_mps_with_cbc(mps) == (wrong[k], 27, 9)
        assert solve_file(lp) == (wrong[k], 27, 9)


def test_still_exports_the_model_it_fits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    model = tmp_path / "cat.mps"
    code = main(["still", str(SAMPLES / "cat.png"), "-o", str(tmp_path / "cat.png"), "--size", "4x4",
                 "--engine", "ip", "--solver", "highs", "--export-model", str(model), "--json",
                 "--states", "2"])
    data = json.loads(capsys.readouterr().out)
    picture = data["pictures"][0]
    assert code == 0 and str(model) in data["outputs"] and picture["wrong_cost_proven_minimal"]
    objective, variables, rows = solve_mps_with_cbc(model)
    # With perceptual costs the model's optimum is the cost lightsart minimised.
    assert (variables, rows) == (48, 16)
    assert objective == pytest.approx(picture["wrong_cost"], abs=1e-5)
    assert solve_file(model)[0] == pytest.approx(objective, abs=1e-6)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.mps", "cat.png"]


def test_animate_exports_one_model_per_picture(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    pictures = [str(SAMPLES / "cat.png"), str(SAMPLES / "horse.png")]
    code = main(["animate", *pictures, "-o", str(tmp_path / "m.gif"), "--size", "5x5",
                 "--export-model", str(tmp_path / "m.lp")])
    capsys.readouterr()
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m-1.lp", "m-2.lp", "m.gif"]
    assert solvers.model_paths("a/m.lp", 1) == ["a/m.lp"]
    assert solvers.model_paths("a/m.lp", 3) == ["a/m-1.lp", "a/m-2.lp", "a/m-3.lp"]


@pytest.mark.parametrize(("name", "message"), [
    ("model.txt", "unknown format '.txt'; use .lp, .mps"),
    ("model", "unknown format '(no extension)'"),
    ("input.lp", "it is the input"),
])
def test_a_bad_model_path_is_one_line_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    picture = tmp_path / "input.lp"  # a PNG under another name, so it can be the clash
    picture.write_bytes((SAMPLES / "cat.png").read_bytes())
    code = main(["still", str(picture), "-o", str(tmp_path / "out.png"), "--size", "5x5",
                 "--export-model", str(tmp_path / name)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and message in err[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["input.lp"]


def test_a_failed_export_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def writeLP(self, path: str) -> None:  # PuLP's name
            Path(path).write_text("half a model")
            raise OSError(28, "No space left on device")

    def broken(*args: Any, **kwargs: Any) -> Broken:
        return Broken()

    monkeypatch.setattr(ip, "error_model", broken)
    with pytest.raises((LightsartError, OSError)):
        ip.export_model(np.ones((3, 3), dtype=np.uint8), str(tmp_path / "m.lp"))
    assert list(tmp_path.iterdir()) == []


def test_the_summary_gives_a_gap_only_over_a_nonzero_bound() -> None:
    from dataclasses import replace

    from lightsart._results import SolveReport, SolverOptions

    report = SolveReport(model="error", status="feasible", objective=3.0, best_bound=2.0, gap=0.5,
                         seconds=1.0, warm_start_given=False, warm_start_accepted=None,
                         warm_start_objective=None, variables=1, constraints=1,
                         options=SolverOptions(), cbc_result=None)
    assert "gap 50.0%" in report.summary()
    for bound, gap in ((0.0, 2e9), (0.0, math.inf), (None, 0.5)):
        line = replace(report, best_bound=bound, gap=gap).summary()
        assert "gap" not in line and "objective 3" in line
