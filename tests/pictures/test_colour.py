"""Colour targets (issue 34): OKLab, the palette chosen from pictures, error diffusion onto a
palette, colour costs, and every board re-pressed, checked against brute force on small boards."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import lightsart as la
from lightsart._palette import greys
from lightsart._pictures import colour
from lightsart._pictures.costs import EPSILON, level_costs, state_costs
from lightsart._pictures.dither import KERNELS
from lightsart._pictures.palettes import oklab_to_srgb, palette_lab, palette_request, srgb_to_oklab

RNG = np.random.default_rng(34)


def test_oklab_matches_ottosson_and_inverts() -> None:
    # Björn Ottosson's published values for sRGB white and pure red, green, blue.
    lab = srgb_to_oklab(np.eye(3))
    assert np.allclose(lab, [[0.627955, 0.224863, 0.125846], [0.866440, -0.233888, 0.179498],
                             [0.452014, -0.032457, -0.311528]], atol=2e-6)
    assert np.allclose(srgb_to_oklab(np.ones(3)), [1, 0, 0], atol=1e-6)
    rgb = RNG.random((50, 3))
    assert np.allclose(oklab_to_srgb(srgb_to_oklab(rgb)), rgb, atol=1e-9)


def _textbook(lab: np.ndarray, pal: np.ndarray, name: str) -> np.ndarray:
    """Serpentine error diffusion, pixel by pixel, on a plain array (no margins, no ring), each
    value clamped to the palette's box before it is quantised."""
    kernel = KERNELS[name]
    work = lab.copy()
    rows, cols, _ = work.shape
    out = np.zeros((rows, cols), dtype=np.uint8)
    for i in range(rows):
        step = 1 if i % 2 == 0 else -1
        for j in (range(cols) if step == 1 else range(cols - 1, -1, -1)):
            value = np.clip(work[i, j], pal.min(axis=0), pal.max(axis=0))
            k = int(np.argmin(((pal - value) ** 2).sum(axis=1)))
            out[i, j] = k
            error = value - pal[k]
            for dy, dx, w in kernel.taps:
                y, x = i + dy, j + dx * step
                if 0 <= y < rows and 0 <= x < cols:
                    work[y, x] += error * (w / kernel.divisor)
    return out


@pytest.mark.parametrize("name", list(KERNELS))
def test_diffusion_is_the_textbook_loop(name: str) -> None:
    lab = srgb_to_oklab(RNG.random((9, 13, 3)))
    palette = palette_request("cga")
    assert isinstance(palette, la.Palette)
    made = colour.diffuse(lab, palette, name)
    assert np.array_equal(made, _textbook(lab, palette_lab(palette), name))


@pytest.mark.parametrize("name", list(KERNELS))
def test_the_compiled_loop_is_the_same_loop(name: str) -> None:
    lab = srgb_to_oklab(RNG.random((11, 9, 3)))
    palette = palette_request("pico8")
    assert isinstance(palette, la.Palette)
    kernel = KERNELS[name]
    taps = [(dy, dx, w / kernel.divisor) for dy, dx, w in kernel.taps]
    compiled = colour._compiled(lab, palette_lab(palette), taps)
    assert np.array_equal(compiled, colour.diffuse(lab, palette, name))


def test_diffusion_keeps_the_mean_colour() -> None:
    palette = la.Palette(((255, 0, 0), (0, 0, 255)))
    mid = srgb_to_oklab(np.full((40, 40, 3), 0.0))
    pal = palette_lab(palette)
    mid[:] = 0.25 * pal[0] + 0.75 * pal[1]  # a quarter of the way from blue to red, in OKLab
    cells = colour.diffuse(mid, palette, "floyd-steinberg")
    assert abs(float((cells == 0).mean()) - 0.25) < 0.02
    nearest = colour.diffuse(mid, palette, "none")
    assert (nearest == 1).all()


def test_a_given_palette_takes_the_pictures_lightness_range() -> None:
    handheld = palette_request("handheld")
    assert isinstance(handheld, la.Palette)
    ramp = srgb_to_oklab(np.tile(np.linspace(0, 1, 64)[None, :, None], (4, 1, 3)))
    cells = colour.diffuse(colour.onto_lightness(ramp, handheld), handheld, "floyd-steinberg")
    # Dark to light across the ramp: every state shows, in order, darkest at the left end.
    assert set(np.unique(cells)) == {0, 1, 2, 3} and cells[:, 0].max() == 0
    means = cells.reshape(4, 8, 8).mean(axis=(0, 2))
    assert np.all(np.diff(means) >= 0) and means[-1] > 2
    lab = colour.onto_lightness(ramp, handheld)
    assert lab[..., 0].min() == pytest.approx(palette_lab(handheld)[0, 0])
    assert lab[..., 0].max() == pytest.approx(palette_lab(handheld)[-1, 0])


def test_ordered_dithering_is_refused_in_colour() -> None:
    with pytest.raises(la.InvalidValue, match="cannot dither onto a colour palette"):
        colour.diffuse(np.zeros((2, 2, 3)), greys(2), "bayer-4")


def test_auto_finds_the_colours_a_picture_holds() -> None:
    chosen = [(20, 30, 120), (200, 40, 40), (240, 220, 90), (30, 160, 60)]
    picture = np.array(chosen, dtype=np.float64)[RNG.integers(0, 4, (60, 70))] / 255.0
    lab = srgb_to_oklab(picture)
    palette = colour.choose_palette([lab], 4)
    assert sorted(palette.colours) == sorted(chosen)
    assert colour.choose_palette([lab], 4) == palette  # deterministic
    lightness = palette_lab(palette)[:, 0]
    assert list(lightness) == sorted(lightness)
    flat = colour.choose_palette([srgb_to_oklab(np.full((5, 5, 3), 0.5))], 3)
    assert flat.states == 3  # one colour in the picture: the others spread, all distinct


def test_grey_costs_are_the_distance_case_of_state_costs() -> None:
    for states in (2, 3, 5):
        target = RNG.integers(0, states, (6, 7)).astype(np.uint8)
        toned = RNG.random((6, 7))
        # 0.2's formula, written out again: EPSILON + max(0, |b - u| - |t - u|), 0 at e = 0.
        t = target.reshape(-1, 1).astype(np.int64)
        b = (t + np.arange(states)) % states
        u = toned.reshape(-1, 1) * (states - 1)
        old = np.maximum(np.abs(b - u) - np.abs(t - u), 0.0) + EPSILON
        old[:, 0] = 0.0
        made = level_costs(target, toned, states)
        assert made is not None and np.array_equal(made, old)


def _press(clicks: np.ndarray, states: int) -> np.ndarray:
    """The plus pattern's press of ``clicks`` (counts), mod ``states``, cut at the edges."""
    a = clicks.astype(np.int64).copy()
    a[1:] += clicks[:-1]
    a[:-1] += clicks[1:]
    a[:, 1:] += clicks[:, :-1]
    a[:, :-1] += clicks[:, 1:]
    return a % states


def _reachable(m: int, n: int, states: int) -> np.ndarray:
    """Every board reachable from all-lit on an m x n plus board, by trying every click vector."""
    cells = m * n
    basis = np.array([_press(np.eye(cells, dtype=np.int64)[c].reshape(m, n), states).ravel()
                      for c in range(cells)])
    vectors = np.array(list(itertools.product(range(states), repeat=cells)), dtype=np.int64)
    boards = (states - 1 + vectors @ basis) % states
    return np.unique(boards, axis=0)


@pytest.mark.parametrize(("m", "n", "states"), [(4, 4, 2), (2, 3, 4), (3, 4, 3), (2, 5, 3)])
def test_the_closest_reachable_board_is_closest_in_colour(m: int, n: int, states: int) -> None:
    picture = RNG.random((m, n, 3))
    result = la.make_still(picture, pictures=la.Pictures(size=(m, n), fit="stretch",
                                                         tone=la.Tone.none(),
                                                         palette=f"auto:{states}"),
                           solving=la.Solving(states=states))
    f, palette = result.picture.fit, result.palette
    assert palette is not None and palette.states == states and result.nullity > 0
    lab = srgb_to_oklab(picture)
    assert np.array_equal(f.target, colour.diffuse(lab, palette, "floyd-steinberg"))
    costs = state_costs(f.target, colour.colour_distances(lab, palette))
    assert costs is not None
    t = f.target.ravel().astype(np.int64)

    def cost(board: np.ndarray) -> np.ndarray:
        e = (board.reshape(-1, m * n) - t) % states
        return costs[np.arange(m * n), e].sum(axis=1)

    boards = _reachable(m, n, states)
    best = float(cost(boards).min())
    assert cost(f.board.ravel()[None])[0] == pytest.approx(best, abs=1e-9)
    assert f.wrong_cost == pytest.approx(best, abs=1e-6)
    assert any(np.array_equal(f.board.ravel(), b) for b in boards)  # reachable from all-lit
    assert np.array_equal(f.board, (states - 1 + _press(f.clicks, states)) % states)


@pytest.mark.parametrize("states", [2, 3])
def test_every_animation_step_is_one_legal_press(states: int) -> None:
    a, b = RNG.random((12, 10, 3)), RNG.random((12, 10, 3))
    result = la.make_animation([a, b], pictures=la.Pictures(size=(6, 5), palette=f"auto:{states}"),
                               timing=la.Timing(fps=10, clicks_per_frame=1, hold=0))
    boards = [frame.board.astype(np.int64) for frame in result.iter_frames()]
    fits = [p.fit for p in result.pictures]
    assert np.array_equal(boards[0], fits[0].board) and np.array_equal(boards[-1], fits[1].board)
    assert result.palette is not None and result.palette == result.pictures[1].palette
    for fit in fits:
        assert np.array_equal(fit.board, (states - 1 + _press(fit.clicks, states)) % states)
    singles = [_press(np.eye(30, dtype=np.int64)[c].reshape(6, 5), states) for c in range(30)]
    for before, after in itertools.pairwise(boards):
        change = (after - before) % states
        assert sum(np.array_equal(change, s) for s in singles) == 1  # one press, one cell
    assert len(boards) - 1 == result.transitions[0].count


def test_greys_by_name_make_todays_boards() -> None:
    picture = RNG.random((30, 40))
    for states in (2, 3):
        plain = la.make_still(picture, pictures=la.Pictures(size=16),
                              solving=la.Solving(states=states))
        named = la.make_still(picture, pictures=la.Pictures(size=16, palette=f"greys:{states}"),
                              solving=la.Solving(states=states))
        assert np.array_equal(plain.picture.fit.board, named.picture.fit.board)
        assert named.palette == greys(states) and plain.palette is None


def test_a_colour_array_and_a_file_take_the_same_path(tmp_path: object) -> None:
    from pathlib import Path

    from PIL import Image

    picture = (RNG.random((24, 32, 3)) * 255).astype(np.uint8)
    path = Path(str(tmp_path)) / "p.png"
    Image.fromarray(picture).save(path)
    settings = la.Pictures(size=(12, 16), palette="sepia")
    from_file = la.make_still(path, pictures=settings).picture.fit
    from_array = la.make_still(picture / 255.0, pictures=settings).picture.fit
    assert np.array_equal(from_file.board, from_array.board)
    with pytest.raises(la.InvalidValue, match=r"\(rows, columns, 3\)"):
        la.make_still(np.zeros((4, 4, 4)), pictures=settings)


def test_films_take_a_named_palette_and_refuse_auto(tmp_path: object,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from tests.script_loader import load_script

    folder = Path(str(tmp_path))
    clips = dict(load_script("scripts/make_test_clips.py").make_clips(folder, width=48,
                                                                     seconds=0.5, fps=8.0))
    clip = next(iter(clips.values()))
    film = la.make_film(clip, pictures=la.Pictures(size=16, palette="sepia:3"))
    assert film.rules.states == 3 and film.boards
    assert max(int(np.max(board)) for board in film.boards) <= 2
    # --json reports the palette beside the rules, as still and animate do; greys: no key.
    assert film.palette == la.Pictures(palette="sepia:3").palette
    assert film.to_dict()["palette"] == list(film.palette.hex()) == ["#2b1d0e", "#96683c",
                                                                       "#f4e9cd"]
    assert "palette" not in la.make_film(clip, pictures=la.Pictures(size=16)).to_dict()
    import json

    from lightsart._cli import main

    assert main(["video", str(clip), "-o", str(folder / "f.mp4"), "--size", "8",
                 "--palette", "handheld", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["palette"] == ["#0f380f", "#306230", "#8bac0f", "#9bbc0f"]
    assert data["rules"]["states"] == 4
    with pytest.raises(la.InvalidValue, match="one at a time"):
        la.make_film(clip, pictures=la.Pictures(size=16, palette="auto:3"))
    with pytest.raises(la.InvalidValue, match="has 4 colours but --states is 3"):
        la.make_film(clip, pictures=la.Pictures(palette="cga"), solving=la.Solving(states=3))
