"""Exports: the file is the job's (decoded and compared), a running export can be cancelled
(its folder goes), at most two run at once, and ids, not paths, name the files."""

from __future__ import annotations

import io
import time
from typing import Any

import numpy as np
import pytest

from lightsart._boardsize import DEFAULT_STATES
from tests.studio.board_png import board_of


def _ids(client: Any) -> dict[str, str]:
    return {s["name"]: s["id"] for s in client.get("/api/studio").json()["samples"]}


def _wait(client: Any, job: dict[str, Any]) -> dict[str, Any]:
    for _ in range(1200):
        if job["state"] != "running":
            return job
        time.sleep(0.05)
        job = client.get(f"/api/exports/{job['id']}").json()
    raise AssertionError(job)


def test_a_png_export_holds_the_shown_board(client: Any) -> None:
    ids = _ids(client)
    form = {"size": "20x16", "states": 3}
    shown = client.post("/api/board", {"session": "x", "generation": 1,
                                       "pictures": [ids["horse"]], "settings": form}).json()
    board = np.array([int(c, 16) for c in shown["boards"][0]], dtype=np.uint8).reshape(16, 20)
    png = _wait(client, client.post("/api/exports", {"pictures": [ids["horse"]],
                                                     "settings": form, "format": "png"}).json())
    assert png["state"] == "done" and png["name"] == "board.png"
    assert client.request("GET", f"/files/{png['id']}").headers["content-type"] == "image/png"
    data = _download(client, png["id"])
    np.testing.assert_array_equal(board_of(data, 16, 20, 3), board)
    assert png["command"].startswith("lightsart still ") and "--states 3" in png["command"]


def test_a_png_export_in_a_palette_decodes_to_the_shown_board(client: Any) -> None:
    ids = _ids(client)
    form = {"size": "24x18", "palette": "auto:4"}
    shown = client.post("/api/board", {"session": "palette", "generation": 1,
                                       "pictures": [ids["coffee"]], "settings": form}).json()
    assert shown["states"] == 4 and len(shown["palette"]) == 4
    board = np.array([int(c, 16) for c in shown["boards"][0]], dtype=np.uint8).reshape(18, 24)
    png = _wait(client, client.post("/api/exports", {"pictures": [ids["coffee"]],
                                                     "settings": form, "format": "png"}).json())
    assert png["state"] == "done" and "--palette auto:4" in png["command"]
    data = _download(client, png["id"])
    np.testing.assert_array_equal(board_of(data, 18, 24, 4, palette=shown["palette"]), board)
    assert len(np.unique(board)) == 4
    # Every pixel is one of the palette's colours (drawn in it, not in greys).
    from PIL import Image

    with Image.open(io.BytesIO(data)) as im:
        rgb = np.asarray(im.convert("RGB")).reshape(-1, 3)
    pixels = {"#{:02x}{:02x}{:02x}".format(*c) for c in np.unique(rgb, axis=0).tolist()}
    assert pixels <= set(shown["palette"])


def _download(client: Any, ident: str) -> bytes:
    import http.client

    host, port = client.host.split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    conn.request("GET", f"/files/{ident}")
    data = conn.getresponse().read()
    conn.close()
    return data


def test_a_long_export_can_be_cancelled_and_exports_are_bounded(client: Any) -> None:
    ids = _ids(client)
    body = {"pictures": [ids["astronaut"], ids["cat"]], "format": "mp4",
            "settings": {"size": "400", "duration": 20.0}}
    first = client.post("/api/exports", body).json()
    second = client.post("/api/exports", body).json()
    third = client.post("/api/exports", body)
    assert third.status_code == 400 and "2 exports are running" in third.json()["error"]
    for job in (first, second):
        cancelled = client.post(f"/api/exports/{job['id']}/cancel", {}).json()
        assert cancelled["state"] == "cancelled", cancelled
        assert client.get(f"/files/{job['id']}").status_code == 404


def test_a_gif_export_plays_from_the_first_picture_to_the_second(client: Any) -> None:
    from PIL import Image

    ids = _ids(client)
    form = {"size": "24x24", "duration": 0.5, "fps": 10.0}
    pictures = [ids["horse"], ids["coffee"]]
    shown = client.post("/api/board", {"session": "g", "generation": 1, "pictures": pictures,
                                       "settings": form}).json()
    gif = _wait(client, client.post("/api/exports", {"pictures": pictures, "settings": form,
                                                     "format": "gif"}).json())
    data = _download(client, gif["id"])
    boards = [np.array([int(c, 16) for c in b], dtype=np.uint8).reshape(24, 24)
              for b in shown["boards"]]
    with Image.open(io.BytesIO(data)) as img:
        last = img.n_frames - 1
    np.testing.assert_array_equal(board_of(data, 24, 24, DEFAULT_STATES, frame=0), boards[0])
    np.testing.assert_array_equal(board_of(data, 24, 24, DEFAULT_STATES, frame=last), boards[1])


def test_uploads_past_the_bound_replace_the_oldest(client: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsart._studio import work
    from tests.studio.conftest import sample

    monkeypatch.setattr(work, "PICTURES_MAX", 3)  # the server runs in this process (a thread)
    data = sample("horse").read_bytes()
    ids = [client.request("POST", "/api/pictures", {"X-Studio": "1", "X-Name": f"h{k}.png"},
                          data).json()["id"] for k in range(5)]
    assert client.get(f"/api/pictures/{ids[-1]}").status_code == 200
    assert client.get(f"/api/pictures/{ids[0]}").status_code == 404
    gone = client.post("/api/board", {"session": "b", "generation": 1, "pictures": [ids[0]]})
    assert "add it again" in gone.json()["error"]
