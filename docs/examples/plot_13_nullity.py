"""
Which board sizes reach every picture
=====================================

The nullity of an *m*×*n* board (the number of independent quiet patterns) decides how close a
picture can get: with nullity 0 every picture is reachable exactly, otherwise at most
min(*d*, *n*) pixels are wrong. Most sizes have nullity 0; squares are often the exception.
"""

import matplotlib.pyplot as plt
import numpy as np

from lightsart import nullity

sides = np.arange(1, 49)
grid = np.array([[nullity((m, n)) for n in sides] for m in sides])
fig, ax = plt.subplots(figsize=(6.4, 5.4))
shown = ax.imshow(grid, origin="lower", extent=(0.5, 48.5, 0.5, 48.5), cmap="magma_r")
fig.colorbar(shown, label="nullity")
ax.set_xlabel("columns n")
ax.set_ylabel("rows m")
ax.set_title(f"{np.mean(grid == 0):.0%} of the sizes up to 48×48 have nullity 0")
print("squares with nullity 0:", [int(n) for n in sides if grid[n - 1, n - 1] == 0][:12], "...")
