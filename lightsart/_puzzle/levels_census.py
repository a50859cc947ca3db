"""Deprecated alias (until 0.4) of the k-state census, now in :mod:`lightsart._puzzle.census`."""

from __future__ import annotations

from lightsart._puzzle.census import LevelCounts, census_levels

__all__ = ["LevelCounts", "census_levels"]
