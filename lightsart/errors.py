"""The one exception type a user sees: its message is printed as a single line by the CLI."""

from __future__ import annotations


class LightsartError(Exception):
    """Bad input or an impossible request; the message is meant for the user, on one line.

    The CLI prints the message alone on stderr and exits with code 2; the library raises it
    before any work or output, for the same reasons and with the same words.

    Examples
    --------
    >>> from lightsart import LightsartError, Timing
    >>> try:
    ...     Timing(fps=500)
    ... except LightsartError as error:
    ...     print(error)
    --fps must be between 1 and 120, got 500
    """
