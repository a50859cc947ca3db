"""Results print a short ``repr`` in a REPL: one line, bounded in length whatever the board's
size, naming the numbers that matter (board size, states, wrong cells, clicks, proof, nullity),
each computed here independently (brute-force ranks, counting cells, decoding files)."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import numpy as np
import pytest
from brute import press_matrix
from PIL import Image

import lightsart as la

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
#: A REPL line: longer than this is a dump, not a summary.
MAX_REPR = 240


def short(obj: object) -> str:
    text = repr(obj)
    assert "\n" not in text and "array(" not in text, text
    assert len(text) <= MAX_REPR, (len(text), text)
    return text


def rank_mod(a: np.ndarray, p: int) -> int:
    """Rank of ``a`` over the field ``Z/p`` by plain Gaussian elimination."""
    a = a.copy() % p
    rank = 0
    for col in range(a.shape[1]):
        rows = np.nonzero(a[rank:, col])[0]
        if rows.size == 0:
            continue
        pivot = rank + rows[0]
        a[[rank, pivot]] = a[[pivot, rank]]
        a[rank] = a[rank] * pow(int(a[rank, col]), -1, p) % p
        for r in range(a.shape[0]):
            if r != rank and a[r, col]:
                a[r] = (a[r] - a[r, col] * a[rank]) % p
        rank += 1
        if rank == a.shape[0]:
            break
    return rank


def test_array_summary_is_width_by_height() -> None:
    from lightsart._types import array_summary

    assert array_summary(np.zeros((48, 64), np.uint8)) == "<uint8 64x48>"
    assert array_summary(np.zeros((2, 3, 5))) == "<float64 2x3x5>"


@pytest.mark.parametrize(("m", "n", "seed"), [(7, 9, 0), (5, 5, 1), (4, 6, 2)])
def test_fit_repr_names_its_numbers(m: int, n: int, seed: int) -> None:
    target = np.random.default_rng(seed).integers(0, 2, (m, n), dtype=np.uint8)
    fit = la.closest_board(target)
    text = short(fit)
    wrong = int(np.count_nonzero(fit.board ^ target))
    clicks = int(fit.clicks.sum())
    nullity = m * n - rank_mod(press_matrix(la.Rules(m, n)), 2)
    assert text.startswith(f"Fit(<uint8 {n}x{m}>, 2 states, ")
    assert f"{wrong} wrong pixel" in text and f"{clicks} click" in text
    assert f"nullity {nullity}" in text
    # Small boards are solved exactly: both counts are proven.
    assert text.count("(proven fewest)") == 2


def test_grey_fit_repr_speaks_of_cells_presses_and_the_kernel() -> None:
    rules = la.Rules(4, 6, states=3)
    target = np.random.default_rng(3).integers(0, 3, (4, 6), dtype=np.uint8)
    fit = la.closest_board(target, rules=rules)
    text = short(fit)
    wrong = int(np.count_nonzero(fit.board != target))
    presses = int(fit.clicks.astype(int).sum())
    kernel = 3 ** (24 - rank_mod(press_matrix(rules), 3))
    assert text.startswith("Fit(<uint8 6x4>, 3 states, ")
    assert f"{wrong} wrong cell" in text and f"{presses} press" in text
    assert f"kernel {kernel}" in text and "nullity" not in text


def test_clicks_repr() -> None:
    clicks = np.random.default_rng(4).integers(0, 2, (5, 5), dtype=np.uint8)
    best = la.fewest_clicks(clicks)
    text = short(best)
    count = int(best.clicks.sum())
    assert np.array_equal(la.press(best.clicks), la.press(clicks))  # the same board, re-pressed
    assert text == f"Clicks(<uint8 5x5>, {count} click{'s' * (count != 1)} (proven fewest), nullity 2)"
    assert "cut short" in short(dataclasses.replace(best, cut_short=True))


def test_a_large_result_prints_as_short_as_a_small_one() -> None:
    gray = np.linspace(0, 1, 300 * 400).reshape(300, 400)
    target = la.load_target(gray, (300, 400))
    assert short(target) == "Target('<array>', <uint8 400x300>, 2 states)"
    frame = la.Frame(target.bits, 0.04)
    assert short(frame) == "Frame(<uint8 400x300>, seconds=0.04)"


def test_target_repr_and_picture(tmp_path: Path) -> None:
    from lightsart._display import target_png

    for states in (2, 3):
        target = la.load_target(SAMPLES / "cat.png", size=(6, 10), states=states)
        assert short(target) == f"Target({str(SAMPLES / 'cat.png')!r}, <uint8 10x6>, {states} states)"
        # The notebook picture is the board: one sample per cell decodes to its levels.
        with Image.open(io.BytesIO(target_png(target))) as im:
            grey = np.asarray(im.convert("L"), dtype=int)
        cell = grey.shape[1] // 10
        assert grey.shape == (6 * cell, 10 * cell)
        decoded = np.rint(grey[cell // 2::cell, cell // 2::cell] * (states - 1) / 255)
        assert np.array_equal(decoded, target.bits)


def test_still_result_repr(tmp_path: Path) -> None:
    out = tmp_path / "cat.png"
    result = la.make_still(str(SAMPLES / "cat.png"), str(out), pictures=la.Pictures(size=(8, 12)),
                           solving=la.Solving(states=2))
    text = short(result)
    fit = result.picture.fit
    height, width = fit.board.shape
    assert (width, height) == (12, 8)
    wrong = int(np.count_nonzero(fit.board ^ fit.target))
    assert text.startswith(f"StillResult({str(SAMPLES / 'cat.png')!r}, 12x8, 2 states, {wrong} wrong pixel")
    assert f"{int(fit.clicks.sum())} click" in text and str(out) in text
    assert short(result.picture).startswith(f"Picture({str(SAMPLES / 'cat.png')!r}, <uint8 12x8>")


def test_animation_reprs(tmp_path: Path) -> None:
    out = tmp_path / "a.gif"
    paths = [str(SAMPLES / "cat.png"), str(SAMPLES / "horse.png")]
    result = la.make_animation(paths, str(out), pictures=la.Pictures(size=(10, 10)),
                               solving=la.Solving(states=2), timing=la.Timing(seed=0))
    text = short(result)
    (step,) = result.transitions
    clicks = int(step.clicks.sum())
    wrong = [int(np.count_nonzero(p.fit.board ^ p.fit.target)) for p in result.pictures]
    assert text.startswith("AnimationResult(2 pictures, 10x10, 2 states, ")
    assert f"wrong pixels {wrong}" in text and f"clicks [{clicks}]" in text
    assert f"{result.frames} frames" in text and str(out) in text
    movie = la.animate_boards(result.pictures[0].fit.board, [step.clicks], order="raster")
    frames = list(movie)
    assert np.array_equal(frames[-1].board, result.pictures[1].fit.board)
    assert short(movie) == (f"Animation(2 pictures, <uint8 10x10>, 2 states, order 'raster', "
                            f"{clicks} clicks, {movie.frames} frames, {movie.seconds:g} s)")


def test_every_exported_type_holding_arrays_has_its_own_repr() -> None:
    """A dataclass repr (``__wrapped__`` by reprlib) would print whole arrays."""
    holders = []
    for name in la.__all__:
        cls = getattr(la, name)
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            continue
        types = " ".join(str(f.type) for f in dataclasses.fields(cls) if f.repr)
        if re.search(r"\b(Board|Gray|NDArray|ndarray|Picture|Fit)\b", types):
            holders.append(name)
            assert not hasattr(cls.__repr__, "__wrapped__"), name
    assert {"Fit", "Clicks", "StillResult", "AnimationResult", "Target", "Frame", "Animation"} <= set(holders)
