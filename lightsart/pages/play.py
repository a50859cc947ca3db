"""Self-contained HTML pages: the playable Lights Out game and the interactive artwork.

Each page is one file: inline CSS, vanilla JavaScript and the board data as JSON, with a
Content-Security-Policy that forbids every network request, so it plays offline. The templates
live beside this module in ``lightsart/pages/`` (``lightsout.js`` is the page's own small GF(2)
solver: light chasing, Gaussian elimination of the top-row system, quiet patterns, and fewest
clicks over the coset).

* :func:`write_game_page`: the game, any size from 3×3 to 40×40 chosen on the page, optionally
  with a picture as the goal (the reachable board closest to an image, see :func:`picture_fit`).
* :func:`write_artwork_page`: an animation (segments of start board + ordered clicks) with play,
  pause, step, scrub and speed; the viewer can click cells at any moment.

Both pages take the rules of the game as data (``pattern`` and ``topology``, DESIGN.md "The
variants"): the page data carries ``rules: {pattern: [[0, 1, 0], ...], topology: "plane"}`` and
the page's clicks, hints and solutions follow them (classic plus on the plane by default).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from lightsart.choices import TOPOLOGIES, Scheme, Start, Topology
from lightsart.core.board import apply_clicks, as_board, format_board
from lightsart.core.gf2 import algebra
from lightsart.core.optimize import Fit
from lightsart.errors import LightsartError
from lightsart.output.atomic import atomic_path
from lightsart.types import Board

if TYPE_CHECKING:
    from lightsart.output.render import RGB, Kind

__all__ = [
    "MAX_PICTURE_SIDE",
    "MAX_SIDE",
    "MIN_SIDE",
    "ArtworkPage",
    "GamePage",
    "Scheme",
    "Start",
    "artwork_page_html",
    "game_page_html",
    "make_game_page",
    "picture_fit",
    "write_artwork_page",
    "write_game_page",
]

#: Board sides the game page offers in its size chooser.
MIN_SIDE = 3
MAX_SIDE = 40
#: Largest side of a picture board on the game page (the page's solver is plain JavaScript).
MAX_PICTURE_SIDE = 128
#: Default long side of a picture board: big enough to show a picture, small enough to play.
DEFAULT_PICTURE_SIDE = 32

#: Named patterns (the cells a click toggles, centred on the clicked cell).
PATTERNS = {"plus": "010/111/010", "sigma": "010/101/010", "x": "101/010/101",
            "square": "111/111/111"}
_MAX_PATTERN_SIDE = 9
Pattern = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class GamePage:
    """A written game page: where, which board, whether the goal is a picture, and its rules.

    ``nullity`` is None for rules other than the classic ones (the page computes it)."""

    path: str
    width: int
    height: int
    nullity: int | None
    picture: bool
    bytes: int
    pattern: str = PATTERNS["plus"]
    topology: Topology = "plane"


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


def _template(name: str) -> str:
    return resources.files("lightsart.pages").joinpath(name).read_text(encoding="utf-8")


def _script(*names: str) -> str:
    code = "\n".join(_template(n) for n in names)
    # The script is inlined in <script>: a closing tag inside it would end it early.
    if "</script" in code.lower() or "<!--" in code:  # pragma: no cover - template bug
        raise AssertionError("page script contains </script or <!--")
    return code


def _json(data: dict[str, Any]) -> str:
    """JSON safe inside a <script> element (no '<', so no '</script>')."""
    return json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _page(template: str, title: str, data: dict[str, Any], scripts: Sequence[str]) -> str:
    from lightsart import __version__

    parts = {
        "{{VERSION}}": __version__,
        "{{TITLE}}": _html_text(title),
        "{{CSS}}": _template("page.css"),
        "{{DATA}}": _json(data),
        "{{SCRIPT}}": _script(*scripts),
    }
    html = _template(template)
    for key, value in parts.items():
        html = html.replace(key, value)
    return html


def _parse_pattern(text: str) -> Pattern:
    """A pattern name or rows of 0/1 (or #/.) separated by '/': an odd-sized grid of at most
    9x9 with at least one cell. (To be replaced by the shared ``lightsart.rules`` parser.)"""
    rows = PATTERNS.get(text.strip().lower(), text.strip()).split("/")
    if any(set(row) - set("01#.") for row in rows):
        raise LightsartError(f"pattern {text!r}: use rows of 0/1 (or #/.) separated by '/', "
                             f"or one of {', '.join(PATTERNS)}")
    if len({len(row) for row in rows}) != 1:
        raise LightsartError(f"pattern {text!r}: every row needs the same length")
    height, width = len(rows), len(rows[0])
    if height % 2 == 0 or width % 2 == 0 or max(height, width) > _MAX_PATTERN_SIDE:
        raise LightsartError(f"pattern {text!r} is {width}x{height}: it needs an odd number of rows "
                             f"and columns (the clicked cell in the middle), at most "
                             f"{_MAX_PATTERN_SIDE}x{_MAX_PATTERN_SIDE}")
    grid = tuple(tuple(int(ch in "1#") for ch in row) for row in rows)
    if not any(map(any, grid)):
        raise LightsartError(f"pattern {text!r} toggles no cell: it needs at least one 1")
    return grid


def _rules_data(pattern: str, topology: str) -> dict[str, Any]:
    """The page's ``rules`` entry, checked."""
    if topology not in TOPOLOGIES:
        raise LightsartError(f"topology must be one of {', '.join(TOPOLOGIES)}, got {topology!r}")
    return {"pattern": [list(row) for row in _parse_pattern(pattern)], "topology": topology}


def _is_classic(rules: dict[str, Any]) -> bool:
    """Plus on the plane (up to all-zero borders), the rules lightsart's Python algebra knows."""
    grid = np.array(rules["pattern"], dtype=np.uint8)
    h, w = grid.shape
    plus = np.zeros_like(grid)
    if h >= 3 and w >= 3:
        plus[h // 2 - 1: h // 2 + 2, w // 2 - 1: w // 2 + 2] = [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    return rules["topology"] == "plane" and np.array_equal(grid, plus)


def _press(clicks: Board, rules: dict[str, Any]) -> Board:
    """The cells toggled by ``clicks`` under ``rules`` (each cell a click reaches toggled once),
    as the page computes it. (To be replaced by the shared ``lightsart.rules`` press.)"""
    m, n = clicks.shape
    grid = np.array(rules["pattern"], dtype=np.int64)
    ci, cj = grid.shape[0] // 2, grid.shape[1] // 2
    wrap_rows, wrap_cols = rules["topology"] == "torus", rules["topology"] != "plane"
    out = np.zeros(m * n, dtype=np.uint8)
    for i, j in np.argwhere(clicks):
        reached = set()
        for a, b in np.argwhere(grid):
            r, c = i + a - ci, j + b - cj
            r, c = (r % m if wrap_rows else r), (c % n if wrap_cols else c)
            if 0 <= r < m and 0 <= c < n:
                reached.add(int(r * n + c))
        out[list(reached)] ^= 1
    return out.reshape(m, n)


def _rows(board: Board) -> list[str]:
    return format_board(board).split("\n")


def _check_side(side: int, what: str, low: int, high: int) -> None:
    if not low <= side <= high:
        raise LightsartError(f"{what} must be between {low} and {high} cells, got {side}")


def game_page_html(
    width: int = 5,
    height: int = 5,
    picture: ArrayLike | None = None,
    *,
    title: str | None = None,
    start: Start | None = None,
    scheme: Scheme | None = None,
    pattern: str = "plus",
    topology: Topology = "plane",
) -> str:
    """The game page as HTML text (see :func:`write_game_page`)."""
    rules = _rules_data(pattern, topology)
    rows: list[str] | None = None
    if picture is not None:
        if not _is_classic(rules):
            raise LightsartError("a picture goal needs the classic rules (plus on the plane) until "
                                 "lightsart can fit pictures under other rules")
        pic = as_board(picture, "picture")
        height, width = pic.shape
        for side, what in ((width, "picture width"), (height, "picture height")):
            _check_side(side, what, MIN_SIDE, MAX_PICTURE_SIDE)
        # The page's goal must be reachable from all-lit: change 1 ^ picture in the image of A.
        if not algebra(height, width).is_solvable(pic ^ np.uint8(1)):
            raise LightsartError(
                f"this {width}x{height} picture is not reachable from the all-lit board; "
                "use lightsart.pages.play.picture_fit (the reachable board closest to it)"
            )
        rows = _rows(pic)
    else:
        if start == "picture":
            raise LightsartError("the picture start needs a picture (lightsart play --image)")
        _check_side(width, "board width", MIN_SIDE, MAX_SIDE)
        _check_side(height, "board height", MIN_SIDE, MAX_SIDE)
    data = {
        "width": width,
        "height": height,
        "minSide": MIN_SIDE,
        "maxSide": MAX_SIDE,
        "picture": rows,
        "start": start or "random",
        # White = lit shows a picture as itself; the handheld game's yellow otherwise.
        "scheme": scheme or ("paper" if rows else "classic"),
        "rules": rules,
    }
    return _page("game.html", title or ("Lights Out: your picture" if rows else "Lights Out"), data,
                 ("lightsout.js", "view.js", "game.js"))


def write_game_page(
    path: str | os.PathLike[str],
    width: int = 5,
    height: int = 5,
    picture: ArrayLike | None = None,
    *,
    title: str | None = None,
    start: Start | None = None,
    scheme: Scheme | None = None,
    pattern: str = "plus",
    topology: Topology = "plane",
) -> GamePage:
    """Write the playable game as one self-contained HTML file.

    ``width`` × ``height`` is the first board (the page offers 3 to 40 on each side). With
    ``picture`` (a board reachable from all-lit, e.g. ``picture_fit(...).board``) the board takes
    its size and the goal is the picture, from a uniformly random solvable start by default
    (``start="lit"``: from all-lit, as in Bosch's animations; ``"picture"``: clear the picture).

    ``pattern`` (a name: plus, sigma, x, square; or rows like ``"110/010/000"``) and
    ``topology`` (plane, torus, cylinder) are the rules the page starts with; the player may
    change them on the page. A picture goal needs the classic rules for now.
    """
    html = game_page_html(width, height, picture, title=title, start=start, scheme=scheme,
                          pattern=pattern, topology=topology)
    with atomic_path(path) as tmp:
        tmp.write_text(html, encoding="utf-8")
    if picture is not None:
        height, width = np.asarray(picture).shape
    rules = _rules_data(pattern, topology)
    nullity = algebra(height, width).nullity if _is_classic(rules) else None
    text = "/".join("".join(map(str, row)) for row in rules["pattern"])
    return GamePage(str(path), width, height, nullity, picture is not None, len(html.encode()),
                    text, topology)


def picture_fit(
    image: str | os.PathLike[str],
    size: tuple[int, int | None] | None = None,
    fit: str = "cover",
) -> Fit:
    """The reachable board closest to an image, sized for play.

    ``size`` is ``(width, height)`` or ``(width, None)`` (height from the aspect ratio); by
    default the long side is about :data:`DEFAULT_PICTURE_SIDE` cells, preferring a size where
    every picture is reachable exactly (nullity 0).
    """
    from lightsart.core.optimize import closest_board
    from lightsart.pictures.image import choose_size, read_gray, target_from_array

    gray = read_gray(str(image))
    if size is None:  # about DEFAULT_PICTURE_SIDE on the long side, preferring nullity 0
        size = choose_size(gray.shape[1] / gray.shape[0], DEFAULT_PICTURE_SIDE)
    target = target_from_array(gray, size, fit, source=str(image))  # type: ignore[arg-type]
    for side, what in ((target.width, "picture width"), (target.height, "picture height")):
        _check_side(side, what, MIN_SIDE, MAX_PICTURE_SIDE)
    return closest_board(target.bits)


def make_game_page(
    path: str | os.PathLike[str],
    size: tuple[int, int | None] | None = None,
    image: str | os.PathLike[str] | None = None,
    *,
    fit: str = "cover",
    start: Start | None = None,
    scheme: Scheme | None = None,
    pattern: str = "plus",
    topology: Topology = "plane",
) -> GamePage:
    """What ``lightsart play`` does: a game of ``size`` (5×5 by default; ``(w, None)`` is w×w),
    or with ``image`` the game whose goal is the reachable board closest to that picture.

    The rules are checked first, then the output: an ``.html`` file that is not the picture."""
    from lightsart.output.staging import plan_outputs, writing

    if image is not None and not _is_classic(_rules_data(pattern, topology)):
        raise LightsartError("--image needs the classic rules (plus on the plane) until lightsart "
                             "can fit pictures under other rules")
    planned = plan_outputs([(path, (".html", ".htm"))], inputs=[] if image is None else [image])
    with writing(planned):
        if image is not None:
            picture = picture_fit(image, size, fit).board
            return write_game_page(path, picture=picture, start=start, scheme=scheme)
        width, height = size if size is not None else (5, 5)
        return write_game_page(path, width, height if height is not None else width,
                               start=start, scheme=scheme, pattern=pattern, topology=topology)


def _segment_data(
    segments: Sequence[tuple[ArrayLike, ArrayLike]],
    rules: dict[str, Any] | None = None,
) -> tuple[int, int, list[dict[str, Any]]]:
    """Check the segments chain (each ends where the next starts) and encode them for the page."""
    if not segments:
        raise LightsartError("an animation needs at least one transition")
    first = as_board(segments[0][0], "start board")
    m, n = first.shape
    out: list[dict[str, Any]] = []
    expected: Board | None = None
    for k, (start_board, ordered) in enumerate(segments, 1):
        start = as_board(start_board, "start board")
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
        toggled = np.zeros(m * n, dtype=np.uint8)
        np.bitwise_xor.at(toggled, cells, 1)
        clicked = toggled.reshape(m, n)
        expected = (apply_clicks(start, clicked) if rules is None or _is_classic(rules)
                    else start ^ _press(clicked, rules))
        out.append({"start": _rows(start), "clicks": [int(c) for c in cells]})
    return m, n, out


def _look(style: Kind, colours: Sequence[RGB | str | None] | None) -> tuple[RGB, RGB, RGB]:
    """The style's (lit, unlit, panel) colours, defaults filled in, checked as render checks them."""
    from lightsart.output.render import Style

    lit, unlit, panel = (None, None, None) if colours is None else colours
    return Style(kind=style, lit=lit, unlit=unlit, panel=panel).colours()  # type: ignore[arg-type]


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
    style: Kind = "pixels",
    colours: Sequence[RGB | str | None] | None = None,
    pattern: str = "plus",
    topology: Topology = "plane",
) -> str:
    """The artwork page as HTML text (see :func:`write_artwork_page`)."""
    rules = _rules_data(pattern, topology)
    m, n, encoded = _segment_data(segments, rules)
    if (cell is not None and cell < 1) or clicks_per_frame < 1 or not fps > 0 or not hold >= 0:
        raise LightsartError("cell, fps and clicks per frame must be positive and hold at least 0")
    lit, unlit, panel = _look(style, colours)
    data = {
        "m": m, "n": n, "segments": encoded, "cell": cell, "fps": fps,
        "clicksPerFrame": clicks_per_frame, "hold": hold, "loop": loop,
        "scheme": scheme or "made", "autoplay": autoplay, "style": style,
        "colours": {"lit": _hex(lit), "unlit": _hex(unlit), "panel": _hex(panel)},
        "rules": rules,
    }
    return _page("art.html", title or "lightsart: Lights Out animation", data,
                 ("lightsout.js", "view.js", "art.js"))


def write_artwork_page(
    path: str | os.PathLike[str],
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
    style: Kind = "pixels",
    colours: Sequence[RGB | str | None] | None = None,
    pattern: str = "plus",
    topology: Topology = "plane",
) -> ArtworkPage:
    """Write an animation as one self-contained interactive HTML page.

    ``segments`` is a list of ``(start_board, ordered_clicks)``: the board a transition starts
    from and its clicks as a ``(K, 2)`` array of ``(row, col)`` in playing order; each transition
    must start where the previous one ends. The board fills the window; ``cell`` caps its cells
    at that many CSS pixels. ``hold`` is the seconds each picture stays, ``loop`` plays the
    transitions backwards afterwards (A → B → A) and repeats, ``autoplay`` starts on load.

    ``style`` and ``colours`` are the look of :class:`lightsart.output.render.Style`: ``"pixels"``
    (square cells) or ``"lights"`` (lamps on a panel), and ``(lit, unlit, panel)`` as RGB tuples
    or colour names, None for the style's defaults. The page opens in that look; its colour
    menu also offers the game's schemes, and ``scheme`` opens one of those instead.

    ``pattern`` and ``topology`` are the rules the clicks follow (see :func:`write_game_page`):
    the animation's and the viewer's clicks alike, and the segments must chain under them.
    """
    html = artwork_page_html(segments, cell=cell, fps=fps, clicks_per_frame=clicks_per_frame,
                             hold=hold, loop=loop, title=title, scheme=scheme, autoplay=autoplay,
                             style=style, colours=colours, pattern=pattern, topology=topology)
    with atomic_path(path) as tmp:
        tmp.write_text(html, encoding="utf-8")
    m, n = np.asarray(segments[0][0]).shape
    clicks = tuple(int(np.size(c)) // 2 for _, c in segments)
    return ArtworkPage(str(path), n, m, len(segments) + 1, clicks, clicks_per_frame,
                       len(html.encode()))
