"""Type aliases and the small value types shared by every stage of the pipeline."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsart._public import public

#: A board or a click set: ``uint8`` array of 0/1, shape ``(m, n)``; 1 = lit = white.
Board = NDArray[np.uint8]
#: Grayscale picture in [0, 1], shape ``(rows, columns)``; 1 = white.
Gray = NDArray[np.float64]


def array_summary(a: object) -> str:
    """An array in a few characters, for the results' short ``repr``: dtype and size, a 2-D
    array written width x height as the CLI writes board sizes.

    >>> array_summary(np.zeros((48, 64), np.uint8)), array_summary(None)
    ('<uint8 64x48>', 'None')
    """
    shape = getattr(a, "shape", None)
    if shape is None:
        return repr(a)
    sides = (shape[1], shape[0]) if len(shape) == 2 else tuple(shape)
    return f"<{getattr(a, 'dtype', '?')} {'x'.join(str(s) for s in sides)}>"


@public
@dataclass(frozen=True)
class Frame:
    """One frame of an animation: the board shown and how long it stays on screen.

    Parameters
    ----------
    board : numpy.ndarray
        The board shown, ``uint8`` 0/1 of shape ``(m, n)`` (K states: levels ``0 .. K-1``).
    seconds : float
        How long the frame stays on screen.

    Returns
    -------
    Frame
        The frame.
    """

    board: Board
    seconds: float

    def __post_init__(self) -> None:
        # Cheap checks only: a frame is made per picture of every animation.
        import math
        import numbers

        from lightsart._errors import InvalidType, InvalidValue

        if not isinstance(self.board, np.ndarray) or self.board.ndim != 2:
            raise InvalidType(f"Frame.board must be a 2-D numpy array; got "
                              f"{type(self.board).__name__}")
        if not isinstance(self.seconds, numbers.Real) or isinstance(self.seconds, bool):
            raise InvalidType(f"Frame.seconds must be a number; got {self.seconds!r}")
        if not (math.isfinite(self.seconds) and self.seconds >= 0):
            raise InvalidValue(f"Frame.seconds must be a number of seconds >= 0; got "
                               f"{self.seconds!r}")

    def __repr__(self) -> str:
        """A line a REPL can show (no array dump).

        >>> Frame(np.ones((2, 3), np.uint8), 0.04)
        Frame(<uint8 3x2>, seconds=0.04)
        """
        return f"Frame({array_summary(self.board)}, seconds={self.seconds:g})"
