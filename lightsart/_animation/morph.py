"""The ``morph`` order: each click (or cell of presses) the one bringing the frame closest to the end.

Two states: :func:`morph_order` (Hamming distance). More than two states: :func:`grey_morph_order`
takes a whole cell's presses at a time (they play one after another, as every order plays them)
and counts the cells whose level is not yet the end picture's.
"""

from __future__ import annotations

import heapq

import numpy as np
from numpy.typing import NDArray

from lightsart._core.board import as_board
from lightsart._rules import Rules, press
from lightsart._types import Board

__all__ = ["grey_morph_order", "morph_order", "press_with", "through_order"]

ClickOrder = NDArray[np.intp]


def _ties(x: NDArray[np.integer], seed: int | None) -> ClickOrder:
    """The cells of ``x > 0`` in raster order, or shuffled by ``seed``: the greedy's tie-break."""
    rows, cols = np.nonzero(x)
    cells = np.stack([rows, cols], axis=1).astype(np.intp)
    return cells if seed is None else cells[np.random.default_rng(seed).permutation(len(cells))]


def morph_order(clicks: Board, *, seed: int | None = 0, rules: Rules | None = None) -> ClickOrder:
    """Greedy order: each click is the remaining one that brings the frame closest to the end.

    With ``r`` the clicks not yet made, the frame differs from the end picture exactly on the
    cells of ``A r`` (so the order does not depend on the start picture). Clicking ``c`` toggles
    its neighbourhood ``N(c)`` (the cells its pattern reaches an odd number of times under
    ``rules``; the classic game: itself and up to 4 neighbours); its *gain*, the drop in Hamming
    distance to the end, is ``sum over t in N(c) of (1 if t is wrong else -1)``. Each step takes
    the largest gain; ties go to the click earliest in ``random_order(clicks, seed)``
    (``seed=None``: earliest in raster order).

    A click changes only the wrongness of ``N(c)``, hence only the gains of clicks whose
    neighbourhood meets ``N(c)``. Gains live in a bucket queue (one heap of tie ranks per gain
    value, stale entries skipped when popped), so the whole order costs ``O(K log K)``: 20,000
    clicks on a 200x200 board take a fraction of a second.
    """
    x = as_board(clicks, "clicks")
    ties = _ties(x, seed)
    return ties[_greedy(x, ties, rules)]


def _reach(m: int, n: int, rules: Rules | None, states: int) -> list[list[tuple[int, int]]]:
    """For each cell (row-major), the cells one press there changes and by how much (mod ``states``:
    a pattern may reach a cell twice on a small torus)."""
    rules = Rules.plus(m, n) if rules is None else rules
    offsets = rules.pattern.offsets
    wrap_rows, wrap_cols = rules.wraps
    out: list[list[tuple[int, int]]] = []
    for i in range(m):
        for j in range(n):
            hits: dict[int, int] = {}
            for di, dj in offsets:
                r, c = i + di, j + dj
                if wrap_rows:
                    r %= m
                if wrap_cols:
                    c %= n
                if 0 <= r < m and 0 <= c < n:
                    hits[r * n + c] = (hits.get(r * n + c, 0) + 1) % states
            out.append([(t, times) for t, times in hits.items() if times])
    return out


def _neighbourhoods(m: int, n: int, rules: Rules | None) -> list[list[int]]:
    """For each cell (row-major), the cells a click there toggles (an odd number of times)."""
    return [[t for t, _ in cells] for cells in _reach(m, n, rules, 2)]


def _covers(cells_of: list[list[int]]) -> list[list[int]]:
    """For each cell, the cells whose list in ``cells_of`` holds it."""
    covers: list[list[int]] = [[] for _ in cells_of]
    for p, cells in enumerate(cells_of):
        for t in cells:
            covers[t].append(p)
    return covers


def _ranks(flat: list[int], cells: int) -> list[int]:
    """For each cell, its index in ``flat`` (``-1`` when absent)."""
    rank = [-1] * cells
    for i, p in enumerate(flat):
        rank[p] = i
    return rank


class _Buckets:
    """A bucket queue of ranks by gain: bucket ``g + span`` holds, as a heap, the ranks last seen
    with gain ``g`` (maybe stale: skipped when popped). ``gains`` is shared with the caller, who
    updates it and pushes the ranks whose gain changed."""

    def __init__(self, gains: list[int], span: int) -> None:
        self.gains = gains
        self.span = span
        self.heaps: list[list[int]] = [[] for _ in range(2 * span + 1)]
        for i, g in enumerate(gains):
            self.heaps[g + span].append(i)  # appended in increasing rank: already a heap
        self.done = bytearray(len(gains))
        self.top = max(gains)

    def pop(self) -> int:
        """The rank with the largest gain (the smallest rank among ties), marked done."""
        gains, done, heappop = self.gains, self.done, heapq.heappop
        while True:
            heap = self.heaps[self.top + self.span]
            while heap and (done[heap[0]] or gains[heap[0]] != self.top):
                heappop(heap)
            if heap:
                break
            self.top -= 1
        i = heappop(heap)
        done[i] = 1
        return i

    def push(self, j: int) -> None:
        """Rank ``j`` under its current gain."""
        g = self.gains[j]
        heapq.heappush(self.heaps[g + self.span], j)
        if g > self.top:
            self.top = g


def _greedy(clicks: Board, ties: ClickOrder, rules: Rules | None = None, *,
            wrong_at_start: Board | None = None, steps: int | None = None) -> list[int]:
    """Indices into ``ties`` in greedy order (see :func:`morph_order`); rank = index in ``ties``.

    The cells counted wrong at first are those the clicks still change (the end picture is the
    goal), or ``wrong_at_start`` (another goal: the cells where the frame differs from it);
    ``steps`` stops after that many clicks.
    """
    m, n = clicks.shape
    if len(ties) == 0:
        return []
    toggles = _neighbourhoods(m, n, rules)
    covers = _covers(toggles)
    start = press_with(clicks, rules) if wrong_at_start is None else wrong_at_start
    wrong: list[int] = np.asarray(start, dtype=np.uint8).ravel().tolist()
    flat = (ties[:, 0] * n + ties[:, 1]).tolist()
    rank = _ranks(flat, m * n)
    gain = [sum(2 * wrong[t] - 1 for t in toggles[p]) for p in flat]
    queue = _Buckets(gain, max(len(cells) for cells in toggles))
    done = queue.done
    out: list[int] = []
    for _ in range(len(ties) if steps is None else min(steps, len(ties))):
        i = queue.pop()
        out.append(i)
        touched: list[int] = []
        for t in toggles[flat[i]]:
            now = wrong[t] ^ 1
            wrong[t] = now
            # t turned wrong: every click covering it gains 2; turned right: loses 2.
            delta = 2 if now else -2
            for q in covers[t]:
                j = rank[q]
                if j >= 0 and not done[j]:
                    gain[j] += delta
                    touched.append(j)
        for j in set(touched):
            queue.push(j)
    return out


def through_order(start: Board, clicks: Board, middle: Board, *, seed: int | None = 0,
                  rules: Rules | None = None) -> ClickOrder:
    """Greedy order through a picture: the first half of the clicks each bring the frame closest
    to ``middle`` (a 0/1 board), the second half each closest to the end, as :func:`morph_order`.

    Halfway the frame is as close to ``middle`` as the greedy gets with half of the clicks (a
    click set cannot make any picture: only ``start ^ A y`` for ``y`` within the clicks); ties
    go as in :func:`morph_order`.
    """
    x = as_board(clicks, "clicks")
    ties = _ties(x, seed)
    towards = np.asarray(start, dtype=np.uint8) ^ as_board(middle, "middle picture")
    first = _greedy(x, ties, rules, wrong_at_start=towards, steps=len(ties) // 2)
    left = np.ones(len(ties), dtype=bool)
    left[first] = False
    rest = ties[left]
    y = np.zeros_like(x)
    y[rest[:, 0], rest[:, 1]] = 1
    return np.concatenate([ties[first], rest[_greedy(y, rest, rules)]]).astype(np.intp)


def press_with(clicks: Board, rules: Rules | None) -> Board:
    """The press operator of ``rules`` (the classic game's when ``None``), over ``Z/k``."""
    if rules is None or rules.is_classic:  # the five-point XOR stencil: the fastest press
        return press(clicks)
    from lightsart._rules import press as one_press

    return one_press(clicks, rules)


def grey_morph_order(presses: Board, rules: Rules, *, seed: int | None = 0) -> ClickOrder:
    """The pressed cells of a k-state transition (``presses`` counts ``0 .. k-1``), greedily: each
    next cell is the one whose presses, all made, leave the fewest cells unlike the end picture.

    With ``r`` the presses not yet made the frame is the end picture minus ``A r`` (mod ``k``),
    so a cell ``t`` is wrong while ``δ_t = -(A r)_t ≠ 0``; making cell ``c``'s ``x_c`` presses
    adds ``x_c μ`` to ``δ_t`` over its reach (``μ`` times per press). The gain of ``c`` is the drop
    in wrong cells over its reach; ties go to the cell earliest in the seeded shuffle (``None``:
    raster order). The same bucket queue as :func:`morph_order`; a move recomputes the gains of
    the cells whose reach meets the moved one's.
    """
    k = rules.states
    x = np.asarray(presses, dtype=np.int64) % k
    m, n = x.shape
    ties = _ties(x, seed)
    total = len(ties)
    if total == 0:
        return ties
    reach = _reach(m, n, rules, k)
    covers = _covers([[t for t, _ in cells] for cells in reach])
    flat_x = x.ravel().tolist()
    delta = [0] * (m * n)
    for p in np.flatnonzero(x).tolist():
        for t, times in reach[p]:
            delta[t] = (delta[t] - flat_x[p] * times) % k
    flat = (ties[:, 0] * n + ties[:, 1]).tolist()
    rank = _ranks(flat, m * n)

    def gain(p: int) -> int:
        step = flat_x[p]
        return sum((delta[t] != 0) - ((delta[t] + step * times) % k != 0) for t, times in reach[p])

    gains = [gain(p) for p in flat]
    queue = _Buckets(gains, max(len(cells) for cells in reach))
    out: list[int] = []
    for _ in range(total):
        i = queue.pop()
        out.append(i)
        p = flat[i]
        touched = set()
        for t, times in reach[p]:
            delta[t] = (delta[t] + flat_x[p] * times) % k
            touched.update(covers[t])
        for q in touched:
            j = rank[q]
            if j >= 0 and not queue.done[j]:
                g = gain(q)
                if g != gains[j]:
                    gains[j] = g
                    queue.push(j)
    return ties[out]
