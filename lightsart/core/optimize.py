"""Fewest clicks and fewest wrong pixels, exact where provable, with certificates.

* :func:`fewest_clicks`: all click sets producing one board are ``x0 ^ span(quiet patterns)``.
  Group cells by their quiet-pattern column ``v`` and their bit in ``x0``; the weight of
  ``x0 ^ sum_k l_k N_k`` is ``|x0| + (F_total - F(l)) / 2`` with ``F`` the Walsh–Hadamard
  transform of ``f(v) = sum over cells with column v of (1 - 2 x0)``. One transform of ``2**d``
  entries scores every member of the coset at once.
* :func:`closest_board`: the reachable board nearest to a target (see :mod:`lightsart.core.decode`).
* :func:`transition`: the fewest clicks turning one reachable board into another.

Every click set is re-applied with the press operator before it is returned.
"""

from __future__ import annotations

import time

import numpy as np
from numpy.typing import NDArray

from lightsart.core.board import as_board, press
from lightsart.core.decode import decode, walsh_hadamard
from lightsart.core.general import RulesAlgebra
from lightsart.core.general import algebra as rules_algebra
from lightsart.core.gf2 import BoardAlgebra, algebra, chase
from lightsart.errors import LightsartError
from lightsart.results import Clicks, Fit
from lightsart.rules import Rules
from lightsart.rules import press as rules_press
from lightsart.types import Board

__all__ = [
    "EXACT_CLICKS_NULLITY",
    "SPLIT_CLICKS_NULLITY",
    "Clicks",
    "Fit",
    "closest_board",
    "combine_patterns",
    "coset_weights",
    "fewest_clicks",
    "transition",
]

#: Largest nullity for which fewest clicks is proven by a full Walsh–Hadamard transform.
EXACT_CLICKS_NULLITY = 24
#: Largest nullity for which fewest clicks runs the split branch and bound of ``fewest`` (one
#: leaf per symmetry orbit). Measured proofs on the all-lit boards: nullity 32 in 3-6 s, so up
#: to ~36 within 60 s on a symmetric board; nullity 40 (61 x 61) took 16 minutes, so there the
#: answer is proven only with a larger ``seconds``, else the best leaf so far, unproven.
SPLIT_CLICKS_NULLITY = 40
#: Seconds the clicks of a fit always get, even when the decoding used the whole budget.
_CLICKS_SLIVER = 0.05
#: Quiet patterns searched exactly at once in each round of the large-nullity local search.
_BLOCK = 16


def coset_weights(x0: Board, patterns: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Clicks in ``x0 ^ sum_k l_k patterns[k]`` for every ``l`` in ``range(2**k)``, at once.

    Cells with signature ``v`` contribute ``x_p`` when ``l·v = 0`` and ``1 - x_p`` otherwise, so
    the weight is ``|x0| + (sum f - F(l)) / 2`` with ``f(v) = sum (1 - 2 x_p)`` and ``F`` its
    Walsh–Hadamard transform.
    """
    k = patterns.shape[0]
    flat = x0.ravel().astype(np.int64)
    bits = patterns.reshape(k, -1).astype(np.int64)
    signature = (bits << np.arange(k, dtype=np.int64)[:, None]).sum(axis=0)
    f = np.bincount(signature, weights=1 - 2 * flat, minlength=1 << k).astype(np.int64)
    return int(flat.sum()) + (int(f.sum()) - walsh_hadamard(f)) // 2


def combine_patterns(patterns: NDArray[np.uint8], choice: int) -> Board:
    """``sum_k l_k patterns[k]`` over GF(2) for the bits ``l_k`` of ``choice``."""
    out = np.zeros(patterns.shape[1:], dtype=np.uint8)
    for k in range(patterns.shape[0]):
        if (choice >> k) & 1:
            out ^= patterns[k]
    return out


def _local_search(x: Board, patterns: NDArray[np.uint8], seed: int, seconds: float) -> Board:
    """Exact search over random blocks of quiet patterns until none improves or time is up."""
    rng = np.random.default_rng(seed)
    d = patterns.shape[0]
    deadline = time.perf_counter() + seconds
    stale = 0
    while stale < max(4, 2 * d // _BLOCK) and time.perf_counter() < deadline:
        block = rng.choice(d, size=min(_BLOCK, d), replace=False)
        weights = coset_weights(x, patterns[block])
        best = int(np.argmin(weights))
        if weights[best] < weights[0]:
            x = x ^ combine_patterns(patterns[block], best)
            stale = 0
        else:
            stale += 1
    return x


def _quiet(shape: tuple[int, ...], rules: Rules | None) -> tuple[NDArray[np.uint8], int]:
    """The quiet patterns (kernel of the press operator) and their number, under ``rules``."""
    if classic(rules):
        alg = algebra(int(shape[0]), int(shape[1]))
        return alg.quiet_patterns, alg.nullity
    general = rules_algebra(_checked(rules, shape))
    return general.kernel(), general.nullity


def classic(rules: Rules | None) -> bool:
    """The classic game (plus on the plane), where the light-chasing algebra of ``gf2`` runs."""
    return rules is None or rules.is_classic


def _checked(rules: Rules | None, shape: tuple[int, ...]) -> Rules:
    if rules is None:  # pragma: no cover - callers test classic() first
        raise AssertionError("no rules")
    if rules.shape != tuple(shape):
        raise LightsartError(f"the rules are for a {rules.width}x{rules.height} board, "
                             f"not {shape[1]}x{shape[0]}")
    return rules


def _press(x: Board, rules: Rules | None) -> Board:
    return press(x) if classic(rules) else rules_press(x, rules)  # type: ignore[arg-type]


def fewest_clicks(clicks: Board, *, seed: int = 0, seconds: float = 2.0,
                  rules: Rules | None = None) -> Clicks:
    """The smallest click set producing the same board as ``clicks`` (under ``rules``).

    Proven minimal when the nullity is at most :data:`EXACT_CLICKS_NULLITY`; up to
    :data:`SPLIT_CLICKS_NULLITY` a branch and bound over a split coset, one leaf per orbit of the
    grid symmetries that keep it (:func:`lightsart.core.fewest.coset_minimum`), proven when it
    finishes within ``seconds``; beyond that a local search over blocks of quiet patterns,
    marked unproven.
    """
    start = time.perf_counter()
    x0 = as_board(clicks, "clicks")
    patterns, d = _quiet(x0.shape, rules)
    if d == 0:
        best, proven = x0.copy(), True
    elif d <= EXACT_CLICKS_NULLITY:
        weights = coset_weights(x0, patterns)
        best, proven = x0 ^ combine_patterns(patterns, int(np.argmin(weights))), True
    elif d <= SPLIT_CLICKS_NULLITY:
        from lightsart.core.fewest import coset_minimum

        found = coset_minimum(x0, patterns, seconds=seconds)
        best, proven = x0 ^ combine_patterns(patterns, found.choice), found.proven
    else:
        best, proven = _local_search(x0, patterns, seed, seconds), False
    if not np.array_equal(_press(best, rules), _press(x0, rules)):  # pragma: no cover - a bug
        raise AssertionError("minimised click set does not produce the same board")
    return Clicks(best, int(best.sum()), proven, d, time.perf_counter() - start)


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
    and proven for nullity up to 20; beyond that the best found within ``seconds``, never worse
    than Bosch's bottom-row light chasing, with a proven lower bound. ``rules`` (default: the
    classic game) may be any :class:`~lightsart.rules.Rules` of the target's shape; outside the
    classic game the algebra is :mod:`lightsart.core.general` and there is no chase baseline.
    """
    start = time.perf_counter()
    t = as_board(target, "target")
    m, n = t.shape
    weights = None
    if cost is not None:
        weights = np.asarray(cost, dtype=np.float64)
        if weights.shape != t.shape:
            raise LightsartError(f"cost has shape {weights.shape}, target has {t.shape}")
        if not np.isfinite(weights).all() or (weights < 0).any():
            raise LightsartError("pixel costs must be finite and non-negative")
    change = t ^ np.uint8(1)
    alg: BoardAlgebra | RulesAlgebra
    if classic(rules):
        alg = algebra(m, n)
        _, leftover = chase(change)
        baseline: NDArray[np.intp] | None = np.flatnonzero(leftover.ravel())
    else:
        alg, baseline = rules_algebra(_checked(rules, t.shape)), None
    decoding = decode(
        alg.columns(), alg.syndrome(change), None if weights is None else weights.ravel(),
        baseline=baseline, seed=seed, seconds=seconds,
    )
    wrong = np.zeros(m * n, dtype=np.uint8)
    wrong[decoding.errors] = 1
    wrong = wrong.reshape(m, n)
    board = t ^ wrong
    x0 = alg.solve(board ^ np.uint8(1))
    if x0 is None:  # pragma: no cover - decoding must land on a reachable board
        raise AssertionError("decoded board is not reachable")
    # One budget for the whole fit: the clicks get what the decoding left (at least a sliver, in
    # which the exact paths for nullity <= 24 finish anyway).
    left = max(_CLICKS_SLIVER, seconds - (time.perf_counter() - start))
    best = fewest_clicks(x0, seed=seed, seconds=left, rules=rules)
    if not np.array_equal(_press(best.clicks, rules) ^ np.uint8(1), board):  # pragma: no cover
        raise AssertionError("clicks do not reproduce the fitted board")
    return Fit(
        target=t,
        board=board,
        clicks=best.clicks,
        wrong=wrong,
        wrong_pixels=int(wrong.sum()),
        wrong_cost=float(decoding.cost),
        wrong_pixels_proven_minimal=decoding.proven,
        wrong_pixels_lower_bound=float(decoding.lower_bound),
        clicks_count=best.count,
        clicks_proven_minimal=best.proven,
        nullity=alg.nullity,
        seconds=time.perf_counter() - start,
        method=decoding.method,
        weighted=weights is not None and not bool(np.all(weights == 1.0)),
        rules=None if classic(rules) else rules,
    )


def transition(start: Fit | Board, end: Fit | Board, *, seed: int = 0,
               rules: Rules | None = None) -> Clicks:
    """Fewest clicks turning reachable board ``start`` into reachable board ``end``.

    Given two fits, the XOR of their click sets is one answer; it is minimised over the quiet
    patterns. Given plain boards, the change ``start ^ end`` is solved first. The rules are the
    fits' own (or ``rules``; default the classic game).
    """
    if isinstance(start, Fit) and isinstance(end, Fit):
        if start.board.shape != end.board.shape:
            raise LightsartError("pictures must be fitted to the same board size")
        if start.rules != end.rules:
            raise LightsartError("pictures must be fitted under the same rules")
        return fewest_clicks(start.clicks ^ end.clicks, seed=seed, rules=start.rules)
    a = start.board if isinstance(start, Fit) else as_board(start, "start")
    b = end.board if isinstance(end, Fit) else as_board(end, "end")
    if a.shape != b.shape:
        raise LightsartError("boards must have the same size")
    x = (algebra(*a.shape) if classic(rules) else rules_algebra(_checked(rules, a.shape))).solve(a ^ b)
    if x is None:
        raise LightsartError("the two boards are not reachable from each other")
    return fewest_clicks(x, seed=seed, rules=rules)
