"""Do time limits hold, and do answers repeat? Fits and transitions against their budget.

Run:  python benchmarks/bench_budget.py [--sides 64 128 256 512 1024 2048] [--budgets 0.5 1 3]

For each square board and budget, the astronaut and the cat are fitted (default tone, perceptual
costs) by :func:`lightsart._core.optimize.closest_board` and joined by
:func:`lightsart._core.optimize.transition`, each with the budget. Printed: the seconds each took,
its ratio to the budget, whether it stayed within budget × 1.1 + 0.2 s (the target), whether the
clock cut a search short, and whether a second run with the same seed gave the same answer (both
transitions join the first run's fits, so each stage's repeat is judged on the same input).
The board's algebra is built once per size before timing (it is cached per size).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _photos import ROOT  # benchmarks/ is on sys.path when run as a script

from lightsart._core.gf2 import classic_algebra
from lightsart._core.optimize import closest_board, transition
from lightsart._pictures.costs import pixel_costs
from lightsart._pictures.image import load_target


def fitted(name: str, side: int) -> tuple[np.ndarray, np.ndarray]:
    target = load_target(str(ROOT / "samples" / name), size=(side, side))
    toned = target.toned if target.toned is not None else target.gray
    return target.bits, pixel_costs(target.bits, toned, "perceptual")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=[64, 128, 256, 512, 1024, 2048])
    parser.add_argument("--budgets", type=float, nargs="+", default=[0.5, 1.0, 3.0])
    args = parser.parse_args()
    print(f"{'side':>5} {'d':>5} {'budget':>6} {'stage':>10} {'seconds':>8} {'ratio':>6} "
          f"{'holds':>5} {'cut':>4} {'repeats':>7}")
    for side in args.sides:
        d = classic_algebra(side, side).nullity
        pictures = [fitted(name, side) for name in ("astronaut.png", "cat.png")]
        for budget in args.budgets:
            runs = []
            fits: tuple = ()
            for _ in range(2):
                t0 = time.perf_counter()
                a = closest_board(*pictures[0], seconds=budget)
                t1 = time.perf_counter()
                b = closest_board(*pictures[1], seconds=budget)
                t2 = time.perf_counter()
                # Both transitions join the first run's fits, so a fit the clock cut (which may
                # differ from run to run) does not show as a transition that does not repeat.
                fits = fits or (a, b)
                step = transition(*fits, seconds=budget)
                t3 = time.perf_counter()
                runs.append(((a, t1 - t0), (b, t2 - t1), (step, t3 - t2)))
            first, second = runs
            for stage, (one, took), (two, _) in zip(("fit A", "fit B", "transition"), first,
                                                    second, strict=True):
                same = np.array_equal(one.clicks, two.clicks)
                holds = took <= budget * 1.1 + 0.2
                print(f"{side:>5} {d:>5} {budget:>6g} {stage:>10} {took:>8.2f} "
                      f"{took / budget:>6.2f} {'yes' if holds else 'NO':>5} "
                      f"{'yes' if one.cut_short else 'no':>4} {'yes' if same else 'NO':>7}",
                      flush=True)


if __name__ == "__main__":
    main()
