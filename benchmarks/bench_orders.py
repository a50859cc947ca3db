"""Click orders compared: speed of every order, and how much noise each shows mid-transition.

Run:  python benchmarks/bench_orders.py [--pictures A.png B.png] [--mask M.png] [--size 128]
      [--png DIR] [--skip-morph-speed]

Speed: seconds to order random click sets (about half the cells clicked) by raster, random and
morph, the naive O(K^2) greedy morph on the smaller boards with its ratio to the bucket queue, and
the seconds to make every frame of a 4-second, 25 fps animation; then every order on exactly
20,000 clicks (200x200), as a ratio to raster measured in the same run.

Look: for one picture pair and two drawn shapes, per order, after 25, 50 and 75 % of the clicks:
* noise: of the cells where A and B agree, the % showing *neither* picture (so differing from
  both): a clean transition keeps it to a thin front;
* to B: the distance to B as a % of the cells where A and B differ (100 = still A, 0 = B).
``light-to-dark`` reads picture B's toned grey, ``mask`` the ``--mask`` picture.
With ``--png DIR`` each order's boards at 25, 50 and 75 % are written side by side as a PNG.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

from lightsart._animation import animate, orders
from lightsart._core.board import apply_clicks
from lightsart._core.optimize import closest_board, transition
from lightsart._rules import press

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
            got = orders.click_order(start, clicks, order, seed=0)
            times.append(time.perf_counter() - t0)
        naive = "-"
        ratio = "-"
        if side <= 70:
            t0 = time.perf_counter()
            reference = naive_morph(clicks, orders.random_order(clicks, 0))
            t_naive = time.perf_counter() - t0
            assert np.array_equal(reference, got), "bucket queue and naive greedy disagree"
            naive, ratio = f"{t_naive:.3f}", f"{t_naive / times[2]:.0f}x"
        t0 = time.perf_counter()
        count = sum(1 for _ in animate.frames(start, got, fps=25, duration=4, hold=1))
        t_frames = time.perf_counter() - t0
        assert count == 101
        print(f"{side}x{side:<5} {int(clicks.sum()):>7} {times[0]:>9.3f} {times[1]:>9.3f} "
              f"{times[2]:>8.3f} {naive:>8} {ratio:>11} {t_frames:>9.3f}")


def speed_every_order(clicks_wanted: int = 20_000, side: int = 200) -> None:
    """Seconds to order ``clicks_wanted`` clicks on a ``side``-square board, per order."""
    rng = np.random.default_rng(1)
    clicks = np.zeros(side * side, np.uint8)
    clicks[rng.choice(side * side, clicks_wanted, replace=False)] = 1
    clicks = clicks.reshape(side, side)
    start = rng.integers(0, 2, (side, side), dtype=np.uint8)
    grey = rng.random((side, side))
    print(f"\nOrdering {clicks_wanted:,} clicks on {side}x{side} (best of 3; ratio to raster)")
    print(f"{'order':>14} {'seconds':>8} {'x raster':>9}")
    base = None
    for order in orders.ORDERS:
        best = math.inf
        for _ in range(3):
            t0 = time.perf_counter()
            got = orders.click_order(start, clicks, order, seed=0, picture=grey, mask=grey)
            best = min(best, time.perf_counter() - t0)
        assert len(got) == clicks_wanted
        base = best if base is None else base
        print(f"{order:>14} {best:>8.4f} {best / base:>8.1f}x")


def pictures(paths: list[Path], side: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, str]:
    """Two reachable boards and picture B's grey: the closest boards to the pictures (B's toned
    grey), or two drawn shapes (B's own cells as its grey)."""
    if len(paths) == 2 and all(p.exists() for p in paths):
        from lightsart._pictures.image import load_target

        ta, tb = (load_target(str(p), size=(side, side)) for p in paths)
        a, b = (closest_board(t.bits).board for t in (ta, tb))
        grey = tb.toned if tb.toned is not None else tb.gray
        return a, b, grey, f"{paths[0].stem} -> {paths[1].stem}"
    yy, xx = np.mgrid[0:side, 0:side] / side
    disk = ((xx - 0.5) ** 2 + (yy - 0.5) ** 2 > 0.35**2).astype(np.uint8)
    cross = ~((abs(xx - 0.5) < 0.1) | (abs(yy - 0.5) < 0.1)) & 1
    a, b = (closest_board(t.astype(np.uint8)).board for t in (disk, cross))
    return a, b, b.astype(np.float64), "disk -> cross"


def look(a: np.ndarray, b: np.ndarray, grey: np.ndarray, mask: np.ndarray, label: str,
         png: Path | None) -> None:
    """Per order, after 25, 50 and 75 % of the clicks: the noise share (of the cells where A and
    B agree, % showing neither) and the distance to B (% of the cells where they differ)."""
    clicks = transition(a, b).clicks
    assert np.array_equal(apply_clicks(a, clicks), b)
    differ = int((a ^ b).sum())
    agree = a == b
    print(f"\n{label}: {a.shape[1]}x{a.shape[0]}, {int(clicks.sum())} clicks, "
          f"{differ} cells differ, {int(agree.sum())} agree")
    print(f"{'order':>14} {'noise 25%':>9} {'noise 50%':>9} {'noise 75%':>9} "
          f"{'to B 25%':>9} {'to B 50%':>9} {'to B 75%':>9}")
    strips = []
    for order in orders.ORDERS:
        ordered = orders.click_order(a, clicks, order, seed=0, picture=grey, mask=mask)
        noise, to_b, shots = [], [], []
        for share in (0.25, 0.5, 0.75):
            done = np.zeros_like(clicks)
            part = ordered[: round(share * len(ordered))]
            done[part[:, 0], part[:, 1]] = 1
            frame = apply_clicks(a, done)
            noise.append(100 * float((frame[agree] != a[agree]).mean()))
            to_b.append(100 * int((frame ^ b).sum()) / differ)
            shots.append(np.pad(frame, 2))
        cells = " ".join(f"{v:>9.1f}" for v in noise + to_b)
        print(f"{order:>14} {cells}")
        strips.append(np.concatenate(shots, axis=1))
    if png is not None:
        from PIL import Image

        png.mkdir(parents=True, exist_ok=True)
        path = png / f"orders-{label.replace(' -> ', '-to-').replace(' ', '_')}.png"
        sheet = np.concatenate(strips, axis=0) * 255
        Image.fromarray(sheet.astype(np.uint8)).resize(
            (sheet.shape[1] * 2, sheet.shape[0] * 2), Image.Resampling.NEAREST).save(path)
        print(f"rows {', '.join(orders.ORDERS)}; columns 25, 50, 75 %: {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pictures", type=Path, nargs=2,
                        default=[SAMPLES / "astronaut.png", SAMPLES / "cat.png"])
    parser.add_argument("--mask", type=Path, default=SAMPLES / "horse.png",
                        help="grey picture for the mask order (default samples/horse.png)")
    parser.add_argument("--size", type=int, default=128, help="board side (default 128)")
    parser.add_argument("--png", type=Path, help="write a sheet of frames per order here")
    parser.add_argument("--skip-morph-speed", action="store_true",
                        help="skip the morph against naive greedy table (the slow part)")
    args = parser.parse_args()
    if not args.skip_morph_speed:
        speed()
    speed_every_order()
    from lightsart._pictures.image import fit_to_board, read_gray

    mask = fit_to_board(read_gray(args.mask), args.size, args.size, "cover")
    for paths in (args.pictures, []):
        a, b, grey, label = pictures(paths, args.size)
        look(a, b, grey, mask, label, args.png)


if __name__ == "__main__":
    main()
