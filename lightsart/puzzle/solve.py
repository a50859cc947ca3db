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

**Other rules** (:class:`~lightsart.rules.Rules`: pattern, topology). Everything above holds with
``A`` the rules' press operator, except that for a pattern that is not symmetric the checks a
board must pass are the kernel of ``Aᵀ`` (the quiet patterns of the pattern turned 180°), not the
quiet patterns themselves (:mod:`lightsart.puzzle.game`). Light chasing with a lookup table is the
classic game's strategy; under other rules :func:`explain` gives the algebraic solution and its
quiet patterns instead. Text for people is in :mod:`lightsart.puzzle.text`.
"""

from __future__ import annotations

import errno
import re
import stat
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lightsart import boardsize, limits
from lightsart.choices import Goal
from lightsart.core.board import apply_clicks, as_board, click_list, from_state, parse_board, to_state
from lightsart.core.decode import decode
from lightsart.core.gf2 import chase
from lightsart.errors import LightsartError
from lightsart.puzzle.game import COUNT_NULLITY, game, lightest, rules_for
from lightsart.puzzle.table import LookupTable, lookup_table
from lightsart.puzzle.text import grid as _grid
from lightsart.results import ClickSearch
from lightsart.rules import Rules, press, require_two_states
from lightsart.types import Board
from lightsart.vocabulary import speak

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
    "read_board",
    "solve_puzzle",
    "wrong_cells",
]

Cell = tuple[int, int]

#: Largest board-text file read (bytes): a 2000 × 2000 board is about 4 MB.
_MAX_FILE = 16 << 20


def parse_size(text: str) -> boardsize.Shape:
    """``WxH`` (columns × rows) as ``Shape(width, height)``, within the puzzle tools' bounds
    (the one parser is :func:`lightsart.boardsize.parse_size`)."""
    shape = boardsize.parse_shape(text)
    limits.check_board(shape.width, shape.height, most_cells=limits.PUZZLE_MAX_CELLS)
    return shape


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
        board_size = parse_size(size)
        return from_state(parse_state(state), board_size.height, board_size.width)
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
    """Everything ``lightsart solve`` reports about one board under ``rules``.

    ``clicks`` is one minimal click set (None when unsolvable); ``minimal_solutions`` is exact
    for nullity up to :data:`COUNT_NULLITY` (else None). For an unsolvable board,
    ``failed_patterns`` lists the checks (kernel of ``Aᵀ``; the quiet patterns when the pattern is
    symmetric) it fails, ``failed_boards`` the first three of them, and ``fixes`` one smallest set
    of lights to toggle to make it solvable.
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
    rules: Rules
    failed_boards: tuple[Board, ...] = ()
    #: The fewest clicks' certificate: no solution has fewer than ``lower_bound`` clicks (None
    #: when unsolvable), the search's work, and whether the clock stopped it (``--time-limit``).
    lower_bound: int | None = None
    search: ClickSearch | None = None
    cut_short: bool = False

    @property
    def height(self) -> int:
        return int(self.board.shape[0])

    @property
    def width(self) -> int:
        return int(self.board.shape[1])

    def to_dict(self) -> dict[str, object]:
        """The object printed by ``lightsart solve --json`` (keys: :mod:`lightsart.vocabulary`)."""
        data: dict[str, object] = {
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
            "rules": self.rules.to_dict(),
        }
        return speak(
            data, click_grid=None if self.clicks is None else self.clicks.tolist(),
            click_count=self.moves, kernel_size=1 << self.nullity,
            fewest_cells_to_change=self.fixes_count, fewest_cells_proven=self.fixes_proven,
            cells_to_change=data["lights_to_change"],
            changed_board=None if self.fixes is None else (self.board ^ self.fixes).tolist(),
            **_certificate(self.lower_bound, self.search, self.cut_short))


def _certificate(lower_bound: int | None, search: ClickSearch | None, cut_short: bool
                 ) -> dict[str, object]:
    """The fewest clicks' lower bound, the work of the search and the clock's cut (``--json``)."""
    return {"click_count_lower_bound": lower_bound, "cut_short": cut_short,
            "click_search": None if search is None else search.to_dict()}


def solve_puzzle(board: Board, goal: Goal = "off", rules: Rules | None = None, *,
                 seconds: float = 2.0) -> Solution:
    """Solve ``board`` for ``goal`` under ``rules`` (default: the classic game of its size).

    Returns one minimal click set and the counts, or the checks it fails and the fewest lights
    to change first. ``seconds``: the fewest clicks' search budget (``--time-limit``).
    """
    b = as_board(board)
    rules = rules_for(b, rules)
    change = wrong_cells(b, goal)
    g = game(rules)
    x = g.solve(change)
    if x is not None:
        best = lightest(x, g, seconds)
        if not np.array_equal(g.apply(b, best.clicks), b ^ change):  # pragma: no cover
            raise AssertionError("the click set does not solve the board")
        return Solution(b, goal, g.nullity, True, best.clicks, int(best.clicks.sum()),
                        best.proven, best.count, 1 << g.nullity, (), None, 0, True, rules,
                        lower_bound=best.lower_bound, search=best.search,
                        cut_short=best.cut_short)
    syndrome = g.syndrome(change)
    # Bosch's baseline (every error in the bottom row) is a classic chase; other rules go without.
    baseline = np.flatnonzero(chase(change)[1].ravel()) if rules.is_classic else None
    # Decoded on the game's own checks, not through the exact engine (fit_from): both find the
    # fewest lights, but the engine's checks and budget pick other lights among equal answers.
    fix = decode(g.columns(), syndrome, baseline=baseline)
    flat = np.zeros(b.size, dtype=np.uint8)
    flat[fix.errors] = 1
    fixes = flat.reshape(b.shape)
    if not g.is_solvable(change ^ fixes):  # pragma: no cover
        raise AssertionError("changing the suggested lights does not make the board solvable")
    failed = tuple(int(k) for k in np.flatnonzero(syndrome))
    return Solution(b, goal, g.nullity, False, None, None, True, 0, 0, failed, fixes,
                    int(fixes.sum()), fix.proven, rules,
                    tuple(g.checks[k] for k in failed[:3]))


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

    Light chasing is the classic game's strategy: under other rules ``chased`` is False, there
    are no steps and no ``table``, and ``solution`` is the algebra's click set (None when the
    board cannot be solved).
    """

    board: Board
    goal: Goal
    steps: tuple[Step, ...]
    solvable: bool
    bottom: tuple[int, ...]
    top: tuple[int, ...] | None
    table: LookupTable | None
    solution: Board | None
    minimal: Board | None
    added: tuple[int, ...] | None
    weights: tuple[int, ...] | None
    rules: Rules
    quiet_patterns: Board

    @property
    def chased(self) -> bool:
        """Whether the steps are light chasing (the classic rules) or the algebra alone."""
        return self.table is not None

    def to_dict(self) -> dict[str, object]:
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
            "light_chasing": self.chased,
        }


def _chase_steps(board: Board, goal: Goal, label: str) -> tuple[list[Step], Board]:
    steps = []
    for r in range(board.shape[0] - 1):
        wrong = np.flatnonzero(wrong_cells(board, goal)[r])
        if wrong.size == 0:
            continue
        clicks = np.zeros_like(board)
        clicks[r + 1, wrong] = 1
        board = apply_clicks(board, clicks)  # chasing is the classic game's strategy
        cells = tuple((r + 1, int(j)) for j in wrong)
        word = "lit" if goal == "off" else "unlit"
        steps.append(Step(f"{label}: row {r} has {wrong.size} {word} cell"
                          f"{'s' if wrong.size > 1 else ''}; click under them in row {r + 1}",
                          cells, board))
    return steps, board


def explain(board: Board, goal: Goal = "off", rules: Rules | None = None, *,
            seconds: float = 2.0) -> Strategy:
    """Light chasing, the lookup table, chasing again, then quiet patterns to the minimum.

    Under rules other than the classic ones there is no chase: the strategy is the algebra's
    click set and the quiet patterns that shorten it (see :class:`Strategy`).
    """
    b = as_board(board)
    m, n = b.shape
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # a board per step
    require_two_states(rules, "solve --explain")
    rules = rules_for(b, rules)
    g = game(rules)
    if not rules.is_classic:
        x = g.solve(wrong_cells(b, goal))
        if x is None:
            return Strategy(b, goal, (), False, (), None, None, None, None, (), None, rules,
                            g.quiet_patterns)
        return _shorten(b, goal, (), (), (), None, x, rules, seconds)
    table = lookup_table(m, n)
    steps, now = _chase_steps(b, goal, "chase")
    bottom = wrong_cells(now, goal)[-1]
    top = table.top_for(bottom)
    if top is None:
        return Strategy(b, goal, tuple(steps), False, tuple(int(v) for v in bottom), None, table,
                        None, None, (), None, rules, g.quiet_patterns)
    if top.any():
        presses = np.zeros_like(b)
        presses[0] = top
        now = now ^ press(presses, rules)
        cells = tuple((0, int(j)) for j in np.flatnonzero(top))
        steps.append(Step(f"bottom row reads {''.join(map(str, bottom))}: the table says press "
                          f"{''.join(map(str, top))} in the top row", cells, now))
        more, now = _chase_steps(now, goal, "chase again")
        steps += more
    solution = np.zeros_like(b)
    for step in steps:
        for r, c in step.clicks:
            solution[r, c] ^= 1
    if wrong_cells(now, goal).any() or not np.array_equal(g.apply(b, solution), now):
        raise AssertionError("the strategy did not reach the goal")  # pragma: no cover
    return _shorten(b, goal, tuple(steps), tuple(int(v) for v in bottom),
                    tuple(int(v) for v in top), table, solution, rules, seconds)


def _shorten(b: Board, goal: Goal, steps: tuple[Step, ...], bottom: tuple[int, ...],
             top: tuple[int, ...], table: LookupTable | None, solution: Board, rules: Rules,
             seconds: float = 2.0) -> Strategy:
    """The strategy's click set made minimal by adding quiet patterns."""
    g = game(rules)
    best = lightest(solution, g, seconds)
    added: tuple[int, ...] | None = None if g.nullity > COUNT_NULLITY else ()
    choice = best.choice
    if choice is not None and g.nullity:
        added = tuple(k for k in range(g.nullity) if (choice >> k) & 1)
    weights = best.weights
    return Strategy(b, goal, steps, True, bottom, top, table, solution, best.clicks, added,
                    None if weights is None or g.nullity > 6 else tuple(int(w) for w in weights),
                    rules, g.quiet_patterns)


@dataclass(frozen=True)
class ClickPath:
    """One minimal solution played click by click: ``(row, col)`` and the state after it."""

    width: int
    height: int
    goal: Goal
    start: int
    steps: tuple[tuple[Cell, int], ...]
    proven: bool
    rules: Rules
    #: The fewest clicks' certificate, as in :class:`Solution`.
    lower_bound: int | None = None
    search: ClickSearch | None = None
    cut_short: bool = False

    def to_dict(self) -> dict[str, object]:
        return {
            "width": self.width, "height": self.height, "goal": self.goal,
            "start": hex(self.start), "moves": len(self.steps), "proven_minimal": self.proven,
            "path": [{"click": list(c), "state": hex(s)} for c, s in self.steps],
            "rules": self.rules.to_dict(),
            "click_count": len(self.steps),  # the shared name of "moves" (lightsart.vocabulary)
            **_certificate(self.lower_bound, self.search, self.cut_short),
        }


def click_path(board: Board, goal: Goal = "off", rules: Rules | None = None, *,
               seconds: float = 2.0) -> ClickPath:
    """The clicks of one minimal solution in reading order, with the state after each."""
    require_two_states(rules, "path")
    m, n = as_board(board).shape
    limits.check_board(n, m, most_cells=limits.PATH_MAX_CELLS)  # every state is printed
    solution = solve_puzzle(board, goal, rules, seconds=seconds)
    if solution.clicks is None:
        failed = ", ".join(str(k) for k in solution.failed_patterns)
        kind = "quiet pattern" if solution.rules.pattern.symmetric else "check"
        raise LightsartError(
            f"this board cannot reach all {goal}: it fails {kind} {failed}; "
            f"change {solution.fixes_count} light(s) first (lightsart solve shows which)"
        )
    now = solution.board
    steps = []
    for r, c in click_list(solution.clicks):
        one = np.zeros_like(now)
        one[r, c] = 1
        now = now ^ press(one, solution.rules)
        steps.append(((r, c), to_state(now)))
    if wrong_cells(now, goal).any():  # pragma: no cover
        raise AssertionError("the path does not end at the goal")
    return ClickPath(solution.width, solution.height, goal, to_state(solution.board),
                     tuple(steps), solution.proven, solution.rules, solution.lower_bound,
                     solution.search, solution.cut_short)
