"""List board sizes near a request with their nullity (0: every picture is exact)."""

from __future__ import annotations

import argparse

from lightsart._cli._options import add_command, add_rules_arguments, emit_json

DESCRIPTION = """\
List the board sizes within --radius cells of WxH (W alone means WxW), nearest first, with the
nullity d of each: the number of independent quiet patterns. With d = 0 every picture is reached
exactly; otherwise some pictures need a few wrong pixels (never more than d, nor than a side).
--pattern and --topology give the nullity under other rules (then the bound is d alone).
--states K counts the quiet patterns over Z/K instead (press vectors that change nothing, the
empty one included: K^d only for prime K).

example: lightsart sizes 100x64 --radius 1
example: lightsart sizes 5 --states 4 --radius 1
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "sizes", __doc__, DESCRIPTION)
    p.add_argument("size", metavar="WxH", help="board size asked for: WxH (columns x rows) or W")
    p.add_argument("--radius", type=int, default=2, metavar="N",
                   help="how far each side may move, in cells (default 2, at most 20)")
    add_rules_arguments(p)
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._cli._options import rules_from_args
    from lightsart._pictures.image import parse_size
    from lightsart._puzzle.sizes import sizes_near, sizes_text

    height, width = parse_size(args.size)  # a Size: (rows, columns)
    height = width if height is None else height
    rules = rules_from_args(args, 1, 1)
    sizes = sizes_near(width, height, args.radius, pattern=rules.pattern, topology=rules.topology,
                       states=rules.states)
    if args.json:
        emit_json({
            "request": {"width": width, "height": height},
            "sizes": [s.to_dict() for s in sizes],
            "rules": rules.to_dict(),
        })
        return 0
    print(sizes_text(sizes, rules))
    return 0
