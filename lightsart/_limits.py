"""Every bound on the work one command may do, in one place, checked before the work starts.

A run must be bounded before it begins: a typo such as ``--hold 1e300`` or ``--cell 512`` on a
large board would otherwise run until killed or fill the disk. Each limit below is a plain
number; each ``check_*`` function raises :class:`~lightsart.TooLarge` (a value beyond a limit) or
:class:`~lightsart.InvalidValue` (below its range, or not a number) with one line that names the
limit. The module imports neither numpy nor Pillow, so the CLI can check its options at once
(``lightsart --help`` stays fast).

The README's "Limits" section lists the same numbers; a test keeps the two in step.
"""

from __future__ import annotations

import math

from lightsart._errors import InvalidValue, TooLarge

__all__ = [
    "ANIMATION_MAX_SECONDS",
    "BOARD_MAX_SIDE",
    "CELL_MAX",
    "CELL_MM_MAX",
    "CELL_MM_MIN",
    "CENSUS_LEVELS_MAX_STATES",
    "CHASE_MAX_FREE",
    "DB_MAX_CELLS",
    "DB_MAX_STATES",
    "DENSE_MAX_CELLS",
    "FILM_MAX_CELLS",
    "FILM_MAX_CELL_FRAMES",
    "FPS_MAX",
    "FPS_MIN",
    "FRAMES_MAX",
    "FRAME_MAX_PIXELS",
    "FRAME_MAX_SIDE",
    "MASKS_MAX_CELLS",
    "MODEL_MAX_BYTES",
    "MODEL_MAX_NONZEROS",
    "MODEL_MAX_ROWS",
    "MODK_COLUMNS_MAX_WORK",
    "MODK_DECODE_MAX",
    "MODK_EXACT_MAX",
    "MODK_SYSTEM_MAX",
    "PATH_MAX_CELLS",
    "PATTERN_MAX_SIDE",
    "PICTURE_MAX_PIXELS",
    "PICTURE_MAX_SIDE",
    "PREVIEW_MAX_SIDE",
    "PUZZLE_MAX_CELLS",
    "PUZZLE_MAX_NULLITY_CELLS",
    "SEED_MAX",
    "SIZES_CLASSIC_MAX_WORK",
    "SIZES_LEVELS_MAX_WORK",
    "SIZES_RULES_MAX_WORK",
    "STATES_MAX",
    "TABLE_LEVELS_MAX_ENTRIES",
    "TABLE_MAX_ROWS",
    "TABLE_MAX_SIDE",
    "TIME_LIMIT_MAX",
    "VECTOR_MAX_CELLS",
    "VECTOR_MAX_POINTS",
    "check_board",
    "check_cell",
    "check_cell_mm",
    "check_film",
    "check_fps",
    "check_frames",
    "check_model",
    "check_picture",
    "check_seconds",
    "check_seed",
    "check_timing",
    "check_vector",
    "count_words",
    "model_size",
    "planning_seconds",
    "power_words",
    "shorten",
]

#: Short side of any board the algebra accepts (memory grows with the short side squared).
BOARD_MAX_SIDE = 8192
#: Side of a board fitted to a picture (``still``, ``animate``, ``--size``).
PICTURE_MAX_SIDE = 4096
#: Pixels of a picture file decoded at all (a guard against decompression bombs; large pictures
#: are decoded reduced, so memory stays far below one float per pixel).
PICTURE_MAX_PIXELS = 100_000_000
#: Cells of a board given to ``solve`` (by rows, a file or ``--state`` with ``--size``).
PUZZLE_MAX_CELLS = 1 << 24
#: ``solve``/``path`` keep the quiet patterns densely: nullity × cells is bounded (1024×1024,
#: nullity 484, needed 41 s and 7 GB; this budget keeps it under about 1 GB).
PUZZLE_MAX_NULLITY_CELLS = 1 << 26
#: ``path`` prints the state after every click, ``--explain`` a board per step: output grows
#: with cells squared.
PATH_MAX_CELLS = 4096
#: ``table``: each of W columns is chased down the whole board (1000×1000 takes about 12 s).
TABLE_MAX_SIDE = 1024
#: ``table --states K``: the chase keeps ``H x W x W`` press counts (8 bytes each): 1024x1024
#: took 141 s and 16.8 GB, 384x384 under 8 s and 0.9 GB.
TABLE_LEVELS_MAX_ENTRIES = 384**3
#: ``table --max-rows``: rows listed in full.
TABLE_MAX_ROWS = 1 << 16
#: Census database: cells of the board and solvable states (2 bytes each before compression).
DB_MAX_CELLS = 32
DB_MAX_STATES = 1 << 26
#: ``preview``: each side of the board (the sheet fits ten variants; 1024x1024 took 41 s and 4096
#: more than five minutes and 2 GB; 512 about 10 s). Larger boards: ``still`` one at a time.
PREVIEW_MAX_SIDE = 512
#: Pixels per cell.
CELL_MAX = 512
#: ``--cell-mm``: millimetres per cell of an SVG or PDF (a fine pen's line to a large tile).
CELL_MM_MIN = 0.1
CELL_MM_MAX = 100.0
#: Cells of one SVG or PDF board (one shape each, tens of bytes: 1024x1024 is tens of MB).
VECTOR_MAX_CELLS = 1 << 20
#: Either side of a PDF page, in points (200 inches: what PDF 1.4 readers accept).
VECTOR_MAX_POINTS = 14_400
#: Side of a click pattern (rows and columns, each odd).
PATTERN_MAX_SIDE = 9
#: Boards whose rules do not chase are eliminated whole (``cells`` × ``cells`` bits): at most this.
DENSE_MAX_CELLS = 4096
#: Free clicks a chase may carry (rows for a torus, boundary columns for a plane).
CHASE_MAX_FREE = 8192
#: Boards for which every click's cell set is kept as one Python int.
MASKS_MAX_CELLS = 1 << 12
#: Pixels of one rendered picture (a frame, or one panel of ``--compare``) and its longer side.
FRAME_MAX_PIXELS = 1 << 24
FRAME_MAX_SIDE = 16384
#: Frames per second of an animation.
FPS_MIN = 1.0
FPS_MAX = 120.0
#: Playing time of the whole animation; no single ``--duration`` or ``--hold`` may exceed it.
ANIMATION_MAX_SECONDS = 3600.0
#: Frames in any animation output (an MP4 counts every repeated frame of a hold).
FRAMES_MAX = 100_000
#: ``video``: frames x cells of a film (each frame's board is toned, searched and fitted; the
#: default 100x56 board at 30 fps for the longest film, an hour, is 6e8; 2**30 allows that).
FILM_MAX_CELL_FRAMES = 1 << 30
#: ``video``: cells of one film frame. A frame's search holds about 130 bytes a cell (4096x2304:
#: 1.2 GB peak, 12 s of CPU); 2**24 is a 4096x4096 board.
FILM_MAX_CELLS = 1 << 24
#: ``--time-limit``: a search budget of at most a day (per picture, per transition, per integer
#: program); the library clamps larger budgets to it when it plans its work.
TIME_LIMIT_MAX = 86400.0
#: ``--export-model``: the integer program written (PuLP builds it whole in memory first: 800x800,
#: 5 million non-zeros, took 42 s and 1.8 GB for a 96 MB ``.lp``). Rows, non-zeros and the file's
#: estimated bytes are bounded before any work (plus on the plane: at most 362x362).
MODEL_MAX_ROWS = 1 << 19
MODEL_MAX_NONZEROS = 1 << 20
MODEL_MAX_BYTES = 1 << 27
#: Bytes a model file takes per non-zero, about (measured: ``.lp`` 17, ``.mps`` 82).
_MODEL_BYTES_PER_NONZERO = {".lp": 20, ".mps": 90}
#: ``--seed``: numpy's generators take 0 .. 2**64 - 1.
SEED_MAX = (1 << 64) - 1
#: States per cell (``--states``; the grey levels of issue 13).
STATES_MAX = 16
#: k states: unknowns of the reduced system over ``Z/k`` (free clicks of the chase, or every cell
#: where no frame chases); each prime power of ``k`` costs one dense ``O(n³)`` Smith form (1024:
#: about 10 s).
MODK_SYSTEM_MAX = 1024
#: k states: the closest reachable board (``still``/``animate``, ``solve`` of an unsolvable
#: board) needs every cell's syndrome column, one chase per cell over the board: cells² work
#: times the pattern's cells (plus 122x122: 3 s, 244x244: 34 s on a busy machine, 1024x1024 would
#: take hours; square 110x110: 6 s). Beyond the limit the run is refused unless the target is
#: reachable. Plus: at most 32,768 cells (181x181); square: 24,423.
MODK_COLUMNS_MAX_WORK = 5 << 30
#: k states: ``census`` enumerates every press vector, ``k^(mn)`` of them (3^15, 14 million,
#: in a few seconds and 30 MB of counts).
CENSUS_LEVELS_MAX_STATES = 1 << 24
#: k states: ``sizes`` builds the algebra over ``Z/k`` of every size listed, each a Smith form of
#: its shorter side: the sum of shorter side cubed is bounded (25 sizes near 256x256: ~15 s).
SIZES_LEVELS_MAX_WORK = 25 * 256**3
#: ``sizes``: every size listed gets its classic nullity, a chase and an elimination on the
#: shorter side, about shorter² × longer work (4096x4096: 0.2 s): the sum is bounded (the
#: default --radius 2 near 4096x4096: 25 sizes, 5 s; --radius 20 there, 1681 sizes, took 340 s).
SIZES_CLASSIC_MAX_WORK = 150 * 4096**3
#: ``sizes`` under rules other than the classic game (2 states): one GF(2) elimination per size
#: listed: the sum of shorter side cubed is bounded (near 1024x1024: 12-54 s on a busy machine;
#: near 4096 ran past two minutes in 2 GB).
SIZES_RULES_MAX_WORK = 25 * 1024**3
#: k states: work of an exact fewest-presses search, kernel elements × cells (2**26: about a second).
MODK_EXACT_MAX = 1 << 26
#: k states: work of an exact closest-board search, cells × k × syndromes (64×64, k = 3, 3^8
#: syndromes: 0.8·2**27 in about 2 s); beyond it a descent gives an unproven answer.
MODK_DECODE_MAX = 1 << 27

_ECHO = 40


def shorten(text: str, limit: int = _ECHO) -> str:
    """``text`` for an error message: at most ``limit`` characters, with the length if cut."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 10]!r}... ({len(text)} characters)"


def check_seconds(value: float, name: str, *, zero: bool = False,
                  most: float = ANIMATION_MAX_SECONDS) -> float:
    """``value`` if it is a finite number of seconds in ``(0, most]`` (``[0, most]`` with ``zero``)."""
    least = ">= 0" if zero else "> 0"
    if not (math.isfinite(value) and (value > 0 or (zero and value == 0))):
        raise InvalidValue(f"{name} must be a number {least}, got {value:g}")
    if value > most:
        raise TooLarge(f"{name} must be at most {most:g} seconds, got {value:g}")
    return value


def planning_seconds(seconds: float) -> float:
    """``seconds`` as a budget to plan work from: within ``[0, TIME_LIMIT_MAX]`` (NaN is 0), so
    that rounds planned from a huge budget stay finite whole numbers."""
    if not seconds > 0:  # NaN and negatives buy nothing
        return 0.0
    return min(float(seconds), TIME_LIMIT_MAX)


def check_fps(fps: float) -> float:
    """Frames per second within ``FPS_MIN .. FPS_MAX``."""
    if not (math.isfinite(fps) and FPS_MIN <= fps <= FPS_MAX):
        raise InvalidValue(f"--fps must be between {FPS_MIN:g} and {FPS_MAX:g}, got {fps:g}")
    return fps


def check_seed(seed: int) -> int:
    """A seed numpy accepts: ``0 .. SEED_MAX``."""
    if not 0 <= seed <= SEED_MAX:
        raise InvalidValue(f"--seed must be a whole number from 0 to 2**64 - 1, got {seed}")
    return seed


def check_timing(*, fps: float, duration: float, hold: float) -> None:
    """The timing options of ``animate``, before any work."""
    check_fps(fps)
    check_seconds(duration, "--duration")
    check_seconds(hold, "--hold", zero=True)


def check_frames(frames: int, seconds: float, fps: float, *, video: bool = False) -> None:
    """A planned animation: its frames and playing time.

    ``video``: the output repeats frames for holds (MP4), so it holds ``round(seconds·fps)``
    frames, which must also stay within :data:`FRAMES_MAX`.
    """
    if seconds > ANIMATION_MAX_SECONDS:
        raise TooLarge(
            f"the animation would last {seconds:.0f} s; at most {ANIMATION_MAX_SECONDS:g} s "
            "(shorten --duration or --hold)")
    counts = [("frames", frames)]
    if video:
        counts.append(("video frames", round(seconds * fps)))
    for what, count in counts:
        if count > FRAMES_MAX:
            raise TooLarge(
                f"the animation would have {count} {what}; at most {FRAMES_MAX} "
                "(raise --clicks-per-frame, or lower --fps or --hold)")


def check_film(frames: int, seconds: float, cells: int) -> None:
    """A film of ``frames`` frames lasting ``seconds`` on a board of ``cells`` cells: within
    :data:`ANIMATION_MAX_SECONDS`, :data:`FRAMES_MAX`, :data:`FILM_MAX_CELLS` and
    :data:`FILM_MAX_CELL_FRAMES` (a frame's work is linear in its cells, so this bounds the work)."""
    if cells > FILM_MAX_CELLS:
        raise TooLarge(f"a film frame of {cells} cells is too large; at most "
                             f"{FILM_MAX_CELLS} cells a frame (a smaller --size)")
    if seconds > ANIMATION_MAX_SECONDS:
        raise TooLarge(f"the film would last {seconds:.0f} s; at most "
                             f"{ANIMATION_MAX_SECONDS:g} s (use --start/--end)")
    if frames > FRAMES_MAX:
        raise TooLarge(f"the film would have {frames} frames; at most {FRAMES_MAX} "
                             "(lower --fps, or use --start/--end)")
    if frames * cells > FILM_MAX_CELL_FRAMES:
        raise TooLarge(f"the film would have {frames} frames of {cells} cells; at most "
                             f"{FILM_MAX_CELL_FRAMES} frames x cells (a smaller --size, a lower "
                             "--fps, or --start/--end)")


def check_board(width: int, height: int, *, most_side: int = BOARD_MAX_SIDE,
                most_cells: int | None = None, what: str = "board") -> None:
    """A board of ``width`` × ``height`` cells within the given bounds (before allocating it)."""
    if width < 1 or height < 1:
        raise InvalidValue(f"{what} size must be at least 1x1, got {width}x{height}")
    if min(width, height) > most_side or max(width, height) > 4 * BOARD_MAX_SIDE:
        raise TooLarge(
            f"{what} {width}x{height} is too large (short side at most {most_side}, "
            f"long side at most {4 * BOARD_MAX_SIDE})")
    if most_cells is not None and width * height > most_cells:
        raise TooLarge(
            f"{what} {width}x{height} has {width * height} cells; at most {most_cells}")


def check_cell(cell: int) -> int:
    """Pixels per cell within ``1 .. CELL_MAX``."""
    if not 1 <= cell <= CELL_MAX:
        raise InvalidValue(f"--cell must be 1 to {CELL_MAX} pixels, got {cell}")
    return cell


def check_cell_mm(mm: float) -> float:
    """Millimetres per cell within ``CELL_MM_MIN .. CELL_MM_MAX``."""
    if not CELL_MM_MIN <= mm <= CELL_MM_MAX:  # NaN fails too
        raise InvalidValue(f"--cell-mm must be {CELL_MM_MIN:g} to {CELL_MM_MAX:g} mm, got {mm:g}")
    return mm


def check_vector(width: int, height: int, points_per_cell: float, *, panels: int = 1) -> None:
    """An SVG or PDF of a ``width`` × ``height`` board (``panels`` side by side), before it is
    drawn: at most :data:`VECTOR_MAX_CELLS` cells a panel, and a PDF page at most
    :data:`VECTOR_MAX_POINTS` on a side (``points_per_cell``: the cell's size on the page)."""
    if width * height > VECTOR_MAX_CELLS:
        raise TooLarge(f"a {width}x{height} board has {width * height:,} cells; an SVG or "
                             f"PDF holds at most {VECTOR_MAX_CELLS:,} (write a .png)")
    side = max(panels * width, height) * points_per_cell
    if side > VECTOR_MAX_POINTS:
        raise TooLarge(
            f"a {width}x{height} board is {side:,.0f} points on a side as a PDF page; at most "
            f"{VECTOR_MAX_POINTS:,} (200 inches: lower --cell-mm or --cell)")


def check_picture(width: int, height: int, cell: int, *, panels: int = 1) -> None:
    """A rendered picture of a ``width`` × ``height`` board at ``cell`` pixels per cell.

    ``panels`` side by side (``--compare`` has three): each panel within :data:`FRAME_MAX_PIXELS`
    and the whole within :data:`FRAME_MAX_SIDE` on either side.
    """
    check_cell(cell)
    w, h = width * cell, height * cell
    if w * h > FRAME_MAX_PIXELS or max(panels * w, h) > FRAME_MAX_SIDE:
        raise TooLarge(
            f"a {width}x{height} board at --cell {cell} is {w}x{h} pixels; at most "
            f"{FRAME_MAX_PIXELS} pixels and {FRAME_MAX_SIDE} on a side (lower --cell)")


def model_size(cells: int, pattern_cells: int, states: int = 2) -> tuple[int, int]:
    """Rows and non-zeros (at most) of the error program :func:`~lightsart._engines.ip.error_model`
    (2 states: one row per cell over ``x``, ``y``, ``z``) or
    the same function with ``k`` states (three rows per cell) writes."""
    # Two states: a wrong cell is a flipped parity (one row); k states add a level and big-M rows.
    if states <= 2:
        return cells, cells * (pattern_cells + 3)
    return 3 * cells, cells * (pattern_cells + 7)


def check_model(width: int, height: int, pattern_cells: int, states: int, path: str) -> None:
    """``--export-model PATH`` for a ``width`` x ``height`` board, before any work: its rows,
    non-zeros and estimated bytes within :data:`MODEL_MAX_ROWS`, :data:`MODEL_MAX_NONZEROS` and
    :data:`MODEL_MAX_BYTES`; the error line says the largest square board that fits."""
    per_nonzero = _MODEL_BYTES_PER_NONZERO.get(_suffix(path), max(_MODEL_BYTES_PER_NONZERO.values()))
    rows, nonzeros = model_size(width * height, pattern_cells, states)
    size = nonzeros * per_nonzero
    if rows <= MODEL_MAX_ROWS and nonzeros <= MODEL_MAX_NONZEROS and size <= MODEL_MAX_BYTES:
        return
    row_cells, nz_cells = model_size(1, pattern_cells, states)
    cells = min(MODEL_MAX_ROWS // row_cells, MODEL_MAX_NONZEROS // nz_cells,
                MODEL_MAX_BYTES // (nz_cells * per_nonzero))
    side = math.isqrt(cells)
    raise TooLarge(
        f"--export-model: a {width}x{height} board makes a model of {rows:,} rows and "
        f"{nonzeros:,} non-zeros (about {size >> 20} MB); at most {MODEL_MAX_ROWS:,} rows, "
        f"{MODEL_MAX_NONZEROS:,} non-zeros and {MODEL_MAX_BYTES >> 20} MB: under these rules "
        f"at most {cells:,} cells ({side}x{side})")


def _suffix(path: str) -> str:
    dot = path.rfind(".")
    return path[dot:].lower() if dot > max(path.rfind("/"), path.rfind("\\")) else ""


def power_words(base: int, exponent: int) -> str:
    """``base**exponent`` as :func:`count_words` writes it, without computing a power too large
    to write (``3**(4096**2)`` would take a while): then its power of ten alone."""
    tens = exponent * math.log10(base)
    return count_words(base**exponent) if tens < 300 else f"about 1e+{math.floor(tens)}"


def count_words(count: int, spec: str = ".3g") -> str:
    """``count`` in a message, formatted as a float by ``spec`` (``1.22e+19``), or as its power
    of ten (``about 1e+1954``) past a float's range: ``f"{3**4096:.3g}"`` raises OverflowError."""
    if count.bit_length() <= 1000:
        return format(count, spec)
    tens = math.floor(math.log10(count))  # log10 takes an int of any size, rounded: checked
    tens -= 10**tens > count
    return f"about 1e+{tens + (10 ** (tens + 1) <= count)}"
