"""The files one command writes: checked before any work, written aside, committed together.

A command's outputs are all written, or none. :func:`plan_outputs` checks every output path
(format, folder, not an input, not given twice) before the pictures are even loaded.
:func:`writing` then collects what the writers produce and moves it into place only when every
writer has finished; an error, Ctrl-C or SIGTERM discards it all.

Where a file is made before it is complete:

* Linux, and most filesystems: an *unnamed* file (``O_TMPFILE``) in the target's folder. Writers
  reach it through ``/proc/<pid>/fd/<n>`` (ffmpeg too); it gets a name only at commit
  (``linkat``). A process killed with SIGKILL therefore leaves nothing behind.
* Elsewhere, and for frame folders: a hidden name of our own,
  ``.NAME.lightsart-HOST-PID-XXXX.tmp``. Each run :func:`sweep`\\ s the folders it writes into and
  removes such leftovers of the same user whose process is gone (same host), or that are a day
  old (another host or container, where the process id means nothing).

The commit itself is two-phase (:mod:`lightsart._output.commit`): every destination is checked
before the first rename, what each name held is kept under a hidden backup name until every
output is in place, and any failure puts all of them back. A crash (SIGKILL, a power cut) in
the middle leaves each name its old file or its new one, whole; :func:`sweep` only ever removes
our own hidden leftovers, never moves or removes a visible name.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import os
import re
import secrets
import shutil
import signal
import stat
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from lightsart._errors import LightsartError, shown
from lightsart._output.tempnames import HOST, TEMP, alive, stale, temp_name

if TYPE_CHECKING:
    from lightsart._output import commit as two_phase

__all__ = [
    "FRAME_NAME",
    "OutputPlan",
    "Transaction",
    "active",
    "plan_outputs",
    "staged_file",
    "staged_folder",
    "sweep",
    "writing",
]

#: Names of the frames ``--frames DIR`` writes; older ones of this form are replaced, others kept.
FRAME_NAME = re.compile(r"frame_\d{5,}\.png")
_HOST, _TEMP, _alive = HOST, TEMP, alive  # the names older code and tests know
_SWEPT: set[str] = set()


def _two_phase() -> ModuleType:
    """:mod:`lightsart._output.commit`, imported when first needed (a command that writes no
    file never needs it)."""
    from lightsart._output import commit

    return commit


def sweep(folder: str | os.PathLike[str], *, now: float | None = None) -> list[str]:
    """Remove our own leftover temporary files and folders from ``folder``; return their names.

    A leftover is a name of our pattern that is stale (:func:`lightsart._output.tempnames.stale`:
    its process is gone, or it is a day old), owned by the user running now, and a regular file
    or a folder, as :func:`os.lstat` sees it: nothing is opened or read, and no link followed.
    A concurrent run's files, another user's, and a pipe or link under such a name stay.
    """
    removed: list[str] = []
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        kind = stat.S_IFMT(info.st_mode)
        if (info.st_uid != _euid() or kind not in (stat.S_IFREG, stat.S_IFDIR)
                or not stale(entry.name, info.st_ctime, now)):
            continue
        with contextlib.suppress(OSError):
            if kind == stat.S_IFDIR:
                shutil.rmtree(entry.path)  # never follows a link inside (fd-based on Linux)
            else:
                os.unlink(entry.path)
            removed.append(entry.name)
    return removed


def _euid() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else 0  # no owners to tell apart elsewhere


def _sweep_once(folder: Path) -> None:
    key = os.path.abspath(folder)
    if key not in _SWEPT and os.path.isdir(folder):
        _SWEPT.add(key)
        sweep(folder)


# ------------------------------------------------------------------------------------ checks


@dataclass(frozen=True)
class OutputPlan:
    """Checked output paths: files (written whole) and folders (of ``frame_*.png``)."""

    files: tuple[Path, ...]
    folders: tuple[Path, ...] = ()

    def owns(self, path: str | os.PathLike[str], *, folder: bool = False) -> bool:
        key = os.path.abspath(path)
        return any(os.path.abspath(p) == key for p in (self.folders if folder else self.files))


def _folder_of(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _same(a: Path, b: Path) -> bool:
    """Whether two paths name one file: the same inode if both exist, else the same real path."""
    with contextlib.suppress(OSError):
        return os.path.samefile(a, b)
    return os.path.realpath(a) == os.path.realpath(b)


def _check_input(path: Path) -> None:
    """An input must be a readable file; a missing one is left for its loader to report."""
    try:
        info = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            return
        reason = "a loop of symbolic links" if exc.errno == errno.ELOOP else exc.strerror
        raise LightsartError(f"cannot read {shown(path)}: {reason}") from None
    if stat.S_ISDIR(info.st_mode):
        raise LightsartError(f"cannot read {shown(path)}: it is a folder, not a file")


def plan_outputs(
    files: Sequence[tuple[str | os.PathLike[str], Sequence[str] | None]] = (),
    *,
    folders: Sequence[str | os.PathLike[str]] = (),
    inputs: Sequence[str | os.PathLike[str]] = (),
) -> OutputPlan:
    """Check every output before any work; return the plan :func:`writing` commits.

    ``files`` pairs each output path with its allowed extensions (None: any). A path is refused
    when its extension is not allowed, its folder does not exist, it is a folder, it is one of
    ``inputs`` (the same file under any name) or it is given twice. ``folders`` are frame
    folders: created at commit if their parent exists. Each folder written into (a frame folder
    too, where a killed run's hidden staging folder is) is swept of our own stale temporary
    files first (:func:`sweep`).
    """
    for raw in [*(f for f, _ in files), *folders]:
        _sweep_once(_folder_of(Path(raw)))
    for raw in folders:
        _sweep_once(Path(raw))
    for source in inputs:
        _check_input(Path(source))
    seen: list[Path] = []
    for raw, extensions in files:
        path = Path(raw)
        if extensions is not None and path.suffix.lower() not in extensions:
            raise LightsartError(
                f"cannot write {shown(path)}: unknown format {path.suffix or '(no extension)'!r}; "
                f"use {', '.join(extensions)}")
        folder = _folder_of(path)
        if not folder.is_dir():
            raise LightsartError(f"cannot write {shown(path)}: folder {shown(folder)} does not exist")
        if path.is_dir():
            raise LightsartError(f"cannot write {shown(path)}: it is a folder")
        _refuse_clash(path, seen, inputs)
        _refuse_unwritable(path)
        seen.append(path)
    for raw in folders:
        path = Path(raw)
        if path.exists() and not path.is_dir():
            raise LightsartError(f"cannot write frames into {shown(path)}: it is a file")
        if not _folder_of(path).is_dir():
            raise LightsartError(
                f"cannot write frames into {shown(path)}: folder {shown(_folder_of(path))} does not exist")
        _refuse_frames_over_inputs(path, inputs)
        _refuse_clash(path, seen, ())
        _refuse_unwritable_frames(path)
        seen.append(path)
    return OutputPlan(tuple(Path(f) for f, _ in files), tuple(Path(f) for f in folders))


def _refuse_unwritable(path: Path) -> None:
    """What the commit will check again: the name is free to replace, its folder writable."""
    why = _two_phase().problem(path)
    if why is not None:
        raise LightsartError(f"cannot write {shown(path)}: {why}")


def _frames_in(folder: Path) -> list[os.DirEntry[str]]:
    """The entries of ``folder`` named like frames: each is replaced or removed by a run."""
    try:
        return [e for e in os.scandir(folder) if FRAME_NAME.fullmatch(e.name)]
    except OSError:
        return []


def _refuse_unwritable_frames(folder: Path) -> None:
    if not os.path.lexists(folder):
        _refuse_unwritable(folder)
        return
    _refuse_unwritable(folder / "frame_00000.png")  # the folder itself, even when empty
    for entry in _frames_in(folder):
        why = _two_phase().problem(folder / entry.name, frame=True)
        if why is not None:
            raise LightsartError(f"cannot write {shown(folder / entry.name)}: {why}")


def _refuse_frames_over_inputs(folder: Path, inputs: Sequence[str | os.PathLike[str]]) -> None:
    """Every frame-named file in ``folder`` is replaced or removed: none may be an input, under
    the name given, its real path (through symbolic links) or another hard link."""
    files: dict[tuple[int, int], str | os.PathLike[str]] = {}
    for source in inputs:
        for name in (Path(source), Path(os.path.realpath(source))):
            if FRAME_NAME.fullmatch(name.name) and _same(_folder_of(name), folder):
                raise LightsartError(
                    f"cannot write frames into {shown(folder)}: it would replace the input {shown(source)}")
        with contextlib.suppress(OSError):
            info = os.stat(source)
            files[info.st_dev, info.st_ino] = source
    for entry in _frames_in(folder):
        with contextlib.suppress(OSError):
            info = entry.stat()
            if (info.st_dev, info.st_ino) in files:
                raise LightsartError(f"cannot write frames into {shown(folder)}: it would replace the "
                                     f"input {shown(files[info.st_dev, info.st_ino])}")


def _refuse_clash(path: Path, seen: Sequence[Path],
                  inputs: Sequence[str | os.PathLike[str]]) -> None:
    for source in inputs:
        if _same(path, Path(source)):
            raise LightsartError(
                f"cannot write {shown(path)}: it is the input {shown(source)} (choose another output name)")
    for other in seen:
        if _same(path, other):
            raise LightsartError(f"{shown(path)} is given as two outputs; give each a different name")


# ------------------------------------------------------------------------------------ staging


class _File:
    """One output file being written: unnamed (``O_TMPFILE``) where possible, else hidden."""

    def __init__(self, target: Path, suffix: str) -> None:
        self.target = target
        self.folder = _folder_of(target)
        self.fd: int | None = None
        self.named: Path | None = None  # a visible temporary name, until the final rename
        try:
            self.fd = os.open(self.folder, os.O_TMPFILE | os.O_RDWR | os.O_CLOEXEC, 0o666)
            self.path = Path(f"/proc/{os.getpid()}/fd/{self.fd}")
            if not self.path.exists():  # no /proc: name it instead
                raise OSError(errno.ENOENT, "no /proc")
        except (OSError, AttributeError):
            self._close()
            self.named = self.folder / temp_name(target.name, suffix)
            os.close(os.open(self.named, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
            self.path = self.named

    def _close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def prepare(self) -> None:
        """Make the content durable and give it a (hidden) name: the step that can fail."""
        if self.fd is not None:
            os.fsync(self.fd)
            self.named = self.folder / temp_name(self.target.name)
            proc = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.link(str(self.fd), self.named, src_dir_fd=proc, follow_symlinks=True)
            finally:
                os.close(proc)
            self._close()
        elif self.named is not None:
            fd = os.open(self.named, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def steps(self, token: str) -> list[two_phase.Step]:
        """The one name this output changes (after :meth:`prepare`)."""
        assert self.named is not None
        return [_two_phase().Step.make(self.target, self.named, token)]

    def done(self) -> None:
        self.named = None  # it is the target's name now

    def discard(self) -> None:
        self._close()
        if self.named is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.named)
            self.named = None


class _Folder:
    """A frame folder being written: a hidden folder, merged into the target at commit."""

    def __init__(self, target: Path) -> None:
        self.target = target
        # Inside an existing target, so the final moves never cross filesystems.
        home = target if target.is_dir() else _folder_of(target)
        self.path = home / temp_name(target.name)
        os.mkdir(self.path)

    def prepare(self) -> None:
        pass

    def steps(self, token: str) -> list[two_phase.Step]:
        """A new folder is named at once; into an existing one, each frame is put in place and
        each older frame of this form (a longer earlier run's) removed."""
        if not os.path.lexists(self.target):
            return [_two_phase().Step.make(self.target, self.path, token, folder=True)]
        if not self.target.is_dir():
            raise LightsartError(f"cannot write frames into {self.target}: it is a file; "
                                 "nothing was changed")
        new = sorted(os.listdir(self.path))
        old = sorted(n for n in os.listdir(self.target) if FRAME_NAME.fullmatch(n) and n not in new)
        return ([_two_phase().Step.make(self.target / n, self.path / n, token, frame=True)
                 for n in new]
                + [_two_phase().Step.make(self.target / n, None, token, frame=True) for n in old])

    def done(self) -> None:
        with contextlib.suppress(OSError):
            os.rmdir(self.path)  # emptied into the target (gone already if it became it)

    def discard(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


class Transaction:
    """The outputs of one command while they are written; see :func:`writing`."""

    def __init__(self, plan: OutputPlan) -> None:
        self.plan = plan
        self._staged: dict[str, _File | _Folder] = {}

    def owns(self, path: str | os.PathLike[str], *, folder: bool = False) -> bool:
        return self.plan.owns(path, folder=folder)

    def in_folder(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` lies directly in a folder this transaction is writing."""
        parent = os.path.abspath(_folder_of(Path(path)))
        return any(isinstance(s, _Folder) and os.path.abspath(s.path) == parent
                   for s in self._staged.values())

    def file(self, path: str | os.PathLike[str], suffix: str | None = None) -> Path:
        """Where a writer writes ``path``'s content (a fresh, empty file)."""
        target = Path(path)
        self._replace(str(target), _File(target, target.suffix if suffix is None else suffix))
        return self._staged[str(target)].path

    def folder(self, path: str | os.PathLike[str]) -> Path:
        """An empty folder to write ``path``'s frames into."""
        self._replace(str(Path(path)), _Folder(Path(path)))
        return self._staged[str(Path(path))].path

    def _replace(self, key: str, staged: _File | _Folder) -> None:
        old = self._staged.pop(key, None)
        if old is not None:
            old.discard()
        self._staged[key] = staged

    def commit(self) -> None:
        """Name every staged output, then put them all in place or none, with SIGINT/SIGTERM
        held off (:func:`lightsart._output.commit.commit`)."""
        blocked = {signal.SIGINT, signal.SIGTERM}
        old = signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
        try:
            token = secrets.token_hex(4)
            steps: list[two_phase.Step] = []
            for key, staged in self._staged.items():
                try:
                    staged.prepare()
                    steps += staged.steps(token)
                except OSError as exc:
                    raise LightsartError(f"cannot write {key}: {exc.strerror or exc}; "
                                         "nothing was changed") from None
            _two_phase().commit(steps)
            for staged in self._staged.values():
                staged.done()
            self._staged.clear()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    def discard(self) -> None:
        for staged in self._staged.values():
            staged.discard()
        self._staged.clear()


_ACTIVE: contextvars.ContextVar[Transaction | None] = contextvars.ContextVar(
    "lightsart_outputs", default=None)


def active() -> Transaction | None:
    """The transaction of the command running now, if any."""
    return _ACTIVE.get()


def _oserror(path: object, exc: OSError) -> LightsartError:
    return LightsartError(f"cannot write {shown(path)}: {exc.strerror or exc}")


@contextlib.contextmanager
def writing(plan: OutputPlan) -> Iterator[Transaction]:
    """Collect the writers' output inside the block; commit it all at its end, or none of it.

    The writers need no new parameters: :func:`staged_file` and :func:`staged_folder` (used by
    every writer through :func:`lightsart._output.atomic.atomic_path`) find this transaction.
    """
    tx = Transaction(plan)
    token = _ACTIVE.set(tx)
    try:
        yield tx
        try:
            tx.commit()
        except OSError as exc:
            raise _oserror(", ".join(str(p) for p in plan.files + plan.folders), exc) from None
    finally:
        _ACTIVE.reset(token)
        tx.discard()


@contextlib.contextmanager
def staged_file(path: str | os.PathLike[str], suffix: str | None = None) -> Iterator[Path]:
    """A fresh file to write ``path``'s content into; it becomes ``path`` when the command ends.

    Inside :func:`writing` for a planned path, the running transaction commits it with the
    others; otherwise it is a transaction of its own, committed when this block ends.
    """
    tx = active()
    if tx is not None and tx.in_folder(path):
        yield Path(path)  # a frame inside a staged folder: the folder is the unit of commit
        return
    if tx is not None and tx.owns(path):
        try:
            yield tx.file(path, suffix)
        except OSError as exc:
            raise _oserror(path, exc) from None
        return
    with writing(plan_outputs([(path, None)])) as own:
        try:
            yield own.file(path, suffix)
        except OSError as exc:
            raise _oserror(path, exc) from None


@contextlib.contextmanager
def staged_folder(path: str | os.PathLike[str]) -> Iterator[Path]:
    """An empty folder to write frames into; merged into ``path`` when the command ends."""
    tx = active()
    if tx is not None and tx.owns(path, folder=True):
        try:
            yield tx.folder(path)
        except OSError as exc:
            raise _oserror(path, exc) from None
        return
    with writing(plan_outputs(folders=[path])) as own:
        try:
            yield own.folder(path)
        except OSError as exc:
            raise _oserror(path, exc) from None
