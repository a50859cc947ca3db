"""
Two, four and eight states per cell
===================================

With ``Solving(states=K)`` a click adds 1 modulo K to every cell of its pattern, and a board is
a picture in K greys. Each file below is written by :func:`lightsart.make_still`; with the
``pixels`` style a state *s* is the grey round(255·s/(K−1)), so each PNG decodes back to its
board exactly.
"""

from pathlib import Path

from lightsart import Look, Pictures, Solving, make_still

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

for states in (2, 4, 8):
    result = make_still(SAMPLES / "astronaut.png", f"astronaut-{states}.png", pictures=Pictures(size="60x60"),
                        solving=Solving(states=states), look=Look(cell=4))
    fit = result.picture.fit
    print(f"{states} states: {fit.wrong_pixels} wrong cells, {fit.clicks_count} presses")
