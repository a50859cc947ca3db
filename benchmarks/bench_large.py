"""Large boards end to end: `still` at 512..4096 a side, before and after, in one run.

Run:  python benchmarks/bench_large.py [--sides 512 1024 2048 4096] [--before REV]
                                       [--photo samples/astronaut.png] [--time-limit 1]

Each run is a fresh child process (so its peak resident memory is its own), fitting the photo
with the default settings through :func:`lightsart.make_still` (1.0's settings, or the
keywords it took before), and printing the board's
nullity, wrong pixels, clicks, the seconds of the fit (the searches the time limit bounds) and of
the whole command, and the peak memory. *before* runs the code of git revision ``REV`` (default:
the engine before it was bit-packed) from a temporary export, under a 6 GB address-space cap so
that a run that would exhaust the machine fails fast; *after* runs this checkout. The same seed
is run twice after, to show the answer does not change from run to run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from _photos import ROOT  # benchmarks/ is on sys.path when run as a script

#: The last revision whose exact engine held the quiet patterns densely.
BEFORE = "715459e"
#: Address space a *before* run may take (bytes).
CAP = 6 << 30

CHILD = r"""
import json, resource, sys, time
side, photo, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
limit, cap = float(sys.argv[4]), int(sys.argv[5])
if cap:
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
start = time.perf_counter()
try:
    import lightsart
    if not hasattr(lightsart, "Pictures"):  # before 1.0: keywords
        r = lightsart.make_still(photo, out, size=(side, side), time_limit=limit)
    else:
        r = lightsart.make_still(photo, out, pictures=lightsart.Pictures(size=(side, side)),
                                 solving=lightsart.Solving(time_limit=limit))
    f = r.picture.fit
    row = {"nullity": r.nullity, "wrong": f.wrong_pixels, "clicks": f.clicks_count,
           "fit_s": f.seconds, "cut": bool(getattr(f, "cut_short", False))}
except MemoryError:
    row = {"error": "out of memory"}
row["total_s"] = time.perf_counter() - start
row["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(row))
"""


def export(rev: str, into: Path) -> Path:
    """The package at ``rev``, unpacked under ``into``."""
    data = subprocess.run(["git", "archive", rev, "lightsart"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def run(code_root: Path, side: int, photo: Path, limit: float, cap: int) -> dict[str, object]:
    """One child run of ``still``; its JSON row."""
    env = {**os.environ, "PYTHONPATH": str(code_root)}
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(side), str(photo), f"{tmp}/out.png", str(limit),
             str(cap)],
            env=env, cwd=tmp, capture_output=True, text=True, timeout=900, check=False,
        )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return {"error": last[:60]}
    row: dict[str, object] = json.loads(lines[-1])
    return row


def show(name: str, side: int, row: dict[str, object]) -> None:
    if "error" in row:
        print(f"{side:>5} {name:>7}  {row['error']}", flush=True)
        return
    print(f"{side:>5} {name:>7} {row['nullity']:>5} {row['wrong']:>6} {row['clicks']:>9} "
          f"{row['fit_s']:>6.2f} {row['total_s']:>7.2f} {row['peak_mb']:>8.0f} "
          f"{'yes' if row.get('cut') else 'no':>4}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=[512, 1024, 2048, 4096])
    parser.add_argument("--before", default=BEFORE, help="git revision run as 'before'")
    parser.add_argument("--photo", type=Path, default=ROOT / "samples" / "astronaut.png")
    parser.add_argument("--time-limit", type=float, default=1.0)
    args = parser.parse_args()
    print(f"{args.photo.name}, default settings, --time-limit {args.time_limit:g}, seed 0")
    print(f"{'side':>5} {'run':>7} {'d':>5} {'wrong':>6} {'clicks':>9} {'fit s':>6} "
          f"{'total s':>7} {'peak MB':>8} {'cut':>4}")
    with tempfile.TemporaryDirectory() as tmp:
        old = export(args.before, Path(tmp))
        for side in args.sides:
            show("before", side, run(old, side, args.photo, args.time_limit, CAP))
            first = run(ROOT, side, args.photo, args.time_limit, 0)
            show("after", side, first)
            again = run(ROOT, side, args.photo, args.time_limit, 0)
            same = all(first.get(k) == again.get(k) for k in ("wrong", "clicks"))
            show("again", side, again)
            print(f"{'':>5} {'':>7}  same answer twice: {'yes' if same else 'NO'}", flush=True)


if __name__ == "__main__":
    main()
