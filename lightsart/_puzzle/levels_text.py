"""Deprecated alias (until 0.4) of the k-state texts, now in :mod:`lightsart._puzzle.text`."""

from __future__ import annotations

from lightsart._puzzle.text import level_grid, level_path_text, level_strategy_text, level_table_text

__all__ = ["level_grid", "level_path_text", "level_strategy_text", "level_table_text"]
