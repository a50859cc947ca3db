"""The game export: the page ``lightsart play --image`` writes, whose goal is the studio's shown
still board (at 28x28 the nullity is 0, so the goal is the picture's target, the still's board),
read out of the page's embedded data; the ``lightsart play`` command shown with it writes the
same goal; settings ``play`` has no option for are one line, not a different game."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lightsart._boardsize import DEFAULT_STATES
from lightsart._cli import main
from tests.pages.test_grey_pages import levels, page_data
from tests.studio.test_exports import _download, _ids, _wait


@pytest.mark.parametrize("form", [{"size": "28x28"}, {"size": "28x28", "palette": "auto:3"}],
                         ids=["greys", "palette"])
def test_the_game_page_plays_to_the_shown_board(client: Any, form: dict[str, Any],
                                                tmp_path: Path) -> None:
    ids = _ids(client)
    shown = client.post("/api/board", {"session": f"game {form}", "generation": 1,
                                       "pictures": [ids["horse"]], "settings": form}).json()
    k = shown["states"]
    assert shown["nullity"] == 0 and k == (DEFAULT_STATES if "palette" not in form else 3)
    board = np.array([int(c, 16) for c in shown["boards"][0]], dtype=np.uint8).reshape(28, 28)
    assert len(np.unique(board)) == k  # a picture in every level, not a blank board
    game = _wait(client, client.post("/api/exports", {"pictures": [ids["horse"]],
                                                      "settings": form, "format": "game"}).json())
    assert game["state"] == "done", game
    assert game["name"] == "game.html"
    assert client.request("GET", f"/files/{game['id']}").headers["content-type"].startswith(
        "text/html")
    data = page_data(_download(client, game["id"]).decode("utf-8"))
    assert data["states"] == k and data.get("palette") == shown["palette"]
    np.testing.assert_array_equal(levels(data["picture"]), board)

    words = shlex.split(game["command"])
    assert words[:3] == ["lightsart", "play", "--image"] and words[4:6] == ["-o", "game.html"]
    assert ("--palette" in words) == ("palette" in form) and ("--states" in words) != (
        "palette" in form)
    out = tmp_path / "game.html"  # the sample's own path, as the command names it
    assert main(["play", "--image", words[3], "-o", str(out), *words[6:]]) == 0
    cli = page_data(out.read_text(encoding="utf-8"))
    np.testing.assert_array_equal(levels(cli["picture"]), board)
    assert cli["states"] == k and cli.get("palette") == shown["palette"]


def test_settings_the_game_does_not_take_are_one_line(client: Any) -> None:
    ids = _ids(client)
    answer = client.post("/api/exports", {"pictures": [ids["horse"]], "format": "game",
                                          "settings": {"size": "28x28", "dither": "atkinson"}})
    assert answer.status_code == 400
    assert "default tone and dithering" in answer.json()["error"]
    two = client.post("/api/exports", {"pictures": [ids["horse"], ids["cat"]], "format": "game",
                                       "settings": {"size": "28x28"}})
    assert two.status_code == 400 and "an animation exports as gif" in two.json()["error"]
