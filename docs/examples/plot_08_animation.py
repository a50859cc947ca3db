"""
An animation, click by click
============================

:func:`lightsart.make_animation` fits every picture to one board, finds the fewest clicks
between consecutive boards and writes the frames. Every frame is a board reachable from the
all-lit board; here a radial order opens the cat like an iris, eased slow-fast-slow, and
``loop`` plays back to the start.
"""

from pathlib import Path

from lightsart import Look, Pictures, Timing, make_animation

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

result = make_animation(
    [SAMPLES / "horse.png", SAMPLES / "cat.png"], "horse-to-cat.gif", pictures=Pictures(size="48x48"),
    timing=Timing(order="radial", ease="in-out", fps=12, duration=2, hold=0.5, loop=True),
    look=Look(cell=6))
for step in result.transitions:
    print(f"{step.count} clicks (proven minimal: {step.proven})")
print(f"{result.frames} frames, {result.duration_seconds:.1f} s")
