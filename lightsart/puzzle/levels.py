"""The puzzle with ``k`` states per cell: solve a board of levels ``0 .. k-1`` over ``Z/k``.

A click adds 1 (mod ``k``) to every cell of its pattern. Goal ``off`` is every cell at level 0,
``on`` every cell at ``k-1``; the change needed is ``goal - board`` (mod ``k``), solvable iff it
is in the image of ``A`` (:mod:`lightsart.core.modk`). A solution is the press vector with the
fewest presses (a cell pressed ``j`` times counts ``j``) among all ``kernel_size`` that solve
it. An unsolvable board gets the fewest cells to change first: the board reachable from it that
is closest to the goal (the exact engine's fit from the board:
:func:`lightsart.engines.start.fit_from`).

Boards are written as rows of digits ``0-9`` then ``a-f`` (levels 10-15), rows separated by
``/`` or new lines; as an integer, cell ``(i, j)`` is the base-``k`` digit ``i*n + j`` (for
``k = 2`` the usual bit order).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from lightsart import limits
from lightsart.errors import LightsartError

if TYPE_CHECKING:
    from lightsart.choices import Goal
    from lightsart.rules import Rules
    from lightsart.types import Board

__all__ = [
    "LevelSolution",
    "from_state_levels",
    "parse_levels",
    "read_levels",
    "solution_text",
    "solve_levels",
    "to_state_levels",
]

_DIGITS = string.digits + "abcdef"
# Largest board-text file read (bytes), as for 2-state boards.
_MAX_FILE = 16 << 20


def parse_levels(text: str, states: int) -> Board:
    """Rows of level digits (``0-9``, ``a-f``), separated by ``/`` or new lines, as a board."""
    rows = [r.strip() for r in text.replace("/", "\n").splitlines() if r.strip()]
    if not rows:
        raise LightsartError("the board has no rows")
    if any(len(r) != len(rows[0]) for r in rows):
        raise LightsartError("board rows must all have the same length")
    allowed = _DIGITS[:states]
    bad = sorted({ch for r in rows for ch in r.lower() if ch not in allowed})
    if bad:
        raise LightsartError(f"with {states} states a cell is one of {allowed!r}; got {''.join(bad)!r}")
    limits.check_board(len(rows[0]), len(rows), most_cells=limits.PUZZLE_MAX_CELLS)
    return np.array([[_DIGITS.index(ch) for ch in r.lower()] for r in rows], dtype=np.uint8)


def to_state_levels(board: Board, states: int) -> int:
    """The board as an integer: cell ``(i, j)`` is the base-``states`` digit ``i*n + j``."""
    value = 0
    for level in reversed(np.asarray(board).reshape(-1).tolist()):
        value = value * states + int(level)
    return value


def from_state_levels(value: int, height: int, width: int, states: int) -> Board:
    """The board of ``height`` × ``width`` cells that :func:`to_state_levels` writes as ``value``."""
    cells = height * width
    if value >= states**cells:
        raise LightsartError(f"state is too large for a {width}x{height} board with {states} states")
    flat = []
    for _ in range(cells):
        value, level = divmod(value, states)
        flat.append(level)
    return np.array(flat, dtype=np.uint8).reshape(height, width)


def read_levels(board: str | None, states: int, *, state: str | None = None,
                size: str | None = None) -> Board:
    """A board of levels from rows text, a text file, or ``state`` (an integer) with ``size``."""
    from lightsart.puzzle.solve import parse_size, parse_state

    if state is not None:
        if board is not None:
            raise LightsartError("give a board or --state, not both")
        if size is None:
            raise LightsartError("--state needs --size WxH")
        shape = parse_size(size)
        return from_state_levels(parse_state(state), shape.height, shape.width, states)
    if board is None:
        raise LightsartError("give a board (rows of levels like 0123/3210) or --state with --size")
    if size is not None:
        raise LightsartError("--size goes with --state; a board's rows give its size")
    path = Path(board)
    if path.is_file():
        if path.stat().st_size > _MAX_FILE:
            raise LightsartError(f"{path} is larger than {_MAX_FILE >> 20} MB")
        return parse_levels(path.read_text(encoding="utf-8"), states)
    return parse_levels(board, states)


@dataclass(frozen=True)
class LevelSolution:
    """What ``lightsart solve --states K`` reports: the fewest presses, or the fewest cells to
    change first (``fixed``: the solvable board closest to the goal's change)."""

    board: Board
    goal: Goal
    states: int
    solvable: bool
    presses: Board | None
    count: int | None
    proven: bool
    kernel_size: int
    fixed: Board | None
    cells_to_change: int
    cells_proven: bool
    cells_lower_bound: int
    rules: Rules
    #: The fewest generators of the kernel over ``Z/k`` (the 2-state nullity's meaning).
    nullity: int = 0

    def to_dict(self) -> dict[str, object]:
        """The object printed by ``lightsart solve --states K --json``."""
        from lightsart.vocabulary import click_cells, speak

        height, width = self.board.shape
        data: dict[str, object] = {
            "solvable": self.solvable,
            "presses": None if self.presses is None else self.presses.tolist(),
            "presses_count": self.count,
            "proven_minimal": self.proven,
            "width": width,
            "height": height,
            "states": self.states,
            "goal": self.goal,
            "state": hex(to_state_levels(self.board, self.states)),
            "kernel_size": self.kernel_size,
            "fewest_cells_to_change": self.cells_to_change,
            "fewest_cells_proven": self.cells_proven,
            "fewest_cells_lower_bound": self.cells_lower_bound,
            "changed_board": None if self.fixed is None else self.fixed.tolist(),
            "rules": self.rules.to_dict(),
        }
        return speak(
            data, clicks=None if self.presses is None else click_cells(self.presses, self.states),
            click_grid=data["presses"], click_count=self.count,
            solutions=self.kernel_size if self.solvable else 0,  # the coset of the kernel
            nullity=self.nullity, cells_to_change=self._changes())

    def _changes(self) -> list[list[int]] | None:
        """``[row, col, add]``: the cells to change first and the levels to add (mod k)."""
        from lightsart.vocabulary import click_cells

        if self.fixed is None:
            return None
        return click_cells((self.fixed.astype(np.int64) - self.board) % self.states, self.states)


def solve_levels(board: Board, goal: Goal, rules: Rules) -> LevelSolution:
    """Solve ``board`` (levels ``0 .. rules.states - 1``) for ``goal`` under ``rules``.

    The presses are re-applied and checked to reach the goal before they are returned.
    """
    from lightsart.core.modk import algebra_mod, kernel_rank, press_mod
    from lightsart.core.optimize import fewest_clicks
    from lightsart.engines.start import fit_from

    k = rules.states
    b = np.asarray(board)
    if b.shape != rules.shape:
        raise LightsartError(f"board has shape {b.shape}, expected {rules.shape}")
    if goal not in ("off", "on"):
        raise LightsartError(f"goal must be 'off' or 'on', got {goal!r}")
    level = 0 if goal == "off" else k - 1
    alg = algebra_mod(rules)
    change = (level - b.astype(np.int64)) % k
    x = alg.solve(change)
    if x is not None:
        best = fewest_clicks(x, rules=rules)
        reached = (b.astype(np.int64) + press_mod(best.clicks, rules, k)) % k
        if not (reached == level).all():  # pragma: no cover
            raise AssertionError("the presses do not solve the board")
        return LevelSolution(b, goal, k, True, best.clicks, best.count, best.proven,
                             alg.kernel_size, None, 0, True, 0, rules, kernel_rank(alg))
    # The board reachable from this one closest to the goal: its wrong cells are the fewest
    # cells whose levels must change (by the inverse amounts) before the board can be solved.
    goal_board = np.full(b.shape, level, dtype=np.int64)
    near = fit_from(b, goal_board, rules)
    fixed = ((b.astype(np.int64) - (near.board.astype(np.int64) - goal_board)) % k).astype(np.uint8)
    if not alg.is_reachable((level - fixed.astype(np.int64)) % k):  # pragma: no cover
        raise AssertionError("changing the suggested cells does not make the board solvable")
    return LevelSolution(b, goal, k, False, None, None, True, alg.kernel_size, fixed,
                         near.wrong_pixels, near.wrong_pixels_proven_minimal,
                         round(near.wrong_pixels_lower_bound), rules, kernel_rank(alg))


def solution_text(s: LevelSolution) -> str:
    """What ``lightsart solve --states K`` prints."""
    height, width = s.board.shape
    goal = "every cell 0" if s.goal == "off" else f"every cell {s.states - 1}"
    head = f"{width}x{height} board, {s.states} states per cell, goal {goal}"
    if s.solvable and s.presses is not None:
        grid = "\n".join("".join(_DIGITS[v] for v in row) for row in s.presses.tolist())
        proven = "proven minimal" if s.proven else "best found, not proven minimal"
        others = ("the only solution" if s.kernel_size == 1
                  else f"one of {s.kernel_size} press vectors that solve it")
        return (f"{head}: solvable with {s.count} presses ({proven}; {others})\n"
                f"presses per cell:\n{grid}")
    assert s.fixed is not None
    grid = "\n".join("".join(_DIGITS[v] for v in row) for row in s.fixed.tolist())
    bound = "proven minimal" if s.cells_proven else f"best found, at least {s.cells_lower_bound}"
    return (f"{head}: not solvable; change {s.cells_to_change} cell"
            f"{'' if s.cells_to_change == 1 else 's'} first ({bound}), e.g. to\n{grid}")
