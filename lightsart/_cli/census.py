"""Exact statistics of every state of a board: moves needed, hardest states; lookup database."""

from __future__ import annotations

import argparse

from lightsart._cli._options import add_command, add_rules_arguments

DESCRIPTION = """\
Exact statistics of the whole state space (goal: all lights off): states, solvable states,
nullity, how many states need each optimal number of moves, the hardest states, and the moves
from the all-lit board. --db writes every solvable state with its moves to go and one optimal
next click to a compact SQLite file; --db FILE --state X answers from that file (for the rules
it was written with). --pattern and --topology change the rules. --states K counts presses on
boards of K levels (goal every cell 0) by enumerating all K^(W*H) press vectors, so it stays
exact only up to 2^24 of them; --db stays 2-state.

example: lightsart census 5x5 --db census-5x5.sqlite
example: lightsart census 3x3 --states 3
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "census", __doc__, DESCRIPTION)
    p.add_argument("size", nargs="?", metavar="WxH", help="board size, columns x rows, e.g. 5x5")
    p.add_argument("--db", metavar="FILE.sqlite",
                   help="write the lookup database (with WxH), or read it (with --state)")
    p.add_argument("--state", metavar="INT",
                   help="with --db: look this state up, e.g. 0x1ffffff (bit i*W+j = cell (i,j))")
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._cli._options import emit, emit_json, rules_from_args
    from lightsart._errors import InvalidValue
    from lightsart._output.staging import plan_outputs, writing
    from lightsart._puzzle.census import census
    from lightsart._puzzle.censusdb import check_replaceable, query_db, write_db
    from lightsart._puzzle.reading import parse_size, parse_state
    from lightsart._puzzle.text import answer_text, census_text
    from lightsart._rules import require_two_states

    if args.db is not None:  # the database stores 2-state boards as bits: refused before work
        require_two_states(args.states, "census --db")
    if args.state is not None:
        if args.db is None or args.size is not None:
            raise InvalidValue("--state is looked up in a database: census --db FILE --state X")
        answer = query_db(args.db, parse_state(args.state), pattern=args.pattern,
                          topology=args.topology)
        return emit(args, answer, answer_text)
    if args.size is None:
        raise InvalidValue("give a board size WxH (or --db FILE --state X to look one up)")
    size = parse_size(args.size)
    m, n = size.height, size.width
    rules = rules_from_args(args, m, n)
    # The database's name is checked before any work, and written all or nothing.
    if args.db is not None:
        check_replaceable(args.db)
    planned = plan_outputs([(args.db, None)] if args.db is not None else [])
    result = census(m, n, rules=rules)
    written = None
    if args.db is not None:
        with writing(planned):
            written = write_db(m, n, args.db, rules)
    if args.json:
        data = result.to_dict()
        if written is not None:
            data["db"] = {"path": str(written.path), "boards": written.boards,
                          "bytes": written.bytes}
        emit_json(data)
        return 0
    print(census_text(result))
    if written is not None:
        print(f"wrote {written.path}: {written.boards} solvable states, {written.bytes} bytes")
    return 0
