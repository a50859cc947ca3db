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
``uniform`` costs count wrong pixels (the engine's ``cost=None``); so do ``brightness`` costs,
which with two levels are the same thing.

**k states, grey levels** (:func:`level_costs`, ``states = k``). A cell of target level ``t``
shown at level ``b`` has the error ``|b - u|`` against the toned grey ``u = v (k - 1)`` in level
units, so putting it at ``b = t + e mod k`` costs

    cost(p, e) = EPSILON + max(0, |b - u| - |t - u|)        (e = 1 .. k-1; 0 for e = 0)

one level step in a flat area costs 1, a step towards the picture's grey nearly nothing, and a
wrap from the brightest level to the darkest up to ``k - 1``. With ``k = 2`` this is the formula above.

**Colour** (:func:`state_costs`). The same formula with ``|b - u|`` read as the distance of state
``b``'s look to the cell's picture: for grey levels ``|b - u|``, for a palette of colours the
ΔE in OKLab (:func:`lightsart._pictures.colour.colour_distances`, in units of the palette's
mean step), so where not every board is reachable the closest reachable board is closest in
colour. Grey levels are the case ``distance[p, s] = |s - u_p|``: one implementation.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lightsart._choices import Errors
from lightsart._limits import PICTURE_MAX_PIXELS
from lightsart._public import public
from lightsart._types import Board, Gray

__all__ = ["EPSILON", "cell_costs", "level_costs", "pixel_costs", "state_costs"]

#: Smallest price of one wrong pixel under perceptual costs (relative to 1 for the worst).
EPSILON = 0.1


@public
def pixel_costs(bits: Board, toned: Gray, errors: Errors = "perceptual") -> NDArray[np.float64] | None:
    """Cost of flipping each cell of target ``bits`` (``None`` for ``uniform`` and ``brightness``,
    the same with two levels: count them).

    ``perceptual`` costs are ``EPSILON + max(0, (2 b - 1)(2 v - 1))`` (see the module docstring):
    about 1.1 for a cell that matches a flat area, :data:`EPSILON` at mid-grey or where the
    dither set a minority cell. Pass them to :func:`lightsart.closest_board` as ``cost``.

    Parameters
    ----------
    bits : numpy.ndarray
        The dithered target, 0/1 (:attr:`lightsart.Target.bits`).
    toned : numpy.ndarray
        The toned luminance it was dithered from, same shape, in ``[0, 1]``
        (:attr:`lightsart.Target.toned`).
    errors : {"perceptual", "uniform", "brightness"}, optional
        How wrong pixels are priced.

    Returns
    -------
    numpy.ndarray or None
        The cost of each cell, float64 of ``bits``' shape, or ``None`` (every wrong pixel
        counts 1).

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import parse_board, pixel_costs
    >>> bits, toned = parse_board("101"), np.array([[1.0, 0.5, 0.0]])
    >>> pixel_costs(bits, toned).round(2).tolist()
    [[1.1, 0.1, 0.1]]
    >>> pixel_costs(bits, toned, "uniform") is None
    True
    """
    from lightsart import _checks as checks
    from lightsart._choices import ERRORS
    from lightsart._errors import InvalidValue

    checks.one_of(errors, ERRORS, "errors")
    bits = checks.board(bits, "bits", most_cells=PICTURE_MAX_PIXELS)
    grey = checks.array(toned, "toned")
    if grey.shape != bits.shape:
        raise InvalidValue(f"toned has shape {grey.shape}; bits have {bits.shape}")
    if not (np.isfinite(grey).all() and grey.min() >= 0 and grey.max() <= 1):
        raise InvalidValue("toned must hold numbers from 0 to 1")
    return _pixel_costs(bits, grey, errors)


def _pixel_costs(bits: Board, toned: Gray, errors: Errors) -> NDArray[np.float64] | None:
    """:func:`pixel_costs` of checked arguments (the pipeline's, which it made itself)."""
    if errors != "perceptual":
        return None
    # (2b - 1)(2v - 1) is 2v - 1 where b = 1 and its negation where b = 0 (1 - 2v rounds to
    # exactly that): the same numbers as the formula, in three passes without a float copy of b.
    cost = np.multiply(np.asarray(toned, dtype=np.float64), 2.0)
    cost -= 1.0
    np.negative(cost, out=cost, where=np.asarray(bits) == 0)
    np.maximum(cost, 0.0, out=cost)
    cost += EPSILON
    return cost


def level_costs(target: Board, toned: Gray, states: int, errors: Errors = "perceptual"
                ) -> NDArray[np.float64] | None:
    """Cost of showing each cell of ``target`` (levels ``0 .. states-1``) at each error ``e`` mod
    ``states``: shape ``(cells, states)``, zero at ``e = 0`` (``None`` for ``uniform``: count wrong
    cells). ``brightness`` prices a wrong cell by how many levels it is off, ``|b - t|``."""
    u = np.asarray(toned, dtype=np.float64).reshape(-1, 1) * (states - 1)
    return state_costs(target, np.abs(np.arange(states)[None, :] - u), errors)


def state_costs(target: Board, distance: NDArray[np.float64], errors: Errors = "perceptual"
                ) -> NDArray[np.float64] | None:
    """Cost of showing each cell of ``target`` (states ``0 .. K-1``) at ``t + e mod K`` for each
    ``e``: shape ``(cells, K)``, zero at ``e = 0``, from ``distance[p, s]``, how far state
    ``s``'s look is from cell ``p``'s picture (``(cells, K)``): ``EPSILON + max(0, distance to
    the shown state - distance to the target's)``. ``None`` for ``uniform`` (count wrong
    cells); ``brightness`` prices a wrong cell by how many states it is off, ``|b - t|``."""
    if errors == "uniform":
        return None
    states = distance.shape[1]
    t = np.asarray(target, dtype=np.int64).reshape(-1, 1)
    b = (t + np.arange(states)[None, :]) % states
    if errors == "brightness":
        return np.abs(b - t).astype(np.float64)
    cost = np.maximum(np.take_along_axis(distance, b, axis=1)
                      - np.take_along_axis(distance, t, axis=1), 0.0)
    cost += EPSILON
    cost[:, 0] = 0.0
    return cost


def cell_costs(target: Board, toned: Gray, states: int, errors: Errors = "perceptual",
               distance: NDArray[np.float64] | None = None) -> NDArray[np.float64] | None:
    """What a wrong cell of ``target`` costs the exact engine with ``states`` states per cell.

    A two-state cell has one wrong value (a flip: :func:`pixel_costs`, one cost per cell, as the
    exported integer program prices it); a ``Z/k`` cell has ``k - 1`` (:func:`level_costs`, one
    cost per cell and level). ``distance`` (``(cells, states)``, a colour target's
    :func:`~lightsart._pictures.colour.colour_distances`) prices by the distance of each state's
    colour instead of its grey (:func:`state_costs`). ``None``: count the wrong cells.
    """
    if distance is not None:
        cost = state_costs(target, distance, errors)
        if states == 2:  # one flip a cell, priced by its second column
            return None if cost is None or errors != "perceptual" else \
                np.ascontiguousarray(cost[:, 1].reshape(np.shape(target)))
        return cost
    if states == 2:  # GF(2): one wrong value a cell; Z/k has k - 1, each priced
        return _pixel_costs(target, toned, errors)
    return level_costs(target, toned, states, errors)
