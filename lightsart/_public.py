"""Public objects show as ``lightsart.X``, wherever they are defined (galois's ``set_module``).

Every class and function of ``lightsart.__all__`` lives in a private module
(``lightsart.Fit``) and is decorated with :func:`public`, so its repr, its pickle, its
tracebacks and the API reference name it ``lightsart.Fit``: moving it between private modules
changes nothing users see. ``pickle`` finds it again through the package's lazy ``__getattr__``.
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["public"]

T = TypeVar("T")


def public(obj: T) -> T:
    """Mark ``obj`` (a class or function exported by :mod:`lightsart`) as ``lightsart.NAME``."""
    target: Any = obj
    target.__module__ = "lightsart"
    return obj
