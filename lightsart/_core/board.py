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
from lightsart._limits import PUZZLE_MAX_CELLS, check_board
from lightsart._public import public
from lightsart._rules import Rules, press
from lightsart._types import Board

__all__ = [
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
    toggled = press(clicks, rules)
    if rules is None or rules.is_binary:
        return toggled ^ np.uint8(1)
    k = rules.states
    return ((toggled.astype(np.int64) + (k - 1)) % k).astype(np.uint8)


def click_list(clicks: Board) -> list[tuple[int, int]]:
    """The clicked cells as ``(row, col)`` pairs in row-major order."""
    rows, cols = np.nonzero(np.asarray(clicks))
    return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]


@public
def to_state(board: Board) -> int:
    """Integer state: row-major, bit ``i*n + j`` is cell ``(i, j)``, set = lit.

    Parameters
    ----------
    board : numpy.ndarray
        A 0/1 board of shape ``(m, n)``.

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
    """
    flat = as_board(board).ravel()
    return int.from_bytes(np.packbits(flat, bitorder="little").tobytes(), "little")


@public
def from_state(state: int, m: int, n: int) -> Board:
    """The ``m`` × ``n`` board of an integer state (inverse of :func:`to_state`).

    Parameters
    ----------
    state : int
        The state: bit ``i*n + j`` is cell ``(i, j)``.
    m, n : int
        Rows and columns.

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
    if state < 0 or state.bit_length() > cells:
        # Never echo a huge number back: name it by its bits when it is long.
        shown = f"{state:#x}" if state.bit_length() <= 128 else f"of {state.bit_length()} bits"
        raise InvalidValue(
            f"state {shown} does not fit a {n}x{m} board (it has {cells} cells, one bit each)"
        )
    raw = np.frombuffer(state.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:cells].reshape(m, n).copy()


@public
def parse_board(text: str) -> Board:
    """Read a board from text: rows separated by ``/``, ``;`` or newlines.

    Lit cells are any of ``1 # X x * @``; unlit cells any of ``0 . O o - _``. Spaces inside a
    row are ignored, so ``"1 0 1"`` and ``"101"`` are the same row. Blank lines are skipped.

    Parameters
    ----------
    text : str
        The rows, for example ``"010/111/010"``.

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
