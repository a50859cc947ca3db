"""Make ``docs/palette-styles.png``: one 4-state board drawn in every style (columns: pixels,
lights, dots, grid) and four palettes (rows: today's greys, the handheld's greens, CGA palette 1,
sepia), to show that a palette only recolours the states: the board, and each style's panel and
lamp shapes, stay the same. The board is ``still samples/astronaut.png --states 4 --size 24``.

Run from the repository root:  python scripts/make_palette_styles.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

import lightsart as la
from lightsart._output.render import RenderStyle, decode, render
from lightsart._palette import Palette, greys

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "palette-styles.png"
SAMPLES = ROOT / "samples"
STYLES = ("pixels", "lights", "dots", "grid")
#: Four colours each, state 0 (dark) first, as ``--palette`` names them.
PALETTES = {
    "greys:4": greys(4),
    "handheld": Palette(((15, 56, 15), (48, 98, 48), (139, 172, 15), (155, 188, 15))),
    "cga": Palette(((0, 0, 0), (255, 85, 255), (85, 255, 255), (255, 255, 255))),
    "sepia:4": Palette(((43, 29, 14), (107, 74, 42), (178, 144, 107), (244, 233, 205))),
}
CELL, GAP, LABEL, LEFT = 10, 10, 20, 90
BACKGROUND, TEXT = (34, 36, 42), (236, 238, 242)


def main() -> int:
    result = la.make_still(str(SAMPLES / "astronaut.png"), pictures=la.Pictures(size=24),
                           solving=la.Solving(states=4))
    board = result.picture.fit.board
    m, n = board.shape
    width, height = n * CELL, m * CELL
    sheet = Image.new("RGB", (LEFT + len(STYLES) * (width + GAP),
                              LABEL + len(PALETTES) * (height + GAP)), BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    for c, kind in enumerate(STYLES):
        draw.text((LEFT + c * (width + GAP), 4), f"--style {kind}", fill=TEXT)
    for r, (name, palette) in enumerate(PALETTES.items()):
        top = LABEL + r * (height + GAP)
        draw.text((6, top + height // 2 - 6), name, fill=TEXT)
        for c, kind in enumerate(STYLES):
            style = RenderStyle(cell=CELL, kind=kind, palette=palette)  # type: ignore[arg-type]
            picture = render(board, style, 4)
            assert np.array_equal(decode(picture, style, 4), board)  # every tile reads back
            sheet.paste(Image.fromarray(picture), (LEFT + c * (width + GAP), top))
    sheet.save(OUT, optimize=True)
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
