"""Atomic output: write to a temporary file beside the target, then rename it into place."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from lightsart.errors import LightsartError


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], suffix: str | None = None) -> Iterator[Path]:
    """Yield a temporary path in the target's folder; rename it to ``path`` only on success.

    A failure (or an exception from the caller) removes the temporary file, so no half-written
    output is ever left behind. ``suffix`` defaults to the target's own extension so that writers
    which choose a format by extension still work.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise LightsartError(f"cannot write {target}: folder {folder} does not exist")
    if target.is_dir():
        raise LightsartError(f"cannot write {target}: it is a folder")
    try:
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=suffix if suffix is not None else target.suffix,
            dir=folder,
        )
    except OSError as exc:
        raise LightsartError(f"cannot write {target}: {exc.strerror or exc}") from None
    os.close(fd)
    tmp = Path(tmp_name)
    # mkstemp creates the file private (0600); give the output the usual permissions instead.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    try:
        yield tmp
        os.replace(tmp, target)
    except OSError as exc:
        raise LightsartError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
