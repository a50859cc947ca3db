"""Exact GF(2) algebra of the press operator by light chasing.

Choose the clicks ``t`` of the top row freely; every later row is then forced, because the only
click left that can still fix cell ``(r, j)`` is the one below it::

    x[r+1, j] = c[r, j] ^ x[r-1, j] ^ x[r, j-1] ^ x[r, j] ^ x[r, j+1]

where ``c`` marks the cells that must change. Chasing past the last row leaves an *excess* row
``x[m]`` that must be zero. It is affine in ``t``: ``x[m] = B t ^ e`` where ``B`` depends only on
the board size and ``e`` is the excess of the chase with ``t = 0``. So ``A x = c`` (``mn``
equations) shrinks to ``B t = e`` (``n`` equations, ``n`` the shorter side). The kernel of ``B``
gives the quiet patterns (the null space of ``A``), and because ``A`` is symmetric, ``c`` is
solvable iff it is orthogonal to every quiet pattern: its *syndrome* ``N c`` is zero.

``B`` is built by chasing all ``n`` unit top rows at once as packed 64-bit words, so a
1024 × 1024 board costs a thousand vector XORs plus one 1024 × 1024 elimination.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from lightsart.core.board import as_board, press
from lightsart.errors import LightsartError
from lightsart.limits import BOARD_MAX_SIDE
from lightsart.types import Board

__all__ = ["MAX_SIDE", "BoardAlgebra", "algebra", "chase", "nullity"]

#: Largest board side the algebra accepts (memory grows with the short side squared).
MAX_SIDE = BOARD_MAX_SIDE

Words = NDArray[np.uint64]


def _pack(bits: NDArray[np.uint8]) -> Words:
    """Pack the last axis of a 0/1 array into little-endian 64-bit words (bit c in word c>>6)."""
    packed = np.packbits(bits, axis=-1, bitorder="little")
    pad = (-packed.shape[-1]) % 8
    if pad:
        packed = np.concatenate(
            [packed, np.zeros((*packed.shape[:-1], pad), dtype=np.uint8)], axis=-1
        )
    return np.ascontiguousarray(packed).view(np.uint64)


def _unpack(words: Words, count: int) -> NDArray[np.uint8]:
    """Inverse of :func:`_pack`: the first ``count`` bits of each row."""
    raw = np.ascontiguousarray(words).view(np.uint8)
    return np.unpackbits(raw, axis=-1, bitorder="little", count=count)


def _column(words: Words, col: int) -> NDArray[np.uint64]:
    return (words[:, col >> 6] >> np.uint64(col & 63)) & np.uint64(1)


def _check_size(m: int, n: int) -> None:
    if m < 1 or n < 1:
        raise LightsartError(f"board size must be at least 1x1, got {n}x{m}")
    if min(m, n) > MAX_SIDE or max(m, n) > 4 * MAX_SIDE:
        raise LightsartError(f"board {n}x{m} is too large (short side at most {MAX_SIDE})")


def _chase_rows(change: NDArray[np.uint8], top: NDArray[np.uint8]) -> tuple[Board, Board]:
    """Chase down the rows of ``change`` (shape ``(..., h, w)``) from top-row clicks ``top``.

    Returns the clicks ``(..., h, w)`` and the excess row ``(..., w)`` that would be needed below
    the board; leading axes are a batch.
    """
    h = change.shape[-2]
    clicks = np.zeros(change.shape, dtype=np.uint8)
    clicks[..., 0, :] = top
    prev = np.zeros(top.shape, dtype=np.uint8)
    for r in range(h):
        cur = clicks[..., r, :]
        nxt = change[..., r, :] ^ prev ^ cur
        nxt[..., 1:] ^= cur[..., :-1]
        nxt[..., :-1] ^= cur[..., 1:]
        if r + 1 < h:
            clicks[..., r + 1, :] = nxt
        prev = cur
    return clicks, nxt


def chase(change: Board, top: Board | None = None) -> tuple[Board, Board]:
    """Light chasing down the rows: the clicks forced by ``top`` and what is left over.

    ``change`` marks the cells that must toggle (for a picture reached from all-lit,
    ``1 ^ picture``).
    Row ``r + 1`` is clicked exactly under every cell of row ``r`` that is still wrong, so every row
    but the last ends right. Returns ``(clicks, leftover)`` with ``leftover = change ^ A clicks``,
    zero everywhere except the bottom row: Bosch's "push all errors into the bottom row".
    """
    c = as_board(change, "change")
    n = c.shape[1]
    t = np.zeros(n, dtype=np.uint8) if top is None else np.asarray(top, dtype=np.uint8).ravel()
    if t.shape != (n,):
        raise LightsartError(f"top row must have {n} cells, got {t.size}")
    clicks, excess = _chase_rows(c, t)
    leftover = np.zeros_like(c)
    leftover[-1] = excess
    assert np.array_equal(leftover, c ^ press(clicks))
    return clicks, leftover


def _bottom_matrix(h: int, w: int) -> NDArray[np.uint8]:
    """``B``: row ``j`` holds how the excess below column ``j`` depends on the top-row clicks."""
    prev = np.zeros((w, (w + 63) // 64), dtype=np.uint64)
    cur = _pack(np.eye(w, dtype=np.uint8))
    for _ in range(h):
        nxt = prev ^ cur
        nxt[1:] ^= cur[:-1]
        nxt[:-1] ^= cur[1:]
        prev, cur = cur, nxt
    return _unpack(cur, w)


@dataclass(frozen=True)
class _Elimination:
    """``T B = E`` with ``E`` in reduced row echelon form; pivots in rows ``0..rank-1``."""

    transform: NDArray[np.uint8]
    echelon: NDArray[np.uint8]
    pivots: NDArray[np.intp]

    @property
    def rank(self) -> int:
        return int(self.pivots.size)


def _eliminate(b: NDArray[np.uint8]) -> _Elimination:
    w = b.shape[0]
    aug = _pack(np.concatenate([b, np.eye(w, dtype=np.uint8)], axis=1))
    pivots: list[int] = []
    r = 0
    for col in range(w):
        if r == w:
            break
        bits = _column(aug[r:], col)
        nz = np.flatnonzero(bits)
        if nz.size == 0:
            continue
        p = r + int(nz[0])
        if p != r:
            aug[[r, p]] = aug[[p, r]]
        hit = _column(aug, col).astype(bool)
        hit[r] = False
        aug[hit] ^= aug[r]
        pivots.append(col)
        r += 1
    full = _unpack(aug, 2 * w)
    return _Elimination(full[:, w:].copy(), full[:, :w].copy(), np.asarray(pivots, dtype=np.intp))


def _kernel(elim: _Elimination, w: int) -> NDArray[np.uint8]:
    """A basis of the kernel of ``B``, one row per free column of the echelon form."""
    free = np.setdiff1d(np.arange(w), elim.pivots)
    basis = np.zeros((free.size, w), dtype=np.uint8)
    for k, f in enumerate(free):
        basis[k, f] = 1
        basis[k, elim.pivots] = elim.echelon[: elim.rank, f]
    return basis


@dataclass(frozen=True, eq=False)
class BoardAlgebra:
    """Everything about the press operator of one ``m`` × ``n`` board size.

    ``quiet_patterns`` (shape ``(d, m, n)``) is a basis of the null space of ``A``: click sets
    that change nothing. ``d`` is the nullity; ``2**(m*n - d)`` boards are reachable.
    """

    m: int
    n: int
    nullity: int
    quiet_patterns: Board
    _transposed: bool = field(repr=False)
    _elim: _Elimination = field(repr=False)
    _flat_patterns: NDArray[np.uint8] = field(repr=False)

    def _orient(self, a: Board) -> Board:
        return a.T if self._transposed else a

    def _check(self, change: Board) -> Board:
        c = as_board(change, "change")
        if c.shape != (self.m, self.n):
            raise LightsartError(
                f"board is {c.shape[1]}x{c.shape[0]}, expected {self.n}x{self.m}"
            )
        return c

    def syndrome(self, change: Board) -> NDArray[np.uint8]:
        """``N c`` over GF(2): one bit per quiet pattern; all zero iff ``change`` is solvable."""
        c = self._check(change).ravel()
        if self.nullity == 0:
            return np.zeros(0, dtype=np.uint8)
        return (np.bitwise_and(self._flat_patterns, c).sum(axis=1) & 1).astype(np.uint8)

    def is_solvable(self, change: Board) -> bool:
        """Whether some click set toggles exactly the cells of ``change``."""
        return not self.syndrome(change).any()

    def solve(self, change: Board) -> Board | None:
        """One click set ``x`` with ``A x = change`` (free top-row clicks zero), or None."""
        c = self._orient(self._check(change))
        _, excess = _chase_rows(c, np.zeros(c.shape[1], dtype=np.uint8))
        e = self._elim
        reduced = (e.transform.astype(np.int64) @ excess) & 1
        if reduced[e.rank :].any():
            return None
        top = np.zeros(c.shape[1], dtype=np.uint8)
        top[e.pivots] = reduced[: e.rank]
        clicks, rest = _chase_rows(c, top)
        if rest.any():  # pragma: no cover - would mean the elimination is wrong
            raise AssertionError("light chasing left an excess row after solving")
        x = self._orient(clicks)
        if not np.array_equal(press(x), self._orient(c)):  # pragma: no cover
            raise AssertionError("solution does not reproduce the requested change")
        return np.ascontiguousarray(x)

    def columns(self) -> NDArray[np.uint8]:
        """Each cell's quiet-pattern column, shape ``(m*n, d)``: the syndrome of a 1-cell change."""
        return np.ascontiguousarray(self._flat_patterns.T)


@lru_cache(maxsize=32)
def algebra(m: int, n: int) -> BoardAlgebra:
    """The (cached) algebra of the ``m`` × ``n`` board; chases along the shorter side."""
    _check_size(m, n)
    transposed = n > m
    h, w = (n, m) if transposed else (m, n)
    elim = _eliminate(_bottom_matrix(h, w))
    kernel = _kernel(elim, w)
    quiet, excess = _chase_rows(np.zeros((kernel.shape[0], h, w), dtype=np.uint8), kernel)
    if excess.any():  # pragma: no cover
        raise AssertionError("a kernel vector of B did not chase to a quiet pattern")
    if transposed:
        quiet = quiet.transpose(0, 2, 1)
    quiet = np.ascontiguousarray(quiet)
    for q in quiet:
        if press(q).any():  # pragma: no cover
            raise AssertionError("quiet pattern is not quiet")
    return BoardAlgebra(
        m=m,
        n=n,
        nullity=int(kernel.shape[0]),
        quiet_patterns=quiet,
        _transposed=transposed,
        _elim=elim,
        _flat_patterns=quiet.reshape(quiet.shape[0], m * n),
    )


@lru_cache(maxsize=4096)
def nullity(m: int, n: int) -> int:
    """Dimension of the null space of the ``m`` × ``n`` press operator (0: all reachable)."""
    _check_size(m, n)
    h, w = (n, m) if n > m else (m, n)
    return w - _eliminate(_bottom_matrix(h, w)).rank
