"""Fewest wrong pixels on a photo: the Stern walk alone against Stern with relinked edge chains.

Run:  python benchmarks/bench_decode.py [--photo samples/astronaut.png] [--sides 128 256 512]
                                        [--seconds 30 10 10] [--repeat 2] [--weighted]

For each square board the untoned photo is fitted (``Tone.none()``) and its syndrome decoded from
Bosch's bottom-row light chasing: *before* (the Stern walk on all columns, as ``decode`` ran
before ``focus``) and *after* (the same walk plus one chain of relinked walks on the cells near
the edges, all four, started from chasing towards each side: :func:`lightsart._core.optimize.edge_focus`),
the latter ``--repeat`` times to show the answer repeats (as in ``closest_board``, only when
``d > EDGE_CHAINS_NULLITY``; below, *after* is the Stern walk again). Unit costs, or with ``--weighted`` the
perceptual per-pixel costs the default pipeline uses. Both get the pair-table bound when
``d <= 64`` and the budget holds it. Printed: nullity ``d``, distinct columns ``G``, wrong pixels
and their cost, lower bound, proven, whether the clock cut the work short, seconds, peak traced
memory, and whether the repeats agree. 1024 (d = 484) works too: ``alg.columns()`` alone is then
a dense 0.5 GB array.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np
from _photos import ROOT  # benchmarks/ is on sys.path when run as a script

from lightsart._calibration import EDGE_CHAINS_NULLITY
from lightsart._core.closest import edge_focus
from lightsart._core.decode import Decoding, decode
from lightsart._core.gf2 import chase, classic_algebra
from lightsart._pictures.costs import pixel_costs
from lightsart._pictures.image import load_target
from lightsart._pictures.tone import Tone


def measure(run: Callable[[], Decoding]) -> tuple[Decoding, float, float]:
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
    parser.add_argument("--sides", type=int, nargs="+", default=[128, 256, 512])
    parser.add_argument("--seconds", type=float, nargs="+", default=[30.0, 10.0, 10.0],
                        help="budget per decoding, one per side (the last one repeats)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of the relinked walk per side")
    parser.add_argument("--weighted", action="store_true", help="perceptual per-pixel costs")
    args = parser.parse_args()
    print(f"{args.photo.name}, {'perceptual' if args.weighted else 'unit'} costs, seed 0")
    head = f"{'side':>5} {'d':>4} {'G':>7} {'budget':>6} {'run':>8} {'wrong':>6} {'cost':>8}"
    head += f" {'bound':>8}"
    print(head + f" {'proven':>6} {'cut':>5} {'seconds':>8} {'peak MB':>8} {'same':>5}")
    for n, side in enumerate(args.sides):
        budget = args.seconds[min(n, len(args.seconds) - 1)]
        picture = load_target(str(args.photo), size=(side, side), tone=Tone.none())
        target = picture.bits
        cost = pixel_costs(target, picture.gray) if args.weighted else None
        alg = classic_algebra(side, side)
        change = target ^ np.uint8(1)
        _, leftover = chase(change)
        baseline = np.flatnonzero(leftover.ravel())
        columns, syndrome = alg.columns(), alg.syndrome(change)
        g = int(np.unique(np.packbits(columns, axis=1), axis=0).any(axis=1).sum())
        # As closest_board: the chains only above EDGE_CHAINS_NULLITY (below, after = before).
        focus = (edge_focus(change, np.arange(side * side, dtype=np.intp))
                 if syndrome.size > EDGE_CHAINS_NULLITY else ())
        flat = None if cost is None else cost.ravel()

        def run(chains: tuple = (), cols: np.ndarray = columns, syn: np.ndarray = syndrome,
                base: np.ndarray = baseline, seconds: float = budget,
                w: np.ndarray | None = flat) -> Decoding:
            return decode(cols, syn, w, baseline=base, seed=0, seconds=seconds, focus=chains)

        rows = [("before", *measure(lambda: run()))]
        rows += [("after", *measure(lambda f=focus: run(f))) for _ in range(args.repeat)]
        first = np.sort(rows[1][1].errors)
        for k, (name, out, seconds, peak) in enumerate(rows):
            same = "" if k == 0 else str(np.array_equal(np.sort(out.errors), first))
            print(
                f"{side:>5} {syndrome.size:>4} {g:>7} {budget:>6.0f} {name:>8} "
                f"{out.errors.size:>6} {out.cost:>8.1f} {out.lower_bound:>8.1f} "
                f"{out.proven!s:>6} {out.cut_short!s:>5} {seconds:>8.2f} {peak:>8.0f} {same:>5}"
            )


if __name__ == "__main__":
    main()
