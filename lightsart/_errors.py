"""The errors a user sees: one small tree (as httpx's), every message one line the CLI prints.

::

    LightsartError              bad input or an impossible request (the CLI: exit 2, one line)
    ├── InvalidValue            a value out of range or unknown (also a ValueError)
    │   └── TooLarge            a size or amount beyond the limits of lightsart._limits
    └── InvalidType             a value of the wrong type (also a TypeError)

Catch :class:`LightsartError` for all of them; Python's ``except ValueError`` and ``except
TypeError`` catch the two branches as they would a standard library's refusal. What is
neither a wrong value nor a wrong type stays the base class, and only these kinds:

* a file that cannot be read: missing, a folder, unreadable, not a picture or a film, damaged
  (no pixels, no frames ffmpeg can decode, a truncated clip);
* an output that cannot be written (the all-or-nothing stage's refusals, ffmpeg failing);
* a tool that is not installed (ffmpeg, PuLP, a MIP solver) or that fails (a solver's error,
  an answer that fails its re-check);
* a request the solver proves impossible (``basic_ip``: the picture is not reachable);
* a result asked for what it does not hold (frames of a result made without them).

Every argument a caller gives is checked as :class:`InvalidValue`, :class:`TooLarge` or
:class:`InvalidType` (``tests/test_strict_api.py`` walks every public callable).
"""

from __future__ import annotations

import os

from lightsart._public import public

__all__ = ["InvalidType", "InvalidValue", "LightsartError", "TooLarge", "one_line", "shown"]


@public
class LightsartError(Exception):
    """Bad input or an impossible request; the message is meant for the user, on one line.

    The CLI prints the message alone on stderr and exits with code 2; the library raises it
    before any work or output, for the same reasons and with the same words. A control
    character in the message (a file name holding a newline) is written as its escape, so the
    message stays one line however it was built (:func:`shown` quotes such a name).

    Parameters
    ----------
    *args : object
        The message, as ``Exception`` takes it; a string is kept on one line.

    Examples
    --------
    >>> from lightsart import LightsartError, Timing
    >>> try:
    ...     Timing(fps=500)
    ... except LightsartError as error:
    ...     print(error)
    --fps must be between 1 and 120, got 500
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*(one_line(a) if isinstance(a, str) else a for a in args))


@public
class InvalidValue(LightsartError, ValueError):
    """A value out of its range, unknown, or inconsistent with another: also a ``ValueError``.

    Parameters
    ----------
    *args : object
        The message, one line.

    Examples
    --------
    >>> from lightsart import InvalidValue, Tone
    >>> try:
    ...     Tone(gamma=-1)
    ... except ValueError as error:
    ...     print(type(error).__name__, isinstance(error, InvalidValue))
    InvalidValue True
    """


@public
class TooLarge(InvalidValue):
    """A size or amount of work beyond one of lightsart's limits (the README's "Limits"), refused
    before any work: also a ``ValueError``.

    Parameters
    ----------
    *args : object
        The message, one line; it names the limit.

    Examples
    --------
    >>> from lightsart import TooLarge, from_state
    >>> try:
    ...     from_state(0, 10**6, 10**6)
    ... except TooLarge as error:
    ...     print(error)
    board 1000000x1000000 is too large (short side at most 8192, long side at most 32768)
    """


@public
class InvalidType(LightsartError, TypeError):
    """A value of the wrong type (text where a number is expected, ``None`` for a picture):
    also a ``TypeError``.

    Parameters
    ----------
    *args : object
        The message, one line.

    Examples
    --------
    >>> from lightsart import InvalidType, parse_board
    >>> try:
    ...     parse_board(None)
    ... except TypeError as error:
    ...     print(error)
    board text must be a str; got None
    """


def shown(path: object) -> str:
    """``path`` as a message names it: as it is, or quoted with its control characters escaped
    when it holds any (a newline would split the one error line in two).

    >>> print(shown("photos/cat.png"))
    photos/cat.png
    >>> print(shown("cat\\n.png"))
    'cat\\n.png'
    """
    text = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    return text if text.isprintable() else repr(text)


def one_line(text: str) -> str:
    """``text`` with every character that is not printable (newline, tab, escape, a byte that
    is not UTF-8) written as its Python escape: one line on any terminal.

    >>> print(one_line("a\\nb\\tc"))
    a\\nb\\tc
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
