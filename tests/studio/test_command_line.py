"""The command line the studio shows makes the board the studio shows: for several states of
the form, run the shown command with the CLI, read the board back from the PNG it writes and
compare it with the studio's board (sent to the page as hexadecimal levels)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lightsart._cli import main
from tests.studio.board_png import board_of

FORMS: list[dict[str, Any]] = [
    {},
    {"size": "40x30", "dither": "atkinson", "pattern": "sigma"},
    {"size": "33", "states": 3, "topology": "torus", "tone": "none"},
    {"size": "24x24", "brightness": 0.2, "contrast": 1.5, "pattern": "x", "fit": "contain"},
    # A palette sets the states (the states field gives way): the command names the palette.
    {"size": "30x24", "palette": "handheld", "states": 3},
    {"size": "28", "palette": "auto:3", "dither": "atkinson"},
    {"size": "20x26", "palette": "#1b1b3a,#e63946,#f4e9cd", "pattern": "sigma"},
    {"size": "24", "palette": "greys", "states": 3},
]


@pytest.mark.parametrize("form", FORMS, ids=[str(i) for i in range(len(FORMS))])
def test_shown_command_writes_the_shown_board(client: Any, form: dict[str, Any],
                                              tmp_path: Path) -> None:
    samples = client.get("/api/studio").json()["samples"]
    ident = next(s["id"] for s in samples if s["name"] == "astronaut")
    shown = client.post("/api/board", {"session": f"cli {form}", "generation": 1,
                                       "pictures": [ident], "settings": form}).json()
    words = shlex.split(shown["command"])
    assert words[:2] == ["lightsart", "still"] and words[3:5] == ["-o", "board.png"]
    out = tmp_path / "board.png"
    assert main([*words[1:3], "-o", str(out), "-q", *words[5:]]) == 0
    m, n, k = shown["height"], shown["width"], shown["states"]
    studio = np.array([int(c, 16) for c in shown["boards"][0]], dtype=np.uint8).reshape(m, n)
    np.testing.assert_array_equal(board_of(out, m, n, k, palette=shown["palette"]), studio)
    assert studio.min() != studio.max()  # a picture, not a blank board
    palette = form.get("palette", "greys")
    assert ("--palette" in words) == (palette != "greys")
    assert ("--states" in words) == (palette == "greys" and form.get("states", 2) != 2)
    if palette != "greys":
        assert shown["palette"] is not None and len(shown["palette"]) == k
        assert k == (3 if palette != "handheld" else 4)
        assert len(set(np.unique(studio))) == k  # every colour shows
