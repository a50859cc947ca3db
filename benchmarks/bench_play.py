"""Play mode on a slow pan: how the chasing board looks and flickers, against per-frame dithering.

Run:  python benchmarks/bench_play.py [--frames 60] [--png DIR]

Clips: three photos from scikit-image (a motorcycle, the astronaut, a coffee cup), panned left to
right by a fifth of a cell per frame (each frame area-averaged from its exact sub-pixel window, so
the pan is smooth), on a 48x35 board and on the default 100x73 one. Every frame is toned with the
image stage's ``Tone()``. Methods, each frame:

* ``pillow``: Pillow's ``convert("1")`` (Floyd–Steinberg in C) of the fitted frame: the baseline;
* ``fs``: lightsart's Floyd–Steinberg of the toned frame;
* ``greedy N``: from the previous board, at most N clicks, each lowering the count of cells that
  differ from the Floyd–Steinberg target (non-interacting rounds, most improving first);
* ``play N``: :func:`lightsart._video.play.play_step` with ``max_clicks=N`` (``s0``: with
  ``settle=0``, every improving move taken).

The chasing methods start from the all-lit board with one unlimited step on frame 0 (so the film
is one game from the all-lit board); frames 1.. are measured. Columns: ``score``: mean over frames of
:func:`~lightsart._pictures.likeness.structure_score` (against the fitted frame) divided by Pillow's
on the same frame (``min`` the worst frame); ``change``: mean percent of cells that differ from the
previous frame; ``clicks``: mean clicks per frame; ``ms``: mean CPU milliseconds per step. Pillow and
Floyd–Steinberg boards are not reachable Lights Out boards; they are the look to match. Last, per
board and N, a cut from one pan to another: how many frames the board takes to look like the
new picture again, and the slowest step.

Measured with the compiled step (two cores shared with other work, so the ms are rough; means
over the three pans; play mode's default ``settle`` 0.01; in brackets the vector rounds it
replaced, measured in the same hour)::

    board   method      score          worst          change%        clicks        ms            cut
    48x35   pillow      1.000          1.000          31.6           -             0.07
            fs          1.014          0.977          25.0           -             0.48
            greedy 150  0.731          0.604          26.5           134.1         3.8
            play 50     0.960 (0.958)  0.909 (0.917)  7.07 (7.13)    42.9 (42.1)   0.67 (3.3)    2 / 4 (2 / 4)
            play 150    0.963 (0.962)  0.914 (0.911)  7.52 (7.10)    46.9 (43.1)   0.76 (3.7)    0 / 1 (0 / 1)
            play 300    0.963 (0.962)  0.914 (0.911)  7.52 (7.10)    46.9 (43.1)   0.70 (3.7)    0 / 0 (0 / 0)
    100x73  pillow      1.000          1.000          34.5           -             0.17
            fs          1.034          1.010          26.2           -             1.4
            greedy 150  0.704          0.653          10.2           150.0         3.1
            play 50     0.883 (0.885)  0.835 (0.841)  2.60 (2.72)    50.0 (50.0)   2.8 (3.2)     11/24 (same)
            play 100    0.938 (0.943)  0.906 (0.915)  4.33 (4.52)    99.8 (99.5)   2.9 (4.7)     5 / 7 (5/8)
            play 150    0.954 (0.956)  0.932 (0.933)  5.38 (5.47)    136.8 (134.2) 2.8 (6.5)     3 / 5 (3 / 5)
            play 300    0.959 (0.961)  0.932 (0.940)  5.91 (5.67)    157.5 (147.3) 2.9 (7.7)     1 / 2 (1 / 2)

The last column is the cut: frames after it until the board scores 0.8x and 0.9x Pillow again.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from _photos import pillow_dots  # benchmarks/ is on sys.path when run as a script
from PIL import Image

from lightsart._pictures.dither import dither
from lightsart._pictures.likeness import structure_score
from lightsart._pictures.tone import Tone, apply_tone
from lightsart._rules import Rules
from lightsart._video.play import SETTLE, play_step

CLICKS = (50, 100, 150, 300)
Step = Callable[[np.ndarray, np.ndarray, np.ndarray], tuple[np.ndarray, int]]


def clip(name: str, width: int, height: int, frames: int) -> list[np.ndarray]:
    """``frames`` board-sized frames of a pan over a scikit-image photo, 1/5 cell per frame."""
    import skimage

    img = Image.open(Path(skimage.__file__).parent / "data" / name).convert("L")
    window_h = img.height * 0.5
    cell = window_h / height
    top = (img.height - window_h) / 2
    out = []
    for f in range(frames):
        left = 10 + f * cell / 5
        box = (left, top, left + width * cell, top + window_h)
        small = img.resize((width, height), Image.Resampling.BOX, box=box)
        out.append(np.asarray(small, dtype=np.float64) / 255.0)
    return out


def greedy_step(board: np.ndarray, goal: np.ndarray, budget: int) -> tuple[np.ndarray, int]:
    """Plus-pattern clicks that each lower the number of cells differing from ``goal`` (plane)."""
    b = board.copy()
    used = 0
    m, n = b.shape
    while used < budget:
        wrong = np.pad((b != goal).astype(np.int64), 1)
        # A click flips its five cells: wrong ones become right and right ones wrong.
        w = (wrong[1:-1, 1:-1] + wrong[:-2, 1:-1] + wrong[2:, 1:-1] + wrong[1:-1, :-2] + wrong[1:-1, 2:])
        inside = np.pad(np.ones((m, n), np.int64), 1)
        cells = (inside[1:-1, 1:-1] + inside[:-2, 1:-1] + inside[2:, 1:-1] + inside[1:-1, :-2]
                 + inside[1:-1, 2:])
        gain = 2 * w - cells + np.random.default_rng(used).random((m, n)) * 0.1
        best = np.lib.stride_tricks.sliding_window_view(np.pad(gain, 2, constant_values=-9), (5, 5)).max(
            axis=(-1, -2))
        chosen = np.flatnonzero((gain >= best) & (gain > 0.5))
        chosen = chosen[np.argsort(-gain.ravel()[chosen])][: budget - used]
        if chosen.size == 0:
            break
        x = np.zeros(m * n, np.uint8)
        x[chosen] = 1
        x2 = np.pad(x.reshape(m, n), 1)
        b ^= x2[1:-1, 1:-1] ^ x2[:-2, 1:-1] ^ x2[2:, 1:-1] ^ x2[1:-1, :-2] ^ x2[1:-1, 2:]
        used += chosen.size
    return b, used


def methods(rules: Rules) -> dict[str, tuple[Step, int | None]]:
    """name -> (step(previous board, fitted, toned) -> (board, clicks), clicks per frame or None)."""
    found: dict[str, tuple[Step, int | None]] = {
        "pillow": (lambda b, f, t: (pillow_dots(f), 0), None),
        "fs": (lambda b, f, t: (dither(t, "floyd-steinberg"), 0), None),
    }
    for n in (150,):
        found[f"greedy {n}"] = (
            lambda b, f, t, n=n: greedy_step(b, dither(t, "floyd-steinberg"), n), n)  # type: ignore[misc]
    for n, settle in [(n, SETTLE) for n in CLICKS] + [(150, 0.0)]:
        def play(b: np.ndarray, f: np.ndarray, t: np.ndarray, n: int = n, settle: float = settle
                 ) -> tuple[np.ndarray, int]:
            step = play_step(b, t, rules, max_clicks=n, settle=settle)
            return step.board, step.clicks
        found[f"play {n}" + ("" if settle == SETTLE else f" s{settle:g}")] = (play, n)
    return found


def run(frames: list[np.ndarray], keep: dict[str, list[np.ndarray]] | None) -> dict[str, list[float]]:
    m, n = frames[0].shape
    rules = Rules(m, n)
    toned = [apply_tone(f, Tone()) for f in frames]
    base = [structure_score(pillow_dots(f), f) for f in frames]
    rows: dict[str, list[float]] = {}
    for name, (step, budget) in methods(rules).items():
        board = np.ones((m, n), np.uint8)
        if budget is not None:  # one unlimited step on frame 0: the film starts from a picture
            board, _ = _first(name, board, toned[0], rules)
        ratios, changes, clicks, times = [], [], [], []
        boards = [board]
        for f in range(1, len(frames)):
            start = time.process_time()  # CPU time: the machine may be shared
            new, used = step(board, frames[f], toned[f])
            times.append(time.process_time() - start)
            ratios.append(structure_score(new, frames[f]) / base[f])
            changes.append(float((new != board).mean()))
            clicks.append(used)
            board = new
            boards.append(board)
        if keep is not None:
            keep[name] = boards
        rows[name] = [float(np.mean(ratios)), float(np.min(ratios)), 100 * float(np.mean(changes)),
                      float(np.mean(clicks)), 1000 * float(np.mean(times))]
    return rows


def _first(name: str, board: np.ndarray, toned: np.ndarray, rules: Rules) -> tuple[np.ndarray, int]:
    if name.startswith("greedy"):
        return greedy_step(board, dither(toned, "floyd-steinberg"), rules.cells)
    step = play_step(board, toned, rules, max_clicks=rules.cells)
    return step.board, step.clicks


def strip(frames: list[np.ndarray], keep: dict[str, list[np.ndarray]], path: Path, scale: int = 6) -> None:
    """Rows: the fitted frame, then each method's board; columns: every 15th frame."""
    picks = list(range(1, len(frames), 15))
    rows = [[frames[p] for p in picks]] + [[keep[k][p] for p in picks] for k in keep]
    gap = 2
    m, n = frames[0].shape
    sheet = np.full((len(rows) * (m * scale + gap), len(picks) * (n * scale + gap)), 128, np.uint8)
    for r, row in enumerate(rows):
        for c, a in enumerate(row):
            block = np.kron(np.round(np.asarray(a, np.float64) * 255), np.ones((scale, scale)))
            y, x = r * (m * scale + gap), c * (n * scale + gap)
            sheet[y:y + m * scale, x:x + n * scale] = block.astype(np.uint8)
    Image.fromarray(sheet).save(path)


def cut(width: int, height: int) -> None:
    """A cut from one pan to another: frames until the board is back to 0.8x and 0.9x Pillow."""
    frames = clip("motorcycle_left.png", width, height, 10) + clip("coffee.png", width, height, 30)
    toned = [apply_tone(f, Tone()) for f in frames]
    base = [structure_score(pillow_dots(f), f) for f in frames]
    rules = Rules(height, width)
    print(f"\ncut at {width}x{height}: frames after the cut until the score is back to 0.8x / 0.9x Pillow")
    for n in CLICKS:
        board, _ = _first("play", np.ones((height, width), np.uint8), toned[0], rules)
        ratios, times = [], []
        for f in range(1, len(frames)):
            start = time.process_time()
            board = play_step(board, toned[f], rules, max_clicks=n).board
            times.append(time.process_time() - start)
            ratios.append(structure_score(board, frames[f]) / base[f])
        after = ratios[9:]
        back = [next((i for i, r in enumerate(after) if r >= level), None) for level in (0.8, 0.9)]
        print(f"play {n:<4} {back[0]!s:>3} / {back[1]!s:<3} slowest step {1000 * max(times):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--png", type=Path, default=None, help="write comparison strips here")
    args = parser.parse_args()
    for width, height in ((48, 35), (100, 73)):
        print(f"\nboard {width}x{height}, pan of 1/5 cell per frame, {args.frames} frames")
        print(f"{'clip':12} {'method':12} {'score':>6} {'min':>6} {'change%':>8} {'clicks':>7} {'ms':>7}")
        totals: dict[str, list[list[float]]] = {}
        for photo in ("motorcycle_left.png", "astronaut.png", "coffee.png"):
            frames = clip(photo, width, height, args.frames)
            keep: dict[str, list[np.ndarray]] | None = {} if args.png else None
            for name, row in run(frames, keep).items():
                totals.setdefault(name, []).append(row)
                print(f"{photo.split('.')[0][:12]:12} {name:12} {row[0]:6.3f} {row[1]:6.3f} {row[2]:8.2f} "
                      f"{row[3]:7.1f} {row[4]:7.2f}")
            if args.png is not None and keep is not None:
                args.png.mkdir(parents=True, exist_ok=True)
                strip(frames, keep, args.png / f"{photo.split('.')[0]}_{width}x{height}.png")
        for name, rows in totals.items():
            mean = np.mean(rows, axis=0)
            print(f"{'mean':12} {name:12} {mean[0]:6.3f} {np.min(np.array(rows)[:, 1]):6.3f} {mean[2]:8.2f} "
                  f"{mean[3]:7.1f} {mean[4]:7.2f}")
        cut(width, height)


if __name__ == "__main__":
    main()
