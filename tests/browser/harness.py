"""Launch Debian's Chromium through Playwright and watch a page for console errors.

Nothing is downloaded at run time: Playwright drives the system browser at :data:`CHROMIUM`
(``scripts/test.sh`` installs Debian's ``chromium`` package when it is missing). A missing
browser fails the tests with a clear message instead of skipping them, so CI cannot pass
without running them; ``LIGHTSART_SKIP_BROWSER=1`` skips them on purpose.
"""

from __future__ import annotations

import atexit
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("LIGHTSART_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


_SHARED: dict[str, Any] = {}


def launch() -> Iterator[Any]:
    """Yield a headless Chromium browser (Playwright ``Browser``).

    One browser per test process, started on first use and closed at exit: Playwright's sync
    API allows one running instance per thread, and several test modules need a browser."""
    if os.environ.get("LIGHTSART_SKIP_BROWSER") == "1":
        pytest.skip("LIGHTSART_SKIP_BROWSER=1: browser tests skipped on request")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright for Python is missing: run scripts/test.sh "
                    "(pip install -e '.[test]'), or set LIGHTSART_SKIP_BROWSER=1", pytrace=False)
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run scripts/test.sh (it installs Debian's "
                    "chromium), set LIGHTSART_CHROMIUM, or set LIGHTSART_SKIP_BROWSER=1",
                    pytrace=False)
    if "browser" not in _SHARED:
        pw = sync_playwright().start()
        _SHARED["browser"] = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        atexit.register(_close, pw)
    yield _SHARED["browser"]


def _close(pw: Any) -> None:
    _SHARED.pop("browser").close()
    pw.stop()


@dataclass
class Watched:
    """A page plus everything worrying it reported: console errors, page errors, requests."""

    page: Any
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def open(self, path: Path) -> None:
        self.page.goto(path.as_uri())
        self.page.wait_for_load_state("load")


def watch(context: Any) -> Watched:
    """A new page in ``context`` that records console errors, uncaught errors and requests."""
    page = context.new_page()
    w = Watched(page)
    page.on("console", lambda msg: w.errors.append(msg.text) if msg.type in ("error", "warning")
            else None)
    page.on("pageerror", lambda exc: w.errors.append(f"uncaught: {exc}"))
    page.on("request", lambda req: w.requests.append(req.url))
    return w


def tab(browser: Any, width: int, height: int,
        schemes: frozenset[str] | None = frozenset({"file"})) -> Iterator[Watched]:
    """A watched page in a new ``width`` x ``height`` context of ``browser``, for a fixture to
    yield; afterwards no console error, and (unless ``schemes`` is None) no request outside
    ``schemes`` (a page that works offline asks nothing of the network)."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    watched = watch(ctx)
    yield watched
    ctx.close()
    assert watched.errors == [], f"console errors: {watched.errors}"
    if schemes is not None:
        assert {url.split(":")[0] for url in watched.requests} <= schemes, watched.requests


def click_cell(page: Any, row: int, col: int, rows: int, cols: int, selector: str = "#board") -> None:
    """Click the centre of cell (row, col) of the board canvas with the mouse."""
    box = page.locator(selector).bounding_box()
    x = box["x"] + (col + 0.5) * box["width"] / cols
    y = box["y"] + (row + 0.5) * box["height"] / rows
    page.mouse.click(x, y)
