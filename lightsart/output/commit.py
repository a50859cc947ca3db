"""Putting a command's finished outputs in place: every one of them, or none (in two phases).

A command's outputs are written aside (:mod:`lightsart.output.staging`); this module moves them
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
   removed. If a step fails, every name gets back what it held, byte for byte, and the error line
   says "nothing was changed"; if putting one back fails too, it says which names were left how.

A crash between renames (SIGKILL, a power cut): before the first change a *journal* (a hidden
file of our temporary-name pattern, ``.commit.lightsart-HOST-PID-XXXX.tmp.journal``) is written
into every folder the commit touches, listing each step (the name, its backup, the new file's
inode) and every journal. Once every output is in place the first journal is removed: that one
removal is the commit point. Then the other journals go, and only then the backups.
:func:`recover`, run by the next command that writes into any of those folders
(:func:`lightsart.output.staging.sweep`), finds the journal of a dead process:

* while the first journal exists, it rolls back: each name gets its backup again, and a name
  that had no old file loses the new one (only while it still holds that very file). Every
  backup still exists then (none is removed before the commit point, and a folder's backups
  are swept only once its own journal is gone), so the old set comes back whole;
* once the first journal is gone, the commit had finished: the backups are removed and the new
  set stands. Backups left with no journal are plain stale temporary files, swept like any other.

Back, not forward, when in doubt: the killed run never reported success, so the files it was
replacing are the ones the user expects. A journal is acted on only when it belongs to the user
running now and names nothing but what a commit of ours writes (targets in its own folders,
backups and new files of our hidden pattern beside them): in a shared folder, a planted journal
cannot make the next run move or delete other files, and another user's is left for them.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import shutil
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from lightsart.errors import LightsartError
from lightsart.output.tempnames import TEMP, temp_name

__all__ = ["JOURNAL_SUFFIX", "Step", "commit", "problem", "recover", "rollback"]

#: The suffix of a commit's journal (after our temporary-name pattern).
JOURNAL_SUFFIX = ".journal"
_FORMAT = "lightsart-commit-1"
#: At most this many names are listed in one error line.
_SHOWN = 2


def _ident(path: Path) -> tuple[int, int] | None:
    """The file a name holds now (device, inode), not following a link; None if nothing."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


@dataclass(frozen=True)
class Step:
    """One name a commit changes: ``new`` moved onto ``target`` (``None``: the old one removed).

    ``backup`` is the hidden name that keeps the old file until the commit is done; ``new_id``
    the new file's (device, inode), by which a rollback knows a name still holds it.
    """

    target: Path
    new: Path | None
    backup: Path
    new_id: tuple[int, int] | None = None
    frame: bool = False  # a frame in a --frames folder: only a regular file is replaced
    folder: bool = False  # the new one is a whole folder of frames, named at once

    @classmethod
    def make(cls, target: Path, new: Path | None, token: str, *, frame: bool = False,
             folder: bool = False) -> Step:
        """A step with its backup name (``token`` shared by one commit) and the new file's id."""
        backup = target.parent / temp_name(target.name, ".old", token)
        new_id = None if new is None else _ident(new)
        return cls(target, new, backup, new_id, frame, folder)

    def to_json(self) -> dict[str, Any]:
        return {"target": os.path.abspath(self.target),
                "new": None if self.new is None else os.path.abspath(self.new),
                "backup": os.path.abspath(self.backup),
                "new_id": None if self.new_id is None else list(self.new_id),
                "frame": self.frame, "folder": self.folder}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        new_id = data["new_id"]
        return cls(Path(data["target"]), None if data["new"] is None else Path(data["new"]),
                   Path(data["backup"]), None if new_id is None else (int(new_id[0]), int(new_id[1])),
                   bool(data["frame"]), bool(data["folder"]))


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


def _keep(step: Step) -> None:
    """A hard link keeps the old file; where links fail, :func:`_put` moves it aside instead."""
    if step.new is None or step.folder:
        return
    with contextlib.suppress(OSError, NotImplementedError):
        os.link(step.target, step.backup, follow_symlinks=False)


def _put(step: Step) -> None:
    aside = not step.folder and not os.path.lexists(step.backup)
    if step.new is None or (aside and os.path.lexists(step.target)):
        try:
            os.rename(step.target, step.backup)
        except FileNotFoundError:
            if step.new is None:
                return  # an older frame already gone: nothing to remove
            raise
    if step.new is not None:
        if step.folder:
            os.rename(step.new, step.target)
        else:
            os.replace(step.new, step.target)


def _undo(step: Step) -> None:
    """Give ``step.target`` back what it held before the commit, judged by what is on disk."""
    now, kept = _ident(step.target), _ident(step.backup)
    if kept is not None:
        if now is not None and now != kept and now != step.new_id:
            os.unlink(step.backup)  # the name holds another run's newer file since: it stays
        elif now == kept:
            os.unlink(step.backup)  # the name still holds its old file (the backup is a link)
        else:
            os.replace(step.backup, step.target)
    elif now is not None and now == step.new_id:
        if step.folder and step.new is not None:
            os.rename(step.target, step.new)  # back to its hidden name, swept with the rest
        else:
            os.unlink(step.target)


def _state(step: Step) -> str:
    """What a name holds after a failed restore, for the error line."""
    now, kept = _ident(step.target), _ident(step.backup)
    held = ("is missing" if now is None else "holds the new file" if now == step.new_id else
            "holds its old file" if now == kept else "holds another file")
    where = f", its old file is {step.backup.name}" if kept is not None else ""
    return f"{step.target} {held}{where}"


def rollback(steps: Sequence[Step]) -> list[str]:
    """Undo ``steps`` (last first); return what could not be put back, one phrase per name."""
    left = []
    for step in reversed(steps):
        try:
            _undo(step)
        except OSError:
            left.append(_state(step))
    return left


# ------------------------------------------------------------------------------- journals


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


def _write_journals(steps: Sequence[Step], token: str) -> list[Path]:
    """One journal in each folder the commit touches, each listing every step and journal."""
    paths = [f / temp_name("commit", JOURNAL_SUFFIX, token) for f in _folders(steps)]
    text = json.dumps({"format": _FORMAT, "journals": [str(p) for p in paths],
                       "steps": [s.to_json() for s in steps]})
    written: list[Path] = []
    try:
        for path in paths:
            with open(path, "x", encoding="utf-8") as fh:
                written.append(path)
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            _sync_folder(path.parent)
    except OSError:
        _forget(written)
        raise
    return paths


def _forget(journals: Iterable[Path]) -> None:
    for path in journals:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _euid() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else 0


def _confined(journal: Path, journals: Sequence[Path], steps: Sequence[Step]) -> bool:
    """Whether a journal names only what one commit of ours can: itself among its journals,
    targets in those folders, backups and new files of our hidden-name pattern beside them."""
    folders = {os.path.dirname(os.path.abspath(j)) for j in journals}
    if os.path.abspath(journal) not in {os.path.abspath(j) for j in journals}:
        return False
    for step in steps:
        home = os.path.dirname(os.path.abspath(step.target))
        if home not in folders or step.backup.parent != step.target.parent:
            return False
        if not TEMP.fullmatch(step.backup.name):
            return False
        if step.new is not None:
            where = step.new.parent
            if not ((TEMP.fullmatch(step.new.name) and os.path.abspath(where) in folders) or (
                    TEMP.fullmatch(where.name) and os.path.abspath(where.parent) in folders)):
                return False
    return True


def recover(journal: Path) -> list[Path] | None:
    """Roll back the commit a dead process left in ``journal``.

    Only a journal of the same user is acted on, and only when every name it lists is one
    our commit could have made: a journal is never a way to make lightsart touch other files.

    Returns
    -------
    list of Path or None
        The names to leave alone (the journal, its backups) if something could not be put back
        or the journal is another user's, so a sweep leaves them for a later try; ``None`` once
        the journal is dealt with and removed.
    """
    try:
        foreign = os.lstat(journal).st_uid != _euid()
        data = json.loads(journal.read_text(encoding="utf-8"))
        if data.get("format") != _FORMAT:
            raise ValueError(data.get("format"))
        steps = [Step.from_json(s) for s in data["steps"]]
        journals = [Path(p) for p in data["journals"]]
        if not journals:
            raise ValueError("no journals")
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        # Cut short by the crash: journals are complete before the first change, so none happened.
        with contextlib.suppress(OSError):
            if os.lstat(journal).st_uid != _euid():
                return [journal]
        _forget([journal])
        return None
    if foreign:
        return [journal, *(s.backup for s in steps)]
    if not _confined(journal, journals, steps):
        _forget([journal])  # not what our commit writes: never acted on
        return None
    if os.path.abspath(journal) != os.path.abspath(journals[0]) and not journals[0].exists():
        for step in steps:  # the first journal goes first: the commit had finished
            with contextlib.suppress(OSError):
                os.unlink(step.backup)
    elif rollback(steps):
        return [*journals, *(s.backup for s in steps)]
    _forget(journals)
    _drop_staged(steps)
    return None


def _drop_staged(steps: Sequence[Step]) -> None:
    """Remove the dead run's new files not put in place, and its emptied staging folders, so
    a folder the next run does not write into is left clean too."""
    staging: set[Path] = set()
    for step in steps:
        if step.new is None or _ident(step.new) != step.new_id:
            continue
        with contextlib.suppress(OSError):
            if step.folder:
                shutil.rmtree(step.new)
            else:
                os.unlink(step.new)
                if TEMP.fullmatch(step.new.parent.name):
                    staging.add(step.new.parent)
    for folder in staging:
        with contextlib.suppress(OSError):
            os.rmdir(folder)  # only once empty: the frames were all steps


# ----------------------------------------------------------------------------------- commit


def commit(steps: Sequence[Step], token: str | None = None) -> None:
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
    if not steps:
        return
    token = secrets.token_hex(4) if token is None else token
    try:
        journals = _write_journals(steps, token)
    except OSError as exc:
        raise LightsartError(f"cannot write {_folders(steps)[0]}: {exc.strerror or exc}; "
                             "nothing was changed") from None
    current: Step | None = steps[0]
    try:
        for current in steps:
            _keep(current)
        for current in steps:
            _put(current)
        folders = _folders(steps)
        for folder in folders:  # the new names are durable before the commit point
            _sync_folder(folder)
        current = None
        os.unlink(journals[0])  # the commit point: from here on the new set stands
    except OSError as exc:
        _fail(f"{_verb(current)} {current.target}: {_reason(exc)}" if current is not None else
              f"cannot finish writing in {journals[0].parent}: {_reason(exc)}", steps, journals)
    _forget(journals[1:])
    for folder in folders:
        _sync_folder(folder)
    for step in steps:
        with contextlib.suppress(OSError):
            os.unlink(step.backup)


def _fail(why: str, steps: Sequence[Step], journals: Sequence[Path]) -> NoReturn:
    """Put every name back; say so, or which names were left how (their journals stay)."""
    left = rollback(steps)
    if not left:
        _forget(journals)
        raise LightsartError(f"{why}; nothing was changed") from None
    more = f" and {len(left) - _SHOWN} more" if len(left) > _SHOWN else ""
    raise LightsartError(f"{why}; could not put back: {'; '.join(left[:_SHOWN])}{more} "
                         "(the next run writing there puts them back)") from None


def _reason(exc: OSError) -> str:
    if exc.errno == errno.EISDIR:
        return "it is a folder"
    return exc.strerror or str(exc)
