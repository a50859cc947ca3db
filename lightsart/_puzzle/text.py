"""Text for people: what ``lightsart solve``, ``path``, ``table`` and ``census`` print, with
two states per cell (the classic game's lights and clicks) and with ``--states K`` (levels as
digits ``0-9`` then ``a-f``; the ``level_*`` functions).

The computations (:mod:`lightsart._puzzle.solve`, :mod:`~lightsart._puzzle.table`,
:mod:`~lightsart._puzzle.census`, :mod:`~lightsart._puzzle.censusdb`) return frozen dataclasses;
this module turns them into lines and does no algebra of its own. Under the classic rules the
text is exactly what lightsart 0.2 printed; other rules are named in the first line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from lightsart._core.board import click_list, format_board
from lightsart._results import vocabulary
from lightsart._types import Board

if TYPE_CHECKING:
    from lightsart._puzzle.census import Census
    from lightsart._puzzle.censusdb import DbAnswer
    from lightsart._puzzle.solve import ClickPath, Solution, Strategy
    from lightsart._puzzle.table import LookupTable
    from lightsart._rules import Rules

__all__ = ["answer_text", "census_text", "grid", "level_grid", "level_solution_text",
           "level_table_text", "path_text", "rules_note", "side_by_side",
           "solution_text", "strategy_text", "table_text"]


def rules_note(rules: Rules) -> str:
    """``""`` for the classic rules, else ``", pattern x on the torus"`` to follow a board size."""
    if rules.is_classic:
        return ""
    return f", pattern {rules.pattern.name} on the {rules.topology}"


def grid(board: Board, on: str = "#") -> list[str]:
    """Rows of ``on`` (set) and ``.`` (clear): :func:`lightsart.format_board`'s rows."""
    return format_board(board, on, ".").split("\n")


def side_by_side(*blocks: tuple[str, list[str]]) -> list[str]:
    """Titled blocks of text rows next to each other, three spaces apart."""
    widths = [max(len(title), *(len(r) for r in rows)) for title, rows in blocks]
    out = ["   ".join(t.ljust(w) for (t, _), w in zip(blocks, widths, strict=True)).rstrip()]
    for i in range(len(blocks[0][1])):
        out.append("   ".join(rows[i].ljust(w) for (_, rows), w in zip(blocks, widths,
                                                                      strict=True)).rstrip())
    return out


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _cells(board: Board) -> str:
    return " ".join(f"({r},{c})" for r, c in click_list(board)) or "none"


def _proof(proven: bool, cut_short: bool, lower_bound: int | None, tail: str = "") -> str:
    """``proven minimal``, or ``fewest found`` with the time limit's cut, ``tail`` and the lower
    bound."""
    if proven:
        return "proven minimal"
    cut = " before the time limit" if cut_short else ""
    bound = "" if lower_bound is None else f", at least {lower_bound}"
    return f"fewest found{cut}{tail}{bound}"


def _states_note(rules: Rules) -> str:
    """What follows a board size: ``", 3 states"`` with grey levels, then :func:`rules_note`."""
    grey = f", {rules.states} states" if vocabulary(rules.states).grey else ""
    return grey + rules_note(rules.with_states(2))


def solution_text(s: Solution) -> str:
    """What ``lightsart solve`` prints (cells are ``(row, col)`` counted from 0)."""
    if vocabulary(s.states).grey:  # 0.2's words for levels: digits and presses
        return level_solution_text(s)
    lines = [f"{s.width}x{s.height} board{rules_note(s.rules)}, goal: all lights {s.goal}, "
             f"nullity {s.nullity}"]
    if s.solvable and s.click_grid is not None:
        counted = ("" if s.minimal_solutions is None else
                   f"{s.minimal_solutions} minimal solution{'s' if s.minimal_solutions > 1 else ''}"
                   ", ")
        proof = _proof(s.proven_minimal, s.cut_short, s.click_count_lower_bound, ", not proven")
        lines.append(f"solvable: yes, in {_plural(s.click_count or 0, 'click')} ({proof}); "
                     f"{counted}{_plural(s.solutions, 'solution')} in all")
        lines += side_by_side(("board", grid(s.board)), ("clicks", grid(s.click_grid, "X")))
        lines.append(f"clicks (row,col): {_cells(s.click_grid)}")
        return "\n".join(lines)
    word = "lit" if s.goal == "off" else "unlit"
    names = ", ".join(str(k) for k in s.failed_quiet_patterns)
    kind = "quiet pattern" if s.rules.pattern.symmetric else "check"
    lines.append(f"solvable: no: its {word} cells meet {kind} {names} in an odd number of "
                 f"cells, and no click changes that parity")
    if kind == "check":
        lines.append("(the checks are the quiet patterns of the pattern turned 180 degrees: "
                     "the kernel of the transposed press operator)")
    shown = [("board", grid(s.board))]
    failed = () if s.changes is None else s.changes.failed_boards
    shown += [(f"{kind} {k}", grid(q, "X"))
              for k, q in zip(s.failed_quiet_patterns, failed, strict=False)]
    lines += side_by_side(*shown)
    if s.changes is not None:
        lines.append(f"fewest lights to change to make it solvable: {s.fewest_cells_to_change} "
                     f"({'proven' if s.fewest_cells_proven else 'fewest found'}), e.g. "
                     f"{_cells(s.changes.cells)}")
    return "\n".join(lines)


@dataclass(frozen=True)
class _Words:
    """0.2's words for one strategy: lights (clicks, ``#`` and ``X``) or levels (presses, digits).
    Each ``str`` is a line (``step`` a format of ``n``, ``title`` and ``cells``)."""

    head: str
    algebra: str
    unsolvable: str
    solved: str
    chase: str
    step: str
    presses: str
    not_in_table: str
    clear: str
    lookup: str
    again: bool
    together: str
    together_grid: bool
    board: Callable[[Board], list[str]]
    pressed: Callable[[Board], list[str]]
    tail: Callable[[Strategy, str], list[str]]


def _words(st: Strategy) -> _Words:
    k, name, topology = st.rules.states, st.rules.pattern.name, st.rules.topology
    size = "" if st.table is None else f"{st.table.width}x{st.table.height}"
    bottom, top = _digits(st.bottom_row), _digits(st.top_row_presses or ())
    solution = st.chased_click_grid
    count = 0 if solution is None else int(solution.astype(np.int64).sum())
    cells = "" if solution is None else _cells(solution)
    if vocabulary(k).grey:
        return _Words(
            f"The strategy ({k} states, goal {_goal(st.goal, k)}; cells are (row,col) from 0):",
            "Light chasing needs a pattern that reaches one row up only above the clicked cell, on "
            f"the plane or the cylinder; under pattern {name} on the {topology} here is the "
            f"algebraic solution over Z/{k} instead.",
            f"1. A x = (the change to the goal) has no solution over Z/{k}: this board cannot be "
            "solved.",
            f"1. Solving A x = (the change to the goal) over Z/{k} gives {count} presses:",
            "1. Chase down: for each row from the top, press the cell below every cell off the goal "
            f"as many times as that cell needs (a press adds 1, mod {k}). Only the bottom row is "
            "left.",
            "  step {n}. {title}", "presses",
            f"2. The bottom row is {bottom} past the goal, which is not in the lookup table "
            f"(lightsart table {size} --states {k}): no top-row presses clear it, so this board "
            "cannot be solved.",
            "2. The bottom row is already at the goal: no lookup needed.",
            f"2. Look up the bottom row {bottom} (past the goal) in the table: press {top} in the "
            "top row (each digit: times to press that cell).", True,
            f"4. Together that is {count} presses (a cell pressed {k} times is not pressed at all):",
            True, level_grid, lambda presses: level_grid(presses, "."), _fewest_lines)
    return _Words(
        f"The strategy (goal: all {st.goal}; cells are (row,col) from 0):",
        "Light chasing with a lookup table is the strategy of the classic game (plus on the "
        f"plane); under pattern {name} on the {topology} here is the algebraic solution instead.",
        "1. Solving A x = (the cells to change) over GF(2) has no solution: this board cannot be "
        "solved (see the checks it fails above).",
        f"1. Solving A x = (the cells to change) over GF(2) gives {_plural(count, 'click')}: {cells}",
        "1. Chase the lights down: for each row from the top, click the cell below every "
        f"{'lit' if st.goal == 'off' else 'unlit'} cell. Only the bottom row is left.",
        "  step {n}. {title}: {cells}", "click",
        f"2. The bottom row reads {bottom}, which is not in the lookup table (lightsart table "
        f"{size}): no presses clear it, so this board cannot be solved.",
        "2. The bottom row is already clear: no lookup needed.",
        f"2. Look up the bottom row {bottom} in the table: press {top} in the top row.",
        st.board.shape[0] > 1,
        f"4. Together that is {_plural(count, 'click')} (a cell clicked twice is not clicked at "
        f"all): {cells}", False, grid, lambda presses: grid(presses, "X"), _quiet_lines)


def strategy_text(st: Strategy) -> str:
    """What ``lightsart solve --explain`` adds: every step with the board after it (0.2's words
    for lights or for levels, :class:`_Words`)."""
    w = _words(st)
    lines = [w.head]
    if st.table is None:  # the rules do not chase: the algebra's answer
        lines.append(w.algebra)
        if not st.solvable or st.chased_click_grid is None:
            return "\n".join([*lines, w.unsolvable])
        return "\n".join([*lines, w.solved, *("    " + r for r in w.pressed(st.chased_click_grid)),
                          *w.tail(st, "2.")])
    lines.append(w.chase)
    previous = st.board
    for n, step in enumerate(st.steps, 1):
        cells = _cells(step.click_grid)
        lines.append(w.step.format(n=n, title=step.title, cells=cells))
        lines += ["    " + row for row in side_by_side(("before", w.board(previous)),
                                                        (w.presses, w.pressed(step.click_grid)),
                                                        ("after", w.board(step.board)))]
        previous = step.board
    if not st.solvable:
        return "\n".join([*lines, w.not_in_table])
    if st.top_row_presses is None or not any(st.top_row_presses):
        lines.append(w.clear)
    else:
        lines += [w.lookup, *(["3. Chase down again (the steps after the lookup above)."]
                              if w.again else [])]
    assert st.chased_click_grid is not None
    lines.append(w.together)
    if w.together_grid:
        lines += ["    " + row for row in w.pressed(st.chased_click_grid)]
    return "\n".join(lines + w.tail(st, "5."))


def _quiet_lines(st: Strategy, label: str) -> list[str]:
    """How quiet patterns turn the strategy's clicks into a minimal solution."""
    fewest = st.fewest_click_grid
    assert st.chased_click_grid is not None and fewest is not None
    d = st.quiet_patterns.shape[0]
    indent = " " * (len(label) + 1)
    if d == 0:
        return [f"{label} This board size has no quiet patterns: that is the only solution."]
    lines: list[str] = []
    patterns = st.quiet_patterns
    lines.append(f"{label} Quiet patterns (\"null templates\": clicking one changes nothing) give the "
                 f"other {2 ** d - 1} solutions; adding them to the clicks:")
    if d <= 4:
        lines += ["    " + row for row in side_by_side(
            *((f"pattern {k}", grid(patterns[k], "X")) for k in range(d)))]
    if st.clicks_with_each_pattern_combination is not None:
        for choice, w in enumerate(st.clicks_with_each_pattern_combination):
            used = [str(k) for k in range(d) if (choice >> k) & 1]
            lines.append(f"    {'with pattern(s) ' + ','.join(used) if used else 'as found'}: "
                         f"{w} clicks")
    if st.quiet_patterns_added is None:
        lines.append(f"{indent}Fewest found by searching combinations (not proven): "
                     f"{_plural(int(fewest.sum()), 'click')}")
    else:
        added = ",".join(map(str, st.quiet_patterns_added)) if st.quiet_patterns_added else "none"
        lines.append(f"{indent}Minimal: add pattern(s) {added}: "
                     f"{_plural(int(fewest.sum()), 'click')}")
    lines += ["    " + row for row in grid(fewest, "X")]
    return lines


def table_text(t: LookupTable) -> str:
    """What ``lightsart table WxH`` prints (0.2's words for lights or for levels)."""
    if vocabulary(t.states).grey:
        return level_table_text(t)
    head = ("" if t.rules.is_classic
            else f"rules: pattern {t.rules.pattern.name} on the {t.rules.topology}\n")
    return head + _bits_table_text(t)


def _bits_table_text(t: LookupTable) -> str:
    def row(bits: tuple[int, ...]) -> str:
        return "".join("#" if b else "." for b in bits)

    lines = [f"{t.width}x{t.height} lookup table: chase the lights down; the bottom row then "
             f"shows one of {t.reachable} patterns. Press the top-row cells listed for it and "
             f"chase down again."]
    if t.complete:
        lines.append(f"{'bottom row':<{max(10, t.width)}}   press in top row")
        lines += [f"{row(b):<{max(10, t.width)}}   {row(p)}" for b, p in t.rows]
        if t.nullity:
            lines.append(f"Bottom rows not listed never occur on a solvable board ({t.nullity} "
                         f"quiet pattern{'s' if t.nullity > 1 else ''} on this size).")
    else:
        lines.append("Too many to list, so here is a basis: write the bottom row as the XOR of "
                     "the rows below, one for each marked column (^) it lights, left to right; "
                     "press the XOR of their top rows. If the bottom row is not such a XOR, "
                     "the board is unsolvable.")
        for (b, p), col in zip(t.rows, t.pivots or (), strict=True):
            lines.append(f"{row(b)}   {row(p)}")
            lines.append(" " * col + "^")
    if t.top_rows_lightest < len(t.rows):
        cut = ", cut short by the time limit" if t.cut_short else ""
        lines.append(f"Top rows proven lightest: {t.top_rows_lightest} of {len(t.rows)} (the "
                     f"others press more than they need{cut}; raise --time-limit).")
    return "\n".join(lines)


def path_text(p: ClickPath) -> str:
    """What ``lightsart path`` prints: the state after each press (hex; base-K digit i*n+j = cell
    (i,j), with two states bit i*n+j lit)."""
    grey = vocabulary(p.states).grey
    goal = _goal(p.goal, p.states) if grey else f"all {p.goal}"
    proof = _proof(p.proven_minimal, p.cut_short, p.click_count_lower_bound)
    lines = [f"{p.width}x{p.height}{_states_note(p.rules)}, goal {goal}: {p.click_count} "
             f"{'presses' if grey else 'clicks'} ({proof})",
             f"start        {p.start:#x}"]
    lines += [f"{n:>3}. ({r},{c})  {state:#x}" for n, ((r, c), state) in enumerate(p.path, 1)]
    return "\n".join(lines)


def census_text(c: Census) -> str:
    """What ``lightsart census WxH`` prints (0.2's words: moves and lights with two states,
    presses and levels with ``--states K``)."""
    k = c.rules.states
    if vocabulary(k).grey:
        unit, aim, lit = "presses", "fewest presses to turn every cell to 0", f"all {k - 1}"
        share = ("no press vector changes nothing: all of them" if c.kernel_size == 1 else
                 f"{c.kernel_size} press vectors change nothing: 1 in {c.kernel_size}")
    else:
        unit, aim, lit = "moves", "fewest clicks to turn every light off", "all lit"
        share = f"nullity {c.nullity}: " + (f"1 in {1 << c.nullity}" if c.nullity else "all of them")
    lines = [f"{c.width}x{c.height} board{_states_note(c.rules)}: {c.boards} states, {c.solvable} "
             f"solvable ({share})", f"{unit}  solvable states ({aim})"]
    lines += [f"{n:>{len(unit)}}  {count}" for n, count in enumerate(c.distribution)]
    lit_count = c.all_lit_click_count
    from_lit = "not solvable" if lit_count is None else f"{lit_count} {unit}"
    lines.append(f"hardest: {c.max_click_count} {unit}, needed by {c.boards_at_max} state"
                 f"{'s' if c.boards_at_max > 1 else ''}; from {lit}: {from_lit}")
    lines.append(f"exact, by {c.method}, {c.seconds:.3f} s")
    return "\n".join(lines)


def answer_text(a: DbAnswer) -> str:
    """What ``lightsart census --db FILE --state X`` prints."""
    head = f"state {a.state:#x} on {a.width}x{a.height}{rules_note(a.rules)}"
    if not a.solvable:
        return f"{head}: not solvable (the database holds only solvable states)"
    if not a.click_count:
        return f"{head}: already all off"
    assert a.next_click is not None
    lines = [f"{head}: {a.click_count} moves to all off; optimal next click {a.next_click}",
             "path from the database, (row,col) and the state after each click:"]
    lines += [f"{k:>4}. ({r},{c})  {s:#x}" for k, ((r, c), s) in enumerate(a.path, 1)]
    return "\n".join(lines)


# With --states K: levels as digits, presses counted (the words of 0.2's k-state text).
_DIGITS = "0123456789abcdef"


def level_grid(levels: object, blank: str = "") -> list[str]:
    """Rows of level digits; with ``blank`` (e.g. ``"."``) zeros are drawn as it."""
    return ["".join(blank if blank and v == 0 else _DIGITS[v] for v in row)
            for row in np.asarray(levels).tolist()]


def _digits(values: tuple[int, ...] | list[int]) -> str:
    return "".join(_DIGITS[v] for v in values)


def _goal(goal: str, states: int) -> str:
    return f"every cell {0 if goal == 'off' else states - 1}"



def _fewest_lines(st: Strategy, label: str) -> list[str]:
    fewest = st.fewest_click_grid
    assert fewest is not None
    count = int(fewest.astype(int).sum())
    if st.kernel_size == 1:
        return [f"{label} No press vector changes nothing on this board: that is the only "
                "solution."]
    proof = "proven fewest" if st.proven_minimal else "fewest found, not proven"
    return [f"{label} {st.kernel_size} press vectors change nothing (the quiet patterns, the "
            f"empty one included); adding the best one gives {count} presses ({proof}):",
            *("    " + row for row in level_grid(fewest, "."))]


def level_table_text(t: LookupTable) -> str:
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



def level_solution_text(s: Solution) -> str:
    """What ``lightsart solve --states K`` prints."""
    goal = "every cell 0" if s.goal == "off" else f"every cell {s.states - 1}"
    head = f"{s.width}x{s.height} board, {s.states} states per cell, goal {goal}"
    if s.click_grid is not None:
        grid = "\n".join(level_grid(s.click_grid))
        proven = "proven minimal" if s.proven_minimal else "best found, not proven minimal"
        others = ("the only solution" if s.kernel_size == 1
                  else f"one of {s.kernel_size} press vectors that solve it")
        return (f"{head}: solvable with {s.click_count} presses ({proven}; {others})\n"
                f"presses per cell:\n{grid}")
    changed, count = s.changed_board, s.fewest_cells_to_change
    assert changed is not None
    bound = ("proven minimal" if s.fewest_cells_proven
             else f"best found, at least {s.fewest_cells_lower_bound}")
    return (f"{head}: not solvable; change {count} cell{'' if count == 1 else 's'} first "
            f"({bound}), e.g. to\n" + "\n".join(level_grid(changed)))
