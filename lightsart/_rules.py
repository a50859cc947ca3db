"""The rules of the game as one value: board shape, click pattern, topology, states per cell.

A click at ``(a, b)`` toggles the cells ``(a + di, b + dj)`` for every offset ``(di, dj)`` of the
*pattern*, a small odd-sized 0/1 grid centred on the clicked cell (plus ``010/111/010`` is the
classic game, ``010/101/010`` the σ game). The *topology* says what happens at the border:
``plane`` drops cells outside the board, ``torus`` wraps both axes, ``cylinder`` wraps the columns
(left–right). Over GF(2) the press operator ``A`` is linear::

    (A x)[i, j] = XOR over offsets (di, dj) of x[i - di, j - dj]

i.e. a sum of shifted copies of ``x`` modulo 2. Where a board is narrower than its pattern on a
wrapped axis, two offsets can land on one cell; each toggles it once, so they cancel (that is what
the sum of shifted copies means, and it keeps ``A`` linear and ``change_counts`` consistent).

The transpose ``Aᵀ`` has entry ``A[(i, j), (a, b)]`` read the other way round, so it is the press
operator of the pattern rotated 180° (:meth:`Pattern.flipped`). A symmetric pattern gives a
symmetric ``A``.

This module imports numpy only inside the functions that need it, so the CLI can parse
``--pattern`` and ``--topology`` without loading numpy.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lightsart import _checks as checks
from lightsart._checks import is_whole
from lightsart._choices import TOPOLOGIES, Topology, states_words
from lightsart._errors import InvalidType, InvalidValue, TooLarge
from lightsart._limits import MASKS_MAX_CELLS, PATTERN_MAX_SIDE, STATES_MAX, check_board
from lightsart._public import public
from lightsart._registry import Registry

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "CHASE_TOPOLOGIES",
    "PATTERNS",
    "Pattern",
    "Rules",
    "change_counts",
    "check_states",
    "check_topology",
    "parse_pattern",
    "press",
    "press_masks",
    "press_transpose",
    "require_two_states",
    "shifted_sum",
    "shifted_xor",
]

#: Topologies where light chasing applies (the rows do not wrap; the cylinder wraps columns).
CHASE_TOPOLOGIES: tuple[Topology, ...] = ("plane", "cylinder")
#: Preset patterns by name, as ROWS text (the clicked cell is the middle one); a new preset is
#: one ``register`` line (the game pages keep their own list in ``lightsout.js``).
PATTERNS: Registry[str] = Registry("pattern")
for _name, _rows, _about in (
    ("plus", "010/111/010", "the classic game"),
    ("sigma", "010/101/010", "the neighbours but not the cell (the σ game)"),
    ("x", "101/010/101", "the cell and its diagonal neighbours"),
    ("square", "111/111/111", "the cell and all eight neighbours"),
):
    PATTERNS.register(_name, _rows, about=_about)
# Largest pattern side and largest board for press_masks: bounds live in lightsart._limits.

_ON = "1#"
_OFF = "0."


@dataclass(frozen=True)
class Pattern:
    """The cells one click toggles: rows of ``0``/``1`` text, odd-sized, clicked cell in the middle.

    >>> Pattern(("010", "111", "010")).offsets
    [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]
    """

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        rows = tuple(str(r) for r in self.rows)
        object.__setattr__(self, "rows", rows)
        if not rows or any(not r for r in rows):
            raise InvalidValue("pattern must have at least one row and one column")
        if any(len(r) != len(rows[0]) for r in rows):
            raise InvalidValue(f"pattern rows must all have the same length, got {self.text!r}")
        if any(ch not in "01" for r in rows for ch in r):
            raise InvalidValue(f"pattern rows must hold only 0 and 1, got {self.text!r}")
        h, w = len(rows), len(rows[0])
        if h % 2 == 0 or w % 2 == 0:
            raise InvalidValue(
                f"pattern must have an odd number of rows and columns (the click is the middle cell), "
                f"got {w}x{h}"
            )
        if h > PATTERN_MAX_SIDE or w > PATTERN_MAX_SIDE:
            raise TooLarge(f"pattern is {w}x{h}; at most {PATTERN_MAX_SIDE}x{PATTERN_MAX_SIDE}")
        if "1" not in "".join(rows):
            raise InvalidValue(f"pattern {self.text!r} toggles no cell")

    @property
    def radius(self) -> tuple[int, int]:
        """Half the height and half the width: ``(1, 1)`` for a 3×3 pattern."""
        return len(self.rows) // 2, len(self.rows[0]) // 2

    @property
    def offsets(self) -> list[tuple[int, int]]:
        """``(di, dj)`` of every set cell, row-major, relative to the clicked cell."""
        ri, rj = self.radius
        return [(i - ri, j - rj) for i, row in enumerate(self.rows) for j, ch in enumerate(row) if ch == "1"]

    @property
    def text(self) -> str:
        """ROWS text, e.g. ``010/111/010``."""
        return "/".join(self.rows)

    @property
    def name(self) -> str:
        """The preset name (``plus``, ``sigma``, ``x``, ``square``) or else the ROWS text."""
        for name, rows in PATTERNS.items():
            if rows == self.text:
                return name
        return self.text

    def flipped(self) -> Pattern:
        """The pattern rotated 180°: the pattern of the transposed press operator ``Aᵀ``."""
        return Pattern(tuple(r[::-1] for r in reversed(self.rows)))

    def transpose(self) -> Pattern:
        """Same as :meth:`flipped` (the pattern of ``Aᵀ``; not the matrix transpose of the grid)."""
        return self.flipped()

    @property
    def chases(self) -> bool:
        """Light chasing (and so the lookup table) applies: three rows, the top one the clicked
        cell's column alone, so each row's clicks are forced by the row above."""
        centre = len(self.rows[0]) // 2
        return len(self.rows) == 3 and self.rows[0] == "0" * centre + "1" + "0" * centre

    @property
    def symmetric(self) -> bool:
        """Whether the pattern equals its 180° rotation, i.e. ``A`` is a symmetric matrix."""
        return self.flipped() == self

    def __str__(self) -> str:
        return self.name


def parse_pattern(text: str) -> Pattern:
    """A preset name (``plus``, ``sigma``, ``x``, ``square``) or ROWS such as ``010/111/010``.

    Rows are separated by ``/``; ``1`` or ``#`` is a toggled cell, ``0`` or ``.`` is not.
    """
    if not isinstance(text, str):
        raise InvalidType(f"pattern must be a name or rows such as 010/111/010; got {text!r}")
    spec = text.strip()
    preset = PATTERNS.get(spec.lower(), None)
    if preset is not None:
        spec = preset
    rows = spec.split("/")
    bad = sorted({ch for ch in spec if ch not in _ON + _OFF + "/"})
    if bad:
        raise InvalidValue(
            f"pattern {text!r}: unknown character(s) {''.join(bad)!r}; use a name "
            f"({', '.join(PATTERNS)}) or rows of 0/1 (or ./#) separated by '/', e.g. 010/111/010"
        )
    return Pattern(tuple("".join("1" if ch in _ON else "0" for ch in row) for row in rows))


def check_topology(topology: object) -> Topology:
    """``topology`` if it names one of :data:`TOPOLOGIES` (one line otherwise)."""
    for name in TOPOLOGIES:
        if topology == name:
            return name
    error = InvalidValue if isinstance(topology, str) else InvalidType
    raise error(f"unknown topology {topology!r}; choose one of {', '.join(TOPOLOGIES)}")


def check_states(states: int) -> int:
    """``states`` per cell as an ``int`` from 2 to ``STATES_MAX`` (numpy integers too, not 2.0)."""
    try:
        k = operator.index(states)
    except TypeError:
        k = 0
        if not isinstance(states, float):  # 2.5 is a wrong number, "3" a wrong type
            raise InvalidType(f"states per cell must be a whole number from 2 to {STATES_MAX}, "
                              f"got {states!r}") from None
    if isinstance(states, bool) or not 2 <= k <= STATES_MAX:
        raise InvalidValue(f"states per cell must be a whole number from 2 to {STATES_MAX}, got {states!r}")
    return k


#: The classic plus, made once: ``Rules(m, n)`` is made per press of a bare board.
PLUS = Pattern(("010", "111", "010"))


@public
@dataclass(frozen=True, init=False)
class Rules:
    """Everything that decides what a click does: board size, pattern, topology, states per cell.

    ``height`` × ``width`` is ``m`` rows × ``n`` columns. ``states`` is the number of states per
    cell, 2 (lit/unlit, GF(2)) to :data:`~lightsart._limits.STATES_MAX`: with ``k`` states a click
    adds 1 mod ``k`` to every cell of its pattern, and the algebra is
    :func:`lightsart._core.modk.modk_algebra` (the GF(2) tools refuse more states:
    :func:`require_two_states`). Every field is checked when the value is made.

    Parameters
    ----------
    height : int
        Rows ``m`` of the board.
    width : int
        Columns ``n`` of the board.
    pattern : str or Pattern, optional
        The cells a click toggles, centred on the clicked cell: a preset name (``"plus"``, the
        default, ``"sigma"``, ``"x"``, ``"square"``) or rows such as ``"010/101/010"``, as
        ``--pattern`` reads them; the field holds the :class:`Pattern` it reads.
    topology : {"plane", "torus", "cylinder"}, optional
        Whether the board wraps: not at all, both axes, or left–right.
    states : int, optional
        States per cell, 2 to 16.

    Returns
    -------
    Rules
        The rules, a frozen value.

    Examples
    --------
    >>> from lightsart import Rules, format_board, press
    >>> sigma = Rules(3, 3, pattern="sigma")
    >>> sigma.is_classic, sigma.shape, sigma.to_dict()
    (False, (3, 3), {'pattern': 'sigma', 'topology': 'plane', 'states': 2})
    >>> print(format_board(press([[0, 0, 0], [0, 1, 0], [0, 0, 0]], sigma)))  # not the middle
    010
    101
    010
    >>> Rules(3, 3, pattern="010/101/010") == sigma
    True
    >>> Rules(4, 4, topology="torus", states=3).wraps
    (True, True)
    >>> Rules(4, 4, states=1)
    Traceback (most recent call last):
    ...
    lightsart.InvalidValue: states per cell must be a whole number from 2 to 16, got 1
    """

    height: int
    width: int
    pattern: Pattern
    topology: Topology
    states: int

    # A typed __init__ rather than the dataclass's: the field is always a Pattern (its readers
    # need no narrowing), while callers may give the pattern as text, as --pattern takes it.
    def __init__(self, height: int, width: int, pattern: Pattern | str = PLUS,
                 topology: Topology = "plane", states: int = 2) -> None:
        if isinstance(pattern, str):
            pattern = parse_pattern(pattern)
        elif not isinstance(pattern, Pattern):
            raise InvalidType("pattern must be a name or rows such as 010/111/010, or a Pattern; "
                              f"got {type(pattern).__name__}")
        if not (is_whole(height) and is_whole(width)):
            raise InvalidType("a board's rows and columns are whole numbers, got "
                              f"{height!r}, {width!r}")
        check_board(int(width), int(height))  # at least 1x1, within the algebra's limits
        check_topology(topology)
        for field, value in (("height", int(height)), ("width", int(width)), ("pattern", pattern),
                             ("topology", topology), ("states", check_states(states))):
            object.__setattr__(self, field, value)

    @classmethod
    def plus(cls, m: int, n: int) -> Rules:
        """The classic game: plus pattern on the plane, 2 states, ``m`` rows × ``n`` columns."""
        return cls(m, n)

    @property
    def shape(self) -> tuple[int, int]:
        """``(m, n)``: rows, columns."""
        return self.height, self.width

    @property
    def cells(self) -> int:
        """The number of cells, ``m * n``."""
        return self.height * self.width

    @property
    def is_binary(self) -> bool:
        """Whether presses add over GF(2) (2 states) rather than the ring ``Z/k``.

        The one question every states fork of the package asks: GF(2) is a field whose vectors
        pack 64 to a word (XOR, elimination on bits, the ``2**d`` coset transform, a wrong cell
        is one flipped parity); ``Z/k`` for composite ``k`` is no field (Smith forms, a kernel
        that is a module), a cell takes ``k - 1`` wrong levels and presses count ``0 .. k-1``.

        >>> Rules(3, 3).is_binary, Rules(3, 3, states=3).is_binary
        (True, False)
        """
        return self.states == 2

    @property
    def is_classic(self) -> bool:
        """Plus on the plane with 2 states: the case the fast :mod:`lightsart._core.gf2` path handles."""
        # Two states: the row-by-row chase of core/gf2 is GF(2) bit arithmetic (XOR).
        return self.is_binary and self.pattern.text == PATTERNS["plus"] and self.topology == "plane"

    @property
    def wraps(self) -> tuple[bool, bool]:
        """Whether rows wrap (top to bottom) and whether columns wrap (left to right)."""
        return self.topology == "torus", self.topology in ("torus", "cylinder")

    def with_states(self, states: int) -> Rules:
        """The same board, pattern and topology with ``states`` states per cell."""
        return Rules(self.height, self.width, self.pattern, self.topology, states)

    def with_pattern(self, pattern: Pattern) -> Rules:
        return Rules(self.height, self.width, pattern, self.topology, self.states)

    def transposed(self) -> Rules:
        """The rules of ``Aᵀ``: the same board with the pattern rotated 180°."""
        return self.with_pattern(self.pattern.flipped())

    def to_dict(self) -> dict[str, Any]:
        """The names used in ``--json`` output."""
        return {"pattern": self.pattern.name, "topology": self.topology, "states": self.states}


def require_two_states(rules: Rules | int | None, what: str) -> None:
    """Refuse rules (or a number of states) with more than 2 states per cell where ``what`` (a
    command or tool) is built on GF(2) only: one line naming what is not supported yet."""
    states = rules.states if isinstance(rules, Rules) else rules
    if states is not None and states != 2:  # the guard of the tools written over GF(2) alone
        raise InvalidValue(
            f"{what} does not support {states} states per cell yet (only 2); {states_words()}")


def shifted_xor(
    x: NDArray[Any], offsets: list[tuple[int, int]], wrap_rows: bool, wrap_cols: bool
) -> NDArray[Any]:
    """``XOR over (di, dj) of x[i - di, j - dj]`` on the first two axes of ``x`` (any more axes ride along).

    Out-of-range cells are dropped on an axis that does not wrap and wrapped on one that does.
    Works for 0/1 ``uint8`` arrays and for bitsets packed in ``uint64`` words alike.
    """
    import numpy as np

    m, n = x.shape[:2]
    out = np.zeros_like(x)
    for di, dj in offsets:
        if wrap_rows:
            src_r, dst_r = _wrapped(m, di)
        else:
            src_r, dst_r = _cut(m, di)
        if wrap_cols:
            src_c, dst_c = _wrapped(n, dj)
        else:
            src_c, dst_c = _cut(n, dj)
        for sr, dr in zip(src_r, dst_r, strict=True):
            for sc, dc in zip(src_c, dst_c, strict=True):
                out[dr, dc] ^= x[sr, sc]
    return out


def _cut(size: int, d: int) -> tuple[list[slice], list[slice]]:
    """Source and destination slices of ``out[k] ^= x[k - d]`` with out-of-range ``k - d`` dropped."""
    if abs(d) >= size:
        return [], []
    if d >= 0:
        return [slice(0, size - d)], [slice(d, size)]
    return [slice(-d, size)], [slice(0, size + d)]


def _wrapped(size: int, d: int) -> tuple[list[slice], list[slice]]:
    """Slices of ``out[k] ^= x[(k - d) mod size]``: at most two pieces."""
    d %= size
    if d == 0:
        return [slice(0, size)], [slice(0, size)]
    return [slice(0, size - d), slice(size - d, size)], [slice(d, size), slice(0, d)]


def shifted_sum(x: NDArray[Any], rules: Rules) -> NDArray[Any]:
    """``Σ over offsets (di, dj) of x[i - di, j - dj]`` in ``int64`` on the first two axes of ``x``
    (any more axes ride along: a stack of press vectors): ``A x`` before its remainder mod ``k``.

    With ``k`` states a click adds one to each cell it toggles, so these sums are also the counts
    Bosch's integer programs constrain (``counts = k·y + change``).
    """
    import numpy as np

    m, n = x.shape[:2]
    wrap_rows, wrap_cols = rules.wraps
    out = np.zeros(x.shape, dtype=np.int64)
    for di, dj in rules.pattern.offsets:
        src_r, dst_r = (_wrapped if wrap_rows else _cut)(m, di)
        src_c, dst_c = (_wrapped if wrap_cols else _cut)(n, dj)
        for sr, dr in zip(src_r, dst_r, strict=True):
            for sc, dc in zip(src_c, dst_c, strict=True):
                out[dr, dc] += x[sr, sc]
    return out


def _as_clicks(clicks: object, rules: Rules) -> NDArray[Any]:
    import numpy as np

    x = checks.array(clicks, "click set")
    if x.shape != rules.shape:
        raise InvalidValue(
            f"click set has shape {x.shape}, expected {rules.shape} ({rules.width}x{rules.height})"
        )
    if x.dtype == np.bool_:
        return x.astype(np.uint8)
    if not np.issubdtype(x.dtype, np.integer):
        raise InvalidValue("click set must hold integers")
    return x


@public
def press(clicks: object, rules: Rules | None = None) -> NDArray[np.uint8]:
    """The press operator ``A x``: how much each cell changes when every cell ``c`` is clicked
    ``clicks[c]`` times, over ``Z/k`` (``k = rules.states``; with two states, the cells toggled).

    Parameters
    ----------
    clicks : numpy.ndarray
        The click set, shape ``(m, n)``: 0/1, or press counts (only their value mod ``k``
        matters) when ``rules`` are given.
    rules : lightsart.Rules or None, optional
        The rules of the game (``None``: the classic game of the board's size, and ``clicks``
        must hold only 0 and 1).

    Returns
    -------
    numpy.ndarray
        ``uint8`` of shape ``(m, n)``, values ``0 .. k-1`` (two states: 1 where an odd number of
        clicks reach the cell).

    Examples
    --------
    >>> from lightsart import Rules, format_board, press
    >>> print(format_board(press([[0, 0, 0], [0, 1, 0], [0, 0, 0]])))
    010
    111
    010
    >>> press([[1, 0], [0, 0]], Rules(2, 2, states=3)).tolist()
    [[1, 1], [1, 0]]
    """
    import numpy as np

    if rules is None:
        x = checks.board(clicks, "clicks")  # NaN, 2, a 1-D array, text: one line
        rules = Rules(*x.shape)
    elif not isinstance(rules, Rules):
        raise InvalidType(f"rules must be a Rules or None; got {type(rules).__name__}")
    else:
        x = _as_clicks(clicks, rules)
    if rules.is_binary:  # GF(2): XOR of shifted bytes, the fast path (Z/k sums in int64)
        return shifted_xor(x.astype(np.uint8) & 1, rules.pattern.offsets, *rules.wraps)
    k = rules.states
    return (shifted_sum(x.astype(np.int64) % k, rules) % k).astype(np.uint8)


def press_transpose(clicks: object, rules: Rules) -> NDArray[Any]:
    """``Aᵀ y``: press with the pattern rotated 180°."""
    return press(clicks, rules.transposed())


def change_counts(clicks: object, rules: Rules) -> NDArray[Any]:
    """How many times each cell is toggled by ``clicks`` (an ``int64`` array; ``A x`` before mod ``k``)."""
    return shifted_sum(_as_clicks(clicks, rules).astype("int64"), rules)


def press_masks(rules: Rules) -> list[int]:
    """Per cell ``(i, j)`` (index ``i*n + j``), the cells its click toggles as an int bitmask.

    Bit ``a*n + b`` is cell ``(a, b)`` (row-major, as the integer state encoding). Only for small
    boards (at most :data:`MASKS_MAX_CELLS` cells).
    """
    import numpy as np

    m, n = rules.shape
    if m * n > MASKS_MAX_CELLS:
        raise TooLarge(f"press masks are for boards of at most {MASKS_MAX_CELLS} cells, got {m * n}")
    masks = []
    unit = np.zeros((m, n), dtype=np.uint8)
    weights = [1 << k for k in range(m * n)]
    for k in range(m * n):
        unit.flat[k] = 1
        toggled = np.flatnonzero(press(unit, rules))
        unit.flat[k] = 0
        masks.append(sum(weights[int(t)] for t in toggled))
    return masks
