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
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterable

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
        #: (NFC text, language, voice, rate) of the sentences the board walked before its
        #: clock started (:class:`BootWalk`): in its cache, as the board's boot left it
        self.walked: set[tuple[str, str, str, int]] = set()

    def walk(self, text: str, language: str, voice: str, rate: int) -> None:
        """The board rendered this sentence before its clock started (its boot's walk,
        :class:`BootWalk`): with :attr:`warm`, said later it takes no extra time, as one in the
        cache (it is rendered for real only when said, at no cost on the clock)."""
        self.walked.add((unicodedata.normalize("NFC", text), language, voice, int(rate)))

    def render(self, text: str, language: str = "de", voice: str = "", rate: int = 175, *,
               background: bool = False) -> Any:
        """As :meth:`SpeechRenderer.render`; a live render is slowed down by ``seconds``.

        :raises SpeechError: as the real renderer.
        """
        job = self.inner.render(text, language, voice, rate, background=background)
        if background or (self.warm and (job.done() or (unicodedata.normalize("NFC", text), language, voice,
                                                         int(rate)) in self.walked)):
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


class BootWalk:
    """The pre-render of a board on a clock that moves only when asked (``simulate``), in place
    of the :class:`~firmware_host.audio.prerender.Prerenderer` thread, whose walk in wall time
    would race the clock (a run must be the same run after run, issue 30).

    The board gives its plans as a board does (the service's boot: the setup from the seats in
    every language and the table, :meth:`~firmware_host.table.front.TableFront.plan_speech`).
    The boot's plan (the last given while the board boots) is walked at once once it has
    booted (:meth:`booted`), before the clock moves: the board was
    switched on before the players came, and its first setup is as quick as on a board that
    has walked its plan (issue 31). On a :class:`SlowRenderer` with a warm cache (a fresh
    Pi's first evening, ``--render-seconds X --fresh-cache``) each sentence of it is marked as
    in the cache (:meth:`SlowRenderer.walk`), so nothing is rendered before it is said. Later
    plans (a game set up, a seat renamed) and lists to render soon are walked by a board in
    the gaps of the game at its own pace; here they are rendered when said.

    :param settings: the :class:`~firmware_host.audio.settings.AudioSettings` (language, voice,
        the rate of each channel).
    :param renderer: the renderer the board speaks with; only a :class:`SlowRenderer` with a
        warm cache keeps what is walked (any other renders every sentence alike).
    :ivar walks: the plans walked (0 or 1).
    :ivar walked: the sentences marked by the walk.
    """

    def __init__(self, settings: Any, renderer: Any) -> None:
        self.settings = settings
        self.renderer = renderer
        self.walks = 0
        self.walked = 0
        self._boot: Callable[[], Iterable[tuple[str, ...]]] | None = None
        self._booting = True

    def plan(self, sentences: Callable[[], Iterable[tuple[str, ...]]]) -> None:
        """A plan ((channel, text) or (channel, text, language) items): while the board boots
        it replaces any given before, as on a board (:meth:`booted` walks the last one); after
        the boot it is not walked (rendered when said)."""
        if self._booting:
            self._boot = sentences

    def booted(self) -> None:
        """The board has booted (before its clock moves): walk the boot's plan, the last one
        given, at once; later plans are not walked."""
        plan, self._boot, self._booting = self._boot, None, False
        walk = getattr(self.renderer, "walk", None)
        if plan is None or walk is None or not getattr(self.renderer, "warm", False):
            return
        self.walks = 1
        settings = self.settings
        for item in plan():
            channel, text = item[0], item[1]
            walk(text, item[2] if len(item) > 2 else settings.language, settings.voice, settings.rate(channel))
            self.walked += 1

    def soon(self, items: Iterable[tuple[str, str]]) -> None:
        """A list to render before the rest: rendered when said (see the class docstring)."""

    def refresh(self, channel: str) -> None:
        """A channel's rate changed: nothing to walk again."""

    def idle(self) -> bool:
        """Always True: nothing walks in the background."""
        return True

    def wait_idle(self, timeout: float | None = None) -> bool:
        """True at once (:meth:`idle`)."""
        return True

    def close(self) -> None:
        """Nothing to stop."""


__all__ = ["BootWalk", "SlowRenderer", "SlowRenderJob", "SpeechError"]
