"""One ``--json`` vocabulary for every number of states per cell (issue 21, part 5).

Until 0.3 the two-state game and the k-state game spoke two vocabularies (``clicks``/``moves``
and ``nullity`` beside ``presses``/``presses_count`` and ``kernel_size``). The keys below mean
the same thing whatever the number of states (the number itself is ``rules.states``); each
result's ``to_dict`` adds them with :func:`speak`. The old keys are gone in 1.0 (nothing was
released with them).
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["KEYS", "click_cells", "speak"]

#: The shared keys each command's ``--json`` carries at every number of states (a test checks
#: them at 2 and 3 states). Keys inside lists are named ``list.key``; ``strategy`` is the object
#: ``solve --explain --json`` adds.
KEYS: dict[str, tuple[str, ...]] = {
    "solve": ("clicks", "click_grid", "click_count", "proven_minimal", "solutions", "nullity",
              "kernel_size", "fewest_cells_to_change", "fewest_cells_proven", "cells_to_change",
              "changed_board"),
    "path": ("click_count", "proven_minimal", "path.click", "path.state"),
    "strategy": ("steps.clicks", "steps.click_grid", "chased_clicks", "chased_click_grid",
                 "fewest_click_grid", "fewest_click_count", "kernel_size"),
    "table": ("nullity", "kernel_size", "reachable", "complete", "rows.bottom", "rows.top"),
    "census": ("nullity", "kernel_size", "solvable", "distribution", "max_click_count"),
    "sizes": ("sizes.nullity", "sizes.kernel_size", "sizes.every_picture_exact",
              "sizes.wrong_cells_at_most"),
    "still": ("board.nullity", "board.kernel_size", "pictures.wrong_cells",
              "pictures.wrong_cells_proven_minimal", "pictures.wrong_cells_lower_bound",
              "pictures.click_count", "pictures.click_count_proven_minimal"),
    "animate": ("board.nullity", "board.kernel_size", "pictures.wrong_cells",
                "pictures.wrong_cells_proven_minimal", "pictures.wrong_cells_lower_bound",
                "pictures.click_count", "pictures.click_count_proven_minimal",
                "transitions.click_count", "transitions.click_count_proven_minimal",
                "transitions.cells_pressed"),
}

def click_cells(grid: Any, states: int) -> list[list[int]]:
    """The cells of a press grid in reading order: ``[row, col]`` with 2 states (a cell is
    pressed once or not), ``[row, col, times]`` with more (times ``1 .. k-1``)."""
    g = np.asarray(grid)
    cells = np.argwhere(g % states != 0)
    if states == 2:  # a cell pressed twice is not pressed: the pair alone says it all
        return cells.tolist()  # type: ignore[no-any-return]
    times = g[tuple(cells.T)].astype(np.intp) % states
    return np.column_stack([cells, times]).tolist()  # type: ignore[no-any-return]


def speak(data: dict[str, Any], **shared: Any) -> dict[str, Any]:
    """``data`` with the shared keys added after the old ones (an old key keeps its value)."""
    for key, value in shared.items():
        data.setdefault(key, value)
    return data
