"""One-line checks of setting values, shared by the settings (:mod:`lightsart._settings`), the
engines' :class:`~lightsart._engines.Budget` and the CLI, so one bad value reads the same
wherever it is given.

Each check takes the value and the name of the field it fills, returns the value normalised
(``3.0`` seconds for ``3``), or raises :class:`~lightsart.LightsartError` with one sentence
that names the field. numpy-free: the CLI uses these while parsing.

>>> seconds_or_none(3, "time_limit")
3.0
>>> one_of("cover", ("cover", "contain"), "fit")
'cover'
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from typing import TypeVar

from lightsart._errors import LightsartError
from lightsart._limits import SEED_MAX

__all__ = ["flag", "is_whole", "number", "one_of", "seconds_or_none", "seed", "whole"]

S = TypeVar("S", bound=str)


def one_of(value: object, choices: Iterable[S], field: str) -> S:
    """``value`` if it is one of ``choices``."""
    names = tuple(choices)
    for name in names:
        if isinstance(value, str) and value == name:
            return name
    raise LightsartError(f"{field} must be one of {', '.join(names)}; got {value!r}")


def flag(value: object, field: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy's booleans too)."""
    if value is True or value is False or type(value).__name__ == "bool_":
        return bool(value)
    raise LightsartError(f"{field} must be True or False; got {value!r}")


def number(value: object, field: str) -> float:
    """``value`` as a float (a whole or real number, not a bool or text; its range is the
    caller's to check)."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    raise LightsartError(f"{field} must be a number; got {value!r}")


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number (numpy integers too; not a bool, not ``2.0``)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def whole(value: object, field: str, least: int | None = 1) -> int:
    """``value`` as an ``int`` (of at least ``least`` unless that is ``None``)."""
    n = int(value) if isinstance(value, numbers.Integral) and is_whole(value) else None
    if n is None or (least is not None and n < least):
        at_least = "" if least is None else f" >= {least}"
        raise LightsartError(f"{field} must be a whole number{at_least}; got {value!r}")
    return n


def seconds_or_none(value: object, field: str) -> float | None:
    """``None`` (the default budget) or a positive, finite number of seconds."""
    if value is None:
        return None
    seconds = float(value) if isinstance(value, numbers.Real) and not isinstance(value, bool) else 0.0
    if not (math.isfinite(seconds) and seconds > 0):
        raise LightsartError(f"{field} must be a number of seconds > 0, or None; got {value!r}")
    return seconds


def seed(value: object) -> int:
    """A seed numpy accepts: a whole number from 0 to ``2**64 - 1`` (as ``--seed`` says)."""
    n = int(value) if isinstance(value, numbers.Integral) and is_whole(value) else -1
    if not 0 <= n <= SEED_MAX:
        raise LightsartError(f"--seed must be a whole number from 0 to 2**64 - 1, got {value!r}")
    return n
