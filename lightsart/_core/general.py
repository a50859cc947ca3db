"""Exact GF(2) algebra of the press operator for any :class:`~lightsart.Rules`.

``A`` maps click sets to toggled cells: ``(A x)[i, j] = XOR over offsets (di, dj) of
x[i - di, j - dj]`` (see :mod:`lightsart._rules`). Everything here follows from solving ``A x = c``.

**Generalised light chasing.** Let the pattern's top non-empty row be ``di_min`` (write
``s = -di_min``) and let ``c`` be the largest column offset in it. The equation of cell ``(i, j)``
contains the clicks ``x[i + s, j - dj]`` for the top row's offsets ``dj`` and otherwise only clicks
of rows ``< i + s``. Its leftmost click of row ``i + s``, ``x[i + s, j - c]``, is therefore
*forced* once the earlier rows and the top row's other cells (all to its right) are known:

    x[i + s, j - c] = c[i, j] ^ (XOR of the equation's other terms)

so each row is chased right to left (for the classic one-cell top row, all at once). Clicks no
equation forces are *free*; equations that force no click are *constraints*:

* plane: click rows before ``s`` are free, equation rows whose forced row falls below the board are
  constraints; where ``j - c`` falls outside the board the equation is a constraint, and the
  ``|c|`` columns of each forced row that no ``j - c`` reaches are free (plus: none);
* wrapped rows (torus): the first ``h - 1`` click rows are free (``h`` = pattern rows used, 3 for
  plus), since the equations of the first and last rows wrap around to them; those ``h - 1``
  equation rows are the constraints;
* wrapped columns (torus, cylinder): likewise the last ``c - min(dj)`` columns of each forced row
  are free and as many equations per row, whose terms wrap around, are constraints.

Free and constraint counts are always equal (``f``). Carrying every click as a linear function of
the ``f`` free clicks (bitsets packed in 64-bit words, one row of the board at a time), the
constraints become an ``f × f`` matrix ``K``, and ``A x = c`` is equivalent to ``K t = r(c)``,
where ``r(c)`` is what the chase with all free clicks 0 leaves at the constraints. So
``nullity(A) = f - rank(K)``, the kernel of ``A`` is the chase of the kernel of ``K``, and solving
needs only the small elimination (:mod:`lightsart._core.packed`). The board may first be
transposed and/or turned upside down (4 frames); the frame with the fewest free clicks is used.
A frame cannot chase only when a wrapped axis is no longer than the pattern's reach along it;
then the full ``mn × mn`` system is eliminated, up to :data:`DENSE_MAX_CELLS` cells.

**Reachability.** The reachable changes are the column space of ``A``, the orthogonal complement
of the kernel of ``Aᵀ`` (the *left kernel*). ``Aᵀ`` is the press operator of the pattern rotated
180°, so the left kernel is the kernel of those rules; for a symmetric pattern it is the kernel
itself (the quiet patterns). The *syndrome* of a change ``c`` is ``N c`` with ``N`` the left-kernel
basis: zero iff ``c`` is reachable.

Cost: the chase is ``m`` row steps of ``|pattern|`` XORs on ``n × ceil(f/64)`` words (plus a
Python step per cell when the top row has several cells), then an ``f × f`` elimination with
``T``. Free clicks on an ``n × n`` board: plus ``n`` (plane, cylinder) and ``2n`` (torus); ``x``
and ``square`` ``2n - 1`` (plane), ``3n - 2`` (cylinder), ``4n - 4`` (torus). Measured with
``benchmarks/bench_rules.py``: nullity at 200 × 200 in 0.03–0.05 s for plus and σ on every
topology, 0.2–0.25 s for ``x`` and ``square``; full elimination of 64 × 64 cells about 1 s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from lightsart._core import packed
from lightsart._errors import InvalidValue
from lightsart._limits import CHASE_MAX_FREE, DENSE_MAX_CELLS
from lightsart._rules import Rules, press, require_two_states, shifted_xor

__all__ = ["Chase", "Method", "Orientation", "PackedAlgebra", "chase_plans", "packed_algebra"]

# DENSE_MAX_CELLS (64 × 64: a full elimination takes a few seconds) and CHASE_MAX_FREE (the
# f × f elimination a chase ends with takes seconds at that size) live in lightsart._limits.

Method = Literal["auto", "chase", "eliminate"]
Bits = NDArray[np.uint8]
Offsets = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Orientation:
    """An orientation of the board: optionally transposed, then optionally turned upside down."""

    transposed: bool
    flipped: bool

    def offsets(self, offsets: Offsets) -> Offsets:
        out = tuple((dj, di) for di, dj in offsets) if self.transposed else offsets
        return tuple((-di, dj) for di, dj in out) if self.flipped else out

    def into(self, a: NDArray[Any]) -> NDArray[Any]:
        """A board (first two axes) as seen in this frame."""
        a = a.swapaxes(0, 1) if self.transposed else a
        return a[::-1] if self.flipped else a

    def back(self, a: NDArray[Any]) -> NDArray[Any]:
        """Inverse of :meth:`into`."""
        a = a[::-1] if self.flipped else a
        return a.swapaxes(0, 1) if self.transposed else a


def shift(a: NDArray[Any], d: int, wrap: bool, axis: int = 0) -> NDArray[Any]:
    """``out[i] = a[i - d]`` along ``axis``: wrapped, or zero where ``i - d`` is outside.

    The one shift of every chase and press, over GF(2) (bytes or packed words) and ``Z/k``.
    """
    if wrap:
        return np.roll(a, d, axis=axis)
    size = a.shape[axis]
    out = np.zeros_like(a)
    if abs(d) < size:
        dst = [slice(None)] * a.ndim
        src = [slice(None)] * a.ndim
        dst[axis] = slice(d, size) if d >= 0 else slice(0, size + d)
        src[axis] = slice(0, size - d) if d >= 0 else slice(-d, size)
        out[tuple(dst)] = a[tuple(src)]
    return out


class Chase:
    """The chase plan of one frame: which clicks are forced by which equations, which are free."""

    def __init__(self, m: int, n: int, offsets: Offsets, wrap_rows: bool, wrap_cols: bool) -> None:
        self.m, self.n, self.offsets = m, n, offsets
        self.wrap_rows, self.wrap_cols = wrap_rows, wrap_cols
        di_min = min(di for di, _ in offsets)
        di_max = max(di for di, _ in offsets)
        top = sorted(dj for di, dj in offsets if di == di_min)
        c, span = top[-1], top[-1] - top[0]
        #: Offsets whose clicks lie in earlier rows, and the top row's other column offsets.
        self.below = tuple(o for o in offsets if o[0] != di_min)
        self.top_others = tuple(top[:-1])
        self.top_all = tuple(top)
        self.others = self.below + tuple((di_min, dj) for dj in self.top_others)
        s = -di_min
        if wrap_rows:
            # Click rows h-1..m-1 are forced by equation rows p - s (never wrapping); rows 0..h-2 free.
            first, last = di_max - di_min, m - 1
        else:
            first, last = max(0, s), min(m - 1, m - 1 + s)
        #: (forced click row p, unwrapped equation row p - s), in the order they are chased.
        self.pivots = [(p, p - s) for p in range(first, last + 1)]
        j = np.arange(n)
        b = j - c
        # Wrapped columns: the last ``span`` columns of each forced row stay free (as wrapped rows do).
        self.valid = (b % n < n - span) if wrap_cols else (b >= 0) & (b < n)
        self.forced_cols = b[self.valid] % n
        #: (equation column j, forced column b) in the order a row is chased: b decreasing.
        self.sweep = sorted(
            zip(j[self.valid].tolist(), self.forced_cols.tolist(), strict=True), key=lambda t: -t[1]
        )
        free_cols = np.ones(n, dtype=bool)
        free_cols[self.forced_cols] = False
        is_free = np.ones((m, n), dtype=bool)
        for p, _ in self.pivots:
            is_free[p] = free_cols
        is_cons = np.ones((m, n), dtype=bool)
        for _, i in self.pivots:
            is_cons[i % m] = ~self.valid
        self.free_index = np.where(is_free, np.cumsum(is_free).reshape(m, n) - 1, -1)
        self.cons_index = np.where(is_cons, np.cumsum(is_cons).reshape(m, n) - 1, -1)
        self.free = int(is_free.sum())
        if int(is_cons.sum()) != self.free:  # pragma: no cover - the counting argument says equal
            raise AssertionError("chase has unequal free clicks and constraints")
        # The sets built once: inside the comprehensions they were rebuilt per row, m² steps
        # (a 1x4096 board under sigma took 1.2 s here, sizes 1x4096 --radius 20 half an hour).
        forced, equations = {p for p, _ in self.pivots}, {i % m for _, i in self.pivots}
        self.free_rows = [r for r in range(m) if r not in forced]
        self.cons_rows = [i for i in range(m) if i not in equations]

    @staticmethod
    def applies(m: int, n: int, offsets: Offsets, wrap_rows: bool, wrap_cols: bool) -> bool:
        """Wrapped axes must be longer than the pattern's reach along them."""
        di_min = min(di for di, _ in offsets)
        height = max(di for di, _ in offsets) - di_min + 1
        top = [dj for di, dj in offsets if di == di_min]
        return (not wrap_rows or m >= height) and (not wrap_cols or n > max(top) - min(top))

    def _top_terms(self, row: NDArray[Any], j: int, djs: tuple[int, ...]) -> NDArray[Any]:
        """XOR of ``row[j - dj]`` over ``djs`` (wrapped, or dropped outside the board)."""
        acc = np.zeros_like(row[0])
        for dj in djs:
            col = j - dj
            if self.wrap_cols:
                acc ^= row[col % self.n]
            elif 0 <= col < self.n:
                acc ^= row[col]
        return acc

    def _row(self, r: int) -> int | None:
        if self.wrap_rows:
            return r % self.m
        return r if 0 <= r < self.m else None

    def _lifetimes(self) -> tuple[dict[int, int], set[int]]:
        """For each row of clicks, the last chase step whose equation reads it, and the rows
        the constraints left at the end read (kept to the end)."""
        last_use: dict[int, int] = {}
        for step, (_, i) in enumerate(self.pivots):
            for di, _ in self.others:
                r = self._row(i - di)
                if r is not None:
                    last_use[r] = step
        final = {r for i in self.cons_rows for di, _ in self.offsets if (r := self._row(i - di)) is not None}
        return last_use, final

    def _force(self, row: NDArray[Any], acc: NDArray[Any], i: int, residual: NDArray[Any]) -> None:
        """Set the forced clicks of ``row`` from equation row ``i`` (``acc``: its value without
        them) and write the residual of that row's constraints into ``residual``."""
        m = self.m
        if not self.top_others:
            row[self.forced_cols] = acc[self.valid]
            residual[self.cons_index[i % m, ~self.valid]] = acc[~self.valid]
            return
        for j, b in self.sweep:  # the top row's other cells are right of b: already known
            row[b] = acc[j] ^ self._top_terms(row, j, self.top_others)
        for j in np.flatnonzero(~self.valid).tolist():
            residual[self.cons_index[i % m, j]] = acc[j] ^ self._top_terms(row, j, self.top_all)

    def run(
        self, free_values: NDArray[Any], change: NDArray[Any] | None, keep: bool
    ) -> tuple[NDArray[Any] | None, NDArray[Any]]:
        """Chase with the free clicks set to ``free_values`` (shape ``(f, *tail)``).

        Returns the clicks ``(m, n, *tail)`` (if ``keep``) and the residual ``change ^ A x`` at the
        constraints, ``(f, *tail)``. The tail is a batch of 0/1 ``uint8`` values or of packed
        ``uint64`` bitsets over the free clicks; ``change`` is ``(m, n, *tail)`` or None (zero).
        """
        m, n = self.m, self.n
        tail, dtype = free_values.shape[1:], free_values.dtype
        rows: dict[int, NDArray[Any]] = {}

        def new_row(r: int) -> NDArray[Any]:
            out = np.zeros((n, *tail), dtype=dtype)
            idx = self.free_index[r]
            out[idx >= 0] = free_values[idx[idx >= 0]]
            return out

        def equation(i: int, terms: Offsets) -> NDArray[Any]:
            acc = np.zeros((n, *tail), dtype=dtype) if change is None else change[i % m].copy()
            for di, dj in terms:
                r = self._row(i - di)
                if r is not None:
                    acc ^= shift(rows[r], dj, self.wrap_cols)
            return acc

        last_use, final = self._lifetimes()
        kept: list[NDArray[Any] | None] = [None] * m
        for r in self.free_rows:
            rows[r] = new_row(r)
        residual = np.zeros((self.free, *tail), dtype=dtype)
        for step, (p, i) in enumerate(self.pivots):
            row = new_row(p)
            # (``others`` is ``below`` when the top row of the pattern is one cell.)
            self._force(row, equation(i, self.others if not self.top_others else self.below), i,
                        residual)
            rows[p] = row
            for r in [r for r in rows if last_use.get(r, -1) <= step and r not in final and r != p]:
                if keep:
                    kept[r] = rows[r]
                del rows[r]
        for i in self.cons_rows:
            residual[self.cons_index[i]] = equation(i, self.offsets)
        if not keep:
            return None, residual
        for r, row in rows.items():
            kept[r] = row
        return np.stack([k for k in kept if k is not None]), residual


@dataclass(frozen=True, eq=False)
class PackedAlgebra(packed.GF2Counts):
    """The press operator of one :class:`Rules`, reduced to ``K t = r(c)`` over ``f`` free clicks.

    ``nullity`` is the dimension of the kernel of ``A`` (equal to that of ``Aᵀ``: ``A`` is square);
    ``2**(m*n - nullity)`` changes are reachable.
    """

    rules: Rules
    method: Method
    frame: Orientation
    chase: Chase | None
    echelon: packed.Echelon

    @property
    def free(self) -> int:
        """Number of free clicks the reduced system has (``m*n`` for full elimination)."""
        return self.echelon.ncols

    @property
    def nullity(self) -> int:
        return self.echelon.nullity

    def _clicks(self, free_values: Bits, change: Bits | None) -> tuple[NDArray[Any], NDArray[Any]]:
        """Clicks ``(m, n, B)`` and residual ``(f, B)`` for a batch of free values ``(f, B)``."""
        m, n = self.rules.shape
        if self.chase is None:
            x = free_values.reshape(m, n, -1)
            ax = press_batch(x, self.rules)
            res = ax if change is None else ax ^ change
            return x, res.reshape(m * n, -1)
        framed = None if change is None else np.ascontiguousarray(self.frame.into(change))
        clicks, residual = self.chase.run(free_values, framed, keep=True)
        assert clicks is not None
        return np.ascontiguousarray(self.frame.back(clicks)), residual

    def kernel(self) -> Bits:
        """A basis of the kernel of ``A`` (click sets that change nothing), shape ``(d, m, n)``."""
        return self._kernel

    @cached_property
    def _kernel(self) -> Bits:
        m, n = self.rules.shape
        basis = self.echelon.null_space()
        x, residual = self._clicks(np.ascontiguousarray(basis.T), None)
        if residual.any() or press_batch(x, self.rules).any():  # pragma: no cover
            raise AssertionError("a kernel vector does not press to zero")
        return np.ascontiguousarray(x.transpose(2, 0, 1)).reshape(basis.shape[0], m, n)

    @cached_property
    def _left(self) -> packed.Words:
        """The left-kernel basis (kernel of ``Aᵀ``), rows packed over the ``m*n`` cells."""
        if self.rules.pattern.symmetric:
            basis = self.kernel()
        else:
            basis = packed_algebra(self.rules.transposed(), self.method).kernel()
        return packed.pack(basis.reshape(basis.shape[0], self.rules.cells))

    def left_kernel(self) -> Bits:
        """A basis of the kernel of ``Aᵀ``, shape ``(d, m, n)``: reachable changes are orthogonal to it."""
        m, n = self.rules.shape
        return packed.unpack(self._left, m * n).reshape(self._left.shape[0], m, n)

    def _check(self, change: object) -> Bits:
        c = np.asarray(change)
        if c.shape != self.rules.shape:
            raise InvalidValue(f"change has shape {c.shape}, expected {self.rules.shape}")
        return (c.astype(np.uint8) & 1).astype(np.uint8)

    def syndrome(self, change: object) -> Bits:
        """``N c`` over GF(2), one bit per left-kernel vector: all zero iff ``change`` is reachable."""
        c = self._check(change)
        if self.nullity == 0:
            return np.zeros(0, dtype=np.uint8)
        return packed.parity(self._left & packed.pack(c.ravel())[None, :])

    def is_reachable(self, change: object) -> bool:
        """Whether some click set toggles exactly the cells of ``change``."""
        return not self.syndrome(change).any()

    is_solvable = is_reachable

    def solve(self, change: object) -> Bits | None:
        """One click set ``x`` with ``A x = change`` (free clicks from the elimination), or None."""
        c = self._check(change)
        zero = np.zeros((self.free, 1), dtype=np.uint8)
        _, r0 = self._clicks(zero, c[:, :, None])
        t = self.echelon.solve(r0[:, 0])
        if t is None:
            return None
        x, residual = self._clicks(t[:, None], c[:, :, None])
        clicks = np.ascontiguousarray(x[:, :, 0])
        if residual.any() or not np.array_equal(press(clicks, self.rules), c):  # pragma: no cover
            raise AssertionError("solution does not reproduce the requested change")
        return clicks

    def columns(self) -> Bits:
        """Each cell's syndrome column, shape ``(m*n, d)``: the syndrome of a one-cell change."""
        m, n = self.rules.shape
        return np.ascontiguousarray(packed.unpack(self._left, m * n).T)

    # The rest of the Algebra protocol (lightsart._core.algebra): GF(2), k = 2 (states,
    # kernel_size and check_moduli come from packed.GF2Counts).

    def press(self, x: object) -> Bits:
        """``A x`` over GF(2) (:func:`lightsart._rules.press`)."""
        return press(x, self.rules)

    def press_transpose(self, y: object) -> Bits:
        """``Aᵀ y``: press with the pattern rotated 180°."""
        return press(y, self.rules.transposed())

    def kernel_orders(self) -> tuple[int, ...]:
        """Each kernel basis vector has order 2."""
        return (2,) * self.nullity


def press_batch(x: NDArray[Any], rules: Rules) -> NDArray[Any]:
    """``A`` applied to a batch of click sets stacked on a third axis, shape ``(m, n, B)``."""
    return shifted_xor(x, list(rules.pattern.offsets), *rules.wraps)


def chase_plans(rules: Rules) -> list[tuple[Orientation, Chase]]:
    m, n = rules.shape
    wrap_rows, wrap_cols = rules.wraps
    plans = []
    for transposed in (False, True):
        for flipped in (False, True):
            frame = Orientation(transposed, flipped)
            offsets = frame.offsets(tuple(rules.pattern.offsets))
            fm, fn = (n, m) if transposed else (m, n)
            fw = (wrap_cols, wrap_rows) if transposed else (wrap_rows, wrap_cols)
            if Chase.applies(fm, fn, offsets, *fw):
                plans.append((frame, Chase(fm, fn, offsets, *fw)))
    return sorted(plans, key=lambda plan: plan[1].free)


@lru_cache(maxsize=32)
def packed_algebra(rules: Rules, method: Method = "auto") -> PackedAlgebra:
    """The (cached) GF(2) algebra of any two-state ``rules``, on bit-packed rows: chased where a
    frame allows it, else fully eliminated.

    ``method`` forces ``"chase"`` (error if no frame chases) or ``"eliminate"`` (full system).
    GF(2) only: rules with more than two states go to :func:`lightsart._core.modk.modk_algebra`.
    """
    require_two_states(rules, "the GF(2) algebra")
    m, n = rules.shape
    plans = chase_plans(rules) if method != "eliminate" else []
    if plans and plans[0][1].free <= CHASE_MAX_FREE:
        frame, chase = plans[0]
        unit = packed.pack(np.eye(chase.free, dtype=np.uint8))
        _, k = chase.run(unit, None, keep=False)
        return PackedAlgebra(rules, method, frame, chase, packed.echelon(k, chase.free, transform=True))
    if method == "chase":
        reason = "no frame chases" if not plans else f"it needs {plans[0][1].free} free clicks"
        name = rules.pattern.name
        raise InvalidValue(f"cannot chase pattern {name} on {n}x{m} {rules.topology}: {reason}")
    if m * n > DENSE_MAX_CELLS:
        raise InvalidValue(
            f"pattern {rules.pattern.name} on a {rules.topology} cannot be chased; full elimination "
            f"is limited to {DENSE_MAX_CELLS} cells (DENSE_MAX_CELLS), got {n}x{m} = {m * n}"
        )
    unit = packed.pack(np.eye(m * n, dtype=np.uint8)).reshape(m, n, -1)
    rows = press_batch(unit, rules).reshape(m * n, -1)
    elim = packed.echelon(rows, m * n, transform=True)
    return PackedAlgebra(rules, method, Orientation(False, False), None, elim)
