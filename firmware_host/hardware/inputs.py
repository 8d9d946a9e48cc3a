"""Debouncing and gesture recognition on the injected clock (no gpiozero in here).

gpiozero's mock pins ignore ``bounce_time`` and the real pin factories each treat it
differently, so the board does its own: a raw level counts only once it has stayed unchanged
for the settle time (bounce time); a contact that never settles within ``chatter_s`` is a
:class:`~firmware_host.hardware.events.Fault`, never an action. Everything here runs under the
board's lock: the raw-edge methods are called from gpiozero's callback thread, the timers from
the clock's thread (or the thread advancing a :class:`~firmware_host.clock.VirtualClock`).

Classes: :class:`Debouncer` (one value, settled), :class:`GestureButton` (press / hold /
double press / ignore-repeat / stuck, ACCESSIBILITY.md 12), :class:`LawSlot` (filled /
emptied), :class:`PegHoles` (which hole the peg sits in).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from firmware_host.clock import Clock, TimerHandle

log = logging.getLogger(__name__)

#: ``schedule(delay_s, callback) -> TimerHandle``: the clock's call_later, run under the board lock
Schedule = Callable[[float, Callable[[], None]], TimerHandle]
#: ``fault(reason, detail, extra=None)``: ``extra`` (optional dict) adds to the fault's part
#: description, e.g. ``{"holes": [0, 2]}`` (see :class:`~firmware_host.hardware.events.Fault`)
FaultSink = Callable[..., None]


#: spikes (bursts that end at the level they started from) a restless run needs before it
#: counts as chatter, besides lasting ``chatter_s``
MIN_SPIKES = 5


class Debouncer:
    """Settles a raw value: reports it once it has not changed for ``settle_s`` seconds, and
    finds a chattering contact.

    **Chatter** (reported once per restless run through ``on_chatter()``): a *run* is a
    sequence of edges none more than ``chatter_s`` seconds after the one before. A run is
    chatter when one burst (edges less than ``settle_s`` apart) goes on for longer than
    ``chatter_s`` (a buzzing contact), or when it holds at least :data:`MIN_SPIKES` *spikes*
    (bursts that settle back to the level they started from: contact for less than the
    bounce time) and spans more than ``chatter_s`` (an intermittent contact). Every level
    settled within a chattering run is reported ``clean=False``; once the contact has been
    quiet for ``chatter_s`` the run ends and ``on_calm(value)`` is called.

    :param clock: the board clock (``now()`` in seconds).
    :param schedule: see :data:`Schedule`.
    :param settle_s: quiet time in seconds (the bounce time).
    :param chatter_s: seconds (config ``buttons.chatter_s``), see above.
    :param initial: the settled value at start.
    :param on_settled: ``on_settled(value, clean)`` when the settled value changes; ``clean``
        is False within a run reported as chatter.
    :param on_chatter: called once per chattering run.
    :param on_calm: ``on_calm(value)`` when a chattering run has ended (optional).

    :attr:`read` (optional, ``read() -> value``) re-reads the input when it settles, so a
    lost edge can never leave a wrong level behind.
    """

    def __init__(self, clock: Clock, schedule: Schedule, settle_s: float, chatter_s: float, initial: Any,
                 on_settled: Callable[[Any, bool], None], on_chatter: Callable[[], None],
                 on_calm: Callable[[Any], None] | None = None) -> None:
        self._clock = clock
        self._schedule = schedule
        self.settle_s = settle_s
        self.chatter_s = chatter_s
        self.raw = initial
        self.value = initial
        self._on_settled = on_settled
        self._on_chatter = on_chatter
        self._on_calm = on_calm
        self._timer: TimerHandle | None = None
        self._calm_timer: TimerHandle | None = None
        self._burst_start: float | None = None
        self._burst_from: Any = initial
        #: clock time (s) of the first edge of the current run, or None
        self.run_start: float | None = None
        self._last_edge: float | None = None
        self._spikes = 0
        #: True while the current run has been reported as chatter
        self.chattering = False
        self.read: Callable[[], Any] | None = None

    def update(self, raw: Any) -> None:
        """A raw change (an edge): restart the settle time."""
        now = self._clock.now()
        self.raw = raw
        if self._last_edge is None or now - self._last_edge > self.chatter_s:
            if not self.chattering:
                self.run_start, self._spikes = now, 0
        if self.run_start is None:
            self.run_start = now
        self._last_edge = now
        if self._burst_start is None:
            self._burst_start = now
            self._burst_from = self.value
        elif now - self._burst_start > self.chatter_s:
            self._chatter()
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._schedule(self.settle_s, self._settle)

    def _chatter(self) -> None:
        if not self.chattering:
            self.chattering = True
            self._on_chatter()

    @property
    def settling(self) -> bool:
        """True while raw edges are still within their settle time."""
        return self._timer is not None

    def _settle(self) -> None:
        self._timer = None
        if self.read is not None:
            try:
                self.raw = self.read()
            except Exception as exc:  # noqa: BLE001 - keep the level from the last edge
                log.debug("reading the settled level failed (%s); keeping the last edge's", exc)
        self._burst_start = None
        if self.raw == self._burst_from:
            self._spikes += 1
            if (self._spikes >= MIN_SPIKES and self._last_edge is not None and self.run_start is not None
                    and self._last_edge - self.run_start > self.chatter_s):
                self._chatter()
        if self.chattering:
            if self._calm_timer is not None:
                self._calm_timer.cancel()
            self._calm_timer = self._schedule(max(0.0, self.chatter_s - self.settle_s) + 1e-6, self._calm)
        if self.raw != self.value:
            self.value = self.raw
            self._on_settled(self.value, not self.chattering)

    def _calm(self) -> None:
        self._calm_timer = None
        if self._timer is not None or self._last_edge is None:
            return                             # edges again: the next settle looks again
        if self._clock.now() - self._last_edge < self.chatter_s:
            return
        self.chattering = False
        self.run_start, self._spikes = None, 0
        if self._on_calm is not None:
            self._on_calm(self.value)

    def cancel(self) -> None:
        """Drop a pending settle (closing the board)."""
        for timer in (self._timer, self._calm_timer):
            if timer is not None:
                timer.cancel()
        self._timer = self._calm_timer = None


class GestureButton:
    """A push button (seat button or game-master key) turned into gestures.

    - **press**: down and up again before ``hold_s``; reported at release + bounce time (with
      double press on: only once ``double_press_s`` has passed without a second press).
    - **hold**: reported the moment it has been down for ``hold_s`` (its release is silent).
    - **double**: (only with ``double_press`` on) a second press starting within
      ``double_press_s`` of the first one's release. A second press that chatters, sticks or
      becomes a hold makes no double: the clean first press counts as a **press** of its own
      (reported the moment the second is known to be no short press, before the hold or the
      fault), and the second press gives what it would give alone (a hold; nothing when it
      chattered or stuck). A player who pressed once cleanly never loses that press to a
      faulty second one.
    - presses starting within ``ignore_repeat_s`` after an accepted gesture are ignored whole
      (ACCESSIBILITY.md 12: tremor), as are presses whose contact chattered: a press under way
      when chatter is found, and every press until the contact has been quiet for
      ``chatter_s`` (``fault("chatter", …)`` once, see :class:`Debouncer`).
    - down for ``stuck_s`` (or already down at start): ``fault("stuck", …)`` once; its release
      gives no gesture.

    :param timing: :class:`firmware_host.hardware.settings.Timing` (seconds).
    :param on_gesture: ``on_gesture(gesture)`` with ``press``/``hold``/``double``.
    :param fault: see :data:`FaultSink`.
    :param initial_down: the debounced level at start (True: pressed).
    """

    def __init__(self, clock: Clock, schedule: Schedule, timing: Any, on_gesture: Callable[[str], None],
                 fault: FaultSink, initial_down: bool = False) -> None:
        self._clock = clock
        self._schedule = schedule
        self.t = timing
        self._on_gesture = on_gesture
        self._fault = fault
        self.debouncer = Debouncer(clock, schedule, timing.bounce_s, timing.chatter_s, initial_down,
                                   self._settled, self._chatter)
        self._ignore_until = -1.0
        self._spoiled = False          # this press gives no gesture (ignored, chattered, stuck, held)
        self._second = False           # this press is the second of a double
        self._hold_timer: TimerHandle | None = None
        self._stuck_timer: TimerHandle | None = None
        self._double_timer: TimerHandle | None = None
        #: clock seconds when the press being reported went down (ACCESSIBILITY.md 27)
        self.down_at: float | None = None
        self._first_down_at: float | None = None
        if initial_down:
            self._spoiled = True
            fault("stuck", "down at start")

    def _chatter(self) -> None:
        """The contact chatters: the press under way (if any) gives no gesture."""
        if self.is_down:
            self._first_of_double_alone()
            self._spoiled = True
            if self._hold_timer is not None:
                self._hold_timer.cancel()
                self._hold_timer = None
        self._fault("chatter", f"contact does not settle within {self.t.chatter_s:g} s")

    @property
    def ready_at(self) -> float:
        """Clock time (s) from which a new press is no longer ignored (ignore-repeat)."""
        return self._ignore_until

    @property
    def is_down(self) -> bool:
        """The debounced level: True while pressed."""
        return bool(self.debouncer.value)

    def edge(self, down: bool) -> None:
        """A raw edge from the pin (True: contact closed)."""
        self.debouncer.update(down)

    def _settled(self, down: bool, clean: bool) -> None:
        if down:
            self._down(clean)
        else:
            self._up(clean)

    def _down(self, clean: bool) -> None:
        now = self._clock.now()
        self._second = False
        self._spoiled = not clean or now < self._ignore_until
        if not self._spoiled and self._double_timer is not None:
            self._double_timer.cancel()
            self._double_timer = None
            self._second = True
        if not self._spoiled and not self._second:
            self._first_down_at = now - self.t.bounce_s     # the contact closed for good then
        self._stuck_timer = self._schedule(self.t.stuck_s, self._stuck)
        if not self._spoiled:
            self._hold_timer = self._schedule(self.t.hold_s, self._hold)

    def _up(self, clean: bool) -> None:
        for timer in (self._hold_timer, self._stuck_timer):
            if timer is not None:
                timer.cancel()
        self._hold_timer = self._stuck_timer = None
        if self._spoiled or not clean:
            # a spoiled second press of a double has had its first press reported already
            # (_first_of_double_alone); this release gives nothing
            self._spoiled = False
            return
        if self._second:
            self._second = False
            self._accept("double")
        elif self.t.double_press:
            self._double_timer = self._schedule(self.t.double_press_s, self._double_expired)
        else:
            self._accept("press")

    def _double_expired(self) -> None:
        self._double_timer = None
        self._accept("press")

    def _hold(self) -> None:
        self._hold_timer = None
        if self.debouncer.settling:        # edges right now: let them settle (maybe a release)
            self._hold_timer = self._schedule(self.t.bounce_s, self._hold)
            return
        if self.is_down and not self._spoiled:
            self._spoiled = True       # the release of a hold is silent
            self._first_of_double_alone()
            self._accept("hold")

    def _stuck(self) -> None:
        self._stuck_timer = None
        if self.is_down:
            self._spoiled = True
            self._first_of_double_alone()
            self._fault("stuck", f"down for {self.t.stuck_s:g} s")

    def _first_of_double_alone(self) -> None:
        """The press under way will give no double (it chattered, stuck or became a hold): if
        it was the second of a double, the clean first press counts as a press by itself."""
        if self._second:
            self._second = False
            self._accept("press")

    def _accept(self, gesture: str) -> None:
        self._ignore_until = self._clock.now() + self.t.ignore_repeat_s
        self.down_at = self._first_down_at if gesture in ("press", "double") else None
        self._on_gesture(gesture)

    def cancel(self) -> None:
        """Drop every pending timer (closing the board)."""
        self.debouncer.cancel()
        for timer in (self._hold_timer, self._stuck_timer, self._double_timer):
            if timer is not None:
                timer.cancel()


class LawSlot:
    """A slot's reed switch: ``on_change(filled)`` once the contact has settled.

    A chattering reed switch is ``fault("chatter", …)`` once; its level is reported only
    once it has been quiet for ``chatter_s`` (then as one ``on_change`` if it differs from the
    last one reported), so chatter never fills or empties a slot by itself.

    :param settle_s: quiet time in seconds (``slots.settle_ms``).
    :param chatter_s: see :class:`Debouncer`.
    :param initial_filled: the level at start (no event for it; see ``Board.snapshot``).
    """

    def __init__(self, clock: Clock, schedule: Schedule, settle_s: float, chatter_s: float,
                 on_change: Callable[[bool], None], fault: FaultSink, initial_filled: bool = False) -> None:
        self._on_change = on_change
        self._reported = bool(initial_filled)
        self.debouncer = Debouncer(clock, schedule, settle_s, chatter_s, initial_filled,
                                   lambda filled, clean: clean and self._report(filled),
                                   lambda: fault("chatter", f"reed switch does not settle within {chatter_s:g} s"),
                                   self._report)

    def _report(self, filled: Any) -> None:
        if bool(filled) != self._reported:
            self._reported = bool(filled)
            self._on_change(self._reported)

    @property
    def filled(self) -> bool:
        """The level last reported: True while a tile's magnet closes the switch."""
        return self._reported

    def edge(self, closed: bool) -> None:
        """A raw edge from the reed switch (True: closed)."""
        self.debouncer.update(closed)

    def cancel(self) -> None:
        """Drop the pending settle."""
        self.debouncer.cancel()


class PegHoles:
    """The holes of the peg as one input: the position of the peg, 0-based, or None.

    All its contacts settle together: a move from one hole to the next within
    ``settle_s`` is one ``on_move(position)``; two holes closed at once is
    ``fault("two_holes", …, {"holes": [0, 2]})`` and leaves the position unchanged (BOARD.md
    principle 2). Chattering contacts are ``fault("chatter", …, {"holes": [...]})`` (the
    holes whose contacts moved) once; the position then counts only once they have been quiet
    for ``chatter_s``.

    :param holes: number of holes (4).
    :param initial: the raw levels at start (True: closed), hole 0 first.
    """

    def __init__(self, clock: Clock, schedule: Schedule, settle_s: float, chatter_s: float, initial: tuple[bool, ...],
                 on_move: Callable[[int | None], None], fault: FaultSink) -> None:
        self._raw = list(initial)
        self._edges: list[tuple[float, int]] = []     # (clock s, hole) of the current run
        self._clock = clock
        self._on_move = on_move
        self._fault = fault
        self.position = self._position(tuple(initial))
        if self.position == -1:
            closed = [i for i, c in enumerate(initial) if c]
            fault("two_holes", f"contacts closed in holes {', '.join(map(str, closed))} at start", {"holes": closed})
            self.position = None
        self.debouncer = Debouncer(clock, schedule, settle_s, max(chatter_s, settle_s * 4), tuple(initial),
                                   self._settled, self._chatter, lambda levels: self._settled(levels, True))

    def _chatter(self) -> None:
        start = self.debouncer.run_start
        holes = sorted({h for t, h in self._edges if start is None or t >= start})
        self._fault("chatter", f"peg contacts do not settle within {self.debouncer.chatter_s:g} s",
                    {"holes": holes})

    @staticmethod
    def _position(levels: tuple[bool, ...]) -> int | None:
        closed = [i for i, c in enumerate(levels) if c]
        if not closed:
            return None
        return closed[0] if len(closed) == 1 else -1

    def edge(self, hole: int, closed: bool) -> None:
        """A raw edge of hole ``hole``'s contact (True: closed)."""
        self._raw[hole] = closed
        self._edges.append((self._clock.now(), hole))
        if len(self._edges) > 256:          # a buzz: the holes are in the last few edges anyway
            del self._edges[:128]
        self.debouncer.update(tuple(self._raw))

    def _reread(self) -> tuple[bool, ...]:
        levels = tuple(bool(x) for x in self.read_levels())  # type: ignore[misc]
        self._raw = list(levels)
        return levels

    def set_reader(self, read_levels: Callable[[], tuple[bool, ...]]) -> None:
        """Re-read all four contacts (``read_levels()``, hole 0 first) whenever they settle."""
        self.read_levels = read_levels
        self.debouncer.read = self._reread

    def _settled(self, levels: tuple[bool, ...], clean: bool) -> None:
        if not clean:
            return                      # chattering: the calm after it decides
        position = self._position(levels)
        if position == -1:
            closed = [i for i, c in enumerate(levels) if c]
            self._fault("two_holes", f"contacts closed in holes {', '.join(map(str, closed))}", {"holes": closed})
            return
        if position != self.position:
            self.position = position
            self._on_move(position)

    def cancel(self) -> None:
        """Drop the pending settle."""
        self.debouncer.cancel()
