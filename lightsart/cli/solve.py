"""Solve a Lights Out board: fewest clicks, or why it cannot be solved."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lightsart.choices import GOALS
from lightsart.cli._options import add_rules_arguments, rules_from_args

if TYPE_CHECKING:
    pass

DESCRIPTION = """\
Solve a Lights Out board: one minimal click set (grid and (row,col) list, counting from 0), how
many minimal solutions and solutions there are; or, if it cannot be solved, which quiet pattern
it fails and the fewest lights to change. --explain shows the strategy a person can follow.
--pattern and --topology change the rules (the strategy is then the algebraic solution).
--states K plays with K levels per cell (a click adds 1 mod K): rows of digits 0..K-1 (a-f
above 9), goal every cell 0 (off) or K-1 (on); the answer is presses per cell, and --explain
chases mod K (press under a cell as many times as it needs).

example: lightsart solve 11110/10001/00001/00100/01110 --explain
example: lightsart solve 120/201/012 --states 3
"""


def add_board_arguments(p: argparse.ArgumentParser) -> None:
    """The board to work on: rows text or a file, or --state with --size; the goal and rules."""
    p.add_argument("board", nargs="?", metavar="BOARD",
                   help="rows separated by '/' (1/0, #/., X/O), or a text file of rows")
    p.add_argument("--state", metavar="INT",
                   help="the board as an integer, e.g. 0x1ffffff: bit i*W+j = cell (i,j) lit")
    p.add_argument("--size", metavar="WxH", help="board size for --state, e.g. 5x5")
    p.add_argument("--goal", choices=GOALS, default="off",
                   help="turn every light off (the game; default) or on")
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("solve", help=__doc__, description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_board_arguments(p)
    p.add_argument("--explain", action="store_true",
                   help="chase, look up the top row, chase again, then quiet patterns, step by step")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.states > 2:
        return _run_levels(args)
    from lightsart.puzzle.solve import explain, read_board, solve_puzzle
    from lightsart.puzzle.text import solution_text, strategy_text

    board = read_board(args.board, state=args.state, size=args.size)
    rules = rules_from_args(args, *board.shape)
    solution = solve_puzzle(board, args.goal, rules)
    strategy = explain(board, args.goal, rules) if args.explain else None
    return _report(args, solution, strategy, solution_text, strategy_text)


def _run_levels(args: argparse.Namespace) -> int:
    """``solve --states K`` with K > 2: the board is rows of levels, solved over Z/K."""
    from lightsart.puzzle.levels import read_levels, solution_text, solve_levels
    from lightsart.puzzle.levels_chase import explain_levels
    from lightsart.puzzle.levels_text import level_strategy_text

    board = read_levels(args.board, args.states, state=args.state, size=args.size)
    rules = rules_from_args(args, *board.shape)
    solution = solve_levels(board, args.goal, rules)
    strategy = explain_levels(board, args.goal, rules) if args.explain else None
    return _report(args, solution, strategy, solution_text, level_strategy_text)


def _report(args: argparse.Namespace, solution: Any, strategy: Any,
            solution_text: Callable[[Any], str], strategy_text: Callable[[Any], str]) -> int:
    """The answer (and the strategy with ``--explain``) as text or ``--json``."""
    from lightsart.cli._options import emit_json

    if args.json:
        data = solution.to_dict()
        if strategy is not None:
            data["strategy"] = strategy.to_dict()
        emit_json(data)
        return 0
    print(solution_text(solution))
    if strategy is not None:
        print()
        print(strategy_text(strategy))
    return 0
