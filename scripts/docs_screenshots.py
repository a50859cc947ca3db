"""Photograph the built documentation site in Chromium at a laptop size (issue 24).

Run after ``bash scripts/docs.sh``:  python scripts/docs_screenshots.py [--out docs] [--suffix ""]

Writes ``site-home.png`` (the home page), ``site-api-make-animation.png`` (the API page of
``make_animation``) and ``site-gallery.png`` (one gallery page) into ``--out``, each the first
1366×800 pixels a visitor sees (``--full`` for the whole page). Uses Debian's Chromium through
Playwright (``LIGHTSART_CHROMIUM`` overrides the path); never downloads a browser.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = {
    "site-home": "index.html",
    "site-api-make-animation": "api/generated/lightsart.make_animation.html",
    "site-gallery": "auto_examples/plot_08_animation.html",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "docs" / "_build" / "html")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--suffix", default="", help="added to each file name (e.g. -pydata)")
    parser.add_argument("--full", action="store_true", help="the whole page, not the first screen")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("LIGHTSART_CHROMIUM", "/usr/bin/chromium"))
        page = browser.new_page(viewport={"width": 1366, "height": 800})
        for name, path in PAGES.items():
            page.goto((args.site / path).resolve().as_uri())
            page.wait_for_load_state("load")
            page.wait_for_timeout(500)
            out = args.out / f"{name}{args.suffix}.png"
            page.screenshot(path=str(out), full_page=args.full)
            print(f"{out}: {out.stat().st_size:,} bytes")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
