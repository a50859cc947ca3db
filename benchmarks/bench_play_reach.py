"""How far play mode's clicks can take a board: the limits behind its 2-state look.

Two measurements, both exact where they say so:

* **one cell alone**: the presses that toggle a single cell and nothing else, for every cell
  of the board (at nullity 0 the one solution of ``A x = e``); the fewest of them against play
  mode's default budget a frame (:func:`lightsart._video.film.default_clicks`). A lone stray
  dot cannot be cleared by fewer.
* **local search from a foreign start**: a board dithered from one photo (Pillow's
  ``convert("1")``, a good halftone) is played towards another with no budget limit, move by
  move while any lowers the eye's error, and its structure is compared with Pillow's of the
  new photo. ``play`` is play mode's own step (single clicks and neighbouring pairs);
  ``blocks-N`` tries every set of presses in every N x N block (``2**(N*N) - 1`` moves per
  anchor: N = 3 takes minutes), the best per anchor, non-interacting ones together, until none
  gains. A larger neighbourhood reaches further; none reaches a fresh halftone: the board's
  texture changes only by whole plus shapes.

    python benchmarks/bench_play_reach.py [--photos A B] [--board 100x56] [--blocks 2 3]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from _photos import pillow_dots  # benchmarks/ is on sys.path when run as a script
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent


def fitted(path: str, w: int, h: int) -> np.ndarray:
    picture = Image.open(path).convert("L")
    scale = max(w / picture.width, h / picture.height)
    size = (max(w, round(picture.width * scale)), max(h, round(picture.height * scale)))
    return np.asarray(picture.resize(size, Image.Resampling.LANCZOS).crop((0, 0, w, h)),
                      np.float64) / 255


def one_cell(w: int, h: int) -> tuple[int, int, int]:
    """The fewest, median and most presses that toggle one cell alone, over every cell."""
    from lightsart._core.algebra import algebra
    from lightsart._rules import Rules

    alg = algebra(Rules(h, w))
    if alg.nullity:
        raise SystemExit(f"{w}x{h} has nullity {alg.nullity}: pick a board of nullity 0")
    counts = []
    for cell in range(w * h):
        e = np.zeros(w * h, np.int64)
        e[cell] = 1
        x = np.asarray(alg.solve(e.reshape(h, w)))
        if not np.array_equal(alg.press(x).reshape(-1) % 2, e):  # checked by pressing
            raise AssertionError("a solution does not toggle its cell")
        counts.append(int(x.sum()))
    return min(counts), int(np.median(counts)), max(counts)


def by_play(board: np.ndarray, goal: np.ndarray) -> np.ndarray:
    from lightsart._rules import Rules
    from lightsart._video.play import play_step

    rules = Rules(*board.shape)
    for _ in range(100):
        step = play_step(board, goal, rules, max_clicks=board.size, settle=0.0)
        if step.clicks == 0:
            break
        board = step.board
    return board


def by_blocks(board: np.ndarray, goal: np.ndarray, n: int) -> np.ndarray:
    """Best-improvement search over every press set of every n x n block (2 states)."""
    from lightsart._core.algebra import reached
    from lightsart._rules import Rules
    from lightsart._video.play import _eye_kernel
    from lightsart._video.refine import blur

    rules = Rules(*board.shape)
    h, w = board.shape
    k1 = _eye_kernel(0.8)
    r = len(k1) // 2
    f = n + 2
    masks, presses = [], []
    for bits in range(1, 1 << (n * n)):
        m = np.zeros((f, f), np.int64)
        for q in range(n * n):
            if bits >> q & 1:
                i, j = divmod(q, n)
                for di, dj in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                    m[1 + i + di, 1 + j + dj] ^= 1
        masks.append(m.ravel())
        presses.append([bits >> q & 1 for q in range(n * n)])
    change, press = np.array(masks, np.float64), np.array(presses)
    cost = press.sum(axis=1)
    cells = [(i, j) for i in range(f) for j in range(f)]
    kk = np.array([[k1[min(abs(a - c), r) + r] * k1[min(abs(b - d), r) + r]
                    if abs(a - c) <= r and abs(b - d) <= r else 0.0
                    for (c, d) in cells] for (a, b) in cells])
    board = board.astype(np.int64)
    for _ in range(100):
        s = np.pad(blur(board - goal, k1), 1)
        padded, inside = np.pad(board, 1), np.pad(np.ones_like(board), 1)
        best = []
        for i in range(h - n + 1):
            def window(a: np.ndarray, i: int = i) -> np.ndarray:
                return np.stack([a[i + di, dj:dj + w - n + 1]
                                 for di in range(f) for dj in range(f)], 1)
            u = change[None] * ((1 - 2 * window(padded)) * window(inside))[:, None, :]
            gain = (2 * np.einsum("csf,cf->cs", u, window(s))
                    + np.einsum("csf,fg,csg->cs", u, kk, u)) / cost[None]
            pick = gain.argmin(axis=1)
            best += [(gain[j, pick[j]], i, j, pick[j]) for j in range(w - n + 1)]
        best.sort()
        taken = np.zeros(board.shape, bool)
        apart = n + 2 + 2 * r
        made = 0
        for value, i, j, which in best:
            if value >= 0:
                break
            if taken[max(0, i - apart):i + apart, max(0, j - apart):j + apart].any():
                continue
            taken[i, j] = True
            x = np.zeros(board.shape, np.int64)
            x[i:i + n, j:j + n] = press[which].reshape(n, n)
            board = reached(board.astype(np.uint8), x, rules).astype(np.int64)
            made += 1
        if not made:
            break
    return board.astype(np.uint8)


def main() -> None:
    from lightsart._pictures.likeness import structure_score
    from lightsart._video.film import default_clicks
    from lightsart._video.play import eye_error

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", nargs=2, default=[str(ROOT / "samples" / "astronaut.png"),
                                                      str(ROOT / "samples" / "coffee.png")])
    parser.add_argument("--board", default="100x56")
    parser.add_argument("--sizes", nargs="*", default=["100x56", "200x112"],
                        help="boards whose one-cell presses are counted")
    parser.add_argument("--blocks", type=int, nargs="*", default=[2])
    args = parser.parse_args()
    print("| board | presses to toggle one cell alone (fewest, median, most) | play mode's "
          "budget a frame |")
    print("|---|---|---|")
    for size in args.sizes:
        w, h = (int(v) for v in size.split("x"))
        low, mid, high = one_cell(w, h)
        print(f"| {size} | {low}, {mid}, {high} | {default_clicks(w, h)} |", flush=True)
    w, h = (int(v) for v in args.board.split("x"))
    start_photo, goal_photo = (fitted(p, w, h) for p in args.photos)
    start = pillow_dots(start_photo)
    score = structure_score(pillow_dots(goal_photo), goal_photo)
    print(f"\n{args.board}: from Pillow's halftone of {Path(args.photos[0]).name} towards "
          f"{Path(args.photos[1]).name}, no budget limit")
    print("| search | structure / Pillow's | eye error / Pillow's |")
    print("|---|---|---|")
    reference = eye_error(pillow_dots(goal_photo), goal_photo)
    searches = {"play (single clicks, neighbouring pairs)": lambda: by_play(start, goal_photo)}
    for n in args.blocks:
        searches[f"blocks-{n} (every press set of every {n}x{n} block)"] = (
            lambda n=n: by_blocks(start, goal_photo, n))
    searches["Pillow's halftone of the start, unchanged"] = lambda: start
    for name, run in searches.items():
        board = run()
        print(f"| {name} | {structure_score(board.astype(np.float64), goal_photo) / score:.2f} | "
              f"{eye_error(board, goal_photo) / reference:.2f} |", flush=True)


if __name__ == "__main__":
    main()
