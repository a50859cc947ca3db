"""Contact sheets of colour boards (issue 34): the photo, Pillow's quantize, lightsart's palettes.

Run:  python scripts/make_colour_sheets.py               # docs/colour-samples.png, colour-palettes.png
      python scripts/make_colour_sheets.py -o sheet.png --side 120 PHOTO [PHOTO ...]

``colour-samples.png``: one row per picture of ``samples/``: the photo fitted to the board in
colour (what every column is compared with), Pillow's ``quantize(4,
dither=Image.Dither.FLOYDSTEINBERG)`` of that fitted photo, ``still --palette auto:4`` (tone
auto, and tone none) and ``still --palette handheld`` (a named palette of four). Every board is
the reachable board the exact engine fits (``make_still``), each cell drawn in its state's colour
(one square per cell, as ``--style pixels`` draws it); under each tile its mean ΔE in OKLab after
a one-cell blur against the fitted photo (as ``benchmarks/bench_colour.py`` scores it).
``colour-palettes.png``: one picture in every named palette and in ``auto:K`` for K = 2, 3, 4,
8 and 16.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from lightsart import Pictures, Tone, make_still
from lightsart._pictures.colour import fit_colour
from lightsart._pictures.image import read_for_board
from lightsart._pictures.palettes import PALETTES, srgb_to_oklab
from lightsart._pictures.tone import gaussian_blur

ROOT = Path(__file__).resolve().parent.parent
LABEL = 16


def delta_e(rgb: np.ndarray, reference: np.ndarray) -> float:
    """Mean ΔE_OK after a one-cell blur of both (the benchmark's colour score)."""
    def blur(a: np.ndarray) -> np.ndarray:
        return np.stack([gaussian_blur(a[..., c], 1.0) for c in range(3)], axis=-1)

    return float(np.linalg.norm(srgb_to_oklab(blur(rgb)) - srgb_to_oklab(blur(reference)),
                                axis=-1).mean())


def board_colours(photo: Path, side: int, palette: str, tone: Tone | None = None) -> np.ndarray:
    result = make_still(photo, pictures=Pictures(size=side, palette=palette, tone=tone))
    assert result.palette is not None
    return np.array(result.palette.colours, dtype=np.float64)[result.picture.fit.board] / 255.0


def reference(photo: Path, side: int) -> np.ndarray:
    rgb, (width, height) = read_for_board(photo, side, colour=True)
    return fit_colour(rgb, width, height, "cover")


def pillow(fitted: np.ndarray, states: int) -> np.ndarray:
    image = Image.fromarray(np.rint(fitted * 255).astype(np.uint8))
    quantized = image.quantize(states, dither=Image.Dither.FLOYDSTEINBERG).convert("RGB")
    return np.asarray(quantized, dtype=np.float64) / 255.0


def sheet(rows: list[list[tuple[str, np.ndarray]]], cell: int, out: Path) -> None:
    """Tiles (label, RGB in [0, 1]) row by row, each cell ``cell`` pixels, labels above."""
    font = ImageFont.load_default(size=12)
    height = max(t.shape[0] for row in rows for _, t in row) * cell + LABEL
    width = max(sum(t.shape[1] * cell + 8 for _, t in row) for row in rows)
    canvas = Image.new("RGB", (width, height * len(rows)), "white")
    draw = ImageDraw.Draw(canvas)
    for r, row in enumerate(rows):
        x = 0
        for label, tile in row:
            big = np.kron(np.rint(tile * 255).astype(np.uint8), np.ones((cell, cell, 1), np.uint8))
            canvas.paste(Image.fromarray(big), (x, r * height + LABEL))
            draw.text((x + 2, r * height + 2), label, fill="black", font=font)
            x += tile.shape[1] * cell + 8
    canvas.save(out, optimize=True)
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


def samples_sheet(photos: list[Path], side: int, cell: int, out: Path) -> None:
    rows = []
    for photo in photos:
        fitted = reference(photo, side)
        tiles = [("photo", fitted), ("Pillow quantize 4", pillow(fitted, 4)),
                 ("auto:4", board_colours(photo, side, "auto:4")),
                 ("auto:4 tone none", board_colours(photo, side, "auto:4", Tone.none())),
                 ("handheld", board_colours(photo, side, "handheld"))]
        rows.append([(label if label == "photo" else f"{label}  dE {delta_e(t, fitted):.3f}", t)
                     for label, t in tiles])
    sheet(rows, cell, out)


def palettes_sheet(photo: Path, side: int, cell: int, out: Path) -> None:
    names = [*PALETTES.names(), "auto:2", "auto:3", "auto:4", "auto:8", "auto:16"]
    tiles = [(name, board_colours(photo, side, name)) for name in names]
    sheet([tiles[:6], tiles[6:]], cell, out)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photos", nargs="*", type=Path, metavar="PHOTO")
    parser.add_argument("-o", "--output", type=Path, help="the sheet (with PHOTO ...)")
    parser.add_argument("--side", type=int, default=100, help="board cells on the long side")
    parser.add_argument("--cell", type=int, default=3, help="sheet pixels per cell")
    args = parser.parse_args(argv)
    if args.photos:
        samples_sheet(args.photos, args.side, args.cell, args.output or Path("colour-sheet.png"))
        return 0
    samples = [ROOT / "samples" / f"{name}.png" for name in ("astronaut", "coffee", "horse", "cat")]
    samples_sheet(samples, args.side, args.cell, ROOT / "docs" / "colour-samples.png")
    palettes_sheet(ROOT / "samples" / "coffee.png", 80, args.cell, ROOT / "docs" / "colour-palettes.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
