"""
One picture under each dithering method
=======================================

The dithering method decides which cells of the toned picture are lit before the board is
fitted. Here is the reachable board of each method on the same 72×72 board (nullity 0, so each
board *is* its dithered target).
"""

from pathlib import Path

import matplotlib.pyplot as plt

from lightsart import closest_board, load_target

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

methods = ["floyd-steinberg", "atkinson", "jarvis-judice-ninke", "stucki", "sierra-lite",
           "bayer-4", "blue-noise", "none"]
fig, axes = plt.subplots(2, 4, figsize=(10, 5.4))
for ax, method in zip(axes.flat, methods, strict=True):
    fit = closest_board(load_target(SAMPLES / "astronaut.png", size="72x72", dither=method).bits)
    ax.imshow(fit.board, cmap="gray", vmin=0, vmax=1, interpolation="nearest")
    ax.set_title(f"{method}\n{fit.wrong_pixels} wrong", fontsize=9)
    ax.set_axis_off()
fig.tight_layout()
