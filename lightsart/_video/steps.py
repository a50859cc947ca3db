"""How each frame of a film becomes a board: the two modes, one frame at a time.

* :class:`BoardsMode`: every frame is the reachable board closest to its target. The target is
  the previous target refined by direct binary search against the toned frame
  (:func:`lightsart._video.refine.refine`; the first, and the first after a cut, from
  Floyd–Steinberg's dithering of the frame), so cells change only where the picture did; the
  engine then fits it with :func:`~lightsart._video.steady.steady_costs`, so where the board
  cannot be every board (nullity above 0) the cells left wrong stay where they were. The
  clicks between consecutive boards are the engine's ``connect``.
* :class:`PlayMode`: the first frame is fitted as above; from then on the board is played: each
  frame is the previous board plus at most ``max_clicks`` presses chosen by
  :func:`lightsart._video.play.play_step`, except the frame after a cut, which is fitted afresh
  as in boards mode (the presses to it, however many).

Every step is checked before it is kept: its presses, pressed again on the previous board, must
give the new board (:func:`lightsart._core.algebra.reached`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from lightsart._choices import Errors
from lightsart._types import Board, Gray
from lightsart._video.motion import STILL_FRAME, Motion, Texture, carried

if TYPE_CHECKING:
    from lightsart._engines import Budget, Engine
    from lightsart._results import Fit
    from lightsart._rules import Rules

__all__ = ["BoardsMode", "PlayMode", "Step"]


@dataclass(frozen=True)
class Step:
    """One frame's board and the presses from the previous frame's (``None`` for the first);
    ``clicks`` counts them (a cell pressed ``j`` times counts ``j``)."""

    board: Board
    presses: NDArray[np.int64] | None
    clicks: int


@dataclass
class BoardsMode:
    """Closest reachable board per frame, changing as few cells as the picture allows."""

    rules: Rules
    engine: Engine
    budget: Budget
    errors: Errors = "perceptual"
    linear: bool = False
    #: The rules as the engine takes them (``None``: the classic game, its fastest path).
    engine_rules: Rules | None = None
    #: ``"steady"`` (a search from the previous target), a mask method, or any other method.
    dither: str = "steady"
    _target: Board | None = field(default=None, init=False)
    _fit: Fit | None = field(default=None, init=False)
    _texture: Texture = field(default_factory=Texture, init=False)

    def _carried(self, toned: Gray, motion: Motion) -> tuple[Board | None, Board | None]:
        """The previous target and board carried along ``motion`` (cells it uncovers from a
        fresh dither of ``toned``); ``None`` at a cut or before the first frame."""
        from lightsart._pictures.dither import blue_noise_mask
        from lightsart._video.steady import steady_dither

        if motion.cut or self._target is None:
            self._texture.sources(Motion(cut=True), toned.shape)
            return None, None
        board = None if self._fit is None else self._fit.board
        if motion.still or self.dither != "steady":  # a mask method's texture is the board's
            return self._target, board
        sources = self._texture.sources(motion, toned.shape)
        fresh = steady_dither(toned, None, blue_noise_mask(), self.rules.states,
                              linear=self.linear)
        return (carried(self._target, sources, fresh),
                None if board is None else carried(board, sources, fresh))

    def target(self, toned: Gray, previous: Board | None = None) -> Board:
        """This frame's target by the dither, from ``previous`` (the last frame's, carried along
        the motion; ``None``: afresh)."""
        from lightsart._pictures.dither import DEFAULT_METHOD, DITHER_METHODS, OrderedDither, dither
        from lightsart._video.refine import refine
        from lightsart._video.steady import steady_dither

        k = self.rules.states
        if self.dither == "steady":
            start = (dither(toned, DEFAULT_METHOD, states=k, linear=self.linear)
                     if previous is None else previous)
            return refine(start, toned, previous, k, linear=self.linear)
        method = DITHER_METHODS.get(self.dither)
        if isinstance(method, OrderedDither):
            return steady_dither(toned, previous, method.ranks(), k, linear=self.linear)
        return dither(toned, self.dither, states=k, linear=self.linear)

    def fit(self, toned: Gray, motion: Motion = STILL_FRAME) -> Fit:
        """The engine's fit of this frame's target, keeping the previous board's cells (carried
        along ``motion``) where it can; at a cut (and the first frame) a fresh fit."""
        start, previous = self._carried(toned, motion)
        target = self._target = self.target(toned, start)
        return self.fit_target(target, toned, previous)

    def fit_target(self, target: Board, toned: Gray, previous: Board | None) -> Fit:
        """The engine's fit of ``target``, keeping ``previous``'s cells where it can."""
        from lightsart._video.steady import steady_costs

        costs = steady_costs(self._costs(target, toned), target, previous, self.rules.states)
        return self.engine.fit(target, costs, self.budget, self.engine_rules)

    def _costs(self, target: Board, toned: Gray) -> NDArray[np.float64] | None:
        from lightsart._pictures.costs import cell_costs

        return cell_costs(target, toned, self.rules.states, self.errors)

    def step(self, toned: Gray, motion: Motion = STILL_FRAME) -> Step:
        fit = self.fit(toned, motion)
        before, self._fit = self._fit, fit
        if before is None:
            return Step(fit.board, None, 0)
        if np.array_equal(before.board, fit.board):
            return Step(fit.board, np.zeros(fit.board.shape, np.int64), 0)
        found = self.engine.connect(before, fit, self.budget)
        presses = np.asarray(found.clicks, dtype=np.int64)
        return checked(before.board, presses, fit.board, self.rules)


@dataclass
class PlayMode:
    """One game: after the first frame, at most ``max_clicks`` presses per frame.

    The clicks chase the frame freely, the most improving first, seen through the eye's blur
    (:func:`~lightsart._video.play.play_step`); that settles on a board no single or paired
    click improves, still short of a good halftone (0.8-0.95x Pillow's structure) and with
    stray dots no click can remove alone. So once the picture has held still and boards mode's
    target (carried along the motion as in boards mode) has changed at most :data:`DRIFT` of
    its cells a frame for :data:`HELD` frames, the clicks go the way to the goal instead: the
    engine's fit of that target, keeping the cells the board already has right; the presses
    that make it are made a column at a time from the left, ``max_clicks`` a frame, so one
    straight seam crosses the board (a tile at a time left a ring of scrambled cells around
    every tile), and the board ends on the goal and holds still while the target stays within
    :data:`DRIFT` of the goal's.

    At a cut the board jumps to boards mode's fresh fit of the new frame, as the clip jumps to
    the new scene: the one step not bound by ``max_clicks``. While the shot then holds still
    the fit is the goal, and the board stays on it.
    """

    first: BoardsMode
    max_clicks: int
    sigma: float = 0.8
    _board: Board | None = field(default=None, init=False)
    _goal: Board | None = field(default=None, init=False)
    #: Boards mode's target when ``_goal`` was fitted: the way holds while the target stays near.
    _goal_target: Board | None = field(default=None, init=False)
    #: The presses left on the way to ``_goal``, in the order they are made (flat cells).
    _way: NDArray[np.intp] | None = field(default=None, init=False)
    _way_presses: NDArray[np.int64] | None = field(default=None, init=False)
    #: Frames the picture has held still and boards mode's target within :data:`DRIFT`.
    _held: int = field(default=0, init=False)

    def step(self, toned: Gray, motion: Motion = STILL_FRAME) -> Step:
        first = self.first
        start, _ = first._carried(toned, motion)
        target = first.target(toned, start)
        held = (first._target is not None and motion.still
                and _drift(target, first._target) <= DRIFT)
        first._target = target
        self._held = self._held + 1 if held else 0
        if self._goal_target is not None and not (
                motion.still and _drift(target, self._goal_target) <= DRIFT):
            self._goal = self._goal_target = self._way = None
        if self._board is None:
            self._board = first.fit_target(target, toned, None).board
            return Step(self._board, None, 0)
        rules = first.rules
        if motion.cut:  # the clip jumps to a new scene: so does the board, whatever it costs
            return self._cut(first.fit_target(target, toned, None).board, target)
        if self._held >= HELD or self._goal is not None:  # on the way to the goal, or there
            if self._goal is None:  # boards mode's fit, keeping the cells the board has right
                self._goal = first.fit_target(target, toned, self._board).board
                self._goal_target = target
            presses = self._on_the_way(self._goal)
        else:
            from lightsart._video.play import play_step

            self._way = None
            found: Any = play_step(self._board, toned, rules, max_clicks=self.max_clicks,
                                   sigma=self.sigma)
            presses = np.asarray(found.presses, dtype=np.int64)
        step = checked(self._board, presses, reached(self._board, presses, rules), rules)
        if step.clicks > self.max_clicks:  # pragma: no cover
            raise AssertionError(f"play step used {step.clicks} clicks, more than "
                                 f"{self.max_clicks}")
        self._board = step.board
        return step

    def _cut(self, fresh: Board, target: Board) -> Step:
        """The step to ``fresh``, boards mode's fit of the frame after a cut: the one step
        not bound by ``max_clicks`` (the presses that make it, however many)."""
        from lightsart._core.algebra import algebra

        assert self._board is not None
        k = self.first.rules.states
        route = algebra(self.first.rules).solve((fresh.astype(np.int64) - self._board) % k)
        assert route is not None  # a fit is reachable from any board
        presses = np.asarray(route, np.int64).reshape(fresh.shape) % k
        step = checked(self._board, presses, fresh, self.first.rules)
        self._board, self._goal, self._goal_target, self._way = fresh, fresh, target, None
        return step

    def _on_the_way(self, goal: Board) -> NDArray[np.int64]:
        """The next ``max_clicks`` presses of the way to ``goal`` (found when the goal came)."""
        from lightsart._core.algebra import algebra

        assert self._board is not None
        k = self.first.rules.states
        if np.array_equal(goal, self._board):
            self._way = None
            return np.zeros(goal.shape, np.int64)
        if self._way is None or self._way_presses is None:
            route = algebra(self.first.rules).solve((goal.astype(np.int64) - self._board) % k)
            assert route is not None  # the goal is a fit: reachable from any board
            flat = np.asarray(route, np.int64).reshape(-1) % k
            cells = np.flatnonzero(flat)
            columns = cells % goal.shape[1]
            self._way = cells[np.lexsort((cells // goal.shape[1], columns))]
            self._way_presses = flat
        taken = np.cumsum(self._way_presses[self._way]) <= self.max_clicks
        presses = np.zeros(goal.size, np.int64)
        presses[self._way[taken]] = self._way_presses[self._way[taken]]
        self._way = self._way[~taken]
        return presses.reshape(goal.shape)


#: Frames the picture must hold still before play mode takes the way to boards mode's board (a
#: slow pan, whose decoded frames stand still every other frame, kept breaking off the way and
#: left its seams: 3.6 % of cells a frame at 0.98x Pillow's structure, against 0.15 % at 1.00x).
HELD = 3


#: The share of cells boards mode's target may change (from the last frame's, or from the goal's)
#: while play mode still counts the shot as held: the tone follows the clip over two seconds, so
#: after a fade the target keeps moving a few cells a frame, and an exact match never came.
DRIFT = 0.02


def _drift(a: Board, b: Board) -> float:
    return float(np.mean(a != b))


def reached(board: Board, presses: NDArray[np.int64], rules: Rules) -> Board:
    from lightsart._core.algebra import reached as pressed

    return np.asarray(pressed(board, presses % rules.states, rules), np.uint8)


def checked(before: Board, presses: NDArray[np.int64], after: Board, rules: Rules) -> Step:
    """The step ``before → after`` once ``presses`` are seen to make it (else an error)."""
    from lightsart._core.algebra import reached

    if not np.array_equal(reached(before, presses % rules.states, rules), after):
        raise AssertionError("a film step's presses do not make its board")  # pragma: no cover
    return Step(after, presses, int((presses % rules.states).sum()))
