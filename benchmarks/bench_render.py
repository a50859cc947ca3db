"""Rendering and streaming writers: time and peak memory for long click-by-click animations.

Run:  python benchmarks/bench_render.py [--sizes 1000 5000] [--formats gif mp4 frames]

A 100x100 board at cell 4 (400x400 pixels) takes random single clicks, one frame per click
(0.04 s each) between two 1-second holds. Each case runs in a fresh subprocess so that ru_maxrss
(the process's lifetime peak) belongs to that case alone. Printed per case: wall time, frames per
second, output size, Python's peak allocation (tracemalloc), the process's peak resident memory
(ru_maxrss) and ffmpeg's (the children's ru_maxrss). Memory should be flat in the frame count.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from lightsart._output.render import RenderStyle, render
from lightsart._output.writers import write_frames, write_gif, write_mp4
from lightsart._types import Frame

SIDE = 100
CELL = 4


def click_frames(clicks: int, seed: int = 0) -> Iterator[Frame]:
    """All-lit board, then ``clicks`` random single clicks, generated lazily (no list)."""
    rng = np.random.default_rng(seed)
    board = np.ones((SIDE, SIDE), np.uint8)
    yield Frame(board, 1.0)
    for _ in range(clicks):
        i, j = (int(v) for v in rng.integers(0, SIDE, 2))
        board = board.copy()
        board[max(i - 1, 0) : i + 2, j] ^= 1
        board[i, max(j - 1, 0) : j + 2] ^= 1
        board[i, j] ^= 1  # toggled three times above: once net, like its four neighbours
        yield Frame(board, 0.04)
    yield Frame(board, 1.0)


def run_case(fmt: str, clicks: int) -> dict[str, float]:
    style = RenderStyle(cell=CELL)
    tracemalloc.start()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"bench.{fmt}"
        if fmt == "gif":
            written = write_gif(click_frames(clicks), out, style)
        elif fmt == "mp4":
            written = write_mp4(click_frames(clicks), out, style, fps=25)
        else:
            written = write_frames(click_frames(clicks), Path(folder) / "frames", style)
        seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "seconds": seconds,
        "frames": written.frames,
        "bytes": written.bytes,
        "traced_peak_mb": peak / 2**20,
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "ffmpeg_maxrss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }


def render_rate(kind: str, repeats: int = 300) -> float:
    board = np.random.default_rng(1).integers(0, 2, (SIDE, SIDE)).astype(np.uint8)
    style = RenderStyle(cell=CELL, kind=kind)  # type: ignore[arg-type]
    render(board, style)  # build the sprites once
    start = time.perf_counter()
    for _ in range(repeats):
        render(board, style)
    return repeats / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--formats", nargs="+", default=["gif", "mp4"],
                        choices=["gif", "mp4", "frames"])
    parser.add_argument("--case", nargs=2, metavar=("FORMAT", "CLICKS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case[0], int(args.case[1]))))
        return
    for kind in ("pixels", "lights"):
        print(f"render {SIDE}x{SIDE} board at cell {CELL} ({kind}): "
              f"{render_rate(kind):.0f} frames/s")
    print(f"{'format':>6} {'frames':>6} {'time s':>7} {'fps':>6} {'file KB':>8} "
          f"{'traced MB':>9} {'maxrss MB':>9} {'ffmpeg MB':>9}")
    results: dict[tuple[str, int], dict[str, float]] = {}
    for fmt in args.formats:
        for clicks in args.sizes:
            done = subprocess.run(
                [sys.executable, __file__, "--case", fmt, str(clicks)],
                check=True, capture_output=True, text=True,
            )
            r = json.loads(done.stdout.strip().splitlines()[-1])
            results[fmt, clicks] = r
            print(f"{fmt:>6} {int(r['frames']):>6} {r['seconds']:>7.2f} "
                  f"{r['frames'] / r['seconds']:>6.0f} {r['bytes'] / 1024:>8.1f} "
                  f"{r['traced_peak_mb']:>9.2f} {r['maxrss_mb']:>9.1f} {r['ffmpeg_maxrss_mb']:>9.1f}")
    if len(args.sizes) >= 2:
        small, large = min(args.sizes), max(args.sizes)
        for fmt in args.formats:
            a, b = results[fmt, small], results[fmt, large]
            print(f"{fmt}: {large} vs {small} frames: traced peak x"
                  f"{b['traced_peak_mb'] / a['traced_peak_mb']:.2f}, "
                  f"maxrss x{b['maxrss_mb'] / a['maxrss_mb']:.2f}")


if __name__ == "__main__":
    main()
