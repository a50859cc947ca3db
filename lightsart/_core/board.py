"""Boards and click sets: the integer state encoding, board text, and boards reached by clicks.

A board is an ``(m, n)`` ``uint8`` array of 0/1 with 1 = lit = white. A click set has the same
shape; clicking a cell toggles it and its four orthogonal neighbours (cut at the edges). The
press operator ``A`` maps a click set to the cells it toggles; since clicks commute and undo
themselves, ``A`` is linear over GF(2) and the board reached from all-lit by ``x`` is ``1 ^ A x``.
"""

from __future__ import annotations

import re

import numpy as np

from lightsart import _checks as checks
from lightsart._checks import is_whole
from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import PUZZLE_MAX_CELLS, STATES_MAX, check_board
from lightsart._public import public
from lightsart._rules import Rules, press
from lightsart._types import Board

__all__ = [
    "DIGITS",
    "LIT_CHARS",
    "UNLIT_CHARS",
    "all_lit",
    "apply_clicks",
    "as_board",
    "board_from_clicks",
    "click_list",
    "format_board",
    "from_state",
    "parse_board",
    "to_state",
]

#: A cell's level in board text with more than two states (``0 .. states-1``, one digit each).
DIGITS = "0123456789abcdef"
#: Characters read as a lit cell, and as an unlit cell, in board text.
LIT_CHARS = "1#Xx*@"
UNLIT_CHARS = "0.Oo-_"


def as_board(array: object, name: str = "board") -> Board:
    """Return ``array`` as a 2-D ``uint8`` 0/1 board, refusing anything else
    (:func:`lightsart._checks.board`: the wrong type, shape, values or a board beyond the limits)."""
    board: Board = checks.board(array, name)
    return board


@public
def apply_clicks(board: Board, clicks: Board) -> Board:
    """The board after clicking every cell of ``clicks`` once (in any order): ``board ^ A x``.

    Parameters
    ----------
    board : numpy.ndarray
        The board before, 0/1 of shape ``(m, n)``.
    clicks : numpy.ndarray
        The cells clicked, 0/1 of the same shape.

    Returns
    -------
    numpy.ndarray
        The board after, ``uint8``.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import apply_clicks
    >>> corner = np.zeros((3, 3), np.uint8); corner[0, 0] = 1
    >>> apply_clicks(np.ones((3, 3), np.uint8), corner).sum()  # three lights go out
    np.uint64(6)
    """
    before, x = as_board(board), as_board(clicks, "clicks")
    if before.shape != x.shape:
        raise InvalidValue(f"board is {before.shape[1]}x{before.shape[0]} but clicks are "
                             f"{x.shape[1]}x{x.shape[0]}")
    return before ^ press(x)


def all_lit(m: int, n: int) -> Board:
    """The all-lit ``m`` × ``n`` board every picture starts from."""
    return np.ones((m, n), dtype=np.uint8)


@public
def board_from_clicks(clicks: object, rules: Rules | None = None) -> Board:
    """The board reached by ``clicks`` from the all-lit board (with more states, the
    all-brightest): ``(k-1) + A x`` mod ``k``, that is ``1 ^ A x`` with two states.

    Parameters
    ----------
    clicks : numpy.ndarray
        The click set, as for :func:`press`.
    rules : lightsart.Rules or None, optional
        The rules of the game (``None``: the classic game of the board's size).

    Returns
    -------
    numpy.ndarray
        The board, ``uint8`` (two states: 0/1, 1 = lit).

    Examples
    --------
    >>> from lightsart import Rules, board_from_clicks, format_board
    >>> print(format_board(board_from_clicks([[1, 0], [0, 0]])))
    00
    01
    >>> board_from_clicks([[1, 0], [0, 1]], Rules(2, 2, states=3)).tolist()
    [[0, 1], [1, 0]]
    """
    states = 2 if rules is None else rules.states
    # (states - 1) + A x mod states, in uint8: both terms are below 16, so the sum cannot wrap.
    return (press(clicks, rules) + np.uint8(states - 1)) % np.uint8(states)


def click_list(clicks: Board) -> list[tuple[int, int]]:
    """The clicked cells as ``(row, col)`` pairs in row-major order."""
    rows, cols = np.nonzero(np.asarray(clicks))
    return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]


def _states(states: object) -> int:
    if not (is_whole(states) and 2 <= int(states) <= STATES_MAX):  # type: ignore[call-overload]
        raise InvalidValue(f"states per cell must be a whole number from 2 to {STATES_MAX}, "
                           f"got {states!r}")
    return int(states)  # type: ignore[call-overload]


@public
def to_state(board: Board, states: int = 2) -> int:
    """Integer state: row-major, bit ``i*n + j`` is cell ``(i, j)``, set = lit; with more
    states, base-``states`` digit ``i*n + j`` is cell ``(i, j)``'s level.

    Parameters
    ----------
    board : numpy.ndarray
        A 0/1 board of shape ``(m, n)`` (levels ``0 .. states-1`` with more states).
    states : int, optional
        States per cell (2: lit or unlit).

    Returns
    -------
    int
        The state, as other Lights Out tools number boards.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import to_state
    >>> hex(to_state(np.ones((5, 5), np.uint8)))
    '0x1ffffff'
    >>> to_state([[1, 2]], states=3), to_state([[3, 1]], states=4)
    (7, 7)
    """
    k = _states(states)
    flat = (as_board(board) if k == 2 else np.asarray(board, dtype=np.uint8)).reshape(-1)
    bits = k.bit_length() - 1
    if k == 1 << bits:  # a digit of a power of two is `bits` bits: packed, in linear time
        # One-bit digits are their own bits (the two-state board as it is: no copy to make).
        planes = flat if bits == 1 else (flat[:, None] >> np.arange(bits, dtype=np.uint8)) & 1
        return int.from_bytes(np.packbits(planes.reshape(-1), bitorder="little").tobytes(), "little")
    value = 0
    for level in reversed(flat.tolist()):
        value = value * k + int(level)
    return value


@public
def from_state(state: int, m: int, n: int, states: int = 2) -> Board:
    """The ``m`` × ``n`` board of an integer state (inverse of :func:`to_state`).

    Parameters
    ----------
    state : int
        The state: bit ``i*n + j`` is cell ``(i, j)`` (with more states, base-``states`` digit).
    m, n : int
        Rows and columns.
    states : int, optional
        States per cell (2: lit or unlit).

    Returns
    -------
    numpy.ndarray
        The board, ``uint8`` 0/1 of shape ``(m, n)``.

    Examples
    --------
    >>> from lightsart import format_board, from_state
    >>> print(format_board(from_state(0b100001, 2, 3)))
    100
    001
    """
    if not (is_whole(state) and is_whole(m) and is_whole(n)):
        raise InvalidType(f"a state and its board's sides are whole numbers, got {state!r}, "
                          f"{m!r}, {n!r}")
    state, m, n = int(state), int(m), int(n)
    check_board(n, m)  # before allocating: a 10**6 x 10**6 board was a MemoryError
    cells = m * n
    k = _states(states)
    if k != 2:
        if state < 0:
            raise InvalidValue(f"state must not be negative, got {state}")
        if state >= k**cells:
            raise InvalidValue(f"state is too large for a {n}x{m} board with {k} states")
        flat = []
        for _ in range(cells):
            state, level = divmod(state, k)
            flat.append(level)
        return np.array(flat, dtype=np.uint8).reshape(m, n)
    if state < 0 or state.bit_length() > cells:
        # Never echo a huge number back: name it by its bits when it is long.
        shown = f"{state:#x}" if state.bit_length() <= 128 else f"of {state.bit_length()} bits"
        raise InvalidValue(
            f"state {shown} does not fit a {n}x{m} board (it has {cells} cells, one bit each)"
        )
    raw = np.frombuffer(state.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:cells].reshape(m, n).copy()


@public
def parse_board(text: str, states: int = 2) -> Board:
    """Read a board from text: rows separated by ``/``, ``;`` or newlines.

    Lit cells are any of ``1 # X x * @``; unlit cells any of ``0 . O o - _``. Spaces inside a
    row are ignored, so ``"1 0 1"`` and ``"101"`` are the same row. Blank lines are skipped.
    With more states a cell is its level, one digit ``0-9``, ``a-f`` (rows by ``/`` or newlines).

    Parameters
    ----------
    text : str
        The rows, for example ``"010/111/010"`` (with 3 states ``"012/210"``).
    states : int, optional
        States per cell (2: lit or unlit).

    Returns
    -------
    numpy.ndarray
        The board, ``uint8`` 0/1.

    Examples
    --------
    >>> from lightsart import parse_board
    >>> parse_board("#.#/.#.").tolist()
    [[1, 0, 1], [0, 1, 0]]
    """
    checks.text(text, "board text")
    if _states(states) != 2:
        return _parse_levels(text, int(states))
    rows = [re.sub(r"[ \t,]", "", row) for row in re.split(r"[/;\r\n]+", text)]
    rows = [row for row in rows if row]
    if not rows:
        raise InvalidValue("board text is empty")
    width = len(rows[0])
    check_board(width, len(rows), most_cells=PUZZLE_MAX_CELLS)
    lit, unlit = set(LIT_CHARS), set(UNLIT_CHARS)
    out = np.zeros((len(rows), width), dtype=np.uint8)
    for i, row in enumerate(rows):
        if len(row) != width:
            raise InvalidValue(
                f"board rows differ in length: row 1 has {width} cells, row {i + 1} has {len(row)}"
            )
        for j, ch in enumerate(row):
            if ch in lit:
                out[i, j] = 1
            elif ch not in unlit:
                raise InvalidValue(
                    f"unexpected character {ch!r} in board row {i + 1}: "
                    f"use {LIT_CHARS!r} for lit and {UNLIT_CHARS!r} for unlit cells"
                )
    return out


def _parse_levels(text: str, states: int) -> Board:
    """Rows of level digits (``0-9``, ``a-f``), separated by ``/`` or new lines, as a board."""
    rows = [r.strip() for r in text.replace("/", "\n").splitlines() if r.strip()]
    if not rows:
        raise InvalidValue("the board has no rows")
    if any(len(r) != len(rows[0]) for r in rows):
        raise InvalidValue("board rows must all have the same length")
    allowed = DIGITS[:states]
    bad = sorted({ch for r in rows for ch in r.lower() if ch not in allowed})
    if bad:
        raise InvalidValue(f"with {states} states a cell is one of {allowed!r}; got {''.join(bad)!r}")
    check_board(len(rows[0]), len(rows), most_cells=PUZZLE_MAX_CELLS)
    return np.array([[DIGITS.index(ch) for ch in r.lower()] for r in rows], dtype=np.uint8)


@public
def format_board(board: Board, on: str = "1", off: str = "0", sep: str = "\n") -> str:
    """Board text, one row per line (or joined by ``sep``), the inverse of :func:`parse_board`.

    Parameters
    ----------
    board : numpy.ndarray
        A 0/1 board.
    on, off : str, optional
        The characters of a lit and an unlit cell.
    sep : str, optional
        What joins the rows.

    Returns
    -------
    str
        The text.

    Examples
    --------
    >>> from lightsart import format_board
    >>> format_board([[1, 0], [0, 1]], on="#", off=".", sep="/")
    '#./.#'
    """
    a = as_board(board)
    for text, field in ((on, "on"), (off, "off"), (sep, "sep")):
        checks.text(text, field)
    return sep.join("".join(on if v else off for v in row) for row in a)
