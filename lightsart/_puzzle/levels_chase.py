"""Deprecated alias (until 0.4) of k-state light chasing, now one with the two-state tools:
the strategy and the press path in :mod:`lightsart._puzzle.solve`, the table in
:mod:`lightsart._puzzle.table`."""

from __future__ import annotations

from lightsart._puzzle.solve import ClickPath as LevelPath
from lightsart._puzzle.solve import Step as LevelStep
from lightsart._puzzle.solve import Strategy as LevelStrategy
from lightsart._puzzle.solve import click_path as press_path
from lightsart._puzzle.solve import explain as explain_levels
from lightsart._puzzle.table import LevelTable, level_table

__all__ = ["LevelPath", "LevelStep", "LevelStrategy", "LevelTable", "explain_levels",
           "level_table", "press_path"]
