"""The one exception type a user sees: its message is printed as a single line by the CLI."""

from __future__ import annotations


class LightsartError(Exception):
    """Bad input or an impossible request; the message is meant for the user, on one line."""
