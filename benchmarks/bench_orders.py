"""Click orders compared: speed (morph's bucket queue against a naive greedy) and how frames look.

Run:  python benchmarks/bench_orders.py [--pictures A.png B.png] [--size 100] [--png DIR]

Speed: seconds to order random click sets (about half the cells clicked) by raster, random and
morph, the naive O(K^2) greedy morph on the smaller boards with its ratio to the bucket queue, and
the seconds to make every frame of a 4-second, 25 fps animation.

Look: for one picture pair, per order, measured on the frames of the animation:
* noise: cells showing *neither* picture (differ from A and from B), mean % of the board;
* to B at 25/50/75%: the distance to B after a quarter, half, three quarters of the motion, as a
  % of the cells where A and B differ (100 = still A, 0 = already B).
With ``--png DIR`` each order's frames at 0, 20, ..., 100% are written side by side as a PNG.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from lightsart.animation import animate
from lightsart.core.board import apply_clicks, press
from lightsart.core.optimize import closest_board, transition

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def naive_morph(clicks: np.ndarray, ties: np.ndarray) -> np.ndarray:
    """Greedy recomputing every remaining click's gain each step (numpy over the whole board)."""
    m, n = clicks.shape
    wrong = press(clicks).astype(np.int64)
    real = np.ones((m, n), dtype=np.int64)

    def around(a: np.ndarray) -> np.ndarray:
        p = np.pad(a, 1)
        return p[1:-1, 1:-1] + p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]

    size = around(real)
    remaining = list(range(len(ties)))
    out = []
    for _ in range(len(ties)):
        gains = (2 * around(wrong) - size)[ties[remaining, 0], ties[remaining, 1]]
        k = int(np.argmax(gains))  # first maximum = earliest tie rank
        i = remaining.pop(k)
        r, c = ties[i]
        for a, b in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= a < m and 0 <= b < n:
                wrong[a, b] ^= 1
        out.append(i)
    return ties[out]


def speed() -> None:
    rng = np.random.default_rng(0)
    print("Ordering a random click set (about half the cells)")
    print(f"{'board':>9} {'clicks':>7} {'raster s':>9} {'random s':>9} {'morph s':>8} "
          f"{'naive s':>8} {'naive/morph':>11} {'frames s':>9}")
    for side in (40, 70, 200, 500):
        clicks = rng.integers(0, 2, (side, side), dtype=np.uint8)
        start = rng.integers(0, 2, (side, side), dtype=np.uint8)
        times = []
        for order in ("raster", "random", "morph"):
            t0 = time.perf_counter()
            got = animate.click_order(start, clicks, order, seed=0)
            times.append(time.perf_counter() - t0)
        naive = "-"
        ratio = "-"
        if side <= 70:
            t0 = time.perf_counter()
            reference = naive_morph(clicks, animate.random_order(clicks, 0))
            t_naive = time.perf_counter() - t0
            assert np.array_equal(reference, got), "bucket queue and naive greedy disagree"
            naive, ratio = f"{t_naive:.3f}", f"{t_naive / times[2]:.0f}x"
        t0 = time.perf_counter()
        count = sum(1 for _ in animate.frames(start, got, fps=25, duration=4, hold=1))
        t_frames = time.perf_counter() - t0
        assert count == 101
        print(f"{side}x{side:<5} {int(clicks.sum()):>7} {times[0]:>9.3f} {times[1]:>9.3f} "
              f"{times[2]:>8.3f} {naive:>8} {ratio:>11} {t_frames:>9.3f}")


def pictures(paths: list[Path], side: int) -> tuple[np.ndarray, np.ndarray, str]:
    """Two reachable boards: the closest boards to the pictures, or two drawn shapes."""
    if len(paths) == 2 and all(p.exists() for p in paths):
        from lightsart.pictures.image import load_target

        a, b = (closest_board(load_target(str(p), size=(side, side)).bits).board for p in paths)
        return a, b, f"{paths[0].stem} -> {paths[1].stem}"
    yy, xx = np.mgrid[0:side, 0:side] / side
    disk = ((xx - 0.5) ** 2 + (yy - 0.5) ** 2 > 0.35**2).astype(np.uint8)
    cross = ~((abs(xx - 0.5) < 0.1) | (abs(yy - 0.5) < 0.1)) & 1
    a, b = (closest_board(t.astype(np.uint8)).board for t in (disk, cross))
    return a, b, "disk -> cross"


def look(a: np.ndarray, b: np.ndarray, label: str, png: Path | None) -> None:
    clicks = transition(a, b).clicks
    assert np.array_equal(apply_clicks(a, clicks), b)
    differ = int((a ^ b).sum())
    print(f"\n{label}: {a.shape[1]}x{a.shape[0]}, {int(clicks.sum())} clicks, "
          f"{differ} cells differ; 101 frames (25 fps, 4 s)")
    print(f"{'order':>18} {'noise %':>8} {'to B 25%':>9} {'to B 50%':>9} {'to B 75%':>9}")
    strips = []
    for order, seed in (("raster", 0), ("random", 0), ("morph", 0), ("morph", None)):
        ordered = animate.click_order(a, clicks, order, seed=seed)
        boards = [f.board for f in animate.frames(a, ordered, fps=25, duration=4, hold=1)]
        noise = np.mean([((f != a) & (f != b)).mean() for f in boards]) * 100
        to_b = [100 * int((boards[k] ^ b).sum()) / differ for k in (25, 50, 75)]
        name = order + ("" if order != "morph" else " (raster ties)" if seed is None else "")
        print(f"{name:>18} {noise:>8.1f} {to_b[0]:>9.1f} {to_b[1]:>9.1f} {to_b[2]:>9.1f}")
        strips.append(np.concatenate(
            [np.pad(boards[k], 2) for k in range(0, len(boards), 20)], axis=1))
    if png is not None:
        from PIL import Image

        png.mkdir(parents=True, exist_ok=True)
        path = png / f"orders-{label.replace(' -> ', '-to-').replace(' ', '_')}.png"
        sheet = np.concatenate(strips, axis=0) * 255
        Image.fromarray(sheet.astype(np.uint8)).resize(
            (sheet.shape[1] * 2, sheet.shape[0] * 2), Image.Resampling.NEAREST).save(path)
        print(f"rows raster, random, morph, morph (raster ties): {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pictures", type=Path, nargs=2,
                        default=[SAMPLES / "astronaut.png", SAMPLES / "cat.png"])
    parser.add_argument("--size", type=int, default=100, help="board side (100: nullity 0)")
    parser.add_argument("--png", type=Path, help="write a sheet of frames per order here")
    args = parser.parse_args()
    speed()
    for paths in (args.pictures, []):
        a, b, label = pictures(paths, args.size)
        look(a, b, label, args.png)


if __name__ == "__main__":
    main()
