"""Write a playable Lights Out game as one self-contained HTML page."""

from __future__ import annotations

import argparse

from lightsart._choices import FITS, SCHEMES, STARTS
from lightsart._cli._options import (
    add_command,
    add_palette_argument,
    add_rules_arguments,
    pattern_text,
    size_type,
    states_and_palette,
    topology_name,
)

DESCRIPTION = """\
Write the Lights Out game as one HTML file that plays offline in any browser: boards from 3x3 to
40x40 (chosen on the page too), uniformly random solvable starts or the original all-lit start,
hints and solutions with the fewest clicks, undo, a timer and a tally of games won. With --image
the goal is your picture (the reachable board closest to it under the rules), from a scrambled
start. --topology and --pattern choose the rules the page starts with (the page can change them).
--states K plays K grey levels per cell: a click adds 1 mod K to its pattern, and the page's hints
and solutions are the fewest presses over Z/K. --palette draws the K states in colours (its
length is K); with --image the goal is what still --palette makes of the picture.

example: lightsart play --size 7x7 -o game.html
example: lightsart play --topology torus --pattern 110/010/000 -o game.html
example: lightsart play --image samples/horse.png --pattern x -o horse.html
example: lightsart play --states 4 --size 6x6 -o grey.html
example: lightsart play --image samples/horse.png --palette auto:4 -o colour.html
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "play", __doc__, DESCRIPTION)
    p.add_argument("-o", "--output", required=True, metavar="OUT.html", help="page to write")
    p.add_argument("--size", type=size_type, metavar="WxH",
                   help="board size, WxH or W for WxW (default 5x5; with --image, about 32 cells "
                        "on the long side)")
    p.add_argument("--image", metavar="PICTURE", help="make the goal this picture")
    p.add_argument("--fit", choices=FITS, default="cover",
                   help="how the picture fills the board (default: cover, centred)")
    p.add_argument("--start", choices=STARTS,
                   help="first game's start: random (uniform over solvable positions, default), "
                        "easy (a few clicks), lit (all lit), picture (clear your picture)")
    p.add_argument("--colours", choices=SCHEMES,
                   help="colour scheme (default: classic; paper, white = lit, with --image)")
    add_rules_arguments(p)
    add_palette_argument(p, "the goal and the page in colour: ")
    p.set_defaults(states=None)  # given or not: the palette's length must agree with it
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._pages.play import make_game_page

    states, palette = states_and_palette(args)
    page = make_game_page(args.output, args.size, args.image, fit=args.fit, start=args.start,
                          scheme=args.colours, pattern=pattern_text(args),
                          topology=topology_name(args), **({} if states is None else {"states": states}),
                          palette=palette)
    from lightsart._results import vocabulary

    words = vocabulary(page.states)
    goal = "all dark"
    if page.picture:
        cells = words.wrong.split()[-1] + "s"  # pixels, or cells of K levels (0.2's words)
        wrong = "" if page.wrong_pixels is None else f" ({page.wrong_pixels} {cells} changed to be reachable)"
        goal = f"your picture{wrong}"
    rules = "" if page.classic else f", pattern {page.pattern_name} on the {page.topology}"
    nullity = f"nullity {page.nullity}"
    if words.grey:  # the kernel is counted over Z/K (K^d only for prime K): said in words
        rules += f", {page.states} states"
        many = page.kernel_size != 1
        size = page.kernel_size or 0
        vectors = f"{size:,} press vector{'s' if many else ''}" if size < 10**9 else \
            f"about {size:.3g} press vectors"
        nullity += f" ({vectors} change{'' if many else 's'} nothing)"
    if page.palette is not None:
        rules += f", palette {','.join(page.palette.hex())}"
    print(f"board {page.width}x{page.height}{rules}, {nullity}, goal {goal}")
    print(f"wrote {page.path} ({page.bytes} bytes)")
    if args.open:
        import webbrowser
        from pathlib import Path

        webbrowser.open(Path(page.path).resolve().as_uri())
    return 0
