"""The animation stage: click orders, timing and frames between fitted pictures."""
