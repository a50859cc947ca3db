"""Time the same commands under two checkouts of lightsart, alternating, in one run.

Usage::

    git worktree add --detach /tmp/base v0.2   # or any commit
    python benchmarks/bench_versions.py /tmp/base [--repeat 5]

Each command runs ``--repeat`` times under each checkout (``PYTHONPATH`` set to it), the two
alternating so that a change of load affects both alike. Printed per command: the median CPU
time of the child (user + system, which a busy machine disturbs less than the wall clock), the
median wall time, and the ratio new / base. ``lightsart --help`` measures the start-up.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--help", ("--help",)),
    ("README animate (default size GIF)", ("animate", "samples/astronaut.png", "samples/cat.png",
                                      "-o", "a.gif")),
    ("still 1024x1024", ("still", "samples/cat.png", "-o", "s.png", "--size", "1024")),
    ("still 128x128 (nullity 56)", ("still", "samples/astronaut.png", "-o", "s.png", "--size",
                                    "128")),
    ("still 4 states 64x64", ("still", "samples/cat.png", "-o", "s.png", "--states", "4",
                              "--size", "64")),
    ("still sigma torus 64", ("still", "samples/horse.png", "-o", "s.png", "--pattern", "sigma",
                              "--topology", "torus", "--size", "64")),
    ("animate 3 states 32", ("animate", "samples/astronaut.png", "samples/cat.png", "-o", "a.gif",
                             "--states", "3", "--size", "32")),
    ("solve 5x5 --explain", ("solve", "--state", "0x1ffffff", "--size", "5x5", "--explain")),
    ("solve 3 states", ("solve", "120/201/012", "--states", "3", "--explain")),
    ("census 5x5", ("census", "5x5")),
    ("table 31x31", ("table", "31x31")),
    ("play", ("play", "-o", "g.html")),
)


def run(checkout: Path, argv: tuple[str, ...], folder: Path) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one command under ``checkout``."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lightsart", *argv], cwd=folder, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", type=Path, help="the other checkout (its root folder)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'command':32} {'base cpu':>9} {'new cpu':>9} {'ratio':>6} {'base wall':>10} "
          f"{'new wall':>9}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "samples").symlink_to(ROOT / "samples")
        for name, argv in COMMANDS:
            times: dict[str, list[tuple[float, float]]] = {"base": [], "new": []}
            for _ in range(args.repeat):
                times["base"].append(run(args.base.resolve(), argv, folder))
                times["new"].append(run(ROOT, argv, folder))
            cpu = {k: statistics.median(t[0] for t in v) for k, v in times.items()}
            wall = {k: statistics.median(t[1] for t in v) for k, v in times.items()}
            print(f"{name:32} {cpu['base']:9.3f} {cpu['new']:9.3f} "
                  f"{cpu['new'] / cpu['base']:6.2f} {wall['base']:10.3f} {wall['new']:9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
