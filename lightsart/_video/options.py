"""The film's choices and defaults, light enough for the CLI to read at start-up (no numpy)."""

from __future__ import annotations

from typing import Literal

__all__ = ["DEFAULT_FPS_MAX", "MODES", "STEADY", "Mode"]

Mode = Literal["boards", "play"]
#: The film's modes (``--mode``).
MODES: tuple[Mode, ...] = ("boards", "play")
#: Without ``--fps`` a film keeps its clip's frame rate, up to this.
DEFAULT_FPS_MAX = 30.0
#: The film's own dither (:mod:`lightsart._video.refine`), the default ``--dither``.
STEADY = "steady"
