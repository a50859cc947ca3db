"""lightsart: pictures as Lights Out boards, and animations one legal click at a time.

The public API is re-exported here and loaded lazily, so ``import lightsart`` (and the CLI's
start-up) stays quick: numpy, Pillow and PuLP are imported only when a name needs them.

>>> import lightsart
>>> lightsart.Rules.plus(5, 5).shape
(5, 5)
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

from lightsart._version import __version__ as __version__

#: The one list of public names: name → the private module it is imported from (every module of
#: the package is private, ``_name``, so no public name is a module's). ``__all__``, ``dir()``
#: and the lazy ``__getattr__`` read it; the ``TYPE_CHECKING`` imports below (type checkers need
#: static imports) must name exactly these, from the same modules: tests/test_api.py checks.
_EXPORTS: dict[str, str] = {
    "Algebra": "lightsart._core.algebra",
    "Animation": "lightsart._animation.animate",
    "AnimationResult": "lightsart._runs",
    "CLICK_ORDERS": "lightsart._animation",
    "Clicks": "lightsart._results",
    "DITHER_METHODS": "lightsart._pictures.dither",
    "FilmResult": "lightsart._video.film",
    "Filming": "lightsart._video.film",
    "Fit": "lightsart._results",
    "Frame": "lightsart._types",
    "InvalidType": "lightsart._errors",
    "InvalidValue": "lightsart._errors",
    "LightsartError": "lightsart._errors",
    "Palette": "lightsart._palette",
    "Look": "lightsart._settings",
    "Pictures": "lightsart._settings",
    "Rules": "lightsart._rules",
    "Solving": "lightsart._settings",
    "StillResult": "lightsart._runs",
    "Target": "lightsart._pictures.image",
    "Timing": "lightsart._settings",
    "TooLarge": "lightsart._errors",
    "Tone": "lightsart._pictures.tone",
    "algebra": "lightsart._core.algebra",
    "animate_boards": "lightsart._animation.animate",
    "apply_clicks": "lightsart._core.board",
    "apply_tone": "lightsart._pictures.tone",
    "basic_ip": "lightsart._engines.ip",
    "board_from_clicks": "lightsart._core.board",
    "chase": "lightsart._core.gf2",
    "click_order": "lightsart._animation.orders",
    "closest_board": "lightsart._core.optimize",
    "closest_board_ip": "lightsart._engines.ip",
    "closest_board_reduced_ip": "lightsart._engines.ip",
    "fewest_clicks": "lightsart._core.optimize",
    "format_board": "lightsart._core.board",
    "frames": "lightsart._animation.animate",
    "from_state": "lightsart._core.board",
    "load_ipython_extension": "lightsart._display",
    "load_target": "lightsart._pictures.image",
    "make_animation": "lightsart._pipeline",
    "make_film": "lightsart._video.film",
    "make_still": "lightsart._pipeline",
    "nullity": "lightsart._core.algebra",
    "parse_board": "lightsart._core.board",
    "pixel_costs": "lightsart._pictures.costs",
    "press": "lightsart._rules",
    "structure_score": "lightsart._pictures.likeness",
    "to_state": "lightsart._core.board",
    "transition": "lightsart._core.optimize",
    "view": "lightsart._display",
}

__all__ = sorted(["__version__", *_EXPORTS])


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lightsart' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return list(__all__)


def _show_in_jupyter() -> None:
    """In a running IPython (a notebook), results draw themselves: the display edge,
    :mod:`lightsart._display`, registers its formatters. Elsewhere nothing more is imported."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        from lightsart._display import show_results

        show_results(shell)


_show_in_jupyter()


if TYPE_CHECKING:
    # ``X as X``: an explicit re-export, public to strict type checkers.
    from lightsart._animation import CLICK_ORDERS as CLICK_ORDERS
    from lightsart._animation.animate import Animation as Animation
    from lightsart._animation.animate import animate_boards as animate_boards
    from lightsart._animation.animate import frames as frames
    from lightsart._animation.orders import click_order as click_order
    from lightsart._core.algebra import Algebra as Algebra
    from lightsart._core.algebra import algebra as algebra
    from lightsart._core.algebra import nullity as nullity
    from lightsart._core.board import apply_clicks as apply_clicks
    from lightsart._core.board import board_from_clicks as board_from_clicks
    from lightsart._core.board import format_board as format_board
    from lightsart._core.board import from_state as from_state
    from lightsart._core.board import parse_board as parse_board
    from lightsart._core.board import to_state as to_state
    from lightsart._core.gf2 import chase as chase
    from lightsart._core.optimize import closest_board as closest_board
    from lightsart._core.optimize import fewest_clicks as fewest_clicks
    from lightsart._core.optimize import transition as transition
    from lightsart._display import load_ipython_extension as load_ipython_extension
    from lightsart._display import view as view
    from lightsart._engines.ip import basic_ip as basic_ip
    from lightsart._engines.ip import closest_board_ip as closest_board_ip
    from lightsart._engines.ip import closest_board_reduced_ip as closest_board_reduced_ip
    from lightsart._errors import InvalidType as InvalidType
    from lightsart._errors import InvalidValue as InvalidValue
    from lightsart._errors import LightsartError as LightsartError
    from lightsart._errors import TooLarge as TooLarge
    from lightsart._palette import Palette as Palette
    from lightsart._pictures.costs import pixel_costs as pixel_costs
    from lightsart._pictures.dither import DITHER_METHODS as DITHER_METHODS
    from lightsart._pictures.image import Target as Target
    from lightsart._pictures.image import load_target as load_target
    from lightsart._pictures.likeness import structure_score as structure_score
    from lightsart._pictures.tone import Tone as Tone
    from lightsart._pictures.tone import apply_tone as apply_tone
    from lightsart._pipeline import make_animation as make_animation
    from lightsart._pipeline import make_still as make_still
    from lightsart._results import Clicks as Clicks
    from lightsart._results import Fit as Fit
    from lightsart._rules import Rules as Rules
    from lightsart._rules import press as press
    from lightsart._runs import AnimationResult as AnimationResult
    from lightsart._runs import StillResult as StillResult
    from lightsart._settings import Look as Look
    from lightsart._settings import Pictures as Pictures
    from lightsart._settings import Solving as Solving
    from lightsart._settings import Timing as Timing
    from lightsart._types import Frame as Frame
    from lightsart._video.film import Filming as Filming
    from lightsart._video.film import FilmResult as FilmResult
    from lightsart._video.film import make_film as make_film
