"""Click orders from a field, --reverse, --order per transition and --ease, checked independently.

Independent methods: orders are compared as multisets with the click sets (``np.argwhere``);
fields are recomputed cell by cell with ``math``; frames are decoded from the files written and
compared with boards made by re-applying the clicks one cell at a time; the noise share is
counted directly from the boards; the eased batches come from the smoothstep written out here.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageSequence

from lightsart import Look, Pictures, Solving, Timing
from lightsart._animation import animate, orders
from lightsart._animation.fields import FIELDS, Scene, field
from lightsart._cli import main
from lightsart._errors import LightsartError
from lightsart._rules import Rules

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
A, B, C = (str(SAMPLES / name) for name in ("astronaut.png", "cat.png", "horse.png"))
# The two-state orders that sort the clicks by a field (``mask`` draws its picture instead).
FIELD_ORDERS = [o for o in orders.ORDERS if o in FIELDS and o != "mask"]


def slow_press(cells: np.ndarray, m: int, n: int) -> np.ndarray:
    out = np.zeros((m, n), dtype=np.uint8)
    for i, j in np.asarray(cells).reshape(-1, 2).tolist():
        for a, b in ((i, j), (i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
            if 0 <= a < m and 0 <= b < n:
                out[a, b] ^= 1
    return out


def smooth(m: int, n: int, seed: int) -> np.ndarray:
    """A smooth grey picture in [0, 1] (a tilted ramp plus a bump), for light-to-dark and mask."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:m, 0:n] / max(m, n)
    a, b, cy, cx = rng.uniform(-1, 1, 4)
    g = a * x + b * y + np.exp(-((y - cy) ** 2 + (x - cx) ** 2) * 8)
    return (g - g.min()) / max(float(np.ptp(g)), 1e-9)


def ordered(name: str, start: np.ndarray, clicks: np.ndarray, seed: int = 0,
            reverse: bool = False) -> np.ndarray:
    m, n = clicks.shape
    return orders.click_order(start, clicks, name, seed=seed, reverse=reverse,
                              picture=smooth(m, n, seed), mask=smooth(m, n, seed + 1))


@settings(max_examples=60, deadline=None)
@given(m=st.integers(1, 9), n=st.integers(1, 9), seed=st.integers(0, 2**31),
       density=st.floats(0, 1), name=st.sampled_from(orders.ORDERS))
def test_every_order_is_a_permutation_of_the_clicks(m: int, n: int, seed: int, density: float,
                                                    name: str) -> None:
    rng = np.random.default_rng(seed)
    start = rng.integers(0, 2, (m, n)).astype(np.uint8)
    clicks = (rng.random((m, n)) < density).astype(np.uint8)
    got = ordered(name, start, clicks, seed % 5)
    assert sorted(map(tuple, got.tolist())) == sorted(map(tuple, np.argwhere(clicks).tolist()))
    back = ordered(name, start, clicks, seed % 5, reverse=True)
    # mask is drawn from the board it is played from: backwards, from the end picture.
    end = start ^ slow_press(np.argwhere(clicks), m, n) if name == "mask" else start
    assert np.array_equal(back, ordered(name, end, clicks, seed % 5)[::-1])


@settings(max_examples=40, deadline=None)
@given(m=st.integers(1, 7), n=st.integers(1, 7), k=st.integers(3, 6), seed=st.integers(0, 2**31),
       name=st.sampled_from(orders.ORDERS), reverse=st.booleans())
def test_press_orders_are_permutations_with_each_cells_presses_together(
        m: int, n: int, k: int, seed: int, name: str, reverse: bool) -> None:
    rng = np.random.default_rng(seed)
    presses = rng.integers(0, k, (m, n))
    cells = orders.press_order(presses, name, seed=seed % 3, rules=Rules(m, n, states=k),
                               reverse=reverse, picture=smooth(m, n, 1), mask=smooth(m, n, 2))
    counts = np.zeros_like(presses)
    np.add.at(counts, (cells[:, 0], cells[:, 1]), 1)
    assert np.array_equal(counts, presses)
    flat = [tuple(c) for c in cells.tolist()]
    runs = [c for i, c in enumerate(flat) if i == 0 or flat[i - 1] != c]
    assert len(runs) == len(set(runs)) == int((presses > 0).sum())


def test_fields_match_their_definitions_cell_by_cell() -> None:
    m, n = 7, 10
    cy, cx = (m - 1) / 2, (n - 1) / 2
    for i in range(m):
        for j in range(n):
            assert field("raster", (m, n))[i, j] == i and field("columns", (m, n))[i, j] == j
            assert math.isclose(field("radial", (m, n))[i, j], math.hypot(i - cy, j - cx))
            turn = math.atan2(j - cx, -(i - cy)) % (2 * math.pi)
            assert math.isclose(field("clock", (m, n))[i, j], turn)
    # raster is the old raster order exactly; columns is raster on the transposed board.
    rng = np.random.default_rng(3)
    clicks = rng.integers(0, 2, (m, n)).astype(np.uint8)
    assert np.array_equal(orders.field_order(clicks, "raster"), orders.raster_order(clicks))
    assert np.array_equal(orders.field_order(clicks, "columns"),
                          orders.raster_order(clicks.T)[:, ::-1])
    # clock starts at twelve o'clock and goes clockwise: top middle, then the right, then left.
    first = orders.field_order(np.ones((9, 9), np.uint8), "clock")
    assert first[0].tolist() == [0, 4] or first[0].tolist() == [4, 4]
    where = {tuple(c): r for r, c in enumerate(first.tolist())}
    assert where[(4, 8)] < where[(8, 4)] < where[(4, 0)]


def test_noise_is_smooth_and_repeatable_from_the_seed() -> None:
    a, b, c = (field("noise", (40, 60), Scene(seed=s)) for s in (1, 1, 2))
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    # smooth: neighbouring cells differ far less than the field's range
    assert np.abs(np.diff(a, axis=1)).max() < 0.1 * np.ptp(a)


def test_field_orders_need_their_picture() -> None:
    x = np.ones((3, 3), np.uint8)
    with pytest.raises(LightsartError, match="mask"):
        orders.click_order(x, x, "mask")
    with pytest.raises(LightsartError, match="picture B"):
        orders.press_order(x, "light-to-dark")
    with pytest.raises(LightsartError, match="4x3"):
        orders.click_order(x, x, "mask", mask=np.zeros((3, 4)))
    # Without a grey picture light-to-dark orders by the end board itself: lit cells first.
    rng = np.random.default_rng(8)
    start, clicks = rng.integers(0, 2, (2, 12, 12)).astype(np.uint8)
    got = orders.click_order(start, clicks, "light-to-dark")
    end = start ^ slow_press(np.argwhere(clicks), 12, 12)
    lit_first = end[got[:, 0], got[:, 1]].astype(float)
    assert lit_first[: len(got) // 4].mean() > lit_first[-len(got) // 4 :].mean()


def noise_share(a: np.ndarray, b: np.ndarray, frame: np.ndarray) -> float:
    """Of the cells where A and B agree, the share where the frame shows neither."""
    agree = a == b
    return float((frame[agree] != a[agree]).mean())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_field_orders_keep_the_noise_near_the_front(seed: int) -> None:
    m = n = 48
    rng = np.random.default_rng(seed)
    xa, xb = rng.integers(0, 2, (2, m, n)).astype(np.uint8)
    a, b = 1 ^ slow_press(np.argwhere(xa), m, n), 1 ^ slow_press(np.argwhere(xb), m, n)
    clicks = xa ^ xb
    shares = {}
    for name in orders.ORDERS:
        cells = ordered(name, a, clicks, seed)
        half = a ^ slow_press(cells[: len(cells) // 2], m, n)
        assert np.array_equal(a ^ slow_press(cells, m, n), b)
        shares[name] = noise_share(a, b, half)
    assert shares["random"] > 0.4  # about half the agreeing cells are noise midway
    for name in FIELD_ORDERS:
        assert shares[name] < 0.4 * shares["random"], (name, shares)
    for name in ("raster", "columns", "diagonal", "radial"):  # one straight or round front
        assert shares[name] < 0.15 * shares["random"], (name, shares)


@settings(max_examples=200, deadline=None)
@given(clicks=st.integers(0, 5000), want=st.integers(1, 300))
@example(clicks=1416, want=120)  # floats had put two bounds one click off (537 for 538)
def test_in_out_ease_puts_every_click_in_one_frame_and_no_frame_empty(clicks: int,
                                                                      want: int) -> None:
    (step,) = animate.plan([clicks], fps=want, duration=1.0, ease="in-out").transitions
    bounds = step.bounds()
    assert bounds[0] == 0 and bounds[-1] == clicks and len(bounds) == step.steps + 1
    sizes = np.diff(bounds)
    assert (sizes >= (1 if clicks else 0)).all()
    assert step.clicks_per_frame == sizes.max()
    f, extra = step.steps, clicks - step.steps
    if extra > 0:  # the smoothstep written out: k + round(extra * (3t^2 - 2t^3)), t = k / f, exactly
        expect = [k + math.floor(extra * (3 * Fraction(k, f) ** 2 - 2 * Fraction(k, f) ** 3)
                                 + Fraction(1, 2)) for k in range(f + 1)]
        assert bounds.tolist() == expect
        if f >= 8 and extra >= 4 * f:  # slow at both ends, fast in the middle
            assert sizes[0] < sizes[f // 2] > sizes[-1]
    linear = animate.plan([clicks], fps=want, duration=1.0).transitions[0]
    assert linear.steps == step.steps


def decode_gif(path: Path, cell: int) -> list[np.ndarray]:
    with Image.open(path) as im:
        return [(np.asarray(f.convert("RGB"))[cell // 2 :: cell, cell // 2 :: cell, 0] > 127)
                .astype(np.uint8) for f in ImageSequence.Iterator(im)]


@pytest.mark.parametrize(("order", "ease", "style"), [
    ("radial", "in-out", "pixels"), ("spiral", "linear", "grid"), ("noise", "in-out", "dots"),
    ("light-to-dark", "linear", "pixels"), (f"mask:{C}", "in-out", "grid")])
def test_gif_frames_are_legal_steps_in_the_order(tmp_path: Path, order: str, ease: str,
                                                 style: str) -> None:
    out = tmp_path / "a.gif"
    cell = 4
    from lightsart._pipeline import make_animation

    result = make_animation([A, B], str(out), pictures=Pictures(size=(14, 14)),
                            solving=Solving(states=2),
                            timing=Timing(order=order, ease=ease, fps=10, duration=1.0, hold=0, seed=3),
                            look=Look(cell=cell, style=style))
    boards = decode_gif(out, cell)
    fa, fb = (p.fit for p in result.pictures)
    clicks = result.transitions[0].clicks
    # The library's order, re-applied here one click at a time, batch by batch.
    mask = None
    if order.startswith("mask:"):
        from lightsart._pictures.image import fit_to_board, read_gray

        mask = fit_to_board(read_gray(C), 14, 14, "cover")
    cells = orders.click_order(fa.board, clicks, order.split(":")[0], seed=3,
                               picture=result.pictures[1].grey, mask=mask)
    bounds = animate.plan([len(cells)], fps=10, duration=1.0, ease=ease).transitions[0].bounds()
    assert len(boards) == len(bounds)  # hold 0: no merged frames; first frame is A
    board = fa.board.copy()
    assert np.array_equal(boards[0], board)
    for k in range(len(bounds) - 1):
        board = board ^ slow_press(cells[bounds[k] : bounds[k + 1]], 14, 14)
        assert np.array_equal(boards[k + 1], board)
    assert np.array_equal(board, fb.board)


def test_reverse_plays_each_order_backwards(tmp_path: Path) -> None:
    frames = tmp_path / "frames"
    assert main(["animate", A, B, "--frames", str(frames), "--size", "12", "--cell", "2",
                 "--order", "raster", "--reverse", "--fps", "4", "--duration", "1",
                 "--hold", "0"]) == 0
    first, second = (np.asarray(Image.open(frames / f"frame_{k:05d}.png").convert("L"))[::2, ::2]
                     for k in (0, 1))
    changed = np.argwhere(first != second)
    assert len(changed) and changed[:, 0].min() >= 6  # the wipe starts at the bottom


def test_order_per_transition_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.gif"
    assert main(["animate", A, B, C, "-o", str(out), "--size", "10", "--order",
                 f"radial,mask:{C}", "--ease", "in-out", "--json", "--duration", "0.5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["order"] for t in data["transitions"]] == ["radial", f"mask:{C}"]
    assert {t["ease"] for t in data["transitions"]} == {"in-out"}
    assert main(["animate", A, B, C, "-o", str(out), "--size", "10", "--order", "spiral",
                 "--json", "--duration", "0.5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["order"] for t in data["transitions"]] == ["spiral", "spiral"]


@pytest.mark.parametrize(("args", "message"), [
    (["--order", "radial,spiral"], "2 orders but there is 1 transition"),
    (["--order", "zigzag"], "unknown click order 'zigzag'"),
    (["--order", "mask"], "mask:FILE"),
    (["--order", "radial:x"], "takes no ':'"),
    (["--order", "mask:/no/such/mask.png"], "--order mask: picture not found"),
])
def test_bad_orders_are_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            args: list[str], message: str) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    out = [] if "-o" in args else ["-o", str(tmp_path / "a.gif")]
    assert main(["animate", A, B, "--size", "8", *out, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_an_eased_html_page_carries_the_plans_frames(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """``--ease in-out`` to ``.html``: the page's frames are the plan's eased batches (the
    same bounds the GIF cuts); linear pages carry none (and stay as they were)."""
    from lightsart._animation import animate

    out = tmp_path / "a.html"
    assert main(["animate", A, B, "--size", "16", "-o", str(out), "--ease", "in-out",
                 "--duration", "1", "--fps", "10", "--json"]) == 0
    clicks = json.loads(capsys.readouterr().out)["transitions"][0]["click_count"]
    html = out.read_text()
    data = json.loads(html.split('id="lightsart-data">')[1].split("</script>")[0])
    (step,) = animate.plan([clicks], fps=10, duration=1.0, ease="in-out").transitions
    assert data["frames"] == [step.bounds().tolist()]
    assert main(["animate", A, B, "--size", "16", "-o", str(tmp_path / "b.html")]) == 0
    assert '"frames"' not in (tmp_path / "b.html").read_text()


def gain(board: np.ndarray, goal: np.ndarray, cell: tuple[int, int]) -> int:
    """Cells a click at ``cell`` turns like ``goal`` minus those it turns unlike (plus pattern)."""
    m, n = board.shape
    flipped = slow_press(np.array([cell]), m, n).astype(bool)
    return int((board[flipped] != goal[flipped]).sum() - (board[flipped] == goal[flipped]).sum())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mask_order_draws_the_mask_then_picture_b_greedily(seed: int) -> None:
    """Checked click by click with its own press: each click of the first half has the largest
    gain towards the dithered mask among the clicks left, each of the second half towards B."""
    m, n = 9, 11
    rng = np.random.default_rng(seed)
    start = rng.integers(0, 2, (m, n)).astype(np.uint8)
    clicks = (rng.random((m, n)) < 0.6).astype(np.uint8)
    grey = smooth(m, n, seed + 1)
    cells = orders.click_order(start, clicks, "mask", seed=seed, mask=grey)
    assert sorted(map(tuple, cells.tolist())) == sorted(map(tuple, np.argwhere(clicks).tolist()))
    from lightsart._pictures.dither import dither

    middle = dither(grey, "floyd-steinberg").astype(np.uint8)
    end = start ^ slow_press(np.argwhere(clicks), m, n)
    board, left = start.copy(), [tuple(c) for c in cells.tolist()]
    for k, cell in enumerate(cells.tolist()):
        goal = middle if k < len(cells) // 2 else end
        best = max(gain(board, goal, c) for c in left)
        assert gain(board, goal, tuple(cell)) == best, (k, cell)
        left.remove(tuple(cell))
        board ^= slow_press(np.array([cell]), m, n)
    assert np.array_equal(board, end)


def test_mask_shows_halfway_where_a_luma_wipe_does_not() -> None:
    """Two unrelated random pictures and a disc: halfway, the mask order's frame matches the
    dithered disc on far more cells than the luma wipe's (which is A outside, B inside)."""
    m = n = 40
    rng = np.random.default_rng(5)
    xa, xb = rng.integers(0, 2, (2, m, n)).astype(np.uint8)
    a = 1 ^ slow_press(np.argwhere(xa), m, n)
    clicks = xa ^ xb
    y, x = np.mgrid[0:m, 0:n]
    disc = np.where(np.hypot(y - m / 2, x - n / 2) < m / 3, 0.0, 1.0)  # a dark disc on white
    halfway = {}
    for name, cells in {
        "mask": orders.click_order(a, clicks, "mask", mask=disc),
        "mask reversed": orders.click_order(a, clicks, "mask", mask=disc, reverse=True),
        "luma wipe": orders.field_order(clicks, "mask", Scene(mask=disc)),
    }.items():
        frame = a ^ slow_press(cells[: len(cells) // 2], m, n)
        halfway[name] = float((frame == disc.astype(np.uint8)).mean())
    assert halfway["mask"] > 0.7 and halfway["mask reversed"] > 0.7, halfway
    assert halfway["luma wipe"] < 0.6, halfway


def test_mask_order_of_press_vectors_is_the_luma_wipe() -> None:
    presses = np.random.default_rng(6).integers(0, 3, (6, 8))
    grey = smooth(6, 8, 4)
    cells = orders.press_order(presses, "mask", rules=Rules(6, 8, states=3), mask=grey)
    values = [grey[i, j] for i, j in cells.tolist()]
    assert values == sorted(values)
