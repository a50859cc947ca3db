"""Make boards and animations in the browser: a local web app on 127.0.0.1."""

from __future__ import annotations

import argparse

from lightsart._cli._options import add_command

DESCRIPTION = """\
Start lightsart studio, a local web app, and open it in the browser: pick or drop pictures, and
the board follows as you change its size, states, dithering, tone, pattern and topology; with
two pictures or more, the animation plays on the page (click order, easing, timing), and you can
step, scrub and click cells yourself. Exports are what the command line writes (PNG, SVG, PDF,
GIF, MP4, HTML), and the page shows the equivalent lightsart command for every setting.

The studio listens on 127.0.0.1 only and keeps its files in a temporary folder removed when it
stops (Ctrl-C). It needs the studio extra: pip install 'lightsart[studio]'.

example: lightsart studio
example: lightsart studio --port 8765 --no-browser
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "studio", __doc__, DESCRIPTION)
    p.add_argument("--port", type=int, default=0, metavar="PORT",
                   help="port to listen on (default 0: any free port)")
    p.add_argument("--host", default="127.0.0.1", metavar="HOST",
                   help="address to listen on: 127.0.0.1 (or localhost) only")
    p.add_argument("--no-browser", action="store_true", help="print the address, open nothing")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from lightsart._errors import InvalidValue
    from lightsart._studio import check_host, missing_extra, serve

    check_host(args.host)
    if not 0 <= args.port <= 65535:
        raise InvalidValue(f"--port must be from 0 to 65535, got {args.port}")
    missing = missing_extra()
    if missing is not None:
        raise InvalidValue(missing)
    try:
        serve(args.port, open_browser=not args.no_browser, host=args.host)
    except OSError as exc:
        raise InvalidValue(f"cannot listen on port {args.port}: {exc.strerror or exc}") from None
    return 0
