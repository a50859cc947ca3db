"""Putting a command's finished outputs in place, every one or none; sweeping a dead run's leftovers.

Outputs are written aside (:mod:`lightsart._output.staging`) under hidden names of our own,
``.NAME.lightsart-HOST-PID-XXXX.tmp[.EXT]`` (:func:`temp_name`). :func:`commit` then changes
every name (a :class:`Change` each) in three phases:

1. **Check** every name first (:func:`problem`); a refusal changes nothing.
2. **Keep** each old file under a hidden backup name (``.tmp.old``): a hard link, so the name keeps
   its file until the new one replaces it; where a link is refused (a file system without them,
   another user's file under ``protected_hardlinks``) the old file is moved aside instead.
3. **Put** each new file in place (a rename), then remove the backups. If a step fails, every name
   gets back what it held, byte for byte, by this process's own record of what it did to each;
   the error says "nothing was changed", or which names were left how.

A crash (SIGKILL, a power cut) leaves each name its old file or its new one, whole: each new file
is durable before its rename, and a rename is atomic (only where a link was refused can a crash
between the two renames of one name leave it empty, its old file under the backup name). Nothing
is written for a later run to act on, since anyone who may write in a folder can plant a file: a
later run only removes our own dead leftovers (:func:`sweep`), keeping a backup for a day.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
import socket
import stat
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from lightsart._errors import LightsartError

__all__ = ["HOST", "STALE_SECONDS", "TEMP", "Change", "alive", "commit", "problem", "stale",
           "started", "sweep", "temp_name"]

#: A leftover from another host (whose process ids mean nothing here), or a backup, goes after a day.
STALE_SECONDS = 24 * 3600.0
#: A process that started this long after a file was last changed cannot have made it. Wide: a
#: network file system's clock may run behind ours, and a live run's files must never go.
_SLACK = 300.0
#: At most this many names are listed in one error line.
_SHOWN = 2
#: HOST is a hash of the host name: a process id means something only on its own host.
HOST = f"{zlib.crc32(socket.gethostname().encode()) & 0xFFFFFF:06x}"
TEMP = re.compile(r"\..*\.lightsart-(?P<host>[0-9a-f]{6})-(?P<pid>\d+)-[0-9a-f]+\.tmp(\.[^.]*)?")


def temp_name(name: str, suffix: str = "", token: str | None = None) -> str:
    """A hidden name of this process's standing for ``name``."""
    token = secrets.token_hex(4) if token is None else token
    return f".{name}.lightsart-{HOST}-{os.getpid()}-{token}.tmp{suffix}"


# ---------------------------------------------------------------------------- leftovers


def _proc_stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (state first); None if unknown."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            return fh.read(4096).rpartition(")")[2].split()
    except OSError:
        return None


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this host (ours, or another user's; not a zombie)."""
    if pid == os.getpid():
        return True
    if not 0 < pid < 2**31:  # no process has it (kill(0) would signal our own group)
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        pass  # exists, but not ours to signal
    fields = _proc_stat(pid)
    return fields is None or fields[0] not in ("Z", "X")


def started(pid: int) -> float | None:
    """When process ``pid`` started (seconds since the epoch), from /proc; None if unknown."""
    fields = _proc_stat(pid)
    with contextlib.suppress(OSError, ValueError, IndexError):
        with open("/proc/stat", encoding="ascii") as fh:
            boot = next(float(line.split()[1]) for line in fh if line.startswith("btime "))
        if fields is not None:
            return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: starttime
    return None


def stale(name: str, changed: float, now: float) -> bool:
    """Whether ``name`` (last changed at ``changed``) is one of our temporary names whose process
    is gone (none has its id, a zombie, or one that started after the file was made: the id was
    used again), or a day old; a backup (``.tmp.old``), only once a day old."""
    match = TEMP.fullmatch(name)
    if match is None:
        return False
    if match["host"] != HOST or name.endswith(".tmp.old"):
        return now - changed >= STALE_SECONDS
    pid = int(match["pid"])
    if not alive(pid):
        return True
    start = started(pid)
    return start is not None and start > changed + _SLACK


def _euid() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else 0  # no owners to tell apart elsewhere


def sweep(folder: str | os.PathLike[str], *, now: float | None = None) -> list[str]:
    """Remove our own leftovers from ``folder``; return their names.

    A leftover is a name of our pattern that is :func:`stale`, owned by the user running now,
    and a regular file or a folder as :func:`os.lstat` sees it: nothing is opened or read, and no
    link followed. A concurrent run's files, another user's, and a pipe or link stay.
    """
    removed: list[str] = []
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False) if TEMP.fullmatch(entry.name) else None
            if (info is None or info.st_uid != _euid() or not stale(entry.name, info.st_ctime, now)
                    or not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode))):
                continue
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(entry.path)  # never follows a link inside (fd-based on Linux)
            else:
                os.unlink(entry.path)
            removed.append(entry.name)
    return removed


# -------------------------------------------------------------------------------- commit


def problem(target: Path, *, frame: bool = False) -> str | None:
    """Why the name ``target`` cannot be replaced (or removed, or made) now; None if it can.

    Examples
    --------
    >>> problem(Path("/"))
    'it is a folder'
    """
    folder = target.parent
    try:
        info: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        return exc.strerror or str(exc)
    if info is not None and stat.S_ISDIR(info.st_mode):
        return "it is a folder"
    if info is not None and frame and not stat.S_ISREG(info.st_mode):
        return "it is not a regular file"
    try:
        where = os.stat(folder)
    except OSError:
        return f"folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK, effective_ids=os.access in os.supports_effective_ids):
        return f"folder {folder} is not writable"
    if info is not None and where.st_mode & stat.S_ISVTX and _euid() not in (0, info.st_uid,
                                                                               where.st_uid):
        return f"it belongs to another user and folder {folder} is sticky (only they may replace it)"
    return None


@dataclass
class Change:
    """One name a commit changes: ``new`` put on ``target`` (None: the old one removed), and
    what the commit did to it so far, all that a rollback goes by (never a guess from what the
    disk holds, which another process may have changed)."""

    target: Path
    new: Path | None
    token: str  # shared by one commit: names the hidden backup of the old file
    frame: bool = False  # a frame in a --frames folder: only a regular file is replaced
    folder: bool = False  # the new one is a whole folder of frames, named at once
    linked: bool = False  # the backup is a hard link to the old file, still on the name
    moved: bool = False  # the old file was moved onto the backup name
    placed: bool = False  # the new file is on the name

    @property
    def backup(self) -> Path:
        return self.target.parent / temp_name(self.target.name, ".old", self.token)

    def keep(self) -> None:
        """A hard link keeps the old file; where links fail, :meth:`put` moves it aside."""
        if self.new is not None and not self.folder:
            with contextlib.suppress(OSError, NotImplementedError):
                os.link(self.target, self.backup, follow_symlinks=False)
                self.linked = True

    def put(self) -> None:
        if self.new is None or (not self.linked and not self.folder
                                and os.path.lexists(self.target)):
            try:
                os.rename(self.target, self.backup)
                self.moved = True
            except FileNotFoundError:
                if self.new is None:
                    return  # an older frame already gone: nothing to remove
                raise
        if self.new is not None:
            (os.rename if self.folder else os.replace)(self.new, self.target)
            self.placed = True

    def undo(self) -> None:
        """Give the name back what it held before the commit."""
        if self.placed and self.folder and self.new is not None:
            os.rename(self.target, self.new)  # back to its hidden name, discarded with the rest
            self.placed = False
        elif self.placed and not (self.linked or self.moved):
            os.unlink(self.target)  # the name held nothing before
            self.placed = False
        if self.moved or (self.linked and self.placed):
            os.replace(self.backup, self.target)
            self.moved = self.linked = self.placed = False
        elif self.linked:
            self.linked = False
            with contextlib.suppress(OSError):  # the name holds its old file: a leftover at worst
                os.unlink(self.backup)

    def state(self) -> str:
        """What the name holds after a failed restore, for the error line."""
        held = "holds the new file" if self.placed else "is missing" if self.moved else "is as it was"
        kept = self.moved or (self.linked and self.placed)
        return f"{self.target} {held}" + (f", its old file is {self.backup.name}" if kept else "")


def _sync_folder(folder: str) -> None:
    """Make a folder's names durable (a power cut keeps the order of our steps); best effort."""
    with contextlib.suppress(OSError, AttributeError):  # folders open only on POSIX
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def commit(steps: list[Change]) -> None:
    """Carry out ``steps``: every one, or (on any failure) none of them.

    Raises
    ------
    LightsartError
        One line naming the name that failed and why, then "nothing was changed" or, if a name
        could not be put back, which names were left how.
    """
    def verb(step: Change) -> str:
        return "cannot remove the older frame" if step.new is None else "cannot write"

    for step in steps:
        why = problem(step.target, frame=step.frame)
        if why is not None:
            raise LightsartError(f"{verb(step)} {step.target}: {why}; nothing was changed")
    for step in steps:
        step.keep()
    for step in steps:
        try:
            step.put()
        except OSError as exc:
            reason = "it is a folder" if exc.errno == errno.EISDIR else exc.strerror or str(exc)
            _fail(f"{verb(step)} {step.target}: {reason}", steps)
    for folder in sorted({os.path.abspath(s.target.parent) for s in steps}):
        _sync_folder(folder)  # the new names are durable before the old files go
    for step in steps:
        if step.linked or step.moved:
            with contextlib.suppress(OSError):
                os.unlink(step.backup)


def _fail(why: str, done: list[Change]) -> NoReturn:
    """Undo what the commit did (last first); say so, or which names were left how."""
    left = []
    for current in reversed(done):
        try:
            current.undo()
        except OSError:
            left.append(current.state())
    if not left:
        raise LightsartError(f"{why}; nothing was changed") from None
    more = f" and {len(left) - _SHOWN} more" if len(left) > _SHOWN else ""
    raise LightsartError(f"{why}; could not put back: {'; '.join(left[:_SHOWN])}{more} "
                         "(an old file stays under its hidden name for a day)") from None
