"""Text for people about k-state boards: what ``solve --explain``, ``path`` and ``table`` print
with ``--states K`` (the computations are in :mod:`lightsart.puzzle.levels_chase`; levels are
digits ``0-9`` then ``a-f``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from lightsart.puzzle.text import rules_note, side_by_side

if TYPE_CHECKING:
    from lightsart.puzzle.levels_chase import LevelPath, LevelStrategy, LevelTable

__all__ = ["level_grid", "level_path_text", "level_strategy_text", "level_table_text"]

_DIGITS = "0123456789abcdef"


def level_grid(levels: object, blank: str = "") -> list[str]:
    """Rows of level digits; with ``blank`` (e.g. ``"."``) zeros are drawn as it."""
    return ["".join(blank if blank and v == 0 else _DIGITS[v] for v in row)
            for row in np.asarray(levels).tolist()]


def _digits(values: tuple[int, ...] | list[int]) -> str:
    return "".join(_DIGITS[v] for v in values)


def _goal(goal: str, k: int) -> str:
    return f"every cell {0 if goal == 'off' else k - 1}"


def level_strategy_text(st: LevelStrategy) -> str:
    """What ``lightsart solve --states K --explain`` adds: every step with the board after it."""
    k = st.rules.states
    head = f"The strategy ({k} states, goal {_goal(st.goal, k)}; cells are (row,col) from 0):"
    if st.table is None:
        lines = [head, f"Light chasing needs a pattern that reaches one row up only above the "
                       f"clicked cell, on the plane or the cylinder; under pattern "
                       f"{st.rules.pattern.name} on the {st.rules.topology} here is the algebraic "
                       f"solution over Z/{k} instead."]
        if not st.solvable or st.solution is None:
            lines.append(f"1. A x = (the change to the goal) has no solution over Z/{k}: this "
                         "board cannot be solved.")
            return "\n".join(lines)
        lines.append(f"1. Solving A x = (the change to the goal) over Z/{k} gives "
                     f"{int(st.solution.astype(int).sum())} presses:")
        lines += ["    " + row for row in level_grid(st.solution, ".")]
        return "\n".join(lines + _fewest_lines(st, "2."))
    lines = [head, "1. Chase down: for each row from the top, press the cell below every cell "
                   "off the goal as many times as that cell needs (a press adds 1, mod "
                   f"{k}). Only the bottom row is left."]
    previous = st.board
    for n, step in enumerate(st.steps, 1):
        lines.append(f"  step {n}. {step.title}")
        lines += ["    " + row for row in side_by_side(("before", level_grid(previous)),
                                                        ("presses", level_grid(step.presses, ".")),
                                                        ("after", level_grid(step.board)))]
        previous = step.board
    bottom = _digits(st.bottom)
    if not st.solvable:
        lines.append(f"2. The bottom row is {bottom} past the goal, which is not in the lookup "
                     f"table (lightsart table {st.table.width}x{st.table.height} --states {k}): no "
                     "top-row presses clear it, so this board cannot be solved.")
        return "\n".join(lines)
    if st.top is None or not any(st.top):
        lines.append("2. The bottom row is already at the goal: no lookup needed.")
    else:
        lines.append(f"2. Look up the bottom row {bottom} (past the goal) in the table: press "
                     f"{_digits(st.top)} in the top row (each digit: times to press that cell).")
        lines.append("3. Chase down again (the steps after the lookup above).")
    assert st.solution is not None
    lines.append(f"4. Together that is {int(st.solution.astype(int).sum())} presses (a cell "
                 f"pressed {k} times is not pressed at all):")
    lines += ["    " + row for row in level_grid(st.solution, ".")]
    return "\n".join(lines + _fewest_lines(st, "5."))


def _fewest_lines(st: LevelStrategy, label: str) -> list[str]:
    assert st.minimal is not None
    count = int(st.minimal.astype(int).sum())
    if st.kernel_size == 1:
        return [f"{label} No press vector changes nothing on this board: that is the only "
                "solution."]
    proof = "proven fewest" if st.proven else "fewest found, not proven"
    return [f"{label} {st.kernel_size} press vectors change nothing (the quiet patterns, the "
            f"empty one included); adding the best one gives {count} presses ({proof}):",
            *("    " + row for row in level_grid(st.minimal, "."))]


def level_table_text(t: LevelTable) -> str:
    """What ``lightsart table WxH --states K`` prints."""
    k = t.states
    note = rules_note(t.rules.with_states(2))
    lines = [f"{t.width}x{t.height} lookup table, {k} states{note}: chase down; the "
             f"bottom row is then left past the goal by one of {t.reachable} patterns. Press the "
             "top-row cells as many times as listed for it and chase down again."]
    if t.complete:
        lines.append(f"{'bottom row':<{max(10, t.width)}}   press in top row")
        lines += [f"{_digits(b):<{max(10, t.width)}}   {_digits(p)}" for b, p in t.rows]
        if t.kernel_size > 1:
            lines.append(f"Bottom rows not listed never occur on a solvable board ({t.kernel_size} "
                         "top rows, the empty one included, chase to nothing on this size).")
    else:
        lines.append(f"Too many to list: pressing only top cell j once leaves the bottom row "
                     f"below. Write the bottom row as a sum of these (mod {k}) and press the same "
                     "sum in the top row; if it is no such sum, the board is unsolvable.")
        for j, (b, _) in enumerate(t.rows):
            lines.append(f"cell {j:>3}: {_digits(b)}")
    return "\n".join(lines)


def level_path_text(p: LevelPath) -> str:
    """What ``lightsart path --states K`` prints: the state (hex; base-K digit i*n+j = cell
    (i,j)) after each press."""
    lines = [f"{p.width}x{p.height}, {p.states} states{rules_note(p.rules.with_states(2))}, goal "
             f"{_goal(p.goal, p.states)}: {len(p.steps)} presses "
             f"({'proven minimal' if p.proven else 'fewest found'})",
             f"start        {p.start:#x}"]
    lines += [f"{n:>3}. ({r},{c})  {state:#x}" for n, ((r, c), state) in enumerate(p.steps, 1)]
    return "\n".join(lines)
