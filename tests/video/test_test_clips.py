"""``scripts/make_test_clips.py --photos``: the HD clip of six segments, checked by decoding it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image
from script_loader import load_script

from lightsart._video.clip import probe, read_frames


def test_segments_clip_from_photos(tmp_path: Path) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    rng = np.random.default_rng(0)
    for k in range(6):  # the largest five are used: the 20x20 one is left out
        side = 20 if k == 5 else 90 + 10 * k
        Image.fromarray(rng.integers(0, 256, (side, side + 30, 3), np.uint8)).save(
            photos / f"p{k}.png")
    (photos / "notes.txt").write_text("not a photo")
    clips = load_script("scripts/make_test_clips.py")
    path = clips.make_segments(tmp_path / "out", photos, width=64, seconds=3.0, fps=8)
    info = json.loads(path.with_suffix(".json").read_text())
    assert info["photos"] == [f"p{k}.png" for k in (4, 3, 2, 1, 0)]
    assert list(info["segments"]) == list(clips.SEGMENTS)
    clip = probe(str(path))
    assert (clip.width, clip.height, clip.audio) == (64, 36, True)
    frames = list(read_frames(clip, (64, 36), 8.0, 0.0, None))
    assert len(frames) == info["frames"] == 24
    per = 4
    cut = frames[2 * per: 3 * per]  # held, a hard cut half way, held
    assert np.abs(cut[1] - cut[0]).mean() < 0.02
    assert np.abs(cut[2] - cut[1]).mean() > 0.05
    text = frames[5 * per:]
    assert all(f.mean() < 0.3 for f in text)  # white text on black
    wall = frames[4 * per]  # the figure has not entered yet: a light, plain wall
    assert wall.mean() > 0.75 and wall.std() < 0.05
