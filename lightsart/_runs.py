"""What one run of ``still`` or ``animate`` made: its pictures and their fits, the transitions,
the frames and the files written, with the numbers the CLI prints and ``--json`` emits.

:mod:`lightsart._pipeline` makes them, in memory: a result holds the boards, clicks and frames
whether or not any file was written.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lightsart import _checks as checks
from lightsart._choices import Errors
from lightsart._errors import LightsartError
from lightsart._jobs import rules_dict
from lightsart._palette import Palette
from lightsart._public import public
from lightsart._results import Clicks, Fit, fit_words, vocabulary
from lightsart._rules import Rules
from lightsart._types import Frame, array_summary

__all__ = ["AnimationResult", "Picture", "StillResult", "palette_dict", "texture_hint"]


@dataclass(frozen=True)
class Picture:
    """One input picture: where it came from (a path, or ``<array>``), its dithered target and
    the engine's fit."""

    path: str
    fit: Fit
    errors: Errors = "uniform"
    #: The picture's grey on the board after the tone stage (what was dithered; ``[0, 1]``,
    #: 1 = white): the ``light-to-dark`` click order reads it.
    grey: np.ndarray | None = field(default=None, repr=False, compare=False)
    #: The picture fitted to the board before the tone stage (the photo as it is): the texture
    #: hint scores the board against it (and reads the busyness of ``grey``).
    fitted: np.ndarray | None = field(default=None, repr=False, compare=False)
    #: The colour of each state when the picture was dithered onto a palette (``None``: greys).
    palette: Palette | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        """A line a REPL can show: the file, its board and its fit in words (no array dump)."""
        return (f"Picture({self.path!r}, {array_summary(self.fit.board)}, {fit_words(self.fit)}, "
                f"errors {self.errors!r})")

    def to_dict(self) -> dict[str, Any]:
        f = self.fit
        # Under per-pixel costs the count is not what was minimised: a least cost proves the
        # cost, and the count only through the bound it implies (Fit.count_lower_bound).
        counted, count_bound = f.count_proven_minimal, f.count_lower_bound
        return {
            "path": self.path,
            "errors": self.errors,
            "minimised": f.minimised,
            "wrong_cost": round(f.wrong_cost, 6),
            "wrong_cost_proven_minimal": f.wrong_pixels_proven_minimal or f.wrong_cost == 0,
            # Rounded down, so that rounding never lifts the bound above the least cost.
            "wrong_cost_lower_bound": math.floor(f.wrong_pixels_lower_bound * 1e6) / 1e6,
            # The clock stopped a search before its planned work: the answer may vary by machine.
            "cut_short": f.cut_short,
            **({} if not f.grey else {"states": f.states}),
            # The same keys at every number of states (lightsart._vocabulary): cells of the wrong
            # level, and presses (a cell pressed j times counts j).
            "wrong_cells": f.wrong_pixels,
            "wrong_cells_proven_minimal": counted,
            "wrong_cells_lower_bound": count_bound,
            "click_count": f.clicks_count,
            "click_count_proven_minimal": f.clicks_proven_minimal,
            "click_count_lower_bound": f.clicks_bound,
            "click_search": None if f.clicks_search is None else f.clicks_search.to_dict(),
        }


@public
@dataclass(frozen=True)
class StillResult:
    """What :func:`lightsart.make_still` made: the board, the picture's fit, the files written.

    ``to_dict()`` is the ``--json`` object of ``lightsart still``; in Jupyter it draws the fit.

    Parameters
    ----------
    width, height : int
        The board's columns and rows.
    nullity : int
        The board's nullity under the rules (0: every picture reachable exactly).
    picture : Picture
        The picture's path, its target and its :class:`~lightsart.Fit` (``picture.fit``).
    outputs : tuple of str
        The files written, in order.
    seconds : float
        Time spent.
    rules : lightsart.Rules or None, optional
        The rules of the game (``None``: the classic game).

    Returns
    -------
    StillResult
        The result.
    """

    width: int
    height: int
    nullity: int
    picture: Picture
    outputs: tuple[str, ...]
    seconds: float
    rules: Rules | None = None

    #: Jupyter draws the fit.

    def __post_init__(self) -> None:
        checks.record(self, sides=("width", "height"), counts=("nullity",), numbers=("seconds",),
                      tuples=("outputs",))

    def __repr__(self) -> str:
        """A line a REPL can show: picture, board size, its fit in words and the files written."""
        return (f"StillResult({self.picture.path!r}, {self.width}x{self.height}, "
                f"{fit_words(self.picture.fit)}, outputs={list(self.outputs)!r})")

    def texture_hint(self) -> str | None:
        """One line when the board likely reads as texture rather than as the picture (and what
        usually reads better); ``None`` when it reads as its picture, or with grey levels."""
        return texture_hint([self.picture])

    @property
    def palette(self) -> Palette | None:
        """The colour of each state, state 0 first, when a palette was asked for (``None``:
        greys, as boards were drawn before colour)."""
        return self.picture.palette

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object of ``lightsart still`` (keys: :mod:`lightsart._vocabulary`)."""
        board: dict[str, Any] = {"width": self.width, "height": self.height, "nullity": self.nullity}
        board["kernel_size"] = _kernel_size(self.picture.fit, self.nullity)
        return {
            "board": board,
            "rules": rules_dict(self.rules, self.height, self.width),
            **palette_dict(self.palette),
            "pictures": [self.picture.to_dict()],
            "outputs": list(self.outputs),
            "seconds": round(self.seconds, 3),
        }


@public
@dataclass(frozen=True)
class AnimationResult:
    """What :func:`lightsart.make_animation` made: the fits, the transitions, the frames, the files.

    ``to_dict()`` is the ``--json`` object of ``lightsart animate``; in Jupyter it plays the GIF.

    Parameters
    ----------
    width, height : int
        The board's columns and rows (every picture is fitted to the same board).
    nullity : int
        The board's nullity under the rules.
    pictures : tuple of Picture
        Each picture's path, target and :class:`~lightsart.Fit`.
    transitions : tuple of Clicks
        The fewest clicks between consecutive pictures (with ``loop``, the way back too).
    frames : int
        Frames planned.
    duration_seconds : float
        How long the animation plays.
    outputs : tuple of str
        The files and folders written.
    seconds : float, optional
        Time spent.
    notes : tuple of str, optional
        Things the user should know that are not errors (a picture cropped to the board's shape).
    video_frames : int or None, optional
        Frames the MP4 holds (holds become repeated frames there); ``None`` without an MP4.
    rules : lightsart.Rules or None, optional
        The rules of the game (``None``: the classic game).
    orders : tuple of str, optional
        Each transition's click order as ``--order`` names it.
    reverse : bool, optional
        Whether the orders were played backwards.
    ease : str, optional
        How the clicks were spread over each transition's frames.
    outputs_detail : tuple, optional
        What each GIF, MP4 or frames folder holds (:class:`lightsart._output.writers.Written`).
    segments : tuple, optional
        Each transition's start board and ordered clicks, kept so the frames can be made again
        without a file (:meth:`iter_frames`).
    plan : object, optional
        The frame plan those frames follow (frames per transition, holds, easing).

    Returns
    -------
    AnimationResult
        The result.
    """

    width: int
    height: int
    nullity: int
    pictures: tuple[Picture, ...]
    transitions: tuple[Clicks, ...]
    frames: int
    duration_seconds: float
    outputs: tuple[str, ...]
    seconds: float = field(default=0.0)
    #: Things the user should know that are not errors (a picture cropped to the board's shape).
    notes: tuple[str, ...] = ()
    #: Frames the MP4 holds (holds become repeated frames there); None without an MP4.
    video_frames: int | None = None
    rules: Rules | None = None
    #: Each transition's click order as ``--order`` names it (``radial``, ``mask:FILE``, ...),
    #: whether it was played backwards, and how its clicks spread over its frames.
    orders: tuple[str, ...] = ()
    reverse: bool = False
    ease: str = "linear"
    #: What each GIF, MP4 or frames folder written holds: frames after merging holds (a GIF
    #: keeps one frame for a picture shown twice), seconds and bytes
    #: (:class:`lightsart._output.writers.Written`); a page has none.
    outputs_detail: tuple[Any, ...] = ()
    #: Each transition's start board and ordered clicks, and the frame plan: what
    #: :meth:`iter_frames` plays (not in ``to_dict()``).
    segments: tuple[tuple[np.ndarray, np.ndarray], ...] = field(default=(), repr=False,
                                                                compare=False)
    plan: Any = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        checks.record(self, sides=("width", "height"), counts=("nullity", "frames"),
                      numbers=("duration_seconds", "seconds"), texts=("ease",),
                      tuples=("pictures", "transitions", "outputs", "notes", "orders"))

    def iter_frames(self) -> Iterator[Frame]:
        """The animation's frames, one at a time (each a :class:`~lightsart.Frame`: a board and
        how long it shows), as the writers receive them; nothing is drawn or written."""
        from lightsart._animation.animate import chain_frames

        if self.plan is None:
            raise LightsartError("this result holds no frames (it was not made by "
                                 "make_animation)")
        return chain_frames(self.segments, self.plan, self.rules)

    def texture_hint(self) -> str | None:
        """One line when a board likely reads as texture rather than as its picture (the
        worst picture is named); ``None`` when every board reads as its picture."""
        return texture_hint(self.pictures)

    def __repr__(self) -> str:
        """A line a REPL can show: pictures, board size, wrong pixels (cells) per picture, clicks
        (presses) per transition, frames, seconds and the files written (no array dump)."""
        words = vocabulary(self.states)
        wrong = [p.fit.wrong_pixels for p in self.pictures]
        steps = [t.count for t in self.transitions]
        return (f"AnimationResult({len(self.pictures)} pictures, {self.width}x{self.height}, "
                f"{self.states} states, {words.wrong}s {wrong}, {'presses' if words.grey else 'clicks'} "
                f"{steps}, {self.frames} frames, {self.duration_seconds:g} s, "
                f"outputs={list(self.outputs)!r})")

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object of ``lightsart animate`` (keys: :mod:`lightsart._vocabulary`)."""
        return {
            "board": {"width": self.width, "height": self.height, "nullity": self.nullity,
                      "kernel_size": _kernel_size(
                          self.pictures[0].fit if self.pictures else None, self.nullity)},
            "rules": rules_dict(self.rules, self.height, self.width),
            **palette_dict(self.palette),
            "pictures": [p.to_dict() for p in self.pictures],
            "transitions": [self._transition_dict(t, i) for i, t in enumerate(self.transitions)],
            "frames": self.frames,
            **({} if self.video_frames is None else {"video_frames": self.video_frames}),
            "duration_seconds": round(self.duration_seconds, 3),
            "outputs": list(self.outputs),
            **self._written_dict(),
            "notes": list(self.notes),
            "seconds": round(self.seconds, 3),
        }

    @property
    def states(self) -> int:
        """States per cell (2: the classic game; more: grey levels)."""
        return 2 if self.rules is None else self.rules.states

    @property
    def palette(self) -> Palette | None:
        """The colour of each state, state 0 first, when a palette was asked for (``None``:
        greys)."""
        return self.pictures[0].palette if self.pictures else None

    def _written_dict(self) -> dict[str, Any]:
        """``outputs_detail``: each file's frames as stored, playing seconds and bytes."""
        if not self.outputs_detail:
            return {}
        return {"outputs_detail": [{"path": w.path, "frames": w.images,
                                    "seconds": round(w.seconds, 3), "bytes": w.bytes}
                                   for w in self.outputs_detail]}

    def _transition_dict(self, t: Clicks, index: int) -> dict[str, Any]:
        out: dict[str, Any] = {"cut_short": t.cut_short}
        if index < len(self.orders):
            out.update(order=self.orders[index], reverse=self.reverse, ease=self.ease)
        if vocabulary(self.states).grey:
            out.update(states=self.states)
        # The same keys at every number of states (lightsart._vocabulary): presses (a cell
        # pressed j times counts j), each one a step of the frames.
        out.update(click_count=t.count, click_count_proven_minimal=t.proven,
                   cells_pressed=int(np.count_nonzero(t.clicks)),
                   click_count_lower_bound=t.count if t.proven else min(t.count, t.lower_bound),
                   click_search=None if t.search is None else t.search.to_dict())
        return out


def palette_dict(palette: Palette | None) -> dict[str, Any]:
    """``{"palette": ["#rrggbb", ...]}`` (state 0 first) for ``--json`` when a palette was asked
    for; nothing for greys, as before colour."""
    return {} if palette is None else {"palette": list(palette.hex())}


def _kernel_size(fit: Fit | None, nullity: int) -> int:
    """Press vectors that change nothing: ``2**nullity`` for 2 states, counted for k states."""
    return 1 << nullity if fit is None or fit.kernel_size is None else fit.kernel_size


def texture_hint(pictures: Sequence[Picture]) -> str | None:
    """The hint line when a board likely reads as texture
    (:func:`lightsart._pictures.likeness.texture_hint`), from what the job holds: each board
    (grey levels scaled to 0..1), the picture fitted to it (its likeness) and the toned picture
    it was dithered from (its busyness and fineness); ``None`` for small boards and boards that
    read as their picture."""
    from lightsart._pictures.likeness import (
        HINT_FROM_SIDE,
        busyness,
        fineness,
        viewing_score,
    )
    from lightsart._pictures.likeness import texture_hint as hint_for

    fits = [p.fit for p in pictures]
    if not fits or max(fits[0].width, fits[0].height) < HINT_FROM_SIDE:
        return None  # small boards show their cells
    states = fits[0].states
    scores = []
    for p in pictures:
        if p.fitted is None:
            continue
        toned = p.grey if p.grey is not None else p.fitted
        scores.append((p.path, viewing_score(p.fit.board / (states - 1), p.fitted),
                       busyness(toned), fineness(toned)))
    return hint_for(scores, fits[0].width, fits[0].height, states)
