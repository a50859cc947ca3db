"""Pictures for Jupyter: boards, fits, click sets and animations that show themselves.

This module is an edge of the package, beside the CLI: it imports the computation, and nothing
below imports it. ``import lightsart`` inside a running IPython (a notebook) calls
:func:`show_results`, which registers this module's functions as Jupyter's formatters for the
result types, by the name they show under (``lightsart.Fit``); the result types themselves carry
no ``_repr_*_`` hooks, and the CLI and scripts never load this module. So evaluating a
:class:`~lightsart.Fit`, a :class:`~lightsart.Clicks`, an :class:`~lightsart.Animation` or a
pipeline result as the last line of a notebook cell draws it, with no extra call:

* a board (or several side by side: :func:`view`) as a PNG, nearest-neighbour scaled so that a
  5×5 board is as visible as a 100×100 one (:func:`picture_cell`);
* a fit as ``target | reachable board | wrong pixels`` (:func:`lightsart._output.render.compare_image`)
  with a caption of its numbers and what is proven;
* a click set as blue squares on white, so it is never mistaken for a board;
* an animation as an inline GIF (``<img src="data:image/gif;base64,...">``) written by the
  library's own GIF writer; long animations are previewed at a lower frame rate, at most
  :data:`MAX_FRAMES` frames, with the same timing and the same pictures at the holds.

Plain numpy boards are ndarrays and cannot carry a repr; wrap them with :func:`view`, or run
``%load_ext lightsart`` (or ``lightsart._display``) to draw every 2-D 0/1 ``uint8`` array as a
picture.
"""

from __future__ import annotations

import base64
import html
import io
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from PIL import Image

from lightsart._core.board import as_board
from lightsart._errors import InvalidType, InvalidValue
from lightsart._limits import CELL_MAX
from lightsart._output.render import SEPARATOR_GREY, RenderStyle, as_levels, compare_image, render
from lightsart._palette import Palette
from lightsart._public import public
from lightsart._results import vocabulary
from lightsart._types import Board

if TYPE_CHECKING:
    from lightsart._animation.animate import Animation, Plan
    from lightsart._pictures.image import Target
    from lightsart._results import Clicks, Fit
    from lightsart._rules import Rules
    from lightsart._runs import AnimationResult, StillResult

__all__ = [
    "ANIMATION_PIXELS",
    "CLICK_STYLE",
    "MAX_CELL_FRAMES",
    "MAX_FRAMES",
    "MAX_INLINE_BYTES",
    "PICTURE_PIXELS",
    "ROW_PIXELS",
    "BoardView",
    "animation_gif",
    "animation_html",
    "animation_result_html",
    "board_png",
    "boards_png",
    "clicks_html",
    "clicks_png",
    "fit_html",
    "fit_png",
    "load_ipython_extension",
    "picture_cell",
    "preview_plan",
    "show_results",
    "still_html",
    "still_png",
    "target_png",
    "view",
]

#: About this many pixels on a picture's long side (each cell a whole number of pixels).
PICTURE_PIXELS = 320
#: About this many pixels across a row of pictures (a fit's three panels, :func:`view`).
ROW_PIXELS = 720
#: About this many pixels on an inline animation's long side (GIF bytes grow with the area).
ANIMATION_PIXELS = 256
#: Largest cell drawn inline, so a 1×1 board is not a 320-pixel square.
LARGEST_CELL = 40
#: Most frames in an inline GIF; longer animations are previewed at a lower frame rate.
#: (The default 4 s at 25 fps is 101 frames, shown whole.)
MAX_FRAMES = 120
#: Most cells × frames in an inline GIF, so a huge board is previewed with fewer frames
#: (a 1000×1000 board: 8 frames; anything up to 250×250 keeps :data:`MAX_FRAMES`).
MAX_CELL_FRAMES = 8_000_000
#: An animation file written by the pipeline is embedded as is only up to this size.
MAX_INLINE_BYTES = 4_000_000
#: Click sets: a click is a blue square, no click is white (never confused with a board).
CLICK_STYLE = RenderStyle(cell=1, kind="pixels", lit=(30, 100, 220), unlit=(255, 255, 255))


# ---------------------------------------------------------------------------------- pictures


def picture_cell(shape: tuple[int, ...], pixels: int = PICTURE_PIXELS) -> int:
    """Pixels per cell so the long side is about ``pixels`` (1 to :data:`LARGEST_CELL`)."""
    return max(1, min(LARGEST_CELL, CELL_MAX, pixels // max(int(s) for s in shape[:2])))


def _styled(
    style: RenderStyle | None, cell: int | None, shape: tuple[int, ...], pixels: int = PICTURE_PIXELS
) -> RenderStyle:
    base = style or RenderStyle()
    size = cell if cell is not None else picture_cell(shape, pixels)
    return replace(base, cell=size)  # the look, palette included, at this cell size


def _palette_style(shown: object) -> RenderStyle | None:
    """The look of a result drawn in a palette (its ``palette``, issue 34), else None (greys)."""
    palette = getattr(shown, "palette", None)
    return RenderStyle(palette=palette) if isinstance(palette, Palette) else None


def _states(style: RenderStyle | None) -> int:
    """States per cell of boards drawn in ``style``: its palette's length, else two."""
    return 2 if style is None or style.palette is None else style.palette.states


def _png(rgb: NDArray[np.uint8]) -> bytes:
    out = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgb)).save(out, format="PNG", optimize=True)
    return out.getvalue()


def _side_by_side(pictures: Sequence[NDArray[np.uint8]], gap: int) -> NDArray[np.uint8]:
    """Pictures in a row, ``gap`` grey pixels apart, top-aligned on grey."""
    height = max(p.shape[0] for p in pictures)
    width = sum(p.shape[1] for p in pictures) + gap * (len(pictures) - 1)
    out = np.empty((height, width, 3), np.uint8)
    out[:] = SEPARATOR_GREY
    left = 0
    for p in pictures:
        out[: p.shape[0], left : left + p.shape[1]] = p
        left += p.shape[1] + gap
    return out


def board_png(board: Board, *, cell: int | None = None, style: RenderStyle | None = None) -> bytes:
    """One board as PNG bytes: lit cells white, unlit black (or ``style``'s look; with its
    palette the board holds states ``0 .. K-1``, each drawn in its colour)."""
    b = as_levels(board, _states(style))
    return _png(render(b, _styled(style, cell, b.shape), _states(style)))


def target_png(target: Target, *, cell: int | None = None) -> bytes:
    """A target's dithered board as PNG bytes, in its grey levels (``target.states``)."""
    b = np.asarray(target.bits, dtype=np.uint8)
    return _png(render(b, _styled(_palette_style(target), cell, b.shape), target.states))


def boards_png(
    boards: Sequence[Board], *, cell: int | None = None, style: RenderStyle | None = None
) -> bytes:
    """Boards side by side (a few grey pixels apart) as one PNG; all share one cell size."""
    if not boards:
        raise InvalidValue("no boards to show")
    bs = [as_levels(b, _states(style)) for b in boards]
    tallest = max(b.shape[0] for b in bs)
    widest = max(b.shape[1] for b in bs)
    # The row of boards, not each board, gets the usual picture width.
    look = _styled(style, cell, (tallest, widest * len(bs)), ROW_PIXELS)
    return _png(_side_by_side([render(b, look, _states(style)) for b in bs],
                              gap=max(4, look.cell)))


def clicks_png(clicks: Clicks | Board, *, cell: int | None = None) -> bytes:
    """A click set as PNG bytes: each click a blue square on white (:data:`CLICK_STYLE`)."""
    x = as_board(getattr(clicks, "clicks", clicks), "clicks")
    return _png(render(x, _styled(CLICK_STYLE, cell, x.shape)))


def fit_png(fit: Fit, *, cell: int | None = None) -> bytes:
    """``target | reachable board | wrong pixels (red)`` as PNG bytes."""
    return _fit_png(fit, _palette_style(fit), cell)


def _fit_png(fit: Fit, style: RenderStyle | None, cell: int | None) -> bytes:
    look = _styled(style, cell, (fit.height, 3 * fit.width), ROW_PIXELS)
    return _png(compare_image(fit.target, fit.board, look, fit.wrong, states=fit.states))


def still_png(result: StillResult) -> bytes:
    """A still's fit, drawn as :func:`fit_png` (in the result's palette when it has one)."""
    return _fit_png(result.picture.fit, _palette_style(result), None)


# ---------------------------------------------------------------------------------- captions


def _img(data: bytes, mime: str, alt: str) -> str:
    # ``pixelated`` keeps cells crisp when the notebook scales the picture.
    b64 = base64.b64encode(data).decode("ascii")
    return (f'<img src="data:{mime};base64,{b64}" alt="{html.escape(alt)}" '
            'style="image-rendering: pixelated; max-width: 100%">')


def _figure(data: bytes, mime: str, caption: str) -> str:
    return (f'<figure style="margin: 0.5em 0">{_img(data, mime, caption)}'
            f'<figcaption style="font-size: 90%">{html.escape(caption)}</figcaption></figure>')


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "es" if word.endswith("s") else "s")


def _fit_words(fit: Fit) -> str:
    words = vocabulary(fit.states)
    wrong = _plural(fit.wrong_pixels, words.wrong)
    # A least cost proves the cost, not the count: say which is proven.
    if fit.count_proven_minimal:
        wrong += " (proven fewest)"
    else:
        wrong += f" (not proven fewest; at least {fit.count_lower_bound})"
    if fit.weighted and fit.wrong_pixels:
        least = "proven least" if fit.wrong_pixels_proven_minimal else "not proven least"
        wrong += f", cost {fit.wrong_cost:.2f} ({least})"
    clicks = _plural(fit.clicks_count, words.step)
    clicks += " (proven fewest)" if fit.clicks_proven_minimal else " (not proven fewest)"
    return f"{wrong}, {clicks}"


def fit_html(fit: Fit) -> str:
    """:func:`fit_png` with a caption: size, nullity, wrong pixels, clicks and what is proven."""
    caption = (f"target | reachable board | wrong pixels in red -- {fit.width}×{fit.height} "
               f"board, nullity {fit.nullity}: {_fit_words(fit)}; {fit.seconds:.2f} s")
    return _figure(fit_png(fit), "image/png", caption)


def clicks_html(clicks: Clicks) -> str:
    """:func:`clicks_png` with a caption: how many clicks and whether that is proven fewest."""
    m, n = clicks.clicks.shape
    proven = "proven fewest" if clicks.proven else "not proven fewest"
    caption = (f"{_plural(clicks.count, 'click')} ({proven}) on a {n}×{m} board, "
               f"nullity {clicks.nullity}")
    return _figure(clicks_png(clicks), "image/png", caption)


def still_html(result: StillResult) -> str:
    """A still's fit with its caption and the files written."""
    written = ", ".join(result.outputs)
    return fit_html(result.picture.fit) + f"<div>wrote {html.escape(written)}</div>"


# ---------------------------------------------------------------------------------- animations


def preview_plan(plan: Plan, max_frames: int = MAX_FRAMES) -> Plan:
    """``plan`` itself if it has at most ``max_frames`` frames, else the same transitions at a
    lower frame rate: every transition gets the longest one's seconds of motion and an equal
    share of the frames; holds and looping are kept.
    """
    from lightsart._animation import animate

    if plan.frames <= max_frames:
        return plan
    shares = len(plan.transitions) * (2 if plan.loop else 1)
    per = max(1, (max_frames - (0 if plan.loop else 1)) // shares)
    duration = max(t.seconds_of_motion for t in plan.transitions)
    return animate.plan([t.clicks for t in plan.transitions], fps=per / duration,
                        duration=duration, hold=plan.hold, loop=plan.loop)


def _gif(segments: Sequence[tuple[Board, Any]], plan: Plan, style: RenderStyle | None,
         rules: Rules | None = None) -> bytes:
    from lightsart._animation import animate
    from lightsart._output.writers import write_gif

    look = _styled(style, None, segments[0][0].shape, ANIMATION_PIXELS)
    levels = 2 if rules is None else rules.states
    with tempfile.TemporaryDirectory(prefix="lightsart-") as folder:
        path = Path(folder) / "animation.gif"
        write_gif(animate.chain_frames(segments, plan, rules), path, look, states=levels)
        return path.read_bytes()


def animation_gif(
    animation: Animation, *, max_frames: int = MAX_FRAMES, style: RenderStyle | None = None
) -> bytes:
    """The animation as GIF bytes, previewed by :func:`preview_plan` beyond ``max_frames``."""
    return _gif(animation.segments, preview_plan(animation.plan, max_frames),
                style or _palette_style(animation), animation.rules)


def _animation_words(plan: Plan, shown: Plan) -> str:
    frames = f"{plan.frames:,} frames"
    if shown.frames != plan.frames:
        frames = f"preview of {shown.frames:,} frames (the animation has {plan.frames:,})"
    return f"{frames}, {plan.seconds:.1f} s" + (", looped" if plan.loop else "")


def _frame_budget(shape: tuple[int, ...], max_frames: int) -> int:
    return max(1, min(max_frames, MAX_CELL_FRAMES // (int(shape[0]) * int(shape[1]))))


def animation_html(animation: Animation, *, max_frames: int = MAX_FRAMES) -> str:
    """An inline GIF of the animation with a caption (clicks, order, frames, seconds)."""
    m, n = animation.pictures[0].shape
    shown = preview_plan(animation.plan, _frame_budget((m, n), max_frames))
    unit = vocabulary(2 if animation.rules is None else animation.rules.states).step
    caption = (f"{n}×{m} board, {_plural(animation.clicks, unit)} in {animation.order} "
               f"order; {_animation_words(animation.plan, shown)}")
    return _figure(_gif(animation.segments, shown, _palette_style(animation), animation.rules),
                   "image/gif", caption)


def _written_animation(result: AnimationResult) -> tuple[bytes, str] | None:
    """The GIF the pipeline wrote, if there is one still on disk and small enough to embed."""
    for out in result.outputs:
        path = Path(out)
        if path.suffix.lower() == ".gif" and path.is_file():
            size = path.stat().st_size
            if size <= MAX_INLINE_BYTES:
                return path.read_bytes(), str(path)
    return None


def animation_result_html(result: AnimationResult, *, max_frames: int = MAX_FRAMES) -> str:
    """The GIF that :func:`~lightsart.make_animation` wrote, inline, with its numbers.

    Without one (an MP4, an HTML page or frames only, or a GIF over :data:`MAX_INLINE_BYTES`)
    a preview is drawn from the result's pictures and transitions, in raster order.
    """
    from lightsart._animation import animate, orders

    unit = vocabulary(result.states).step
    steps = ", ".join(
        f"{_plural(t.count, unit)} ({'proven fewest' if t.proven else 'not proven fewest'})"
        for t in result.transitions)
    words = (f"{result.width}×{result.height} board, nullity {result.nullity}, "
             f"{len(result.pictures)} pictures; transitions: {steps}; {result.frames:,} frames, "
             f"{result.duration_seconds:.1f} s")
    written = _written_animation(result)
    if written is not None:
        data, path = written
        return _figure(data, "image/gif", f"{path}: {words}")
    boards = [p.fit.board for p in result.pictures]
    grey = result.rules if vocabulary(result.states).grey else None
    segments = [(b, orders.press_order(t.clicks, "raster") if grey else
                 orders.click_order(b, t.clicks, "raster"))
                for b, t in zip(boards, result.transitions, strict=False)]
    shown = preview_plan(animate.plan([len(o) for _, o in segments]),
                         _frame_budget(boards[0].shape, max_frames))
    return _figure(_gif(segments, shown, _palette_style(result), grey), "image/gif",
                   f"raster-order preview ({shown.frames} frames): {words}")


# ---------------------------------------------------------------------------------- plain boards


@dataclass(frozen=True, eq=False)
class BoardView:
    """Boards to look at side by side, optionally labelled; shows itself in Jupyter."""

    boards: tuple[Board, ...]
    labels: tuple[str, ...] | None = None
    cell: int | None = None
    #: The colour of each state (``None``: two states, lit white and unlit black).
    palette: Palette | None = None

    @property
    def style(self) -> RenderStyle | None:
        """The look the boards are drawn in: their palette's, else the default."""
        return None if self.palette is None else RenderStyle(palette=self.palette)

    def png(self) -> bytes:
        return boards_png(self.boards, cell=self.cell, style=self.style)

    def _repr_png_(self) -> bytes:
        return self.png()

    def _repr_html_(self) -> str:
        if self.labels is None:
            return _img(self.png(), "image/png", "boards")
        shape = (max(b.shape[0] for b in self.boards),
                 max(b.shape[1] for b in self.boards) * len(self.boards))
        look = _styled(self.style, self.cell, shape, ROW_PIXELS)
        cells = "".join(
            _figure(board_png(b, cell=look.cell, style=self.style), "image/png", label)
            for b, label in zip(self.boards, self.labels, strict=True))
        return f'<div style="display: flex; gap: 12px; flex-wrap: wrap">{cells}</div>'


@public
def view(
    *boards: Board | Sequence[Board], labels: Sequence[str] | None = None, cell: int | None = None,
    palette: Palette | str | None = None,
) -> BoardView:
    """Boards (given one by one, or as one list) side by side, with optional labels.

    ``view(fit.target, fit.board, labels=["target", "board"])`` as a cell's last line draws
    them; ``cell`` fixes the pixels per cell (default: about :data:`PICTURE_PIXELS` in all).
    A :class:`~lightsart.Fit` holds states, not colours: boards made in a palette are drawn in
    it with ``palette=result.palette`` (a still's or an animation's result keeps it, and draws
    itself in it).

    Parameters
    ----------
    *boards : numpy.ndarray or sequence of numpy.ndarray
        The boards, 2-D, one by one or as one list (a 3-D array is a stack of boards): 0/1, or
        states ``0 .. K-1`` with a palette of ``K`` colours.
    labels : sequence of str or None, optional
        A caption for each board (as many as there are boards).
    cell : int or None, optional
        Pixels per cell (``None``: sized so the row is about :data:`PICTURE_PIXELS` wide).
    palette : lightsart.Palette, str or None, optional
        The colour of each state, state ``0`` first: a :class:`~lightsart.Palette`, a name
        (``"handheld"``, ``"sepia:3"``) or ``"#rrggbb,..."`` text, as ``--palette`` reads them
        (not ``auto:K``, which chooses colours from pictures). ``None``: lit white, unlit black.

    Returns
    -------
    BoardView
        The boards, labels and cell size; it shows itself in Jupyter (PNG or HTML) and
        ``png()`` gives the picture's bytes.

    Examples
    --------
    >>> from lightsart import parse_board, view
    >>> shown = view(parse_board("010/111/010"), parse_board("101/000/101"), labels=["a", "b"])
    >>> len(shown.boards), shown.labels
    (2, ('a', 'b'))
    >>> shown.png()[:4]
    b'\x89PNG'
    >>> view(parse_board("0123/3210", states=4), palette="handheld").palette.hex()[0]
    '#0f380f'
    """
    from lightsart import _checks as checks
    from lightsart._limits import check_cell
    from lightsart._pictures.palettes import palette_request

    if cell is not None:
        check_cell(checks.whole(cell, "cell"))
    if labels is not None and (isinstance(labels, str) or not isinstance(labels, Sequence)):
        raise InvalidType(f"labels must be a list of str, one per board; got {labels!r}")
    colours = palette_request(palette)
    if isinstance(colours, str):
        raise InvalidValue(f"palette {colours} chooses its colours from pictures: give the "
                           "palette itself (a result's palette, a name or #rrggbb,... colours)")
    items: list[Board] = []
    for b in boards:
        a = np.asarray(b)
        items.extend(list(a) if a.ndim == 3 else [a])
    checked = tuple(as_board(b) if colours is None else as_levels(b, colours.states)
                    for b in items)
    if not checked:
        raise InvalidValue("no boards to show")
    if labels is not None and len(labels) != len(checked):
        raise InvalidValue(f"{len(labels)} labels for {len(checked)} boards")
    return BoardView(checked, None if labels is None else tuple(str(s) for s in labels), cell,
                     colours)


def _board_or_none(array: NDArray[Any]) -> bytes | None:
    """The PNG formatter for ndarrays: 2-D 0/1 ``uint8`` arrays only (None: IPython's text)."""
    if array.ndim != 2 or array.dtype != np.uint8 or array.size == 0 or array.max() > 1:
        return None
    return board_png(array)


@public
def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext lightsart._display``: draw every 2-D 0/1 ``uint8`` array as a board.

    IPython calls it on ``%load_ext lightsart`` (or ``%load_ext lightsart._display``): it
    registers a PNG formatter for numpy arrays, so a board as a cell's last line is drawn as a
    picture. Other arrays (other shapes, types or values) keep IPython's text.

    Parameters
    ----------
    ipython : IPython.core.interactiveshell.InteractiveShell
        The running shell (IPython passes it).

    Returns
    -------
    None
        The shell's formatter is changed in place.

    Examples
    --------
    In a notebook cell::

        %load_ext lightsart
        import lightsart
        lightsart.parse_board("010/111/010")  # drawn as a 3x3 board
    """
    if not hasattr(ipython, "display_formatter"):
        raise InvalidType(f"load_ipython_extension takes the running IPython shell (IPython "
                          f"passes it on %load_ext lightsart); got {type(ipython).__name__}")
    formatter = ipython.display_formatter.formatters["image/png"]
    formatter.for_type(np.ndarray, _board_or_none)
    show_results(ipython)


#: What Jupyter draws for each result type: (the type's name under ``lightsart``, MIME type,
#: the function of this module that draws it). HTML, where there is one, is what a notebook shows.
RESULT_FORMATTERS: tuple[tuple[str, str, str], ...] = (
    ("Fit", "image/png", "fit_png"), ("Fit", "text/html", "fit_html"),
    ("Clicks", "image/png", "clicks_png"), ("Clicks", "text/html", "clicks_html"),
    ("Target", "image/png", "target_png"),
    ("StillResult", "image/png", "still_png"), ("StillResult", "text/html", "still_html"),
    ("Animation", "text/html", "animation_html"),
    ("AnimationResult", "text/html", "animation_result_html"),
)


def show_results(ipython: Any) -> None:
    """Make lightsart's results draw themselves in ``ipython`` (``import lightsart`` calls it).

    Registers, for each type of :data:`RESULT_FORMATTERS`, its drawing as the shell's formatter
    for that MIME type, by the type's module and name (``lightsart.Fit``): no result module is
    imported to do so, and none imports this one.

    Parameters
    ----------
    ipython : IPython.core.interactiveshell.InteractiveShell
        The running shell.

    Returns
    -------
    None
        The shell's formatters are changed in place.
    """
    formatters = ipython.display_formatter.formatters
    for name, mime, function in RESULT_FORMATTERS:
        formatters[mime].for_type_by_name("lightsart", name, globals()[function])
