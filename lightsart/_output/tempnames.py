"""The hidden names lightsart gives its own temporary files, and when one is a leftover.

``.NAME.lightsart-HOST-PID-XXXX.tmp[.EXT]``: HOST is a hash of the host name and PID the process
that made it, so a later run can tell its own leftovers (of a process that is gone) from a
concurrent run's files (see :func:`lightsart._output.staging.sweep`). A process is gone when no
process has its id, when it is a zombie (killed, not yet waited for), or when the process with
its id started after the file was made (the id was used again). A backup (``.tmp.old``, the old
file of a name being replaced) is kept a day whatever its process, so an old file that a crash
or a failed restore left there can still be taken back.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import zlib

__all__ = ["HOST", "STALE_SECONDS", "TEMP", "alive", "stale", "started", "temp_name"]

#: A leftover from another host (whose process ids mean nothing here) is removed after a day.
STALE_SECONDS = 24 * 3600.0
#: A process that started this long after a file was last changed cannot have made it. Wide:
#: a network file system's clock may run behind ours, and a live run's files must never go.
_SLACK = 300.0

HOST = f"{zlib.crc32(socket.gethostname().encode()) & 0xFFFFFF:06x}"
TEMP = re.compile(r"\..*\.lightsart-(?P<host>[0-9a-f]{6})-(?P<pid>\d+)-[0-9a-f]+\.tmp(\.[^.]*)?")


def temp_name(name: str, suffix: str = "", token: str | None = None) -> str:
    """A hidden name for a temporary file of this process standing for ``name``."""
    token = secrets.token_hex(4) if token is None else token
    return f".{name}.lightsart-{HOST}-{os.getpid()}-{token}.tmp{suffix}"


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
    """Whether ``name`` (last changed at ``changed``) is one of our temporary names whose
    process is gone, or a day old; a backup, only once a day old."""
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
