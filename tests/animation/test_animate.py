"""Animation stage: click orders, batching and frames, each checked by an independent method.

The press operator is re-implemented here cell by cell, so every "consecutive frames differ by
exactly the batch's clicks" check is independent of ``lightsart._core.board.press``. The morph order is
checked against a naive O(K^2) greedy that recomputes every gain from scratch at every step.
"""

from __future__ import annotations

import math
import tracemalloc
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsart._animation import animate, morph, orders
from lightsart._errors import LightsartError
from lightsart._types import Frame

Cell = tuple[int, int]


def neighbourhood(cell: Cell, m: int, n: int) -> list[Cell]:
    """The cell and its orthogonal neighbours on an m x n board."""
    i, j = cell
    around = [(i, j), (i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
    return [(a, b) for a, b in around if 0 <= a < m and 0 <= b < n]


def slow_press(cells: object, m: int, n: int) -> np.ndarray:
    """The cells toggled by clicking each of ``cells`` once, one cell at a time."""
    out = np.zeros((m, n), dtype=np.uint8)
    for cell in np.asarray(cells).reshape(-1, 2).tolist():
        for a, b in neighbourhood((cell[0], cell[1]), m, n):
            out[a, b] ^= 1
    return out


def naive_morph(clicks: np.ndarray, ties: np.ndarray) -> list[Cell]:
    """Greedy by brute force: every step rescans every remaining click's gain from the board.

    ``wrong`` is the set of cells where the current frame differs from the end picture.
    """
    m, n = clicks.shape
    wrong = slow_press(np.argwhere(clicks), m, n)
    remaining: list[Cell] = [(int(r), int(c)) for r, c in ties]
    out: list[Cell] = []
    while remaining:
        def gain(cell: Cell) -> int:
            return sum(1 if wrong[t] else -1 for t in neighbourhood(cell, m, n))

        best = max(range(len(remaining)), key=lambda k: (gain(remaining[k]), -k))
        cell = remaining.pop(best)
        for t in neighbourhood(cell, m, n):
            wrong[t] ^= 1
        out.append(cell)
    return out


def random_board(rng: np.random.Generator, m: int, n: int, p: float = 0.5) -> np.ndarray:
    return (rng.random((m, n)) < p).astype(np.uint8)


def check_frames(
    start: np.ndarray, orders: list[np.ndarray], plan: animate.Plan, frames: list[Frame]
) -> None:
    """Every property a frame sequence must have, checked from the frames alone."""
    m, n = start.shape
    pictures = [start]
    for order in orders:
        pictures.append(pictures[-1] ^ slow_press(order, m, n))
    # Expected batches from the plan's bounds; each batch's frame lasts its transition's step
    # time, plus the hold when the batch lands on a picture.
    batches: list[np.ndarray] = []
    seconds: list[float] = []
    lands_on: list[int | None] = []
    where: list[tuple[int, int]] = []  # (transition, batch within it) of each forward batch
    for s, (order, step) in enumerate(zip(orders, plan.transitions, strict=True)):
        k = len(order)
        assert step.clicks == k
        for b in range(step.steps):
            batches.append(order[b * k // step.steps:(b + 1) * k // step.steps])
            last = b == step.steps - 1
            seconds.append(step.step_seconds + (plan.hold if last else 0.0))
            lands_on.append(s + 1 if last else None)
            where.append((s, b))
    if plan.loop:
        # Back again: undo the batches in reverse; undoing a transition's first batch lands on
        # its start picture. Undoing the very first batch is the restart, not a frame.
        for i in range(len(where) - 1, 0, -1):
            s, b = where[i]
            batches.append(batches[i][::-1])
            seconds.append(plan.transitions[s].step_seconds + (plan.hold if b == 0 else 0.0))
            lands_on.append(s if b == 0 else None)
    assert len(frames) == plan.frames == len(batches) + 1
    assert np.array_equal(frames[0].board, start)
    assert math.isclose(frames[0].seconds, plan.hold + plan.transitions[0].step_seconds)
    for before, after, batch, secs, pic in zip(frames, frames[1:], batches, seconds, lands_on,
                                               strict=False):
        assert len(batch) <= plan.clicks_per_frame
        assert np.array_equal(before.board ^ after.board, slow_press(batch, m, n))
        assert math.isclose(after.seconds, secs)
        if pic is not None:
            assert np.array_equal(after.board, pictures[pic])
    if plan.loop:
        # The restart from the last frame back to the first is the last backward batch.
        closing = batches[0]
        assert np.array_equal(frames[-1].board ^ frames[0].board, slow_press(closing, m, n))
    else:
        assert np.array_equal(frames[-1].board, pictures[-1])
    for f in frames:
        assert f.board.dtype == np.uint8 and f.board.shape == (m, n) and f.seconds > 0
    assert math.isclose(sum(f.seconds for f in frames), plan.seconds, rel_tol=1e-9)


# ----------------------------------------------------------------------------------------------
# Click orders
# ----------------------------------------------------------------------------------------------


def test_raster_order_is_row_major() -> None:
    clicks = np.array([[0, 1, 0], [1, 0, 1]], dtype=np.uint8)
    assert orders.raster_order(clicks).tolist() == [[0, 1], [1, 0], [1, 2]]
    assert orders.raster_order(np.zeros((2, 2), np.uint8)).shape == (0, 2)


def test_random_order_is_a_reproducible_permutation() -> None:
    clicks = random_board(np.random.default_rng(3), 20, 30)
    cells = {tuple(c) for c in orders.raster_order(clicks).tolist()}
    a = orders.random_order(clicks, seed=7)
    assert len(a) == len(cells) and {tuple(c) for c in a.tolist()} == cells
    assert np.array_equal(a, orders.random_order(clicks, seed=7))
    assert not np.array_equal(a, orders.random_order(clicks, seed=8))
    assert not np.array_equal(a, orders.raster_order(clicks))


@settings(max_examples=150, deadline=None)
@given(m=st.integers(1, 6), n=st.integers(1, 6), seed=st.integers(0, 2**32 - 1),
       tie_seed=st.one_of(st.none(), st.integers(0, 100)), p=st.floats(0.1, 0.9))
def test_morph_equals_naive_greedy(m: int, n: int, seed: int, tie_seed: int | None,
                                   p: float) -> None:
    clicks = random_board(np.random.default_rng(seed), m, n, p)
    ties = (orders.raster_order(clicks) if tie_seed is None
            else orders.random_order(clicks, tie_seed))
    got = morph.morph_order(clicks, seed=tie_seed)
    assert [tuple(c) for c in got.tolist()] == naive_morph(clicks, ties)


@pytest.mark.parametrize("seed", [None, 0, 5])
def test_morph_equals_naive_greedy_on_a_larger_board(seed: int | None) -> None:
    clicks = random_board(np.random.default_rng(11), 14, 17)
    ties = orders.raster_order(clicks) if seed is None else orders.random_order(clicks, seed)
    got = morph.morph_order(clicks, seed=seed)
    assert [tuple(c) for c in got.tolist()] == naive_morph(clicks, ties)


def test_morph_distance_curve_is_greedy_and_ends_at_zero() -> None:
    """Each morph click drops the distance to the end by the most any remaining click could."""
    rng = np.random.default_rng(2)
    m, n = 12, 9
    start, clicks = random_board(rng, m, n), random_board(rng, m, n)
    end = start ^ slow_press(np.argwhere(clicks), m, n)
    order = orders.click_order(start, clicks, "morph", seed=1).tolist()
    board = start.copy()
    for k, cell in enumerate(order):
        def distance_after(c: list[int], b: np.ndarray = board) -> int:
            return int((b ^ slow_press([c], m, n) ^ end).sum())

        best = min(distance_after(c) for c in order[k:])
        assert distance_after(cell) == best
        board ^= slow_press([cell], m, n)
    assert np.array_equal(board, end)


def test_click_order_dispatch_and_errors() -> None:
    rng = np.random.default_rng(4)
    start, clicks = random_board(rng, 5, 6), random_board(rng, 5, 6)
    assert np.array_equal(orders.click_order(start, clicks, "raster"),
                          orders.raster_order(clicks))
    assert np.array_equal(orders.click_order(start, clicks, "random", seed=3),
                          orders.random_order(clicks, 3))
    assert np.array_equal(orders.click_order(start, clicks, "morph", seed=3),
                          morph.morph_order(clicks, seed=3))
    assert {"morph", "random", "raster", "radial", "spiral", "mask"} <= set(orders.ORDERS)
    with pytest.raises(LightsartError, match="unknown click order 'zigzag'"):
        orders.click_order(start, clicks, "zigzag")
    with pytest.raises(LightsartError, match="does not match"):
        orders.click_order(start, clicks[:, :3], "raster")
    with pytest.raises(LightsartError):
        orders.click_order(start, clicks * 2, "raster")


# ----------------------------------------------------------------------------------------------
# Batching
# ----------------------------------------------------------------------------------------------


def test_clicks_per_frame() -> None:
    assert animate.clicks_per_frame(1000, fps=25, duration=4) == 10
    assert animate.clicks_per_frame(1001, fps=25, duration=4) == 11
    assert animate.clicks_per_frame(7, fps=25, duration=4) == 1
    assert animate.clicks_per_frame(0, fps=25, duration=4) == 0
    with pytest.raises(LightsartError, match="negative"):
        animate.clicks_per_frame(-1)


@pytest.mark.parametrize("clicks", [0, 1, 7, 99, 100, 101, 199, 5018])
def test_duration_is_exact_and_batches_even(clicks: int) -> None:
    p = animate.plan([clicks], fps=25, duration=4, hold=0.5)
    (t,) = p.transitions
    assert t.steps == max(1, min(clicks, 100))
    assert math.isclose(t.seconds_of_motion, 4.0)
    sizes = np.diff(t.bounds())
    assert sizes.sum() == clicks and sizes.max() - sizes.min() <= 1
    assert sizes.max() == t.clicks_per_frame == animate.clicks_per_frame(clicks, 25, 4)
    # One extra picture frame: the first one, shown for hold plus one motion frame.
    assert math.isclose(p.seconds, 4.0 + 2 * 0.5 + t.step_seconds)
    looped = animate.plan([clicks], fps=25, duration=4, hold=0.5, loop=True)
    assert math.isclose(looped.seconds, 2 * (4.0 + 0.5))
    assert looped.frames == 2 * t.steps and p.frames == t.steps + 1


def test_explicit_clicks_per_frame() -> None:
    p = animate.plan([1000, 0, 3], fps=10, clicks_per_frame=300, hold=0)
    assert [t.steps for t in p.transitions] == [4, 1, 1]
    assert np.diff(p.transitions[0].bounds()).tolist() == [250, 250, 250, 250]
    assert all(t.step_seconds == 0.1 for t in p.transitions)
    assert p.frames == 1 + 6 and p.clicks == 1003 and p.clicks_per_frame == 250
    assert math.isclose(p.seconds, 0.7)
    assert animate.frame_count([1000, 0, 3], fps=10, clicks_per_frame=300) == 7
    assert animate.frame_count([1000, 0, 3], fps=10, clicks_per_frame=300, loop=True) == 12


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"fps": 0}, "fps must be a number > 0"),
        ({"fps": float("nan")}, "fps"),
        ({"duration": -1}, "duration must be a number > 0"),
        ({"hold": -0.1}, "hold must be a number >= 0"),
        ({"hold": float("inf")}, "hold"),
        ({"clicks_per_frame": 0}, "clicks per frame"),
        ({"clicks": []}, "at least one transition"),
        ({"clicks": [3, -1]}, "whole numbers >= 0"),
    ],
)
def test_plan_rejects_bad_input(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"clicks": [10]} | kwargs
    with pytest.raises(LightsartError, match=message):
        animate.plan(**args)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# Frames
# ----------------------------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(
    m=st.integers(1, 7), n=st.integers(1, 7), seed=st.integers(0, 2**32 - 1),
    segments=st.integers(1, 3), order=st.sampled_from([o for o in orders.ORDERS if o != "mask"]),
    fps=st.sampled_from([1.0, 7.5, 25.0]), duration=st.sampled_from([0.2, 1.0, 3.0]),
    per_frame=st.one_of(st.none(), st.integers(1, 9)), hold=st.sampled_from([0.0, 0.25, 2.0]),
    loop=st.booleans(),
)
def test_frame_sequences(m: int, n: int, seed: int, segments: int, order: str, fps: float,
                         duration: float, per_frame: int | None, hold: float,
                         loop: bool) -> None:
    rng = np.random.default_rng(seed)
    start = random_board(rng, m, n)
    transitions = [random_board(rng, m, n, rng.uniform(0, 1)) for _ in range(segments)]
    anim = animate.animate_boards(start, transitions, order=order, seed=seed % 7, fps=fps,
                             duration=duration, clicks_per_frame=per_frame, hold=hold, loop=loop)
    for x, o in zip(transitions, anim.orders, strict=True):
        assert sorted(map(tuple, o.tolist())) == sorted(map(tuple, np.argwhere(x).tolist()))
    frames = list(anim)
    check_frames(start, list(anim.orders), anim.plan, frames)
    assert anim.frames == len(frames) == animate.frame_count(
        [int(x.sum()) for x in transitions], fps=fps, duration=duration,
        clicks_per_frame=per_frame, loop=loop)
    if per_frame is None:
        motion = sum(t.seconds_of_motion for t in anim.plan.transitions)
        assert math.isclose(motion, segments * duration)
        extra = 0.0 if loop else anim.plan.transitions[0].step_seconds
        holds = (2 * segments if loop else segments + 1) * hold
        assert math.isclose(anim.seconds, (2 if loop else 1) * motion + extra + holds)


def test_loop_plays_back_exactly_in_reverse() -> None:
    rng = np.random.default_rng(9)
    start, clicks = random_board(rng, 10, 8), random_board(rng, 10, 8)
    order = orders.click_order(start, clicks, "random", seed=1)
    forward = [f.board for f in animate.frames(start, order, fps=10, duration=2, hold=1)]
    looped = list(animate.frames(start, order, fps=10, duration=2, hold=1, loop=True))
    boards = [f.board for f in looped]
    steps = len(forward) - 1
    assert len(boards) == 2 * steps
    assert all(np.array_equal(a, b) for a, b in zip(boards[: steps + 1], forward, strict=True))
    back = boards[steps + 1:]
    assert all(np.array_equal(a, b) for a, b in zip(back, forward[-2:0:-1], strict=True))
    # No frame is shown twice in a row, including across the restart.
    for a, b in zip(boards, boards[1:] + boards[:1], strict=True):
        assert not np.array_equal(a, b)
    assert looped[0].seconds == looped[steps].seconds == pytest.approx(1.1)
    assert math.isclose(sum(f.seconds for f in looped), 2 * (2 + 1))


def test_chain_holds_every_picture_and_checks_continuity() -> None:
    rng = np.random.default_rng(5)
    a = random_board(rng, 6, 6)
    x1, x2 = random_board(rng, 6, 6), random_board(rng, 6, 6)
    b = a ^ slow_press(np.argwhere(x1), 6, 6)
    c = b ^ slow_press(np.argwhere(x2), 6, 6)
    o1, o2 = orders.raster_order(x1), orders.raster_order(x2)
    p = animate.plan([len(o1), len(o2)], fps=5, duration=1, hold=3)
    frames = list(animate.chain_frames([(a, o1), (b, o2)], p))
    held = [f.board for f in frames if f.seconds > 3]
    assert len(held) == 3
    for got, want in zip(held, [a, b, c], strict=True):
        assert np.array_equal(got, want)
    check_frames(a, [o1, o2], p, frames)
    with pytest.raises(LightsartError, match="transition 2 does not start"):
        animate.chain_frames([(a, o1), (a, o2)], p)
    with pytest.raises(LightsartError, match="plan has 2 transitions"):
        animate.chain_frames([(a, o1)], p)
    with pytest.raises(LightsartError, match="clicks but its plan"):
        animate.chain_frames([(a, o1[1:]), (b, o2)], p)


def test_bad_click_lists_fail_before_the_first_frame() -> None:
    board = np.ones((3, 4), dtype=np.uint8)
    with pytest.raises(LightsartError, match="outside the 4x3 board"):
        animate.frames(board, np.array([[0, 4]]))
    with pytest.raises(LightsartError, match="outside"):
        animate.frames(board, np.array([[-1, 0]]))
    with pytest.raises(LightsartError, match="integer pairs"):
        animate.frames(board, np.array([[0.5, 1.0]]))
    with pytest.raises(LightsartError, match="at least one transition"):
        animate.animate_boards(board, [])


def test_frames_are_lazy_copies() -> None:
    board = np.zeros((4, 4), dtype=np.uint8)
    order = np.array([[0, 0], [3, 3], [1, 2]])
    it = animate.frames(board, order, clicks_per_frame=1, hold=0)
    assert isinstance(it, Iterator)
    first = next(it)
    first.board[:] = 1  # a consumer scribbling on a frame must not change the next ones
    second = next(it)
    assert np.array_equal(second.board, slow_press([[0, 0]], 4, 4))
    assert not board.any()


def _peak_bytes(frames_wanted: int) -> int:
    rng = np.random.default_rng(0)
    start, clicks = random_board(rng, 60, 60), random_board(rng, 60, 60)
    order = orders.raster_order(clicks)
    tracemalloc.start()
    count = 0
    for _ in animate.frames(start, order, fps=frames_wanted, duration=1, hold=0):
        count += 1
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert count == frames_wanted + 1
    return peak


def test_memory_does_not_grow_with_the_number_of_frames() -> None:
    # Kept frames would cost 3.6 kB each (5 MB more for 1400 more frames); Python's own free
    # lists may hold a few thousand small tuples (tracemalloc counts them), hence the 0.5 MB.
    assert _peak_bytes(1500) < 2 * _peak_bytes(100) + 500_000
