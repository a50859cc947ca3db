"""Play mode: the board chases a film, each frame the previous board plus at most N clicks.

A step is a direct binary search (DBS) whose moves are Lights Out clicks. The board ``b`` (levels
``0..k-1``) shows ``d = b / (k-1)``; the target ``t`` is the toned frame (``[0, 1]``, 1 = lit). The
error is what the eye sees: the difference blurred by a Gaussian ``g`` of ``sigma`` cells (0.8,
truncated at ``ceil(2.5 sigma)`` cells), summed over the board and the margin the blur spills into::

    E = || g * e ||²  with  e = d - t  (zero off the board)  =  <e, K e>,  K = g ⋆ g.

Pressing cell ``c`` ``m`` times changes ``d`` by ``u`` on its footprint (``u_p = ((b_p + m) mod k -
b_p) / (k-1)``), so with ``s = K e`` its exact gain is::

    ΔE_c = 2 <u, s> + <u, K u>,

for every cell at once: the first term gathers ``s`` over the footprint (a correlation with the
press pattern), the second sums ``u_p u_q K[p - q]`` over pairs of footprint cells (``K`` for each
pair is fixed by the rules, so it is computed once). Two clicks whose footprints are more than
``K``'s radius apart do not interact (the cross term ``2 <u, K u'>`` is zero), so each round presses
every cell whose gain is the best within that distance, the most improving first, within the click
budget; then ``s`` is recomputed (two 1-D correlations) and the next round starts. A cell pressed
again in the same step counts its presses mod ``k`` (for two states an unpress gives a click back).

The presses are applied with the project's press operator, so the board returned is exactly
``board + A presses`` (mod ``k``); only moves that lower ``E`` are taken and a round is kept only
if the recomputed ``E`` did not rise, so ``E`` never increases over a step.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsart.core.algebra import reached
from lightsart.errors import LightsartError
from lightsart.rules import Rules

__all__ = ["PlayStep", "eye_error", "play_step"]


@dataclass(frozen=True)
class PlayStep:
    """One frame of play: the board after the clicks and the clicks that made it.

    ``board`` equals the old board plus the rules' press of ``presses`` (mod the states).
    """

    board: NDArray[np.uint8]
    presses: NDArray[np.int64]
    clicks: int


@dataclass(frozen=True)
class _Geometry:
    """What a click does on one board under one set of rules, for every cell at once.

    ``dest[a, c]`` is the flat index of footprint cell ``a`` of a click at ``c`` (``cells``: off
    the board); ``times[a, c]`` how often the click adds to it (0 on repeats of a cell already
    listed, which wrapped boards narrower than the pattern make); ``pair[a, b, c]`` is ``K``
    between footprint cells ``a`` and ``b``; ``reach`` the half sizes of the window beyond which
    two clicks do not interact; ``jitter`` breaks ties between equal gains without a bias to a
    corner.
    """

    dest: NDArray[np.intp]
    times: NDArray[np.int64]
    pair: NDArray[np.float64]
    kernel: NDArray[np.float64]
    reach: tuple[int, int]
    jitter: NDArray[np.float64]


def _eye_kernel(sigma: float) -> NDArray[np.float64]:
    """The 1-D kernel of ``K = g ⋆ g``: the eye's Gaussian correlated with itself."""
    radius = max(1, math.ceil(2.5 * sigma))
    x = np.arange(-radius, radius + 1, dtype=np.float64)
    g = np.exp(-(x * x) / (2.0 * sigma * sigma))
    g /= g.sum()
    return np.convolve(g, g)


@functools.lru_cache(maxsize=16)
def _geometry(rules: Rules, sigma: float) -> _Geometry:
    m, n = rules.shape
    kernel = _eye_kernel(sigma)
    half = len(kernel) // 2
    wrap_rows, wrap_cols = rules.wraps
    rows, cols = np.divmod(np.arange(m * n), n)
    offsets = rules.pattern.offsets
    dest = np.empty((len(offsets), m * n), dtype=np.intp)
    real = np.empty((len(offsets), 2, m * n), dtype=np.int64)  # board coordinates of each target
    for a, (di, dj) in enumerate(offsets):
        r, c = rows + di, cols + dj
        r = r % m if wrap_rows else r
        c = c % n if wrap_cols else c
        inside = (r >= 0) & (r < m) & (c >= 0) & (c < n)
        dest[a] = np.where(inside, r * n + c, m * n)
        real[a] = r, c
    times = np.ones(dest.shape, dtype=np.int64)
    for a in range(len(offsets)):  # a cell listed twice gets both adds on its first listing
        for b in range(a):
            same = (dest[a] == dest[b]) & (dest[a] < m * n)
            times[a][same] = 0
            first = same & (times[b] > 0)
            times[b][first] += 1
    times[dest == m * n] = 0
    gap = np.abs(real[:, None] - real[None, :])  # (P, P, 2, cells): distances between footprint cells
    near = (gap[:, :, 0] <= half) & (gap[:, :, 1] <= half)
    index = np.minimum(gap, half) + half
    pair = np.where(near, kernel[index[:, :, 0]] * kernel[index[:, :, 1]], 0.0)
    ri, rj = rules.pattern.radius
    order = np.random.default_rng(0).permutation(m * n).astype(np.float64)
    return _Geometry(dest=dest, times=times, pair=pair, kernel=kernel,
                     reach=(half + 2 * ri, half + 2 * rj), jitter=order / (m * n))


def _blur(e: NDArray[np.float64], kernel: NDArray[np.float64]) -> NDArray[np.float64]:
    """``K * e`` on the board, ``e`` zero off it (``K`` separable: one pass per axis)."""
    half = len(kernel) // 2
    m, n = e.shape
    padded = np.zeros((m + 2 * half, n), dtype=np.float64)
    padded[half:half + m] = e
    cols = np.zeros((m, n + 2 * half), dtype=np.float64)
    for j, w in enumerate(kernel):
        cols[:, half:half + n] += w * padded[j:j + m]
    out = np.zeros((m, n), dtype=np.float64)
    for j, w in enumerate(kernel):
        out += w * cols[:, j:j + n]
    return out


def eye_error(board: object, target: object, states: int = 2, sigma: float = 0.8) -> float:
    """The eye-filtered error ``|| g * (board / (states-1) - target) ||²`` that play mode lowers.

    Parameters
    ----------
    board : array_like
        Levels ``0 .. states-1``, shape ``(m, n)``.
    target : array_like
        The toned frame, ``[0, 1]`` (1 = lit), same shape.
    states : int
        Levels per cell (``rules.states``).
    sigma : float
        The eye's Gaussian in cells.

    Returns
    -------
    float
        The squared error of the blurred difference, over the board and the margin the blur
        spills into.

    Examples
    --------
    >>> eye_error([[1, 1], [1, 1]], [[1.0, 1.0], [1.0, 1.0]])
    0.0
    """
    e = np.asarray(board, dtype=np.float64) / (states - 1) - np.asarray(target, dtype=np.float64)
    return float((e * _blur(e, _eye_kernel(sigma))).sum())


def _min_window(key: NDArray[np.float64], reach: tuple[int, int],
                wraps: tuple[bool, bool]) -> NDArray[np.float64]:
    """The least ``key`` within ``reach`` cells on each axis (wrapping where the board wraps)."""
    out = key
    for axis, (r, wrap) in enumerate(zip(reach, wraps, strict=True)):
        size = out.shape[axis]
        if wrap and 2 * r + 1 > size:  # the window covers the whole wrapped axis
            out = np.broadcast_to(out.min(axis=axis, keepdims=True), out.shape).copy()
            continue
        pad = [(0, 0), (0, 0)]
        pad[axis] = (r, r)
        padded = np.pad(out, pad, mode="wrap") if wrap else np.pad(out, pad, constant_values=np.inf)
        windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * r + 1, axis=axis)
        out = windows.min(axis=-1)
    return out


@dataclass
class _State:
    """The step under way: levels, presses so far and ``s = K e``, flat with one spare cell."""

    levels: NDArray[np.uint8]
    presses: NDArray[np.int64]
    s: NDArray[np.float64]
    error: float


def _measure(levels: NDArray[np.uint8], presses: NDArray[np.int64], target: NDArray[np.float64],
             k: int, kernel: NDArray[np.float64]) -> _State:
    e = levels / (k - 1) - target
    s = _blur(e, kernel)
    spare = np.zeros(s.size + 1)
    spare[:-1] = s.ravel()
    return _State(levels, presses, spare, float((e * s).sum()))


def _best_moves(state: _State, geo: _Geometry, k: int, budget: int
                ) -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.int64]]:
    """Per cell: the best press count ``1..k-1`` by gain per click, its gain and its cost.

    A move is a candidate when it lowers the error and its cost fits in ``budget``; the key of a
    cell that has none is ``+inf``.
    """
    lv = np.zeros(state.levels.size + 1, dtype=np.int64)
    lv[:-1] = state.levels.ravel()
    around = lv[geo.dest]
    s_around = state.s[geo.dest]
    pressed = state.presses.ravel()
    best_key = np.full(pressed.shape, np.inf)
    best_m = np.zeros(pressed.shape, dtype=np.int64)
    best_cost = np.zeros(pressed.shape, dtype=np.int64)
    for m in range(1, k):
        u = ((around + m * geo.times) % k - around) / (k - 1)
        gain = 2.0 * (u * s_around).sum(axis=0) + (u * (geo.pair * u[None]).sum(axis=1)).sum(axis=0)
        cost = (pressed + m) % k - pressed
        key = gain / np.maximum(cost, 1)
        better = (gain < -1e-12) & (cost <= budget) & (key < best_key)
        best_key = np.where(better, key, best_key)
        best_m = np.where(better, m, best_m)
        best_cost = np.where(better, cost, best_cost)
    return best_key, best_m, best_cost


def _round(state: _State, geo: _Geometry, rules: Rules, target: NDArray[np.float64],
           budget: int) -> _State | None:
    """One round of non-interacting clicks within ``budget``; None when no click helps."""
    k = rules.states
    key, moves, cost = _best_moves(state, geo, k, budget)
    finite = np.isfinite(key)
    if not finite.any():
        return None
    scale = float(np.abs(key[finite]).max())
    jittered = np.where(finite, key + geo.jitter * scale * 1e-9, np.inf).reshape(rules.shape)
    chosen = np.flatnonzero(finite & (jittered == _min_window(jittered, geo.reach, rules.wraps)).ravel())
    chosen = chosen[np.argsort(key[chosen], kind="stable")]
    over = np.flatnonzero(np.cumsum(cost[chosen]) > budget)
    chosen = chosen[:over[0]] if over.size else chosen
    if chosen.size == 0:
        return None
    step = np.zeros(state.levels.size, dtype=np.int64)
    step[chosen] = moves[chosen]
    step2d = step.reshape(rules.shape)
    levels = reached(state.levels, step2d, rules)
    after = _measure(levels, (state.presses + step2d) % k, target, k, geo.kernel)
    return after if after.error <= state.error else None


def _checked(board: object, target: object, rules: Rules, max_clicks: int, sigma: float
             ) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    levels = np.asarray(board)
    goal = np.asarray(target, dtype=np.float64)
    if levels.shape != rules.shape or goal.shape != rules.shape:
        raise LightsartError(f"board {levels.shape} and frame {goal.shape} must both have the rules' "
                             f"shape {rules.shape}")
    if levels.size and (levels.min() < 0 or levels.max() >= rules.states):
        raise LightsartError(f"board levels must be 0 to {rules.states - 1}")
    if max_clicks < 0 or not sigma > 0:
        raise LightsartError(f"clicks per frame must be at least 0 and sigma positive, got "
                             f"{max_clicks} and {sigma}")
    return levels.astype(np.uint8), goal


def play_step(board: object, target: object, rules: Rules, *, max_clicks: int,
              sigma: float = 0.8) -> PlayStep:
    """The previous board plus at most ``max_clicks`` presses, chosen to look most like ``target``.

    Parameters
    ----------
    board : array_like
        The board on screen, levels ``0 .. rules.states-1``, shape ``rules.shape``.
    target : array_like
        The toned frame at board size, float in ``[0, 1]``, 1 = lit.
    rules : Rules
        Pattern, topology and states: every press is a legal click under them.
    max_clicks : int
        Most presses this frame (a cell pressed ``j`` times counts ``j``).
    sigma : float
        The eye's Gaussian, in cells, that blurs the error (see the module docstring).

    Returns
    -------
    PlayStep
        The new board, the presses per cell (``0 .. states-1``) and their sum.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart.rules import Rules
    >>> step = play_step(np.ones((5, 5), np.uint8), np.zeros((5, 5)), Rules(5, 5), max_clicks=3)
    >>> step.clicks <= 3, int(step.board.sum()) < 25
    (True, True)
    """
    levels, goal = _checked(board, target, rules, max_clicks, sigma)
    geo = _geometry(rules, float(sigma))
    start = np.zeros(rules.shape, dtype=np.int64)
    state = _measure(levels, start, goal, rules.states, geo.kernel)
    for _ in range(2 * max_clicks + 1):  # each round lowers the error and spends or refunds a click
        budget = max_clicks - int(state.presses.sum())
        after = _round(state, geo, rules, goal, budget)
        if after is None:
            break
        state = after
    return PlayStep(board=reached(levels, state.presses, rules), presses=state.presses,
                    clicks=int(state.presses.sum()))
