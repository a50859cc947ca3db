"""A studio for the tests: a real server (``lightsart._studio.serve``) on a free port, in a
thread, spoken to in plain HTTP (any Host or Origin) and by the browser."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")

from lightsart._studio import samples


@dataclass
class Answer:
    """A response: status, text and headers (lower-case names)."""

    status_code: int
    text: str
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.text)


@dataclass
class Client:
    """Plain HTTP to the running studio, with any Host or Origin a test wants to send."""

    address: str

    @property
    def host(self) -> str:
        return self.address.split("/")[2]

    def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                content: bytes | None = None, declared: int | None = None) -> Answer:
        """``declared``: a Content-Length to announce without sending the body."""
        host, port = self.host.split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            sent = {"Host": self.host, **(headers or {})}
            if declared is not None:
                sent["Content-Length"] = str(declared)
            elif content is not None:
                sent["Content-Length"] = str(len(content))
            for name, value in sent.items():
                conn.putheader(name, value)
            conn.endheaders(None if declared is not None else content)
            reply = conn.getresponse()
            return Answer(reply.status, reply.read().decode("utf-8", "replace"),
                          {k.lower(): v for k, v in reply.getheaders()})
        finally:
            conn.close()

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return self.request("GET", path, headers)

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Answer:
        return self.request("POST", path, {"X-Studio": "1", **(headers or {})},
                            json.dumps(body).encode())


@pytest.fixture(scope="module")
def client(server: str) -> Client:
    return Client(server)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A running studio (``lightsart._studio.serve``) on a free port: its address."""
    from lightsart._studio import serve

    found: dict[str, Any] = {}
    ready = threading.Event()

    def started(address: str, stop: Any) -> None:
        found.update(address=address, stop=stop)
        ready.set()

    thread = threading.Thread(target=serve, kwargs={"port": 0, "ready": started}, daemon=True)
    thread.start()
    assert ready.wait(30), "the studio did not start"
    yield found["address"]
    found["stop"]()
    thread.join(15)


def sample(name: str) -> Path:
    found = {p.stem: p for p in samples()}
    if name not in found:
        pytest.skip("the samples folder is not beside the package")
    return found[name]
