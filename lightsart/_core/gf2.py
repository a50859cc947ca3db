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

``B`` is a polynomial in the path's adjacency, so its first column (one chased vector) gives
all the others (see :func:`_bottom_matrix`): a 4096 × 4096 board costs about 8,000 vector steps
plus one packed 4096 × 4096 elimination, well under a second. Nothing of size nullity × cells
is kept: quiet patterns are chased from the kernel of ``B`` on demand, and decoding uses the
*checks* ``T_low · excess`` whose one-cell columns :meth:`ClassicAlgebra.check_rows` chases up
from the bottom row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np
from numpy.typing import NDArray

from lightsart import _checks as checks
from lightsart._core.board import as_board
from lightsart._core.packed import Echelon, GF2Counts, Words, echelon, pack, parity, unpack
from lightsart._errors import InvalidValue, TooLarge
from lightsart._limits import BOARD_MAX_SIDE, PUZZLE_MAX_NULLITY_CELLS
from lightsart._public import public
from lightsart._rules import Rules, press
from lightsart._types import Board

__all__ = ["ClassicAlgebra", "chase", "classic_algebra", "classic_nullity"]




def _check_size(m: int, n: int) -> None:
    if m < 1 or n < 1:
        raise InvalidValue(f"board size must be at least 1x1, got {n}x{m}")
    if min(m, n) > BOARD_MAX_SIDE or max(m, n) > 4 * BOARD_MAX_SIDE:
        raise TooLarge(f"board {n}x{m} is too large (short side at most {BOARD_MAX_SIDE})")


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


@public
def chase(change: Board, top: Board | None = None) -> tuple[Board, Board]:
    """Light chasing down the rows: the clicks forced by ``top`` and what is left over.

    ``change`` marks the cells that must toggle (for a picture reached from all-lit,
    ``1 ^ picture``).
    Row ``r + 1`` is clicked exactly under every cell of row ``r`` that is still wrong, so every row
    but the last ends right. Returns ``(clicks, leftover)`` with ``leftover = change ^ A clicks``,
    zero everywhere except the bottom row: Bosch's "push all errors into the bottom row".

    Parameters
    ----------
    change : numpy.ndarray
        The cells that must toggle, 0/1 of shape ``(m, n)``.
    top : numpy.ndarray or None, optional
        The top row's clicks, ``n`` values (``None``: no clicks in the top row).

    Returns
    -------
    clicks : numpy.ndarray
        The clicks, ``uint8`` of shape ``(m, n)``, forced row by row from ``top``.
    leftover : numpy.ndarray
        ``change ^ A clicks``: zero but in the bottom row.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import chase, press
    >>> lit = np.ones((5, 5), np.uint8)
    >>> clicks, leftover = chase(lit)  # turn the all-lit 5x5 board off, row by row
    >>> leftover[:-1].any(), leftover[-1].tolist()
    (np.False_, [1, 0, 0, 0, 1])
    >>> bool((leftover == lit ^ press(clicks)).all())
    True
    """
    c = as_board(change, "change")
    n = c.shape[1]
    t = np.zeros(n, dtype=np.uint8) if top is None else as_board(
        np.reshape(checks.array([top], "top"), (1, -1)), "top").ravel()
    if t.shape != (n,):
        raise InvalidValue(f"top row must have {n} cells, got {t.size}")
    clicks, excess = _chase_rows(c, t)
    leftover = np.zeros_like(c)
    leftover[-1] = excess
    assert np.array_equal(leftover, c ^ press(clicks))
    return clicks, leftover


def _bottom_matrix(h: int, w: int) -> Words:
    """``B`` packed: row ``j`` holds how the excess below column ``j`` depends on the top row.

    Chasing ``k`` rows maps the top-row clicks by ``P_k`` with ``P_0 = I``, ``P_{-1} = 0`` and
    ``P_{k+1} = (I + S) P_k + P_{k-1}`` (``S`` the path's adjacency), so ``B = P_h`` is a
    polynomial in ``S``. It commutes with ``S``, and ``e_{j+1} = S e_j + e_{j-1}``, so its columns
    follow from the first one: ``B e_{j+1} = S (B e_j) + B e_{j-1}``. That is ``h + w`` vector
    steps instead of ``h`` steps on a ``w`` × ``w`` matrix (``B`` is symmetric: rows = columns).
    """
    prev, cur = np.zeros(w, dtype=np.uint8), np.zeros(w, dtype=np.uint8)
    cur[0] = 1
    for _ in range(h):
        nxt = prev ^ cur
        nxt[1:] ^= cur[:-1]
        nxt[:-1] ^= cur[1:]
        prev, cur = cur, nxt
    cols = np.zeros((w, w), dtype=np.uint8)
    cols[0] = cur
    if w > 1:
        cols[1, 1:] = cur[:-1]
        cols[1, :-1] ^= cur[1:]
    for j in range(1, w - 1):
        col = cols[j - 1].copy()
        col[1:] ^= cols[j, :-1]
        col[:-1] ^= cols[j, 1:]
        cols[j + 1] = col
    return pack(cols)


def _advance(prev: Words, cur: Words) -> Words:
    """One chase step on packed rows indexed by board column: ``(I + S) cur + prev``."""
    nxt = prev ^ cur
    nxt[1:] ^= cur[:-1]
    nxt[:-1] ^= cur[1:]
    return nxt


@dataclass(frozen=True, eq=False)
class ClassicAlgebra(GF2Counts):
    """The press operator of the classic game on one ``m`` × ``n`` board size, by light chasing
    (what :func:`lightsart.algebra` answers for the classic rules: plus on the plane).

    The chase runs along the longer side (``h`` rows of the shorter width ``w``), so all the
    stored state is ``w`` × ``w`` bits: the echelon form of ``B`` and its transform ``T``. The
    ``d`` rows of ``T`` past the rank, ``T_low``, are *checks*: ``c`` is solvable iff
    ``T_low · excess(c) = 0`` (:meth:`checks`). Quiet patterns (a basis of the null space of
    ``A``, ``2**(m*n - d)`` boards are reachable) are chased from the kernel of ``B`` when asked
    for: :meth:`quiet_block` for a few, :attr:`quiet_patterns` for all (dense, ``d × m × n``).
    Make one with :func:`classic_algebra` (cached per size), not by hand.

    Parameters
    ----------
    m, n : int
        Rows and columns of the board.
    nullity : int
        The dimension ``d`` of the null space of the press operator.
    _transposed, _elim, _kernel
        The chase's orientation, the echelon form of ``B`` and its kernel (made by
        :func:`classic_algebra`).

    Returns
    -------
    ClassicAlgebra
        The algebra of that board size.

    Examples
    --------
    >>> import numpy as np
    >>> five = classic_algebra(5, 5)
    >>> five.nullity, five.quiet_patterns.shape
    (2, (2, 5, 5))
    >>> lit = np.ones((5, 5), np.uint8)
    >>> bool(five.is_solvable(lit)), int(five.solve(lit).sum())
    (True, 15)
    """

    m: int
    n: int
    nullity: int
    _transposed: bool = field(repr=False)
    _elim: Echelon = field(repr=False)
    _kernel: NDArray[np.uint8] = field(repr=False)

    @property
    def h(self) -> int:
        """Rows chased (the longer side)."""
        return max(self.m, self.n) if self._transposed else self.m

    @property
    def w(self) -> int:
        """Width of a chased row (the shorter side)."""
        return self.m if self._transposed else self.n

    def _orient(self, a: Board) -> Board:
        return a.T if self._transposed else a

    def _check(self, change: object) -> Board:
        c = as_board(change, "change")
        if c.shape != (self.m, self.n):
            raise InvalidValue(
                f"board is {c.shape[1]}x{c.shape[0]}, expected {self.n}x{self.m}"
            )
        return c

    def quiet_block(self, indices: NDArray[np.intp] | list[int]) -> Board:
        """Quiet patterns ``indices`` (shape ``(len, m, n)``), each chased from a kernel vector
        of ``B`` and checked to press to nothing."""
        tops = self._kernel[np.asarray(indices, dtype=np.intp)]
        quiet, excess = _chase_rows(np.zeros((tops.shape[0], self.h, self.w), np.uint8), tops)
        if excess.any():  # pragma: no cover
            raise AssertionError("a kernel vector of B did not chase to a quiet pattern")
        if self._transposed:
            quiet = quiet.transpose(0, 2, 1)
        quiet = np.ascontiguousarray(quiet)
        for q in quiet:
            if press(q).any():  # pragma: no cover
                raise AssertionError("quiet pattern is not quiet")
        return quiet

    @cached_property
    def quiet_patterns(self) -> Board:
        """All ``d`` quiet patterns, dense ``(d, m, n)`` (refused beyond
        :data:`~lightsart._limits.PUZZLE_MAX_NULLITY_CELLS` bits; use :meth:`quiet_block`)."""
        cells = self.m * self.n
        if self.nullity * cells > PUZZLE_MAX_NULLITY_CELLS:
            raise InvalidValue(
                f"the {self.n}x{self.m} board has {self.nullity} quiet patterns of {cells} cells: "
                f"more than {PUZZLE_MAX_NULLITY_CELLS} bits to hold at once")
        return self.quiet_block(np.arange(self.nullity))

    @cached_property
    def _flat_patterns(self) -> NDArray[np.uint8]:
        return self.quiet_patterns.reshape(self.nullity, self.m * self.n)

    def syndrome(self, change: object) -> NDArray[np.uint8]:
        """``N c`` over GF(2): one bit per quiet pattern; all zero iff ``change`` is solvable."""
        c = self._check(change).ravel()
        if self.nullity == 0:
            return np.zeros(0, dtype=np.uint8)
        return (np.bitwise_and(self._flat_patterns, c).sum(axis=1) & 1).astype(np.uint8)

    def excess(self, change: object) -> NDArray[np.uint8]:
        """The row left over below the board after chasing ``change`` with no top-row clicks
        (``w`` bits, along the chased orientation): Bosch's bottom-row errors."""
        c = self._orient(self._check(change))
        return _chase_rows(c, np.zeros(c.shape[1], dtype=np.uint8))[1]

    def checks(self, change: object) -> NDArray[np.uint8]:
        """``T_low · excess(c)``: ``d`` bits, all zero iff ``change`` is solvable. The same
        kernel as :meth:`syndrome` in another basis, without holding any quiet pattern."""
        if self.nullity == 0:
            self._check(change)
            return np.zeros(0, dtype=np.uint8)
        return parity(self._checks_matrix & pack(self.excess(change))[None, :])

    @property
    def _checks_matrix(self) -> Words:
        transform = self._elim.transform
        assert transform is not None
        return transform[self._elim.rank :]

    def check_rows(self, rows: NDArray[np.intp]) -> tuple[NDArray[np.intp], Words]:
        """The check columns of every cell in chased ``rows`` (counted from the top, ascending).

        Returns the cells' flat indices (in ``m`` × ``n``) and their columns packed, shape
        ``(cells, ceil(d / 64))``: bit ``k`` of a cell's column is check ``k`` of a one-cell
        change. A change at chased row ``r`` leaves the excess ``P_{h-1-r} e_j``, so with
        ``R_k = P_k T_lowᵀ`` (one packed chase step per row, from the bottom row up) the cell's
        column is row ``j`` of ``R_{h-1-r}``.
        """
        wanted = np.unique(np.asarray(rows, dtype=np.intp))
        if wanted.size and (wanted[0] < 0 or wanted[-1] >= self.h):
            raise InvalidValue(f"rows must lie in 0..{self.h - 1}")
        d, w = self.nullity, self.w
        low = unpack(self._checks_matrix, w) if d else np.zeros((0, w), np.uint8)
        cur = pack(np.ascontiguousarray(low.T)) if d else np.zeros((w, 1), np.uint64)
        prev = np.zeros_like(cur)
        out = np.zeros((wanted.size, w, cur.shape[1]), dtype=np.uint64)
        at = {int(r): i for i, r in enumerate(wanted)}
        for k in range(self.h - int(wanted[0]) if wanted.size else 0):
            i = at.get(self.h - 1 - k)
            if i is not None:
                out[i] = cur
            prev, cur = cur, _advance(prev, cur)
        r, j = np.repeat(wanted, w), np.tile(np.arange(w), wanted.size)
        flat = j * self.n + r if self._transposed else r * self.n + j
        return flat.astype(np.intp), out.reshape(wanted.size * w, -1)

    def is_solvable(self, change: object) -> bool:
        """Whether some click set toggles exactly the cells of ``change``."""
        return self.nullity == 0 or not self.checks(change).any()

    def solve(self, change: object) -> Board | None:
        """One click set ``x`` with ``A x = change`` (free top-row clicks zero), or None."""
        top = self._elim.solve(self.excess(change))
        if top is None:
            return None
        c = self._orient(self._check(change))
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

    # The Algebra protocol (lightsart._core.algebra): the classic game is GF(2), k = 2 (states,
    # kernel_size and check_moduli come from GF2Counts).

    @property
    def rules(self) -> Rules:
        """The classic rules of this board size (plus, plane, two states)."""
        return Rules(self.m, self.n)

    def press(self, x: object) -> Board:
        """``A x`` over GF(2) (:func:`lightsart.press`)."""
        return press(self._check(x))

    def press_transpose(self, y: object) -> Board:
        """``Aᵀ y``: the plus pattern is symmetric, so :meth:`press`."""
        return self.press(y)

    def kernel(self) -> Board:
        """A basis of the kernel: the quiet patterns, shape ``(d, m, n)``."""
        return self.quiet_patterns

    def kernel_orders(self) -> tuple[int, ...]:
        """Each quiet pattern has order 2."""
        return (2,) * self.nullity

    is_reachable = is_solvable


@lru_cache(maxsize=32)
def classic_algebra(m: int, n: int) -> ClassicAlgebra:
    """The (cached) algebra of the classic ``m`` × ``n`` board; chases along the longer side.

    Parameters
    ----------
    m, n : int
        Rows and columns, each at most :data:`BOARD_MAX_SIDE`.

    Returns
    -------
    ClassicAlgebra
        Solves, tests reachability and gives the quiet patterns of that size.

    Examples
    --------
    >>> from lightsart import parse_board
    >>> board = parse_board("11110/10001/00001/00100/01110")
    >>> solver = classic_algebra(5, 5)
    >>> bool(solver.is_solvable(board)), solver.nullity
    (True, 2)
    """
    _check_size(m, n)
    transposed = n > m
    h, w = (n, m) if transposed else (m, n)
    elim = echelon(_bottom_matrix(h, w), w, transform=True)
    return ClassicAlgebra(m=m, n=n, nullity=elim.nullity, _transposed=transposed, _elim=elim,
                        _kernel=elim.null_space())


@public
@lru_cache(maxsize=4096)
def classic_nullity(m: int, n: int) -> int:
    """Dimension of the null space of the ``m`` × ``n`` press operator (0: all reachable).

    Parameters
    ----------
    m, n : int
        Rows and columns.

    Returns
    -------
    int
        The nullity ``d``: ``2**d`` click sets make each reachable board, and at most
        ``min(d, n)`` pixels of a picture are wrong.

    Examples
    --------
    >>> classic_nullity(5, 5), classic_nullity(4, 4), classic_nullity(100, 100), classic_nullity(128, 128)
    (2, 4, 0, 56)
    """
    _check_size(m, n)
    h, w = (n, m) if n > m else (m, n)
    return echelon(_bottom_matrix(h, w), w).nullity
