"""Light chasing with ``k`` states per cell: the lookup table, the strategy and the press path.

With ``k`` states a click adds 1 (mod ``k``) to every cell of its pattern. A cell's *excess* is
how far it is past the goal, ``(level - goal) mod k``; it needs ``k - excess`` more presses (mod
``k``) over it.
Chasing works as in the 2-state game, one row at a time: a cell of row ``r`` with
need ``w`` is cleared by pressing the cell below it ``w`` times (the pattern reaches one row up
only at the clicked cell's column), which touches no row above. Only the bottom row is left.

**The table.** Pressing top cell ``j`` once on a solved board and chasing down leaves the bottom
row with need ``B e_j``; the map ``t ↦ B t`` is linear over ``Z/k``, so a bottom row of excess
``v`` (what the board shows, relative to the goal; its need is ``-v``) is cleared by top presses
``t`` whose need cancels it, ``B t = v`` (:func:`lightsart.core.modk.linear_map`). Those that can
occur are the image of ``B``, ``k^n / |ker B|`` of them; ``|ker B|`` top rows clear nothing,
and that is the number of press vectors that change nothing (the chase is one to one from top
rows to press vectors).
Each listed top row is the one with the fewest presses where the kernel is small enough to try
(for a whole table: rows × kernel elements at most 2^18).

Chasing applies where :func:`lightsart.puzzle.table.chases` says so (plus or σ on the plane or the
cylinder); under other rules the strategy is the algebra's presses
(:meth:`~lightsart.core.modk.ModkAlgebra.solve`). Either way the presses are made fewest over
the kernel and checked by pressing them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lightsart import limits
from lightsart.errors import LightsartError
from lightsart.puzzle.table import chases

if TYPE_CHECKING:
    from lightsart.choices import Goal
    from lightsart.core.modk import LinearMap
    from lightsart.rules import Rules
    from lightsart.types import Board

__all__ = ["LevelPath", "LevelStep", "LevelStrategy", "LevelTable", "explain_levels",
           "level_table", "press_path"]

Ints = NDArray[np.int64]
Cell = tuple[int, int]
# Kernel elements tried for the lightest top row (beyond it any working top row will do), and
# rows × kernel elements tried for a whole table.
_LIGHTEST_MAX = 1024
_LIGHTEST_TABLE_WORK = 1 << 18


def _goal_level(goal: Goal, k: int) -> int:
    if goal not in ("off", "on"):
        raise LightsartError(f"goal must be 'off' or 'on', got {goal!r}")
    return 0 if goal == "off" else k - 1


def _press_row(need: Ints, row: int, presses: Ints, rules: Rules, k: int) -> None:
    """``need -= A (presses in row ``row``)`` on ``need`` ``(m, n, ...)``, in place, mod ``k``."""
    m = need.shape[0]
    wrap = rules.topology == "cylinder"
    for di, dj in rules.pattern.offsets:
        r = row + di
        if not 0 <= r < m:
            continue
        if wrap:
            need[r] -= np.roll(presses, dj, axis=0)
        elif dj >= 0:
            need[r, dj:] -= presses[: presses.shape[0] - dj]
        else:
            need[r, :dj] -= presses[-dj:]
        need[r] %= k


def _chase(need: Ints, rules: Rules, k: int) -> Ints:
    """Chase ``need`` down (in place): the presses ``(m, n, ...)``; only the bottom row is left."""
    presses = np.zeros_like(need)
    for r in range(need.shape[0] - 1):
        presses[r + 1] = need[r]
        _press_row(need, r + 1, need[r].copy(), rules, k)
    return presses


@dataclass(frozen=True)
class LevelTable:
    """Bottom-row excess after chasing → top-row presses that clear it, over ``Z/k``.

    ``rows`` lists ``(bottom, top)`` level tuples. When ``complete`` it is every bottom row that
    can occur (``reachable`` of them); otherwise it is one row per top cell ``j`` (pressing only
    ``j`` once): a bottom row that is a sum of those (mod ``k``) needs the same sum of presses.
    """

    width: int
    height: int
    states: int
    reachable: int
    kernel_size: int
    complete: bool
    rows: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    rules: Rules
    map: LinearMap

    def top_for(self, bottom: object) -> Ints | None:
        """The top-row presses clearing a bottom row of this excess (the lightest where the
        kernel is small), or None when it cannot occur."""
        return _top_for(self.map, bottom)

    def to_dict(self) -> dict[str, object]:
        digits = "0123456789abcdef"
        return {
            "width": self.width, "height": self.height, "states": self.states,
            "reachable": self.reachable, "kernel_size": self.kernel_size,
            "complete": self.complete,
            "rows": [{"bottom": "".join(digits[v] for v in b), "top": "".join(digits[v] for v in t)}
                     for b, t in self.rows],
            "rules": self.rules.to_dict(),
            # The shared vocabulary (lightsart.vocabulary): the kernel's fewest generators.
            "nullity": _nullity(self.rules),
        }


def _nullity(rules: Rules) -> int:
    from lightsart.core.modk import algebra_mod, kernel_rank

    return kernel_rank(algebra_mod(rules))


def _top_for(bmap: LinearMap, bottom: object, lightest: bool = True) -> Ints | None:
    """The lightest ``t`` with ``B t = bottom`` (fewest presses, then presses furthest left),
    trying the whole kernel where it has at most ``_LIGHTEST_MAX`` elements (and ``lightest``);
    None if there is none."""
    t = bmap.solve(np.asarray(bottom, dtype=np.int64))
    if t is None or not lightest or bmap.kernel_size == 1 or bmap.kernel_size > _LIGHTEST_MAX:
        return t
    k = bmap.k
    gens, orders = bmap.kernel_generators()
    options = [t]
    for g, o in zip(gens, orders, strict=True):
        options = [(x + a * g) % k for x in options for a in range(o)]
    return min(options, key=lambda x: (int(x.sum()), tuple((-x).tolist())))


def level_table(rules: Rules, *, max_rows: int = 1024) -> LevelTable:
    """The lookup table of ``rules`` (``rules.states`` levels) where light chasing applies."""
    from lightsart.core.modk import linear_map

    k = rules.states
    m, n = rules.shape
    if not chases(rules):
        raise LightsartError(
            f"a lookup table needs light chasing: a pattern whose top row is its centre cell alone, "
            f"on the plane or the cylinder; pattern {rules.pattern.name} on the {rules.topology} "
            "has none (lightsart solve shows the algebraic solution under these rules)")
    if max(m, n) > limits.TABLE_MAX_SIDE:
        raise LightsartError(
            f"a lookup table for {n}x{m} is too large: at most {limits.TABLE_MAX_SIDE} on a side")
    if m * n * n > limits.TABLE_LEVELS_MAX_ENTRIES:  # the dense chase below, before allocating it
        side = round(limits.TABLE_LEVELS_MAX_ENTRIES ** (1 / 3))
        raise LightsartError(
            f"a lookup table with {k} states for {n}x{m} keeps {m * n * n:,} press counts "
            f"(rows x columns x columns); at most {limits.TABLE_LEVELS_MAX_ENTRIES:,} "
            f"({side}x{side})")
    if not 0 <= max_rows <= limits.TABLE_MAX_ROWS:
        raise LightsartError(f"--max-rows must be from 0 to {limits.TABLE_MAX_ROWS}, got {max_rows}")
    need = np.zeros((m, n, n), dtype=np.int64)
    _press_row(need, 0, np.eye(n, dtype=np.int64), rules, k)
    _chase(need, rules, k)
    # need[m-1][:, j] is the need B e_j left by pressing only top cell j and chasing: a bottom
    # row of excess v (need -v) is cleared by top presses t whose need B t cancels it, B t = v.
    B = need[m - 1] % k
    bmap = linear_map(B, k)
    reachable = k**n // bmap.kernel_size
    complete = reachable <= max_rows
    if complete:
        seen = {tuple([0] * n)}
        for j in range(n):  # the image: every sum of columns
            col = B[:, j]
            seen |= {tuple(((np.array(v) + a * col) % k).tolist()) for v in seen for a in range(k)}
        rows = []
        lightest = reachable * bmap.kernel_size <= _LIGHTEST_TABLE_WORK
        for v in sorted(seen):
            top = _top_for(bmap, np.array(v), lightest)
            assert top is not None
            rows.append((v, tuple(int(x) for x in top)))
    else:
        rows = [(tuple(int(x) for x in B[:, j]), tuple(int(j == i) for i in range(n)))
                for j in range(n)]
    return LevelTable(n, m, k, reachable, bmap.kernel_size, complete, tuple(rows), rules, bmap)


@dataclass(frozen=True)
class LevelStep:
    """One step of the strategy: what to do, the presses per cell, and the board after them."""

    title: str
    presses: Board
    board: Board


@dataclass(frozen=True)
class LevelStrategy:
    """The human strategy for a k-state board (see the module docstring).

    ``solution`` is the sum of every step's presses (mod ``k``), ``minimal`` the fewest presses
    making the same change (``proven`` when the kernel could be searched whole). Under rules
    without chasing ``table`` is None and there are no steps.
    """

    board: Board
    goal: Goal
    steps: tuple[LevelStep, ...]
    solvable: bool
    bottom: tuple[int, ...]
    top: tuple[int, ...] | None
    table: LevelTable | None
    solution: Board | None
    minimal: Board | None
    proven: bool
    kernel_size: int
    rules: Rules

    @property
    def chased(self) -> bool:
        return self.table is not None

    def to_dict(self) -> dict[str, object]:
        return {
            "steps": [{"title": s.title, "presses": s.presses.tolist(), "board": s.board.tolist()}
                      for s in self.steps],
            "bottom_row": list(self.bottom),
            "top_row_presses": None if self.top is None else list(self.top),
            "chased_presses": None if self.solution is None else self.solution.tolist(),
            "fewest_presses": None if self.minimal is None else self.minimal.tolist(),
            "fewest_presses_count": None if self.minimal is None else int(self.minimal.sum()),
            "proven_minimal": self.proven,
            "kernel_size": self.kernel_size,
            "light_chasing": self.chased,
        }


def _chase_steps(board: Ints, level: int, rules: Rules, label: str) -> tuple[list[LevelStep], Ints]:
    k = rules.states
    steps = []
    for r in range(board.shape[0] - 1):
        need = (level - board[r]) % k
        if not need.any():
            continue
        presses = np.zeros_like(board)
        presses[r + 1] = need
        board = _apply(board, presses, rules)
        cells = int((need > 0).sum())
        steps.append(LevelStep(
            f"{label}: row {r} has {cells} cell{'s' if cells > 1 else ''} off the goal; press "
            f"under each in row {r + 1} as many times as it needs ({int(need.sum())} presses)",
            presses.astype(np.uint8), board.astype(np.uint8)))
    return steps, board


def _apply(board: Ints, presses: Ints, rules: Rules) -> Ints:
    from lightsart.core.modk import press_mod

    k = rules.states
    return (board + press_mod(presses, rules, k).astype(np.int64)) % k


def explain_levels(board: Board, goal: Goal, rules: Rules) -> LevelStrategy:
    """Light chasing mod ``k``, the lookup table, chasing again, then the fewest presses."""
    from lightsart.core.modk import algebra_mod
    from lightsart.core.optimize import fewest_clicks

    b = np.asarray(board).astype(np.int64)
    m, n = b.shape
    k = rules.states
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # a board per step
    if b.shape != rules.shape:
        raise LightsartError(f"board has shape {b.shape}, expected {rules.shape}")
    level = _goal_level(goal, k)
    alg = algebra_mod(rules)
    steps: list[LevelStep] = []
    bottom: tuple[int, ...] = ()
    top: tuple[int, ...] | None = ()
    table = None
    if chases(rules):
        table = level_table(rules, max_rows=0)
        steps, now = _chase_steps(b, level, rules, "chase")
        bottom = tuple(int(v) for v in (now[-1] - level) % k)
        found = table.top_for(np.array(bottom))
        if found is None:
            return LevelStrategy(b.astype(np.uint8), goal, tuple(steps), False, bottom, None, table,
                                 None, None, True, alg.kernel_size, rules)
        top = tuple(int(v) for v in found)
        if found.any():
            presses = np.zeros_like(b)
            presses[0] = found
            now = _apply(now, presses, rules)
            steps.append(LevelStep(
                f"bottom row reads {''.join(map(str, bottom))} past the goal: the table says press "
                f"{''.join(map(str, top))} in the top row", presses.astype(np.uint8),
                now.astype(np.uint8)))
            more, now = _chase_steps(now, level, rules, "chase again")
            steps += more
        solution = sum((s.presses.astype(np.int64) for s in steps), start=np.zeros_like(b)) % k
        if ((now - level) % k).any():  # pragma: no cover
            raise AssertionError("the strategy did not reach the goal")
    else:
        x = alg.solve((level - b) % k)
        if x is None:
            return LevelStrategy(b.astype(np.uint8), goal, (), False, (), None, None, None, None,
                                 True, alg.kernel_size, rules)
        solution = x.astype(np.int64)
    if not (_apply(b, solution, rules) == level).all():  # pragma: no cover
        raise AssertionError("the strategy's presses do not solve the board")
    best = fewest_clicks(solution.astype(np.uint8), rules=rules)
    return LevelStrategy(b.astype(np.uint8), goal, tuple(steps), True, bottom, top, table,
                         solution.astype(np.uint8), best.clicks, best.proven, alg.kernel_size,
                         rules)


@dataclass(frozen=True)
class LevelPath:
    """The fewest presses played one at a time: ``(row, col)`` and the state after each (the
    integer whose base-``k`` digit ``i*n + j`` is cell ``(i, j)``)."""

    width: int
    height: int
    states: int
    goal: Goal
    start: int
    steps: tuple[tuple[Cell, int], ...]
    proven: bool
    rules: Rules

    def to_dict(self) -> dict[str, object]:
        return {
            "width": self.width, "height": self.height, "states": self.states, "goal": self.goal,
            "start": hex(self.start), "moves": len(self.steps), "proven_minimal": self.proven,
            "path": [{"click": list(c), "state": hex(s)} for c, s in self.steps],
            "rules": self.rules.to_dict(),
            "click_count": len(self.steps),  # the shared name of "moves" (lightsart.vocabulary)
        }


def press_path(board: Board, goal: Goal, rules: Rules) -> LevelPath:
    """One solution with the fewest presses, cell by cell in reading order (a cell pressed ``j``
    times is ``j`` steps), with the state after each press."""
    from lightsart.puzzle.levels import solve_levels, to_state_levels

    b = np.asarray(board)
    m, n = b.shape
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # every state is printed
    k = rules.states
    solution = solve_levels(b, goal, rules)
    if solution.presses is None:
        raise LightsartError(
            f"this board cannot reach every cell {_goal_level(goal, k)}: change "
            f"{solution.cells_to_change} cell(s) first (lightsart solve --states {k} shows which)")
    now = b.astype(np.int64)
    steps = []
    one = np.zeros_like(now)
    for r, c in itertools.product(range(m), range(n)):
        for _ in range(int(solution.presses[r, c])):
            one[r, c] = 1
            now = _apply(now, one, rules)
            one[r, c] = 0
            steps.append(((r, c), to_state_levels(now.astype(np.uint8), k)))
    if (now != _goal_level(goal, k)).any():  # pragma: no cover
        raise AssertionError("the path does not end at the goal")
    return LevelPath(n, m, k, goal, to_state_levels(b, k), tuple(steps), solution.proven, rules)
