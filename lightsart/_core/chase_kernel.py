"""The compiled Z/k chase of :func:`lightsart._core.modk._chase_mod` (imports numba: import lazily).

Each chased row is ``change - Σ x[r, j - dj]`` over the row's terms, mod ``k``: numpy spends a
call per term and row (5 shifted adds a row, 200 rows, three chases a frame of a film with
``--states 4``), this loop one pass. Integers throughout, so the answers are exactly numpy's.
Compiled on first use (about a second) and cached on disk.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsart._core.compiled import compiled

__all__ = ["chase_rows"]


@compiled
def chase_rows(x: Any, res: Any, change: Any, k: int, rows: Any, equations: Any, starts: Any,
               term_rows: Any, term_cols: Any, forced: Any, cons_index: Any, wrap_cols: bool) -> None:
    """Chase ``x`` ``(m, n, B)`` in place, one entry of ``rows`` after another.

    Entry ``q`` sums its terms ``starts[q]:starts[q + 1]`` (click row ``term_rows``, column
    offset ``term_cols``: ``x[r, j - dj]``, wrapped or dropped outside) and subtracts them from
    ``change[equations[q]]`` (no change when ``change`` has no rows). Column ``j`` then goes to
    ``x[rows[q], forced[j]]`` when ``rows[q] >= 0`` and ``forced[j] >= 0``, else to the
    residual ``res[cons_index[equations[q], j]]``; all mod ``k``.
    """
    n, width = x.shape[1], x.shape[2]
    acc = np.empty((n, width), dtype=np.int64)
    for q in range(rows.size):
        eq = equations[q]
        if change.shape[0]:
            for j in range(n):
                for w in range(width):
                    acc[j, w] = change[eq, j, w]
        else:
            acc[:] = 0
        for t in range(starts[q], starts[q + 1]):
            r, dj = term_rows[t], term_cols[t]
            for j in range(n):
                col = j - dj
                if wrap_cols:
                    col %= n
                elif col < 0 or col >= n:
                    continue
                for w in range(width):
                    acc[j, w] -= x[r, col, w]
        p = rows[q]
        for j in range(n):
            if p >= 0 and forced[j] >= 0:
                for w in range(width):
                    x[p, forced[j], w] = acc[j, w] % k
            else:
                c = cons_index[eq, j]
                for w in range(width):
                    res[c, w] = acc[j, w] % k
