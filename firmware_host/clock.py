"""Clocks: the one source of time for debouncing, gestures, scanning and timeouts.

Everything timed in the board (bounce time, hold, double press, scan steps, timeouts) asks a
:class:`Clock` instead of calling :mod:`time`, so tests and ``simulate --script`` run on a
:class:`VirtualClock` that only moves when told to, and the Pi runs on a :class:`RealClock`.
The rules engine never sees a clock at all.

Example::

    clock = VirtualClock()
    fired = []
    clock.call_later(0.5, lambda: fired.append(clock.now()))
    clock.advance(1.0)          # runs the callback at t=0.5, ends at t=1.0
    assert fired == [0.5]
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import Callable, Protocol


class TimerHandle:
    """A scheduled callback; :meth:`cancel` stops it if it has not run yet."""

    __slots__ = ("when", "callback", "cancelled")

    def __init__(self, when: float, callback: Callable[[], None]) -> None:
        self.when = when
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        """Do not run the callback (no effect once it has run)."""
        self.cancelled = True


class Clock(Protocol):
    """What every timed part of the board needs from time.

    ``now()`` is monotonic, in seconds (float), with an arbitrary origin.
    ``call_later(delay, callback)`` runs ``callback()`` once, ``delay`` seconds from now
    (a negative delay counts as 0), and returns a :class:`TimerHandle`.
    """

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle: ...


class VirtualClock:
    """A clock that moves only when :meth:`advance` is called (tests, scripted simulation).

    Callbacks run in the thread that calls :meth:`advance`, in time order (ties in the
    order they were scheduled); while one runs, :meth:`now` returns its due time, and a
    callback may schedule more callbacks, which run in the same ``advance`` when due.
    After each callback, :attr:`between` (when set) is called before the next one runs.

    :param start: the initial reading, in seconds (default 0.0).
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)
        self._queue: list[tuple[float, int, TimerHandle]] = []
        self._seq = itertools.count()
        self._lock = threading.RLock()
        #: ``between()``, called after each callback (in the thread that advances): where a
        #: callback hands work to other threads (``simulate``'s service thread), they finish it
        #: before the next callback runs, also one due at the same instant, so what each
        #: callback sees depends on nothing but the callbacks before it (issue 30); None: nothing
        self.between: Callable[[], None] | None = None

    def now(self) -> float:
        """The current virtual time, in seconds."""
        return self._now

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        """Schedule ``callback`` at ``now() + max(delay, 0)`` seconds; returns its handle."""
        with self._lock:
            handle = TimerHandle(self._now + max(0.0, float(delay)), callback)
            heapq.heappush(self._queue, (handle.when, next(self._seq), handle))
            return handle

    def next_due(self) -> float | None:
        """The due time (seconds) of the earliest pending callback, or None."""
        with self._lock:
            while self._queue and self._queue[0][2].cancelled:
                heapq.heappop(self._queue)
            return self._queue[0][0] if self._queue else None

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds`` (≥ 0), running every callback that falls due.

        :raises ValueError: if ``seconds`` is negative.
        """
        if seconds < 0:
            raise ValueError(f"cannot move a clock backwards ({seconds} s)")
        self.advance_to(self._now + seconds)

    def advance_to(self, when: float) -> None:
        """Move time forward to ``when`` (seconds), running due callbacks in order."""
        while True:
            with self._lock:
                if not self._queue or self._queue[0][0] > when:
                    break
                due, _, handle = heapq.heappop(self._queue)
                if handle.cancelled:
                    continue
                self._now = max(self._now, due)
            handle.cancelled = True
            try:
                handle.callback()
            finally:
                if self.between is not None:
                    self.between()
        with self._lock:
            self._now = max(self._now, when)


class RealClock:
    """Wall-clock time (:func:`time.monotonic`) with callbacks run on one scheduler thread.

    The thread is a daemon started on the first :meth:`call_later`; callbacks run on it one at
    a time, so a callback must be short (post to a queue rather than do work). Exceptions in
    a callback are reported through ``on_error`` (default: ignored after printing nothing),
    never kill the thread.

    :param on_error: ``on_error(exc)`` called when a callback raises; default does nothing.
    :param origin: the :func:`time.monotonic` value :meth:`now` counts from (a run's own clock
        starting at 0, as ``simulate``'s lines promise, SIMULATE.md); default 0: seconds from
        :func:`time.monotonic` itself. Timers are kept on :func:`time.monotonic` either way.
    """

    def __init__(self, on_error: Callable[[BaseException], None] | None = None, *,
                 origin: float = 0.0) -> None:
        self._origin = float(origin)
        self._queue: list[tuple[float, int, TimerHandle]] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._on_error = on_error if on_error is not None else _log_callback_error

    def now(self) -> float:
        """Seconds from :func:`time.monotonic`, less ``origin``."""
        return time.monotonic() - self._origin

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        """Run ``callback`` on the scheduler thread ``delay`` seconds from now."""
        handle = TimerHandle(time.monotonic() + max(0.0, float(delay)), callback)
        with self._cond:
            heapq.heappush(self._queue, (handle.when, next(self._seq), handle))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="clock", daemon=True)
                self._thread.start()
            self._cond.notify()
        return handle

    def close(self) -> None:
        """Stop the scheduler thread; pending callbacks are dropped."""
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._closed:
                    if self._queue and self._queue[0][2].cancelled:
                        heapq.heappop(self._queue)
                        continue
                    timeout = None if not self._queue else self._queue[0][0] - time.monotonic()
                    if timeout is not None and timeout <= 0:
                        break
                    self._cond.wait(timeout)
                if self._closed:
                    return
                _, _, handle = heapq.heappop(self._queue)
            handle.cancelled = True
            try:
                handle.callback()
            except Exception as exc:  # noqa: BLE001 - a callback must never kill the clock
                try:
                    self._on_error(exc)
                except Exception:  # noqa: BLE001 - nor may the error handler
                    _log_callback_error(exc)


def _log_callback_error(exc: Exception) -> None:
    """The default ``on_error`` of :class:`RealClock`: log with the traceback at ERROR."""
    logging.getLogger(__name__).error("timer callback failed: %s", exc, exc_info=exc)


def log_without_traceback(exc: Exception) -> None:
    """An ``on_error`` for :class:`RealClock` in interactive commands (``self-test``,
    ``enrol-tags``) that set up no logging: one ERROR line naming the error, no traceback
    on the user's terminal."""
    logging.getLogger(__name__).error("timer callback failed: %s: %s", type(exc).__name__, exc)
