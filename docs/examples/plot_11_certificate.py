"""
A proof certificate: why no board is closer
===========================================

9×9 has nullity 8: eight quiet patterns (click sets that change nothing). A target is reachable
exactly when it is orthogonal to all of them; its *syndrome* (one bit per quiet pattern) says
which ones it fails. The fewest wrong pixels is the smallest set of pixels whose columns XOR to
the syndrome: with 8 checks lightsart tries all 2⁸ syndromes, so the answer is proven.
"""

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from lightsart import Rules, algebra, closest_board, load_target

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

target = load_target(SAMPLES / "coffee.png", size="9x9").bits
fit = closest_board(target)
quiet = algebra(Rules(9, 9)).kernel()  # (nullity, 9, 9): one quiet pattern per row
syndrome = [int(np.sum(q & (1 ^ target)) % 2) for q in quiet]
print(f"nullity {fit.nullity}, syndrome {syndrome}")
# The certificate, checked independently: the wrong pixels' columns XOR to the syndrome, so
# flipping them makes the target reachable; no smaller set does (all 2**8 syndromes were tried).
flipped = [int(np.sum(q & fit.wrong) % 2) for q in quiet]
print(f"the {fit.wrong_pixels} wrong pixels fail the same quiet patterns: {flipped == syndrome}")
print(f"{fit.wrong_pixels} wrong pixels, proven minimal: {fit.wrong_pixels_proven_minimal}, "
      f"lower bound {fit.wrong_pixels_lower_bound:g}")

fig, axes = plt.subplots(2, 6, figsize=(12, 4.6))
panels = [("target", target), ("closest reachable board", fit.board), ("wrong pixels", fit.wrong)]
panels += [(f"quiet pattern {k + 1}: {'fails' if s else 'ok'}", q)
           for k, (q, s) in enumerate(zip(quiet, syndrome, strict=True))]
for ax in axes.flat:
    ax.set_axis_off()
for ax, (title, grid) in zip(axes.flat, panels, strict=False):
    ax.imshow(grid, cmap="gray_r" if title.startswith(("wrong", "quiet")) else "gray",
              vmin=0, vmax=1, interpolation="nearest")
    ax.set_title(title, fontsize=8)
fig.tight_layout()
