"""Doctests of the public objects are found in their private home modules.

Public classes and functions show as ``lightsart.X`` (``lightsart/_public.py``), so doctest's
finder, which keeps an object only where its ``__module__`` says it lives, would look for their
examples in ``lightsart/__init__.py`` (where they are lazy names) and run none. This tells it the
home: ``lightsart._EXPORTS`` names the module each public name is defined in.
"""

from __future__ import annotations

import doctest
from types import ModuleType

import lightsart

_from_module = doctest.DocTestFinder._from_module  # type: ignore[attr-defined]


def _from_home(self: doctest.DocTestFinder, module: ModuleType | None, obj: object) -> bool:
    if module is not None and getattr(obj, "__module__", None) == "lightsart":
        return lightsart._EXPORTS.get(getattr(obj, "__name__", "")) == module.__name__
    return bool(_from_module(self, module, obj))


doctest.DocTestFinder._from_module = _from_home  # type: ignore[attr-defined]
