"""Read a board back from the picture lightsart wrote: the level of each cell from the grey at
its centre (``pixels`` style, white = lit: level s is s/(K-1) of the way from black to white)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def board_of(path: Path | bytes, rows: int, columns: int, states: int = 2,
             frame: int = 0) -> np.ndarray:
    """The ``rows`` x ``columns`` board drawn in the PNG or GIF ``path`` (its ``frame``)."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(path) if isinstance(path, bytes) else path) as img:
        img.seek(frame)
        grey = np.asarray(img.convert("L"), dtype=np.float64)
    height, width = grey.shape
    cell = min(width // columns, height // rows)
    top, left = (height - cell * rows) // 2, (width - cell * columns) // 2
    centre = cell // 2
    ys = top + np.arange(rows) * cell + centre
    xs = left + np.arange(columns) * cell + centre
    return np.rint(grey[np.ix_(ys, xs)] / 255 * (states - 1)).astype(np.uint8)
