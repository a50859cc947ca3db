"""The pages with ``k > 2`` states per cell (issue 13): boards of levels, presses, picture goals.

With ``k`` states a press adds 1 (mod ``k``) to every cell of its pattern; level ``k-1`` is the
brightest. A board of levels travels to a page as rows of one hexadecimal digit per cell
(``k <= 16``: ``0`` to ``f``); two-state boards keep their rows of 0/1. An artwork's presses are
single presses in playing order (a cell pressed ``j`` times is listed ``j`` times), so the page
data is the same list of cells as for clicks, with ``states`` beside it; the page adds 1 for each
press and takes it back (subtracts 1) when it plays backwards.

A picture goal with ``k`` levels is the board closest to the picture (quantised to ``k`` levels)
that is reachable from the page's origin: all-brightest when the picture is the goal (Bosch's
start, as ``still --states K``), all-dark (0) when the game is to clear it. That is the exact
engine's fit (:func:`closest_levels`; over ``Z/k``, syndrome decoding over the cokernel of ``A``),
moved to the origin: the boards reachable from all-``o`` are those reachable from all-brightest
shifted by ``o - (k-1)``, so fitting the target shifted the other way and shifting back is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from lightsart.errors import LightsartError
from lightsart.results import Fit

if TYPE_CHECKING:
    from lightsart.core.modk import ModkAlgebra
    from lightsart.rules import Rules
    from lightsart.types import Board

__all__ = ["after_presses", "as_levels", "closest_levels", "is_reachable", "kernel", "level_rows"]

_DIGITS = "0123456789abcdef"


def as_levels(board: ArrayLike, states: int, what: str) -> Board:
    """``board`` as a 2-D ``uint8`` array of levels ``0 .. states-1``, or one line saying why not."""
    a = np.asarray(board)
    if a.ndim != 2 or a.size == 0:
        raise LightsartError(f"{what} must be a non-empty 2-D array, got shape {a.shape}")
    if not np.issubdtype(a.dtype, np.integer) or int(a.min()) < 0 or int(a.max()) >= states:
        raise LightsartError(f"{what} must hold only levels 0 to {states - 1}")
    return a.astype(np.uint8)


def level_rows(board: Board) -> list[str]:
    """One string per row, one hexadecimal digit per cell (``[[0, 10], [15, 3]] -> ["0a", "f3"]``)."""
    return ["".join(_DIGITS[v] for v in row) for row in np.asarray(board).tolist()]


def _algebra(rules: Rules) -> ModkAlgebra:
    from lightsart.core.modk import algebra_mod

    return algebra_mod(rules)


def after_presses(start: Board, cells: Sequence[int] | np.ndarray, rules: Rules) -> Board:
    """``start`` after one press of each listed cell (``i * n + j``; repeats press again), mod k."""
    from lightsart.core.modk import press_mod

    k = rules.states
    counts = np.bincount(np.asarray(cells, dtype=np.int64), minlength=rules.cells) % k
    made = start.astype(np.int64) + press_mod(counts.reshape(rules.shape), rules, k)
    return (made % k).astype(np.uint8)


def is_reachable(change: Board, rules: Rules) -> bool:
    """Whether presses add exactly ``change`` (levels mod k) under ``rules``."""
    return _algebra(rules).is_reachable(change)


def kernel(rules: Rules) -> tuple[int, int]:
    """``(nullity, kernel size)`` of ``A`` mod k: the fewest generators of the press vectors that
    change nothing (:func:`lightsart.engines.levels.kernel_rank`), and how many there are."""
    from lightsart.engines.levels import kernel_rank

    alg = _algebra(rules)
    return kernel_rank(alg), alg.kernel_size


def closest_levels(target: Board, rules: Rules, origin_level: int, *, seconds: float = 1.0) -> Fit:
    """The board closest to ``target`` (levels; ``0``/``1`` for two states) reachable from the
    board of ``origin_level`` everywhere, with the clicks (presses, fewest in their coset) that
    make it from there: the exact engine's fit of the target shifted by ``k - 1 - origin_level``
    (mod ``k``), shifted back. Wrong cells are the same either way, since a shift is one to one."""
    from lightsart.engines import DEFAULT_ENGINE, Budget, engine

    k = rules.states
    t = np.asarray(target)
    shift = k - 1 - origin_level
    moved = ((t.astype(np.int64) + shift) % k).astype(np.uint8) if shift else t
    fit = engine(DEFAULT_ENGINE).fit(moved, None, Budget(seconds), rules)
    if not shift:
        return fit
    board = ((fit.board.astype(np.int64) - shift) % k).astype(np.uint8)
    return replace(fit, target=t.astype(np.uint8), board=board)
