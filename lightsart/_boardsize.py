"""Board sizes as text: ``WxH`` (columns × rows), or ``W`` alone where the height may follow.

Kept free of numpy and Pillow so the CLI can check ``--size`` before importing either.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from lightsart._errors import LightsartError

__all__ = ["Shape", "Size", "parse_shape", "parse_size"]


class Size(NamedTuple):
    """A board size as people write it: ``width`` columns by ``height`` rows (``None``: the
    height is left to follow from a picture's aspect ratio). Unpacks as ``width, height``."""

    width: int
    height: int | None

_SIZE = re.compile(r"\s*(\d+)\s*(?:[xX×]\s*(\d+)\s*)?")


class Shape(NamedTuple):
    """A whole board size: ``width`` columns by ``height`` rows."""

    width: int
    height: int


def parse_shape(text: str) -> Shape:
    """``"WxH"`` as ``Shape(W, H)``: :func:`parse_size` with the height required."""
    width, height = parse_size(text, height_required=True)
    return Shape(width, height if height is not None else width)


def parse_size(
    text: str, *, height_required: bool = False, positive: bool = True
) -> Size:
    """``"WxH"`` as ``Size(W, H)``; ``"W"`` as ``Size(W, None)`` unless ``height_required``.

    The one size parser: every command's ``--size`` and size argument goes through it.

    With ``positive=False`` zero sides pass, for callers that check the range themselves.
    """
    match = _SIZE.fullmatch(text)
    width = int(match[1]) if match else 0
    height = int(match[2]) if match and match[2] is not None else None
    too_small = positive and (width < 1 or height == 0)
    if not match or too_small or (height_required and height is None):
        form = "WxH" if height_required else "WxH or W"
        raise LightsartError(
            f"board size must be {form} with positive whole numbers, e.g. 5x5; got {text!r}"
        )
    return Size(width, height)
