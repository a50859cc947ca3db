"""What ``still`` and ``animate`` check before any work, and once the frames are planned.

The pipeline calls these in a few lines so it stays readable: options and output paths first
(:func:`plan_still`, :func:`plan_animation`), then, once the board and the frame plan are
known but before anything is rendered, the sizes and counts (:func:`check_planned`). Each
refusal is one :class:`lightsart.LightsartError` naming its limit (see
:mod:`lightsart._limits`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from lightsart import _limits as limits
from lightsart._boardsize import SizeLike, to_size
from lightsart._errors import InvalidValue
from lightsart._limits import check_picture
from lightsart._output.staging import OutputPlan, plan_outputs

__all__ = ["Planned", "check_pixels", "check_planned", "check_still", "plan_animation", "plan_still"]


class _FramePlan(Protocol):
    @property
    def frames(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def fps(self) -> float: ...


@dataclass(frozen=True)
class Planned:
    """Checked outputs, and what the later checks need: an MP4 (repeats frames), pictures."""

    outputs: OutputPlan
    video: bool
    renders: bool


def _early_picture(size: SizeLike | None, cell: int | None) -> None:
    """With ``--size WxH`` and ``--cell`` both given, the picture size is known at once."""
    board = to_size(size)
    if cell is not None and board is not None and board.rows is not None:
        check_picture(board.columns, board.rows, cell)
    elif cell is not None:
        limits.check_cell(cell)


def plan_still(path: str | None, outputs: Sequence[str], size: SizeLike | None,
               cell: int | None, cell_mm: float | None = None) -> OutputPlan:
    """``still``: outputs in a still format (:data:`~lightsart._output.stills.STILL_FORMATS`),
    none of them the picture or each other; ``cell_mm`` only with an SVG or PDF among them."""
    from lightsart._output.stills import STILL_FORMATS

    kinds = [STILL_FORMATS.get(Path(p).suffix.lower(), None) for p in outputs]
    # Pictures are sized at once where --size WxH gives the board; an unknown format is refused
    # by plan_outputs just below.
    _early_picture(size if any(k is None or k.raster for k in kinds) else None, cell)
    plan = plan_outputs([(p, tuple(STILL_FORMATS)) for p in outputs],
                        inputs=[] if path is None else [path])
    if cell_mm is not None:
        limits.check_cell_mm(cell_mm)
        if all(k is None or k.raster for k in kinds):
            vectors = ", ".join(e for e, k in STILL_FORMATS.items() if not k.raster)
            raise InvalidValue(f"--cell-mm sizes the {vectors} outputs and none is asked for "
                               "(a .png is --cell pixels per cell)")
    return plan


def check_still(outputs: Sequence[str], width: int, height: int, cell: int,
                cell_mm: float | None, compare: str | None) -> None:
    """Each still output's size, once the board is known and before any is drawn: pictures
    within the pixel limits, drawings within the vector ones (``compare``: three panels)."""
    from lightsart._output.stills import still_format

    for p in outputs:
        panels = 3 if p == compare else 1
        kind = still_format(p)
        if kind.raster:
            check_picture(width, height, cell, panels=panels)
            continue
        from lightsart._output.vector import points_per_cell  # drawings only: a PNG does without

        limits.check_vector(width, height, points_per_cell(cell, cell_mm) if kind.paged else 0.0,
                            panels=panels)


def plan_animation(paths: Sequence[str], out: str | None, frames_dir: str | None, *,
                   size: SizeLike | None, cell: int | None, seed: int, fps: float,
                   duration: float, hold: float, reads: Sequence[str] = ()) -> Planned:
    """``animate``: timing options, seed, outputs (none of them an input: a picture, or one of
    the other files the run ``reads``, such as ``--order mask:FILE``)."""
    limits.check_timing(fps=fps, duration=duration, hold=hold)
    limits.check_seed(seed)
    # Imported here, not at the top: a still does without the animation formats.
    from lightsart._output.formats import FORMATS, format_for

    kind = None if out is None or Path(out).suffix.lower() not in FORMATS else format_for(out)
    video = kind is not None and kind.repeats_holds
    renders = frames_dir is not None or (out is not None and (kind is None or kind.renders_frames))
    if renders:
        _early_picture(size, cell)
    files = [] if out is None else [(out, tuple(FORMATS))]
    folders = [] if frames_dir is None else [frames_dir]
    return Planned(plan_outputs(files, folders=folders, inputs=[*paths, *reads]), video,
                   renders)


def check_pixels(planned: Planned, width: int, height: int, cell: int) -> None:
    """The frames' picture size, once the board is known and before any picture is fitted."""
    if planned.renders:
        check_picture(width, height, cell)


def check_planned(planned: Planned, plan: _FramePlan, width: int, height: int,
                  cell: int) -> None:
    """Frames, playing time and picture size, once known and before any frame is made."""
    limits.check_frames(plan.frames, plan.seconds, plan.fps, video=planned.video)
    check_pixels(planned, width, height, cell)
