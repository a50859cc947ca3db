"""Animation formats by extension: one entry per format, and the one place that picks a writer.

An entry says what its files are (``repeats_holds``: the file holds a frame per ``1/fps``, so a
hold becomes repeated frames; ``renders_frames``: the file is made of rendered pictures, so the
picture-size limits apply) and, for a file of frames, the writer that streams frames into it.
Writers receive frames (:class:`lightsart.Frame`: a board and its seconds) and the look they are
drawn in; they know nothing of clicks or of the animation stage. A page (``.html``) is no stream
of frames: it replays the clicks, so it is written from the animation itself
(:mod:`lightsart._animation.files`, above this stage). Adding a format of frames is one function
here and one ``register`` line for :data:`FORMATS`. The writers themselves (and numpy) are
imported only when a file is written, so the CLI and the output checks can read this table at
start-up.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lightsart._errors import InvalidValue
from lightsart._registry import Registry

if TYPE_CHECKING:
    from lightsart._output.render import RenderStyle
    from lightsart._output.writers import Written
    from lightsart._types import Frame

__all__ = ["FORMATS", "Format", "format_for", "write_frames_file"]


#: Streams frames into a file: ``(frames, path, style, fps, progress_total, states) -> Written``
#: (``states``: states per cell, 2 unless the boards hold grey levels).
FrameWriter = Callable[[Iterable["Frame"], "str | os.PathLike[str]", "RenderStyle", float, "int | None",
                        int], "Written"]


@dataclass(frozen=True)
class Format:
    """One output format: frames streamed into a file (GIF, MP4: ``write_frames``), or a page
    that replays the clicks themselves (HTML: no ``write_frames``)."""

    extension: str
    about: str
    write_frames: FrameWriter | None = None
    repeats_holds: bool = False

    @property
    def renders_frames(self) -> bool:
        return self.write_frames is not None


def _gif(frames: Iterable[Frame], path: str | os.PathLike[str], style: RenderStyle, fps: float,
         progress_total: int | None, states: int = 2) -> Written:
    from lightsart._output.writers import write_gif

    # exact durations: no fps
    return write_gif(frames, path, style, progress_total=progress_total, states=states)


def _mp4(frames: Iterable[Frame], path: str | os.PathLike[str], style: RenderStyle, fps: float,
         progress_total: int | None, states: int = 2) -> Written:
    from lightsart._output.writers import write_mp4

    return write_mp4(frames, path, style, fps=fps, progress_total=progress_total, states=states)


#: Every animation format, by extension: a new format is its writer and one ``register`` line.
FORMATS: Registry[Format] = Registry("format")
for _format in (
    Format(".gif", "GIF, loops forever, exact frame durations", write_frames=_gif),
    Format(".mp4", "H.264 video at --fps (holds become repeated frames)", write_frames=_mp4,
           repeats_holds=True),
    Format(".html", "an interactive page (play, pause, step, scrub, click)"),
):
    FORMATS.register(_format.extension, _format, about=_format.about)


def format_for(path: str | os.PathLike[str]) -> Format:
    """The format of ``path`` by its extension, or one line naming the ones there are."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise InvalidValue(f"cannot write {path}: {FORMATS.unknown(suffix or '(no extension)')}")
    return FORMATS.get(suffix)


def write_frames_file(frames: Iterable[Frame], path: str | os.PathLike[str], style: RenderStyle,
                      fps: float = 25.0, progress_total: int | None = None,
                      states: int = 2) -> Written:
    """Stream ``frames`` into ``path`` (``.gif`` or ``.mp4``, by extension); ``states`` states
    per cell."""
    kind = format_for(path)
    if kind.write_frames is None:
        streams = ", ".join(e for e, f in FORMATS.items() if f.renders_frames)
        raise InvalidValue(f"cannot write {path}: frames stream into {streams} only")
    return kind.write_frames(frames, path, style, fps, progress_total, states)
