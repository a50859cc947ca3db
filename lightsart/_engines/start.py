"""Fits from any start: the board closest to a target that is reachable from a given board.

Every engine fits from the all-lit board (``k`` states: all-brightest, level ``k - 1``). The
boards reachable from a board ``s`` are those reachable from all-brightest moved by
``s - (k - 1)`` (mod ``k``; for two states, XOR with ``s ^ 1``), since ``b`` is reachable from
``s`` iff ``b - s`` is in the image of ``A``. So the board closest to ``target`` reachable from
``s`` is an engine's fit of ``target`` moved by ``(k - 1) - s``, moved back; a move is one to one
per cell, so the wrong cells (and their number) are the same, and the fit's clicks make the
moved-back board from ``s``. The pages (a picture to clear from all-dark) and the puzzle tools
(the fewest cells to change before a board can be solved) fit through here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from lightsart._engines import DEFAULT_ENGINE, Budget, engine
from lightsart._errors import InvalidValue

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

    from lightsart._results import Fit
    from lightsart._rules import Rules

__all__ = ["fit_from"]


def fit_from(start: ArrayLike, target: ArrayLike, rules: Rules, *, name: str = DEFAULT_ENGINE,
             budget: Budget | None = None) -> Fit:
    """The board closest to ``target`` reachable from the board ``start`` under ``rules``.

    Parameters
    ----------
    start, target
        Boards of ``rules.shape`` holding levels ``0 .. rules.states - 1`` (0/1 for two states);
        ``start`` may be one level for every cell.
    rules
        The game (pattern, topology, states).
    name, budget
        The engine (:data:`~lightsart._engines.ENGINES`) and its budget.

    Returns
    -------
    Fit
        The engine's fit with ``target`` and ``board`` as asked; its ``clicks`` make ``board``
        from ``start``.

    Examples
    --------
    >>> from lightsart._rules import Rules
    >>> fit = fit_from(0, [[1, 1, 0], [1, 0, 0], [0, 0, 0]], Rules(3, 3))
    >>> fit.wrong_pixels, fit.clicks.tolist()
    (0, [[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    """
    k = rules.states
    t, s = _levels(target, rules, "target"), _levels(start, rules, "start")
    shift = (k - 1 - s) % k
    moved = ((t + shift) % k).astype(np.uint8)
    fit = engine(name).fit(moved, None, budget, rules)
    if not shift.any():
        return fit
    board = ((fit.board.astype(np.int64) - shift) % k).astype(np.uint8)
    return replace(fit, target=t.astype(np.uint8), board=board)


def _levels(board: ArrayLike, rules: Rules, what: str) -> NDArray[np.int64]:
    """``board`` (or one level) as levels of ``rules.shape``, or one line saying why not."""
    a = np.asarray(board)
    if a.ndim == 0:
        a = np.full(rules.shape, a)
    k = rules.states
    if a.shape != rules.shape:
        raise InvalidValue(f"{what} has shape {a.shape}, expected {rules.shape}")
    whole = np.issubdtype(a.dtype, np.integer) or a.dtype == np.bool_
    if not whole or (a.size and (int(a.min()) < 0 or int(a.max()) >= k)):
        raise InvalidValue(f"{what} must hold only levels 0 to {k - 1}")
    return a.astype(np.int64)
