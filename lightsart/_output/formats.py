"""Animation formats by extension: one entry per format, and the one place that picks a writer.

An entry says what its files are (``repeats_holds``: the file holds a frame per ``1/fps``, so a
hold becomes repeated frames; ``renders_frames``: the file is made of rendered pictures, so the
picture-size limits apply) and how to write one from the animation's segments and frame plan.
Adding a format is one function here and one ``register`` line for :data:`FORMATS`. The writers themselves
(and numpy) are imported only when a file is written, so the CLI and the output checks can read
this table at start-up.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lightsart._errors import LightsartError
from lightsart._registry import Registry

if TYPE_CHECKING:
    from lightsart._animation.animate import Plan
    from lightsart._output.render import Style
    from lightsart._output.writers import Written
    from lightsart._rules import Rules
    from lightsart._types import Board, Frame

__all__ = ["FORMATS", "Animation", "Format", "format_for", "write_animation",
           "write_animation_file", "write_frames_file"]


@dataclass(frozen=True)
class Animation:
    """What every writer needs: each transition's first board and click order, the frame plan
    (timing), the look, and the cell size asked for (``None``: the writer's choice)."""

    segments: Sequence[tuple[Board, Any]]
    plan: Plan
    look: Style
    fps: float
    cell: int | None = None
    #: The rules the clicks act under (``None``: the classic game).
    rules: Rules | None = None


#: Streams frames into a file: ``(frames, path, style, fps, progress_total, levels) -> Written``
#: (``levels``: states per cell, 2 unless the boards hold grey levels).
FrameWriter = Callable[[Iterable["Frame"], "str | os.PathLike[str]", "Style", float, "int | None",
                        int], "Written"]


@dataclass(frozen=True)
class Format:
    """One output format: frames streamed into a file (GIF, MP4), or a page built from the
    segments themselves (HTML, which replays the clicks)."""

    extension: str
    about: str
    write_frames: FrameWriter | None = None
    write_page: Callable[[Animation, str | os.PathLike[str]], None] | None = None
    repeats_holds: bool = False

    @property
    def renders_frames(self) -> bool:
        return self.write_frames is not None


def _gif(frames: Iterable[Frame], path: str | os.PathLike[str], style: Style, fps: float,
         progress_total: int | None, levels: int = 2) -> Written:
    from lightsart._output.writers import write_gif

    # exact durations: no fps
    return write_gif(frames, path, style, progress_total=progress_total, levels=levels)


def _mp4(frames: Iterable[Frame], path: str | os.PathLike[str], style: Style, fps: float,
         progress_total: int | None, levels: int = 2) -> Written:
    from lightsart._output.writers import write_mp4

    return write_mp4(frames, path, style, fps=fps, progress_total=progress_total, levels=levels)


def _html(anim: Animation, path: str | os.PathLike[str]) -> None:
    from lightsart._pages.artwork import write_artwork_page

    p = anim.plan
    rules = anim.rules
    # Pictures that are one board have no clicks (a largest batch of 0): the page plays batches of 1.
    write_artwork_page(path, anim.segments, cell=anim.cell, fps=anim.fps,
                       clicks_per_frame=max(1, p.clicks_per_frame), hold=p.hold, loop=p.loop,
                       style=anim.look.kind, colours=anim.look.colours(),
                       pattern="plus" if rules is None else rules.pattern.text,
                       topology="plane" if rules is None else rules.topology,
                       states=2 if rules is None else rules.states,
                       frames=None if all(t.ease == "linear" for t in p.transitions)
                       else [t.bounds().tolist() for t in p.transitions])


#: Every animation format, by extension: a new format is its writer and one ``register`` line.
FORMATS: Registry[Format] = Registry("format")
for _format in (
    Format(".gif", "GIF, loops forever, exact frame durations", write_frames=_gif),
    Format(".mp4", "H.264 video at --fps (holds become repeated frames)", write_frames=_mp4,
           repeats_holds=True),
    Format(".html", "an interactive page (play, pause, step, scrub, click)", write_page=_html),
):
    FORMATS.register(_format.extension, _format, about=_format.about)


def format_for(path: str | os.PathLike[str]) -> Format:
    """The format of ``path`` by its extension, or one line naming the ones there are."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise LightsartError(f"cannot write {path}: {FORMATS.unknown(suffix or '(no extension)')}")
    return FORMATS.get(suffix)


def write_frames_file(frames: Iterable[Frame], path: str | os.PathLike[str], style: Style,
                      fps: float = 25.0, progress_total: int | None = None,
                      levels: int = 2) -> Written:
    """Stream ``frames`` into ``path`` (``.gif`` or ``.mp4``, by extension); ``levels`` states
    per cell."""
    kind = format_for(path)
    if kind.write_frames is None:
        streams = ", ".join(e for e, f in FORMATS.items() if f.renders_frames)
        raise LightsartError(f"cannot write {path}: frames stream into {streams} only")
    return kind.write_frames(frames, path, style, fps, progress_total, levels)


def write_animation(anim: Animation, path: str | os.PathLike[str]) -> int | None:
    """Write ``anim`` to ``path`` in the format its extension names; for formats that repeat
    holds, return how many video frames the file holds."""
    kind = format_for(path)
    written = write_animation_file(anim, path)
    return written.images if written is not None and kind.repeats_holds else None


def write_animation_file(anim: Animation, path: str | os.PathLike[str]) -> Written | None:
    """Write ``anim`` to ``path`` in the format its extension names: what the file holds
    (frames after merging holds, seconds, bytes), or ``None`` for a page."""
    kind = format_for(path)
    if kind.write_page is not None:
        kind.write_page(anim, path)
        return None
    from lightsart._animation.animate import chain_frames

    levels = 2 if anim.rules is None else anim.rules.states
    # A video stops on its last frame: a looped chain ends on its first picture, held (a GIF
    # restarts there by itself).
    closes = kind.repeats_holds and anim.plan.loop
    frames = chain_frames(anim.segments, anim.plan, anim.rules, end_on_first=closes)
    return write_frames_file(frames, path, anim.look, anim.fps, anim.plan.frames + closes,
                             levels)
