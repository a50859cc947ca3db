"""List the clicks of a minimal solution with the board state (hex) after each."""

from __future__ import annotations

import argparse

from lightsart._cli._options import add_command
from lightsart._cli.solve import add_board_arguments

DESCRIPTION = """\
Play one minimal solution click by click: each click as (row,col), counting from 0, and the
state after it as an integer (hex; bit i*W+j = cell (i,j) lit), down to the goal.

With --states K the board is rows of levels 0..K-1 and each press is one step (a cell pressed
j times appears j times); the state is the integer whose base-K digit i*W+j is cell (i,j).

example: lightsart path 01010/11011/01010/00000/00000
example: lightsart path 21/12 --states 3
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "path", __doc__, DESCRIPTION)
    add_board_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._cli._options import (
        emit,
        puzzle_text,
        rules_from_args,
        search_seconds,
        watching_search,
    )
    from lightsart._puzzle.reading import read_board
    from lightsart._puzzle.solve import click_path

    board = read_board(args.board, state=args.state, size=args.size, states=args.states)
    with watching_search(args):
        path = click_path(board, args.goal, rules_from_args(args, *board.shape),
                          seconds=search_seconds(args))
    return emit(args, path, puzzle_text)
