"""The classic puzzle: solve a board, explain the strategy a person follows, list the clicks.

A board is solved by the clicks ``x`` with ``A x = c``, where ``c`` marks the *wrong* cells: the
lit ones for the goal "off" (the game), the unlit ones for the goal "on". All solutions form the
coset ``x0 ^ span(quiet patterns)`` (``2**d`` of them); the fewest clicks is its lightest member,
and the number of minimal solutions is how many members reach that weight (one Walsh–Hadamard
transform scores all ``2**d``). An unsolvable board fails some quiet pattern ``q``: it has an odd
number of wrong cells on ``q``, and no click can change that parity. The fewest lights to change
to make it solvable is a syndrome-decoding problem (:func:`lightsart.core.decode.decode`).

The human strategy (:func:`explain`) is light chasing: clear each row by clicking the cells below
its wrong cells, which leaves only the bottom row wrong; read the top-row presses for that bottom
row from the board size's lookup table (:func:`lookup_table`); press them and chase again. The
clicks add up (cells clicked twice cancel) to one solution, and adding quiet patterns to it gives
the minimal one.
"""

from __future__ import annotations

import errno
import re
import stat
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lightsart import boardsize, limits
from lightsart.choices import Goal
from lightsart.core.board import apply_clicks, as_board, click_list, from_state, parse_board, to_state
from lightsart.core.decode import decode
from lightsart.core.gf2 import BoardAlgebra, algebra, chase
from lightsart.core.optimize import combine_patterns, coset_weights, fewest_clicks
from lightsart.errors import LightsartError
from lightsart.types import Board

__all__ = [
    "COUNT_NULLITY",
    "ClickPath",
    "Goal",
    "LookupTable",
    "Solution",
    "Step",
    "Strategy",
    "click_path",
    "explain",
    "lookup_table",
    "parse_size",
    "parse_state",
    "path_text",
    "read_board",
    "solution_text",
    "solve_puzzle",
    "strategy_text",
    "table_text",
    "wrong_cells",
]

Cell = tuple[int, int]

#: Largest nullity for which minimal solutions are counted (a transform of ``2**d`` entries).
COUNT_NULLITY = 20
#: Largest board-text file read (bytes): a 2000 × 2000 board is about 4 MB.
_MAX_FILE = 16 << 20


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (columns × rows) as ``(m, n)`` = (rows, columns)."""
    width, height = boardsize.parse_size(text, height_required=True)
    assert height is not None
    limits.check_board(width, height, most_cells=limits.PUZZLE_MAX_CELLS)
    return height, width


def parse_state(text: str) -> int:
    """A state integer: ``0x1ffffff``, ``0b101``, or decimal."""
    try:
        value = int(text.strip().replace("_", ""), 0)
    except ValueError:
        raise LightsartError(
            "state must be an integer such as 0x1ffffff (hex needs 0x; decimal at most 4300 "
            f"digits), got {limits.shorten(text)}"
        ) from None
    if value < 0:
        raise LightsartError(f"state must not be negative, got {limits.shorten(text)}")
    return value


def _check_board_file(path: Path) -> None:
    """A folder or a symbolic-link loop is named as such, not read as rows of cells."""
    try:
        info = path.stat()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LightsartError(f"cannot read {path}: a loop of symbolic links") from None
        return  # not a file: the text is rows
    if stat.S_ISDIR(info.st_mode):
        raise LightsartError(f"{path} is a folder, not a board file")


def read_board(board: str | None = None, *, state: str | None = None,
               size: str | None = None) -> Board:
    """A board from rows text, a text file, or ``state`` (an integer, e.g. ``0x1ffffff``) + ``size``.

    Rows text and files are read by :func:`lightsart.core.board.parse_board`.
    """
    if state is not None:
        if board is not None:
            raise LightsartError("give a board or --state, not both")
        if size is None:
            raise LightsartError("--state needs --size WxH")
        return from_state(parse_state(state), *parse_size(size))
    if board is None:
        raise LightsartError("give a board (rows like 10101/01110/...) or --state with --size")
    if size is not None:
        raise LightsartError("--size goes with --state; a board's rows give its size")
    path = Path(board)
    _check_board_file(path)
    if path.is_file():
        if path.stat().st_size > _MAX_FILE:
            raise LightsartError(f"{path} is larger than {_MAX_FILE >> 20} MB")
        try:
            return parse_board(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise LightsartError(f"cannot read board file {path}: {exc}") from None
    try:
        return parse_board(board)
    except LightsartError:
        # Words (a file name) are not board rows; malformed rows keep parse_board's message.
        if "\n" not in board and re.search(r"[A-Za-z]{2,}\.|\.[A-Za-z]{2,}$", board):
            raise LightsartError(f"no board file {board!r} (and it is not rows like 10101/01110)"
                                 ) from None
        raise


def wrong_cells(board: Board, goal: Goal = "off") -> Board:
    """The cells that must toggle to reach the goal: lit cells for "off", unlit ones for "on"."""
    b = as_board(board)
    if goal not in ("off", "on"):
        raise LightsartError(f"goal must be 'off' or 'on', got {goal!r}")
    return b.copy() if goal == "off" else b ^ np.uint8(1)


@dataclass(frozen=True)
class Solution:
    """Everything ``lightsart solve`` reports about one board.

    ``clicks`` is one minimal click set (None when unsolvable); ``minimal_solutions`` is exact
    for nullity up to :data:`COUNT_NULLITY` (else None). For an unsolvable board,
    ``failed_patterns`` lists the quiet patterns it fails and ``fixes`` one smallest set of
    lights to toggle to make it solvable.
    """

    board: Board
    goal: Goal
    nullity: int
    solvable: bool
    clicks: Board | None
    moves: int | None
    proven: bool
    minimal_solutions: int | None
    solutions: int
    failed_patterns: tuple[int, ...]
    fixes: Board | None
    fixes_count: int
    fixes_proven: bool

    @property
    def height(self) -> int:
        return int(self.board.shape[0])

    @property
    def width(self) -> int:
        return int(self.board.shape[1])

    def to_json(self) -> dict[str, object]:
        """The object printed by ``lightsart solve --json``."""
        return {
            "solvable": self.solvable,
            "clicks": None if self.clicks is None else [list(c) for c in click_list(self.clicks)],
            "minimal_solutions": self.minimal_solutions,
            "solutions": self.solutions,
            "moves": self.moves,
            "proven_minimal": self.proven,
            "width": self.width,
            "height": self.height,
            "goal": self.goal,
            "state": hex(to_state(self.board)),
            "nullity": self.nullity,
            "failed_quiet_patterns": list(self.failed_patterns),
            "fewest_lights_to_change": self.fixes_count,
            "lights_to_change": None if self.fixes is None else [list(c) for c in
                                                               click_list(self.fixes)],
            "fewest_lights_proven": self.fixes_proven,
        }


def _minimise(x: Board) -> tuple[Board, bool, int | None, NDArray[np.int64] | None]:
    """Lightest member of ``x``'s coset, proven?, how many members share it, every weight."""
    alg = algebra(*x.shape)
    if alg.nullity == 0:
        return x, True, 1, np.array([int(x.sum())], dtype=np.int64)
    if alg.nullity > COUNT_NULLITY:
        best = fewest_clicks(x)
        return best.clicks, best.proven, None, None
    weights = coset_weights(x, alg.quiet_patterns)
    choice = int(np.argmin(weights))
    count = int((weights == weights[choice]).sum())
    return x ^ combine_patterns(alg.quiet_patterns, choice), True, count, weights


def _algebra(board: Board) -> BoardAlgebra:
    """The board's algebra, refusing boards whose quiet patterns would not fit in memory."""
    m, n = board.shape
    limits.check_board(n, m, most_cells=limits.PUZZLE_MAX_CELLS)
    alg = algebra(m, n)
    if alg.nullity * board.size > limits.PUZZLE_MAX_NULLITY_CELLS:
        raise LightsartError(
            f"board {n}x{m} has nullity {alg.nullity}: nullity x cells is "
            f"{alg.nullity * board.size}, at most {limits.PUZZLE_MAX_NULLITY_CELLS}")
    return alg


def solve_puzzle(board: Board, goal: Goal = "off") -> Solution:
    """Solve ``board`` for ``goal``: one minimal click set and the counts, or why it cannot be."""
    b = as_board(board)
    change = wrong_cells(b, goal)
    alg = _algebra(b)
    x = alg.solve(change)
    if x is not None:
        best, proven, count, _ = _minimise(x)
        if not np.array_equal(apply_clicks(b, best), b ^ change):  # pragma: no cover
            raise AssertionError("the click set does not solve the board")
        return Solution(b, goal, alg.nullity, True, best, int(best.sum()), proven, count,
                        1 << alg.nullity, (), None, 0, True)
    syndrome = alg.syndrome(change)
    _, leftover = chase(change)
    fix = decode(alg.columns(), syndrome, baseline=np.flatnonzero(leftover.ravel()))
    flat = np.zeros(b.size, dtype=np.uint8)
    flat[fix.errors] = 1
    fixes = flat.reshape(b.shape)
    if not alg.is_solvable(change ^ fixes):  # pragma: no cover
        raise AssertionError("changing the suggested lights does not make the board solvable")
    failed = tuple(int(k) for k in np.flatnonzero(syndrome))
    return Solution(b, goal, alg.nullity, False, None, None, True, 0, 0, failed, fixes,
                    int(fixes.sum()), fix.proven)


@dataclass(frozen=True)
class LookupTable:
    """Bottom row left after chasing → top-row presses that clear it, for one board size.

    ``rows`` lists ``(bottom, top)`` as 0/1 tuples, left to right. When ``complete`` it is every
    bottom row that can occur on a solvable board (``2**rank`` of them); otherwise it is a basis:
    a bottom row is the XOR of the basis rows whose ``pivots`` column it lights, and the presses
    are the XOR of their top rows. Each listed top row is a lightest one.
    """

    width: int
    height: int
    nullity: int
    rank: int
    complete: bool
    pivots: tuple[int, ...]
    rows: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    _basis: tuple[tuple[int, int], ...]
    _kernel: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        """The table as data: rows of (bottom row, top-row presses) as 0/1 strings."""
        return {
            "width": self.width, "height": self.height, "nullity": self.nullity,
            "rank": self.rank, "complete": self.complete, "pivots": list(self.pivots),
            "rows": [{"bottom": "".join(map(str, b)), "top": "".join(map(str, t))}
                     for b, t in self.rows],
        }

    def top_for(self, bottom: NDArray[np.uint8] | tuple[int, ...]) -> NDArray[np.uint8] | None:
        """The top-row presses for a bottom row (the listed ones), or None if it cannot occur."""
        e = _to_int(np.asarray(bottom, dtype=np.uint8).ravel())
        top = 0
        for (image, source), p in zip(self._basis, self.pivots, strict=True):
            if (e >> p) & 1:
                e ^= image
                top ^= source
        if e:
            return None
        return _to_bits(_lightest(top, list(self._kernel), self.width), self.width)


def _to_int(bits: NDArray[np.uint8]) -> int:
    return sum(int(b) << j for j, b in enumerate(bits))


def _to_bits(value: int, width: int) -> NDArray[np.uint8]:
    return np.array([(value >> j) & 1 for j in range(width)], dtype=np.uint8)


def _lightest(top: int, kernel: list[int], width: int) -> int:
    """The lightest of ``top ^ span(kernel)`` (all the presses that work); ties: leftmost first."""
    if len(kernel) > 10:  # 2**10 options at most; beyond that any working top row will do
        return top
    options = [top]
    for k in kernel:
        options += [o ^ k for o in options]
    return min(options, key=lambda o: (o.bit_count(), _reading(o, width, lit_first=True)))


def _reading(value: int, width: int, lit_first: bool = False) -> tuple[int, ...]:
    """Sort key reading the cells left to right (lit cells first when ``lit_first``)."""
    return tuple(((value >> j) & 1) ^ lit_first for j in range(width))


def lookup_table(m: int, n: int, *, max_rows: int = 1024) -> LookupTable:
    """The bottom-row → top-row lookup table of the ``m`` × ``n`` board (``n`` columns).

    Column ``j`` of the map is the bottom row left by pressing only top cell ``j`` and chasing
    down; elimination gives a basis of the bottom rows that occur and the presses for each.
    Listed in full when there are at most ``max_rows`` rows, else as a basis.
    """
    if m < 1 or n < 1:
        raise LightsartError(f"board size must be at least 1x1, got {n}x{m}")
    if max(m, n) > limits.TABLE_MAX_SIDE:  # each column is chased down the whole board
        raise LightsartError(
            f"a lookup table for {n}x{m} is too large: at most {limits.TABLE_MAX_SIDE} on a side")
    if not 0 <= max_rows <= limits.TABLE_MAX_ROWS:
        raise LightsartError(f"--max-rows must be from 0 to {limits.TABLE_MAX_ROWS}, got {max_rows}")
    zero = np.zeros((m, n), dtype=np.uint8)
    columns = []
    for j in range(n):
        top = np.zeros(n, dtype=np.uint8)
        top[j] = 1
        columns.append((_to_int(chase(zero, top)[1][-1]), 1 << j))
    basis: list[tuple[int, int]] = []
    pivots: list[int] = []
    kernel: list[int] = []
    for image, source in columns:
        for (bi, bs), p in zip(basis, pivots, strict=True):
            if (image >> p) & 1:
                image ^= bi
                source ^= bs
        if not image:
            kernel.append(source)
            continue
        p = (image & -image).bit_length() - 1
        for k, (bi, bs) in enumerate(basis):
            if (bi >> p) & 1:
                basis[k] = (bi ^ image, bs ^ source)
        basis.append((image, source))
        pivots.append(p)
    order = sorted(range(len(pivots)), key=lambda k: pivots[k])
    basis = [(basis[k][0], _lightest(basis[k][1], kernel, n)) for k in order]
    pivots = [pivots[k] for k in order]
    rank = len(basis)
    complete = (1 << rank) <= max_rows
    rows: list[tuple[int, int]] = []
    if complete:
        combos = [(0, 0)]
        for image, source in basis:
            combos += [(e ^ image, t ^ source) for e, t in combos]
        rows = sorted(((e, _lightest(t, kernel, n)) for e, t in combos),
                      key=lambda r: _reading(r[0], n))
    else:
        rows = list(basis)

    def bits(v: int) -> tuple[int, ...]:
        return tuple((v >> j) & 1 for j in range(n))

    return LookupTable(n, m, len(kernel), rank, complete, tuple(pivots),
                       tuple((bits(e), bits(t)) for e, t in rows), tuple(basis), tuple(kernel))


@dataclass(frozen=True)
class Step:
    """One step of the strategy: what to do, the clicks, and the board after them."""

    title: str
    clicks: tuple[Cell, ...]
    board: Board


@dataclass(frozen=True)
class Strategy:
    """The human strategy for one board, step by step, and how quiet patterns shorten it.

    ``solution`` is the XOR of every step's clicks; ``minimal`` is ``solution`` plus the quiet
    patterns ``added`` (indices; None when the nullity is too large to search them all, and
    ``minimal`` is the fewest found). ``weights[l]`` is the clicks with pattern combination ``l``
    (bit ``k`` = pattern ``k``), None when the nullity is too large to list.
    """

    board: Board
    goal: Goal
    steps: tuple[Step, ...]
    solvable: bool
    bottom: tuple[int, ...]
    top: tuple[int, ...] | None
    table: LookupTable
    solution: Board | None
    minimal: Board | None
    added: tuple[int, ...] | None
    weights: tuple[int, ...] | None

    def to_json(self) -> dict[str, object]:
        """The strategy as data: steps with their clicks and the board after each."""
        return {
            "steps": [{"title": s.title, "clicks": [list(c) for c in s.clicks],
                       "board": _grid(s.board)} for s in self.steps],
            "bottom_row": list(self.bottom),
            "top_row_presses": None if self.top is None else list(self.top),
            "chased_clicks": None if self.solution is None else
            [list(c) for c in click_list(self.solution)],
            "quiet_patterns_added": None if self.added is None else list(self.added),
            "clicks_with_each_pattern_combination": None if self.weights is None
            else list(self.weights),
        }


def _chase_steps(board: Board, goal: Goal, label: str) -> tuple[list[Step], Board]:
    steps = []
    for r in range(board.shape[0] - 1):
        wrong = np.flatnonzero(wrong_cells(board, goal)[r])
        if wrong.size == 0:
            continue
        clicks = np.zeros_like(board)
        clicks[r + 1, wrong] = 1
        board = apply_clicks(board, clicks)
        cells = tuple((r + 1, int(j)) for j in wrong)
        word = "lit" if goal == "off" else "unlit"
        steps.append(Step(f"{label}: row {r} has {wrong.size} {word} cell"
                          f"{'s' if wrong.size > 1 else ''}; click under them in row {r + 1}",
                          cells, board))
    return steps, board


def explain(board: Board, goal: Goal = "off") -> Strategy:
    """Light chasing, the lookup table, chasing again, then quiet patterns to the minimum."""
    b = as_board(board)
    m, n = b.shape
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # a board per step
    table = lookup_table(m, n)
    steps, now = _chase_steps(b, goal, "chase")
    bottom = wrong_cells(now, goal)[-1]
    top = table.top_for(bottom)
    if top is None:
        return Strategy(b, goal, tuple(steps), False, tuple(int(v) for v in bottom), None, table,
                        None, None, (), None)
    if top.any():
        presses = np.zeros_like(b)
        presses[0] = top
        now = apply_clicks(now, presses)
        cells = tuple((0, int(j)) for j in np.flatnonzero(top))
        steps.append(Step(f"bottom row reads {''.join(map(str, bottom))}: the table says press "
                          f"{''.join(map(str, top))} in the top row", cells, now))
        more, now = _chase_steps(now, goal, "chase again")
        steps += more
    solution = np.zeros_like(b)
    for step in steps:
        for r, c in step.clicks:
            solution[r, c] ^= 1
    if wrong_cells(now, goal).any() or not np.array_equal(apply_clicks(b, solution), now):
        raise AssertionError("the strategy did not reach the goal")  # pragma: no cover
    minimal, _, _, weights = _minimise(solution)
    alg = algebra(m, n)
    added: tuple[int, ...] | None = None if alg.nullity > COUNT_NULLITY else ()
    if weights is not None and alg.nullity:
        choice = int(np.argmin(weights))
        added = tuple(k for k in range(alg.nullity) if (choice >> k) & 1)
    return Strategy(b, goal, tuple(steps), True, tuple(int(v) for v in bottom),
                    tuple(int(v) for v in top), table, solution, minimal, added,
                    None if weights is None or alg.nullity > 6 else tuple(int(w) for w in weights))


@dataclass(frozen=True)
class ClickPath:
    """One minimal solution played click by click: ``(row, col)`` and the state after it."""

    width: int
    height: int
    goal: Goal
    start: int
    steps: tuple[tuple[Cell, int], ...]
    proven: bool

    def to_json(self) -> dict[str, object]:
        return {
            "width": self.width, "height": self.height, "goal": self.goal,
            "start": hex(self.start), "moves": len(self.steps), "proven_minimal": self.proven,
            "path": [{"click": list(c), "state": hex(s)} for c, s in self.steps],
        }


def click_path(board: Board, goal: Goal = "off") -> ClickPath:
    """The clicks of one minimal solution in reading order, with the state after each."""
    m, n = as_board(board).shape
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # every state is printed
    solution = solve_puzzle(board, goal)
    if solution.clicks is None:
        failed = ", ".join(str(k) for k in solution.failed_patterns)
        raise LightsartError(
            f"this board cannot reach all {goal}: it fails quiet pattern {failed}; "
            f"change {solution.fixes_count} light(s) first (lightsart solve shows which)"
        )
    now = solution.board
    steps = []
    for r, c in click_list(solution.clicks):
        one = np.zeros_like(now)
        one[r, c] = 1
        now = apply_clicks(now, one)
        steps.append(((r, c), to_state(now)))
    if wrong_cells(now, goal).any():  # pragma: no cover
        raise AssertionError("the path does not end at the goal")
    return ClickPath(solution.width, solution.height, goal, to_state(solution.board),
                     tuple(steps), solution.proven)


# ---- text for people (the CLI prints these) ----

def _grid(board: Board, on: str = "#") -> list[str]:
    return ["".join(on if v else "." for v in row) for row in np.asarray(board)]


def _side_by_side(*blocks: tuple[str, list[str]]) -> list[str]:
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


def solution_text(s: Solution) -> str:
    """What ``lightsart solve`` prints (cells are ``(row, col)`` counted from 0)."""
    lines = [f"{s.width}x{s.height} board, goal: all lights {s.goal}, nullity {s.nullity}"]
    if s.solvable and s.clicks is not None:
        counted = ("" if s.minimal_solutions is None else
                   f"{s.minimal_solutions} minimal solution{'s' if s.minimal_solutions > 1 else ''}"
                   ", ")
        lines.append(f"solvable: yes, in {_plural(s.moves or 0, 'click')} "
                     f"({'proven minimal' if s.proven else 'fewest found, not proven'}); "
                     f"{counted}{_plural(s.solutions, 'solution')} in all")
        lines += _side_by_side(("board", _grid(s.board)), ("clicks", _grid(s.clicks, "X")))
        lines.append(f"clicks (row,col): {_cells(s.clicks)}")
        return "\n".join(lines)
    word = "lit" if s.goal == "off" else "unlit"
    names = ", ".join(str(k) for k in s.failed_patterns)
    lines.append(f"solvable: no: its {word} cells meet quiet pattern {names} in an odd number of "
                 f"cells, and no click changes that parity")
    patterns = algebra(s.height, s.width).quiet_patterns
    shown = [("board", _grid(s.board))]
    shown += [(f"quiet pattern {k}", _grid(patterns[k], "X")) for k in s.failed_patterns[:3]]
    lines += _side_by_side(*shown)
    if s.fixes is not None:
        lines.append(f"fewest lights to change to make it solvable: {s.fixes_count} "
                     f"({'proven' if s.fixes_proven else 'fewest found'}), e.g. "
                     f"{_cells(s.fixes)}")
    return "\n".join(lines)


def strategy_text(st: Strategy) -> str:
    """What ``lightsart solve --explain`` adds: every step with the board after it."""
    word = "lit" if st.goal == "off" else "unlit"
    lines = [f"The strategy (goal: all {st.goal}; cells are (row,col) from 0):",
             f"1. Chase the lights down: for each row from the top, click the cell below every "
             f"{word} cell. Only the bottom row is left."]
    previous = st.board
    for k, step in enumerate(st.steps, 1):
        lines.append(f"  step {k}. {step.title}: {' '.join(f'({r},{c})' for r, c in step.clicks)}")
        clicks = np.zeros_like(previous)
        for r, c in step.clicks:
            clicks[r, c] = 1
        lines += ["    " + row for row in _side_by_side(("before", _grid(previous)),
                                                        ("click", _grid(clicks, "X")),
                                                        ("after", _grid(step.board)))]
        previous = step.board
    bottom = "".join(map(str, st.bottom))
    if not st.solvable:
        lines.append(f"2. The bottom row reads {bottom}, which is not in the lookup table "
                     f"(lightsart table {st.table.width}x{st.table.height}): no presses clear it, "
                     f"so this board cannot be solved.")
        return "\n".join(lines)
    if st.top is None or not any(st.top):
        lines.append("2. The bottom row is already clear: no lookup needed.")
    else:
        lines.append(f"2. Look up the bottom row {bottom} in the table: press "
                     f"{''.join(map(str, st.top))} in the top row.")
        if st.board.shape[0] > 1:
            lines.append("3. Chase down again (the steps after the lookup above).")
    assert st.solution is not None and st.minimal is not None
    lines.append(f"4. Together that is {_plural(int(st.solution.sum()), 'click')} (a cell clicked twice is "
                 f"not clicked at all): {_cells(st.solution)}")
    d = algebra(*st.board.shape).nullity
    if d == 0:
        lines.append("5. This board size has no quiet patterns: that is the only solution.")
        return "\n".join(lines)
    patterns = algebra(*st.board.shape).quiet_patterns
    lines.append(f"5. Quiet patterns (\"null templates\": clicking one changes nothing) give the "
                 f"other {2 ** d - 1} solutions; adding them to the clicks:")
    if d <= 4:
        lines += ["    " + row for row in _side_by_side(
            *((f"pattern {k}", _grid(patterns[k], "X")) for k in range(d)))]
    if st.weights is not None:
        for choice, w in enumerate(st.weights):
            used = [str(k) for k in range(d) if (choice >> k) & 1]
            lines.append(f"    {'with pattern(s) ' + ','.join(used) if used else 'as found'}: "
                         f"{w} clicks")
    if st.added is None:
        lines.append(f"   Fewest found by searching combinations (not proven): "
                     f"{_plural(int(st.minimal.sum()), 'click')}")
    else:
        added = ",".join(map(str, st.added)) if st.added else "none"
        lines.append(f"   Minimal: add pattern(s) {added}: "
                     f"{_plural(int(st.minimal.sum()), 'click')}")
    lines += ["    " + row for row in _grid(st.minimal, "X")]
    return "\n".join(lines)


def table_text(t: LookupTable) -> str:
    """What ``lightsart table WxH`` prints."""
    def row(bits: tuple[int, ...]) -> str:
        return "".join("#" if b else "." for b in bits)

    lines = [f"{t.width}x{t.height} lookup table: chase the lights down; the bottom row then "
             f"shows one of {2 ** t.rank} patterns. Press the top-row cells listed for it and "
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
        for (b, p), col in zip(t.rows, t.pivots, strict=True):
            lines.append(f"{row(b)}   {row(p)}")
            lines.append(" " * col + "^")
    return "\n".join(lines)


def path_text(p: ClickPath) -> str:
    """What ``lightsart path`` prints: the state (hex, bit i*n+j = cell (i,j) lit) per click."""
    lines = [f"{p.width}x{p.height}, goal all {p.goal}: {len(p.steps)} clicks "
             f"({'proven minimal' if p.proven else 'fewest found'})",
             f"start        {p.start:#x}"]
    for k, ((r, c), state) in enumerate(p.steps, 1):
        lines.append(f"{k:>3}. ({r},{c})  {state:#x}")
    return "\n".join(lines)
