"""The hidden names lightsart gives its own temporary files, and when one is a leftover.

``.NAME.lightsart-HOST-PID-XXXX.tmp[.EXT]``: HOST is a hash of the host name and PID the process
that made it, so a later run can tell its own leftovers (of a process that is gone) from a
concurrent run's files (see :func:`lightsart.output.staging.sweep`).
"""

from __future__ import annotations

import os
import re
import secrets
import socket
import zlib

__all__ = ["HOST", "STALE_SECONDS", "TEMP", "alive", "stale", "temp_name"]

#: A leftover from another host (whose process ids mean nothing here) is removed after a day.
STALE_SECONDS = 24 * 3600.0

HOST = f"{zlib.crc32(socket.gethostname().encode()) & 0xFFFFFF:06x}"
TEMP = re.compile(r"\..*\.lightsart-(?P<host>[0-9a-f]{6})-(?P<pid>\d+)-[0-9a-f]+\.tmp(\.[^.]*)?")


def temp_name(name: str, suffix: str = "", token: str | None = None) -> str:
    """A hidden name for a temporary file of this process standing for ``name``."""
    token = secrets.token_hex(4) if token is None else token
    return f".{name}.lightsart-{HOST}-{os.getpid()}-{token}.tmp{suffix}"


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this host (ours, or another user's)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, but not ours to signal
    return True


def stale(name: str, age: float) -> bool:
    """Whether ``name`` is one of our temporary names whose process is gone (or a day old)."""
    match = TEMP.fullmatch(name)
    if match is None:
        return False
    if match["host"] == HOST:
        return not alive(int(match["pid"]))
    return age >= STALE_SECONDS
