"""lightsart: pictures as Lights Out boards, and animations one legal click at a time."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
