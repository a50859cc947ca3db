"""lightsart: pictures as Lights Out boards, and animations one legal click at a time.

The public API is re-exported here and loaded lazily, so ``import lightsart`` (and the CLI's
start-up) stays quick: numpy, Pillow and PuLP are imported only when a name needs them.

>>> import lightsart
>>> lightsart.Rules.plus(5, 5).shape
(5, 5)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0.dev0"

from lightsart import _moved

_moved.install()

#: The one list of public names: name → the module it is imported from (never the name of a
#: module of the package, old paths included: importing one would rebind the name). ``__all__``, ``dir()`` and
#: the lazy ``__getattr__`` read it; the ``TYPE_CHECKING`` imports below (type checkers need
#: static imports) must name exactly these, from the same modules: tests/test_api.py checks.
_EXPORTS: dict[str, str] = {
    "Animation": "lightsart.animation.animate",
    "AnimationResult": "lightsart.pipeline",
    "BoardAlgebra": "lightsart.core.gf2",
    "CLICK_ORDERS": "lightsart.animation",
    "Clicks": "lightsart.results",
    "DITHER_METHODS": "lightsart.pictures.dither",
    "FilmResult": "lightsart.video.film",
    "Filming": "lightsart.video.film",
    "Fit": "lightsart.results",
    "Frame": "lightsart.types",
    "LightsartError": "lightsart.errors",
    "Look": "lightsart.settings",
    "Pictures": "lightsart.settings",
    "Rules": "lightsart.rules",
    "Solving": "lightsart.settings",
    "StillResult": "lightsart.pipeline",
    "Style": "lightsart.output.render",
    "Target": "lightsart.pictures.image",
    "Timing": "lightsart.settings",
    "Tone": "lightsart.pictures.tone",
    "algebra": "lightsart.core.gf2",
    "animate_boards": "lightsart.animation.animate",
    "apply_clicks": "lightsart.core.board",
    "apply_tone": "lightsart.pictures.tone",
    "basic_ip": "lightsart.engines.ip",
    "board_from_clicks": "lightsart.core.board",
    "chase": "lightsart.core.gf2",
    "click_order": "lightsart.animation.orders",
    "closest_board": "lightsart.core.optimize",
    "closest_board_ip": "lightsart.engines.ip",
    "closest_board_reduced_ip": "lightsart.engines.ip",
    "fewest_clicks": "lightsart.core.optimize",
    "format_board": "lightsart.core.board",
    "frames": "lightsart.animation.animate",
    "from_state": "lightsart.core.board",
    "load_ipython_extension": "lightsart.display",
    "load_target": "lightsart.pictures.image",
    "make_animation": "lightsart.pipeline",
    "make_film": "lightsart.video.film",
    "make_still": "lightsart.pipeline",
    "nullity": "lightsart.core.gf2",
    "parse_board": "lightsart.core.board",
    "pixel_costs": "lightsart.pictures.costs",
    "press": "lightsart.core.board",
    "structure_score": "lightsart.pictures.likeness",
    "target_from_array": "lightsart.pictures.image",
    "to_state": "lightsart.core.board",
    "transition": "lightsart.core.optimize",
    "view": "lightsart.display",
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


if TYPE_CHECKING:
    # ``X as X``: an explicit re-export, public to strict type checkers.
    from lightsart.animation import CLICK_ORDERS as CLICK_ORDERS
    from lightsart.animation.animate import Animation as Animation
    from lightsart.animation.animate import animate_boards as animate_boards
    from lightsart.animation.animate import frames as frames
    from lightsart.animation.orders import click_order as click_order
    from lightsart.core.board import apply_clicks as apply_clicks
    from lightsart.core.board import board_from_clicks as board_from_clicks
    from lightsart.core.board import format_board as format_board
    from lightsart.core.board import from_state as from_state
    from lightsart.core.board import parse_board as parse_board
    from lightsart.core.board import press as press
    from lightsart.core.board import to_state as to_state
    from lightsart.core.gf2 import BoardAlgebra as BoardAlgebra
    from lightsart.core.gf2 import algebra as algebra
    from lightsart.core.gf2 import chase as chase
    from lightsart.core.gf2 import nullity as nullity
    from lightsart.core.optimize import closest_board as closest_board
    from lightsart.core.optimize import fewest_clicks as fewest_clicks
    from lightsart.core.optimize import transition as transition
    from lightsart.display import load_ipython_extension as load_ipython_extension
    from lightsart.display import view as view
    from lightsart.engines.ip import basic_ip as basic_ip
    from lightsart.engines.ip import closest_board_ip as closest_board_ip
    from lightsart.engines.ip import closest_board_reduced_ip as closest_board_reduced_ip
    from lightsart.errors import LightsartError as LightsartError
    from lightsart.output.render import Style as Style
    from lightsart.pictures.costs import pixel_costs as pixel_costs
    from lightsart.pictures.dither import DITHER_METHODS as DITHER_METHODS
    from lightsart.pictures.image import Target as Target
    from lightsart.pictures.image import load_target as load_target
    from lightsart.pictures.image import target_from_array as target_from_array
    from lightsart.pictures.likeness import structure_score as structure_score
    from lightsart.pictures.tone import Tone as Tone
    from lightsart.pictures.tone import apply_tone as apply_tone
    from lightsart.pipeline import AnimationResult as AnimationResult
    from lightsart.pipeline import StillResult as StillResult
    from lightsart.pipeline import make_animation as make_animation
    from lightsart.pipeline import make_still as make_still
    from lightsart.results import Clicks as Clicks
    from lightsart.results import Fit as Fit
    from lightsart.rules import Rules as Rules
    from lightsart.settings import Look as Look
    from lightsart.settings import Pictures as Pictures
    from lightsart.settings import Solving as Solving
    from lightsart.settings import Timing as Timing
    from lightsart.types import Frame as Frame
    from lightsart.video.film import Filming as Filming
    from lightsart.video.film import FilmResult as FilmResult
    from lightsart.video.film import make_film as make_film
