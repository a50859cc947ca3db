"""Boards for the puzzle tools: rows text, text files and state integers, at any number of states.

Boards are written as rows (``1#X`` / ``0.O`` with two states, level digits ``0-9`` then ``a-f``
with more), separated by ``/`` or new lines; as an integer, cell ``(i, j)`` is the base-``k``
digit ``i*n + j`` (with two states bit ``i*n + j``). Sizes are ``WxH``.
"""

from __future__ import annotations

import errno
import functools
import re
from pathlib import Path

from lightsart import _boardsize as boardsize
from lightsart import _limits as limits
from lightsart._core.board import from_state, parse_board
from lightsart._errors import LightsartError
from lightsart._inputs import not_a_file
from lightsart._results import vocabulary
from lightsart._types import Board

__all__ = ["parse_size", "parse_state", "read_board"]

#: Largest board-text file read (bytes): a 2000 × 2000 board is about 4 MB.
_MAX_FILE = 16 << 20


def parse_size(text: str) -> boardsize.Shape:
    """``WxH`` (columns × rows) as ``Shape(width, height)``, within the puzzle tools' bounds
    (the one parser is :func:`lightsart._boardsize.parse_size`)."""
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
    """A folder, a named pipe, a device or a symbolic-link loop is named as such, not read as
    rows of cells (nor opened: a pipe with no writer would block for good)."""
    try:
        info = path.stat()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LightsartError(f"cannot read {path}: a loop of symbolic links") from None
        return  # not a file: the text is rows
    kind = not_a_file(info.st_mode)
    if kind is not None:
        raise LightsartError(f"{path} is {kind}, not a board file")


def read_board(board: str | None = None, *, state: str | None = None,
               size: str | None = None, states: int = 2) -> Board:
    """A board from rows text, a text file, or ``state`` (an integer, e.g. ``0x1ffffff``) + ``size``.

    With two states rows text and files are read by :func:`lightsart.parse_board`
    (``1#X`` / ``0.O``), with more states as digits ``0 .. states-1`` (``states=`` of the same).
    """
    lights = not vocabulary(states).grey  # 0.2's two board texts: lights (and bits) or levels
    if state is not None:
        if board is not None:
            raise LightsartError("give a board or --state, not both")
        if size is None:
            raise LightsartError("--state needs --size WxH")
        shape = parse_size(size)
        value = parse_state(state)
        return from_state(value, shape.height, shape.width, states)
    if board is None:
        rows = "rows like 10101/01110/..." if lights else "rows of levels like 0123/3210"
        raise LightsartError(f"give a board ({rows}) or --state with --size")
    if size is not None:
        raise LightsartError("--size goes with --state; a board's rows give its size")
    parse = functools.partial(parse_board, states=states)
    path = Path(board)
    if board.strip():  # Path("") is the current folder: empty text is an empty board, not "."
        _check_board_file(path)
    if board.strip() and path.is_file():
        if path.stat().st_size > _MAX_FILE:
            raise LightsartError(f"{path} is larger than {_MAX_FILE >> 20} MB")
        try:
            return parse(path.read_text(encoding="utf-8-sig"))  # a BOM: boards saved by Notepad
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise LightsartError(f"cannot read board file {path}: {reason}") from None
    try:
        return parse(board)
    except LightsartError:
        # Words (a file name) are not board rows; malformed rows keep the parser's message.
        if lights and "\n" not in board and re.search(r"[A-Za-z]{2,}\.|\.[A-Za-z]{2,}$", board):
            raise LightsartError(f"no board file {board!r} (and it is not rows like 10101/01110)"
                                 ) from None
        raise
