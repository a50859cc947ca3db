"""Click orders: every order of a transition's clicks is a legal animation; these choose one.

A transition ``A -> B`` is a click set ``x`` with ``B = A ^ A x``. Clicks commute and undo
themselves, so *any* order of the cells of ``x`` plays ``A`` into ``B`` one legal click at a
time. The orders, by name (:data:`ORDER_FUNCTIONS`, the one registry; ``choices.Order`` lists
the same names):

* ``raster``, ``columns``, ``diagonal``, ``radial``, ``spiral``, ``clock``, ``noise``,
  ``light-to-dark`` and ``mask``: the clicks sorted by a scalar field over the board
  (:mod:`lightsart.animation.fields`), ties in raster order: the picture is finished region by
  region behind a thin front;
* ``random``: a seeded shuffle (noise until the end);
* ``morph``: greedy, each click the one that brings the frame closest to ``B`` (it emerges
  from noise).

``reverse`` plays any of them last click first (``radial`` reversed closes the iris from the
edges). :func:`press_order` does the same for k-state press vectors: it orders the pressed
cells, then repeats each cell where it stands. :func:`parse_orders` reads ``--order``'s text
(``radial``, ``radial,spiral,noise``: one per transition, ``mask:FILE``).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import get_args

import numpy as np
from numpy.typing import NDArray

from lightsart.animation.fields import FIELDS, Scene, field
from lightsart.choices import Order
from lightsart.core.board import as_board, press
from lightsart.errors import LightsartError
from lightsart.rules import Rules
from lightsart.types import Board

__all__ = [
    "ORDERS",
    "ORDER_FUNCTIONS",
    "ClickOrder",
    "OrderChoice",
    "Scene",
    "click_order",
    "field_order",
    "morph_order",
    "parse_orders",
    "press_order",
    "random_order",
    "raster_order",
]

#: How the clicks of one transition are ordered.
ORDERS: tuple[Order, ...] = get_args(Order)
#: Ordered clicks: ``int`` array of shape ``(K, 2)``, one ``(row, col)`` per click.
ClickOrder = NDArray[np.intp]


def raster_order(clicks: Board) -> ClickOrder:
    """The clicked cells row by row, left to right: shape ``(K, 2)`` of ``(row, col)``."""
    rows, cols = np.nonzero(as_board(clicks, "clicks"))
    return np.stack([rows, cols], axis=1).astype(np.intp)


def random_order(clicks: Board, seed: int = 0) -> ClickOrder:
    """The clicked cells in a random order, reproducible from ``seed``."""
    cells = raster_order(clicks)
    return cells[np.random.default_rng(seed).permutation(len(cells))]


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
    ties = raster_order(x) if seed is None else random_order(x, seed)
    return ties[_greedy(x, ties, rules)]


def _neighbourhoods(m: int, n: int, rules: Rules | None) -> list[list[int]]:
    """For each cell (row-major), the cells a click there toggles (an odd number of times)."""
    rules = Rules.plus(m, n) if rules is None else rules
    offsets = rules.pattern.offsets
    wrap_rows, wrap_cols = rules.wraps
    out: list[list[int]] = []
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
                    hits[r * n + c] = hits.get(r * n + c, 0) ^ 1
            out.append([t for t, odd in hits.items() if odd])
    return out


def _greedy(clicks: Board, ties: ClickOrder, rules: Rules | None = None) -> list[int]:
    """Indices into ``ties`` in greedy order (see :func:`morph_order`); rank = index in ``ties``."""
    m, n = clicks.shape
    k_total = len(ties)
    if k_total == 0:
        return []
    toggles = _neighbourhoods(m, n, rules)
    covers: list[list[int]] = [[] for _ in range(m * n)]
    for p, cells in enumerate(toggles):
        for t in cells:
            covers[t].append(p)
    wrong: list[int] = press_with(clicks, rules).ravel().tolist()
    flat = (ties[:, 0] * n + ties[:, 1]).tolist()
    rank = [-1] * (m * n)
    for i, p in enumerate(flat):
        rank[p] = i
    gain = [sum(2 * wrong[t] - 1 for t in toggles[p]) for p in flat]
    span = max(len(cells) for cells in toggles)
    # bucket g + span holds, as a heap, the ranks of clicks last seen with gain g (maybe stale).
    buckets: list[list[int]] = [[] for _ in range(2 * span + 1)]
    for i, g in enumerate(gain):
        buckets[g + span].append(i)  # appended in increasing rank: each list is already a heap
    done = bytearray(k_total)
    top = max(gain)
    out: list[int] = []
    heappop, heappush = heapq.heappop, heapq.heappush
    for _ in range(k_total):
        while True:
            heap = buckets[top + span]
            while heap and (done[heap[0]] or gain[heap[0]] != top):
                heappop(heap)
            if heap:
                break
            top -= 1
        i = heappop(heap)
        done[i] = 1
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
            g = gain[j]
            heappush(buckets[g + span], j)
            if g > top:
                top = g
    return out


def press_with(clicks: Board, rules: Rules | None) -> Board:
    """The press operator of ``rules`` (the classic game's when ``None``)."""
    if rules is None or rules.is_classic:
        return press(clicks)
    from lightsart.rules import press as rules_press

    return rules_press(clicks, rules)


def field_order(clicks: Board, name: str, scene: Scene | None = None) -> ClickOrder:
    """The clicked cells sorted by the field ``name`` (:data:`FIELDS`), ties in raster order.

    >>> field_order(np.ones((2, 2), np.uint8), "columns").tolist()
    [[0, 0], [1, 0], [0, 1], [1, 1]]
    """
    x = as_board(clicks, "clicks")
    cells = raster_order(x)
    values = field(name, x.shape, scene)[cells[:, 0], cells[:, 1]]
    return cells[np.argsort(values, kind="stable")]


def _by_field(name: str) -> Callable[[Board, Scene], ClickOrder]:
    return lambda clicks, scene: field_order(clicks, name, scene)


#: Every click order by name (``choices.Order`` lists the same names; a test keeps them equal):
#: ``(clicks, scene) -> ordered clicks``.
ORDER_FUNCTIONS: dict[Order, Callable[[Board, Scene], ClickOrder]] = {
    "raster": _by_field("raster"),
    "morph": lambda clicks, scene: morph_order(clicks, seed=scene.seed, rules=scene.rules),
    "random": lambda clicks, scene: random_order(clicks, 0 if scene.seed is None else scene.seed),
    "columns": _by_field("columns"),
    "diagonal": _by_field("diagonal"),
    "radial": _by_field("radial"),
    "spiral": _by_field("spiral"),
    "clock": _by_field("clock"),
    "noise": _by_field("noise"),
    "light-to-dark": _by_field("light-to-dark"),
    "mask": _by_field("mask"),
}
assert set(FIELDS) <= set(ORDER_FUNCTIONS)


def _ordered(clicks: Board, order: str, scene: Scene, reverse: bool) -> ClickOrder:
    make = ORDER_FUNCTIONS.get(order)  # type: ignore[call-overload]
    if make is None:
        raise LightsartError(f"unknown click order {order!r}: choose one of {', '.join(ORDERS)}")
    cells: ClickOrder = make(clicks, scene)
    return cells[::-1].copy() if reverse else cells


def click_order(start: Board, clicks: Board, order: str = "morph", *, seed: int | None = 0,
                rules: Rules | None = None, reverse: bool = False,
                picture: NDArray[np.float64] | None = None,
                mask: NDArray[np.float64] | None = None) -> ClickOrder:
    """The clicks of a transition from ``start`` in the chosen order: ``(K, 2)`` of ``(row, col)``.

    ``order`` is one of :data:`ORDERS`; ``seed`` drives ``random``, ``noise`` and ``morph``'s
    tie-breaks; ``reverse`` plays the order backwards. ``picture`` is the end picture's grey for
    ``light-to-dark`` (default: the end board itself, lit first); ``mask`` the grey picture
    (board shape, ``[0, 1]``) whose dark cells ``mask`` clicks first.
    """
    a = as_board(start, "start")
    x = as_board(clicks, "clicks")
    if a.shape != x.shape:
        raise LightsartError(f"clicks shape {x.shape} does not match the board's {a.shape}")
    if picture is None and order == "light-to-dark":
        picture = (a ^ press_with(x, rules)).astype(np.float64)
    return _ordered(x, order, Scene(seed, rules, picture, mask), reverse)


def press_order(presses: Board, order: str = "morph", *, seed: int | None = 0,
                rules: Rules | None = None, reverse: bool = False,
                picture: NDArray[np.float64] | None = None,
                mask: NDArray[np.float64] | None = None) -> ClickOrder:
    """The single presses of a press vector in playing order: ``(P, 2)`` of ``(row, col)``,
    ``P = Σ presses``.

    The pressed cells (``presses > 0``) are put in ``order`` (any name of :data:`ORDERS`, as
    :func:`click_order` orders a click set; ``light-to-dark`` needs ``picture``), then cell ``c``
    is repeated ``presses[c]`` times where it stands: its presses are consecutive (``reverse``
    reverses the cells, so that stays true). ``rules`` may have any number of states
    (``morph``'s greedy uses their two-state pattern and topology).

    >>> press_order(np.array([[2, 0], [0, 1]]), "raster").tolist()
    [[0, 0], [0, 0], [1, 1]]
    """
    x = np.asarray(presses)
    if x.ndim != 2 or x.size == 0 or not np.issubdtype(x.dtype, np.integer) or x.min() < 0:
        raise LightsartError(f"presses must be a 2-D array of counts >= 0, got shape {x.shape}")
    support = (x > 0).astype(np.uint8)
    two = None if rules is None else rules.with_states(2)
    cells = _ordered(support, order, Scene(seed, two, picture, mask), reverse)
    return np.repeat(cells, x[cells[:, 0], cells[:, 1]].astype(np.intp), axis=0)


@dataclass(frozen=True)
class OrderChoice:
    """One transition's order as ``--order`` names it: a name of :data:`ORDERS`, and for
    ``mask`` the grey picture's path."""

    name: str
    mask: str | None = None

    @property
    def text(self) -> str:
        return self.name if self.mask is None else f"{self.name}:{self.mask}"


def parse_orders(text: str | Sequence[str], transitions: int) -> tuple[OrderChoice, ...]:
    """``--order``'s text as one :class:`OrderChoice` per transition.

    ``text`` is one name (for every transition) or a comma-separated list with one name per
    transition; ``mask:FILE`` names a mask picture. A sequence of names works too.

    >>> [c.text for c in parse_orders("radial,mask:m.png", 2)]
    ['radial', 'mask:m.png']
    """
    parts = text.split(",") if isinstance(text, str) else list(text)
    choices = []
    for part in (p.strip() for p in parts):
        name, colon, path = part.partition(":")
        if name not in ORDER_FUNCTIONS:
            raise LightsartError(f"unknown click order {name!r}: choose one of "
                                 f"{', '.join(o if o != 'mask' else 'mask:FILE' for o in ORDERS)}")
        if (name == "mask") != bool(colon) or (colon and not path):
            raise LightsartError("the mask order names its grey picture: mask:FILE" if name == "mask"
                                 else f"the {name} order takes no ':' argument, got {part!r}")
        choices.append(OrderChoice(name, path or None))
    if len(choices) == 1:
        return tuple(choices) * transitions
    if len(choices) != transitions:
        raise LightsartError(f"--order lists {len(choices)} orders but there "
                             f"{'is' if transitions == 1 else 'are'} {transitions} transition"
                             f"{'' if transitions == 1 else 's'}: give one order, or one per "
                             "transition")
    return tuple(choices)
