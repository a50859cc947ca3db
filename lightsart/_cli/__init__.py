"""Command-line interface: argument parsing only; every command calls the library.

Each command lives in its own module under ``lightsart._cli`` with ``add_parser(subparsers)``
(which sets ``func`` on its parser) and is listed in ``COMMANDS``. The module docstring's first
line is the command's one-line help; its ``DESCRIPTION`` (with an example) is the full help.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

from lightsart._errors import InvalidValue, LightsartError, one_line, shown

#: Command modules, in the order ``lightsart --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "animate",
    "video",
    "still",
    "preview",
    "sizes",
    "play",
    "solve",
    "path",
    "table",
    "census",
    "studio",
)


# argparse's words for a bad choice (3.11-3.13: quoted with repr; 3.12.8+/3.13.1+ may use
# plain quotes), and for options no parser knows.
_INVALID_CHOICE = re.compile(
    r"invalid choice: (?P<q>['\"]?)(?P<value>.*?)(?P=q) \(choose from (?P<choices>.*)\)$")
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (?P<args>.*)$")


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage as one line and exit code 2.

    Values that start with a minus and a digit (``--size -5x5``, ``--seed -1``) are values, so
    their own check explains what is wrong instead of "expected one argument". A long option is
    never abbreviated (``allow_abbrev=False``: ``--siz`` is refused, not read as ``--size``), and a
    mistyped command, choice or option gets "did you mean" (``suggest_on_error`` of Python 3.14,
    done with :mod:`difflib` here so 3.11 has it too).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"^-\d[\w.+-]*$")
        #: The one command this parser was built for (:func:`build_parser`'s ``only``), if any.
        self.command: str | None = None

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"lightsart: error: {one_line(message)}{self._suggestion(message)}\n")

    def _suggestion(self, message: str) -> str:
        """``; did you mean 'animate'?`` for a near miss, else nothing."""
        choice = _INVALID_CHOICE.search(message)
        if choice:
            choices = re.findall(r"['\"]([^'\"]*)['\"]", choice["choices"])
            return _did_you_mean(choice["value"], choices)
        unknown = _UNRECOGNIZED.search(message)
        if unknown:
            return _unknown_options(unknown["args"].split(), self.command)
        return ""


def _unknown_options(words: Sequence[str], command: str | None) -> str:
    """``; sizes has no option --time-limit (...)`` for an option only other commands take, or
    ``; did you mean '--radius'?`` for a near miss among the command's own options (every
    command's when no command was named)."""
    everything = build_parser()  # main() built its parser with one command only
    by_command = {name: _option_strings(sub) for name, sub in _commands(everything).items()}
    own = sorted(by_command[command] if command in by_command else _option_strings(everything))
    for word in words:
        option = word.split("=", 1)[0]
        if not option.startswith("--"):
            continue
        takers = [name for name, options in by_command.items() if option in options]
        if command is not None and takers:
            verb = "takes" if len(takers) == 1 else "take"
            return f"; {command} has no option {option} ({', '.join(takers)} {verb} it)"
        found = _did_you_mean(option, own)
        if found:
            return found
    return ""


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The command parsers of ``parser`` by name."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _did_you_mean(value: str, choices: Sequence[str]) -> str:
    import difflib  # only on an error: start-up does without it

    close = difflib.get_close_matches(value, choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _option_strings(parser: argparse.ArgumentParser) -> set[str]:
    """Every long option of ``parser`` and of its commands (an unknown option is reported by the
    top parser, which does not know which command's it was meant to be)."""
    found: set[str] = set()
    for action in parser._actions:
        found.update(o for o in action.option_strings if o.startswith("--"))
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found |= _option_strings(sub)
    return found


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command, or with ``only`` that command alone (what
    :func:`main` parses a command's arguments with, so it imports one command module and the
    registries it lists, not all of them: the start-up of 0.2 for every command)."""
    from lightsart import __version__

    parser = _Parser(
        prog="lightsart",
        description="Turn pictures into Lights Out boards and animate them, click by click.",
    )
    parser.add_argument("--version", action="version", version=f"lightsart {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS if only is None else (only,):
        module = importlib.import_module(f"lightsart._cli.{name}")
        module.add_parser(sub)
        # --quiet on every command, added here so each command module need not.
        sub.choices[name].add_argument(
            "-q", "--quiet", action="store_true",
            help="print nothing on success but --json's answer (no summary, notes or progress "
                 "bars); errors still print")
    helper = sub.add_parser("help", help="List the commands, or show one command's options.",
                            description="lightsart help: the commands, one line each; "
                                        "lightsart help COMMAND: that command's --help.")
    helper.add_argument("topic", nargs="?", choices=COMMANDS, metavar="COMMAND",
                        help="the command to explain")
    parser.set_defaults(func=None)
    parser.command = only
    return parser


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so every ``finally`` and ``with`` cleans up the same way."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def _command_of(argv: Sequence[str]) -> str | None:
    """The command ``argv`` starts with, when it is one of :data:`COMMANDS` (anything else, such
    as ``-h``, ``--version`` or a typo, gets the whole parser)."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command_of(words))
    args = parser.parse_args(words)
    if args.command is None or args.command == "help":
        # No command, or ``help``: the commands with their one-line help, on stdout, exit 0.
        topic = getattr(args, "topic", None)
        if topic is not None:
            parser.parse_args([topic, "--help"])  # exits 0 after printing the command's help
        parser.print_help()
        return 0
    if argv is None:
        _tolerant_streams()
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    saved = sys.stdout
    sys.stdout = _Stdout(saved)
    try:
        return _run(args)
    finally:
        sys.stdout = saved
        if main_thread and previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _tolerant_streams() -> None:
    """A name the terminal's encoding cannot show (``PYTHONIOENCODING=ascii``, a C locale) is
    printed as a backslash escape instead of failing the run after its files are written."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


class _StdoutFailed(Exception):
    """Standard output could not be written (a full disk under ``> file``, ``> /dev/full``)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))


class _Stdout:
    """``sys.stdout`` whose write errors (but a closed pipe's) are told apart from the outputs'."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _StdoutFailed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _StdoutFailed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


#: The arguments that name files or folders (``dest`` → how the user wrote it).
_PATHS = {"image": "a picture", "images": "a picture", "clip": "a clip", "output": "-o",
          "frames": "--frames", "target_out": "--target-out", "compare": "--compare",
          "export_model": "--export-model", "db": "--db"}


def _refuse_empty_names(args: argparse.Namespace) -> None:
    """An empty name (``--frames ''``, a shell variable that was never set) names no file: the
    current folder it would resolve to is never what was meant."""
    for dest, said in _PATHS.items():
        value = getattr(args, dest, None)
        values = value if isinstance(value, list) else [value]
        if any(v == "" for v in values):
            raise InvalidValue(f"{said} is given an empty name (the current folder is never "
                               "meant): name a file or folder")


def _run(args: argparse.Namespace) -> int:
    """Run the command; every failure a user can cause becomes one line and an exit code."""
    try:
        _refuse_empty_names(args)
        code = _quietly(args) if args.quiet else _with_progress(args)
        sys.stdout.flush()  # a full standard output is told here, not at exit
        return code
    except _StdoutFailed as exc:
        print(f"lightsart: error: cannot print to standard output: {exc}", file=sys.stderr)
        # What is still buffered goes nowhere: Python's flush at exit would fail again (exit 120).
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())  # type: ignore[union-attr]
        return 2
    except LightsartError as exc:
        print(f"lightsart: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`lightsart ... | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:
        # Files vanishing, permissions, a full disk: the user's environment, not a bug.
        where = f" {shown(exc.filename)}" if exc.filename else ""
        print(f"lightsart: error:{where} {one_line(str(exc.strerror or exc))}", file=sys.stderr)
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


def _quietly(args: argparse.Namespace) -> int:
    """``--quiet``: no summary, notes or progress; ``--json``'s answer and errors still print."""
    from lightsart._output.progress import quiet

    with quiet():
        if getattr(args, "json", False):
            return int(args.func(args))
        saved = sys.stdout
        with open(os.devnull, "w", encoding="utf-8") as devnull:
            sys.stdout = devnull
            try:
                return int(args.func(args))
            finally:
                sys.stdout = saved


class _StopsWorking:
    """``sys.stdout`` or ``sys.stderr`` while a :class:`~lightsart._output.progress.Working` line
    may draw on the same terminal: the first line written erases it, so the summary or a note
    never lands after it (a progress bar's redraw, starting with a carriage return, does not)."""

    def __init__(self, stream: Any, working: Any) -> None:
        self._stream = stream
        self._working = working

    def write(self, text: str) -> int:
        if not text.startswith("\r"):
            self._working.stop()
        return int(self._stream.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _with_progress(args: argparse.Namespace) -> int:
    """Run the command; on a terminal, a step that takes over a second shows its elapsed time
    (and the writers their bars), never when stderr is piped."""
    if not _on_terminal(sys.stderr):  # piped, as in scripts: no line to draw, nothing to import
        return int(args.func(args))
    from lightsart._output.progress import Working

    working = Working(f"lightsart {args.command}: working")
    if not working.enabled:
        return int(args.func(args))
    saved = sys.stdout, sys.stderr
    sys.stdout = _StopsWorking(saved[0], working)  # type: ignore[assignment]
    sys.stderr = _StopsWorking(saved[1], working)  # type: ignore[assignment]
    try:
        with working:
            return int(args.func(args))
    finally:
        sys.stdout, sys.stderr = saved


def _on_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed, or a file-like object without isatty
        return False
