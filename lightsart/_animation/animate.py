"""Animation: the order of the clicks, their batching into frames, and the frames themselves.

A transition from picture ``A`` to picture ``B`` is a click set ``x`` with ``B = A ^ A x``. Clicks
commute and undo themselves, so *every* order of the cells of ``x`` is a legal animation, and the
same order reversed plays ``B`` back into ``A``. This module

* orders the clicks (:func:`click_order`, from :mod:`lightsart._animation.orders`): by a field
  over the board (``raster``, ``radial``, ``noise``, ...), ``random`` (seeded), or ``morph``
  (greedy: each click is the one bringing the frame closest to ``B``);
* cuts the order into batches, one batch per frame (:func:`plan`): from a duration and a frame
  rate, or from an explicit number of clicks per frame, spread evenly (``ease="linear"``) or
  slow at both ends and fast in the middle (``ease="in-out"``);
* yields the frames lazily (:func:`frames`, :func:`chain_frames`): one working board, each batch
  XORed into it in place, a copy yielded per frame, so memory does not grow with the frame count.

**k states per cell** (``rules.states = k``, three or more: grey levels). A transition is a press vector
``x`` (cell ``c`` pressed ``x[c]`` times, ``0 .. k-1``) with ``B = A + A x`` mod ``k``. Presses
commute too, so every order of the ``Σ x`` single presses is legal; they no longer undo
themselves, so playing back subtracts (``B - A p = A``: a press is undone by ``k-1`` more, and
the frames simply subtract its change). :func:`press_order` expands ``x`` into single presses:
the pressed cells (``x > 0``) are ordered by any click order, then each cell is repeated
``x[c]`` times in place, so a cell's presses play one after another (it steps through its
greys instead of flickering back later). ``morph`` orders the pressed cells by the two-state
greedy on their support. Everything below (plans, batches, timeline, looping) then counts
single presses where two states count clicks: with ``clicks_per_frame=1`` each frame is exactly
one press more than the last.

The timeline (``S`` transitions, transition ``s`` in ``F_s`` frames of ``t_s`` seconds each):

* every picture (first, each intermediate, last) is one frame of ``hold + t`` seconds, where
  ``t`` is the frame time of the transition arriving at it (for the first picture: of the first
  transition), so a picture stays ``hold`` seconds longer than a motion frame;
* between pictures, ``F_s - 1`` motion frames of ``t_s`` seconds; the ``F_s``-th batch lands on
  the next picture. ``F_s * t_s`` is the requested ``duration`` exactly;
* ``loop=True`` plays ``A -> B -> ... -> A``: after the last picture the same batches are undone
  in reverse order, and the last frame before the restart is the one just after ``A``, so the
  restart (``A`` again) is the loop's own closing step and no frame is shown twice in a row.

Frames: ``1 + sum F_s`` (``2 * sum F_s`` looped). Seconds: ``t_1 + sum F_s t_s + (S + 1) hold``
(looped: ``2 sum F_s t_s + 2 S hold``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack

import numpy as np
from numpy.typing import NDArray

from lightsart._animation.morph import press_with as _press_with
from lightsart._animation.orders import (
    ClickOrder,
    click_order,
    press_order,
)
from lightsart._choices import EASES, Ease
from lightsart._core.algebra import mod_sum
from lightsart._core.board import as_board
from lightsart._errors import InvalidType, InvalidValue
from lightsart._public import public
from lightsart._rules import Rules
from lightsart._types import Board, Frame, array_summary

__all__ = [
    "Animation",
    "Plan",
    "PlanOptions",
    "TransitionPlan",
    "animate_boards",
    "chain_frames",
    "check_ease",
    "clicks_per_frame",
    "frame_count",
    "frames",
    "plan",
]


# ---------------------------------------------------------------------------------------------
# Batching: how many frames, how many clicks in each, how long each frame stays
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TransitionPlan:
    """One transition's batching: ``clicks`` cut into ``steps`` frames of ``step_seconds`` each.

    ``ease="linear"``: batch ``k`` is ``order[k * clicks // steps : (k + 1) * clicks // steps]``,
    sizes differ by at most one, the largest being ``clicks_per_frame``.

    ``ease="in-out"``: every frame gets one click, and the other ``clicks - steps`` are spread
    by the smoothstep ``S(t) = 3t² - 2t³``: batch ``k`` ends at ``k + 1 + round((clicks - steps)
    · S((k + 1) / steps))``. So the first and last frames hold a single click, the middle ones
    about 1.5 times the average, and no frame repeats the one before it (every batch has a
    click); every click is in exactly one batch.

    A transition with no clicks still takes one (empty) step, so every picture gets its frame.
    """

    clicks: int
    steps: int
    step_seconds: float
    ease: Ease = "linear"

    @property
    def clicks_per_frame(self) -> int:
        """The largest batch."""
        if self.ease == "linear" or self.clicks <= self.steps:
            return -(-self.clicks // self.steps)
        return int(np.diff(self.bounds()).max())

    @property
    def seconds_of_motion(self) -> float:
        return self.steps * self.step_seconds

    def bounds(self) -> NDArray[np.intp]:
        """Offsets into the ordered clicks: batch ``k`` is ``bounds[k]:bounds[k + 1]``."""
        k = np.arange(self.steps + 1, dtype=np.intp)
        if self.ease == "linear" or self.clicks <= self.steps:
            return (k * self.clicks) // self.steps
        # round(extra S(k / f)) in whole numbers, half up: the same bounds on any machine (floats
        # put a bound one click off where the product lands on a half).
        # Python integers: extra k² (3f - 2k) passes 2^63 for long animations.
        f, extra = self.steps, self.clicks - self.steps
        return np.array([j + (2 * extra * j * j * (3 * f - 2 * j) + f**3) // (2 * f**3)
                         for j in range(f + 1)], dtype=np.intp)


@dataclass(frozen=True)
class Plan:
    """The frame plan of a chain of transitions: counts and seconds known before any frame."""

    transitions: tuple[TransitionPlan, ...]
    fps: float
    hold: float
    loop: bool
    frames: int
    seconds: float

    @property
    def clicks(self) -> int:
        """Clicks in the whole chain (each played once forward; once more backward if looped)."""
        return sum(t.clicks for t in self.transitions)

    @property
    def clicks_per_frame(self) -> int:
        """The largest batch of any transition."""
        return max(t.clicks_per_frame for t in self.transitions)


def _seconds(value: float, name: str, *, zero: bool = False) -> float:
    """``value`` as a finite float, positive (or ``>= 0`` when ``zero``), else a user error."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        v = math.nan
    if not (math.isfinite(v) and (v > 0 or (zero and v == 0))):
        least = ">= 0" if zero else "> 0"
        raise InvalidValue(f"{name} must be a number {least}, got {value!r}")
    return v


def check_ease(ease: object) -> None:
    """``ease`` names one of :data:`EASES`, else one line."""
    if ease not in EASES:
        raise InvalidValue(f"unknown ease {ease!r}: choose one of {', '.join(EASES)}")


def _motion_frames(fps: float, duration: float) -> int:
    """Frames of motion wanted for one transition: ``fps * duration``, at least one."""
    return max(1, round(_seconds(fps, "fps") * _seconds(duration, "duration")))


def clicks_per_frame(total_clicks: int, fps: float = 25.0, duration: float = 4.0) -> int:
    """Largest batch when ``total_clicks`` are spread evenly over ``duration`` seconds at ``fps``.

    The motion gets ``min(total_clicks, round(fps * duration))`` frames (one click per frame at
    least), so the batch is ``ceil(total_clicks / frames)``: 0 for a transition with no clicks.
    """
    if total_clicks < 0:
        raise InvalidValue(f"a click count cannot be negative, got {total_clicks}")
    want = _motion_frames(fps, duration)
    return -(-total_clicks // max(1, min(total_clicks, want)))


class PlanOptions(TypedDict, total=False):
    """The timing keywords of :func:`plan`, which :func:`frames` passes on to it."""

    fps: float
    duration: float
    clicks_per_frame: int | None
    hold: float
    loop: bool
    ease: str


def plan(
    clicks: int | Sequence[int],
    *,
    fps: float = 25.0,
    duration: float = 4.0,
    clicks_per_frame: int | None = None,
    hold: float = 1.0,
    loop: bool = False,
    ease: str = "linear",
) -> Plan:
    """The frame plan for transitions of ``clicks`` clicks each (one count per transition).

    With ``clicks_per_frame`` ``N``: a transition of ``K`` clicks takes ``ceil(K / N)`` frames of
    ``1 / fps`` seconds (batches of at most ``N``, spread evenly). Otherwise each transition takes
    ``duration`` seconds exactly: ``min(K, round(fps * duration))`` frames of equal length.
    ``hold`` seconds are added to every picture's frame (see the module docstring). ``ease``
    spreads the clicks over the same frames evenly (``linear``) or slow-fast-slow (``in-out``,
    see :class:`TransitionPlan`; with ``clicks_per_frame`` ``N`` is then the average batch).
    """
    check_ease(ease)
    counts = [clicks] if isinstance(clicks, (int, np.integer)) else list(clicks)
    if not counts:
        raise InvalidValue("an animation needs at least one transition")
    if any(int(k) != k or k < 0 for k in counts):
        raise InvalidValue(f"click counts must be whole numbers >= 0, got {counts}")
    hold = _seconds(hold, "hold", zero=True)
    fps = _seconds(fps, "fps")
    steps: list[TransitionPlan] = []
    if clicks_per_frame is not None:
        if int(clicks_per_frame) != clicks_per_frame or clicks_per_frame < 1:
            raise InvalidValue(
                f"clicks per frame must be a whole number >= 1, got {clicks_per_frame!r}")
        for k in counts:
            steps.append(TransitionPlan(int(k), max(1, -(-int(k) // int(clicks_per_frame))),
                                        1.0 / fps, ease))  # type: ignore[arg-type]
    else:
        want = _motion_frames(fps, duration)
        for k in counts:
            f = max(1, min(int(k), want))
            steps.append(TransitionPlan(int(k), f, float(duration) / f, ease))  # type: ignore[arg-type]
    motion = sum(t.seconds_of_motion for t in steps)
    total_steps = sum(t.steps for t in steps)
    if loop:
        count, seconds = 2 * total_steps, 2 * motion + 2 * len(steps) * hold
    else:
        count = 1 + total_steps
        seconds = steps[0].step_seconds + motion + (len(steps) + 1) * hold
    return Plan(tuple(steps), fps, hold, bool(loop), count, seconds)


def frame_count(
    clicks: int | Sequence[int],
    *,
    fps: float = 25.0,
    duration: float = 4.0,
    clicks_per_frame: int | None = None,
    loop: bool = False,
) -> int:
    """Number of frames :func:`chain_frames` will yield, without making any of them."""
    return plan(clicks, fps=fps, duration=duration, clicks_per_frame=clicks_per_frame,
                loop=loop).frames


# ---------------------------------------------------------------------------------------------
# Frames
# ---------------------------------------------------------------------------------------------


def _checked_order(order: object, shape: tuple[int, int], which: str) -> ClickOrder:
    if order is None or isinstance(order, str | bytes) or not (
            isinstance(order, np.ndarray | list | tuple) or hasattr(order, "__array__")):
        raise InvalidType(f"{which}: clicks must be an array of (row, col) pairs, as click_order "
                          f"gives; got {type(order).__name__}")
    a = np.asarray(order)
    if a.size == 0:
        return np.zeros((0, 2), dtype=np.intp)
    if a.ndim != 2 or a.shape[1] != 2 or not np.issubdtype(a.dtype, np.integer):
        raise InvalidValue(f"{which}: clicks must be (row, col) integer pairs, got {a.shape}")
    m, n = shape
    if a.min() < 0 or a[:, 0].max() >= m or a[:, 1].max() >= n:
        raise InvalidValue(f"{which}: a click lies outside the {n}x{m} board")
    return a.astype(np.intp, copy=False)


def _press_batch(board: Board, cells: ClickOrder, scratch: Board, rules: Rules | None = None,
                 undo: bool = False) -> None:
    """Click ``cells`` on ``board`` in place; ``scratch`` is an all-zero board, left all-zero.

    Each listed cell is one click: one press, adding 1 mod ``k`` (``rules.states``; 2 toggles).
    ``undo`` takes the batch back, ``k - 1`` more presses of each cell (over GF(2) the same
    clicks)."""
    rows, cols = cells[:, 0], cells[:, 1]
    k = 2 if rules is None else rules.states
    # add (not assignment) so a cell listed twice counts twice, as two real clicks would.
    np.add.at(scratch, (rows, cols), k - 1 if undo else 1)
    scratch[rows, cols] %= np.uint8(k)
    board += _press_with(scratch, rules)
    mod_sum(board, k)  # levels and changes are below k
    scratch[rows, cols] = 0


def chain_frames(segments: Sequence[tuple[Board, ClickOrder]], plan: Plan,
                 rules: Rules | None = None, *, end_on_first: bool = False) -> Iterator[Frame]:
    """The frames of ``A -> B -> C ...`` lazily: ``segments`` are (start picture, ordered clicks).

    Each segment must start where the previous one ends (checked before the first frame). One
    working board is updated in place, batch by batch; each frame is a copy of it. Clicks act
    under ``rules`` (default: the classic game); with more than two states the boards hold levels and
    each listed cell is one press (see the module docstring). ``end_on_first`` (looped plans
    only): one more frame, the first picture held as at the start, for a file that stops on its
    last frame (a video) instead of restarting (a GIF).
    """
    if not segments:
        raise InvalidValue("an animation needs at least one transition")
    if len(segments) != len(plan.transitions):
        raise InvalidValue(
            f"the plan has {len(plan.transitions)} transitions but {len(segments)} were given")
    states = 2 if rules is None else rules.states
    first = _levels(segments[0][0], states, "start picture")
    orders: list[ClickOrder] = []
    board = first.copy()
    scratch = np.zeros_like(first)
    for s, ((start, order), step) in enumerate(zip(segments, plan.transitions, strict=True)):
        which = f"transition {s + 1}"
        if not np.array_equal(_levels(start, states, "start picture"), board):
            raise InvalidValue(f"{which} does not start at the picture the previous one ends at")
        cells = _checked_order(order, first.shape, which)
        if len(cells) != step.clicks:
            raise InvalidValue(
                f"{which} has {len(cells)} clicks but its plan has {step.clicks}")
        _press_batch(board, cells, scratch, rules)
        orders.append(cells)
    return _generate(first, orders, plan, rules, end_on_first and plan.loop)


def _generate(first: Board, orders: list[ClickOrder], plan: Plan, rules: Rules | None,
              end_on_first: bool = False) -> Iterator[Frame]:
    board = first.copy()
    scratch = np.zeros_like(first)
    steps = plan.transitions
    hold = plan.hold
    yield Frame(board.copy(), hold + steps[0].step_seconds)
    for cells, step in zip(orders, steps, strict=True):
        bounds = step.bounds()
        for k in range(step.steps):
            _press_batch(board, cells[bounds[k]:bounds[k + 1]], scratch, rules)
            last = k == step.steps - 1
            yield Frame(board.copy(), step.step_seconds + (hold if last else 0.0))
    if not plan.loop:
        return
    for s in range(len(orders) - 1, -1, -1):
        cells, step = orders[s], steps[s]
        bounds = step.bounds()
        # Undo batch k (its clicks in reverse order): the board is as it was before batch k.
        for k in range(step.steps - 1, -1, -1):
            _press_batch(board, cells[bounds[k]:bounds[k + 1]][::-1], scratch, rules, undo=True)
            if k > 0:
                yield Frame(board.copy(), step.step_seconds)
            elif s > 0 or end_on_first:
                yield Frame(board.copy(), step.step_seconds + hold)
            # k == 0 and s == 0: back at the first picture, which is where the loop restarts.


@public
def frames(
    start: Board,
    order: ClickOrder,
    **timing: Unpack[PlanOptions],
) -> Iterator[Frame]:
    """The frames of one transition from ``start`` clicking ``order`` (see :func:`plan`).

    The first frame is ``start``, held ``hold`` seconds longer than a motion frame; each next
    frame is the board after one more batch of clicks; the last is the end picture, held too
    (looped: the batches are then undone back to just after ``start``). The frames are made
    lazily, one working board updated in place and a copy yielded per frame. Clicks act under
    the classic game; :func:`animate_boards` takes other rules.

    Parameters
    ----------
    start : numpy.ndarray
        The first picture, a 0/1 board.
    order : numpy.ndarray
        The clicks in playing order, ``(K, 2)`` of ``(row, col)`` (as :func:`click_order`
        gives).
    **timing : PlanOptions
        The timing keywords of :func:`plan`: ``fps`` (frames per second of the motion),
        ``duration`` (seconds the motion takes; ignored when ``clicks_per_frame`` is given),
        ``clicks_per_frame`` (clicks per frame instead of a duration: the motion then takes
        ``ceil(K / N)`` frames of ``1 / fps`` seconds), ``hold`` (extra seconds on the first
        and last pictures), ``loop`` (play back to ``start`` afterwards, for a GIF that
        restarts) and ``ease`` (``"linear"``: clicks spread evenly over the frames; ``"in-out"``:
        slow at both ends and fast in the middle).

    Returns
    -------
    Iterator[Frame]
        The frames, each a :class:`~lightsart.Frame` (its board and seconds on screen).

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import frames
    >>> start = np.ones((3, 3), np.uint8)
    >>> shown = list(frames(start, np.array([[0, 0], [2, 2]]), clicks_per_frame=1))
    >>> [int(f.board.sum()) for f in shown], [round(f.seconds, 2) for f in shown]
    ([9, 6, 3], [1.04, 0.04, 1.04])
    """
    cells = _checked_order(order, as_board(start, "start picture").shape, "transition 1")
    return chain_frames([(start, cells)], plan([len(cells)], **timing))


# ---------------------------------------------------------------------------------------------
# A whole animation
# ---------------------------------------------------------------------------------------------


@public
@dataclass(frozen=True, eq=False)
class Animation:
    """Pictures, the ordered clicks between them and the frame plan; iterate it for the frames.

    Made by :func:`animate_boards`. ``clicks``, ``frames`` and ``seconds`` are known before any
    frame is made (from :attr:`plan`); iterating yields the :class:`~lightsart.Frame` objects
    lazily. In Jupyter it shows itself as an inline GIF.

    Parameters
    ----------
    pictures : tuple of numpy.ndarray
        The boards it passes through, first to last (levels with more than two states).
    orders : tuple of numpy.ndarray
        For each transition, its clicks in playing order, ``(K, 2)`` of ``(row, col)``.
    order : str
        The name of the click order used (a name of :data:`~lightsart.CLICK_ORDERS`).
    seed : int or None
        The seed the order was made with.
    plan : Plan
        The frame plan: the batches, each frame's seconds, the frame count and the total time.
    rules : Rules or None, optional
        The rules the clicks act under (``None``: the classic game).

    Returns
    -------
    Animation
        The animation.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import animate_boards, parse_board
    >>> anim = animate_boards(np.ones((3, 3), np.uint8), [parse_board("100/000/001")],
    ...                       order="raster", clicks_per_frame=1)
    >>> anim.clicks, anim.frames, len(list(anim))
    (2, 3, 3)
    """

    pictures: tuple[Board, ...]
    orders: tuple[ClickOrder, ...]
    order: str
    seed: int | None
    plan: Plan
    #: The rules the clicks act under (``None``: the classic game); with more than two states the
    #: pictures hold levels and each listed cell is one press.
    rules: Rules | None = None

    def __post_init__(self) -> None:
        from lightsart import _checks as checks

        checks.record(self, texts=("order",), tuples=("pictures", "orders"))
        checks.instance(self.plan, Plan, "Animation.plan", "a Plan (animate_boards makes one)")
        checks.instance(self.rules, (Rules, type(None)), "Animation.rules", "a Rules or None")
        if self.seed is not None:
            checks.seed(self.seed)

    @property
    def clicks(self) -> int:
        return self.plan.clicks

    @property
    def frames(self) -> int:
        return self.plan.frames

    @property
    def seconds(self) -> float:
        return self.plan.seconds

    @property
    def segments(self) -> list[tuple[Board, ClickOrder]]:
        return list(zip(self.pictures, self.orders, strict=False))

    def __iter__(self) -> Iterator[Frame]:
        return chain_frames(self.segments, self.plan, self.rules)

    def __repr__(self) -> str:
        """A line a REPL can show: pictures, board size, order, clicks, frames and seconds."""
        from lightsart._results import vocabulary

        states = 2 if self.rules is None else self.rules.states
        board = array_summary(self.pictures[0]) if self.pictures else "no pictures"
        steps = "presses" if vocabulary(states).grey else "clicks"
        return (f"Animation({len(self.pictures)} pictures, {board}, {states} states, "
                f"order {self.order!r}, {self.clicks:,} {steps}, "
                f"{self.frames} frames, {self.seconds:g} s)")


@public
def animate_boards(
    start: Board,
    transitions: Sequence[Board],
    *,
    order: str = "morph",
    seed: int | None = 0,
    fps: float = 25.0,
    duration: float = 4.0,
    clicks_per_frame: int | None = None,
    hold: float = 1.0,
    loop: bool = False,
    reverse: bool = False,
    ease: str = "linear",
    rules: Rules | None = None,
) -> Animation:
    """Animate ``start`` through click sets ``transitions[0], transitions[1], ...`` in order.

    Picture ``s + 1`` is ``apply_clicks(picture s, transitions[s])``; each transition's clicks
    are ordered by ``order`` (see :func:`click_order`; ``reverse`` plays it backwards) and
    batched by :func:`plan` (``ease``). Under ``rules`` with more than two states, ``start`` holds
    levels ``0 .. k-1``, each transition is a press vector (cell ``c`` pressed ``x[c]`` times),
    picture ``s + 1`` is ``picture s + A x`` mod ``k`` and the presses are ordered by
    :func:`press_order`.

    Parameters
    ----------
    start : numpy.ndarray
        The first picture, a 0/1 board (levels ``0 .. k-1`` with ``k`` states).
    transitions : sequence of numpy.ndarray
        The click sets (press counts with ``k`` states), one per transition, each of ``start``'s
        shape; at least one.
    order : str, optional
        A name of :data:`~lightsart.CLICK_ORDERS`.
    seed : int or None, optional
        Seeds ``random``, ``noise`` and ``morph``'s tie-breaks.
    fps : float, optional
        Frames per second of the motion.
    duration : float, optional
        Seconds each transition's motion takes (ignored when ``clicks_per_frame`` is given).
    clicks_per_frame : int or None, optional
        Clicks per frame instead of a duration.
    hold : float, optional
        Extra seconds on every picture's frame.
    loop : bool, optional
        Play back to ``start`` afterwards (``A -> B -> ... -> A``).
    reverse : bool, optional
        Play each transition's order backwards.
    ease : {"linear", "in-out"}, optional
        Clicks spread evenly over the frames, or slow at both ends and fast in the middle.
    rules : Rules or None, optional
        The rules the clicks act under (``None``: the classic game).

    Returns
    -------
    Animation
        The pictures, the ordered clicks and the frame plan; iterate it for the frames.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import animate_boards, format_board, parse_board
    >>> anim = animate_boards(np.ones((3, 3), np.uint8), [parse_board("100/000/001")],
    ...                       order="raster", clicks_per_frame=1, hold=0.5)
    >>> anim
    Animation(2 pictures, <uint8 3x3>, 2 states, order 'raster', 2 clicks, 3 frames, 1.12 s)
    >>> print(format_board(anim.pictures[-1]))
    001
    010
    100
    >>> [round(frame.seconds, 2) for frame in anim]
    [0.54, 0.04, 0.54]
    """
    if not transitions:
        raise InvalidValue("an animation needs at least one transition")
    # GF(2) pictures XOR click sets; Z/k pictures add press counts, each cell's presses repeated.
    if rules is None or rules.is_binary:
        pictures = [as_board(start, "start picture")]
        orders: list[ClickOrder] = []
        for x in transitions:
            orders.append(click_order(pictures[-1], x, order, seed=seed, reverse=reverse,
                                      rules=rules))
            pictures.append(pictures[-1] ^ _press_with(as_board(x, "clicks"), rules))
        return _animation(pictures, orders, order, seed, rules, fps=fps, duration=duration,
                          clicks_per_frame=clicks_per_frame, hold=hold, loop=loop, ease=ease)
    from lightsart._rules import press

    k = rules.states
    pictures = [_levels(start, k, "start picture")]
    orders = []
    for x in transitions:

        presses = _levels(x, k, "presses")
        orders.append(press_order(presses, order, seed=seed, rules=rules, reverse=reverse))
        pictures.append(((pictures[-1] + press(presses, rules)) % k).astype(np.uint8))
    return _animation(pictures, orders, order, seed, rules, fps=fps, duration=duration,
                      clicks_per_frame=clicks_per_frame, hold=hold, loop=loop, ease=ease)



def _animation(pictures: list[Board], orders: list[ClickOrder], order: str, seed: int | None,
               rules: Rules | None, **timing: Any) -> Animation:
    """The :class:`Animation` of ordered transitions, batched by :func:`plan` (``timing``)."""
    p = plan([len(o) for o in orders], **timing)
    return Animation(tuple(pictures), tuple(orders), order, seed, p, rules)


def _levels(board: object, states: int, what: str) -> Board:
    """``board`` as a 2-D ``uint8`` array of levels ``0 .. states-1`` (0/1 boards:
    :func:`as_board`), or one clear error."""
    if states == 2:  # 0/1 boards keep as_board's check (bools allowed) and its messages
        return as_board(board, what)
    b = np.asarray(board)
    if b.ndim != 2 or b.size == 0 or not np.issubdtype(b.dtype, np.integer):
        raise InvalidValue(f"{what} must be a 2-D array of whole numbers, got shape {b.shape}")
    if b.min() < 0 or b.max() >= states:
        raise InvalidValue(f"{what} must hold levels 0 to {states - 1}")
    return b.astype(np.uint8)
