"""Settings that travel together, as small frozen values with their defaults in one place.

``make_still`` and ``make_animation`` take four of them instead of two dozen keyword arguments:

* :class:`Pictures`: how pictures are prepared (board size, fit, dithering, tone, errors, linear);
* :class:`Solving`: the rules of the game and how boards are solved (engine, budget, solver);
* :class:`Timing`: how an animation is timed (click order, seed, fps, durations, loop);
* :class:`Look`: how boards are drawn (cell size, style, colours).

Each checks and normalises its values when it is made (as httpx's ``Timeout`` does), so a bad
value is one line naming the field, before any work, and the same line whether it came from
Python or from the CLI (which builds these same values from its options). They are the one way
to pass these settings: a job given ``size=64`` says ``pictures=Pictures(size=64)``.

>>> Pictures(size=(48, 64)).size
Size(rows=48, columns=64)
>>> Solving(pattern="sigma", states=3)
Solving(engine='exact', time_limit=None, solver='cbc', pattern='sigma', topology='plane', states=3)
>>> Timing(fps=0)
Traceback (most recent call last):
...
lightsart.InvalidValue: --fps must be between 1 and 120, got 0
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from lightsart import _checks as checks
from lightsart._boardsize import SizeLike, to_size
from lightsart._choices import EASES, ERRORS, FITS, STYLES, Ease, Errors, FitMode, StyleKind, Topology
from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import check_cell, check_cell_mm, check_fps, check_seconds
from lightsart._palette import Palette
from lightsart._pictures.palettes import in_colour, palette_request
from lightsart._public import public
from lightsart._rules import Pattern, check_states, check_topology, parse_pattern

if TYPE_CHECKING:
    from lightsart._pictures.tone import Tone

__all__ = ["Look", "Pictures", "Solving", "Timing", "refuse_keywords", "settled"]

_S = TypeVar("_S")


def _set(settings: object, field: str, value: object) -> None:
    """Store a normalised value in a frozen settings object (from its ``__post_init__``)."""
    object.__setattr__(settings, field, value)


@public
@dataclass(frozen=True)
class Pictures:
    """How pictures become targets: board size, fit, tone, dithering and which errors count.

    Every field is checked when the value is made, with the same one-line message as the CLI's
    option of the same name.

    Parameters
    ----------
    size : tuple of (int, int), int, str or None, optional
        The board: ``(rows, columns)`` as numpy orders a shape, ``"WxH"`` text (columns x rows)
        or a whole number ``W`` as ``--size`` reads them (the rows follow the first picture), or
        ``None`` (about 200 cells on the long side, preferring nullity 0). The stored value is a
        ``Size`` named tuple ``(rows, columns)`` (``rows`` ``None`` where they follow).
    fit : {"cover", "contain", "stretch"}, optional
        How a picture of another shape fills the board: cropped to the centre, padded with white
        or stretched (:data:`~lightsart._choices.FITS`).
    dither : str, optional
        A dithering method of :data:`lightsart.DITHER_METHODS` (``"floyd-steinberg"``,
        ``"atkinson"``, ``"bayer-4"``, ``"blue-noise"``, ``"none"``, ...).
    tone : lightsart.Tone or None, optional
        The tone stage; ``None`` is automatic (levels, local contrast, sharpening), and
        ``Tone.none()`` dithers the picture's tones as they are.
    errors : {"perceptual", "uniform", "brightness"}, optional
        Which wrong pixels count: weighed by how much each shows (default), all alike, or (with
        grey levels) by how far each level is off (:data:`~lightsart._choices.ERRORS`).
    linear : bool, optional
        Dither in linear light instead of sRGB values (grey levels only).
    palette : lightsart.Palette, str or None, optional
        The colour of each state: ``"auto:K"`` (``K`` colours chosen from the pictures, in
        OKLab), a name of :data:`lightsart._pictures.palettes.PALETTES` (``"greys"``, ``"handheld"``,
        ``"cga"``, ``"amber"``, ``"sepia"``, ``"pico8"``; ``"sepia:K"`` for the ramps), explicit
        colours ``"#1b1b3a,#f4e9cd,..."`` (state 0 first, in the order given) or a
        :class:`lightsart.Palette`; ``None``: greys. Its length is the number of states (with
        ``Solving(states=...)`` other than 2, the two must agree). Pictures are read in colour
        and dithered in OKLab onto any palette but greys (error diffusion or ``"none"``).
        Stored as the :class:`~lightsart.Palette`, or ``"auto:K"`` text until the pictures
        choose it.

    Returns
    -------
    Pictures
        The checked settings (a frozen value: change one with :func:`dataclasses.replace`).

    Examples
    --------
    >>> Pictures(size="64x48", dither="atkinson").size
    Size(rows=48, columns=64)
    >>> Pictures(fit="crop")
    Traceback (most recent call last):
    ...
    lightsart.InvalidValue: fit must be one of cover, contain, stretch; got 'crop'
    """

    size: SizeLike | None = None
    fit: FitMode = "cover"
    dither: str = "floyd-steinberg"
    tone: Tone | None = None
    errors: Errors = "perceptual"
    linear: bool = False
    palette: Palette | str | None = None

    def __post_init__(self) -> None:
        from lightsart._pictures.dither import DITHER_METHODS

        _set(self, "size", to_size(self.size))
        _set(self, "fit", checks.one_of(self.fit, FITS, "fit"))
        _set(self, "dither", checks.one_of(self.dither, DITHER_METHODS, "dither"))
        if self.tone is not None:
            from lightsart._pictures.tone import Tone

            if not isinstance(self.tone, Tone):
                raise InvalidType(f"tone must be a Tone or None; got {self.tone!r}")
        _set(self, "errors", checks.one_of(self.errors, ERRORS, "errors"))
        _set(self, "linear", checks.flag(self.linear, "linear"))
        palette = palette_request(self.palette)
        _set(self, "palette", palette)
        if in_colour(palette):
            from lightsart._pictures.dither import colour_method

            colour_method(self.dither)
            if self.linear:
                raise InvalidValue("--linear dithers grey levels in linear light; a colour "
                                   "palette is dithered in OKLab (leave out --linear)")


@public
@dataclass(frozen=True)
class Solving:
    """The rules of the game and the engine that solves boards under them.

    Parameters
    ----------
    engine : str, optional
        One of :data:`lightsart._engines.ENGINES`: ``"exact"`` (the algebra, default), ``"ip"``
        (Bosch's integer programs) or ``"auto"``.
    time_limit : float or None, optional
        The engine's budget in seconds per picture and per transition (``None``: the engine's
        own, 1 s for ``exact``).
    solver : str, optional
        The MIP solver of the integer-program engines (:mod:`lightsart._engines.solvers`,
        ``"cbc"`` or ``"highs"``); whether it is installed is checked when it is used.
    pattern : str or lightsart._rules.Pattern, optional
        The cells a click toggles: a preset (``"plus"``, ``"sigma"``, ``"x"``, ``"square"``) or
        rows such as ``"010/111/010"`` (:func:`lightsart._rules.parse_pattern`). A ``Pattern`` is
        kept as its rows.
    topology : {"plane", "torus", "cylinder"}, optional
        Whether the board wraps (:data:`~lightsart._choices.TOPOLOGIES`).
    states : int or None, optional
        States per cell, 2 to 16 (grey levels above 2; a click adds 1 modulo ``states``);
        ``None`` (default): the job's own, 4 for pictures and 2 for films
        (:func:`lightsart._boardsize.default_states`).

    Returns
    -------
    Solving
        The checked settings.

    Examples
    --------
    >>> Solving(pattern="010/101/010", topology="torus").pattern
    '010/101/010'
    >>> Solving(states=17)
    Traceback (most recent call last):
    ...
    lightsart.InvalidValue: states per cell must be a whole number from 2 to 16, got 17
    """

    engine: str = "exact"
    time_limit: float | None = None
    solver: str = "cbc"
    pattern: str = "plus"
    topology: Topology = "plane"
    states: int | None = None

    def __post_init__(self) -> None:
        from lightsart._engines import ENGINES
        from lightsart._engines.solvers import get_solver

        _set(self, "engine", checks.one_of(self.engine, ENGINES, "engine"))
        _set(self, "time_limit", checks.seconds_or_none(self.time_limit, "time_limit"))
        _set(self, "solver", get_solver(self.solver, check=False).name)
        pattern: object = self.pattern
        if isinstance(pattern, Pattern):
            _set(self, "pattern", pattern.text)
        elif isinstance(pattern, str):
            parse_pattern(pattern)
        else:
            raise InvalidType(f"pattern must be a name or rows such as 010/111/010; got {pattern!r}")
        _set(self, "topology", check_topology(self.topology))
        if self.states is not None:
            _set(self, "states", check_states(self.states))


@public
@dataclass(frozen=True)
class Timing:
    """How an animation plays: click order, frame rate, durations, loop and easing.

    Parameters
    ----------
    order : str, optional
        The click order: a name of :data:`~lightsart._choices.ORDERS` (``"raster"``,
        ``"radial"``, ``"noise"``, ``"morph"``, ...), ``"mask:FILE"``, or one per transition,
        comma-separated (``"radial,spiral"``).
    seed : int, optional
        Seeds the random orders (``random``, ``noise``, ``morph``'s tie-breaks), 0 to 2**64 - 1.
    fps : float, optional
        Frames per second, 1 to 120.
    duration : float, optional
        Seconds per transition (its clicks are spread evenly over ``round(fps * duration)``
        frames).
    clicks_per_frame : int or None, optional
        Clicks per frame instead of a duration (``None``: from ``duration``).
    hold : float, optional
        Seconds each picture is held (may be 0).
    loop : bool, optional
        Undo the same clicks in reverse back to the first picture (A → B → A).
    reverse : bool, optional
        Play each order backwards (``radial``: an iris closing).
    ease : {"linear", "in-out"}, optional
        How the clicks are spread over a transition's frames (:data:`~lightsart._choices.EASES`).

    Returns
    -------
    Timing
        The checked settings.

    Examples
    --------
    >>> Timing(order="radial,noise", fps=12).fps
    12.0
    """

    order: str = "raster"
    seed: int = 0
    fps: float = 25.0
    duration: float = 4.0
    clicks_per_frame: int | None = None
    hold: float = 1.0
    loop: bool = False
    reverse: bool = False
    ease: Ease = "linear"

    def __post_init__(self) -> None:
        # In the order make_animation checked them in 0.2, so the first of several bad values
        # is still the one reported.
        if self.ease not in EASES:  # the sentence animate.check_ease says
            raise InvalidValue(f"unknown ease {self.ease!r}: choose one of {', '.join(EASES)}")
        if not isinstance(self.order, str):
            raise InvalidType(f"order must be text such as 'raster' or 'radial,spiral'; "
                                 f"got {self.order!r}")
        if self.order != "raster":  # the default needs no parsing (nor numpy)
            from lightsart._animation.orders import parse_orders, split_orders

            # Names are checked here; their count against the transitions once the pictures are.
            parse_orders(self.order, len(split_orders(self.order)))
        _set(self, "fps", check_fps(checks.number(self.fps, "--fps")))
        _set(self, "duration", check_seconds(checks.number(self.duration, "--duration"),
                                             "--duration"))
        _set(self, "hold", check_seconds(checks.number(self.hold, "--hold"), "--hold", zero=True))
        _set(self, "seed", checks.seed(self.seed))
        if self.clicks_per_frame is not None:
            _set(self, "clicks_per_frame", checks.whole(self.clicks_per_frame, "clicks_per_frame"))
        _set(self, "loop", checks.flag(self.loop, "loop"))
        _set(self, "reverse", checks.flag(self.reverse, "reverse"))


@public
@dataclass(frozen=True)
class Look:
    """How boards are drawn: cell size, style and colours.

    Parameters
    ----------
    cell : int or None, optional
        Pixels per cell, 1 to 512 (``None``: about 480 pixels on the long side).
    style : {"pixels", "lights", "dots", "grid"}, optional
        One square per cell, rounded lamps on a panel, round dots, or squares with a gap
        (:data:`~lightsart._choices.STYLES`).
    colours : tuple of three str or None, optional
        The lit, unlit and panel colours, each ``#rrggbb``, a colour name or ``None`` (the
        style's own).
    cell_mm : float or None, optional
        Millimetres per cell of an SVG or PDF drawing (``None``: ``cell`` pixels, a pixel being
        1/96 inch).

    Returns
    -------
    Look
        The checked settings.

    Examples
    --------
    >>> Look(cell=6, style="lights", colours=("#ffb000", None, "black")).colours
    ('#ffb000', None, 'black')
    """

    cell: int | None = None
    style: StyleKind = "pixels"
    colours: tuple[str | None, str | None, str | None] = (None, None, None)
    cell_mm: float | None = None

    def __post_init__(self) -> None:
        _set(self, "style", checks.one_of(self.style, STYLES, "style"))
        colours: Any = self.colours
        if not (isinstance(colours, tuple | list) and len(colours) == 3):
            raise InvalidType("colours must be three colours (lit, unlit, panel), each "
                                 f"#rrggbb, a name or None; got {colours!r}")
        if any(c is not None and not isinstance(c, str) for c in colours):
            raise InvalidType(f"each colour must be #rrggbb, a name or None; got {colours!r}")
        if any(c is not None for c in colours):
            from lightsart._output.render import parse_colour

            for c in colours:
                if c is not None:
                    parse_colour(c)
        _set(self, "colours", tuple(colours))
        if self.cell is not None:  # after the colours, the order 0.2 checked them in
            _set(self, "cell", check_cell(checks.whole(self.cell, "--cell", least=None)))
        if self.cell_mm is not None:
            _set(self, "cell_mm", check_cell_mm(checks.number(self.cell_mm, "--cell-mm")))


def settled(value: object, kind: type[_S], name: str) -> _S:
    """``value`` as settings of ``kind`` (its defaults when ``None``); anything else is one line
    naming what is expected (``pictures="big"`` is not a :class:`Pictures`)."""
    if value is None:
        return kind()
    if not isinstance(value, kind):
        raise InvalidType(f"{name} must be {kind.__name__}(...) or None; got {value!r}")
    return value


def refuse_keywords(function: str, unknown: dict[str, object],
                    *others: tuple[type, str]) -> None:
    """A keyword a job does not take, in one line; a settings field (``size=64``) names the
    settings object that holds it (``pictures=Pictures(size=64)``). ``others``: more
    ``(settings class, keyword)`` pairs the job takes (a film's ``Filming``)."""
    if not unknown:
        return
    name = next(iter(unknown))
    kinds = ((Pictures, "pictures"), (Solving, "solving"), (Timing, "timing"), (Look, "look"),
             *others)
    for kind, keyword in kinds:
        if name in {f.name for f in dataclasses.fields(kind)}:
            raise InvalidType(f"{function}() takes no {name}=: give "
                                 f"{keyword}={kind.__name__}({name}=...)")
    raise InvalidType(f"{function}() got an unexpected keyword argument {name!r}")
