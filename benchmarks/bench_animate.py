"""`lightsart animate` end to end on two photos at 128x128: time and peak memory, GIF and MP4.

Run:  python benchmarks/bench_animate.py

Each run is the real command, in a fresh process (so start-up and imports count), with
/usr/bin/time-style peak memory read from the child's resource usage. Target: under 10 s.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PHOTOS = [str(ROOT / "samples" / "astronaut.png"), str(ROOT / "samples" / "cat.png")]


def run(args: list[str]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "lightsart", *args], capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, max(peak, before) / 1024, out.stdout


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'command':<52} {'seconds':>8} {'peak MB':>8}")
        for size in ("100x100", "128x128"):
            for ext in ("gif", "mp4"):
                out = Path(tmp) / f"morph.{ext}"
                args = ["animate", *PHOTOS, "-o", str(out), "--size", size]
                elapsed, peak, text = run(args)
                clicks = [ln for ln in text.splitlines() if ln.startswith("transition")]
                label = f"animate astronaut cat --size {size} -o .{ext}"
                print(f"{label:<52} {elapsed:>8.2f} {peak:>8.0f}   {clicks[0]}, "
                      f"{out.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
