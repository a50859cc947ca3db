"""Which MIP solver runs lightsart's integer programs: a small registry, read honestly.

A solver is a value chosen by name (``cbc``, ``highs``, ``glpk``, ``scip``); each entry says how
to find it, how to install it, whether it takes a warm start, and how to turn its end state into
a :class:`lightsart._results.SolveReport` that claims no more than the solver proved:

* **cbc** (PuLP's bundled or a ``cbc`` on PATH): status from PuLP's ``sol_status`` and CBC's
  log; the best bound from the log (:mod:`lightsart._engines.cbc`).
* **highs** (PuLP's ``HiGHS`` API class over the ``highspy`` package; ``HiGHS_CMD`` would need a
  binary): status from HiGHS's model status, the best bound from ``mip_dual_bound``, and the
  warm start's fate from HiGHS's log. HiGHS's default relative gap (1e-4) is set to 0 unless a
  gap is asked for, and "optimal" is reported only when the dual bound meets the objective.
* **glpk**, **scip** (any other PuLP solver found): PuLP's status only, which cannot tell a proof
  from a time limit. So "optimal" is claimed only for a run without time limit or gap, and no
  bound is reported otherwise.

:data:`SOLVERS` is a :class:`~lightsart._registry.Registry`: another solver is one
:class:`Solver` and one ``register`` line. This module imports neither PuLP nor numpy: the CLI
takes its ``--solver`` choices from :data:`SOLVERS` at start-up.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lightsart._engines.cbc import CBC_INSTALL, pulp_solver, quiet_pulp, run_solver
from lightsart._errors import InvalidValue, LightsartError
from lightsart._registry import Registry
from lightsart._results import SolveReport, SolverOptions, Status

if TYPE_CHECKING:
    from lightsart._output.staging import OutputPlan

__all__ = [
    "DEFAULT_SOLVER",
    "MODEL_FORMATS",
    "SOLVERS",
    "SOLVER_NAMES",
    "Solver",
    "available_solvers",
    "get_solver",
    "model_paths",
    "plan_models",
    "solve",
    "write_model",
]

DEFAULT_SOLVER = "cbc"

#: What ``--export-model`` writes, by extension (PuLP's ``writeLP`` / ``writeMPS``).
MODEL_FORMATS = (".lp", ".mps")


@dataclass(frozen=True)
class Solver:
    """One registry entry: how to check for the solver, run it, and what it can do.

    ``run(prob, options, model, warm_start)`` solves a PuLP problem and reports what was proven;
    ``available()`` imports PuLP (and the solver's package) only when called.
    """

    name: str
    label: str
    install: str
    warm_starts: bool
    available: Callable[[], bool]
    run: Callable[[Any, SolverOptions, str, bool], SolveReport]

    def missing(self) -> str:
        """The one line shown when the solver is chosen but not installed."""
        return f"solver {self.name} is not installed ({self.install})"


# ---------------------------------------------------------------------------------- CBC


def _cbc_available() -> bool:
    from lightsart._engines.cbc import cbc_solver

    try:
        cbc_solver(SolverOptions(), None, False)
    except LightsartError:
        return False
    return True


def _run_cbc(prob: Any, options: SolverOptions, model: str, warm_start: bool) -> SolveReport:
    from lightsart._engines.cbc import solve as cbc_solve

    return cbc_solve(prob, options, model, warm_start)


# ---------------------------------------------------------------------------------- HiGHS


def _highs_available() -> bool:
    try:
        import highspy  # noqa: F401
    except ImportError:
        return False
    import pulp

    with quiet_pulp():
        return bool(pulp.HiGHS(msg=False).available())


def _snap(value: float) -> float:
    """HiGHS's objective carries float noise (27.0000000000001); snap within its tolerance."""
    near = round(value)
    return float(near) if abs(value - near) <= 1e-6 else value


def _relative_gap(objective: float, bound: float) -> float:
    """CBC's convention: ``(objective - bound) / bound``, infinite over a zero bound."""
    if objective <= bound:
        return 0.0
    return math.inf if abs(bound) < 1e-9 else (objective - bound) / abs(bound)


def _highs_class() -> Any:
    """PuLP's HiGHS API solver, plus the warm start PuLP does not pass on (``setSolution``)."""
    import numpy as np
    import pulp

    class _WarmHiGHS(pulp.HiGHS):  # type: ignore[misc, name-defined]
        warm_start = False

        def callSolver(self, lp: Any) -> None:  # PuLP's hook, PuLP's name
            if self.warm_start:
                given = [(v.index, float(v.varValue)) for v in lp.variables()
                         if v.varValue is not None]
                if given:
                    index, value = zip(*given, strict=True)
                    lp.solverModel.setSolution(len(index), np.array(index, dtype=np.int32),
                                               np.array(value, dtype=np.float64))
            lp.solverModel.run()

    return _WarmHiGHS


def _run_highs(prob: Any, options: SolverOptions, model: str, warm_start: bool) -> SolveReport:
    import highspy

    with tempfile.TemporaryDirectory(prefix="lightsart-highs-") as folder:
        log_path = str(Path(folder) / "highs.log")
        solver = _highs_class()(
            msg=False, timeLimit=options.time_limit, threads=options.threads,
            # HiGHS stops at a 1e-4 relative gap by default and calls that optimal.
            gapRel=0.0 if options.gap is None else options.gap,
            # Applied after PuLP's msg=False: a log file (for the warm start), nothing on screen.
            output_flag=True, log_to_console=False, log_file=log_path,
        )
        solver.warm_start = warm_start
        seconds = run_solver(prob, solver, "HiGHS")
        log = Path(log_path).read_text(errors="replace") if Path(log_path).exists() else ""
    h = prob.solverModel
    state = h.getModelStatus()
    status, objective, bound = _highs_outcome(prob, state, h.getInfo(), highspy.HighsModelStatus)
    gap = None
    if status == "optimal":
        gap = 0.0
    elif objective is not None and bound is not None:
        gap = _relative_gap(objective, bound)
    accepted, start_cost = _highs_warm_start(log) if warm_start else (None, None)
    return SolveReport(
        model=model, status=status, objective=objective, best_bound=bound, gap=gap,
        seconds=seconds, warm_start_given=warm_start, warm_start_accepted=accepted,
        warm_start_objective=start_cost, variables=len(prob.variables()),
        constraints=int(prob.numConstraints()), options=options,
        cbc_result=str(h.modelStatusToString(state)), log=log, solver="highs",
    )


def _highs_outcome(prob: Any, state: Any, info: Any, kinds: Any
                   ) -> tuple[Status, float | None, float | None]:
    """The status, objective and proven bound of a HiGHS run, read from its model status and
    info: "optimal" only when the bound meets the point."""
    has_point = int(info.primal_solution_status) == 2 and math.isfinite(
        info.objective_function_value)
    objective = _snap(float(info.objective_function_value)) if has_point else None
    bound: float | None = float(info.mip_dual_bound)
    if bound is not None and not math.isfinite(bound):
        bound = None
    bound = None if bound is None else _snap(bound)
    bounded = all(v.lowBound is not None and v.upBound is not None for v in prob.variables())
    status: Status
    if state == kinds.kInfeasible or (state == kinds.kUnboundedOrInfeasible and bounded):
        status, objective, bound = "infeasible", None, None
    elif objective is None:
        status = "no solution"
    elif state == kinds.kOptimal and bound is not None and bound >= objective - 1e-6 * max(
        1.0, abs(objective)
    ):
        status, bound = "optimal", objective
    else:  # a time limit, or "optimal" within a requested gap: a point, not a proof
        status = "feasible"
    return status, objective, bound


def _highs_warm_start(log: str) -> tuple[bool | None, float | None]:
    """Whether HiGHS's log says it took the MIP start, and the start's objective."""
    found = re.search(r"MIP start solution is feasible, objective value is (\S+)", log)
    if found:
        return True, _snap(float(found.group(1)))
    if re.search(r"cannot yield feasible solution|MIP start solution is infeasible", log):
        return False, None
    return None, None


# ------------------------------------------------------------------------- other PuLP solvers


def _generic(name: str, classes: tuple[str, ...]) -> Callable[
    [Any, SolverOptions, str, bool], SolveReport
]:
    """A runner for a PuLP solver whose log lightsart does not read.

    PuLP maps a time limit with a point onto "optimal" for several solvers, so a run with a time
    limit or gap never claims a proof, and no bound is reported short of one.
    """

    def run(prob: Any, options: SolverOptions, model: str, warm_start: bool) -> SolveReport:
        import pulp

        solver = pulp_solver(classes, msg=False, timeLimit=options.time_limit,
                              threads=options.threads, gapRel=options.gap)
        if solver is None:
            raise LightsartError(SOLVERS[name].missing())
        seconds = run_solver(prob, solver, name)
        status: Status
        if prob.status == pulp.LpStatusInfeasible and options.time_limit is None:
            status = "infeasible"
        elif prob.sol_status in (pulp.LpSolutionOptimal, pulp.LpSolutionIntegerFeasible):
            complete = options.time_limit is None and options.gap is None
            status = "optimal" if prob.sol_status == pulp.LpSolutionOptimal and complete \
                else "feasible"
        else:
            status = "no solution"
        objective = None
        if status in ("optimal", "feasible"):
            objective = _snap(float(pulp.value(prob.objective) or 0.0))
        return SolveReport(
            model=model, status=status, objective=objective,
            best_bound=objective if status == "optimal" else None,
            gap=0.0 if status == "optimal" else None, seconds=seconds,
            warm_start_given=False, warm_start_accepted=None, warm_start_objective=None,
            variables=len(prob.variables()), constraints=int(prob.numConstraints()),
            options=options, cbc_result=pulp.LpStatus.get(prob.status), solver=name,
        )

    return run


def _generic_available(classes: tuple[str, ...]) -> Callable[[], bool]:
    return lambda: pulp_solver(classes, msg=False) is not None


_GLPK = ("GLPK_CMD",)
_SCIP = ("SCIP_PY", "SCIP_CMD")

#: Every solver ``--solver`` accepts, by name. Only ``cbc`` and ``highs`` report bounds.
SOLVERS: Registry[Solver] = Registry("solver", check=lambda solver: solver.available())
for _solver in (
    Solver("cbc", "CBC", CBC_INSTALL, True, _cbc_available, _run_cbc),
    Solver("highs", "HiGHS", "pip install highspy", True, _highs_available, _run_highs),
    Solver("glpk", "GLPK", "install glpsol, e.g. apt install glpk-utils", False,
           _generic_available(_GLPK), _generic("glpk", _GLPK)),
    Solver("scip", "SCIP", "pip install pyscipopt", False,
           _generic_available(_SCIP), _generic("scip", _SCIP)),
):
    SOLVERS.register(_solver.name, _solver, about=f"{_solver.label} ({_solver.install})")

#: The names, for ``--solver``'s choices (no PuLP import needed).
SOLVER_NAMES = SOLVERS.names()


def get_solver(name: str, *, check: bool = True) -> Solver:
    """The registry entry for ``name``; with ``check``, refuse one that is not installed.

    Raises :class:`LightsartError` with one line: an unknown name lists the known ones, a
    missing solver says how to install it.
    """
    solver = SOLVERS.get(name)
    if check and not SOLVERS.is_available(name):
        raise LightsartError(solver.missing())
    return solver


def available_solvers() -> list[str]:
    """The registered solvers installed here, e.g. ``['cbc', 'highs']``."""
    return list(SOLVERS.available())


def solve(prob: Any, options: SolverOptions, model: str, warm_start: bool,
          solver: str = DEFAULT_SOLVER) -> SolveReport:
    """Run the named solver on ``prob`` and report only what it proved.

    A warm start (variables carrying initial values) is passed on where the solver takes one;
    elsewhere the report says none was given.
    """
    entry = get_solver(solver)
    return entry.run(prob, options, model, warm_start and entry.warm_starts)


def write_model(prob: Any, path: str) -> None:
    """Write ``prob`` as LP or MPS, chosen by ``path``'s extension, atomically.

    The staged file may have no extension (``lightsart._output.staging.atomic_path``), so the format is
    taken from ``path`` and PuLP's ``writeLP`` / ``writeMPS`` write to the staged name.
    """
    from lightsart._output.staging import atomic_path

    suffix = Path(path).suffix.lower()
    if suffix not in MODEL_FORMATS:
        raise InvalidValue(f"cannot write {path}: unknown model format "
                           f"{suffix or '(no extension)'!r}; use {', '.join(MODEL_FORMATS)}")
    with atomic_path(path) as staged, quiet_pulp():
        if suffix == ".lp":
            prob.writeLP(str(staged))
        else:
            prob.writeMPS(str(staged))


def model_paths(path: str, count: int) -> list[str]:
    """Where ``--export-model PATH`` writes ``count`` pictures' models.

    One picture: ``PATH`` itself. Several (``animate``): one model per picture, numbered before
    the extension, ``morph.lp`` -> ``morph-1.lp``, ``morph-2.lp``, ...
    """
    if count == 1:
        return [path]
    p = Path(path)
    return [str(p.with_name(f"{p.stem}-{k}{p.suffix}")) for k in range(1, count + 1)]


def plan_models(plan: OutputPlan, models: Sequence[str], *, inputs: Sequence[str],
                others: Sequence[str] = (), folders: Sequence[str] = ()) -> OutputPlan:
    """Check model files before any work and add them to a command's output plan.

    Each must end in ``.lp`` or ``.mps``, sit in an existing folder and be neither an input nor
    another output (``others``, ``folders``); the returned plan writes them with the command's
    other outputs, all or nothing.
    """
    from lightsart._output.staging import OutputPlan, plan_outputs  # not at start-up: the CLI lists names

    plan_outputs([(m, MODEL_FORMATS) for m in models] + [(o, None) for o in others],
                 folders=folders, inputs=inputs)
    return OutputPlan(plan.files + tuple(Path(m) for m in models), plan.folders)
