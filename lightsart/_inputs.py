"""What a path given as an input names, when it is not a regular file.

A named pipe with no writer blocks whoever opens it for good, and a device never ends: inputs
are read only from regular files, and anything else is named in the refusal. numpy-free.
"""

from __future__ import annotations

import stat

__all__ = ["not_a_file"]

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def not_a_file(mode: int) -> str | None:
    """None for a regular file's ``st_mode``, else what the entry is (``"a named pipe"``).

    >>> import os
    >>> not_a_file(os.stat("/").st_mode), not_a_file(os.stat("/dev/null").st_mode)
    ('a folder', 'a character device')
    """
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a file")
