"""The press operator built from a pattern's offsets alone, for brute-force checks.

Tests check the library against this matrix, never against the library's own press.
"""

from __future__ import annotations

import itertools

import numpy as np

from lightsart._rules import Rules


def press_matrix(rules: Rules) -> np.ndarray:
    """``A`` as a dense ``cells x cells`` matrix of counts: column ``c`` holds what a click at
    ``c`` adds to each cell (cell ``(i + di, j + dj)`` counts click ``(i, j)``, wrapped where the
    topology wraps, dropped off the plane's edges)."""
    m, n = rules.shape
    wrap_rows, wrap_cols = rules.topology == "torus", rules.topology in ("torus", "cylinder")
    a = np.zeros((m * n, m * n), dtype=np.int64)
    for i, j in itertools.product(range(m), range(n)):
        for di, dj in rules.pattern.offsets:
            r, c = i + di, j + dj
            if wrap_rows:
                r %= m
            if wrap_cols:
                c %= n
            if 0 <= r < m and 0 <= c < n:
                a[r * n + c, i * n + j] += 1
    return a
