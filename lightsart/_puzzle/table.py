"""The bottom-row → top-row lookup table of classic light chasing.

Chasing (click under every wrong cell, row by row) leaves only the bottom row wrong. Pressing top
cell ``j`` alone and chasing down leaves bottom row ``B e_j``; the map ``t ↦ B t`` is linear, so
elimination on its ``n`` columns gives every bottom row that can occur (``2**rank``) and the
top-row presses that clear it; its kernel (``n - rank`` = the nullity) gives the other presses.

Chasing needs a pattern whose top row is its centre cell alone (so clicking the cell below a wrong
cell fixes it and touches no row above) and rows that do not wrap: plus and σ, or any such custom
pattern, on the plane or the cylinder (where the columns wrap, as the pattern's rows do). Other
rules have no such table (the puzzle tools show the algebraic solution instead), and
:func:`lookup_table` refuses them with one line.

**k states.** A click adds 1 (mod ``k``); a cell's *excess* is how far it is past the goal,
``(level - goal) mod k``, and chasing presses the cell below it as many times as it needs. The map
``t ↦ B t`` is linear over ``Z/k``: a bottom row of excess ``v`` is cleared by top presses ``t``
with ``B t = v`` (:func:`lightsart._core.modk.linear_map`). Those that can occur are the image of
``B``, ``k^n / |ker B|`` of them; ``|ker B|`` top rows clear nothing, and that is the number of
press vectors that change nothing. Over GF(2) a table too large to list is given as a reduced
basis with pivot columns; ``Z/k`` (a ring for composite ``k``) has no such basis, and a table too
large to list gives one bottom row per top cell. Each listed top row is the one with the fewest
presses where the kernel is small enough to try. One :class:`LookupTable` holds either.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lightsart import _limits as limits
from lightsart._core.gf2 import chase
from lightsart._errors import LightsartError
from lightsart._rules import CHASE_TOPOLOGIES, Rules

if TYPE_CHECKING:
    from lightsart._core.modk import LinearMap

__all__ = ["LookupTable", "chases", "lookup_table"]

Ints = NDArray[np.int64]
# Kernel elements tried for the lightest top row (beyond it any working top row will do), rows ×
# kernel elements tried for a whole table over Z/k, and press counts chased at once.
_LIGHTEST_MAX = 1024
_LIGHTEST_TABLE_WORK = 1 << 18
_CHASE_ENTRIES = 1 << 22


def chases(rules: Rules) -> bool:
    """Light chasing applies: the pattern reaches one row up, only at the clicked cell's column,
    and the rows do not wrap."""
    return rules.topology in CHASE_TOPOLOGIES and rules.pattern.chases


def lookup_table(rules: Rules, *, max_rows: int = 1024, seconds: float = 2.0) -> LookupTable:
    """The lookup table for finishing light chasing on ``rules``' board, at any number of states.

    Listed in full when there are at most ``max_rows`` bottom rows, else as a basis (two states)
    or one row per top cell (more). Rules under which light chasing does not apply
    (:func:`chases`) are refused. ``seconds``: the budget for making the listed two-state top rows
    lightest (``--time-limit``).
    """
    if rules.is_binary:  # GF(2): packed bit rows and a reduced basis (Z/k has none in general)
        return _bits_table(rules, max_rows, seconds)
    return _ring_table(rules, max_rows)


def _refuse(rules: Rules, max_rows: int, *, dense: bool = False) -> None:
    """Refuse with one line what a lookup table cannot hold (``dense``: the ``Z/k`` table's
    press counts, rows × columns × columns, are kept whole)."""
    m, n = rules.shape
    if not chases(rules):
        raise LightsartError(
            f"a lookup table needs light chasing: a pattern whose top row is its centre cell alone, "
            f"on the plane or the cylinder; pattern {rules.pattern.name} on the {rules.topology} "
            "has none (lightsart solve shows the algebraic solution under these rules)")
    if max(m, n) > limits.TABLE_MAX_SIDE:  # each column is chased down the whole board
        raise LightsartError(
            f"a lookup table for {n}x{m} is too large: at most {limits.TABLE_MAX_SIDE} on a side")
    if dense and m * n * n > limits.TABLE_LEVELS_MAX_ENTRIES:
        side = round(limits.TABLE_LEVELS_MAX_ENTRIES ** (1 / 3))
        raise LightsartError(
            f"a lookup table with {rules.states} states for {n}x{m} keeps {m * n * n:,} press "
            f"counts (rows x columns x columns); at most {limits.TABLE_LEVELS_MAX_ENTRIES:,} "
            f"({side}x{side})")
    if not 0 <= max_rows <= limits.TABLE_MAX_ROWS:
        raise LightsartError(f"--max-rows must be from 0 to {limits.TABLE_MAX_ROWS}, got {max_rows}")


def _press_row(need: Ints, row: int, presses: Ints, rules: Rules) -> None:
    """``need -= A (presses in row ``row``)`` on ``need`` ``(m, n, ...)``, in place, mod ``k``."""
    m = need.shape[0]
    wrap = rules.topology == "cylinder"
    for di, dj in rules.pattern.offsets:
        r = row + di
        if not 0 <= r < m:
            continue
        if wrap:
            need[r] -= np.roll(presses, dj, axis=0)
        elif dj >= 0:
            need[r, dj:] -= presses[: presses.shape[0] - dj]
        else:
            need[r, :dj] -= presses[-dj:]
        need[r] %= rules.states


def _chase(need: Ints, rules: Rules) -> Ints:
    """Chase ``need`` down (in place): the presses ``(m, n, ...)``; only the bottom row is left."""
    presses = np.zeros_like(need)
    for r in range(need.shape[0] - 1):
        presses[r + 1] = need[r]
        _press_row(need, r + 1, need[r].copy(), rules)
    return presses


def _bottom_map(rules: Rules) -> Ints:
    """``B`` ``(n, n)``: column ``j`` is the need left in the bottom row by pressing only top cell
    ``j`` once and chasing down (mod ``k``), chased a block of columns at a time."""
    m, n = rules.shape
    block = max(1, _CHASE_ENTRIES // (m * n))
    columns = []
    for j in range(0, n, block):
        top = np.eye(n, dtype=np.int64)[:, j: j + block]
        need = np.zeros((m, n, top.shape[1]), dtype=np.int64)
        _press_row(need, 0, top, rules)
        _chase(need, rules)
        columns.append(need[m - 1] % rules.states)
    return np.concatenate(columns, axis=1)


@dataclass(frozen=True)
class LookupTable:
    """Bottom row left after chasing → top-row presses that clear it, for one board under
    ``rules``; each field is the ``--json`` key of the same name.

    ``rows`` lists ``(bottom, top)``: how far each bottom cell is past the goal (0/1 with two
    states) and how many times to press each top cell. When ``complete`` it is every bottom row
    that can occur on a solvable board (``reachable`` of them). Otherwise, with two states, it is
    a basis: a bottom row is the XOR of the basis rows whose ``pivots`` column it lights, and the
    presses are the XOR of their top rows; with more it is one row per top cell ``j`` (pressing
    only ``j`` once): a bottom row that is a sum of those (mod ``states``) needs the same sum of
    presses. ``top_rows_lightest`` of ``top_rows_planned`` listed top rows are proven lightest;
    the clock stopped the minimising when ``cut_short``.
    """

    width: int
    height: int
    states: int
    nullity: int
    #: ``width - nullity``: None for composite ``states``, where ``Z/k`` is a ring and the
    #: bottom rows that occur are counted by ``reachable`` alone.
    rank: int | None
    kernel_size: int
    reachable: int
    complete: bool
    #: The basis rows' pivot columns (two states, incomplete tables); None for more states.
    pivots: tuple[int, ...] | None
    rows: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    rules: Rules
    top_rows_lightest: int
    top_rows_planned: int
    cut_short: bool
    _finder: _BitRows | _RingRows = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, object]:
        """The table as data: rows of (bottom row, top-row presses) as digit strings."""
        return {
            "width": self.width, "height": self.height, "states": self.states,
            "nullity": self.nullity, "rank": self.rank, "kernel_size": self.kernel_size,
            "reachable": self.reachable, "complete": self.complete,
            "pivots": None if self.pivots is None else list(self.pivots),
            "rows": [{"bottom": _digits(b), "top": _digits(t)} for b, t in self.rows],
            "rules": self.rules.to_dict(),
            "top_rows_lightest": self.top_rows_lightest,
            "top_rows_planned": self.top_rows_planned, "cut_short": self.cut_short,
        }

    def top_for(self, bottom: object) -> NDArray[np.uint8] | None:
        """The top-row presses clearing a bottom row (the lightest where the kernel is small
        enough to try), or None when it cannot occur."""
        return self._finder.top_for(bottom)


def _digits(values: tuple[int, ...]) -> str:
    return "".join("0123456789abcdef"[v] for v in values)


@dataclass(frozen=True)
class _BitRows:
    """GF(2): the reduced basis as packed ``(image, source)`` pairs with pivot bits, and the
    kernel's top rows."""

    basis: tuple[tuple[int, int], ...]
    pivots: tuple[int, ...]
    kernel: tuple[int, ...]
    width: int

    def top_for(self, bottom: object) -> NDArray[np.uint8] | None:
        e = _to_int(np.asarray(bottom, dtype=np.uint8).ravel())
        top = 0
        for (image, source), p in zip(self.basis, self.pivots, strict=True):
            if (e >> p) & 1:
                e ^= image
                top ^= source
        if e:
            return None
        return _to_bits(_lightest(top, list(self.kernel), self.width), self.width)


@dataclass(frozen=True)
class _RingRows:
    """``Z/k``: the top-row → bottom-row map, solved by its Smith forms."""

    map: LinearMap

    def top_for(self, bottom: object) -> NDArray[np.uint8] | None:
        top = _top_for(self.map, bottom)
        return None if top is None else top.astype(np.uint8)


def _to_int(bits: NDArray[np.uint8]) -> int:
    return sum(int(b) << j for j, b in enumerate(bits))


def _to_bits(value: int, width: int) -> NDArray[np.uint8]:
    return np.array([(value >> j) & 1 for j in range(width)], dtype=np.uint8)


def _lightest(top: int, kernel: list[int], width: int) -> int:
    """The lightest of ``top ^ span(kernel)`` (all the presses that work); ties: leftmost first."""
    if len(kernel) > 10:  # 2**10 options at most; beyond that any working top row will do
        return top
    options = [top]
    for k in kernel:
        options += [o ^ k for o in options]
    return min(options, key=lambda o: (o.bit_count(), _reading(o, width, lit_first=True)))


def _reading(value: int, width: int, lit_first: bool = False) -> tuple[int, ...]:
    """Sort key reading the cells left to right (lit cells first when ``lit_first``)."""
    return tuple(((value >> j) & 1) ^ lit_first for j in range(width))


def _bits_table(rules: Rules, max_rows: int, seconds: float) -> LookupTable:
    """The table over GF(2): column ``j`` of the map is the bottom row left by pressing only top
    cell ``j`` and chasing down; elimination gives a basis of the bottom rows that occur and the
    presses for each. Each listed top row is the lightest of its coset when the kernel has at
    most 10 vectors; beyond, as many rows as ``seconds`` plans (:func:`_minimise_rows`, up to
    :data:`SEARCH_NULLITY`)."""
    m, n = rules.shape
    _refuse(rules, max_rows)
    basis, pivots, kernel = _eliminate(_top_to_bottom(rules))
    order = sorted(range(len(pivots)), key=lambda k: pivots[k])
    basis = [(basis[k][0], _lightest(basis[k][1], kernel, n)) for k in order]
    pivots = [pivots[k] for k in order]
    rank = len(basis)
    complete = (1 << rank) <= max_rows
    rows = _every_row(basis, kernel, n) if complete else list(basis)
    rows, lightest, planned, cut = _minimise_rows(rows, kernel, n, seconds)

    def bits(v: int) -> tuple[int, ...]:
        return tuple((v >> j) & 1 for j in range(n))

    return LookupTable(n, m, 2, len(kernel), rank, 1 << len(kernel), 1 << rank, complete,
                       tuple(pivots), tuple((bits(e), bits(t)) for e, t in rows), rules,
                       len(rows) if lightest is None else lightest,
                       len(rows) if planned is None else planned, cut,
                       _BitRows(tuple(basis), tuple(pivots), tuple(kernel), n))


#: Largest kernel whose listed top rows ``table`` makes lightest (one transform of ``2**d``
#: members a row, planned from the budget); the exhaustive list covers kernels up to 10.
SEARCH_NULLITY = 24


def _minimise_rows(rows: list[tuple[int, int]], kernel: list[int], n: int, seconds: float
                   ) -> tuple[list[tuple[int, int]], int | None, int | None, bool]:
    """The rows with their top rows made lightest by one transform each (kernels of 11 to
    :data:`SEARCH_NULLITY`), as many as ``seconds`` buys at the nominal speed (a count: the
    table repeats on any machine), the clock only capping it. Returns the rows, how many are
    proven lightest and were planned (None: every row, by the exhaustive list) and the cut."""
    d = len(kernel)
    if d <= 10:
        return rows, None, None, False
    if d > SEARCH_NULLITY:
        return rows, 0, 0, False
    from lightsart._calibration import TRANSFORM_MEMBERS_PER_SECOND
    from lightsart._core.quiet import coset_weights
    from lightsart._limits import planning_seconds

    planned = min(len(rows), int(planning_seconds(seconds) * TRANSFORM_MEMBERS_PER_SECOND) >> d)
    patterns = np.array([[_to_bits(k, n)] for k in kernel], dtype=np.uint8)
    deadline = time.perf_counter() + seconds
    out = list(rows)
    for i in range(planned):
        if i and time.perf_counter() > deadline:
            return out, i, planned, True
        e, t = out[i]
        choice = int(np.argmin(coset_weights(_to_bits(t, n)[None, :], patterns)))
        for k, vector in enumerate(kernel):
            if (choice >> k) & 1:
                t ^= vector
        out[i] = (e, t)
    return out, planned, planned, False


def _top_to_bottom(rules: Rules) -> list[tuple[int, int]]:
    """For each top cell ``j``: (the bottom row left by pressing it and chasing down, ``1 << j``)."""
    m, n = rules.shape
    if not rules.is_classic:
        bottoms = _bottom_map(rules)
        return [(_to_int(bottoms[:, j].astype(np.uint8)), 1 << j) for j in range(n)]
    zero = np.zeros((m, n), dtype=np.uint8)
    columns = []
    for j in range(n):
        top = np.zeros(n, dtype=np.uint8)
        top[j] = 1
        columns.append((_to_int(chase(zero, top)[1][-1]), 1 << j))  # the classic chase, packed
    return columns


def _eliminate(columns: list[tuple[int, int]]
               ) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Gauss–Jordan on (image, source) pairs: a reduced basis of the images with their sources,
    each one's pivot bit, and the sources whose image is zero (the kernel)."""
    basis: list[tuple[int, int]] = []
    pivots: list[int] = []
    kernel: list[int] = []
    for image, source in columns:
        for (bi, bs), p in zip(basis, pivots, strict=True):
            if (image >> p) & 1:
                image ^= bi
                source ^= bs
        if not image:
            kernel.append(source)
            continue
        p = (image & -image).bit_length() - 1
        for k, (bi, bs) in enumerate(basis):
            if (bi >> p) & 1:
                basis[k] = (bi ^ image, bs ^ source)
        basis.append((image, source))
        pivots.append(p)
    return basis, pivots, kernel


def _every_row(basis: list[tuple[int, int]], kernel: list[int], n: int) -> list[tuple[int, int]]:
    """Every combination of the basis, with its lightest presses, in reading order."""
    combos = [(0, 0)]
    for image, source in basis:
        combos += [(e ^ image, t ^ source) for e, t in combos]
    return sorted(((e, _lightest(t, kernel, n)) for e, t in combos), key=lambda r: _reading(r[0], n))


def _top_for(bmap: LinearMap, bottom: object, lightest: bool = True) -> Ints | None:
    """The lightest ``t`` with ``B t = bottom`` (fewest presses, then presses furthest left),
    trying the whole kernel where it has at most ``_LIGHTEST_MAX`` elements (and ``lightest``);
    None if there is none."""
    t = bmap.solve(np.asarray(bottom, dtype=np.int64))
    if t is None or not lightest or bmap.kernel_size == 1 or bmap.kernel_size > _LIGHTEST_MAX:
        return t
    k = bmap.k
    gens, orders = bmap.kernel_generators()
    options = [t]
    for g, o in zip(gens, orders, strict=True):
        options = [(x + a * g) % k for x in options for a in range(o)]
    return min(options, key=lambda x: (int(x.sum()), tuple((-x).tolist())))


def _ring_table(rules: Rules, max_rows: int) -> LookupTable:
    """The table over ``Z/k``: every bottom row in the image of ``B`` with its lightest top row
    where the work allows, or one row per top cell."""
    from lightsart._core.modk import kernel_rank, linear_map, modk_algebra

    k = rules.states
    m, n = rules.shape
    _refuse(rules, max_rows, dense=True)
    # Column j of B is the need left by pressing only top cell j and chasing: a bottom row of
    # excess v (need -v) is cleared by top presses t whose need B t cancels it, B t = v.
    B = _bottom_map(rules)
    bmap = linear_map(B, k)
    reachable = k**n // bmap.kernel_size
    complete = reachable <= max_rows
    lightest = complete and reachable * bmap.kernel_size <= _LIGHTEST_TABLE_WORK
    if complete:
        seen = {tuple([0] * n)}
        for j in range(n):  # the image: every sum of columns
            col = B[:, j]
            seen |= {tuple(((np.array(v) + a * col) % k).tolist()) for v in seen for a in range(k)}
        rows = []
        for v in sorted(seen):
            top = _top_for(bmap, np.array(v), lightest)
            assert top is not None
            rows.append((v, tuple(int(x) for x in top)))
    else:
        rows = [(tuple(int(x) for x in B[:, j]), tuple(int(j == i) for i in range(n)))
                for j in range(n)]
    nullity = kernel_rank(modk_algebra(rules))
    prime = all(k % p for p in range(2, k))  # Z/k a field: the image has a dimension
    proven = len(rows) if lightest and bmap.kernel_size <= _LIGHTEST_MAX else 0
    return LookupTable(n, m, k, nullity, n - nullity if prime else None, bmap.kernel_size,
                       reachable, complete, None, tuple(rows), rules, proven, proven, False,
                       _RingRows(bmap))
