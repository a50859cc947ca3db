"""``lightsart video``: every output decoded and checked against independent arithmetic.

The clips are made here by ``scripts/make_test_clips.py`` (tiny: 64 pixels wide, 8 frames, a
generated tone as sound). Boards are read back from the decoded files, and each one is checked
with a brute-force press matrix over ``Z/k`` (:mod:`brute`): every frame is reachable from the
all-lit board, and in play mode every step is a press set of at most N clicks (the fewest press
set for the difference, found by trying every element of the kernel).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from itertools import pairwise, product
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from brute import press_matrix
from film_page import page_segment
from PIL import Image, ImageSequence
from refusal import refused
from script_loader import load_script
from videos import decode_video

from lightsart._cli import main
from lightsart._errors import TooLarge
from lightsart._output.render import RenderStyle
from lightsart._rules import Rules
from lightsart._types import Frame
from lightsart._video.steps import Step

ROOT = Path(__file__).resolve().parents[2]
CELL = 6
FPS = 8.0


def _clips_module() -> Any:
    return load_script("scripts/make_test_clips.py")


@pytest.fixture(scope="module")
def clips(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("clips")
    return dict(_clips_module().make_clips(folder, width=64, seconds=1.0, fps=FPS))


# --------------------------------------------------------------------------- arithmetic


def _solve_mod(a: np.ndarray, b: np.ndarray, p: int) -> tuple[np.ndarray | None, list[np.ndarray]]:
    """A solution of ``a x = b`` over GF(p) (None if there is none) and a kernel basis."""
    a, b = a.copy() % p, b.copy() % p
    rows, cols = a.shape
    pivots: list[int] = []
    r = 0
    for c in range(cols):
        found = next((i for i in range(r, rows) if a[i, c]), None)
        if found is None:
            continue
        a[[r, found]], b[[r, found]] = a[[found, r]], b[[found, r]]
        inv = pow(int(a[r, c]), -1, p)
        a[r], b[r] = a[r] * inv % p, b[r] * inv % p
        for i in range(rows):
            if i != r and a[i, c]:
                f = a[i, c]
                a[i], b[i] = (a[i] - f * a[r]) % p, (b[i] - f * b[r]) % p
        pivots.append(c)
        r += 1
    if (b[r:] % p).any():
        return None, []
    x = np.zeros(cols, np.int64)
    for i, c in enumerate(pivots):
        x[c] = b[i]
    kernel = []
    for free in (c for c in range(cols) if c not in pivots):
        v = np.zeros(cols, np.int64)
        v[free] = 1
        for i, c in enumerate(pivots):
            v[c] = -a[i, free] % p
        kernel.append(v)
    return x, kernel


def _fewest_presses(before: np.ndarray, after: np.ndarray, rules: Rules) -> int | None:
    """The fewest presses taking ``before`` to ``after`` (None: no press set does)."""
    k = rules.states
    x, kernel = _solve_mod(press_matrix(rules), (after.astype(np.int64) - before).reshape(-1), k)
    if x is None:
        return None
    best = None
    for coeffs in product(range(k), repeat=len(kernel)):
        v = x.copy()
        for c, basis in zip(coeffs, kernel, strict=True):
            v = (v + c * basis) % k
        best = int(v.sum()) if best is None else min(best, int(v.sum()))
    return best


def _reachable(board: np.ndarray, rules: Rules) -> bool:
    return _fewest_presses(np.full(board.shape, rules.states - 1), board, rules) is not None


# ------------------------------------------------------------------------------ decoding


def _mp4_boards(path: Path, width: int, height: int, states: int = 2) -> np.ndarray:
    video = decode_video(path, width * CELL, height * CELL)
    grey = video[:, CELL // 2 :: CELL, CELL // 2 :: CELL, 0].astype(np.float64)
    return np.rint(grey / 255 * (states - 1)).astype(np.uint8)


def _gif_boards(path: Path, states: int = 2) -> Iterator[np.ndarray]:
    with Image.open(path) as gif:
        for frame in ImageSequence.Iterator(gif):
            grey = np.asarray(frame.convert("L"), dtype=np.float64)[CELL // 2 :: CELL,
                                                                    CELL // 2 :: CELL]
            yield np.rint(grey / 255 * (states - 1)).astype(np.uint8)


def _header(path: Path) -> str:
    import imageio_ffmpeg

    done = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-i", str(path)],
                          capture_output=True, check=False)
    return done.stderr.decode()


def _duration(header: str) -> float:
    line = next(x for x in header.splitlines() if "Duration:" in x)
    h, m, s = line.split("Duration:")[1].split(",")[0].strip().split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def _film(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main([*argv, "--cell", str(CELL), "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


# --------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("name", ["pan_zoom", "crossfade", "silhouettes", "scrolling_text"])
def test_boards_mode_mp4_every_frame_reachable_with_sound(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        name: str) -> None:
    out = tmp_path / "film.mp4"
    data = _film(["video", str(clips[name]), "-o", str(out), "--size", "8x6"], capsys)
    rules = Rules(6, 8)
    assert data["board"] == {"width": 8, "height": 6, "nullity": 6}
    boards = _mp4_boards(out, 8, 6)
    assert len(boards) == data["frames"] == 8
    assert all(_reachable(b, rules) for b in boards)
    # The clicks between consecutive boards are the fewest (brute force over the 64 kernel
    # elements) and add up to the total.
    fewest = [_fewest_presses(a, b, rules) for a, b in pairwise(boards)]
    assert data["clicks_per_frame"] == fewest
    assert data["clicks_total"] == sum(fewest)
    header = _header(out)
    assert "Audio:" in header and data["sound"] is True
    assert abs(_duration(header) - 1.0) <= 1.5 / FPS


def test_play_mode_every_step_is_at_most_n_clicks(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "play.mp4"
    data = _film(["video", str(clips["crossfade"]), "-o", str(out), "--size", "8x6",
                  "--mode", "play", "--clicks-per-frame", "3"], capsys)
    rules = Rules(6, 8)
    boards = _mp4_boards(out, 8, 6)
    assert len(boards) == data["frames"]
    assert data["clicks_limit"] == 3
    assert _reachable(boards[0], rules)
    steps = [_fewest_presses(a, b, rules) for a, b in pairwise(boards)]
    assert all(s is not None and s <= 3 for s in steps), steps
    assert all(c <= 3 for c in data["clicks_per_frame"])
    assert sum(data["clicks_per_frame"]) > 0  # the cross-fade moves the game


def test_gif_and_frames_hold_the_same_reachable_boards(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, folder = tmp_path / "film.gif", tmp_path / "frames"
    data = _film(["video", str(clips["silhouettes"]), "-o", str(out), "--frames", str(folder),
                  "--size", "8x6"], capsys)
    pngs = sorted(folder.glob("frame_*.png"))
    assert len(pngs) == data["frames"] == 8
    from_pngs = [np.asarray(Image.open(p).convert("L"))[CELL // 2 :: CELL, CELL // 2 :: CELL]
                 // 255 for p in pngs]
    rules = Rules(6, 8)
    assert all(_reachable(b, rules) for b in from_pngs)
    shown = list(_gif_boards(out))
    # A GIF stores a board held over frames once: the distinct boards in order are the same.
    distinct = [b for k, b in enumerate(from_pngs) if k == 0 or not np.array_equal(b, from_pngs[k - 1])]
    assert len(shown) == len(distinct)
    assert all(np.array_equal(a, b) for a, b in zip(shown, distinct, strict=True))


def test_three_states_every_frame_reachable_over_z3(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "grey.mp4"
    data = _film(["video", str(clips["pan_zoom"]), "-o", str(out), "--size", "5x4",
                  "--states", "3", "--no-audio"], capsys)
    rules = Rules(4, 5, states=3)
    boards = _mp4_boards(out, 5, 4, states=3)
    assert len(boards) == data["frames"]
    assert all(_reachable(b, rules) for b in boards)
    assert "Audio:" not in _header(out) and data["sound"] is False


def test_start_and_end_trim_the_film_and_its_sound(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cut.mp4"
    data = _film(["video", str(clips["pan_zoom"]), "-o", str(out), "--size", "8x6",
                  "--start", "0.25", "--end", "0.75"], capsys)
    assert data["frames"] == 4 and data["start"] == 0.25
    header = _header(out)
    assert "Audio:" in header
    assert abs(_duration(header) - 0.5) <= 1.5 / FPS


def test_html_replays_the_films_clicks(clips: dict[str, Path], tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out, folder = tmp_path / "film.html", tmp_path / "frames"
    data = _film(["video", str(clips["crossfade"]), "-o", str(out), "--frames", str(folder),
                  "--size", "8x6", "--mode", "play", "--clicks-per-frame", "4"], capsys)
    text = out.read_text()
    assert '"clicks":"' in text  # packed
    segment = page_segment(text)
    assert len(segment["clicks"]) == data["clicks_total"]
    pngs = sorted(folder.glob("frame_*.png"))
    first, last = (np.asarray(Image.open(p).convert("L"))[CELL // 2 :: CELL, CELL // 2 :: CELL]
                   // 255 for p in (pngs[0], pngs[-1]))
    assert np.array_equal(np.array([[int(c) for c in row] for row in segment["start"]]), first)
    board = first.reshape(-1).astype(np.int64)
    a = press_matrix(Rules(6, 8))
    for cell in segment["clicks"]:  # pressed again, the page's clicks end on the last frame
        board = (board + a[:, cell]) % 2
    assert np.array_equal(board.reshape(6, 8), last)


def test_a_still_clip_is_a_still_film(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture, clip = tmp_path / "still.png", tmp_path / "still.mov"
    rng = np.random.default_rng(1)
    Image.fromarray(rng.integers(0, 256, (24, 32), dtype=np.uint8)).save(picture)
    # One picture, shown for a second as lossless PNG frames: every decoded frame the same.
    subprocess.run([_ffmpeg(), "-v", "error", "-loop", "1", "-i", str(picture), "-t", "1",
                    "-r", "8", "-c:v", "png", str(clip)], check=True)
    data = _film(["video", str(clip), "-o", str(tmp_path / "still.mp4"), "--size", "16x12"],
                 capsys)
    assert data["frames"] == 8
    assert data["clicks_per_frame"] == [0] * 7


def test_slow_pan_moves_its_texture_with_it_and_keeps_structure(tmp_path: Path) -> None:
    """The issue's slow pan (a fifth of a cell per frame, 48x35): the dot texture travels with
    the picture (issue 33), a whole cell at a time: each frame is either the previous board
    moved one cell the way the picture moves (at least 90 % of the overlap equal) or changes
    few cells (1 % on average, 2 % at most); the steps add up to the picture's travel; and the
    structure score per frame is at least that of Pillow's ``convert("1")`` of the same
    frame."""
    from lightsart._pictures.likeness import structure_score
    from lightsart._settings import Look, Pictures
    from lightsart._video.film import Filming, make_film

    clips = _clips_module()
    clip = clips.make_clips(tmp_path, width=192, seconds=2.0, fps=24,
                            names=("slow_pan",), sound=False)["slow_pan"]
    folder = tmp_path / "frames"
    make_film(str(clip), None, frames_dir=str(folder), pictures=Pictures(size="48x35"),
              look=Look(cell=1), filming=Filming())
    boards = [np.asarray(Image.open(p).convert("L")) // 255 for p in sorted(folder.iterdir())]
    steps, changed = 0, []
    for a, b in pairwise(boards):
        if np.mean(a[:, 1:] == b[:, :-1]) >= 0.9:  # the picture slides left: so do the dots
            steps += 1
        else:
            changed.append(float(np.mean(a != b)))
    assert np.mean(changed) <= 0.01 and max(changed) <= 0.02
    travel = clips.SLOW_PAN_CELLS_PER_FRAME * (len(boards) - 1)
    assert abs(steps - travel) <= 1.5
    frames = _pan_frames(clip)
    assert len(frames) == len(boards)
    ours = np.mean([structure_score(b, f) for b, f in zip(boards, frames, strict=True)])
    pillow = np.mean([structure_score(_pillow(f), f) for f in frames])
    assert ours >= pillow


def _pan_frames(clip: Path) -> list[np.ndarray]:
    from lightsart._pictures.image import fit_to_board
    from lightsart._video.clip import luminance, probe

    info = probe(str(clip))
    raw = subprocess.run([_ffmpeg(), "-v", "error", "-i", str(clip), "-f", "rawvideo",
                          "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
    video = np.frombuffer(raw, np.uint8).reshape(-1, info.height, info.width, 3)
    return [fit_to_board(luminance(f), 48, 35, "cover") for f in video]


def _ffmpeg() -> str:
    import imageio_ffmpeg

    return str(imageio_ffmpeg.get_ffmpeg_exe())


def _pillow(frame: np.ndarray) -> np.ndarray:
    picture = Image.fromarray(np.round(frame * 255).astype(np.uint8)).convert("1")
    return (np.asarray(picture) > 0).astype(np.uint8)


# ------------------------------------------------------------------------------ refusals


def _bad_clips(folder: Path, clips: dict[str, Path]) -> dict[str, Path]:
    exe = _ffmpeg()
    made = {"text": folder / "notes.mp4", "sound": folder / "sound.m4a",
            "cut": folder / "cut.mp4", "empty": folder / "empty.mp4",
            "cut_late": folder / "late.mp4", "still": folder / "still.png"}
    made["text"].write_text("not a film\n")
    subprocess.run([exe, "-v", "error", "-i", str(clips["pan_zoom"]), "-vn", "-c:a", "copy",
                    str(made["sound"])], check=True)
    data = clips["pan_zoom"].read_bytes()
    made["cut"].write_bytes(data[: len(data) // 2])
    subprocess.run([exe, "-v", "error", "-i", str(clips["pan_zoom"]), "-t", "0",
                    str(made["empty"])], check=True)
    faststart = folder / "faststart.mp4"
    subprocess.run([exe, "-v", "error", "-i", str(clips["pan_zoom"]), "-c", "copy", "-movflags",
                    "+faststart", str(faststart)], check=True)
    whole = faststart.read_bytes()
    made["cut_late"].write_bytes(whole[: len(whole) * 2 // 5])
    faststart.unlink()
    Image.new("L", (8, 8)).save(made["still"])
    return made


@pytest.mark.parametrize(("case", "words"), [
    ("text", "is not a video"), ("sound", "no video stream"), ("cut", "truncated"),
    ("empty", "no video stream"), ("cut_late", "truncated"), ("still", "still picture"),
])
def test_a_clip_that_is_not_a_film_is_one_line_and_nothing_written(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str,
        words: str) -> None:
    bad = _bad_clips(tmp_path, clips)[case]
    (tmp_path / "old.mp4").write_bytes(b"an older film")
    (tmp_path / "frames").mkdir()
    (tmp_path / "frames" / "frame_00000.png").write_bytes(b"an older frame")
    refused(["video", str(bad), "-o", str(tmp_path / "old.mp4"), "--frames",
             str(tmp_path / "frames"), "--size", "8x6"], tmp_path, capsys, words)


def test_frames_times_cells_are_bounded_before_any_work(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsart import _limits as limits

    monkeypatch.setattr(limits, "FILM_MAX_CELL_FRAMES", 8 * 6 * 7)
    refused(["video", str(clips["pan_zoom"]), "-o", str(tmp_path / "f.gif"), "--size", "8x6"],
            tmp_path, capsys, "frames x cells")


def test_an_html_films_size_is_bounded_before_any_work(
        clips: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsart._video import output

    monkeypatch.setattr(output, "PAGE_MAX_CLICK_BYTES", 3 * 51)  # three frames of presses
    (tmp_path / "old.html").write_text("an older page")
    line = refused(["video", str(clips["pan_zoom"]), "-o", str(tmp_path / "old.html"),
                    "--size", "8x6"], tmp_path, capsys, "MB of clicks")
    assert "film at most 0 s" in line and ".mp4" in line
    (tmp_path / "old.html").unlink()
    # Unknown in advance (a stream of frames): refused as the frames come, nothing written.
    frames = [(Frame(np.ones((6, 8), np.uint8), 0.1), Step(np.ones((6, 8), np.uint8),
                                                           np.ones((6, 8), np.int64), 48))] * 5
    with pytest.raises(TooLarge, match="MB of clicks"):
        output.write_film(iter(frames), str(tmp_path / "f.html"), None, 10.0,
                          RenderStyle(cell=1), Rules(6, 8), None, None)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(output, "PAGE_MAX_CLICK_BYTES", 4 * 51)  # 48 presses, 3 for steps
    output.write_film(iter(frames), str(tmp_path / "f.html"), None, 10.0, RenderStyle(cell=1),
                      Rules(6, 8), None, None)
    assert page_segment((tmp_path / "f.html").read_text())["clicks"] == list(range(48)) * 4


@pytest.mark.parametrize("argv", [
    ["--start", "5"], ["--start", "0.5", "--end", "0.25"], ["--fps", "500"],
    ["--export-model", "m.lp"], ["-o", "film.png"], ["--clicks-per-frame", "5"],
])
def test_bad_film_options_are_one_line(clips: dict[str, Path], tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str],
                                       argv: list[str]) -> None:
    out = [] if "-o" in argv else ["-o", str(tmp_path / "f.gif")]
    refused(["video", str(clips["pan_zoom"]), *out, "--size", "8x6", *argv], tmp_path, capsys)


def test_a_fast_clip_is_filmed_at_30_fps_with_a_note(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    clip = _clips_module().make_clips(tmp_path, width=64, seconds=0.5, fps=60,
                                      names=("crossfade",), sound=False)["crossfade"]
    out = tmp_path / "film.gif"
    data = _film(["video", str(clip), "-o", str(out), "--size", "8x6"], capsys)
    assert data["fps"] == 30.0
    assert data["frames"] == 15  # half a second at 30 frames per second
    assert any("60 frames per second" in note for note in data["notes"])
    assert data["sound"] is False  # a GIF has no sound, and this clip none either
