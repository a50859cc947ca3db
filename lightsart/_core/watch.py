"""What a fewest-clicks search plans before it starts, and who hears how it goes.

Kept apart from :mod:`lightsart._core.fewest` (numpy, threads, the leaves) so the CLI can set a
:class:`Watcher` around any command without loading the search (``--help`` and small boards stay
fast). A :class:`SearchPlan` is counts only: the leaves a proof scores, the leaves a budget buys
at the nominal speed of :mod:`lightsart._calibration`, and the nominal seconds the proof needs.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Protocol

from lightsart._calibration import (
    COMPILED_START_SECONDS,
    MEMBERS_PER_SECOND,
    NUMPY_MEMBERS_PER_SECOND,
)

__all__ = ["SearchPlan", "Watcher", "nominal_seconds", "watcher", "watching"]


def nominal_seconds(members: int, compiled: bool = True) -> float:
    """Seconds the split search needs to score ``members`` coset members at the nominal speed
    of :mod:`lightsart._calibration` (the compiled leaves' start-up included): infinite for a
    count past a float's range (``2**d`` members of a nullity in the thousands)."""
    if members.bit_length() > _FLOAT_BITS:  # int / float would raise OverflowError
        return math.inf
    if compiled:
        return COMPILED_START_SECONDS + members / MEMBERS_PER_SECOND
    return members / NUMPY_MEMBERS_PER_SECOND


#: Counts of more bits than this are beyond any budget (a float's range ends near 2**1024).
_FLOAT_BITS = 1000


@dataclass(frozen=True)
class SearchPlan:
    """What a split search will do, known before it starts: ``leaves`` to score for a proof
    (one per symmetry orbit) of ``members`` coset members each, the ``planned`` leaves the budget
    buys at the nominal speed, and the nominal ``seconds_needed`` for all of them."""

    leaves: int
    members: int
    planned: int
    seconds_needed: float
    compiled: bool

    @property
    def finishes(self) -> bool:
        """The budget buys every leaf: the search is planned to end with a proof."""
        return self.planned >= self.leaves

    @property
    def seconds_planned(self) -> float:
        """Nominal seconds of the leaves it will score (all of them, or the budget's)."""
        return nominal_seconds(min(self.planned, self.leaves) * self.members, self.compiled)


class Watcher(Protocol):
    """Told how a long search goes (the CLI's progress line): ``start`` once with the plan and
    the lower bound known before it, then ``advance`` with the leaves scored and the fewest
    clicks so far, and ``finish`` when it ends. ``local_rounds`` in ``start``: the plan is the
    proof's, but the budget runs that many rounds of the local search instead (no proof), and
    ``advance`` counts rounds."""

    def start(self, plan: SearchPlan, lower_bound: int, local_rounds: int = 0) -> None: ...

    def advance(self, done: int, best: int) -> None: ...

    def finish(self) -> None: ...


# Set by the CLI around one command (a context, so library calls elsewhere are not watched).
_WATCHER: ContextVar[Watcher | None] = ContextVar("lightsart_fewest_watcher", default=None)


@contextlib.contextmanager
def watching(watch: Watcher | None) -> Iterator[None]:
    """Within this block every fewest-clicks search tells ``watch`` how it goes."""
    token = _WATCHER.set(watch)
    try:
        yield
    finally:
        _WATCHER.reset(token)


def watcher() -> Watcher | None:
    """The :class:`Watcher` set by :func:`watching`, if any."""
    return _WATCHER.get()
