"""Deprecated alias (until 0.4) of the k-state solver, now one with the two-state one in
:mod:`lightsart.puzzle.solve` (its text in :mod:`lightsart.puzzle.text`)."""

from __future__ import annotations

from lightsart.puzzle.solve import (
                                    LevelSolution,
                                    from_state_levels,
                                    parse_levels,
                                    read_levels,
                                    solve_levels,
                                    to_state_levels,
)
from lightsart.puzzle.text import level_solution_text as solution_text

__all__ = ["LevelSolution", "from_state_levels", "parse_levels", "read_levels", "solution_text",
           "solve_levels", "to_state_levels"]
