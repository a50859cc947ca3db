"""Board sizes as text: ``WxH`` (columns × rows), or ``W`` alone where the height may follow.

Kept free of numpy and Pillow so the CLI can check ``--size`` before importing either.
"""

from __future__ import annotations

import re
from typing import NamedTuple, overload

from lightsart._checks import is_whole
from lightsart._errors import InvalidType, InvalidValue

__all__ = ["Shape", "Size", "parse_shape", "parse_size", "to_size"]


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
        raise InvalidValue(
            f"board size must be {form} with positive whole numbers, e.g. 5x5; got {text!r}"
        )
    return Size(width, height)


@overload
def to_size(value: None) -> None: ...
@overload
def to_size(value: str | int | tuple[int, int | None]) -> Size: ...
def to_size(value: object) -> Size | None:
    """A board size as ``--size`` takes it: ``None`` (choose), ``W`` or ``(W, None)`` (the height
    follows the picture), ``(W, H)``, or the text ``"WxH"``/``"W"``; as a
    :class:`~lightsart._boardsize.Size` ``(W, H)``/``(W, None)``.

    The CLI's ``--size`` goes through this too, so both say the same about a bad size.

    >>> to_size("64x48"), to_size(64), to_size((10, None))
    (Size(width=64, height=48), Size(width=64, height=None), Size(width=10, height=None))
    """
    if value is None:
        return None
    if isinstance(value, str):
        text = value
    elif is_whole(value):
        text = str(value)
    elif (isinstance(value, tuple | list) and len(value) == 2 and is_whole(value[0])
          and (value[1] is None or is_whole(value[1]))):
        text = f"{value[0]}" if value[1] is None else f"{value[0]}x{value[1]}"
    else:
        raise InvalidType("board size must be WxH or W with positive whole numbers, e.g. 5x5; "
                             f"got {value!r}")
    return parse_size(text)
