"""The picture stage's cost at large boards: tone, dither and pixel costs, before and after issue 11.

Run:  python benchmarks/bench_picture_stage.py [--sides 256,1024,2048,4096] [--repeat 1]
                                                [--photo astronaut.png]

Each stage runs in a fresh process on its input (the photo fitted to a ``side`` x ``side`` board,
then toned, then dithered), as ``lightsart still`` meets it: lazy imports (scikit-image, scipy,
numba) and numba's start from its on-disk cache count in the stage's time. "all" runs the three
stages in one process (imports and numba's start paid once, as in ``lightsart still``); "sum"
adds the three separate stages. Times are the best of ``--repeat`` processes.

Peak memory is the peak resident size during the stage over the resident size before it (input
already loaded; Linux's ``clear_refs`` resets the peak). On this project's test machines (virtual
machines) touching fresh memory costs 0.4-0.8 s per 100 MB the first time, so memory shows in time.

"before" is the code path of lightsart before issue 11, kept here: scikit-image's
``equalize_adapthist`` and ``filters.gaussian`` for the tone, the row-by-row Python loop for
Floyd–Steinberg, and the costs formula on float copies. Both paths run in this one run,
alternating, so the ratios compare like with like on a busy machine; "same" says whether the two
outputs are equal to the last bit.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _photos import sample

STAGES = ("tone", "dither", "costs", "all")
VARIANTS = ("before", "after")


# ----------------------------------------------------------------------------- the code before


def tone_before(gray: np.ndarray) -> np.ndarray:
    """``apply_tone(gray, Tone())`` as lightsart had it: scikit-image for CLAHE and the blur."""
    from skimage.exposure import equalize_adapthist
    from skimage.filters import gaussian

    low, high = np.percentile(gray, (1.0, 99.0))
    g = np.clip((gray - low) / (high - low), 0.0, 1.0)
    rows, cols = g.shape
    tile = max(8, min(rows, cols) // 4)
    equalised = equalize_adapthist(g, kernel_size=(min(tile, rows), min(tile, cols)), clip_limit=0.02)
    weight = np.clip(np.minimum(g, 1.0 - g) / 0.1, 0.0, 1.0)
    g = g + weight * (equalised - g)
    blurred = gaussian(g, sigma=1.0, mode="nearest", preserve_range=True)
    g = np.clip(g + 0.5 * (g - blurred), 0.0, 1.0)
    return np.clip(g, 0.0, 1.0)


def dither_before(toned: np.ndarray) -> np.ndarray:
    from lightsart._pictures import dither as dithering

    dithering.COMPILED_FROM = sys.maxsize  # the row-by-row Python loop at every size
    return dithering.dither(toned, "floyd-steinberg")


def costs_before(bits: np.ndarray, toned: np.ndarray) -> np.ndarray:
    b = np.asarray(bits, dtype=np.float64)
    return 0.1 + np.maximum(0.0, (2.0 * b - 1.0) * (2.0 * toned - 1.0))


def run_stage(stage: str, variant: str, folder: Path) -> dict[str, float]:
    """Run one stage on its saved input in this process; save its output; time and memory."""
    from lightsart._pictures.costs import pixel_costs
    from lightsart._pictures.dither import dither
    from lightsart._pictures.tone import Tone, apply_tone

    before = variant == "before"
    if stage == "all":  # the three in one process, as lightsart still runs them
        args: tuple[np.ndarray, ...] = (np.load(folder / "fitted.npy"),)

        def run(g: np.ndarray) -> np.ndarray:
            toned = tone_before(g) if before else apply_tone(g, Tone())
            bits = dither_before(toned) if before else dither(toned, "floyd-steinberg")
            costs = costs_before(bits, toned) if before else pixel_costs(bits, toned)
            assert costs is not None
            return costs
    elif stage == "tone":
        args = (np.load(folder / "fitted.npy"),)
        run = tone_before if before else lambda g: apply_tone(g, Tone())
    elif stage == "dither":
        args = (np.load(folder / "toned.npy"),)
        run = dither_before if before else lambda g: dither(g, "floyd-steinberg")
    else:
        args = (np.load(folder / "bits.npy"), np.load(folder / "toned.npy"))
        run = costs_before if before else pixel_costs
    resident = reset_peak()
    start = time.perf_counter()
    out = run(*args)
    seconds = time.perf_counter() - start
    grown = peak_kb() - resident
    np.save(folder / f"{stage}-{variant}.npy", out)
    return {"seconds": seconds, "peak_mb": grown / 1024}


def reset_peak() -> int:
    """Reset the peak resident size where Linux allows it; the resident size now (kB)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return status_kb("VmRSS")
    except OSError:  # elsewhere: growth of the lifetime peak
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def peak_kb() -> int:
    try:
        return status_kb("VmHWM")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise OSError(f"no {field} in /proc/self/status")


# ----------------------------------------------------------------------------- driver


def prepare(folder: Path, side: int, photo: str) -> None:
    """The fitted picture, and each stage's input as today's code makes it."""
    from lightsart._pictures.dither import dither
    from lightsart._pictures.image import fit_to_board, read_gray
    from lightsart._pictures.tone import apply_tone

    path = sample(photo)
    if path is not None:
        fitted = fit_to_board(read_gray(path), side, side, "cover")
    else:
        yy, xx = np.mgrid[0:side, 0:side] / side
        fitted = 0.5 + 0.45 * np.sin(7 * xx + 3 * yy) * np.cos(5 * yy)
    toned = apply_tone(fitted)
    np.save(folder / "fitted.npy", fitted)
    np.save(folder / "toned.npy", toned)
    np.save(folder / "bits.npy", dither(toned))


def in_fresh_process(stage: str, variant: str, folder: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--child", stage, variant, str(folder)],
                         capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", default="256,1024,2048,4096")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--photo", default="astronaut.png")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        stage, variant, folder = args.child
        print(json.dumps(run_stage(stage, variant, Path(folder))))
        return

    print(f"{'side':>5s} {'stage':7s} {'before s':>9s} {'after s':>8s} {'speed-up':>8s} "
          f"{'before MB':>9s} {'after MB':>8s}  same")
    for side in (int(s) for s in args.sides.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            prepare(folder, side, args.photo)
            totals = dict.fromkeys(VARIANTS, 0.0)
            for stage in STAGES:
                best: dict[str, dict[str, float]] = {}
                for _ in range(args.repeat):
                    for variant in VARIANTS:  # alternate, so both meet the same machine load
                        r = in_fresh_process(stage, variant, folder)
                        if variant not in best or r["seconds"] < best[variant]["seconds"]:
                            best[variant] = r
                same = np.array_equal(np.load(folder / f"{stage}-before.npy"),
                                      np.load(folder / f"{stage}-after.npy"))
                b, a = best["before"], best["after"]
                for variant in VARIANTS:
                    totals[variant] += best[variant]["seconds"] if stage != "all" else 0.0
                print(f"{side:5d} {stage:7s} {b['seconds']:9.3f} {a['seconds']:8.3f} "
                      f"{b['seconds'] / a['seconds']:7.1f}x {b['peak_mb']:9.0f} {a['peak_mb']:8.0f}  "
                      f"{'yes' if same else 'NO'}", flush=True)
            print(f"{side:5d} {'sum':7s} {totals['before']:9.3f} {totals['after']:8.3f} "
                  f"{totals['before'] / totals['after']:7.1f}x", flush=True)


if __name__ == "__main__":
    main()
