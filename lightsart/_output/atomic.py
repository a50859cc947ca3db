"""Atomic output: a writer writes aside; the file appears whole, or not at all.

See :mod:`lightsart._output.staging` for how (unnamed files, one commit for all of a command's outputs).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from lightsart._output.staging import staged_file


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], suffix: str | None = None) -> Iterator[Path]:
    """Yield a fresh path to write ``path``'s content to; it becomes ``path`` only on success.

    A failure (or an exception from the caller) discards it, so no half-written output is ever
    left behind. Inside :func:`lightsart._output.staging.writing` the file is committed together with
    the command's other outputs. The yielded path may have no extension (``/proc/PID/fd/N``):
    writers name their format explicitly. ``suffix`` is kept for the named fallback.
    """
    with staged_file(path, suffix) as tmp:
        yield tmp
