"""Grey levels: how much of the photo a board of K states keeps, and what it costs.

Run: ``python benchmarks/bench_grey.py``. For K = 2, 3, 4, 8 and three sample photos at 64×64 and
100×100 cells, one ``make_animation`` (photo → the next sample, 1 s at 10 fps, no hold, 2 pixels
per cell, raster order) gives per row:

* ``score``: :func:`~lightsart._pictures.likeness.structure_score` of the fitted board (levels
  scaled to ``[0, 1]``) against the photo's fitted luminance: local correlation after blurring,
  higher is more like the photo; ``target`` is the same score of the K-level dither itself, so
  ``score / target`` is what reachability costs;
* ``fit s``: the first picture's fit (K = 2: the exact GF(2) engine; K > 2: the same engine over ``Z/K``);
* ``wrong``: its wrong cells (``*``: proven fewest);
* ``presses``: the transition's presses (clicks for K = 2);
* ``gif KB``: the GIF's size.

The last column divides each score by the K = 2 score of the same photo and size, measured in
this run; the footer says whether the score rises with K everywhere.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np

from lightsart import Look, Pictures, Solving, Timing, load_target, make_animation, structure_score

ROOT = Path(__file__).resolve().parent.parent
PHOTOS = ("astronaut.png", "cat.png", "coffee.png")
NEXT = {"astronaut.png": "cat.png", "cat.png": "coffee.png", "coffee.png": "astronaut.png"}
STATES = (2, 3, 4, 8)
SIDES = (64, 100)


def main() -> None:
    print(f"{'photo':>10} {'side':>4} {'K':>2} {'score':>6} {'target':>6} {'fit s':>6} "
          f"{'wrong':>7} {'presses':>8} {'gif KB':>7} {'vs K=2':>7}")
    rising = []
    with tempfile.TemporaryDirectory(prefix="bench-grey-") as folder:
        for name in PHOTOS:
            path, other = str(ROOT / "samples" / name), str(ROOT / "samples" / NEXT[name])
            for side in SIDES:
                photo = load_target(path, size=(side, side)).gray
                scores = []
                for k in STATES:
                    gif = Path(folder) / f"{name}-{side}-{k}.gif"
                    result = make_animation(
                        [path, other], str(gif), pictures=Pictures(size=(side, side)),
                        solving=Solving(states=k), look=Look(cell=2),
                        timing=Timing(duration=1.0, fps=10, hold=0, order="raster"))
                    fit = result.pictures[0].fit
                    score = structure_score(fit.board / (k - 1), photo)
                    target = structure_score(fit.target / (k - 1), photo)
                    scores.append(score)
                    proven = "*" if fit.wrong_pixels_proven_minimal or fit.wrong_pixels == 0 else " "
                    print(f"{name[:-4]:>10} {side:>4} {k:>2} {score:6.3f} {target:6.3f} "
                          f"{fit.seconds:6.2f} {fit.wrong_pixels:>6}{proven} "
                          f"{result.transitions[0].count:>8} {gif.stat().st_size / 1024:7.1f} "
                          f"{score / scores[0]:7.2f}")
                rising.append((name, side, bool(np.all(np.diff(scores) > 0)), scores))
    for name, side, up, scores in rising:
        if not up:
            print(f"score does NOT rise with K for {name} at {side}: "
                  + ", ".join(f"{s:.3f}" for s in scores))
    if all(up for *_, up, _ in rising):
        print("score rises with K for every photo and size")


if __name__ == "__main__":
    main()
