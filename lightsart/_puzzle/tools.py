"""The puzzle tools with the number of states a parameter: one entry for each of read, solve,
explain, path and table, and one text for each answer, whatever ``rules.states`` is.

Each entry is one implementation (:mod:`lightsart._puzzle.solve`, :mod:`lightsart._puzzle.table`)
that asks the game of the rules (:func:`lightsart._puzzle.game.game_for`: GF(2) for two states,
``Z/K`` for more) the questions that differ. The census takes the rules alone
(:func:`lightsart._puzzle.census.census`). The CLI calls these entries and has no ``states``
branch of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightsart._puzzle.solve import click_path as path
from lightsart._puzzle.solve import explain
from lightsart._puzzle.solve import solve_puzzle as solve
from lightsart._puzzle.table import table_for as table

if TYPE_CHECKING:
    from lightsart._puzzle.solve import ClickPath, Solution, Strategy
    from lightsart._puzzle.table import LevelTable, LookupTable
    from lightsart._types import Board

    Answer = Solution | Strategy | ClickPath
    Table = LookupTable | LevelTable

__all__ = ["explain", "path", "read", "solve", "table", "text"]


def read(board: str | None, states: int, *, state: str | None = None,
         size: str | None = None) -> Board:
    """A board from rows text, a text file, or ``state`` with ``size``: bits (``1#X`` / ``0.O``)
    for 2 states, digits ``0 .. K-1`` for ``K``."""
    from lightsart._puzzle.solve import read_board

    return read_board(board, state=state, size=size, states=states)


def text(answer: Answer | Table) -> str:
    """What the CLI prints for an answer of :func:`solve`, :func:`explain`, :func:`path` or
    :func:`table` (the 2-state texts are the classic game's words: lights, clicks, ``#``)."""
    from lightsart._puzzle import solve as answers
    from lightsart._puzzle import text as words

    if isinstance(answer, answers.Solution):
        return words.solution_text(answer)
    if isinstance(answer, answers.Strategy):
        return words.strategy_text(answer)
    if isinstance(answer, answers.ClickPath):
        return words.path_text(answer)
    return words.table_text(answer)
