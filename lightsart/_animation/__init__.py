"""The animation stage: click orders, timing and frames between fitted pictures.

:data:`CLICK_ORDERS` is the one registry of click orders (:mod:`lightsart._animation.orders` says
what each does). It lives here, numpy-free, so the CLI lists the orders at start-up; the entries
import their modules when an order is first used. A new order is a function
``(clicks, scene) -> ClickOrder`` and one ``register`` line; ``choices.Order`` lists the same
names for type checkers (a test keeps the two equal).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lightsart._registry import Lazy, Registry

if TYPE_CHECKING:
    from lightsart._animation.fields import Scene
    from lightsart._animation.orders import ClickOrder
    from lightsart._types import Board

    #: A click order: the clicks of one transition and what else it may look at, to the clicked
    #: cells in playing order (``(K, 2)`` of ``(row, col)``).
    OrderFunction = Callable[[Board, Scene], ClickOrder]

__all__ = ["CLICK_ORDERS", "FieldOrder"]


@dataclass(frozen=True)
class FieldOrder:
    """The clicks sorted by a field of :data:`lightsart._animation.fields.FIELDS`, ties in raster
    order (:func:`lightsart._animation.orders.field_order`)."""

    field: str

    def __call__(self, clicks: Board, scene: Scene) -> ClickOrder:
        from lightsart._animation.orders import field_order

        return field_order(clicks, self.field, scene)


#: Every click order by name: ``(clicks, scene) -> ordered clicks``.
CLICK_ORDERS: Registry[OrderFunction] = Registry("click order")
CLICK_ORDERS.register("raster", FieldOrder("raster"), about="row by row (the clean wipe)")
CLICK_ORDERS.register("morph", Lazy("lightsart._animation.orders", "morph_click_order"),
                      about="greedy: each click the one that brings the frame closest to B")
CLICK_ORDERS.register("random", Lazy("lightsart._animation.orders", "random_click_order"),
                      about="a seeded shuffle")
for _name, _about in (
    ("columns", "column by column"),
    ("diagonal", "top-left corner to bottom-right corner"),
    ("radial", "an iris opening from the centre"),
    ("spiral", "a spiral winding out from the centre"),
    ("clock", "an angle sweep from twelve o'clock"),
    ("noise", "smooth seeded noise: an organic dissolve"),
    ("light-to-dark", "picture B's brightest parts first"),
):
    CLICK_ORDERS.register(_name, FieldOrder(_name), about=_about)
CLICK_ORDERS.register("mask", Lazy("lightsart._animation.orders", "mask_click_order"),
                      about="through a grey picture: halfway the board shows it (mask:FILE)")

CLICK_ORDERS.__doc__ = """Every click order by name, in the order the CLI lists them (``--order``).

A :class:`~lightsart._registry.Registry` from a name to a function ``(clicks, scene) -> ordered
clicks``; :func:`lightsart.click_order` looks the name up and runs it. ``names()`` lists the
orders, ``about(name)`` gives one line of help, ``name in CLICK_ORDERS`` checks a name, and
``get(name)`` returns the function (importing its module on first use). An unknown name raises
:class:`~lightsart.LightsartError` with the choices and the closest name.

See Also
--------
click_order : The clicks of a transition in one of these orders.
animate_boards : A whole animation, its clicks ordered by one of these names.

Examples
--------
>>> from lightsart import CLICK_ORDERS
>>> CLICK_ORDERS.names()[:4]
('raster', 'morph', 'random', 'columns')
>>> CLICK_ORDERS.about("radial"), "spiral" in CLICK_ORDERS
('an iris opening from the centre', True)
>>> CLICK_ORDERS.get("radail")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lightsart.InvalidValue: unknown click order 'radail': choose from raster, ...; did you mean 'radial'?
"""
# doctest does not look inside an instance's docstring: this makes --doctest-modules run it.
__test__ = {"CLICK_ORDERS": CLICK_ORDERS.__doc__}
