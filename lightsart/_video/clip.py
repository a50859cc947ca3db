"""Reading a clip: what ffmpeg says it holds, then its frames one at a time as luminance.

:func:`probe` runs ``ffmpeg -i CLIP`` (the ffmpeg imageio-ffmpeg provides) and reads the header
it prints: the container's duration, the first video stream's size and frame rate (turned by
its rotation, as ffmpeg turns the frames it decodes), and whether there is sound. Where the
average rate (``fps``) and the base rate (``tbr``) differ, the rate may vary: the video packets'
timestamps (read without decoding) give the rate of its fastest stretch. Anything but a regular
file (a named pipe would block ffmpeg), a file ffmpeg cannot open, one cut short before its index
(``moov atom not found``), one with no video stream, and a still picture are each refused in one
line naming the clip. ffmpeg is always handed ``file:`` and an absolute path, so a clip named
``pipe:0`` or ``http:x.mp4`` is that file.

:func:`read_frames` then decodes the stretch ``start .. end`` at the film's frame rate
(``-vf fps=...``, ffmpeg's frame-rate filter, which drops or repeats frames to the new rate),
scaled down by ffmpeg's area filter to twice the board so the pipe carries little, as raw
RGB; each frame becomes luminance ``Y = 0.299 R + 0.587 G + 0.114 B`` in ``[0, 1]`` (the still
pictures' conversion). Only one frame is held at a time. ffmpeg's messages go to an unnamed
file; if it fails, or reports errors and delivers clearly fewer frames than the header
promised, the clip is refused as damaged or truncated.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from lightsart._errors import LightsartError
from lightsart._inputs import not_a_file
from lightsart._types import Gray

__all__ = ["Clip", "probe", "read_frames"]

_DURATION = re.compile(r"^\s*Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)", re.M)
_VIDEO = re.compile(r"^\s*Stream #\d+:\d+.*?: Video: (?P<codec>[^,\s]+).*?, (?P<w>\d+)x(?P<h>\d+)"
                    r"(?P<rest>.*)$", re.M)
_AUDIO = re.compile(r"^\s*Stream #\d+:\d+.*?: Audio: ", re.M)
_RATE = re.compile(r"([\d.]+)(k?) (fps|tbr)")
_ROTATION = re.compile(r"rotation of (-?[\d.]+) degrees")
_FORMAT = re.compile(r"^Input #0, ([^,\s]+)", re.M)
#: Formats that hold one still picture (ffmpeg's image readers).
_STILLS = re.compile(r"^(image2|\w+_pipe)$")
#: Pixels of decoded frame per board cell along each side (ffmpeg's area filter does the rest):
#: two leave the exact crop and box average to the fit; four made fitting a 720p clip's frames
#: cost a fifth of a boards-mode film (4.3 ms a frame against 0.2 ms at two).
OVERSAMPLE = 2


@dataclass(frozen=True)
class Clip:
    """What a clip holds: frame size in pixels (as displayed), frames per second, duration in
    seconds (``None`` if the container does not say), and whether it has sound."""

    path: str
    width: int
    height: int
    fps: float
    duration: float | None
    audio: bool
    #: The rate of its fastest stretch where the frame rate varies (else ``fps``).
    rate: float = 0.0

    def __post_init__(self) -> None:
        if not self.rate:
            object.__setattr__(self, "rate", self.fps)

    @property
    def source(self) -> str:
        """The clip as ffmpeg is handed it: never a protocol (``pipe:0``, ``http:...``)."""
        return source(self.path)


def source(path: str) -> str:
    """``path`` as an ffmpeg input that is always this file (``file:`` and an absolute path)."""
    return "file:" + os.path.abspath(path)


def ffmpeg_exe() -> str:
    """The ffmpeg imageio-ffmpeg provides (one line if there is none)."""
    import imageio_ffmpeg

    try:
        return str(imageio_ffmpeg.get_ffmpeg_exe())
    except RuntimeError:
        raise LightsartError("reading a clip needs ffmpeg: pip install imageio-ffmpeg "
                             "(it bundles one)") from None


def _refusal(path: str, log: str) -> str:
    if "moov atom not found" in log and _has_mp4_head(path):
        return f"{path} is truncated (its index is missing: the file was cut short)"
    if "No such file" in log:
        return f"{path}: no such file"
    if "Permission denied" in log:
        return f"{path}: permission denied"
    return f"{path} is not a video ffmpeg can read"


def _has_mp4_head(path: str) -> bool:
    """Whether the file starts as an MP4 or MOV does (a box such as ``ftyp`` first)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(12)
    except OSError:
        return False
    return head[4:8] in (b"ftyp", b"moov", b"mdat", b"wide", b"free", b"skip")


def probe(path: str) -> Clip:
    """The clip's header as ffmpeg reads it, or one line saying why it is not a film."""
    _check_regular(path)
    done = subprocess.run([ffmpeg_exe(), "-hide_banner", "-nostdin", "-i", source(path)],
                          stdin=subprocess.DEVNULL, capture_output=True, check=False)
    log = done.stderr.decode("utf-8", "replace")
    if not log.lstrip().startswith("Input #") and "\nInput #" not in log:
        raise LightsartError(_refusal(path, log))
    video = _VIDEO.search(log)
    if video is None:
        what = "sound only" if _AUDIO.search(log) else "no streams"
        raise LightsartError(f"{path} has no video stream ({what})")
    fmt = _FORMAT.search(log)
    if fmt is not None and _STILLS.match(fmt.group(1)):
        raise LightsartError(f"{path} is a still picture, not a film "
                             "(lightsart still makes a board of it)")
    width, height = int(video["w"]), int(video["h"])
    turn = _ROTATION.search(log[video.start():])
    if turn is not None and round(float(turn.group(1))) % 180 != 0:
        width, height = height, width
    rates = {kind: float(value) * (1000 if k else 1)
             for value, k, kind in _RATE.findall(video["rest"])}
    fps = rates.get("fps", rates.get("tbr", 25.0))
    found = _DURATION.search(log)
    duration = None if found is None else (
        int(found.group(1)) * 3600 + int(found.group(2)) * 60 + float(found.group(3)))
    if width < 1 or height < 1 or not math.isfinite(fps) or fps <= 0:
        raise LightsartError(f"{path} has a video stream ffmpeg cannot size")
    clip = Clip(path, width, height, fps, duration, bool(_AUDIO.search(log)))
    if abs(rates.get("tbr", fps) - fps) > 0.01 * fps:  # the rate may vary: ask the timestamps
        clip = Clip(path, width, height, fps, duration, clip.audio, _fastest_rate(clip))
    return clip


def _check_regular(path: str) -> None:
    """One line unless ``path`` is a regular file (a pipe with no writer would block ffmpeg)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise LightsartError(f"{path}: no such file") from None
    except OSError as exc:
        raise LightsartError(f"{path}: {exc.strerror or 'cannot be read'}") from None
    kind = not_a_file(mode)
    if kind == "a folder":
        raise LightsartError(f"{path} is a folder, not a video")
    if kind is not None:
        raise LightsartError(f"{path} is {kind}, not a video file (lightsart films files)")


_TIMEBASE = re.compile(r"^#tb 0: (\d+)/(\d+)", re.M)
_PACKET = re.compile(r"^0,\s*-?\d+,\s*(-?\d+),", re.M)


def _fastest_rate(clip: Clip) -> float:
    """The frame rate of the clip's fastest stretch, from its video packets' timestamps (read
    without decoding): one over the 10th percentile of the gaps between frames."""
    done = subprocess.run([ffmpeg_exe(), "-nostdin", "-v", "error", "-i", clip.source,
                           "-map", "0:v:0", "-c", "copy", "-f", "framecrc", "pipe:1"],
                          stdin=subprocess.DEVNULL, capture_output=True, check=False)
    text = done.stdout.decode("ascii", "replace")
    base = _TIMEBASE.search(text)
    times = np.unique([int(t) for t in _PACKET.findall(text)])
    if base is None or times.size < 2:
        return clip.fps
    gap = float(np.percentile(np.diff(times), 10)) * int(base.group(1)) / int(base.group(2))
    return round(1.0 / gap, 3) if gap > 0 else clip.fps


def decode_size(clip: Clip, board: tuple[int, int]) -> tuple[int, int]:
    """The size frames are decoded at: the clip's, shrunk to about :data:`OVERSAMPLE` pixels per
    cell (never enlarged)."""
    width, height = board
    scale = min(1.0, OVERSAMPLE * max(width / clip.width, height / clip.height))
    return max(1, round(clip.width * scale)), max(1, round(clip.height * scale))


def read_frames(clip: Clip, size: tuple[int, int], fps: float, start: float,
                seconds: float | None) -> Iterator[Gray]:
    """The frames of ``start .. start + seconds`` (``None``: to the end) at ``fps``, ``size``
    pixels each, as luminance; one line if ffmpeg fails or the clip turns out truncated."""
    width, height = size
    cmd = [ffmpeg_exe(), "-hide_banner", "-nostdin", "-v", "error"]
    if start > 0:
        cmd += ["-ss", f"{start:.6f}"]
    cmd += ["-i", clip.source]
    if seconds is not None:
        cmd += ["-t", f"{seconds:.6f}"]
    cmd += ["-map", "0:v:0", "-vf", f"fps={fps!r},scale={width}:{height}:flags=area",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]
    frame_bytes = width * height * 3
    count = 0
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=log, start_new_session=True)
        try:
            assert proc.stdout is not None
            while True:
                raw = proc.stdout.read(frame_bytes)
                if len(raw) < frame_bytes:
                    break
                count += 1
                rgb = np.frombuffer(raw, np.uint8).reshape(height, width, 3)
                yield luminance(rgb)
            code = proc.wait()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            with contextlib.suppress(OSError):
                if proc.stdout is not None:
                    proc.stdout.close()
        log.seek(0)
        text = log.read(1 << 16).decode("utf-8", "replace")
    _check_ending(clip, code, text, count, fps, start, seconds)


_PREFIXES = re.compile(r"^(\[[^\]]*\]\s*)+", re.M)


def _message(log: str) -> str:
    """ffmpeg's line a user needs, without its ``[dec:h264 @ 0x...]`` prefixes."""
    from lightsart._output.mp4 import ffmpeg_message

    return ffmpeg_message(_PREFIXES.sub("", log))


def _check_ending(clip: Clip, code: int, log: str, count: int, fps: float, start: float,
                  seconds: float | None) -> None:
    if count == 0 and (code == 0 or "received no packets" in log):
        raise LightsartError(f"{clip.path} has no frames ffmpeg can decode"
                             + (f" after --start {start:g}" if start > 0 else ""))
    if code != 0:
        raise LightsartError(f"cannot read {clip.path}: ffmpeg failed ({_message(log)})")
    if clip.duration is None or not log.strip():
        return
    stretch = clip.duration - start if seconds is None else min(seconds, clip.duration - start)
    expected = stretch * fps
    if count < expected - max(2.0, 0.05 * expected):
        raise LightsartError(f"{clip.path} is truncated or damaged: ffmpeg decoded {count} of "
                             f"about {expected:.0f} frames ({_message(log)})")


def luminance(rgb: np.ndarray) -> Gray:
    """ITU-R 601 luma of 8-bit RGB in ``[0, 1]`` (Pillow's ``"L"``, exact in thousandths)."""
    total = rgb[..., 0].astype(np.int32) * 299
    total += rgb[..., 1].astype(np.int32) * 587
    total += rgb[..., 2].astype(np.int32) * 114
    return total / 255_000.0
