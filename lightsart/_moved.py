"""Old module paths keep working: ``lightsart.image`` is ``lightsart.pictures.image``, and so on.

0.2 moved the modules into folders that follow the pipeline (see CHANGELOG.md). A finder on
``sys.meta_path`` answers an import of an old path with the module at its new path (the same
module object, so state and ``isinstance`` checks agree) and a ``DeprecationWarning`` naming it.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "install"]

#: Old module path → new module path.
MOVED: dict[str, str] = {
    f"lightsart.{old}": f"lightsart.{new}"
    for old, new in {
        "board": "core.board", "gf2": "core.gf2", "decode": "core.decode",
        "optimize": "core.optimize", "ip": "engines.ip", "cbc": "engines.cbc",
        "image": "pictures.image", "tone": "pictures.tone", "dither": "pictures.dither",
        "costs": "pictures.costs", "likeness": "pictures.likeness", "preview": "pictures.preview",
        "animate": "animation.animate", "render": "output.render", "writers": "output.writers",
        "mp4": "output.mp4", "outputs": "output.staging", "_io": "output.atomic",
        "preflight": "output.preflight", "progress": "output.progress",
        "puzzle": "puzzle.solve", "census": "puzzle.census", "censusdb": "puzzle.censusdb",
        "play": "pages.play",
    }.items()
}
# "lightsart.puzzle" is now a package itself: only its old *contents* moved (to puzzle.solve).
del MOVED["lightsart.puzzle"]


class _Alias(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(f"{spec.name} moved to {self.new}; import it from there",
                      DeprecationWarning, stacklevel=3)
        return importlib.import_module(self.new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at its new path is already loaded."""


class _MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))


def install() -> None:
    """Put the finder on ``sys.meta_path`` once."""
    if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
        sys.meta_path.append(_MovedFinder())
