"""Palettes: the colour of each state of a cell (issue 34).

A board with ``K`` states shows each cell in one of ``K`` looks; a :class:`Palette` says which.
``colours[s]`` is the colour of state ``s``: state ``K - 1`` is the look of a lit cell (every
board is reachable from the all-lit board, all cells ``K - 1``) and state ``0`` that of an
unlit one. A click moves each toggled cell one step along the palette, modulo ``K``: the
palette's length *is* the number of states, and its order changes how an animation looks,
never which boards are reachable.

Greys are one palette among others: :func:`greys` is what every board was drawn in before
colour (level ``s`` grey ``round(255 * s / (K - 1))``).

>>> greys(3).hex()
('#000000', '#808080', '#ffffff')
>>> Palette(((27, 27, 58), (244, 233, 205))).states
2

A palette is asked for by name, as ``auto:K`` or as colours (:mod:`lightsart._pictures.palettes`).
"""

from __future__ import annotations

from dataclasses import dataclass

from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import STATES_MAX
from lightsart._public import public

__all__ = ["RGB", "Palette", "greys"]

#: A colour as three whole numbers 0..255.
RGB = tuple[int, int, int]


@public
@dataclass(frozen=True)
class Palette:
    """The colour of each state, state ``0`` first; its length is the number of states.

    Parameters
    ----------
    colours : tuple of (int, int, int)
        ``K`` sRGB colours (2 <= K <= 16), each three whole numbers 0..255; no two alike (two
        states drawn alike could not be told apart on the board).

    Returns
    -------
    Palette
        The checked palette. :class:`lightsart.Pictures` takes one (or ``"auto:K"``, a name,
        ``"#rrggbb,..."`` text) as ``palette``; results keep the one the boards were made in.

    Examples
    --------
    >>> from lightsart import Palette
    >>> Palette(((15, 56, 15), (155, 188, 15))).hex()
    ('#0f380f', '#9bbc0f')
    >>> Palette(((0, 0, 0), (0, 0, 0)))
    Traceback (most recent call last):
    ...
    lightsart.InvalidValue: a palette's colours must all differ: two states drawn alike cannot be told apart
    """

    colours: tuple[RGB, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.colours, tuple | list):
            raise InvalidType(f"a palette is a sequence of (r, g, b) colours, got {self.colours!r}")
        colours = []
        for c in self.colours:
            if not isinstance(c, tuple | list) or len(c) != 3 or not all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in c):
                raise InvalidValue(f"a palette colour is three whole numbers 0..255, got {c!r}")
            colours.append((int(c[0]), int(c[1]), int(c[2])))
        if not 2 <= len(colours) <= STATES_MAX:
            raise InvalidValue(
                f"a palette has 2 to {STATES_MAX} colours (one per state), got {len(colours)}")
        if len(set(colours)) != len(colours):
            raise InvalidValue("a palette's colours must all differ: two states drawn alike "
                               "cannot be told apart")
        object.__setattr__(self, "colours", tuple(colours))

    @property
    def states(self) -> int:
        """The number of states: one per colour."""
        return len(self.colours)

    def hex(self) -> tuple[str, ...]:
        """The colours as ``#rrggbb`` text, state ``0`` first (as ``--json`` writes them)."""
        return tuple(f"#{r:02x}{g:02x}{b:02x}" for r, g, b in self.colours)


def greys(states: int) -> Palette:
    """The grey palette of ``states`` levels, black to white: state ``s`` is grey
    ``round(255 * s / (states - 1))`` (how boards were drawn before colour)."""
    if isinstance(states, bool) or not isinstance(states, int) or not 2 <= states <= STATES_MAX:
        raise InvalidValue(f"states must be a whole number from 2 to {STATES_MAX}, got {states!r}")
    return Palette(tuple((v, v, v) for v in (round(255 * s / (states - 1)) for s in range(states))))
