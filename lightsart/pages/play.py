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
variants"), parsed and checked by :mod:`lightsart.rules`: the page data carries
``rules: {pattern: [[0, 1, 0], ...], topology: "plane"}`` and the page's clicks, hints and
solutions follow them (classic plus on the plane by default). A click toggles the cells an odd
number of pattern cells land on, as :func:`lightsart.rules.press` (``tests/pages`` checks the
page against it).

With ``states`` k > 2 (grey levels, issue 13) both pages play presses that add 1 mod k: the data
carries ``states`` and boards as rows of hexadecimal digits, and the page bundles ``modk.js``,
its solver over ``Z/k`` (:mod:`lightsart.pages.levels`). Two-state pages carry neither.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from lightsart.choices import Scheme, Start, Topology
from lightsart.core.board import as_board, format_board
from lightsart.core.optimize import Fit
from lightsart.errors import LightsartError
from lightsart.output.atomic import atomic_path
from lightsart.rules import PATTERNS, Pattern, Rules, parse_pattern, press
from lightsart.types import Board

#: Where a picture board is reached from: all-lit (the goal of a game) or all-dark (to clear).
Origin = Literal["lit", "dark"]

if TYPE_CHECKING:
    from lightsart.output.render import RGB, Kind

__all__ = [
    "MAX_PICTURE_SIDE",
    "MAX_RULES_PICTURE_CELLS",
    "MAX_SIDE",
    "MIN_SIDE",
    "ArtworkPage",
    "GamePage",
    "Origin",
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
#: Largest picture board under rules other than the classic ones: the page solves those by
#: Gaussian elimination of all ``m*n`` cells, cubic in them (48 x 48: about 0.25 s in Chromium,
#: 64 x 64: 1.7 s).
MAX_RULES_PICTURE_CELLS = 48 * 48
#: Default long side of a picture board: big enough to show a picture, small enough to play.
DEFAULT_PICTURE_SIDE = 32


@dataclass(frozen=True)
class GamePage:
    """A written game page: where, which board, whether the goal is a picture, and its rules.

    ``nullity`` is that of the first board under the page's rules (``pattern`` as ROWS text);
    ``wrong_pixels`` is how many pixels of the picture the goal had to change to be reachable
    (None without a picture, or when the page was given a board rather than an image)."""

    path: str
    width: int
    height: int
    nullity: int
    picture: bool
    bytes: int
    pattern: str = PATTERNS["plus"]
    topology: Topology = "plane"
    wrong_pixels: int | None = None
    #: States per cell (k > 2: grey levels, presses mod k) and, then, how many press vectors
    #: change nothing (``nullity`` is then the fewest generators of those).
    states: int = 2
    kernel_size: int | None = None

    @property
    def pattern_name(self) -> str:
        """``plus``, ``sigma``, ``x``, ``square``, or the ROWS text of a pattern of one's own."""
        return parse_pattern(self.pattern).name

    @property
    def classic(self) -> bool:
        """Plus on the plane."""
        return self.pattern == PATTERNS["plus"] and self.topology == "plane"


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
    #: States per cell (k > 2: ``clicks`` counts single presses).
    states: int = 2


def _template(name: str) -> str:
    return resources.files("lightsart.pages").joinpath(name).read_text(encoding="utf-8")


def _scripts(page: str, states: int) -> tuple[str, ...]:
    """A page's scripts: the GF(2) solver, the mod-k one with k > 2 states, the view, the page."""
    return ("lightsout.js", *(("modk.js",) if states > 2 else ()), "view.js", page)


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


def _rules(pattern: str, topology: Topology, height: int = 1, width: int = 1,
           states: int = 2) -> Rules:
    """The rules ``pattern`` (a name or ROWS) and ``topology`` name, checked, on a board.

    All-zero border rings of the pattern are dropped, as the page does (``trim`` in
    ``lightsout.js``): they toggle nothing, and the plus drawn in a 5x5 grid is the classic game.
    """
    rows = parse_pattern(pattern).rows
    while len(rows) > 1 and "1" not in rows[0] + rows[-1]:
        rows = rows[1:-1]
    while len(rows[0]) > 1 and all(row[0] == row[-1] == "0" for row in rows):
        rows = tuple(row[1:-1] for row in rows)
    return Rules(height, width, Pattern(rows), topology, states)


def _rules_data(rules: Rules) -> dict[str, Any]:
    """The page's ``rules`` entry: the pattern as rows of 0/1 numbers, and the topology."""
    return {"pattern": [[int(ch) for ch in row] for row in rules.pattern.rows],
            "topology": rules.topology}


def _nullity(rules: Rules) -> int:
    if rules.states > 2:
        from lightsart.pages.levels import kernel

        return kernel(rules)[0]
    if rules.is_classic:
        from lightsart.core.gf2 import algebra

        return algebra(*rules.shape).nullity
    from lightsart.core.general import algebra as rules_algebra

    return rules_algebra(rules).nullity


def _is_reachable(change: Board, rules: Rules) -> bool:
    """Whether some click set toggles exactly the cells of ``change`` under ``rules`` (k > 2
    states: whether presses add exactly ``change``)."""
    if rules.states > 2:
        from lightsart.pages import levels

        return levels.is_reachable(change, rules)
    if rules.is_classic:
        from lightsart.core.gf2 import algebra

        return algebra(*rules.shape).is_solvable(change)
    from lightsart.core.general import algebra as rules_algebra

    return rules_algebra(rules).is_reachable(change)


def _rows(board: Board, states: int = 2) -> list[str]:
    if states > 2:
        from lightsart.pages.levels import level_rows

        return level_rows(board)
    return format_board(board).split("\n")


def _check_side(side: int, what: str, low: int, high: int) -> None:
    if not low <= side <= high:
        raise LightsartError(f"{what} must be between {low} and {high} cells, got {side}")


def _describe(rules: Rules) -> str:
    states = f" with {rules.states} states" if rules.states > 2 else ""
    return f"pattern {rules.pattern.name} on the {rules.topology}{states}"


def _check_picture(rules: Rules) -> None:
    """A picture board the page can play: sides in range, and few enough cells to eliminate."""
    height, width = rules.shape
    for side, what in ((width, "picture width"), (height, "picture height")):
        _check_side(side, what, MIN_SIDE, MAX_PICTURE_SIDE)
    if not rules.with_states(2).is_classic and rules.cells > MAX_RULES_PICTURE_CELLS:
        how = "by elimination" if rules.states == 2 else f"over Z/{rules.states} in JavaScript"
        raise LightsartError(
            f"a {width}x{height} picture has {rules.cells} cells; under {_describe(rules)} the page "
            f"solves {how}, up to {MAX_RULES_PICTURE_CELLS} cells (try --size 32)"
        )


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
    states: int = 2,
) -> str:
    """The game page as HTML text (see :func:`write_game_page`)."""
    rules = _rules(pattern, topology, states=states)
    rows: list[str] | None = None
    if picture is not None:
        pic = _picture(picture, states)
        height, width = pic.shape
        rules = _rules(pattern, topology, height, width, states)
        _check_picture(rules)
        # The picture must be reachable from the page's origin: all-lit when it is the goal
        # (change 1 ^ picture in the image of A), all-dark when the game is to clear it.
        # With k states: all-brightest (k-1) or all-dark (0), the change picture - origin mod k.
        origin: Origin = "dark" if start == "picture" else "lit"
        lit = (states - 1) * (origin == "lit")
        if not _is_reachable(((pic.astype(np.int64) - lit) % states).astype(np.uint8), rules):
            raise LightsartError(
                f"this {width}x{height} picture is not reachable from the all-{origin} board under "
                f"{_describe(rules)}; use lightsart.pages.play.picture_fit(..., origin="
                f"{origin!r}) (the reachable board closest to it)"
            )
        rows = _rows(pic, states)
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
        "rules": _rules_data(rules),
        **({"states": states} if states > 2 else {}),
    }
    return _page("game.html", title or ("Lights Out: your picture" if rows else "Lights Out"), data,
                 _scripts("game.js", states))


def _picture(picture: ArrayLike, states: int) -> Board:
    if states > 2:
        from lightsart.pages.levels import as_levels

        return as_levels(picture, states, "picture")
    return as_board(picture, "picture")


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
    states: int = 2,
) -> GamePage:
    """Write the playable game as one self-contained HTML file.

    ``width`` × ``height`` is the first board (the page offers 3 to 40 on each side). With
    ``picture`` (a board reachable from all-lit, e.g. ``picture_fit(...).board``) the board takes
    its size and the goal is the picture, from a uniformly random solvable start by default
    (``start="lit"``: from all-lit, as in Bosch's animations; ``"picture"``: clear the picture).

    ``pattern`` (a name: plus, sigma, x, square; or rows like ``"110/010/000"``) and
    ``topology`` (plane, torus, cylinder) are the rules the page starts with; the player may
    change them on the page. A picture must be reachable from all-lit under those rules
    (``picture_fit(..., pattern=..., topology=...).board`` is).

    ``states`` k > 2 plays grey levels: a click presses, adding 1 mod k to the cells of the
    pattern (k-1 is lit); a ``picture`` then holds levels ``0 .. k-1`` and must be reachable from
    the all-brightest board (``picture_fit(..., states=k).board`` is), the page's hints and
    solutions are fewest presses over ``Z/k``, and random starts are random presses from the goal.
    """
    html = game_page_html(width, height, picture, title=title, start=start, scheme=scheme,
                          pattern=pattern, topology=topology, states=states)
    with atomic_path(path) as tmp:
        tmp.write_text(html, encoding="utf-8")
    if picture is not None:
        height, width = np.asarray(picture).shape
    rules = _rules(pattern, topology, height, width, states)
    size = None
    if states > 2:
        from lightsart.pages.levels import kernel

        size = kernel(rules)[1]
    return GamePage(str(path), width, height, _nullity(rules), picture is not None,
                    len(html.encode()), rules.pattern.text, rules.topology, states=states,
                    kernel_size=size)


def picture_fit(
    image: str | os.PathLike[str],
    size: tuple[int, int | None] | None = None,
    fit: str = "cover",
    *,
    pattern: str = "plus",
    topology: Topology = "plane",
    origin: Origin = "lit",
    seconds: float = 1.0,
    states: int = 2,
) -> Fit:
    """The board closest to an image that is reachable from all-``origin`` under the rules.

    ``size`` is ``(width, height)`` or ``(width, None)`` (height from the aspect ratio); by
    default the long side is about :data:`DEFAULT_PICTURE_SIDE` cells, preferring a size where
    every picture is reachable exactly (nullity 0 for the classic rules). ``pattern`` and
    ``topology`` are the rules (see :func:`write_game_page`); ``seconds`` bounds the search for
    the fewest wrong pixels when the nullity is above 20 (exact below).

    ``origin="lit"`` (a goal reached from all-lit, Bosch's game) or ``"dark"`` (a picture to
    clear: reachable from all-dark, so clearable). They differ only where the all-lit board
    itself is unreachable, as for σ on many boards; then ``clicks`` act from all-``origin``.

    ``states`` k > 2: the picture is dithered to k levels and the board is the one of k levels
    closest to it (fewest wrong cells) reachable from all-brightest (``origin="lit"``) or
    all-dark by presses mod k; ``clicks`` holds the press counts
    (:func:`lightsart.pages.levels.closest_levels`).
    """
    from lightsart.pictures.image import choose_size, read_gray, target_from_array

    _rules(pattern, topology, states=states)  # bad rules are reported before the picture is read
    gray = read_gray(str(image))
    if size is None:  # about DEFAULT_PICTURE_SIDE on the long side, preferring nullity 0
        size = choose_size(gray.shape[1] / gray.shape[0], DEFAULT_PICTURE_SIDE)
    target = target_from_array(gray, size, fit, source=str(image), levels=states)  # type: ignore[arg-type]
    rules = _rules(pattern, topology, target.height, target.width, states)
    _check_picture(rules)
    if states > 2:
        from lightsart.pages.levels import closest_levels

        return closest_levels(target.bits, rules, (states - 1) * (origin == "lit"), seconds=seconds)
    if rules.is_classic and origin == "lit":
        from lightsart.core.optimize import closest_board

        return closest_board(target.bits, seconds=seconds)
    return _closest_board(target.bits, rules, origin, seconds=seconds)


def _closest_board(target: Board, rules: Rules, origin: Origin = "lit", *, seed: int = 0,
                   seconds: float = 1.0) -> Fit:
    """The board reachable from all-``origin`` under ``rules`` with fewest pixels unlike ``target``.

    Reachable boards ``b`` are those whose change ``o ^ b`` from the origin ``o`` has syndrome 0
    (is orthogonal to the left kernel of ``A``). Flipping pixel ``p`` of the target adds column
    ``p`` of the syndrome matrix, so the fewest wrong pixels are the fewest columns XOR-ing to the
    target's syndrome: :func:`lightsart.core.decode.decode` (exact for nullity up to 20). The clicks are one
    solution, made lightest over the quiet patterns when the nullity allows the exact search.
    """
    from lightsart.core.decode import EXACT_NULLITY, decode
    from lightsart.core.general import algebra as rules_algebra
    from lightsart.core.optimize import combine_patterns, coset_weights

    start = time.perf_counter()
    t = as_board(target, "target")
    lit = np.uint8(origin == "lit")
    alg = rules_algebra(rules)
    decoding = decode(alg.columns(), alg.syndrome(t ^ lit), seed=seed, seconds=seconds)
    wrong = np.zeros(rules.cells, dtype=np.uint8)
    wrong[decoding.errors] = 1
    wrong = wrong.reshape(rules.shape)
    board = t ^ wrong
    clicks = alg.solve(board ^ lit)
    if clicks is None:  # pragma: no cover - decoding must land on a reachable board
        raise AssertionError("decoded board is not reachable")
    proven = alg.nullity == 0
    if 0 < alg.nullity <= EXACT_NULLITY:  # 2**d weights at once (the page re-solves anyway)
        quiet = alg.kernel()
        clicks = clicks ^ combine_patterns(quiet, int(np.argmin(coset_weights(clicks, quiet))))
        proven = True
    if not np.array_equal(press(clicks, rules) ^ lit, board):  # pragma: no cover
        raise AssertionError("clicks do not reproduce the fitted board")
    return Fit(
        target=t, board=board, clicks=clicks, wrong=wrong, wrong_pixels=int(wrong.sum()),
        wrong_cost=float(decoding.cost), wrong_pixels_proven_minimal=decoding.proven,
        wrong_pixels_lower_bound=float(decoding.lower_bound), clicks_count=int(clicks.sum()),
        clicks_proven_minimal=proven, nullity=alg.nullity, seconds=time.perf_counter() - start,
        method=decoding.method,
    )


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
    states: int = 2,
) -> GamePage:
    """What ``lightsart play`` does: a game of ``size`` (5×5 by default; ``(w, None)`` is w×w),
    or with ``image`` the game whose goal is the reachable board closest to that picture.

    With ``image`` the goal is the reachable board closest to the picture under the rules
    (:func:`picture_fit`). The rules are checked first, then the output: an ``.html`` file that
    is not the picture."""
    from lightsart.output.staging import plan_outputs, writing

    _rules(pattern, topology, states=states)
    planned = plan_outputs([(path, (".html", ".htm"))], inputs=[] if image is None else [image])
    with writing(planned):
        if image is not None:
            origin: Origin = "dark" if start == "picture" else "lit"
            fitted = picture_fit(image, size, fit, pattern=pattern, topology=topology,
                                 origin=origin, states=states)
            page = write_game_page(path, picture=fitted.board, start=start, scheme=scheme,
                                   pattern=pattern, topology=topology, states=states)
            return replace(page, wrong_pixels=fitted.wrong_pixels)
        width, height = size if size is not None else (5, 5)
        return write_game_page(path, width, height if height is not None else width,
                               start=start, scheme=scheme, pattern=pattern, topology=topology,
                               states=states)


def _segment_data(
    segments: Sequence[tuple[ArrayLike, ArrayLike]],
    pattern: str = "plus",
    topology: Topology = "plane",
    states: int = 2,
) -> tuple[int, int, list[dict[str, Any]]]:
    """Check the segments chain under the rules (each ends where the next starts) and encode
    them for the page (k > 2 states: boards of levels, and each listed cell one press)."""
    if not segments:
        raise LightsartError("an animation needs at least one transition")
    first = _start_board(segments[0][0], states)
    m, n = first.shape
    rules = _rules(pattern, topology, m, n, states)
    out: list[dict[str, Any]] = []
    expected: Board | None = None
    for k, (start_board, ordered) in enumerate(segments, 1):
        start = _start_board(start_board, states)
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
        if states > 2:
            from lightsart.pages.levels import after_presses

            expected = after_presses(start, cells, rules)
            out.append({"start": _rows(start, states), "clicks": [int(c) for c in cells]})
            continue
        toggled = np.zeros(m * n, dtype=np.uint8)
        np.bitwise_xor.at(toggled, cells, 1)
        clicked = toggled.reshape(m, n)
        expected = start ^ press(clicked, rules)
        out.append({"start": _rows(start), "clicks": [int(c) for c in cells]})
    return m, n, out


def _start_board(board: ArrayLike, states: int) -> Board:
    if states > 2:
        from lightsart.pages.levels import as_levels

        return as_levels(board, states, "start board")
    return as_board(board, "start board")


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
    states: int = 2,
) -> str:
    """The artwork page as HTML text (see :func:`write_artwork_page`)."""
    rules = _rules(pattern, topology, states=states)
    m, n, encoded = _segment_data(segments, pattern, topology, states)
    if (cell is not None and cell < 1) or clicks_per_frame < 1 or not fps > 0 or not hold >= 0:
        raise LightsartError("cell, fps and clicks per frame must be positive and hold at least 0")
    lit, unlit, panel = _look(style, colours)
    data = {
        "m": m, "n": n, "segments": encoded, "cell": cell, "fps": fps,
        "clicksPerFrame": clicks_per_frame, "hold": hold, "loop": loop,
        "scheme": scheme or "made", "autoplay": autoplay, "style": style,
        "colours": {"lit": _hex(lit), "unlit": _hex(unlit), "panel": _hex(panel)},
        "rules": _rules_data(rules),
        **({"states": states} if states > 2 else {}),
    }
    return _page("art.html", title or "lightsart: Lights Out animation", data,
                 _scripts("art.js", states))


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
    states: int = 2,
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

    ``states`` k > 2 (grey levels): start boards hold levels ``0 .. k-1`` (k-1 lit) and each
    ``(row, col)`` is one press, adding 1 mod k to the cells of the pattern (a cell pressed j
    times is listed j times, as :func:`lightsart.animation.animate.press_order` orders them);
    the page draws level s s/(k-1) of the way from the unlit to the lit colour, as the GIF does,
    and plays a looped transition backwards by taking its presses back.
    """
    html = artwork_page_html(segments, cell=cell, fps=fps, clicks_per_frame=clicks_per_frame,
                             hold=hold, loop=loop, title=title, scheme=scheme, autoplay=autoplay,
                             style=style, colours=colours, pattern=pattern, topology=topology,
                             states=states)
    with atomic_path(path) as tmp:
        tmp.write_text(html, encoding="utf-8")
    m, n = np.asarray(segments[0][0]).shape
    clicks = tuple(int(np.size(c)) // 2 for _, c in segments)
    return ArtworkPage(str(path), n, m, len(segments) + 1, clicks, clicks_per_frame,
                       len(html.encode()), states)
