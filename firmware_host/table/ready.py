"""A table that waits for its players: until every seat it waits for has said "ready", or a
timer the table set runs out (a game's discussion before a vote, its morning's talk).

No timer by default (ACCESSIBILITY.md 11: a time that decides for a player is the table's
choice); a timed wait may say a warning :data:`WARNING_S` before its end, and a seat's press in
that last stretch gives the wait as much again (ACCESSIBILITY.md 11: a press extends it). The
table hears each seat's "ready" with the count; once somebody is ready the table waits for the
others, and its reminders after a quiet spell name them (ACCESSIBILITY.md 28,
:meth:`ReadyWait.awaited`); a seat ready already that says so again hears in its own earphone
whom the table still waits for (:data:`WAITING_KEY`, ACCESSIBILITY.md 26, 28), in every game. A timer that runs out while the game is paused ends the wait at the
resume. The adapter holds one (``BoardAdapter.wait``): its pause, resume, undo, shutdown and
game-master key reach the wait without the game; the game begins it and words it.

Example::

    adapter.wait.begin(range(6), tag=day, keys={"ready": ("morning.ready", ("seat", "count", "total"))})
    adapter.speech.when_played(said, lambda: adapter.wait.time(180))   # its timer once it is heard
    adapter.wait.ready(3)        # the table hears "seat 4 is ready: 1 of 6"
    adapter.wait.end("gm")       # the game master ends it: adapter.wait_ended("gm")
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterable, Mapping

log = logging.getLogger("firmware_host.service")

__all__ = ["ReadyWait", "WAITING_KEY", "WARNING_S"]

#: a timed wait's warning comes this many seconds before its end; a seat's press in that last
#: stretch gives the wait this much again (ACCESSIBILITY.md 11)
WARNING_S = 60.0
#: what a seat ready already hears in its own earphone when it says "ready" again: the seats
#: the table still waits for (the board's catalogue, ``{"seats": [0-based seats]}``)
WAITING_KEY = "table.waiting"


class ReadyWait:
    """One wait of the table at a time (see the module docstring); on the service thread.

    :param service: the board service (its ``clock`` and ``post``).
    :param say: ``say(key, params)``: a line at the table.
    :param paused: ``paused() -> bool``: the game is paused (no line is said, the timer's end waits).
    :param ended: ``ended(reason)`` once the wait is over: ``"ready"`` (every seat ready),
        ``"timer"`` (the table's time ran out) or ``"gm"`` (the game master, or the game, ended it).
    :param tell: ``tell(seat, key, params)``: a line in that seat's own earphone (the answer
        to a seat ready already, :meth:`ready_seat`); None: such a press is answered nowhere.
    :param noted: ``noted(body)``: the wait's public course, to journal beside the game's
        actions: ``{"tag", "ready": [seats]}`` after each seat counted ready, ``{"tag",
        "ended": reason}`` when the wait ends (a game that comes back finds its wait as it
        stood, :meth:`restore`); None: nothing kept.
    """

    def __init__(self, service: Any, say: Callable[[str, dict], Any], paused: Callable[[], bool],
                 ended: Callable[[str], None], tell: Callable[[int, str, dict], Any] | None = None,
                 noted: Callable[[dict], None] | None = None) -> None:
        self.service = service
        self._say = say
        self._tell = tell
        self._noted = noted
        self._paused = paused
        self._ended = ended
        self.running = False
        #: the seats waited for, the seats that said "ready", the wait's own tag (a day's number)
        self.seats: tuple[int, ...] = ()
        self.ready: set[int] = set()
        self.tag: Any = None
        #: when the timer runs out (clock seconds), None without one
        self.ends_at: float | None = None
        self._keys: Mapping[str, tuple[str, tuple[str, ...]]] = {}
        self._timers: list[Any] = []
        self._due = False
        #: seat -> whom the table waited for when that ready seat's press was last told so
        self._told: dict[int, tuple[int, ...]] = {}

    def begin(self, seats: Iterable[int], seconds: float = 0.0, *, keys: Mapping[str, tuple[str, tuple[str, ...]]],
              tag: Any = None) -> None:
        """Wait for ``seats`` (0-based), with a timer of ``seconds`` (0: none).

        :param keys: what the table hears: ``"ready"`` (a seat is ready; params among ``seat``,
            ``count``, ``total``), optionally ``"warning"`` (:data:`WARNING_S` before the end)
            and ``"extended"`` (a press in the last stretch gave more time; ``seat``), each
            ``(key, the params its sentence takes)``.
        """
        self.stop()
        self.running, self.seats, self.ready, self.tag, self._keys = True, tuple(seats), set(), tag, dict(keys)
        self._told = {}
        if seconds:
            self._arm(self.service.clock.now() + seconds)

    def time(self, seconds: float) -> None:
        """Start the wait's timer now, ``seconds`` long (0: none): once the table has heard the
        wait's announcement (a timer must not run while the table still hears what came
        before it, ACCESSIBILITY.md 11). Nothing without a running wait."""
        if self.running and seconds:
            self._arm(self.service.clock.now() + seconds)

    def _arm(self, ends_at: float) -> None:
        """The timer runs out at ``ends_at``; its warning comes :data:`WARNING_S` before."""
        self._cancel()
        clock = self.service.clock
        self.ends_at = ends_at
        left = ends_at - clock.now()
        mine = object()
        self._timers = [mine]

        def later(seconds: float, then: Callable[[], None]) -> None:
            def fire() -> None:
                if self._timers and self._timers[0] is mine:
                    then()
            self._timers.append(clock.call_later(seconds, lambda: self.service.post(fire)))

        if "warning" in self._keys and left > WARNING_S:
            later(left - WARNING_S, lambda: self._line("warning"))
        later(left, self._ran_out)

    def _cancel(self) -> None:
        for handle in self._timers[1:]:
            handle.cancel()
        self._timers = []

    def _ran_out(self) -> None:
        if self._paused():
            self._due = True                      # ends at the resume
            return
        self.end("timer")

    def _line(self, event: str, **params: Any) -> None:
        if event in self._keys and not self._paused():
            key, names = self._keys[event]
            self._say(key, {name: params[name] for name in names})

    def press(self, seat: int) -> bool:
        """A waited seat's press: in a timed wait's last :data:`WARNING_S` (where the game words
        an extension) the wait gets that much again; else the seat is :meth:`ready`.

        :returns: False when the press meant nothing here (no wait, a seat not waited for:
            the game's own press, a repeat); a seat ready already is told whom the table
            waits for (:meth:`ready_seat`), once for the same seats waited for: its further
            presses are its repeat again (False; ACCESSIBILITY.md 2, issue 33: its secrets
            stay one press away).
        """
        if not self.running or seat not in self.seats:
            return False
        if seat in self.ready:
            awaited = tuple(self.awaited())
            if self._told.get(seat) == awaited:
                return False
            self._told[seat] = awaited
        now = self.service.clock.now()
        if "extended" in self._keys and self.ends_at is not None and self.ends_at - now <= WARNING_S:
            self._arm(now + WARNING_S)
            self._line("extended", seat=seat)
            return True
        return self.ready_seat(seat)

    def ready_seat(self, seat: int) -> bool:
        """``seat`` says it is ready: the table hears it with the count, and once every seat
        waited for is ready the wait ends (``"ready"``). A seat that was ready already is
        counted once: it hears in its own earphone whom the table still waits for
        (:data:`WAITING_KEY`, ``tell``; ACCESSIBILITY.md 26: its act is answered at once, 28:
        it knows what the table waits for), the same in every game with a ready wait.

        :returns: False when no wait is running or ``seat`` is not waited for; True when the
            seat was counted ready or told whom the table waits for."""
        if not self.running or seat not in self.seats:
            return False
        if seat in self.ready:
            if self._tell is not None and not self._paused():
                self._tell(seat, WAITING_KEY, {"seats": list(self.awaited())})
            return True
        self.ready.add(seat)
        if self._noted is not None:
            self._noted({"tag": self.tag, "ready": sorted(self.ready)})
        self._line("ready", seat=seat, count=len(self.ready), total=len(self.seats))
        if self.ready >= set(self.seats):
            self.end("ready")
        return True

    def end(self, reason: str = "gm") -> bool:
        """End the wait (its ``ended(reason)`` is said next). :returns: False without a wait."""
        if not self.running:
            return False
        tag = self.tag
        self.stop()
        if self._noted is not None:
            self._noted({"tag": tag, "ended": reason})
        log.info("the table's wait ends: %s", reason)
        self._ended(reason)
        return True

    def stop(self) -> None:
        """Forget the wait without ending it (a new game, an undo, the game's end)."""
        self._cancel()
        self.running, self._due, self.ends_at, self.ready, self.seats = False, False, None, set(), ()
        self._told = {}

    def restore(self, ready: Iterable[int]) -> None:
        """A game came back during this wait: the seats journaled ready (``noted``) count as
        ready again, nothing said (the table heard them before). Nothing without a wait."""
        if self.running:
            self.ready = {seat for seat in ready if seat in self.seats}

    def resume(self) -> bool:
        """The game resumed: a timer that ran out meanwhile ends the wait now.
        :returns: True when it did (its ``ended`` says what comes next)."""
        return self._due and self.end("timer")

    def awaited(self) -> tuple[int, ...]:
        """Whom the table's reminders name (ACCESSIBILITY.md 28): once a seat said "ready", the
        seats not yet ready; before that nobody (the table talks)."""
        if not self.running or not self.ready:
            return ()
        return tuple(s for s in self.seats if s not in self.ready)

    def view(self) -> dict | None:
        """The console's picture of the wait: ``ready`` seats and ``seconds_left`` (None
        without a timer); None without a wait."""
        if not self.running:
            return None
        left = None if self.ends_at is None else max(0.0, round(self.ends_at - self.service.clock.now(), 1))
        return {"ready": sorted(self.ready), "seconds_left": left}
