"""
Four ways to draw a board
=========================

The same board drawn in each ``Look.style``: ``pixels`` (one square per cell), ``lights``
(rounded lamps on a dark panel, like the handheld game), ``dots`` and ``grid``. Colours are
``#rrggbb`` or names.
"""

from pathlib import Path

from lightsart import Look, Pictures, make_still

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

for style in ("pixels", "lights", "dots", "grid"):
    make_still(SAMPLES / "coffee.png", f"coffee-{style}.png", pictures=Pictures(size="40x40"),
               look=Look(cell=6, style=style))
make_still(SAMPLES / "coffee.png", "coffee-amber.png", pictures=Pictures(size="40x40"),
           look=Look(cell=6, style="lights", colours=("#ffb000", "#402000", "black")))
