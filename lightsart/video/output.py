"""A film's outputs, from one pass over its frames: the file ``-o`` names and ``--frames DIR``.

The frames come one at a time from the film (:func:`lightsart.video.film.make_film`); the
writer of ``-o`` pulls them (an MP4 through ffmpeg, a GIF image by image), and the same pass
writes each frame's PNG into the staged ``--frames`` folder and notes each step's presses, so
nothing is decoded or fitted twice and nothing is kept but the page's clicks. An ``.html`` page
replays the clicks of the whole film (one transition, a batch per frame) and lets the viewer
click along, as ``animate``'s page does; a frame without clicks has no batch of its own there,
so a page skips the film's still stretches.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from lightsart.types import Board, Frame

if TYPE_CHECKING:
    from lightsart.output.mp4 import Sound
    from lightsart.output.render import Style
    from lightsart.output.writers import Written
    from lightsart.rules import Rules

__all__ = ["Shot", "press_list", "write_film"]


@dataclass
class Shot:
    """What one pass wrote: frames, each step's presses, the outputs and what each holds."""

    frames: int = 0
    clicks: list[int] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    written: list[Written] = field(default_factory=list)
    sound: bool = False


@dataclass
class _Page:
    """The clicks an ``.html`` page replays: the first board, every press, where frames end."""

    first: Board | None = None
    presses: list[np.ndarray] = field(default_factory=list)
    ends: list[int] = field(default_factory=lambda: [0])


def _pass(frames: Iterable[tuple[Frame, Any]], shot: Shot, folder: Path | None, style: Style,
          levels: int, page: _Page | None) -> Iterator[Frame]:
    from lightsart.output.render import write_png

    for frame, step in frames:
        if step.presses is not None:
            shot.clicks.append(step.clicks)
        if folder is not None:
            write_png(frame.board, folder / f"frame_{shot.frames:05d}.png", style, levels)
        if page is not None:
            if page.first is None:
                page.first = frame.board.copy()
            elif step.clicks:
                page.presses.append(press_list(step.presses))
                page.ends.append(page.ends[-1] + step.clicks)
        shot.frames += 1
        yield frame


def write_film(frames: Iterable[tuple[Frame, Any]], out: str | None, frames_dir: str | None,
               fps: float, style: Style, rules: Rules, total: int | None,
               sound: Sound | None) -> Shot:
    """Write ``out`` and/or ``frames_dir`` from one pass over ``frames`` (with their steps)."""
    from lightsart.output import writers
    from lightsart.output.staging import staged_folder

    shot = Shot()
    levels = rules.states
    page = _Page() if out is not None and out.lower().endswith(".html") else None
    with contextlib.ExitStack() as stack:
        folder = None if frames_dir is None else stack.enter_context(staged_folder(frames_dir))
        stream = _pass(frames, shot, folder, style, levels, page)
        if out is None or page is not None:
            from lightsart.output.progress import Progress

            # No writer draws a bar here: the pass itself counts the frames on a terminal.
            with Progress(total, f"filming {Path(out or frames_dir or '').name}") as bar:
                for _ in stream:
                    bar.advance()
        elif out.lower().endswith(".mp4"):
            shot.written.append(writers.write_mp4(stream, out, style, fps=fps,
                                                  progress_total=total, levels=levels,
                                                  sound=sound))
            shot.sound = sound is not None
        else:
            shot.written.append(writers.write_gif(stream, out, style, progress_total=total,
                                                  levels=levels))
        if page is not None and out is not None:
            _write_page(page, out, fps, style, rules)
        if out is not None:
            shot.outputs.append(out)
        if frames_dir is not None:
            shot.written.append(writers.Written(frames_dir, shot.frames, shot.frames,
                                                shot.frames / fps, _folder_bytes(folder)))
            shot.outputs.append(frames_dir)
    return shot


def _folder_bytes(folder: Path | None) -> int:
    return 0 if folder is None else sum(p.stat().st_size for p in folder.iterdir())


def _write_page(page: _Page, out: str, fps: float, style: Style, rules: Rules) -> None:
    from lightsart.pages.artwork import write_artwork_page

    assert page.first is not None
    presses = (np.concatenate(page.presses) if page.presses else np.zeros((0, 2), np.int64))
    write_artwork_page(out, [(page.first, presses)], cell=None, fps=fps, clicks_per_frame=1,
                       hold=1.0, style=style.kind, colours=style.colours(),
                       pattern=rules.pattern.text, topology=rules.topology, states=rules.states,
                       frames=[page.ends] if len(page.ends) > 1 else None)


def press_list(presses: np.ndarray) -> np.ndarray:
    """A step's presses as ``(row, col)`` pairs in raster order, a cell pressed ``j`` times
    listed ``j`` times (what the page replays)."""
    cells = np.argwhere(presses > 0)
    return np.repeat(cells, presses[presses > 0].astype(np.int64), axis=0)
