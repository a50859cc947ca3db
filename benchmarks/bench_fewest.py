"""Fewest clicks for the all-lit square boards, before and after the compiled leaves.

Run:  python benchmarks/bench_fewest.py [--sizes 39 47 61 ...] [--upto 54] [--seconds 60]
      [--before-seconds 60]

For each n, the clicks turning the all-lit n x n board off (any solution, then minimised over its
coset by :func:`lightsart._core.optimize.fewest_clicks`), whether the count is proven minimal, the
leaves of ``2**18`` members scored, and the time. Where the nullity is 25..40, *after* is the
search ``fewest_clicks`` runs there (:func:`lightsart._core.fewest.coset_minimum`, compiled leaves
where they pay), timed alone, and *before* the same search with the previous leaves in
numpy (``compiled=False``) under its own cap. The ``ns`` columns time one thread on the first
64 leaves, per member (leaf entry): numpy, compiled, and compiled with the best answer known (so
most leaves skip their last five stages). The last columns set the count beside OEIS A075464,
published values kept here only as a check (the library never reads them). ``--upto 54`` adds
every n up to 54.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from lightsart._core.fewest import coset_minimum, split_coset
from lightsart._core.fewest_leaf import score_leaves
from lightsart._core.gf2 import classic_algebra, classic_nullity
from lightsart._core.optimize import EXACT_CLICKS_NULLITY, SPLIT_CLICKS_NULLITY, fewest_clicks
from lightsart._core.quiet import combine_patterns
from lightsart._rules import press

#: Published check values, OEIS A075464 (fewest clicks turning the all-lit n x n board off),
#: n = 1..54 as listed on the sequence's page.
PUBLISHED_A075464 = dict(enumerate([
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245,
    276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561,
    696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317, 1256, 1487, 1400], start=1))
#: The all-lit boards with the largest nullities up to 78: 39 (32), 47 (30), 64 (28), 67 (32),
#: 61 (40), 65 (42).
SIZES = [39, 47, 64, 67, 61]
#: Leaves timed per leaf (one thread).
SAMPLE = 64


def leaf_nanoseconds(x0: np.ndarray, patterns: np.ndarray, best_weight: int) -> str:
    """ns per member of one leaf: numpy, compiled, compiled knowing the best (one thread)."""
    split = split_coset(x0, patterns)
    leaves = split.leaves[:SAMPLE]
    best_f = x0.size - 2 * best_weight
    out = []
    for above, compiled in ((-(1 << 40), False), (-(1 << 40), True), (best_f, True)):
        score_leaves(split.data, leaves[:2], above, compiled)
        start = time.perf_counter()
        score_leaves(split.data, leaves, above, compiled)
        out.append((time.perf_counter() - start) / (leaves.size << split.data.k) * 1e9)
    return " ".join(f"{ns:6.3f}" for ns in out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES)
    parser.add_argument("--upto", type=int, default=0, help="also every n from 1 to this")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--before-seconds", type=float, default=60.0)
    args = parser.parse_args()
    sizes = list(range(1, args.upto + 1)) + [n for n in args.sizes if n > args.upto]
    print(f"{'':7} | {'before (numpy leaves)':^22} | {'after (compiled leaves)':^31} | "
          f"{'ns per member':^20} |")
    print(f"{'n':>4} {'d':>3} | {'clicks':>6} {'proven':>6} {'s':>7} | "
          f"{'clicks':>6} {'proven':>6} {'leaves':>8} {'s':>7} | {'numpy':>6} {'comp.':>6} "
          f"{'known':>6} | {'published':>9} match")
    for n in sizes:
        d = classic_nullity(n, n)
        alg = classic_algebra(n, n)
        lit = np.ones((n, n), dtype=np.uint8)
        x0 = alg.solve(lit)
        if x0 is None:  # pragma: no cover - the all-lit board is always solvable
            raise AssertionError(f"{n}x{n} all-lit is not solvable")
        before = f"{'-':>6} {'-':>6} {'-':>7}"
        leaves = f"{'-':>8}"
        per_member = f"{'-':>6} {'-':>6} {'-':>6}"
        start = time.perf_counter()
        if EXACT_CLICKS_NULLITY < d <= SPLIT_CLICKS_NULLITY:
            # The search fewest_clicks runs here, timed alone.
            found = coset_minimum(x0, alg.quiet_patterns, seconds=args.seconds)
            took = time.perf_counter() - start
            clicks = x0 ^ combine_patterns(alg.quiet_patterns, found.choice)
            proven, leaves = found.proven, f"{found.leaves:>8}"
            start = time.perf_counter()
            old = coset_minimum(x0, alg.quiet_patterns, compiled=False,
                                seconds=args.before_seconds)
            before = f"{old.weight:6d} {old.proven!s:>6} {time.perf_counter() - start:7.1f}"
            per_member = leaf_nanoseconds(x0, alg.quiet_patterns, int(clicks.sum()))
        else:
            best = fewest_clicks(x0, seconds=args.seconds)
            took = time.perf_counter() - start
            clicks, proven = best.clicks, best.proven
        if not np.array_equal(press(clicks), lit):  # pragma: no cover - a bug
            raise AssertionError("the clicks do not turn the board off")
        count = int(clicks.sum())
        published = PUBLISHED_A075464.get(n)
        match = "-" if published is None else ("yes" if published == count else "NO")
        shown = "-" if published is None else str(published)
        print(f"{n:4d} {d:3d} | {before} | {count:6d} {proven!s:>6} {leaves} {took:7.1f} | "
              f"{per_member} | {shown:>9} {match}", flush=True)


if __name__ == "__main__":
    main()
