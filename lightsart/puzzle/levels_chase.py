"""Deprecated alias (until 0.4) of k-state light chasing, now one with the two-state tools:
the strategy and the press path in :mod:`lightsart.puzzle.solve`, the table in
:mod:`lightsart.puzzle.table`."""

from __future__ import annotations

from lightsart.puzzle.solve import ClickPath as LevelPath
from lightsart.puzzle.solve import Step as LevelStep
from lightsart.puzzle.solve import Strategy as LevelStrategy
from lightsart.puzzle.solve import click_path as press_path
from lightsart.puzzle.solve import explain as explain_levels
from lightsart.puzzle.table import LevelTable, level_table

__all__ = ["LevelPath", "LevelStep", "LevelStrategy", "LevelTable", "explain_levels",
           "level_table", "press_path"]
