"""The puzzle with the number of states a parameter: solve a board, explain the strategy a person
follows, list the presses.

A click adds 1 (mod ``k``) to every cell of its pattern; with the classic ``k = 2`` it toggles the
lights. A board is solved by the presses ``x`` with ``A x = c``, where ``c = goal - board`` (mod
``k``) is the change needed: goal "off" is every cell 0 (the game), "on" every cell ``k - 1``. All
solutions form the coset ``x0 + kernel`` (``kernel_size`` of them); the fewest presses is its
lightest member (a cell pressed ``j`` times counts ``j``). With two states the number of minimal
solutions is how many members reach that weight (one Walsh–Hadamard transform scores all ``2**d``).
An unsolvable board fails some check (an odd number of wrong cells on a quiet pattern, with two
states), and no click can change that; the fewest cells to change first are a syndrome decoding
(:func:`lightsart._core.decode.decode`) over GF(2), the exact engine's fit from the board over
``Z/k``. :class:`lightsart._puzzle.game.Game` answers those questions at every number of states;
this module asks them.

The human strategy (:func:`explain`) is light chasing: clear each row by pressing the cells below
its wrong cells as many times as they need, which leaves only the bottom row wrong; read the
top-row presses for that bottom row from the board size's lookup table
(:mod:`lightsart._puzzle.table`); press them and chase again. The presses add up (mod ``k``) to one
solution, and adding quiet patterns to it gives the fewest.

**Other rules** (:class:`~lightsart.Rules`: pattern, topology). Everything above holds with
``A`` the rules' press operator, except that for a pattern that is not symmetric the checks a
board must pass are the kernel of ``Aᵀ`` (the quiet patterns of the pattern turned 180°), not the
quiet patterns themselves (:mod:`lightsart._puzzle.game`). Where the rules do not chase,
:func:`explain` gives the algebraic solution and its quiet patterns instead. Text for people is in
:mod:`lightsart._puzzle.text`.
Boards are read by :mod:`lightsart._puzzle.reading`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from lightsart import _limits as limits
from lightsart._choices import Goal
from lightsart._core.algebra import reached
from lightsart._core.board import as_board, format_board, to_state
from lightsart._errors import LightsartError
from lightsart._puzzle.game import Changes, game, rules_for
from lightsart._puzzle.table import LookupTable, chases, lookup_table
from lightsart._results import BoardSides, ClickSearch, vocabulary
from lightsart._rules import Rules
from lightsart._types import Board
from lightsart._vocabulary import click_cells

__all__ = [
    "ClickPath",
    "Solution",
    "SolutionStep",
    "Strategy",
    "click_path",
    "explain",
    "goal_level",
    "solve_puzzle",
    "wrong_cells",
]

Cell = tuple[int, int]

def goal_level(goal: Goal, states: int) -> int:
    """The level every cell has at ``goal``: 0 for "off", ``states - 1`` for "on"."""
    if goal not in ("off", "on"):
        raise LightsartError(f"goal must be 'off' or 'on', got {goal!r}")
    return 0 if goal == "off" else states - 1


def wrong_cells(board: Board, goal: Goal = "off") -> Board:
    """The cells that must toggle to reach the goal: lit cells for "off", unlit ones for "on"."""
    b = as_board(board)
    return b ^ np.uint8(goal_level(goal, 2))


class _Ruled:
    """``states`` read off ``rules`` (:class:`Solution`, :class:`ClickPath`)."""

    rules: Rules

    @property
    def states(self) -> int:
        return self.rules.states


@dataclass(frozen=True)
class Solution(_Ruled, BoardSides):
    """Everything ``lightsart solve`` reports about one board under ``rules``, at any number of
    states; each field and property is the ``--json`` key of the same name.

    ``click_grid`` is one click set with the fewest presses (presses per cell; None when
    unsolvable); ``minimal_solutions`` how many click sets share that count (two states, nullity
    up to :data:`COUNT_NULLITY`; else None). An unsolvable board has ``changes``: the fewest cells
    to change first and the checks it fails (kernel of ``Aᵀ``; the quiet patterns when the
    pattern is symmetric).
    """

    board: Board
    goal: Goal
    rules: Rules
    nullity: int
    kernel_size: int
    click_grid: Board | None
    proven_minimal: bool
    minimal_solutions: int | None
    changes: Changes | None = None
    #: The fewest clicks' certificate: no solution has fewer than ``click_count_lower_bound``
    #: clicks (None when unsolvable), the search's work, and whether the clock stopped it
    #: (``--time-limit``).
    click_count_lower_bound: int | None = None
    click_search: ClickSearch | None = None
    cut_short: bool = False

    @property
    def solvable(self) -> bool:
        return self.click_grid is not None

    @property
    def clicks(self) -> list[list[int]] | None:
        """The pressed cells, ``[row, col]`` (``[row, col, times]`` above two states)."""
        return None if self.click_grid is None else click_cells(self.click_grid, self.states)

    @property
    def click_count(self) -> int | None:
        """How many presses (a cell pressed ``j`` times counts ``j``); None when unsolvable."""
        return None if self.click_grid is None else int(self.click_grid.sum(dtype=np.int64))

    @property
    def solutions(self) -> int:
        """How many click sets solve the board: the kernel's size, or 0."""
        return self.kernel_size if self.solvable else 0

    @property
    def state(self) -> int:
        """The board as an integer: base-``states`` digit ``i*n + j`` is cell ``(i, j)``."""
        return to_state(self.board, self.states)

    @property
    def failed_quiet_patterns(self) -> tuple[int, ...]:
        """The checks an unsolvable board fails (the quiet patterns for a symmetric pattern)."""
        return () if self.changes is None else self.changes.failed

    @property
    def fewest_cells_to_change(self) -> int:
        return 0 if self.changes is None else self.changes.count

    @property
    def fewest_cells_proven(self) -> bool:
        return self.changes is None or self.changes.proven

    @property
    def fewest_cells_lower_bound(self) -> int:
        return 0 if self.changes is None else self.changes.lower_bound

    @property
    def cells_to_change(self) -> list[list[int]] | None:
        """The cells to change first, as :attr:`clicks` lists presses (None: solvable)."""
        return None if self.changes is None else click_cells(self.changes.cells, self.states)

    @property
    def changed_board(self) -> Board | None:
        """The solvable board closest to this one, after the changes (None: solvable)."""
        if self.changes is None:
            return None
        return (self.board + self.changes.cells) % np.uint8(self.states)  # in uint8: k <= 16

    def to_dict(self) -> dict[str, object]:
        """The object printed by ``lightsart solve --json``: the same keys at every number of
        states (:mod:`lightsart._vocabulary`)."""
        changed = self.changed_board
        return {
            "solvable": self.solvable,
            "clicks": self.clicks,
            "click_grid": None if self.click_grid is None else self.click_grid.tolist(),
            "click_count": self.click_count,
            "minimal_solutions": self.minimal_solutions,
            "solutions": self.solutions,
            "proven_minimal": self.proven_minimal,
            "width": self.width,
            "height": self.height,
            "states": self.states,
            "goal": self.goal,
            "state": hex(self.state),
            "nullity": self.nullity,
            "kernel_size": self.kernel_size,
            "failed_quiet_patterns": list(self.failed_quiet_patterns),
            "fewest_cells_to_change": self.fewest_cells_to_change,
            "fewest_cells_proven": self.fewest_cells_proven,
            "fewest_cells_lower_bound": self.fewest_cells_lower_bound,
            "cells_to_change": self.cells_to_change,
            "changed_board": None if changed is None else changed.tolist(),
            "rules": self.rules.to_dict(),
            **_certificate(self.click_count_lower_bound, self.click_search, self.cut_short),
        }


def _certificate(lower_bound: int | None, search: ClickSearch | None, cut_short: bool
                 ) -> dict[str, object]:
    """The fewest clicks' lower bound, the work of the search and the clock's cut (``--json``)."""
    return {"click_count_lower_bound": lower_bound, "cut_short": cut_short,
            "click_search": None if search is None else search.to_dict()}


def solve_puzzle(board: Board, goal: Goal = "off", rules: Rules | None = None, *,
                 seconds: float = 2.0) -> Solution:
    """Solve ``board`` for ``goal`` under ``rules`` (default: the classic game of its size).

    Returns one click set with the fewest presses and the counts, or the checks it fails and the
    fewest cells to change first. The presses are re-applied and checked before they are
    returned.
    """
    rules = rules_for(board, rules)
    g = game(rules)
    b = g.cells(board)
    level = goal_level(goal, rules.states)
    change = _change(b, level, rules.states)
    x = g.solve(change)
    if x is None:
        return Solution(b, goal, rules, g.nullity, g.kernel_size, None, True, 0,
                        g.changes(b, change))
    best = g.lightest(x, seconds)
    if not (g.apply(b, best.clicks) == level).all():  # pragma: no cover
        raise AssertionError("the click set does not solve the board")
    return Solution(b, goal, rules, g.nullity, g.kernel_size, best.clicks, best.proven, best.count,
                    click_count_lower_bound=best.lower_bound, click_search=best.search,
                    cut_short=best.cut_short)


def _change(board: Board, level: int, states: int) -> Board:
    """``level - board`` (mod ``states``): the change that brings every cell to ``level``.

    In uint8 (``k <= 16``), without a remainder (numpy's is about 100 times slower than a mask):
    ``level + k - board`` is ``1 .. 2k-1``, reduced by a mask for a power of two, else by
    subtracting ``k`` where it is at least ``k``.
    """
    x = np.uint8(level + states) - board
    if states & (states - 1) == 0:
        return x & np.uint8(states - 1)
    return x - np.uint8(states) * (x >= states)


@dataclass(frozen=True)
class SolutionStep:
    """One step of the strategy: what to do, the presses per cell, and the board after them."""

    title: str
    click_grid: Board
    board: Board


@dataclass(frozen=True)
class Strategy:
    """The human strategy for one board, step by step, and how quiet patterns shorten it; each
    field and property is the ``--json`` key of the same name.

    ``chased_click_grid`` is the sum of every step's presses (mod ``states``; with two states the
    XOR); ``fewest_click_grid`` the fewest presses making the same change (``proven_minimal``
    when the coset could be searched whole). With two states ``quiet_patterns_added`` lists the
    quiet patterns added to get there (None when the nullity is too large to search them all) and
    ``clicks_with_each_pattern_combination[l]`` the clicks with pattern combination ``l`` (bit
    ``j`` = pattern ``j``; None when too many to list).

    Under rules that do not chase ``light_chasing`` is False, there are no steps and no
    ``table``, and ``chased_click_grid`` is the algebra's click set (None when the board cannot
    be solved).
    """

    board: Board
    goal: Goal
    steps: tuple[SolutionStep, ...]
    solvable: bool
    bottom_row: tuple[int, ...]
    top_row_presses: tuple[int, ...] | None
    table: LookupTable | None
    chased_click_grid: Board | None
    fewest_click_grid: Board | None
    proven_minimal: bool
    quiet_patterns_added: tuple[int, ...] | None
    clicks_with_each_pattern_combination: tuple[int, ...] | None
    rules: Rules
    quiet_patterns: Board
    kernel_size: int

    @property
    def light_chasing(self) -> bool:
        """Whether the steps are light chasing or the algebra alone."""
        return self.table is not None

    @property
    def chased_clicks(self) -> list[list[int]] | None:
        """The cells of :attr:`chased_click_grid` (as :attr:`Solution.clicks`)."""
        grid = self.chased_click_grid
        return None if grid is None else click_cells(grid, self.rules.states)

    @property
    def fewest_click_count(self) -> int | None:
        grid = self.fewest_click_grid
        return None if grid is None else int(grid.sum(dtype=np.int64))

    def to_dict(self) -> dict[str, object]:
        """The strategy as data: steps with their presses and the board after each."""
        k = self.rules.states
        lights = not vocabulary(k).grey  # 0.2's step boards: rows of # and . for lights
        chased, fewest = self.chased_click_grid, self.fewest_click_grid
        added, weights = self.quiet_patterns_added, self.clicks_with_each_pattern_combination
        return {
            "steps": [{"title": s.title, "clicks": click_cells(s.click_grid, k),
                       "click_grid": s.click_grid.tolist(),
                       "board": format_board(s.board, "#", ".").split("\n") if lights
                       else s.board.tolist()}
                      for s in self.steps],
            "bottom_row": list(self.bottom_row),
            "top_row_presses": None if self.top_row_presses is None else list(self.top_row_presses),
            "chased_clicks": self.chased_clicks,
            "chased_click_grid": None if chased is None else chased.tolist(),
            "fewest_click_grid": None if fewest is None else fewest.tolist(),
            "fewest_click_count": self.fewest_click_count,
            "proven_minimal": self.proven_minimal,
            "kernel_size": self.kernel_size,
            "quiet_patterns_added": None if added is None else list(added),
            "clicks_with_each_pattern_combination": None if weights is None else list(weights),
            "light_chasing": self.light_chasing,
        }


def _chase_steps(board: Board, goal: Goal, rules: Rules, label: str
                 ) -> tuple[list[SolutionStep], Board]:
    """Chase ``board`` down: press under every cell off the goal as many times as it needs."""
    k = rules.states
    level = goal_level(goal, k)
    steps = []
    for r in range(board.shape[0] - 1):
        need = ((level - board[r].astype(np.int64)) % k).astype(np.uint8)
        if not need.any():
            continue
        presses = np.zeros_like(board)
        presses[r + 1] = need
        board = reached(board, presses, rules)
        steps.append(SolutionStep(_chase_title(label, r, need, goal, k), presses, board))
    return steps, board


def _chase_title(label: str, r: int, need: Board, goal: Goal, states: int) -> str:
    """What one chasing step says: 0.2's words for lights (click under them) or levels."""
    cells = int(np.count_nonzero(need))
    many = "s" if cells > 1 else ""
    if vocabulary(states).grey:
        return (f"{label}: row {r} has {cells} cell{many} off the goal; press under each in row "
                f"{r + 1} as many times as it needs ({int(need.astype(np.int64).sum())} presses)")
    word = "lit" if goal == "off" else "unlit"
    return f"{label}: row {r} has {cells} {word} cell{many}; click under them in row {r + 1}"


def explain(board: Board, goal: Goal = "off", rules: Rules | None = None, *,
            seconds: float = 2.0) -> Strategy:
    """Light chasing, the lookup table, chasing again, then quiet patterns to the fewest presses
    (``seconds``: the fewest clicks' search budget, ``--time-limit``).

    Under rules that do not chase the strategy is the algebra's click set and the quiet patterns
    that shorten it (see :class:`Strategy`).
    """
    rules = rules_for(board, rules)
    g = game(rules)
    b = g.cells(board)
    m, n = b.shape
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # a board per step
    k = rules.states
    level = goal_level(goal, k)
    # lightsart 0.2 chased two-state boards under the classic rules only (other chasing rules
    # get the algebraic solution there), and k-state boards under every rule set that chases.
    chase_here = rules.is_classic if rules.is_binary else chases(rules)
    steps: list[SolutionStep] = []
    bottom: tuple[int, ...] = ()
    top: tuple[int, ...] | None = ()
    table = lookup_table(rules, max_rows=0) if chase_here else None
    unsolved = Strategy(b, goal, (), False, (), None, table, None, None, True, (), None, rules,
                        g.quiet_patterns, g.kernel_size)
    if table is None:
        x = g.solve(_change(b, level, k))
        if x is None:
            return unsolved
        solution = x
    else:
        steps, now = _chase_steps(b, goal, rules, "chase")
        bottom = tuple(int(v) for v in (now[-1].astype(np.int64) - level) % k)
        found = table.top_for(np.array(bottom))
        if found is None:
            return Strategy(b, goal, tuple(steps), False, bottom, None, table, None, None, True, (),
                            None, rules, g.quiet_patterns, g.kernel_size)
        top = tuple(int(v) for v in found)
        if found.any():
            steps += _after_lookup(now, goal, rules, bottom, top)
        total = sum((s.click_grid.astype(np.int64) for s in steps), start=np.zeros(b.shape, np.int64))
        solution = (total % k).astype(np.uint8)
    if not (g.apply(b, solution) == level).all():  # pragma: no cover
        raise AssertionError("the strategy's presses do not solve the board")
    best = g.lightest(solution, seconds)
    added = None if best.choice is None else tuple(j for j in range(g.nullity)
                                                   if (best.choice >> j) & 1)
    weights = best.weights
    return Strategy(b, goal, tuple(steps), True, bottom, top, table, solution, best.clicks,
                    best.proven, added,
                    None if weights is None or g.nullity > 6 else tuple(int(w) for w in weights),
                    rules, g.quiet_patterns, g.kernel_size)


def _after_lookup(now: Board, goal: Goal, rules: Rules, bottom: tuple[int, ...],
                  top: tuple[int, ...]) -> list[SolutionStep]:
    """The top-row presses the table gives for ``bottom``, then chasing down again."""
    presses = np.zeros_like(now)
    presses[0] = top
    now = reached(now, presses, rules)
    past = " past the goal" if vocabulary(rules.states).grey else ""  # 0.2's words for levels
    steps = [SolutionStep(f"bottom row reads {''.join(map(str, bottom))}{past}: the table says "
                          f"press {''.join(map(str, top))} in the top row", presses, now)]
    return steps + _chase_steps(now, goal, rules, "chase again")[0]


@dataclass(frozen=True)
class ClickPath(_Ruled):
    """One solution with the fewest presses played one press at a time: ``path`` lists
    ``(row, col)`` and the state after it (the integer whose base-``states`` digit ``i*n + j`` is
    cell ``(i, j)``); each field and property is the ``--json`` key of the same name."""

    width: int
    height: int
    goal: Goal
    start: int
    path: tuple[tuple[Cell, int], ...]
    proven_minimal: bool
    rules: Rules
    #: The fewest clicks' certificate, as in :class:`Solution`.
    click_count_lower_bound: int | None = None
    click_search: ClickSearch | None = None
    cut_short: bool = False

    @property
    def click_count(self) -> int:
        return len(self.path)

    def to_dict(self) -> dict[str, object]:
        return {
            "width": self.width, "height": self.height, "states": self.states, "goal": self.goal,
            "start": hex(self.start), "click_count": self.click_count,
            "proven_minimal": self.proven_minimal,
            "path": [{"click": list(c), "state": hex(s)} for c, s in self.path],
            "rules": self.rules.to_dict(),
            **_certificate(self.click_count_lower_bound, self.click_search, self.cut_short),
        }


def click_path(board: Board, goal: Goal = "off", rules: Rules | None = None, *,
               seconds: float = 2.0) -> ClickPath:
    """One solution with the fewest presses, cell by cell in reading order (a cell pressed ``j``
    times is ``j`` steps), with the state after each press (``seconds``: the fewest clicks'
    search budget, ``--time-limit``)."""
    rules = rules_for(board, rules)
    b = game(rules).cells(board)
    m, n = b.shape
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # every state is printed
    solution = solve_puzzle(b, goal, rules, seconds=seconds)
    if solution.click_grid is None:
        raise LightsartError(_unreachable(solution))
    k = rules.states
    now, one, steps = b, np.zeros_like(b), []
    for r, c in itertools.product(range(m), range(n)):
        for _ in range(int(solution.click_grid[r, c])):
            one[r, c] = 1
            now = reached(now, one, rules)
            one[r, c] = 0
            steps.append(((r, c), to_state(now, k)))
    if (now != goal_level(goal, k)).any():  # pragma: no cover
        raise AssertionError("the path does not end at the goal")
    return ClickPath(n, m, goal, to_state(b, k), tuple(steps), solution.proven_minimal,
                     rules, solution.click_count_lower_bound, solution.click_search,
                     solution.cut_short)


def _unreachable(s: Solution) -> str:
    """Why no path reaches the goal, in 0.2's words for lights or for levels."""
    k = s.states
    if vocabulary(k).grey:
        return (f"this board cannot reach every cell {goal_level(s.goal, k)}: change "
                f"{s.fewest_cells_to_change} cell(s) first (lightsart solve --states {k} shows which)")
    failed = ", ".join(str(j) for j in s.failed_quiet_patterns)
    kind = "quiet pattern" if s.rules.pattern.symmetric else "check"
    return (f"this board cannot reach all {s.goal}: it fails {kind} {failed}; "
            f"change {s.fewest_cells_to_change} light(s) first (lightsart solve shows which)")
