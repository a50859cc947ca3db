"""Load a script of the repository (``scripts/``, ``docs/_ext``) as a module, for the tests that
check what it computes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(path: str | Path) -> ModuleType:
    """The module at ``path`` (relative to the repository, e.g. ``scripts/check_functions.py``)."""
    file = ROOT / path
    spec = importlib.util.spec_from_file_location(file.stem, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module
