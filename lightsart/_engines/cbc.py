"""Running CBC through PuLP: finding the solver, quiet runs, and reading what CBC's log says.

PuLP reports less than CBC knows. When CBC stops at its time limit holding a feasible point,
``prob.status`` still says Optimal; only ``prob.sol_status == 1`` means proven. The best bound
and the fate of a warm start (CBC drops an infeasible start silently) appear only in CBC's log,
so every run writes one (``logPath=``) and :func:`parse_log` reads it back into a
:class:`lightsart._results.SolveReport`. PuLP is imported lazily: the CLI starts without it.
"""

from __future__ import annotations

import contextlib
import math
import re
import tempfile
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lightsart._errors import LightsartError
from lightsart._results import SolveReport, SolverOptions, Status

__all__ = [
    "CBC_INSTALL",
    "CBC_MISSING",
    "LogFacts",
    "cbc_solver",
    "parse_log",
    "quiet_pulp",
    "solve",
    "variable",
]

#: How to get CBC when PuLP brings none (PuLP 4 dropped the bundled binary).
CBC_INSTALL = "pip install 'pulp[cbc]' or install coinor-cbc"
#: The one-line message when no CBC binary can be found (as for any solver, lightsart._engines.solvers).
CBC_MISSING = f"solver cbc is not installed ({CBC_INSTALL})"

_NUMBER = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"


@dataclass(frozen=True)
class LogFacts:
    """What CBC's log says that PuLP does not pass on (``None`` where the log is silent).

    ``lower_bound`` is the summary's "Lower bound:" line, written only when CBC stops short of a
    proof (time limit, gap tolerance); ``node_bound`` the last "best possible" of the node log;
    ``relaxation`` the LP relaxation of the whole model. All three are valid lower bounds.
    """

    result: str | None
    objective: float | None
    lower_bound: float | None
    node_bound: float | None
    relaxation: float | None
    gap: float | None
    warm_start_read: bool
    warm_start_cost: float | None
    warm_start_rejected: bool
    presolved: bool


@contextlib.contextmanager
def quiet_pulp() -> Iterator[None]:
    """Keep PuLP's PuLP-4 migration warnings away from the user (pytest runs warnings as errors).

    PuLP 3.3 warns on the bundled CBC and on several 3.x idioms; they concern the library
    author, not the person making a picture.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=r"(?s).*(PuLP 4|PULP_CBC_CMD|deprecated).*",
            category=DeprecationWarning,
        )
        warnings.filterwarnings("ignore", category=DeprecationWarning, module=r"pulp(\.|$)")
        yield


def variable(prob: Any, name: str, low: float, up: float, cat: str) -> Any:
    """A variable of ``prob``: PuLP 4's ``prob.add_variable`` where PuLP has it (3.3+)."""
    import pulp

    if hasattr(prob, "add_variable"):
        return prob.add_variable(name, low, up, cat=cat)
    return pulp.LpVariable(name, low, up, cat=cat)  # pragma: no cover - PuLP < 3.3


def _last(pattern: str, text: str) -> str | None:
    found = re.findall(pattern, text, flags=re.MULTILINE)
    return found[-1] if found else None


def _number(pattern: str, text: str) -> float | None:
    value = _last(pattern, text)
    return None if value is None else float(value)


def parse_log(text: str) -> LogFacts:
    """Read CBC's result line, objective, bounds, gap and the MIP start's fate."""
    return LogFacts(
        result=_last(r"^Result - (.*?)\s*$", text),
        objective=_number(r"^Objective value:\s+" + _NUMBER, text),
        lower_bound=_number(r"^Lower bound:\s+" + _NUMBER, text),
        node_bound=_number(r"best possible " + _NUMBER, text),
        relaxation=_number(r"Continuous objective value is " + _NUMBER, text),
        gap=_number(r"^Gap:\s+" + _NUMBER, text),
        warm_start_read=re.search(r"MIPStart values read", text) is not None,
        warm_start_cost=_number(r"MIPStart provided solution with cost " + _NUMBER, text),
        warm_start_rejected=re.search(r"mipstart values could not be used", text, re.I)
        is not None,
        presolved=re.search(r"No integer variables - nothing to do", text) is not None,
    )


def cbc_solver(options: SolverOptions, log_path: str | None, warm_start: bool) -> Any:
    """A PuLP CBC command: a ``cbc`` from ``pulp[cbc]`` or PATH, else the one PuLP 3 bundles.

    Raises :class:`LightsartError` with the install hint when neither exists (PuLP 4 dropped
    the bundled binary).
    """
    try:
        import pulp  # noqa: F401 - checked here so a missing PuLP is one line, not a traceback
    except ImportError:  # pragma: no cover - PuLP is a dependency
        raise LightsartError("PuLP is not installed: pip install pulp") from None
    kwargs: dict[str, Any] = {
        "msg": False,
        "timeLimit": options.time_limit,
        "threads": options.threads,
        "gapRel": options.gap,
        "warmStart": warm_start,
        "logPath": log_path,
    }
    # PuLP 3.3 deprecates its bundled CBC in favour of PuLP 4's packaging; it is still the
    # binary most installs have, and the warning is not the user's business.
    solver = pulp_solver(("COIN_CMD", "PULP_CBC_CMD"), **kwargs)
    if solver is None:
        raise LightsartError(CBC_MISSING)
    return solver


def run_solver(prob: Any, solver: Any, name: str) -> float:
    """Solve ``prob`` with ``solver`` quietly; the seconds it took. A solver failure is one line."""
    import pulp

    start = time.perf_counter()
    try:
        with quiet_pulp():
            prob.solve(solver)
    except pulp.PulpSolverError as exc:
        raise LightsartError(f"{name} failed: {str(exc).splitlines()[0]}") from None
    return time.perf_counter() - start


def pulp_solver(classes: tuple[str, ...], **kwargs: Any) -> Any:
    """The first of PuLP's solver ``classes`` that is installed here, or None (PuLP's own
    warnings kept out of the user's way)."""
    import pulp

    with quiet_pulp():
        for name in classes:
            cls = getattr(pulp, name, None)
            if cls is None:
                continue
            try:
                solver = cls(**kwargs)
            except Exception:
                continue
            if solver.available():
                return solver
    return None


def _status(prob: Any, facts: LogFacts) -> Status:
    """Map PuLP's status pair (and the log) onto what was actually proven."""
    import pulp

    if prob.status == pulp.LpStatusInfeasible:
        return "infeasible"
    if prob.sol_status == pulp.LpSolutionOptimal:
        # A relative gap tolerance makes CBC say "Optimal" for a point within the gap; its
        # summary then carries a "Lower bound:" line below the objective.
        if (facts.result is not None and "gap" in facts.result.lower()) or (
            facts.objective is not None
            and facts.lower_bound is not None
            and facts.lower_bound < facts.objective - 1e-6 * max(1.0, abs(facts.objective))
        ):
            return "feasible"
        return "optimal"
    if prob.sol_status == pulp.LpSolutionIntegerFeasible:
        return "feasible"
    return "no solution"


def _bound(facts: LogFacts, status: Status, objective: float | None) -> float | None:
    """The proven bound: the objective when optimal, none when infeasible, else the log's best
    (the lower bound, else the node bound, else the relaxation)."""
    if status == "optimal":
        return objective
    if status == "infeasible":
        return None
    bound = facts.lower_bound
    for fallback in (facts.node_bound, facts.relaxation):
        bound = fallback if bound is None else bound
    return bound


def _gap(facts: LogFacts, status: Status, objective: float | None, bound: float | None
         ) -> float | None:
    """The relative gap: 0 when optimal, the log's (CBC's "infinite" one as ``inf``), else
    computed from the objective and the bound."""
    if status == "optimal":
        return 0.0
    gap = facts.gap
    if gap is not None and gap >= 1e8:  # CBC's "infinite" gap over a zero bound
        gap = math.inf
    if gap is None and objective is not None and bound is not None:
        gap = (objective - bound) / max(abs(bound), 1e-9)
    return gap


def solve(prob: Any, options: SolverOptions, model: str, warm_start: bool) -> SolveReport:
    """Run CBC on ``prob`` (variables carrying initial values if ``warm_start``) and report.

    Never reads variable values; the caller may do so only when ``report.has_solution``.
    """
    import pulp

    with tempfile.TemporaryDirectory(prefix="lightsart-cbc-") as folder:
        log_path = str(Path(folder) / "cbc.log")
        solver = cbc_solver(options, log_path, warm_start)
        seconds = run_solver(prob, solver, "CBC")
        log = Path(log_path).read_text(errors="replace") if Path(log_path).exists() else ""
    facts = parse_log(log)
    status = _status(prob, facts)
    objective = facts.objective if status in ("optimal", "feasible") else None
    if objective is None and status in ("optimal", "feasible"):  # pragma: no cover
        objective = float(pulp.value(prob.objective) or 0.0)
    bound = _bound(facts, status, objective)
    gap = _gap(facts, status, objective, bound)
    accepted = None
    if warm_start and not (facts.presolved and facts.warm_start_cost is None):
        # (CBC's preprocessing can solve a tiny model outright, never consulting the start.)
        accepted = facts.warm_start_cost is not None and not facts.warm_start_rejected
    return SolveReport(
        model=model,
        status=status,
        objective=objective,
        best_bound=bound,
        gap=gap,
        seconds=seconds,
        warm_start_given=warm_start,
        warm_start_accepted=accepted,
        warm_start_objective=facts.warm_start_cost if accepted else None,
        variables=len(prob.variables()),
        constraints=int(prob.numConstraints()),
        options=options,
        cbc_result=facts.result,
        log=log,
    )
