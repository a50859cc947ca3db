"""Colour boards against Pillow's quantize, per photo: colour error, luminance structure, time.

Run:  python benchmarks/bench_colour.py [--side 120] [--states 4] [--limit N] FOLDER_OR_PHOTO ...

Each photo (every picture in each FOLDER, its name says which set: e.g. ``tune`` and
``heldout``) is fitted to the board ``still --size SIDE`` chooses, in colour (the reference:
the photo at board size, no tone). Three pictures of ``K`` colours on that board:

* **lightsart**: ``make_still(photo, pictures=Pictures(size=SIDE, palette="auto:K"))`` (tone
  auto, Floyd-Steinberg in OKLab, the exact engine), each cell drawn in its state's colour;
* **lightsart, tone none**: the same without the tone stage (the tone stage moves lightness on
  purpose, which a colour error against the untoned photo counts against it);
* **Pillow**: ``Image.quantize(K, dither=Image.Dither.FLOYDSTEINBERG)`` of the reference.

Scores, each after a one-cell Gaussian blur of picture and reference (what a viewer resolves):
**dE**, the mean ΔE in OKLab (lower is better), and **structure**, the structure term of SSIM on
luminance (:func:`lightsart.structure_score`, higher is better); each printed as a ratio to
Pillow's on the same photo (dE ratio below 1 and structure ratio above 1 favour lightsart), and
the seconds of each (lightsart's whole job, decode included, against Pillow's quantize alone).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np
from PIL import Image

from lightsart import Pictures, Tone, make_still, structure_score
from lightsart._pictures.colour import fit_colour, luminance
from lightsart._pictures.image import read_for_board
from lightsart._pictures.palettes import srgb_to_oklab
from lightsart._pictures.tone import gaussian_blur

SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff")


def blurred(rgb: np.ndarray) -> np.ndarray:
    return np.stack([gaussian_blur(rgb[..., c], 1.0) for c in range(3)], axis=-1)


def scores(rgb: np.ndarray, reference: np.ndarray) -> tuple[float, float]:
    """Mean ΔE_OK and luminance structure of ``rgb`` against ``reference``, both blurred."""
    a, b = blurred(rgb), blurred(reference)
    delta = float(np.linalg.norm(srgb_to_oklab(a) - srgb_to_oklab(b), axis=-1).mean())
    return delta, structure_score(luminance(rgb), luminance(reference))


def drawn(result: object) -> np.ndarray:
    palette = np.array(result.palette.colours, dtype=np.float64) / 255.0  # type: ignore[attr-defined]
    return palette[result.picture.fit.board]  # type: ignore[attr-defined,no-any-return]


def measure(photo: Path, side: int, states: int) -> dict[str, float]:
    start = time.perf_counter()
    result = make_still(photo, pictures=Pictures(size=side, palette=f"auto:{states}"))
    ours_seconds = time.perf_counter() - start
    plain = make_still(photo, pictures=Pictures(size=side, palette=f"auto:{states}",
                                                tone=Tone.none()))
    rgb, (width, height) = read_for_board(photo, side, colour=True)
    reference = fit_colour(rgb, width, height, "cover")
    start = time.perf_counter()
    quantized = Image.fromarray(np.rint(reference * 255).astype(np.uint8)).quantize(
        states, dither=Image.Dither.FLOYDSTEINBERG).convert("RGB")
    pillow_seconds = time.perf_counter() - start
    pillow = np.asarray(quantized, dtype=np.float64) / 255.0
    ours, flat, theirs = (scores(p, reference) for p in (drawn(result), drawn(plain), pillow))
    return {"dE": ours[0] / theirs[0], "dE none": flat[0] / theirs[0],
            "structure": ours[1] / theirs[1], "structure none": flat[1] / theirs[1],
            "pillow dE": theirs[0], "seconds": ours_seconds, "pillow seconds": pillow_seconds,
            "wrong": result.picture.fit.wrong_pixels}


def photos(paths: list[Path], limit: int | None) -> list[tuple[str, Path]]:
    found = []
    for path in paths:
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES)
            found += [(path.name, p) for p in files[:limit]]
        else:
            found.append((path.parent.name, path))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path, metavar="FOLDER_OR_PHOTO")
    parser.add_argument("--side", type=int, default=120, help="board cells on the long side")
    parser.add_argument("--states", type=int, default=4, help="colours (K)")
    parser.add_argument("--limit", type=int, help="photos per folder")
    args = parser.parse_args()
    rows: dict[str, list[dict[str, float]]] = {}
    print(f"K = {args.states}, {args.side} cells on the long side; ratios lightsart / Pillow "
          "(dE: lower is better; structure: higher is better)")
    print(f"{'set':8} {'photo':40} {'dE':>6} {'dE none':>8} {'struct':>7} {'str none':>8} "
          f"{'Pillow dE':>9} {'s':>6} {'Pillow s':>8}")
    for group, photo in photos(args.paths, args.limit):
        row = measure(photo, args.side, args.states)
        rows.setdefault(group, []).append(row)
        print(f"{group:8} {photo.name[:40]:40} {row['dE']:6.2f} {row['dE none']:8.2f} "
              f"{row['structure']:7.2f} {row['structure none']:8.2f} {row['pillow dE']:9.4f} "
              f"{row['seconds']:6.2f} {row['pillow seconds']:8.4f}", flush=True)
    print("\nmedians per set (photos): dE, dE tone none, structure, structure tone none, "
          "seconds, Pillow seconds")
    for group, found in rows.items():
        med = {key: statistics.median(r[key] for r in found) for key in found[0]}
        better = sum(r["dE none"] < 1 for r in found)
        print(f"{group:8} ({len(found)}): dE {med['dE']:.2f}, dE none {med['dE none']:.2f} "
              f"(lower than Pillow's on {better}), structure {med['structure']:.2f}, "
              f"structure none {med['structure none']:.2f}, {med['seconds']:.2f} s against "
              f"{med['pillow seconds']:.4f} s")


if __name__ == "__main__":
    main()
