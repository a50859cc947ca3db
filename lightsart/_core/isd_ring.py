"""Information-set decoding over ``Z/k``, the ``k``-state walk behind :func:`lightsart._core.decode.decode`.

The two-state walk (:mod:`lightsart._core.isd`) XORs packed bit columns; over ``Z/k`` a column has
``k - 1`` non-zero multiples, a pivot must be a unit and the checks may have several moduli, so the
walk is written here over ``Z/q`` (``int16``), one prime power ``q`` of ``k`` at a time.

We look for errors ``e`` (one value mod ``k`` per cell) of least cost ``Σ cost_c [e_c ≠ 0]`` with
``Σ e_c h_c = σ`` in the cokernel ``⊕ Z/p^a`` (:meth:`ModkAlgebra.syndrome_columns`).

**Split by the Chinese remainder theorem.** The checks of modulus ``p^a`` see only ``e mod p^e``
(``q = p^e`` the power of ``p`` in ``k``), so each prime power is its own problem; a cell is wrong
when it is non-zero in any of them. The prime powers are decoded one after another, each with the
cells the earlier ones already made wrong at cost 0 (they are wrong anyway), and glued with the
idempotents ``ε_q`` (``e = Σ ε_q e_q mod k``).

**Checks of a smaller modulus.** A check of modulus ``p^a < q`` only fixes ``Σ e_c h_c`` mod
``p^a``: mod ``q`` it reads ``Σ e_c h_c + p^a y = σ`` for some ``y``. Each such check gets a slack
column ``p^a e_r`` of cost 0, a variable like the cells' (it is 0 mod ``p``, so never a pivot):
the walk changes ``y`` as it changes any value, and a move that sets it folds ``p^a y`` into the
syndrome. (Fixing ``y`` instead, by a random lift ``h_c + p^a z_c`` per restart, keeps one class of
``y`` in ``(q / p^a)`` per check and missed planted two-cell errors over Z/8 on 9×9.)

**Information sets over ``Z/q``.** Gaussian elimination pivoting on units (``h mod p ≠ 0``) chooses
``d`` pivot columns ``J`` and rewrites every column and the syndrome in that basis: ``h'_c``,
``s'`` (the reduction mod ``p`` of the checks has full rank ``d``, so every row gets a unit
pivot). The solution supported on ``J`` is ``e_J = s'`` (Prange); adding ``v`` at one more column
``c`` gives ``e_J = s' - v h'_c`` (Lee–Brickell, scored for every ``c`` and ``v`` at once); Stern's
step pairs two columns whose multiples cancel on ``l`` rows where ``s'`` is 0, found by sorting
keys of their projections. *Walk* (Canteaut–Chabaud): a column enters the basis in place of a
pivot whose value in the current solution is 0, which keeps that solution and changes the
neighbourhood the next round scores; an improving (or, sometimes, equal) neighbour is entered the
same way. Each pivot step is one rank-one update of the ``d × N`` matrix (``int16``, ``q ≤ 16``).

**Work.** Rounds are planned from a budget in seconds with :data:`OPS_PER_SECOND`; all randomness
comes from one generator seeded by the caller, so the same rounds give the same answer on any
machine. The clock is only a cap (``cut_short``). The answer is re-verified (its syndrome is
``σ``) and is never worse than the starting solution the caller gives (the bottom-row chase).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

# Rounds are planned at the nominal speed of lightsart._calibration (still exported from here).
from lightsart._calibration import OPS_PER_SECOND
from lightsart._core.modp import factor_prime_powers
from lightsart._limits import planning_seconds

__all__ = ["ModkDecoding", "rounds_for", "search"]

Ints = NDArray[np.int64]
Small = NDArray[np.int16]

# Rounds of the walk between fresh lifts and eliminations (from the best solution so far).
_RESTART = 30
# Rounds per cell, at most: small boards are searched through long before a budget is spent.
_ROUNDS_PER_CELL = 8
# Stern pairs scored per round, at most (their cost is d × pairs).
_PAIRS = 1 << 12


@dataclass(frozen=True)
class ModkDecoding:
    """Errors (values mod ``k`` per cell), their cost, and how the search went."""

    error: Ints
    cost: float
    rounds: int
    cut_short: bool


def _round_ops(d: int, n: int, q: int) -> int:
    """Element operations of one round: Lee–Brickell over ``q-1`` multiples, Stern, a pivot step."""
    return d * n * (q + 3) + d * min(_PAIRS, n * (q - 1)) * 2


def rounds_for(seconds: float, d: int, n: int, k: int) -> int:
    """Rounds of the walk that fit in ``seconds`` for ``d`` checks on ``n`` columns over ``Z/k``."""
    q = max(p**e for p, e in factor_prime_powers(k))
    planned = int(planning_seconds(seconds) * OPS_PER_SECOND / _round_ops(max(d, 1), max(n, 1), q))
    return max(1, min(planned, _ROUNDS_PER_CELL * n))


def _mod(x: Small, q: int) -> Small:
    """``x mod q`` for ``int16`` arrays: a mask for powers of 2 (two's complement), else remainder."""
    return x & (q - 1) if q & (q - 1) == 0 else np.remainder(x, q)


class _Basis:
    """The lifted checks mod ``q`` in systematic form: ``M[:, pivots] = I``, ``s`` the syndrome."""

    def __init__(self, lifted: Small, s: Small, p: int, q: int) -> None:
        self.M, self.s, self.p, self.q = lifted.copy(), s.copy(), p, q
        self.d = lifted.shape[0]
        self.pivots = np.full(self.d, -1, dtype=np.int64)
        self.inverse = np.zeros(q, dtype=np.int16)
        for u in range(1, q):
            if u % p:
                self.inverse[u] = pow(u, -1, q)

    def pivot(self, i: int, c: int) -> None:
        """Column ``c`` becomes the pivot of row ``i`` (``M[i, c]`` must be a unit)."""
        q = self.q
        inv = self.inverse[int(self.M[i, c])]
        self.M[i] = _mod(self.M[i] * inv, q)
        self.s[i] = (self.s[i] * inv) % q
        f = self.M[:, c].copy()
        f[i] = 0
        rows = np.flatnonzero(f)
        if rows.size:
            self.M[rows] = _mod(self.M[rows] - f[rows, None] * self.M[i][None, :], q)
            self.s[rows] = (self.s[rows] - f[rows] * self.s[i]) % q
        self.pivots[i] = c

    def eliminate(self, order: Ints) -> bool:
        """Pivot on the columns of ``order`` in turn (those with a unit in a free row)."""
        free = np.ones(self.d, dtype=bool)
        left = self.d
        for c in order.tolist():
            rows = np.flatnonzero(free & (self.M[:, c] % self.p != 0))
            if rows.size:
                self.pivot(int(rows[0]), c)
                free[rows[0]] = False
                left -= 1
                if not left:
                    return True
        return left == 0

    def solution(self, n: int) -> Ints:
        e = np.zeros(n, dtype=np.int64)
        e[self.pivots] = self.s
        return e

    def enter(self, target: Ints) -> bool:
        """Swap the columns of ``target`` (a solution) into the basis at rows where it is 0."""
        inside = np.zeros(target.size, dtype=bool)
        inside[self.pivots] = True
        for c in np.flatnonzero((target != 0) & ~inside).tolist():
            rows = np.flatnonzero((target[self.pivots] == 0) & (self.M[:, c] % self.p != 0))
            if not rows.size:
                return False
            self.pivot(int(rows[0]), c)
        return bool(np.array_equal(self.s, target[self.pivots]))


def _syndrome_ok(cols: Ints, moduli: Ints, e: Ints, sigma: Ints) -> bool:
    return not ((e @ cols - sigma) % moduli).any()


def _component(cols: Ints, moduli: Ints, sigma: Ints, p: int, q: int, cost: NDArray[np.float64],
               start: Ints, rounds: int, rng: np.random.Generator, deadline: float, floor: float,
               value_cost: NDArray[np.float64] | None = None) -> tuple[Ints, int, bool]:
    """Least-cost ``e`` mod ``q`` with ``cols^T e = σ`` (per check mod its modulus), from ``start``.

    The walk scores wrong cells by ``cost``; with ``value_cost`` (``(n, q)``: the price of each
    value per cell) the best solution is kept by that price instead."""
    n, d = cols.shape
    cells = np.arange(n)

    def price(e: Ints) -> float:
        if value_cost is None:
            return float(cost[e != 0].sum())
        return float(value_cost[cells, e].sum())

    best = start % q
    best_cost = price(best)
    done = 0
    ell = max(1, min(d - 1, math.ceil(math.log(max(2, n * (q - 1))) / math.log(q))))
    multiples = np.arange(1, q, dtype=np.int16)
    # A check of modulus p^a < q holds mod q up to p^a y: a slack column p^a e_r of cost 0 per such
    # check (never a pivot: it is 0 mod p) lets the walk choose y like any other value.
    low = np.flatnonzero(moduli < q)
    slack = np.zeros((d, low.size), dtype=np.int16)
    slack[low, np.arange(low.size)] = moduli[low]
    checks = np.ascontiguousarray(np.concatenate([(cols % moduli[None, :]).T, slack], axis=1)
                                  ).astype(np.int16)
    walk_cost = np.concatenate([cost, np.zeros(low.size)])
    while done < rounds and best_cost > floor:
        if time.perf_counter() > deadline:
            return best, done, True
        # The checks mod q with the best solution's syndrome (its slack is 0).
        s = ((best @ checks[:, :n].T.astype(np.int64)) % q).astype(np.int16)
        basis = _Basis(checks, s, p, q)
        support = np.flatnonzero(best)
        rest = np.setdiff1d(np.arange(n), support)
        order = np.concatenate([rng.permutation(support), rng.permutation(rest)])
        if not basis.eliminate(order):  # pragma: no cover - the checks mod p have full rank
            return best, rounds, False
        current = basis.solution(n + low.size)
        current_cost = float(walk_cost[current != 0].sum())
        for _ in range(min(_RESTART, rounds - done)):
            done += 1
            if time.perf_counter() > deadline:
                return best, done, True
            moved = _step(basis, walk_cost, current_cost, multiples, ell, rng)
            if moved is not None:
                target, _ = moved
                for c in n + np.flatnonzero(target[n:]):  # the slack goes into the syndrome
                    basis.s = _mod(basis.s - np.int16(target[c]) * basis.M[:, c], q)
                    target[c] = 0
                current = target if basis.enter(target) else basis.solution(n + low.size)
                current_cost = float(walk_cost[current != 0].sum())
            priced = current_cost if value_cost is None else price(current[:n])
            if priced < best_cost:
                best, best_cost = current[:n].copy(), priced
                if best_cost <= floor:
                    break
            # The walk: a random column enters at a row outside the current solution's support.
            zero_rows = np.flatnonzero(basis.s == 0)
            if zero_rows.size:
                i = int(rng.choice(zero_rows))
                units = np.flatnonzero(basis.M[i] % p != 0)
                units = units[~np.isin(units, basis.pivots)]
                if units.size:
                    basis.pivot(i, int(rng.choice(units)))
    return best, done, False


def _weighted_counts(weights: NDArray[np.float64], differs: NDArray[np.bool_]) -> NDArray[np.float64]:
    """``weights @ differs`` (the cost of each column's wrong rows). ``einsum`` on the bytes of the
    boolean matrix: 10–15 times faster than ``@``, which converts it to floats first."""
    return np.einsum("i,ij->j", weights, differs.view(np.uint8))


def _step(basis: _Basis, cost: NDArray[np.float64], current: float, multiples: Small, ell: int,
          rng: np.random.Generator) -> tuple[Ints, float] | None:
    """The cheapest Lee–Brickell or Stern neighbour if it is cheaper (or, half the time, equal)."""
    M, s, q = basis.M, basis.s, basis.q
    n = M.shape[1]
    weights = cost[basis.pivots]
    outside = np.ones(n, dtype=bool)
    outside[basis.pivots] = False
    best_cost = np.inf
    best_move: tuple[tuple[int, int], ...] | None = None
    p = basis.p
    power = 1
    while power < q:
        # v = power * u: (v M)[r] != s[r]  <=>  ((power M) mod q)[r] != (u^-1 s)[r].
        scaled = M if power == 1 else _mod(M * np.int16(power), q)
        for u in range(1, q // power if power > 1 else q):
            if u % p == 0:
                continue
            differs = scaled != ((basis.inverse[u] * s) % q)[:, None]
            totals = _weighted_counts(weights, differs) + cost
            totals = np.where(outside, totals, np.inf)
            c = int(totals.argmin())
            if totals[c] < best_cost:
                best_cost, best_move = float(totals[c]), ((c, power * u % q),)
        power *= p
    # Stern: pairs of (column, multiple) whose projections on ell rows where s is 0 cancel.
    zero_rows = np.flatnonzero(s == 0)
    if zero_rows.size >= ell:
        rows = rng.choice(zero_rows, size=ell, replace=False)
        cand = np.flatnonzero(outside)
        place = (q ** np.arange(ell, dtype=np.int64))[:, None]
        proj = M[rows][:, cand].astype(np.int64)
        keys = np.concatenate([(((v * proj) % q) * place).sum(axis=0) for v in multiples.tolist()])
        who = np.tile(cand, multiples.size)
        mult = np.repeat(multiples.astype(np.int64), cand.size)
        shuffle = rng.permutation(keys.size)
        keys, who, mult = keys[shuffle], who[shuffle], mult[shuffle]
        order = np.argsort(keys, kind="stable")
        keys, who, mult = keys[order], who[order], mult[order]
        same = np.flatnonzero((keys[1:] == keys[:-1]) & (who[1:] != who[:-1]))[:_PAIRS]
        if same.size:
            a, va = who[same], mult[same]
            b, vb = who[same + 1], (q - mult[same + 1]) % q  # key(b, u) = key(a, va): add -u h_b
            combo = (s[:, None].astype(np.int64) - va[None, :] * M[:, a] - vb[None, :] * M[:, b]) % q
            totals = _weighted_counts(weights, combo != 0) + cost[a] + cost[b]
            j = int(totals.argmin())
            if totals[j] < best_cost:
                best_cost = float(totals[j])
                best_move = ((int(a[j]), int(va[j])), (int(b[j]), int(vb[j])))
    if best_move is None or best_cost > current or (best_cost == current and rng.random() < 0.5):
        return None
    e = np.zeros(n, dtype=np.int64)
    e[basis.pivots] = s
    for c, v in best_move:
        e[basis.pivots] = (e[basis.pivots] - v * M[:, c]) % q
        e[c] = v
    return e, best_cost


def search(columns: Ints, moduli: Ints, sigma: Ints, k: int, start: Ints, *,
           cost: NDArray[np.float64] | None = None, seconds: float = 1.0, seed: int = 0,
           rounds: int | None = None, floor: float = 0.0,
           value_cost: NDArray[np.float64] | None = None) -> ModkDecoding:
    """Errors ``e`` mod ``k`` with ``Σ e_c columns[c] = σ`` (mod ``moduli``) of least cost found.

    ``start`` must be a solution (the bottom-row chase); the answer is never costlier. ``cost`` is
    per cell (default 1: wrong cells). ``value_cost`` (``(cells, k)``, zero at 0) prices each value
    per cell: when ``k`` is a prime power the search keeps its best solution by that price (the
    walk still scores cells by ``cost``) and ``floor`` is in its units. ``rounds`` (default:
    planned from ``seconds``) fixes the work; the clock stops the search at ``2 × seconds`` and
    then ``cut_short`` is set. The search stops early once the cost reaches ``floor`` (a proven
    lower bound).
    """
    began = time.perf_counter()
    n, d = columns.shape
    unit = np.ones(n) if cost is None else np.asarray(cost, dtype=np.float64)
    if not _syndrome_ok(columns, moduli, start, sigma):
        raise ValueError("the starting errors do not have the syndrome")
    plan = rounds_for(seconds, d, n, k) if rounds is None else rounds
    deadline = began + 2 * seconds if rounds is None else math.inf
    rng = np.random.default_rng(seed)
    parts = factor_prime_powers(k)
    error = np.zeros(n, dtype=np.int64)
    wrong = np.zeros(n, dtype=bool)
    done, cut = 0, False
    for p, e in parts:
        q = p**e
        rest = k // q
        idem = rest * pow(rest, -1, q) % k if rest > 1 else 1
        checks = np.flatnonzero(moduli % p == 0)
        here = start % q
        if checks.size and (here.any() or sigma[checks].any()):
            share = max(1, plan // len(parts))
            free = np.where(wrong, 0.0, unit)  # already wrong: another component is free there
            single = len(parts) == 1
            here, used, stopped = _component(columns[:, checks], moduli[checks], sigma[checks], p, q,
                                             free, here, share, rng, deadline,
                                             floor if single else 0.0,
                                             value_cost if single else None)
            done, cut = done + used, cut or stopped
        error = (error + idem * here) % k
        wrong |= here != 0
    priced = value_cost is not None and len(parts) == 1

    def price(e: Ints) -> float:
        if priced:
            assert value_cost is not None
            return float(value_cost[np.arange(n), e % k].sum())
        return float(unit[e % k != 0].sum())

    if price(error) > price(start):  # pragma: no cover
        error = start % k
    if not _syndrome_ok(columns, moduli, error, sigma):  # pragma: no cover
        raise AssertionError("decoded errors do not have the syndrome")
    return ModkDecoding(error, price(error), done, cut)
