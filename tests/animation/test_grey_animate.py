"""Grey-level animations (issue 13): ``animate --states K`` decoded frame by frame.

Every GIF / PNG frame is decoded back to a board of K levels; each step must be exactly one press
(``press_mod`` of a unit vector) when frames hold one press, the first frame fit A's board and
the last fit B's. K = 2 stays byte-identical to the files made before k states existed.
"""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence
from script_loader import load_script

from lightsart import Look, Pictures, Solving, Timing
from lightsart._animation.orders import ORDERS, press_order
from lightsart._cli import main
from lightsart._errors import LightsartError
from lightsart._pipeline import make_animation
from lightsart._rules import Rules, press

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
_capture = load_script("scripts/capture_outputs.py")
A, B, C = (str(SAMPLES / name) for name in ("astronaut.png", "cat.png", "horse.png"))


def levels_of(image: Image.Image, cell: int, k: int) -> np.ndarray:
    """The board a ``pixels`` frame shows: grey ``round(255 s / (k-1))`` is level ``s``, exactly."""
    grey = np.asarray(image.convert("RGB")).astype(int)[cell // 2 :: cell, cell // 2 :: cell]
    assert (grey[..., 0] == grey[..., 1]).all() and (grey[..., 0] == grey[..., 2]).all()
    levels = np.rint(grey[..., 0] * (k - 1) / 255).astype(np.int64)
    exact = np.array([round(255 * s / (k - 1)) for s in range(k)])
    assert (grey[..., 0] == exact[levels]).all()
    return levels


def gif_boards(path: Path, cell: int, k: int) -> list[np.ndarray]:
    with Image.open(path) as im:
        return [levels_of(frame, cell, k) for frame in ImageSequence.Iterator(im)]


def single_press(before: np.ndarray, after: np.ndarray, rules: Rules, sign: int = 1) -> tuple[int, int]:
    """The one cell whose press (``sign=-1``: press taken back) turns ``before`` into ``after``."""
    k = rules.states
    change = (sign * (after - before)) % k
    # A press changes its own cell by 1 (the plus pattern's centre): that cell is among these.
    for i, j in np.argwhere(change == 1):
        unit = np.zeros(rules.shape, np.int64)
        unit[i, j] = 1
        if np.array_equal(press(unit, rules), change):
            return int(i), int(j)
    raise AssertionError(f"step is not one press: {int(np.count_nonzero(change))} cells changed")


@pytest.mark.parametrize(("k", "order"), [(3, "raster"), (4, "random"), (5, "morph"), (8, "raster")])
def test_every_gif_frame_is_one_press_from_fit_a_to_fit_b(tmp_path: Path, k: int, order: str) -> None:
    out = tmp_path / "g.gif"
    result = make_animation([A, B], str(out), pictures=Pictures(size=(7, 9)),
                            solving=Solving(states=k),
                            timing=Timing(order=order, seed=3, clicks_per_frame=1, hold=0.1),
                            look=Look(cell=2))
    rules = Rules(7, 9, states=k)
    fa, fb = (p.fit for p in result.pictures)
    (step,) = result.transitions
    boards = gif_boards(out, 2, k)
    assert np.array_equal(boards[0], fa.board) and np.array_equal(boards[-1], fb.board)
    assert len(boards) == result.frames == 1 + step.count == 1 + int(step.clicks.sum())
    pressed = np.zeros(rules.shape, np.int64)
    for before, after in itertools.pairwise(boards):
        pressed[single_press(before, after, rules)] += 1
    # The presses played are exactly the transition's press counts (each cell j times).
    assert np.array_equal(pressed, step.clicks)
    assert step.clicks.max() < k


def test_a_looped_chain_of_three_pictures_steps_one_press_at_a_time(tmp_path: Path) -> None:
    k, out = 4, tmp_path / "chain.gif"
    result = make_animation([A, B, C], str(out), pictures=Pictures(size=(6, 6)),
                            solving=Solving(states=k),
                            timing=Timing(order="raster", clicks_per_frame=1, hold=0.2, loop=True),
                            look=Look(cell=3))
    rules = Rules(6, 6, states=k)
    pictures = [p.fit.board for p in result.pictures]
    boards = gif_boards(out, 3, k)
    forward = sum(t.count for t in result.transitions)
    assert len(boards) == result.frames == 2 * forward
    assert np.array_equal(boards[0], pictures[0]) and np.array_equal(boards[forward], pictures[2])
    for s, (before, after) in enumerate(itertools.pairwise(boards)):
        single_press(before, after, rules, sign=1 if s < forward else -1)
    # The loop's last frame is one press short of the first picture: the restart closes it.
    single_press(boards[-1], boards[0], rules, sign=-1)


def test_batched_frames_and_png_frames_decode_to_sums_of_presses(tmp_path: Path) -> None:
    k = 3
    result = make_animation([A, B], None, frames_dir=str(tmp_path / "frames"),
                            pictures=Pictures(size=(8, 8)), solving=Solving(states=k),
                            timing=Timing(order="morph", duration=0.4, fps=10, hold=0),
                            look=Look(cell=2))
    fa, fb = (p.fit for p in result.pictures)
    files = sorted((tmp_path / "frames").glob("frame_*.png"))
    assert len(files) == result.frames == 5
    boards = []
    for f in files:
        with Image.open(f) as im:
            boards.append(levels_of(im, 2, k))
    assert np.array_equal(boards[0], fa.board) and np.array_equal(boards[-1], fb.board)


def test_press_order_repeats_each_cell_where_it_stands() -> None:
    x = np.array([[0, 2, 1], [3, 0, 0]])
    grey = np.array([[0.1, 0.9, 0.5], [0.3, 0.7, 0.2]])
    for order in ORDERS:
        cells = press_order(x, order, seed=1, rules=Rules(2, 3, states=4), picture=grey, mask=grey)
        assert len(cells) == 6
        counts = np.zeros_like(x)
        np.add.at(counts, (cells[:, 0], cells[:, 1]), 1)
        assert np.array_equal(counts, x)
        flat = [tuple(c) for c in cells.tolist()]
        # Each cell's presses are consecutive.
        runs = [c for i, c in enumerate(flat) if i == 0 or flat[i - 1] != c]
        assert len(runs) == len(set(runs)) == 3
    assert press_order(x, "raster").tolist() == [[0, 1], [0, 1], [0, 2], [1, 0], [1, 0], [1, 0]]


def test_json_and_summary_report_states_presses_and_proofs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a.mp4"
    assert main(["animate", A, B, "-o", str(out), "--states", "4", "--size", "10x10",
                 "--duration", "0.5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["states"] == 4
    (t,) = data["transitions"]
    assert t["states"] == 4 and t["click_count"] > 0
    assert isinstance(t["click_count_proven_minimal"], bool) and t["cells_pressed"] <= 100
    assert all(p["states"] == 4 for p in data["pictures"])
    assert out.stat().st_size > 0 and data["video_frames"] >= data["frames"]
    assert main(["animate", A, B, "-o", str(tmp_path / "a.gif"), "--states", "4", "--size",
                 "10x10", "--duration", "0.5"]) == 0
    text = capsys.readouterr().out
    assert "presses (proven minimal)" in text and "wrong cells of 4 levels" in text


def test_two_states_stay_identical(tmp_path: Path) -> None:
    # What this command shows with two states, given as --states 2 or Solving(states=2) (the
    # default before issue 32 made pictures 4 states): its decoded
    # pictures and their times (the decoded record does not depend on the LZW coder of the
    # Pillow installed). Recorded at commit 3060fa4 (bytes b540dbfd...) and again when issue 32's
    # tone stage started keeping each photo's brightness (the targets changed on purpose).
    out = tmp_path / "two.gif"
    args = ["animate", A, B, "-o", str(out), "--size", "16x12", "--order", "morph", "--loop",
            "--duration", "1", "--hold", "0.5"]
    from lightsart import make_animation

    make_animation([A, B], str(out), pictures=Pictures(size=(12, 16)), solving=Solving(states=2),
                   timing=Timing(order="morph", loop=True, duration=1, hold=0.5))
    made = _capture._gif_digest(out)
    assert made == ("gif:480x360 loop 0, 50 pictures:"
                    "f98869c0c1b27f323af639ece70c88032881c7c1b28ee7ece3bcfd87fba73a71")
    assert main([*args, "--states", "2"]) == 0
    assert _capture._gif_digest(out) == made


def test_a_grey_animation_previews_itself_in_jupyter(tmp_path: Path) -> None:
    result = make_animation([A, B], str(tmp_path / "g.mp4"), pictures=Pictures(size=(8, 8)),
                            solving=Solving(states=3), timing=Timing(duration=0.3))
    from lightsart._display import animation_result_html

    html = animation_result_html(result)
    assert "image/gif" in html and "presses" in html


@pytest.mark.parametrize("order", ["raster", "morph", "radial"])
def test_the_library_animation_takes_k_state_rules(order: str) -> None:
    """``animate_boards(..., rules=)`` with K > 2: each frame is one press more (re-applied here with
    ``press_mod``), the pictures are the presses applied mod K, a loop comes back to the start."""
    from lightsart._animation.animate import animate_boards

    k, rules = 4, Rules(7, 6, states=4)
    rng = np.random.default_rng(8)
    start = rng.integers(0, k, rules.shape).astype(np.uint8)
    steps = [rng.integers(0, k, rules.shape) for _ in range(2)]
    anim = animate_boards(start, steps, order=order, rules=rules, clicks_per_frame=1, hold=0.0, loop=True)
    expected = [start]
    for x in steps:
        expected.append((expected[-1] + press(x, rules)) % k)
    assert all(np.array_equal(a, b) for a, b in zip(anim.pictures, expected, strict=True))
    frames = [f.board.astype(np.int64) for f in anim]
    presses = [int(x.sum()) for x in steps]
    assert len(frames) == 2 * sum(presses) and anim.clicks == sum(presses)
    assert np.array_equal(frames[0], start) and np.array_equal(frames[sum(presses)], expected[-1])
    for before, after in itertools.pairwise(frames[: sum(presses) + 1]):
        change = (after - before) % k
        # exactly one press: the pattern of one cell, +1 mod K
        hits = [c for c in itertools.product(range(7), range(6))
                if np.array_equal(change, press(np.eye(42, dtype=np.int64)[c[0] * 6 + c[1]]
                                                    .reshape(7, 6), rules))]
        assert len(hits) == 1
    # Two states under rules: the torus' pattern, not the plane's.
    torus = Rules(5, 5, topology="torus")
    x = np.zeros(torus.shape, dtype=np.uint8)
    x[0, 0] = 1
    two = animate_boards(np.ones(torus.shape, np.uint8), [x], order=order, rules=torus)
    assert two.pictures[-1][4, 0] == 0 and two.pictures[-1][0, 4] == 0
    with pytest.raises(LightsartError):
        animate_boards(np.full(rules.shape, k, np.uint8), steps, rules=rules)


def test_a_library_grey_animation_draws_k_greys_in_jupyter() -> None:
    from lightsart._animation.animate import animate_boards
    from lightsart._display import animation_gif, animation_html

    rules = Rules(6, 6, states=4)
    rng = np.random.default_rng(0)
    anim = animate_boards(rng.integers(0, 4, (6, 6)).astype(np.uint8), [rng.integers(0, 4, (6, 6))],
                     rules=rules, order="raster")
    assert "presses in raster order" in animation_html(anim)
    with Image.open(io.BytesIO(animation_gif(anim))) as im:
        greys = {int(v) for frame in ImageSequence.Iterator(im) for v in np.unique(frame.convert("L"))}
    assert greys <= {0, 85, 170, 255} and len(greys) == 4


@pytest.mark.parametrize(("k", "topology"), [(3, "plane"), (4, "torus"), (6, "plane")])
def test_grey_morph_takes_the_cell_leaving_fewest_wrong_cells_each_time(k: int, topology: str) -> None:
    """Replayed by brute force: before each cell, every remaining cell's presses are applied to
    the frame with ``press_mod`` and the wrong cells counted; the order's cell has the fewest,
    and among equals it comes first in the seeded tie order."""
    from lightsart._animation.morph import _ties, grey_morph_order

    rules = Rules(5, 6, topology=topology, states=k)  # type: ignore[arg-type]
    rng = np.random.default_rng(k)
    x = rng.integers(0, k, rules.shape)
    x[rng.random(rules.shape) < 0.3] = 0
    got = grey_morph_order(x, rules, seed=7)
    ties = [tuple(c) for c in _ties(x, 7).tolist()]
    assert sorted(map(tuple, got.tolist())) == sorted(ties)
    frame = np.zeros(rules.shape, dtype=np.int64)
    end = press(x, rules).astype(np.int64)
    left = set(ties)
    def wrong_after(frame: np.ndarray, c: tuple[int, int]) -> int:
        one = np.zeros(rules.shape, dtype=np.int64)
        one[c] = x[c]
        return int(((frame + press(one, rules)) % k != end).sum())

    for cell in map(tuple, got.tolist()):
        scores = {c: wrong_after(frame, c) for c in left}
        best = min(scores.values())
        assert scores[cell] == best
        assert cell == next(c for c in ties if c in left and scores[c] == best)
        one = np.zeros(rules.shape, dtype=np.int64)
        one[cell] = x[cell]
        frame = (frame + press(one, rules)) % k
        left.remove(cell)
    assert np.array_equal(frame, end)
    # press_order's morph is this order with each cell's presses in a row.
    cells = press_order(x, "morph", seed=7, rules=rules)
    assert np.array_equal(cells, np.repeat(got, x[got[:, 0], got[:, 1]], axis=0))
