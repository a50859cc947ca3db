"""A film people can watch: its MP4's default size (whole-pixel cells, about full HD), the
maths library's threads while filming, and the decode size."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import imageio_ffmpeg
import numpy as np
import pytest
from videos import decode_video

from lightsart._cli import main
from lightsart._video.clip import OVERSAMPLE, Clip, decode_size
from lightsart._video.film import HD, _one_maths_thread, film_cell


@pytest.mark.parametrize(("board", "clip", "cell"), [
    ((100, 56), (1920, 1080), 19),   # 1900x1064
    ((100, 56), (1280, 720), 12),    # the clip's own height, not enlarged
    ((100, 56), (3840, 2160), 19),   # shrunk to full HD
    ((56, 100), (1080, 1920), 19),   # upright
    ((100, 56), (240, 136), 4),      # a small clip: never below animate's 480 pixels
    ((2000, 1125), (3840, 2160), 1),
])
def test_the_film_cell_fits_the_clip_within_full_hd(board: tuple[int, int],
                                                    clip: tuple[int, int], cell: int) -> None:
    got = film_cell(*board, *clip)
    assert got == cell
    long, short = max(HD), min(HD)
    if cell > 1 and cell > 480 // max(board):
        w, h = board[0] * got, board[1] * got
        assert w <= min(clip[0], long if clip[0] >= clip[1] else short)
        assert h <= min(clip[1], short if clip[0] >= clip[1] else long)
        assert (board[0] * (got + 1) > min(clip[0], long if clip[0] >= clip[1] else short)
                or board[1] * (got + 1) > min(clip[1], short if clip[0] >= clip[1] else long))


def _clip(path: Path, size: tuple[int, int], frames: int = 3) -> Path:
    w, h = size
    subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"testsrc2=size={w}x{h}:rate=10", "-frames:v", str(frames), "-pix_fmt",
                    "yuv420p", str(path)], check=True)
    return path


def test_a_films_mp4_is_drawn_at_the_clips_height_in_whole_cells(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clip = _clip(tmp_path / "c.mp4", (640, 360))
    out = tmp_path / "f.mp4"
    assert main(["video", str(clip), "-o", str(out), "--size", "32", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    w, h = data["board"]["width"], data["board"]["height"]
    cell = film_cell(w, h, 640, 360)
    assert cell == min(640 // w, 360 // h) > 480 // max(w, h)
    frames = decode_video(out, w * cell + (w * cell) % 2, h * cell + (h * cell) % 2)
    assert len(frames) == 3
    # whole-pixel cells: every cell's block is one colour
    first = frames[0, : h * cell, : w * cell].astype(int)
    blocks = first.reshape(h, cell, w, cell, 3)
    inner = blocks[:, 2:-2, :, 2:-2]  # x264's chroma edges aside
    assert np.abs(inner - inner[:, :1, :, :1]).max() <= 24


def test_a_gif_film_keeps_animates_default_size(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image

    clip = _clip(tmp_path / "c.mp4", (640, 360), 2)
    out = tmp_path / "f.gif"
    assert main(["video", str(clip), "-o", str(out), "--size", "32", "--json"]) == 0
    board = json.loads(capsys.readouterr().out)["board"]
    with Image.open(out) as gif:
        assert gif.size[0] == board["width"] * (480 // max(board["width"], board["height"]))


def test_filming_holds_blas_to_one_thread() -> None:
    from threadpoolctl import threadpool_info

    np.ones((4, 4)) @ np.ones((4, 4))  # BLAS loaded
    with _one_maths_thread():
        assert all(lib["num_threads"] == 1 for lib in threadpool_info()
                   if lib["user_api"] == "blas")


def test_frames_are_decoded_at_twice_the_board() -> None:
    clip = Clip("c.mp4", 1920, 1080, 24.0, 1.0, False)
    assert decode_size(clip, (100, 56)) == (OVERSAMPLE * 100, round(OVERSAMPLE * 56.25))
    assert decode_size(Clip("c.mp4", 64, 48, 24.0, 1.0, False), (100, 75)) == (64, 48)


def test_packed_clicks_read_back_to_the_presses() -> None:
    """A film page's packed presses, read back by a reader written apart, are the presses."""
    from film_page import unpack_clicks

    from lightsart._video.output import pack_clicks

    rng = np.random.default_rng(5)
    for size in (1, 7, 22400, 1 << 21):
        last, packed, cells = 0, [], []
        for _ in range(20):  # frames: ascending within each, repeats for a cell pressed twice
            frame = np.sort(rng.integers(0, size, rng.integers(1, 40)))
            packed.append(pack_clicks(frame, last, size))
            cells += frame.tolist()
            last = int(frame[-1])
        assert unpack_clicks("".join(packed), size) == cells
    # About a character a press where presses are a few cells apart (boards mode's frames).
    dense = np.flatnonzero(rng.random(22400) < 0.2)
    assert len(pack_clicks(dense, 0, 22400)) < 1.05 * dense.size
