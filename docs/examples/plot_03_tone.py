"""
Tone on and off
===============

The tone stage (black and white points, local contrast, sharpening at cell scale) is what makes
an unedited photograph read at one bit per cell. ``Tone.none()`` dithers the picture's tones as
they are.
"""

from pathlib import Path

import matplotlib.pyplot as plt

from lightsart import Tone, load_target

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

fig, axes = plt.subplots(1, 2, figsize=(8, 4.4))
for ax, (title, tone) in zip(axes, [("tone auto (default)", None), ("tone none", Tone.none())],
                             strict=True):
    target = load_target(SAMPLES / "photographer.png", size="80x80", tone=tone)
    ax.imshow(target.bits, cmap="gray", vmin=0, vmax=1, interpolation="nearest")
    ax.set_title(title)
    ax.set_axis_off()
fig.tight_layout()
