"""An MP4's frames are sent to ffmpeg in one grey channel when every colour is grey, and a flat
cell is drawn by repeating it: the video x264 receives is the one the RGB drawing gave."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from lightsart._output import writers
from lightsart._output.render import RenderStyle, render
from lightsart._palette import Palette, greys
from lightsart._types import Frame
from lightsart._video.clip import ffmpeg_exe

STYLES = {
    "pixels": (RenderStyle(cell=3), 2, "gray"),
    "pixels, 4 greys": (RenderStyle(cell=5), 4, "gray"),
    "grid": (RenderStyle(cell=4, kind="grid"), 3, "gray"),
    "dots": (RenderStyle(cell=6, kind="dots"), 2, "rgb24"),
    "lights": (RenderStyle(cell=6, kind="lights"), 2, "rgb24"),
    "orange": (RenderStyle(cell=3, lit="#ff8000"), 2, "rgb24"),
    "orange panel": (RenderStyle(cell=3, kind="grid", panel="#ff8000"), 2, "rgb24"),
    "grey palette": (RenderStyle(cell=3, palette=greys(3)), 3, "gray"),
    "palette": (RenderStyle(cell=3, palette=Palette(((15, 56, 15), (48, 98, 48), (139, 172, 15),
                                                     (155, 188, 15)))), 4, "rgb24"),
}


@pytest.mark.parametrize("name", list(STYLES))
def test_drawing_is_render(name: str) -> None:
    style, states, pixels = STYLES[name]
    board = np.random.default_rng(1).integers(0, states, (7, 9)).astype(np.uint8)
    draw = writers._Drawing(style, states)
    assert draw.pixels == pixels
    expected = render(board, style, states)
    assert np.array_equal(draw(board), expected[..., 0] if pixels == "gray" else expected)


class _Rgb(writers._Drawing):
    """The drawing before: every frame in RGB, each cell's sprite placed."""

    def __init__(self, style: RenderStyle, states: int) -> None:
        super().__init__(style, states)
        self.cells = writers.sprites(style, states).rgb
        self.depth, self.pixels, self.flat = (3,), "rgb24", False


def _video_md5(path: Path) -> str:
    done = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(path), "-map", "0:v",
                           "-f", "md5", "-"], capture_output=True, check=True, text=True)
    return done.stdout.strip()


@pytest.mark.parametrize("name", ["pixels", "pixels, 4 greys", "grid", "grey palette"])
def test_grey_frames_give_the_rgb_frames_video(tmp_path: Path, name: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    style, states, _ = STYLES[name]
    rng = np.random.default_rng(2)
    frames = [Frame(rng.integers(0, states, (7, 11)).astype(np.uint8), 0.1) for _ in range(6)]
    writers.write_mp4(frames, tmp_path / "grey.mp4", style, fps=10, states=states)
    monkeypatch.setattr(writers, "_Drawing", _Rgb)
    writers.write_mp4(frames, tmp_path / "rgb.mp4", style, fps=10, states=states)
    assert _video_md5(tmp_path / "grey.mp4") == _video_md5(tmp_path / "rgb.mp4")
