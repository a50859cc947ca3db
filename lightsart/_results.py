"""The results every engine returns, in a neutral module: engines, tools and the pipeline import
them from here, not from each other.

* :class:`Clicks`: a click set, its size, and whether no smaller one makes the same board.
* :class:`Fit`: the reachable board closest to a target, the clicks that make it from all-lit,
  the wrong pixels and what is proven about them, and the rules it is reachable under.
* :class:`SolveReport`: what an integer-program solver's run ended with (``Fit.report``,
  ``Clicks.report``), and :class:`SolverOptions`, what it was allowed.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from lightsart import _checks as checks
from lightsart._errors import InvalidType, InvalidValue
from lightsart._public import public

if TYPE_CHECKING:
    from lightsart._rules import Rules
    from lightsart._types import Board

__all__ = ["BoardSides", "ClickSearch", "Clicks", "Fit", "SolveReport", "SolverOptions", "Status",
           "Vocabulary", "fit_words", "vocabulary", "with_count_bound"]


#: What an integer-program solver's run ended with. Only ``"optimal"`` is a proof.
Status = Literal["optimal", "feasible", "infeasible", "no solution"]


@dataclass(frozen=True)
class SolverOptions:
    """How long and how hard CBC may work: seconds (wall clock), threads, relative gap."""

    time_limit: float | None = None
    threads: int | None = None
    gap: float | None = None

    def __post_init__(self) -> None:
        if self.time_limit is not None and not (self.time_limit > 0 and math.isfinite(
            self.time_limit
        )):
            raise InvalidValue(f"time limit must be a positive number, got {self.time_limit}")
        if self.threads is not None and self.threads < 1:
            raise InvalidValue(f"threads must be at least 1, got {self.threads}")
        if self.gap is not None and not 0 <= self.gap < 1:
            raise InvalidValue(f"relative gap must be in [0, 1), got {self.gap}")


@dataclass(frozen=True)
class SolveReport:
    """One solver run (CBC or another of :mod:`lightsart._engines.solvers`): how it ended, the
    objective and proven bound, and the warm start's fate.

    ``best_bound`` is a proven lower bound on the optimum (minimisation); ``gap`` is CBC's
    relative gap ``(objective - bound) / bound`` (0 when proven optimal, ``inf`` over a zero
    bound). ``warm_start_accepted`` is ``None`` when no start was given or when CBC's
    preprocessing solved the model without consulting it. ``solver`` names the registry entry
    that ran (:mod:`lightsart._engines.solvers`); ``cbc_result`` is that solver's own result line.
    """

    model: str
    status: Status
    objective: float | None
    best_bound: float | None
    gap: float | None
    seconds: float
    warm_start_given: bool
    warm_start_accepted: bool | None
    warm_start_objective: float | None
    variables: int
    constraints: int
    options: SolverOptions
    cbc_result: str | None
    log: str = field(repr=False, default="")
    solver: str = "cbc"

    @property
    def proven(self) -> bool:
        """Whether CBC proved the answer optimal (or the model infeasible)."""
        return self.status in ("optimal", "infeasible")

    @property
    def has_solution(self) -> bool:
        """Whether variable values may be read (CBC holds an integer-feasible point)."""
        return self.status in ("optimal", "feasible")

    def summary(self) -> str:
        """One line for people: status, objective, bound, time and the warm start."""
        parts = [f"{self.model} IP ({self.solver}): {self.status}"]
        if self.objective is not None:
            parts.append(f"objective {self.objective:g}")
        if self.best_bound is not None:
            parts.append(f"bound {self.best_bound:g}")
        # A relative gap over a zero bound means nothing (CBC prints about 2e9): the bound says it.
        if (self.gap is not None and self.status == "feasible" and math.isfinite(self.gap)
                and self.best_bound is not None and abs(self.best_bound) > 1e-9):
            parts.append(f"gap {100 * self.gap:.1f}%")
        parts.append(f"{self.seconds:.2f}s")
        if self.warm_start_given:
            fate = {True: "accepted", False: "REJECTED", None: "unused"}
            parts.append("warm start " + fate[self.warm_start_accepted])
        return ", ".join(parts)



class BoardSides:
    """``height`` and ``width`` read off ``board`` (:class:`Fit`, ``puzzle.Solution``)."""

    board: Board

    @property
    def height(self) -> int:
        """Rows of the board."""
        return int(self.board.shape[0])

    @property
    def width(self) -> int:
        """Columns of the board."""
        return int(self.board.shape[1])


def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count:,} {word}{'es' if word.endswith('ss') else 's'}"


@dataclass(frozen=True)
class Vocabulary:
    """How results speak of one rule set: the two-state game *clicks* and counts *wrong pixels*;
    with grey levels a cell is *pressed* ``j`` times (``j`` presses) and is a *wrong cell* when
    its level differs. The words (and the ``--json`` keys that follow them) are a public contract;
    the mathematics behind both is the one algebra over ``Z/k``.

    >>> vocabulary(2).step, vocabulary(3).wrong, vocabulary(3).values, vocabulary(2).named
    ('click', 'wrong cell', 'levels 0 to 2', '')
    """

    grey: bool
    step: str
    wrong: str
    #: The values a board may hold, in words ("0 and 1" with two states, 0.1's error text).
    values: str = "0 and 1"
    #: How a rule set's name adds its states (two, the default, go unsaid).
    named: str = ""


def vocabulary(states: int) -> Vocabulary:
    """The :class:`Vocabulary` of a game with ``states`` states per cell."""
    # Words only: grey levels are pressed and counted as cells (0.2's keys).
    if states == 2:
        return Vocabulary(False, "click", "wrong pixel")
    return Vocabulary(True, "press", "wrong cell", f"levels 0 to {states - 1}",
                      f" with {states} states")


@dataclass(frozen=True)
class ClickSearch:
    """The work behind a fewest-clicks answer (``--json``'s ``click_search``).

    ``method``: ``none`` (one click set: nullity 0), ``transform`` (every member scored at once),
    ``split`` (one transform per leaf, :mod:`lightsart._core.fewest`) or ``local`` (blocks of
    quiet patterns, no proof). ``leaves_searched`` of ``leaves_planned`` (what the budget bought
    at the nominal speed) were scored, each of ``members_per_leaf`` click sets; a proof by the
    split search scores ``leaves_total`` (one per symmetry orbit) and needs ``seconds_needed`` at
    the nominal speed (``None`` where no estimate applies).
    """

    method: str
    leaves_searched: int
    leaves_planned: int
    leaves_total: int | None
    members_per_leaf: int
    seconds_needed: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {"method": self.method, "leaves_searched": self.leaves_searched,
                "leaves_planned": self.leaves_planned, "leaves_total": self.leaves_total,
                "members_per_leaf": self.members_per_leaf,
                "seconds_needed": None if self.seconds_needed is None
                else round(self.seconds_needed, 3)}


def _arrays(record: object, fields: tuple[str, ...]) -> None:
    """The record's board fields are 2-D numpy arrays of one shape (cheap: no value is read)."""
    import numpy as np

    kind = type(record).__name__
    shapes = set()
    for name in fields:
        value = getattr(record, name)
        if not isinstance(value, np.ndarray) or value.ndim != 2:
            raise InvalidType(f"{kind}.{name} must be a 2-D numpy array; got {type(value).__name__}")
        shapes.add(value.shape)
    if len(shapes) > 1:
        raise InvalidValue(f"{kind}'s boards must have one shape; got {sorted(shapes)}")


@public
@dataclass(frozen=True)
class Clicks:
    """A click set with its size, and whether no smaller click set gives the same board.

    Returned by :func:`lightsart.fewest_clicks` and :func:`lightsart.transition`; in Jupyter it
    draws itself.

    Parameters
    ----------
    clicks : numpy.ndarray
        The click set, ``uint8`` of shape ``(m, n)``: 0/1, or press counts ``0 .. K-1`` with K
        states.
    count : int
        The number of clicks (presses: a cell pressed j times counts j).
    proven : bool
        No smaller click set makes the same board (a proof, not a solver status).
    nullity : int
        The nullity of the board's press operator.
    seconds : float
        Time spent.
    cut_short : bool, optional
        The clock stopped the search before its planned work was done (the answer then depends
        on the machine's speed; without a cut, the same input and seed give the same answer).
    lower_bound : int, optional
        No click set making the same board has fewer clicks (``count`` when proven).
    search : ClickSearch or None, optional
        The work the search did and planned (``None`` where no search ran, e.g. K states).
    states : int, optional
        States per cell (2: clicks toggle; K: presses add one mod K).
    kernel_size : int or None, optional
        With more than two states, how many press vectors change nothing (``None``: not said).
    report : SolveReport or None, optional
        The MIP solver's report when an integer program found the clicks (the ``ip`` engine).

    Returns
    -------
    Clicks
        The result.
    """

    clicks: Board
    count: int
    proven: bool
    nullity: int
    seconds: float
    #: The clock stopped the search before its planned work was done (the answer then depends
    #: on the machine's speed; without a cut, the same input and seed give the same answer).
    cut_short: bool = False
    #: No click set making the same board has fewer clicks (``count`` when proven).
    lower_bound: int = 0
    #: The work the search did and planned (None where no search ran, e.g. k states).
    search: ClickSearch | None = None
    #: States per cell (2: clicks toggle; more: a press adds one mod ``states``).
    states: int = 2
    #: With more than two states, how many press vectors change nothing (None: not said).
    kernel_size: int | None = None
    #: The MIP solver's report when an integer program found the clicks (the ip engine).
    report: SolveReport | None = None

    def __post_init__(self) -> None:
        _arrays(self, ("clicks",))
        checks.record(self, counts=("count", "nullity"), numbers=("seconds",))
        # A proof is its own bound, whichever engine gave it (the ip engine sets none).
        if self.proven and self.lower_bound != self.count:
            object.__setattr__(self, "lower_bound", self.count)

    #: Jupyter draws the click set.

    def __repr__(self) -> str:
        """A line a REPL can show: the clicks' size, count, proof and nullity (no array dump).

        >>> import numpy as np
        >>> Clicks(np.eye(3, dtype=np.uint8), 3, True, 0, 0.01)
        Clicks(<uint8 3x3>, 3 clicks (proven fewest), nullity 0)
        """
        proof = " (proven fewest)" if self.proven else ""
        cut = ", cut short" if self.cut_short else ""
        from lightsart._types import array_summary

        return (f"Clicks({array_summary(self.clicks)}, {_plural(self.count, 'click')}{proof}, "
                f"nullity {self.nullity}{cut})")


@public
@dataclass(frozen=True)
class Fit(BoardSides):
    """The reachable board closest to a target, the clicks that make it, and what is proven.

    Returned by :func:`lightsart.closest_board` and every engine's ``fit``; in Jupyter it draws
    target | board | wrong pixels.

    Parameters
    ----------
    target : numpy.ndarray
        The target, ``uint8`` of shape ``(m, n)`` (0/1; K states: levels ``0 .. K-1``).
    board : numpy.ndarray
        The reachable board closest to it (same shape).
    clicks : numpy.ndarray
        The clicks that make ``board`` from the all-lit (all-brightest) board.
    wrong : numpy.ndarray
        1 where ``board`` differs from ``target``.
    wrong_pixels : int
        How many cells differ.
    wrong_cost : float
        Their cost under the per-pixel costs (their count without costs).
    wrong_pixels_proven_minimal : bool
        No reachable board does better on the quantity minimised (``wrong_cost`` when
        ``weighted``).
    wrong_pixels_lower_bound : float
        A proven lower bound on that quantity.
    clicks_count : int
        The number of clicks (presses).
    clicks_proven_minimal : bool
        No smaller click set makes ``board``.
    nullity : int
        The nullity of the press operator (the number of independent quiet patterns).
    seconds : float
        Time spent.
    method : str
        How the board was found (for example ``"exact"``).
    weighted : bool, optional
        Pixels had unequal costs: then ``wrong_pixels_proven_minimal`` and
        ``wrong_pixels_lower_bound`` speak of ``wrong_cost``, not of the count.
    rules : lightsart.Rules or None, optional
        The rules the board is reachable under (``None``: the classic game).
    cut_short : bool, optional
        The clock stopped a search before its planned work was done.
    kernel_size : int or None, optional
        With more than two states, how many press vectors change nothing.
    wrong_count_lower_bound : int, optional
        A proven lower bound on the count ``wrong_pixels`` itself, whatever was minimised.
    clicks_lower_bound : int or None, optional
        No click set making ``board`` has fewer clicks (``None``: not known; see
        :attr:`clicks_bound`).
    clicks_search : ClickSearch or None, optional
        The work the clicks' search (:func:`lightsart.fewest_clicks`) did and planned.
    report : SolveReport or None, optional
        The MIP solver's report when an integer program made the fit (the ``ip`` engine:
        :func:`lightsart.closest_board_ip`, :func:`lightsart.closest_board_reduced_ip`).

    Returns
    -------
    Fit
        The result.
    """

    target: Board
    board: Board
    clicks: Board
    wrong: Board
    wrong_pixels: int
    wrong_cost: float
    wrong_pixels_proven_minimal: bool
    wrong_pixels_lower_bound: float
    clicks_count: int
    clicks_proven_minimal: bool
    nullity: int
    seconds: float
    method: str
    #: Pixels had unequal costs: then ``wrong_pixels_proven_minimal`` and ``wrong_pixels_lower_bound``
    #: speak of ``wrong_cost`` (the quantity minimised), not of the count.
    weighted: bool = False
    #: The rules of the game the board is reachable under (``None``: the classic game).
    rules: Rules | None = None
    #: The clock stopped a search (decoding or clicks) before its planned work was done.
    cut_short: bool = False
    #: How many press vectors change nothing (``2**nullity`` with two states; ``None``: not said).
    #: With more than two states (``rules.states``) ``target`` and ``board`` hold levels
    #: ``0 .. k-1``, ``clicks`` press counts (``clicks_count`` their sum), the start is the
    #: all-brightest board and ``wrong_pixels`` counts wrong cells.
    kernel_size: int | None = None
    #: A proven lower bound on the count ``wrong_pixels`` itself, whatever was minimised (with
    #: ``weighted``, ``wrong_pixels_lower_bound`` bounds the cost; a least cost proves no count).
    wrong_count_lower_bound: int = 0
    #: The clicks' certificate from :func:`lightsart.fewest_clicks`: no click set
    #: making ``board`` has fewer than this (None: not known; see :attr:`clicks_bound`), and the
    #: search's work.
    clicks_lower_bound: int | None = None
    clicks_search: ClickSearch | None = None
    #: The MIP solver's report when an integer program made the fit (the ip engine).
    report: SolveReport | None = None

    def __post_init__(self) -> None:
        _arrays(self, ("target", "board", "clicks", "wrong"))
        checks.record(self, counts=("wrong_pixels", "clicks_count", "nullity"),
                      numbers=("wrong_cost", "wrong_pixels_lower_bound", "seconds"),
                      texts=("method",))

    @property
    def clicks_bound(self) -> int:
        """A proven lower bound on the clicks making ``board``: the count when proven minimal."""
        if self.clicks_proven_minimal:
            return self.clicks_count
        return min(self.clicks_count, self.clicks_lower_bound or 0)

    @property
    def count_lower_bound(self) -> int:
        """A proven lower bound on the number of wrong pixels (cells) of any reachable board."""
        bound = self.wrong_count_lower_bound
        if not self.weighted:  # the count was minimised: its bound is the engine's
            bound = max(bound, math.ceil(self.wrong_pixels_lower_bound - 1e-9))
        return min(bound, self.wrong_pixels)

    @property
    def count_proven_minimal(self) -> bool:
        """No reachable board has fewer wrong pixels (cells): proven for the count itself, not
        only for the cost minimised (none wrong, or the count meets its lower bound)."""
        if self.wrong_pixels == 0:
            return True
        if not self.weighted:
            return self.wrong_pixels_proven_minimal
        return self.wrong_pixels <= self.wrong_count_lower_bound

    @property
    def states(self) -> int:
        """States per cell: 2 (lit/unlit) unless the rules say more."""
        return 2 if self.rules is None else self.rules.states

    @property
    def grey(self) -> bool:
        """Whether cells hold grey levels (more than two states): see :class:`Vocabulary`."""
        return vocabulary(self.states).grey

    @property
    def minimised(self) -> str:
        """What the engine minimised: ``"wrong pixels"`` or ``"cost"`` (per-pixel costs)."""
        return "cost" if self.weighted else "wrong pixels"

    #: Jupyter draws target | board | wrong pixels.

    def __repr__(self) -> str:
        """A line a REPL can show: board size, states, wrong pixels (cells) with their proof or
        bound, clicks (presses), nullity or kernel size and method; no array dump."""
        from lightsart._types import array_summary

        return f"Fit({array_summary(self.board)}, {fit_words(self)}, method {self.method!r})"


def fit_words(fit: Fit) -> str:
    """What a fit is in words, for the short ``repr`` of the results that hold one:
    ``2 states, 12 wrong pixels (at least 10), 460 clicks, nullity 8`` (with grey levels,
    wrong cells and presses, and the kernel's size)."""
    words = vocabulary(fit.states)
    wrong = _plural(fit.wrong_pixels, words.wrong)
    wrong += " (proven fewest)" if fit.count_proven_minimal else f" (at least {fit.count_lower_bound})"
    if fit.weighted:
        wrong += f", cost {fit.wrong_cost:.6g}"
    steps = _plural(fit.clicks_count, words.step) + (" (proven fewest)" if fit.clicks_proven_minimal else "")
    # Z/k: the kernel's size says more than its fewest generators (2 states: 2**nullity).
    grey = words.grey and fit.kernel_size is not None
    kernel = f"kernel {fit.kernel_size}" if grey else f"nullity {fit.nullity}"
    cut = ", cut short" if fit.cut_short else ""
    return f"{fit.states} states, {wrong}, {steps}, {kernel}{cut}"


def with_count_bound(fit: Fit, dearest: float) -> Fit:
    """``fit`` with the count bound its cost bound implies when no wrong pixel (cell, at any
    level) costs more than ``dearest``: a board of ``c`` wrong pixels costs at most
    ``c * dearest``, and at least the least cost, so ``c >= ceil(cost bound / dearest)``."""
    if not fit.weighted or not (math.isfinite(dearest) and dearest > 0):
        return fit
    # A relative margin keeps float noise in the bound from rounding up past a true count.
    ratio = fit.wrong_pixels_lower_bound / dearest
    bound = max(0, math.ceil(ratio - 1e-9 * max(1.0, ratio)))
    return dataclasses.replace(
        fit, wrong_count_lower_bound=max(fit.wrong_count_lower_bound, min(bound, fit.wrong_pixels)))
