"""The studio's work: the pictures it holds, the boards it shows, the files it exports.

Everything runs through the public job layer: a board on the page is
``lightsart.make_still(..., output=None)`` (one picture) or ``make_animation(..., output=None)``
(two or more), an export is the same call with an output path in the studio's own folder. The
page's requests carry a generation number per session: a preview whose generation is no longer
the newest is dropped before it starts and after it ends (a newer request supersedes it).
Exports run in a child process each, so they can be cancelled (the process is ended) and their
memory goes back when they finish; at most :data:`EXPORTS_RUNNING` run at once and the newest
:data:`EXPORTS_KEPT` files are kept.
"""

from __future__ import annotations

import multiprocessing
import os
import secrets
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import lightsart
from lightsart._errors import InvalidValue, LightsartError, TooLarge
from lightsart._limits import PREVIEW_MAX_SIDE
from lightsart._studio.form import command_line, game_command, game_options, settings

__all__ = [
    "EXPORTS_KEPT",
    "EXPORTS_RUNNING",
    "FORMATS",
    "UPLOAD_MAX_BYTES",
    "Export",
    "StoredPicture",
    "Studio",
    "megabytes",
]

#: The largest upload, in bytes (pixels are bounded by the CLI's own limits when it is read).
UPLOAD_MAX_BYTES = 50 * 1024 * 1024
#: At most this many uploads held (a new one past it replaces the oldest).
PICTURES_MAX = 32
#: Exports running at once, and exported files kept (the oldest is removed past it).
EXPORTS_RUNNING = 2
EXPORTS_KEPT = 32
#: What a frame list sent to the page may hold (frames x cells): beyond it, every n-th frame.
FRAME_CELLS_MAX = 8_000_000
#: Export formats: still (one picture) or animation (two or more). ``game``: the game page
#: ``lightsart play --image`` writes, whose goal is the still's picture (a ``.html`` file).
FORMATS: dict[str, tuple[str, ...]] = {"still": ("png", "svg", "pdf", "game"),
                                       "animation": ("gif", "mp4", "html")}
#: The file an export writes, by format (name and suffix), where it is not ``board.FORMAT``
#: (a still) or ``morph.FORMAT`` (an animation).
FILE_NAMES = {"game": "game.html"}


@dataclass(frozen=True)
class StoredPicture:
    """A picture the studio holds: its id, the name shown, the file read, the thumbnail and
    the path the command line names (a sample's real path, an upload's own file name)."""

    id: str
    name: str
    path: Path
    thumbnail: Path
    shown: str


@dataclass
class Export:
    """One export: its child process, its state and, when done, its file."""

    id: str
    format: str
    path: Path
    command: str
    started: float = field(default_factory=time.monotonic)
    process: Any = None
    reply: Any = None
    state: str = "running"  # running, done, failed, cancelled
    error: str | None = None
    seconds: float = 0.0

    def poll(self) -> None:
        """Update the state from the child process (a message, or its exit)."""
        if self.state != "running":
            return
        if self.reply is not None and self.reply.poll():
            message = self.reply.recv()
            self.state, self.error = ("done", None) if message is None else ("failed", message)
        elif self.process is not None and not self.process.is_alive():
            self.state, self.error = "failed", "the export stopped without an answer"
        if self.state != "running":
            self.seconds = time.monotonic() - self.started
            self.process.join(1)

    def to_dict(self) -> dict[str, Any]:
        self.poll()
        size = self.path.stat().st_size if self.state == "done" and self.path.exists() else None
        return {"id": self.id, "format": self.format, "state": self.state, "error": self.error,
                "seconds": round(self.seconds or time.monotonic() - self.started, 2),
                "name": self.path.name, "bytes": size, "command": self.command}


def _new_id() -> str:
    return secrets.token_hex(8)


def _export_child(paths: list[str], values: dict[str, Any], output: str, fmt: str,
                  reply: Any) -> None:
    """In the child process: the job with its output named; sends None, or the error line."""
    try:
        job = settings(values)
        if fmt == "game":
            from lightsart._pages.play import make_game_page

            options = game_options(values)
            make_game_page(output, options.pop("size"), paths[0], **options)
        elif len(paths) == 1:
            lightsart.make_still(paths[0], output, pictures=job["pictures"],
                                 solving=job["solving"])
        else:
            lightsart.make_animation(paths, output, **job)
        reply.send(None)
    except LightsartError as exc:
        reply.send(str(exc))
    except MemoryError:
        reply.send("out of memory (try a smaller board)")
    except Exception as exc:  # a bug: one line on the page, never a stack trace
        reply.send(f"the export failed ({type(exc).__name__})")


class Studio:
    """The state of one running studio: its folder, pictures, sessions and exports."""

    def __init__(self, root: Path, samples: Iterable[Path] = (),
                 upload_max_bytes: int = UPLOAD_MAX_BYTES) -> None:
        self.root = root
        self.upload_max_bytes = upload_max_bytes
        (root / "pictures").mkdir(parents=True, exist_ok=True)
        (root / "exports").mkdir(exist_ok=True)
        self.pictures: dict[str, StoredPicture] = {}
        self.exports: dict[str, Export] = {}
        self.generations: dict[str, int] = {}
        self.lock = threading.Lock()
        self.sample_ids: list[str] = []
        for path in samples:
            self.sample_ids.append(self._store(path, path.stem, str(path), sample=True).id)

    # ---- pictures -------------------------------------------------------------------------
    def add_upload(self, data: bytes, name: str) -> StoredPicture:
        """Store an uploaded picture after reading it as the CLI would (bad files, too many
        pixels and decompression bombs are the CLI's one line)."""
        if len(data) > self.upload_max_bytes:
            raise TooLarge(f"the file is larger than {megabytes(self.upload_max_bytes)}")
        self._make_room()
        clean = "".join(c for c in os.path.basename(name) if c.isprintable())[:80] or "picture"
        ident = _new_id()
        path = self.root / "pictures" / ident
        path.write_bytes(data)
        try:
            return self._store(path, clean, clean, ident=ident)
        except BaseException:
            path.unlink(missing_ok=True)
            raise

    def _make_room(self) -> None:
        """Forget the oldest uploads past :data:`PICTURES_MAX` (their files too): a page that
        still names one is told to add it again."""
        with self.lock:
            uploads = [p for p in self.pictures.values() if p.id not in self.sample_ids]
            for old in uploads[:max(0, len(uploads) + 1 - PICTURES_MAX)]:
                del self.pictures[old.id]
                old.path.unlink(missing_ok=True)
                old.thumbnail.unlink(missing_ok=True)

    def _store(self, path: Path, name: str, shown: str, *, ident: str | None = None,
               sample: bool = False) -> StoredPicture:
        ident = ident or _new_id()
        # The CLI's reading (limits, bombs, bad files), on a tiny board: cheap, and one line.
        lightsart.make_still(str(path), pictures=lightsart.Pictures(size=(4, 4)))
        thumbnail = self.root / "pictures" / f"{ident}.png"
        _thumbnail(path, thumbnail)
        picture = StoredPicture(ident, name, path, thumbnail, shown)
        with self.lock:
            self.pictures[ident] = picture
        return picture

    def picture_list(self, ids: object) -> list[StoredPicture]:
        """The pictures named by ``ids`` (a list of ids from this studio), in that order."""
        if not isinstance(ids, list) or not 1 <= len(ids) <= 16:
            raise InvalidValue("choose one picture (a still) or up to 16 (an animation)")
        try:
            return [self.pictures[str(i)] for i in ids]
        except KeyError:
            raise InvalidValue("a picture is no longer in the studio: add it again") from None

    # ---- previews -------------------------------------------------------------------------
    def newest(self, session: str, generation: int) -> bool:
        """Note ``generation`` for ``session``; False if a newer one was already seen."""
        with self.lock:
            if len(self.generations) > 1000:
                self.generations.clear()
            if generation < self.generations.get(session, -1):
                return False
            self.generations[session] = generation
            return True

    def current(self, session: str, generation: int) -> bool:
        with self.lock:
            return self.generations.get(session, -1) == generation

    def preview(self, pictures: Sequence[StoredPicture], values: Mapping[str, Any]
                ) -> dict[str, Any]:
        """The board (one picture) or the animation's frames (more), as the page shows them."""
        job = settings(values)
        size = job["pictures"].size
        if size is not None and max(size.columns, size.rows or 0) > PREVIEW_MAX_SIDE:
            raise TooLarge(f"the studio shows boards up to {PREVIEW_MAX_SIDE} cells a side; "
                           "use the command line below for larger ones")
        paths = [str(p.path) for p in pictures]
        started = time.perf_counter()
        if len(paths) == 1:
            still = lightsart.make_still(paths[0], pictures=job["pictures"],
                                         solving=job["solving"])
            fits, rules, frames, timing = [still.picture.fit], still.rules, None, {}
            palette = still.palette
            width, height, nullity = still.width, still.height, still.nullity
        else:
            result = lightsart.make_animation(paths, **job)
            fits, rules, palette = [p.fit for p in result.pictures], result.rules, result.palette
            width, height, nullity = result.width, result.height, result.nullity
            frames = _frame_changes(result.iter_frames(), result.frames, width * height)
            timing = {"frame_count": result.frames, "duration": result.duration_seconds,
                      "clicks": [t.count for t in result.transitions]}
        rules = rules or lightsart.Rules.plus(height, width)
        shown = [p.shown for p in pictures]
        output = "board.png" if len(paths) == 1 else "morph.gif"
        return {
            "width": width, "height": height, "nullity": nullity, "states": rules.states,
            # The colour of each state (None: greys, drawn in the page's own scheme).
            "palette": None if palette is None else list(palette.hex()),
            "rules": {"pattern": [[int(c) for c in row] for row in rules.pattern.rows],
                      "topology": rules.topology},
            "boards": [_rows(f.board) for f in fits],
            "wrong": [int(f.wrong_pixels) for f in fits],
            "clicks": [int(f.clicks_count) for f in fits],
            "frames": frames, **timing,
            "seconds": round(time.perf_counter() - started, 3),
            "command": command_line(shown, output, values),
        }

    # ---- exports --------------------------------------------------------------------------
    def start_export(self, pictures: Sequence[StoredPicture], values: Mapping[str, Any],
                     fmt: object) -> Export:
        kind = "still" if len(pictures) == 1 else "animation"
        if fmt not in FORMATS[kind]:
            raise InvalidValue(f"{'a still' if kind == 'still' else 'an animation'} exports as "
                               f"{', '.join(FORMATS[kind])}")
        settings(values)  # a bad value is one line now, not in the child
        shown = [p.shown for p in pictures]
        name = FILE_NAMES.get(str(fmt), f"{'board' if kind == 'still' else 'morph'}.{fmt}")
        command = (game_command(shown[0], name, values) if fmt == "game"
                   else command_line(shown, name, values))
        with self.lock:
            for export in self.exports.values():
                export.poll()
            if sum(e.state == "running" for e in self.exports.values()) >= EXPORTS_RUNNING:
                raise TooLarge(f"{EXPORTS_RUNNING} exports are running: wait, or cancel one")
            ident = _new_id()
            folder = self.root / "exports" / ident
            folder.mkdir()
            path = folder / name
            export = Export(ident, str(fmt), path, command)
            context = _context()
            receive, send = context.Pipe(duplex=False)
            export.reply = receive
            export.process = context.Process(
                target=_export_child, args=([str(p.path) for p in pictures], dict(values),
                                            str(path), str(fmt), send), daemon=True)
            export.process.start()
            send.close()
            self.exports[ident] = export
            self._forget_old()
        return export

    def cancel(self, ident: str) -> Export:
        export = self.export(ident)
        export.poll()
        if export.state == "running":
            export.process.terminate()
            export.process.join(5)
            export.state, export.seconds = "cancelled", time.monotonic() - export.started
            _remove_folder(export.path.parent)
        return export

    def export(self, ident: str) -> Export:
        try:
            return self.exports[ident]
        except KeyError:
            raise InvalidValue("no such export") from None

    def _forget_old(self) -> None:
        finished = [e for e in self.exports.values() if e.state != "running"]
        for export in finished[:max(0, len(self.exports) - EXPORTS_KEPT)]:
            _remove_folder(export.path.parent)
            del self.exports[export.id]

    def close(self) -> None:
        """End every running export (the folder itself is removed by whoever made it)."""
        for export in list(self.exports.values()):
            if export.process is not None and export.process.is_alive():
                export.process.terminate()
                export.process.join(5)


def _context() -> Any:
    """Where exports run: a fork server (a clean process started once, with the job layer
    imported, that forks a child per export: quick to start, and no threads of the web server
    are copied), or fresh processes where there is no fork."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["lightsart._pipeline", "lightsart._studio.work"])
    return context


def megabytes(count: int) -> str:
    return f"{count / (1024 * 1024):g} MB"


def _remove_folder(folder: Path) -> None:
    for child in folder.glob("*"):
        child.unlink(missing_ok=True)
    folder.rmdir() if folder.exists() else None


def _thumbnail(path: Path, out: Path) -> None:
    """A small PNG of the picture for the page's list (read after the CLI's checks passed)."""
    import warnings

    from PIL import Image

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with Image.open(path) as img:
            img.draft("RGB", (256, 256))
            small = img.convert("RGB")
            small.thumbnail((160, 160))
            small.save(out, "PNG")


def _rows(board: Any) -> str:
    """A board as one string of hexadecimal digits, row after row (one per cell)."""
    digits = "0123456789abcdef"
    return "".join(digits[v] for v in board.ravel().tolist())


def _frame_changes(frames: Iterable[Any], count: int, cells: int) -> list[list[Any]]:
    """The frames as changes from the one before: ``[seconds, cells, levels]`` each (the first
    frame: every cell). Past :data:`FRAME_CELLS_MAX` only every n-th frame is kept (their
    seconds added up), so a large board's animation stays a bounded message."""
    import numpy as np

    every = max(1, -(-count * cells // FRAME_CELLS_MAX))
    out: list[list[Any]] = []
    previous = None
    seconds = 0.0
    for k, frame in enumerate(frames):
        seconds += frame.seconds
        if k % every and k != count - 1:
            continue
        flat = frame.board.ravel()
        changed = (np.arange(flat.size) if previous is None
                   else np.flatnonzero(flat != previous))
        out.append([round(seconds, 4), changed.tolist(), flat[changed].tolist()])
        previous, seconds = flat.copy(), 0.0
    return out
