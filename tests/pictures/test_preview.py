"""`lightsart preview`: the sheet decodes to its tiles, and each tile's options reproduce it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart.cli import main
from lightsart.core.board import board_from_clicks
from lightsart.core.gf2 import nullity
from lightsart.core.optimize import closest_board
from lightsart.pictures.preview import PREVIEW_METHODS, make_preview

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
CAT = str(SAMPLES / "cat.png")


def still_board(tmp_path: Path, options: list[str], name: str) -> np.ndarray:
    out = tmp_path / f"{name}.png"
    assert main(["still", CAT, "-o", str(out), "--cell", "1", *options]) == 0
    with Image.open(out) as im:
        return (np.asarray(im.convert("L")) > 127).astype(np.uint8)


def test_every_tile_is_what_still_makes_with_its_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert nullity(20, 20) == 0  # every tile exact, so still and preview must agree to the cell
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
    for k, tile in enumerate(data["tiles"]):
        board = boards[tile["label"]]
        assert np.array_equal(board_from_clicks(closest_board(board).clicks), board)  # reachable
        if nullity(tile["height"], tile["width"]) == 0:
            assert np.array_equal(still_board(tmp_path, tile["options"], f"t{k}"), board)
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
