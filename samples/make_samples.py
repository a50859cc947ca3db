"""Make the bundled sample pictures from scikit-image's public-domain / CC0 photographs.

The sources ship inside the scikit-image wheel (``skimage/data``); this script reads them straight
from the wheel, crops each to a square around its subject, stretches its contrast (and darkens mid-tones
where a light subject needs it) (1-bit boards
need it: a dull photo dithers to an even grey texture), and writes 256 x 256 PNGs here (colour ones with a
256-colour palette, which keeps each file to a few tens of KB). Square
pictures share one default board, so any two of them animate without ``--size``.

    pip download --no-deps scikit-image==0.26.0 -d /tmp/skimage
    python samples/make_samples.py /tmp/skimage/scikit_image-0.26.0-*.whl

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
    cutoff: float  # percent of darkest and lightest pixels clipped by the contrast stretch
    gamma: float = 1.0  # > 1 darkens mid-tones (a light face then keeps its features at 1 bit)


SAMPLES = (
    Sample("astronaut.png", "astronaut.png", (120, 0, 380, 260), 1.0, gamma=1.5),
    Sample("cat.png", "chelsea.png", (10, 0, 310, 300), 2.0),
    Sample("coffee.png", "coffee.png", (90, 0, 490, 400), 1.0),
    Sample("photographer.png", "camera.png", None, 0.5),
    Sample("horse.png", "horse.png", None, 0.0),
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
    if sample.cutoff:
        img = ImageOps.autocontrast(img, cutoff=sample.cutoff, preserve_tone=True)
    if sample.gamma != 1.0:
        img = img.point([round(255 * (v / 255) ** sample.gamma) for v in range(256)] * len(img.mode))
    return img.resize((SIDE, SIDE), Image.Resampling.LANCZOS)


def _is_grey(img: Image.Image) -> bool:
    r, g, b = img.split()
    return r.tobytes() == g.tobytes() == b.tobytes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", help="scikit-image wheel (pip download --no-deps scikit-image)")
    args = parser.parse_args()
    with zipfile.ZipFile(args.wheel) as wheel:
        for sample in SAMPLES:
            img = make(sample, wheel.read(f"skimage/data/{sample.source}"))
            out = HERE / sample.name
            if img.mode == "RGB" and _is_grey(img):
                img = img.convert("L")
            elif img.mode == "RGB":
                img = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT)
            img.save(out, optimize=True)
            print(f"{out.name}: {img.mode} {img.width}x{img.height}, {out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
