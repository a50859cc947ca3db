"""Options shared by the picture commands (``still``, ``animate``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def size_type(text: str) -> tuple[int, int | None]:
    """``WxH`` or ``W`` (height from the picture's aspect ratio)."""
    from lightsart.boardsize import parse_size
    from lightsart.errors import LightsartError

    try:
        return parse_size(text)
    except LightsartError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def non_negative_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {text!r}")
    return value


def add_picture_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("pictures")
    g.add_argument("--size", type=size_type, metavar="WxH",
                   help="board size, WxH or W (default: about 100 cells, preferring nullity 0)")
    g.add_argument("--fit", choices=["cover", "contain", "stretch"], default="cover",
                   help="how a picture fills the board (default: cover, centred)")
    g.add_argument("--dither", choices=["floyd-steinberg", "none"], default="floyd-steinberg",
                   help="Floyd–Steinberg error diffusion, or a plain threshold")
    e = p.add_argument_group("engine")
    e.add_argument("--engine", choices=["exact", "ip", "auto"], default="exact",
                   help="exact GF(2) algebra (default), Bosch's integer programs, or exact + IP")
    e.add_argument("--time-limit", type=positive_float, metavar="SECONDS",
                   help="search budget per picture for large nullity (default 1 s); CBC's limit per integer "
                        "program with --engine ip (default 60 s)")
    r = p.add_argument_group("rendering")
    r.add_argument("--cell", type=positive_int, metavar="N",
                   help="pixels per cell (default: about 480 pixels on the long side)")
    r.add_argument("--style", choices=["pixels", "lights"], default="pixels",
                   help="pixels: white/black cells, exact; lights: like the handheld game")
    for part, what in (("lit", "lit cells"), ("unlit", "unlit cells"), ("panel", "the panel/padding")):
        r.add_argument(f"--{part}-colour", f"--{part}-color", dest=f"{part}_colour", metavar="COLOUR",
                       help=f"colour of {what} (#rrggbb or a name; default: the style's)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")


def emit_json(data: dict[str, Any]) -> None:
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


def proven(flag: bool) -> str:
    return "proven minimal" if flag else "best found, not proven minimal"


def wrong_pixels(count: int) -> str:
    return f"{count} wrong pixel{'' if count == 1 else 's'}"
