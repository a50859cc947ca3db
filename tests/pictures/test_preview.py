"""`lightsart preview`: the sheet decodes to its tiles, and each tile's options reproduce it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart._boardsize import DEFAULT_STATES
from lightsart._cli import main
from lightsart._core.board import board_from_clicks
from lightsart._core.gf2 import classic_nullity
from lightsart._core.optimize import closest_board
from lightsart._preview import (
    PREVIEW_METHODS,
    PREVIEW_PALETTE,
    PREVIEW_STATES,
    PreviewResult,
    layout,
    make_preview,
)

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
CAT = str(SAMPLES / "cat.png")


def still_board(tmp_path: Path, options: list[str], name: str, states: int = 2,
                palette: list[str] | None = None) -> np.ndarray:
    """The board ``still`` writes with ``options``, decoded from its PNG as levels 0..states-1
    (in ``palette``, ``#rrggbb`` text: the state whose colour each cell is)."""
    out = tmp_path / f"{name}.png"
    assert main(["still", CAT, "-o", str(out), "--cell", "1", *options]) == 0
    with Image.open(out) as im:
        rgb = np.asarray(im.convert("RGB"))
    if palette is not None:
        colours = np.array([[int(h[k:k + 2], 16) for k in (1, 3, 5)] for h in palette])
        distance = ((rgb[:, :, None, :].astype(int) - colours[None, None]) ** 2).sum(axis=3)
        return distance.argmin(axis=2).astype(np.uint8)
    grey = np.asarray(Image.fromarray(rgb).convert("L"), dtype=np.float64)
    return np.rint(grey * (states - 1) / 255).astype(np.uint8)


def test_every_tile_is_what_still_makes_with_its_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert classic_nullity(20, 20) == 0  # every tile exact, so still and preview must agree to the cell
    sheet = tmp_path / "sheet.png"
    assert main(["preview", CAT, "-o", str(sheet), "--size", "20x20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    labels = [t["label"] for t in data["tiles"]]
    assert "tone none" in labels and all(m in labels for m in PREVIEW_METHODS)
    assert len({(t["width"], t["height"]) for t in data["tiles"]}) >= 2  # sizes near the request
    result = make_preview(CAT, str(tmp_path / "again.png"), size=(20, 20))
    assert [t.label for t in result.tiles] == labels
    boards = {t.label: t.board for t in result.tiles}
    assert not np.array_equal(boards["tone none"], boards[labels[0]])
    # Every tile at the default's states (4) but the --states tile (2), as still makes them;
    # the colour tile at its palette's length (the handheld's four).
    assert [t["states"] for t in data["tiles"]].count(PREVIEW_STATES) == 1
    assert {t["states"] for t in data["tiles"]} == {DEFAULT_STATES, PREVIEW_STATES}
    assert [t["label"] for t in data["tiles"] if "palette" in t] == [f"--palette {PREVIEW_PALETTE}"]
    for k, tile in enumerate(data["tiles"]):
        board = boards[tile["label"]]
        if tile["states"] == 2:
            assert np.array_equal(board_from_clicks(closest_board(board).clicks), board)
        if classic_nullity(tile["height"], tile["width"]) == 0 or tile["states"] != 2:
            made = still_board(tmp_path, tile["options"], f"t{k}", tile["states"],
                               tile.get("palette"))
            assert np.array_equal(made, board), tile["label"]
    with Image.open(sheet) as im:
        assert im.width > 4 * 200 and im.height > 2 * 200


def test_the_sheet_never_replaces_its_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "cat.png"
    picture.write_bytes(Path(CAT).read_bytes())
    before = picture.read_bytes()
    assert main(["preview", str(picture), "-o", str(picture)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert picture.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["cat.png"]


@pytest.mark.parametrize("out", ["sheet.gif", "missing/sheet.png"])
def test_bad_outputs_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], out: str) -> None:
    assert main(["preview", CAT, "-o", str(tmp_path / out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "lightsart: error:" in err
    assert not (tmp_path / out).exists()


def tile_area_share(result: PreviewResult) -> float:
    (width, height), _ = layout([t.board.shape for t in result.tiles], result.cell)
    return sum(t.board.size for t in result.tiles) * result.cell**2 / (width * height)


def test_every_tile_is_drawn_at_one_scale_where_the_layout_puts_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wide = tmp_path / "wide.png"
    with Image.open(CAT) as im:
        im.crop((0, 64, 256, 192)).save(wide)  # 2:1, so tiles are not squares
    sheet = tmp_path / "sheet.png"
    assert main(["preview", str(wide), "-o", str(sheet), "--size", "24", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = make_preview(str(wide), str(tmp_path / "again.png"), size=24)
    cell = data["cell"]
    assert cell == result.cell == round(240 / 24)
    (width, height), places = layout([t.board.shape for t in result.tiles], cell)
    with Image.open(sheet) as im:
        assert im.size == (width, height)
        drawn = np.asarray(im.convert("RGB")).astype(int)
    boxes = []
    for tile, (x, y), listed in zip(result.tiles, places, data["tiles"], strict=True):
        rows, cols = tile.board.shape
        assert (listed["width"], listed["height"], listed["states"]) == (cols, rows, tile.states)
        top = y + 14  # under the label
        region = drawn[top:top + rows * cell, x:x + cols * cell]
        # Every cell a solid block of cell x cell pixels, of the tile's level as a grey (or, on
        # the colour tile, its palette colour).
        blocks = region.reshape(rows, cell, cols, cell, 3)
        assert (blocks == blocks[:, :1, :, :1]).all()
        grey = tile.board.astype(int) * 255 // (tile.states - 1)
        want = (np.stack([grey] * 3, axis=-1) if tile.palette is None
                else np.array(tile.palette.colours)[tile.board])
        assert np.array_equal(blocks[:, 0, :, 0], want)
        assert ("palette" in listed) == (tile.palette is not None)
        boxes.append((x, top, x + cols * cell, top + rows * cell))
    for k, a in enumerate(boxes):  # no two tiles overlap
        for b in boxes[k + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    # Rows packed by their own tiles, not a grid of the largest: most of the sheet is boards.
    assert tile_area_share(result) > 0.7  # 0.59 in 0.3's grid of 240-pixel tiles


def test_the_states_tile_and_the_larger_boards_are_what_still_makes(tmp_path: Path) -> None:
    from lightsart import Pictures, Solving, make_still

    result = make_preview(CAT, str(tmp_path / "sheet.png"), size=(20, 20))
    tiles = {t.label: t for t in result.tiles}
    two = tiles[f"--states {PREVIEW_STATES}"]
    assert PREVIEW_STATES == 2 and two.options == ("--size", "20x20", "--states", "2")
    made = make_still(CAT, pictures=Pictures(size=(20, 20)),
                      solving=Solving(states=PREVIEW_STATES))
    assert np.array_equal(made.picture.fit.board, two.board) and two.board.max() == 1
    default = make_still(CAT, pictures=Pictures(size=(20, 20))).picture.fit
    assert default.states == DEFAULT_STATES == 4 and default.board.max() == 3
    assert np.array_equal(default.board, tiles[result.tiles[0].label].board)
    sides = sorted(max(t.board.shape) for t in result.tiles if t.states == DEFAULT_STATES)
    assert sides[0] < 20 and sides[-1] == 40 and (30 in sides or 31 in sides)  # 0.64, 1.5, 2 x


def test_a_vector_sheet_draws_the_grey_levels(tmp_path: Path) -> None:
    out = tmp_path / "sheet.svg"
    make_preview(CAT, str(out), size=(16, 16))
    text = out.read_text()
    assert all(f"#{v:02x}{v:02x}{v:02x}" in text for v in (0x55, 0xaa))  # levels 1 and 2 of 4
