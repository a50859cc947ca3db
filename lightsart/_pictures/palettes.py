"""Palettes asked for by name, as ``auto:K`` or as colours, and the OKLab that orders them (issue 34).

A palette is asked for as ``--palette`` text (:func:`palette_request`): ``auto:K`` (``K``
colours chosen from the pictures, :func:`lightsart._pictures.colour.choose_palette`), a name of
:data:`PALETTES` (``name:K`` for the ramps), or explicit colours ``#1b1b3a,#f4e9cd,...`` (kept
in the order given: the order a click steps through). Named palettes and ``auto:K`` run dark to
light by OKLab lightness, so state ``K - 1`` (the lit look of the all-lit start board) is the
lightest and a click steps one shade lighter (mod ``K``); greys stay exactly today's boards.

The palette's length is the number of states (:func:`agreed_states`).

**OKLab** (Björn Ottosson, 2020): sRGB in ``[0, 1]`` to linear light (IEC 61966-2-1), to LMS
by ``M1``, cube roots, to ``Lab`` by ``M2``; ``L`` is perceived lightness (0 black, 1 white) and
straight-line distance follows how different two colours look. numpy is imported inside the
functions, so the CLI can list the palettes' names at start-up without it.

>>> palette_request("handheld").hex()
('#0f380f', '#306230', '#8bac0f', '#9bbc0f')
>>> palette_request("auto:4"), palette_request("#000,#fff").states
('auto:4', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import STATES_MAX
from lightsart._palette import RGB, Palette, greys
from lightsart._registry import Registry

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["PALETTES", "Named", "agreed_states", "by_lightness", "disagreement", "in_colour",
           "oklab_to_srgb", "palette_lab", "palette_request", "palette_states", "ramp",
           "request_text", "rgb8", "srgb_to_oklab"]


#: Ottosson's matrices: linear sRGB to LMS, and cube-rooted LMS to Lab.
_M1 = ((0.4122214708, 0.5363325363, 0.0514459929),
       (0.2119034982, 0.6806995451, 0.1073969566),
       (0.0883024619, 0.2817188376, 0.6299787005))
_M2 = ((0.2104542553, 0.7936177850, -0.0040720468),
       (1.9779984951, -2.4285922050, 0.4505937099),
       (0.0259040371, 0.7827717662, -0.8086757660))


def srgb_to_oklab(rgb: NDArray[np.float64]) -> NDArray[np.float64]:
    """sRGB values in ``[0, 1]`` (last axis ``r, g, b``) as OKLab ``(L, a, b)``: linear light
    (IEC 61966-2-1), LMS by ``M1``, cube roots, Lab by ``M2``.

    >>> import numpy as np
    >>> (srgb_to_oklab(np.array([1.0, 1.0, 1.0])).round(4) + 0.0).tolist()  # white: L 1, no hue
    [1.0, 0.0, 0.0]
    """
    import numpy as np

    from lightsart._pictures.dither import srgb_to_linear

    lms = srgb_to_linear(np.asarray(rgb, dtype=np.float64)) @ np.array(_M1).T
    lab: NDArray[np.float64] = np.cbrt(lms) @ np.array(_M2).T
    return lab


def oklab_to_srgb(lab: NDArray[np.float64]) -> NDArray[np.float64]:
    """OKLab ``(L, a, b)`` as sRGB values, clipped to ``[0, 1]`` (the inverse of
    :func:`srgb_to_oklab` inside the sRGB gamut)."""
    import numpy as np

    lms = (np.asarray(lab, dtype=np.float64) @ np.linalg.inv(np.array(_M2)).T) ** 3
    linear = np.clip(lms @ np.linalg.inv(np.array(_M1)).T, 0.0, 1.0)
    encoded: NDArray[np.float64] = np.where(linear <= 0.0031308, 12.92 * linear,
                                            1.055 * np.power(linear, 1 / 2.4) - 0.055)
    return np.clip(encoded, 0.0, 1.0)


def palette_lab(palette: Palette) -> NDArray[np.float64]:
    """The palette's colours in OKLab, ``(K, 3)``, state 0 first."""
    import numpy as np

    return srgb_to_oklab(np.array(palette.colours, dtype=np.float64) / 255.0)


def rgb8(lab: NDArray[np.float64]) -> list[RGB]:
    """OKLab colours (``(K, 3)``) as 8-bit sRGB, rounded."""
    import numpy as np

    rgb = np.rint(oklab_to_srgb(lab) * 255.0).astype(int)
    return [(int(r), int(g), int(b)) for r, g, b in rgb]


def by_lightness(colours: Sequence[RGB]) -> Palette:
    """``colours`` as a palette ordered by OKLab lightness, darkest first (state 0), ties by the
    colour itself; two alike are refused as :class:`Palette` refuses them."""
    import numpy as np

    lab = srgb_to_oklab(np.array(colours, dtype=np.float64) / 255.0)
    order = sorted(range(len(colours)), key=lambda i: (round(float(lab[i, 0]), 12), colours[i]))
    return Palette(tuple(colours[i] for i in order))


def ramp(anchors: Sequence[RGB], states: int) -> Palette:
    """``states`` colours spaced evenly in OKLab along the polyline through ``anchors`` (dark to
    light): how the named ramps (``sepia``, ``amber``) take any number of states."""
    import numpy as np

    lab = srgb_to_oklab(np.array(anchors, dtype=np.float64) / 255.0)
    where = np.linspace(0.0, len(anchors) - 1, states)
    low = np.minimum(where.astype(int), len(anchors) - 2)
    frac = (where - low)[:, None]
    return Palette(tuple(rgb8(lab[low] * (1 - frac) + lab[low + 1] * frac)))


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
        if not self.ramp:
            return by_lightness(self.colours)
        k = states or self.states
        if self.even == "srgb":
            (r0, g0, b0), (r1, g1, b1) = self.colours
            return Palette(tuple((round(r0 + (r1 - r0) * s / (k - 1)),
                                  round(g0 + (g1 - g0) * s / (k - 1)),
                                  round(b0 + (b1 - b0) * s / (k - 1))) for s in range(k)))
        return ramp(self.colours, k)


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


def agreed_states(request: Palette | str | None, states: int | None, *, film: bool = False,
                  engine: str | None = None) -> int:
    """The number of states of a game with palette ``request`` and ``states`` asked for
    (``None``: not asked): the palette's length, which ``states`` given must equal (one line if
    not); without a palette, ``states`` or the default
    (:func:`lightsart._boardsize.default_states`: 4 for pictures, 2 for a film's frames or
    the integer programs)."""
    from lightsart._boardsize import default_states

    if request is None:
        return default_states(states, film=film, engine=engine)
    k = palette_states(request)
    if states is not None and states != k:
        raise disagreement(request, states)
    return k


def disagreement(request: Palette | str, states: int, text: str | None = None) -> InvalidValue:
    """The one line for a palette whose length is not the number of states asked for
    (``text``: the palette as the user wrote it, else its colours)."""
    return InvalidValue(f"--palette {text or request_text(request)} has "
                        f"{palette_states(request)} colours but --states is {states}: a palette "
                        "has one colour per state")
