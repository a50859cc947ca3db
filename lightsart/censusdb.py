"""A lookup database of every solvable state: its optimal move count and one optimal next click.

The file is SQLite with a compact schema: nothing that can be derived is stored.

* Only solvable states are kept, and a solvable state needs no key: ``d`` *pivot* cells are
  fixed by the others (its syndrome is zero), so the remaining ``mn - d`` *free* cells, read as an
  integer, are its rank ``0 .. 2**(mn-d) - 1``. ``meta`` holds, for each pivot, the free cells
  whose parity it equals; this also answers whether any state is solvable.
* ``chunk`` row ``c`` holds ranks ``c·2**16 ...``: a zlib-compressed BLOB of two byte planes, the
  moves to go and the optimal next click (cell ``i*n + j``; 255 for the solved board).

Two bytes per solvable state before compression: the 2**23 solvable 5×5 states take a few MB.
It is built by minimising each coset directly: rank → state → one click set (both linear, by
table lookup) → the lightest of its ``2**d`` members (:func:`numpy.bitwise_count`).
"""

from __future__ import annotations

import json
import sqlite3
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lightsart._io import atomic_path
from lightsart.board import from_state, to_state
from lightsart.census import census
from lightsart.errors import LightsartError
from lightsart.gf2 import algebra

__all__ = ["FORMAT", "MAX_DB_CELLS", "MAX_DB_STATES", "DbAnswer", "DbWritten", "answer_json",
           "answer_text", "query_db", "write_db"]

FORMAT = "lightsart-census-1"
#: Largest number of solvable states a database may hold (2 bytes each in memory per chunk).
MAX_DB_STATES = 1 << 26
#: Largest board (cells) a database is built for: every click set is scored once.
MAX_DB_CELLS = 32
_CHUNK_BITS = 16
_SOLVED = 255


@dataclass(frozen=True)
class DbWritten:
    """A database written to ``path``: how many states it holds and its size on disk."""

    path: Path
    width: int
    height: int
    states: int
    bytes: int
    seconds: float


@dataclass(frozen=True)
class DbAnswer:
    """What the database says about one state: moves to go and the optimal path it stores."""

    state: int
    width: int
    height: int
    solvable: bool
    moves: int | None
    next_click: tuple[int, int] | None
    #: ``((row, col), state after the click)`` for every click down to the all-off board.
    path: tuple[tuple[tuple[int, int], int], ...]


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


def _layout(m: int, n: int) -> _Layout:
    """Reduced echelon form of the quiet patterns, pivots taken from the last cell backwards."""
    alg = algebra(m, n)
    rows = [to_state(q) for q in alg.quiet_patterns]
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
    # Row k is a quiet pattern q with q·s = 0 for every solvable s: the pivot bit is the parity of
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


def _press_masks(m: int, n: int) -> list[int]:
    out = []
    for i in range(m):
        for j in range(n):
            mask = 0
            for r, c in ((i, j), (i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
                if 0 <= r < m and 0 <= c < n:
                    mask |= 1 << (r * n + c)
            out.append(mask)
    return out


def write_db(m: int, n: int, path: str | Path) -> DbWritten:
    """Write the database of every solvable state of the ``m`` × ``n`` board to ``path``."""
    start = time.perf_counter()
    cells = m * n
    alg = algebra(m, n)
    states = 1 << (cells - alg.nullity)
    if cells > MAX_DB_CELLS or states > MAX_DB_STATES:
        raise LightsartError(
            f"a database of {n}x{m} would hold {states} states over {cells} cells; "
            f"at most {MAX_DB_STATES} states and {MAX_DB_CELLS} cells"
        )
    layout = _layout(m, n)
    basis = layout.basis()
    solutions = []
    for state in basis:
        x = alg.solve(from_state(state, m, n))
        if x is None:  # pragma: no cover - the basis is solvable by construction
            raise AssertionError("a database basis state is not solvable")
        solutions.append(to_state(x))
    quiet = _span_table([to_state(q) for q in alg.quiet_patterns])
    summary = census(m, n).to_json()
    meta = {
        "format": FORMAT, "width": n, "height": m, "nullity": alg.nullity,
        "pivots": list(layout.pivots), "masks": [hex(v) for v in layout.masks],
        "chunk_bits": _CHUNK_BITS, "census": summary,
    }
    chunk = 1 << _CHUNK_BITS
    with atomic_path(path) as tmp:
        db = sqlite3.connect(tmp)
        try:
            db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("CREATE TABLE chunk (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
            db.executemany("INSERT INTO meta VALUES (?, ?)",
                           [(k, json.dumps(v)) for k, v in meta.items()])
            histogram = np.zeros(cells + 1, dtype=np.int64)
            for cid, first in enumerate(range(0, states, chunk)):
                ranks = np.arange(first, min(first + chunk, states), dtype=np.uint64)
                moves, clicks = _score(_linear(solutions, ranks), quiet)
                histogram += np.bincount(moves, minlength=cells + 1)
                blob = zlib.compress(moves.tobytes() + clicks.tobytes(), 6)
                db.execute("INSERT INTO chunk VALUES (?, ?)", (cid, blob))
            if histogram[: len(summary["distribution"])].tolist() != summary["distribution"]:
                raise AssertionError("database disagrees with the census")  # pragma: no cover
            db.commit()
        finally:
            db.close()
    size = Path(path).stat().st_size
    return DbWritten(Path(path), n, m, states, size, time.perf_counter() - start)


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


def query_db(path: str | Path, state: int) -> DbAnswer:
    """Look a state up: moves to go, one optimal next click, and the whole path, from the file."""
    source = Path(path)
    if not source.is_file():
        raise LightsartError(f"no census database at {source}")
    try:
        db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            meta = {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM meta")}
            if meta.get("format") != FORMAT:
                raise LightsartError(f"{source} is not a lightsart census database")
            m, n = int(meta["height"]), int(meta["width"])
            from_state(state, m, n)  # refuses a state wider than the board
            layout = _Layout(m, n, tuple(meta["pivots"]), tuple(int(v, 16) for v in meta["masks"]))
            bits = int(meta["chunk_bits"])
            chunks: dict[int, bytes] = {}

            def lookup(s: int) -> tuple[int, int]:
                rank = layout.rank(s)
                assert rank is not None
                cid, offset = rank >> bits, rank & ((1 << bits) - 1)
                if cid not in chunks:
                    row = db.execute("SELECT data FROM chunk WHERE id = ?", (cid,)).fetchone()
                    if row is None:
                        raise LightsartError(f"{source} is missing chunk {cid}")
                    chunks[cid] = zlib.decompress(row[0])
                data = chunks[cid]
                half = len(data) // 2
                return data[offset], data[half + offset]

            if layout.rank(state) is None:
                return DbAnswer(state, n, m, False, None, None, ())
            moves, click = lookup(state)
            press = _press_masks(m, n)
            steps: list[tuple[tuple[int, int], int]] = []
            s, left, c = state, moves, click
            while left:
                s ^= press[c]
                steps.append(((c // n, c % n), s))
                now, c = lookup(s)
                if now != left - 1:
                    raise LightsartError(f"{source} is inconsistent at state {s:#x}")
                left = now
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise LightsartError(f"cannot read {source}: {exc}") from None
    first = steps[0][0] if steps else None
    return DbAnswer(state, n, m, True, moves, first, tuple(steps))


def answer_text(a: DbAnswer) -> str:
    """What ``lightsart census --db FILE --state X`` prints."""
    head = f"state {a.state:#x} on {a.width}x{a.height}"
    if not a.solvable:
        return f"{head}: not solvable (the database holds only solvable states)"
    if not a.moves:
        return f"{head}: already all off"
    assert a.next_click is not None
    lines = [f"{head}: {a.moves} moves to all off; optimal next click {a.next_click}",
             "path from the database, (row,col) and the state after each click:"]
    lines += [f"{k:>4}. ({r},{c})  {s:#x}" for k, ((r, c), s) in enumerate(a.path, 1)]
    return "\n".join(lines)


def answer_json(a: DbAnswer) -> dict[str, object]:
    """What ``lightsart census --db FILE --state X --json`` prints."""
    return {
        "state": hex(a.state), "width": a.width, "height": a.height, "solvable": a.solvable,
        "moves": a.moves, "next_click": None if a.next_click is None else list(a.next_click),
        "path": [{"click": list(c), "state": hex(s)} for c, s in a.path],
    }
