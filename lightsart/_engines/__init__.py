"""Engines: what fits a picture's target and connects two fits, behind one small protocol.

An engine has two jobs. ``fit`` finds the reachable board closest to a target (fewest wrong
pixels, or cheapest under per-pixel costs) with the clicks that make it from all-lit; ``connect``
finds the clicks from one fitted picture to the next. :data:`ENGINES` (a
:class:`~lightsart._registry.Registry`) names every engine and the module that holds it; the
pipeline and the CLI (its ``--engine`` choices) read that table, so a new engine is one module
and one ``register`` line here. The modules are imported only when an engine is used.
Both jobs take any :class:`~lightsart.Rules` (pattern, topology and ``k`` states per
cell). Everything that fits a picture (the pipeline, ``preview``, the pages, the k-state puzzle's
fewest cells to change) calls an engine; :data:`DEFAULT_ENGINE` (``"exact"``) is the one they
use unless told otherwise. Fits from another start than all-lit:
:func:`lightsart._engines.start.fit_from`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from lightsart._registry import Lazy, Registry

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart._results import Clicks, Fit
    from lightsart._rules import Rules
    from lightsart._types import Board

__all__ = ["DEFAULT_ENGINE", "ENGINES", "Budget", "Engine", "engine"]

#: The engine used when none is named (``--engine`` default): exact algebra, certificates are proofs.
DEFAULT_ENGINE = "exact"


@dataclass(frozen=True)
class Budget:
    """How an engine may search: ``seconds`` per picture or transition (``None``: the engine's
    default), the seed of any random search, and the MIP solver of the integer-program engines
    (:mod:`lightsart._engines.solvers`)."""

    seconds: float | None = None
    seed: int = 0
    solver: str = "cbc"

    def __post_init__(self) -> None:
        # The same checks as the settings these come from (Solving.time_limit, Timing.seed,
        # Solving.solver), so a bad budget reads the same as a bad setting.
        from lightsart import _checks as checks
        from lightsart._engines.solvers import get_solver

        object.__setattr__(self, "seconds", checks.seconds_or_none(self.seconds, "seconds"))
        object.__setattr__(self, "seed", checks.seed(self.seed))
        object.__setattr__(self, "solver", get_solver(self.solver, check=False).name)

    def seconds_or(self, default: float) -> float:
        """``seconds``, or the engine's ``default`` where none was given."""
        return default if self.seconds is None else self.seconds


def given(budget: Budget | None) -> Budget:
    """``budget``, or the default :class:`Budget` where none was given."""
    return Budget() if budget is None else budget


class Engine(Protocol):
    """Fit a target under any rules, connect two fits under their own rules.

    ``fit(target, cost=None, budget=None, rules=None)`` returns a :class:`~lightsart.Fit`
    for every engine and every number of states:

    * ``board`` is reachable under ``rules`` (``None``: the classic game of the target's shape)
      from the all-lit board (``k`` states: all-brightest, level ``k - 1``), and ``clicks``
      make it from there (press counts ``0 .. k-1`` with ``k`` states); the engine re-applies
      them before returning.
    * ``wrong_pixels`` counts cells unlike ``target`` (``wrong_cost`` their cost under ``cost``:
      per cell, the target's shape, or per cell and level, ``(cells, k)``, for ``k`` states); when
      ``wrong_pixels_proven_minimal`` no reachable board is closer, else
      ``wrong_pixels_lower_bound`` is a proven bound. ``clicks_proven_minimal`` likewise for
      ``clicks_count``; ``cut_short`` says the clock stopped a search.
    * ``rules`` is ``None`` for the classic game, else the rules; ``nullity`` (and with ``k``
      states ``kernel_size``) describe the kernel.

    ``connect(start, end, budget=None)`` returns :class:`~lightsart.Clicks` that take
    ``start.board`` to ``end.board`` (press counts with ``k`` states), re-applied before return.

    ``budget`` (``None``: :class:`Budget` ``()``) bounds the time; an engine may return a worse
    but still reachable answer when it runs out. The default engine is :data:`DEFAULT_ENGINE`.
    """

    name: str

    def fit(self, target: Board, cost: NDArray[np.float64] | None = None,
            budget: Budget | None = None, rules: Rules | None = None) -> Fit: ...

    def connect(self, start: Fit, end: Fit, budget: Budget | None = None) -> Clicks: ...


#: Every engine by name, imported on first use (its module's ``ENGINE``); the CLI's ``--engine``
#: choices and their help. A new engine is one module and one ``register`` line here.
ENGINES: Registry[Engine] = Registry("engine")
ENGINES.register("exact", Lazy("lightsart._engines.exact", "ENGINE"),
                 about="exact GF(2) algebra (default)")
ENGINES.register("ip", Lazy("lightsart._engines.bosch", "ENGINE"),
                 about="Bosch's integer programs, solved by CBC", requires=("pulp",))
ENGINES.register("auto", Lazy("lightsart._engines.auto", "ENGINE"),
                 about="exact, plus a parity IP where it measurably helps", requires=("pulp",))


def engine(name: str) -> Engine:
    """The engine called ``name`` (a name of :data:`ENGINES`)."""
    return ENGINES.get(name)
