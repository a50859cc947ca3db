"""List the clicks of a minimal solution with the board state (hex) after each."""

from __future__ import annotations

import argparse

from lightsart.cli.solve import add_board_arguments

DESCRIPTION = """\
Play one minimal solution click by click: each click as (row,col), counting from 0, and the
state after it as an integer (hex; bit i*W+j = cell (i,j) lit), down to the goal.

example: lightsart path 01010/11011/01010/00000/00000
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("path", help=__doc__, description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_board_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart.cli._options import emit_json, rules_from_args
    from lightsart.puzzle.solve import click_path, read_board
    from lightsart.puzzle.text import path_text

    board = read_board(args.board, state=args.state, size=args.size)
    path = click_path(board, args.goal, rules_from_args(args, *board.shape))
    if args.json:
        emit_json(path.to_dict())
    else:
        print(path_text(path))
    return 0
