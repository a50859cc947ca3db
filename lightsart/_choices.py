"""Every named choice in one place: the library's ``Literal`` types and the CLI's ``choices=``.

Fixed sets are ``Literal`` types here with their tuples of names (``FITS``, ``EASES``, ...), so
a type checker and argparse read the same list. Choices that are registries
(:class:`lightsart._registry.Registry`: engines :data:`lightsart._engines.ENGINES`, MIP solvers
:data:`lightsart._engines.solvers.SOLVERS`, dithering methods
:data:`lightsart.DITHER_METHODS`, animation formats
:data:`lightsart._output.formats.FORMATS`, click orders :data:`lightsart.CLICK_ORDERS`,
patterns :data:`lightsart._rules.PATTERNS`) are read from those, their one home, and this module
imports none of them (it sits at the bottom of the import graph). ``Order`` spells out the click
orders' names for type checkers; ``tests/test_registry.py`` keeps it equal to the registry's.
numpy-free: the CLI builds its parser from this module at start-up.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "EASES",
    "ERRORS",
    "FITS",
    "GOALS",
    "ORDERS",
    "SCHEMES",
    "STARTS",
    "STATES_COMMANDS",
    "STATES_TWO_ONLY",
    "STYLES",
    "TONES",
    "TOPOLOGIES",
    "Ease",
    "Errors",
    "FitMode",
    "Goal",
    "Order",
    "Scheme",
    "Start",
    "StyleKind",
    "ToneMode",
    "Topology",
    "states_words",
]

#: How a picture fills the board.
FitMode = Literal["cover", "contain", "stretch"]
#: Where unavoidable wrong pixels go.
Errors = Literal["perceptual", "uniform", "brightness"]
#: The tone stage: automatic, or the picture's tones as they are.
ToneMode = Literal["auto", "none"]
#: How a board is drawn: exact square pixels, lamps on a panel, round dots, square cells with a
#: gap (``grid``).
StyleKind = Literal["pixels", "lights", "dots", "grid"]
#: The order of a transition's clicks (``mask`` is written ``mask:FILE`` on the command line):
#: the names of :data:`lightsart.CLICK_ORDERS`, in its order.
Order = Literal["raster", "morph", "random", "columns", "diagonal", "radial", "spiral", "clock",
                "noise", "light-to-dark", "mask"]
#: How a transition's clicks spread over its frames: evenly, or slow-fast-slow.
Ease = Literal["linear", "in-out"]
#: How the board's edges behave.
Topology = Literal["plane", "torus", "cylinder"]
#: The classic puzzle's goal.
Goal = Literal["off", "on"]
#: The game page's first position and colour scheme.
Start = Literal["random", "easy", "lit", "picture"]
Scheme = Literal["classic", "paper", "green", "ocean"]

FITS: tuple[FitMode, ...] = get_args(FitMode)
ERRORS: tuple[Errors, ...] = get_args(Errors)
TONES: tuple[ToneMode, ...] = get_args(ToneMode)
STYLES: tuple[StyleKind, ...] = get_args(StyleKind)
ORDERS: tuple[Order, ...] = get_args(Order)
EASES: tuple[Ease, ...] = get_args(Ease)
TOPOLOGIES: tuple[Topology, ...] = get_args(Topology)
GOALS: tuple[Goal, ...] = get_args(Goal)
STARTS: tuple[Start, ...] = get_args(Start)
SCHEMES: tuple[Scheme, ...] = get_args(Scheme)


#: Commands where ``--states K`` with ``K > 2`` (grey levels) works; the help of ``--states`` and
#: the refusals below are written from this list, and a test runs every entry.
STATES_COMMANDS: tuple[str, ...] = ("still", "animate", "video", "solve", "path", "table",
                                    "sizes", "census", "play")
#: Uses of those commands that take only 2 states so far (refused with one line; tested).
STATES_TWO_ONLY: tuple[str, ...] = ("census --db",)


def states_words() -> str:
    """Where more than 2 states work, as the help and the refusals say it."""
    return (f"more than 2 works in {', '.join(STATES_COMMANDS)}, "
            f"not yet with {' or '.join(STATES_TWO_ONLY)}")
