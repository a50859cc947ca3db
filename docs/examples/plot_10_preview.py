"""
A preview sheet to pick settings by looking
===========================================

``lightsart preview`` writes a contact sheet of labelled variants of one picture, each the
reachable board ``still`` would make: tone on and off, the main dithering methods, four grey
levels, and board sizes around the one asked for. Each tile's options are what to pass to
``still`` or ``animate``; ``--json`` lists them. The sheet is a command-line tool; in Python,
:func:`lightsart.make_still` makes any one of its tiles.
"""

import json
import subprocess
import sys
from pathlib import Path

from PIL import Image

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

command = [sys.executable, "-m", "lightsart", "preview", str(SAMPLES / "photographer.png"),
           "-o", "sheet.png", "--size", "48x48", "--json", "--quiet"]
answer = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
for tile in answer["tiles"]:
    print(tile)
sheet = Image.open("sheet.png")
print(f"sheet: {sheet.width}x{sheet.height} pixels")
