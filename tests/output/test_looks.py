"""The ``dots`` and ``grid`` looks: every file decodes back to its boards from each cell's centre.

Independent method: boards are recovered from the decoded files' pixels (the centre pixel of
each cell, compared with the colours asked for) and compared with boards built by re-applying
random clicks cell by cell; grey levels from the grey of the centre pixel.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

from lightsart._cli import main
from lightsart._errors import LightsartError
from lightsart._output.render import RenderStyle, render, write_png
from lightsart._output.writers import write_gif
from lightsart._types import Frame

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
LOOKS = ["dots", "grid"]


def clicked(board: np.ndarray, i: int, j: int) -> np.ndarray:
    """``board`` after one classic click at ``(i, j)``, cell by cell."""
    out = board.copy()
    m, n = out.shape
    for a, b in ((i, j), (i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
        if 0 <= a < m and 0 <= b < n:
            out[a, b] ^= 1
    return out


def centres(image: np.ndarray, cell: int) -> np.ndarray:
    return image[cell // 2 :: cell, cell // 2 :: cell]


def decoded(image: np.ndarray, cell: int, lit: tuple[int, int, int],
            unlit: tuple[int, int, int]) -> np.ndarray:
    c = centres(image[..., :3].astype(int), cell)
    is_lit, is_unlit = (c == lit).all(axis=2), (c == unlit).all(axis=2)
    assert (is_lit ^ is_unlit).all(), "a cell's centre is neither colour"
    return is_lit.astype(np.uint8)


@pytest.mark.parametrize("kind", LOOKS)
@pytest.mark.parametrize("cell", [1, 2, 3, 4, 7, 16])
def test_gif_frames_decode_to_their_boards(tmp_path: Path, kind: str, cell: int) -> None:
    rng = np.random.default_rng(cell)
    board = rng.integers(0, 2, (7, 9)).astype(np.uint8)
    boards = [board]
    for _ in range(12):
        boards.append(clicked(boards[-1], int(rng.integers(7)), int(rng.integers(9))))
    lit, unlit, panel = (250, 20, 120), (10, 200, 40), (30, 30, 200)
    style = RenderStyle(cell=cell, kind=kind, lit=lit, unlit=unlit, panel=panel)  # type: ignore[arg-type]
    path = tmp_path / "a.gif"
    write_gif(iter([Frame(b, 0.1) for b in boards]), path, style)
    with Image.open(path) as im:
        images = [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]
    assert len(images) == len(boards)
    for image, b in zip(images, boards, strict=True):
        assert np.array_equal(decoded(image, cell, lit, unlit), b)
        if cell >= 7:  # a real look, not plain squares: the panel shows between the cells
            assert (image.reshape(-1, 3) == panel).all(axis=1).any()


@pytest.mark.parametrize("kind", LOOKS)
def test_grey_levels_decode_from_the_centre(tmp_path: Path, kind: str) -> None:
    k, cell = 5, 9
    rng = np.random.default_rng(5)
    board = rng.integers(0, k, (6, 8)).astype(np.uint8)
    style = RenderStyle(cell=cell, kind=kind, lit=(255, 255, 255), unlit=(0, 0, 0))
    path = tmp_path / "grey.png"
    write_png(board, path, style, k)
    with Image.open(path) as im:
        grey = centres(np.asarray(im.convert("RGB")).astype(int), cell)
    assert (grey[..., 0] == grey[..., 1]).all()
    assert np.array_equal(np.rint(grey[..., 0] * (k - 1) / 255).astype(np.uint8), board)


def test_looks_differ_and_bad_style_is_one_line() -> None:
    board = np.array([[1, 0], [0, 1]], np.uint8)
    pictures = [render(board, RenderStyle(cell=8, kind=kind)) for kind in ("pixels", "lights", *LOOKS)]
    assert len({p.tobytes() for p in pictures}) == 4
    with pytest.raises(LightsartError, match="dots, grid"):
        RenderStyle(kind="hexagons")  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", LOOKS)
def test_cli_still_in_each_look(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "s.png"
    assert main(["still", str(SAMPLES / "cat.png"), "-o", str(out), "--size", "12",
                 "--cell", "6", "--style", kind, "--lit-colour", "#ff0000"]) == 0
    with Image.open(out) as im:
        image = np.asarray(im.convert("RGB"))
    assert image.shape == (72, 72, 3)
    lit = (centres(image, 6) == (255, 0, 0)).all(axis=2)
    assert 0 < lit.sum() < 144
