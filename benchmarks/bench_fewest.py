"""Fewest clicks for all-lit square boards of nullity 25..40, by the split branch and bound.

Run:  python benchmarks/bench_fewest.py [--sizes 39 47 ...] [--seconds 60]

For each n, the clicks turning the all-lit n x n board off (any solution, then minimised over
its coset by :func:`lightsart.core.optimize.fewest_clicks`), whether the count is proven
minimal, and the time. The last columns set the count beside OEIS A075464, published values kept
here only as a check (the library never reads them).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from lightsart.core.board import press
from lightsart.core.gf2 import algebra, nullity
from lightsart.core.optimize import fewest_clicks

#: Published check values, OEIS A075464 (fewest clicks turning the all-lit n x n board off).
PUBLISHED_A075464 = {39: 561, 47: 971}
SIZES = [64, 194, 47, 143, 39, 67, 170, 61]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    print(f"{'n':>4} {'d':>3} {'clicks':>7} {'proven':>6} {'seconds':>8} {'published':>9} match")
    for n in args.sizes:
        d = nullity(n, n)
        lit = np.ones((n, n), dtype=np.uint8)
        x0 = algebra(n, n).solve(lit)
        if x0 is None:  # pragma: no cover - the all-lit board is always solvable
            raise AssertionError(f"{n}x{n} all-lit is not solvable")
        start = time.perf_counter()
        best = fewest_clicks(x0, seconds=args.seconds)
        took = time.perf_counter() - start
        if not np.array_equal(press(best.clicks), lit):  # pragma: no cover - a bug
            raise AssertionError("the clicks do not turn the board off")
        published = PUBLISHED_A075464.get(n)
        match = "-" if published is None else ("yes" if published == best.count else "NO")
        shown = "-" if published is None else str(published)
        print(f"{n:4d} {d:3d} {best.count:7d} {best.proven!s:>6} {took:8.1f} {shown:>9} {match}",
              flush=True)


if __name__ == "__main__":
    main()
