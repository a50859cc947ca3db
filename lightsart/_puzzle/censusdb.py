"""A lookup database of every solvable state: its optimal move count and one optimal next click.

The file is SQLite with a compact schema: nothing that can be derived is stored.

* Only solvable states are kept, and a solvable state needs no key: ``d`` *pivot* cells are
  fixed by the others (its syndrome is zero), so the remaining ``mn - d`` *free* cells, read as an
  integer, are its rank ``0 .. 2**(mn-d) - 1``. ``meta`` holds, for each pivot, the free cells
  whose parity it equals; this also answers whether any state is solvable.
* ``chunk`` row ``c`` holds ranks ``c·2**16 ...``: a zlib-compressed BLOB of two byte planes, the
  moves to go and the optimal next click (cell ``i*n + j``; 255 for the solved board).

Any :class:`~lightsart.Rules` (pattern, topology): the pivots come from the checks (the
kernel of ``Aᵀ``, which decides solvability), the cosets from the quiet patterns (the kernel of
``A``), and the path replays the rules' press masks. ``meta`` names the rules (``rules``: pattern
and topology; a file without it is the classic game), and a lookup that names other rules is
refused.

Two bytes per solvable state before compression: the 2**23 solvable 5×5 states take a few MB.
It is built by minimising each coset directly: rank → state → one click set (both linear, by
table lookup) → the lightest of its ``2**d`` members (:func:`numpy.bitwise_count`).
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import stat
import time
import urllib.parse
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lightsart._choices import TOPOLOGIES
from lightsart._core.board import from_state, to_state
from lightsart._errors import LightsartError, shown
from lightsart._limits import DB_MAX_CELLS, DB_MAX_STATES
from lightsart._output.staging import atomic_path
from lightsart._puzzle.census import Census, census
from lightsart._puzzle.game import game
from lightsart._rules import Pattern, Rules, parse_pattern, press_masks, require_two_states

__all__ = ["FORMAT", "DbAnswer", "DbWritten", "check_replaceable", "query_db",
           "write_db"]

FORMAT = "lightsart-census-1"
_CHUNK_BITS = 16
_SOLVED = 255


@dataclass(frozen=True)
class DbWritten:
    """A database written to ``path``: how many boards it holds and its size on disk."""

    path: Path
    width: int
    height: int
    boards: int
    bytes: int
    seconds: float


@dataclass(frozen=True)
class DbAnswer:
    """What the database says about one state: clicks to go and the optimal path it stores;
    each field is the ``--json`` key of the same name."""

    state: int
    width: int
    height: int
    solvable: bool
    click_count: int | None
    next_click: tuple[int, int] | None
    #: ``((row, col), state after the click)`` for every click down to the all-off board.
    path: tuple[tuple[tuple[int, int], int], ...]
    rules: Rules

    def to_dict(self) -> dict[str, object]:
        """What ``lightsart census --db FILE --state X --json`` prints."""
        return {
            "state": hex(self.state), "width": self.width, "height": self.height,
            "solvable": self.solvable, "click_count": self.click_count,
            "next_click": None if self.next_click is None else list(self.next_click),
            "path": [{"click": list(c), "state": hex(s)} for c, s in self.path],
            "rules": self.rules.to_dict(),
        }


@dataclass(frozen=True)
class _Layout:
    """Which cells are pivots, and the free cells each pivot's bit is the parity of."""

    m: int
    n: int
    pivots: tuple[int, ...]
    masks: tuple[int, ...]

    @property
    def free(self) -> tuple[int, ...]:
        taken = set(self.pivots)
        return tuple(c for c in range(self.m * self.n) if c not in taken)

    def rank(self, state: int) -> int | None:
        """The rank of a solvable state, or None when the state is not solvable."""
        for p, mask in zip(self.pivots, self.masks, strict=True):
            if (state >> p) & 1 != (state & mask).bit_count() & 1:
                return None
        out = 0
        for k, c in enumerate(self.free):
            out |= ((state >> c) & 1) << k
        return out

    def basis(self) -> list[int]:
        """The solvable state of each rank bit: its free cell plus the pivots that follow it."""
        out = []
        for c in self.free:
            state = 1 << c
            for p, mask in zip(self.pivots, self.masks, strict=True):
                if (mask >> c) & 1:
                    state |= 1 << p
            out.append(state)
        return out


def _layout(rules: Rules) -> _Layout:
    """Reduced echelon form of the checks (kernel of ``Aᵀ``), pivots from the last cell backwards."""
    m, n = rules.shape
    checks = game(rules).checks
    assert checks is not None  # two states: write_db refuses more
    rows = [to_state(q) for q in checks]
    pivots: list[int] = []
    for cell in range(m * n - 1, -1, -1):
        r = next((i for i in range(len(pivots), len(rows)) if (rows[i] >> cell) & 1), None)
        if r is None:
            continue
        k = len(pivots)
        rows[k], rows[r] = rows[r], rows[k]
        for i in range(len(rows)):
            if i != k and (rows[i] >> cell) & 1:
                rows[i] ^= rows[k]
        pivots.append(cell)
    # Row k is a check q with q·s = 0 for every solvable s: the pivot bit is the parity of
    # the state on the row's other cells (all free, by the reduced form).
    masks = [rows[k] & ~(1 << p) for k, p in enumerate(pivots)]
    return _Layout(m, n, tuple(pivots), tuple(masks))


def _span_table(masks: list[int]) -> NDArray[np.uint64]:
    """XOR of every subset of ``masks``: entry ``i`` combines the masks of the set bits of ``i``."""
    table = np.zeros(1, dtype=np.uint64)
    for mask in masks:
        table = np.concatenate([table, table ^ np.uint64(mask)])
    return table


def _linear(masks: list[int], ranks: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """The GF(2)-linear map sending rank bit ``k`` to ``masks[k]``, on many ranks at once."""
    half = len(masks) // 2
    low, high = _span_table(masks[:half]), _span_table(masks[half:])
    return low[ranks & np.uint64((1 << half) - 1)] ^ high[ranks >> np.uint64(half)]


#: The first bytes of every SQLite database file.
_SQLITE_HEADER = b"SQLite format 3\x00"


def check_replaceable(path: str | Path) -> None:
    """Refuse to write a database over a file that is not one: ``--db notes.txt`` or ``--db
    a.png`` would otherwise replace the user's file with ours. A missing or empty file, or an
    SQLite file (an earlier database), may be replaced; what it is named is checked elsewhere."""
    p = Path(path)
    try:
        info = os.stat(p)
    except FileNotFoundError:
        return
    except OSError:
        return  # the output checks name the problem (a folder missing, a loop) in their words
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return
    try:
        with open(p, "rb") as fh:
            head = fh.read(len(_SQLITE_HEADER))
    except OSError:
        return
    if head != _SQLITE_HEADER:
        raise LightsartError(f"cannot write {shown(p)}: it holds something else than a database "
                             "(lightsart replaces only SQLite files; choose another name)")


def _summary(c: Census) -> dict[str, object]:
    """The census as format 1 stores it: lightsart 0.2's keys (``states`` there counts the
    boards), so the file's bytes do not change with the ``--json`` vocabulary."""
    return {"width": c.width, "height": c.height, "states": c.boards, "solvable": c.solvable,
            "nullity": c.nullity, "distribution": list(c.distribution),
            "max_moves": c.max_click_count, "states_at_max": c.boards_at_max,
            "all_lit_moves": c.all_lit_click_count, "method": c.method,
            "seconds": round(c.seconds, 4), "rules": c.rules.to_dict()}


def write_db(m: int, n: int, path: str | Path, rules: Rules | None = None) -> DbWritten:
    """Write the database of every solvable state of the ``m`` × ``n`` board to ``path``.

    ``rules`` defaults to the classic game of that size.
    """
    start = time.perf_counter()
    cells = m * n
    require_two_states(rules, "census --db")
    rules = Rules.plus(m, n) if rules is None else rules
    if rules.shape != (m, n):
        raise LightsartError(f"database of {n}x{m} was given rules for {rules.width}x{rules.height}")
    alg = game(rules)
    boards = 1 << (cells - alg.nullity)
    if cells > DB_MAX_CELLS or boards > DB_MAX_STATES:
        raise LightsartError(
            f"a database of {n}x{m} would hold {boards} states over {cells} cells; "
            f"at most {DB_MAX_STATES} states and {DB_MAX_CELLS} cells"
        )
    layout = _layout(rules)
    basis = layout.basis()
    solutions = []
    for state in basis:
        x = alg.solve(from_state(state, m, n))
        if x is None:  # pragma: no cover - the basis is solvable by construction
            raise AssertionError("a database basis state is not solvable")
        solutions.append(to_state(x))
    quiet = _span_table([to_state(q) for q in alg.quiet_patterns])
    found = census(m, n, rules=rules)
    meta = {
        "format": FORMAT, "width": n, "height": m, "nullity": alg.nullity,
        "rules": {"pattern": rules.pattern.text, "topology": rules.topology},
        "pivots": list(layout.pivots), "masks": [hex(v) for v in layout.masks],
        "chunk_bits": _CHUNK_BITS, "census": _summary(found),
    }
    chunk = 1 << _CHUNK_BITS
    # Built in memory and written as one file: SQLite never touches the disk itself, so a full
    # disk is an ordinary write error and nothing half-built is ever seen under the name.
    db = sqlite3.connect(":memory:")
    try:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("CREATE TABLE chunk (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
        db.executemany("INSERT INTO meta VALUES (?, ?)",
                       [(k, json.dumps(v)) for k, v in meta.items()])
        histogram = np.zeros(cells + 1, dtype=np.int64)
        for cid, first in enumerate(range(0, boards, chunk)):
            ranks = np.arange(first, min(first + chunk, boards), dtype=np.uint64)
            moves, clicks = _score(_linear(solutions, ranks), quiet)
            histogram += np.bincount(moves, minlength=cells + 1)
            blob = zlib.compress(moves.tobytes() + clicks.tobytes(), 6)
            db.execute("INSERT INTO chunk VALUES (?, ?)", (cid, blob))
        if histogram[: len(found.distribution)].tolist() != list(found.distribution):
            raise AssertionError("database disagrees with the census")  # pragma: no cover
        db.commit()
        image = db.serialize()
    finally:
        db.close()
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        fh.write(image)
    size = len(image)
    return DbWritten(Path(path), n, m, boards, size, time.perf_counter() - start)


def _score(x0: NDArray[np.uint64], quiet: NDArray[np.uint64]
           ) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Fewest clicks over each coset ``x0 ^ quiet``, and the lowest cell of one lightest member."""
    best = x0.copy()
    weight = np.bitwise_count(best)
    for q in quiet[1:]:
        other = x0 ^ q
        w = np.bitwise_count(other)
        better = w < weight
        best[better] = other[better]
        weight[better] = w[better]
    lowest = best & (~best + np.uint64(1))
    cell = np.bitwise_count(lowest - np.uint64(1)).astype(np.uint8)
    cell[best == 0] = _SOLVED
    return weight.astype(np.uint8), cell


class _Damaged(LightsartError):
    """The file claims to be a census database but its content does not hold together."""


class _NotCensus(LightsartError):
    """An SQLite file of some other kind."""


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _Damaged(f"{what} must be a whole number from {low} to {high}")
    return value


def _read_rules(value: object, m: int, n: int) -> Rules:
    """The header's rules (absent: the classic game), checked as untrusted input."""
    if value is None:
        return Rules.plus(m, n)
    if not isinstance(value, dict) or set(value) != {"pattern", "topology"}:
        raise _Damaged("rules must name a pattern and a topology")
    pattern, topology = value["pattern"], value["topology"]
    if not isinstance(pattern, str) or len(pattern) > 100 or topology not in TOPOLOGIES:
        raise _Damaged("rules must name a pattern and a topology")
    try:
        return Rules(m, n, parse_pattern(pattern), topology)
    except LightsartError as exc:
        raise _Damaged(f"bad rules: {exc}") from None


def _read_meta(db: sqlite3.Connection) -> tuple[_Layout, int, Rules]:
    """The header, checked as untrusted input: the board, rules, pivots, masks and chunk size."""
    meta: dict[str, object] = {}
    for key, value in db.execute("SELECT key, value FROM meta LIMIT 64"):
        if not isinstance(key, str) or not isinstance(value, str) or len(value) > 1 << 20:
            raise _Damaged("bad header row")
        try:
            meta[key] = json.loads(value)
        except ValueError:
            raise _Damaged(f"header {key!r} is not JSON") from None
    if meta.get("format") != FORMAT:
        raise _NotCensus
    missing = {"width", "height", "pivots", "masks", "chunk_bits"} - meta.keys()
    if missing:
        raise _Damaged(f"header lacks {', '.join(sorted(missing))}")
    n = _int(meta["width"], "width", 1, DB_MAX_CELLS)
    m = _int(meta["height"], "height", 1, DB_MAX_CELLS)
    cells = _int(m * n, "width x height", 1, DB_MAX_CELLS)
    bits = _int(meta["chunk_bits"], "chunk_bits", 1, 24)
    pivots, masks = meta["pivots"], meta["masks"]
    if not isinstance(pivots, list) or not isinstance(masks, list) or len(pivots) != len(masks):
        raise _Damaged("pivots and masks must be two lists of one length")
    pivot_list = [_int(p, "a pivot", 0, cells - 1) for p in pivots]
    if len(set(pivot_list)) != len(pivot_list):
        raise _Damaged("a pivot is repeated")
    pivot_bits = sum(1 << p for p in pivot_list)
    mask_list = []
    for v in masks:
        try:
            mask = int(v, 16) if isinstance(v, str) and len(v) <= 12 else -1
        except ValueError:
            mask = -1
        if not 0 <= mask < 1 << cells or mask & pivot_bits:
            raise _Damaged("a mask is not a set of free cells")
        mask_list.append(mask)
    rules = _read_rules(meta.get("rules"), m, n)
    return _Layout(m, n, tuple(pivot_list), tuple(mask_list)), bits, rules


def query_db(path: str | Path, state: int, *, pattern: Pattern | None = None,
             topology: str | None = None) -> DbAnswer:
    """Look a state up: moves to go, one optimal next click, and the whole path, from the file.

    The file is untrusted input: every header value, chunk and step is checked, and anything
    wrong is one :class:`LightsartError` saying the database is damaged. A ``pattern`` or
    ``topology`` given must be the file's (a database answers only for the rules it was built for).
    """
    source = Path(path)
    try:
        info = source.stat()
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            raise LightsartError(f"no census database at {source}") from None
        reason = "a loop of symbolic links" if exc.errno == errno.ELOOP else exc.strerror
        raise LightsartError(f"cannot read {source}: {reason}") from None
    if not stat.S_ISREG(info.st_mode):
        raise LightsartError(f"cannot read {source}: it is not a file")
    if not os.access(source, os.R_OK):  # SQLite would say only "unable to open database file"
        raise LightsartError(f"cannot read {source}: {os.strerror(errno.EACCES)}")
    # A URI, so that mode=ro never creates a file; quoted, so '%', '?' and '#' stay in the name.
    uri = f"file:{urllib.parse.quote(os.path.abspath(source))}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True)
        try:
            return _query(db, state, pattern, topology, source)
        finally:
            db.close()
    except _Damaged as exc:
        raise LightsartError(f"{source} is damaged ({exc}); write it again with "
                             "lightsart census WxH --db FILE") from None
    except _NotCensus:
        raise LightsartError(f"{source} is not a lightsart census database") from None
    except sqlite3.Error as exc:
        raise LightsartError(f"cannot read {source}: {exc}") from None


def _query(db: sqlite3.Connection, state: int, pattern: Pattern | None, topology: str | None,
           source: Path) -> DbAnswer:
    layout, bits, rules = _read_meta(db)
    m, n = layout.m, layout.n
    if (pattern is not None and pattern != rules.pattern) or (
            topology is not None and topology != rules.topology):
        asked = Rules(m, n, pattern or rules.pattern, rules.topology if topology is None
                      else topology)  # type: ignore[arg-type]
        raise LightsartError(
            f"{source} holds pattern {rules.pattern.name} on the {rules.topology}, not pattern "
            f"{asked.pattern.name} on the {asked.topology}")
    cells = m * n
    from_state(state, m, n)  # refuses a state wider than the board
    states = 1 << (cells - len(layout.pivots))
    chunks: dict[int, bytes] = {}

    def lookup(s: int) -> tuple[int, int]:
        rank = layout.rank(s)
        if rank is None:
            raise _Damaged(f"its path leaves the solvable states at {s:#x}")
        cid, offset = rank >> bits, rank & ((1 << bits) - 1)
        if cid not in chunks:
            row = db.execute("SELECT data FROM chunk WHERE id = ?", (cid,)).fetchone()
            if row is None or not isinstance(row[0], bytes):
                raise _Damaged(f"chunk {cid} is missing")
            want = 2 * min(1 << bits, states - (cid << bits))
            try:
                data = zlib.decompressobj().decompress(row[0], want + 1)
            except zlib.error:
                raise _Damaged(f"chunk {cid} is not zlib data") from None
            if len(data) != want:
                raise _Damaged(f"chunk {cid} holds {len(data)} bytes, not {want}")
            chunks[cid] = data
        data = chunks[cid]
        moves, click = data[offset], data[len(data) // 2 + offset]
        if moves > cells or (moves and click >= cells):
            raise _Damaged(f"bad entry for state {s:#x}")
        return moves, click

    if layout.rank(state) is None:
        return DbAnswer(state, n, m, False, None, None, (), rules)
    moves, click = lookup(state)
    press = press_masks(rules)
    steps: list[tuple[tuple[int, int], int]] = []
    s, left, c = state, moves, click
    while left:
        s ^= press[c]
        steps.append(((c // n, c % n), s))
        now, c = lookup(s)
        if now != left - 1:
            raise _Damaged(f"inconsistent at state {s:#x}")
        left = now
    first = steps[0][0] if steps else None
    return DbAnswer(state, n, m, True, moves, first, tuple(steps), rules)
