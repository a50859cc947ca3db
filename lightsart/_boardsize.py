"""Board sizes: as text ``WxH`` (columns × rows, as the CLI reads them) or ``W`` alone where the
height may follow; in Python as numpy's ``(rows, columns)``, the order of ``board.shape``.

One convention for the whole API (issue 31, item 6): a tuple is ``(rows, columns)``, text is
``"WxH"``, and a whole number ``64`` is read as ``--size 64`` reads it. :func:`to_size` turns
any of them into a :class:`Size`, which holds ``(rows, columns)`` too.

The default number of states of a picture's board is chosen here too (:func:`default_states`):
it goes with the default size, as one decision about what reads.

Kept free of numpy and Pillow so the CLI can check ``--size`` before importing either.
"""

from __future__ import annotations

import re
from typing import NamedTuple, overload

from lightsart._checks import is_whole
from lightsart._errors import InvalidType, InvalidValue

__all__ = [
    "DEFAULT_STATES", "FILM_STATES", "IP_STATES", "Shape", "Size", "SizeLike", "default_states",
    "parse_shape", "parse_size", "to_size",
]

#: States per cell of a picture's board when none are asked for (``still``, ``animate``,
#: ``preview`` and the jobs behind them): four grey levels. Judged by eye on 53 tuning photos
#: at the default size (issue 32): 4 read better than 2 on every board that barely read or did
#: not (thin lines whole, faces and leaves readable) and no worse on any other, at about 3 times
#: the presses and about the same time.
DEFAULT_STATES = 4
#: States per cell of a film's board when none are asked for (``video``): its own default.
FILM_STATES = 2
#: States per cell when the integer programs fit a picture (``--engine ip``) and none are asked
#: for: Bosch's two programs are the lit/unlit game, and over four levels the model is larger
#: and counts every wrong cell alike (no perceptual costs), so they keep two.
IP_STATES = 2


def default_states(states: int | None, *, film: bool = False, engine: str | None = None) -> int:
    """The states per cell a board is made with: ``states`` when asked for, else the default
    (:data:`DEFAULT_STATES` for pictures, :data:`FILM_STATES` for a film's frames,
    :data:`IP_STATES` for pictures fitted by ``engine="ip"``).

    The one place the default number of states is decided; the jobs, ``preview`` and the CLI
    ask it, so ``still``, ``animate`` and ``preview`` agree for the same picture.

    >>> default_states(None), default_states(2), default_states(None, film=True)
    (4, 2, 2)
    >>> default_states(None, engine="ip"), default_states(3, engine="ip")
    (2, 3)
    """
    if states is not None:
        return states
    if film:
        return FILM_STATES
    return IP_STATES if engine == "ip" else DEFAULT_STATES


class Size(NamedTuple):
    """A requested board size in numpy's order: ``rows`` by ``columns`` (``rows`` ``None``: left
    to follow from a picture's aspect ratio). Unpacks as ``rows, columns``, as ``shape`` does."""

    rows: int | None
    columns: int

#: A board size as the API takes it: :func:`to_size` reads each.
SizeLike = Size | tuple[int, int] | str | int

_SIZE = re.compile(r"\s*(\d+)\s*(?:[xX×]\s*(\d+)\s*)?")


class Shape(NamedTuple):
    """A whole board size: ``width`` columns by ``height`` rows."""

    width: int
    height: int


def parse_shape(text: str) -> Shape:
    """``"WxH"`` as ``Shape(W, H)``: :func:`parse_size` with the height required."""
    rows, columns = parse_size(text, height_required=True)
    return Shape(columns, rows if rows is not None else columns)


def parse_size(
    text: str, *, height_required: bool = False, positive: bool = True
) -> Size:
    """``"WxH"`` as ``Size(rows=H, columns=W)``; ``"W"`` as ``Size(None, W)`` unless
    ``height_required``.

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
    return Size(rows=height, columns=width)


@overload
def to_size(value: None) -> None: ...
@overload
def to_size(value: SizeLike) -> Size: ...
def to_size(value: object) -> Size | None:
    """A board size as the API takes it, as a :class:`Size` ``(rows, columns)``: ``None``
    (choose), a tuple ``(rows, columns)`` in numpy's order, the text ``"WxH"`` (columns x rows,
    as ``--size`` reads it) or ``"W"``, or a whole number ``W`` (``"W"``: the rows follow the
    picture). A :class:`Size` is returned as it is.

    The CLI's ``--size`` goes through this too, so both say the same about a bad size.

    >>> to_size((48, 64)), to_size("64x48"), to_size(64)
    (Size(rows=48, columns=64), Size(rows=48, columns=64), Size(rows=None, columns=64))
    """
    if value is None or isinstance(value, Size):
        return value
    if isinstance(value, str):
        return parse_size(value)
    if is_whole(value):
        return parse_size(str(value))
    if isinstance(value, tuple | list) and len(value) == 2 and all(map(is_whole, value)):
        rows, columns = (int(side) for side in value)
        if rows < 1 or columns < 1:
            raise InvalidValue(f"board size (rows, columns) must be positive whole numbers; "
                               f"got {tuple(value)!r}")
        return Size(rows, columns)
    raise InvalidType("board size must be (rows, columns), \"WxH\" text or a whole number, "
                      f"e.g. (48, 64), \"64x48\" or 64; got {value!r}")
