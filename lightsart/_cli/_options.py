"""Options shared by the picture commands (``still``, ``animate``)."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import TYPE_CHECKING, Any

from lightsart._choices import TOPOLOGIES, Topology

if TYPE_CHECKING:
    from collections.abc import Callable

    from lightsart._boardsize import Size
    from lightsart._puzzle.solve import ClickPath, Solution, Strategy
    from lightsart._puzzle.table import LookupTable
    from lightsart._rules import Pattern, Rules

from lightsart._choices import ERRORS, FITS, STYLES, TONES, states_words
from lightsart._limits import TIME_LIMIT_MAX


def size_type(text: str) -> Size:
    """``WxH`` or ``W`` (height from the picture's aspect ratio), read as
    :class:`lightsart.Pictures` reads ``size``, so both say the same about a bad size."""
    from lightsart._boardsize import to_size as board_size
    from lightsart._errors import LightsartError

    try:
        return board_size(text)
    except LightsartError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_command(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str,
                help: str | None, description: str) -> argparse.ArgumentParser:
    """The parser of one command: ``help`` its line in ``lightsart help``, ``description`` its
    ``--help`` text printed as written (its examples keep their lines)."""
    return sub.add_parser(name, help=help, description=description,
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def add_size_argument(p: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--size``: the board a picture is fitted to (``still``, ``animate``, ``video``, ``preview``)."""
    p.add_argument("--size", type=size_type, metavar="WxH",
                   help="board size, WxH or W (default: about 200 cells on the long side, "
                        "preferring nullity 0)")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return value


def _finite(text: str, low_ok: bool, want: str) -> float:
    """A finite number above 0 (or at 0 when ``low_ok``), else ``expected {want}``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not (value > 0 or (low_ok and value == 0)) or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected {want}, got {text!r}")
    return value


def positive_float(text: str) -> float:
    return _finite(text, False, "a positive number")


def time_limit_type(text: str) -> float:
    """``--time-limit``: a positive number of seconds, at most :data:`~lightsart._limits.TIME_LIMIT_MAX`."""
    value = positive_float(text)
    if value > TIME_LIMIT_MAX:
        raise argparse.ArgumentTypeError(
            f"at most {TIME_LIMIT_MAX:g} seconds (a day), got {text!r}")
    return value


#: The fewest clicks' search budget of ``solve``, ``path`` and ``table`` when no ``--time-limit``
#: is given (the library's default, :func:`lightsart.fewest_clicks`).
PUZZLE_SECONDS = 2.0


def add_time_limit(p: argparse._ActionsContainer, what: str) -> None:
    """``--time-limit`` for a command whose fewest-clicks search ``what`` describes."""
    p.add_argument("--time-limit", type=time_limit_type, metavar="SECONDS",
                   help=f"search budget for {what} (default {PUZZLE_SECONDS:g} s): the work is "
                        "planned from it, the clock only caps it, and the answer says when it "
                        "was cut short; a proof that needs longer is announced before it starts, "
                        f"with the time it would need; at most {TIME_LIMIT_MAX:g} (a day)")


def search_seconds(args: argparse.Namespace) -> float:
    """The ``--time-limit`` asked for, or :data:`PUZZLE_SECONDS`."""
    limit = getattr(args, "time_limit", None)
    return PUZZLE_SECONDS if limit is None else float(limit)


def watching_search(args: argparse.Namespace) -> Any:
    """A context in which fewest-clicks searches show their plan and progress on stderr
    (:class:`lightsart._output.progress.SearchProgress`)."""
    from lightsart._core.watch import watching
    from lightsart._output.progress import SearchProgress

    return watching(SearchProgress(search_seconds(args)))


def non_negative_float(text: str) -> float:
    return _finite(text, True, "a number >= 0")


def add_picture_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("pictures")
    add_size_argument(g)
    g.add_argument("--fit", choices=FITS, default="cover",
                   help="how a picture fills the board (default: cover, centred)")
    from lightsart._pictures.dither import DEFAULT_METHOD, DITHER_METHODS

    g.add_argument("--dither", choices=DITHER_METHODS.names(), default=DEFAULT_METHOD, metavar="METHOD",
                   help=f"how grey becomes lit and unlit cells: {', '.join(DITHER_METHODS.names())} "
                        f"(default {DEFAULT_METHOD}, serpentine; none is a plain threshold)")
    g.add_argument("--linear", action="store_true",
                   help="dither in linear light instead of sRGB values (darker mid-tones)")
    add_palette_argument(g)
    add_rules_arguments(p.add_argument_group("rules of the game"), pictures=True)
    t = p.add_argument_group("tone (before dithering)")
    t.add_argument("--tone", choices=TONES, default="auto",
                   help="auto (default): levels from percentiles, local contrast and sharpening; "
                        "none: the picture's tones as they are")
    t.add_argument("--gamma", type=float, default=1.0, metavar="G",
                   help="mid-tones brighter above 1, darker below (0.1..10; default 1)")
    t.add_argument("--brightness", type=float, default=0.0, metavar="B",
                   help="added to every value (-1..1; default 0)")
    t.add_argument("--contrast", type=float, default=1.0, metavar="C",
                   help="contrast about mid-grey (0..10; default 1)")
    t.add_argument("--local-contrast", type=float, metavar="STRENGTH",
                   help="local contrast (CLAHE clip limit, 0..1; auto: 0.02, 0 turns it off)")
    t.add_argument("--sharpen", type=float, metavar="AMOUNT",
                   help="unsharp mask at cell scale (0..10; auto: 0.5, 0 turns it off)")
    t.add_argument("--invert", action="store_true", help="swap light and dark")
    g.add_argument("--errors", choices=ERRORS, default="perceptual",
                   help="where unavoidable wrong pixels go at nullity > 0: perceptual (default: where "
                        "the picture is mid-grey, so they vanish in the texture), uniform (fewest) "
                        "or brightness (least total level difference; with 2 states: uniform)")
    e = p.add_argument_group("engine")
    from lightsart._engines import ENGINES

    e.add_argument("--engine", choices=ENGINES.names(), default="exact",
                   help="; ".join(f"{name}: {ENGINES.about(name)}" for name in ENGINES.names()))
    e.add_argument("--time-limit", type=time_limit_type, metavar="SECONDS",
                   help="search budget per picture and per transition for large nullity (default 1 s; the "
                        "work is planned from it, the clock only caps it); CBC's limit per integer "
                        f"program with --engine ip (default 60 s); at most {TIME_LIMIT_MAX:g} (a day)")
    from lightsart._engines.solvers import DEFAULT_SOLVER, SOLVERS

    e.add_argument("--solver", choices=SOLVERS.names(), default=DEFAULT_SOLVER,
                   help=f"MIP solver for --engine ip and auto, through PuLP: {', '.join(SOLVERS.names())} "
                        f"(default {DEFAULT_SOLVER}; highs needs pip install highspy)")
    e.add_argument("--export-model", metavar="FILE.lp|.mps",
                   help="also write Bosch's error-minimising IP for the picture, unsolved, to try other "
                        "solvers on (animate: one per picture, FILE-1.lp, FILE-2.lp, ...)")
    r = p.add_argument_group("rendering")
    r.add_argument("--cell", type=positive_int, metavar="N",
                   help="pixels per cell (default: 480 // cells on the long side, so 400-480 pixels)")
    r.add_argument("--style", choices=STYLES, default="pixels",
                   help="pixels (default): white/black cells, no gaps; lights: like the handheld "
                        "game, glowing rounded lamps on a dark panel; dots: flat round lamps on a "
                        "dark panel; grid: square cells with thin gap lines. Every look decodes "
                        "back to its board exactly")
    for part, what in (("lit", "lit cells"), ("unlit", "unlit cells"), ("panel", "the panel/padding")):
        r.add_argument(f"--{part}-colour", f"--{part}-color", dest=f"{part}_colour", metavar="COLOUR",
                       help=f"colour of {what} (#rrggbb or a name; default: the style's)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")


def add_palette_argument(p: argparse._ActionsContainer, what: str = "") -> None:
    """``--palette``: the colour of each state (its length is the number of states); ``what``
    begins the help where the command uses it otherwise."""
    from lightsart._pictures.palettes import PALETTES

    names = ", ".join(PALETTES.names())
    p.add_argument("--palette", metavar="PALETTE",
                   help=f"{what}the colour of each state, darkest first: auto:K (K colours, 2 to 16, "
                        f"chosen from the pictures), a name ({names}; greys:K, amber:K, "
                        f"sepia:K take any K) or #rrggbb,#rrggbb,... in click order; its length "
                        f"is --states (default: greys)")


def states_and_palette(args: argparse.Namespace) -> tuple[int | None, Any]:
    """``--states`` and ``--palette`` as the number of states and a checked palette request:
    the palette's length when ``--states`` is not given, else the two must agree (one line);
    without either, ``None`` (the job's default: :func:`lightsart._boardsize.default_states`)."""
    from lightsart._pictures.palettes import disagreement, palette_request, palette_states

    palette = palette_request(args.palette)
    if palette is None:
        return args.states, None
    if args.states not in (None, palette_states(palette)):
        raise disagreement(palette, args.states, args.palette)
    return palette_states(palette), palette


def pattern_type(text: str) -> Pattern:
    """``--pattern``: a preset name or ROWS, parsed by :func:`lightsart._rules.parse_pattern`."""
    from lightsart._errors import LightsartError
    from lightsart._rules import parse_pattern

    try:
        return parse_pattern(text)
    except LightsartError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_rules_arguments(p: argparse._ActionsContainer, *, pictures: bool = False) -> None:
    """``--pattern``, ``--topology`` and ``--states``, shared by every command that takes rules
    (``pictures``: ``--states`` left ``None`` when not given, for the jobs' own default)."""
    from lightsart._limits import PATTERN_MAX_SIDE
    from lightsart._rules import PATTERNS

    presets = ", ".join(f"{name} ({PATTERNS.get(name)})" for name in PATTERNS.names())
    p.add_argument("--pattern", type=pattern_type, metavar="PATTERN",
                   help=f"the cells a click toggles: {presets}; or rows of 0/1 (or ./#) around the "
                        f"clicked cell, odd-sized, at most {PATTERN_MAX_SIDE}x{PATTERN_MAX_SIDE} "
                        "(default: plus)")
    p.add_argument("--topology", choices=TOPOLOGIES,
                   help="what happens at the edges: plane (cut, default), torus (both axes "
                        "wrap), cylinder (left-right wraps)")
    from lightsart._boardsize import DEFAULT_STATES, FILM_STATES
    from lightsart._limits import STATES_MAX

    default = (f"default {DEFAULT_STATES} for pictures, {FILM_STATES} for films and --engine ip"
               if pictures
               else "default 2: lit and unlit")
    p.add_argument("--states", type=states_type, default=None if pictures else 2, metavar="K",
                   help=f"states per cell, 2 to {STATES_MAX}: a click adds 1 mod K to every cell "
                        f"of its pattern, read as K grey levels ({default}; {states_words()})")


def states_type(text: str) -> int:
    """``--states``: a whole number from 2 to ``STATES_MAX``."""
    from lightsart._limits import STATES_MAX

    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 2 <= value <= STATES_MAX:
        raise argparse.ArgumentTypeError(f"expected a whole number from 2 to {STATES_MAX}, got {text!r}")
    return value


def rules_from_args(args: argparse.Namespace, m: int, n: int) -> Rules:
    """The rules ``--pattern``, ``--topology`` and ``--states`` ask for on an ``m`` × ``n`` board."""
    from lightsart._rules import Rules

    rules = Rules.plus(m, n)
    if args.pattern is not None:
        rules = rules.with_pattern(args.pattern)
    if args.topology is not None:
        rules = Rules(m, n, rules.pattern, args.topology)
    return rules.with_states(args.states)


def settings_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The picture, solving and look settings the shared options ask for (``pictures=``,
    ``solving=``, ``look=`` of :func:`lightsart.make_still` and ``make_animation``)."""
    from lightsart._settings import Look, Pictures, Solving

    states, palette = states_and_palette(args)
    return {
        "pictures": Pictures(size=args.size, fit=args.fit, dither=args.dither,
                             tone=tone_from_args(args), errors=args.errors, linear=args.linear,
                             palette=palette),
        "solving": Solving(engine=args.engine, time_limit=args.time_limit, solver=args.solver,
                           pattern=pattern_text(args), topology=topology_name(args),
                           states=states),
        "look": Look(cell=args.cell, style=args.style,
                     colours=(args.lit_colour, args.unlit_colour, args.panel_colour)),
    }


def pattern_text(args: argparse.Namespace) -> str:
    """The ``--pattern`` asked for, as ROWS text (plus when not given)."""
    return "plus" if args.pattern is None else str(args.pattern.text)


def topology_name(args: argparse.Namespace) -> Topology:
    """The ``--topology`` asked for (plane when not given)."""
    from lightsart._rules import check_topology

    return check_topology("plane" if args.topology is None else args.topology)


def rules_words(rules: Any) -> str:
    """`` (sigma on the torus)`` for the summary (`` (4 states, plus on the plane)`` with grey
    levels); empty for the classic game."""
    from lightsart._results import vocabulary

    if rules is None or rules.is_classic:
        return ""
    states = f"{rules.states} states, " if vocabulary(rules.states).grey else ""
    return f" ({states}{rules.pattern.name} on the {rules.topology})"


def tone_from_args(args: argparse.Namespace) -> Any:
    """The :class:`lightsart.Tone` the tone options ask for (checked there)."""
    from lightsart._pictures.tone import Tone

    return Tone(auto=args.tone == "auto", gamma=args.gamma, brightness=args.brightness,
                contrast=args.contrast, local_contrast=args.local_contrast, sharpen=args.sharpen,
                invert=args.invert)


def fit_line(path: str, f: Any) -> str:
    """One picture's fit as the summary prints it: wrong pixels (cells of k levels), their cost,
    and what is proven about each (a least cost proves the cost, not the count)."""
    cut = bool(getattr(f, "cut_short", False))
    count = f.wrong_pixels
    # A grey cell is not a pixel on or off: "wrong cells of K levels" (0.2's words).
    what = (f"{count} wrong cell{'' if count == 1 else 's'} of {f.states} levels" if f.grey
            else wrong_pixels(count))
    counted = f.count_proven_minimal
    count_bound = "" if counted else f", at least {f.count_lower_bound}"
    if not f.weighted or count == 0:
        return f"{path}: {what} ({proven(counted, cut)}{count_bound})"
    bound = "" if f.wrong_pixels_proven_minimal else f", at least {f.wrong_pixels_lower_bound:.2f}"
    count_words = "count proven minimal" if counted else f"count at least {f.count_lower_bound}"
    return (f"{path}: {what} where they show least (cost {f.wrong_cost:.2f}, "
            f"{proven(f.wrong_pixels_proven_minimal, cut)}{bound}; {count_words})")


def click_word(states: int) -> str:
    """What the summary calls a click: the texts keep 0.2's words ("presses" with k states)."""
    from lightsart._results import vocabulary

    return "presses" if vocabulary(states).grey else "clicks"


def emit_json(data: dict[str, Any]) -> None:
    """``data`` as one valid JSON document on stdout: a number beyond a float's range (a nominal
    time of ``2**d`` members) is ``null``, never ``Infinity``, which JSON does not have."""
    sys.stdout.write(json.dumps(_json_numbers(data), indent=2, allow_nan=False) + "\n")


def _json_numbers(value: Any) -> Any:
    """``value`` with every infinite or NaN float, however deep, replaced by ``None``."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _json_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_numbers(v) for v in value]
    return value


def emit(args: argparse.Namespace, result: Any, text: Callable[[Any], str]) -> int:
    """Print ``result``: its ``--json`` object with ``--json``, else ``text(result)``; returns
    the exit status, 0."""
    if args.json:
        emit_json(result.to_dict())
    else:
        print(text(result))
    return 0


def proven(flag: bool, cut_short: bool = False) -> str:
    found = "best found before the time limit" if cut_short else "best found"
    return "proven minimal" if flag else f"{found}, not proven minimal"


def wrong_pixels(count: int) -> str:
    return f"{count} wrong pixel{'' if count == 1 else 's'}"


def puzzle_text(answer: Solution | Strategy | ClickPath | LookupTable) -> str:
    """What the CLI prints for an answer of ``solve_puzzle``, ``explain``, ``click_path`` or
    ``lookup_table`` (the 2-state texts are the classic game's words: lights, clicks, ``#``)."""
    from lightsart._puzzle import solve as answers
    from lightsart._puzzle import text

    if isinstance(answer, answers.Solution):
        return text.solution_text(answer)
    if isinstance(answer, answers.Strategy):
        return text.strategy_text(answer)
    if isinstance(answer, answers.ClickPath):
        return text.path_text(answer)
    return text.table_text(answer)
