"""``lightsart video``: stability, likeness, clicks, speed, memory and size, per clip and mode.

Makes the test clips (``scripts/make_test_clips.py``: 240 pixels wide, 24 fps, with sound) and
measures, in one run:

* **quality** at the issue's 48x35 board, on every frame: cells changing per frame, the
  structure score (:func:`lightsart._pictures.likeness.structure_score`) as a ratio to Pillow's
  ``convert("1")`` of the same frame, and the eye-filtered error (RMS of the board minus the
  frame, both blurred by a Gaussian of 0.8 cell; the frame stretched 1st..99th percentile to
  0..1), for both modes and for the baselines: per-frame Floyd–Steinberg and blue noise (with the
  still pictures' auto tone), a fixed ordered mask (Bayer 8x8) on the untoned frames, Pillow;
* **speed and size** end to end (``lightsart video CLIP -o OUT.mp4``, default board, one
  process per run, start-up included): clip seconds per wall second, and per CPU second of the
  run and its ffmpeg processes together (what one core would need; less sensitive to a busy
  machine), beside plain ffmpeg re-encoding the same clip (libx264, the same preset and CRF),
  peak memory (the run's maximum resident set, ffmpeg's own processes not counted), the MP4's
  bytes; and the same on a clip four times as long, to show memory stays flat.

    python benchmarks/bench_video.py [--seconds 4] [--quick]
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
BOARD = (48, 35)


def _clips_module() -> Any:
    spec = importlib.util.spec_from_file_location("make_test_clips",
                                                  ROOT / "scripts" / "make_test_clips.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _frames(clip: Path) -> tuple[list[np.ndarray], float]:
    from lightsart._pictures.image import fit_to_board
    from lightsart._video.clip import decode_size, probe, read_frames

    info = probe(str(clip))
    fps = min(info.fps, 30.0)
    grays = read_frames(info, decode_size(info, BOARD), fps, 0.0, None)
    return [fit_to_board(g, *BOARD, "cover") for g in grays], fps


def _eye_error(board: np.ndarray, frame: np.ndarray) -> float:
    from lightsart._video.refine import _blur, _kernel

    low, high = np.percentile(frame, [1.0, 99.0])
    picture = np.clip((frame - low) / max(high - low, 1e-9), 0.0, 1.0)
    blurred = _blur(board.astype(np.float64) - picture, _kernel(0.8))
    return float(np.sqrt(np.mean(blurred**2)))


def _pillow(frame: np.ndarray) -> np.ndarray:
    picture = Image.fromarray(np.round(frame * 255).astype(np.uint8)).convert("1")
    return (np.asarray(picture) > 0).astype(np.uint8)


def _baselines(frames: list[np.ndarray]) -> dict[str, list[np.ndarray]]:
    from lightsart._pictures.dither import dither
    from lightsart._pictures.tone import apply_tone

    return {
        "per-frame Floyd–Steinberg": [dither(apply_tone(f), "floyd-steinberg") for f in frames],
        "per-frame blue noise": [dither(apply_tone(f), "blue-noise") for f in frames],
        "fixed Bayer mask, untoned": [dither(f, "bayer") for f in frames],
        'Pillow convert("1")': [_pillow(f) for f in frames],
    }


def _ours(clip: Path, mode: str, folder: Path) -> tuple[list[np.ndarray], list[int]]:
    from lightsart._settings import Look, Pictures
    from lightsart._video.film import Filming, make_film

    result = make_film(str(clip), None, frames_dir=str(folder), pictures=Pictures(size=BOARD),
                       look=Look(cell=1), filming=Filming(mode=mode))  # type: ignore[arg-type]
    boards = [(np.asarray(Image.open(p).convert("L")) // 255).astype(np.uint8)
              for p in sorted(folder.glob("frame_*.png"))]
    return boards, list(result.clicks_per_frame)


def quality(clip: Path, work: Path) -> list[dict[str, Any]]:
    """Per method: cells changing per frame, structure ratio to Pillow, eye error, clicks."""
    from lightsart._pictures.likeness import structure_score

    frames, _ = _frames(clip)
    pillow = np.mean([structure_score(_pillow(f), f) for f in frames])
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
                  "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime}))
"""


def speed(clip: Path, mode: str, work: Path) -> dict[str, Any]:
    """End to end at the default board: clip seconds per wall second, peak memory, bytes."""
    out = work / f"{clip.stem}-{mode}.mp4"
    done = subprocess.run([sys.executable, "-c", _RUN, "video", str(clip), "-o", str(out),
                           "--mode", mode, "-q"], capture_output=True, check=True, text=True,
                          cwd=ROOT)
    run = json.loads(done.stdout.strip().splitlines()[-1])
    from lightsart._video.clip import probe

    seconds = probe(str(clip)).duration or 0.0
    return {"clip": clip.stem, "mode": mode, "speed": seconds / run["wall"],
            "cpu_speed": seconds / run["cpu"],
            "peak_mb": run["peak_mb"], "bytes": out.stat().st_size, "seconds": seconds}


def ffmpeg_floor(clip: Path, work: Path) -> float:
    """Clip seconds per wall second of plain ffmpeg re-encoding the clip (libx264, as ours;
    ffmpeg's own threads, so it is the floor no Python pipeline beats)."""
    from lightsart._output.writers import MP4_CRF
    from lightsart._video.clip import ffmpeg_exe, probe

    begun = time.perf_counter()
    subprocess.run([ffmpeg_exe(), "-v", "error", "-y", "-i", str(clip), "-c:v", "libx264",
                    "-preset", "medium", "-crf", str(MP4_CRF), "-c:a", "aac",
                    str(work / "floor.mp4")], check=True)
    return (probe(str(clip)).duration or 0.0) / (time.perf_counter() - begun)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--quick", action="store_true", help="one clip only")
    args = parser.parse_args()
    clips_module = _clips_module()
    names = ("slow_pan",) if args.quick else clips_module.CLIPS
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        clips = clips_module.make_clips(work / "clips", seconds=args.seconds, names=names)
        print(f"quality at {BOARD[0]}x{BOARD[1]} (structure: ratio to Pillow's convert('1'))")
        print("| clip | method | cells changing per frame | structure | eye error | clicks "
              "per frame |")
        print("|---|---|---|---|---|---|")
        for clip in clips.values():
            for row in quality(clip, work):
                clicks = "" if row["clicks"] is None else f"{row['clicks']:.0f}"
                print(f"| {row['clip']} | {row['method']} | {100 * row['changed']:.2f} % | "
                      f"{row['structure']:.3f} | {row['error']:.4f} | {clicks} |", flush=True)
        print("\nend to end at the default board, MP4 with sound")
        print("| clip | mode | clip-s per wall-s | clip-s per CPU-s | plain ffmpeg (wall) | "
              "peak memory | file |")
        print("|---|---|---|---|---|---|---|")
        for clip in clips.values():
            floor = ffmpeg_floor(clip, work)
            for mode in ("boards", "play"):
                s = speed(clip, mode, work)
                print(f"| {clip.stem} | {mode} | {s['speed']:.2f} | {s['cpu_speed']:.2f} | "
                      f"{floor:.1f} | {s['peak_mb']:.0f} MB | {s['bytes'] / 1024:.0f} KB |",
                      flush=True)
        long = clips_module.make_clips(work / "long", seconds=4 * args.seconds,
                                       names=("pan_zoom",))["pan_zoom"]
        for mode in ("boards", "play"):
            s = speed(long, mode, work)
            print(f"| pan_zoom x4 ({s['seconds']:.0f} s) | {mode} | {s['speed']:.2f} | "
                  f"{s['cpu_speed']:.2f} | | {s['peak_mb']:.0f} MB | {s['bytes'] / 1024:.0f} KB |",
                  flush=True)


if __name__ == "__main__":
    main()
