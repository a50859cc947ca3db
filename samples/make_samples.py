"""Make the bundled sample pictures from scikit-image's public-domain / CC0 photographs.

The sources ship with scikit-image (``skimage/data``; the ``test`` extra installs it); this script
reads them from the installed package (or from a wheel given on the command line), crops each to a square
around its subject, resizes it to 256 x 256 and writes PNGs here (colour ones with a 256-colour
palette, which keeps each file to a few tens of KB). Nothing else: no contrast, levels or gamma, so
the samples are the photographs as they come and the README's first command shows what lightsart's
own tone stage does with them. Square pictures share one default board, so any two of them animate
without ``--size``.

    python samples/make_samples.py            # from the installed scikit-image
    python samples/make_samples.py WHEEL.whl  # or from a downloaded wheel

Provenance and licences: samples/README.md.
"""

from __future__ import annotations

import argparse
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps

HERE = Path(__file__).resolve().parent
SIDE = 256


@dataclass(frozen=True)
class Sample:
    name: str  # file written here
    source: str  # file inside skimage/data
    box: tuple[int, int, int, int] | None  # square crop (left, upper, right, lower); None: pad


SAMPLES = (
    Sample("astronaut.png", "astronaut.png", (120, 0, 380, 260)),
    Sample("cat.png", "chelsea.png", (10, 0, 310, 300)),
    Sample("coffee.png", "coffee.png", (90, 0, 490, 400)),
    Sample("photographer.png", "camera.png", None),
    Sample("horse.png", "horse.png", None),
)


def make(sample: Sample, data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as opened:
        img = opened.convert("RGBA") if opened.mode in ("RGBA", "LA", "P") else opened.copy()
    if img.mode == "RGBA":
        # Flatten on white: the samples are for looking at, and lightsart composites on white too.
        white = Image.new("RGBA", img.size, (255, 255, 255, 255))
        img = Image.alpha_composite(white, img).convert("RGB")
    if sample.box is not None:
        img = img.crop(sample.box)
    else:
        img = ImageOps.pad(img, (max(img.size),) * 2, color="white")
    return img.resize((SIDE, SIDE), Image.Resampling.LANCZOS)


def _is_grey(img: Image.Image) -> bool:
    r, g, b = img.split()
    return r.tobytes() == g.tobytes() == b.tobytes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", nargs="?",
                        help="scikit-image wheel (default: the installed scikit-image's data folder)")
    args = parser.parse_args()
    if args.wheel:
        with zipfile.ZipFile(args.wheel) as wheel:
            sources = {s.source: wheel.read(f"skimage/data/{s.source}") for s in SAMPLES}
    else:
        import skimage

        folder = Path(skimage.__file__).parent / "data"
        sources = {s.source: (folder / s.source).read_bytes() for s in SAMPLES}
    for sample in SAMPLES:
        img = make(sample, sources[sample.source])
        out = HERE / sample.name
        if img.mode == "RGB" and _is_grey(img):
            img = img.convert("L")
        elif img.mode == "RGB":
            img = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        img.save(out, optimize=True)
        print(f"{out.name}: {img.mode} {img.width}x{img.height}, {out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
