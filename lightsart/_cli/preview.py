"""A contact sheet of one picture's variants, to choose settings by looking."""

from __future__ import annotations

import argparse

from lightsart._choices import FITS
from lightsart._cli._options import add_command, add_palette_argument, add_size_argument, emit_json

DESCRIPTION = """\
Write a contact sheet of labelled variants of one picture as Lights Out boards: the default
(tone auto, Floyd–Steinberg, 4 grey levels per cell), tone none, the main dithering
methods, --states 2 (lit and unlit), --palette handheld (a colour tile; --palette P shows P
instead), and a smaller and two larger boards (1.5 and 2 times the long side), every tile at the
same pixels per cell, packed row by row. Each tile is the reachable board; --json lists each
tile's options for still or animate, its size and states (and palette), and the sheet's pixels
per cell.

example: lightsart preview samples/cat.png -o sheet.png
example: lightsart preview samples/coffee.png --palette auto:4 -o sheet.png
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "preview", __doc__, DESCRIPTION)
    p.add_argument("image", help="picture file (PNG, JPEG, GIF, BMP, TIFF, WebP)")
    p.add_argument("-o", "--output", required=True, metavar="SHEET.png",
                   help="contact sheet to write (.png, or .svg/.pdf: one shape per run of cells)")
    add_size_argument(p)
    p.add_argument("--fit", choices=FITS, default="cover",
                   help="how the picture fills the board (default: cover, centred)")
    add_palette_argument(p, "adds a tile in these colours (what still --palette makes): ")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the list")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._preview import make_preview

    result = make_preview(args.image, args.output, size=args.size, fit=args.fit,
                          palette=args.palette)
    if args.json:
        emit_json(result.to_dict())
        return 0
    for tile in result.tiles:
        print(f"{tile.label}: {' '.join(tile.options)}")
    print(f"wrote {result.output}")
    return 0
