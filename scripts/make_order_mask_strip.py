"""Make ``docs/order-mask.png``: the README's mask example, the astronaut into the cat through
``samples/horse.png``, after 0, 1/4, 1/2, 3/4 and all of the clicks: 0.2's luma wipe (the clicks
sorted by the mask's grey, dark first) above, the ``mask`` order below.

Run from the repository root:  python scripts/make_order_mask_strip.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

import lightsart as la
from lightsart._animation import orders
from lightsart._animation.fields import Scene
from lightsart._pictures.image import fit_to_board, read_gray

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "order-mask.png"
SAMPLES = ROOT / "samples"
FRACTIONS = (0, 0.25, 0.5, 0.75, 1)
CELL, GAP, LABEL = 2, 6, 18


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        result = la.make_animation([str(SAMPLES / "astronaut.png"), str(SAMPLES / "cat.png")],
                                   str(Path(tmp) / "a.gif"))
    a = result.pictures[0].fit.board
    (step,) = result.transitions
    m, n = a.shape
    mask = fit_to_board(read_gray(SAMPLES / "horse.png"), n, m, "cover")
    rows = {
        "0.2: luma wipe (dark first)": orders.field_order(step.clicks, "mask", Scene(mask=mask)),
        "mask order: through the mask": orders.click_order(a, step.clicks, "mask", mask=mask),
    }
    width, height = n * CELL, m * CELL + LABEL + GAP
    sheet = Image.new("L", (len(FRACTIONS) * (width + GAP) - GAP, len(rows) * height), 255)
    draw = ImageDraw.Draw(sheet)
    for r, (name, cells) in enumerate(rows.items()):
        draw.text((2, r * height + 3), f"{name}   (0, 1/4, 1/2, 3/4, all of the clicks)", fill=0)
        for c, share in enumerate(FRACTIONS):
            made = np.zeros_like(step.clicks)
            k = round(share * len(cells))
            made[cells[:k, 0], cells[:k, 1]] = 1
            board = la.apply_clicks(a, made)
            tile = Image.fromarray(board * 255).resize((width, m * CELL), Image.Resampling.NEAREST)
            sheet.paste(tile, (c * (width + GAP), r * height + LABEL))
    sheet.convert("1").save(OUT, optimize=True)
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
