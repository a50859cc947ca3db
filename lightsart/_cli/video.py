"""Film a video clip on a Lights Out board: every frame a legal board, or one game chasing it."""

from __future__ import annotations

import argparse
import sys

from lightsart._cli._options import (
    add_command,
    add_picture_options,
    click_word,
    emit_json,
    non_negative_float,
    positive_float,
    positive_int,
    rules_words,
    settings_from_args,
)
from lightsart._video.options import STEADY

DESCRIPTION = """\
Film CLIP (anything ffmpeg reads: MP4, WebM, MOV, MKV, animated GIF) on a Lights Out board.
The output format follows the extension: .mp4 (keeps the clip's sound, trimmed to --start/--end),
.gif, or .html (replays the clicks; the viewer can click along); --frames DIR writes every frame
as PNG.
An MP4 is drawn in whole-pixel cells as large as fit the clip's own frame, at most full HD
(1920x1080; the default 200x112 board of a 1080p clip: 9-pixel cells, 1800x1008), so it stays
sharp played full screen; --cell chooses. A GIF (and --frames alone) is about 480 pixels wide,
as animate's. An .html film shows the frame and the time, plays at the clip's speed and holds
the clip's sound (MP3, in the page).

--mode boards (default): every frame is the reachable board closest to it, so the film is a
sequence of legal Lights Out pictures; --json lists the clicks between consecutive boards.
--mode play: the board is played: every frame is the previous board plus at most
--clicks-per-frame clicks, chosen to bring it closest to the frame; one continuous game.
At a cut the board jumps to the new shot's board, as the clip does, however many clicks.

The film holds still where the clip does: the tone follows the clip smoothly, and --dither
steady (default) changes a cell only where its picture changed enough to pay for it.

example: lightsart video clip.mp4 -o film.mp4
         lightsart video clip.mp4 -o game.mp4 --mode play --start 2 --end 6
"""



def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from lightsart._output.formats import FORMATS
    from lightsart._video.options import DEFAULT_FPS_MAX, MODES

    p = add_command(sub, "video", __doc__, DESCRIPTION)
    p.add_argument("clip", metavar="CLIP", help="the video clip to film (anything ffmpeg reads)")
    *others, last = FORMATS.names()
    p.add_argument("-o", "--output", metavar="OUT", help=f"film to write: {', '.join(others)} "
                                                         f"or {last}")
    p.add_argument("--frames", metavar="DIR", help="also write every frame as PNG into DIR")
    f = p.add_argument_group("film")
    f.add_argument("--mode", choices=MODES, default="boards",
                   help="boards (default): every frame the closest reachable board; play: one "
                        "game, at most --clicks-per-frame clicks from frame to frame")
    f.add_argument("--clicks-per-frame", type=positive_int, metavar="N",
                   help="play mode: clicks per frame at most (default: about 9 %% of the "
                        "board's cells, 150 on 48x35); the frame after a cut takes what its "
                        "new board needs")
    f.add_argument("--fps", type=positive_float,
                   help=f"frames per second (default: the clip's, at most {DEFAULT_FPS_MAX:g})")
    f.add_argument("--start", type=non_negative_float, default=0.0, metavar="SECONDS",
                   help="start this far into the clip (default 0)")
    f.add_argument("--end", type=positive_float, metavar="SECONDS",
                   help="stop this far into the clip (default: its end)")
    f.add_argument("--no-audio", action="store_true",
                   help="an MP4 or .html film without the clip's sound")
    add_picture_options(p)
    _film_options(p)
    p.set_defaults(func=run)


def _film_options(p: argparse.ArgumentParser) -> None:
    """The shared picture options as a film reads them: ``--dither`` takes ``steady`` too and
    defaults to it (the other methods flicker), ``--time-limit`` is per frame, and
    ``--export-model`` (a still's) is hidden (and refused)."""
    for action in p._actions:
        if "--export-model" in action.option_strings:
            action.help = argparse.SUPPRESS
        if "--time-limit" in action.option_strings:
            action.help = ("search budget per frame for the engine's fit and the clicks between "
                           "frames (default 0.05 s; only boards of nullity above 0 search)")
        if "--dither" in action.option_strings:
            action.choices = [STEADY, *(action.choices or [])]
            action.default = STEADY
            action.help = (f"{STEADY} (default): a search from the previous frame's board that "
                           "changes a cell only where its picture changed; blue-noise and bayer "
                           "masks stay fixed to the board with hysteresis; the other methods "
                           "dither every frame afresh (and flicker): "
                           f"{', '.join(action.choices)}")


def run(args: argparse.Namespace) -> int:
    from lightsart._errors import InvalidValue
    from lightsart._video.film import Filming, make_film

    if args.export_model:
        raise InvalidValue("--export-model writes a picture's model: use it with still or "
                           "animate")
    filming = Filming(mode=args.mode, fps=args.fps, start=args.start, end=args.end,
                      clicks_per_frame=args.clicks_per_frame, sound=not args.no_audio,
                      dither=args.dither)
    if args.output is None and args.frames is None:
        raise InvalidValue("nothing to write: give -o OUT and/or --frames DIR")
    if args.dither == STEADY:  # the pictures' settings take only the still methods' names
        args.dither = "floyd-steinberg"
    result = make_film(args.clip, args.output, frames_dir=args.frames, filming=filming,
                       **settings_from_args(args))
    for note in () if args.quiet else result.notes:
        print(f"lightsart: note: {note}", file=sys.stderr)
    if args.json:
        emit_json(result.to_dict())
        return 0
    words = click_word(result.rules.states)
    print(f"board {result.width}x{result.height}{rules_words(result.rules)}, nullity "
          f"{result.nullity}")
    most = "" if result.clicks_limit is None else f", at most {result.clicks_limit} per frame"
    # Play mode's one frame over the bound is a cut's (the board jumps to the new shot's fit):
    # count them from the presses themselves, so the line says what the film holds.
    over = 0 if result.clicks_limit is None else sum(
        clicks > result.clicks_limit for clicks in result.clicks_per_frame)
    if over:
        most += f" but at {over} cut{'s' * (over > 1)}, where the board jumps to the new shot"
    per = result.clicks_total / max(1, len(result.clicks_per_frame))
    frames = "1 frame" if result.frames == 1 else f"{result.frames} frames"
    # A film shorter than a tenth of a second would print as 0.0 s.
    duration = result.duration_seconds
    seconds = f"{duration:.1f}" if duration >= 0.1 else f"{duration:.2g}"
    print(f"{result.mode} mode: {frames} at {result.fps:g} fps "
          f"({seconds} s), {result.clicks_total} {words} between frames "
          f"({per:.1f} per frame{most})")
    if result.sound:
        print("sound: the clip's, trimmed to the film")
    for path in result.outputs:
        print(f"wrote {path}")
    return 0
