"""Grey-level fits: the board of ``k`` states per cell closest to a picture quantised to ``k`` levels.

With ``k`` states a click adds 1 (mod ``k``) to every cell of its pattern; state ``k-1`` is the
brightest and every picture starts from the all-brightest board (as Bosch's start from all-lit).
The board reached by presses ``x`` (cell ``c`` pressed ``x[c]`` times, ``0 .. k-1``) is
``(k-1) + A x`` mod ``k``. The closest reachable board to a target of levels is syndrome decoding
over the cokernel of ``A`` (:mod:`lightsart.core.modk_search`): fewest wrong cells, proven where
the exact search fits :data:`~lightsart.limits.MODK_DECODE_MAX`, else the best found with a
lower bound. The presses are the fewest (a cell pressed ``j`` times counts ``j``) in their coset.

The answer comes back as a :class:`~lightsart.results.Fit` whose ``rules.states`` is ``k``:
``board`` and ``target`` hold levels, ``clicks`` holds press counts, and ``nullity`` is the
fewest generators of the kernel (the largest number of cyclic factors for one prime; for prime
``k`` the dimension over GF(k), for ``k = 2`` the nullity). Every fit is checked by pressing.

**Transitions** (:func:`connect_levels`). Fits ``A`` and ``B`` are made from the all-brightest
board by presses ``x_A`` and ``x_B``, so ``B = A + A (x_B - x_A)`` mod ``k``: the transition is
the press vector ``(x_B - x_A) mod k``, replaced by the one with the fewest presses in its coset
``+ kernel`` (:meth:`~lightsart.core.modk.ModkAlgebra.fewest_presses`; proven where the kernel is
small enough to enumerate, else the best a descent found).
"""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lightsart.errors import LightsartError
from lightsart.results import Clicks, Fit, with_count_bound

if TYPE_CHECKING:
    from lightsart.core.modk import ModkAlgebra
    from lightsart.rules import Rules
    from lightsart.types import Board

__all__ = ["board_from_presses", "connect_levels", "fit_levels", "kernel_rank"]


def kernel_rank(alg: ModkAlgebra) -> int:
    """The fewest generators of the kernel of ``A`` over ``Z/k``: for each prime ``p`` of ``k``
    the number of cyclic ``p``-factors, the largest over the primes (0: every board reachable)."""
    _, orders = alg.kernel_generators()
    per_prime = Counter(next(p for p in range(2, o + 1) if o % p == 0) for o in orders)
    return max(per_prime.values(), default=0)


def board_from_presses(presses: object, rules: Rules) -> Board:
    """The board reached from the all-brightest board by ``presses``: ``(k-1) + A x`` mod ``k``."""
    from lightsart.core.modk import press_mod

    k = rules.states
    return ((k - 1 + press_mod(presses, rules, k).astype(np.int64)) % k).astype(np.uint8)


def fit_levels(target: Board, rules: Rules, *, seconds: float = 1.0, seed: int = 0,
               costs: NDArray[np.float64] | None = None) -> Fit:
    """The reachable board of ``rules.states`` levels with the fewest cells unlike ``target``.

    ``target`` holds levels ``0 .. k-1`` (shape ``rules.shape``). ``costs`` (shape ``(cells, k)``,
    :func:`lightsart.pictures.costs.level_costs`) prices each wrong level per cell: then the
    least total cost is sought and the fit is ``weighted``. Beyond the exact search the
    decoder's rounds are planned from ``seconds`` and seeded by ``seed``. The presses are
    re-applied and must reproduce the board from the all-brightest board before the fit is
    returned.
    """
    from lightsart.core.modk import algebra_mod

    began = time.perf_counter()
    k = rules.states
    t = np.asarray(target)
    if t.shape != rules.shape:
        raise LightsartError(f"target has shape {t.shape}, expected {rules.shape}")
    alg = algebra_mod(rules)
    found = alg.closest_board(t, metric="wrong", seconds=seconds, seed=seed, costs=costs)
    if not np.array_equal(board_from_presses(found.presses, rules), found.board):  # pragma: no cover
        raise AssertionError("the presses do not reproduce the board from the all-brightest board")
    fit = Fit(
        target=found.target, board=found.board, clicks=found.presses,
        wrong=found.wrong.astype(np.uint8), wrong_pixels=found.wrong_cells,
        wrong_cost=float(found.wrong_cells if found.cost is None else found.cost),
        weighted=found.cost is not None, wrong_pixels_proven_minimal=found.proven,
        wrong_pixels_lower_bound=float(found.lower_bound), clicks_count=found.presses_count,
        clicks_proven_minimal=found.presses_proven, nullity=kernel_rank(alg),
        seconds=time.perf_counter() - began, method=f"Z/{k} {alg.method}", rules=rules,
        kernel_size=alg.kernel_size, cut_short=found.cut_short,
    )
    # The least cost bounds the count through the dearest wrong level (weighted fits only).
    return fit if costs is None else with_count_bound(fit, float(np.max(costs, initial=0.0)))


def connect_levels(start: Fit, end: Fit) -> Clicks:
    """The fewest presses turning ``start``'s board into ``end``'s (both fits of the same
    k-state rules): ``Clicks.clicks`` holds press counts ``0 .. k-1``, ``count`` their sum.

    The presses are applied to ``start.board`` and must give ``end.board`` before they are
    returned.
    """
    from lightsart.core.modk import algebra_mod, press_mod

    rules = start.rules
    if rules is None or end.rules != rules or rules.states < 3:
        raise LightsartError("connect_levels needs two fits of the same rules with k > 2 states")
    began = time.perf_counter()
    k = rules.states
    alg = algebra_mod(rules)
    change = (end.clicks.astype(np.int64) - start.clicks.astype(np.int64)) % k
    found = alg.fewest_presses(change)
    made = (start.board.astype(np.int64) + press_mod(found.presses, rules, k)) % k
    if not np.array_equal(made, end.board):  # pragma: no cover
        raise AssertionError("the transition's presses do not turn one picture into the other")
    return Clicks(found.presses, found.count, found.proven, kernel_rank(alg),
                  time.perf_counter() - began)
