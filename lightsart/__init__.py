"""lightsart: pictures as Lights Out boards, and animations one legal click at a time.

The public API is re-exported here and loaded lazily, so ``import lightsart`` (and the CLI's
start-up) stays quick: numpy, Pillow and PuLP are imported only when a name needs them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0.dev0"

from lightsart import _moved

_moved.install()

_EXPORTS: dict[str, str] = {
    "AnimationResult": "lightsart.pipeline",
    "BoardAlgebra": "lightsart.core.gf2",
    "Clicks": "lightsart.results",
    "Fit": "lightsart.results",
    "Frame": "lightsart.types",
    "LightsartError": "lightsart.errors",
    "StillResult": "lightsart.pipeline",
    "Style": "lightsart.output.render",
    "Target": "lightsart.pictures.image",
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
    "make_still": "lightsart.pipeline",
    "nullity": "lightsart.core.gf2",
    "parse_board": "lightsart.core.board",
    "press": "lightsart.core.board",
    "to_state": "lightsart.core.board",
    "transition": "lightsart.core.optimize",
}

__all__ = [
    "AnimationResult",
    "BoardAlgebra",
    "Clicks",
    "Fit",
    "Frame",
    "LightsartError",
    "StillResult",
    "Style",
    "Target",
    "__version__",
    "algebra",
    "apply_clicks",
    "board_from_clicks",
    "chase",
    "closest_board",
    "fewest_clicks",
    "format_board",
    "from_state",
    "load_target",
    "make_animation",
    "make_still",
    "nullity",
    "parse_board",
    "press",
    "to_state",
    "transition",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lightsart' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:
    from lightsart.core.board import (
        apply_clicks,
        board_from_clicks,
        format_board,
        from_state,
        parse_board,
        press,
        to_state,
    )
    from lightsart.core.gf2 import BoardAlgebra, algebra, chase, nullity
    from lightsart.core.optimize import closest_board, fewest_clicks, transition
    from lightsart.errors import LightsartError
    from lightsart.output.render import Style
    from lightsart.pictures.image import Target, load_target
    from lightsart.pipeline import AnimationResult, StillResult, make_animation, make_still
    from lightsart.results import Clicks, Fit
    from lightsart.types import Frame
