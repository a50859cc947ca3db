"""An answer that comes back after the settings changed again is never shown: the board on the
page is stale from the moment a field changes (the page says "working…"), and the older answer,
arriving within the debounce before the newer request is sent, is dropped. It was shown, and
with it the player was reset under a click on Play (a flaky whole-session test found it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import harness

from tests.studio.conftest import sample


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from harness.launch()


@pytest.fixture
def tab(browser: Any, server: str) -> Iterator[harness.Watched]:
    yield from harness.tab(browser, 1366, 768, schemes=None)


def test_an_answer_to_older_settings_is_not_shown(tab: harness.Watched, server: str) -> None:
    from playwright.sync_api import expect

    page = tab.page
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.set_input_files("#files", str(sample("astronaut")))
    expect(page.locator("#about")).to_contain_text("board ", timeout=30_000)
    held: list[tuple[Any, Any]] = []
    holding = [True]

    def hold(route: Any) -> None:  # the answer is fetched now and given to the page later
        if not holding[0]:
            route.continue_()
            return
        held.append((route, route.fetch()))

    page.route("**/api/board", hold)
    page.fill("#field-size", "30")
    for _ in range(200):  # the request for 30 cells goes out after the page's debounce
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the page asked for no board"
    holding[0] = False
    page.evaluate("""() => { const about = document.getElementById('about');
        window.__abouts = [];
        new MutationObserver(() => window.__abouts.push(about.textContent))
            .observe(about, {childList: true, characterData: true, subtree: true}); }""")
    page.fill("#field-size", "32")  # newer settings; the answer for 30 arrives at once
    route, answer = held[0]
    route.fulfill(response=answer)
    expect(page.locator("#about")).to_contain_text("board 32x", timeout=30_000)
    shown = page.evaluate("() => window.__abouts")
    assert not [text for text in shown if "board 30x" in text], shown
