"""The press operator of one :class:`~lightsart.Rules` as the puzzle tools use it.

Two kernels matter, and they differ when the pattern is not symmetric:

* the **quiet patterns**, a basis ``Q`` of the kernel of ``A``: click sets that change nothing.
  All click sets that reach one board are ``x0 ^ span(Q)``, so the fewest clicks is the lightest
  member of that coset;
* the **checks**, a basis ``N`` of the kernel of ``Aᵀ``: a change ``c`` is reachable iff
  ``N c = 0`` (the column space of ``A`` is the orthogonal complement of the kernel of ``Aᵀ``).
  ``N c`` is the *syndrome*. For a symmetric pattern ``N = Q``.

Both have ``d`` = nullity vectors (``A`` is square). The classic rules (plus on the plane) keep the
fast :mod:`lightsart._core.gf2` path; every other rule set uses :mod:`lightsart._core.general`.

With more states per cell (``k`` levels) the same questions are asked over ``Z/k``
(:class:`LevelGame`): :func:`game_for` chooses the game by the rules, and the puzzle tools
(solve, explain, path) ask it alone, whatever the number of states.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lightsart import _limits as limits
from lightsart._core import general, gf2
from lightsart._core.algebra import reached
from lightsart._core.board import as_board
from lightsart._core.optimize import fewest_clicks
from lightsart._core.quiet import combine_patterns, coset_weights
from lightsart._errors import LightsartError
from lightsart._results import ClickSearch
from lightsart._rules import Rules, press
from lightsart._types import Board

if TYPE_CHECKING:
    from lightsart._core.modk import ModkAlgebra

__all__ = ["COUNT_NULLITY", "Changes", "Game", "LevelGame", "Lightest", "game", "game_for",
           "lightest", "rules_for"]

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
    """Solve, check and press under one rule set.

    ``quiet_patterns`` ``(d, m, n)``: kernel of ``A``; ``checks`` ``(d, m, n)``: kernel of ``Aᵀ``.
    """

    rules: Rules
    nullity: int
    quiet_patterns: Board
    checks: Board
    _classic: gf2.ClassicAlgebra | None
    _general: general.PackedAlgebra | None

    def press(self, clicks: Board) -> Board:
        """``A x``: the cells ``clicks`` toggle."""
        return press(clicks, self.rules)

    def apply(self, board: Board, clicks: Board) -> Board:
        """The board after ``clicks``: ``board ^ A x``."""
        return reached(board, clicks, self.rules)

    @property
    def kernel_size(self) -> int:
        """How many click sets change nothing: ``2**nullity``."""
        return 1 << self.nullity

    def cells(self, board: object) -> Board:
        """``board`` as this game's cells (0/1), refusing anything else."""
        return as_board(board)

    def lightest(self, x: Board, seconds: float = 2.0) -> Lightest:
        """The lightest member of ``x``'s coset (:func:`lightest`; ``seconds``: its budget)."""
        return lightest(x, self, seconds)

    def changes(self, board: Board, change: Board) -> Changes:
        """The fewest lights to toggle before ``change`` is reachable: a syndrome decoding on the
        game's own checks (not the exact engine's fit: both find the fewest lights, but the
        engine's checks and budget pick other lights among equal answers)."""
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
                       failed, tuple(self.checks[k] for k in failed[:3]))

    def solve(self, change: Board) -> Board | None:
        """One click set ``x`` with ``A x = change``, or None when ``change`` is not reachable."""
        if self._classic is not None:
            return self._classic.solve(change)
        assert self._general is not None
        return self._general.solve(change)

    def syndrome(self, change: Board) -> NDArray[np.uint8]:
        """``N c``: one bit per check; all zero iff ``change`` is reachable."""
        if self._classic is not None:
            return self._classic.syndrome(change)
        assert self._general is not None
        return self._general.syndrome(change)

    def is_solvable(self, change: Board) -> bool:
        return not self.syndrome(change).any()

    def columns(self) -> NDArray[np.uint8]:
        """Each cell's syndrome column ``(m*n, d)``: the syndrome of changing that one cell."""
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


@dataclass(frozen=True, eq=False)
class LevelGame:
    """Solve and press under rules with ``k`` states per cell (three or more), over ``Z/k``
    (:mod:`lightsart._core.modk`): the same questions as :class:`Game`.

    ``nullity`` is the fewest generators of the kernel (for prime ``k`` its dimension),
    ``kernel_size`` how many press vectors change nothing (``k**nullity`` only for prime ``k``)
    and ``quiet_patterns`` the generators ``(g, m, n)``.
    """

    rules: Rules
    algebra: ModkAlgebra
    nullity: int
    kernel_size: int
    quiet_patterns: Board

    def cells(self, board: object) -> Board:
        """``board`` as levels ``0 .. k-1``, refusing anything else."""
        a = np.asarray(board)
        k = self.rules.states
        if a.ndim != 2 or a.size == 0:
            raise LightsartError(f"board must be a non-empty 2-D array, got shape {a.shape}")
        if not np.issubdtype(a.dtype, np.integer) or a.min() < 0 or a.max() >= k:
            raise LightsartError(f"board must hold only levels 0 to {k - 1}")
        return a.astype(np.uint8, copy=False)

    def apply(self, board: Board, presses: Board) -> Board:
        """The board after ``presses``: ``board + A x`` (mod ``k``)."""
        return reached(board, presses, self.rules)

    def solve(self, change: Board) -> Board | None:
        """One press vector ``x`` with ``A x = change``, or None when it is not reachable."""
        return self.algebra.solve(change)

    def is_solvable(self, change: Board) -> bool:
        return self.algebra.is_reachable(change)

    def lightest(self, x: Board, seconds: float = 2.0) -> Lightest:
        """The fewest presses making the same change (a cell pressed ``j`` times counts ``j``)."""
        best = fewest_clicks(x, rules=self.rules, seconds=seconds)
        return Lightest(best.clicks, best.proven, None, None, best.lower_bound, best.search,
                        best.cut_short)

    def changes(self, board: Board, change: Board) -> Changes:
        """The fewest cells to change first: the board reachable from this one closest to the
        goal (the exact engine's fit from the board); its wrong cells change by the inverse
        amounts."""
        from lightsart._engines.start import fit_from

        k = self.rules.states
        goal = (board.astype(np.int64) + change) % k
        near = fit_from(board, goal, self.rules)
        cells = ((goal - near.board.astype(np.int64)) % k).astype(np.uint8)
        if not self.algebra.is_reachable((change.astype(np.int64) - cells) % k):  # pragma: no cover
            raise AssertionError("changing the suggested cells does not make the board solvable")
        failed = tuple(int(j) for j in np.flatnonzero(self.algebra.syndrome(change)))
        return Changes(cells, near.wrong_pixels, near.wrong_pixels_proven_minimal,
                       round(near.wrong_pixels_lower_bound), failed)


def game_for(rules: Rules) -> Game | LevelGame:
    """The game of ``rules``: GF(2) for two states, ``Z/k`` for more."""
    if not rules.is_binary:  # Z/k is a ring: no bit columns to decode on, no 2**d coset transform
        from lightsart._core.modk import modk_algebra

        alg = modk_algebra(rules)
        return LevelGame(rules, alg, alg.nullity, alg.kernel_size, alg.kernel())
    return game(rules)


@lru_cache(maxsize=32)
def game(rules: Rules) -> Game:
    """The (cached) :class:`Game` of ``rules``, refusing kernels too large to hold."""
    m, n = rules.shape
    limits.check_board(n, m, most_cells=limits.PUZZLE_MAX_CELLS)
    if rules.is_classic:
        alg = gf2.classic_algebra(m, n)
        if alg.nullity * m * n > limits.PUZZLE_MAX_NULLITY_CELLS:
            raise _too_large(rules, alg.nullity)
        game_ = Game(rules, alg.nullity, alg.quiet_patterns, alg.quiet_patterns, alg, None)
    else:
        rules_alg = general.packed_algebra(rules)
        d = rules_alg.nullity
        if d * m * n > limits.PUZZLE_MAX_NULLITY_CELLS:
            raise _too_large(rules, d)
        game_ = Game(rules, d, rules_alg.kernel(), rules_alg.left_kernel(), None, rules_alg)
    if game_.nullity * m * n > limits.PUZZLE_MAX_NULLITY_CELLS:
        raise _too_large(rules, game_.nullity)
    return game_


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
    """Minimise ``|x ^ λ·Q|`` over all ``λ``: one Walsh–Hadamard transform of ``2**d`` entries.

    Cells with the same quiet-pattern column ``v`` flip together, so the weight of every ``λ`` is
    ``|x| + (Σ f - F(λ)) / 2`` with ``f(v) = Σ (1 - 2 x_p)`` and ``F`` its transform
    (:func:`lightsart._core.optimize.coset_weights`). Beyond :data:`COUNT_NULLITY` the search of
    :func:`~lightsart.fewest_clicks`, its work planned from ``seconds``.
    """
    if g.nullity == 0:
        return Lightest(x, True, 1, np.array([int(x.sum())], dtype=np.int64), int(x.sum()),
                        ClickSearch("none", 1, 1, 1, 1))
    if g.nullity > COUNT_NULLITY:
        best = fewest_clicks(x, rules=None if g.rules.is_classic else g.rules, seconds=seconds)
        return Lightest(best.clicks, best.proven, None, None, best.lower_bound, best.search,
                        best.cut_short)
    weights = coset_weights(x, g.quiet_patterns)
    choice = int(np.argmin(weights))
    count = int((weights == weights[choice]).sum())
    return Lightest(x ^ combine_patterns(g.quiet_patterns, choice), True, count, weights,
                    int(weights[choice]), ClickSearch("transform", 1, 1, 1, weights.size))
