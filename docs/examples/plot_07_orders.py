"""
Every click order at mid-transition
===================================

A transition's clicks commute, so any order is legal; the order only decides what the frames in
between look like. Each tile is the board after exactly half of the clicks from the astronaut to
the cat, in one order (``lightsart.CLICK_ORDERS``).
"""

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from lightsart import apply_clicks, click_order, closest_board, load_target, transition

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

a = closest_board(load_target(SAMPLES / "astronaut.png", size="64x64").bits)
b = closest_board(load_target(SAMPLES / "cat.png", size="64x64").bits)
step = transition(a, b)
names = ["raster", "columns", "diagonal", "radial", "spiral", "clock", "noise", "light-to-dark",
         "random", "morph"]
fig, axes = plt.subplots(2, 5, figsize=(12, 5.4))
for ax, name in zip(axes.flat, names, strict=True):
    cells = click_order(a.board, step.clicks, name, seed=7)
    half = np.zeros_like(step.clicks)
    first = cells[: len(cells) // 2]
    half[first[:, 0], first[:, 1]] = 1
    ax.imshow(apply_clicks(a.board, half), cmap="gray", vmin=0, vmax=1, interpolation="nearest")
    ax.set_title(name, fontsize=10)
    ax.set_axis_off()
fig.suptitle(f"astronaut → cat, {step.count} clicks: the board after {step.count // 2}")
fig.tight_layout()
