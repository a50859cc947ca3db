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

A palette is asked for as ``--palette`` text (:func:`palette_request`): ``auto:K`` (``K``
colours chosen from the pictures, :func:`lightsart._pictures.colour.choose_palette`), a name of
:data:`PALETTES` (``name:K`` for the ramps), or explicit colours ``#1b1b3a,#f4e9cd,...`` (kept
in the order given: the order a click steps through).

>>> palette_request("handheld").hex()
('#0f380f', '#306230', '#8bac0f', '#9bbc0f')
>>> palette_request("auto:4"), palette_request("#000,#fff").states
('auto:4', 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import STATES_MAX
from lightsart._public import public
from lightsart._registry import Registry

__all__ = ["PALETTES", "RGB", "Named", "Palette", "agreed_states", "disagreement", "greys", "in_colour",
           "palette_request", "palette_states", "request_text"]

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


@dataclass(frozen=True)
class Named:
    """A named palette: fixed ``colours`` (ordered by lightness when used), or a ``ramp``
    through them, dark to light, that takes any number of states (``name:K``; ``states`` colours
    when no ``K`` is given), spaced evenly in OKLab (``even="oklab"``) or in sRGB values
    (``"srgb"``: :func:`greys`' levels)."""

    colours: tuple[RGB, ...]
    ramp: bool = False
    states: int = 0
    even: str = "oklab"

    def palette(self, states: int | None) -> Palette:
        """The palette of ``states`` colours (``None``: the name's own)."""
        from lightsart._pictures import colour

        if not self.ramp:
            return colour.by_lightness(self.colours)
        k = states or self.states
        if self.even == "srgb":
            (r0, g0, b0), (r1, g1, b1) = self.colours
            return Palette(tuple((round(r0 + (r1 - r0) * s / (k - 1)),
                                  round(g0 + (g1 - g0) * s / (k - 1)),
                                  round(b0 + (b1 - b0) * s / (k - 1))) for s in range(k)))
        return colour.ramp(self.colours, k)


#: Every named palette (the ``--palette`` names), dark to light. Why these: ``greys`` is every
#: board before colour; ``handheld`` the four greens of the 1989 handheld's screen; ``cga`` the
#: IBM CGA's palette 1 (black, cyan, magenta, white), the best-known four-colour computer look;
#: ``amber`` and ``sepia`` ramps of a monochrome monitor and an old print; ``pico8`` the sixteen
#: colours of the PICO-8 fantasy console, a pixel artists' favourite.
PALETTES: Registry[Named] = Registry("palette")
PALETTES.register("greys", Named(((0, 0, 0), (255, 255, 255)), ramp=True, states=2,
                                       even="srgb"),
                  about="black to white, any K (greys:K; today's boards)", aliases=("grays",))
PALETTES.register("handheld", Named(((15, 56, 15), (48, 98, 48), (139, 172, 15), (155, 188, 15))),
                  about="the four greens of the 1989 handheld's screen (K = 4)")
PALETTES.register("cga", Named(((0, 0, 0), (255, 85, 255), (85, 255, 255), (255, 255, 255))),
                  about="IBM CGA palette 1, high intensity: black, magenta, cyan, white (K = 4)")
PALETTES.register("amber", Named(((0, 0, 0), (255, 176, 0), (255, 236, 179)), ramp=True,
                                 states=4),
                  about="an amber monitor, black to amber to pale (amber:K, default 4)")
PALETTES.register("sepia", Named(((43, 29, 14), (150, 104, 60), (244, 233, 205)), ramp=True,
                                 states=4),
                  about="an old print, dark brown to cream (sepia:K, default 4)")

_AUTO = "auto"


def _hex(text: str) -> RGB:
    digits = text.strip().removeprefix("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) != 6 or any(d not in "0123456789abcdefABCDEF" for d in digits):
        raise InvalidValue(f"palette colour {text.strip()!r} is not #rrggbb")
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _count(text: str, name: str) -> int:
    if not text.isdigit() or not 2 <= int(text) <= STATES_MAX:
        raise InvalidValue(f"palette {name}:K takes K from 2 to {STATES_MAX}, got {text!r}")
    return int(text)


_PICO8 = ("000000 1d2b53 7e2553 5f574f 008751 ab5236 29adff ff004d 83769c ff77a8 00e436 c2c3c7 "
          "ffa300 ffccaa ffec27 fff1e8")
PALETTES.register("pico8", Named(tuple(_hex(c) for c in _PICO8.split())),
                  about="the sixteen colours of the PICO-8 fantasy console (K = 16)")


def palette_request(value: object) -> Palette | str | None:
    """A palette as asked for, checked: a :class:`Palette` as it is; text as ``--palette`` reads
    it (``auto:K`` stays text, ``auto:4``, since the pictures choose its colours; a name or
    ``#rrggbb,...`` becomes the :class:`Palette`); ``None`` (greys of the game's states)."""
    if value is None or isinstance(value, Palette):
        return value
    if not isinstance(value, str):
        raise InvalidType(f"palette must be a Palette, text such as 'auto:4', 'sepia' or "
                          f"'#1b1b3a,#f4e9cd', or None; got {value!r}")
    text = value.strip()
    if "," in text or text.startswith("#"):
        return Palette(tuple(_hex(c) for c in text.split(",")))
    name, _, count = text.partition(":")
    if name == _AUTO:
        if not count:
            raise InvalidValue(f"palette auto needs its number of colours: auto:K, K from 2 to "
                               f"{STATES_MAX} (auto:4)")
        return f"{_AUTO}:{_count(count, name)}"
    named = PALETTES.get(name)  # an unknown name: the registry's one sentence
    if count and not named.ramp:
        raise InvalidValue(f"palette {name} has {len(named.colours)} colours: write {name} "
                           "without :K")
    return named.palette(_count(count, name) if count else None)


def palette_states(request: Palette | str) -> int:
    """The number of states a checked palette request (:func:`palette_request`) stands for."""
    return request.states if isinstance(request, Palette) else int(request.partition(":")[2])


def request_text(request: Palette | str) -> str:
    """A checked request as ``--palette`` text: ``auto:K``, or the colours ``#rrggbb,...``."""
    return request if isinstance(request, str) else ",".join(request.hex())


def in_colour(request: Palette | str | None) -> bool:
    """Whether a checked request dithers in colour: any palette but greys (``None`` and
    :func:`greys` are the grey stage, exactly as boards were made before colour)."""
    if request is None:
        return False
    return not (isinstance(request, Palette) and request == greys(request.states))


def agreed_states(request: Palette | str | None, states: int | None) -> int:
    """The number of states of a game with palette ``request`` and ``states`` asked for: the
    palette's length (``None``: the palette's, or 2 without one); ``states`` given must equal it
    (one line if not), but for 2, :class:`lightsart.Solving`'s default, which a palette's
    length replaces."""
    if request is None:
        return 2 if states is None else states
    k = palette_states(request)
    if states is not None and states not in (2, k):
        raise disagreement(request, states)
    return k


def disagreement(request: Palette | str, states: int) -> InvalidValue:
    """The one line for a palette whose length is not the number of states asked for."""
    return InvalidValue(f"--palette {request_text(request)} has {palette_states(request)} "
                        f"colours but --states is {states}: a palette has one colour per state")
