"""``lightsart video``: stability, likeness, clicks, speed, memory and size, per clip and mode.

Makes the test clips (``scripts/make_test_clips.py``: 240 pixels wide, 24 fps, with sound) and
measures, in one run:

* **quality** at the issue's 48x35 board, on every frame: cells changing per frame, the
  structure score (:func:`lightsart._pictures.likeness.structure_score`) as a ratio to Pillow's
  ``convert("1")`` of the same frame, and the eye-filtered error (RMS of the board minus the
  frame, both blurred by a Gaussian of 0.8 cell; the frame stretched 1st..99th percentile to
  0..1), for both modes and for the baselines: per-frame Floyd–Steinberg and blue noise (with the
  still pictures' auto tone), a fixed ordered mask (Bayer 8x8) on the untoned frames, Pillow;
* **speed** end to end on HD clips made from photos (``scripts/make_test_clips.py --photos``:
  a pan, a zoom, a hard cut, a cross-fade, a dark figure on a light wall, white text scrolling on
  black; 1280x720 by default, 20 s, 24 fps, with sound) from the folder ``--photos`` names (pass
  photos nobody tuned on; without one, the bundled ``samples/``): ``lightsart video CLIP -o
  OUT.mp4`` at the default board, one process per run, start-up included, in boards mode, play
  mode and boards mode with ``--states 4``: clip seconds per wall second and per CPU second (the
  run and its ffmpeg processes together: what one core would need, less sensitive to a busy
  machine), each also as a ratio to plain ffmpeg re-encoding the same clip (libx264, the same
  CRF, measured in the same run), peak memory (the run's maximum resident set, ffmpeg's own
  processes not counted) and the MP4's size.

``--width 1280 1920`` makes and runs a 720p and a 1080p clip; ``--clip FILE`` runs clips
already made (``make_test_clips.py --photos``) instead. ``--baseline DIR`` (another checkout of
lightsart, e.g. ``git worktree add /tmp/before main``) runs the same commands with that
checkout's code first, in the same run, and prints this checkout's speed as a ratio to it: on a
shared, busy machine only ratios measured side by side mean much. Peak memory is given for
lightsart and for its largest ffmpeg child.

    python benchmarks/bench_video.py [--photos DIR] [--width 1280 [1920]] [--hd-seconds 20]
                                     [--clip FILE ...] [--baseline DIR] [--seconds 4] [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from _photos import clips_module, pillow_dots  # benchmarks/ is on sys.path as a script
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
BOARD = (48, 35)


def _frames(clip: Path) -> tuple[list[np.ndarray], float]:
    from lightsart._pictures.image import fit_to_board
    from lightsart._video.clip import decode_size, probe, read_frames

    info = probe(str(clip))
    fps = min(info.fps, 30.0)
    grays = read_frames(info, decode_size(info, BOARD), fps, 0.0, None)
    return [fit_to_board(g, *BOARD, "cover") for g in grays], fps


def _eye_error(board: np.ndarray, frame: np.ndarray) -> float:
    from lightsart._video.refine import blur, gaussian

    low, high = np.percentile(frame, [1.0, 99.0])
    picture = np.clip((frame - low) / max(high - low, 1e-9), 0.0, 1.0)
    blurred = blur(board.astype(np.float64) - picture, gaussian(0.8))
    return float(np.sqrt(np.mean(blurred**2)))


def _baselines(frames: list[np.ndarray]) -> dict[str, list[np.ndarray]]:
    from lightsart._pictures.dither import dither
    from lightsart._pictures.tone import apply_tone

    return {
        "per-frame Floyd–Steinberg": [dither(apply_tone(f), "floyd-steinberg") for f in frames],
        "per-frame blue noise": [dither(apply_tone(f), "blue-noise") for f in frames],
        "fixed Bayer mask, untoned": [dither(f, "bayer") for f in frames],
        'Pillow convert("1")': [pillow_dots(f) for f in frames],
    }


def _ours(clip: Path, mode: str, folder: Path) -> tuple[list[np.ndarray], list[int]]:
    from lightsart._settings import Look, Pictures
    from lightsart._video.film import Filming, make_film

    size = f"{BOARD[0]}x{BOARD[1]}"  # BOARD is (columns, rows); a tuple size is (rows, columns)
    result = make_film(str(clip), None, frames_dir=str(folder), pictures=Pictures(size=size),
                       look=Look(cell=1), filming=Filming(mode=mode))  # type: ignore[arg-type]
    boards = [(np.asarray(Image.open(p).convert("L")) // 255).astype(np.uint8)
              for p in sorted(folder.glob("frame_*.png"))]
    return boards, list(result.clicks_per_frame)


def quality(clip: Path, work: Path) -> list[dict[str, Any]]:
    """Per method: cells changing per frame, structure ratio to Pillow, eye error, clicks."""
    from lightsart._pictures.likeness import structure_score

    frames, _ = _frames(clip)
    pillow = np.mean([structure_score(pillow_dots(f), f) for f in frames])
    methods: dict[str, tuple[list[np.ndarray], list[int] | None]] = {
        name: (boards, None) for name, boards in _baselines(frames).items()}
    for mode in ("boards", "play"):
        boards, clicks = _ours(clip, mode, work / f"{clip.stem}-{mode}")
        methods[f"lightsart video --mode {mode}"] = (boards, clicks)
    rows = []
    for name, (boards, clicks) in methods.items():
        assert len(boards) == len(frames), (name, len(boards), len(frames))
        rows.append({
            "clip": clip.stem, "method": name,
            "changed": float(np.mean([np.mean(a != b) for a, b in itertools.pairwise(boards)])),
            "structure": float(np.mean([structure_score(b, f) for b, f in
                                        zip(boards, frames, strict=True)]) / pillow),
            "error": float(np.mean([_eye_error(b, f) for b, f in zip(boards, frames,
                                                                     strict=True)])),
            "clicks": None if clicks is None else float(np.mean(clicks)),
        })
    return rows


_RUN = """
import json, resource, sys, time
from lightsart._cli import main
start = time.perf_counter()
code = main(sys.argv[1:])
wall = time.perf_counter() - start
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": code, "wall": wall, "peak_mb": me.ru_maxrss / 1024,
                  "ffmpeg_mb": kids.ru_maxrss / 1024,
                  "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime}))
"""

#: The runs timed: a name and the options beside ``-o OUT.mp4``.
MODES = (("boards", ()), ("play", ("--mode", "play")), ("boards, 4 states", ("--states", "4")))


def speed(clip: Path, options: tuple[str, ...], work: Path, code: Path = ROOT
          ) -> dict[str, Any]:
    """End to end at the default board, with the lightsart of checkout ``code``: clip seconds
    per wall and CPU second, memory (lightsart's and its largest ffmpeg's), bytes."""
    import os

    out = work / f"{clip.stem}-{len(options)}.mp4"
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run([sys.executable, "-c", _RUN, "video", str(clip), "-o", str(out),
                           *options, "-q"], capture_output=True, check=True, text=True, cwd=code,
                          env=env)
    run = json.loads(done.stdout.strip().splitlines()[-1])
    from lightsart._video.clip import probe

    seconds = probe(str(clip)).duration or 0.0
    return {"speed": seconds / run["wall"], "cpu_speed": seconds / run["cpu"],
            "peak_mb": run["peak_mb"], "ffmpeg_mb": run["ffmpeg_mb"],
            "bytes": out.stat().st_size, "seconds": seconds}


def ffmpeg_floor(clip: Path, work: Path) -> tuple[float, float]:
    """Clip seconds per wall second and per CPU second of plain ffmpeg re-encoding the clip
    (libx264 at lightsart's CRF, its default preset and threads, the sound as AAC)."""
    import resource

    from lightsart._output.writers import MP4_CRF
    from lightsart._video.clip import ffmpeg_exe, probe

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begun = time.perf_counter()
    subprocess.run([ffmpeg_exe(), "-v", "error", "-y", "-i", str(clip), "-c:v", "libx264",
                    "-crf", str(MP4_CRF), "-c:a", "aac", str(work / "floor.mp4")], check=True)
    wall = time.perf_counter() - begun
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    seconds = probe(str(clip)).duration or 0.0
    return seconds / wall, seconds / cpu


def speed_table(clip: Path, work: Path, baseline: Path | None = None) -> None:
    """Print each mode's speed on ``clip``, as a ratio to plain ffmpeg re-encoding it and, with
    a ``baseline`` checkout, to that checkout's speed measured just before."""
    from lightsart._video.clip import probe

    info = probe(str(clip))
    wall_floor, cpu_floor = ffmpeg_floor(clip, work)
    print(f"\n{clip.name}: {info.width}x{info.height}, {info.duration or 0:.0f} s; plain ffmpeg "
          f"re-encoding it: {wall_floor:.2f} clip-s per wall-s, {cpu_floor:.2f} per CPU-s")
    against = "" if baseline is None else " CPU, x baseline | wall, x baseline |"
    print("| mode | clip-s per wall-s | clip-s per CPU-s | wall, x ffmpeg | CPU, x ffmpeg |"
          f"{against} peak memory (ffmpeg) | file |")
    print("|---|---|---|---|---|" + ("---|---|" if baseline else "") + "---|---|")
    for name, options in MODES:
        ratio = ""
        if baseline is not None:
            before = speed(clip, options, work, baseline)
            s = speed(clip, options, work)
            ratio = (f" {s['cpu_speed'] / before['cpu_speed']:.2f} "
                     f"({before['cpu_speed']:.2f}) | {s['speed'] / before['speed']:.2f} |")
        else:
            s = speed(clip, options, work)
        print(f"| {name} | {s['speed']:.2f} | {s['cpu_speed']:.2f} | "
              f"{s['speed'] / wall_floor:.2f} | {s['cpu_speed'] / cpu_floor:.2f} |{ratio} "
              f"{s['peak_mb']:.0f} MB ({s['ffmpeg_mb']:.0f} MB) | {s['bytes'] / 1024:.0f} KB |",
              flush=True)


def hd_clip(photos: Path, width: int, seconds: float, work: Path) -> Path:
    """The issue's HD clip ``width`` pixels wide made from ``photos``, by a child process: this
    one stays small, so the timed runs (forked from it) report their own peak memory (Linux
    keeps the largest resident set across exec)."""
    made = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_test_clips.py"),
                           str(work / f"hd{width}"), "--photos", str(photos), "--width",
                           str(width), "--seconds", str(seconds)],
                          capture_output=True, text=True, check=True)
    return Path(made.stdout.strip().splitlines()[-1].split(": ", 1)[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=Path, default=ROOT / "samples",
                        help="the HD clip's photos (default: the bundled samples)")
    parser.add_argument("--width", type=int, nargs="+", default=[1280],
                        help="the HD clips' widths (1280 1920: a 720p and a 1080p clip)")
    parser.add_argument("--clip", type=Path, nargs="+", default=None,
                        help="run these clips instead of making them")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout of lightsart, timed in the same run")
    parser.add_argument("--hd-seconds", type=float, default=20.0, help="the HD clip's length")
    parser.add_argument("--seconds", type=float, default=4.0, help="the small clips' length")
    parser.add_argument("--quick", action="store_true", help="speed only (no quality table)")
    args = parser.parse_args()
    maker = clips_module()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if not args.quick:
            clips = maker.make_clips(work / "clips", seconds=args.seconds)
            print(f"quality at {BOARD[0]}x{BOARD[1]} (structure: ratio to Pillow's "
                  "convert('1'))")
            print("| clip | method | cells changing per frame | structure | eye error | clicks "
                  "per frame |")
            print("|---|---|---|---|---|---|")
            for clip in clips.values():
                for row in quality(clip, work):
                    clicks = "" if row["clicks"] is None else f"{row['clicks']:.0f}"
                    print(f"| {row['clip']} | {row['method']} | {100 * row['changed']:.2f} % | "
                          f"{row['structure']:.3f} | {row['error']:.4f} | {clicks} |",
                          flush=True)
        hd = args.clip or [hd_clip(args.photos, width, args.hd_seconds, work)
                           for width in args.width]
        for clip in hd:
            told = clip.with_suffix(".json")
            photos = (", ".join(json.loads(told.read_text())["photos"]) if told.exists()
                      else "not said")
            print(f"\nend to end at the default board, MP4 with sound; {clip.name}'s photos: "
                  f"{photos}" + ("" if args.baseline is None else
                                 f"; baseline: the checkout {args.baseline}"))
            speed_table(clip, work, args.baseline)


if __name__ == "__main__":
    main()
