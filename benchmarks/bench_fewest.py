"""Fewest clicks for the all-lit square boards, before and after the symmetric split search.

Run:  python benchmarks/bench_fewest.py [--sizes 39 47 ...] [--upto 54] [--seconds 60]
      [--before-seconds 60]

For each n, the clicks turning the all-lit n x n board off (any solution, then minimised over its
coset by :func:`lightsart.core.optimize.fewest_clicks`), whether the count is proven minimal, the
time and the peak memory traced (``tracemalloc``: numpy's buffers included). *Before* is the
same split search scoring every leaf (``symmetric=False``, the previous method without its
up-front bounds, which prune nothing on these boards), run where the nullity is 25..40, with its
own cap. The last columns set the count beside OEIS A075464, published values kept here only as
a check (the library never reads them). ``--upto 54`` adds every n up to 54.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from lightsart.core.board import press
from lightsart.core.fewest import coset_minimum
from lightsart.core.gf2 import algebra, nullity
from lightsart.core.optimize import EXACT_CLICKS_NULLITY, SPLIT_CLICKS_NULLITY, fewest_clicks

#: Published check values, OEIS A075464 (fewest clicks turning the all-lit n x n board off),
#: n = 1..54 as listed on the sequence's page.
PUBLISHED_A075464 = dict(enumerate([
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245,
    276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561,
    696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317, 1256, 1487, 1400], start=1))
#: The all-lit boards with the largest nullities up to 78: 39 (32), 47 (30), 64 (28), 67 (32),
#: 61 (40), 65 (42).
SIZES = [39, 47, 64, 67, 61, 65]

T = TypeVar("T")


def measured(run: Callable[[], T]) -> tuple[T, float, float]:
    """``run()``, its seconds and its peak traced memory in MB."""
    tracemalloc.start()
    start = time.perf_counter()
    out = run()
    took = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return out, took, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES)
    parser.add_argument("--upto", type=int, default=0, help="also every n from 1 to this")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--before-seconds", type=float, default=60.0)
    args = parser.parse_args()
    sizes = list(range(1, args.upto + 1)) + [n for n in args.sizes if n > args.upto]
    print(f"{'':8} {'':>7} | {'before (every leaf)':^28} | {'after (one leaf per orbit)':^28} |")
    print(f"{'n':>4} {'d':>3} {'cells':>7} | {'clicks':>7} {'proven':>6} {'s':>6} {'MB':>5} "
          f"| {'clicks':>7} {'proven':>6} {'s':>6} {'MB':>5} | {'published':>9} match")
    for n in sizes:
        d = nullity(n, n)
        alg = algebra(n, n)
        lit = np.ones((n, n), dtype=np.uint8)
        x0 = alg.solve(lit)
        if x0 is None:  # pragma: no cover - the all-lit board is always solvable
            raise AssertionError(f"{n}x{n} all-lit is not solvable")
        best, took, peak = measured(lambda x=x0: fewest_clicks(x, seconds=args.seconds))
        if not np.array_equal(press(best.clicks), lit):  # pragma: no cover - a bug
            raise AssertionError("the clicks do not turn the board off")
        before = "-" * 7 + " " + "-" * 6 + " " + "-" * 6 + " " + "-" * 5
        if EXACT_CLICKS_NULLITY < d <= SPLIT_CLICKS_NULLITY:
            old, old_took, old_peak = measured(lambda x=x0, p=alg.quiet_patterns: coset_minimum(
                x, p, symmetric=False, seconds=args.before_seconds))
            before = f"{old.weight:7d} {old.proven!s:>6} {old_took:6.1f} {old_peak:5.0f}"
        published = PUBLISHED_A075464.get(n)
        match = "-" if published is None else ("yes" if published == best.count else "NO")
        shown = "-" if published is None else str(published)
        print(f"{n:4d} {d:3d} {n * n:7d} | {before} | {best.count:7d} {best.proven!s:>6} "
              f"{took:6.1f} {peak:5.0f} | {shown:>9} {match}", flush=True)


if __name__ == "__main__":
    main()
