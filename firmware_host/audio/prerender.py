"""Pre-rendering: the sentences a table can need next, rendered in the background at low priority.

A sentence rendered in the middle of a game keeps its listeners waiting (about 0.1 s on a Pi
Zero 2 W, more for a long one); one already in the speech cache starts at once. The game
hands the audio layer a *plan* — a function returning (channel, text) pairs, most needed
first (a table's ``SpeechPlan.sentences``, :mod:`firmware_host.table.speech_plan`)
— and one :class:`Prerenderer` thread walks it:

- at low priority: the thread lowers its own scheduling priority (``nice``, Linux
  per-thread), has at most **one** render queued at a time, and queues it as a background
  job of the :class:`~firmware_host.audio.speech.SpeechRenderer`, which renders live speech
  first; so a live sentence waits for at most the one background render already started.
  It shares the interpreter lock with the board's threads, so after each sentence it sleeps
  at least as long as the sentence took (at most half of one core, and the lock free most
  of the time: an input is never kept waiting for a plan being walked);
- only while the board is quiet: nothing queued or playing on any output, and nothing said
  or ended for :data:`QUIET_S` seconds (nor a plan given: a setup hands over its plan just before its
  first sentence). A live sentence is prepared, decoded and started with the interpreter lock
  to itself, so it never waits behind a walk (setup → first prolog sample);
- lazily, and only once the renderer is released (``run`` holds it until READY=1): giving
  a plan costs nothing on the path to "ready"; sentences already in the cache cost one ``stat`` (and mark the file as
  recently used, so pruning the cache keeps them);
- each sentence at the *current* rate of its channel; :meth:`refresh` walks the plan again
  for one channel only (its rate changed: only what that seat hears is rendered again);
- :meth:`soon` puts a short list in front of the plan (the sentences the next move can need);
- an item is (channel, text), said in the board's current language, or (channel, text,
  language) for a sentence said in another one (the setup from the seats in each of the
  board's languages, rendered when the service starts).

After each complete walk the speech cache is pruned to its cap (least recently used first),
so one-off sentences of old games go and the plan's stay.

Example::

    pre = Prerenderer(audio)
    pre.plan(lambda: plan.sentences(7, "de", names={0: "Anna"}))
    pre.wait_idle(600)
    pre.close()
"""

from __future__ import annotations

import collections
import logging
import os
import threading
import time
from typing import Any, Callable, Iterable, Iterator

from firmware_host.audio.speech import SpeechError

log = logging.getLogger("firmware_host.audio")

#: the nice value (0–19) the pre-render thread runs at; live speech and inputs run at 0
NICE = 10
#: seconds the pre-render thread sleeps at least after each sentence (see the module docstring)
MIN_PAUSE = 0.001
#: seconds of quiet (nothing said, queued or playing) before each pre-rendered sentence
QUIET_S = 0.3
#: lists given by :meth:`Prerenderer.soon` / :meth:`~Prerenderer.refresh` kept waiting at most
#: (the oldest is dropped first; a new plan drops them all: it walks everything again)
FRONT_LISTS = 8
Plan = Callable[[], Iterable[tuple[str, ...]]]


def lower_thread_priority(nice: int) -> bool:
    """Lower the calling thread's scheduling priority to ``nice`` (Linux: per thread).

    :returns: True if done; False where the platform cannot (the thread then runs at the
        process's priority, and the render queue's order still puts live speech first).
    """
    try:
        tid = threading.get_native_id()
        current = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, max(current, nice))
        return True
    except (AttributeError, OSError):
        return False


class Prerenderer:
    """Walks pre-render plans on one low-priority background thread (see the module docstring).

    :param audio: the :class:`~firmware_host.audio.service.AudioService` whose renderer,
        settings (language, voice, rate per channel) and cache are used.
    :param nice: the thread's nice value (default :data:`NICE`).
    :param prune_mb: after each complete walk, prune the speech cache to this many MB
        (0 = never).
    :ivar rendered: sentences rendered by walks so far.
    :ivar cached: sentences a walk found in the cache already.
    :ivar failed: sentences that could not be rendered (logged by the renderer).
    :ivar walks: complete walks of a plan.
    """

    def __init__(self, audio: Any, *, nice: int = NICE, prune_mb: float = 0.0) -> None:
        self.audio = audio
        self.nice = nice
        self.prune_mb = prune_mb
        self.rendered = self.cached = self.failed = self.walks = 0
        self._cond = threading.Condition()
        self._plan: Plan | None = None
        self._walk: Iterator[tuple[str, str]] | None = None
        # the newest lists only: while the board speaks without a pause the walk waits, and a
        # list for a move long past is not worth keeping (bounded memory over many games)
        self._front: collections.deque[Iterator[tuple[str, str]]] = collections.deque(maxlen=FRONT_LISTS)
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        #: ``time.monotonic()`` of the last plan or list given (the live sentence follows it)
        self._given_at = 0.0

    # -- what to render --------------------------------------------------------------------

    def plan(self, sentences: Plan) -> None:
        """Walk ``sentences()`` from its start, instead of any plan given before (and of the
        lists of :meth:`soon` still waiting); returns at once.

        :param sentences: ``() -> iterable of (channel, text)``, called on the pre-render
            thread; ``channel`` is ``"public"`` or ``"seat:N"`` (its rate is used).
        """
        with self._cond:
            self._given_at = time.monotonic()
            self._plan = sentences
            self._front.clear()         # the lists of the old plan's moves
            self._walk = None           # made on the thread: formatting is the thread's work
            self._start()
            self._cond.notify_all()

    def soon(self, items: Iterable[tuple[str, str]]) -> None:
        """Render ``items`` (channel, text) before going on with the plan; returns at once."""
        with self._cond:
            self._given_at = time.monotonic()
            self._front.append(iter(items))
            self._start()
            self._cond.notify_all()

    def refresh(self, channel: str) -> None:
        """The rate of ``channel`` changed: walk the current plan again for it only, first."""
        with self._cond:
            plan = self._plan
            if plan is None:
                return
            self._front.append(item for item in _lazy(plan) if item[0] == channel)
            self._start()
            self._cond.notify_all()

    # -- state -----------------------------------------------------------------------------

    def idle(self) -> bool:
        """True when nothing is left to walk and no render of the walk is under way."""
        with self._cond:
            return not self._busy and not self._front and (self._plan is None or self._walk is _DONE)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until :meth:`idle` (True) or ``timeout`` seconds passed (False)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.idle():
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(0.02)
        return True

    def close(self) -> None:
        """Stop walking (a render under way finishes in the renderer); safe to call twice."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)

    # -- the thread ------------------------------------------------------------------------

    def _start(self) -> None:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="speech-prerender", daemon=True)
            self._thread.start()

    def _wait_quiet(self) -> None:
        """Block until the board is quiet (see the module docstring) or this is closed."""
        audio = self.audio
        idle = getattr(audio, "idle", None)
        while True:
            last = max(self._given_at, getattr(audio, "last_sound", 0.0))
            left = QUIET_S - (time.monotonic() - last)
            if left <= 0 and (idle is None or idle()):
                return
            with self._cond:
                if self._closed:
                    return
                self._cond.wait(max(left, 0.1))

    def _next(self) -> tuple[tuple[str, str] | None, bool]:
        """The next (channel, text) to render and whether it ends a walk of the plan."""
        while True:
            with self._cond:
                while not self._closed and not self._front and (self._plan is None or self._walk is _DONE):
                    self._cond.wait()
                if self._closed:
                    return None, False
                if self._front:
                    source, from_plan = self._front[0], False
                else:
                    if self._walk is None:
                        self._walk = _lazy(self._plan)
                    source, from_plan = self._walk, True
                self._busy = True
            self._wait_quiet()
            with self._cond:
                if self._closed:
                    return None, False
                if (source is not self._walk) if from_plan else all(f is not source for f in self._front):
                    self._busy = False      # dropped while waiting (a new plan, newer lists)
                    continue
            item = next(source, None)   # formats the text: on this (low-priority) thread
            if item is not None:
                return item, False
            with self._cond:
                self._busy = False
                if not from_plan:
                    if self._front and self._front[0] is source:
                        self._front.popleft()
                    continue
                if self._walk is source:
                    self._walk = _DONE
                    return None, True

    def _run(self) -> None:
        lower_thread_priority(self.nice)
        released = getattr(self.audio.renderer, "released", None)
        while released is not None and not released.wait(0.2):   # not before "ready" (run)
            if self._closed:
                return
        while True:
            item, walked = self._next()
            if walked:
                self.walks += 1
                self._after_walk()
                continue
            if item is None:
                return
            started = time.monotonic()
            try:
                self._render(*item[:3])
            except Exception:  # noqa: BLE001 - one bad sentence must not end pre-rendering
                log.exception("prerender: %r", item)
                self.failed += 1
            finally:
                with self._cond:
                    self._busy = False
            time.sleep(max(MIN_PAUSE, time.monotonic() - started))   # the lock and a core for the board

    def _render(self, channel: str, text: str, language: str | None = None) -> None:
        settings = self.audio.settings
        try:
            job = self.audio.renderer.render(text, language or settings.language, settings.voice, settings.rate(channel),
                                             background=True)
        except SpeechError:
            self.failed += 1
            return
        if job.done():
            self.cached += 1
            return
        try:
            job.wait(settings.render_timeout * 4 + 5)
        except SpeechError:
            self.failed += 1
            return
        self.rendered += 1

    def _after_walk(self) -> None:
        log.info("prerender: plan walked (%d rendered, %d already cached, %d failed so far)",
                 self.rendered, self.cached, self.failed)
        prune = getattr(self.audio.renderer, "prune", None)
        if self.prune_mb > 0 and callable(prune):
            try:
                prune(self.prune_mb)
            except OSError as exc:
                log.warning("prerender: pruning the speech cache: %s", exc)


#: marks a walk of the plan as complete
_DONE: Iterator[tuple[str, str]] = iter(())


def _lazy(plan: Plan | None) -> Iterator[tuple[str, str]]:
    """Iterate ``plan()`` (nothing when None); errors of the plan itself are logged and end it."""
    if plan is None:
        return
    try:
        yield from plan()
    except Exception:  # noqa: BLE001 - a broken plan ends its walk, never the thread
        log.exception("prerender: the plan failed")
