"""Click orders: every order of a transition's clicks is a legal animation; these choose one.

A transition ``A -> B`` is a click set ``x`` with ``B = A ^ A x``. Clicks commute and undo
themselves, so *any* order of the cells of ``x`` plays ``A`` into ``B`` one legal click at a
time. The orders, by name (:data:`lightsart.CLICK_ORDERS`, the one registry;
``choices.Order`` lists the same names):

* ``raster``, ``columns``, ``diagonal``, ``radial``, ``spiral``, ``clock``, ``noise`` and
  ``light-to-dark``: the clicks sorted by a scalar field over the board
  (:mod:`lightsart._animation.fields`), ties in raster order: the picture is finished region by
  region behind a thin front;
* ``random``: a seeded shuffle (noise until the end);
* ``morph``: greedy, each click the one that brings the frame closest to ``B`` (it emerges
  from noise);
* ``mask``: greedy through a grey picture, so that its shape shows halfway
  (:func:`mask_click_order`).

``reverse`` plays any of them last click first (``radial`` reversed closes the iris from the
edges). :func:`press_order` does the same for k-state press vectors: it orders the pressed
cells, then repeats each cell where it stands. :func:`parse_orders` reads ``--order``'s text
(``radial``, ``radial,spiral,noise``: one per transition, ``mask:FILE``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import get_args

import numpy as np
from numpy.typing import NDArray

from lightsart import _checks as checks
from lightsart._animation import CLICK_ORDERS
from lightsart._animation.fields import FIELDS, Scene, field
from lightsart._animation.morph import grey_morph_order, morph_order, press_with, through_order
from lightsart._choices import Order
from lightsart._core.board import as_board
from lightsart._errors import InvalidValue
from lightsart._public import public
from lightsart._rules import Rules
from lightsart._types import Board

__all__ = [
    "ORDERS",
    "ClickOrder",
    "OrderChoice",
    "click_order",
    "field_order",
    "mask_click_order",
    "morph_click_order",
    "parse_orders",
    "press_order",
    "random_click_order",
    "random_order",
    "raster_order",
    "split_orders",
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


def field_order(clicks: Board, name: str, scene: Scene | None = None) -> ClickOrder:
    """The clicked cells sorted by the field ``name`` (:data:`FIELDS`), ties in raster order.

    >>> field_order(np.ones((2, 2), np.uint8), "columns").tolist()
    [[0, 0], [1, 0], [0, 1], [1, 1]]
    """
    x = as_board(clicks, "clicks")
    cells = raster_order(x)
    values = field(name, x.shape, scene)[cells[:, 0], cells[:, 1]]
    return cells[np.argsort(values, kind="stable")]


def morph_click_order(clicks: Board, scene: Scene) -> ClickOrder:
    """``morph``: :func:`morph_order` with the scene's seed and rules."""
    return morph_order(clicks, seed=scene.seed, rules=scene.rules)


def mask_click_order(clicks: Board, scene: Scene) -> ClickOrder:
    """``mask``: the frames pass through the mask picture, so its shape shows in the middle.

    The mask's grey is dithered to the board (Floyd–Steinberg: dark cells unlit), and the clicks
    follow :func:`~lightsart._animation.morph.through_order`: the first half each bring the frame
    closest to the dithered mask, the second half closest to picture B. Sorting the clicks by the
    mask's levels alone (a luma wipe: dark parts first) finishes B inside the shape and leaves A
    outside, which two dithered photos hardly tell apart; drawn with the clicks, the shape is
    plain halfway. Without the start board (a k-state press vector's cells, ordered before each
    cell's presses repeat) it is that luma wipe.
    """
    if scene.start is None:
        return field_order(clicks, "mask", scene)
    from lightsart._animation.fields import mask as mask_grey
    from lightsart._pictures.dither import dither

    grey = mask_grey(clicks.shape, scene)
    middle = dither(grey, "floyd-steinberg").astype(np.uint8)
    return through_order(scene.start, clicks, middle, seed=scene.seed, rules=scene.rules)


def random_click_order(clicks: Board, scene: Scene) -> ClickOrder:
    """``random``: :func:`random_order` with the scene's seed (``None``: 0)."""
    return random_order(clicks, 0 if scene.seed is None else scene.seed)


assert set(FIELDS) <= set(CLICK_ORDERS)


def _ordered(clicks: Board, order: str, scene: Scene, reverse: bool) -> ClickOrder:
    cells: ClickOrder = CLICK_ORDERS.get(order)(clicks, scene)
    return cells[::-1].copy() if reverse else cells


@public
def click_order(start: Board, clicks: Board, order: str = "morph", *, seed: int | None = 0,
                rules: Rules | None = None, reverse: bool = False,
                picture: NDArray[np.float64] | None = None,
                mask: NDArray[np.float64] | None = None) -> ClickOrder:
    """The clicks of a transition from ``start`` in the chosen order: ``(K, 2)`` of ``(row, col)``.

    ``order`` is one of :data:`ORDERS`; ``seed`` drives ``random``, ``noise`` and ``morph``'s
    tie-breaks; ``reverse`` plays the order backwards. ``picture`` is the end picture's grey for
    ``light-to-dark`` (default: the end board itself, lit first); ``mask`` the grey picture
    (board shape, ``[0, 1]``) that ``mask`` draws halfway (:func:`mask_click_order`).

    Every order of the clicks is a legal animation (clicks commute), so the order only decides
    what the frames in between look like. With more than two states use :func:`press_order`.

    Parameters
    ----------
    start : numpy.ndarray
        The board the transition starts from, 0/1 of shape ``(m, n)``.
    clicks : numpy.ndarray
        The transition's click set, 0/1 of the same shape.
    order : str, optional
        A name of :data:`~lightsart.CLICK_ORDERS` (``raster``, ``morph``, ``radial``, ...).
    seed : int or None, optional
        Seeds ``random``, ``noise`` and ``morph``'s tie-breaks.
    rules : Rules or None, optional
        The rules the clicks act under (``None``: the classic game).
    reverse : bool, optional
        Play the order backwards (last click first).
    picture : numpy.ndarray or None, optional
        The end picture's grey, for ``light-to-dark`` (``None``: the end board).
    mask : numpy.ndarray or None, optional
        The grey picture, board shape, in ``[0, 1]``, that ``mask`` shows halfway.

    Returns
    -------
    numpy.ndarray
        The clicked cells in playing order, ``(K, 2)`` of ``(row, col)``, one row per click.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import click_order, parse_board
    >>> start, clicks = np.ones((3, 3), np.uint8), parse_board("101/010/101")
    >>> click_order(start, clicks, "raster").tolist()
    [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]]
    >>> click_order(start, clicks, "radial").tolist()  # from the centre out
    [[1, 1], [0, 0], [0, 2], [2, 0], [2, 2]]
    """
    a = as_board(start, "start")
    x = as_board(clicks, "clicks")
    if seed is not None:
        checks.seed(seed)
    checks.instance(rules, (Rules, type(None)), "rules", "a Rules or None")
    checks.flag(reverse, "reverse")
    if a.shape != x.shape:
        raise InvalidValue(f"clicks shape {x.shape} does not match the board's {a.shape}")
    if picture is None and order == "light-to-dark":
        picture = (a ^ press_with(x, rules)).astype(np.float64)
    # The board the order is made for: played backwards it is the end, so that a reversed mask
    # order is the end-to-start one played last click first (its picture still shows halfway).
    origin = a ^ press_with(x, rules) if reverse else a
    return _ordered(x, order, Scene(seed, rules, picture, mask, start=origin), reverse)


def press_order(presses: Board, order: str = "morph", *, seed: int | None = 0,
                rules: Rules | None = None, reverse: bool = False,
                picture: NDArray[np.float64] | None = None,
                mask: NDArray[np.float64] | None = None) -> ClickOrder:
    """The single presses of a press vector in playing order: ``(P, 2)`` of ``(row, col)``,
    ``P = Σ presses``.

    The pressed cells (``presses > 0``) are put in ``order`` (any name of :data:`ORDERS`, as
    :func:`click_order` orders a click set; ``light-to-dark`` needs ``picture``), then cell ``c``
    is repeated ``presses[c]`` times where it stands: its presses are consecutive (``reverse``
    reverses the cells, so that stays true). ``rules`` may have any number of states; with
    more than two ``morph`` is :func:`~lightsart._animation.morph.grey_morph_order` (the fewest cells
    unlike the end picture after each cell's presses).

    >>> press_order(np.array([[2, 0], [0, 1]]), "raster").tolist()
    [[0, 0], [0, 0], [1, 1]]
    """
    x = np.asarray(presses)
    if x.ndim != 2 or x.size == 0 or not np.issubdtype(x.dtype, np.integer) or x.min() < 0:
        raise InvalidValue(f"presses must be a 2-D array of counts >= 0, got shape {x.shape}")
    support = (x > 0).astype(np.uint8)
    # Morphing levels needs the distance over Z/k (grey_morph_order), not the Hamming distance.
    if order == "morph" and rules is not None and rules.states > 2:
        cells = grey_morph_order(x, rules, seed=seed)
        cells = cells[::-1].copy() if reverse else cells
    else:
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


def _starts_order(piece: str) -> bool:
    """Whether ``piece`` (text after a comma) begins the next order: an order's name, or ``mask:``."""
    name, colon, _ = piece.strip().partition(":")
    return name in CLICK_ORDERS and (name != "mask" or bool(colon))


def split_orders(text: str) -> list[str]:
    """``text`` cut at the commas that a name of an order (or ``mask:``) follows."""
    parts: list[str] = []
    for piece in text.split(","):
        if parts and not _starts_order(piece) and parts[-1].strip().startswith("mask:"):
            parts[-1] += "," + piece  # a comma inside a mask's file name
        else:
            parts.append(piece)
    return parts


def parse_orders(text: str | Sequence[str], transitions: int) -> tuple[OrderChoice, ...]:
    """``--order``'s text as one :class:`OrderChoice` per transition.

    ``text`` is one name (for every transition) or a comma-separated list with one name per
    transition; ``mask:FILE`` names a mask picture. The list is cut only at a comma followed by
    an order's name or by ``mask:``, so a mask's file name may hold commas (``mask:a,1.png``).
    A sequence of names works too.

    >>> [c.text for c in parse_orders("radial,mask:m.png", 2)]
    ['radial', 'mask:m.png']
    >>> [c.text for c in parse_orders("mask:a,1.png,radial", 2)]
    ['mask:a,1.png', 'radial']
    """
    parts = split_orders(text) if isinstance(text, str) else list(text)
    choices = []
    for part in (p.strip() for p in parts):
        name, colon, path = part.partition(":")
        if name not in CLICK_ORDERS:
            raise CLICK_ORDERS.unknown(name, (o if o != "mask" else "mask:FILE" for o in CLICK_ORDERS))
        if (name == "mask") != bool(colon) or (colon and not path):
            raise InvalidValue("the mask order names its grey picture: mask:FILE" if name == "mask"
                               else f"the {name} order takes no ':' argument, got {part!r}")
        choices.append(OrderChoice(name, path or None))
    if len(choices) == 1:
        return tuple(choices) * transitions
    if len(choices) != transitions:
        raise InvalidValue(f"--order lists {len(choices)} orders but there "
                           f"{'is' if transitions == 1 else 'are'} {transitions} transition"
                           f"{'' if transitions == 1 else 's'}: give one order, or one per "
                           "transition")
    return tuple(choices)
