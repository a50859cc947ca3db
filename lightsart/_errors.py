"""The one exception type a user sees: its message is printed as a single line by the CLI."""

from __future__ import annotations

import os

from lightsart._public import public

__all__ = ["LightsartError", "one_line", "shown"]


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
