"""
A photograph as a board
=======================

:func:`lightsart.make_still` reads a picture, fits it to a board, tones and dithers it, and
writes the reachable board closest to it. ``compare`` also writes the target, the board and the
wrong pixels side by side. 64×48 has nullity 0, so every picture is reachable exactly.
"""

from pathlib import Path

from lightsart import Look, Pictures, make_still

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

result = make_still(SAMPLES / "cat.png", "cat-board.png", pictures=Pictures(size="64x48"), look=Look(cell=4),
                    compare="cat-compare.png")
fit = result.picture.fit
print(f"board {result.width}x{result.height}, nullity {result.nullity}: "
      f"{fit.wrong_pixels} wrong pixels, {fit.clicks_count} clicks from the all-lit board")
