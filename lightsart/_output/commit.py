"""Putting a command's finished outputs in place: every one of them, or none (in two phases).

A command's outputs are written aside (:mod:`lightsart._output.staging`); this module moves them
onto their names. A :class:`Step` is one name changed: an output file put in place, a frame put
into a ``--frames`` folder, an older frame (of a longer earlier run) removed, or a new frame
folder named.

1. **Check** every step before the first change (:func:`problem`): the name is not a folder (a
   frame's name holds a regular file, if anything), its folder exists and we may write in it
   (``os.access``), and in a sticky folder (``chmod +t``) a file of another user is replaced
   only by that user, the folder's owner or root. A refusal here changed nothing.
2. **Keep** what each name holds: a hard link under a hidden backup name, so the name keeps its
   file until the new one replaces it; where a link is refused (file systems without them,
   another user's file under ``protected_hardlinks``) the old file is moved aside instead.
3. **Put** each new file in place (``rename``). Only when every one is in place are the backups
   removed. If a step fails, every name gets back what it held, byte for byte, by this process's
   own record of what it did to each (not by what the disk holds then), and the error line says
   "nothing was changed"; if putting one back fails too, it says which names were left how.

A crash (SIGKILL, a power cut) during these steps leaves each name holding its old file or its
new one, whole: each new file is complete and durable before its rename, and a rename is atomic
(only where a link was refused does a crash between the two renames of one name leave it
empty, its old file under the backup name). The set may then be part old, part new, and it
stays so: nothing is written for a later run to act on. A later run never moves or removes a
visible name on the word of a file it finds, since anyone who may write in a folder (in
``/tmp``, any user) can plant one; it only removes our own hidden leftovers, of a process that
is gone, owned by the user running it (:func:`lightsart._output.staging.sweep`). A backup is
kept a day, so an old file a crash or a failed restore left there can still be taken back.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from lightsart._errors import LightsartError
from lightsart._output.tempnames import temp_name

__all__ = ["Step", "commit", "problem"]

#: At most this many names are listed in one error line.
_SHOWN = 2


@dataclass(frozen=True)
class Step:
    """One name a commit changes: ``new`` moved onto ``target`` (``None``: the old one removed).

    ``backup`` is the hidden name that keeps the old file until the commit is done.
    """

    target: Path
    new: Path | None
    backup: Path
    frame: bool = False  # a frame in a --frames folder: only a regular file is replaced
    folder: bool = False  # the new one is a whole folder of frames, named at once

    @classmethod
    def make(cls, target: Path, new: Path | None, token: str, *, frame: bool = False,
             folder: bool = False) -> Step:
        """A step with its backup name (``token`` shared by one commit)."""
        return cls(target, new, target.parent / temp_name(target.name, ".old", token), frame,
                   folder)


@dataclass
class _Done:
    """What the commit did to one name so far: all that a rollback goes by (never a guess
    from what the disk holds, which another process may have changed)."""

    step: Step
    linked: bool = False  # the backup is a hard link to the old file, still on the name
    moved: bool = False  # the old file was moved onto the backup name
    placed: bool = False  # the new file is on the name


# ------------------------------------------------------------------------------ phase 1: check


def _may_write(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK, effective_ids=os.access in os.supports_effective_ids)


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
    if not _may_write(folder):
        return f"folder {folder} is not writable"
    euid = os.geteuid() if hasattr(os, "geteuid") else 0  # no sticky folders without users
    if info is not None and where.st_mode & stat.S_ISVTX and euid not in (0, info.st_uid,
                                                                           where.st_uid):
        return (f"it belongs to another user and folder {folder} is sticky "
                "(only they may replace it)")
    return None


def _verb(step: Step) -> str:
    return "cannot remove the older frame" if step.new is None else "cannot write"


# ----------------------------------------------------------------------- phase 2: keep, put


def _keep(done: _Done) -> None:
    """A hard link keeps the old file; where links fail, :func:`_put` moves it aside instead."""
    step = done.step
    if step.new is None or step.folder:
        return
    with contextlib.suppress(OSError, NotImplementedError):
        os.link(step.target, step.backup, follow_symlinks=False)
        done.linked = True


def _put(done: _Done) -> None:
    step = done.step
    if step.new is None or (not done.linked and not step.folder
                            and os.path.lexists(step.target)):
        try:
            os.rename(step.target, step.backup)
            done.moved = True
        except FileNotFoundError:
            if step.new is None:
                return  # an older frame already gone: nothing to remove
            raise
    if step.new is not None:
        if step.folder:
            os.rename(step.new, step.target)
        else:
            os.replace(step.new, step.target)
        done.placed = True


def _undo(done: _Done) -> None:
    """Give the name back what it held before the commit, by what this commit did to it."""
    step = done.step
    if done.placed and step.folder and step.new is not None:
        os.rename(step.target, step.new)  # back to its hidden name, discarded with the rest
        done.placed = False
    elif done.placed and not (done.linked or done.moved):
        os.unlink(step.target)  # the name held nothing before
        done.placed = False
    if done.moved or (done.linked and done.placed):
        os.replace(step.backup, step.target)
        done.moved = done.linked = done.placed = False
    elif done.linked:
        done.linked = False
        with contextlib.suppress(OSError):  # the name holds its old file: a leftover at worst
            os.unlink(step.backup)


def _state(done: _Done) -> str:
    """What a name holds after a failed restore, for the error line."""
    held = "holds the new file" if done.placed else "is missing" if done.moved else "is as it was"
    kept = done.moved or (done.linked and done.placed)
    return f"{done.step.target} {held}" + (f", its old file is {done.step.backup.name}"
                                           if kept else "")


def _rollback(done: Sequence[_Done]) -> list[str]:
    """Undo what the commit did (last first); return what could not be put back, per name."""
    left = []
    for step in reversed(done):
        try:
            _undo(step)
        except OSError:
            left.append(_state(step))
    return left


def _sync_folder(folder: Path) -> None:
    """Make a folder's names durable (a power cut keeps the order of our steps); best effort."""
    with contextlib.suppress(OSError, AttributeError):  # folders open only on POSIX
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _folders(steps: Iterable[Step]) -> list[Path]:
    return [Path(f) for f in sorted({os.path.abspath(s.target.parent) for s in steps})]


# ----------------------------------------------------------------------------------- commit


def commit(steps: Sequence[Step]) -> None:
    """Carry out ``steps``: every one, or (on any failure) none of them.

    Raises
    ------
    LightsartError
        One line naming the name that failed and why, then "nothing was changed" or, if a name
        could not be put back, which names were left how.
    """
    for step in steps:
        why = problem(step.target, frame=step.frame)
        if why is not None:
            raise LightsartError(f"{_verb(step)} {step.target}: {why}; nothing was changed")
    done = [_Done(step) for step in steps]
    for current in done:
        _keep(current)
    for current in done:
        try:
            _put(current)
        except OSError as exc:
            _fail(f"{_verb(current.step)} {current.step.target}: {_reason(exc)}", done)
    for folder in _folders(steps):  # the new names are durable before the old files go
        _sync_folder(folder)
    for current in done:
        if current.linked or current.moved:
            with contextlib.suppress(OSError):
                os.unlink(current.step.backup)


def _fail(why: str, done: Sequence[_Done]) -> NoReturn:
    """Put every name back; say so, or which names were left how (their backups stay)."""
    left = _rollback(done)
    if not left:
        raise LightsartError(f"{why}; nothing was changed") from None
    more = f" and {len(left) - _SHOWN} more" if len(left) > _SHOWN else ""
    raise LightsartError(f"{why}; could not put back: {'; '.join(left[:_SHOWN])}{more} "
                         "(an old file stays under its hidden name for a day)") from None


def _reason(exc: OSError) -> str:
    if exc.errno == errno.EISDIR:
        return "it is a folder"
    return exc.strerror or str(exc)
