"""The compiled play step of :func:`lightsart._video.play.play_step` (imports numba: import lazily).

The moves, gains and ``settle`` of :mod:`lightsart._video.play`, made one at a time: each
anchor's best move (gain per click) is kept in ``key``; sweeps in a fixed order (tiles of the
board in a shuffled order) make every move whose gain per click passes a threshold, from the
best over ``DROP`` down to ``settle``, then at ``settle`` until a sweep makes none; the last
``FEW`` clicks of the budget go one at a time to the best move left. After a move only what it
touched is recomputed: ``s = K e`` at once near its cells, and the best moves of nearby
anchors when a sweep next reaches them, if their gains can have passed ``settle``. Each move's
gain is exact when it is made, so ``E`` falls with every move.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsart._core.compiled import compiled

__all__ = ["DROP", "FEW", "play_moves"]

#: The threshold falls by this factor a sweep.
DROP = 3.0
#: The last clicks of the budget are made one at a time, each the best move left (the order the
#: vector rounds kept: with a budget of one click, the best single click).
FEW = 16


@compiled
def _make(c: int, t: int, m: int, lv: Any, s: Any, presses: Any, k: int, shape: Any, dest: Any,
          times: Any, nf: Any, press_at: Any, nq: Any, change: Any, eye: Any) -> None:
    """Make move ``t`` ``m`` times at anchor ``c``: presses, levels and ``s`` near the changed
    cells."""
    rows, cols = shape[0], shape[1]
    half = eye.size // 2
    for q in range(nq[t]):
        p = press_at[c, t, q]
        presses[p] = (presses[p] + m) % k
    for a in range(nf[t]):
        p = dest[c, t, a]
        add = (times[c, t, a] * m) % k
        if p >= rows * cols or add == 0:
            continue
        delta = change[lv[p] * k + add]
        lv[p] = (lv[p] + add) % k
        pr, pc = p // cols, p % cols
        for r in range(max(0, pr - half), min(rows, pr + half + 1)):
            for q2 in range(max(0, pc - half), min(cols, pc + half + 1)):
                s[r * cols + q2] += delta * eye[r - pr + half] * eye[q2 - pc + half]


@compiled
def _on_axis(x: int, n: int, wraps: bool) -> int:
    """Coordinate ``x`` on an axis of ``n`` cells: taken round if the axis wraps, else -1 off it."""
    if wraps:
        return x % n
    return x if 0 <= x < n else -1


@compiled
def _mark(c: int, t: int, shape: Any, wraps: Any, reach: Any, dirty: Any, key: Any, lowest: Any,
          bound: Any, touch: Any, settle: float) -> None:
    """After move ``t`` at ``c``: mark the anchors within ``reach`` to be found again whose
    footprint it touched, that have a move (their key must be exact), or whose gains it can
    have pushed past ``settle``; lower the others' ``lowest`` by the bound."""
    rows, cols = shape[0], shape[1]
    cr, cc = c // cols, c % cols
    for di in range(-reach[0], reach[0] + 1):
        r = _on_axis(cr + di, rows, wraps[0])
        if r < 0:
            continue
        for dj in range(-reach[1], reach[1] + 1):
            q = _on_axis(cc + dj, cols, wraps[1])
            if q < 0:
                continue
            a = r * cols + q
            if dirty[a] or key[a] < np.inf or touch[t, di + reach[0], dj + reach[1]]:
                dirty[a] = True
                continue
            lowest[a] -= bound[t, di + reach[0], dj + reach[1]]
            dirty[a] = lowest[a] < -settle


@compiled
def _pass(threshold: float, used: int, max_clicks: int, settle: float, k: int, lv: Any, s: Any,
          presses: Any, shape: Any, wraps: Any, reach: Any, dest: Any, times: Any, nf: Any,
          press_at: Any, nq: Any, usable: Any, has_table: Any, table: Any, table_at: Any,
          weights: Any, shape_class: Any, change: Any, powk: Any, eye: Any, order: Any,
          interior: Any, offset: Any, plain_times: Any, bound: Any, touch: Any, key: Any,
          kind: Any, mult: Any, cost: Any, lowest: Any, dirty: Any, u: Any
          ) -> tuple[int, float, int]:
    """One sweep: each marked anchor's best move by gain per click that passes ``settle`` and
    fits the clicks left (``key`` ``inf``: none), and the least gain per click of any of its
    moves (``lowest``; ``-inf`` when one did not fit), found when the sweep reaches it; every
    move past ``threshold`` that fits the budget less the last ``FEW`` clicks is made. The
    search is written out here, not called: a call passes each array as a struct, and the
    search runs for every anchor. Returns (clicks used, change of ``E``, moves made)."""
    limit = min(-settle, -1e-12)
    drop, made = 0.0, 0
    for i in range(order.size):
        c = order[i]
        if dirty[c]:
            dirty[c] = False
            best, best_t, best_m, best_cost = np.inf, 0, 0, 0
            least = np.inf
            for t in range(nf.size):
                if not usable[c, t]:
                    continue
                for m in range(1, k):
                    spent = 0
                    for q in range(nq[t]):
                        b = presses[press_at[c, t, q]]
                        spent += m - k * (b + m >= k)  # for two states: 1 - 2 b (an unpress gives back)
                    if spent > max_clicks - used:
                        least = -np.inf  # a move max_clicks - used out for the budget: never skipped
                        continue
                    lin = 0.0
                    code = 0
                    if interior[c, t] and has_table[t]:  # the common case, tight: no modulo
                        for a in range(nf[t]):
                            p = c + offset[t, a]
                            level = lv[p]
                            lin += change[level * k + plain_times[t, m, a]] * s[p]
                            code += level * powk[a]
                        quad = table[t, m - 1, table_at[c, t] + code]
                    else:
                        for a in range(nf[t]):
                            p = dest[c, t, a]
                            level = lv[p]
                            u[a] = change[level * k + (times[c, t, a] * m) % k]
                            lin += u[a] * s[p]
                            code += level * powk[a]
                    if has_table[t]:
                        quad = table[t, m - 1, table_at[c, t] + code]
                    else:
                        cls = shape_class[c, t]
                        quad = 0.0
                        for a in range(nf[t]):
                            for b2 in range(nf[t]):
                                quad += u[a] * u[b2] * weights[t, a, b2, cls]
                    gain = 2.0 * lin + quad
                    value = gain / max(spent, 1)
                    least = min(least, value)
                    if gain >= limit:
                        continue
                    if value < min(best, -settle):
                        best, best_t, best_m, best_cost = value, t, m, spent
            key[c], kind[c], mult[c], cost[c], lowest[c] = best, best_t, best_m, best_cost, least
        if -key[c] > threshold and used + cost[c] <= max_clicks - FEW:
            used += cost[c]
            drop += key[c] * max(cost[c], 1)
            made += 1
            _make(c, kind[c], mult[c], lv, s, presses, k, shape, dest, times, nf, press_at, nq,
                  change, eye)
            _mark(c, kind[c], shape, wraps, reach, dirty, key, lowest, bound, touch, settle)
    return used, drop, made


@compiled
def play_moves(lv: Any, s: Any, presses: Any, max_clicks: int, settle: float, k: int,
               shape: Any, wraps: Any, reach: Any, dest: Any, times: Any, nf: Any, press_at: Any,
               nq: Any, usable: Any, has_table: Any, table: Any, table_at: Any, weights: Any,
               shape_class: Any, change: Any, powk: Any, eye: Any, order: Any, interior: Any,
               offset: Any, plain_times: Any, bound: Any, touch: Any, key: Any, kind: Any,
               mult: Any, cost: Any, lowest: Any, dirty: Any) -> float:
    """Make moves on the flat levels ``lv`` (one spare cell, level 0) in place, with ``s = K e``
    (flat, a spare 0) and the presses so far (mod ``k``, a spare 0); return the change of ``E``.

    ``eye`` is the 1-D kernel of ``K`` (``K[di, dj] = eye[di] eye[dj]``, zero off the board).

    Each anchor's best move is ``key`` (gain per click, ``inf``: none passes), ``kind``,
    ``mult`` (times) and ``cost``; ``lowest`` is at most the least gain per click of any of its
    moves (``-inf``: unknown). The first sweep finds the moves of the anchors marked ``dirty``
    (the others must hold ``key`` ``inf`` and a ``lowest`` that holds for ``s``); on return
    these arrays describe the final board. The last ``FEW`` clicks are made one at a time, the
    best first (a sweep with no threshold finds the moves, then the best that fits is made).
    """
    u = np.zeros(dest.shape[2])
    used, drop, exact, threshold = 0, 0.0, False, np.inf  # the first sweep only finds moves
    for sweep in range(8 * max_clicks + 64):
        exact = exact or (sweep > 0 and max_clicks - used <= FEW)
        past = np.inf if exact else threshold
        used, gained, made = _pass(
            past, used, max_clicks, settle, k, lv, s, presses, shape,
            wraps, reach, dest, times, nf, press_at, nq, usable, has_table, table, table_at,
            weights, shape_class, change, powk, eye, order, interior, offset, plain_times, bound,
            touch, key, kind, mult, cost, lowest, dirty, u)
        drop += gained
        if exact:
            fits = np.flatnonzero((key < np.inf) & (cost <= max_clicks - used))
            if fits.size == 0:
                break
            chosen = fits[np.argmin(key[fits])]
            used += cost[chosen]
            drop += key[chosen] * max(cost[chosen], 1)
            _make(chosen, kind[chosen], mult[chosen], lv, s, presses, k, shape, dest, times, nf,
                  press_at, nq, change, eye)
            _mark(chosen, kind[chosen], shape, wraps, reach, dirty, key, lowest, bound, touch,
                  settle)
            dirty |= cost > max_clicks - used  # a best move that no longer fits: find another
        elif sweep == 0:
            threshold = max(np.max(-key) / DROP, settle)
        else:
            exact = made == 0 and threshold <= settle  # only moves into the last clicks are left
            threshold = max(threshold / DROP, settle)
    return drop
