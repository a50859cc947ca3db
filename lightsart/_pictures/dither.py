"""Dithering: turn a grey picture into cells of ``L`` states (output levels), by a method chosen by name.

``dither(gray, method, states=L, linear=False)`` returns level indices ``0 .. L-1``; level ``i``
displays as the value ``i / (L-1)`` (with ``L = 2``: 0 = dark, 1 = lit, as on the board).
:data:`DITHER_METHODS` (a :class:`~lightsart._registry.Registry`) holds every method by name; its names
are the CLI's choices.

**Quantiser.** Values are compared with the output levels' values ``y_0 < ... < y_{L-1}``: the
nearest level is the number of midpoints ``(y_i + y_{i+1}) / 2`` at or below ``v`` (ties go to
the brighter level; with ``L = 2``, lit where ``v >= 1/2``). ``none`` applies it to each pixel.

**Error diffusion.** Pixels are scanned row by row, serpentine: even rows left to right, odd rows
right to left with the kernel mirrored. The pixel's value ``v`` (its grey plus the error pushed to
it so far) becomes the nearest level ``y``, and ``e = v - y`` is shared out: the neighbour ``dy``
rows down and ``dx`` columns ahead (in the scan direction) receives ``e * (w / divisor)``; error
leaving the picture is dropped. The kernels, as their authors print them (``*`` is the pixel):

    floyd-steinberg /16     . * 7       jarvis-judice-ninke /48   . . * 7 5     burkes /32
                            3 5 1                                 3 5 7 5 3     . . * 8 4
    atkinson /8             . * 1 1                               1 3 5 3 1     2 4 8 4 2
    (6/8 of the error)    1 1 1 .     stucki /42                . . * 8 4     sierra-lite /4
                            . 1 . .                               2 4 8 4 2     . * 2
    sierra (Sierra-3) /32   . . * 5 3                             1 2 4 2 1     1 1 .
                            2 4 5 4 2
                            . 2 3 2 .

Two implementations give the textbook per-pixel loop's result to the last bit. On small boards
only the carry along a row is sequential: a plain Python loop over the row's floats keeps one or
two carries (``dx = 1, 2``); each finished row then reaches the rows below in a few whole-row
additions, made in the order a pixel-by-pixel scan would make them (for each cell: rows above
first, then sources in their scan order, then the carries). From :data:`COMPILED_FROM` cells on,
the textbook loop itself runs compiled by numba (:func:`_diffuse`, cached on disk after the first
compile): serpentine order makes every pixel wait for the one before it, so no array formulation
applies, and the compiled loop's fixed cost (0.5–1 s to import numba and load the cached machine
code) pays for itself on large boards only. Both do each pixel's float operations
in the textbook's order and numba, without fast-math, neither reorders nor fuses them.

**Ordered dithering.** A threshold mask ``t`` in ``(0, 1)`` is tiled over the picture. A value in
the level interval ``[y_k, y_{k+1}]`` at fraction ``f`` of the way up shows level ``k + [f > t]``,
so a flat area lights the fraction ``f`` of its cells. ``bayer-N`` uses the ``N × N`` Bayer
matrix ``M`` with ``t = (M + 1/2) / N²``, where ``M_1 = [[0, 2], [3, 1]]`` and
``M_2n = [[4M, 4M+2], [4M+3, 4M+1]]``; ``blue-noise`` uses a 64 × 64 void-and-cluster rank mask
(Ulichney 1993) made by ``scripts/make_blue_noise.py``.

**Linear light.** With ``linear=True`` the picture and the levels' display values are both
decoded from sRGB first (IEC 61966-2-1: ``c / 12.92`` for ``c <= 0.04045``, else
``((c + 0.055) / 1.055) ** 2.4``), and quantising and diffusion happen there: mid-grey 0.5 is
0.214 of white's light, so about a fifth of its cells light up rather than half.

numpy is imported inside the functions that compute, so the CLI can list :data:`DITHER_METHODS` at
start-up without loading it.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from lightsart._errors import InvalidValue
from lightsart._registry import Registry

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from lightsart._types import Gray

    #: Level indices per cell, ``0 .. L-1``.
    Cells = NDArray[np.uint8]

__all__ = [
    "COMPILED_FROM",
    "DEFAULT_METHOD",
    "DITHER_METHODS",
    "KERNELS",
    "MAX_STATES",
    "ErrorDiffusion",
    "Kernel",
    "Levels",
    "Method",
    "OrderedDither",
    "Threshold",
    "bayer_matrix",
    "blue_noise_mask",
    "colour_method",
    "dither",
    "srgb_to_linear",
]

DEFAULT_METHOD = "floyd-steinberg"
MAX_STATES = 16
#: Error diffusion runs compiled (numba) on boards of at least this many cells. Measured in fresh
#: processes (``benchmarks/bench_picture_stage.py``, Floyd–Steinberg, 2 levels, best of 3): at
#: 2048x2048 the Python row loop took 0.54–1.07 s and numba 0.78–1.11 s (0.5–1 s of it starting:
#: import, then loading the cached machine code); at 2896x2896 2.1 s against 0.56 s.
COMPILED_FROM = 6_000_000


@dataclass(frozen=True)
class Kernel:
    """Error-diffusion weights: ``(dy rows down, dx columns ahead, weight)``, over ``divisor``."""

    divisor: int
    taps: tuple[tuple[int, int, int], ...]

    def __post_init__(self) -> None:
        # The in-row loop keeps two carries; every other tap lands on a later row.
        if any(dy < 0 or (dy == 0 and dx not in (1, 2)) for dy, dx, _ in self.taps):
            raise ValueError(f"taps must be 1 or 2 ahead on the pixel's row, or on later rows: {self}")


KERNELS: dict[str, Kernel] = {
    "floyd-steinberg": Kernel(16, (
        (0, 1, 7),
        (1, -1, 3), (1, 0, 5), (1, 1, 1),
    )),
    "atkinson": Kernel(8, (
        (0, 1, 1), (0, 2, 1),
        (1, -1, 1), (1, 0, 1), (1, 1, 1),
        (2, 0, 1),
    )),
    "jarvis-judice-ninke": Kernel(48, (
        (0, 1, 7), (0, 2, 5),
        (1, -2, 3), (1, -1, 5), (1, 0, 7), (1, 1, 5), (1, 2, 3),
        (2, -2, 1), (2, -1, 3), (2, 0, 5), (2, 1, 3), (2, 2, 1),
    )),
    "stucki": Kernel(42, (
        (0, 1, 8), (0, 2, 4),
        (1, -2, 2), (1, -1, 4), (1, 0, 8), (1, 1, 4), (1, 2, 2),
        (2, -2, 1), (2, -1, 2), (2, 0, 4), (2, 1, 2), (2, 2, 1),
    )),
    "burkes": Kernel(32, (
        (0, 1, 8), (0, 2, 4),
        (1, -2, 2), (1, -1, 4), (1, 0, 8), (1, 1, 4), (1, 2, 2),
    )),
    "sierra": Kernel(32, (
        (0, 1, 5), (0, 2, 3),
        (1, -2, 2), (1, -1, 4), (1, 0, 5), (1, 1, 4), (1, 2, 2),
        (2, -1, 2), (2, 0, 3), (2, 1, 2),
    )),
    "sierra-lite": Kernel(4, (
        (0, 1, 2),
        (1, -1, 1), (1, 0, 1),
    )),
}  # fmt: skip


@dataclass(frozen=True)
class Levels:
    """The output levels' values in the space where quantising happens, and their midpoints."""

    values: NDArray[np.float64]
    midpoints: NDArray[np.float64]

    @classmethod
    def make(cls, states: int, linear: bool) -> Levels:
        import numpy as np

        values = np.arange(states) / (states - 1)
        if linear:
            values = srgb_to_linear(values)
        return cls(values, (values[:-1] + values[1:]) / 2)

    def nearest(self, v: NDArray[np.float64]) -> Cells:
        import numpy as np

        return np.searchsorted(self.midpoints, v, side="right").astype(np.uint8)


class Method(Protocol):
    """A dithering method: values (in quantising space; read, never changed) and levels to level
    indices."""

    @property
    def about(self) -> str: ...

    def __call__(self, values: Gray, levels: Levels) -> Cells: ...


# ----------------------------------------------------------------------------- error diffusion


def _carry_two_levels(values: list[float], near: float, far: float) -> list[float]:
    """Values seen along one row (scan order) for levels 0 and 1, carrying ``e * near`` to the
    next pixel and ``e * far`` to the one after. Plain floats in a loop: the fastest form here."""
    seen = []
    e1 = e2 = 0.0
    for x in values:
        v = x + e2 * far + e1 * near
        seen.append(v)
        e2 = e1
        e1 = v - (v >= 0.5)
    return seen


def _carry_levels(
    values: list[float], near: float, far: float, midpoints: list[float], level_values: list[float]
) -> list[float]:
    """As :func:`_carry_two_levels` for any levels (nearest by bisecting the midpoints)."""
    seen = []
    e1 = e2 = 0.0
    for x in values:
        v = x + e2 * far + e1 * near
        seen.append(v)
        e2 = e1
        e1 = v - level_values[bisect_right(midpoints, v)]
    return seen


@dataclass(frozen=True)
class ErrorDiffusion:
    """Serpentine error diffusion with ``kernel`` (see the module docstring)."""

    kernel: Kernel
    about: str

    def __call__(self, values: Gray, levels: Levels) -> Cells:
        if values.size >= COMPILED_FROM:
            return self.compiled(values, levels)
        return self.by_rows(values, levels)

    def compiled(self, values: Gray, levels: Levels) -> Cells:
        """The textbook loop, compiled (:func:`_diffuse`); ``values`` is only read."""
        import numpy as np

        rows, cols = values.shape
        dys, dxs, weights = (np.array(column, dtype=np.int64)
                             for column in zip(*self.kernel.taps, strict=True))
        fractions = np.array([w / self.kernel.divisor for w in weights.tolist()])
        reach, depth = int(abs(dxs).max()), int(dys.max())
        ring = np.zeros((depth + 1, cols + 2 * reach))
        cells = np.empty((rows, cols), dtype=np.uint8)
        _compiled_diffuse()(np.ascontiguousarray(values), dys, dxs, fractions, ring, np.empty_like(dys),
                            levels.midpoints, levels.values, cells)
        return cells

    def by_rows(self, values: Gray, levels: Levels) -> Cells:
        """Row by row: the carries in a Python loop, the rows below in whole-row additions."""
        import numpy as np

        fraction = {(dy, dx): w / self.kernel.divisor for dy, dx, w in self.kernel.taps}
        near, far = fraction.get((0, 1), 0.0), fraction.get((0, 2), 0.0)
        # A cell below hears from this row's pixels in their scan order: the tap furthest ahead
        # of its source first (as the textbook loop adds them, so the sums round alike).
        below = sorted(((dy, dx, f) for (dy, dx), f in fraction.items() if dy > 0),
                       key=lambda tap: (tap[0], -tap[1]))
        midpoints, level_values = levels.midpoints.tolist(), levels.values.tolist()
        two = level_values == [0.0, 1.0]
        work = values.copy()
        rows = work.shape[0]
        cells = np.empty(work.shape, dtype=np.uint8)
        for i in range(rows):
            step = 1 if i % 2 == 0 else -1  # scan direction; views below are in scan order
            line = work[i, ::step].tolist()
            seen = np.array(_carry_two_levels(line, near, far) if two
                            else _carry_levels(line, near, far, midpoints, level_values))
            index = levels.nearest(seen)
            error = seen - levels.values[index]
            cells[i, ::step] = index
            for dy, dx, f in below:
                if i + dy < rows:
                    target = work[i + dy, ::step]
                    if dx > 0:
                        target[dx:] += error[:-dx] * f
                    elif dx < 0:
                        target[:dx] += error[-dx:] * f
                    else:
                        target += error * f
        return cells


def _diffuse(values: Gray, dys: NDArray[np.int64], dxs: NDArray[np.int64],
             fractions: NDArray[np.float64], ring: NDArray[np.float64], tap_rows: NDArray[np.int64],
             midpoints: NDArray[np.float64], level_values: NDArray[np.float64], cells: Cells) -> None:
    """The textbook serpentine loop, written for numba. Rows being worked on live in ``ring``
    (as deep as the kernel plus one, with margins as wide as its reach, where error leaving the
    picture lands unread): row ``i + depth`` is copied in when row ``i`` starts, since no error
    reaches it earlier. Each pixel becomes its nearest level in ``cells`` and adds
    ``e * fraction`` to each tap (``tap_rows``: scratch for each tap's row in the ring)."""
    rows, cols = cells.shape
    slots, width = ring.shape
    reach = (width - cols) // 2
    depth = slots - 1
    taps = dys.shape[0]
    bounds = midpoints.shape[0]
    for i in range(min(depth, rows)):
        ring[i, reach:reach + cols] = values[i]
    for i in range(rows):
        if i + depth < rows:
            ring[(i + depth) % slots, reach:reach + cols] = values[i + depth]
        row = i % slots
        for t in range(taps):
            tap_rows[t] = (i + dys[t]) % slots
        step = 1 if i % 2 == 0 else -1
        for k in range(cols):
            j = k if step == 1 else cols - 1 - k
            v = ring[row, j + reach]
            level = 0
            while level < bounds and v >= midpoints[level]:  # ties go to the brighter level
                level += 1
            cells[i, j] = level
            e = v - level_values[level]
            for t in range(taps):
                ring[tap_rows[t], j + reach + dxs[t] * step] += e * fractions[t]


@functools.cache
def _compiled_diffuse() -> Callable[..., None]:
    """:func:`_diffuse` compiled by numba (imported here: only large boards need it)."""
    import numba

    compiled: Callable[..., None]
    try:
        compiled = numba.njit(cache=True, nogil=True)(_diffuse)
    except RuntimeError:  # nowhere writable to cache it (numba says "no locator available")
        compiled = numba.njit(nogil=True)(_diffuse)
    return compiled


# ----------------------------------------------------------------------------- ordered dithering


def bayer_matrix(size: int) -> NDArray[np.int64]:
    """The ``size × size`` Bayer index matrix (``size`` a power of two), a permutation of
    ``0 .. size²-1``: bit-reverse the interleaved bits of ``row XOR column`` and ``row``."""
    import numpy as np

    if size < 2 or size & (size - 1):
        raise InvalidValue(f"Bayer matrix size must be a power of two, at least 2; got {size}")
    bits = size.bit_length() - 1
    row, col = np.indices((size, size))
    xor = row ^ col
    index = np.zeros((size, size), dtype=np.int64)
    for b in range(bits):  # bit b of xor and of row go to bits 2(bits-1-b)+1 and 2(bits-1-b)
        index |= ((xor >> b) & 1) << (2 * (bits - 1 - b) + 1)
        index |= ((row >> b) & 1) << (2 * (bits - 1 - b))
    return index


@functools.cache
def blue_noise_mask() -> NDArray[np.uint16]:
    """The 64 × 64 void-and-cluster rank mask shipped in ``lightsart/_pictures/data`` (loaded once)."""
    from importlib import resources  # not at start-up: the CLI lists the methods

    import numpy as np

    path = resources.files("lightsart._pictures").joinpath("data").joinpath("blue_noise_64.npy")
    with path.open("rb") as f:
        mask: NDArray[np.uint16] = np.load(f, allow_pickle=False)
    mask.flags.writeable = False
    return mask


@dataclass(frozen=True)
class OrderedDither:
    """Multi-level ordered dithering by a tiled rank mask (see the module docstring)."""

    ranks: Callable[[], NDArray[np.integer]]
    about: str

    def __call__(self, values: Gray, levels: Levels) -> Cells:
        import numpy as np

        ranks = self.ranks()
        threshold = (ranks + 0.5) / ranks.size
        rows, cols = values.shape
        reps = (-(-rows // ranks.shape[0]), -(-cols // ranks.shape[1]))
        t = np.tile(threshold, reps)[:rows, :cols]
        y = levels.values
        k = np.clip(np.searchsorted(y, values, side="right") - 1, 0, len(y) - 2)
        f = (values - y[k]) / (y[k + 1] - y[k])
        return (k + (f > t)).astype(np.uint8)


@dataclass(frozen=True)
class Threshold:
    """Each pixel to its nearest level, nothing carried."""

    about: str = "plain threshold: each cell to its nearest level"

    def __call__(self, values: Gray, levels: Levels) -> Cells:
        return levels.nearest(values)


# ----------------------------------------------------------------------------- registry


def _bayer(size: int) -> OrderedDither:
    return OrderedDither(functools.cache(lambda: bayer_matrix(size)),
                         f"ordered dithering by the {size}x{size} Bayer matrix")


_BAYER = {f"bayer-{n}": _bayer(n) for n in (2, 4, 8)}
_ABOUT = {
    "floyd-steinberg": "Floyd–Steinberg error diffusion (1976), serpentine",
    "atkinson": "Atkinson error diffusion (MacPaint): 6/8 of the error, crisp highlights",
    "jarvis-judice-ninke": "Jarvis–Judice–Ninke error diffusion (1976), 12 neighbours",
    "stucki": "Stucki error diffusion (1981), 12 neighbours",
    "burkes": "Burkes error diffusion (1988), 7 neighbours",
    "sierra": "Sierra-3 error diffusion (1989), 10 neighbours",
    "sierra-lite": "Sierra Lite error diffusion, 3 neighbours",
}

#: Every dithering method by name (the CLI's ``--dither`` choices): a new method is a
#: :class:`Method` and one ``register`` line.
DITHER_METHODS: Registry[Method] = Registry("dithering method")
_METHODS: tuple[tuple[str, Method], ...] = (
    *((name, ErrorDiffusion(kernel, _ABOUT[name])) for name, kernel in KERNELS.items()),
    ("bayer", _BAYER["bayer-8"]),  # on ~100-cell boards 8x8 shows the most tones (see the sheet)
    *_BAYER.items(),
    ("blue-noise", OrderedDither(blue_noise_mask, "ordered dithering by a 64x64 blue-noise mask")),
    ("none", Threshold()),
)
for _name, _method in _METHODS:
    DITHER_METHODS.register(_name, _method, about=_method.about)
DITHER_METHODS.__doc__ = """Every dithering method by name, in the order the CLI lists them (``--dither``).

A :class:`~lightsart._registry.Registry` from a name to a
:class:`~lightsart._pictures.dither.Method`: error diffusion (``floyd-steinberg``, the default,
``atkinson``, ...), ordered dithering (``bayer``, ``bayer-2`` to ``bayer-8``, ``blue-noise``) or
a plain threshold (``none``). ``names()`` lists them,
``about(name)`` gives one line of help, ``name in DITHER_METHODS`` checks a name, and
``get(name)`` returns the method; :func:`lightsart.load_target` and
:class:`lightsart.Pictures` take any of the names as ``dither``.

See Also
--------
load_target : Fit, tone and dither a picture or an array with one of these methods.

Examples
--------
>>> from lightsart import DITHER_METHODS
>>> DITHER_METHODS.names()[:3]
('floyd-steinberg', 'atkinson', 'jarvis-judice-ninke')
>>> DITHER_METHODS.about("bayer-4"), "blue-noise" in DITHER_METHODS
('ordered dithering by the 4x4 Bayer matrix', True)
"""
#: The methods that dither onto a palette of colours (:mod:`lightsart._pictures.colour`): error
#: diffusion carries a colour's error as well as a grey's, and ``none`` takes the nearest colour.
#: Ordered dithering splits a value between the two levels around it on a line of greys, and a
#: palette of colours is no line: those are refused in colour.
IN_COLOUR = (*KERNELS, "none")


def colour_method(name: str) -> str:
    """``name`` (a method of :data:`DITHER_METHODS`) if it dithers in colour, else one line."""
    canonical = DITHER_METHODS.canonical(name)
    if canonical not in IN_COLOUR:
        raise InvalidValue(f"dither {name!r} splits grey levels and cannot dither onto a colour "
                           f"palette: choose one of {', '.join(IN_COLOUR)}")
    return canonical


# doctest does not look inside an instance's docstring: this makes --doctest-modules run it.
__test__ = {"DITHER_METHODS": DITHER_METHODS.__doc__}


# ----------------------------------------------------------------------------- entry point


def srgb_to_linear(c: NDArray[np.float64]) -> NDArray[np.float64]:
    """sRGB-encoded values in ``[0, 1]`` to linear light (IEC 61966-2-1)."""
    import numpy as np

    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((np.maximum(c, 0.04045) + 0.055) / 1.055) ** 2.4)


def dither(
    gray: Gray, method: str = DEFAULT_METHOD, *, states: int = 2, linear: bool = False
) -> Cells:
    """Dither ``gray`` (float in ``[0, 1]``, 1 = white) to level indices ``0 .. states-1``.

    ``method`` is a name in :data:`DITHER_METHODS`; ``linear=True`` quantises in linear light.
    Example: ``dither(np.full((4, 4), 0.5), "bayer-2")`` lights half the cells.
    """
    import numpy as np

    chosen = DITHER_METHODS.get(method)
    if isinstance(states, bool) or not isinstance(states, int | np.integer) \
            or not 2 <= states <= MAX_STATES:
        raise InvalidValue(f"states must be a whole number from 2 to {MAX_STATES}; got {states!r}")
    g = np.asarray(gray, dtype=np.float64)
    if g.ndim != 2 or g.size == 0:
        raise InvalidValue(f"a picture must be a non-empty 2-D array, got shape {g.shape}")
    low, high = g.min(), g.max()  # NaN and infinities show in these (no copy of a large picture)
    if not (np.isfinite(low) and np.isfinite(high)):
        raise InvalidValue("a picture holds values that are not finite numbers")
    if low < 0.0 or high > 1.0:
        g = np.clip(g, 0.0, 1.0)
    return chosen(srgb_to_linear(g) if linear else g, Levels.make(int(states), linear))
