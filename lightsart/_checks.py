"""One-line checks of setting values, shared by the settings (:mod:`lightsart._settings`), the
engines' :class:`~lightsart._engines.Budget` and the CLI, so one bad value reads the same
wherever it is given.

Each check takes the value and the name of the field it fills, returns the value normalised
(``3.0`` seconds for ``3``), or raises with one sentence that names the field: a wrong type is
:class:`~lightsart.InvalidType` (a ``TypeError``), a wrong value :class:`~lightsart.InvalidValue`
(a ``ValueError``). numpy-free: the CLI uses these while parsing.

>>> seconds_or_none(3, "time_limit")
3.0
>>> one_of("cover", ("cover", "contain"), "fit")
'cover'
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from typing import Any, TypeVar

from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import SEED_MAX

__all__ = ["array", "board", "flag", "instance", "is_whole", "number", "one_of", "record",
           "seconds", "seconds_or_none", "seed", "text", "whole"]

S = TypeVar("S", bound=str)


def one_of(value: object, choices: Iterable[S], field: str) -> S:
    """``value`` if it is one of ``choices``."""
    names = tuple(choices)
    for name in names:
        if isinstance(value, str) and value == name:
            return name
    error = InvalidValue if isinstance(value, str) else InvalidType
    raise error(f"{field} must be one of {', '.join(names)}; got {value!r}")


def flag(value: object, field: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy's booleans too)."""
    if value is True or value is False or type(value).__name__ == "bool_":
        return bool(value)
    raise InvalidType(f"{field} must be True or False; got {value!r}")


def number(value: object, field: str) -> float:
    """``value`` as a float (a whole or real number, not a bool or text; its range is the
    caller's to check)."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    raise InvalidType(f"{field} must be a number; got {value!r}")


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number (numpy integers too; not a bool, not ``2.0``)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def whole(value: object, field: str, least: int | None = 1) -> int:
    """``value`` as an ``int`` (of at least ``least`` unless that is ``None``)."""
    n = int(value) if isinstance(value, numbers.Integral) and is_whole(value) else None
    if n is None or (least is not None and n < least):
        at_least = "" if least is None else f" >= {least}"
        error = InvalidValue if n is not None or _real(value) else InvalidType
        raise error(f"{field} must be a whole number{at_least}; got {value!r}")
    return n


def _real(value: object) -> bool:
    """Whether ``value`` is a number (so a wrong one is a wrong value, not a wrong type)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def seconds_or_none(value: object, field: str) -> float | None:
    """``None`` (the default budget) or a positive, finite number of seconds."""
    if value is None:
        return None
    if not _real(value):
        raise InvalidType(f"{field} must be a number of seconds > 0, or None; got {value!r}")
    if not math.isfinite(float(value)):  # type: ignore[arg-type]  # a Real, checked above
        raise InvalidValue(f"{field} must be a number of seconds > 0, or None; got {value!r}")
    return seconds(value, field, none=True)


def seconds(value: object, field: str, *, none: bool = False, zero: bool = False) -> float:
    """A search budget: a positive number of seconds (``zero``: 0 too, a budget that buys only
    what needs no search); not NaN. A budget beyond ``TIME_LIMIT_MAX`` (``1e308``, ``inf``) is
    planned as that limit (:func:`lightsart._limits.planning_seconds`). With ``none`` the
    message says ``None`` is accepted too."""
    least = ">= 0" if zero else "> 0"
    or_none = ", or None" if none else ""
    if not _real(value):
        raise InvalidType(f"{field} must be a number of seconds {least}{or_none}; got {value!r}")
    number = float(value)  # type: ignore[arg-type]  # a Real, checked above
    if not (number > 0 or (zero and number == 0)):  # NaN fails both
        raise InvalidValue(f"{field} must be a number of seconds {least}{or_none}; got {value!r}")
    return number


def instance(value: object, kinds: type | tuple[type, ...], field: str, what: str) -> None:
    """Refuse ``value`` unless it is one of ``kinds``; ``what`` says what is expected in words
    (``"a Rules or None"``)."""
    if not isinstance(value, kinds):
        raise InvalidType(f"{field} must be {what}; got {_echo(value)}")


def text(value: object, field: str) -> str:
    """``value`` if it is a ``str``."""
    if not isinstance(value, str):
        raise InvalidType(f"{field} must be a str; got {_echo(value)}")
    return value


def _echo(value: object) -> str:
    """A wrong value as a message shows it: its repr, or its type when that is long (an array)."""
    shown = repr(value)
    return shown if len(shown) <= 60 else f"a {type(value).__name__}"


def seed(value: object) -> int:
    """A seed numpy accepts: a whole number from 0 to ``2**64 - 1`` (as ``--seed`` says)."""
    if not is_whole(value):
        raise InvalidType(f"--seed must be a whole number from 0 to 2**64 - 1, got {value!r}")
    n = int(value)  # type: ignore[call-overload]  # Integral, checked above
    if not 0 <= n <= SEED_MAX:
        raise InvalidValue(f"--seed must be a whole number from 0 to 2**64 - 1, got {value!r}")
    return n


def board(value: object, field: str, *, states: int = 2, most_cells: int | None = None) -> Any:
    """``value`` as a non-empty 2-D ``uint8`` array of states ``0 .. states-1`` (0/1 for two
    states; booleans too), within ``most_cells`` cells (:data:`~lightsart._limits.PUZZLE_MAX_CELLS`
    by default, as ``solve`` takes a board). Checked before any work; numpy is imported here."""
    import numpy as np

    from lightsart._limits import PUZZLE_MAX_CELLS, check_board

    a = array(value, field)
    check_board(a.shape[1], a.shape[0], most_cells=PUZZLE_MAX_CELLS if most_cells is None
                else most_cells, what=field)
    if a.dtype == np.bool_:
        return a.astype(np.uint8)
    if a.dtype.kind == "f" or a.min() < 0 or a.max() > states - 1:
        held = "only 0 and 1" if states == 2 else f"whole numbers from 0 to {states - 1}"
        raise InvalidValue(f"{field} must hold {held}")
    return a.astype(np.uint8, copy=False)


def array(value: object, field: str) -> Any:
    """``value`` as a non-empty 2-D numpy array of numbers (or booleans): a numpy array or a
    list of rows, not text or ``None``; its values are the caller's to check."""
    import numpy as np

    if value is None or isinstance(value, str | bytes) or not (
            isinstance(value, np.ndarray | list | tuple) or hasattr(value, "__array__")):
        raise InvalidType(f"{field} must be a 2-D array (numpy, or a list of rows); got "
                          f"{_echo(value)}")
    try:
        a = np.asarray(value)
    except ValueError:  # rows of different lengths
        raise InvalidValue(f"{field} must be a 2-D array with rows of one length") from None
    if a.dtype.kind not in "biuf":
        raise InvalidType(f"{field} must hold numbers; got an array of {a.dtype}")
    if a.ndim != 2 or a.size == 0:
        raise InvalidValue(f"{field} must be a non-empty 2-D array, got shape {a.shape}")
    return a


def record(value: object, *, sides: Iterable[str] = (), counts: Iterable[str] = (),
           numbers: Iterable[str] = (), texts: Iterable[str] = (),
           tuples: Iterable[str] = ()) -> None:
    """The field types of a result record (``StillResult``, ``Animation``, ...), as its
    ``__post_init__`` checks them: ``sides`` whole numbers >= 1, ``counts`` >= 0, ``numbers``
    real, ``texts`` str, ``tuples`` tuples. Cheap: no array is read (a record is made once per
    job, and a wrong one would be a wrong type or value given by hand)."""
    kind = type(value).__name__
    for field in sides:
        whole(getattr(value, field), f"{kind}.{field}")
    for field in counts:
        whole(getattr(value, field), f"{kind}.{field}", least=0)
    for field in numbers:
        number(getattr(value, field), f"{kind}.{field}")
    for field in texts:
        text(getattr(value, field), f"{kind}.{field}")
    for field in tuples:
        if not isinstance(getattr(value, field), tuple):
            raise InvalidType(f"{kind}.{field} must be a tuple; got "
                              f"{_echo(getattr(value, field))}")
