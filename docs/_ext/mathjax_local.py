"""Serve MathJax from the site itself, so the mathematics renders offline (as the game pages do).

The files come from the ``sphinx-mathjax-offline`` package (a docs dependency): only the TeX to
CommonHTML bundle and its web fonts (about 1.5 MB, not the package's 24 MB) are copied into
``_static/mathjax``. Without the package the page falls back to Sphinx's default CDN.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from sphinx.util.fileutil import copy_asset

BUNDLE = "tex-chtml.js"
FONTS = "output/chtml/fonts/woff-v2"


def _source() -> Path | None:
    spec = importlib.util.find_spec("sphinx-mathjax-offline")
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "static" / "mathjax"
    return folder if (folder / BUNDLE).is_file() else None


def _copy(app: Any, exception: Exception | None) -> None:
    source = _source()
    if exception is not None or source is None:
        return
    target = Path(app.outdir) / "_static" / "mathjax"
    copy_asset(str(source / BUNDLE), str(target))
    copy_asset(str(source / FONTS), str(target / FONTS))


def setup(app: Any) -> dict[str, Any]:
    if _source() is not None:
        app.config.mathjax_path = f"mathjax/{BUNDLE}"
        app.connect("build-finished", _copy)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
