"""Streaming animation writers: GIF, MP4 and a folder of PNG frames.

Every writer takes an iterable of :class:`lightsart.Frame` (a board and its seconds on
screen) and consumes it lazily, so memory does not grow with the number of frames. Every file
goes through :func:`lightsart._output.staging.atomic_path`: an error or Ctrl-C midway leaves no file behind.

Timing is accumulated, never rounded frame by frame: a frame starting at ``t`` seconds and
ending at ``t + s`` occupies the time units ``round(t·u) .. round((t+s)·u)`` of the format's unit
``u`` (centiseconds for GIF, frames for MP4). The rounding errors therefore never add up: the
whole animation lasts ``round(total·u)`` units.

GIF is written by hand (header, global palette, NETSCAPE2.0 loop extension, then per image a
Graphic Control Extension with its delay and an image block) because Pillow's
``save(append_images=...)`` keeps every frame in memory. Pillow still does the LZW compression:
each image is saved alone into an in-memory GIF and its compressed data is spliced into ours.
Each image is cropped to the cells that changed since the previous one, and consecutive equal
boards become one image with a long delay, so a click costs a few dozen bytes.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import numpy as np
from numpy.typing import NDArray
from PIL import Image

from lightsart._errors import InvalidValue, LightsartError, TooLarge
from lightsart._limits import check_fps
from lightsart._output.progress import Progress
from lightsart._output.render import RenderStyle, as_levels, render, render_indices, sprites
from lightsart._output.staging import atomic_path, staged_folder
from lightsart._types import Board, Frame

if TYPE_CHECKING:
    from lightsart._output.mp4 import Sound

__all__ = [
    "GIF_MAX_DELAY_CS",
    "GIF_MIN_DELAY_CS",
    "Written",
    "write_frames",
    "write_gif",
    "write_mp4",
]

#: Browsers show GIF delays of 0 or 1 centisecond as 10; shorter frames are merged into the next.
GIF_MIN_DELAY_CS = 2
#: The GIF delay field is 16 bits; longer holds are split into several images.
GIF_MAX_DELAY_CS = 65535
#: x264 constant rate factor: 0 is lossless, 23 the default; low enough that cell edges stay crisp.
MP4_CRF = 12


@dataclass(frozen=True)
class Written:
    """What a writer wrote: input frames read, images stored, playing time and file size."""

    path: str
    frames: int
    images: int
    seconds: float
    bytes: int


class _Box:
    """A rectangle of cells ``[top, bottom) × [left, right)``."""

    __slots__ = ("bottom", "left", "right", "top")

    def __init__(self, top: int, bottom: int, left: int, right: int) -> None:
        self.top, self.bottom, self.left, self.right = top, bottom, left, right


def _changed_box(before: Board | None, after: Board) -> _Box:
    """Bounding box of the cells that differ (the whole board at the start; one cell if none)."""
    if before is None:
        return _Box(0, after.shape[0], 0, after.shape[1])
    diff = before != after
    rows = np.flatnonzero(diff.any(axis=1))
    if rows.size == 0:
        return _Box(0, 1, 0, 1)
    cols = np.flatnonzero(diff.any(axis=0))
    return _Box(int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1)


def _frame_board(frame: Frame, shape: tuple[int, ...] | None, states: int = 2) -> Board:
    # A copy: the writers keep the previous board, and a frame source may reuse its array.
    board = as_levels(frame.board, states, "frame board").copy()
    if shape is not None and board.shape != shape:
        raise ValueError(f"frame board shape {board.shape} differs from the first {shape}")
    seconds = frame.seconds
    if not (seconds >= 0 and np.isfinite(seconds)):
        raise ValueError(f"frame seconds must be finite and >= 0, got {seconds!r}")
    return board


def _progress(total: int | None, path: str | os.PathLike[str]) -> Progress:
    return Progress(total, f"writing {Path(path).name}")


# ---------------------------------------------------------------------------------------- GIF


def _lzw_image_data(indices: NDArray[np.uint8]) -> bytes:
    """LZW-compressed image data of a palette-index image (code size byte + sub-blocks + 0).

    Pillow writes a complete one-image GIF; we walk its blocks and keep only the image data.
    ``optimize=False`` keeps Pillow from renumbering the palette, so our indices survive.
    """
    buf = io.BytesIO()
    Image.fromarray(indices).save(buf, format="GIF", optimize=False, interlace=False)
    data = buf.getvalue()
    pos = 13  # signature (6) + logical screen descriptor (7)
    if data[10] & 0x80:
        pos += 3 << ((data[10] & 7) + 1)
    while data[pos] == 0x21:  # extension blocks: introducer, label, sub-blocks
        pos += 2
        while data[pos]:
            pos += data[pos] + 1
        pos += 1
    if data[pos] != 0x2C:
        raise RuntimeError("unexpected GIF layout from Pillow")  # pragma: no cover
    flags = data[pos + 9]
    pos += 10
    if flags & 0x80:  # a local colour table we do not want
        pos += 3 << ((flags & 7) + 1)  # pragma: no cover
    start = pos
    pos += 1  # LZW minimum code size
    while data[pos]:
        pos += data[pos] + 1
    return data[start : pos + 1]


class _GifStream:
    """Writes a looping GIF89a image by image."""

    def __init__(self, fh: BinaryIO, width: int, height: int, palette: NDArray[np.uint8]) -> None:
        if width > 0xFFFF or height > 0xFFFF:
            raise TooLarge(f"GIF pictures are at most 65535 pixels wide, not {width}x{height}")
        self.fh = fh
        self.images = 0
        bits = max(1, int(len(palette) - 1).bit_length())  # table of 2**bits colours
        table = np.zeros((1 << bits, 3), np.uint8)
        table[: len(palette)] = palette
        fh.write(b"GIF89a" + width.to_bytes(2, "little") + height.to_bytes(2, "little"))
        # global table present | colour resolution 8 bits | table size; background 0; aspect 0
        fh.write(bytes([0x80 | 0x70 | (bits - 1), 0, 0]))
        fh.write(table.tobytes())
        fh.write(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")  # loop forever

    def add(self, indices: NDArray[np.uint8], left: int, top: int, delay_cs: int) -> None:
        height, width = indices.shape
        # Graphic Control Extension: disposal 1 (keep this image under the next), the delay.
        self.fh.write(b"\x21\xf9\x04\x04" + delay_cs.to_bytes(2, "little") + b"\x00\x00")
        self.fh.write(
            b"\x2c" + b"".join(v.to_bytes(2, "little") for v in (left, top, width, height))
            + b"\x00"
        )
        self.fh.write(_lzw_image_data(indices))
        self.images += 1

    def close(self) -> None:
        self.fh.write(b"\x3b")


def write_gif(
    frames: Iterable[Frame],
    path: str | os.PathLike[str],
    style: RenderStyle,
    progress_total: int | None = None,
    states: int = 2,
) -> Written:
    """Write a GIF that loops forever, streaming: memory does not grow with the frame count.

    ``states`` is the number of states per cell (grey levels, :func:`render_indices`); the
    palette holds every level's colours.

    Frame ``k`` is shown from ``round(100·t_k)`` to ``round(100·t_{k+1})`` centiseconds, where
    ``t_k`` is the sum of the seconds before it. Consecutive equal boards are one image; a frame
    shorter than ``GIF_MIN_DELAY_CS`` is skipped and its time given to the next one (browsers
    could not show it anyway); the last frame always stays on screen.
    """
    c = style.cell
    palette = sprites(style, states).palette
    count = 0
    total = 0.0
    with atomic_path(path) as tmp, open(tmp, "wb") as fh, _progress(progress_total, path) as bar:
        gif: _GifStream | None = None
        shown: Board | None = None  # the board a viewer sees after the images written so far
        pending: Board | None = None  # the board waiting for its delay to be known
        pending_start = 0  # centisecond at which ``pending`` appears

        def emit(board: Board, delay: int) -> None:
            nonlocal shown
            assert gif is not None
            while True:
                box = _changed_box(shown, board)
                crop = render_indices(board[box.top : box.bottom, box.left : box.right], style,
                                      states)
                gif.add(crop, box.left * c, box.top * c, min(delay, GIF_MAX_DELAY_CS))
                shown = board
                delay -= GIF_MAX_DELAY_CS
                if delay <= 0:
                    return

        for frame in frames:
            board = _frame_board(frame, None if pending is None else pending.shape, states)
            if gif is None:
                width, height = style.size(board.shape)
                gif = _GifStream(fh, width, height, palette)
            now = round(total * 100)  # this frame starts here; ``pending`` ends here
            total += frame.seconds
            count += 1
            bar.advance()
            if pending is not None and np.array_equal(board, pending):
                continue  # a hold: ``pending`` stays on screen longer
            if pending is not None and now - pending_start >= GIF_MIN_DELAY_CS:
                emit(pending, now - pending_start)
                pending_start = now
            pending = board
        if gif is None or pending is None:
            raise InvalidValue(f"cannot write {path}: the animation has no frames")
        emit(pending, max(GIF_MIN_DELAY_CS, round(total * 100) - pending_start))
        gif.close()
        images = gif.images
        fh.flush()
        size = fh.tell()
    return Written(str(path), count, images, total, size)


# ---------------------------------------------------------------------------------------- MP4


def _ffmpeg_exe() -> str:
    import imageio_ffmpeg

    try:
        return str(imageio_ffmpeg.get_ffmpeg_exe())
    except RuntimeError:
        raise LightsartError(
            "writing MP4 needs ffmpeg: pip install imageio-ffmpeg (it bundles one) "
            "or install ffmpeg on PATH, or write a .gif instead"
        ) from None


def write_mp4(
    frames: Iterable[Frame],
    path: str | os.PathLike[str],
    style: RenderStyle,
    fps: float = 25.0,
    progress_total: int | None = None,
    crf: int = MP4_CRF,
    states: int = 2,
    sound: Sound | None = None,
    preset: str = "medium",
) -> Written:
    """Write an H.264 MP4 (yuv420p, ``fps`` frames per second) by streaming frames to ffmpeg.

    A frame lasting ``s`` seconds becomes ``round((t+s)·fps) - round(t·fps)`` video frames, so
    holds are repeated frames and the video has ``round(total·fps)`` frames; ``Written.images``
    is that count, the frames the file holds. yuv420p needs even sizes: the picture is padded on
    the right/bottom with the panel colour, never scaled. The file counts as written only when
    ffmpeg exits cleanly and the file is a whole MP4 (see :mod:`lightsart._output.mp4`); ffmpeg's own
    messages are kept from the terminal and the first one becomes the error. ``sound`` (a
    film's, :class:`lightsart._output.mp4.Sound`) is muxed in beside the frames; ``preset`` is
    x264's (:class:`lightsart._output.mp4.Encoder`).
    """
    from lightsart._output.mp4 import Encoder, check_mp4

    check_fps(fps)
    exe = _ffmpeg_exe()
    c = style.cell
    panel = style.colours().panel
    count = video_frames = 0
    total = 0.0
    with atomic_path(path) as tmp, _progress(progress_total, path) as bar:
        frame_iter: Iterator[Frame] = iter(frames)
        first = next(frame_iter, None)
        if first is None:
            raise InvalidValue(f"cannot write {path}: the animation has no frames")
        shape = _frame_board(first, None, states).shape
        width, height = style.size(shape)
        draw = _Drawing(style, states)
        canvas = np.empty((height + height % 2, width + width % 2, *draw.depth), np.uint8)
        canvas[:] = panel if draw.depth else panel[0]
        shown: Board | None = None
        with Encoder(exe, tmp, (canvas.shape[1], canvas.shape[0]), fps, crf, str(path),
                     sound, preset, draw.pixels) as video:
            for frame in _chain(first, frame_iter):
                board = _frame_board(frame, shape, states)
                start = round(total * fps)
                total += frame.seconds
                repeats = round(total * fps) - start
                count += 1
                bar.advance()
                if repeats == 0:
                    continue  # on screen for less than half a video frame
                if shown is None or not np.array_equal(board, shown):
                    box = _changed_box(shown, board)
                    canvas[box.top * c : box.bottom * c, box.left * c : box.right * c] = draw(
                        board[box.top : box.bottom, box.left : box.right])
                    shown = board
                for _ in range(repeats):
                    video.send(canvas)
                video_frames += repeats
            if video_frames == 0:  # shorter than one video frame in all: show the last board
                canvas[:height, :width] = draw(board)
                video.send(canvas)
                video_frames = 1
        size = check_mp4(tmp, str(path))
    return Written(str(path), count, video_frames, video_frames / fps, size)


class _Drawing:
    """A board as an MP4's frame draws it (:func:`render`'s picture), in one channel when the
    style's every colour is grey (``pixels``: ffmpeg's ``gray``), a cell of one colour by
    repeating it (the ``pixels`` style: a tenth of the cost of placing its sprite)."""

    def __init__(self, style: RenderStyle, states: int) -> None:
        rgb = sprites(style, states).rgb  # (states, cell, cell, 3)
        panel = np.asarray(style.colours().panel)
        grey = bool((rgb == rgb[..., :1]).all()) and bool((panel == panel[0]).all())
        self.style, self.states = style, states
        self.cells = rgb[..., 0] if grey else rgb
        self.depth: tuple[int, ...] = () if grey else (3,)
        self.pixels = "gray" if grey else "rgb24"
        self.flat = bool((rgb == rgb[:, :1, :1]).all())

    def __call__(self, board: Board) -> NDArray[np.uint8]:
        if not self.flat:
            picture = render(board, self.style, self.states)
            return picture if self.depth else picture[..., 0]
        c = self.cells.shape[1]
        return np.repeat(np.repeat(self.cells[:, 0, 0][board], c, axis=0), c, axis=1)


def _chain(first: Frame, rest: Iterator[Frame]) -> Iterator[Frame]:
    yield first
    yield from rest


# ------------------------------------------------------------------------------ PNG frames


def write_frames(
    frames: Iterable[Frame],
    folder: str | os.PathLike[str],
    style: RenderStyle,
    progress_total: int | None = None,
    states: int = 2,
) -> Written:
    """Write every frame as ``folder/frame_00000.png``, ``frame_00001.png``, ... (one per Frame).

    The folder is created if its parent exists. The frames are written into a hidden folder and
    moved in together at the end, replacing older ``frame_*.png`` (a longer earlier run's) so
    the folder holds exactly this animation; other files in it are left alone.
    """
    from lightsart._output.render import write_png

    out = Path(folder)
    count = 0
    total = 0.0
    size = 0
    shape: tuple[int, ...] | None = None
    with staged_folder(out) as staging, _progress(progress_total, out) as bar:
        for count, frame in enumerate(frames, 1):
            board = _frame_board(frame, shape, states)
            shape = board.shape
            target = staging / f"frame_{count - 1:05d}.png"
            write_png(board, target, style, states)
            size += target.stat().st_size
            total += frame.seconds
            bar.advance()
        if count == 0:
            raise InvalidValue(f"cannot write frames into {out}: the animation has no frames")
    return Written(str(out), count, count, total, size)
