"""Decoding written videos, for the tests of every writer and command that makes one."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def decode_video(path: Path, width: int, height: int) -> np.ndarray:
    """All frames of a video as RGB, decoded by the ffmpeg that imageio-ffmpeg provides.

    (imageio's own FFMPEG reader leaves pipes open, which pytest reports as unraisable
    ResourceWarnings; a plain subprocess does not.) The frame count comes from imageio-ffmpeg's
    own counter, so a video of another size cannot reshape into the same count.
    """
    import subprocess

    import imageio_ffmpeg

    frames, _ = imageio_ffmpeg.count_frames_and_secs(str(path))
    raw = subprocess.run(
        [imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-i", str(path), "-f", "rawvideo",
         "-pix_fmt", "rgb24", "-"], check=True, capture_output=True).stdout
    assert len(raw) == frames * height * width * 3
    return np.frombuffer(raw, np.uint8).reshape(frames, height, width, 3)
