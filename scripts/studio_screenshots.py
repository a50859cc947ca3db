"""Screenshots of lightsart studio for the docs: docs/studio-phone.png, studio-laptop.png and
studio-large.png (390x844, 1366x768, 1920x1080), with two samples chosen, an animation paused
two fifths of the way and the export of a GIF done.

Starts the studio on a free port in this process and drives Debian's Chromium through Playwright
(``LIGHTSART_CHROMIUM`` overrides the path); never downloads a browser.

    python scripts/studio_screenshots.py            # writes the three PNGs into docs/
    python scripts/studio_screenshots.py --palette auto:4   # docs/studio-palette.png (laptop)
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = {"phone": (390, 844), "laptop": (1366, 768), "large": (1920, 1080)}


def start() -> tuple[str, Any]:
    from lightsart._studio import serve

    found: dict[str, Any] = {}
    ready = threading.Event()

    def started(address: str, stop: Any) -> None:
        found.update(address=address, stop=stop)
        ready.set()

    threading.Thread(target=serve, kwargs={"port": 0, "ready": started}, daemon=True).start()
    if not ready.wait(60):
        raise SystemExit("the studio did not start")
    return found["address"], found["stop"]


def shoot(browser: Any, address: str, name: str, size: tuple[int, int],
          palette: str | None = None) -> Path:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(address)
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    page.locator("#samples button[data-sample]", has_text="astronaut").click()
    page.locator("#samples button[data-sample]", has_text="cat").click()
    page.select_option("#field-order", "radial")
    page.fill("#field-size", "100")
    if palette is not None:
        page.fill("#field-palette", palette)
    expect(page.locator("#about")).to_contain_text("board 100x", timeout=60_000)
    if palette is not None:  # the board in the palette, its states following it
        expect(page.locator("#field-states")).to_be_disabled(timeout=60_000)
    page.locator("#scrub").fill(str(int(page.locator("#scrub").get_attribute("max")) * 2 // 5))
    page.locator("#exports button[data-format=gif]").click()
    page.locator("#jobs li[data-state=done]").first.wait_for(timeout=120_000)
    page.evaluate("window.scrollTo(0, 0)")
    out = ROOT / "docs" / f"studio-{name}.png"
    page.screenshot(path=str(out), full_page=False)
    page.close()
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--palette", help="only docs/studio-palette.png, at the laptop size, "
                                          "with this palette in the form")
    args = parser.parse_args(argv)
    shots = {"palette": SIZES["laptop"]} if args.palette else SIZES
    address, stop = start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=os.environ.get("LIGHTSART_CHROMIUM", "/usr/bin/chromium"),
                args=["--no-sandbox", "--disable-gpu"])
            for name, size in shots.items():
                out = shoot(browser, address, name, size, args.palette)
                print(f"wrote {out.relative_to(ROOT)}")
            browser.close()
    finally:
        stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
