"""The press operator of one :class:`~lightsart.Rules` as the puzzle tools use it, at any
number of states (:class:`Game`, over :func:`lightsart._core.algebra.algebra`).

Two kernels matter, and they differ when the pattern is not symmetric:

* the **quiet patterns**, generators ``Q`` of the kernel of ``A``: click sets that change nothing.
  All click sets that reach one board are ``x0 + span(Q)``, so the fewest clicks is the lightest
  member of that coset;
* the **checks**: a change ``c`` is reachable iff its syndrome is zero. Over GF(2) they are a
  basis ``N`` of the kernel of ``Aᵀ`` (the column space of ``A`` is its orthogonal complement),
  ``N c`` is the syndrome, and ``N = Q`` for a symmetric pattern.

With two states both have ``d`` = nullity vectors (``A`` is square). Over ``Z/k`` (more states)
the kernel is a module: ``nullity`` is its fewest generators and ``kernel_size`` a count
(``k**nullity`` only for prime ``k``). Where the mathematics differs the game says so: over
GF(2) one Walsh–Hadamard transform scores a whole coset and the fewest lights to change are a
syndrome decoding on bit columns; ``Z/k`` has neither, and asks the fewest-presses search and
the exact engine's fit instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lightsart import _limits as limits
from lightsart._core import general, gf2
from lightsart._core.algebra import Algebra, algebra, reached
from lightsart._core.board import as_board
from lightsart._core.optimize import fewest_clicks
from lightsart._core.quiet import combine_patterns, coset_weights
from lightsart._errors import LightsartError
from lightsart._results import ClickSearch
from lightsart._rules import Rules, press
from lightsart._types import Board

__all__ = ["COUNT_NULLITY", "Changes", "Game", "Lightest", "game", "lightest", "rules_for"]

#: Largest nullity for which the whole coset is scored (a transform of ``2**d`` entries).
COUNT_NULLITY = 20


def rules_for(board: Board, rules: Rules | None) -> Rules:
    """``rules`` checked against the board's shape; the classic rules when None."""
    shape = np.shape(board)
    if len(shape) != 2 or 0 in shape:
        raise LightsartError(f"board must be a non-empty 2-D array, got shape {shape}")
    m, n = shape
    if rules is None:
        return Rules.plus(m, n)
    if rules.shape != (m, n):
        raise LightsartError(f"board is {n}x{m} but the rules are for {rules.width}x{rules.height}")
    return rules


@dataclass(frozen=True, eq=False)
class Game:
    """Solve, check and press under one rule set, at any number of states.

    ``quiet_patterns`` ``(g, m, n)``: generators of the kernel of ``A``; ``checks`` ``(d, m, n)``:
    the kernel of ``Aᵀ`` over GF(2), None over ``Z/k`` (its syndrome has no boards to show).
    """

    rules: Rules
    algebra: Algebra
    quiet_patterns: Board
    checks: Board | None

    @property
    def states(self) -> int:
        return self.rules.states

    @property
    def nullity(self) -> int:
        """The fewest generators of the kernel (with two states its dimension)."""
        return self.algebra.nullity

    @property
    def kernel_size(self) -> int:
        """How many click sets change nothing (``2**nullity`` with two states)."""
        return self.algebra.kernel_size

    def press(self, clicks: Board) -> Board:
        """``A x``: what ``clicks`` add to each cell (mod ``states``)."""
        return press(clicks, self.rules)

    def apply(self, board: Board, clicks: Board) -> Board:
        """The board after ``clicks``: ``board + A x`` (mod ``states``)."""
        return reached(board, clicks, self.rules)

    def cells(self, board: object) -> Board:
        """``board`` as this game's cells (``0 .. states-1``), refusing anything else."""
        if self.rules.is_binary:  # 0/1 boards: as_board also takes bools and refuses other values
            return as_board(board)
        a = np.asarray(board)
        k = self.states
        if a.ndim != 2 or a.size == 0:
            raise LightsartError(f"board must be a non-empty 2-D array, got shape {a.shape}")
        if not np.issubdtype(a.dtype, np.integer) or a.min() < 0 or a.max() >= k:
            raise LightsartError(f"board must hold only levels 0 to {k - 1}")
        return a.astype(np.uint8, copy=False)

    def solve(self, change: Board) -> Board | None:
        """One click set ``x`` with ``A x = change``, or None when ``change`` is not reachable."""
        x = self.algebra.solve(change)
        return None if x is None else x.astype(np.uint8, copy=False)

    def syndrome(self, change: object) -> NDArray[Any]:
        """The change's checks: all zero iff ``change`` is reachable."""
        return self.algebra.syndrome(change)

    def is_solvable(self, change: object) -> bool:
        return self.algebra.is_reachable(change)

    def lightest(self, x: Board, seconds: float = 2.0) -> Lightest:
        """The lightest member of ``x``'s coset (:func:`lightest`; ``seconds``: its budget)."""
        return lightest(x, self, seconds)

    def changes(self, board: Board, change: Board) -> Changes:
        """The fewest cells to change before ``change`` is reachable."""
        if self.checks is not None:
            return self._decoded(board, change, self.checks)
        return self._fitted(board, change)

    def _decoded(self, board: Board, change: Board, checks: Board) -> Changes:
        """GF(2): a syndrome decoding on the game's own checks (not the exact engine's fit: both
        find the fewest lights, but the engine's checks and budget pick other lights among equal
        answers)."""
        from lightsart._core.decode import decode

        syndrome = self.syndrome(change)
        # Bosch's baseline (every error in the bottom row) is a classic chase; others go without.
        baseline = np.flatnonzero(gf2.chase(change)[1].ravel()) if self.rules.is_classic else None
        fix = decode(self.columns(), syndrome, baseline=baseline)
        flat = np.zeros(board.size, dtype=np.uint8)
        flat[fix.errors] = 1
        fixes = flat.reshape(board.shape)
        if not self.is_solvable(change ^ fixes):  # pragma: no cover
            raise AssertionError("changing the suggested lights does not make the board solvable")
        failed = tuple(int(k) for k in np.flatnonzero(syndrome))
        return Changes(fixes, int(fixes.sum()), fix.proven, int(np.ceil(fix.lower_bound - 1e-9)),
                       failed, tuple(checks[k] for k in failed[:3]))

    def _fitted(self, board: Board, change: Board) -> Changes:
        """``Z/k``: the board reachable from this one closest to the goal (the exact engine's fit
        from the board); its wrong cells change by the inverse amounts."""
        from lightsart._engines.start import fit_from

        k = self.states
        goal = (board.astype(np.int64) + change) % k
        near = fit_from(board, goal, self.rules)
        cells = ((goal - near.board.astype(np.int64)) % k).astype(np.uint8)
        if not self.is_solvable((change.astype(np.int64) - cells) % k):  # pragma: no cover
            raise AssertionError("changing the suggested cells does not make the board solvable")
        failed = tuple(int(j) for j in np.flatnonzero(self.syndrome(change)))
        return Changes(cells, near.wrong_pixels, near.wrong_pixels_proven_minimal,
                       round(near.wrong_pixels_lower_bound), failed)

    def columns(self) -> NDArray[np.uint8]:
        """Each cell's syndrome column ``(m*n, d)`` over GF(2): the syndrome of changing that one
        cell."""
        assert self.checks is not None
        return np.ascontiguousarray(self.checks.reshape(self.nullity, -1).T)


@dataclass(frozen=True)
class Changes:
    """The fewest cells to change before a board can be solved: ``cells`` holds the amount to
    add to each (mod ``k``; 0/1 lights to toggle with two states), ``count`` how many there are,
    and ``failed`` the checks the board fails (``failed_boards``: the first three, as boards)."""

    cells: Board
    count: int
    proven: bool
    lower_bound: int
    failed: tuple[int, ...] = ()
    failed_boards: tuple[Board, ...] = ()


@lru_cache(maxsize=32)
def game(rules: Rules) -> Game:
    """The (cached) :class:`Game` of ``rules``, refusing two-state kernels too large to hold."""
    alg = algebra(rules)
    if not rules.is_binary:  # Z/k's algebra bounds its own system; no bit columns are kept
        return Game(rules, alg, alg.kernel(), None)
    m, n = rules.shape
    limits.check_board(n, m, most_cells=limits.PUZZLE_MAX_CELLS)
    if alg.nullity * m * n > limits.PUZZLE_MAX_NULLITY_CELLS:
        raise _too_large(rules, alg.nullity)
    # The checks: the quiet patterns themselves for a symmetric pattern (the classic game).
    if isinstance(alg, gf2.ClassicAlgebra):
        return Game(rules, alg, alg.quiet_patterns, alg.quiet_patterns)
    assert isinstance(alg, general.PackedAlgebra)
    return Game(rules, alg, alg.kernel(), alg.left_kernel())


def _too_large(rules: Rules, d: int) -> LightsartError:
    cells = rules.cells
    return LightsartError(
        f"board {rules.width}x{rules.height} has nullity {d}: nullity x cells is {d * cells}, "
        f"at most {limits.PUZZLE_MAX_NULLITY_CELLS}")


@dataclass(frozen=True)
class Lightest:
    """The lightest click set of a coset ``x0 ^ span(Q)``.

    ``count`` is how many members share its weight and ``weights[λ]`` the weight of
    ``x0 ^ λ·Q`` (bit ``k`` of ``λ`` = pattern ``k``); both None beyond :data:`COUNT_NULLITY`,
    where ``clicks`` is the fewest found by a local search and ``proven`` is False.
    """

    clicks: Board
    proven: bool
    count: int | None
    weights: NDArray[np.int64] | None
    #: Fewer clicks are impossible (the weight when proven), the search's work, and whether the
    #: clock stopped it before its planned work (:class:`~lightsart.Clicks`).
    lower_bound: int = 0
    search: ClickSearch | None = None
    cut_short: bool = False

    @property
    def choice(self) -> int | None:
        """The combination ``λ`` of quiet patterns added to ``x0`` (None when not scored)."""
        return None if self.weights is None else int(np.argmin(self.weights))


def lightest(x: Board, g: Game, seconds: float = 2.0) -> Lightest:
    """The lightest member of ``x``'s coset ``x + span(Q)`` (a cell pressed ``j`` times counts
    ``j``).

    Over GF(2) up to :data:`COUNT_NULLITY`, one Walsh–Hadamard transform of ``2**d`` entries:
    cells with the same quiet-pattern column ``v`` flip together, so the weight of every ``λ`` is
    ``|x| + (Σ f - F(λ)) / 2`` with ``f(v) = Σ (1 - 2 x_p)`` and ``F`` its transform
    (:func:`lightsart._core.optimize.coset_weights`). Beyond, and over ``Z/k`` (no such
    transform), the search of :func:`~lightsart.fewest_clicks`, its work planned from
    ``seconds``.
    """
    binary = g.rules.is_binary
    if binary and g.nullity == 0:
        return Lightest(x, True, 1, np.array([int(x.sum())], dtype=np.int64), int(x.sum()),
                        ClickSearch("none", 1, 1, 1, 1))
    if not binary or g.nullity > COUNT_NULLITY:
        best = fewest_clicks(x, rules=None if g.rules.is_classic else g.rules, seconds=seconds)
        return Lightest(best.clicks, best.proven, None, None, best.lower_bound, best.search,
                        best.cut_short)
    weights = coset_weights(x, g.quiet_patterns)
    choice = int(np.argmin(weights))
    count = int((weights == weights[choice]).sum())
    return Lightest(x ^ combine_patterns(g.quiet_patterns, choice), True, count, weights,
                    int(weights[choice]), ClickSearch("transform", 1, 1, 1, weights.size))
