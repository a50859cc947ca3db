"""The files one command writes: checked before any work, written aside, committed together.

A command's outputs are all written, or none. :func:`plan_outputs` checks every output path
(format, folder, not an input, not given twice, free to replace) before the pictures are even
loaded. :func:`writing` then collects what the writers produce (through :func:`atomic_path` and
:func:`staged_folder`, which find it) and puts it in place only when every writer has finished
(:func:`lightsart._output.commit.commit`); an error, Ctrl-C or SIGTERM discards it all.

Where a file is made before it is complete:

* Linux, and most file systems: an *unnamed* file (``O_TMPFILE``) in the target's folder. Writers
  reach it through ``/proc/<pid>/fd/<n>`` (ffmpeg too); it gets a name only at commit, so a process
  killed with SIGKILL leaves nothing behind.
* Elsewhere, and for frame folders: a hidden name of our own
  (:func:`lightsart._output.commit.temp_name`). Each plan first sweeps the folders it writes into
  of such leftovers whose process is gone (:func:`lightsart._output.commit.sweep`).
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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lightsart._errors import InvalidValue, LightsartError, shown

if TYPE_CHECKING:
    from lightsart._output.commit import Change

__all__ = ["FRAME_NAME", "OutputPlan", "Transaction", "atomic_path", "plan_outputs",
           "staged_folder", "writing"]

#: Names of the frames ``--frames DIR`` writes; older ones of this form are replaced, others kept.
FRAME_NAME = re.compile(r"frame_\d{5,}\.png")

Paths = Sequence[str | os.PathLike[str]]


@dataclass(frozen=True)
class OutputPlan:
    """Checked output paths: files (written whole) and folders (of ``frame_*.png``)."""

    files: tuple[Path, ...]
    folders: tuple[Path, ...] = ()

    def owns(self, path: str | os.PathLike[str], *, folder: bool = False) -> bool:
        key = os.path.abspath(path)
        return any(os.path.abspath(p) == key for p in (self.folders if folder else self.files))


# ------------------------------------------------------------------------------ checks


def _same(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file: the same inode if both exist, else the same real path."""
    with contextlib.suppress(OSError):
        return os.path.samefile(a, b)
    return os.path.realpath(a) == os.path.realpath(b)


def _refuse(path: Path, why: str | None, what: str = "cannot write") -> None:
    if why is not None:
        raise LightsartError(f"{what} {shown(path)}: {why}")


def _check_input(path: Path) -> None:
    """An input must be a readable file; a missing one is left for its loader to report."""
    try:
        info = os.stat(path)
    except OSError as exc:
        if exc.errno != errno.ENOENT:
            _refuse(path, "a loop of symbolic links" if exc.errno == errno.ELOOP else exc.strerror,
                    "cannot read")
        return
    _refuse(path, "it is a folder, not a file" if stat.S_ISDIR(info.st_mode) else None,
            "cannot read")


def _missing(folder: Path) -> str | None:
    return None if folder.is_dir() else f"folder {shown(folder)} does not exist"


def _once(path: Path, seen: list[Path]) -> None:
    if any(_same(path, other) for other in seen):
        raise InvalidValue(f"{shown(path)} is given as two outputs; give each a different name")
    seen.append(path)


def _check_frames(folder: Path, inputs: Paths, seen: list[Path]) -> None:
    """Every frame-named entry of ``folder`` is replaced or removed: none may be an input, and
    each must be a file we may replace."""
    from lightsart._output.commit import problem

    what = "cannot write frames into"
    _refuse(folder, "it is a file" if os.path.exists(folder) and not folder.is_dir() else None, what)
    _refuse(folder, _missing(folder.parent), what)
    files = {}
    for source in inputs:  # by inode: under the name given, a symbolic link or a hard link
        with contextlib.suppress(OSError):
            info = os.stat(source)
            files[info.st_dev, info.st_ino] = source
    try:
        frames = [e for e in os.scandir(folder) if FRAME_NAME.fullmatch(e.name)]
    except OSError:
        frames = []
    for entry in frames:
        with contextlib.suppress(OSError):
            info = entry.stat()
            if (info.st_dev, info.st_ino) in files:
                source = files[info.st_dev, info.st_ino]
                _refuse(folder, f"it would replace the input {shown(source)}", what)
    _once(folder, seen)
    # A new folder is made in its parent; into an existing one (even empty) frames are put.
    names = [folder / n for n in ("frame_00000.png", *(e.name for e in frames))]
    for name in names if os.path.lexists(folder) else [folder]:
        _refuse(name, problem(name, frame=name != folder))


def plan_outputs(files: Sequence[tuple[str | os.PathLike[str], Sequence[str] | None]] = (), *,
                 folders: Paths = (), inputs: Paths = ()) -> OutputPlan:
    """Check every output before any work; return the plan :func:`writing` commits.

    ``files`` pairs each output path with its allowed extensions (None: any). A path is refused
    when its extension is not allowed, its folder does not exist, it is a folder, it is one of
    ``inputs`` (the same file under any name), it is given twice, or it may not be replaced
    (:func:`lightsart._output.commit.problem`). ``folders`` are frame folders: created at commit
    if their parent exists. Every folder written into (a frame folder too, where a killed run's
    hidden staging folder is) is swept of our own leftovers first.
    """
    plan = OutputPlan(tuple(Path(f) for f, _ in files), tuple(Path(f) for f in folders))
    for source in inputs:
        _check_input(Path(source))
    if not plan.files + plan.folders:
        return plan
    from lightsart._output.commit import problem, sweep  # not for a command that writes nothing

    for folder in dict.fromkeys([*(p.parent for p in plan.files + plan.folders), *plan.folders]):
        sweep(folder)
    seen: list[Path] = []
    for path, (_, extensions) in zip(plan.files, files, strict=True):
        if extensions is not None and path.suffix.lower() not in extensions:
            _refuse(path, f"unknown format {path.suffix or '(no extension)'!r}; "
                          f"use {', '.join(extensions)}")
        _refuse(path, _missing(path.parent) or ("it is a folder" if path.is_dir() else None))
        for source in inputs:
            if _same(path, source):
                _refuse(path, f"it is the input {shown(source)} (choose another output name)")
        _once(path, seen)
        _refuse(path, problem(path))
    for path in plan.folders:
        _check_frames(path, inputs, seen)
    return plan


# ----------------------------------------------------------------------------- staging


class _File:
    """One output file being written: unnamed (``O_TMPFILE``) where possible, else hidden."""

    def __init__(self, target: Path) -> None:
        from lightsart._output.commit import temp_name

        self.target = target
        self.fd: int | None = None
        self.named: Path | None = None  # a hidden name of ours, until it becomes the target's
        try:
            self.fd = os.open(target.parent, os.O_TMPFILE | os.O_RDWR | os.O_CLOEXEC, 0o666)
            self.path = Path(f"/proc/{os.getpid()}/fd/{self.fd}")
            if not self.path.exists():  # no /proc: name it instead
                raise OSError(errno.ENOENT, "no /proc")
        except (OSError, AttributeError):
            self.discard()
            self.named = self.path = target.parent / temp_name(target.name, target.suffix)
            os.close(os.open(self.named, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))

    def prepare(self, token: str) -> list[Change]:
        """Make the content durable and give it a hidden name (the steps that can fail); return
        the one name it changes."""
        from lightsart._output.commit import Change, temp_name

        if self.fd is not None:
            os.fsync(self.fd)
            named = self.target.parent / temp_name(self.target.name)
            proc = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
            try:  # linkat(AT_SYMLINK_FOLLOW), which a dir fd makes os.link call
                os.link(str(self.fd), named, src_dir_fd=proc, follow_symlinks=True)
            finally:
                os.close(proc)
            self.discard()
            self.named = named
        elif self.named is not None:
            with open(self.named, "rb") as fh:
                os.fsync(fh.fileno())
        assert self.named is not None
        return [Change(self.target, self.named, token)]

    def discard(self) -> None:
        """Remove what is left of it (once committed: nothing, its hidden name is gone)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.named is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.named)
            self.named = None


class _Folder:
    """A frame folder being written: a hidden folder, merged into the target at commit."""

    def __init__(self, target: Path) -> None:
        from lightsart._output.commit import temp_name

        self.target = target
        # Inside an existing target, so the final moves never cross file systems.
        self.path = (target if target.is_dir() else target.parent) / temp_name(target.name)
        os.mkdir(self.path)

    def prepare(self, token: str) -> list[Change]:
        """A new folder is named at once; into an existing one, each frame is put in place and
        each older frame of this form (a longer earlier run's) removed."""
        from lightsart._output.commit import Change

        if not os.path.lexists(self.target):
            return [Change(self.target, self.path, token, folder=True)]
        if not self.target.is_dir():
            raise LightsartError(f"cannot write frames into {self.target}: it is a file; "
                                 "nothing was changed")
        new = sorted(os.listdir(self.path))
        old = sorted(n for n in os.listdir(self.target) if FRAME_NAME.fullmatch(n) and n not in new)
        return ([Change(self.target / n, self.path / n, token, frame=True) for n in new]
                + [Change(self.target / n, None, token, frame=True) for n in old])

    def discard(self) -> None:
        """Remove what is left of it (once committed: an empty folder, or nothing)."""
        shutil.rmtree(self.path, ignore_errors=True)


class Transaction:
    """The outputs of one command while they are written; see :func:`writing`."""

    def __init__(self, plan: OutputPlan) -> None:
        self.plan = plan
        self._staged: dict[str, _File | _Folder] = {}

    def in_folder(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` lies directly in a folder this transaction is writing."""
        parent = os.path.abspath(Path(path).parent)
        return any(isinstance(s, _Folder) and os.path.abspath(s.path) == parent
                   for s in self._staged.values())

    def stage(self, path: str | os.PathLike[str], *, folder: bool = False) -> Path:
        """Where a writer writes ``path``: a fresh empty file, or an empty folder for frames."""
        target = Path(path)
        old = self._staged.pop(str(target), None)
        if old is not None:
            old.discard()
        staged = _Folder(target) if folder else _File(target)
        self._staged[str(target)] = staged
        return staged.path

    def commit(self) -> None:
        """Name every staged output, then put them all in place or none
        (:func:`lightsart._output.commit.commit`), with SIGINT and SIGTERM held off."""
        from lightsart._output.commit import commit

        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            token = secrets.token_hex(4)
            steps: list[Change] = []
            for key, staged in self._staged.items():
                try:
                    steps += staged.prepare(token)
                except OSError as exc:
                    raise LightsartError(f"cannot write {key}: {exc.strerror or exc}; "
                                         "nothing was changed") from None
            commit(steps)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    def discard(self) -> None:
        for staged in self._staged.values():
            staged.discard()
        self._staged.clear()


_ACTIVE: contextvars.ContextVar[Transaction | None] = contextvars.ContextVar(
    "lightsart_outputs", default=None)


@contextlib.contextmanager
def writing(plan: OutputPlan) -> Iterator[Transaction]:
    """Collect the writers' output inside the block; commit it all at its end, or none of it
    (what is left staged is discarded either way)."""
    tx = Transaction(plan)
    token = _ACTIVE.set(tx)
    try:
        yield tx
        tx.commit()
    finally:
        _ACTIVE.reset(token)
        tx.discard()


@contextlib.contextmanager
def _staged(path: str | os.PathLike[str], folder: bool) -> Iterator[Path]:
    tx = _ACTIVE.get()
    if tx is not None and not folder and tx.in_folder(path):
        yield Path(path)  # a frame inside a staged folder: the folder is the unit of commit
        return
    with contextlib.ExitStack() as own:
        if tx is None or not tx.plan.owns(path, folder=folder):
            tx = own.enter_context(writing(plan_outputs(folders=[path]) if folder
                                           else plan_outputs([(path, None)])))
        try:
            yield tx.stage(path, folder=folder)
        except OSError as exc:
            raise LightsartError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None


def atomic_path(path: str | os.PathLike[str]) -> contextlib.AbstractContextManager[Path]:
    """A fresh file to write ``path``'s content into; it becomes ``path`` only on success.

    Inside :func:`writing` for a planned path, the running transaction commits it with the
    command's other outputs; otherwise it is a transaction of its own, committed when the block
    ends. A failure (or an exception from the caller) discards it. The path may have no
    extension (``/proc/PID/fd/N``): writers name their format.
    """
    return _staged(path, False)


def staged_folder(path: str | os.PathLike[str]) -> contextlib.AbstractContextManager[Path]:
    """An empty folder to write frames into; merged into ``path`` when the command ends."""
    return _staged(path, True)
