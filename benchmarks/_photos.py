"""Pictures for the benchmarks: a sample photo fitted to a square board, or a synthetic stand-in."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def photo_target(path: Path | None, side: int) -> np.ndarray:
    """The photo fitted and dithered to side x side, or a synthetic gradient without one."""
    if path is not None and path.exists():
        from lightsart._pictures.image import load_target

        return load_target(str(path), size=(side, side)).bits
    yy, xx = np.mgrid[0:side, 0:side] / side
    gray = 0.5 + 0.45 * np.sin(7 * xx + 3 * yy) * np.cos(5 * yy)
    return (np.random.default_rng(side).random((side, side)) < gray).astype(np.uint8)


def pillow_dots(frame: np.ndarray) -> np.ndarray:
    """Pillow's ``convert("1")`` (Floyd–Steinberg in C) of a grey frame in ``[0, 1]``, as 0/1
    cells: the baseline the benchmarks measure against."""
    from PIL import Image

    grey = Image.fromarray(np.round(frame * 255).astype(np.uint8))
    return (np.asarray(grey.convert("1"), dtype=np.uint8) > 0).astype(np.uint8)


def sample(name: str) -> Path | None:
    """``samples/<name>`` if it exists."""
    path = ROOT / "samples" / name
    return path if path.exists() else None


def clips_module() -> Any:
    """``scripts/make_test_clips.py`` as a module (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location("make_test_clips",
                                                  ROOT / "scripts" / "make_test_clips.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
