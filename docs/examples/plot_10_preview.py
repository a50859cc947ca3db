"""
A preview sheet to pick settings by looking
===========================================

``lightsart preview`` (here :func:`lightsart._preview.make_preview`) writes a contact
sheet of labelled variants of one picture, each the reachable board ``still`` would make: tone
on and off, the main dithering methods and two board sizes near the one asked for.
"""

from pathlib import Path

from lightsart._preview import make_preview

SAMPLES = Path("../../samples")  # the sample photographs (examples run in docs/examples)

sheet = make_preview(SAMPLES / "photographer.png", "sheet.png", size=(48, 48))
for tile in sheet.tiles:
    print(tile)
