"""Solve a Lights Out board: fewest clicks, or why it cannot be solved."""

from __future__ import annotations

import argparse

from lightsart._choices import GOALS
from lightsart._cli._options import add_command, add_rules_arguments, add_time_limit, rules_from_args

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
    add_time_limit(p, "the fewest clicks beyond nullity 20 (2 states)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "solve", __doc__, DESCRIPTION)
    add_board_arguments(p)
    p.add_argument("--explain", action="store_true",
                   help="chase, look up the top row, chase again, then quiet patterns, step by step")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._cli._options import emit_json, puzzle_text, search_seconds, watching_search
    from lightsart._puzzle.reading import read_board
    from lightsart._puzzle.solve import explain, solve_puzzle

    board = read_board(args.board, state=args.state, size=args.size, states=args.states)
    rules = rules_from_args(args, *board.shape)
    seconds = search_seconds(args)
    with watching_search(args):
        solution = solve_puzzle(board, args.goal, rules, seconds=seconds)
        strategy = (explain(board, args.goal, rules, seconds=seconds) if args.explain
                    else None)
    if args.json:
        data = solution.to_dict()
        if strategy is not None:
            data["strategy"] = strategy.to_dict()
        emit_json(data)
        return 0
    print(puzzle_text(solution))
    if strategy is not None:
        print()
        print(puzzle_text(strategy))
    return 0
