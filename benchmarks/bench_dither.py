"""Dithering speed: every method at 1024x1024 and 100x100, against Pillow's C Floyd–Steinberg.

Run:  python benchmarks/bench_dither.py [--repeat 3]

The picture is samples/astronaut.png (or a synthetic gradient without it) fitted to each size.
Each time is the best of ``--repeat`` runs. "x Pillow" divides a method's 1024² time (2 levels) by
the time of Pillow's ``Image.convert("1")`` (Floyd–Steinberg in C) on the same picture, measured
in the same run; the 4-level and linear-light columns show what those options cost.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

import numpy as np
from _photos import sample
from PIL import Image

from lightsart._pictures.dither import DITHER_METHODS, dither
from lightsart._pictures.image import fit_to_board, read_gray

SIDES = (1024, 100)


def picture(side: int) -> np.ndarray:
    path = sample("astronaut.png")
    if path is not None:
        return fit_to_board(read_gray(path), side, side, "cover")
    yy, xx = np.mgrid[0:side, 0:side] / side
    return 0.5 + 0.45 * np.sin(7 * xx + 3 * yy) * np.cos(5 * yy)


def best_of(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    big, small = (picture(side) for side in SIDES)
    as_pillow = Image.fromarray(np.rint(big * 255).astype(np.uint8))
    pillow = best_of(args.repeat, lambda: as_pillow.convert("1"))
    dither(small, "blue-noise")  # load the mask once, outside the timings

    print(f"{'method':22s} {'1024² s':>9s} {'x Pillow':>9s} {'4 levels s':>11s} "
          f"{'linear s':>9s} {'100² ms':>8s}")
    print(f"{'Pillow convert(1)':22s} {pillow:9.4f} {1:9.1f}")
    for name in DITHER_METHODS:
        two = best_of(args.repeat, partial(dither, big, name))
        four = best_of(args.repeat, partial(dither, big, name, states=4))
        linear = best_of(args.repeat, partial(dither, big, name, linear=True))
        tiny = best_of(args.repeat, partial(dither, small, name))
        print(f"{name:22s} {two:9.3f} {two / pillow:9.1f} {four:11.3f} {linear:9.3f} {tiny * 1e3:8.2f}")


if __name__ == "__main__":
    main()
