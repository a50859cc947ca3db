"""Per-pixel costs of a wrong pixel: where a wrong pixel shows least.

At nullity ``d > 0`` some targets are not reachable and a few pixels must differ from the dithered
picture. Which ones matters more than how many: a stray dot in a flat white sky is seen at once, a
flipped cell in a mid-grey texture is not. ``perceptual`` costs say how much each flip hurts:

    cost(p) = EPSILON + max(0, (2 b - 1)(2 v - 1))

with ``b`` the target bit and ``v`` the toned grey at ``p``. Flipping ``b`` to ``1 - b`` moves the
cell's error against ``v`` from ``|b - v|`` to ``|1 - b - v|``, an increase of ``(2b - 1)(2v - 1)``:
about 1 for a white cell in a white area (or black in black), 0 at mid-grey, and negative where the
dither set a minority cell (which a flip brings closer to the picture). ``EPSILON`` keeps every
flip at a small positive price, so the fewest-wrong-pixels answer still wins among equal looks.
``uniform`` costs count wrong pixels (the engine's ``cost=None``).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lightsart.choices import Errors
from lightsart.types import Board, Gray

__all__ = ["EPSILON", "Errors", "pixel_costs"]

#: Smallest price of one wrong pixel under perceptual costs (relative to 1 for the worst).
EPSILON = 0.1


def pixel_costs(bits: Board, toned: Gray, errors: Errors = "perceptual") -> NDArray[np.float64] | None:
    """Cost of flipping each cell of target ``bits`` (``None`` for ``uniform``: count them)."""
    if errors == "uniform":
        return None
    # (2b - 1)(2v - 1) is 2v - 1 where b = 1 and its negation where b = 0 (1 - 2v rounds to
    # exactly that): the same numbers as the formula, in three passes without a float copy of b.
    cost = np.multiply(np.asarray(toned, dtype=np.float64), 2.0)
    cost -= 1.0
    np.negative(cost, out=cost, where=np.asarray(bits) == 0)
    np.maximum(cost, 0.0, out=cost)
    cost += EPSILON
    return cost
