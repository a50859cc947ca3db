"""Make ``docs/orders.png``, the grid of click orders halfway through a transition (README).

Run from the repository root:  python scripts/make_orders_grid.py

Each tile is the package's own ``animate`` command, so the grid shows what a user gets: the
astronaut into the cat on the default board (200×200 for these square samples, nullity 0, 4
states; no ``--size`` or ``--states``, so it follows the default), cut into two frames (``--fps 1
--duration 2``), so the middle frame written by ``--frames`` is the board after exactly half of
the transition's clicks in that order. ``mask`` uses ``samples/horse.png`` (a dark horse on
white: halfway the board shows the horse).
The script checks every middle frame, decoded from its PNG to levels: it shows ``B`` on between
20 % and 90 % of the cells where ``A`` and ``B`` differ (halfway, not at either end).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "orders.png"
ORDERS = ["raster", "columns", "diagonal", "radial", "spiral", "clock", "noise", "light-to-dark",
          "mask:samples/horse.png", "random", "morph"]
CELL = 2
COMMON = ["samples/astronaut.png", "samples/cat.png", "--cell", str(CELL),
          "--fps", "1", "--duration", "2", "--hold", "0"]


def main() -> int:
    import contextlib
    import io
    import os

    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    from lightsart._boardsize import DEFAULT_STATES
    from lightsart._cli import main as lightsart

    os.chdir(ROOT)
    tiles = []
    with tempfile.TemporaryDirectory() as folder:
        for order in ORDERS:
            frames = Path(folder) / order.replace(":", "_").replace("/", "_")
            with contextlib.redirect_stdout(io.StringIO()):
                code = lightsart(["animate", *COMMON, "--order", order, "--frames", str(frames)])
            if code:
                return code
            boards = []
            for k in range(3):
                with Image.open(frames / f"frame_{k:05d}.png") as im:
                    rgb = np.asarray(im.convert("RGB"))
                grey = rgb[CELL // 2::CELL, CELL // 2::CELL, 0].astype(np.float64)
                boards.append(np.rint(grey * (DEFAULT_STATES - 1) / 255).astype(np.uint8))
                if k == 1:
                    tiles.append(rgb)
            a, half, b = boards
            differ = a != b
            shows_b = (half == b)[differ].mean()
            if not 0.2 < shows_b < 0.9:
                raise SystemExit(f"{order}: the middle frame shows B on {shows_b:.0%} of the "
                                 "cells where A and B differ")
    font = ImageFont.load_default(size=14)
    h, w = tiles[0].shape[:2]
    cols, label = 4, 20
    rows = -(-len(tiles) // cols)
    sheet = Image.new("RGB", (cols * (w + 8) + 8, rows * (h + label + 8) + 8), (34, 36, 42))
    draw = ImageDraw.Draw(sheet)
    for k, (order, tile) in enumerate(zip(ORDERS, tiles, strict=True)):
        x, y = 8 + (k % cols) * (w + 8), 8 + (k // cols) * (h + label + 8)
        draw.text((x, y), order.split(":")[0], font=font, fill=(236, 238, 242))
        sheet.paste(Image.fromarray(tile), (x, y + label))
    sheet.save(OUT, optimize=True)
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
