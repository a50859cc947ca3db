"""
Click patterns on a torus
=========================

The rules of the game are a value, :class:`lightsart.Rules`: the pattern a click toggles and the
topology. On a torus both axes wrap. The nullity (how many independent click sets change
nothing) depends on the rules, and with it how close a picture can get.
"""

from pathlib import Path

import matplotlib.pyplot as plt

from lightsart import Rules, closest_board, load_target

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

target = load_target(SAMPLES / "horse.png", size="35x35").bits
fig, axes = plt.subplots(1, 4, figsize=(11, 3.4))
for ax, name in zip(axes, ["plus", "sigma", "x", "square"], strict=True):
    rules = Rules(35, 35, name, "torus")
    fit = closest_board(target, rules=rules)
    ax.imshow(fit.board, cmap="gray", vmin=0, vmax=1, interpolation="nearest")
    ax.set_title(f"{name} on a torus\nnullity {fit.nullity}, {fit.wrong_pixels} wrong", fontsize=9)
    ax.set_axis_off()
fig.tight_layout()
