"""A tiny progress bar on stderr, for long writes (no tqdm dependency).

It draws only when its stream is a terminal, so pipes, logs and tests see nothing; it redraws at
most ~10 times a second so that a fast loop pays almost nothing for it; and it erases itself when
done, leaving the terminal as it found it. :func:`quiet` turns every bar off (``--quiet``), and
:class:`Working` shows the elapsed time of a step with no count (fitting, a census) once it has
taken more than a second, pausing while a :class:`Progress` bar draws. :class:`SearchProgress`
shows the fewest-clicks search (leaves scored of those planned, best so far, lower bound).
"""

from __future__ import annotations

import contextlib
import math
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from lightsart._core.watch import SearchPlan

__all__ = ["Progress", "SearchProgress", "Working", "quiet"]

# ``--quiet`` for the whole run; bars drawing now (a Working ticker pauses while one does).
_QUIET = False
_ACTIVE = 0
_LOCK = threading.Lock()


@contextlib.contextmanager
def quiet(on: bool = True) -> Iterator[None]:
    """Within this block no :class:`Progress` or :class:`Working` draws (``--quiet``)."""
    global _QUIET
    before, _QUIET = _QUIET, bool(on) or _QUIET
    try:
        yield
    finally:
        _QUIET = before


class _Line:
    """A line drawn on a terminal stream and erased when its ``with`` block ends (``close``)."""

    stream: TextIO
    _drawn: bool

    def close(self) -> None:
        raise NotImplementedError

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _erase(self) -> None:
        """Erase the line if it is drawn (the caller holds ``_LOCK``)."""
        if self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn = False


class Progress(_Line):
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
        self.enabled = not _QUIET and _is_terminal(self.stream)
        self._start = time.monotonic()
        self._last_draw = -float("inf")
        self._drawn = False
        self._counted = False  # counted in _ACTIVE, so a Working line pauses

    def __enter__(self) -> Progress:
        global _ACTIVE
        if self.enabled and not self._counted:
            self._counted = True
            with _LOCK:
                _ACTIVE += 1
        return self

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
        global _ACTIVE
        if self.enabled and self._drawn:
            with _LOCK:
                self._erase()
        if self._counted:
            self._counted = False
            with _LOCK:
                _ACTIVE -= 1


class Working(_Line):
    """The elapsed time of a step with no count (``label 3.2s``), redrawn from a thread.

    Nothing draws for the first ``delay`` seconds, so a quick step shows nothing; the line pauses
    while a :class:`Progress` bar draws, and :meth:`stop` erases it (call it before printing to
    the same terminal). Off when the stream is not a terminal or within :func:`quiet`.
    """

    def __init__(self, label: str, stream: TextIO | None = None, delay: float = 1.0,
                 interval: float = 0.2) -> None:
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.delay = delay
        self.interval = interval
        self.enabled = not _QUIET and _is_terminal(self.stream)
        self._start = time.monotonic()
        self._stop = threading.Event()
        self._drawn = False
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Working:
        if self.enabled:
            self._thread = threading.Thread(target=self._tick, name="lightsart-working",
                                            daemon=True)
            self._thread.start()
        return self

    def _tick(self) -> None:
        if self._stop.wait(self.delay):
            return
        while not self._stop.is_set():
            with _LOCK:
                if _ACTIVE == 0 and not self._stop.is_set():
                    elapsed = time.monotonic() - self._start
                    width = shutil.get_terminal_size((80, 24)).columns
                    text = f"{self.label} {elapsed:.1f}s"[: width - 1]
                    self.stream.write("\r" + text + "\x1b[K")
                    self.stream.flush()
                    self._drawn = True
            self._stop.wait(self.interval)

    def stop(self) -> None:
        """Stop drawing and erase the line (idempotent)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        with _LOCK:
            self._erase()

    close = stop  # what ending the ``with`` block calls


class SearchProgress:
    """The fewest-clicks search as the CLI shows it (a :class:`~lightsart._core.watch.Watcher`).

    Before a search that the budget (``seconds``, ``--time-limit``) cannot finish, one note on
    the stream says so, with the nominal time a proof needs (:meth:`note`; not within
    :func:`quiet`). While a search planned to take more than ``delay`` seconds runs, a bar of the
    leaves scored out of those planned, the fewest clicks so far and the lower bound, on a
    terminal only (a :class:`Progress`).
    """

    def __init__(self, seconds: float, stream: TextIO | None = None, delay: float = 1.0) -> None:
        self.seconds = seconds
        self.stream = sys.stderr if stream is None else stream
        self.delay = delay
        self._bar: Progress | None = None
        self._bound = 0
        self._unit = "leaves"
        self._said: set[str] = set()

    @staticmethod
    def note(plan: SearchPlan, seconds: float, local: bool = False) -> str | None:
        """The line said before a search the budget cannot finish (None when it can)."""
        if plan.finishes and not local:
            return None
        from lightsart._limits import TIME_LIMIT_MAX

        need = plan.seconds_needed
        about = (f"about {need:,.0f} s" if need < 1e7 else f"about {need:.1e} s"
                 if math.isfinite(need) else "more than 1e308 s")  # 2**d past a float
        if need > TIME_LIMIT_MAX:
            advice = f"more than the longest --time-limit, {TIME_LIMIT_MAX:g} s"
        else:
            advice = f"try --time-limit {math.ceil(need * 1.25):g}"
        how = "the best a local search finds" if local else (
            f"the best of {plan.planned:,} of its {plan.leaves:,} leaves")
        return (f"lightsart: proving the fewest clicks needs {about} at the nominal speed "
                f"({advice}); within --time-limit {seconds:g} s the answer is {how}, "
                "not proven")

    def start(self, plan: SearchPlan, lower_bound: int, local_rounds: int = 0) -> None:
        line = self.note(plan, self.seconds, local_rounds > 0)
        if line is not None and not _QUIET and line not in self._said:
            self._said.add(line)  # solve --explain searches the same coset twice: say it once
            self.stream.write(line + "\n")
            self.stream.flush()
        self._bound = lower_bound
        # The local search may stop early (nothing lighter found): it is expected to take up
        # to its budget; the split search its planned leaves.
        expected = self.seconds if local_rounds else min(plan.seconds_planned, self.seconds)
        if expected <= self.delay:
            return
        self._unit = "local rounds" if local_rounds else "leaves"
        total = local_rounds if local_rounds else min(plan.planned, plan.leaves)
        self._bar = Progress(total, f"clicks: {self._unit}", stream=self.stream)
        self._bar.__enter__()

    def advance(self, done: int, best: int) -> None:
        if self._bar is not None:
            self._bar.label = f"clicks {best} (at least {self._bound}), {self._unit}"
            self._bar.advance(done - self._bar.done)

    def finish(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed or file-like objects without isatty
        return False
