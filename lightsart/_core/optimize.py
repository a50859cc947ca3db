"""Fewest clicks and fewest wrong pixels, exact where provable, with certificates.

* :func:`fewest_clicks`: all click sets producing one board are ``x0 ^ span(quiet patterns)``.
  Group cells by their quiet-pattern column ``v`` and their bit in ``x0``; the weight of
  ``x0 ^ sum_k l_k N_k`` is ``|x0| + (F_total - F(l)) / 2`` with ``F`` the Walsh–Hadamard
  transform of ``f(v) = sum over cells with column v of (1 - 2 x0)``. One transform of ``2**d``
  entries scores every member of the coset at once.
* :func:`closest_board`: the reachable board nearest to a target, for any rules and states: the
  decoding problem of :mod:`lightsart._core.closest` in the rules' field, then fewest clicks.
* :func:`transition`: the fewest clicks turning one reachable board into another.

All three take any :class:`~lightsart.Rules`, ``k`` states included: then a click adds 1
mod ``k`` (a press count ``0 .. k-1`` per cell), pictures start from the all-brightest board, and
the work is done over ``Z/k`` (:mod:`lightsart._core.closest`, :mod:`lightsart._core.presses`; see
:func:`_levels`). The
engines (:mod:`lightsart._engines`) call these; ``engine("exact").fit`` is :func:`closest_board`.

Every click set is re-applied with the press operator before it is returned.
"""

from __future__ import annotations

import dataclasses
import time

import numpy as np
from numpy.typing import NDArray

from lightsart import _checks as checks
from lightsart._calibration import CHASE_WORDS_PER_SECOND, DECODE_SHARE, SPLIT_DECODE_SHARE
from lightsart._core.algebra import algebra as one_algebra
from lightsart._core.algebra import reached, rules_for
from lightsart._core.board import as_board
from lightsart._core.closest import (
    decode_bits,
    decode_levels,
)
from lightsart._core.general import packed_algebra as rules_algebra
from lightsart._core.gf2 import classic_algebra
from lightsart._core.quiet import (
    QuietPatterns,
    combine_patterns,
    lightest,
    local_search,
    planned_rounds,
)
from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import PUZZLE_MAX_NULLITY_CELLS
from lightsart._public import public
from lightsart._results import Clicks, ClickSearch, Fit, with_count_bound
from lightsart._rules import Rules, press
from lightsart._rules import press as rules_press
from lightsart._types import Board

__all__ = [
    "EXACT_CLICKS_NULLITY",
    "SPLIT_CLICKS_NULLITY",
    "closest_board",
    "fewest_clicks",
    "transition",
]

#: Largest nullity for which fewest clicks is proven by a full Walsh–Hadamard transform.
EXACT_CLICKS_NULLITY = 24
#: Largest nullity for which fewest clicks runs the split branch and bound of ``fewest`` (one
#: leaf per symmetry orbit, compiled leaves) whatever the budget: with less time than the proof
#: needs, its best leaf so far, unproven. Above it the split search runs when the budget buys
#: the whole proof (up to ``fewest.MAX_FEWEST_NULLITY``), else the local search. Measured proofs
#: on the all-lit boards: nullity 32 in under a second, nullity 40 (61 x 61) in 25-42 s and 42
#: (65 x 65) in about 170 s on two shared cores.
SPLIT_CLICKS_NULLITY = 40


def _quiet(shape: tuple[int, ...], rules: Rules | None) -> QuietPatterns:
    """The quiet patterns (kernel of the press operator) under ``rules``, dense when small."""
    if classic(rules):
        alg = classic_algebra(int(shape[0]), int(shape[1]))
        return QuietPatterns((alg.m, alg.n), alg.nullity, alg.quiet_block)
    return QuietPatterns.dense(rules_algebra(_checked(rules, shape)).kernel())


def classic(rules: Rules | None) -> bool:
    """The classic game (plus on the plane), where the light-chasing algebra of ``gf2`` runs."""
    return rules is None or rules.is_classic


def _checked(rules: Rules | None, shape: tuple[int, ...]) -> Rules:
    if rules is None:  # pragma: no cover - callers test classic() first
        raise AssertionError("no rules")
    if rules.shape != tuple(shape):
        raise InvalidValue(f"the rules are for a {rules.width}x{rules.height} board, "
                             f"not {shape[1]}x{shape[0]}")
    return rules


def _press(x: Board, rules: Rules | None) -> Board:
    return press(x) if classic(rules) else rules_press(x, rules)  # type: ignore[arg-type]


def _levels(rules: Rules | None) -> Rules | None:
    """``rules`` if they have more than two states, where the mathematics differs from GF(2):
    ``Z/k`` is a ring (for composite ``k`` the kernel is a module, not a vector space: no
    Walsh–Hadamard over ``2**d`` members, no packed bit columns), a wrong cell has ``k - 1`` wrong
    levels, and presses count ``0 .. k-1``, so the search is :mod:`lightsart._core.presses` and
    :mod:`lightsart._core.closest` instead of the GF(2) decoder. ``None`` for two states."""
    return rules if rules is not None and not rules.is_binary else None  # Z/k: see above


@public
def fewest_clicks(clicks: Board, *, seed: int = 0, seconds: float = 2.0,
                  rules: Rules | None = None) -> Clicks:
    """The smallest click set producing the same board as ``clicks`` (under ``rules``).

    Proven minimal when the nullity is at most :data:`EXACT_CLICKS_NULLITY` (one transform);
    beyond that a branch and bound over a split coset, one leaf per orbit of the grid symmetries
    that keep it (:func:`lightsart._core.fewest.coset_minimum`), proven when it finishes within
    ``seconds``. It runs up to :data:`SPLIT_CLICKS_NULLITY` whatever the budget (its best leaf
    so far otherwise), and above that whenever ``seconds`` buys every leaf at the nominal speed
    (up to :data:`~lightsart._core.fewest.MAX_FEWEST_NULLITY`, where the longest budget ends):
    the budget, not the nullity, is the ceiling. Otherwise a local search over blocks of quiet
    patterns (:func:`lightsart._core.quiet.local_search`, its rounds planned from ``seconds``),
    marked unproven. ``cut_short`` says the clock stopped a search before its planned work;
    ``lower_bound`` is what is proven (``count`` when proven; else the bounds of the leaves not
    scored, and at least the changed cells over the cells one click toggles) and ``search`` the
    work done, planned and needed (:class:`~lightsart._results.ClickSearch`: with its nominal
    seconds for a proof, known before the search starts and told to the
    :func:`~lightsart._core.watch.watching` watcher).

    With ``k`` states (``rules.states`` above 2) ``clicks`` holds press counts and the answer is the
    press vector with the fewest presses (a cell pressed ``j`` times counts ``j``) making the same
    change (:func:`lightsart._core.presses.fewest_presses`); ``nullity`` is then the fewest
    generators of the kernel (:func:`lightsart._core.modk.kernel_rank`).

    Parameters
    ----------
    clicks : numpy.ndarray
        One click set (K states: press counts), shape ``(m, n)``.
    seed : int, optional
        Seeds the local search's tie-breaks (the same seed gives the same answer).
    seconds : float, optional
        The time budget: the searches plan their work from it; the clock only caps them.
    rules : lightsart.Rules or None, optional
        The rules of the game (``None``: the classic game).

    Returns
    -------
    Clicks
        The fewest clicks making the same board, their count, and whether that is proven.

    Examples
    --------
    Clicking all 25 cells of the 5x5 board makes the same board as 9 clicks (the board has
    nullity 2, so four click sets make every reachable board), and no fewer do:

    >>> import numpy as np
    >>> from lightsart import fewest_clicks, press
    >>> every = np.ones((5, 5), np.uint8)
    >>> best = fewest_clicks(every)
    >>> best.count, best.proven, best.nullity
    (9, True, 2)
    >>> bool((press(best.clicks) == press(every)).all())
    True
    """
    _arguments(clicks, "clicks", rules, seed, seconds)
    return _fewest(clicks, seed=seed, seconds=seconds, rules=rules)


def _arguments(board: object, field: str, rules: Rules | None, seed: object, seconds: object,
               cost: object = None, *, zero: bool = True) -> None:
    """The checks of a public entry, before any work: ``rules`` a Rules or None, the board a
    2-D array of the rules' states and shape within ``solve``'s limits, the seed and the
    budget as ``--seed`` takes it and in seconds (``zero``: 0 buys only what needs no
    search; a fit's budget is > 0, as ``--time-limit``'s), and ``cost`` (if any) one finite cost
    >= 0 per cell."""
    if rules is not None and not isinstance(rules, Rules):
        raise InvalidType(f"rules must be a Rules or None; got {type(rules).__name__}")
    checks.seed(seed)
    checks.seconds(seconds, "seconds", zero=zero)
    a = checks.board(board, field, states=2 if rules is None else rules.states)
    if rules is not None:
        _checked(rules, a.shape)
    if cost is not None:
        c = checks.array(cost, "cost")
        states = 2 if rules is None else rules.states
        if c.shape not in (a.shape, (a.size, states)):  # a cost per cell, or per cell and state
            raise InvalidValue(f"cost has shape {c.shape}; the {field} needs {a.shape} or "
                               f"{(a.size, states)}")
        if not (np.isfinite(c).all() and (c >= 0).all()):
            raise InvalidValue("cost must hold finite numbers >= 0")


def _fewest(clicks: Board, *, seed: int, seconds: float, rules: Rules | None) -> Clicks:
    """:func:`fewest_clicks` on checked arguments (``seconds`` may be 0: the share of a fit's
    budget left for its clicks)."""
    grey = _levels(rules)
    if grey is not None:
        return _fewest_presses(clicks, grey)
    start = time.perf_counter()
    x0 = as_board(clicks, "clicks")
    source = _quiet(x0.shape, rules)
    d = source.nullity
    floor = _press_bound(x0, rules)
    cut, lower, search = False, floor, None
    if d == 0:
        best, proven = x0.copy(), True
        search = ClickSearch("none", 1, 1, 1, 1)
    elif d <= EXACT_CLICKS_NULLITY:
        best, proven = lightest(x0, source), True
        search = ClickSearch("transform", 1, 1, 1, 1 << d)
    else:
        best, proven, cut, lower, search = _search(x0, source, rules, seed, seconds, floor)
    if not np.array_equal(_press(best, rules), _press(x0, rules)):  # pragma: no cover - a bug
        raise AssertionError("minimised click set does not produce the same board")
    count = int(best.sum())
    return Clicks(best, count, proven, d, time.perf_counter() - start, cut,
                  count if proven else min(count, lower), search)


def _press_bound(x0: Board, rules: Rules | None) -> int:
    """Clicks needed at least: every click toggles at most its pattern's cells."""
    reach = 5 if classic(rules) else max(1, len(rules.pattern.offsets))  # type: ignore[union-attr]
    return -(-int(_press(x0, rules).sum()) // reach)


def _search(x0: Board, source: QuietPatterns, rules: Rules | None, seed: int, seconds: float,
            floor: int) -> tuple[Board, bool, bool, int, ClickSearch]:
    """Fewest clicks beyond one transform: the split search where it runs (see
    :func:`fewest_clicks`), else the local search. Returns the clicks, proven, cut short, the
    lower bound and the work."""
    from lightsart._core.fewest import MAX_FEWEST_NULLITY, coset_minimum, plan_search, rough_plan, split_coset
    from lightsart._core.watch import watcher

    d, watch = source.nullity, watcher()
    dense = d * x0.size <= PUZZLE_MAX_NULLITY_CELLS
    # With every symmetry of a square board a proof needs at least this plan's time.
    plan = rough_plan(d, seconds)
    if dense and (d <= SPLIT_CLICKS_NULLITY or (d <= MAX_FEWEST_NULLITY and plan.finishes)):
        patterns = source.all()
        split = split_coset(x0, patterns)
        plan = plan_search(split, seconds)
        if d <= SPLIT_CLICKS_NULLITY or plan.finishes:
            found = coset_minimum(x0, patterns, seconds=seconds, split=split, watcher=watch,
                                  floor=floor)
            work = ClickSearch("split", found.leaves, plan.planned, plan.leaves, plan.members,
                               plan.seconds_needed)
            return (x0 ^ combine_patterns(patterns, found.choice), found.proven, found.cut_short,
                    found.lower_bound, work)
    if watch is not None:
        watch.start(plan, floor, local_rounds=planned_rounds(x0.size, d, seconds))
    searched = local_search(x0, source, seed, seconds,
                            None if watch is None else watch.advance)
    if watch is not None:
        watch.finish()
    assert searched.search is not None
    work = dataclasses.replace(searched.search, seconds_needed=plan.seconds_needed)
    return searched.clicks, False, searched.cut_short, floor, work


def _decoding_seconds(seconds: float, nullity: int, chased_words: int = 0) -> float:
    """The decoder's share of a fit's budget: what is left after the nominal time of chasing
    the check columns, all of it when the clicks are exact (their transform is not budgeted),
    else :data:`DECODE_SHARE` of it (a fixed split computed from sizes only, so each part plans
    the same work on every machine)."""
    left = max(0.0, seconds - chased_words / CHASE_WORDS_PER_SECOND)
    if nullity <= EXACT_CLICKS_NULLITY:
        return left
    return left * (SPLIT_DECODE_SHARE if nullity <= SPLIT_CLICKS_NULLITY else DECODE_SHARE)


@public
def closest_board(
    target: Board,
    cost: NDArray[np.float64] | None = None,
    *,
    seed: int = 0,
    seconds: float = 2.0,
    rules: Rules | None = None,
) -> Fit:
    """The reachable board (from all-lit) closest to ``target``, with fewest clicks.

    ``cost`` (same shape, non-negative) weighs each wrong pixel; the default counts them. Exact
    and proven for nullity up to 20; beyond that the best found within ``seconds`` (decoding and
    clicks together), never worse than Bosch's light chasing (every error pushed into the last
    row along the longer side), with a proven lower bound. ``rules`` (default: the classic
    game) may be any :class:`~lightsart.Rules` of the target's shape; outside the classic
    game the algebra is :mod:`lightsart._core.general` and there is no chase baseline.

    With ``k`` states (``rules.states`` above 2) ``target`` holds levels ``0 .. k-1``, the start is the
    all-brightest board, ``clicks`` are press counts and ``wrong_pixels`` counts wrong cells
    (:func:`lightsart._core.closest.decode_levels`: proven within
    :data:`~lightsart._limits.MODK_DECODE_MAX`, else the best found with a lower bound). ``cost``
    is then either per cell (the board's shape: every wrong level of a cell costs the same) or
    per cell and level (shape ``(cells, k)``, zero at error 0, as
    :func:`lightsart._pictures.costs.level_costs` gives).

    Parameters
    ----------
    target : numpy.ndarray
        The picture as a board, 0/1 of shape ``(m, n)`` (K states: levels ``0 .. K-1``), for
        example :attr:`lightsart.Target.bits`.
    cost : numpy.ndarray or None, optional
        The cost of each wrong pixel (``None``: every pixel counts 1).
    seed : int, optional
        Seeds the searches' tie-breaks (the same seed gives the same answer).
    seconds : float, optional
        The time budget for decoding and clicks together.
    rules : lightsart.Rules or None, optional
        The rules of the game (``None``: the classic game).

    Returns
    -------
    Fit
        The closest reachable board, its clicks, its wrong pixels and what is proven about both.

    Examples
    --------
    The 5x5 board has nullity 2, so not every board is reachable from all-lit: one unlit corner
    is not, and the closest reachable board gets that pixel wrong.

    >>> from lightsart import closest_board, parse_board, press
    >>> fit = closest_board(parse_board("01111/11111/11111/11111/11111"))
    >>> fit.wrong_pixels, fit.nullity
    (1, 2)
    >>> frame = parse_board("11111/10001/10101/10001/11111")
    >>> fit = closest_board(frame)
    >>> fit.wrong_pixels, fit.clicks_count
    (0, 14)
    >>> bool((press(fit.clicks) ^ 1 == frame).all())  # the clicks turn all-lit into the frame
    True

    With three states:

    >>> import numpy as np
    >>> from lightsart import Rules
    >>> fit = closest_board(np.array([[0, 1], [1, 1]]), rules=Rules(2, 2, states=3))
    >>> fit.wrong_pixels, fit.wrong_pixels_proven_minimal, fit.board.tolist(), fit.clicks.tolist()
    (1, True, [[2, 1], [1, 1]], [[0, 0], [0, 2]])
    """
    _arguments(target, "target", rules, seed, seconds, cost, zero=False)
    began = time.perf_counter()
    grey = _levels(rules)
    if grey is not None:
        from lightsart._core.modk import modk_algebra

        found = decode_levels(target, cost, modk_algebra(grey), seed=seed, seconds=seconds)
    else:
        found = decode_bits(target, cost, rules, seed=seed, seconds=seconds,
                            share=_decoding_seconds)
    # The clicks get the rest of the fit's budget; they plan their work from the fixed share.
    best = _fewest(found.presses, seed=seed, seconds=max(0.0, seconds - found.share),
                         rules=rules)
    if not np.array_equal(reached(found.start, best.clicks, rules_for(rules, found.board.shape)),
                          found.board):  # pragma: no cover - a bug
        raise AssertionError("the clicks do not make the fitted board from the start")
    wrong = (found.board != found.target).astype(np.uint8)
    fit = Fit(
        target=found.target, board=found.board, clicks=best.clicks, wrong=wrong,
        wrong_pixels=int(wrong.sum()), wrong_cost=found.wrong_cost,
        wrong_pixels_proven_minimal=found.proven, wrong_pixels_lower_bound=found.lower_bound,
        clicks_count=best.count, clicks_proven_minimal=best.proven, nullity=found.nullity,
        seconds=time.perf_counter() - began, method=found.method, weighted=found.weighted,
        rules=None if classic(rules) else rules, cut_short=best.cut_short or found.cut_short,
        kernel_size=found.kernel_size,
        clicks_lower_bound=best.lower_bound, clicks_search=best.search,
    )
    # The least cost bounds the count through the dearest pixel (weighted fits only).
    return fit if found.dearest is None else with_count_bound(fit, found.dearest)


@public
def transition(start: Fit | Board, end: Fit | Board, *, seed: int = 0,
               rules: Rules | None = None, seconds: float = 2.0) -> Clicks:
    """Fewest clicks turning reachable board ``start`` into reachable board ``end``.

    Given two fits, the XOR of their click sets is one answer; it is minimised over the quiet
    patterns within ``seconds``. Given plain boards, the change ``start ^ end`` is solved first.
    The rules are the fits' own (or ``rules``; default the classic game). With ``k``
    states (above 2) the answer holds press counts: the difference of the presses (or the solved change
    ``end - start`` mod ``k``), made fewest over the kernel.

    Parameters
    ----------
    start, end : Fit or numpy.ndarray
        Two fits of one board size and rules, or two boards that are reachable from each other.
    seed : int, optional
        Seeds the searches' tie-breaks.
    rules : lightsart.Rules or None, optional
        The rules for plain boards (fits carry their own; ``None``: the classic game).
    seconds : float, optional
        The time budget.

    Returns
    -------
    Clicks
        The fewest clicks from ``start`` to ``end`` (in any order), and whether that is proven.

    Examples
    --------
    >>> from lightsart import closest_board, parse_board, press, transition
    >>> ring = closest_board(parse_board("00000/01110/01010/01110/00000"))
    >>> cross = closest_board(parse_board("00100/00100/11111/00100/00100"))
    >>> step = transition(ring, cross)
    >>> step.count, step.proven
    (9, True)
    >>> bool((ring.board ^ press(step.clicks) == cross.board).all())
    True
    """
    for picture, field in ((start, "start"), (end, "end")):
        if not isinstance(picture, Fit):
            _arguments(picture, field, rules, seed, seconds)
    if isinstance(start, Fit) or isinstance(end, Fit):
        _arguments(np.zeros((1, 1), np.uint8), "start", None, seed, seconds)
    grey = _levels(start.rules if isinstance(start, Fit) else rules)
    if grey is not None:
        return _transition_levels(start, end, grey)
    if isinstance(start, Fit) and isinstance(end, Fit):
        if start.board.shape != end.board.shape:
            raise InvalidValue("pictures must be fitted to the same board size")
        if start.rules != end.rules:
            raise InvalidValue("pictures must be fitted under the same rules")
        return fewest_clicks(start.clicks ^ end.clicks, seed=seed, seconds=seconds,
                             rules=start.rules)
    a = start.board if isinstance(start, Fit) else as_board(start, "start")
    b = end.board if isinstance(end, Fit) else as_board(end, "end")
    if a.shape != b.shape:
        raise InvalidValue("boards must have the same size")
    x = one_algebra(rules_for(None if classic(rules) else _checked(rules, a.shape), a.shape)).solve(a ^ b)
    if x is None:
        raise InvalidValue("the two boards are not reachable from each other")
    return fewest_clicks(x, seed=seed, seconds=seconds, rules=rules)


# ---------------------------------------------------------------------------- k states


def _fewest_presses(presses: object, rules: Rules) -> Clicks:
    """:func:`fewest_clicks` with ``k`` states (above 2): the fewest presses in ``presses + kernel``."""
    from lightsart._core.modk import modk_algebra
    from lightsart._core.presses import fewest_presses

    began = time.perf_counter()
    alg = modk_algebra(rules)
    found = fewest_presses(alg, presses)
    # The bound a proof gives only (what fewest_clicks has always said for k states).
    return dataclasses.replace(found, seconds=time.perf_counter() - began,
                               lower_bound=found.count if found.proven else 0)


def _transition_levels(start: Fit | Board, end: Fit | Board, rules: Rules) -> Clicks:
    """:func:`transition` with ``k`` states (above 2): ``B = A + A (x_B - x_A)`` mod ``k``, so the
    difference of the presses (or the solved change ``B - A``) is one answer, made fewest over
    the kernel; it is applied to ``A`` and must give ``B`` before it is returned. ``rules`` are
    the first fit's (or, for boards, the caller's)."""
    k = rules.states
    a, b = (np.asarray(f.board if isinstance(f, Fit) else f) for f in (start, end))
    if isinstance(start, Fit) and isinstance(end, Fit):
        if end.rules != rules:
            raise InvalidValue("pictures must be fitted under the same rules")
        change = (end.clicks.astype(np.int64) - start.clicks.astype(np.int64)) % k
    else:
        change = _solved_change(a, b, rules)
    best = _fewest_presses(change, rules)
    if not np.array_equal(reached(a, best.clicks, rules), b):  # pragma: no cover - a bug
        raise AssertionError("the transition's presses do not turn one picture into the other")
    return best


def _solved_change(a: NDArray[np.generic], b: NDArray[np.generic], rules: Rules
                   ) -> NDArray[np.int64]:
    """One press vector turning board ``a`` into board ``b`` (levels) under ``rules``."""
    if a.shape != rules.shape or b.shape != rules.shape:
        raise InvalidValue(f"boards must have the shape of the rules, {rules.shape}")
    solved = one_algebra(rules).solve((b.astype(np.int64) - a.astype(np.int64)) % rules.states)
    if solved is None:
        raise InvalidValue("the two boards are not reachable from each other")
    return solved.astype(np.int64)
