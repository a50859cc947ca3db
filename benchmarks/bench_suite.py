"""Run the benchmark suite under two checkouts of lightsart, one after the other, in one run.

Usage::

    git worktree add --detach /tmp/base 7491f32   # or any commit
    python benchmarks/bench_suite.py /tmp/base [--out /tmp/suite] [--only dither render]

Each benchmark script that both checkouts have runs with the light arguments of :data:`SUITE`,
first the base's copy under the base (``PYTHONPATH`` set to it), then this checkout's copy under
this checkout, so that the two see the same load. Printed per script: the CPU time of the child
(user + system, which a busy machine disturbs less than the wall clock) under each and the ratio
new / base, and how many lines of output the two runs share. Every output is kept in ``--out``
to compare the numbers a script prints (its own ratios against Pillow, CBC or the earlier
method). Scripts that plan their work from a time budget take the same time by design; for
them the printed quality is what to compare.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Script and the arguments that keep it to a minute or two (both checkouts accept them).
SUITE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bench_dither.py", ("--repeat", "3")),
    ("bench_render.py", ("--sizes", "1000", "--formats", "gif", "frames")),
    ("bench_picture_stage.py", ("--sides", "256,1024")),
    ("bench_census.py", ("--no-brute-force",)),
    ("bench_rules.py", ()),
    ("bench_modk.py", ()),
    ("bench_budget.py", ("--sides", "64", "128", "--budgets", "0.5", "1")),
    ("bench_decode.py", ("--sides", "128", "--seconds", "5", "--repeat", "1")),
    ("bench_engine.py", ("--seconds", "1")),
    ("bench_fewest.py", ("--sizes", "39", "47", "--seconds", "10", "--before-seconds", "10")),
    ("bench_large.py", ("--sides", "512", "1024")),
    ("bench_orders.py", ("--size", "64")),
    ("bench_animate.py", ()),
    ("bench_grey.py", ()),
    ("bench_grey_errors.py", ()),
    ("bench_grey_morph.py", ()),
    ("bench_decode_plateau.py", ("--side", "256", "--rounds", "100", "400", "--seeds", "1")),
    ("bench_pictures.py", ("--side", "64")),
    ("bench_ip.py", ("--quick",)),
)


@dataclass(frozen=True)
class Run:
    """One script under one checkout: CPU and wall seconds, exit status and its output."""

    cpu: float
    wall: float
    status: int
    output: str


def run(checkout: Path, script: str, args: tuple[str, ...], timeout: float) -> Run:
    """``script`` of ``checkout`` run under ``checkout``, from its folder."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, f"benchmarks/{script}", *args], cwd=checkout,
                              env=env, capture_output=True, text=True, timeout=timeout)
        status, output = done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as stopped:
        status, output = -1, f"timed out after {timeout:.0f} s\n{stopped.stdout or ''}"
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(cpu, wall, status, output if isinstance(output, str) else output.decode())


def shared_lines(a: str, b: str) -> float:
    """Share of the lines of ``a`` and ``b`` (as sets) that both print."""
    left, right = set(a.splitlines()), set(b.splitlines())
    return len(left & right) / max(1, len(left | right))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path, help="the other checkout (a git worktree)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/bench-suite"),
                        help="folder for every script's output (default /tmp/bench-suite)")
    parser.add_argument("--only", nargs="*", default=(), metavar="NAME",
                        help="only these scripts (e.g. dither render)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per script")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{'script':<24} {'base CPU s':>10} {'new CPU s':>10} {'new/base':>9} "
          f"{'same lines':>10}  status")
    for script, extra in SUITE:
        name = script.removeprefix("bench_").removesuffix(".py")
        if args.only and name not in args.only:
            continue
        if not (args.base / "benchmarks" / script).exists():
            print(f"{script:<24} (not in the base)")
            continue
        base = run(args.base.resolve(), script, extra, args.timeout)
        new = run(ROOT, script, extra, args.timeout)
        for label, result in (("base", base), ("new", new)):
            (args.out / f"{name}-{label}.txt").write_text(result.output)
        print(f"{script:<24} {base.cpu:10.1f} {new.cpu:10.1f} {new.cpu / max(base.cpu, 1e-9):9.2f} "
              f"{shared_lines(base.output, new.output):10.0%}  {base.status}/{new.status}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
