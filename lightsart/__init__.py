"""lightsart: pictures as Lights Out boards, and animations one legal click at a time.

The public API is re-exported here and loaded lazily, so ``import lightsart`` (and the CLI's
start-up) stays quick: numpy, Pillow and PuLP are imported only when a name needs them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "AnimationResult": "lightsart.pipeline",
    "BoardAlgebra": "lightsart.gf2",
    "Clicks": "lightsart.optimize",
    "Fit": "lightsart.optimize",
    "Frame": "lightsart.types",
    "LightsartError": "lightsart.errors",
    "StillResult": "lightsart.pipeline",
    "Style": "lightsart.render",
    "Target": "lightsart.image",
    "algebra": "lightsart.gf2",
    "apply_clicks": "lightsart.board",
    "board_from_clicks": "lightsart.board",
    "chase": "lightsart.gf2",
    "closest_board": "lightsart.optimize",
    "fewest_clicks": "lightsart.optimize",
    "format_board": "lightsart.board",
    "from_state": "lightsart.board",
    "load_target": "lightsart.image",
    "make_animation": "lightsart.pipeline",
    "make_still": "lightsart.pipeline",
    "nullity": "lightsart.gf2",
    "parse_board": "lightsart.board",
    "press": "lightsart.board",
    "to_state": "lightsart.board",
    "transition": "lightsart.optimize",
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
    from lightsart.board import (
        apply_clicks,
        board_from_clicks,
        format_board,
        from_state,
        parse_board,
        press,
        to_state,
    )
    from lightsart.errors import LightsartError
    from lightsart.gf2 import BoardAlgebra, algebra, chase, nullity
    from lightsart.image import Target, load_target
    from lightsart.optimize import Clicks, Fit, closest_board, fewest_clicks, transition
    from lightsart.pipeline import AnimationResult, StillResult, make_animation, make_still
    from lightsart.render import Style
    from lightsart.types import Frame
