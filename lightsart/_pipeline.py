"""The whole job in one call: pictures → fits → transitions → frames (→ files).

These functions are what the ``still`` and ``animate`` commands run; notebooks call them too.
A picture is a path or a numpy array (:data:`lightsart._jobs.Source`); the job runs in memory
and writes files only when an output is named. Each returns a frozen result holding the boards,
clicks and frames, with the numbers the CLI prints (and ``--json`` emits).
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from lightsart._boardsize import SizeLike
from lightsart._choices import Errors, FitMode, Topology
from lightsart._engines import Budget
from lightsart._engines import engine as get_engine
from lightsart._errors import InvalidValue, LightsartError
from lightsart._jobs import (
    Source,
    check_board,
    check_engine,
    default_cell,
    drawing_style,
    label,
    nullity_under,
    read_source,
    source,
    sources,
)
from lightsart._output import preflight, staging
from lightsart._palette import Palette
from lightsart._pictures.palettes import agreed_states, in_colour
from lightsart._pictures.tone import Tone
from lightsart._public import public
from lightsart._results import Clicks, Fit, with_count_bound
from lightsart._rules import Rules, parse_pattern
from lightsart._runs import AnimationResult, Picture, StillResult
from lightsart._settings import Look, Pictures, Solving, Timing, refuse_keywords, settled
from lightsart._types import Board

if TYPE_CHECKING:
    from lightsart._animation.animate import Animation
    from lightsart._output.render import RenderStyle
    from lightsart._output.writers import Written

__all__ = ["Engine", "fit_pictures", "make_animation", "make_still"]

#: An engine's name: a key of :data:`lightsart._engines.ENGINES`.
Engine = str



def fit_pictures(
    images: Sequence[Source],
    size: SizeLike | None = None,
    fit: FitMode = "cover",
    dither: str = "floyd-steinberg",
    engine: Engine = "exact",
    time_limit: float | None = None,
    tone: Tone | None = None,
    errors: Errors = "perceptual",
    notes: list[str] | None = None,
    linear: bool = False,
    *,
    solver: str = "cbc",
    costs: list[np.ndarray | None] | None = None,
    pattern: str = "plus",
    topology: Topology = "plane",
    states: int | None = None,
    model: str | None = None,
    sized: Callable[[int, int], None] | None = None,
    palette: Palette | str | None = None,
) -> list[Picture]:
    """Read every picture (a path or an array) onto one board size, tone and dither it, and fit
    it with the engine.

    Without a size the first picture's aspect chooses it (about 200 cells on the long side,
    :data:`lightsart._pictures.image.DEFAULT_LONG_SIDE`, the same for every command; preferring
    a size where every picture is exact); the others are fitted to the same board. ``errors``
    chooses where unavoidable wrong pixels go (:mod:`lightsart._pictures.costs`). Anything the
    user should know (a picture cropped to another's shape) is appended to ``notes``. ``solver``
    is the MIP solver of ``--engine ip``/``auto`` (:mod:`lightsart._engines.solvers`); each picture's pixel
    costs are appended to ``costs`` when given (for ``--export-model``). With ``states`` > 2 each
    picture is quantised to that many grey levels and fitted exactly over ``Z/states``
    (``None``: the default for pictures, :func:`lightsart._boardsize.default_states`)
    (the exact engine, :func:`lightsart.closest_board`; ``errors`` prices wrong levels as
    :func:`~lightsart._pictures.costs.level_costs` says), or by Bosch's integer programs over
    ``Z/states`` with ``engine="ip"`` (:mod:`lightsart._engines.ip`: fewest wrong cells).
    ``model``: an ``--export-model`` path; its size is checked once the board size is known,
    before any picture is fitted, and so are the outputs' by ``sized(width, height)``.
    ``palette`` (a :class:`~lightsart.Palette`, ``"auto:K"`` or a name, as
    :class:`~lightsart.Pictures` reads it) reads the pictures in colour and dithers them onto
    its colours (``auto:K``: chosen from all the pictures); each :class:`Picture` keeps it.
    """
    from lightsart._pictures.colour import colour_target, palette_for, prepare
    from lightsart._pictures.image import fit_target

    # The settings check every value (one line, before any work), as make_still's do.
    prep = Pictures(size, fit, dither, tone, errors, linear, palette)
    how = Solving(engine, time_limit, solver, pattern, topology, states)
    size, fit, errors = prep.size, prep.fit, prep.errors
    engine, time_limit, solver = how.engine, how.time_limit, how.solver
    states = agreed_states(prep.palette, how.states, engine=how.engine)  # the palette's, or the default
    colour = in_colour(prep.palette)
    chosen = get_engine(engine)
    check_engine(engine, solver)
    if not images:
        raise InvalidValue("no pictures given")
    board: SizeLike | None = size
    nullity_of = nullity_under(pattern, topology, states)
    targets: list[Any] = []  # every picture read first: auto:K chooses from all of them
    for k, image in enumerate(images):
        path = label(image)
        gray, (width, height) = read_source(image, board, nullity_of, colour=colour)
        if k == 0:
            with _two_states_said(how.states is None and prep.palette is None and states > 2):
                check_board(width, height, pattern, topology, states, model)
            board = (width, height)
            if sized is not None:
                sized(width, height)
        elif notes is not None and fit != "stretch":
            _note_aspect(notes, k + 1, path, gray.shape, (width, height), fit)
        if colour:
            targets.append(prepare(gray, (width, height), prep.fit, prep.tone, path))
        else:
            targets.append(fit_target(gray, (width, height), fit, dither, source=path,
                                      tone=tone, linear=linear, states=states))
    chosen_palette = palette_for(prep.palette, targets, states)
    pictures = []
    for target in targets:
        distance = None
        if colour:
            target, distance = colour_target(target, chosen_palette, dither,
                                             given=isinstance(prep.palette, Palette))
        height, width = target.shape
        rules = Rules(height, width, parse_pattern(pattern), topology, states)
        cost, said = _costs(target, rules, engine, errors, costs, distance)
        found = chosen.fit(target.bits, cost, Budget(time_limit, solver=solver),
                           None if rules.is_classic else rules)
        if cost is not None and cost.size:  # (the exact engine's own bound, for the others)
            found = with_count_bound(found, float(cost.max()))
        pictures.append(Picture(target.source, found, said, _grey(target),
                                np.asarray(target.gray), chosen_palette))
    return pictures


@contextlib.contextmanager
def _two_states_said(default: bool) -> Iterator[None]:
    """A board the default's grey levels cannot fit (Z/k's algebra has bounds of its own) is
    refused saying that two states have none, when the states were not asked for."""
    try:
        yield
    except LightsartError as exc:
        if not default:
            raise
        raise type(exc)(f"{exc}; --states 2 (lit and unlit) has no such bound") from None


def _costs(target: Any, rules: Rules, engine: Engine, errors: Errors,
           kept: list[np.ndarray | None] | None, distance: np.ndarray | None = None
           ) -> tuple[np.ndarray | None, Errors]:
    """What a wrong cell costs the engine (``None``: count them) and the ``errors`` that says so;
    the costs are also appended to ``kept`` (for ``--export-model``)."""
    from lightsart._pictures.costs import cell_costs

    grey = _grey(target)
    if rules.is_binary:  # a wrong pixel is one flip, as the exported IP prices it
        return _kept(kept, cell_costs(target.bits, grey, rules.states, errors, distance)), errors
    # k states: a wrong cell has k - 1 wrong levels, each priced by the exact engine (and auto,
    # the exact one here); the k-state programs, exported too, count wrong cells.
    _kept(kept, None)
    if engine == "ip":
        return None, "uniform"
    from lightsart._core.modk import modk_algebra

    # A target that is not reachable needs the syndrome columns: bounded before pricing.
    alg = modk_algebra(rules)
    if not alg.is_reachable((target.bits.astype(np.int64) - (rules.states - 1)) % rules.states):
        alg.check_columns()
    return cell_costs(target.bits, grey, rules.states, errors, distance), errors


def _kept(costs: list[np.ndarray | None] | None, cost: np.ndarray | None) -> np.ndarray | None:
    """``cost``, also appended to ``costs`` when given (for ``--export-model``)."""
    if costs is not None:
        costs.append(cost)
    return cost


def _grey(target: Any) -> np.ndarray:
    """The grey a target was dithered from (the toned picture, else the fitted one)."""
    return np.asarray(target.toned if target.toned is not None else target.gray)


def _note_aspect(notes: list[str], number: int, path: str, shape: tuple[int, ...],
                 board: tuple[int, int], fit: FitMode) -> None:
    """Say when a picture's shape differs from the board's by more than 2 %."""
    aspect, board_aspect = shape[1] / shape[0], board[0] / board[1]
    if abs(aspect / board_aspect - 1) <= 0.02:
        return
    if fit == "cover":
        notes.append(f"picture {number} ({path}) has another shape than the {board[0]}x{board[1]} "
                     "board: its edges are cropped (--fit contain shows it whole)")
    else:
        notes.append(f"picture {number} ({path}) has another shape than the {board[0]}x{board[1]} "
                     "board: it is padded with white (--fit cover fills the board)")


@public
def make_still(
    image: Source,
    output: str | None = None,
    *,
    pictures: Pictures | None = None,
    solving: Solving | None = None,
    look: Look | None = None,
    target_out: str | None = None,
    compare: str | None = None,
    export_model: str | None = None,
    **unknown: object,
) -> StillResult:
    """The reachable board closest to one picture; written as a PNG, SVG or PDF when named.

    What ``lightsart still`` does. The job runs in memory: the result holds the board, its
    clicks and the target (``result.picture.fit``), and nothing is written unless an output is
    named. ``export_model`` (``.lp``/``.mps``) also writes Bosch's error IP for the picture,
    with the pixel costs the engine used, unsolved (:func:`lightsart._engines.ip.export_model`).
    Every output is checked before any work, and the files appear together at the end or not
    at all.

    Parameters
    ----------
    image : str, os.PathLike or numpy.ndarray
        The picture: a file (PNG, JPEG, GIF, BMP, TIFF or WebP), or its luminance as a 2-D
        array in ``[0, 1]`` (1 = white; 8-bit values are refused: divide them by 255).
    output : str or None, optional
        The board: ``.png``, or a ``.svg``/``.pdf`` drawing (``None``: not written).
    pictures : Pictures or None, optional
        How the picture becomes a target (``None``: the defaults).
    solving : Solving or None, optional
        The rules and the engine (``None``: the classic game, the exact engine).
    look : Look or None, optional
        How the board is drawn.
    target_out : str or None, optional
        Also write the dithered target.
    compare : str or None, optional
        Also write target | board | wrong pixels side by side.
    export_model : str or None, optional
        Also write Bosch's error IP (``.lp`` or ``.mps``).
    **unknown
        Refused in one line naming the settings object that holds the field (``size=64`` is
        ``pictures=Pictures(size=64)``).

    Returns
    -------
    StillResult
        The board's size and nullity, the picture's fit (board, clicks, target), the files
        written; ``texture_hint()`` says when the board likely reads as texture.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import Pictures, Solving, make_still
    >>> ramp = np.tile(np.linspace(0, 1, 40), (30, 1))  # dark to light, left to right
    >>> result = make_still(ramp, pictures=Pictures(size=16))
    >>> result.width, result.height, result.nullity, result.picture.fit.wrong_pixels
    (16, 12, 0, 0)
    >>> result.picture.fit.board.shape, result.outputs
    ((12, 16), ())
    >>> grey = make_still(ramp, pictures=Pictures(size="8x6"), solving=Solving(states=3))
    >>> grey.rules.to_dict()
    {'pattern': 'plus', 'topology': 'plane', 'states': 3}
    """
    refuse_keywords("make_still", unknown)
    image = source(image)
    prep = settled(pictures, Pictures, "pictures")
    how = settled(solving, Solving, "solving")
    drawn = settled(look, Look, "look")
    from lightsart._output import stills

    start = time.perf_counter()
    path = None if isinstance(image, np.ndarray) else label(image)
    wanted = [p for p in (output, target_out, compare) if p is not None]
    planned = preflight.plan_still(path, wanted, prep.size, drawn.cell, drawn.cell_mm)
    if export_model:
        from lightsart._engines.solvers import plan_models

        planned = plan_models(planned, [export_model], inputs=[] if path is None else [path],
                              others=wanted)
    costs: list[np.ndarray | None] = []

    def sized(width: int, height: int) -> None:  # the outputs' sizes, before the fit's work
        preflight.check_still(wanted, width, height, drawn.cell or default_cell(width, height),
                              drawn.cell_mm, compare)

    (picture,) = fit_pictures([image], prep.size, prep.fit, prep.dither, how.engine,
                              how.time_limit, prep.tone, prep.errors, linear=prep.linear,
                              solver=how.solver, costs=costs, pattern=how.pattern,
                              topology=how.topology, states=how.states, model=export_model,
                              sized=sized, palette=prep.palette)
    f = picture.fit
    _check_reproduces(f)
    outputs: list[str] = []
    if wanted or export_model:
        drawing = drawing_style(drawn.cell or default_cell(f.width, f.height), drawn.style,
                                drawn.colours, picture.palette)
        with staging.writing(planned):  # each format by its extension: .png, .svg, .pdf
            for file, boards in ((output, [f.board]), (target_out, [f.target]),
                                 (compare, [f.target, f.board, f.wrong])):
                if file is None:
                    continue
                if len(boards) == 1:
                    stills.write_board(boards[0], file, drawing, f.states, drawn.cell_mm)
                else:
                    stills.write_compare(boards, file, drawing, f.states, drawn.cell_mm)
                outputs.append(file)
            if export_model:
                _export_models([f], costs, [export_model])
                outputs.append(export_model)
    return StillResult(f.width, f.height, f.nullity, picture, tuple(outputs),
                       time.perf_counter() - start, f.rules)


def _export_models(fits: Sequence[Fit], costs: Sequence[np.ndarray | None],
                   paths: Sequence[str]) -> None:
    from lightsart._engines import ip

    for f, cost, model in zip(fits, costs, paths, strict=True):
        grey = f.grey and f.rules is not None  # grey levels: every cell costs the same
        ip.export_model(f.target, model, None if grey else cost, f.rules)


def _check_reproduces(f: Fit) -> None:
    """The fit's clicks make its board from the all-lit (k states: all-brightest) board."""
    from lightsart._core.algebra import reached, rules_for

    rules = rules_for(f.rules, f.board.shape)
    made = reached(np.full(rules.shape, rules.states - 1), f.clicks, rules)
    if not np.array_equal(made, f.board):  # pragma: no cover
        raise AssertionError("fit's clicks do not reproduce its board")


def _transitions(fits: Sequence[Fit], engine: Engine, budget: Budget) -> list[Clicks]:
    """Each consecutive pair's fewest clicks (k states: fewest presses), by the engine."""
    chosen = get_engine(engine)
    return [chosen.connect(a, b, budget) for a, b in itertools.pairwise(fits)]


def _after(start: Fit, clicks: Board) -> Board:
    """``start``'s board after ``clicks`` (k states: presses, added mod k)."""
    from lightsart._core.algebra import reached, rules_for

    return reached(start.board, clicks, rules_for(start.rules, start.board.shape))


@public
def make_animation(
    images: Sequence[Source],
    output: str | None = None,
    *,
    pictures: Pictures | None = None,
    solving: Solving | None = None,
    timing: Timing | None = None,
    look: Look | None = None,
    frames_dir: str | None = None,
    export_model: str | None = None,
    **unknown: object,
) -> AnimationResult:
    """Animate ``images[0] → images[1] → ...`` one legal click at a time.

    What ``lightsart animate`` does: every picture is fitted to one board, consecutive boards are
    connected by their fewest clicks, and the clicks are played in the chosen order. Every frame
    is a board reachable from the all-lit board. The job runs in memory: the result holds the
    fits, the transitions' clicks and the frames (``iter_frames()`` makes them one at a time),
    and nothing is written unless ``output`` or ``frames_dir`` is named. ``export_model``
    writes each picture's error IP, numbered (``m.lp`` -> ``m-1.lp``, ...;
    :func:`lightsart._engines.solvers.model_paths`).

    Parameters
    ----------
    images : sequence of str, os.PathLike or numpy.ndarray
        Two or more pictures, in the order they appear: files, or 2-D luminance arrays in
        ``[0, 1]`` (a single string is refused: write ``[a, b]``).
    output : str or None, optional
        The animation: ``.gif``, ``.mp4`` or ``.html`` (an interactive page); ``None``: not
        written.
    pictures : Pictures or None, optional
        How pictures become targets.
    solving : Solving or None, optional
        The rules and the engine.
    timing : Timing or None, optional
        Click order, frame rate, durations, loop and easing.
    look : Look or None, optional
        How boards are drawn.
    frames_dir : str or None, optional
        Also write every frame as ``frame_00000.png``, ... into this folder.
    export_model : str or None, optional
        Also write each picture's error IP (``.lp`` or ``.mps``), numbered.
    **unknown
        Refused in one line naming the settings object that holds the field.

    Returns
    -------
    AnimationResult
        The fits, the transitions (clicks, proven or not), the frames and the files written.

    Examples
    --------
    >>> import numpy as np
    >>> from lightsart import Pictures, Timing, make_animation
    >>> ramp = np.tile(np.linspace(0, 1, 32), (32, 1))  # dark to light, then light to dark
    >>> result = make_animation([ramp, ramp[:, ::-1]], pictures=Pictures(size=15),
    ...                         timing=Timing(order="radial", fps=10, duration=1, hold=0))
    >>> result.width, result.height, result.nullity, result.frames, result.outputs
    (15, 15, 0, 11, ())
    >>> step = result.transitions[0]
    >>> step.count, step.proven, result.to_dict()["transitions"][0]["click_count"]
    (323, True, 323)
    >>> frames = list(result.iter_frames())
    >>> len(frames), frames[-1].board.shape
    (11, (15, 15))
    """
    refuse_keywords("make_animation", unknown)
    images = sources(images, 2)
    prep = settled(pictures, Pictures, "pictures")
    how = settled(solving, Solving, "solving")
    when = settled(timing, Timing, "timing")
    drawn = settled(look, Look, "look")
    cell, colours = drawn.cell, _animated_colours(drawn)
    from lightsart._animation import animate
    from lightsart._animation.orders import parse_orders

    start = time.perf_counter()
    paths = [label(i) for i in images if not isinstance(i, np.ndarray)]
    choices = parse_orders(when.order, len(images) - 1)
    masks = _read_masks(choices)  # a missing or unreadable mask is one line, before any work
    reads = sorted(masks)  # masks too are inputs: no output may replace one
    planned = preflight.plan_animation(paths, output, frames_dir, size=prep.size, cell=cell,
                                       seed=when.seed, fps=when.fps, duration=when.duration,
                                       hold=when.hold, reads=reads)
    timed: dict[str, Any] = {"fps": when.fps, "duration": when.duration, "hold": when.hold,
                             "clicks_per_frame": when.clicks_per_frame, "loop": when.loop,
                             "ease": when.ease}
    _check_least_plan(planned, len(images) - 1, **timed)
    models: list[str] = []
    if export_model:
        from lightsart._engines.solvers import model_paths, plan_models

        models = model_paths(export_model, len(images))
        planned = dataclasses.replace(planned, outputs=plan_models(
            planned.outputs, models, inputs=[*paths, *reads], others=[output] if output else [],
            folders=[frames_dir] if frames_dir else []))
    notes: list[str] = []
    costs: list[np.ndarray | None] = []
    fitted = fit_pictures(images, prep.size, prep.fit, prep.dither, how.engine, how.time_limit,
                          prep.tone, prep.errors, notes, linear=prep.linear, solver=how.solver,
                          costs=costs, pattern=how.pattern, topology=how.topology,
                          states=how.states, model=export_model, palette=prep.palette,
                          sized=lambda w, h: preflight.check_pixels(planned, w, h,
                                                                    cell or default_cell(w, h)))
    fits, steps, segments = _connect(fitted, how.engine,
                                     Budget(how.time_limit, when.seed, how.solver), choices,
                                     masks, prep, when.seed, when.reverse)
    plan = animate.plan([len(s[1]) for s in segments], **timed)
    drawing = drawing_style(cell or default_cell(fits[0].width, fits[0].height), drawn.style,
                            colours, fitted[0].palette)
    preflight.check_planned(planned, plan, fits[0].width, fits[0].height, drawing.cell)
    with staging.writing(planned.outputs):
        animation = animate.Animation(tuple(f.board for f in fits), tuple(o for _, o in segments),
                                      when.order, when.seed, plan, fits[0].rules)
        outputs, video_frames, written = _write_animation(animation, drawing, cell, output,
                                                          frames_dir)
        if models:
            _export_models(fits, costs, models)
        outputs.extend(models)
    return AnimationResult(
        width=fits[0].width, height=fits[0].height, nullity=fits[0].nullity, pictures=tuple(fitted),
        transitions=tuple(steps), frames=plan.frames, duration_seconds=plan.seconds,
        outputs=tuple(outputs), seconds=time.perf_counter() - start, notes=tuple(notes),
        video_frames=video_frames, rules=fits[0].rules,
        orders=tuple(c.text for c in choices), reverse=bool(when.reverse), ease=when.ease,
        outputs_detail=tuple(written), segments=tuple(segments), plan=plan,
    )


def _check_least_plan(planned: preflight.Planned, transitions: int, **timing: Any) -> None:
    """The frames and seconds of ``transitions`` at their least over every click count, within
    the limits before any picture is fitted (``animate DIR`` of 1000 pictures was refused for
    its length only after fitting them all: 15 s)."""
    from lightsart import _limits as limits
    from lightsart._animation import animate

    few, many = (animate.plan([clicks] * transitions, **timing) for clicks in (0, 1 << 40))
    # Fewer clicks, fewer frames; with --duration, more clicks make the first frame shorter.
    limits.check_frames(few.frames, min(few.seconds, many.seconds), few.fps,
                        video=planned.video)


def _animated_colours(drawn: Look) -> tuple[str | None, str | None, str | None]:
    """The look's colours, once it is known to draw in pixels: ``cell_mm`` is for stills."""
    if drawn.cell_mm is not None:
        raise InvalidValue("cell_mm sizes still's .svg and .pdf outputs; an animation is drawn "
                             "in pixels (cell)")
    return drawn.colours


def _connect(fitted: Sequence[Picture], engine: Engine, budget: Budget, choices: Sequence[Any],
             masks: dict[str, np.ndarray], prep: Pictures, seed: int | None, reverse: bool
             ) -> tuple[list[Fit], list[Clicks], list[tuple[Board, np.ndarray]]]:
    """The fits, each re-checked; the transitions between them; and each transition's start
    board and clicks in the chosen order (its clicks checked to connect the two pictures)."""
    fits = [p.fit for p in fitted]
    for f in fits:
        _check_reproduces(f)
    steps = _transitions(fits, engine, budget)
    segments: list[tuple[Board, np.ndarray]] = []
    for a, b, step, choice, picture_b in zip(fits, fits[1:], steps, choices, fitted[1:],
                                             strict=False):
        # Verify before rendering: the transition's clicks must turn picture A into picture B.
        if not np.array_equal(_after(a, step.clicks), b.board):  # pragma: no cover
            raise AssertionError("transition clicks do not connect the two pictures")
        segments.append((a.board, _ordered(a, b, step.clicks, choice, masks, prep.fit, seed,
                                           reverse, picture_b.grey)))
    return fits, steps, segments


def _write_animation(animation: Animation, drawing: RenderStyle, cell: int | None, out: str | None,
                     frames_dir: str | None) -> tuple[list[str], int | None, list[Written]]:
    """Write the animation to ``out`` and its frames to ``frames_dir`` (each when given): the
    paths written, the video's frame count when its format repeats held frames, and what each
    GIF or MP4 holds (frames after merging, seconds)."""
    from lightsart._animation.files import write_animation
    from lightsart._output import formats, writers

    outputs: list[str] = []
    video_frames: int | None = None
    written: list[Written] = []
    if out is not None:
        file = write_animation(animation, out, drawing, cell)
        if file is not None:
            written.append(file)
            video_frames = file.images if formats.format_for(out).repeats_holds else None
        outputs.append(out)
    if frames_dir is not None:
        written.append(writers.write_frames(
            iter(animation), frames_dir, drawing, progress_total=animation.frames,
            states=2 if animation.rules is None else animation.rules.states))
        outputs.append(frames_dir)
    return outputs, video_frames, written


def _read_masks(choices: Sequence[Any]) -> dict[str, np.ndarray]:
    """Each mask picture's grey, read once (one line for a missing or unreadable file)."""
    from lightsart._pictures.image import read_gray

    masks = {}
    for c in choices:
        if c.mask is not None and c.mask not in masks:
            try:
                masks[c.mask] = read_gray(c.mask)
            except LightsartError as exc:
                raise LightsartError(f"--order mask: {exc}") from None
    return masks


def _ordered(a: Fit, b: Fit, clicks: Board, choice: Any, masks: dict[str, np.ndarray],
             fit: FitMode, seed: int | None, reverse: bool, grey_b: np.ndarray | None) -> np.ndarray:
    """One transition's clicks (k states: single presses) in the order ``choice`` names."""
    from lightsart._animation import orders
    from lightsart._pictures.image import fit_to_board

    mask = None if choice.mask is None else fit_to_board(masks[choice.mask], a.width, a.height,
                                                         fit)
    if a.grey:  # a cell pressed j times is j single presses, one after another
        return orders.press_order(clicks, choice.name, seed=seed, rules=a.rules, reverse=reverse,
                                  picture=grey_b, mask=mask)
    return orders.click_order(a.board, clicks, choice.name, seed=seed, rules=a.rules,
                              reverse=reverse, picture=grey_b, mask=mask)
