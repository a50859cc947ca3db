"""Side-by-side contact sheets of photos as boards, to choose the picture defaults by eye.

Run:  python scripts/make_photo_sheets.py -o docs/photos-a.png PHOTO [PHOTO ...]
      [--columns default,150,200,tone-none,blue-noise,states-4] [--tile 300]

One row per photo: the photo itself (grey, cropped as the board crops it) and then one tile per
column, each the reachable board ``lightsart still`` makes with those options (the exact engine,
through :func:`lightsart._pipeline.fit_pictures`), every tile drawn at the same width on the sheet
(whole pixels per cell, so a 200-cell board has smaller cells than a 100-cell one: what the same
print size looks like). Under each board ``m``: its brightness after a one-cell blur / the
photo's; ``v``: its likeness at viewing scale (:func:`lightsart._pictures.likeness.viewing_score`,
what the hint line of ``still`` reads), ``b``: the toned picture's busyness
(:func:`lightsart._pictures.likeness.busyness`, the hint's other reading) and ``x``: its
structure score as a ratio to that of Pillow's ``convert("1")`` (as
``benchmarks/bench_pictures.py`` reports it).

Columns: ``default`` (what ``still`` does with no options); ``pillow`` (Pillow's
``convert("1")`` of the photo at the default's size); ``old`` (``still``'s default in another
lightsart, the source tree given by ``--old-tree``: e.g. ``git archive db4431d lightsart | tar -x
-C /tmp/old`` for 0.2's default, 100 or 150 cells and the tone that pulled photos to mid-grey);
a number (that long side, else the defaults); ``tone-none``; ``lcX`` / ``shX`` (tone auto with
local contrast or sharpening ``X``); a dithering method's name; ``states-N``; ``NNN+column`` is
that column at long side ``NNN``.
Nothing here is a dependency of lightsart: the photos may come from anywhere
(scikit-image's data folder, desktop wallpaper packages).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from lightsart._pictures.image import fit_to_board, read_for_board, read_gray
from lightsart._pictures.likeness import busyness, structure_score, viewing_score
from lightsart._pictures.tone import Tone


@dataclass(frozen=True)
class Column:
    label: str
    long_side: int | None = None
    dither: str | None = None
    tone: Tone | None = None
    states: int | None = None  # None: the default (lightsart._boardsize.default_states)


def parse_column(text: str) -> Column:
    """A column named as the module docstring says (``NNN+`` before any other name sets the size
    too, e.g. ``100+lc0``)."""
    size, plus, rest = text.partition("+")
    if plus and size.isdigit():
        named = parse_column(rest)
        return Column(f"--size {size} {named.label}", int(size), named.dither, named.tone,
                      named.states)
    if text in ("default", "pillow", "old"):
        return Column(text)
    if text == "tone-none":
        return Column(text, tone=Tone.none())
    if text.startswith("lc"):  # tone auto with another local contrast (CLAHE clip limit)
        return Column(f"local contrast {text[2:]}", tone=Tone(local_contrast=float(text[2:])))
    if text.startswith("sh"):  # tone auto with another sharpening amount
        return Column(f"sharpen {text[2:]}", tone=Tone(sharpen=float(text[2:])))
    if text.startswith("states-"):
        return Column(f"--states {text[7:]}", states=int(text[7:]))
    if text.isdigit():
        return Column(f"--size {text}", int(text))
    return Column(text, dither=text)


def board_for(path: Path, column: Column) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The reachable board ``still`` makes for ``column`` (level indices), the fitted grey,
    the toned grey it was dithered from and the board's states."""
    from lightsart._pipeline import fit_pictures

    size = None
    if column.long_side is not None:
        from lightsart._pictures.image import choose_size

        g = read_gray(path)
        width, height = choose_size(g.shape[1] / g.shape[0], column.long_side)
        size = (height, width)  # a size as the jobs take it: (rows, columns)
    kwargs = {} if column.dither is None else {"dither": column.dither}
    (picture,) = fit_pictures([str(path)], size, tone=column.tone, states=column.states, **kwargs)
    board = picture.fit.board
    gray, _ = read_for_board(path, (board.shape[1], board.shape[0]))
    fitted = fit_to_board(gray, board.shape[1], board.shape[0])
    return board, fitted, fitted if picture.grey is None else picture.grey, picture.fit.states


_OLD = """
import sys, numpy as np
from lightsart._pipeline import fit_pictures
(picture,) = fit_pictures([sys.argv[1]], None)
np.savez(sys.argv[2], board=picture.fit.board, fitted=picture.fitted, grey=picture.grey,
         states=getattr(picture.fit, "states", 2))
"""


def old_board(path: Path, tree: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """``still``'s default board and fitted picture in the lightsart at ``tree`` (a fresh process)."""
    import os
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "old.npz"
        subprocess.run([sys.executable, "-c", _OLD, str(path), str(out)], check=True,
                       env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tmp)
        with np.load(out) as saved:
            return saved["board"], saved["fitted"], saved["grey"], int(saved["states"])


def pillow_board(fitted: np.ndarray) -> np.ndarray:
    """Pillow's ``convert("1")`` (Floyd–Steinberg in C) of the fitted photo, as 0/1 cells."""
    grey = Image.fromarray(np.round(fitted * 255).astype(np.uint8))
    return (np.asarray(grey.convert("1"), dtype=np.uint8) > 0).astype(np.uint8)


def pillow_ratio(board: np.ndarray, fitted: np.ndarray) -> float:
    return structure_score(board, fitted) / structure_score(pillow_board(fitted), fitted)


def mean_seen(board: np.ndarray, states: int) -> float:
    """The board's mean brightness after a one-cell blur (what a viewer sees), 0 black .. 1 white."""
    from lightsart._pictures.tone import gaussian_blur

    return float(gaussian_blur(board.astype(np.float64) / (states - 1), 1.0).mean())


def drawn(board: np.ndarray, states: int, tile: int) -> Image.Image:
    """The board at whole pixels per cell, about ``tile`` pixels wide."""
    cell = max(1, tile // board.shape[1])
    values = (board.astype(np.float64) * 255 / (states - 1)).round().astype(np.uint8)
    return Image.fromarray(np.kron(values, np.ones((cell, cell), np.uint8)))


def row_images(path: Path, columns: list[Column], tile: int, old_tree: Path | None = None
               ) -> list[tuple[str, Image.Image]]:
    images: list[tuple[str, Image.Image]] = []
    first: np.ndarray | None = None
    default: tuple[np.ndarray, np.ndarray, np.ndarray, int] | None = None
    for column in columns:
        if column.label == "pillow":  # at the default's size
            default = default or board_for(path, Column("default"))
            board, fitted, grey, states = pillow_board(default[1]), default[1], default[1], 2
        elif column.label == "old":
            if old_tree is None:
                raise SystemExit("the old column needs --old-tree DIR")
            board, fitted, grey, states = old_board(path, old_tree)
        else:
            board, fitted, grey, states = board_for(path, column)
        if first is None:
            first = board
            photo = read_gray(path)
            # The photo as the board crops it, at the tile's width.
            height = round(tile * board.shape[0] / board.shape[1])
            crop = fit_to_board(photo, tile, height)
            images.append((f"{path.stem[:22]}", Image.fromarray((crop * 255).astype(np.uint8))))
        words = f"{column.label} {board.shape[1]}x{board.shape[0]}"
        if column.label == "default":
            words += f" k{states}"
        if states == 2:
            # v: the likeness the hint line reads; x: the ratio bench_pictures.py reports
            words += (f" v{viewing_score(board, fitted):.3f} b{busyness(grey):.2f}"
                      f" x{pillow_ratio(board, fitted):.2f}")
        words += f" m{mean_seen(board, states):.2f}/{fitted.mean():.2f}"
        images.append((words, drawn(board, states, tile)))
    return images


def sheet(rows: list[list[tuple[str, Image.Image]]], tile: int) -> Image.Image:
    """The rows under each other, each as tall as its tallest picture, every tile ``tile`` wide."""
    label_h, gap = 12, 4
    heights = [max(img.height for _, img in row) + label_h + gap for row in rows]
    cols = max(len(r) for r in rows)
    out = Image.new("L", (cols * (tile + gap) + gap, sum(heights) + gap), 128)
    draw = ImageDraw.Draw(out)
    font = ImageFont.load_default()
    y = gap
    for row, height in zip(rows, heights, strict=True):
        for c, (label, img) in enumerate(row):
            x = gap + c * (tile + gap)
            draw.text((x, y), label, fill=255, font=font)
            out.paste(img, (x, y + label_h))
        y += height
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("photos", nargs="+", type=Path)
    parser.add_argument("-o", "--output", type=Path, required=True)
    parser.add_argument("--columns", default="default,150,200,tone-none,blue-noise,states-4")
    parser.add_argument("--tile", type=int, default=600, help="tile width in pixels")
    parser.add_argument("--old-tree", type=Path, help="another lightsart's source tree, for the old column")
    args = parser.parse_args(argv)
    columns = [parse_column(c) for c in args.columns.split(",")]
    rows = []
    for path in args.photos:
        rows.append(row_images(path, columns, args.tile, args.old_tree))
        print(f"{path.name}: " + "; ".join(label for label, _ in rows[-1][1:]), file=sys.stderr)
    image = sheet(rows, args.tile)
    if args.output.suffix.lower() in (".jpg", ".jpeg"):
        image.save(args.output, quality=80)
    else:
        image.save(args.output, optimize=True)
    print(f"wrote {args.output} ({args.output.stat().st_size // 1024} KB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
