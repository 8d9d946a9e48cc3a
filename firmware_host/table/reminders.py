"""Nobody waits in silence (ACCESSIBILITY.md 28, issue 31): an open vote or choice reminds
the table whom it waits for after a quiet spell, and again less often.

The table owns the timing, once for every game; a game supplies only who is awaited and the
words (the adapter's hooks ``awaited()`` and ``reminder_lines(seats)``). A reminder decides
nothing (ACCESSIBILITY.md 11: no time limit by default): it is speech, never an action.

How it goes: every clip that ends (the service's end listeners) and every move starts the
quiet spell anew: a clip on the table speaker or in an awaited seat's earphone, so seats that
browse their own menus meanwhile do not keep the awaited seat from being called; while who is
awaited is a secret (``secret()``, a night's actors), a clip on any output, so when the
reminder comes tells nothing of whose earphone was busy (R16). After :data:`FIRST_S` seconds in which nothing played, if the
game waits for somebody, the table hears the reminder; each further reminder for the same
wait comes after twice the quiet of the one before (:data:`FIRST_S` × 2ⁿ, at most
:data:`LONGEST_S`), and after :data:`MOST` reminders the table stays quiet until something
changes (a move, another seat awaited), so a seat that left the table is not called for ever.
A new wait (other seats awaited, a move accepted) starts again at :data:`FIRST_S`, and so
does an awaited seat's own press that is no move (its list opened, a cancel: :meth:`Reminders.acted`).

Only a voice that reports playback (``voice.timed()``) is reminded: without sound nobody
hears a quiet spell.

Example::

    reminders = Reminders(service, awaited=lambda: (3,), remind=lambda seats: say_waiting(seats))
    reminders.start()         # a game began: listen for the ends of clips
    reminders.moved()         # a move was accepted: a new wait
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

log = logging.getLogger("firmware_host.service")

__all__ = ["Reminders", "FIRST_S", "LONGEST_S", "MOST", "BROWSE_S", "delay"]

#: seconds of quiet (nothing playing on any output) before the first reminder of a wait
#: (below the 30 s that count as a silence of the board, issue 31)
FIRST_S = 20.0
#: the longest quiet between two reminders of one wait, seconds
LONGEST_S = 300.0
#: seconds into one wait with no move after which an awaited seat's own earphone (a list it
#: browses) no longer keeps the table's reminder away (issue 31)
BROWSE_S = 120.0
#: reminders of one wait at most (20 + 40 + 80 + 160 + 300 s: the last about ten minutes in)
MOST = 5


def delay(level: int) -> float:
    """Seconds of quiet before reminder number ``level`` (0-based) of one wait:
    :data:`FIRST_S` × 2^level, at most :data:`LONGEST_S`."""
    return min(LONGEST_S, FIRST_S * (2 ** max(0, level)))


class Reminders:
    """The reminders of one adapter's games (see the module docstring); on the service thread.

    :param service: the board service (its ``clock``, ``post``, ``voice`` and
        ``subscribe_ends``).
    :param awaited: ``awaited() -> tuple of seats``: whom the game waits for now (0-based),
        empty when nobody (no game, paused, a discussion, game over).
    :param remind: ``remind(seats)``: say the reminder for ``seats``.
    :param secret: ``secret() -> bool``: who is awaited is a secret now (then the quiet is
        measured on every output); default never.
    :param stuck: ``stuck(seat) -> bool``: the awaited ``seat``'s own list has stopped after
        its passes (its earphone no longer counts as activity); default never.
    """

    def __init__(self, service: Any, awaited: Callable[[], Sequence[int]],
                 remind: Callable[[tuple[int, ...]], None], secret: Callable[[], bool] = lambda: False,
                 stuck: Callable[[int], bool] = lambda seat: False) -> None:
        self.service = service
        self.awaited = awaited
        self.remind = remind
        self.secret = secret
        self.stuck = stuck
        self._since = 0.0                           # clock seconds: when the current wait began
        self.level = 0                              # reminders said for the current wait
        self.said: list[tuple[float, tuple[int, ...]]] = []   # (clock seconds, seats), for the console and tests
        self._for: tuple[int, ...] | None = None    # the seats the current wait is for
        self._timer: Any = None
        self._generation = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._on = False

    def _voice_timed(self) -> bool:
        voice = getattr(self.service, "voice", None)
        timed = getattr(voice, "timed", None)
        return bool(timed()) if callable(timed) else False

    def start(self) -> None:
        """A game began (or was resumed): listen for the ends of clips and start a wait; the
        seats' paces learn whom the game waits for from here too (:attr:`SeatPaces.awaited
        <firmware_host.table.pace.SeatPaces.awaited>`: a seat awaited answers its wait's cue)."""
        if not self._voice_timed():
            return
        from firmware_host.table import pace
        pace.for_service(self.service).awaited = self._seats
        self._on = True
        if self._unsubscribe is None:
            subscribe = getattr(self.service, "subscribe_ends", None)
            if callable(subscribe):
                self._unsubscribe = subscribe(self._ended)
        self.moved()

    def stop(self) -> None:
        """The game ended, was paused or gave way to another: no more reminders (nor whom it
        waits for, for the seats' paces)."""
        self._on = False
        self._cancel()
        paces = self.service.__dict__.get("_seat_paces") if hasattr(self.service, "__dict__") else None
        if paces is not None and getattr(paces, "awaited", None) == self._seats:
            paces.awaited = None

    def moved(self) -> None:
        """A move was accepted (or the game's step changed): a new wait begins."""
        self.level = 0
        self._for = None
        self._since = self.service.clock.now()
        self._arm()

    def acted(self, seat: int) -> None:
        """A seat pressed (its list opened, a pick, a cancel) without a move being accepted:
        when it is an awaited seat — or any seat while who is awaited is a secret, so the
        reminder's moment tells nothing of whose press it was (R16) — the wait's reminders
        start again from the first quiet spell (:data:`FIRST_S`), so after an awaited seat's
        own act (a cancel, a list it let stop) the table speaks within 30 s of quiet (issue 31),
        not after the longer spell the wait had reached.

        :param seat: the pressing seat (0-based).
        """
        if not self._on:
            return
        try:
            secret = bool(self.secret())
        except Exception as exc:  # noqa: BLE001 - a game's hook never stops the table
            log.warning("reminder: whether whom the game waits for is a secret: %s", exc)
            secret = True
        if not secret and seat not in self._seats():
            return
        self.level = 0
        self._arm()

    def _cancel(self) -> None:
        self._generation += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _arm(self) -> None:
        """(Re)start the quiet spell: the next reminder after the quiet it needs."""
        if not self._on:
            return
        self._cancel()
        seats = self._seats()
        if seats and seats != self._for:
            if self.level:
                self._since = self.service.clock.now()    # other seats awaited: a new wait
            self.level = 0
        if seats and self.level >= MOST:
            return
        # nobody awaited now (a step's own time runs, a discussion): asked again after a
        # first quiet spell, as the game may come to wait for somebody without a sound
        generation = self._generation
        self._timer = self.service.clock.call_later(
            delay(self.level if seats else 0), lambda: self.service.post(lambda: self._due(generation)))

    def _ended(self, line: dict) -> None:
        """A clip ended: the quiet starts anew if it played where the quiet is measured."""
        outputs = self._outputs()
        if outputs is None or line.get("channel") in outputs:
            self._arm()

    def _outputs(self) -> tuple[str, ...] | None:
        """Where the quiet is measured: the table speaker and the awaited seats' earphones;
        None (every output) while nobody is awaited or who is awaited is a secret."""
        seats = self._seats()
        try:
            secret = bool(self.secret())
        except Exception as exc:  # noqa: BLE001 - a game's hook never stops the table
            log.warning("reminder: whether whom the game waits for is a secret: %s", exc)
            secret = True
        if not seats or secret:
            return None
        return ("public", *(f"seat:{s}" for s in seats if not self._browsing(s)))

    def _browsing(self, seat: int) -> bool:
        """True when awaited ``seat``'s earphone no longer keeps the reminder away: its list
        stopped after its passes, or the wait is :data:`BROWSE_S` old with no move."""
        if self.service.clock.now() - self._since >= BROWSE_S:
            return True
        try:
            return bool(self.stuck(seat))
        except Exception as exc:  # noqa: BLE001 - a game's hook never stops the table
            log.warning("reminder: whether a seat's list stopped: %s", exc)
            return False

    def _seats(self) -> tuple[int, ...]:
        try:
            return tuple(sorted(set(int(s) for s in self.awaited() or ())))
        except Exception as exc:  # noqa: BLE001 - a game's hook never stops the table
            log.warning("reminder: whom the game waits for: %s", exc)
            return ()

    def _due(self, generation: int) -> None:
        if generation != self._generation or not self._on:
            return
        self._timer = None
        voice = self.service.voice
        outputs = self._outputs()
        if not (voice.idle() if outputs is None else voice.idle(outputs)):
            self._arm()                     # something plays: the quiet starts after it
            return
        seats = self._seats()
        if not seats:
            self._arm()
            return
        if seats != self._for:
            self.level = 0
        self._for = seats
        self.level += 1
        self.said.append((self.service.clock.now(), seats))
        log.info("reminder %d of this wait (nothing played for a while)", self.level)   # no seat: it may be a secret
        self.remind(seats)
        self._arm()                         # the reminder's own end arms it again, too
