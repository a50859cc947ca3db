"""A sphinx-gallery image scraper for the pictures lightsart writes itself.

A gallery example writes its PNG, GIF or SVG with lightsart (``make_still``, ``make_animation``,
``preview``...) into the folder it runs in, as a user would; this scraper moves each new picture
into the gallery's image folder, in the order they were written, so the page shows exactly the
files the code beside it made (an animation plays as the GIF itself).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

PICTURES = (".png", ".gif", ".svg", ".jpg", ".webp")


class PictureFiles:
    """Scrape the picture files an example block wrote into its working folder."""

    def __repr__(self) -> str:  # sphinx-gallery caches its configuration by repr
        return "PictureFiles()"

    def __call__(self, block: Any, block_vars: dict[str, Any], gallery_conf: dict[str, Any]) -> str:
        from sphinx_gallery.scrapers import figure_rst

        folder = Path(block_vars["src_file"]).parent
        made = sorted((p for p in folder.iterdir() if p.suffix.lower() in PICTURES),
                      key=lambda p: (p.stat().st_mtime_ns, p.name))
        placed = []
        for picture, image_path in zip(made, block_vars["image_path_iterator"], strict=False):
            target = Path(image_path).with_suffix(picture.suffix.lower())
            shutil.move(picture, target)
            placed.append(str(target))
        for leftover in folder.iterdir():  # more pictures than the iterator allows: never left behind
            if leftover.suffix.lower() in PICTURES:
                leftover.unlink()
        if not placed:
            return ""
        return figure_rst(placed, gallery_conf["src_dir"])
