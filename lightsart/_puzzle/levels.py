"""Deprecated alias (until 0.4) of the k-state solver, now one with the two-state one: solving
in :mod:`lightsart._puzzle.solve`, boards in :mod:`lightsart._puzzle.reading`, text in
:mod:`lightsart._puzzle.text`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightsart._puzzle.reading import from_state_levels, parse_levels, read_board, to_state_levels
from lightsart._puzzle.solve import Solution as LevelSolution
from lightsart._puzzle.solve import solve_puzzle as solve_levels
from lightsart._puzzle.text import level_solution_text as solution_text

if TYPE_CHECKING:
    from lightsart._types import Board

__all__ = ["LevelSolution", "from_state_levels", "parse_levels", "read_levels", "solution_text",
           "solve_levels", "to_state_levels"]


def read_levels(board: str | None, states: int, *, state: str | None = None,
                size: str | None = None) -> Board:
    """:func:`~lightsart._puzzle.reading.read_board` with ``states`` second (0.2's order)."""
    return read_board(board, state=state, size=size, states=states)
