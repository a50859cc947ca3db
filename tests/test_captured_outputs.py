"""The fixed commands of ``scripts/capture_outputs.py`` print and write what was recorded.

This is the witness of the 0.3 redesign: code may move, what the commands do may not (JSON may
only gain keys).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import numpy as np
import pytest
from script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent


capture = load_script("scripts/capture_outputs.py")


def test_differences_allow_only_new_keys() -> None:
    old = {"a": 1, "b": [1, {"c": "x"}]}
    assert capture.differences(old, {**old, "new": 2}) == []
    assert capture.differences(old, {"a": 1, "b": [1, {"c": "x", "d": 0}]}) == []
    assert capture.differences(old, {"a": 2, "b": [1, {"c": "x"}]}) == [".a: 1 -> 2"]
    assert capture.differences(old, {"b": [1, {"c": "x"}]}) == [".a: removed"]
    assert capture.differences(old, {"a": 1, "b": [1]}) != []
    assert capture.differences("text", "text\n") != []


def test_every_case_is_recorded() -> None:
    recorded = json.loads(capture.GOLDEN.read_text())
    assert [name for name, _ in capture.CASES] == list(recorded)


@pytest.mark.parametrize("group", ["still", "animate", "solve|path|table", "census|sizes",
                                   "preview|play|bad"])
def test_commands_print_and_write_what_was_recorded(group: str) -> None:
    names = [n for n, _ in capture.CASES if n.startswith(tuple(group.split("|")))]
    recorded = json.loads(capture.GOLDEN.read_text())
    got = capture.capture(names, None, 1)
    # An answer the clock cut short depends on the machine's load: it cannot be compared.
    changed = {n: capture.differences(recorded[n], got[n]) for n in names
               if not capture._cut_short(got[n])}
    assert {n: d for n, d in changed.items() if d} == {}


# The records hold what lightsart decided, not the bytes a third-party encoder chose: each digest
# below must see through how a file was encoded and still see a change of one pixel or one cell.


def test_a_png_is_recorded_by_its_pixels(tmp_path: Path) -> None:
    from PIL import Image

    pixels = np.random.default_rng(1).integers(0, 2, (12, 20), dtype=np.uint8) * 255
    Image.fromarray(pixels).save(tmp_path / "fast.png", compress_level=1)
    Image.fromarray(pixels).save(tmp_path / "small.png", compress_level=9, optimize=True)
    assert (tmp_path / "fast.png").read_bytes() != (tmp_path / "small.png").read_bytes()
    assert capture._png_digest(tmp_path / "fast.png") == capture._png_digest(tmp_path / "small.png")
    pixels[3, 4] ^= 255
    Image.fromarray(pixels).save(tmp_path / "other.png")
    assert capture._png_digest(tmp_path / "other.png") != capture._png_digest(tmp_path / "fast.png")


def test_a_gif_is_recorded_by_what_a_viewer_sees(tmp_path: Path) -> None:
    from lightsart._output.writers import _GifStream

    palette = np.array([[0, 0, 0], [255, 255, 255]], np.uint8)
    black, white = np.zeros((8, 8), np.uint8), np.ones((8, 8), np.uint8)

    def gif(name: str, images: list[tuple[np.ndarray, int]]) -> str:
        with open(tmp_path / name, "wb") as fh:
            stream = _GifStream(fh, 8, 8, palette)
            for image, delay in images:
                stream.add(image, 0, 0, delay)
            stream.close()
        return capture._gif_digest(tmp_path / name)

    one = gif("one.gif", [(black, 50), (white, 30)])
    # The same hold written as two images of 25 cs: a viewer sees the same film.
    assert gif("split.gif", [(black, 25), (black, 25), (white, 30)]) == one
    assert gif("slower.gif", [(black, 60), (white, 30)]) != one
    assert gif("other.gif", [(black, 50), (black, 30)]) != one


def _write_mp4(frames: np.ndarray, path: Path) -> None:
    import imageio_ffmpeg

    writer = imageio_ffmpeg.write_frames(str(path), (frames.shape[2], frames.shape[1]), fps=10,
                                         codec="libx264", pix_fmt_out="yuv420p",
                                         output_params=["-crf", "12"], macro_block_size=1)
    writer.send(None)
    for frame in frames:
        writer.send(np.ascontiguousarray(frame))
    writer.close()


def test_an_mp4_is_checked_against_the_frames_sent_within_the_tolerance(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    cells = rng.integers(0, 2, (5, 12, 12), dtype=np.uint8) * 255
    frames = np.repeat(np.repeat(cells, 8, axis=1), 8, axis=2)[..., None].repeat(3, axis=3)
    _write_mp4(frames, tmp_path / "a.mp4")
    np.save(tmp_path / "sent.npy", frames)
    good = capture._mp4_digest(tmp_path / "a.mp4", tmp_path / "sent.npy")
    assert good.startswith("mp4:5 frames 96x96:")
    # One cell of one frame in the other state: the file no longer shows what was sent.
    frames[3, 16:24, 40:48] ^= 255
    np.save(tmp_path / "sent.npy", frames)
    assert "differ from those sent" in capture._mp4_digest(tmp_path / "a.mp4",
                                                            tmp_path / "sent.npy")
    np.save(tmp_path / "sent.npy", frames[:4])
    assert "decodes to" in capture._mp4_digest(tmp_path / "a.mp4", tmp_path / "sent.npy")


def test_an_lp_model_is_recorded_by_what_it_says() -> None:
    model = ("\\* m *\\\nMinimize\nOBJ: 0.5 z0 + 1.1 z1\nSubject To\nc1: x1 + x2 - 2 y1 + z0 = 1\n"
             "c2: x2 + z1 >= 0\nBounds\n 0 <= y1 <= 2\nGenerals\ny1\nBinaries\nx1\nx2\nEnd\n")
    printed_otherwise = ("\\* m *\\\nMinimize\nOBJ: 1.10000000000 z1\n + 0.5 z0\nSubject To\n"
                         "c2: z1 + 1 x2 >= 0\nc1: - 2 y1 + x1 + x2\n + z0 = 1.0\nBounds\n"
                         "0 <= y1 <= 2.0\nGenerals\ny1\nBinaries\nx2 x1\nEnd\n")
    assert capture._lp_model(model) == capture._lp_model(printed_otherwise)
    assert capture._lp_model(model)["rows"]["c1"][0] == [("x1", "1"), ("x2", "1"), ("y1", "-2"),
                                                         ("z0", "1")]
    for changed in (model.replace("- 2 y1", "- 3 y1"), model.replace(">= 0", "<= 0"),
                    model.replace("<= 2", "<= 3"), model.replace("Binaries\nx1\n", "Binaries\n")):
        assert capture._lp_model(changed) != capture._lp_model(model)


def test_a_census_database_is_recorded_by_its_rows(tmp_path: Path) -> None:
    import sqlite3
    import zlib

    def make(path: Path, rows: list[tuple[int, str, bytes]], page_size: int) -> str:
        with contextlib.closing(sqlite3.connect(path)) as db:
            db.execute(f"PRAGMA page_size = {page_size}")
            db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT, data BLOB)")
            db.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
            db.commit()
        return capture._sqlite_digest(path)

    data = bytes(range(256)) * 8
    fast, small = zlib.compress(data, 1), zlib.compress(data, 9)
    assert fast != small
    same = make(tmp_path / "a.sqlite", [(1, '{"seconds": 0.25}', fast)], 1024)
    assert same == make(tmp_path / "b.sqlite", [(1, '{"seconds": 0.5}', small)], 4096)
    assert same != make(tmp_path / "c.sqlite", [(1, '{"seconds": 0.25}', zlib.compress(data[1:]))],
                        1024)
    assert same != make(tmp_path / "d.sqlite", [(2, '{"seconds": 0.25}', fast)], 1024)
