"""The interactive artwork page: an animation's segments replayed click by click (or press by press).

See :func:`write_artwork_page`; the page's player is ``art.js`` (with ``view.js`` and the press
operator of ``lights.js``, for any number of states).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import numpy as np
from numpy.typing import ArrayLike

from lightsart._choices import Scheme, Topology
from lightsart._errors import LightsartError
from lightsart._output.staging import atomic_path
from lightsart._pages._page import (
    after_presses,
    as_levels,
    html_page,
    level_rows,
    page_rules,
    page_scripts,
    rules_data,
    states_data,
)
from lightsart._palette import Palette
from lightsart._types import Board

if TYPE_CHECKING:
    from lightsart._choices import StyleKind
    from lightsart._output.render import RGB

__all__ = ["ArtworkOptions", "ArtworkPage", "FilmTrack", "artwork_page_html",
           "write_artwork_page"]


@dataclass(frozen=True)
class FilmTrack:
    """A film's page (``lightsart video``): one transition whose ``frames`` list every frame
    (a still frame's end equal to the one before), played at ``fps`` frames per second, with
    ``sound`` (a ``data:`` URI) as its clock when the clip has sound; the page shows the frame
    and the time."""

    fps: float
    sound: str | None = None


class ArtworkOptions(TypedDict, total=False):
    """The page options :func:`write_artwork_page` passes on to :func:`artwork_page_html`."""

    cell: int | None
    fps: float
    clicks_per_frame: int
    hold: float
    loop: bool
    title: str | None
    scheme: Scheme | None
    autoplay: bool
    style: StyleKind
    colours: Sequence[RGB | str | None] | None
    pattern: str
    topology: Topology
    states: int
    frames: Sequence[Sequence[int]] | None
    palette: Palette | None


@dataclass(frozen=True)
class ArtworkPage:
    """A written artwork page: its board, pictures, clicks and frames per transition."""

    path: str
    width: int
    height: int
    pictures: int
    clicks: tuple[int, ...]
    clicks_per_frame: int
    bytes: int
    #: States per cell (``clicks`` counts single presses; two states: clicks).
    states: int = 2


def _frame_offsets(frames: Sequence[Sequence[int]], encoded: list[dict[str, Any]]) -> list[list[int]]:
    """``frames`` checked against the segments: per transition, offsets rising from 0 to its
    number of clicks (``[0, 0]``, one empty frame, for a transition with no clicks)."""
    if len(frames) != len(encoded):
        raise LightsartError(f"frames has {len(frames)} lists for {len(encoded)} transitions")
    out = []
    for k, (offsets, segment) in enumerate(zip(frames, encoded, strict=True), 1):
        f = [int(v) for v in offsets]
        if (len(f) < 2 or f[0] != 0 or f[-1] != len(segment["clicks"])
                or (f != [0, 0] and any(b <= a for a, b in itertools.pairwise(f)))):
            raise LightsartError(f"transition {k}'s frames must rise from 0 to its clicks")
        out.append(f)
    return out


def _segment_data(
    segments: Sequence[tuple[ArrayLike, ArrayLike]],
    pattern: str = "plus",
    topology: Topology = "plane",
    states: int = 2,
) -> tuple[int, int, list[dict[str, Any]]]:
    """Check the segments chain under the rules (each ends where the next starts) and encode
    them for the page (boards of levels, and each listed cell one press)."""
    if not segments:
        raise LightsartError("an animation needs at least one transition")
    first = as_levels(segments[0][0], states, "start board")
    m, n = first.shape
    rules = page_rules(pattern, topology, m, n, states)
    out: list[dict[str, Any]] = []
    expected: Board | None = None
    for k, (start_board, ordered) in enumerate(segments, 1):
        start = as_levels(start_board, states, "start board")
        if start.shape != (m, n):
            raise LightsartError(f"transition {k} is {start.shape[1]}x{start.shape[0]}, expected {n}x{m}")
        if expected is not None and not np.array_equal(start, expected):
            raise LightsartError(f"transition {k} does not start where transition {k - 1} ends")
        clicks = np.asarray(ordered, dtype=np.int64).reshape(-1, 2) if np.size(ordered) else (
            np.zeros((0, 2), dtype=np.int64))
        rows, cols = clicks[:, 0], clicks[:, 1]
        if ((rows < 0) | (rows >= m) | (cols < 0) | (cols >= n)).any():
            raise LightsartError(f"transition {k} clicks a cell outside the {n}x{m} board")
        cells = rows * n + cols
        expected = after_presses(start, cells, rules)
        out.append({"start": level_rows(start), "clicks": [int(c) for c in cells]})
    return m, n, out


def _look(style: StyleKind, colours: Sequence[RGB | str | None] | None, palette: Palette | None,
          states: int) -> tuple[RGB, RGB, RGB, list[str] | None]:
    """The style's (lit, unlit, panel) colours, defaults filled in, checked as render checks them,
    and the palette as ``#rrggbb`` (state 0 first; None without one). With a palette, ``lit``
    and ``unlit`` may only repeat its last and first colours (as ``RenderStyle.colours()``
    gives them)."""
    from lightsart._output.render import RenderStyle

    lit, unlit, panel = (None, None, None) if colours is None else colours
    if palette is None:
        return (*RenderStyle(kind=style, lit=lit, unlit=unlit, panel=panel).colours(),  # type: ignore[arg-type]
                None)
    given = RenderStyle(kind=style, lit=lit, unlit=unlit).colours()  # type: ignore[arg-type]
    look = RenderStyle(kind=style, panel=panel, palette=palette)  # type: ignore[arg-type]
    drawn = look.colours()
    if (lit is not None and given.lit != drawn.lit) or (
            unlit is not None and given.unlit != drawn.unlit):
        RenderStyle(lit=lit, unlit=unlit, palette=palette)  # type: ignore[arg-type]  # refuses
    return drawn.lit, drawn.unlit, drawn.panel, [_hex(c) for c in look.state_colours(states)]


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def artwork_page_html(
    segments: Sequence[tuple[ArrayLike, ArrayLike]],
    *,
    cell: int | None = None,
    fps: float = 25.0,
    clicks_per_frame: int = 1,
    hold: float = 1.0,
    loop: bool = False,
    title: str | None = None,
    scheme: Scheme | None = None,
    autoplay: bool = True,
    style: StyleKind = "pixels",
    colours: Sequence[RGB | str | None] | None = None,
    pattern: str = "plus",
    topology: Topology = "plane",
    states: int = 2,
    frames: Sequence[Sequence[int]] | None = None,
    film: FilmTrack | None = None,
    palette: Palette | None = None,
) -> str:
    """The artwork page as HTML text (see :func:`write_artwork_page`; ``film``: a film's page,
    :class:`FilmTrack`)."""
    rules = page_rules(pattern, topology, states=states)
    m, n, encoded = _segment_data(segments, pattern, topology, states)
    if film is not None and (frames is None or len(segments) != 1):
        raise LightsartError("a film's page is one transition with its frames")
    if (cell is not None and cell < 1) or clicks_per_frame < 1 or not fps > 0 or not hold >= 0:
        raise LightsartError("cell, fps and clicks per frame must be positive and hold at least 0")
    lit, unlit, panel, hexes = _look(style, colours, palette, states)
    data = {
        "m": m, "n": n, "segments": encoded, "cell": cell, "fps": fps,
        "clicksPerFrame": clicks_per_frame, "hold": hold, "loop": loop,
        "scheme": scheme or "made", "autoplay": autoplay, "style": style,
        "colours": {"lit": _hex(lit), "unlit": _hex(unlit), "panel": _hex(panel)},
        "rules": rules_data(rules),
        **states_data(states)[0],
        **({"palette": hexes} if hexes is not None else {}),
        **({"frames": _frame_offsets(frames, encoded)} if frames is not None else {}),
        **({"film": {"fps": film.fps, "sound": film.sound}} if film is not None else {}),
    }
    return html_page("art.html", title or "lightsart: Lights Out animation", data,
                     page_scripts("art.js", states), media=film is not None and film.sound is not None)


def write_artwork_page(
    path: str | os.PathLike[str],
    segments: Sequence[tuple[ArrayLike, ArrayLike]],
    **options: Unpack[ArtworkOptions],
) -> ArtworkPage:
    """Write an animation as one self-contained interactive HTML page.

    ``segments`` is a list of ``(start_board, ordered_clicks)``: the board a transition starts
    from and its clicks as a ``(K, 2)`` array of ``(row, col)`` in playing order; each transition
    must start where the previous one ends. The board fills the window; ``cell`` caps its cells
    at that many CSS pixels. ``hold`` is the seconds each picture stays, ``loop`` plays the
    transitions backwards afterwards (A → B → A) and repeats, ``autoplay`` starts on load.

    ``style`` and ``colours`` are the look of :class:`lightsart.Look`: ``"pixels"``
    (square cells) or ``"lights"`` (lamps on a panel), and ``(lit, unlit, panel)`` as RGB tuples
    or colour names, None for the style's defaults. The page opens in that look; its colour
    menu also offers the game's schemes, and ``scheme`` opens one of those instead.
    ``palette`` (a :class:`lightsart._palette.Palette` of ``states`` colours) draws state s in
    its colour s, as the PNG and GIF do; ``colours`` then gives only the panel (lit and unlit
    are the palette's ends).

    ``pattern`` and ``topology`` are the rules the clicks follow (see :func:`write_game_page`):
    the animation's and the viewer's clicks alike, and the segments must chain under them.

    ``states`` k (above 2: grey levels): start boards hold levels ``0 .. k-1`` (k-1 lit) and each
    ``(row, col)`` is one press, adding 1 mod k to the cells of the pattern (a cell pressed j
    times is listed j times, as :func:`lightsart._animation.animate.press_order` orders them);
    the page draws level s s/(k-1) of the way from the unlit to the lit colour, as the GIF does,
    and plays a looped transition backwards by taking its presses back.

    ``frames`` (one list per transition: where its frames end, as offsets ``0 .. clicks`` in
    increasing order, :meth:`~lightsart._animation.animate.TransitionPlan.bounds`) replaces the
    even ``clicks_per_frame`` batches: eased animations play their own batches (a looped leg
    plays them mirrored, as the GIF does).
    """
    html = artwork_page_html(segments, **options)
    with atomic_path(path) as tmp:
        tmp.write_text(html, encoding="utf-8")
    m, n = np.asarray(segments[0][0]).shape
    clicks = tuple(int(np.size(c)) // 2 for _, c in segments)
    return ArtworkPage(str(path), n, m, len(segments) + 1, clicks,
                       options.get("clicks_per_frame", 1), len(html.encode()),
                       options.get("states", 2))
