"""Make the short test clips of ``lightsart video`` from the bundled samples (nothing downloaded).

Five clips, each an H.264 MP4 with a generated tone (a 440 Hz sine, AAC) as its sound:

* ``pan_zoom``: a window panning across ``samples/astronaut.png`` while it zooms in;
* ``crossfade``: ``samples/cat.png`` fading into ``samples/coffee.png``, held before and after;
* ``silhouettes``: the horse of ``samples/horse.png`` and a dark disc moving over a light ground;
* ``scrolling_text``: lines of text scrolling up;
* ``slow_pan``: the issue's stability measurement, a pan over ``samples/coffee.png`` by a fifth
  of a cell per frame on a 48x35 board (the frame is 48 cells wide).

Every frame is drawn by Pillow with sub-pixel moves (bicubic affine transforms), so motion is
smooth rather than stepping a pixel at a time. ``make_clips(folder, size=..., seconds=...)`` is
what the tests call (tiny clips); from the command line the defaults make the measured ones::

    python scripts/make_test_clips.py OUT_DIR [--width 240] [--seconds 4] [--fps 24]
"""

from __future__ import annotations

import argparse
import math
import wave
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
#: The clips this script makes, by name.
CLIPS = ("pan_zoom", "crossfade", "silhouettes", "scrolling_text", "slow_pan")
#: The board the slow pan is measured on (the issue's 48x35), and its pan per frame in cells.
SLOW_PAN_BOARD = (48, 35)
SLOW_PAN_CELLS_PER_FRAME = 0.2

Draw = Callable[[float], Image.Image]


def _sample(name: str) -> Image.Image:
    return Image.open(SAMPLES / name).convert("RGB")


def _window(picture: Image.Image, size: tuple[int, int], x: float, y: float,
            scale: float) -> Image.Image:
    """The ``size`` window of ``picture`` whose top-left is ``(x, y)``, ``scale`` source pixels
    per output pixel (bicubic, sub-pixel exact)."""
    return picture.transform(size, Image.Transform.AFFINE, (scale, 0, x, 0, scale, y),
                             resample=Image.Resampling.BICUBIC)


def pan_zoom(size: tuple[int, int]) -> Draw:
    picture = _sample("astronaut.png")
    w = size[0]

    def draw(t: float) -> Image.Image:
        scale = (180 - 60 * t) / w  # the window shrinks from 180 to 120 source pixels wide
        x = 10 + 60 * t
        return _window(picture, size, x, 20 + 20 * t, scale)

    return draw


def crossfade(size: tuple[int, int]) -> Draw:
    a, b = (_sample(n).resize(size, Image.Resampling.LANCZOS) for n in ("cat.png", "coffee.png"))

    def draw(t: float) -> Image.Image:
        return Image.blend(a, b, min(1.0, max(0.0, (t - 0.25) / 0.5)))  # held, faded, held

    return draw


def silhouettes(size: tuple[int, int]) -> Draw:
    w, h = size
    horse = Image.open(SAMPLES / "horse.png").convert("L").resize((h, h))
    shape = horse.point(lambda v: 255 if v < 128 else 0)  # the horse itself, as a mask

    def draw(t: float) -> Image.Image:
        frame = Image.new("RGB", size, (235, 230, 220))
        frame.paste((20, 20, 30), (round(-h + (w + h) * t), 0), shape)
        pen = ImageDraw.Draw(frame)
        r = h / 5
        cx, cy = w * (1 - t), h / 2 + h / 4 * math.sin(2 * math.pi * t)
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(40, 40, 60))
        return frame

    return draw


def scrolling_text(size: tuple[int, int]) -> Draw:
    w, h = size
    font = ImageFont.load_default(size=max(8, h // 6))
    lines = ["LIGHTS OUT", "every frame", "a legal board", "click by click", "the end"]
    page = Image.new("RGB", (w, h * 3), (250, 250, 250))
    pen = ImageDraw.Draw(page)
    for k, line in enumerate(lines):
        pen.text((w // 10, h // 2 + k * h * 2 // len(lines) * 2), line, fill=(0, 0, 0),
                 font=font)

    def draw(t: float) -> Image.Image:
        return _window(page, size, 0, t * h * 1.5, 1.0)

    return draw


def slow_pan(size: tuple[int, int], frames: int) -> Draw:
    picture = _sample("coffee.png")
    w = size[0]
    cell = 150 / SLOW_PAN_BOARD[0]  # the window is 150 source pixels wide: 48 cells
    travel = SLOW_PAN_CELLS_PER_FRAME * cell * max(1, frames - 1)

    def draw(t: float) -> Image.Image:
        return _window(picture, size, 20 + travel * t, 60, 150 / w)

    return draw


def write_tone(path: Path, seconds: float, rate: int = 22050) -> None:
    """A 440 Hz sine of ``seconds`` as 16-bit mono WAV (the clips' sound)."""
    t = np.arange(round(seconds * rate)) / rate
    samples = (0.3 * 32767 * np.sin(2 * math.pi * 440 * t)).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())


def _frames(draw: Draw, count: int) -> Iterator[bytes]:
    for k in range(count):
        yield np.asarray(draw(k / max(1, count - 1)), dtype=np.uint8).tobytes()


def write_clip(path: Path, draw: Draw, size: tuple[int, int], frames: int, fps: float,
               sound: Path | None) -> None:
    """Encode ``frames`` frames of ``draw`` (t from 0 to 1) as H.264 at ``fps``, with ``sound``."""
    import imageio_ffmpeg

    writer = imageio_ffmpeg.write_frames(str(path), size, fps=fps, quality=8,
                                         macro_block_size=2, ffmpeg_log_level="error",
                                         audio_path=None if sound is None else str(sound),
                                         audio_codec=None if sound is None else "aac",
                                         output_params=["-shortest"] if sound else None)
    writer.send(None)
    for frame in _frames(draw, frames):
        writer.send(frame)
    writer.close()


def make_clips(folder: Path, *, width: int = 240, seconds: float = 4.0, fps: float = 24.0,
               names: tuple[str, ...] = CLIPS, sound: bool = True) -> dict[str, Path]:
    """Write the clips ``names`` into ``folder`` (each ``width`` pixels wide, even sizes)."""
    folder.mkdir(parents=True, exist_ok=True)
    frames = max(2, round(seconds * fps))
    tone = folder / "tone.wav"
    if sound:
        write_tone(tone, seconds + 1.0)
    made = {}
    for name in names:
        if name == "slow_pan":
            bw, bh = SLOW_PAN_BOARD
            size = (width - width % 2, round(width * bh / bw / 2) * 2)
            draw = slow_pan(size, frames)
        else:
            size = (width - width % 2, round(width * 3 / 8) * 2)
            draw = {"pan_zoom": pan_zoom, "crossfade": crossfade, "silhouettes": silhouettes,
                    "scrolling_text": scrolling_text}[name](size)
        made[name] = folder / f"{name}.mp4"
        write_clip(made[name], draw, size, frames, fps, tone if sound else None)
    if sound:
        tone.unlink()
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--width", type=int, default=240)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--fps", type=float, default=24.0)
    parser.add_argument("--only", nargs="*", choices=CLIPS, default=list(CLIPS))
    args = parser.parse_args()
    for name, path in make_clips(args.folder, width=args.width, seconds=args.seconds,
                                 fps=args.fps, names=tuple(args.only)).items():
        print(f"{name}: {path}")


if __name__ == "__main__":
    main()
