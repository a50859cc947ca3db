"""End to end through the command line, in-process: exit codes, output lines, decoded files."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence
from videos import decode_video

from lightsart._cli import main
from lightsart._core.board import board_from_clicks
from lightsart._core.optimize import closest_board
from lightsart._pictures.costs import pixel_costs
from lightsart._pictures.image import load_target
from lightsart._rules import press

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
A, B, C = (str(SAMPLES / name) for name in ("astronaut.png", "cat.png", "coffee.png"))


def gif_boards(path: Path, cell: int) -> list[np.ndarray]:
    with Image.open(path) as im:
        frames = [np.asarray(f.convert("L")) for f in ImageSequence.Iterator(im)]
    return [(f[cell // 2 :: cell, cell // 2 :: cell] > 127).astype(np.uint8) for f in frames]


def expected_fit(path: str, size: str) -> np.ndarray:
    """The board the CLI makes of ``path`` at ``--size size`` (``WxH`` text, read as it reads it)."""
    return closest_board(load_target(path, size=size).bits).board


def test_animate_gif_decodes_to_legal_clicks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "morph.gif"
    code = main(["animate", A, B, "-o", str(out), "--size", "36x30", "--cell", "3",
                 "--duration", "1", "--fps", "10", "--hold", "0.5", "--states", "2"])
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("board 36x30, nullity ")
    assert lines[-1] == f"wrote {out}"
    boards = gif_boards(out, 3)
    assert np.array_equal(boards[0], expected_fit(A, "36x30"))
    assert np.array_equal(boards[-1], expected_fit(B, "36x30"))
    total = np.zeros_like(boards[0])
    for before, after in itertools.pairwise(boards):
        # The change between frames must be exactly what some clicks toggle, and those clicks
        # (recovered by solving) must re-apply to the next frame.
        from lightsart._core.gf2 import classic_algebra

        clicks = classic_algebra(*before.shape).solve(before ^ after)
        assert clicks is not None
        assert np.array_equal(before ^ press(clicks), after)
        total ^= clicks
    assert np.array_equal(boards[0] ^ press(total), boards[-1])
    assert np.array_equal(board_from_clicks(np.zeros_like(total)), np.ones_like(total))


def test_animate_chain_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "chain.gif"
    code = main(["animate", A, B, C, "-o", str(out), "--size", "24", "--json",
                 "--clicks-per-frame", "40", "--order", "random", "--seed", "3"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board"]["width"] == 24
    assert [p["path"] for p in data["pictures"]] == [A, B, C]
    assert len(data["transitions"]) == 2
    assert data["outputs"] == [str(out)]
    boards = gif_boards(out, data.get("cell", 20))
    assert len(boards) == data["frames"]
    for p in data["pictures"]:
        assert p["wrong_cells"] >= p["wrong_cells_lower_bound"]


def test_animate_mp4_has_the_planned_frame_count(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "morph.mp4"
    code = main(["animate", A, B, "-o", str(out), "--size", "20x20", "--cell", "5", "--fps", "10",
                 "--duration", "1", "--hold", "0", "--json", "--states", "2"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    frames = decode_video(out, 100, 100)
    assert frames.shape[0] == round(data["duration_seconds"] * 10)
    first = (frames[0, 2::5, 2::5, 0] > 127).astype(np.uint8)
    assert np.array_equal(first, expected_fit(A, "20x20"))


def test_still_writes_board_target_and_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, target, compare = tmp_path / "b.png", tmp_path / "t.png", tmp_path / "c.png"
    # 19x19 has nullity 16: decoding is exact, so the CLI and the library must agree on the board
    # (at nullity > 20 the search is time-budgeted and could differ on a loaded machine).
    code = main(["still", B, "-o", str(out), "--size", "19x19", "--cell", "2",
                 "--target-out", str(target), "--compare", str(compare), "--states", "2"])
    assert code == 0
    text = capsys.readouterr().out
    assert "board 19x19, nullity 16" in text
    with Image.open(out) as im:
        board = (np.asarray(im.convert("L"))[::2, ::2] > 127).astype(np.uint8)
    t = load_target(B, size=(19, 19))
    fit = closest_board(t.bits, pixel_costs(t.bits, t.toned))  # the default: --errors perceptual
    assert np.array_equal(board, fit.board)
    assert "proven minimal" in text
    with Image.open(compare) as im:
        assert im.size[0] > 3 * 38
    # Outputs get the usual permissions (the umask's), not the temporary file's private 0600.
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["animate", "nope.png", B, "-o", "{tmp}/x.gif"], "nope.png"),
        (["animate", A, B, "-o", "{tmp}/x.webm"], ".webm"),
        (["animate", A, B, "-o", "{tmp}/missing/x.gif"], "missing"),
        (["animate", A, "-o", "{tmp}/x.gif"], "two pictures"),
        (["still", "{tmp}/notimage.png", "-o", "{tmp}/x.png"], "notimage.png"),
        (["still", A, "-o", "{tmp}/x.png", "--size", "0x4"], "size"),
        (["still", A, "-o", "{tmp}/x.png", "--size", "5000x5000"], "too"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          args: list[str], message: str) -> None:
    (tmp_path / "notimage.png").write_text("this is not a picture")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    with pytest.raises(SystemExit) if "--size" in argv and "0x4" in argv else _nothing():
        code = main(argv)
        assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert message in err and "Traceback" not in err
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "notimage.png"]
    assert leftovers == []


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


def test_every_command_is_in_the_guide_and_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    from lightsart._cli import COMMANDS

    guide = "".join(p.read_text() for p in
                    sorted((Path(__file__).resolve().parent.parent / "docs" / "guide").glob("*.md")))
    for name in COMMANDS:
        assert f"lightsart {name}" in guide, f"the user guide does not show `lightsart {name}`"
        with pytest.raises(SystemExit) as exc:
            main([name, "--help"])
        assert exc.value.code == 0
        assert "example:" in capsys.readouterr().out


def test_colours_are_configurable(tmp_path: Path) -> None:
    out = tmp_path / "lights.png"
    code = main(["still", B, "-o", str(out), "--size", "12x12", "--cell", "10", "--style", "pixels",
                 "--lit-colour", "#ff0000", "--unlit-color", "navy", "--states", "2"])
    assert code == 0
    fit = closest_board(load_target(B, size=(12, 12)).bits)
    with Image.open(out) as im:
        centres = np.asarray(im.convert("RGB"))[5::10, 5::10]
    assert (centres[fit.board == 1] == (255, 0, 0)).all()
    assert (centres[fit.board == 0] == (0, 0, 128)).all()


@pytest.mark.parametrize(("fit", "word"), [("cover", "cropped"), ("contain", "padded")])
def test_a_picture_of_another_shape_gets_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fit: str, word: str
) -> None:
    wide = tmp_path / "wide.png"
    with Image.open(B) as im:
        im.convert("L").resize((120, 60)).save(wide)
    out = tmp_path / "x.gif"
    code = main(["animate", A, str(wide), "-o", str(out), "--size", "12x12", "--fit", fit,
                 "--duration", "0.5", "--hold", "0", "--json"])
    assert code == 0
    captured = capsys.readouterr()
    notes = [line for line in captured.err.splitlines() if line.startswith("lightsart: note:")]
    assert len(notes) == 1 and "picture 2" in notes[0] and word in notes[0]
    assert json.loads(captured.out)["notes"] == [notes[0].removeprefix("lightsart: note: ")]
    # Pictures of the board's own shape get no note.
    assert main(["animate", A, B, "-o", str(out), "--size", "12x12", "--duration", "0.5",
                 "--hold", "0"]) == 0
    assert "note" not in capsys.readouterr().err
