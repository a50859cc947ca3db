"""Read a board back from the picture lightsart wrote: the level of each cell from the grey at
its centre (``pixels`` style, white = lit: level s is s/(K-1) of the way from black to white);
in a palette, the state whose colour is nearest (render's ``decode``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def board_of(path: Path | bytes, rows: int, columns: int, states: int = 2,
             frame: int = 0, palette: list[str] | None = None) -> np.ndarray:
    """The ``rows`` x ``columns`` board drawn in the PNG or GIF ``path`` (its ``frame``), in
    greys or in ``palette`` (``#rrggbb`` text, state 0 first)."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(path) if isinstance(path, bytes) else path) as img:
        img.seek(frame)
        rgb = np.asarray(img.convert("RGB"))
    grey = np.asarray(Image.fromarray(rgb).convert("L"), dtype=np.float64)
    height, width = grey.shape
    cell = min(width // columns, height // rows)
    top, left = (height - cell * rows) // 2, (width - cell * columns) // 2
    if palette is not None:
        from lightsart._output.render import RenderStyle, decode
        from lightsart._pictures.palettes import palette_request

        colours = palette_request(",".join(palette))
        assert colours is not None and not isinstance(colours, str)
        style = RenderStyle(cell=cell, palette=colours)
        return decode(rgb[top:top + cell * rows, left:left + cell * columns], style, states)
    centre = cell // 2
    ys = top + np.arange(rows) * cell + centre
    xs = left + np.arange(columns) * cell + centre
    return np.rint(grey[np.ix_(ys, xs)] / 255 * (states - 1)).astype(np.uint8)
