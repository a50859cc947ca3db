"""Fit one picture: the reachable board closest to it, as a PNG, SVG or PDF."""

from __future__ import annotations

import argparse
import dataclasses
import sys

from lightsart._cli._options import (
    add_command,
    add_picture_options,
    click_word,
    emit_json,
    fit_line,
    positive_float,
    proven,
    rules_words,
    settings_from_args,
)

DESCRIPTION = """\
Fit one picture onto a Lights Out board: the board reachable from all-lit that is closest to the
dithered picture, with the fewest clicks that make it: 4 grey levels per cell unless --states
says otherwise (--states 2: lit and unlit).

A photo whose detail is as fine as a cell can read as texture at the default size (about 200
cells): then one hint line on stderr names what usually reads better (a larger --size; on a
two-state board --states 4) and preview, which shows both side by side (not with --quiet).

example: lightsart still samples/astronaut.png -o astronaut.png --compare compare.png
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "still", __doc__, DESCRIPTION)
    p.add_argument("image", help="picture file (PNG, JPEG, GIF, BMP, TIFF, WebP)")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="board picture to write: .png, or .svg/.pdf for a vector drawing (one "
                        "shape per cell, lit and unlit in separate layers) to print, plot or cut")
    p.add_argument("--target-out", metavar="FILE", help="also write the dithered target (.png, "
                   ".svg or .pdf)")
    p.add_argument("--compare", metavar="FILE", help="also write target | result | wrong pixels "
                   "(.png, .svg or .pdf)")
    add_picture_options(p)
    from lightsart._limits import CELL_MM_MAX, CELL_MM_MIN

    p.add_argument("--cell-mm", type=positive_float, metavar="MM",
                   help=f"millimetres per cell of .svg and .pdf outputs ({CELL_MM_MIN:g} to "
                        f"{CELL_MM_MAX:g}; default: --cell pixels at 96 per inch)")
    p.set_defaults(func=run)


def print_texture_hint(hint: str | None) -> None:
    """The result's texture hint (:meth:`lightsart.StillResult.texture_hint`) as one line on
    stderr (a picture's name may hold a newline)."""
    if hint is not None:
        from lightsart._errors import one_line

        print(f"lightsart: hint: {one_line(hint)}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from lightsart._pipeline import make_still

    settings = settings_from_args(args)
    settings["look"] = dataclasses.replace(settings["look"], cell_mm=args.cell_mm)
    result = make_still(args.image, args.output, target_out=args.target_out, compare=args.compare,
                        export_model=args.export_model, **settings)
    if not args.quiet:  # scoring the board against its picture takes a blur: skipped when quiet
        print_texture_hint(result.texture_hint())
    if args.json:
        emit_json(result.to_dict())
        return 0
    f = result.picture.fit
    print(f"board {result.width}x{result.height}{rules_words(result.rules)}, nullity {result.nullity}")
    clicks = proven(f.clicks_proven_minimal, f.cut_short)
    print(f"{fit_line(result.picture.path, f)}, {f.clicks_count} {click_word(f.states)} ({clicks})")
    for path in result.outputs:
        print(f"wrote {path}")
    return 0
