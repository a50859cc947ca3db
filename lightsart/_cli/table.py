"""Print the bottom-row to top-row lookup table for light chasing on any board size."""

from __future__ import annotations

import argparse
import textwrap

from lightsart._choices import TOPOLOGIES
from lightsart._cli._options import add_command, add_rules_arguments, add_time_limit
from lightsart._rules import CHASE_TOPOLOGIES, PATTERNS, Pattern


def _rules_sentence() -> str:
    """Which rules the table takes, written from the rules' registries (a test runs each)."""
    chasing = [n for n, rows in PATTERNS.items() if Pattern(tuple(rows.split("/"))).chases]
    others = [n for n in PATTERNS if n not in chasing]
    refused = [t for t in TOPOLOGIES if t not in CHASE_TOPOLOGIES]
    return (f"It needs light chasing: a pattern of three rows whose top row is the clicked cell "
            f"alone ({' and '.join(chasing)} of the presets; {' and '.join(others)} are refused), "
            f"on the {' or the '.join(CHASE_TOPOLOGIES)} (the {' and the '.join(refused)} "
            "refused); lightsart solve --explain shows the algebraic solution under other rules.")


DESCRIPTION = "\n".join(textwrap.wrap(
    "The lookup table a person uses to finish light chasing: after clicking under every lit "
    "cell row by row, only the bottom row is lit; the table gives the top-row cells to press "
    "before chasing down again. Large sizes get a basis to combine instead of the full list. "
    f"{_rules_sentence()} With --states K the table lists how far past the goal the bottom row "
    "is (digits 0..K-1) and how many times to press each top-row cell.", 96)) + """

example: lightsart table 5x5
example: lightsart table 4x4 --states 3 --topology cylinder
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "table", __doc__, DESCRIPTION)
    p.add_argument("size", metavar="WxH", help="board size, columns x rows, e.g. 5x5")
    p.add_argument("--max-rows", type=int, default=1024, metavar="N",
                   help="list the table in full up to N rows, else a basis (default 1024)")
    add_rules_arguments(p)
    add_time_limit(p, "the lightest top rows when the kernel has more than 10 vectors "
                      "(up to 24; 2 states)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._cli._options import emit, puzzle_text, rules_from_args, search_seconds
    from lightsart._puzzle.reading import parse_size
    from lightsart._puzzle.table import lookup_table

    size = parse_size(args.size)
    table = lookup_table(rules_from_args(args, size.height, size.width), max_rows=args.max_rows,
                         seconds=search_seconds(args))
    return emit(args, table, puzzle_text)
