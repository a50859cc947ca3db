"""Self-contained HTML pages: the playable Lights Out game and the interactive artwork.

Each page is one file: inline CSS, vanilla JavaScript and the board data as JSON, with a
Content-Security-Policy that forbids every network request, so it plays offline. The templates
live beside this module in ``lightsart/_pages/`` (``lights.js`` is the pages' one API for boards
of any number of states; it solves two states by ``lightsout.js``, the page's own small GF(2)
solver: light chasing, Gaussian elimination of the top-row system, quiet patterns, and fewest
clicks over the coset; more states by ``modk.js`` over ``Z/k``).

* :func:`write_game_page`: the game, any size from 3×3 to 40×40 chosen on the page, optionally
  with a picture as the goal (the reachable board closest to an image, see :func:`picture_goal`).
* :func:`write_artwork_page`: an animation (segments of start board + ordered clicks) with play,
  pause, step, scrub and speed; the viewer can click cells at any moment. It lives in
  :mod:`lightsart._pages.artwork` (re-exported here); what both pages share, in ``_page.py``.

Both pages take the rules of the game as data (``pattern`` and ``topology``, DESIGN.md "The
variants"), parsed and checked by :mod:`lightsart._rules`: the page data carries
``rules: {pattern: [[0, 1, 0], ...], topology: "plane"}`` and the page's clicks, hints and
solutions follow them (classic plus on the plane by default). A click toggles the cells an odd
number of pattern cells land on, as :func:`lightsart._rules.press` (``tests/pages`` checks the
page against it).

The number of states ``k`` is a parameter (grey levels when above 2, issue 13): both pages play
presses that add 1 mod k (two states: clicks that toggle), boards travel as rows of one
hexadecimal digit per cell (0/1 with two states), and the data carries ``states`` when it is not
2. Picture goals with any ``k`` are the exact engine's fit moved to the page's origin
(:func:`fit_from_origin`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Literal, TypedDict, Unpack

import numpy as np
from numpy.typing import ArrayLike

from lightsart._choices import Scheme, Start, Topology
from lightsart._errors import LightsartError
from lightsart._output.staging import atomic_path
from lightsart._pages._page import (
    as_levels,
    html_page,
    level_rows,
    page_rules,
    page_scripts,
    rules_data,
    states_data,
)
from lightsart._palette import Palette
from lightsart._results import Fit, vocabulary
from lightsart._rules import PATTERNS, Rules, parse_pattern
from lightsart._types import Board

#: Where a picture board is reached from: all-lit (the goal of a game) or all-dark (to clear).
Origin = Literal["lit", "dark"]

__all__ = [
    "MAX_PICTURE_SIDE",
    "MAX_RULES_PICTURE_CELLS",
    "MAX_SIDE",
    "MIN_SIDE",
    "GameOptions",
    "GamePage",
    "GameRules",
    "Origin",
    "game_page_html",
    "make_game_page",
    "picture_goal",
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


class GameRules(TypedDict, total=False):
    """The game options :func:`make_game_page` passes on to :func:`write_game_page`."""

    start: Start | None
    scheme: Scheme | None
    pattern: str
    topology: Topology
    states: int


class GameOptions(GameRules, total=False):
    """The page options :func:`write_game_page` passes on to :func:`game_page_html`."""

    title: str | None
    palette: Palette | None


def _given_rules(options: GameRules) -> tuple[str, Topology, int]:
    """``pattern``, ``topology`` and ``states`` of ``options``, with the pages' defaults."""
    return options.get("pattern", "plus"), options.get("topology", "plane"), options.get("states", 2)


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
    #: States per cell (above 2: grey levels, presses mod k) and how many press vectors change
    #: nothing (``nullity`` is the fewest generators of those: ``2 ** nullity`` for two states).
    states: int = 2
    kernel_size: int | None = None
    #: The colour of each state the page opens in (``None``: the page's own scheme).
    palette: Palette | None = None

    @property
    def pattern_name(self) -> str:
        """``plus``, ``sigma``, ``x``, ``square``, or the ROWS text of a pattern of one's own."""
        return parse_pattern(self.pattern).name

    @property
    def classic(self) -> bool:
        """Plus on the plane."""
        return self.pattern == PATTERNS["plus"] and self.topology == "plane"


def kernel(rules: Rules) -> tuple[int, int]:
    """``(nullity, kernel size)`` of ``A`` mod k: the fewest generators of the press vectors that
    change nothing (:func:`lightsart._core.modk.kernel_rank`), and how many there are."""
    from lightsart._core.algebra import algebra

    alg = algebra(rules)  # GF(2)'s packed algebras for two states, past MODK_SYSTEM_MAX unknowns
    return alg.nullity, alg.kernel_size


def is_reachable(change: Board, rules: Rules) -> bool:
    """Whether some presses add exactly ``change`` (levels mod k; two states: toggle)."""
    from lightsart._core.algebra import algebra

    return algebra(rules).is_reachable(change)


def _check_side(side: int, what: str, low: int, high: int) -> None:
    if not low <= side <= high:
        raise LightsartError(f"{what} must be between {low} and {high} cells, got {side}")


def _describe(rules: Rules) -> str:
    return f"pattern {rules.pattern.name} on the {rules.topology}{vocabulary(rules.states).named}"


def _check_picture(rules: Rules) -> None:
    """A picture board the page can play: sides in range, and few enough cells to eliminate."""
    height, width = rules.shape
    for side, what in ((width, "picture width"), (height, "picture height")):
        _check_side(side, what, MIN_SIDE, MAX_PICTURE_SIDE)
    if not rules.with_states(2).is_classic and rules.cells > MAX_RULES_PICTURE_CELLS:
        # The page's solver: packed GF(2) elimination, or the slower chase and Smith form over
        # Z/k of the Z/k script the page then carries.
        zk = states_data(rules.states)[1]
        how = f"over Z/{rules.states} in JavaScript" if zk else "by elimination"
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
    palette: Palette | None = None,
) -> str:
    """The game page as HTML text (see :func:`write_game_page`)."""
    rules = page_rules(pattern, topology, states=states)
    hexes = None
    if palette is not None:
        from lightsart._output.render import RenderStyle

        hexes = ["#{:02x}{:02x}{:02x}".format(*c)
                 for c in RenderStyle(palette=palette).state_colours(states)]
    rows: list[str] | None = None
    if picture is not None:
        pic = as_levels(picture, states, "picture")
        height, width = pic.shape
        rules = page_rules(pattern, topology, height, width, states)
        _check_picture(rules)
        # The picture must be reachable from the page's origin: all-lit when it is the goal
        # (change 1 ^ picture in the image of A), all-dark when the game is to clear it.
        # With k states: all-brightest (k-1) or all-dark (0), the change picture - origin mod k.
        origin: Origin = "dark" if start == "picture" else "lit"
        lit = (states - 1) * (origin == "lit")
        if not is_reachable(((pic.astype(np.int64) - lit) % states).astype(np.uint8), rules):
            raise LightsartError(
                f"this {width}x{height} picture is not reachable from the all-{origin} board under "
                f"{_describe(rules)}; fit it first (`lightsart play --image` does: the reachable "
                f"board closest to the picture)"
            )
        rows = level_rows(pic)
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
        "rules": rules_data(rules),
        **states_data(states)[0],
        **({"palette": hexes} if hexes is not None else {}),
    }
    return html_page("game.html", title or ("Lights Out: your picture" if rows else "Lights Out"),
                     data, page_scripts("game.js", states))


def write_game_page(
    path: str | os.PathLike[str],
    width: int = 5,
    height: int = 5,
    picture: ArrayLike | None = None,
    **options: Unpack[GameOptions],
) -> GamePage:
    """Write the playable game as one self-contained HTML file.

    ``width`` × ``height`` is the first board (the page offers 3 to 40 on each side). With
    ``picture`` (a board reachable from all-lit, e.g. ``picture_goal(...)[0].board``) the board takes
    its size and the goal is the picture, from a uniformly random solvable start by default
    (``start="lit"``: from all-lit, as in Bosch's animations; ``"picture"``: clear the picture).

    ``pattern`` (a name: plus, sigma, x, square; or rows like ``"110/010/000"``) and
    ``topology`` (plane, torus, cylinder) are the rules the page starts with; the player may
    change them on the page. A picture must be reachable from all-lit under those rules
    (``picture_goal(..., pattern=..., topology=...)[0].board`` is).

    ``states`` k (above 2) plays grey levels: a click presses, adding 1 mod k to the cells of the
    pattern (k-1 is lit); a ``picture`` then holds levels ``0 .. k-1`` and must be reachable from
    the all-brightest board (``picture_goal(..., states=k)[0].board`` is), the page's hints and
    solutions are fewest presses over ``Z/k``, and random starts are random presses from the goal.
    ``palette`` (a :class:`lightsart._palette.Palette` of ``states`` colours) opens the page in
    those colours, state s in colour s: each click steps a cell one colour along the palette.
    """
    html = game_page_html(width, height, picture, **options)
    with atomic_path(path) as tmp:
        tmp.write_text(html, encoding="utf-8")
    if picture is not None:
        height, width = np.asarray(picture).shape
    pattern, topology, states = _given_rules(options)
    rules = page_rules(pattern, topology, height, width, states)
    nullity, size = kernel(rules)
    return GamePage(str(path), width, height, nullity, picture is not None,
                    len(html.encode()), rules.pattern.text, rules.topology, states=states,
                    kernel_size=size, palette=options.get("palette"))


def picture_goal(
    image: str | os.PathLike[str],
    size: tuple[int | None, int] | None = None,
    fit: str = "cover",
    *,
    pattern: str = "plus",
    topology: Topology = "plane",
    origin: Origin = "lit",
    seconds: float = 1.0,
    states: int = 2,
    palette: Palette | str | None = None,
) -> tuple[Fit, Palette | None]:
    """The board closest to an image that is reachable from all-``origin`` under the rules (a
    :class:`~lightsart.Fit`), and the palette the goal is drawn in.

    ``size`` is ``(rows, columns)`` or ``(None, columns)`` (rows from the aspect ratio); by
    default the long side is about :data:`DEFAULT_PICTURE_SIDE` cells, preferring a size where
    every picture is reachable exactly (nullity 0 for the classic rules). ``pattern`` and
    ``topology`` are the rules (see :func:`write_game_page`); ``seconds`` bounds the search for
    the fewest wrong pixels when the nullity is above 20 (exact below).

    ``origin="lit"`` (a goal reached from all-lit, Bosch's game) or ``"dark"`` (a picture to
    clear: reachable from all-dark, so clearable). They differ only where the all-lit board
    itself is unreachable, as for σ on many boards; then ``clicks`` act from all-``origin``.

    ``states`` k (above 2): the picture is dithered to k levels and the board is the one of k levels
    closest to it (fewest wrong cells) reachable from all-brightest (``origin="lit"``) or
    all-dark by presses mod k; ``clicks`` holds the press counts.

    ``palette`` (a :class:`~lightsart.Palette`, ``"auto:K"`` or a name, as
    :class:`lightsart.Pictures` reads it; ``states`` is its length) reads the picture in colour
    and makes the target as ``lightsart still --palette`` does, through the same stages
    (:func:`~lightsart._pictures.colour.prepare`, ``palette_for``, ``colour_target``) and the
    same colour costs, with :class:`lightsart.Pictures`' defaults: from all-lit the goal is the
    board ``still`` makes for the same picture and size. Greys (or ``None``) are the grey stage.

    Every case is the exact engine's fit, moved to the origin (:func:`fit_from_origin`).
    """
    from lightsart._pictures.image import choose_size, fit_target, read_gray
    from lightsart._pictures.palettes import in_colour, palette_request

    page_rules(pattern, topology, states=states)  # bad rules are reported before the picture is read
    request = palette_request(palette)  # checked (one line) before the picture is read
    gray = read_gray(str(image))
    if size is None:  # about DEFAULT_PICTURE_SIDE on the long side, preferring nullity 0
        size = choose_size(gray.shape[1] / gray.shape[0], DEFAULT_PICTURE_SIDE)
    lit = (states - 1) * (origin == "lit")
    if not in_colour(request):
        from lightsart._pictures.image import board_size, read_for_board

        # Read as make_still reads a path (decoded as finely as the board needs): the goal from
        # all-lit is the board ``still`` makes for the same picture and size, in greys too.
        gray, board = read_for_board(str(image), board_size(size, gray.shape[1] / gray.shape[0]))  # type: ignore[arg-type]
        target = fit_target(gray, board, fit, source=str(image), states=states)  # type: ignore[arg-type]
        rules = page_rules(pattern, topology, target.height, target.width, states)
        _check_picture(rules)
        chosen = request if isinstance(request, Palette) else None
        return fit_from_origin(target.bits, rules, lit, seconds=seconds), chosen
    from lightsart._pictures.colour import colour_target, palette_for, prepare
    from lightsart._pictures.costs import cell_costs
    from lightsart._pictures.dither import DEFAULT_METHOD
    from lightsart._pictures.image import board_size, read_for_board

    board = board_size(size, gray.shape[1] / gray.shape[0])  # type: ignore[arg-type]
    rules = page_rules(pattern, topology, board[1], board[0], states)
    _check_picture(rules)
    # make_still's stages with lightsart.Pictures' defaults (automatic tone, the default
    # diffusion, perceptual errors), as make_still reads a path.
    rgb, board = read_for_board(str(image), board, colour=True)
    prepared = prepare(rgb, board, fit, None, str(image))
    chosen = palette_for(request, [prepared], states)
    target, distance = colour_target(prepared, chosen, DEFAULT_METHOD,
                                     given=isinstance(request, Palette))
    cost = cell_costs(target.bits, np.asarray(target.toned), states, "perceptual", distance)
    return fit_from_origin(target.bits, rules, lit, seconds=seconds, cost=cost), chosen


def make_game_page(
    path: str | os.PathLike[str],
    size: tuple[int | None, int] | None = None,
    image: str | os.PathLike[str] | None = None,
    *,
    fit: str = "cover",
    palette: Palette | str | None = None,
    **options: Unpack[GameRules],
) -> GamePage:
    """What ``lightsart play`` does: a game of ``size`` (``(rows, columns)``, as
    :func:`lightsart._boardsize.to_size` reads it; 5×5 by default; ``(None, w)`` is w×w),
    or with ``image`` the game whose goal is the reachable board closest to that picture.

    With ``image`` the goal is the reachable board closest to the picture under the rules
    (:func:`picture_goal`). The rules are checked first, then the output: an ``.html`` file that
    is not the picture."""
    from lightsart._output.staging import plan_outputs, writing
    from lightsart._pictures.palettes import agreed_states, palette_request

    request = palette_request(palette)
    given = options.get("states")
    # The game's own default is the classic puzzle's two states (pictures default to more).
    options["states"] = states = agreed_states(request, 2 if given is None and request is None
                                               else given)
    pattern, topology, _ = _given_rules(options)
    page_rules(pattern, topology, states=states)
    if image is None and isinstance(request, str):
        raise LightsartError(f"--palette {request} chooses its colours from a picture: it needs "
                             "--image (or name a palette)")
    planned = plan_outputs([(path, (".html", ".htm"))], inputs=[] if image is None else [image])
    with writing(planned):
        if image is not None:
            origin: Origin = "dark" if options.get("start") == "picture" else "lit"
            fitted, chosen = picture_goal(image, size, fit, pattern=pattern, topology=topology,
                                          origin=origin, states=states, palette=request)
            page = write_game_page(path, picture=fitted.board, palette=chosen, **options)
            return replace(page, wrong_pixels=fitted.wrong_pixels)
        rows, width = size if size is not None else (5, 5)  # a Size: (rows, columns)
        return write_game_page(path, width, rows if rows is not None else width,
                               palette=request if isinstance(request, Palette) else None, **options)


def fit_from_origin(target: Board, rules: Rules, origin_level: int, *, seconds: float = 1.0,
                    cost: np.ndarray | None = None) -> Fit:
    """The board closest to ``target`` (levels; ``0``/``1`` for two states) reachable from the
    board of ``origin_level`` everywhere, with the clicks (presses, fewest in their coset) that
    make it from there: the exact engine's fit of the target shifted by
    ``states - 1 - origin_level`` (mod ``states``), shifted back. Wrong cells are the same
    either way, since a shift is one to one; so are ``cost``'s (what each wrong cell costs,
    :func:`lightsart._pictures.costs.cell_costs`: indexed by the error, not the state)."""
    from lightsart._engines import DEFAULT_ENGINE, Budget, engine

    k = rules.states
    t = np.asarray(target)
    shift = k - 1 - origin_level
    moved = ((t.astype(np.int64) + shift) % k).astype(np.uint8) if shift else t
    fit = engine(DEFAULT_ENGINE).fit(moved, cost, Budget(seconds), rules)
    if not shift:
        return fit
    board = ((fit.board.astype(np.int64) - shift) % k).astype(np.uint8)
    return replace(fit, target=t.astype(np.uint8), board=board)
