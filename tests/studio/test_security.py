"""The studio's answers to requests it must refuse, as a table: request -> status and words.

Each row is sent in plain HTTP to a running studio (``lightsart._studio.serve``)."""

from __future__ import annotations

import struct
import zlib
from typing import Any

import pytest

OK = {"X-Studio": "1"}


def _png(width: int, height: int) -> bytes:
    """A 1-bit PNG of ``width`` x ``height`` black pixels, made by hand (a few kB for a
    decompression bomb of hundreds of megapixels)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    packer = zlib.compressobj(9)
    row = b"\0" * (1 + (width + 7) // 8)
    body = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))


#: (what, method, path, headers, body, status, words in the answer)
TABLE: list[tuple[str, str, str, dict[str, str], bytes | None, int, str]] = [
    ("path traversal in a file id", "GET", "/files/..%2F..%2Fetc%2Fpasswd", {}, None, 404, ""),
    ("path traversal in an asset", "GET", "/assets/..%2F__init__.py", {}, None, 404, ""),
    ("a package file that is no asset", "GET", "/assets/work.py", {}, None, 404, "no such file"),
    ("path traversal in a picture id", "GET", "/api/pictures/..%2F..%2Fetc", {}, None, 404, ""),
    ("an unknown export", "GET", "/files/0123456789abcdef", {}, None, 404, "no such file"),
    ("a foreign Origin", "POST", "/api/board", {**OK, "Origin": "http://evil.example"}, b"{}",
     403, "other sites"),
    ("a foreign Origin on a GET", "GET", "/api/studio", {"Origin": "http://evil.example"}, None,
     403, "other sites"),
    ("a rebound DNS name (Host)", "GET", "/", {"Host": "evil.example"}, None, 403,
     "own address"),
    ("a POST without the studio's header", "POST", "/api/board", {}, b"{}", 403, "other sites"),
    ("an oversize upload", "POST", "/api/pictures", OK, None, 413, "larger than 50 MB"),
    ("a decompression bomb", "POST", "/api/pictures", OK, _png(20000, 20000), 400,
     "megapixels"),
    ("a bad file", "POST", "/api/pictures", OK, b"this is not a picture", 400, "picture"),
    ("an empty file", "POST", "/api/pictures", OK, b"", 400, "empty"),
    ("not JSON", "POST", "/api/board", OK, b"{nope", 400, "JSON object"),
    ("an unknown setting", "POST", "/api/board", OK,
     b'{"generation": 1, "pictures": ["x"], "settings": {"colour": "red"}}', 400, ""),
    ("a picture id that is not there", "POST", "/api/board", OK,
     b'{"generation": 1, "pictures": ["../../etc/passwd"]}', 400, "no longer in the studio"),
]


@pytest.mark.parametrize("what, method, path, headers, body, status, words", TABLE,
                         ids=[row[0] for row in TABLE])
def test_refused(client: Any, what: str, method: str, path: str, headers: dict[str, str],
                 body: bytes | None, status: int, words: str) -> None:
    declared = 50 * 1024 * 1024 + 1 if what == "an oversize upload" else None
    answer = client.request(method, path, headers=headers, content=body, declared=declared)
    assert answer.status_code == status, (what, answer.text)
    assert words in answer.text, (what, answer.text)
    assert "Traceback" not in answer.text and "File \"" not in answer.text


def _sample_id(client: Any) -> str:
    return str(client.get("/api/studio").json()["samples"][0]["id"])


def test_bad_setting_values_are_one_line(client: Any) -> None:
    ident = _sample_id(client)
    for settings, words in [({"states": 40}, "states"), ({"size": "0x0"}, "size"),
                            ({"size": "9000"}, "512 cells"), ({"dither": "crayon"}, "one of")]:
        answer = client.post("/api/board", {"session": "s", "generation": 1,
                                            "pictures": [ident], "settings": settings})
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_allowed_page_and_assets(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "lightsart studio" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    port = client.host.split(":")[1]
    assert client.get("/", headers={"Host": f"localhost:{port}"}).status_code == 200
    for name in ("studio.js", "view.js", "lights.js", "studio.css"):
        assert client.get(f"/assets/{name}").status_code == 200


def test_a_newer_request_supersedes_an_older_one(client: Any) -> None:
    body = {"session": "race", "pictures": [_sample_id(client)], "settings": {"size": "16"}}
    assert "boards" in client.post("/api/board", {**body, "generation": 5}).json()
    old = client.post("/api/board", {**body, "generation": 4}).json()
    assert old == {"superseded": True, "generation": 4}


def test_non_local_bind_is_refused() -> None:
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "lightsart", "studio", "--host", "0.0.0.0",
                          "--no-browser"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "127.0.0.1 only" in run.stderr, run.stderr
