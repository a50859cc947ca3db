"""
Colour: a palette for the states
================================

A board of K states can show any K colours: ``Pictures(palette=...)`` reads the picture in
colour and dithers it in OKLab onto the palette, and the palette's length is the number of
states. ``"auto:4"`` chooses four colours from the picture (k-means in OKLab, darkest first, so
the lit state is the lightest); ``"handheld"`` is the four greens of the 1989 handheld's screen;
``"#1b1b3a,#f4e9cd"`` gives the colours yourself, in click order. Each board is still the
reachable board closest to its target, wrong cells priced by colour distance, and its presses
are checked before anything is shown. Each cell below is drawn in its state's colour.
"""

from pathlib import Path

import numpy as np
from PIL import Image

from lightsart import Pictures, make_still

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

for palette in ("auto:4", "handheld", "#1b1b3a,#f4e9cd"):
    result = make_still(SAMPLES / "coffee.png", pictures=Pictures(size="80x80", palette=palette))
    fit, colours = result.picture.fit, np.array(result.palette.colours, dtype=np.uint8)
    print(f"{palette}: {fit.states} states {list(result.palette.hex())}, "
          f"{fit.wrong_pixels} wrong cells, {fit.clicks_count} presses")
    drawn = np.kron(colours[fit.board], np.ones((4, 4, 1), np.uint8))  # 4 pixels a cell
    name = "coffee-" + palette.replace(":", "-").replace("#", "").replace(",", "-") + ".png"
    Image.fromarray(drawn).save(name)
