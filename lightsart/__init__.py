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

#: The one list of public names: name → the module it is imported from. ``__all__``, ``dir()`` and
#: the lazy ``__getattr__`` read it; the ``TYPE_CHECKING`` imports below (type checkers need
#: static imports) must name exactly these, from the same modules: tests/test_api.py checks.
_EXPORTS: dict[str, str] = {
    "AnimationResult": "lightsart.pipeline",
    "BoardAlgebra": "lightsart.core.gf2",
    "Clicks": "lightsart.results",
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
    "algebra": "lightsart.core.gf2",
    "apply_clicks": "lightsart.core.board",
    "board_from_clicks": "lightsart.core.board",
    "chase": "lightsart.core.gf2",
    "closest_board": "lightsart.core.optimize",
    "fewest_clicks": "lightsart.core.optimize",
    "format_board": "lightsart.core.board",
    "from_state": "lightsart.core.board",
    "load_target": "lightsart.pictures.image",
    "make_animation": "lightsart.pipeline",
    "make_film": "lightsart.video.film",
    "make_still": "lightsart.pipeline",
    "nullity": "lightsart.core.gf2",
    "parse_board": "lightsart.core.board",
    "press": "lightsart.core.board",
    "to_state": "lightsart.core.board",
    "transition": "lightsart.core.optimize",
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
    from lightsart.errors import LightsartError as LightsartError
    from lightsart.output.render import Style as Style
    from lightsart.pictures.image import Target as Target
    from lightsart.pictures.image import load_target as load_target
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
