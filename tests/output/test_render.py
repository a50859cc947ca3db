"""Rendering and the streaming writers, checked by decoding what they wrote.

Independent methods: boards are recovered from decoded pixels (``image[::cell, ::cell] > 127``)
and compared with boards built by re-applying clicks; pixel pictures are compared with
``np.kron``; GIF timings with exact sums of the frames' seconds; files are decoded with both
Pillow and imageio.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from pathlib import Path

import imageio.v3 as iio
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from videos import decode_video

from lightsart import Look, Pictures, Solving
from lightsart._core.board import apply_clicks
from lightsart._errors import LightsartError
from lightsart._output.formats import write_frames_file as write_animation
from lightsart._output.progress import Progress
from lightsart._output.render import (
    FRAME_GREY,
    RING_YELLOW,
    SHEET_BACKGROUND,
    WRONG_RED,
    RenderStyle,
    compare_image,
    compare_sheet,
    parse_colour,
    render,
    render_indices,
    sprites,
    write_png,
    write_side_by_side,
)
from lightsart._output.writers import GIF_MAX_DELAY_CS, write_frames, write_gif, write_mp4
from lightsart._types import Frame

PIXELS = RenderStyle(cell=3)
LIGHTS = RenderStyle(cell=10, kind="lights")


def random_board(rng: np.random.Generator, m: int, n: int) -> np.ndarray:
    return rng.integers(0, 2, (m, n)).astype(np.uint8)


def click_frames(m: int, n: int, clicks: int, seed: int = 0, step: float = 0.04,
                 hold: float = 1.0) -> list[Frame]:
    """A random board, ``clicks`` random single clicks (one frame each), then a hold."""
    rng = np.random.default_rng(seed)
    board = random_board(rng, m, n)
    frames = [Frame(board, hold)]
    for _ in range(clicks):
        x = np.zeros((m, n), np.uint8)
        x[rng.integers(0, m), rng.integers(0, n)] = 1
        board = apply_clicks(board, x)
        frames.append(Frame(board, step))
    frames.append(Frame(board, hold))
    return frames


def decoded_board(rgb: np.ndarray, cell: int) -> np.ndarray:
    return (rgb[::cell, ::cell, 0] > 127).astype(np.uint8)


def pillow_frames(path: Path) -> tuple[list[np.ndarray], list[int], dict[str, object]]:
    """Every frame of a GIF as RGB, its duration in ms, and the first frame's info."""
    with Image.open(path) as im:
        info = dict(im.info)
        images, durations = [], []
        for k in range(im.n_frames):
            im.seek(k)
            images.append(np.asarray(im.convert("RGB")))
            durations.append(int(im.info["duration"]))
    return images, durations, info


def merged_holds(frames: list[Frame]) -> list[tuple[np.ndarray, float]]:
    """Consecutive equal boards joined, with their summed seconds (what the GIF should show)."""
    out: list[tuple[np.ndarray, float]] = []
    for f in frames:
        if out and np.array_equal(out[-1][0], f.board):
            out[-1] = (out[-1][0], out[-1][1] + f.seconds)
        else:
            out.append((f.board, f.seconds))
    return out


# ------------------------------------------------------------------------------ style, render


def test_parse_colour() -> None:
    assert parse_colour("#ff8800") == (255, 136, 0)
    assert parse_colour("white") == (255, 255, 255)
    assert RenderStyle(lit="#102030").colours().lit == (16, 32, 48)  # type: ignore[arg-type]
    with pytest.raises(LightsartError, match="unknown colour"):
        parse_colour("not-a-colour")


@pytest.mark.parametrize("kwargs", [{"cell": 0}, {"cell": 10_000}, {"kind": "neon"},
                                    {"lit": (1, 2)}, {"panel": (0, 0, 300)}])
def test_bad_style(kwargs: dict[str, object]) -> None:
    with pytest.raises(LightsartError):
        RenderStyle(**kwargs)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(m=st.integers(1, 12), n=st.integers(1, 12), cell=st.integers(1, 6), seed=st.integers(0, 99))
def test_pixels_render_is_the_board_scaled_up(m: int, n: int, cell: int, seed: int) -> None:
    board = random_board(np.random.default_rng(seed), m, n)
    style = RenderStyle(cell=cell)
    image = render(board, style)
    expected = np.kron(board, np.ones((cell, cell), np.uint8)) * 255
    assert image.shape == (m * cell, n * cell, 3)
    for channel in range(3):
        assert np.array_equal(image[..., channel], expected)
    assert np.array_equal(decoded_board(image, cell), board)
    assert np.array_equal(sprites(style).palette[render_indices(board, style)], image)


@pytest.mark.parametrize("cell", [1, 2, 3, 5, 12, 40])
def test_lights_style_sanity(cell: int) -> None:
    style = RenderStyle(cell=cell, kind="lights")
    board = np.array([[1, 0, 1], [0, 1, 0]], np.uint8)
    image = render(board, style)
    assert image.shape == (2 * cell, 3 * cell, 3)
    assert len(sprites(style).palette) <= 256
    brightness = image.astype(float).sum(axis=2)
    cells = brightness.reshape(2, cell, 3, cell).mean(axis=(1, 3))
    assert cells[board == 1].min() > 2 * cells[board == 0].max()  # lit clearly brighter
    middle = cell // 2
    assert brightness[middle, middle] > brightness[middle, cell + middle]
    if cell >= 5:  # gaps: a cell's corner shows the dark panel, not the light
        assert brightness[0, 0] < brightness[middle, middle] / 2
    if cell >= 10:  # an unlit cell's corner is pure panel
        assert tuple(image[0, cell]) == style.colours().panel


def test_render_rejects_non_boards() -> None:
    with pytest.raises(LightsartError):
        render(np.array([[0, 2]]), PIXELS)


# ----------------------------------------------------------------------------------- GIF


@pytest.mark.parametrize("style", [PIXELS, LIGHTS], ids=["pixels", "lights"])
def test_gif_decodes_to_every_board_with_pillow_and_imageio(tmp_path: Path, style: RenderStyle) -> None:
    frames = click_frames(9, 13, 40, seed=3)
    path = tmp_path / "a.gif"
    written = write_gif(iter(frames), path, style)
    shown = merged_holds(frames)
    images, durations, info = pillow_frames(path)
    assert info["loop"] == 0
    assert written.images == len(images) == len(shown)
    assert durations == [round(seconds * 1000) for _, seconds in shown]
    for image, (board, _) in zip(images, shown, strict=True):
        assert np.array_equal(image, render(board, style))
        assert np.array_equal(decoded_board(image, style.cell), board) or style.kind == "lights"
    stack = iio.imread(path, index=None)
    assert stack.shape[0] == len(shown)
    for image, (board, _) in zip(stack, shown, strict=True):
        assert np.array_equal(image[..., :3], render(board, style))
    assert iio.immeta(path)["loop"] == 0


def test_gif_durations_accumulate_without_drift(tmp_path: Path) -> None:
    # 1/30 s does not fit centiseconds; accumulated rounding keeps every image within 1 cs
    # of its exact start and the total exact.
    frames = click_frames(6, 7, 60, seed=5, step=1 / 30, hold=2.5)
    path = tmp_path / "t.gif"
    write_gif(frames, path, PIXELS)
    _, durations, _ = pillow_frames(path)
    shown = merged_holds(frames)
    total = math.fsum(f.seconds for f in frames)
    assert sum(durations) == round(total * 100) * 10
    assert durations[0] == 2500 and durations[-1] == 2500 + 30  # last click frame + the hold
    starts = np.cumsum([0, *durations[:-1]]) / 1000
    exact = np.cumsum([0.0, *(s for _, s in shown[:-1])])
    assert np.abs(starts - exact).max() <= 0.01


def test_gif_long_holds(tmp_path: Path) -> None:
    a, b = np.eye(4, dtype=np.uint8), 1 - np.eye(4, dtype=np.uint8)
    frames = [Frame(a, 3.0), Frame(a, 4.0), Frame(b, 0.5), Frame(b, 700.0), Frame(a, 0.25)]
    path = tmp_path / "h.gif"
    written = write_gif(frames, path, PIXELS)
    images, durations, _ = pillow_frames(path)
    # a for 7 s is one image; b for 700.5 s exceeds the 16-bit delay and is split in two.
    assert durations == [7000, GIF_MAX_DELAY_CS * 10, 700500 - GIF_MAX_DELAY_CS * 10, 250]
    assert [decoded_board(i, 3).tolist() for i in images] == [
        a.tolist(), b.tolist(), b.tolist(), a.tolist()]
    assert written.frames == 5 and written.images == 4


def test_gif_frames_shorter_than_browsers_show_are_merged(tmp_path: Path) -> None:
    frames = click_frames(5, 5, 50, seed=2, step=0.005, hold=0.5)
    path = tmp_path / "fast.gif"
    write_gif(frames, path, PIXELS)
    images, durations, _ = pillow_frames(path)
    assert min(durations) >= 20 and sum(durations) == 1250
    assert np.array_equal(decoded_board(images[-1], 3), frames[-1].board)
    assert np.array_equal(decoded_board(images[0], 3), frames[0].board)


def test_gif_crops_each_image_to_what_changed(tmp_path: Path) -> None:
    frames = click_frames(100, 100, 200, seed=1)
    path = tmp_path / "big.gif"
    write_gif(frames, path, RenderStyle(cell=4))
    first = tmp_path / "first.gif"
    write_gif(frames[:1], first, RenderStyle(cell=4))
    per_click = (path.stat().st_size - first.stat().st_size) / 200
    assert per_click < 120  # a 3x3-cell crop, not a 400x400 image


def test_gif_reuses_nothing_from_a_mutated_source(tmp_path: Path) -> None:
    def mutating() -> Iterator[Frame]:
        board = np.zeros((4, 4), np.uint8)
        for k in range(4):
            board[k, k] = 1  # same array, changed after it was yielded
            yield Frame(board, 0.1)

    path = tmp_path / "m.gif"
    write_gif(mutating(), path, PIXELS)
    images, _, _ = pillow_frames(path)
    assert [int(decoded_board(i, 3).sum()) for i in images] == [1, 2, 3, 4]


# ----------------------------------------------------------------------------------- MP4


def expected_video(frames: list[Frame], fps: float) -> list[np.ndarray]:
    out, t = [], 0.0
    for f in frames:
        start = round(t * fps)
        t += f.seconds
        out += [f.board] * (round(t * fps) - start)
    return out


def test_mp4_frame_count_and_content(tmp_path: Path) -> None:
    frames = click_frames(7, 11, 20, seed=4, step=0.03, hold=0.5)  # 7x11 at cell 3 is odd-sized
    path = tmp_path / "v.mp4"
    written = write_animation(iter(frames), path, PIXELS, fps=25)
    video = decode_video(path, 34, 22)
    expected = expected_video(frames, 25)
    assert len(expected) == round(math.fsum(f.seconds for f in frames) * 25)
    assert video.shape == (len(expected), 22, 34, 3)  # 21x33 padded to even, never scaled
    assert written.images == len(expected)
    for image, board in zip(video, expected, strict=True):
        assert np.abs(image[:21, :33].astype(int) - render(board, PIXELS)).mean() < 3
        assert np.array_equal(decoded_board(image, 3)[:7, :11], board)
    assert video[:, :, 33].max() < 40 and video[:, 21].max() < 40  # padding is black


def test_mp4_lights_style_is_close(tmp_path: Path) -> None:
    frames = click_frames(4, 6, 5, seed=6, step=0.1, hold=0.2)
    path = tmp_path / "l.mp4"
    write_mp4(frames, path, LIGHTS, fps=10)
    video = decode_video(path, 60, 40)
    expected = expected_video(frames, 10)
    assert len(video) == len(expected)
    errors = [np.abs(v.astype(int) - render(b, LIGHTS)).mean() for v, b in zip(video, expected,
                                                                               strict=True)]
    assert max(errors) < 12


def test_mp4_without_ffmpeg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import imageio_ffmpeg

    def missing() -> str:
        raise RuntimeError("No ffmpeg exe could be found.")

    monkeypatch.setattr(imageio_ffmpeg, "get_ffmpeg_exe", missing)
    with pytest.raises(LightsartError, match="imageio-ffmpeg"):
        write_animation(click_frames(3, 3, 2), tmp_path / "x.mp4", PIXELS)
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------------ PNG files


def test_png_frames(tmp_path: Path) -> None:
    frames = click_frames(5, 6, 7, seed=8)
    written = write_frames(iter(frames), tmp_path / "frames", PIXELS)
    files = sorted((tmp_path / "frames").iterdir())
    assert [f.name for f in files] == [f"frame_{k:05d}.png" for k in range(len(frames))]
    assert written.images == len(frames)
    for f, frame in zip(files, frames, strict=True):
        assert np.array_equal(decoded_board(np.asarray(Image.open(f).convert("RGB")), 3),
                              frame.board)


def test_png(tmp_path: Path) -> None:
    rng = np.random.default_rng(9)
    result = random_board(rng, 8, 10)
    write_png(result, tmp_path / "r.png", LIGHTS)
    assert np.array_equal(np.asarray(Image.open(tmp_path / "r.png").convert("RGB")),
                          render(result, LIGHTS))


def test_compare_image_strip() -> None:
    rng = np.random.default_rng(9)
    target, result = random_board(rng, 8, 10), random_board(rng, 8, 10)
    image = compare_image(target, result, PIXELS)
    width, gap = 30, 4
    assert image.shape == (24, 3 * width + 2 * gap, 3)
    assert np.array_equal(image[:, :width], render(target, PIXELS))
    assert np.array_equal(image[:, width + gap : 2 * width + gap], render(result, PIXELS))
    wrong_panel = image[:, 2 * (width + gap) :]
    red = np.all(wrong_panel[::3, ::3] == WRONG_RED, axis=2)
    assert np.array_equal(red, (target != result))
    assert wrong_panel[::3, ::3][~red].max() < 128  # everything else dimmed


def framed_panels(image: np.ndarray, height: int, width: int) -> list[tuple[int, int]]:
    """Top-left corners of every ``height`` × ``width`` picture framed by one-pixel FRAME_GREY
    lines, found in the decoded pixels alone, left to right."""
    frame = np.all(image == FRAME_GREY, axis=2)
    found = []
    for y, x in np.argwhere(frame):  # candidate top-left frame corners
        bottom, right = y + height + 1, x + width + 1
        if bottom >= frame.shape[0] or right >= frame.shape[1]:
            continue
        if (frame[y, x : right + 1].all() and frame[bottom, x : right + 1].all()
                and frame[y : bottom + 1, x].all() and frame[y : bottom + 1, right].all()):
            found.append((int(y) + 1, int(x) + 1))
    return sorted(found, key=lambda corner: corner[1])


def centres(panel: np.ndarray, cell: int) -> np.ndarray:
    return panel[cell // 2 :: cell, cell // 2 :: cell]


@pytest.mark.parametrize("style", [RenderStyle(cell=3), RenderStyle(cell=9),
                                   RenderStyle(cell=12, kind="lights")],
                         ids=["pixels-3", "pixels-9", "lights-12"])
def test_compare_sheet_panels_decode_exactly(tmp_path: Path, style: RenderStyle) -> None:
    rng = np.random.default_rng(4)
    m, n = 11, 17
    target, result = random_board(rng, m, n), random_board(rng, m, n)
    wrong = target ^ result
    sheet = write_side_by_side([target, result, wrong], tmp_path / "c.png", style)
    with Image.open(tmp_path / "c.png") as im:
        image = np.asarray(im.convert("RGB"))
    assert np.array_equal(image, sheet.image)
    height, width = m * style.cell, n * style.cell
    corners = framed_panels(image, height, width)
    assert corners == [(box.top, box.left) for box in sheet.panels]
    panels = [image[y : y + height, x : x + width] for y, x in corners]
    # The target and board are exactly what write_png draws, and read back at cell centres.
    assert np.array_equal(panels[0], render(target, style))
    assert np.array_equal(panels[1], render(result, style))
    for panel, board in zip(panels[:2], (target, result), strict=True):
        assert np.array_equal((centres(panel, style.cell)[..., 0] > 127).astype(np.uint8), board)
    red = np.all(centres(panels[2], style.cell) == WRONG_RED, axis=2)
    assert np.array_equal(red, wrong.astype(bool))
    rest = centres(panels[2], style.cell)[~red]
    rest = rest[~np.all(rest == RING_YELLOW, axis=1)]  # small cells: rings cross their neighbours
    assert len(rest) and rest.max() < 128  # everything else dimmed
    assert sheet.wrong_pixels == int(wrong.sum())
    # Labels: light text above each panel, on the sheet's background elsewhere.
    for y, x in corners:
        above = image[: y - 1, x : x + min(width, 60)]
        assert (above.min(axis=2) > 180).any()
    assert np.all(image[:, :2] == SHEET_BACKGROUND)


def test_still_compare_file_shows_the_fit(tmp_path: Path) -> None:
    from lightsart._pipeline import make_still

    cat = Path(__file__).resolve().parents[2] / "samples" / "cat.png"
    # 19x19 has nullity 16: the decoding is exact, so some pixels are wrong and provably so.
    still = make_still(str(cat), str(tmp_path / "b.png"), compare=str(tmp_path / "c.png"),
                       pictures=Pictures(size=(19, 19)), solving=Solving(states=2),
                       look=Look(cell=5))
    fit = still.picture.fit
    with Image.open(tmp_path / "c.png") as im:
        image = np.asarray(im.convert("RGB"))
    corners = framed_panels(image, 19 * 5, 19 * 5)
    assert len(corners) == 3
    target, board, wrong = (image[y : y + 95, x : x + 95] for y, x in corners)
    assert np.array_equal((centres(target, 5)[..., 0] > 127).astype(np.uint8), fit.target)
    assert np.array_equal((centres(board, 5)[..., 0] > 127).astype(np.uint8), fit.board)
    red = np.all(centres(wrong, 5) == WRONG_RED, axis=2)
    assert np.array_equal(red, fit.wrong.astype(bool)) and red.sum() == fit.wrong_pixels > 0


def test_compare_sheet_rings_a_few_wrong_cells_on_a_big_board() -> None:
    rng = np.random.default_rng(5)
    result = random_board(rng, 128, 128)
    spots = [(0, 127), (64, 3), (127, 0)]  # edges and corners too
    target = result.copy()
    for spot in spots:
        target[spot] ^= 1
    style = RenderStyle(cell=3)
    sheet = compare_sheet(target, result, style)
    assert sheet.wrong_pixels == 3
    box = sheet.panels[2]
    ring = np.all(sheet.image == RING_YELLOW, axis=2)
    assert ring.sum() > 3 * 40  # a ring, not a dot, per wrong cell
    ys, xs = np.nonzero(ring)
    for i, j in spots:
        y, x = box.top + i * 3 + 1, box.left + j * 3 + 1
        near = np.hypot(ys - y, xs - x)
        assert ((near > 5) & (near < 12)).sum() > 20  # a ring round this cell ...
        assert np.array_equal(sheet.image[y, x], WRONG_RED)  # ... with the cell red inside
    # Every ring pixel is near some wrong cell, and rings never touch the other two panels.
    for y, x in zip(ys, xs, strict=True):
        assert min(math.hypot(y - (box.top + i * 3 + 1), x - (box.left + j * 3 + 1))
                   for i, j in spots) < 12
    for b, board in zip(sheet.panels[:2], (target, result), strict=True):
        assert np.array_equal(sheet.image[b.top : b.top + b.height, b.left : b.left + b.width],
                              render(board, style))
    # Large cells: the red cell is enough, no rings.
    assert not np.all(compare_sheet(target[:20, :20], result[:20, :20], RenderStyle(cell=9)).image
                      == RING_YELLOW, axis=2).any()


def test_compare_sheet_label_counts_and_narrow_boards() -> None:
    a = np.zeros((3, 3), np.uint8)
    b = a.copy()
    b[1, 1] = 1
    one, zero = compare_sheet(a, b, PIXELS), compare_sheet(a, a, PIXELS)
    assert (one.wrong_pixels, zero.wrong_pixels) == (1, 0)
    # The panels are 9 px wide, the labels much wider: the sheet makes room for them.
    assert one.image.shape[1] > 3 * 60 and one.panels[1].left - one.panels[0].left > 60
    label = slice(0, one.panels[2].top - 1)
    x = one.panels[2].left - 1  # (a ring round the wrong cell reaches left of its panel)
    assert not np.array_equal(one.image[label, x:], zero.image[label, x:])  # "1" vs "0"
    assert np.array_equal(one.image[label, : x - 12], zero.image[label, : x - 12])
    with pytest.raises(ValueError, match="labels"):
        compare_sheet(a, b, PIXELS, labels=["only one"])
    custom = compare_sheet(a, b, PIXELS, labels=["a", "b", "c"])
    assert custom.image.shape[1] < one.image.shape[1]


def test_png_needs_png_extension(tmp_path: Path) -> None:
    with pytest.raises(LightsartError, match=r"\.png"):
        write_png(np.ones((2, 2), np.uint8), tmp_path / "x.jpg", PIXELS)
    assert list(tmp_path.iterdir()) == []


# -------------------------------------------------------------------------- failure modes


@pytest.mark.parametrize("suffix", [".gif", ".mp4"])
@pytest.mark.parametrize("error", [RuntimeError, KeyboardInterrupt])
def test_failure_midway_leaves_no_file(tmp_path: Path, suffix: str,
                                       error: type[BaseException]) -> None:
    def broken() -> Iterator[Frame]:
        yield from click_frames(4, 4, 5)
        raise error("boom")

    with pytest.raises(error):
        write_animation(broken(), tmp_path / f"out{suffix}", PIXELS)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["x.gif", "x.mp4", "x.png"])
def test_unwritable_places(tmp_path: Path, name: str) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    board = np.ones((2, 2), np.uint8)
    for place in (tmp_path / "missing" / name, blocker / name, Path("/proc") / name):
        with pytest.raises(LightsartError, match="cannot write") as info:
            if name.endswith(".png"):
                write_png(board, place, PIXELS)
            else:
                write_animation([Frame(board, 1.0)], place, PIXELS)
        assert "\n" not in str(info.value)
    with pytest.raises(LightsartError, match="is a file"):
        write_frames([Frame(board, 1.0)], blocker, PIXELS)


def test_bad_extension_and_no_frames(tmp_path: Path) -> None:
    with pytest.raises(LightsartError, match=r"\.gif, \.mp4"):
        write_animation(click_frames(3, 3, 1), tmp_path / "out.avi", PIXELS)
    for suffix in (".gif", ".mp4"):
        with pytest.raises(LightsartError, match="no frames"):
            write_animation([], tmp_path / f"empty{suffix}", PIXELS)
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------------- progress


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_silent_without_a_terminal(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    stream = io.StringIO()
    with Progress(10, "work", stream=stream, interval=0) as bar:
        for _ in range(10):
            bar.advance()
    assert stream.getvalue() == ""
    write_animation(click_frames(3, 3, 3), tmp_path / "p.gif", PIXELS, progress_total=5)
    assert capsys.readouterr().err == ""


def test_progress_draws_throttles_and_clears() -> None:
    stream = FakeTerminal()
    with Progress(4, "writing", stream=stream, interval=0) as bar:
        bar.advance(2)
        assert "2/4" in stream.getvalue() and "50%" in stream.getvalue()
    assert stream.getvalue().endswith("\r\x1b[K")
    slow = FakeTerminal()
    with Progress(None, "counting", stream=slow, interval=3600) as bar:
        for _ in range(100):
            bar.advance()
    assert slow.getvalue().count("counting") == 1  # first draw only, then throttled
