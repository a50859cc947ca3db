"""
Four greys, one press at a time
===============================

With four states per cell a transition is a set of presses modulo 4; a cell pressed *j* times is
*j* single presses. The ``morph`` order picks each next press as the one that leaves the fewest
cells unlike the next picture, so the cat emerges from the astronaut.
"""

from pathlib import Path

from lightsart import Look, Pictures, Solving, Timing, make_animation

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

result = make_animation(
    [SAMPLES / "astronaut.png", SAMPLES / "cat.png"], "grey.gif", pictures=Pictures(size="32x32"),
    solving=Solving(states=4), timing=Timing(order="morph", fps=10, duration=2, hold=0.5),
    look=Look(cell=8, style="lights"))
print(f"{result.transitions[0].count} presses, {result.frames} frames")
