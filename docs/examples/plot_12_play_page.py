"""
The game in the browser
=======================

``lightsart play`` writes one self-contained HTML page (it works offline) whose goal is the
reachable board closest to a picture. Here the page is written by the command line, opened in
Chromium through Playwright and photographed.
"""

import os
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

page_file = Path("horse-game.html")
made = subprocess.run(
    [sys.executable, "-m", "lightsart", "play", "--size", "16x16", "--image",
     str(SAMPLES / "horse.png"), "--start", "lit", "-o", str(page_file)],
    capture_output=True, text=True, check=True)
try:
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("LIGHTSART_CHROMIUM", "/usr/bin/chromium"))
        page = browser.new_page(viewport={"width": 900, "height": 700})
        page.goto(page_file.resolve().as_uri())
        page.wait_for_timeout(300)
        page.screenshot(path="horse-game.png")
        browser.close()
finally:
    page_file.unlink()
print(made.stdout.strip())
