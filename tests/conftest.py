"""Shared fixtures: brute-force golden data for tiny boards, and a folder with two pictures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from refusal import picture

GOLDEN = Path(__file__).with_name("golden") / "brute_force.json"


@pytest.fixture(scope="session")
def brute_force() -> list[dict[str, Any]]:
    """Per size: nullity, fewest clicks per reachable board, fewest wrong pixels per target."""
    return json.loads(GOLDEN.read_text())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "golden_size" in metafunc.fixturenames:
        sizes = [(case["m"], case["n"]) for case in json.loads(GOLDEN.read_text())]
        metafunc.parametrize("golden_size", sizes, ids=[f"{n}x{m}" for m, n in sizes])


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding two pictures, ``a.png`` and ``b.png`` (:func:`refusal.picture`), in which
    the test runs. Test files that need more in it define their own ``work``."""
    picture(tmp_path / "a.png", 1)
    picture(tmp_path / "b.png", 2)
    monkeypatch.chdir(tmp_path)
    return tmp_path
