"""Bosch's integer programs, verbatim, in PuLP/CBC: warm-started, verified, measured, any rules.

Any number of states per cell: the models are built once by :mod:`lightsart._engines.ip_model`
with ``k = rules.states`` as a parameter (``x(C) = k y + c``); this module solves them, reads the
answers back and re-applies them. The two-state formulas below are the ``k = 2`` case.

Writing ``C(i, j)`` for the clicks whose pattern reaches cell ``(i, j)`` and ``x(C(i, j))`` for
the *change count* (how many times the chosen clicks toggle the cell), a picture ``b`` is reached
from all-lit when every change count is odd on black pixels and even on white ones.

Every function takes ``rules`` (a :class:`lightsart.Rules`; ``None`` is the classic plus on
the plane of the target's shape). ``C(i, j)`` is read off the rules: click ``(a, b)`` reaches
``(a + di, b + dj)`` for each pattern offset, wrapped or dropped at the border as the topology
says. A click whose pattern lands on one cell twice (a wrapped side shorter than the pattern)
counts twice, exactly as :func:`lightsart._rules.change_counts` counts it; the press operator is
the count mod 2, so ``x(C) = 2 y + parity`` still holds, with ``0 <= y <= floor(s / 2)`` for a
pattern of ``s`` cells (``y <= 2`` for the plus).

* **Basic IP** (reachability and fewest clicks)::

      minimise    sum x
      subject to  x(C(i, j)) = 2 y(i, j) + 1 - b(i, j)      for every cell
                  x binary, y integer in {0, ..., floor(s / 2)}

  Infeasible exactly when ``b`` is unreachable. The same model with right-hand side
  ``2 y + c`` for a change ``c`` gives the fewest clicks for a transition: between reachable
  boards ``a`` and ``b`` the change is ``a XOR b`` (Bosch's "exclusive-or of the two
  configurations"; as a picture for the model above that is ``1 - (a XOR b)``).
* **Error-minimising IP**: a flag ``z`` per pixel marks a wrong colour::

      minimise    sum cost * z
      subject to  x(C(i, j)) = 2 y(i, j) + z(i, j)          where b(i, j) = 1 (white)
                  x(C(i, j)) = 2 y(i, j) + 1 - z(i, j)      where b(i, j) = 0 (black)
                  x, z binary, y integer in {0, ..., floor(s / 2)}

  warm-started, as Bosch advises, from light chasing the picture toward all-lit: every error
  lands in one edge row (the best of the four edges is used). Light chasing here is the
  classic game's; for other rules the warm start is the exact decoder's answer
  (:func:`decoded_start`: syndrome decoding with :mod:`lightsart._core.decode` over the rules'
  algebra), so the solver mostly has to prove it.
* **Reduced parity IP** (not in the paper; used by the ``auto`` engine): one binary ``e`` per
  distinct nonzero quiet-pattern column ``v`` (its cheapest pixel), one parity row per quiet
  pattern ``k``: ``sum_v N[k, v] e_v = s_k + 2 w_k`` where ``s`` is the picture's syndrome.
  ``d`` rows instead of ``m n``. The rows of ``N`` span the kernel of ``Aᵀ`` (reachable changes
  are orthogonal to it): for a pattern that is not symmetric under a 180° turn that is the
  *left* kernel, which :meth:`lightsart._core.general.PackedAlgebra.columns` gives.

Fewest-clicks polishing (the IPs count wrong pixels, not clicks) minimises over the kernel of
``A`` with the exact engine's :func:`lightsart.fewest_clicks`, for any rules and
states (proven where that search proves it).

Solver answers are re-applied with the rules' press operator before they are returned; an
unproven answer says so (see :class:`lightsart._results.SolveReport`).
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict, Unpack

import numpy as np
from numpy.typing import NDArray

from lightsart._core import general, gf2
from lightsart._core.algebra import algebra as one_algebra
from lightsart._core.board import as_board, board_from_clicks
from lightsart._core.closest import pixel_weights
from lightsart._core.optimize import closest_board, fewest_clicks
from lightsart._engines.cbc import variable
from lightsart._engines.ip_model import error_model as build_error_model
from lightsart._engines.ip_model import presses_model, read, warm
from lightsart._engines.solvers import DEFAULT_SOLVER, solve, write_model
from lightsart._errors import InvalidType, InvalidValue, LightsartError
from lightsart._limits import check_model
from lightsart._public import public
from lightsart._results import Clicks, Fit, SolveReport, SolverOptions
from lightsart._rules import Rules, press
from lightsart._types import Board

__all__ = [
    "POLISH_MAX_NULLITY",
    "IPAnimation",
    "IPOptions",
    "animation_ip",
    "basic_ip",
    "chase_start",
    "closest_board_ip",
    "closest_board_reduced_ip",
    "decoded_start",
    "error_model",
    "export_model",
    "transition_ip",
]


class IPOptions(TypedDict, total=False):
    """The solver keywords every IP function takes (all optional).

    ``time_limit`` (float or None): seconds the solver may run (``None``: no limit).
    ``threads`` (int or None): solver threads (``None``: the solver's default).
    ``gap`` (float or None): relative gap at which the solver may stop, in ``[0, 1)``
    (``None``: its default). ``solver`` (str): a MIP solver of :mod:`lightsart._engines.solvers`
    (default ``DEFAULT_SOLVER``). ``rules`` (Rules or None): the rules of the game (``None``:
    the classic game on the target's shape).
    """

    time_limit: float | None
    threads: int | None
    gap: float | None
    solver: str
    rules: Rules | None


#: Largest kernel dimension the IPs' own Walsh–Hadamard polish searched, before 0.3 (the
#: polish is now :func:`lightsart.fewest_clicks`, exact up to nullity 24).
POLISH_MAX_NULLITY = 20


@dataclass(frozen=True)
class IPAnimation:
    """Bosch's recipe: two error-minimising fits and the basic IP on their transition."""

    first: Fit
    second: Fit
    transition: Clicks


# ---------------------------------------------------------------------------- helpers


class _Algebra(Protocol):
    """What the IPs need of an algebra: the classic :mod:`~lightsart._core.gf2` one or the
    :mod:`~lightsart._core.general` one of any rules."""

    @property
    def nullity(self) -> int: ...

    def syndrome(self, change: Board) -> NDArray[np.uint8]: ...

    def solve(self, change: Board) -> Board | None: ...

    def columns(self) -> NDArray[np.uint8]: ...


def _algebra(rules: Rules) -> _Algebra:
    """The classic game keeps its fast light-chasing algebra; other rules use the general one."""
    if rules.is_classic:
        return gf2.classic_algebra(*rules.shape)
    return general.packed_algebra(rules)


def _kernel(rules: Rules) -> tuple[int, int]:
    """The fewest generators of the press kernel (GF(2)'s nullity, or over ``Z/k`` its cyclic
    rank) and how many press vectors it holds (:attr:`Fit.kernel_size`): the one algebra's."""
    alg = one_algebra(rules)
    return alg.nullity, alg.kernel_size


def _rules(target: object, rules: Rules | None) -> Rules:
    """``rules`` checked against the target's shape; ``None`` is the classic game of that shape."""
    if rules is None:
        return Rules.plus(*as_board(target, "target").shape)
    if not isinstance(rules, Rules):
        raise InvalidType(f"rules must be a Rules, got {type(rules).__name__}")
    shape = np.asarray(target).shape
    if len(shape) == 2 and rules.shape != shape:
        m, n = shape
        raise InvalidValue(
            f"rules are for a {rules.width}x{rules.height} board, the picture is {n}x{m}"
        )
    return rules


def _levels(value: object, rules: Rules, what: str) -> Board:
    """A board of levels ``0 .. k-1`` under ``rules`` (``uint8``)."""
    # Two states keep the 0/1 board checks (and messages) of lightsart 0.1.
    if rules.is_binary:
        return as_board(value, what)
    a = np.asarray(value)
    if a.shape != rules.shape:
        raise InvalidValue(f"{what} has shape {a.shape}, expected {rules.shape}")
    if not np.issubdtype(a.dtype, np.integer) or a.min(initial=0) < 0 or a.max(initial=0) >= rules.states:
        raise InvalidValue(f"{what} must hold levels 0 .. {rules.states - 1}")
    return a.astype(np.uint8)


def _options(options: IPOptions) -> SolverOptions:
    return SolverOptions(time_limit=options.get("time_limit"), threads=options.get("threads"),
                         gap=options.get("gap"))


def _solver(options: IPOptions) -> str:
    return options.get("solver", DEFAULT_SOLVER)


def _pixel_costs(cost: NDArray[np.float64] | None, shape: tuple[int, ...]) -> NDArray[np.float64]:
    """The checked pixel costs (:func:`~lightsart._core.optimize.pixel_weights`), ones if none."""
    if cost is not None:  # its shape and values as the project's errors (pixel_weights: base)
        c = np.asarray(cost)
        if c.dtype.kind not in "biuf":
            raise InvalidType(f"cost must be an array of numbers, one per cell; got {c.dtype}")
        if c.shape != shape:
            raise InvalidValue(f"cost has shape {c.shape}, target has {shape}")
        if not np.isfinite(c).all() or (c < 0).any():
            raise InvalidValue("pixel costs must be finite and non-negative")
    weights = pixel_weights(cost, shape)
    return np.ones(shape) if weights is None else weights


def _integral(w: NDArray[np.float64]) -> bool:
    return bool(np.all(w == np.round(w)))


def _board(presses: Board, rules: Rules) -> Board:
    """The board ``presses`` reach from the all-brightest one (all-lit for two states)."""
    return board_from_clicks(presses, rules)


def chase_start(target: Board, cost: NDArray[np.float64] | None = None) -> Board:
    """Bosch's heuristic: chase the picture toward all-lit, errors pushed into one edge row.

    The classic game only (plus on the plane; other rules start from :func:`decoded_start`).
    Tries the bottom, top, left and right edges (the press operator commutes with rotating
    the board) and returns the click set of the cheapest; the board it reaches differs from
    ``target`` only in that edge row.
    """
    t = as_board(target, "target")
    w = _pixel_costs(cost, t.shape)
    change = t ^ np.uint8(1)
    best: Board | None = None
    best_cost = math.inf
    for quarter in range(4):
        clicks, leftover = gf2.chase(np.rot90(change, quarter))
        wrong = np.rot90(leftover, -quarter)
        c = float((w * wrong).sum())
        if c < best_cost:
            best, best_cost = np.ascontiguousarray(np.rot90(clicks, -quarter)), c
    assert best is not None
    return best


def decoded_start(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    rules: Rules | None = None,
    *,
    seconds: float = 2.0,
) -> Board:
    """Clicks of the reachable board nearest ``target`` by syndrome decoding, for any rules.

    The warm start of the error IPs where light chasing does not apply: the exact engine's
    :func:`lightsart.closest_board` within ``seconds`` (the picture's syndrome
    decoded over the rules' field, exact for nullity up to 20, then fewest clicks). Often
    already optimal; the integer program then has to prove it.
    """
    r = _rules(target, rules)
    t = _levels(target, r, "target")
    w = _pixel_costs(cost, t.shape)
    unit = bool(np.all(w == 1.0))
    return closest_board(t, None if unit else w, seconds=seconds,
                         rules=None if r.is_classic else r).clicks


def _start(t: Board, w: NDArray[np.float64], rules: Rules, time_limit: float | None) -> Board:
    """The error IPs' warm start: light chasing in the classic game, else :func:`decoded_start`
    with a quarter of the time limit (at most 2 s; exact and fast for nullity up to 20)."""
    if rules.is_classic:
        return chase_start(t, w)
    seconds = 2.0 if time_limit is None else max(0.05, min(2.0, time_limit / 4))
    return decoded_start(t, w, rules, seconds=seconds)


def _binaries(prob: Any, prefix: str, count: int) -> list[Any]:
    return [variable(prob, f"{prefix}{k}", 0, 1, "Binary") for k in range(count)]


def _read(variables: list[Any], shape: tuple[int, ...], solver: str = "CBC") -> Board:
    """Variable values as a board; the solver's values are rounded (tolerance ~1e-4)."""
    return read(variables, shape, solver).astype(np.uint8)


def _fewest_clicks(clicks: Board, rules: Rules) -> Clicks:
    """The smallest click set pressing like ``clicks``: the exact engine's
    :func:`lightsart.fewest_clicks` under the rules (any states)."""
    return fewest_clicks(clicks, rules=None if rules.is_classic else rules)


# ---------------------------------------------------------------------------- basic IP


def _basic(change: Board, start: Board | None, options: SolverOptions, model: str,
           solver: str, rules: Rules) -> Clicks:
    """Fewest presses making ``change`` (mod ``k``), warm-started from ``start`` when given."""
    started = time.perf_counter()
    built = presses_model(change, rules, model)
    if start is not None:
        warm(built, start.astype(np.int64), rules)
    report = solve(built.prob, options, model, warm_start=start is not None, solver=solver)
    best = start if start is not None and np.array_equal(press(start, rules), change) else None
    if report.has_solution:
        found = _read(built.x, rules.shape, report.solver)
        if not np.array_equal(press(found, rules), change):
            raise LightsartError(f"{report.solver} returned clicks that do not produce the picture")
        if best is None or found.sum() <= best.sum():
            best = found
    if best is None:
        if report.status == "infeasible":
            raise LightsartError(f"the picture is not reachable: {report.solver} proved the "
                                 f"{model} model infeasible")
        raise LightsartError(f"{report.solver} found no click set for the {model} model "
                             f"(status {report.status}); give it more time (time_limit)")
    # A valid start CBC could not improve on is still an answer, just not a proven one.
    proven = bool(report.status == "optimal" and report.objective == best.sum())  # not np.bool_
    nullity, kernel_size = _kernel(rules)
    return Clicks(best, int(best.sum()), proven, nullity, time.perf_counter() - started,
                  states=rules.states, kernel_size=None if rules.is_binary else kernel_size,
                  report=report)


@public
def basic_ip(
    target: Board,
    *,
    start: Board | None = None,
    **options: Unpack[IPOptions],
) -> Clicks:
    """Bosch's basic IP for a picture: is it reachable from all-lit (all-brightest with ``k``
    states), and with fewest clicks (presses; a cell pressed ``j`` times counts ``j``).

    ``start`` (a click set) is handed to CBC as a warm start; a valid start is returned if CBC
    finds nothing better in time. When the solver proves the picture unreachable (the model
    infeasible), or stops without a click set, this raises :class:`~lightsart.LightsartError`
    saying which. ``solver`` names a MIP solver of
    :mod:`lightsart._engines.solvers` (``cbc``, ``highs``, ...); ``rules`` the game (default: the
    classic plus on the plane).

    Parameters
    ----------
    target : numpy.ndarray
        The picture, 0/1 of shape ``(m, n)`` (levels ``0 .. k-1`` with ``k`` states).
    start : numpy.ndarray or None, optional
        A click set (press counts) to warm-start the solver with.
    **options : IPOptions
        ``time_limit``, ``threads``, ``gap``, ``solver`` and ``rules`` (see :class:`IPOptions`).

    Returns
    -------
    Clicks
        The fewest clicks found (``proven`` when the solver proved them fewest), with the
        solver's run in ``report``.

    Examples
    --------
    >>> from lightsart import basic_ip, parse_board
    >>> answer = basic_ip(parse_board("111/101/111"))
    >>> answer.count, answer.proven, answer.report.status
    (5, True, 'optimal')
    >>> basic_ip(parse_board("01111/11111/11111/11111/11111"))  # nullity 2
    Traceback (most recent call last):
    ...
    lightsart.LightsartError: the picture is not reachable: cbc proved the basic model infeasible
    """
    _options(options)  # the budget checked before any work
    r = _rules(target, options.get("rules"))
    t = _levels(target, r, "target")
    if start is not None:
        start = _levels(start, r, "start")
        if start.shape != t.shape:
            raise InvalidValue(f"start clicks have shape {start.shape}, target {t.shape}")
    k = r.states
    change = ((t.astype(np.int64) - (k - 1)) % k).astype(np.uint8)
    return _basic(change, start, _options(options), "basic", _solver(options), r)


def _check_fit(fit: Fit, rules: Rules, name: str) -> None:
    if not np.array_equal(_board(fit.clicks, rules), fit.board):
        raise InvalidValue(f"the {name} fit's clicks do not give its board under these rules")


def transition_ip(
    first: Fit,
    second: Fit,
    **options: Unpack[IPOptions],
) -> Clicks:
    """Fewest clicks turning ``first.board`` into ``second.board``: the basic IP on their
    difference (XOR for two states, ``second - first`` mod ``k``).

    Warm-started, as Bosch does, with the difference of the two click sets (always a solution),
    so there is always an answer; ``.proven`` says whether CBC proved it fewest. Both
    fits must have been made under ``rules`` (checked; default: the first fit's rules).
    """
    if first.board.shape != second.board.shape:
        raise InvalidValue("pictures must be fitted to the same board size")
    given = options.get("rules")
    r = _rules(first.board, given if given is not None else first.rules)
    if second.states != r.states or first.states != r.states:
        raise InvalidValue("both fits must be made under the same rules")
    _check_fit(first, r, "first")
    _check_fit(second, r, "second")
    k = r.states
    start = ((second.clicks.astype(np.int64) - first.clicks.astype(np.int64)) % k).astype(np.uint8)
    change = ((second.board.astype(np.int64) - first.board.astype(np.int64)) % k).astype(np.uint8)
    return _basic(change, start, _options(options), "transition", _solver(options), r)


# ---------------------------------------------------------------------------- error IP


def _fit_from_clicks(
    target: Board, w: NDArray[np.float64], clicks: Board, report: SolveReport,
    started: float, polish: bool, method: str, rules: Rules,
) -> Fit:
    """Build and check a :class:`Fit` for a click set; the IP's bound becomes the certificate."""
    board = _board(clicks, rules)
    wrong = (board != target).astype(np.uint8)
    found = float((w * wrong).sum())
    bound = 0.0 if report.best_bound is None else max(0.0, report.best_bound)
    if _integral(w):
        bound = math.ceil(bound - 1e-6)  # integral costs: the optimum is an integer
    if report.status == "optimal" and report.objective is not None:
        bound = max(bound, report.objective)
    bound = min(bound, found)
    best = _fewest_clicks(clicks, rules) if polish else None
    final = best.clicks if best is not None else clicks
    if not np.array_equal(_board(final, rules), board):  # pragma: no cover - a bug
        raise AssertionError("clicks do not reproduce the fitted board")
    nullity, kernel_size = _kernel(rules)
    return Fit(
        target=target,
        board=board,
        clicks=final,
        wrong=wrong,
        wrong_pixels=int(wrong.sum()),
        wrong_cost=found,
        wrong_pixels_proven_minimal=found <= bound + 1e-9,
        wrong_pixels_lower_bound=float(bound),
        clicks_count=int(final.sum()),
        clicks_proven_minimal=best.proven if best is not None else False,
        nullity=nullity,
        seconds=time.perf_counter() - started,
        method=method,
        weighted=not bool(np.all(w == 1.0)),
        rules=None if rules.is_classic else rules,
        kernel_size=kernel_size,
    )


def error_model(
    target: Board, cost: NDArray[np.float64] | None = None, rules: Rules | None = None
) -> Any:
    """Bosch's error-minimising IP for ``target`` as a PuLP ``LpProblem``, unsolved.

    Two states: ``3 m n`` variables (``x0..``, ``y0..``, ``z0..``: clicks, halved change counts,
    wrong-pixel flags) and ``m n`` rows (``white<p>`` / ``black<p>``). ``k`` states: ``4 m n``
    variables (``x``, ``y``, ``b`` levels, ``z``) and ``3 m n`` rows (``cell<p>``, ``above<p>``,
    ``below<p>``). The objective is ``sum cost * z``; no warm start is attached. ``rules``
    defaults to the classic game of the target's shape (see :mod:`lightsart._engines.ip_model`).
    """
    r = _rules(target, rules)
    t = _levels(target, r, "target")
    return build_error_model(t.astype(np.int64), _pixel_costs(cost, t.shape), r).prob


def export_model(
    target: Board, path: str, cost: NDArray[np.float64] | None = None,
    rules: Rules | None = None,
) -> None:
    """Write :func:`error_model` for ``target`` to ``path`` (``.lp`` or ``.mps``) without
    solving it, so other solvers can be tried on the same instance; any number of states.

    Example: ``export_model(fit.target, "cat.mps")``; then ``cbc cat.mps solve`` or
    ``highs cat.mps``. MPS carries no objective sense: the model minimises.
    """
    r = _rules(target, rules)
    check_model(r.width, r.height, len(r.pattern.offsets), r.states, path)  # before building it
    write_model(error_model(target, cost, r), path)


@public
def closest_board_ip(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    *,
    warm_start: bool = True,
    polish_clicks: bool = True,
    **options: Unpack[IPOptions],
) -> Fit:
    """Bosch's error-minimising IP: the reachable board with fewest (or cheapest) wrong pixels.

    Any number of states (``rules.states``; the target then holds levels). Warm-started (where
    ``solver`` takes a start) from :func:`chase_start` in the classic game and from
    :func:`decoded_start` under other ``rules``. The returned fit is the solver's best point, or
    that start if it ends with nothing better; ``polish_clicks`` then minimises the click count
    over the kernel (see the module docstring), since the IP itself only counts wrong pixels.
    ``solver`` names a MIP solver of :mod:`lightsart._engines.solvers`.

    Parameters
    ----------
    target : numpy.ndarray
        The picture, 0/1 of shape ``(m, n)`` (levels ``0 .. k-1`` with ``k`` states).
    cost : numpy.ndarray or None, optional
        The cost of each wrong pixel, same shape (``None``: every pixel counts 1), for example
        :func:`~lightsart.pixel_costs`.
    warm_start : bool, optional
        Hand the start to the solver (it is kept as the answer either way if nothing better
        is found).
    polish_clicks : bool, optional
        Then minimise the clicks among boards with the same wrong pixels.
    **options : IPOptions
        ``time_limit``, ``threads``, ``gap``, ``solver`` and ``rules`` (see :class:`IPOptions`).

    Returns
    -------
    Fit
        As :func:`~lightsart.closest_board` returns, with the solver's run (status, objective,
        bound, warm start) in ``report``.

    Examples
    --------
    >>> from lightsart import closest_board_ip, parse_board
    >>> answer = closest_board_ip(parse_board("01111/11111/11111/11111/11111"))
    >>> answer.wrong_pixels, answer.report.status
    (1, 'optimal')
    """
    started = time.perf_counter()
    _options(options)  # the budget checked before any work
    r = _rules(target, options.get("rules"))
    t = _levels(target, r, "target")
    w = _pixel_costs(cost, t.shape)
    built = build_error_model(t.astype(np.int64), w, r)
    start = _start(t, w, r, options.get("time_limit"))
    if warm_start:
        warm(built, start.astype(np.int64), r, t.astype(np.int64))
    report = solve(built.prob, _options(options), built.name, warm_start,
                   _solver(options))
    clicks, method = start, f"ip {built.name}: {report.status}, warm start kept"
    if report.has_solution:
        found = _read(built.x, r.shape, report.solver)
        board = _board(found, r)
        flags = _read(built.z, r.shape, report.solver)
        if not np.array_equal(board != t, flags.astype(bool)) or (
                built.b and not np.array_equal(board, _read(built.b, r.shape, report.solver))):
            raise LightsartError(
                f"{report.solver}'s error flags do not match the board its clicks reach")
        if float((w * flags).sum()) <= float((w * (_board(start, r) != t)).sum()):
            clicks, method = found, f"ip {built.name}: {report.status}"
    fit = _fit_from_clicks(t, w, clicks, report, started, polish_clicks, method, r)
    return dataclasses.replace(fit, report=report)


def animation_ip(
    first: Board,
    second: Board,
    **options: Unpack[IPOptions],
) -> IPAnimation:
    """Bosch's animation recipe: the error IP for each picture, then the basic IP on the XOR
    of the two boards, started from the XOR of their click sets. ``time_limit`` is per IP.
    """
    a = closest_board_ip(first, **options)
    b = closest_board_ip(second, **options)
    step = transition_ip(a, b, **options)
    return IPAnimation(a, b, step)


# ---------------------------------------------------------------------------- reduced IP


@dataclass(frozen=True)
class _Groups:
    """Pixels grouped by their nonzero quiet-pattern column: ``bits`` (G, d), the cheapest
    pixel of each group, its cost, and each pixel's group (-1 for a zero column)."""

    bits: NDArray[np.uint8]
    pixel: NDArray[np.intp]
    cost: NDArray[np.float64]
    group_of: NDArray[np.intp]


def _groups(columns: NDArray[np.uint8], cost: NDArray[np.float64]) -> _Groups:
    """Only the distinct nonzero columns matter: pixels sharing one are interchangeable."""
    pixels = columns.shape[0]
    group_of = np.full(pixels, -1, dtype=np.intp)
    packed = np.packbits(columns, axis=1)
    nonzero = np.flatnonzero(packed.any(axis=1))
    if nonzero.size == 0:  # nullity 0, or no pixel can change the syndrome
        none = np.zeros(0, dtype=np.intp)
        return _Groups(columns[none], none, cost[none], group_of)
    _, inverse = np.unique(packed[nonzero], axis=0, return_inverse=True)
    inverse = np.asarray(inverse, dtype=np.intp).ravel()
    group_of[nonzero] = inverse
    order = np.lexsort((cost[nonzero], inverse))  # by group, cheapest first
    firsts = np.flatnonzero(np.r_[True, np.diff(inverse[order]) != 0])
    pick = nonzero[order[firsts]]
    return _Groups(columns[pick], pick.astype(np.intp), cost[pick], group_of)


def _groups_used(groups: _Groups, start_wrong: NDArray[np.uint8], syndrome: NDArray[np.int64]
                 ) -> NDArray[np.int64]:
    """The warm start: each group used an odd number of times by the start's wrong pixels."""
    e0 = np.zeros(groups.bits.shape[0], dtype=np.int64)
    hit = groups.group_of[np.flatnonzero(start_wrong)]
    np.add.at(e0, hit[hit >= 0], 1)
    e0 %= 2
    sums0 = groups.bits.T.astype(np.int64) @ e0
    if np.any((sums0 - syndrome) % 2):  # pragma: no cover - a start is always reachable
        raise AssertionError("the warm start does not match the picture's syndrome")
    return e0


def _parity_model(groups: _Groups, syndrome: NDArray[np.int64], e0: NDArray[np.int64]
                  ) -> tuple[Any, list[Any]]:
    """The reduced parity IP of :func:`closest_board_reduced_ip` and its group variables,
    warm-started at the groups ``e0`` (and the slacks they give)."""
    import pulp

    g_count, d = groups.bits.shape
    sums0 = groups.bits.T.astype(np.int64) @ e0
    prob = pulp.LpProblem("lights_out_parity", pulp.LpMinimize)
    e = _binaries(prob, "e", g_count)
    prob += pulp.LpAffineExpression([(e[g], float(groups.cost[g])) for g in range(g_count)])
    w_vars = []
    for k in range(d):
        members = np.flatnonzero(groups.bits[:, k])
        w_k = variable(prob, f"w{k}", 0, (members.size - int(syndrome[k])) // 2, "Integer")
        w_vars.append(w_k)
        row = pulp.LpAffineExpression([(e[g], 1) for g in members] + [(w_k, -2)])
        prob += row == int(syndrome[k]), f"pattern{k}"
    for g in range(g_count):
        e[g].setInitialValue(int(e0[g]))
    for k in range(d):
        w_vars[k].setInitialValue(int((sums0[k] - syndrome[k]) // 2))
    return prob, e


@public
def closest_board_reduced_ip(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    *,
    start: Fit | None = None,
    polish_clicks: bool = True,
    **options: Unpack[IPOptions],
) -> Fit:
    """Fewest (or cheapest) wrong pixels by the reduced parity IP: ``d`` rows, not ``m n``.

    Flipping pixel ``p`` changes the picture's syndrome ``s`` by its column ``v_p`` of ``N``
    (the left-kernel basis of the rules' press operator); the model picks groups of equal
    columns (binary ``e_v``, cost of the cheapest pixel) whose columns XOR to ``s``::

        minimise sum_v cost_v e_v   subject to   sum_v N[k, v] e_v - 2 w_k = s_k  (each k)

    ``start`` (a fit of the same target under the same rules, e.g. the exact engine's) is the
    warm start; without one, :func:`chase_start` (classic) or :func:`decoded_start`. The answer
    is the solver's point, or the start if it finds nothing better. ``solver`` names a MIP
    solver of :mod:`lightsart._engines.solvers`.

    Parameters
    ----------
    target : numpy.ndarray
        The picture, 0/1 of shape ``(m, n)`` (two states only).
    cost : numpy.ndarray or None, optional
        The cost of each wrong pixel, same shape (``None``: every pixel counts 1).
    start : Fit or None, optional
        A fit of the same target under the same rules to warm-start from.
    polish_clicks, **options
        As for :func:`closest_board_ip`.

    Returns
    -------
    Fit
        The fit, with the solver's run in ``report``.

    Examples
    --------
    >>> from lightsart import closest_board_reduced_ip, parse_board
    >>> answer = closest_board_reduced_ip(parse_board("01111/11111/11111/11111/11111"))
    >>> answer.wrong_pixels, answer.clicks_count, answer.report.status
    (1, 0, 'optimal')
    """
    started = time.perf_counter()
    _options(options)  # the budget and the warm start checked before any work
    if start is not None and not isinstance(start, Fit):
        raise InvalidType(f"start must be a Fit (of the same target) or None; got "
                          f"{type(start).__name__}")
    t = as_board(target, "target")
    r = _rules(t, options.get("rules"))
    w = _pixel_costs(cost, t.shape)
    alg = _algebra(r)
    syndrome = alg.syndrome(t ^ np.uint8(1)).astype(np.int64)
    groups = _groups(alg.columns(), w.ravel())
    g_count = groups.bits.shape[0]
    if start is None:
        start_wrong = (board_from_clicks(_start(t, w, r, options.get("time_limit")), r) ^ t).ravel()
    else:
        if start.target.shape != t.shape or not np.array_equal(start.target, t):
            raise InvalidValue("the starting fit is for a different picture")
        _check_fit(start, r, "starting")
        start_wrong = start.wrong.ravel()
    e0 = _groups_used(groups, start_wrong, syndrome)
    prob, e = _parity_model(groups, syndrome, e0)
    report = solve(prob, _options(options), "parity", True, _solver(options))

    wrong = np.zeros(t.size, dtype=np.uint8)
    wrong[groups.pixel[np.flatnonzero(e0)]] = 1
    method = f"ip parity: {report.status}, warm start kept"
    if report.has_solution:
        chosen = np.flatnonzero(_read(e, (g_count,)))
        if float(groups.cost[chosen].sum()) < float(w.ravel() @ wrong) - 1e-9:
            wrong = np.zeros(t.size, dtype=np.uint8)
            wrong[groups.pixel[chosen]] = 1
            method = f"ip parity: {report.status}"
    board = t ^ wrong.reshape(t.shape)
    clicks = alg.solve(board ^ np.uint8(1))
    if clicks is None:
        raise LightsartError(f"{report.solver}'s parity solution does not give a reachable board")
    fit = _fit_from_clicks(t, w, clicks, report, started, polish_clicks, method, r)
    return dataclasses.replace(fit, report=report)
