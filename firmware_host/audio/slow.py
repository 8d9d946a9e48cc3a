"""A renderer that is slow on a clock: every sentence takes ``seconds`` longer to render.

A Raspberry Pi Zero 2 W renders a sentence 5-8x slower than a laptop, and a fresh speech cache
(first game, new names) renders every sentence at its first use. :class:`SlowRenderer` makes
that reproducible: it renders with a real :class:`~firmware_host.audio.speech.SpeechRenderer`
(or takes the sentence from its cache) and then lets the render finish ``seconds`` later on a
clock, usually ``simulate``'s :class:`~firmware_host.clock.VirtualClock`, so a test or the
benchmark sees the board wait for speech exactly as a slow board would (ACCESSIBILITY.md 21:
a scan window never shortens) at no cost in wall time.

Example::

    slow = SlowRenderer(SpeechRenderer(cache_dir), clock, seconds=3.0)
    audio = AudioService(settings, ClockSink(clock), cache_dir, renderer=slow, clock=clock)
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from firmware_host.audio.speech import RenderJob, SpeechError


class SlowRenderJob:
    """A :class:`RenderJob` that finishes ``seconds`` after the real one, on ``clock``.

    :ivar text: the NFC text.
    """

    def __init__(self, inner: RenderJob, clock: Any, seconds: float) -> None:
        self.inner = inner
        self.text = inner.text
        self.path = inner.path
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[Any], None]] = []
        self._clock_pending = False
        self._scheduled = threading.Event()
        inner.add_done_callback(lambda _job: self._inner_done(clock, seconds))

    def _inner_done(self, clock: Any, seconds: float) -> None:
        with self._lock:
            self._clock_pending = True
        clock.call_later(seconds, self._finish)
        self._scheduled.set()

    def _finish(self) -> None:
        with self._lock:
            self._clock_pending = False
            self._done.set()
            callbacks, self._callbacks = self._callbacks, []
        for fn in callbacks:
            fn(self)

    def waiting_on_clock(self) -> bool:
        """True while the real render is done and only the clock's delay is left."""
        with self._lock:
            return self._clock_pending

    def add_done_callback(self, fn: Callable[[Any], None]) -> None:
        """Call ``fn(job)`` once finished (at once if it is)."""
        with self._lock:
            if not self._done.is_set():
                self._callbacks.append(fn)
                return
        fn(self)

    def done(self) -> bool:
        """True once the clock's delay has passed after the real render."""
        return self._done.is_set()

    def wait_scheduled(self, timeout: float | None = None) -> None:
        """Block until the real render is done and the delay's end is scheduled on the clock
        (from then on the job's end depends on the clock alone).

        :raises SpeechError: the real render failed, or ``timeout`` seconds passed first.
        """
        self.inner.wait(timeout)
        if not self._scheduled.wait(timeout):
            raise SpeechError(f"speech not scheduled within {timeout} s: {self.text!r}")

    def wait(self, timeout: float | None = None) -> Path:
        """The WAV's path once the *real* render is done (the delay only holds back
        :meth:`add_done_callback`; blocking on a virtual clock would never end).

        :raises SpeechError: as :meth:`RenderJob.wait`.
        """
        return self.inner.wait(timeout)


class SlowRenderer:
    """Wraps a :class:`~firmware_host.audio.speech.SpeechRenderer`: each live render finishes
    ``seconds`` (≥ 0) later on ``clock`` than the real one (see the module docstring).

    :param inner: the real renderer (its cache is used as usual).
    :param clock: a :class:`~firmware_host.clock.Clock`.
    :param seconds: extra render time per sentence, in seconds.
    :param warm: a warm cache: a sentence already in the speech cache takes no extra time
        (a board that has said it before); False: every live render is slow (a fresh cache).
    :raises ValueError: a negative ``seconds``.
    """

    def __init__(self, inner: Any, clock: Any, seconds: float, *, warm: bool = False) -> None:
        if seconds < 0:
            raise ValueError(f"a render cannot take {seconds} s")
        self.inner = inner
        self.clock = clock
        self.seconds = float(seconds)
        self.warm = bool(warm)

    def render(self, text: str, language: str = "de", voice: str = "", rate: int = 175, *,
               background: bool = False) -> Any:
        """As :meth:`SpeechRenderer.render`; a live render is slowed down by ``seconds``.

        :raises SpeechError: as the real renderer.
        """
        job = self.inner.render(text, language, voice, rate, background=background)
        if background or (self.warm and job.done()):
            return job
        return SlowRenderJob(job, self.clock, self.seconds)

    @property
    def pronounce(self) -> Any:
        """The real renderer's pronunciation overrides (``pronounce(text, language) -> text``
        or None); set here, they are the real renderer's, so a slow board says a game's title
        as the board does and finds it in the same cache entry."""
        return self.inner.pronounce

    @pronounce.setter
    def pronounce(self, value: Any) -> None:
        self.inner.pronounce = value

    def pending(self) -> int:
        """The real renderer's queue."""
        return self.inner.pending()

    def close(self) -> None:
        """Close the real renderer."""
        self.inner.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


__all__ = ["SlowRenderer", "SlowRenderJob", "SpeechError"]
