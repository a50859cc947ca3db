"""Where a grey fit's unavoidable wrong cells go: ``--errors perceptual`` against ``uniform``.

Run: ``python benchmarks/bench_grey_errors.py``. For each sample photo at 128×128 cells (where the
kernel over Z/4 and Z/8 is large, so some cells must be wrong) and K = 4 and 8, both fits are made
with the same budget (1 s) and seed and priced the same way, by
:func:`~lightsart._pictures.costs.level_costs` (how far each wrong cell's level moves from the toned
picture's grey, in level steps). Per row: wrong cells, that level cost, the cells off by more than
one level, and seconds, for each; the last column is the perceptual fit's cost over the uniform
fit's (below 1: the default puts its errors where they show less).
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from lightsart import load_target
from lightsart._core.optimize import closest_board
from lightsart._pictures.costs import level_costs
from lightsart._pictures.image import read_for_board
from lightsart._rules import Rules

ROOT = Path(__file__).resolve().parent.parent
PHOTOS = ("astronaut.png", "cat.png", "coffee.png", "horse.png", "photographer.png")
SIDE = 128


def main() -> None:
    print(f"{'photo':>16} {'K':>2} | {'uniform: wrong':>14} {'cost':>7} {'>1':>3} {'s':>4} | "
          f"{'perceptual: wrong':>17} {'cost':>7} {'>1':>3} {'s':>4} | {'cost ratio':>10}")
    ratios = []
    for k in (4, 8):
        rules = Rules(SIDE, SIDE, states=k)
        closest_board(np.zeros(rules.shape, dtype=np.uint8), seconds=0.1, rules=rules)  # build the algebra
        for photo in PHOTOS:
            gray, (w, h) = read_for_board(str(ROOT / "samples" / photo), (SIDE, SIDE), lambda m, n: 0)
            target = load_target(gray, (h, w), "cover", "floyd-steinberg", states=k)
            costs = level_costs(target.bits, target.toned, k)
            assert costs is not None
            row = []
            for weights in (None, costs):
                began = time.perf_counter()
                fit = closest_board(target.bits, weights, seconds=1.0, rules=rules)
                seconds = time.perf_counter() - began
                errors = ((fit.board.astype(np.int64) - target.bits) % k).ravel()
                cost = float(costs[np.arange(errors.size), errors].sum())
                far = int((np.abs(fit.board.astype(int) - target.bits) > 1).sum())
                row.append((fit.wrong_pixels, cost, far, seconds))
            ratio = row[1][1] / row[0][1] if row[0][1] else 1.0
            ratios.append(ratio)
            (wu, cu, fu, su), (wp, cp, fp, sp) = row
            print(f"{photo:>16} {k:>2} | {wu:>14} {cu:>7.1f} {fu:>3} {su:>4.1f} | "
                  f"{wp:>17} {cp:>7.1f} {fp:>3} {sp:>4.1f} | {ratio:>10.2f}")
    print(f"geometric mean cost ratio (perceptual / uniform): {np.exp(np.mean(np.log(ratios))):.2f}")


if __name__ == "__main__":
    main()
