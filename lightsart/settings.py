"""Settings that travel together, as small frozen values with their defaults in one place.

``make_still`` and ``make_animation`` take four of them instead of two dozen keyword arguments:

* :class:`Pictures`: how pictures are prepared (board size, fit, dithering, tone, errors, linear);
* :class:`Solving`: the rules of the game and how boards are solved (engine, budget, solver);
* :class:`Timing`: how an animation is timed (click order, seed, fps, durations, loop);
* :class:`Look`: how boards are drawn (cell size, style, colours).

The old keyword arguments still work (:func:`gather` files each under its group), so code written
for 0.1 runs unchanged.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lightsart.choices import Errors

if TYPE_CHECKING:
    from lightsart.pictures.tone import Tone

__all__ = ["Look", "Pictures", "Solving", "Timing", "gather"]


@dataclass(frozen=True)
class Pictures:
    """How pictures become targets: ``size`` ``(W, H)``/``(W, None)``/``None`` (choose)."""

    size: tuple[int, int | None] | None = None
    fit: str = "cover"
    dither: str = "floyd-steinberg"
    tone: Tone | None = None
    errors: Errors = "perceptual"
    linear: bool = False


@dataclass(frozen=True)
class Solving:
    """The rules (``pattern``, ``topology``, ``states`` per cell: 2 to 16, grey levels above 2)
    and the engine that solves boards under them."""

    engine: str = "exact"
    time_limit: float | None = None
    solver: str = "cbc"
    pattern: str = "plus"
    topology: str = "plane"
    states: int = 2


@dataclass(frozen=True)
class Timing:
    """How an animation plays: click order (a name of ``ORDERS``, ``mask:FILE``, or one per
    transition, comma-separated) and seed, frame rate, seconds per transition (or clicks per
    frame), seconds each picture is held, whether it plays back to the start, whether each order
    is played backwards (``reverse``), and how clicks spread over a transition (``ease``:
    ``linear`` or ``in-out``)."""

    order: str = "raster"
    seed: int = 0
    fps: float = 25.0
    duration: float = 4.0
    clicks_per_frame: int | None = None
    hold: float = 1.0
    loop: bool = False
    reverse: bool = False
    ease: str = "linear"


@dataclass(frozen=True)
class Look:
    """How boards are drawn: pixels per cell (``None``: about 480 pixels on the long side), the
    style, and the lit, unlit and panel colours (``None``: the style's)."""

    cell: int | None = None
    style: str = "pixels"
    colours: tuple[str | None, str | None, str | None] = (None, None, None)


def gather(function: str, legacy: dict[str, Any], *groups: object, kinds: tuple[type, ...]
           ) -> tuple[Any, ...]:
    """Each group (its default when ``None``) with the old keyword arguments in ``legacy`` filed
    under the group that has a field of that name; an unknown name is a ``TypeError``."""
    filled: list[Any] = [kind() if group is None else group
                         for group, kind in zip(groups, kinds, strict=True)]
    for name, value in legacy.items():
        for k, group in enumerate(filled):
            if name in {f.name for f in dataclasses.fields(group)}:
                filled[k] = dataclasses.replace(group, **{name: value})
                break
        else:
            raise TypeError(f"{function}() got an unexpected keyword argument {name!r}")
    return tuple(filled)
