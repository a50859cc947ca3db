"""The press operator of one :class:`~lightsart.rules.Rules` as the puzzle tools use it.

Two kernels matter, and they differ when the pattern is not symmetric:

* the **quiet patterns**, a basis ``Q`` of the kernel of ``A``: click sets that change nothing.
  All click sets that reach one board are ``x0 ^ span(Q)``, so the fewest clicks is the lightest
  member of that coset;
* the **checks**, a basis ``N`` of the kernel of ``Aᵀ``: a change ``c`` is reachable iff
  ``N c = 0`` (the column space of ``A`` is the orthogonal complement of the kernel of ``Aᵀ``).
  ``N c`` is the *syndrome*. For a symmetric pattern ``N = Q``.

Both have ``d`` = nullity vectors (``A`` is square). The classic rules (plus on the plane) keep the
fast :mod:`lightsart.core.gf2` path; every other rule set uses :mod:`lightsart.core.general`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from lightsart import limits
from lightsart.core import general, gf2
from lightsart.core.optimize import combine_patterns, coset_weights, fewest_clicks
from lightsart.errors import LightsartError
from lightsart.results import ClickSearch
from lightsart.rules import Rules, press
from lightsart.types import Board

__all__ = ["COUNT_NULLITY", "Game", "Lightest", "game", "lightest", "rules_for"]

#: Largest nullity for which the whole coset is scored (a transform of ``2**d`` entries).
COUNT_NULLITY = 20


def rules_for(board: Board, rules: Rules | None) -> Rules:
    """``rules`` checked against the board's shape; the classic rules when None."""
    m, n = board.shape
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
    _classic: gf2.BoardAlgebra | None
    _general: general.RulesAlgebra | None

    def press(self, clicks: Board) -> Board:
        """``A x``: the cells ``clicks`` toggle."""
        return press(clicks, self.rules)

    def apply(self, board: Board, clicks: Board) -> Board:
        """The board after ``clicks``: ``board ^ A x``."""
        return board ^ self.press(clicks)

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


@lru_cache(maxsize=32)
def game(rules: Rules) -> Game:
    """The (cached) :class:`Game` of ``rules``, refusing kernels too large to hold."""
    m, n = rules.shape
    limits.check_board(n, m, most_cells=limits.PUZZLE_MAX_CELLS)
    if rules.is_classic:
        alg = gf2.algebra(m, n)
        if alg.nullity * m * n > limits.PUZZLE_MAX_NULLITY_CELLS:
            raise _too_large(rules, alg.nullity)
        game_ = Game(rules, alg.nullity, alg.quiet_patterns, alg.quiet_patterns, alg, None)
    else:
        rules_alg = general.algebra(rules)
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
    #: clock stopped it before its planned work (:class:`~lightsart.results.Clicks`).
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
    (:func:`lightsart.core.optimize.coset_weights`). Beyond :data:`COUNT_NULLITY` the search of
    :func:`~lightsart.core.optimize.fewest_clicks`, its work planned from ``seconds``.
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
