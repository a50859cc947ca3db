"""Command-line interface: argument parsing only; every command calls the library.

Each command lives in its own module under ``lightsart.cli`` with ``add_parser(subparsers)``
(which sets ``func`` on its parser) and is listed in ``COMMANDS``. The module docstring's first
line is the command's one-line help; its ``DESCRIPTION`` (with an example) is the full help.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

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
    """argparse that reports bad usage as one line and exit code 2.

    Values that start with a minus and a digit (``--size -5x5``, ``--seed -1``) are values, so
    their own check explains what is wrong instead of "expected one argument".
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"^-\d[\w.+-]*$")

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


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so every ``finally`` and ``with`` cleans up the same way."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        return _run(args)
    finally:
        if main_thread and previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace) -> int:
    """Run the command; every failure a user can cause becomes one line and an exit code."""
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
    except Terminated:
        print("lightsart: terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("lightsart: interrupted", file=sys.stderr)
        return 130
