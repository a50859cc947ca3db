"""``lightsart video`` at its edges: clips that are barely films, odd rates, odd names, odd files.

Every clip is made here by ffmpeg from scikit-image's photographs (moving crops, so frames
differ), in the test's own folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from film_page import page_segment
from PIL import Image
from refusal import refused

from lightsart._cli import main


def _ffmpeg() -> str:
    import imageio_ffmpeg

    return str(imageio_ffmpeg.get_ffmpeg_exe())


def _photo_frames(folder: Path, count: int) -> Path:
    """``count`` PNG frames: a 64x48 window moving across the cat photograph, one pixel a
    frame; returns the ffmpeg input pattern."""
    from skimage import data

    photo = Image.fromarray(data.chelsea())
    for i in range(count):
        photo.crop((2 * i, i, 2 * i + 64, i + 48)).save(folder / f"in_{i:03d}.png")
    return folder / "in_%03d.png"


def _clip(folder: Path, name: str, count: int, *args: str, sound: bool = False,
          rate: float = 10) -> Path:
    """An H.264 clip of ``count`` photo frames read at ``rate`` (``args`` before the output:
    rate, timing)."""
    pattern = _photo_frames(folder, count)
    out = folder / name
    tone = ["-f", "lavfi", "-i", "sine=frequency=440:duration=5"] if sound else []
    subprocess.run([_ffmpeg(), "-v", "error", "-y", "-framerate", f"{rate:g}", "-i", str(pattern),
                    *tone, *args, "-pix_fmt", "yuv420p",
                    *(["-c:a", "aac", "-shortest"] if sound else []), str(out)], check=True)
    for png in folder.glob("in_*.png"):
        png.unlink()
    return out


def _film(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_a_stream_without_decodable_frames_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clip = _clip(tmp_path, "fine.mp4", 10, "-movflags", "+faststart")
    data = bytearray(clip.read_bytes())
    start = data.index(b"mdat") + 4  # the index is intact, every frame's bytes are zero
    data[start:] = bytes(len(data) - start)
    (tmp_path / "blank.mp4").write_bytes(bytes(data))
    clip.unlink()
    line = refused(["video", str(tmp_path / "blank.mp4"), "-o", str(tmp_path / "f.gif"),
                    "--size", "8x6"], tmp_path, capsys, "no frames ffmpeg can decode")
    assert "Nothing was written" not in line


def test_a_one_frame_clip_is_a_still_picture(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    clip = _clip(tmp_path, "one.mp4", 1)
    refused(["video", str(clip), "-o", str(tmp_path / "f.gif"), "--size", "8x6"], tmp_path,
            capsys, "holds a single frame")


def test_a_one_frame_stretch_says_one_frame_and_its_length(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clip = _clip(tmp_path, "ten.mp4", 10)
    assert main(["video", str(clip), "-o", str(tmp_path / "f.gif"), "--size", "8x6",
                 "--start", "0.5", "--end", "0.6"]) == 0
    out = capsys.readouterr().out
    assert "boards mode: 1 frame at 10 fps (0.1 s)" in out
    assert main(["video", str(clip), "-o", str(tmp_path / "g.gif"), "--size", "8x6",
                 "--fps", "30", "--start", "0.5", "--end", "0.52"]) == 0
    assert "1 frame at 30 fps (0.033 s)" in capsys.readouterr().out


def test_a_variable_rate_clip_is_filmed_at_its_fastest_rate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 20 frames at 20 fps (one second), then 4 frames at 4 fps (one second more).
    clip = _clip(tmp_path, "vfr.mp4", 24, "-vf",
                 "setpts='if(lt(N,20),N/20,1+(N-20)/4)/TB'", "-fps_mode", "vfr",
                 "-video_track_timescale", "600", rate=20)
    folder = tmp_path / "frames"
    data = _film(["video", str(clip), "--frames", str(folder), "--size", "8x6"], capsys)
    assert data["fps"] == 20
    assert any("varies" in note for note in data["notes"])
    boards = [np.asarray(Image.open(p)) for p in sorted(folder.iterdir())]
    # The first second keeps every one of its 20 frames (the average rate would drop some).
    assert data["frames"] == len(boards) >= 20


def test_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "clip.mp4"
    os.mkfifo(fifo)
    try:
        done = subprocess.run([sys.executable, "-m", "lightsart", "video", str(fifo), "-o",
                               str(tmp_path / "f.gif")], capture_output=True, text=True,
                              timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:  # pragma: no cover - the bug: ffmpeg waits for a writer
        pytest.fail("lightsart video waited on a named pipe")
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"lightsart: error: {fifo} is a named pipe, not a video file (lightsart films files)"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clip.mp4"]


@pytest.mark.parametrize("name", ["pipe:0", "http:clip.mp4"])
def test_a_clip_named_like_an_ffmpeg_protocol_is_that_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        name: str) -> None:
    clip = _clip(tmp_path, "clip.mp4", 10, sound=True)
    clip.rename(tmp_path / name)
    monkeypatch.chdir(tmp_path)
    r, w = os.pipe()  # what the caller's standard input holds must never be read as the clip
    os.write(w, b"not the clip\n")
    os.close(w)
    saved = os.dup(0)
    os.dup2(r, 0)
    try:
        data = _film(["video", name, "-o", "film.mp4", "--size", "8x6"], capsys)
    finally:
        os.dup2(saved, 0)
        os.close(saved)
        os.close(r)
    assert data["frames"] == 10 and data["sound"] is True
    header = subprocess.run([_ffmpeg(), "-hide_banner", "-i", "film.mp4"], capture_output=True,
                            text=True, check=False).stderr
    assert "Audio:" in header


def test_a_clip_slower_than_one_frame_a_second_says_its_rate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clip = _clip(tmp_path, "slow.mp4", 3, rate=0.5)
    line = refused(["video", str(clip), "-o", str(tmp_path / "f.gif"), "--size", "8x6"],
                   tmp_path, capsys, "has 0.5 frames per second")
    assert "--fps 1" in line and "got 0.5" not in line
    data = _film(["video", str(clip), "-o", str(tmp_path / "f.gif"), "--size", "8x6",
                  "--fps", "1"], capsys)
    assert data["fps"] == 1 and data["frames"] == 6


def _page_peak(tmp_path: Path, frames: int) -> int:
    """Peak bytes allocated while writing an ``.html`` film of ``frames`` frames of 4096 clicks."""
    import tracemalloc

    from lightsart._output.render import RenderStyle
    from lightsart._rules import Rules
    from lightsart._types import Frame
    from lightsart._video.output import write_film
    from lightsart._video.steps import Step

    board = np.ones((64, 64), np.uint8)
    presses = np.ones((64, 64), np.int64)

    def film() -> Any:
        yield Frame(board, 0.1), Step(board, None, 0)
        for _ in range(frames - 1):
            yield Frame(board, 0.1), Step(board, presses, presses.size)

    tracemalloc.start()
    try:
        write_film(film(), str(tmp_path / f"f{frames}.html"), None, 10.0, RenderStyle(cell=1),
                   Rules(64, 64), frames, None)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_an_html_film_is_written_in_flat_memory(tmp_path: Path) -> None:
    # 60 more frames of 4096 clicks each: 3.9 MB more as arrays, 8.8 MB as a list of ints.
    short, long = _page_peak(tmp_path, 20), _page_peak(tmp_path, 80)
    assert long - short < 1 << 20, (short, long)
    text = (tmp_path / "f80.html").read_text()
    segment = page_segment(text)
    assert segment["clicks"] == list(range(4096)) * 79
    frames = text.index('"frames":') + len('"frames":')
    assert json.JSONDecoder().raw_decode(text[frames:])[0] == [list(range(0, 4096 * 80, 4096))]


def test_the_steady_dithers_blur_takes_memory_linear_in_the_cells() -> None:
    """A 2x2048 board: dense band matrices took 2048 x 2048 floats (33 MB) per side."""
    import tracemalloc

    from lightsart._video.refine import SIGMA, blur, gaussian

    k = gaussian(SIGMA * np.sqrt(2.0))
    a = np.random.default_rng(3).standard_normal((2, 2048))
    tracemalloc.start()
    try:
        blurred = blur(a, k)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20
    # Zero outside the board: a full convolution of each row, then of each column, cut back.
    r = len(k) // 2
    rows = np.array([np.convolve(row, k)[r:-r] for row in a])
    expected = np.array([np.convolve(col, k)[r:-r] for col in rows.T]).T
    assert np.allclose(blurred, expected, rtol=0, atol=1e-12)


def test_a_film_frame_of_too_many_cells_is_refused_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsart import _limits as limits
    from lightsart._video import clip as clip_module

    clip = _clip(tmp_path, "ten.mp4", 10)
    monkeypatch.setattr(limits, "FILM_MAX_CELLS", 8 * 6 - 1)

    def no_decoding(*args: object, **kwargs: object) -> None:
        raise AssertionError("a frame was decoded")

    monkeypatch.setattr(clip_module, "read_frames", no_decoding)
    refused(["video", str(clip), "-o", str(tmp_path / "f.gif"), "--size", "8x6"], tmp_path,
            capsys, "at most 47 cells a frame (a smaller --size)")
