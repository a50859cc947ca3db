"""A film's ``.html`` page in Chromium: every frame shown is the film's frame (checked against
the PNGs the same run wrote), the page says the frame and the time, plays to the end at the
film's rate, and holds the clip's sound in the page."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser import harness
from PIL import Image
from script_loader import load_script

from lightsart._cli import main

CELL = 6


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture
def tab(browser: Any) -> Iterator[harness.Watched]:
    # The page's file and its own sound, nothing from outside.
    yield from harness.tab(browser, 800, 600, frozenset({"file", "data"}))


def _page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="lightsart-data">(.*?)</script>', html,
                      re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def _art(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const a = window.lightsartArt; return { rows: a.rows,
        frame: a.frame, frames: a.frames, playing: a.playing, sound: a.sound }; }""")


def _film(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str
          ) -> tuple[Path, list[np.ndarray], dict[str, Any]]:
    clips = load_script("scripts/make_test_clips.py").make_clips(
        tmp_path / "clips", width=64, seconds=1.0, fps=8, names=("crossfade",))
    out, folder = tmp_path / "film.html", tmp_path / "frames"
    assert main(["video", str(clips["crossfade"]), "-o", str(out), "--frames", str(folder),
                 "--size", "8x6", "--cell", str(CELL), "--json", *args]) == 0
    result = json.loads(capsys.readouterr().out)
    boards = [np.asarray(Image.open(p).convert("L"))[CELL // 2:: CELL, CELL // 2:: CELL] // 255
              for p in sorted(folder.glob("frame_*.png"))]
    return out, boards, result


@pytest.mark.parametrize("mode", ["boards", "play"])
def test_the_film_page_shows_each_frame_and_its_time(
        tab: harness.Watched, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        mode: str) -> None:
    out, boards, result = _film(tmp_path, capsys, "--mode", mode)
    assert result["sound"] is True
    data = _page_data(out.read_text())
    assert data["film"]["fps"] == result["fps"]
    assert data["film"]["sound"].startswith("data:audio/mpeg;base64,")
    assert base64.b64decode(data["film"]["sound"].split(",", 1)[1])[:3] in (b"ID3", b"\xff\xfb")
    tab.open(out)
    page = tab.page
    page.evaluate("() => { if (lightsartArt.playing) document.getElementById('play').click(); }")
    art = _art(page)
    assert art["frames"] == result["frames"] == len(boards) and art["sound"]
    seconds = result["frames"] / result["fps"]
    for k in [*range(len(boards)), 0, len(boards) - 1, 2]:  # forwards, then jumps both ways
        page.evaluate(f"""() => {{ const s = document.getElementById('scrub');
            s.value = '{k}'; s.dispatchEvent(new Event('input')); }}""")
        art = _art(page)
        assert art["frame"] == k
        rows = np.array([[int(c) for c in row] for row in art["rows"]])
        assert np.array_equal(rows, boards[k]), k
        said = re.fullmatch(r"frame (\d+) of (\d+) · 0:(\d\d\.\d\d) of 0:(\d\d\.\d\d)",
                            page.inner_text("#position"))
        assert said is not None
        assert (int(said[1]), int(said[2])) == (k + 1, len(boards))
        assert abs(float(said[3]) - k / result["fps"]) <= 0.005 + 1e-9
        assert abs(float(said[4]) - seconds) <= 0.005 + 1e-9


def test_the_film_page_plays_to_its_last_frame(tab: harness.Watched, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out, boards, _ = _film(tmp_path, capsys, "--no-audio")
    assert _page_data(out.read_text())["film"]["sound"] is None
    tab.open(out)
    page = tab.page
    page.wait_for_function("() => !lightsartArt.playing", timeout=20_000)
    art = _art(page)
    assert art["frame"] == len(boards) - 1 and not art["sound"]
    rows = np.array([[int(c) for c in row] for row in art["rows"]])
    assert np.array_equal(rows, boards[-1])
    assert page.inner_text("#play") == "Replay"
