"""Fewest wrong pixels on a photo: the decoder before and after the pair-table bound, in one run.

Run:  python benchmarks/bench_decode.py [--photo samples/astronaut.png] [--sides 64 128 256]
                                        [--seconds 2]

For each square board the untoned photo is fitted (``Tone.none()``) and its syndrome decoded with
unit costs, started from Bosch's bottom-row light chasing, twice: *before* (information-set
decoding with the old 1-, 2- and small 3-pixel bound; the pair table switched off) and *after*
(the same search, then :func:`lightsart.core.bound.lower_bound`). Printed: nullity ``d``,
distinct columns ``G``, wrong pixels, lower bound, proven, seconds and peak traced memory.
The pair table needs ``d <= 64``; above that both rows are the same search.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from unittest.mock import patch

import numpy as np
from _photos import ROOT  # benchmarks/ is on sys.path when run as a script

import lightsart.core.decode as decoding
from lightsart.core.gf2 import algebra, chase
from lightsart.pictures.image import load_target
from lightsart.pictures.tone import Tone


def measure(run: Callable[[], decoding.Decoding]) -> tuple[decoding.Decoding, float, float]:
    """The result, seconds and peak traced memory (MB) of one call."""
    tracemalloc.start()
    start = time.perf_counter()
    out = run()
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return out, seconds, peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photo", type=Path, default=ROOT / "samples" / "astronaut.png")
    parser.add_argument("--sides", type=int, nargs="+", default=[64, 128, 256])
    parser.add_argument("--seconds", type=float, default=15.0,
                        help="budget per decoding (the pair table runs only when it fits the budget)")
    args = parser.parse_args()
    print(f"{args.photo.name}, unit costs, ISD {args.seconds:g} s, seed 0")
    head = f"{'side':>5} {'d':>4} {'G':>6} {'run':>6} {'wrong':>6} {'bound':>6} {'proven':>6}"
    print(head + f" {'seconds':>8} {'peak MB':>8}")
    for side in args.sides:
        target = load_target(str(args.photo), size=(side, side), tone=Tone.none()).bits
        alg = algebra(side, side)
        change = target ^ np.uint8(1)
        _, leftover = chase(change)
        baseline = np.flatnonzero(leftover.ravel())
        columns, syndrome = alg.columns(), alg.syndrome(change)
        distinct = np.unique(np.packbits(columns, axis=1), axis=0)
        g = int(distinct.any(axis=1).sum())

        run = partial(
            decoding.decode, columns, syndrome, baseline=baseline, seed=0, seconds=args.seconds
        )

        rows = []
        # Before: no pair table, so the search has the whole budget (an equal-budget comparison).
        with patch("lightsart.core.decode.PAIRS_PER_SECOND", 1e-9):
            rows.append(("before", *measure(run)))
        rows.append(("after", *measure(run)))
        for name, out, seconds, peak in rows:
            print(
                f"{side:>5} {syndrome.size:>4} {g:>6} {name:>6} {out.cost:>6.0f} "
                f"{out.lower_bound:>6.0f} {out.proven!s:>6} {seconds:>8.2f} {peak:>8.0f}"
            )


if __name__ == "__main__":
    main()
