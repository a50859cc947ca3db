"""Command-line interface: argument parsing only; every command calls the library.

Each command lives in its own module under ``lightsart.cli`` with ``add_parser(subparsers)``
(which sets ``func`` on its parser) and is listed in ``COMMANDS``. The module docstring's first
line is the command's one-line help; its ``DESCRIPTION`` (with an example) is the full help.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from lightsart.errors import LightsartError

#: Command modules, in the order ``lightsart --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "animate",
    "still",
    "preview",
    "sizes",
    "play",
    "solve",
    "path",
    "table",
    "census",
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage as one line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"lightsart: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    from lightsart import __version__

    parser = _Parser(
        prog="lightsart",
        description="Turn pictures into Lights Out boards and animate them, click by click.",
    )
    parser.add_argument("--version", action="version", version=f"lightsart {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        module = importlib.import_module(f"lightsart.cli.{name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except LightsartError as exc:
        print(f"lightsart: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`lightsart ... | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:
        # Files vanishing, permissions, a full disk: the user's environment, not a bug.
        where = f" {exc.filename}" if exc.filename else ""
        print(f"lightsart: error:{where} {exc.strerror or exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print("lightsart: error: out of memory (try a smaller board)", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lightsart: interrupted", file=sys.stderr)
        return 130
