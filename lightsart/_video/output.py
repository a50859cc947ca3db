"""A film's outputs, from one pass over its frames: the file ``-o`` names and ``--frames DIR``.

The frames come one at a time from the film (:func:`lightsart.make_film`); the
writer of ``-o`` pulls them (an MP4 through ffmpeg, a GIF image by image), and the same pass
writes each frame's PNG into the staged ``--frames`` folder and streams each step's presses to
an unnamed file for the page, so nothing is decoded or fitted twice and memory stays flat in the
film's length. An ``.html`` page
replays the clicks of the whole film (one transition, a batch per frame, a still frame's batch
empty) at the film's frame rate and lets the viewer click along, as ``animate``'s page does; it
shows the frame and the time, and plays the clip's sound (trimmed to the film, embedded as MP3,
so the page works offline), its clock the sound's.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from lightsart._types import Board, Frame

if TYPE_CHECKING:
    from lightsart._output.mp4 import Sound
    from lightsart._output.render import RenderStyle
    from lightsart._output.writers import Written
    from lightsart._rules import Rules

__all__ = ["FILM_PRESET", "PACK_DIGITS", "PAGE_MAX_CLICK_BYTES", "Shot", "check_page", "pack_clicks",
           "press_list", "write_film"]

#: x264's settings for a film's MP4 (:data:`lightsart._output.mp4.ENCODINGS`): its frames are
#: HD (:func:`lightsart._video.film.film_cell`), where ``medium`` took as long as filming itself
#: (13.7 CPU s for a 20 s 1900x1064 film, ``veryfast`` 7.8 s, 20 % more bytes; the flat cells
#: look the same), and ``veryfast``'s motion search and look-ahead still a third of a film.
FILM_PRESET = "film"


@dataclass
class Shot:
    """What one pass wrote: frames, each step's presses, the outputs and what each holds."""

    frames: int = 0
    clicks: list[int] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    written: list[Written] = field(default_factory=list)
    sound: bool = False


class _Page:
    """The clicks an ``.html`` page replays, streamed to unnamed files as they come (memory stays
    flat in the film's length): the first board, every press as a cell index, where frames end."""

    def __init__(self, stack: contextlib.ExitStack, fps: float, rules: Rules) -> None:
        self.first: Board | None = None
        self.fps, self.rules, self.frames = fps, rules, 0
        # Unnamed files (nothing left behind), closed by the film's stack.
        self.clicks = stack.enter_context(tempfile.TemporaryFile("w+"))  # noqa: SIM115
        self.ends = stack.enter_context(tempfile.TemporaryFile("w+"))  # noqa: SIM115
        self.total = 0
        self.last = 0  # the cell of the last press written (each is written from the one before)

    def add(self, board: Board, step: Any) -> None:
        self.frames += 1
        if self.frames * _frame_bytes(board.size, self.rules.states) > PAGE_MAX_CLICK_BYTES:
            check_page(self.frames, self.fps, board.shape[1], board.shape[0], self.rules.states)
        if self.first is None:
            self.first = board.copy()
            return
        if step.clicks:
            pairs = press_list(step.presses)
            cells = pairs[:, 0] * board.shape[1] + pairs[:, 1]
            self.clicks.write(pack_clicks(cells, self.last, board.size))
            self.last = int(cells[-1])
            self.total += step.clicks
        self.ends.write(f",{self.total}")  # every frame, a still one's end the one before


def _pass(frames: Iterable[tuple[Frame, Any]], shot: Shot, folder: Path | None, style: RenderStyle,
          states: int, page: _Page | None) -> Iterator[Frame]:
    from lightsart._output.render import write_png

    for frame, step in frames:
        if step.presses is not None:
            shot.clicks.append(step.clicks)
        if folder is not None:
            write_png(frame.board, folder / f"frame_{shot.frames:05d}.png", style, states)
        if page is not None:
            page.add(frame.board, step)
        shot.frames += 1
        yield frame


def write_film(frames: Iterable[tuple[Frame, Any]], out: str | None, frames_dir: str | None,
               fps: float, style: RenderStyle, rules: Rules, total: int | None,
               sound: Sound | None) -> Shot:
    """Write ``out`` and/or ``frames_dir`` from one pass over ``frames`` (with their steps)."""
    from lightsart._output import writers
    from lightsart._output.staging import staged_folder

    shot = Shot()
    states = rules.states
    with contextlib.ExitStack() as stack:
        page = _Page(stack, fps, rules) if out is not None and out.lower().endswith(".html") else None
        folder = None if frames_dir is None else stack.enter_context(staged_folder(frames_dir))
        stream = _pass(frames, shot, folder, style, states, page)
        if out is None or page is not None:
            from lightsart._output.progress import Progress

            # No writer draws a bar here: the pass itself counts the frames on a terminal.
            with Progress(total, f"filming {Path(out or frames_dir or '').name}") as bar:
                for _ in stream:
                    bar.advance()
        elif out.lower().endswith(".mp4"):
            shot.written.append(writers.write_mp4(stream, out, style, fps=fps,
                                                  progress_total=total, states=states,
                                                  sound=sound, preset=FILM_PRESET))
            shot.sound = sound is not None
        else:
            shot.written.append(writers.write_gif(stream, out, style, progress_total=total,
                                                  states=states))
        if page is not None and out is not None:
            _write_page(page, out, fps, style, rules, sound)
            shot.sound = sound is not None
        if out is not None:
            shot.outputs.append(out)
        if frames_dir is not None:
            shot.written.append(writers.Written(frames_dir, shot.frames, shot.frames,
                                                shot.frames / fps, _folder_bytes(folder)))
            shot.outputs.append(frames_dir)
    return shot


def _folder_bytes(folder: Path | None) -> int:
    return 0 if folder is None else sum(p.stat().st_size for p in folder.iterdir())


def _write_page(page: _Page, out: str, fps: float, style: RenderStyle, rules: Rules,
                sound: Sound | None) -> None:
    """The page, its clicks and frame ends copied in from the streamed files (the page of at
    most one stand-in click is made, then the stand-in's JSON values are replaced)."""
    from lightsart._output.staging import atomic_path
    from lightsart._pages.artwork import FilmTrack, artwork_page_html

    assert page.first is not None
    stand_in = np.zeros((page.total and 1, 2), np.int64)
    frames = [0, 1] if page.total else [0, 0]
    html = artwork_page_html([(page.first, stand_in)], cell=None, fps=fps, clicks_per_frame=1,
                             hold=0.0, style=style.kind, colours=style.colours(),
                             palette=style.palette,
                             pattern=rules.pattern.text, topology=rules.topology,
                             states=rules.states, frames=[frames],
                             film=FilmTrack(fps, None if sound is None else page_sound(sound)),
                             title="lightsart: Lights Out film")
    head, tail = _split_once(html, f'"frames":[[0,{frames[1]}]]')
    parts: list[str | IO[str]] = [head, '"frames":[[0', page.ends, "]]", tail]
    if page.total:
        head, middle = _split_once(head, '"clicks":[0]')
        parts = [head, '"clicks":"', page.clicks, '"', middle, *parts[1:]]
    with atomic_path(out) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        for part in parts:
            if isinstance(part, str):
                fh.write(part)
            else:
                part.seek(0)
                shutil.copyfileobj(part, fh)


#: The page's sound: MP3 (every browser plays it), mono at this many kilobits a second.
PAGE_SOUND_KBPS = 64


def page_sound(sound: Sound) -> str:
    """The film's sound as a ``data:`` URI of MP3 (the page stays one offline file): at
    :data:`PAGE_SOUND_KBPS`, 0.5 MB a minute."""
    import base64
    import subprocess

    from lightsart._errors import LightsartError
    from lightsart._output.mp4 import ffmpeg_message
    from lightsart._video.clip import ffmpeg_exe

    cmd = [ffmpeg_exe(), "-hide_banner", "-nostdin", "-v", "error", "-ss", f"{sound.start:.6f}",
           "-t", f"{sound.seconds:.6f}", "-i", sound.path, "-map", "0:a:0", "-ac", "1",
           "-c:a", "libmp3lame", "-b:a", f"{PAGE_SOUND_KBPS}k", "-f", "mp3", "pipe:1"]
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, check=False)
    if done.returncode != 0:
        log = done.stderr.decode("utf-8", "replace")
        raise LightsartError(f"cannot read the sound of {sound.path}: {ffmpeg_message(log)}")
    return "data:audio/mpeg;base64," + base64.b64encode(done.stdout).decode("ascii")


#: The digits of a film page's packed clicks (URL-safe base 64: nothing to escape in JSON).
PACK_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


#: The most characters of packed clicks a film's page may hold (a browser parses the page
#: whole and replays every press); bounded before filming by :func:`check_page`.
PAGE_MAX_CLICK_BYTES = 1 << 26


def _frame_bytes(cells: int, states: int) -> int:
    """The most characters :func:`pack_clicks` writes for one frame: at most
    ``cells * (states - 1)`` presses, each one character plus one for every further base-32
    digit of its step, and a frame's steps add up to under two boards (the digits beyond the
    first of a step ``s >= 32`` are at most ``s / 32``)."""
    return cells * (states - 1) + -(-2 * cells // 32)


def check_page(frames: int, fps: float, width: int, height: int, states: int) -> None:
    """One line (:class:`~lightsart.TooLarge`) unless a page of ``frames`` frames of a
    ``width`` x ``height`` board stays within :data:`PAGE_MAX_CLICK_BYTES` whatever its
    presses (the first frame has none)."""
    from lightsart._errors import TooLarge

    per_frame = _frame_bytes(width * height, states)
    if (frames - 1) * per_frame <= PAGE_MAX_CLICK_BYTES:
        return
    most = 1 + PAGE_MAX_CLICK_BYTES // per_frame
    raise TooLarge(f"an .html film of {frames} frames on a {width}x{height} board could hold "
                   f"{(frames - 1) * per_frame / 1e6:.0f} MB of clicks, over the page's "
                   f"{PAGE_MAX_CLICK_BYTES / 1e6:.0f} MB: film at most {most / fps:.0f} s of it "
                   "(--start/--end), on a smaller --size or at a lower --fps, or write an .mp4")


def pack_clicks(cells: np.ndarray, last: int, size: int) -> str:
    """A film's presses (flat cells, ascending within each frame) as a page holds them: each
    the step from the press before (``last`` for the first) modulo the board's ``size`` cells,
    written in base 32, low digits first, a digit plus 32 when more follow, one character of
    :data:`PACK_DIGITS` per digit. A frame's presses are a few cells apart: about one character
    a press, where decimal cell numbers and commas took six (4.5 MB for 7 s of boards mode on a
    200x112 board).

    >>> pack_clicks(np.array([3, 3, 40, 1]), 0, 100)  # steps 3, 0, 37 (5 and 1), 61 (29 and 1)
    'DAlB9B'
    """
    steps: NDArray[np.int64] = np.mod(np.diff(np.asarray(cells, np.int64), prepend=last), size)
    digits = np.ones(steps.size, np.int64)
    while (steps >> (5 * digits)).any():
        digits += (steps >> (5 * digits)) > 0
    place = np.arange(int(digits.max(initial=1)))
    value = (steps[:, None] >> (5 * place[None, :])) & 31
    value |= np.where(place[None, :] < digits[:, None] - 1, 32, 0)
    table = np.frombuffer(PACK_DIGITS.encode("ascii"), np.uint8)
    return table[value[place[None, :] < digits[:, None]]].tobytes().decode("ascii")


def _split_once(text: str, marker: str) -> tuple[str, str]:
    if text.count(marker) != 1:  # pragma: no cover - the page's data changed its layout
        raise AssertionError(f"the page holds {marker} {text.count(marker)} times")
    head, tail = text.split(marker)
    return head, tail


def press_list(presses: np.ndarray) -> np.ndarray:
    """A step's presses as ``(row, col)`` pairs in raster order, a cell pressed ``j`` times
    listed ``j`` times (what the page replays)."""
    cells = np.argwhere(presses > 0)
    return np.repeat(cells, presses[presses > 0].astype(np.int64), axis=0)
