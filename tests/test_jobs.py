"""The job layer runs in memory: pictures as paths or arrays in, boards, clicks and frames out,
files only when an output is named; and no module reaches into another's private names."""

from __future__ import annotations

import ast
import os
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

from lightsart import Look, Pictures, Timing, make_animation, make_still
from lightsart._errors import LightsartError
from lightsart._pictures.image import read_gray
from tests.script_loader import load_script

ROOT = Path(__file__).resolve().parents[1]
A, B = str(ROOT / "samples" / "astronaut.png"), str(ROOT / "samples" / "cat.png")
RAMP = np.tile(np.linspace(0, 1, 40), (30, 1))


def test_a_still_of_an_array_writes_nothing_and_holds_the_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = make_still(RAMP, pictures=Pictures(size=16))
    f = result.picture.fit
    assert result.outputs == () and not list(tmp_path.iterdir())
    assert f.board.shape == (12, 16) and f.clicks.shape == (12, 16) and f.target.shape == (12, 16)
    assert result.picture.path == "<array>" and result.to_dict()["pictures"][0]["path"] == "<array>"


def test_an_array_and_its_file_make_the_same_board(tmp_path: Path) -> None:
    gray = read_gray(B)
    from_file = make_still(B, pictures=Pictures(size=24)).picture
    from_array = make_still(gray, pictures=Pictures(size=24)).picture
    assert from_file.fit.board.shape == from_array.fit.board.shape == (24, 24)
    # A file is decoded at a reduced scale for a small board, an array is not: nearly the same.
    assert from_file.fitted is not None and from_array.fitted is not None
    assert np.abs(from_file.fitted - from_array.fitted).mean() < 0.01
    drawn = make_still(gray, str(tmp_path / "b.png"), pictures=Pictures(size=24),
                       look=Look(cell=1))
    assert drawn.outputs == (str(tmp_path / "b.png"),) and (tmp_path / "b.png").exists()


def test_a_path_like_picture_is_read(tmp_path: Path) -> None:
    assert make_still(Path(B), pictures=Pictures(size=12)).picture.path == B


@pytest.mark.parametrize(("picture", "message"), [
    (np.full((8, 8), 200, np.uint8), "a picture's values are 0 (black) to 1 (white), got whole "
                                     "numbers from 200 to 200 (divide 8-bit values by 255)"),
    (np.zeros((2, 3, 3)), "a picture must be a non-empty 2-D array, got shape (2, 3, 3)"),
    (None, "picture must be a file's path or a 2-D numpy array in [0, 1]; got None"),
    (123, "picture must be a file's path or a 2-D numpy array in [0, 1]; got 123"),
    ("", "picture must be a file's path or a 2-D numpy array in [0, 1]; got ''"),
])
def test_a_picture_that_is_not_one_is_one_line(picture: object, message: str) -> None:
    with pytest.raises(LightsartError) as caught:
        make_still(picture, pictures=Pictures(size=8))  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize(("images", "message"), [
    ("a.png", "pictures must be a list of paths or arrays, not a single str ('a.png'): "
              "write [picture, ...]"),
    (RAMP, "pictures must be a list of paths or arrays, not a single ndarray"),
    ([A], "animate needs at least two pictures"),
    ([A, None], "picture 2 must be a file's path or a 2-D numpy array in [0, 1]; got None"),
    (7, "pictures must be a list of paths or arrays; got 7"),
])
def test_a_list_of_pictures_is_checked_before_any_work(images: object, message: str) -> None:
    with pytest.raises(LightsartError) as caught:
        make_animation(images)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_an_animation_of_arrays_gives_its_frames_lazily(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    timing = Timing(order="radial", fps=10, duration=1, hold=0.5)
    result = make_animation([RAMP, RAMP[:, ::-1], RAMP.T[:30, :40]], pictures=Pictures(size=15),
                            timing=timing)
    assert result.outputs == () and not list(tmp_path.iterdir())
    frames = list(result.iter_frames())
    assert len(frames) == result.frames
    assert np.array_equal(frames[0].board, result.pictures[0].fit.board)
    assert np.array_equal(frames[-1].board, result.pictures[-1].fit.board)
    assert sum(f.seconds for f in frames) == pytest.approx(result.duration_seconds)
    # The frames are the ones a GIF holds: the same run written says so.
    written = make_animation([RAMP, RAMP[:, ::-1], RAMP.T[:30, :40]], str(tmp_path / "a.gif"),
                             pictures=Pictures(size=15), timing=timing)
    assert written.to_dict()["transitions"] == result.to_dict()["transitions"]


def test_an_animation_mixes_files_and_arrays() -> None:
    result = make_animation([A, read_gray(B)], pictures=Pictures(size=12),
                            timing=Timing(duration=0.2, hold=0))
    assert [p.path for p in result.pictures] == [A, "<array>"]


def test_a_film_without_outputs_keeps_its_boards(tmp_path: Path) -> None:
    from lightsart import Filming, make_film

    clips = load_script("scripts/make_test_clips.py")
    try:
        clip = clips.make_clips(tmp_path, width=64, seconds=0.5, fps=8, names=("slow_pan",),
                                sound=False)["slow_pan"]
    except Exception as exc:  # pragma: no cover - no ffmpeg here
        pytest.skip(f"no test clip: {exc}")
    before = set(tmp_path.iterdir())
    result = make_film(str(clip), pictures=Pictures(size="16x12"), filming=Filming(fps=8))
    assert result.outputs == () and set(tmp_path.iterdir()) == before
    assert len(result.boards) == result.frames >= 3
    assert all(b.shape == (12, 16) for b in result.boards)
    changed = [int(np.count_nonzero(a != b)) for a, b in pairwise(result.boards)]
    assert len(changed) == len(result.clicks_per_frame)
    with pytest.raises(LightsartError, match="a clip is a file's path"):
        make_film(np.zeros((4, 4)))  # type: ignore[arg-type]
    with pytest.raises(LightsartError, match=r"takes no mode=: give filming=Filming\(mode"):
        make_film(str(clip), mode="play")  # type: ignore[call-arg]
    with pytest.raises(LightsartError, match="filming must be Filming"):
        make_film(str(clip), filming="play")  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [64, "64", np.int64(64)])
def test_size_64_is_read_wherever_a_size_is_taken(size: object) -> None:
    from lightsart import load_target

    assert Pictures(size=size).size == (None, 64)  # type: ignore[arg-type]
    assert load_target(RAMP, size).bits.shape == (48, 64)  # type: ignore[arg-type]


def test_a_size_given_twice_is_one_line() -> None:
    # The settings hold the size; the job takes no second one (nor any other settings field).
    with pytest.raises(LightsartError) as caught:
        make_still(B, pictures=Pictures(size=8), size=8)  # type: ignore[call-arg]
    assert str(caught.value) == "make_still() takes no size=: give pictures=Pictures(size=...)"


def test_a_preview_takes_size_64(tmp_path: Path) -> None:
    from lightsart._preview import make_preview

    result = make_preview(B, str(tmp_path / "sheet.png"), size=24)
    assert result.tiles[0].board.shape == (24, 24)


# --- no module imports another module's private names ------------------------------------------

def _private_imports(root: Path = ROOT) -> list[str]:
    """``from lightsart.x import _name`` (a private name, not a private module) in a module other
    than ``lightsart.x`` itself, and ``x._name`` of an imported lightsart module (of the package
    under ``root``)."""
    found = []
    package = root / "lightsart"
    for file in sorted(package.rglob("*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        modules: set[str] = set()
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ImportFrom) and node.module
                    and node.module.startswith("lightsart")):
                continue
            home = root / node.module.replace(".", os.sep)
            for alias in node.names:
                is_module = (home / alias.name).is_dir() or (home / f"{alias.name}.py").exists()
                if is_module:
                    modules.add(alias.asname or alias.name)
                elif alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{file.relative_to(root)}:{node.lineno}: "
                                 f"from {node.module} import {alias.name}")
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
                    and node.value.id in modules):
                found.append(f"{file.relative_to(root)}:{node.lineno}: "
                             f"{node.value.id}.{node.attr}")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    assert _private_imports() == [], "import a public name from its one home (lightsart._jobs, ...)"


def test_the_private_name_check_can_fail(tmp_path: Path) -> None:
    package = tmp_path / "lightsart"
    (package / "_video").mkdir(parents=True)
    (package / "_video" / "refine.py").write_text("def _blur(): ...\n")
    (package / "_video" / "play.py").write_text(
        "from lightsart._video import refine\nfrom lightsart._video.refine import _blur\n"
        "refine._blur()\n")
    assert _private_imports(tmp_path) == [
        "lightsart/_video/play.py:2: from lightsart._video.refine import _blur",
        "lightsart/_video/play.py:3: refine._blur"]
