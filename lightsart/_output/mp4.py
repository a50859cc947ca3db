"""ffmpeg as a child process, and a check that what it wrote is a whole MP4.

A full disk used to report success: ffmpeg printed "No space left on device" on the user's
terminal, exited, and the half-written file (no ``moov`` atom, so unplayable) replaced a good
one. Here ffmpeg's messages go to an unnamed file, its exit status is checked, and the file's
top-level boxes must cover it exactly and include ``ftyp``, ``moov`` and ``mdat`` before the
writer may commit it. ffmpeg runs in its own session so a Ctrl-C reaches only lightsart, which
then stops ffmpeg itself.
"""

from __future__ import annotations

import os
import re
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import TracebackType
from typing import IO

import numpy as np
from numpy.typing import NDArray

from lightsart._errors import LightsartError

__all__ = ["ENCODINGS", "Encoder", "Sound", "check_mp4", "ffmpeg_message"]

#: x264's settings by name: its preset and any options beside it (a name not listed is a
#: preset of x264's own). ``film``: a film's HD frames of flat cells that change little, where
#: x264's motion search, look-ahead and weighted prediction buy only bytes: on 20 s of a
#: boards-mode film at 1800x1008, ``veryfast`` took 8.5 CPU s for 5.7 MB, ``film`` 6.2 CPU s
#: for 6.7 MB at 47 dB PSNR to the frames sent (720p: 51 dB with ``veryfast``). One thread:
#: the film's own search is the slower stage, and x264's frame threads cost 6 % more CPU
#: (20 s of 1800x1008 frames with 4 states: 5.9 to 5.5 CPU s, the same size).
ENCODINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "film": ("veryfast", ("-threads", "1",
                          "-x264-params", "me=dia:subme=0:rc-lookahead=0:mbtree=0:weightp=0")),
}

_NOISE = re.compile(r"^\[[^\]]*\]\s*")


def ffmpeg_message(log: str) -> str:
    """The one line of ffmpeg's log a user needs (a full disk, above all), at most 120 chars."""
    lines = [_NOISE.sub("", line).strip() for line in log.splitlines()]
    lines = [line for line in lines if line]
    for line in lines:
        if "No space left on device" in line:
            return "No space left on device"
    text = lines[-1] if lines else "no message"
    return text if len(text) <= 120 else text[:117] + "..."


@dataclass(frozen=True)
class Sound:
    """The sound of a film: ``seconds`` of the first audio stream of ``path`` from ``start``."""

    path: str
    start: float
    seconds: float

    def arguments(self) -> list[str]:
        """ffmpeg's second input (the trimmed clip) and the AAC encoding of its sound."""
        return ["-ss", f"{self.start:.6f}", "-t", f"{self.seconds:.6f}", "-i", self.path,
                "-map", "0:v:0", "-map", "1:a:0", "-c:a", "aac", "-b:a", "128k"]


class Encoder:
    """Raw RGB or grey frames into ``ffmpeg -c:v libx264`` writing ``path``; raises on any failure.

    ``path`` may be ``/proc/PID/fd/N`` (an unnamed file of ours), so the format is named
    explicitly (``-f mp4``). ``name`` is the output's user-facing name for messages. ``sound``
    (a film's) is muxed in as AAC, trimmed to its stretch; without it the file has no audio.
    ``preset`` is x264's speed for size trade, or a name of :data:`ENCODINGS` (a film's HD
    frames take ``film``). Frames are ``pixels``: ``"rgb24"`` (height x width x 3) or
    ``"gray"`` (height x width) for a picture all in greys, which ffmpeg turns into YUV for a
    third of the work (the same YUV: 20 s of 1800x1008 frames 6.5 to 4.9 CPU s).
    """

    def __init__(self, exe: str, path: Path, size: tuple[int, int], fps: float, crf: int,
                 name: str, sound: Sound | None = None, preset: str = "medium",
                 pixels: str = "rgb24") -> None:
        self.name = name
        rate = Fraction(fps).limit_denominator(1001)
        width, height = size
        x264, options = ENCODINGS.get(preset, (preset, ()))
        cmd = [
            exe, "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", pixels, "-s", f"{width}x{height}",
            "-r", f"{rate.numerator}/{rate.denominator}", "-i", "pipe:0",
            *(["-an"] if sound is None else sound.arguments()),
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", str(crf), "-preset", x264,
            *options,
            "-movflags", "+faststart", "-f", "mp4", str(path),
        ]
        # Closed in __exit__ (or below if ffmpeg cannot start): it outlives this call.
        self._log: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self._proc = subprocess.Popen(
                cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=self._log,
                start_new_session=True,
            )
        except OSError as exc:
            self._log.close()
            raise LightsartError(f"cannot write {name}: cannot run ffmpeg ({exc.strerror})"
                                 ) from None

    def send(self, canvas: NDArray[np.uint8]) -> None:
        stdin = self._proc.stdin
        assert stdin is not None
        try:
            stdin.write(np.ascontiguousarray(canvas).data)  # no copy of a contiguous canvas
        except (BrokenPipeError, OSError):
            self._fail()  # ffmpeg stopped early: its log says why

    def _message(self) -> str:
        self._log.seek(0)
        return ffmpeg_message(self._log.read(1 << 16).decode("utf-8", "replace"))

    def _fail(self) -> None:
        self._stop()
        raise LightsartError(f"cannot write {self.name}: ffmpeg failed ({self._message()})")

    def _stop(self) -> None:
        if self._proc.poll() is None:
            self._proc.kill()
        self._close_stdin()
        self._proc.wait()

    def _close_stdin(self) -> bool:
        """Close ffmpeg's input (its end of stream); False if ffmpeg is already gone."""
        stdin = self._proc.stdin
        if stdin is None or stdin.closed:
            return True
        try:
            stdin.close()
        except OSError:
            return False
        return True

    def __enter__(self) -> Encoder:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            if kind is not None:
                self._stop()  # an error or interrupt: the file is discarded anyway
                return
            if not self._close_stdin() or self._proc.wait() != 0:
                self._fail()
        finally:
            self._log.close()


def check_mp4(path: str | os.PathLike[str], name: str) -> int:
    """The file's size if it is a whole MP4: top-level boxes that cover it exactly, with
    ``ftyp``, ``moov`` and ``mdat``. Otherwise a :class:`LightsartError` naming ``name``."""
    kinds: set[bytes] = set()
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        pos = 0
        while pos < size:
            fh.seek(pos)
            head = fh.read(16)
            if len(head) < 8:
                break
            box, kind = struct.unpack(">I4s", head[:8])
            if box == 1 and len(head) == 16:
                box = struct.unpack(">Q", head[8:])[0]
            elif box == 0:
                box = size - pos
            if box < 8:
                break
            kinds.add(kind)
            pos += box
    if pos != size or not {b"ftyp", b"moov", b"mdat"} <= kinds:
        raise LightsartError(f"cannot write {name}: ffmpeg left an incomplete MP4")
    return size
