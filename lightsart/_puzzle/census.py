"""Exact statistics of the whole state space of a puzzle (goal: every light off), for any rules.

The optimal move count of a solvable state ``s`` is the fewest clicks ``x`` with ``A x = s``:
the minimum weight over the coset ``x0 ^ span(quiet patterns)``. Every click set solves exactly
one state and every solvable state has ``2**d`` click sets, so the distribution over states is
the distribution of ``min_λ |x ^ λ·Q|`` over all ``2**(mn)`` click sets ``x``, divided by ``2**d``.

This needs only the quiet patterns ``Q``, the kernel of ``A``, and holds for every
:class:`~lightsart.Rules`. When the pattern is not symmetric the solvable states are the
column space of ``A`` (orthogonal to the kernel of ``Aᵀ``, not of ``A``), but that never enters:
the census counts click sets, and the cosets are cosets of the kernel of ``A``. So the groups
below are by the columns of ``Q`` (the kernel of ``A``), not by the syndrome checks. (Turning
the board 180° maps ``A`` to ``Aᵀ`` on all three topologies, so the kernel of ``Aᵀ`` is the kernel
of ``A`` turned round and would give the same distribution, but not the same moves per state.)

**Signature groups.** Give cell ``p`` its quiet-pattern column ``v_p`` (``d`` bits). Cells with
``v = 0`` are in no quiet pattern and always count. In group ``v ≠ 0`` (``n_v`` cells, ``a_v`` of
them clicked) adding ``λ·Q`` flips every cell when ``λ·v = 1``, so with ``b_v = n_v - 2 a_v``::

    |x ^ λ·Q| = a_0 + (M - S(λ)) / 2,   S(λ) = Σ_v b_v (-1)^(λ·v),   M = Σ_{v≠0} n_v

and the optimal move count is ``a_0 + (M - max_λ S(λ)) / 2``. The ``a_v`` are independent with
weights ``C(n_v, a_v)``; the census is the distribution of ``max_λ S(λ)``, a Walsh spectrum.

**The dynamic programme.** Groups are added one at a time; the state is the partial spectrum
``P(λ)``. Three facts keep it small:

* *Flag order.* Coordinates are chosen (greedily) so that the groups processed last lie in small
  subspaces ``W_j``. Once every remaining ``v`` lies in ``W_j``, the future depends on ``λ`` only
  through its class mod ``W_j^⊥``, so ``P`` collapses to ``2**j`` classes by taking maxima.
* *Translation.* Each ``b_v`` is symmetric, so ``P(λ)`` and ``P(λ ⊕ μ)`` have the same future:
  the state is stored translated so that its maximum sits at ``λ = 0``.
* *Clipping.* A class more than ``2·(cells left)`` below the maximum can never win.

Counts are kept modulo several primes below ``2**31`` (exact int64 arithmetic) and recovered by
the Chinese remainder theorem. Nullity 0 needs none of this: the distribution is ``C(mn, k)``.

Out of reach: boards whose state space does not shrink this way, which is most boards with
nullity above about 4 on more than a few dozen cells (9×9, 11×11, 16×16, 19×19, ...): the
partial spectra stay distinct, ``2**40`` and more. The error message says where it stopped.

**K states** (:func:`_enumerate`). A board ``s``
is solved by presses ``x`` with ``s + A x = 0`` (mod ``k``); every press vector solves exactly one
board and every solvable board has ``kernel_size`` of them, so one pass over all ``k^(mn)`` press
vectors gives every solvable board's fewest presses (a cell pressed ``j`` times counts ``j``).
The Walsh-spectrum programme above has no counterpart over ``Z/k`` here, so that census stays
exact only up to :data:`~lightsart._limits.CENSUS_LEVELS_MAX_STATES` press vectors (refused before
any work beyond). The count is checked: the solvable boards number ``k^(mn) / kernel_size``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart._core.board import all_lit
from lightsart._core.quiet import walsh_hadamard
from lightsart._errors import LightsartError
from lightsart._limits import CENSUS_LEVELS_MAX_STATES, count_words, power_words
from lightsart._puzzle.game import game, lightest
from lightsart._rules import Rules

__all__ = ["DP_BUDGET", "MAX_CENSUS_CELLS", "Census", "census", "signature_groups"]

#: Largest board (cells) whose distribution is listed: beyond it the list itself is unwieldy.
MAX_CENSUS_CELLS = 4096
#: Largest number of table entries (states × classes) the dynamic programme may hold at once.
DP_BUDGET = 1 << 25
#: Largest nullity for which the dynamic programme is attempted at all (2**d classes per state).
_MAX_DP_NULLITY = 16


@dataclass(frozen=True)
class Census:
    """Exact statistics of every board of one size under ``rules``, goal every cell 0, at any
    number of states; each field and property is the ``--json`` key of the same name.

    ``boards`` is ``states**cells``, ``solvable`` how many can reach the goal,
    ``distribution[j]`` how many of those need ``j`` presses at fewest (a cell pressed ``j``
    times counts ``j``). ``nullity`` is the fewest generators of the presses that change
    nothing, ``kernel_size`` how many they are. ``all_lit_click_count`` is the fewest presses
    from the all-brightest board, None when it cannot be solved (possible under rules whose
    pattern leaves out the clicked cell, such as sigma, or with more than two states).
    """

    width: int
    height: int
    boards: int
    solvable: int
    nullity: int
    kernel_size: int
    distribution: tuple[int, ...]
    all_lit_click_count: int | None
    method: str
    seconds: float
    rules: Rules

    @property
    def states(self) -> int:
        return self.rules.states

    @property
    def max_click_count(self) -> int:
        """The presses the hardest solvable boards need."""
        return len(self.distribution) - 1

    @property
    def boards_at_max(self) -> int:
        """How many solvable boards need :attr:`max_click_count` presses."""
        return self.distribution[-1]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object printed by ``lightsart census --json``."""
        return {
            "width": self.width,
            "height": self.height,
            "states": self.states,
            "boards": self.boards,
            "solvable": self.solvable,
            "nullity": self.nullity,
            "kernel_size": self.kernel_size,
            "distribution": list(self.distribution),
            "max_click_count": self.max_click_count,
            "boards_at_max": self.boards_at_max,
            "all_lit_click_count": self.all_lit_click_count,
            "method": self.method,
            "seconds": round(self.seconds, 4),
            "rules": self.rules.to_dict(),
        }


def signature_groups(m: int, n: int, rules: Rules | None = None) -> dict[int, int]:
    """Cells per quiet-pattern signature ``v`` (bit ``k`` = cell is in quiet pattern ``k``).

    The quiet patterns are the kernel of ``A`` under ``rules`` (default: the classic game).
    """
    g = game(_rules(m, n, rules))
    if g.nullity == 0:
        return {0: m * n}
    cols = g.quiet_patterns.reshape(g.nullity, m * n).T.astype(np.int64)
    sig = (cols << np.arange(g.nullity, dtype=np.int64)).sum(axis=1)
    values, counts = np.unique(sig, return_counts=True)
    return {int(v): int(c) for v, c in zip(values, counts, strict=True)}


def _rules(m: int, n: int, rules: Rules | None) -> Rules:
    if rules is None:
        return Rules.plus(m, n)
    if rules.shape != (m, n):
        raise LightsartError(f"census of {n}x{m} was given rules for {rules.width}x{rules.height}")
    return rules


def census(m: int, n: int, *, budget: int = DP_BUDGET, rules: Rules | None = None) -> Census:
    """Exact census of the ``m`` × ``n`` board (``m`` rows) under ``rules`` (default: classic).

    With more than two states the census enumerates every press vector (:func:`_enumerate`).

    Raises :class:`LightsartError` when out of reach.
    """
    start = time.perf_counter()
    rules = _rules(m, n, rules)
    if not rules.is_binary:  # Z/K: enumeration of press vectors; GF(2) has the signature-group DP
        return _enumerate(rules)
    cells = m * n
    if cells > MAX_CENSUS_CELLS:
        raise LightsartError(
            f"census of {n}x{m}: {cells} cells, more than {MAX_CENSUS_CELLS}: the distribution "
            f"alone would list {cells + 1} numbers of up to {cells * 30103 // 100000 + 1} digits"
        )
    g = game(rules)
    d = g.nullity
    if d == 0:
        by_clicks = _binomials(cells)
        method = "binomial (nullity 0: every click set is the only solution of its state)"
    else:
        if d > _MAX_DP_NULLITY:
            raise _out_of_reach(m, n, d, f"nullity {d} means 2**{d} spectrum classes per state")
        groups = signature_groups(m, n, rules)
        spectrum = _max_spectrum_counts(groups, d, budget, (m, n))
        by_clicks = _combine(groups.get(0, 0), sum(c for v, c in groups.items() if v), spectrum)
        method = f"signature-group dynamic programme ({len(groups)} groups)"
    total = sum(by_clicks)
    if total != 1 << cells or any(c % (1 << d) for c in by_clicks):  # pragma: no cover
        raise AssertionError("census counts do not add up to every click set")
    distribution = [c >> d for c in by_clicks]
    while distribution and distribution[-1] == 0:
        distribution.pop()
    # The all-lit board is solvable whenever A is symmetric with a full diagonal (the classic game).
    lit = g.solve(all_lit(m, n))
    return Census(
        width=n,
        height=m,
        boards=1 << cells,
        solvable=1 << (cells - d),
        nullity=d,
        kernel_size=1 << d,
        distribution=tuple(distribution),
        all_lit_click_count=None if lit is None else int(lightest(lit, g).clicks.sum()),
        method=method,
        seconds=time.perf_counter() - start,
        rules=rules,
    )


def _binomials(count: int) -> list[int]:
    out = [1]
    for k in range(count):
        out.append(out[-1] * (count - k) // (k + 1))
    return out


def _out_of_reach(m: int, n: int, d: int, why: str) -> LightsartError:
    return LightsartError(
        f"census of {n}x{m} (nullity {d}) is out of reach: {why}; "
        f"exact censuses need nullity 0, or quiet patterns with few distinct cell signatures"
    )


def _combine(zero_cells: int, group_cells: int, spectrum: dict[int, int]) -> list[int]:
    """Click sets per optimal move count from the ``max S`` distribution and the ``v = 0`` cells."""
    zero = _binomials(zero_cells)
    out = [0] * (zero_cells + group_cells + 1)
    for top, count in spectrum.items():
        base = (group_cells - top) // 2
        for a0, ways in enumerate(zero):
            out[base + a0] += ways * count
    return out


def _primes(count: int) -> list[int]:
    """The ``count`` largest primes below ``2**31`` (products of two fit in int64)."""
    out: list[int] = []
    candidate = (1 << 31) - 1
    while len(out) < count:
        if all(candidate % q for q in range(3, math.isqrt(candidate) + 1, 2)):
            out.append(candidate)
        candidate -= 2
    return out


def _crt(residues: NDArray[np.int64], primes: list[int]) -> int:
    value, modulus = 0, 1
    for r, p in zip(residues.tolist(), primes, strict=True):
        # Garner step: pick value' ≡ value (mod modulus) with value' ≡ r (mod p).
        t = ((r - value) * pow(modulus, -1, p)) % p
        value += modulus * t
        modulus *= p
    return value


def _adapted_signatures(signatures: NDArray[np.int64], weight: NDArray[np.int64], d: int
                        ) -> NDArray[np.int64]:
    """New coordinates for the signatures: a flag chosen greedily so the last groups lie low.

    Coordinate ``d-1`` is the functional ``u`` whose hyperplane ``u·v = 0`` holds the heaviest
    groups (those outside are processed first, with the full spectrum); then the same within it.
    ``λ`` runs over all of GF(2)^d either way, so ``max_λ S(λ)`` is unchanged.
    """
    new = np.zeros_like(signatures)
    active = np.ones(signatures.size, dtype=bool)
    span = np.zeros(1, dtype=np.int64)  # every combination of the functionals chosen so far
    for bit in range(d - 1, -1, -1):
        f = np.bincount(signatures[active], weights=weight[active], minlength=1 << d)
        spectrum = walsh_hadamard(f.astype(np.int64))
        outside = (int(f.sum()) - spectrum).astype(np.float64) / 2
        outside[span] = np.inf  # dependent functionals would not give new coordinates
        u = int(np.argmin(outside))
        span = np.concatenate([span, span ^ u])
        parity = (np.bitwise_count(signatures & u) & 1).astype(np.int64)
        new |= parity << bit
        active &= parity == 0
    return new


class _Spectra:
    """Distinct partial spectra (translated, clipped) with their counts modulo each prime."""

    def __init__(self, classes: int, primes: list[int]) -> None:
        self.primes = np.asarray(primes, dtype=np.int64)
        # Column 0 holds max P; columns 1.. hold P(λ) - max P for λ = 1 .. classes-1
        # (translation puts the maximum at λ = 0).
        self.keys = np.zeros((1, classes), dtype=np.int32)
        self.counts = np.ones((1, len(primes)), dtype=np.int64)

    @property
    def classes(self) -> int:
        return int(self.keys.shape[1])

    def values(self) -> NDArray[np.int32]:
        """The absolute spectra ``P(λ)``, one row per state."""
        v = self.keys.copy()
        v[:, 1:] += v[:, :1]
        return v

    def store(self, values: NDArray[np.int32], counts: NDArray[np.int64], left: int) -> None:
        """Translate, clip (``left`` cells still to come) and merge equal states."""
        classes = values.shape[1]
        best = values.argmax(axis=1)
        index = np.arange(classes)[None, :] ^ best[:, None]
        values = np.take_along_axis(values, index, axis=1)
        top = values[:, :1]
        keys = np.maximum(values - top, -(2 * left + 1)).astype(np.int32)
        keys[:, :1] = top
        keys = np.ascontiguousarray(keys)
        row = np.dtype((np.void, keys.dtype.itemsize * classes))
        _, first, inverse = np.unique(
            keys.view(row).ravel(), return_index=True, return_inverse=True
        )
        order = np.argsort(inverse, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(inverse[order]) != 0])
        summed = np.add.reduceat(counts[order], starts, axis=0) % self.primes
        self.keys = keys[first]
        self.counts = summed

    def add_group(self, v: int, size: int, left: int) -> None:
        mu = np.arange(self.classes)
        sign = 1 - 2 * (np.bitwise_count(mu & v) & 1).astype(np.int32)
        b = size - 2 * np.arange(size + 1, dtype=np.int32)
        values = self.values()[:, None, :] + b[None, :, None] * sign[None, None, :]
        ways = np.array([[math.comb(size, a) % int(p) for p in self.primes]
                         for a in range(size + 1)], dtype=np.int64)
        counts = (self.counts[:, None, :] * ways[None, :, :]) % self.primes
        self.store(values.reshape(-1, self.classes), counts.reshape(-1, self.primes.size), left)

    def collapse(self, left: int) -> None:
        """Merge class ``μ`` with ``μ + classes/2``: no remaining group tells them apart."""
        v = self.values()
        half = self.classes // 2
        self.store(np.maximum(v[:, :half], v[:, half:]), self.counts, left)


def _max_spectrum_counts(groups: dict[int, int], d: int, budget: int, board: tuple[int, int]
                         ) -> dict[int, int]:
    """``{T: number of click sets on the v≠0 cells with max_λ S(λ) = T}``."""
    items = [(v, c) for v, c in groups.items() if v]
    signatures = np.array([v for v, _ in items], dtype=np.int64)
    sizes = np.array([c for _, c in items], dtype=np.int64)
    weight = np.round(np.log2(sizes + 1) * 1024).astype(np.int64)
    adapted = _adapted_signatures(signatures, weight, d)
    order = sorted(range(len(items)), key=lambda i: (-int(adapted[i]).bit_length(), sizes[i]))
    # The first groups (outside the chosen hyperplane) give distinct spectra, merged at most
    # 2**d-fold by translation: at least their product of (n_v + 1) table entries.
    first = [int(sizes[i]) + 1 for i in order if int(adapted[i]).bit_length() == d]
    if math.prod(first) > budget:
        m, n = board
        raise _out_of_reach(
            m, n, d,
            f"its first {len(first)} signature groups alone give about "
            f"{count_words(math.prod(first), '.1e')} distinct partial spectra",
        )
    left = int(sizes.sum())
    state = _Spectra(1 << d, _primes(left // 30 + 2))
    for done, i in enumerate(order):
        v, size = int(adapted[i]), int(sizes[i])
        while v < state.classes // 2:
            state.collapse(left)
        if state.keys.shape[0] * (size + 1) * state.classes > budget:
            m, n = board
            raise _out_of_reach(
                m, n, d,
                f"after {done} of {len(items)} signature groups the exact programme holds "
                f"{state.keys.shape[0]} distinct partial spectra of {state.classes} classes",
            )
        left -= size
        state.add_group(v, size, left)
    while state.classes > 1:
        state.collapse(0)
    return {int(k): _crt(c, [int(p) for p in state.primes])
            for k, c in zip(state.keys[:, 0], state.counts, strict=True)}


# Press vectors enumerated per chunk: about 2**18.
_CHUNK_BITS = 18


def _enumerate(rules: Rules) -> Census:
    """Exact census of the board of ``rules`` (more than two states), goal every cell 0, by
    enumerating every press vector: ``nullity`` is the fewest generators of the kernel over
    ``Z/k`` and ``kernel_size`` its number of elements (``k**nullity`` only for prime ``k``)."""
    from lightsart._core.modk import kernel_rank, modk_algebra
    from lightsart._rules import press

    began = time.perf_counter()
    k = rules.states
    m, n = rules.shape
    cells = m * n
    # k**cells is only computed when small (k >= 2: more cells than the bound's bits is beyond it)
    if cells >= CENSUS_LEVELS_MAX_STATES.bit_length() or k**cells > CENSUS_LEVELS_MAX_STATES:
        raise LightsartError(
            f"census of {n}x{m} with {k} states: {k}^{cells} = {power_words(k, cells)} boards, "
            f"more than {CENSUS_LEVELS_MAX_STATES} (the k-state census enumerates every press "
            "vector)")
    total = k**cells
    alg = modk_algebra(rules)
    # Column c of A: what one press of cell c adds to each cell.
    unit = np.eye(cells, dtype=np.int64).reshape(cells, m, n)
    A = np.stack([press(u, rules).reshape(-1) for u in unit], axis=1).astype(np.int64)
    place = k ** np.arange(cells, dtype=np.int64)  # base-k digit c is cell c
    worst = (k - 1) * cells + 1
    best = np.full(total, worst, dtype=np.int32)
    # Press vectors as (low cells, high cells): the low part's changes are computed once, and
    # each high part adds its own change to all of them (a chunk of k^low press vectors).
    low = min(cells, max(1, _CHUNK_BITS * 1000 // int(1000 * np.log2(k))))
    lows = np.arange(k**low, dtype=np.int64)
    x_low = (lows[:, None] // place[None, :low]) % k
    adds_low = (x_low @ A[:, :low].T).astype(np.int16)  # at most (k-1) * 81 per cell: fits
    presses_low = x_low.sum(axis=1).astype(np.int32)
    place_f = place.astype(np.float64)  # indices below 2**24: exact in float64, and BLAS is fast
    for high in range(k ** (cells - low)):
        x_high = (high // place[: cells - low]) % k
        adds = adds_low + (A[:, low:] @ x_high).astype(np.int16)
        board = (((-adds) % k).astype(np.float64) @ place_f).astype(np.int64)
        np.minimum.at(best, board, presses_low + int(x_high.sum()))
    solvable = best < worst
    size = alg.kernel_size
    if int(solvable.sum()) * size != total:  # pragma: no cover
        raise AssertionError("the census does not count every board's press vectors")
    distribution = np.bincount(best[solvable]).tolist()
    lit = int(best[total - 1])  # every digit k-1: the all-brightest board
    return Census(n, m, total, total // size, kernel_rank(alg), size,
                  tuple(int(v) for v in distribution), None if lit == worst else lit,
                  f"enumeration of all {k}^{cells} press vectors", time.perf_counter() - began,
                  rules)
