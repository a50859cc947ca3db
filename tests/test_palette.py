"""Palettes asked for by name, by ``auto:K`` and by colours (issue 34): checked when made, one
line when wrong, and the palette's length the number of states."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import lightsart as la
from lightsart._boardsize import DEFAULT_STATES
from lightsart._cli import main
from lightsart._palette import greys
from lightsart._pictures.palettes import (
    PALETTES,
    agreed_states,
    in_colour,
    palette_request,
    palette_states,
    request_text,
    srgb_to_oklab,
)

SAMPLE = "samples/cat.png"


def lightness(palette: la.Palette) -> list[float]:
    return srgb_to_oklab(np.array(palette.colours) / 255.0)[:, 0].tolist()


@pytest.mark.parametrize("k", range(2, 17))
def test_greys_by_name_are_todays_levels(k: int) -> None:
    assert palette_request(f"greys:{k}") == greys(k)
    assert [c[0] for c in greys(k).colours] == [round(255 * s / (k - 1)) for s in range(k)]
    assert not in_colour(greys(k)) and not in_colour(None)


@pytest.mark.parametrize("name", PALETTES.names())
def test_named_palettes_run_dark_to_light(name: str) -> None:
    palette = palette_request(name)
    assert isinstance(palette, la.Palette)
    assert lightness(palette) == sorted(lightness(palette))
    assert palette.colours[0] != palette.colours[-1]


@pytest.mark.parametrize("name", ["amber", "sepia", "greys"])
@pytest.mark.parametrize("k", [2, 3, 5, 16])
def test_ramps_take_any_number_of_states(name: str, k: int) -> None:
    palette = palette_request(f"{name}:{k}")
    assert isinstance(palette, la.Palette) and palette.states == k
    assert lightness(palette) == sorted(lightness(palette))


def test_explicit_colours_keep_their_order() -> None:
    palette = palette_request("#ffffff, #1b1b3a,#f00")
    assert isinstance(palette, la.Palette)
    assert palette.hex() == ("#ffffff", "#1b1b3a", "#ff0000")
    assert request_text(palette) == "#ffffff,#1b1b3a,#ff0000"
    assert in_colour(palette)


@pytest.mark.parametrize(("text", "words"), [
    ("auto", "auto:K"), ("auto:1", "from 2 to 16"), ("auto:17", "from 2 to 16"),
    ("auto:x", "from 2 to 16"), ("cga:3", "without :K"), ("sepia:1", "from 2 to 16"),
    ("nope", "unknown palette 'nope'"), ("#12345", "not #rrggbb"), ("#fff,#fff", "must all differ"),
    ("#000", "2 to 16 colours"), (",".join(["#000001"] * 17), "2 to 16 colours"),
])
def test_a_bad_palette_is_one_line(text: str, words: str) -> None:
    with pytest.raises(la.InvalidValue, match=words.replace("(", r"\(")) as caught:
        palette_request(text)
    assert "\n" not in str(caught.value)


def test_the_palette_length_is_the_number_of_states() -> None:
    assert palette_states(palette_request("auto:5")) == 5  # type: ignore[arg-type]
    assert agreed_states(palette_request("cga"), None) == 4  # not asked: the palette's length
    assert agreed_states(palette_request("cga"), 4) == 4
    assert agreed_states(None, 3) == 3 and agreed_states(None, None) == DEFAULT_STATES
    assert agreed_states(None, None, film=True) == 2 == agreed_states(None, None, engine="ip")
    with pytest.raises(la.InvalidValue, match="has 4 colours but --states is 2"):
        agreed_states(palette_request("cga"), 2)  # 2 asked for is asked for
    with pytest.raises(la.InvalidValue, match="has 4 colours but --states is 3"):
        agreed_states(palette_request("cga"), 3)


def test_pictures_keeps_the_palette_checked() -> None:
    assert la.Pictures(palette="auto:3").palette == "auto:3"
    assert la.Pictures(palette="handheld").palette == palette_request("handheld")
    assert la.Pictures(palette="greys:4", dither="bayer-4").palette == greys(4)  # greys: any method
    with pytest.raises(la.InvalidValue, match="cannot dither onto a colour palette"):
        la.Pictures(palette="auto:4", dither="blue-noise")
    with pytest.raises(la.InvalidValue, match="--linear"):
        la.Pictures(palette="sepia", linear=True)
    with pytest.raises(la.InvalidValue, match="has 4 colours but --states is 3"):
        la.make_still(np.full((8, 8), 0.5), pictures=la.Pictures(palette="cga"),
                      solving=la.Solving(states=3))


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ["--palette", "cga", "--states", "3"], ["--palette", "cga", "--states", "2"],
    ["--palette", "auto:4", "--dither", "bayer"], ["--palette", "sepia", "--linear"],
    ["--palette", "nope"], ["--palette", "auto:99"],
])
def test_cli_refuses_in_one_line_and_writes_nothing(argv: list[str], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.png"
    code, _, err = _cli(["still", SAMPLE, "-o", str(out), "--size", "8", *argv], capsys)
    assert code == 2 and not out.exists()
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["--image", SAMPLE, "--palette", "cga", "--states", "3"], ["--palette", "auto:4"],
    ["--image", SAMPLE, "--palette", "nope"], ["--image", SAMPLE, "--palette", "#fff,#fff"],
])
def test_play_refuses_a_palette_as_still_does(argv: list[str], tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.html"
    code, _, err = _cli(["play", "-o", str(out), "--size", "8", *argv], capsys)
    assert code == 2 and not out.exists()
    assert err.count("\n") == 1 and "Traceback" not in err


def test_cli_json_reports_the_palette(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(["still", SAMPLE, "-o", str(tmp_path / "s.png"), "--size", "12",
                         "--palette", "handheld", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["palette"] == ["#0f380f", "#306230", "#8bac0f", "#9bbc0f"]
    assert data["rules"]["states"] == 4 and data["pictures"][0]["states"] == 4
    code, out, _ = _cli(["animate", SAMPLE, SAMPLE, "-o", str(tmp_path / "a.gif"), "--size", "6",
                         "--fps", "4", "--duration", "0.5", "--palette", "auto:3", "--json"],
                        capsys)
    data = json.loads(out)
    assert code == 0 and len(data["palette"]) == 3 and data["rules"]["states"] == 3
    assert all(t["states"] == 3 for t in data["transitions"])
    code, out, _ = _cli(["still", SAMPLE, "-o", str(tmp_path / "g.png"), "--size", "12",
                         "--json"], capsys)
    assert "palette" not in json.loads(out)  # greys, as before colour
