"""One algebra for every rule set: the press operator ``A`` over ``Z/k``, ``k`` the states per cell.

The number of states is a parameter, as the field is in galois (``GF(2)`` one case of ``GF(p^m)``).
:class:`Algebra` is what every implementation answers, in the problem's words:

* :meth:`~Algebra.press` ``A x`` and :meth:`~Algebra.press_transpose` ``Aᵀ y``;
* :meth:`~Algebra.solve`: a press vector ``x`` with ``A x = change``, or None when the change
  is not reachable;
* :meth:`~Algebra.kernel`: generators of ``{x : A x = 0}`` with their orders
  (:meth:`~Algebra.kernel_orders`). Over ``GF(p)`` (``k`` prime) a basis of a vector space;
  over ``Z/p^e`` a module ``⊕ Z/p^a``, so :attr:`~Algebra.kernel_size` is a count (over
  ``Z/4`` a kernel of 2 elements is common) and :attr:`~Algebra.nullity` the fewest
  generators;
* :meth:`~Algebra.syndrome`: the change's coordinates in the cokernel (moduli
  :attr:`~Algebra.check_moduli`), zero iff reachable (:meth:`~Algebra.is_reachable`);
* :meth:`~Algebra.columns`: each cell's syndrome column, the columns a decoder searches.

:func:`algebra` chooses the implementation from the rules: classic light chasing where the plus
pattern chases on the plane (:class:`~lightsart._core.gf2.ClassicAlgebra`, the fastest path), packed
GF(2) chasing or elimination for any other two-state rules
(:class:`~lightsart._core.general.PackedAlgebra`), and ``Z/k`` by its prime powers and lifting for
more states (:class:`~lightsart._core.modk.ModkAlgebra`).

Examples
--------
>>> from lightsart import Rules
>>> alg = algebra(Rules(4, 4, states=4))
>>> type(alg).__name__, alg.kernel_size, alg.check_moduli
('ModkAlgebra', 64, (2, 2, 4, 4))
>>> type(algebra(Rules(5, 5))).__name__, algebra(Rules(5, 5)).nullity
('ClassicAlgebra', 2)
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from lightsart._checks import is_whole
from lightsart._core import general, gf2
from lightsart._errors import InvalidType
from lightsart._public import public
from lightsart._rules import Rules, press

__all__ = ["Algebra", "algebra", "mod_sum", "nullity", "reached", "rules_for"]


@public
@runtime_checkable
class Algebra(Protocol):
    """The press operator of one rule set over ``Z/k`` (see the module docstring).

    Boards, changes and press vectors are ``(m, n)`` arrays of values ``0 .. k-1``.

    Parameters
    ----------
    *args, **kwargs
        None: a protocol is not made by hand; :func:`lightsart.algebra` returns one for the
        rules (size, pattern, topology, states) it is given.

    Returns
    -------
    Algebra
        What :func:`lightsart.algebra` returns, whichever implementation it chose.
    """

    @property
    def rules(self) -> Rules:
        """The rules (size, pattern, topology, states) this operator belongs to."""
        ...

    @property
    def states(self) -> int:
        """``k``: the operator works over ``Z/k``."""
        ...

    @property
    def nullity(self) -> int:
        """The fewest generators of the kernel (over a field: its dimension)."""
        ...

    @property
    def kernel_size(self) -> int:
        """How many press vectors change nothing."""
        ...

    @property
    def check_moduli(self) -> tuple[int, ...]:
        """One modulus per syndrome coordinate (empty: every change is reachable)."""
        ...

    def press(self, x: object) -> NDArray[Any]:
        """``A x`` over ``Z/k``."""
        ...

    def press_transpose(self, y: object) -> NDArray[Any]:
        """``Aᵀ y`` over ``Z/k`` (the pattern rotated 180°)."""
        ...

    def solve(self, change: object) -> NDArray[Any] | None:
        """A press vector ``x`` with ``A x = change``, or None when ``change`` is not reachable."""
        ...

    def kernel(self) -> NDArray[Any]:
        """Generators of the kernel, shape ``(g, m, n)`` (orders: :meth:`kernel_orders`)."""
        ...

    def kernel_orders(self) -> tuple[int, ...]:
        """The order of each kernel generator (``k`` prime: all ``k``)."""
        ...

    def syndrome(self, change: object) -> NDArray[Any]:
        """The change's cokernel coordinates: all zero iff it is reachable."""
        ...

    def is_reachable(self, change: object) -> bool:
        """Whether some press vector makes exactly ``change``."""
        ...

    def columns(self) -> NDArray[Any]:
        """Each cell's syndrome column, shape ``(m*n, len(check_moduli))``."""
        ...


@public
def algebra(rules: Rules) -> Algebra:
    """The (cached) algebra of the press operator of ``rules``, for any pattern, topology and
    number of states; the implementation is chosen from the rules.

    Parameters
    ----------
    rules : lightsart.Rules
        Board size, pattern, topology and states per cell (``Rules(m, n)`` or
        ``Rules.plus(m, n)``: the classic game of an ``m`` × ``n`` board).

    Returns
    -------
    Algebra
        Press, solve, kernel and syndrome of that operator over ``Z/states``. Inside:
        light chasing for the classic game (plus on the plane, the fastest path), packed
        GF(2) chasing or elimination for other two-state rules, ``Z/k`` by its prime powers
        and lifting for more states.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import Rules, algebra
    >>> five = algebra(Rules(5, 5))
    >>> five.nullity, five.kernel().shape
    (2, (2, 5, 5))
    >>> lit = np.ones((5, 5), np.uint8)
    >>> bool(five.is_reachable(lit)), int(five.solve(lit).sum())
    (True, 15)
    >>> algebra(Rules(4, 4, states=4)).kernel_size
    64
    """
    if not isinstance(rules, Rules):
        raise InvalidType(f"algebra takes the rules of a game (lightsart.Rules(m, n)), got "
                             f"{type(rules).__name__}")
    # GF(2) is the fast path (bits packed 64 to a word, XOR), as galois's GF(2) subclass is;
    # Z/k is no field for composite k: Smith forms by prime powers, a kernel that is a module.
    if not rules.is_binary:
        from lightsart._core import modk  # only with grey levels: keeps two-state runs light

        return modk.modk_algebra(rules)
    if rules.is_classic:  # plus on the plane chases row by row: the smallest system there is
        return gf2.classic_algebra(*rules.shape)
    return general.packed_algebra(rules)


def rules_for(rules: Rules | None, shape: tuple[int, ...]) -> Rules:
    """``rules``, or the classic game's of an ``(m, n)`` board when ``None``."""
    return Rules(int(shape[0]), int(shape[1])) if rules is None else rules


def reached(board: object, presses: object, rules: Rules) -> NDArray[np.uint8]:
    """The board ``board + A presses`` (mod ``k``): where ``presses`` take ``board``.

    >>> reached([[1, 1], [1, 1]], [[1, 0], [0, 0]], Rules(2, 2)).tolist()
    [[0, 0], [0, 1]]
    """
    total = np.asarray(board).astype(np.uint8)
    total += press(presses, rules).astype(np.uint8, copy=False)
    return mod_sum(total, rules.states)


def mod_sum(total: NDArray[np.uint8], states: int) -> NDArray[np.uint8]:
    """``total mod states`` in place, for sums of two values below ``states <= 16``.

    ``total - states`` wraps round to at least ``256 - states`` where ``total < states``, so the
    smaller of the two is the remainder: as fast as XOR, where a ``uint8`` remainder is tens of
    times slower.

    >>> mod_sum(np.array([0, 2, 3, 5], dtype=np.uint8), 3).tolist()
    [0, 2, 0, 2]
    """
    return np.minimum(total, total - np.uint8(states), out=total)


@public
def nullity(board: Rules | int | tuple[int, int]) -> int:
    """How many independent quiet patterns a board has (0: every picture is reachable exactly).

    Over GF(2) (two states) the dimension of the press operator's kernel; with ``k`` states the
    fewest generators of the kernel (:attr:`Algebra.nullity`).

    Parameters
    ----------
    board : lightsart.Rules, int or tuple of (int, int)
        The rules of the game, or the classic game's board as a size is given in Python:
        ``(rows, columns)`` as numpy's ``shape``, or one ``int`` for a square board.

    Returns
    -------
    int
        The nullity ``d``: ``2**d`` click sets make each reachable board (two states), and at
        most ``min(d, n)`` pixels of a picture are wrong.

    Examples
    --------
    >>> from lightsart import Rules, nullity
    >>> nullity(5), nullity((4, 4)), nullity(100), nullity(128)
    (2, 4, 0, 56)
    >>> nullity((64, 100)) == nullity(Rules(64, 100)), nullity(Rules(5, 5, topology="torus"))
    (True, 8)
    """
    if isinstance(board, Rules):
        rules = board
    elif is_whole(board):
        rules = Rules(int(board), int(board))  # type: ignore[arg-type]
    elif isinstance(board, tuple | list) and len(board) == 2:
        rules = Rules(*board)  # whole numbers within the limits: Rules checks
    else:
        raise InvalidType("nullity takes the rules of a game (lightsart.Rules) or a board's "
                          f"size, (rows, columns) or one int for a square; got {board!r}")
    if rules.is_classic:  # light chasing: the fast path, any size within the limits
        return gf2.classic_nullity(*rules.shape)
    return algebra(rules).nullity
