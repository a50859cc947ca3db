"""Exact algebra of the k-state game: the press operator over ``Z/k``, for any rules and ``k = 2..16``.

With ``k`` states a click adds 1 (mod ``k``) to every cell of its pattern, so a press vector ``x``
(each cell pressed ``0 .. k-1`` times) changes the board by

    (A x)[i, j] = Σ over offsets (di, dj) of x[i - di, j - dj]   (mod k)

the same sum of shifted copies as the GF(2) game (:mod:`lightsart._rules`): on a wrapped axis
narrower than the pattern, two offsets landing on one cell both count.

**Reduction by chasing.** The chase of :mod:`lightsart._core.general` works over any ring: each
forced click appears in its equation with coefficient 1, so it is ``change - (other terms)``
mod ``k``. Carrying the ``f`` free clicks ``t`` through the chase, ``A x = c`` becomes
``K t = r(c)`` over ``Z/k`` with ``K`` only ``f × f`` (``x = X t + x0(c)``, ``r(c)`` what the chase
with ``t = 0`` leaves at the constraint cells). Where no frame chases, ``K = A`` itself (``mn``
unknowns). Kernel and cokernel of ``A`` are those of ``K``: ``t ↦ X t`` maps ``ker K`` onto
``ker A`` one to one, and ``c`` is reachable iff ``r(c)`` is in the image of ``K``.

**Splitting k.** ``Z/k ≅ Π Z/p^e`` (Chinese remainder theorem), so ``K`` is handled one prime power
at a time by the local Smith form of :mod:`lightsart._core.modp` (``e = 1``: GF(p) elimination;
``e > 1``: elimination pivoting by ``p``-adic valuation), and the answers are glued back with the
idempotents ``ε_q ≡ 1 (mod q)``, ``ε_q ≡ 0 (mod k/q)``.

**Kernel and cokernel** are finite abelian groups ``⊕ Z/p^a`` (one cyclic factor per invariant
factor of each ``K mod p^e``): the kernel has ``Π p^a`` elements (``2^nullity`` for ``k = 2``, but
over ``Z/4`` also sizes such as 2 that are no power of ``k``), and for a square ``A`` the cokernel
has as many. The *syndrome* of a change (its coordinates in the cokernel, one per check with
modulus ``p^a``) is zero iff the change is reachable; it is ``Z/k``-linear, so one column per cell
(:meth:`ModkAlgebra.syndrome_columns`) gives every syndrome.

Fewest presses (:mod:`lightsart._core.presses`) and the closest board (:mod:`lightsart._core.closest`)
build on this module; it imports neither.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Literal

import numpy as np
from numpy.typing import NDArray

from lightsart._core import modp
from lightsart._core.general import Chase, Orientation, chase_plans, shift  # the one home of chase planning
from lightsart._errors import LightsartError
from lightsart._limits import MODK_COLUMNS_MAX_WORK, MODK_SYSTEM_MAX, STATES_MAX  # STATES_MAX: issue 13
from lightsart._rules import Rules, press, shifted_sum

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "LinearMap",
    "ModkAlgebra",
    "kernel_rank",
    "linear_map",
    "modk_algebra",
]

Ints = NDArray[np.int64]
Levels = NDArray[np.uint8]
Method = Literal["auto", "chase", "eliminate"]

# Cells × batch width the chase carries at once (int64): 32 MB.
_CHASE_BATCH_CELLS = 1 << 22
#: Chases run in numpy before the compiled loop takes over: importing numba and loading its
#: cached machine code (about 0.2 s and 125 MB) pays off over a film's thousands of chases, not
#: over a still's few (a default 4-state still stayed at 0.8 s and 80 MB this way).
_COMPILED_AFTER = 64
_chases = 0


def _check_states(k: int) -> int:
    if not isinstance(k, int | np.integer) or not 2 <= int(k) <= STATES_MAX:
        raise LightsartError(f"states per cell must be a whole number from 2 to {STATES_MAX}, got {k!r}")
    return int(k)


def _press_batch(x: Ints, rules: Rules, k: int) -> Ints:
    """``A x mod k`` for press vectors stacked on trailing axes, ``x`` of shape ``(m, n, ...)``."""
    return shifted_sum(x, rules) % k


class _Reduction:
    """``x = run(t, c)``: press vectors from free values ``t`` and a change ``c``, and the residual
    ``c - A x`` at the constraint cells (zero iff ``A x = c``). Both linear over ``Z/k``."""

    def __init__(self, rules: Rules, k: int, frame: Orientation | None, plan: Chase | None) -> None:
        self.rules, self.k, self.frame, self.plan = rules, k, frame, plan
        m, n = rules.shape
        self.free = plan.free if plan is not None else m * n
        #: Flat cell index (row-major, of the board as given) of each residual entry.
        self.residual_cells = np.arange(m * n)
        if plan is not None and frame is not None:
            framed = frame.into(np.arange(m * n).reshape(m, n))
            where = plan.cons_index >= 0
            self.residual_cells = np.empty(self.free, dtype=np.intp)
            self.residual_cells[plan.cons_index[where]] = framed[where]

    def run(self, t: Ints, change: Ints | None) -> tuple[Ints, Ints]:
        """``(x, residual)`` for free values ``t`` ``(f, B)`` and a change ``(m, n, B)`` or None."""
        m, n = self.rules.shape
        k = self.k
        if self.plan is None or self.frame is None:
            x = t.reshape(m, n, -1) % k
            res = -_press_batch(x, self.rules, k)
            if change is not None:
                res += change
            return x, (res % k).reshape(m * n, -1)
        framed = None if change is None else np.ascontiguousarray(self.frame.into(change))
        x, res = _chase_mod(self.plan, k, t, framed)
        return np.ascontiguousarray(self.frame.back(x)), res

    def residuals(self, t: Ints, change: Ints | None) -> Ints:
        """The residuals of :meth:`run`, computed in slices of the batch to bound memory."""
        m, n = self.rules.shape
        width = t.shape[1]
        step = max(1, _CHASE_BATCH_CELLS // (m * n))
        parts = []
        for s in range(0, max(width, 1), step):  # one empty slice when the batch is empty
            c = None if change is None else change[:, :, s : s + step]
            parts.append(self.run(t[:, s : s + step], c)[1])
        return np.concatenate(parts, axis=1)


def _chase_mod(plan: Chase, k: int, t: Ints, change: Ints | None) -> tuple[Ints, Ints]:
    """The chase of ``plan`` over ``Z/k`` (``general.Chase.run`` with ``-`` for XOR): a forced
    click is the change of its equation minus the equation's other terms."""
    m, n = plan.m, plan.n
    width = t.shape[1]
    x = np.zeros((m, n, width), dtype=np.int64)
    free = plan.free_index >= 0
    x[free] = t[plan.free_index[free]] % k
    res = np.zeros((plan.free, width), dtype=np.int64)

    def row(r: int) -> int | None:
        if plan.wrap_rows:
            return r % m
        return r if 0 <= r < m else None

    def terms(i: int, offsets: tuple[tuple[int, int], ...]) -> Ints:
        # shift(x[r], dj) added in place, without the shifted copy: this sum is most of a
        # film's fit with grey levels (578 000 shifts for 10 s of 720p at 200x112, 3.4 s).
        acc = np.zeros((n, width), dtype=np.int64)
        for di, dj in offsets:
            r = row(i - di)
            if r is None:
                continue
            if plan.wrap_cols:
                acc += shift(x[r], dj, True)
            elif 0 <= dj < n:
                acc[dj:] += x[r, : n - dj]
            elif -n < dj < 0:
                acc[:dj] += x[r, -dj:]
        return acc

    def top_terms(r: int, j: int, djs: tuple[int, ...]) -> Ints:
        acc = np.zeros(width, dtype=np.int64)
        for dj in djs:
            col = j - dj
            if plan.wrap_cols:
                acc += x[r, col % n]
            elif 0 <= col < n:
                acc += x[r, col]
        return acc

    global _chases
    _chases += 1
    if not plan.top_others and _chases > _COMPILED_AFTER:  # rows chased before it: compiled
        _chase_compiled(plan, k, x, res, change)
        return x, res
    zero = np.zeros((n, width), dtype=np.int64)
    for p, i in plan.pivots:
        base = zero if change is None else change[i % m]
        invalid = np.flatnonzero(~plan.valid)
        if not plan.top_others:
            acc = (base - terms(i, plan.others)) % k
            x[p, plan.forced_cols] = acc[plan.valid]
            res[plan.cons_index[i % m, invalid]] = acc[invalid]
        else:
            acc = base - terms(i, plan.below)
            for j, b in plan.sweep:  # the top row's other cells are right of b: already known
                x[p, b] = (acc[j] - top_terms(p, j, plan.top_others)) % k
            for j in invalid.tolist():
                res[plan.cons_index[i % m, j]] = (acc[j] - top_terms(p, j, plan.top_all)) % k
    for i in plan.cons_rows:
        base = zero if change is None else change[i]
        res[plan.cons_index[i]] = (base - terms(i, plan.offsets)) % k
    return x, res


def _chase_compiled(plan: Chase, k: int, x: Ints, res: Ints, change: Ints | None) -> None:
    """The pivots' rows, then the constraint rows, by :func:`lightsart._core.chase_kernel.chase_rows`
    (the same sums as the numpy loop of :func:`_chase_mod`, over integers: the same answers)."""
    from lightsart._core.chase_kernel import chase_rows

    none = np.zeros((0, plan.n, x.shape[2]), dtype=np.int64)
    chase_rows(x, res, none if change is None else np.ascontiguousarray(change, dtype=np.int64), k,
               *_chase_tables(plan), plan.wrap_cols)


@lru_cache(maxsize=16)
def _chase_tables(plan: Chase) -> tuple[Ints, ...]:
    """The compiled chase's rows, equations and terms of ``plan`` (see
    :func:`lightsart._core.chase_kernel.chase_rows`), built once per plan: per call they cost
    ten times the loop."""
    m, n = plan.m, plan.n
    rows, equations, starts, term_rows, term_cols = [], [], [0], [], []
    entries = [(p, i, plan.others) for p, i in plan.pivots]
    entries += [(-1, i, plan.offsets) for i in plan.cons_rows]
    for p, i, offsets in entries:
        rows.append(p)
        equations.append(i % m)
        for di, dj in offsets:
            r = (i - di) % m if plan.wrap_rows else i - di
            if 0 <= r < m:
                term_rows.append(r)
                term_cols.append(dj)
        starts.append(len(term_rows))
    forced = np.full(n, -1, dtype=np.int64)
    forced[np.flatnonzero(plan.valid)] = plan.forced_cols
    tables = [np.array(v, dtype=np.int64) for v in (rows, equations, starts, term_rows, term_cols)]
    return (*tables, forced, plan.cons_index.astype(np.int64))


@dataclass(frozen=True)
class _Part:
    """One prime power ``q = p^e`` of ``k``: the Smith form of ``K mod q`` and its CRT idempotent."""

    p: int
    e: int
    smith: modp.Smith
    idempotent: int


@dataclass(frozen=True, eq=False)
class ModkAlgebra:
    """The press operator of ``rules`` over ``Z/k``, reduced to ``K t = r(c)`` and split by CRT.

    Changes, press vectors and boards are ``(m, n)`` arrays of values ``0 .. k-1``.
    """

    rules: Rules
    #: ``k``: the algebra works over ``Z/k`` (``rules.states``).
    states: int
    reduction: _Reduction
    parts: tuple[_Part, ...]

    @property
    def method(self) -> str:
        """``"chase"`` or ``"eliminate"`` (all cells unknown)."""
        return "eliminate" if self.reduction.plan is None else "chase"

    @property
    def free(self) -> int:
        """Unknowns of the reduced system ``K``."""
        return self.reduction.free

    @property
    def kernel_size(self) -> int:
        """How many press vectors change nothing (``Π p^a`` over the invariant factors; a count)."""
        return int(np.prod([part.p**part.smith.kernel_log for part in self.parts], dtype=object))

    @property
    def reachable_count(self) -> int:
        """How many changes are reachable: ``k^(mn) / kernel_size``."""
        return self.states**self.rules.cells // self.kernel_size

    @property
    def check_moduli(self) -> tuple[int, ...]:
        """The cokernel ``⊕ Z/p^a``: one modulus per syndrome coordinate (empty: all reachable)."""
        return tuple(q for part in self.parts for q in part.smith.check_moduli)

    def press(self, x: object) -> Levels:
        """``A x`` over ``Z/k`` (:func:`lightsart.press`)."""
        return press(x, self.rules)

    def levels(self, a: object, what: str) -> Ints:
        """``a`` checked (the rules' shape, integers) as values mod ``k``; ``what`` names it."""
        b = np.asarray(a)
        if b.shape != self.rules.shape:
            raise LightsartError(f"{what} has shape {b.shape}, expected {self.rules.shape}")
        if not (np.issubdtype(b.dtype, np.integer) or b.dtype == np.bool_):
            raise LightsartError(f"{what} must hold integers")
        return b.astype(np.int64) % self.states

    def _residuals(self, changes: Ints) -> Ints:
        """``r(c)`` for changes ``(m, n, B)``: ``(f, B)``."""
        t = np.zeros((self.free, changes.shape[2]), dtype=np.int64)
        return self.reduction.residuals(t, changes)

    def _syndromes(self, r: Ints) -> Ints:
        rows = [part.smith.syndrome(r % (part.p**part.e)) for part in self.parts]
        return np.concatenate(rows, axis=0) if rows else np.zeros((0, r.shape[1]), dtype=np.int64)

    def syndrome(self, change: object) -> Ints:
        """The change's cokernel coordinates (moduli :attr:`check_moduli`): zero iff reachable."""
        c = self.levels(change, "change")
        if not self.check_moduli:  # every change is reached: no chase (a third of a film's fit)
            return np.zeros(0, dtype=np.int64)
        return self._syndromes(self._residuals(c[:, :, None]))[:, 0]

    def is_reachable(self, change: object) -> bool:
        """Whether some press vector changes the board by exactly ``change`` (mod ``k``)."""
        return not self.syndrome(change).any()

    def check_columns(self) -> None:
        """Refuse, before any work, a board whose syndrome columns cost too much: every cell is
        chased over the board (cells² work, times the pattern's cells;
        :data:`~lightsart._limits.MODK_COLUMNS_MAX_WORK`)."""
        if self.check_moduli:
            _refuse_columns(self.rules)

    @cached_property
    def _columns(self) -> Ints:
        m, n = self.rules.shape
        if not self.check_moduli:
            return np.zeros((m * n, 0), dtype=np.int64)
        # Unit changes a batch at a time: the whole identity would be (mn)² int64 (2 GB at 128²).
        cells = m * n
        self.check_columns()
        step = max(1, _CHASE_BATCH_CELLS // cells)
        parts = []
        for s in range(0, cells, step):
            width = min(step, cells - s)
            units = np.zeros((cells, width), dtype=np.int64)
            units[np.arange(s, s + width), np.arange(width)] = 1
            parts.append(self._syndromes(self._residuals(units.reshape(m, n, width))))
        return np.ascontiguousarray(np.concatenate(parts, axis=1).T)

    def syndrome_columns(self) -> Ints:
        """Each cell's syndrome column, shape ``(m*n, checks)``: ``syndrome(c) = Σ c[cell]·col[cell]``
        reduced by :attr:`check_moduli`."""
        return self._columns

    def _glue(self, parts: list[Ints]) -> Ints:
        """The ``Z/k`` vector congruent to ``parts[j]`` mod each prime power (CRT)."""
        out = sum((v * part.idempotent for v, part in zip(parts, self.parts, strict=True)),
                  start=np.zeros_like(parts[0]))
        return out % self.states

    def solve(self, change: object) -> Levels | None:
        """A press vector ``x`` (values ``0 .. k-1``) with ``A x = change`` over ``Z/k``, or None.

        The answer is checked by pressing it before it is returned.
        """
        c = self.levels(change, "change")
        r = self._residuals(c[:, :, None])[:, 0]
        ts = []
        for part in self.parts:
            t = part.smith.solve(r)
            if t is None:
                return None
            ts.append(t)
        x, res = self.reduction.run(self._glue(ts)[:, None], c[:, :, None])
        presses = x[:, :, 0].astype(np.uint8)
        if res.any() or not np.array_equal(self.press(presses), c):  # pragma: no cover
            raise AssertionError("solution does not reproduce the requested change")
        return presses

    @cached_property
    def _kernel(self) -> tuple[Ints, tuple[int, ...]]:
        m, n = self.rules.shape
        gens, orders = [], []
        for part in self.parts:
            g, o = part.smith.kernel()
            gens.append((g * part.idempotent) % self.states)
            orders += o
        t = np.concatenate(gens, axis=0) if gens else np.zeros((0, self.free), dtype=np.int64)
        x, res = self.reduction.run(np.ascontiguousarray(t.T), None)
        x = np.ascontiguousarray(x.transpose(2, 0, 1)).reshape(len(orders), m, n)
        if res.any() or _press_batch(x.transpose(1, 2, 0), self.rules, self.states).any():  # pragma: no cover
            raise AssertionError("a kernel generator does not press to zero")
        return x, tuple(orders)

    def kernel_generators(self) -> tuple[Levels, tuple[int, ...]]:
        """Generators ``(g, m, n)`` of the kernel and each one's order (a prime power).

        Every press vector that changes nothing is ``Σ λ_i g_i`` for exactly one choice of
        ``0 <= λ_i < order_i``: the kernel is ``⊕ Z/order_i``, with ``kernel_size`` elements.
        """
        x, orders = self._kernel
        return x.astype(np.uint8), orders

    # The rest of the Algebra protocol (lightsart._core.algebra) under its shared names.

    @property
    def nullity(self) -> int:
        """The fewest generators of the kernel (:func:`kernel_rank`; over GF(k) its dimension)."""
        return kernel_rank(self)

    def kernel(self) -> Levels:
        """Generators of the kernel, shape ``(g, m, n)`` (:meth:`kernel_generators`)."""
        return self.kernel_generators()[0]

    def kernel_orders(self) -> tuple[int, ...]:
        """The order of each kernel generator, a prime power (:meth:`kernel_generators`)."""
        return self._kernel[1]

    def press_transpose(self, y: object) -> Levels:
        """``Aᵀ y`` over ``Z/k``: press with the pattern rotated 180°."""
        return press(y, self.rules.transposed())

    def columns(self) -> Ints:
        """Each cell's syndrome column (:meth:`syndrome_columns`): the columns a decoder searches."""
        return self._columns


def kernel_rank(alg: ModkAlgebra) -> int:
    """The fewest generators of the kernel of ``A`` over ``Z/k``: for each prime ``p`` of ``k``
    the number of cyclic ``p``-factors, the largest over the primes (0: every board reachable).
    For prime ``k`` the dimension over GF(k); for ``k = 2`` the nullity."""
    _, orders = alg.kernel_generators()
    per_prime = Counter(next(p for p in range(2, o + 1) if o % p == 0) for o in orders)
    return max(per_prime.values(), default=0)

def check_columns_early(rules: Rules, binary_nullity: Callable[[], int]) -> None:
    """:meth:`ModkAlgebra.check_columns` before the algebra over ``Z/k`` is built (a Smith form
    and a chase per free click: 25 s at 1024x1024), where that is cheap to know: an even ``k``
    whose board has quiet patterns over GF(2) (``binary_nullity()``, asked only beyond the
    bound) has a kernel over ``Z/k`` (a matrix over ``Z/k`` is invertible only if it is mod
    each prime of ``k``), so it is refused at once, whatever the picture."""
    m, n = rules.shape
    if rules.states % 2 == 0 and m * n > _columns_most(rules) and binary_nullity():
        _refuse_columns(rules)


def _columns_most(rules: Rules) -> int:
    """Cells whose syndrome columns fit :data:`~lightsart._limits.MODK_COLUMNS_MAX_WORK`."""
    return math.isqrt(MODK_COLUMNS_MAX_WORK // len(rules.pattern.offsets))


def _refuse_columns(rules: Rules) -> None:
    m, n = rules.shape
    most = _columns_most(rules)
    if m * n > most:
        raise LightsartError(
            f"{rules.states} states on {n}x{m}, where not every board is reachable: "
            f"finding the closest reachable board chases every cell across the board "
            f"(cells² work), at most {most:,} cells under these rules; choose a size where "
            f"every board is reachable (lightsart sizes {n}x{m} --states {rules.states})")



def modk_algebra(rules: Rules, method: Method = "auto") -> ModkAlgebra:
    """The (cached) algebra of ``rules`` over ``Z/k`` (``k = rules.states``, any ``k`` from 2):
    chased where a frame allows it, else every cell is an unknown; either way at most
    :data:`MODK_SYSTEM_MAX` unknowns.

    >>> alg = modk_algebra(Rules(4, 4, states=4))
    >>> alg.kernel_size, alg.check_moduli     # kernel Z/2 ⊕ Z/2 ⊕ Z/4 ⊕ Z/4: 64 press vectors
    (64, (2, 2, 4, 4))
    """
    return _modk_algebra(rules.with_states(2), _check_states(rules.states), method)


@lru_cache(maxsize=32)
def _modk_algebra(rules: Rules, k: int, method: Method) -> ModkAlgebra:
    rules = rules.with_states(k)  # cached by shape, pattern and topology; carries its k
    m, n = rules.shape
    plans = chase_plans(rules) if method != "eliminate" else []
    if plans and plans[0][1].free <= MODK_SYSTEM_MAX:
        frame, plan = plans[0]
        reduction = _Reduction(rules, k, frame, plan)
    elif method == "chase":
        reason = "no frame chases" if not plans else f"it needs {plans[0][1].free} free clicks"
        name = rules.pattern.name
        raise LightsartError(f"cannot chase pattern {name} on {n}x{m} {rules.topology}: {reason}")
    elif m * n <= MODK_SYSTEM_MAX:
        reduction = _Reduction(rules, k, None, None)
    else:
        free = f"{plans[0][1].free} free clicks" if plans else "no frame chases"
        raise LightsartError(
            f"pattern {rules.pattern.name} on a {n}x{m} {rules.topology} over Z/{k} needs a system "
            f"of more than {MODK_SYSTEM_MAX} unknowns (SYSTEM_MAX; {free})"
        )
    f = reduction.free
    # K = -(residual of each unit free value with no change): K t = r(c) is A x = c.
    residual = reduction.residuals(np.eye(f, dtype=np.int64), None)
    K = (-residual) % k
    return ModkAlgebra(rules, k, reduction, _split(K, k))


def _split(matrix: Ints, k: int) -> tuple[_Part, ...]:
    """The Smith form of a square ``matrix`` mod each prime power of ``k``, with its idempotent."""
    parts = []
    for p, e in modp.factor_prime_powers(k):
        q = p**e
        rest = k // q
        idempotent = rest * pow(rest, -1, q) % k if rest > 1 else 1
        parts.append(_Part(p, e, modp.smith(matrix % q, p, e), idempotent))
    return tuple(parts)


@dataclass(frozen=True, eq=False)
class LinearMap:
    """A small square matrix ``M`` over ``Z/k`` (for example light chasing's top-row → bottom-row
    map), split by CRT as :class:`ModkAlgebra` splits ``K``."""

    k: int
    matrix: Ints
    parts: tuple[_Part, ...]

    @property
    def kernel_size(self) -> int:
        """How many ``t`` have ``M t = 0``."""
        return int(np.prod([part.p**part.smith.kernel_log for part in self.parts], dtype=object))

    def solve(self, b: object) -> Ints | None:
        """One ``t`` (values ``0 .. k-1``) with ``M t = b`` over ``Z/k``, checked, or None."""
        rhs = np.asarray(b, dtype=np.int64) % self.k
        ts = []
        for part in self.parts:
            t = part.smith.solve(rhs)
            if t is None:
                return None
            ts.append(t * part.idempotent)
        out: Ints = sum(ts, start=np.zeros_like(rhs)) % self.k
        if not np.array_equal(self.matrix @ out % self.k, rhs):  # pragma: no cover
            raise AssertionError("linear_map: the solution does not solve the system")
        return out

    def kernel_generators(self) -> tuple[Ints, tuple[int, ...]]:
        """Generators ``(g, n)`` of ``{t : M t = 0}`` and each one's order (as
        :meth:`ModkAlgebra.kernel_generators`)."""
        gens, orders = [], []
        for part in self.parts:
            g, o = part.smith.kernel()
            gens.append((g * part.idempotent) % self.k)
            orders += o
        n = self.matrix.shape[0]
        stacked = np.concatenate(gens, axis=0) if gens else np.zeros((0, n), dtype=np.int64)
        return stacked, tuple(orders)


def linear_map(matrix: object, k: int) -> LinearMap:
    """``matrix`` (square, integers) as a :class:`LinearMap` over ``Z/k``.

    >>> linear_map(np.array([[1, 1], [1, 1]]), 4).solve(np.array([3, 3])).tolist()
    [3, 0]
    """
    M = np.asarray(matrix, dtype=np.int64) % _check_states(k)
    return LinearMap(int(k), M, _split(M, int(k)))
