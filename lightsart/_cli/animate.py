"""Animate pictures into each other, one legal Lights Out click at a time."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence

from lightsart._animation import CLICK_ORDERS
from lightsart._choices import EASES
from lightsart._cli._options import (
    add_command,
    add_picture_options,
    click_word,
    emit_json,
    fit_line,
    non_negative_float,
    positive_float,
    positive_int,
    proven,
    rules_words,
    settings_from_args,
)
from lightsart._output.formats import FORMATS

DESCRIPTION = """\
Animate A into B (into C ...): frame one is the Lights Out board closest to A, the last is the
board closest to B, and every step between is legal Lights Out clicks. The output format follows
the extension: .gif (loops forever), .mp4, or .html (an interactive page).

A folder given as IMAGE stands for the pictures in it, in name order with numbers read as
numbers (img2 before img10); only files ending in PICTURE_EXTENSIONS are read.

When a picture's board likely reads as texture, one hint line on stderr names it and what usually
reads better (a larger --size; on a two-state board --states 4; not with --quiet).

example: lightsart animate samples/astronaut.png samples/cat.png -o morph.gif
         lightsart animate shots/ -o shots.gif
"""

#: The files a folder given to ``animate`` contributes, by extension (what Pillow reads).
PICTURE_EXTENSIONS: tuple[str, ...] = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff",
                                       ".webp")
DESCRIPTION = DESCRIPTION.replace("PICTURE_EXTENSIONS", " ".join(PICTURE_EXTENSIONS))


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "animate", __doc__, DESCRIPTION)
    p.add_argument("images", nargs="+", metavar="IMAGE",
                   help="two or more pictures, in order; a folder stands for its pictures in "
                        f"name order (img2 before img10; {' '.join(PICTURE_EXTENSIONS)})")
    *others, last = FORMATS.names()
    p.add_argument("-o", "--output", metavar="OUT",
                   help=f"animation to write: {', '.join(others)} or {last}")
    p.add_argument("--frames", metavar="DIR", help="also write every frame as PNG into DIR")
    a = p.add_argument_group("animation")
    names = ", ".join(o if o != "mask" else "mask:FILE" for o in CLICK_ORDERS.names())
    a.add_argument("--order", default="raster", metavar="ORDER[,ORDER...]",
                   help=f"click order, one for every transition or one per transition "
                        f"(radial,spiral,...): {names}. raster (default) wipes row by row; "
                        "columns, diagonal, radial (an iris from the centre), spiral, clock (an "
                        "angle sweep), noise (an organic dissolve) and light-to-dark (picture B's "
                        "brightest parts first) finish the picture region by region behind a thin "
                        "front; mask:FILE orders the clicks by a grey picture, dark first; morph "
                        "grows the next picture from noise; random is seeded noise. The list is cut "
                        "only at a comma followed by an order's name or mask:, so a mask's file "
                        "name may hold commas (mask:a,1.png)")
    a.add_argument("--reverse", action="store_true",
                   help="play each order backwards (radial: an iris closing from the edges)")
    a.add_argument("--ease", choices=EASES, default="linear",
                   help="how clicks spread over a transition's frames: linear (evenly, default) "
                        "or in-out (slow start and end, fast middle)")
    a.add_argument("--seed", type=int, default=0,
                   help="seed for the random and noise orders (default 0)")
    a.add_argument("--fps", type=positive_float, default=25.0, help="frames per second (default 25)")
    a.add_argument("--duration", type=positive_float, default=4.0,
                   help="seconds of motion per transition (default 4)")
    a.add_argument("--clicks-per-frame", type=positive_int, metavar="N",
                   help="clicks per frame (overrides --duration)")
    a.add_argument("--hold", type=non_negative_float, default=1.0, metavar="SECONDS",
                   help="seconds to hold each picture (default 1)")
    a.add_argument("--loop", action="store_true",
                   help="play A→B→A seamlessly (a GIF restarts on A; an MP4 ends on A, held "
                        "--hold seconds)")
    add_picture_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._errors import InvalidValue, one_line
    from lightsart._pipeline import make_animation

    images = pictures_from(args.images)
    if len(images) < 2:
        raise InvalidValue("animate needs at least two pictures")
    if args.output is None and args.frames is None:
        raise InvalidValue("nothing to write: give -o OUT and/or --frames DIR")
    from lightsart._settings import Timing

    timing = Timing(order=args.order, seed=args.seed, fps=args.fps, duration=args.duration,
                    clicks_per_frame=args.clicks_per_frame, hold=args.hold, loop=args.loop,
                    reverse=args.reverse, ease=args.ease)
    result = make_animation(images, args.output, timing=timing, frames_dir=args.frames,
                            export_model=args.export_model, **settings_from_args(args))
    for note in () if args.quiet else result.notes:
        print(f"lightsart: note: {one_line(note)}", file=sys.stderr)
    if not args.quiet:
        from lightsart._cli.still import print_texture_hint

        print_texture_hint(result.texture_hint())
    if args.json:
        emit_json(result.to_dict())
        return 0
    exact = " (every picture reachable exactly)" if result.nullity == 0 else ""
    print(f"board {result.width}x{result.height}{rules_words(result.rules)}, nullity {result.nullity}"
          f"{exact}")
    for k, pic in enumerate(result.pictures, 1):
        print(f"picture {k} {fit_line(pic.path, pic.fit)}")
    for k, step in enumerate(result.transitions, 1):
        print(f"transition {k}->{k + 1}: {step.count} {click_word(result.states)} "
              f"({proven(step.proven, step.cut_short)})")
    video = ("" if result.video_frames is None else
             f"; the MP4 holds {result.video_frames} video frames at {args.fps:g} fps")
    print(f"frames: {result.frames} ({result.duration_seconds:.1f} s){video}")
    for file in result.outputs_detail:
        # A GIF stores equal frames in a row (a picture shown twice) as one: say what it holds.
        if file.path.lower().endswith(".gif") and file.images != result.frames:
            print(f"{file.path} holds {file.images} frame{'' if file.images == 1 else 's'} "
                  f"({file.seconds:.1f} s)")
    for path in result.outputs:
        print(f"wrote {path}")
    return 0


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key reading runs of digits as numbers: ``img2`` before ``img10``."""
    parts = re.split(r"(\d+)", name.casefold())
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts if p)


def pictures_from(names: Sequence[str]) -> list[str]:
    """``names`` with each folder replaced by its pictures in natural name order (a folder with
    fewer than two pictures is one line: it cannot be a transition by itself)."""
    from lightsart._errors import InvalidValue, shown

    found: list[str] = []
    for name in names:
        if not os.path.isdir(name):
            found.append(name)
            continue
        inside = sorted((e.name for e in os.scandir(name)
                         if e.is_file() and e.name.lower().endswith(PICTURE_EXTENSIONS)),
                        key=lambda n: (natural_key(n), n))
        if len(inside) < 2:
            holds = "no pictures" if not inside else "one picture"
            raise InvalidValue(f"folder {shown(name)} holds {holds} "
                               f"({' '.join(PICTURE_EXTENSIONS)}); animate needs at least two")
        found.extend(os.path.join(name, n) for n in inside)
    return found
