"""A tiny progress bar on stderr, for long writes (no tqdm dependency).

It draws only when its stream is a terminal, so pipes, logs and tests see nothing; it redraws at
most ~10 times a second so that a fast loop pays almost nothing for it; and it erases itself when
done, leaving the terminal as it found it.
"""

from __future__ import annotations

import shutil
import sys
import time
from types import TracebackType
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Count work done out of ``total`` (or open-ended if ``total`` is None) and show it.

    Use as a context manager::

        with Progress(total=len(frames), label="writing out.gif") as bar:
            for frame in frames:
                ...
                bar.advance()
    """

    def __init__(
        self,
        total: int | None,
        label: str,
        stream: TextIO | None = None,
        interval: float = 0.1,
    ) -> None:
        self.total = total if total is None or total > 0 else None
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.interval = interval
        self.done = 0
        self.enabled = _is_terminal(self.stream)
        self._start = time.monotonic()
        self._last_draw = -float("inf")
        self._drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def advance(self, count: int = 1) -> None:
        """Record ``count`` more units done; redraw if the last drawing is old enough."""
        self.done += count
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last_draw >= self.interval:
            self._last_draw = now
            self._draw(now)

    def line(self, now: float | None = None) -> str:
        """The text of the bar as it would be drawn now (without the carriage return)."""
        elapsed = (time.monotonic() if now is None else now) - self._start
        width = shutil.get_terminal_size((80, 24)).columns
        if self.total is None:
            return f"{self.label} {self.done} {elapsed:.1f}s"[: width - 1]
        fraction = min(1.0, self.done / self.total)
        tail = f" {self.done}/{self.total} {fraction:4.0%} {elapsed:.1f}s"
        room = max(0, min(40, width - len(self.label) - len(tail) - 4))
        filled = round(room * fraction)
        return f"{self.label} [{'#' * filled}{'.' * (room - filled)}]{tail}"[: width - 1]

    def _draw(self, now: float) -> None:
        # \r returns to the line start; \x1b[K erases whatever a longer earlier line left behind.
        self.stream.write("\r" + self.line(now) + "\x1b[K")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        """Erase the bar (if it was ever drawn)."""
        if self.enabled and self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn = False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed or file-like objects without isatty
        return False
