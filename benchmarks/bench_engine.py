"""Exact engine speed: solving reachable boards and fitting a photo, measured in one run.

Run:  python benchmarks/bench_engine.py [--photo samples/PICTURE]

Prints, for each size, the time to build the board's algebra (light chasing + elimination,
cached per size), to solve one random reachable board, and for a photo the closest reachable
board: time, wrong pixels, proven lower bound, and Bosch's bottom-row heuristic for comparison.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from _photos import photo_target  # benchmarks/ is on sys.path when run as a script

from lightsart._core.gf2 import chase, classic_algebra
from lightsart._core.optimize import closest_board
from lightsart._rules import press


def default_photo() -> Path | None:
    samples = sorted(Path(__file__).resolve().parent.parent.glob("samples/*.png")) + sorted(
        Path(__file__).resolve().parent.parent.glob("samples/*.jpg")
    )
    return samples[0] if samples else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photo", type=Path, default=default_photo())
    parser.add_argument("--seconds", type=float, default=2.0, help="search budget (large nullity)")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print("Solve a random reachable board")
    print(f"{'board':>10} {'nullity':>8} {'algebra s':>10} {'solve s':>8} {'total s':>8}")
    for side in (64, 256, 1024, 2048, 4096):
        x = rng.integers(0, 2, (side, side), dtype=np.uint8)
        change = press(x)
        classic_algebra.cache_clear()
        t0 = time.perf_counter()
        alg = classic_algebra(side, side)
        t1 = time.perf_counter()
        y = alg.solve(change)
        t2 = time.perf_counter()
        assert y is not None and np.array_equal(press(y), change)
        print(f"{side}x{side:<6} {alg.nullity:>8} {t1 - t0:>10.3f} {t2 - t1:>8.3f} {t2 - t0:>8.3f}")
    print()
    print(f"Closest reachable board for {args.photo or 'a synthetic picture'}")
    print(f"{'board':>10} {'nullity':>8} {'time s':>7} {'wrong':>6} {'bound':>6} {'proven':>7} "
          f"{'bottom-row':>10} {'clicks':>7}")
    for side in (64, 128, 256):
        target = photo_target(args.photo, side)
        classic_algebra(side, side)  # built once per size; not part of the fit time
        t0 = time.perf_counter()
        fit = closest_board(target, seconds=args.seconds)
        elapsed = time.perf_counter() - t0
        _, leftover = chase(target ^ 1)
        print(f"{side}x{side:<6} {fit.nullity:>8} {elapsed:>7.2f} {fit.wrong_pixels:>6} "
              f"{fit.wrong_pixels_lower_bound:>6.0f} {fit.wrong_pixels_proven_minimal!s:>7} "
              f"{int(leftover.sum()):>10} {fit.clicks_count:>7}")


if __name__ == "__main__":
    main()
