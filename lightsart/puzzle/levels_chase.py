"""Deprecated alias (until 0.4) of k-state light chasing, now one with the two-state tools:
the strategy and the press path in :mod:`lightsart.puzzle.solve`, the table in
:mod:`lightsart.puzzle.table`."""

from __future__ import annotations

from lightsart.puzzle.solve import LevelPath, LevelStep, LevelStrategy, explain_levels, press_path
from lightsart.puzzle.table import LevelTable, level_table

__all__ = ["LevelPath", "LevelStep", "LevelStrategy", "LevelTable", "explain_levels",
           "level_table", "press_path"]
