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
from collections.abc import Callable, Iterable, Iterator
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


def _frames(draw: Draw, count: int) -> Iterator[Image.Image]:
    for k in range(count):
        yield draw(k / max(1, count - 1))


def write_clip(path: Path, frames: Iterable[Image.Image], size: tuple[int, int], fps: float,
               sound: Path | None, preset: str | None = None) -> None:
    """Encode ``frames`` as H.264 at ``fps``, with ``sound`` (x264's ``preset``: its default,
    or a faster one for the long HD clips)."""
    import imageio_ffmpeg

    params = (["-preset", preset] if preset else []) + (["-shortest"] if sound else [])
    writer = imageio_ffmpeg.write_frames(str(path), size, fps=fps, quality=8,
                                         macro_block_size=2, ffmpeg_log_level="error",
                                         audio_path=None if sound is None else str(sound),
                                         audio_codec=None if sound is None else "aac",
                                         output_params=params)
    writer.send(None)
    for frame in frames:
        writer.send(np.asarray(frame, dtype=np.uint8).tobytes())
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
        write_clip(made[name], _frames(draw, frames), size, fps, tone if sound else None)
    if sound:
        tone.unlink()
    return made


# --------------------------------------------------------------------------- HD, from photos

#: The HD clip's segments, in order, each a sixth of the clip.
SEGMENTS = ("pan", "zoom", "cut", "fade", "figure", "text")
_PHOTO_TYPES = {".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff"}
_WALL = (222, 216, 204)
_FIGURE = (28, 26, 30)
_TEXT_LINES = ("LIGHTS OUT", "a film of boards", "every frame legal", "click by click",
               "white on black", "scrolling up", "the end")


def pick_photos(folder: Path, count: int = 5) -> list[Path]:
    """The ``count`` largest photos of ``folder`` (by pixels; name order among equals)."""
    found = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() in _PHOTO_TYPES:
            with Image.open(path) as image:
                found.append((-image.width * image.height, path.name, path))
    if len(found) < count:
        raise SystemExit(f"{folder} holds {len(found)} photos; the HD clip needs {count}")
    return [path for *_, path in sorted(found)[:count]]


def _cover(picture: Image.Image, size: tuple[int, int], zoom: float = 1.0) -> Image.Image:
    """``picture`` resized once (Lanczos, so a large photo does not alias) to ``zoom`` times the
    smallest size that covers ``size``."""
    w, h = size
    scale = zoom * max(w / picture.width, h / picture.height)
    return picture.resize((max(w, round(picture.width * scale)),
                           max(h, round(picture.height * scale))), Image.Resampling.LANCZOS)


def _centre(picture: Image.Image, size: tuple[int, int]) -> Image.Image:
    return _window(picture, size, (picture.width - size[0]) / 2,
                   (picture.height - size[1]) / 2, 1.0)


def _pan(picture: Image.Image, size: tuple[int, int]) -> Draw:
    """A pan from left to right across the photo (enlarged so it travels half a frame width)."""
    wide = _cover(picture, size, max(1.0, 1.5 * size[0] / size[1] * picture.height
                                     / picture.width))
    travel, y = wide.width - size[0], (wide.height - size[1]) / 2

    def draw(t: float) -> Image.Image:
        return _window(wide, size, travel * t, y, 1.0)

    return draw


def _zoom(picture: Image.Image, size: tuple[int, int]) -> Draw:
    """A zoom into the photo's centre, to 2x."""
    whole = _cover(picture, size)
    cx, cy = whole.width / 2, whole.height / 2

    def draw(t: float) -> Image.Image:
        scale = 1.0 / (1.0 + t)  # source pixels per output pixel, 1 to 1/2
        return _window(whole, size, cx - scale * size[0] / 2, cy - scale * size[1] / 2, scale)

    return draw


def _cut(a: Image.Image, b: Image.Image, size: tuple[int, int]) -> Draw:
    """One photo held, a hard cut half way, the next photo held."""
    first, second = _centre(_cover(a, size), size), _centre(_cover(b, size), size)
    return lambda t: first if t < 0.5 else second


def _fade(a: Image.Image, b: Image.Image, size: tuple[int, int]) -> Draw:
    """A photo held a quarter, faded into the next over half, the next held a quarter."""
    first, second = _centre(_cover(a, size), size), _centre(_cover(b, size), size)
    return lambda t: Image.blend(first, second, min(1.0, max(0.0, (t - 0.25) / 0.5)))


def _wall(size: tuple[int, int]) -> Image.Image:
    """A near-uniform light wall: a faint vertical shading and a little fixed grain."""
    w, h = size
    shade = 1.0 - 0.04 * np.linspace(0.0, 1.0, h)[:, None, None]
    grain = np.random.default_rng(33).normal(0.0, 2.0, (h, w, 1))
    rgb = np.asarray(_WALL, np.float64)[None, None, :] * shade + grain
    return Image.fromarray(np.clip(np.round(rgb), 0, 255).astype(np.uint8))


def _figure(size: tuple[int, int]) -> Draw:
    """A dark figure (head, body, swinging arms and legs) walking from left to right across a
    light wall, entering and leaving the frame."""
    w, h = size
    wall = _wall(size)
    tall = 0.7 * h
    head, step = tall / 8, 4.0  # steps per segment

    def draw(t: float) -> Image.Image:
        frame = wall.copy()
        pen = ImageDraw.Draw(frame)
        x = -0.3 * tall + (w + 0.6 * tall) * t
        top = 0.2 * h + 0.01 * h * abs(math.sin(2 * math.pi * step * t))
        swing = 0.35 * math.sin(2 * math.pi * step * t)
        hip, neck = (x, top + 0.55 * tall), (x, top + 0.2 * tall)
        width = max(2, round(tall / 14))
        pen.ellipse((x - head / 2, top, x + head / 2, top + head), fill=_FIGURE)
        pen.line((neck, hip), fill=_FIGURE, width=round(2.2 * width))
        for side in (1, -1):
            limb = 0.45 * tall
            pen.line((hip, (x + side * limb * math.sin(swing), hip[1] + limb * math.cos(swing))),
                     fill=_FIGURE, width=width)
            arm = 0.33 * tall
            pen.line((neck, (x - side * arm * math.sin(swing), neck[1] + arm * math.cos(swing))),
                     fill=_FIGURE, width=round(0.8 * width))
        return frame

    return draw


def _text(size: tuple[int, int]) -> Draw:
    """White lines of text scrolling up on black, entering at the bottom."""
    w, h = size
    font = ImageFont.load_default(size=max(8, h // 9))
    gap = h // 3
    page = Image.new("RGB", (w, h + gap * len(_TEXT_LINES) + h), (0, 0, 0))
    pen = ImageDraw.Draw(page)
    for k, line in enumerate(_TEXT_LINES):
        pen.text((w // 8, h + k * gap), line, fill=(255, 255, 255), font=font)
    travel = page.height - h

    def draw(t: float) -> Image.Image:
        return _window(page, size, 0, travel * (0.1 + 0.8 * t), 1.0)

    return draw


def segment_draws(photos: list[Path], size: tuple[int, int]) -> list[Draw]:
    """The drawings of :data:`SEGMENTS` (each ``t`` from 0 to 1) from five photos."""
    a, b, c, d, e = (Image.open(p).convert("RGB") for p in photos)
    return [_pan(a, size), _zoom(b, size), _cut(c, d, size), _fade(d, e, size), _figure(size),
            _text(size)]


def make_segments(folder: Path, photos: Path, *, width: int = 1280, seconds: float = 20.0,
                  fps: float = 24.0, sound: bool = True) -> Path:
    """The HD clip of :data:`SEGMENTS` from the photos of ``photos``, 16:9 and ``width`` pixels
    wide, ``seconds`` long; returns its path (``photos_<height>p_<seconds>s.mp4``), with the
    segments' times beside it as JSON."""
    import json

    folder.mkdir(parents=True, exist_ok=True)
    size = (width - width % 2, round(width * 9 / 32) * 2)
    chosen = pick_photos(photos)
    draws = segment_draws(chosen, size)
    per = max(2, round(seconds * fps / len(SEGMENTS)))
    path = folder / f"photos_{size[1]}p_{seconds:g}s.mp4"
    tone = folder / f"{path.stem}.wav"
    if sound:
        write_tone(tone, per * len(SEGMENTS) / fps + 1.0)

    def frames() -> Iterator[Image.Image]:
        for draw in draws:
            for k in range(per):
                yield draw(k / (per - 1))

    write_clip(path, frames(), size, fps, tone if sound else None, "veryfast")
    if sound:
        tone.unlink()
    times = {name: [k * per / fps, (k + 1) * per / fps] for k, name in enumerate(SEGMENTS)}
    path.with_suffix(".json").write_text(json.dumps(
        {"size": list(size), "fps": fps, "frames": per * len(SEGMENTS), "segments": times,
         "photos": [p.name for p in chosen]}, indent=1) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--width", type=int, default=None,
                        help="pixels wide (default 240; 1280 with --photos)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="seconds long (default 4; 20 with --photos)")
    parser.add_argument("--fps", type=float, default=24.0)
    parser.add_argument("--only", nargs="*", choices=CLIPS, default=list(CLIPS))
    parser.add_argument("--photos", type=Path, help="make the HD clip of six segments from the "
                        "photos in this folder instead")
    args = parser.parse_args()
    if args.photos is not None:
        path = make_segments(args.folder, args.photos, width=args.width or 1280,
                             seconds=args.seconds or 20.0, fps=args.fps)
        print(f"segments: {path}")
        return
    for name, path in make_clips(args.folder, width=args.width or 240,
                                 seconds=args.seconds or 4.0, fps=args.fps,
                                 names=tuple(args.only)).items():
        print(f"{name}: {path}")


if __name__ == "__main__":
    main()
