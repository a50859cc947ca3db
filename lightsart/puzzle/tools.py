"""The puzzle tools with the number of states a parameter: one entry for each of read, solve,
explain, path and table, and one text for each answer, whatever ``rules.states`` is.

Each entry chooses its implementation by the rules (the way the algebra will, issue 21): the
two-state game is GF(2), where a board is bits, the checks it fails are listed, the fewest
lights to change are a syndrome decoding and minimal solutions are counted by one Walsh-Hadamard
transform (:mod:`lightsart.puzzle.solve`, :mod:`lightsart.puzzle.table`); with ``K > 2`` the
same questions are asked over ``Z/K`` (:mod:`lightsart.puzzle.levels`,
:mod:`lightsart.puzzle.levels_chase`). The census already takes the rules alone
(:func:`lightsart.puzzle.census.census`). The CLI calls these entries and has no ``states``
branch of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lightsart.choices import Goal
    from lightsart.puzzle.levels import LevelSolution
    from lightsart.puzzle.levels_chase import LevelPath, LevelStrategy, LevelTable
    from lightsart.puzzle.solve import ClickPath, Solution, Strategy
    from lightsart.puzzle.table import LookupTable
    from lightsart.rules import Rules
    from lightsart.types import Board

    Answer = Solution | LevelSolution | Strategy | LevelStrategy | ClickPath | LevelPath
    Table = LookupTable | LevelTable

__all__ = ["explain", "path", "read", "solve", "table", "text"]


def _bits(states: int) -> bool:
    """Whether the GF(2) tools answer: their boards are bits and their answers say more (the
    checks failed, minimal solutions counted), and their text is the classic game's."""
    return states == 2


def read(board: str | None, states: int, *, state: str | None = None,
         size: str | None = None) -> Board:
    """A board from rows text, a text file, or ``state`` with ``size``: bits (``1#X`` / ``0.O``)
    for 2 states, digits ``0 .. K-1`` for ``K``."""
    if _bits(states):
        from lightsart.puzzle.solve import read_board

        return read_board(board, state=state, size=size)
    from lightsart.puzzle.levels import read_levels

    return read_levels(board, states, state=state, size=size)


def solve(board: Board, goal: Goal, rules: Rules, *, seconds: float = 2.0
          ) -> Solution | LevelSolution:
    """The fewest clicks for ``board`` under ``rules``, or the fewest cells to change first;
    ``seconds``: the 2-state fewest clicks' search budget (``--time-limit``)."""
    if _bits(rules.states):
        from lightsart.puzzle.solve import solve_puzzle

        return solve_puzzle(board, goal, rules, seconds=seconds)
    from lightsart.puzzle.levels import solve_levels

    return solve_levels(board, goal, rules)


def explain(board: Board, goal: Goal, rules: Rules, *, seconds: float = 2.0
            ) -> Strategy | LevelStrategy:
    """The strategy a person follows: light chasing where the rules allow it, else the algebra."""
    if _bits(rules.states):
        from lightsart.puzzle.solve import explain as explain_bits

        return explain_bits(board, goal, rules, seconds=seconds)
    from lightsart.puzzle.levels_chase import explain_levels

    return explain_levels(board, goal, rules)


def path(board: Board, goal: Goal, rules: Rules, *, seconds: float = 2.0
         ) -> ClickPath | LevelPath:
    """One fewest-click solution played click by click, with the state after each."""
    if _bits(rules.states):
        from lightsart.puzzle.solve import click_path

        return click_path(board, goal, rules, seconds=seconds)
    from lightsart.puzzle.levels_chase import press_path

    return press_path(board, goal, rules)


def table(rules: Rules, *, max_rows: int = 1024, seconds: float = 2.0) -> Table:
    """The lookup table for finishing light chasing on ``rules``' board size; ``seconds``: the
    budget for making the listed 2-state top rows lightest (``--time-limit``)."""
    if _bits(rules.states):  # packed-bit elimination: a basis for sizes the Z/K table refuses
        from lightsart.puzzle.table import lookup_table

        return lookup_table(rules.height, rules.width, max_rows=max_rows, rules=rules,
                            seconds=seconds)
    from lightsart.puzzle.levels_chase import level_table

    return level_table(rules, max_rows=max_rows)


def text(answer: Answer | Table) -> str:
    """What the CLI prints for an answer of :func:`solve`, :func:`explain`, :func:`path` or
    :func:`table` (the 2-state texts are the classic game's words: lights, clicks, ``#``)."""
    from lightsart.puzzle import solve as bits
    from lightsart.puzzle.table import LookupTable

    if isinstance(answer, (bits.Solution, bits.Strategy, bits.ClickPath, LookupTable)):
        return _bits_text(answer)
    # Only grey-level answers get here: their modules are imported only for them.
    from lightsart.puzzle import levels, levels_chase
    from lightsart.puzzle import text as words

    if isinstance(answer, levels.LevelSolution):
        return levels.solution_text(answer)
    if isinstance(answer, levels_chase.LevelStrategy):
        return words.level_strategy_text(answer)
    if isinstance(answer, levels_chase.LevelPath):
        return words.level_path_text(answer)
    assert isinstance(answer, levels_chase.LevelTable)
    return words.level_table_text(answer)


def _bits_text(answer: object) -> str:
    from lightsart.puzzle import solve as bits
    from lightsart.puzzle.table import LookupTable
    from lightsart.puzzle.text import path_text, solution_text, strategy_text, table_text

    if isinstance(answer, bits.Solution):
        return solution_text(answer)
    if isinstance(answer, bits.Strategy):
        return strategy_text(answer)
    if isinstance(answer, bits.ClickPath):
        return path_text(answer)
    assert isinstance(answer, LookupTable)
    rules = answer.rules
    head = "" if rules is None else f"rules: pattern {rules.pattern.name} on the {rules.topology}\n"
    return head + table_text(answer)
