"""A clip becomes a Lights Out film: probe, bound, then decode → tone → board → draw → encode.

:func:`make_film` is what ``lightsart video`` runs. Everything that can be refused is refused
before the first frame is decoded: the settings, the output paths (as ``animate`` checks them),
the clip's header (:func:`lightsart._video.clip.probe`), the stretch ``--start .. --end``, and the
work, frames × cells (:func:`lightsart._limits.check_film`). Then the frames stream: each is
decoded, fitted to the board, toned (:class:`~lightsart._video.steady.SteadyTone`), made a board
by its mode (:mod:`lightsart._video.steps`) and handed on to the writers, which draw and encode it
at once; only the current frame and board are held, so memory stays flat in the clip's length
(an ``.html`` output's clicks go to an unnamed file as they come). The outputs are written aside
and committed together at the end, or not at all (:func:`lightsart._output.staging.writing`).
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lightsart import _checks as checks
from lightsart import _limits as limits
from lightsart._boardsize import default_states
from lightsart._errors import InvalidType, InvalidValue, LightsartError
from lightsart._palette import Palette
from lightsart._public import public
from lightsart._settings import Look, Pictures, Solving
from lightsart._types import Board, Frame, Gray
from lightsart._video.options import DEFAULT_FPS_MAX, MODES, STEADY, Mode

if TYPE_CHECKING:
    from lightsart._output.writers import Written
    from lightsart._rules import Rules
    from lightsart._video.clip import Clip
    from lightsart._video.steps import BoardsMode, PlayMode, Step

__all__ = ["HD", "FilmResult", "Filming", "default_clicks", "film_cell", "film_steps", "make_film"]

#: Play mode's presses per frame without ``--clicks-per-frame``, per cell of the board: 150 on
#: the 48x35 board of the issue's measurement (chosen by looking, see the README).
CLICKS_PER_CELL = 150 / (48 * 35)
#: Search budget per frame in seconds (the engines' fits and connections), unless --time-limit.
FRAME_BUDGET = 0.05


def default_clicks(width: int, height: int) -> int:
    """Play mode's presses per frame on a ``width`` x ``height`` board, unless told."""
    return max(1, round(CLICKS_PER_CELL * width * height))


@public
@dataclass(frozen=True)
class Filming:
    """How a clip is filmed: ``mode`` (:data:`MODES`), frames per second (``None``: the clip's,
    at most :data:`DEFAULT_FPS_MAX`), the stretch from ``start`` to ``end`` in seconds of the
    clip (``end`` ``None``: to its end), play mode's ``clicks_per_frame`` (``None``:
    :func:`default_clicks`), whether an MP4 or a page keeps the clip's ``sound``, and the
    ``dither``: ``"steady"`` (:mod:`lightsart._video.refine`, the default), a mask method of
    :data:`lightsart.DITHER_METHODS` (fixed to the board, with hysteresis) or any other
    of its methods (every frame afresh: it flickers).

    Parameters
    ----------
    mode
        ``"boards"`` (every frame the closest reachable board) or ``"play"`` (the board is played,
        at most ``clicks_per_frame`` presses a frame; at a cut it jumps to the new shot's fit).
    fps
        Frames per second of the film (``None``: the clip's, at most :data:`DEFAULT_FPS_MAX`).
    start, end
        The stretch of the clip filmed, in seconds (``end`` ``None``: to the clip's end).
    clicks_per_frame
        Play mode's most presses per frame but a cut's (``None``: :func:`default_clicks`).
    sound
        Whether an MP4 or an ``.html`` page keeps the clip's sound (trimmed to ``start .. end``).
    dither
        ``"steady"`` or a method of :data:`lightsart.DITHER_METHODS`.

    Returns
    -------
    Filming
        The checked settings.

    Examples
    --------
    >>> from lightsart import Filming
    >>> Filming(mode="play", clicks_per_frame=40).clicks_per_frame
    40
    """

    mode: Mode = "boards"
    fps: float | None = None
    start: float = 0.0
    end: float | None = None
    clicks_per_frame: int | None = None
    sound: bool = True
    dither: str = STEADY

    def __post_init__(self) -> None:
        from lightsart._pictures.dither import DITHER_METHODS

        checks.one_of(self.mode, MODES, "mode")
        if self.dither != STEADY:
            object.__setattr__(self, "dither", checks.one_of(self.dither, DITHER_METHODS, "dither"))
        if self.fps is not None:
            object.__setattr__(self, "fps", limits.check_fps(checks.number(self.fps, "--fps")))
        start = checks.number(self.start, "--start")
        if not (math.isfinite(start) and start >= 0):
            raise InvalidValue(f"--start must be a number of seconds >= 0, got {start:g}")
        if self.end is not None:
            end = checks.number(self.end, "--end")
            if not (math.isfinite(end) and end > start):
                raise InvalidValue(f"--end must be after --start ({start:g} s), got {end:g}")
        if self.clicks_per_frame is not None:
            object.__setattr__(self, "clicks_per_frame",
                               checks.whole(self.clicks_per_frame, "clicks_per_frame"))
            if self.mode != "play":
                raise InvalidValue("--clicks-per-frame limits the clicks of --mode play; "
                                     "boards mode takes whatever each frame needs")
        object.__setattr__(self, "sound", checks.flag(self.sound, "sound"))


@public
@dataclass(frozen=True)
class FilmResult:
    """What a film run made: the board, the rules, the mode, the frames and their clicks.

    Parameters
    ----------
    clip
        The clip's path.
    width, height, nullity
        The board's size and the nullity of its press operator under ``rules``.
    rules
        The rules every frame is reachable under.
    mode, fps, start
        How it was filmed (see :class:`Filming`).
    frames
        Frames written.
    clicks_per_frame
        Presses from each frame's board to the next's (``frames - 1`` of them).
    clicks_limit
        Play mode's most presses per frame but a cut's (``None`` in boards mode).
    sound
        Whether the MP4 or the page kept the clip's sound.
    outputs, outputs_detail, seconds, notes
        The files written, their details, the run's wall time and any notes printed.
    boards
        Each frame's board when nothing was written (else empty: the frames streamed).
    palette
        The colour of each state, state 0 first, when a palette was asked for (``None``: the
        look's own colours); ``to_dict()`` writes it as ``"palette": ["#rrggbb", ...]``.

    Returns
    -------
    FilmResult
        The record (``to_dict()`` is the ``video --json`` output).
    """

    clip: str
    width: int
    height: int
    nullity: int
    rules: Rules
    mode: Mode
    fps: float
    start: float
    frames: int
    #: Presses from each frame's board to the next's (``frames - 1`` of them).
    clicks_per_frame: tuple[int, ...]
    #: Play mode's most presses per frame (``None`` in boards mode).
    clicks_limit: int | None
    sound: bool
    outputs: tuple[str, ...]
    outputs_detail: tuple[Written, ...] = ()
    seconds: float = 0.0
    notes: tuple[str, ...] = field(default=())
    #: Each frame's board, when nothing was written (a film written streams its frames and
    #: keeps none); not in ``to_dict()``.
    boards: tuple[Board, ...] = field(default=(), repr=False, compare=False)
    palette: Palette | None = None

    def __post_init__(self) -> None:
        checks.record(self, sides=("width", "height"), counts=("nullity", "frames"),
                      numbers=("fps", "start", "seconds"), texts=("clip", "mode"),
                      tuples=("clicks_per_frame", "outputs", "outputs_detail", "notes", "boards"))

    @property
    def clicks_total(self) -> int:
        return sum(self.clicks_per_frame)

    @property
    def duration_seconds(self) -> float:
        """Seconds of film."""
        return self.frames / self.fps

    def to_dict(self) -> dict[str, Any]:
        from lightsart._jobs import rules_dict
        from lightsart._runs import palette_dict

        return {
            "clip": self.clip,
            "board": {"width": self.width, "height": self.height, "nullity": self.nullity},
            "rules": rules_dict(self.rules, self.height, self.width),
            **palette_dict(self.palette),
            "mode": self.mode,
            "fps": self.fps,
            "start": self.start,
            "frames": self.frames,
            "duration_seconds": round(self.duration_seconds, 3),
            "clicks_per_frame": list(self.clicks_per_frame),
            "clicks_total": self.clicks_total,
            "clicks_limit": self.clicks_limit,
            "sound": self.sound,
            "outputs": list(self.outputs),
            "outputs_detail": [{"path": w.path, "frames": w.images,
                                "seconds": round(w.seconds, 3), "bytes": w.bytes}
                               for w in self.outputs_detail],
            "notes": list(self.notes),
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class _Plan:
    """A film's board, rules, frame rate and stretch, known before the first frame."""

    clip: Clip
    width: int
    height: int
    rules: Rules
    fps: float
    start: float
    seconds: float | None
    frames: int | None
    notes: tuple[str, ...] = ()


def _plan(clip: Clip, prep: Pictures, how: Solving, filming: Filming) -> _Plan:
    from lightsart._jobs import nullity_under
    from lightsart._pictures.image import board_size
    from lightsart._rules import Rules, parse_pattern

    fps = filming.fps if filming.fps is not None else _clip_fps(clip)
    notes = () if filming.fps is not None else _rate_notes(clip, fps)
    seconds: float | None = None
    if clip.duration is not None and filming.start >= clip.duration:
        raise InvalidValue(f"--start {filming.start:g} is at or past the end of {clip.path} "
                             f"({clip.duration:.2f} s)")
    if filming.end is not None:
        seconds = filming.end - filming.start
    if clip.duration is not None:
        rest = clip.duration - filming.start
        seconds = rest if seconds is None else min(seconds, rest)
    states = default_states(how.states, film=True)  # a film's own default: 2
    width, height = board_size(prep.size, clip.width / clip.height,
                               nullity_under(how.pattern, how.topology, states))
    rules = Rules(height, width, parse_pattern(how.pattern), how.topology, states)
    frames = None if seconds is None else max(1, round(seconds * fps))
    if clip.duration is not None and round(clip.duration * clip.rate) <= 1:
        raise InvalidValue(f"{clip.path} holds a single frame: a still picture, not a film "
                             "(lightsart still makes a board of it)")
    # A clip of unknown length is bounded again as it plays; its frame's cells now.
    limits.check_film(frames or 1, seconds or 0.0, width * height)
    return _Plan(clip, width, height, rules, fps, filming.start, seconds, frames, notes)


def _clip_fps(clip: Clip) -> float:
    """The film's rate without ``--fps``: the clip's (its fastest stretch's, where the rate
    varies, so every frame shows at its time), at most :data:`DEFAULT_FPS_MAX`."""
    if clip.rate < limits.FPS_MIN:
        raise InvalidValue(f"{clip.path} has {clip.rate:g} frames per second, below the "
                             f"{limits.FPS_MIN:g} a film needs at least (--fps "
                             f"{limits.FPS_MIN:g} films it at {limits.FPS_MIN:g}, each frame "
                             "held until the next)")
    return min(clip.rate, DEFAULT_FPS_MAX)


def _rate_notes(clip: Clip, fps: float) -> tuple[str, ...]:
    """What the film's rate is when it is not simply the clip's."""
    if clip.rate != clip.fps:
        return (f"the clip's frame rate varies ({clip.fps:g} frames per second on average, "
                f"{clip.rate:g} at its fastest); the film has {fps:g}, each frame held until "
                "the next (--fps to choose)",)
    if clip.fps > DEFAULT_FPS_MAX:
        return (f"the clip has {clip.fps:g} frames per second; the film has {fps:g} "
                "(--fps to choose)",)
    return ()


def _mode(plan: _Plan, prep: Pictures, how: Solving, filming: Filming
          ) -> BoardsMode | PlayMode:
    from lightsart._engines import Budget, engine
    from lightsart._jobs import check_board, check_engine, game_rules
    from lightsart._video.steps import BoardsMode, PlayMode

    check_engine(how.engine, how.solver)
    # The exact engine prices every frame's syndrome: its columns are bounded before filming.
    check_board(plan.width, plan.height, how.pattern, how.topology, plan.rules.states, None,
                 columns=how.engine == "exact")
    budget = Budget(FRAME_BUDGET if how.time_limit is None else how.time_limit,
                    solver=how.solver)
    boards = BoardsMode(plan.rules, engine(how.engine), budget, prep.errors, prep.linear,
                        game_rules(plan.width, plan.height, how.pattern, how.topology,
                                   plan.rules.states),
                        filming.dither)
    if filming.mode == "boards":
        return boards
    clicks = filming.clicks_per_frame or default_clicks(plan.width, plan.height)
    return PlayMode(boards, clicks)


@public
def make_film(
    clip: str,
    output: str | None = None,
    *,
    pictures: Pictures | None = None,
    solving: Solving | None = None,
    look: Look | None = None,
    filming: Filming | None = None,
    frames_dir: str | None = None,
    **unknown: object,
) -> FilmResult:
    """Film ``clip`` on a Lights Out board; write ``output`` (``.mp4``, ``.gif`` or ``.html``)
    and/or every frame as PNG into ``frames_dir`` when named.

    With no output the frames are kept instead, as boards in the result (``boards``): a
    notebook's film. With one, the frames stream to the writers and memory stays flat.

    Parameters
    ----------
    clip
        The clip's path: anything ffmpeg reads with a video stream (MP4, WebM, MOV, MKV,
        animated GIF).
    output, frames_dir
        The outputs (``None``: not written). All are written, or none.
    pictures, solving, look
        As for :func:`lightsart.make_animation` (the dither is the film's own:
        :mod:`lightsart._video.steady`).
    filming
        Mode, frame rate, stretch, clicks per frame, sound (:class:`Filming`).

    **unknown
        Refused in one line naming the settings object that holds the field.

    Returns
    -------
    FilmResult
        The board, the frames and the presses between consecutive frames (and each frame's
        board when nothing was written).
    """
    import numpy as np

    from lightsart._jobs import source
    from lightsart._output import preflight, staging
    from lightsart._pictures.tone import Tone
    from lightsart._settings import refuse_keywords, settled
    from lightsart._video.clip import probe
    from lightsart._video.steady import SteadyTone

    begun = time.perf_counter()
    refuse_keywords("make_film", unknown, (Filming, "filming"))
    if isinstance(source(clip, "clip"), np.ndarray):
        raise InvalidType("a clip is a file's path (a video ffmpeg reads), not an array")
    clip = os.fspath(clip)
    prep, how = settled(pictures, Pictures, "pictures"), settled(solving, Solving, "solving")
    drawn, filming = settled(look, Look, "look"), settled(filming, Filming, "filming")
    how = _with_palette(prep, how)
    out = output
    if drawn.cell_mm is not None:
        raise InvalidValue("cell_mm sizes still's .svg and .pdf outputs; a film is drawn in "
                             "pixels (cell)")
    planned = preflight.plan_animation([clip], out, frames_dir, size=prep.size, cell=drawn.cell,
                                       seed=0, fps=filming.fps or DEFAULT_FPS_MAX, duration=1.0,
                                       hold=0.0)
    plan = _plan(probe(clip), prep, how, filming)
    mode = _mode(plan, prep, how, filming)
    if out is not None and out.lower().endswith(".html") and plan.frames is not None:
        from lightsart._video.output import check_page  # a clip of unknown length: as it plays

        check_page(plan.frames, plan.fps, plan.width, plan.height, plan.rules.states)
    style = _style(plan, drawn, out, prep.palette)
    if planned.renders:
        limits.check_picture(plan.width, plan.height, style.cell)
    tone = SteadyTone(prep.tone or Tone(), plan.fps)
    frames = _boards(plan, mode, tone, prep)
    kept: list[Board] = []
    if out is None and frames_dir is None:  # nothing written: the frames are the result
        frames = _keeping(frames, kept)
    from lightsart._video.output import write_film

    with _one_maths_thread(), staging.writing(planned.outputs):
        shot = write_film(frames, out, frames_dir, plan.fps, style, plan.rules, plan.frames,
                          _sound(plan, filming, out))
    nullity = _nullity(plan.rules)
    return FilmResult(clip, plan.width, plan.height, nullity, plan.rules, filming.mode,
                      plan.fps, plan.start, shot.frames, tuple(shot.clicks),
                      None if filming.mode == "boards" else getattr(mode, "max_clicks", None),
                      shot.sound, tuple(shot.outputs), tuple(shot.written),
                      time.perf_counter() - begun, plan.notes, tuple(kept),
                      prep.palette if isinstance(prep.palette, Palette) else None)


def _keeping(frames: Iterator[tuple[Frame, Any]], kept: list[Board]
             ) -> Iterator[tuple[Frame, Any]]:
    """``frames``, each frame's board also kept in ``kept`` (a film nothing is written of)."""
    for frame, step in frames:
        kept.append(frame.board)
        yield frame, step


@contextlib.contextmanager
def _one_maths_thread() -> Iterator[None]:
    """numpy's BLAS held to one thread while filming: a film's products are small (a board's
    rows), where BLAS threads on a busy machine made films 3x slower (DESIGN.md, Video)."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1, user_api="blas"):
        yield


#: The largest frame a film's MP4 is drawn at without ``--cell``: full HD, either way up.
HD = (1920, 1080)


def film_cell(width: int, height: int, clip_width: int, clip_height: int) -> int:
    """Pixels per cell of a film's MP4 without ``--cell``: the largest whole cell at which the
    ``width`` x ``height`` board fits in the clip's own frame, shrunk to fit in full HD
    (:data:`HD`, or upright for an upright clip), so the film stays sharp played full screen
    (the default 200x112 board: 9 pixels, 1800x1008, from a 1080p clip; 6, 1200x672, from a
    720p one); never smaller than ``animate``'s default (480 pixels on the long side)."""
    from lightsart._jobs import default_cell

    long, short = max(HD), min(HD)
    box_w, box_h = (long, short) if clip_width >= clip_height else (short, long)
    scale = min(1.0, box_w / clip_width, box_h / clip_height)
    cell = min(math.floor(clip_width * scale + 1e-9) // width,
               math.floor(clip_height * scale + 1e-9) // height)
    return max(cell, default_cell(width, height))


def _with_palette(prep: Pictures, how: Solving) -> Solving:
    """``how`` with the palette's number of states. A film decides its boards on grey levels
    and draws state ``s`` in the palette's colour ``s`` (a lightness-ordered palette tints the
    film); ``auto:K`` would need every frame before the first: refused in one line."""
    import dataclasses

    from lightsart._pictures.palettes import agreed_states

    if isinstance(prep.palette, str):
        raise InvalidValue(f"--palette {prep.palette} chooses colours from every picture, and a "
                           "film's frames come one at a time: name a palette (handheld, sepia:4, "
                           "#rrggbb,...)")
    return dataclasses.replace(how, states=agreed_states(prep.palette, how.states, film=True))


def _style(plan: _Plan, drawn: Look, out: str | None, palette: Any = None) -> Any:
    """The drawing style: ``--cell``, else :func:`film_cell` for an MP4 and ``animate``'s
    default for the other outputs (a GIF's frames are full images, a page draws its own)."""
    from lightsart._jobs import default_cell, drawing_style

    cell = drawn.cell
    if cell is None and out is not None and out.lower().endswith(".mp4"):
        cell = film_cell(plan.width, plan.height, plan.clip.width, plan.clip.height)
    return drawing_style(cell or default_cell(plan.width, plan.height), drawn.style,
                         drawn.colours, palette)


def _sound(plan: _Plan, filming: Filming, out: str | None) -> Any:
    """The clip's sound for an MP4 or an ``.html`` page, trimmed to the film's stretch (else
    ``None``)."""
    from lightsart._output.mp4 import Sound

    if not (filming.sound and plan.clip.audio and out is not None
            and out.lower().endswith((".mp4", ".html"))):
        return None
    seconds = plan.seconds if plan.seconds is not None else limits.ANIMATION_MAX_SECONDS
    return Sound(plan.clip.source, plan.start, seconds)


def _nullity(rules: Rules) -> int:
    from lightsart._core.algebra import algebra

    return int(algebra(rules).nullity)


def _boards(plan: _Plan, mode: BoardsMode | PlayMode, tone: Any, prep: Pictures
            ) -> Iterator[tuple[Frame, Any]]:
    """Each frame's board (as a :class:`~lightsart.Frame` of ``1/fps`` seconds) and its
    step, decoded and fitted one at a time (:func:`film_steps`)."""
    from lightsart._pictures.image import fit_to_board
    from lightsart._video.clip import decode_size, read_frames

    size = decode_size(plan.clip, (plan.width, plan.height))
    cells = plan.width * plan.height
    count = 0

    def fitted() -> Iterator[Gray]:
        nonlocal count
        for gray in read_frames(plan.clip, size, plan.fps, plan.start, plan.seconds):
            count += 1
            if plan.frames is None:  # a clip of unknown length: bounded as it plays
                limits.check_film(count, count / plan.fps, cells)
            yield fit_to_board(gray, plan.width, plan.height, prep.fit)

    for step in film_steps(fitted(), mode, tone):
        yield Frame(step.board, 1.0 / plan.fps), step
    if count == 0:  # pragma: no cover - read_frames refuses a clip without frames
        raise LightsartError(f"{plan.clip.path} has no frames")


def film_steps(frames: Iterable[Gray], mode: BoardsMode | PlayMode, tone: Any) -> Iterator[Step]:
    """Each fitted frame's step: the motion from the previous frame (the first frame is a cut)
    moves the texture, and a cut restarts tone and board (:mod:`lightsart._video.motion`)."""
    from lightsart._video.motion import Motion, estimate

    previous: Gray | None = None
    for frame in frames:
        motion = Motion(cut=True) if previous is None else estimate(previous, frame)
        previous = frame
        yield mode.step(tone(frame, motion.cut), motion)
