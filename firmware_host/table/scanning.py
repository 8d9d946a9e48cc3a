"""Single-switch scanning: choosing a seat with one button (ACCESSIBILITY.md 13–17, BOARD.md).

The chooser presses their own button; the items (eligible seats, then "cancel") are spoken one
by one into the chooser's earphone. A press picks the item playing now, or the one that
ended last before the press; never an item not yet heard (ACCESSIBILITY.md 21). Timing, all
in seconds on the service's clock, measured from what was *heard*:

- an extra ``first_delay`` (1 s) after the intro has ended, before the first item (14);
- the next item is said ``interval`` (1.5 s; 0.5–5 s) after the previous one *ended playing*
  (13, 21), so slow rendering or a busy earphone never shortens the window and names are
  never cut;
- a status or repeat the chooser asks for during the scan holds it: the item it cut off, or
  the one heard last, is said again after it, and the window runs from that (21);
- a press counts when the button went *down* (``event.down_at``, :func:`pressing`) and
  picks the item heard then; in the first ``grace`` seconds (0.5) of an item it still picks
  the one heard just before; an item cut off before it could be heard (a status cutting it
  at 0 s) is never picked, the one heard before it is (27); for a seat with a learned
  pace a press while the next item still plays, or sooner after it than that seat ever
  answers, still picks the one before (31: a slow reaction, :mod:`firmware_host.table.pace`);
- a distinct wrap tone when the list starts over (15); "cancel" is the last item of every list;
- after ``passes`` (3) full passes the scan stops with a spoken notice and resumes on a press
  (answered at once, ``on_intro_press``) with all its passes again; it never chooses by
  itself (14). This is the scan's only timeout: ``passes = 0`` switches it off, up to 30
  lengthens it tenfold (11);
- with ``confirm`` (a choice that cannot be taken back, 16) a pick opens a second two-item scan
  ("confirm NAME", "back"), its first item at once (the press's answer, 26); only a press on
  "confirm" chooses.
- with ``settings.undo`` (``[scan] undo``, 32) a pick is answered at once: the item playing
  is cut, the pick is said in the chooser's earphone (``speak(seat, "picked", …)``, key
  :data:`PICKED_KEY`) and the list stops; it becomes final only :attr:`Scan.undo_window`
  seconds after that answer has ended, and a press before then takes it back: the list is
  back at the item picked (``speak(seat, "again", …)``). "Cancel" ends a step as any pick
  does and waits out its window too. A confirmation's first item is the answer (said as
  ``picked``); a press before it has been heard (while its words are still said, or in its
  first ``grace`` seconds) goes back as well, a press once its words have been said confirms
  (it is the item heard, 21), also in the silence a padded answer ends with (R16: a press
  2 s into "Confirm: seat 1", padded to 4 s, chooses it); a list that is itself a game's
  confirmation (``purpose`` :data:`CONFIRMS`) takes its pick at once, but for its "cancel",
  which waits out the undo window like any pick (a press late for the confirmation answers
  "Cancel" and a press takes it back: one press lost, never the choice);
- the timing may be asked anew each time (``settings`` a callable): a seat's pace, learned
  while its list runs (31, :mod:`firmware_host.table.pace`); the pause after an item (and a
  pick's undo window) is read when that item has ended, so the press that opened a
  confirmation already sets the confirmation's timing.

A :class:`Scan` never touches the game: it calls ``on_choose(value)`` or ``on_cancel()``; the
controller turns that into an engine action, and only that final choice is announced at the
table (17). Timers go through ``post`` so they run on the service thread.

Example::

    scan = Scan(seat=0, items=[ScanItem(3, "Anna, seat 4", "scan.item", {"seat": 3}), ...],
                settings=ScanSettings(), clock=clock, post=service.post, speak=speak,
                on_choose=choose, on_cancel=cancel)
    scan.start()
    ... scan.press()        # from the seat's button while the scan runs
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import math
import threading
from typing import Any, Callable, Iterator

from firmware_host.clock import Clock, TimerHandle
from firmware_host.service.settings import ScanSettings

log = logging.getLogger(__name__)

CANCEL = object()
CONFIRM = object()

#: the purpose of a list that confirms a choice already picked (a game's own confirming press,
#: ACCESSIBILITY.md 16): its pick is final at once, it needs no undo window (32)
CONFIRMS = "confirm"

#: the key of a pick's answer in the chooser's earphone (ACCESSIBILITY.md 32), ``{"item": text}``
PICKED_KEY = "scan.selected"

#: an item cut off sooner than this after it started was not heard: it is never chosen (27)
HEARD_S = 0.3

_pressing = threading.local()


@contextlib.contextmanager
def pressing(event: Any) -> Iterator[None]:
    """While a seat's input event is handled on this thread: a scan's :meth:`Scan.press`
    picks by the moment the button went *down* (``event.down_at``, ACCESSIBILITY.md 27: a
    press counts on press-down), not by when the release made it a press."""
    down = getattr(event, "down_at", None)
    previous = (getattr(_pressing, "down_at", None), getattr(_pressing, "answered", True),
                getattr(_pressing, "correction", None), getattr(_pressing, "cue_end", None))
    _pressing.down_at = down if isinstance(down, (int, float)) else None
    _pressing.answered, _pressing.correction, _pressing.cue_end = True, None, None
    _pressing.depth = getattr(_pressing, "depth", 0) + 1
    try:
        yield
    finally:
        _pressing.down_at, _pressing.answered, _pressing.correction, _pressing.cue_end = previous
        _pressing.depth -= 1


def pressed_down_at() -> float | None:
    """Inside :func:`pressing`: the moment the button of the press being handled went down
    (clock seconds, ACCESSIBILITY.md 27: a press counts on press-down); None outside it or for
    an input without that moment."""
    return getattr(_pressing, "down_at", None)


def picked_cue_end() -> float | None:
    """Inside :func:`pressing`, once a scan picked an item by the press: when the saying of
    that item ended (clock seconds; later than the press when the press fell while it still
    played), the cue the press answered, whatever was heard after it (the next item, when
    the pick was credited to the item before, ACCESSIBILITY.md 31); None when no scan picked
    an item it had said (:mod:`firmware_host.table.pace` counts a pick's reaction from it)."""
    return getattr(_pressing, "cue_end", None)


def answered_a_cue() -> bool:
    """Inside :func:`pressing`: False once a scan took the press as a take-back ("back" after
    a pick, ACCESSIBILITY.md 32), which answers no cue and so is no reaction of the seat's
    pace (:mod:`firmware_host.table.pace`)."""
    return bool(getattr(_pressing, "answered", True))


def taken_back() -> tuple[float, float | None] | None:
    """Inside :func:`pressing`, once a scan took the press as a take-back: ``(at, late)``, the
    moment of the press that made the pick taken back (clock seconds) and how long after the
    item heard before the one picked it came (seconds; None when there was none): a pick
    taken back was most likely that press coming late for the item before (the seat's pace
    counts it so, :meth:`~firmware_host.table.pace.SeatPaces.correct`). None otherwise."""
    return getattr(_pressing, "correction", None)


def intro_press_answer(service: Any, seat: int) -> Callable[[], None]:
    """A :class:`Scan`'s ``on_intro_press`` for ``seat``'s list (every list of the table: a
    game's, the setup from the seats, the seat's settings): the answer cue at once in the seat's
    earphone (ACCESSIBILITY.md 26), at a rank that cuts the intro or the notice that the list
    stopped (scan steps, not said again), so the first item follows; nothing where the service
    has no voice."""
    def answer() -> None:
        voice = getattr(service, "voice", None)
        if voice is not None:
            log.info("seat %d pressed before its list's first item: answered, the list begins", seat)
            voice.answer_cue(seat, priority="refusal")
    return answer


#: who is told of every pick (:func:`observe`)
_observers: list[Callable[..., None]] = []


def observe(callback: Callable[..., None]) -> Callable[[], None]:
    """Be told of every item a scan's press picks, ``callback(scan, item, at=, final=)`` on
    the service thread: ``at`` the press's moment (clock seconds), ``final`` True when the
    pick takes effect now (chosen, cancelled, confirmed), False when it opens a confirmation,
    goes back from one, or waits out its undo window (ACCESSIBILITY.md 32); once a pick has
    waited out its undo window the observers are told again, ``final=True, settled=True``
    (``at`` that moment); a pick taken back is not told again. ``simulate`` writes it as a ``picked`` line and the robot table
    measures its scan hits with it (:mod:`firmware_host.robots`); filter by ``scan.clock``.
    Returns the function that stops it."""
    _observers.append(callback)

    def stop() -> None:
        if callback in _observers:
            _observers.remove(callback)
    return stop


@dataclasses.dataclass(frozen=True)
class ScanItem:
    """One item of a scan list: ``value`` handed to ``on_choose``, ``text`` spoken (``key``/``params`` for the catalogue)."""

    value: Any
    text: str
    key: str = "scan_item"
    params: dict = dataclasses.field(default_factory=dict)


def spoken_seconds(text: str, words_per_minute: int = 175) -> float:
    """Estimated seconds espeak-ng needs to say ``text`` at ``words_per_minute`` (≈ 5.5 characters a word)."""
    chars_per_second = words_per_minute * 5.5 / 60.0
    return 0.2 + len(text) / chars_per_second


class Scan:
    """A running single-switch scan for one seat (see the module docstring).

    :param seat: the chooser (0-based).
    :param items: the items, without "cancel" (added as the last item, text ``cancel_text``).
    :param settings: :class:`ScanSettings` (seconds), or ``settings()`` giving them each
        time they are needed (the seat's learned pace, :mod:`firmware_host.table.pace`).
    :param clock: the service clock.
    :param post: ``post(callable)`` runs the callable on the service thread (timers use it).
    :param speak: ``speak(seat, kind, item, started, ended)`` speaks into the seat's earphone;
        ``kind`` is ``intro`` (item None), ``item`` (the item), ``wrap`` (the wrap tone, item
        None), ``stopped`` (item None), ``picked`` (a pick's answer, ACCESSIBILITY.md 32) or
        ``again`` (the item picked, said again after a take-back); ``picked`` and ``again``
        cut off what the earphone is saying. It calls ``started()`` when the clip starts playing
        (``started(words)`` for a clip padded with silence: ``words`` the seconds into the clip
        at which its words have been said) and ``ended(lost)`` when it has ended (``lost``: cut off and dropped, e.g. by the
        chooser's own status request), on the service thread, and returns None; or, where
        nothing plays (no sound), it calls neither and returns the seconds it would last
        (:func:`spoken_seconds` estimates them).
    :param on_choose: ``on_choose(value)`` once a (confirmed) item is picked.
    :param on_cancel: ``on_cancel()`` when "cancel" is picked.
    :param cancel: the "cancel" item (its value is ignored); default a plain "cancel".
    :param confirm: for a choice that cannot be taken back: ``confirm(item) -> (confirm_item,
        back_item)``, or None for an item chosen at once; a pick then opens a scan of these
        two and only "confirm" chooses (ACCESSIBILITY.md 16).
    :param drop: ``drop()`` drops what the scan said that has not started playing yet (called
        when it starts again, holds or ends: a name said after the choice would mislead).
    :param on_intro_press: ``on_intro_press()`` for a press during the intro (no item heard
        yet: nothing is picked, :attr:`introducing`), or before the first item of a list
        without intro has begun, or one that starts a stopped list again (its first item
        follows after ``first_delay``; issue 31: that item alone answered it, 1.15 s later);
        the list's owner answers it (the answer cue at once, ACCESSIBILITY.md 26). None: such
        a press does nothing.
    """

    def __init__(self, seat: int, items: list[ScanItem], settings: "ScanSettings | Callable[[], ScanSettings]",
                 clock: Clock,
                 post: Callable[[Callable[[], None]], None],
                 speak: Callable[[int, str, "ScanItem | None"], float | None],
                 on_choose: Callable[[Any], None], on_cancel: Callable[[], None], *,
                 cancel: "ScanItem | None" = None,
                 confirm: Callable[["ScanItem"], tuple["ScanItem", "ScanItem"] | None] | None = None,
                 purpose: str = "", drop: Callable[[], None] | None = None,
                 on_intro_press: Callable[[], None] | None = None) -> None:
        self.seat = seat
        self.purpose = purpose
        self.cancel_item = ScanItem(CANCEL, cancel.text if cancel else "cancel",
                                    cancel.key if cancel else "scan.cancel",
                                    dict(cancel.params) if cancel else {})
        self.base_items = list(items)
        self.items = self.base_items + [self.cancel_item]
        self._settings = settings
        self.clock = clock
        self.post = post
        self.speak = speak
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.confirm = confirm
        self.drop = drop or (lambda: None)
        self.on_intro_press = on_intro_press
        self.index = -1          # item last heard (started playing); -1 before the first
        self._next = -1          # item last said (it may not have started yet)
        self.passes = 0          # full passes completed
        self.stopped = False
        self.done = False
        self.confirming: Any = None
        #: a pick waiting out its undo window (ACCESSIBILITY.md 32), or None
        self.picked: ScanItem | None = None
        self._picked_index = -1
        self._picked_press: tuple[float, float | None] | None = None
        self._timer: TimerHandle | None = None
        self._generation = 0
        self._due = 0.0
        #: the items said in this list: [index, start, end or None, cut, estimated end or None,
        #: end of its words or None] (clock seconds; the estimate where nothing plays; the
        #: words' end where a padded clip goes on in silence after them)
        self._said: list[list] = []
        self._intro = False      # the list began with its intro and no item has been said since

    @property
    def introducing(self) -> bool:
        """True while the list's intro is said (or waits to be) and no item has begun: a press
        then picks nothing (ACCESSIBILITY.md 27: nothing heard yet), and its owner answers it
        (``on_intro_press``)."""
        return (self._intro and self.index < 0 and self._next < 0 and not self.done and not self.stopped
                and self.picked is None)

    # -- timing ------------------------------------------------------------------------------
    @property
    def settings(self) -> ScanSettings:
        """The list's timing now: the given :class:`ScanSettings`, or what the given
        ``settings()`` says now (a seat's pace, learned while the list runs, ACCESSIBILITY.md
        31)."""
        own = self._settings
        return own() if callable(own) else own

    @settings.setter
    def settings(self, value: "ScanSettings | Callable[[], ScanSettings]") -> None:
        self._settings = value

    def _schedule(self, after: float, then: Callable[[int], None] | None = None) -> None:
        """Next tick (or ``then(generation)``) ``after`` seconds from now (on the service thread)."""
        if self._timer is not None:
            self._timer.cancel()
        generation = self._generation
        action = then or self._tick
        self._due = self.clock.now() + after
        self._timer = self.clock.call_later(after, lambda: self.post(lambda: action(generation)))

    def _interval(self) -> float:
        """The pause after an item (seconds), as the list's timing says it *now*: read when the
        item has ended, so a reaction counted meanwhile (the press that opened a confirmation,
        ACCESSIBILITY.md 31) already sets it."""
        return float(self.settings.interval)

    def _say(self, kind: str, item: ScanItem | None, pause: "float | Callable[[], float] | None",
             index: int | None = None, then: Callable[[int], None] | None = None) -> None:
        """Say ``kind``/``item``; once it has ended, the next tick (or ``then``) ``pause``
        seconds later (None: none; a callable: asked when the clip has ended). ``index``: the
        item number a press picks once it is heard."""
        generation = self._generation

        entry: list = []

        def started(words: float | None = None) -> None:
            if generation == self._generation and not self.done and index is not None:
                self.index = index
                now = self.clock.now()
                entry[:] = [index, now, None, False, None, None if words is None else now + float(words)]
                self._said.append(entry)
                del self._said[:-20]

        def ended(lost: bool = False) -> None:
            if entry:
                entry[2], entry[3] = self.clock.now(), bool(lost)
            if generation != self._generation or self.done:
                return
            if lost and kind in ("item", "again"):   # cut off unheard: say it again (after the cut)
                self._say(kind, item, pause, index, then)
                return
            if pause is not None and not self.stopped:
                self._schedule(pause() if callable(pause) else pause, then)

        seconds = self.speak(self.seat, kind, item, started, ended)
        if seconds is not None:           # nothing plays: an estimate stands in for the playback
            started()
            if entry:
                entry[4] = entry[1] + float(seconds)
            if pause is not None:
                self._schedule(float(seconds) + (pause() if callable(pause) else pause), then)

    def start(self, intro: bool = False, *, at_once: bool = False, answer: bool = False) -> None:
        """Begin: an optional intro (``speak(seat, "intro", None, …)``), then ``first_delay``
        after it has ended, then item 1; ``at_once``: item 1 now (a confirmation answers the
        press that picked, ACCESSIBILITY.md 26); ``answer``: item 1 said as a pick's answer
        (``speak(seat, "picked", item, …)``, cutting the item playing, 32)."""
        self._generation += 1
        if self._timer is not None:
            self._timer.cancel()
        self.drop()
        self.index, self._next, self.passes, self.stopped = -1, -1, 0, False
        self.picked = None
        self._said = []
        self._intro = intro
        if intro:
            self._say("intro", None, self.settings.first_delay)
        elif answer:
            self._next = 0
            self._say("picked", self.items[0], self._interval, 0)
        else:
            self._schedule(0.0 if at_once else self.settings.first_delay)

    def hold(self, *, say: bool = True) -> None:
        """The chooser asked for a status or repeat, which cuts off the earphone: the scan
        waits for it and then says the current item again (the one heard last, or the next
        one if none was heard yet); the window runs from when that has ended (21).

        :param say: False: only wait (before the request that cuts the item playing, so that
            the cut is not taken for an item lost on its own, said again at once); a call
            with ``say`` after the request then says the item once."""
        if self.done or self.stopped or self.picked is not None:
            return                        # a pick's undo window runs on under a status
        self._generation += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.drop()
        if not say:
            return
        if self._next < 0:
            self._schedule(self.settings.first_delay)
            return
        again = self.index if self.index >= 0 else self._next
        self._next = again
        self._say("item", self.items[again], self._interval, again)

    def _tick(self, generation: int) -> None:
        if generation != self._generation or self.done or self.stopped:
            return
        nxt = self._next + 1
        if nxt >= len(self.items):
            self.passes += 1
            if self.settings.passes and self.passes >= self.settings.passes:
                self.stopped = True
                self.index = -1
                self._say("stopped", None, None)
                log.info("scan for seat %d stopped after %d passes", self.seat, self.passes)
                return
            self._say("wrap", None, None)
            nxt = 0
        self._next = nxt
        self._say("item", self.items[nxt], self._interval, nxt)

    # -- input ------------------------------------------------------------------------------
    @property
    def current(self) -> ScanItem | None:
        """The item a press would pick now, or None (before the first item, stopped, or a
        pick waiting out its undo window)."""
        return None if self.stopped or self.index < 0 or self.picked is not None else self.items[self.index]

    @property
    def window(self) -> float:
        """The seat's window after an item (seconds): how long after an item has ended a
        press still picks it (``interval`` + ``grace``, the seat's pace, ACCESSIBILITY.md
        31)."""
        return float(self.settings.interval) + float(getattr(self.settings, "grace", 0.0))

    @property
    def undo_window(self) -> float:
        """How long after a pick's answer has ended a press still takes the pick back
        (seconds, ACCESSIBILITY.md 32): ``settings.undo_window`` where the seat's pace sets
        it, else :attr:`window`."""
        own = getattr(self.settings, "undo_window", None)
        return float(own) if own is not None else self.window

    def heard_at(self, at: float) -> ScanItem | None:
        """The item a press that went down at clock time ``at`` chooses (ACCESSIBILITY.md 21,
        27): the item playing then or the one that ended last before it; in the first
        ``settings.grace`` seconds of an item (``[scan] grace``, 0.5) still the one fully
        heard just before it, and so, for a seat with a learned pace, while that item plays
        or sooner after it than the seat answers an item (31, :meth:`_answers_the_one_before`);
        never an item cut off before it could be heard (:data:`HEARD_S`). None: nothing heard
        yet."""
        said = [e for e in self._said if e[1] <= at + 1e-9]
        if not said:
            return None

        def heard(e: list) -> bool:          # not cut off before it could be heard
            return not (e[3] and e[2] is not None and e[2] - e[1] < HEARD_S)

        last = said[-1]
        if len(said) > 1:
            before = said[-2]
            ended = before[2] if before[2] is not None else before[4]     # played, or estimated
            if ended is not None and ended <= at and heard(before) and before[0] != last[0]:
                if at - last[1] < getattr(self.settings, "grace", 0.0):
                    return self.items[before[0]]
                if self._answers_the_one_before(last, ended, at):
                    return self.items[before[0]]
        for e in reversed(said):
            if heard(e) and e[0] < len(self.items):
                return self.items[e[0]]
        return None

    def _answers_the_one_before(self, last: list, before_ended: float, at: float) -> bool:
        """Whether a press at ``at`` (clock seconds) is the seat's answer to the item before
        ``last`` (an entry of :attr:`_said`), which ended at ``before_ended``, rather than to
        ``last``, by the seat's learned pace (ACCESSIBILITY.md 31, Nomon's per-user timing
        model; ``settings.credit_typical``, ``credit_soonest`` and ``credit_latest``,
        :class:`~firmware_host.table.pace.PacedScan`): the item before ended no longer
        before the press than this seat takes, and ``last`` still plays, or ended sooner
        before the press than this seat answers an item and the press is nearer (by ratio)
        to the seat's typical reaction after the item before than after ``last``. False
        without a learned pace."""
        settings = self.settings
        typical = getattr(settings, "credit_typical", None)
        soonest = getattr(settings, "credit_soonest", None)
        latest = getattr(settings, "credit_latest", None)
        if typical is None or soonest is None or latest is None or not 0 < at - before_ended <= latest:
            return False
        ended = last[2] if last[2] is not None else last[4]      # played, or estimated
        if ended is None or at <= ended:
            return True                   # ``last`` still plays: no answer to it yet
        after_last = at - ended
        if after_last >= soonest:
            return False
        return abs(math.log((at - before_ended) / typical)) < abs(math.log(after_last / typical))

    def press(self, at: float | None = None) -> None:
        """The chooser pressed: pick the item heard when the button went down (``at``, clock
        seconds; default the moment of the press being handled, :func:`pressing`, else now;
        :meth:`heard_at`), resume a stopped scan, or nothing yet."""
        if self.done:
            return
        if self.picked is not None:
            self._take_back()
            return
        if self.stopped:                          # started again: answered at once (26), its
            log.info("scan for seat %d resumed", self.seat)     # first item after its first delay
            self.start()
            if self.on_intro_press is not None:
                self.on_intro_press()
            return
        if self.introducing:                      # nothing heard yet: nothing to pick (27), answered (26)
            if self.on_intro_press is not None:
                self.on_intro_press()
            return
        if at is None:
            at = getattr(_pressing, "down_at", None)
        item = self.current if at is None or not self._said else self.heard_at(at)
        if item is None:
            if self.index < 0 and self.on_intro_press is not None:
                self.on_intro_press()             # no item heard yet (a list without intro): answered (26)
            return
        if at is not None and getattr(_pressing, "depth", 0):
            _pressing.cue_end = self._item_end(item, at)
        pair = None
        if item.value is not CANCEL and item.value is not CONFIRM and self.confirm is not None:
            pair = self.confirm(item)
        back_on_answer = item.value is CONFIRM and self._undoable and not self._heard_through(item, at)
        # "cancel" in a list that is itself a game's confirmation ("Confirm: drop Noble and
        # Assassin", then "Cancel") waits out the undo window like any pick (ACCESSIBILITY.md
        # 27, 32): a press late for the confirmation costs one press, never the choice made
        undo_window = ((self._undoable and pair is None and item.value is not CONFIRM
                        and not (item.value is CANCEL and self.confirming is not None))
                       or (item.value is CANCEL and self.purpose == CONFIRMS
                           and bool(getattr(self.settings, "undo", False))))
        final = pair is None and not back_on_answer and not undo_window \
            and not (item.value is CANCEL and self.confirming is not None)
        for callback in list(_observers):
            callback(self, item, at=self.clock.now() if at is None else at, final=final)
        if item.value is CANCEL and self.confirming is not None:       # "back" from a confirmation
            self._leave_confirmation()
            return
        if undo_window:                           # "cancel" too ends a step: it waits out its window (32)
            when = self.clock.now() if at is None else at
            self._picked_press = (when, self._late_for_the_one_before(item, when))
            self._pick(item)
            return
        if item.value is CANCEL:
            self.finish()
            self.on_cancel()
            return
        if back_on_answer:
            self._leave_confirmation()            # a press on the answer itself: back (32)
            return
        if pair is not None and self._undoable:
            when = self.clock.now() if at is None else at
            self._picked_press = (when, self._late_for_the_one_before(item, when))
        if item.value is CONFIRM:
            value = self.confirming
            self.finish()
            self.on_choose(value)
            return
        if pair is not None:
            self._enter_confirmation(item, pair)
            return
        self.finish()
        self.on_choose(item.value)

    def _item_end(self, item: ScanItem, at: float) -> float | None:
        """When the last saying of ``item`` that had begun by ``at`` (clock seconds) ended, or
        is to end (estimated where nothing plays, or not ended yet: its start; the press then
        answers no end); None when it was not said."""
        index = next((i for i, x in enumerate(self.items) if x is item), None)
        entry = next((e for e in reversed(self._said) if e[0] == index and e[1] <= at + 1e-9), None)
        if entry is None:
            return None
        end = entry[2] if entry[2] is not None else entry[4]
        return float(end) if end is not None else float(at)

    def _late_for_the_one_before(self, item: ScanItem, at: float) -> float | None:
        """Seconds from the end of the item heard before ``item`` (the one a late press
        meant) to ``at``; None when there was none heard to its end before ``at``."""
        index = next((i for i, x in enumerate(self.items) if x is item), None)
        said = [e for e in self._said if e[1] <= at + 1e-9]
        pos = next((p for p in range(len(said) - 1, -1, -1) if said[p][0] == index), None)
        if not pos:
            return None
        before = said[pos - 1]
        end = before[2] if before[2] is not None else before[4]
        if end is None or before[3] or end > at:
            return None
        return at - end

    def _heard_through(self, item: ScanItem, at: float | None) -> bool:
        """Whether ``item`` (the last one said: a confirmation's answer) has been heard at ``at``
        (clock seconds; default now): its words have all been said (the clip has ended, or a
        padded clip has reached the silence after its words) and its first ``grace`` seconds
        are over (ACCESSIBILITY.md 21, 27: a press then chooses it; before that a press is
        one made before its words were heard, a press twice or late for the item picked, and
        goes back, 32)."""
        index = next((i for i, x in enumerate(self.items) if x is item), None)
        entry = next((e for e in reversed(self._said) if e[0] == index), None)
        if entry is None:
            return True
        end = entry[2] if entry[2] is not None else entry[4]       # played, or estimated
        words = entry[5] if len(entry) > 5 else None
        if words is not None:
            end = words if end is None else min(end, words)
        if end is None:
            return False                  # still playing, its words' end unknown
        when = self.clock.now() if at is None else at
        return when >= max(end, entry[1] + float(getattr(self.settings, "grace", 0.0)))

    # -- a pick answered at once, taken back with one press (ACCESSIBILITY.md 26, 32) ----------
    @property
    def _undoable(self) -> bool:
        """A pick waits out an undo window: ``[scan] undo``, unless the list is itself the
        confirmation of a choice already picked (``purpose`` :data:`CONFIRMS`)."""
        return bool(getattr(self.settings, "undo", False)) and self.purpose != CONFIRMS

    def _silence(self) -> None:
        """The list stops: no next item, nothing of it still to be said."""
        self._generation += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.drop()

    def _pick(self, item: ScanItem) -> None:
        """``item`` picked: the list stops, the pick is said at once in the chooser's earphone
        (``speak(seat, "picked", answer, …)``, which cuts the item playing), and it becomes
        final :attr:`undo_window` seconds after that answer has ended, unless a press takes it
        back first (:meth:`_take_back`)."""
        self._silence()
        self.picked = item
        self._picked_index = next((i for i, x in enumerate(self.items) if x is item), 0)
        answer = ScanItem(item.value, item.text, PICKED_KEY, {"item": item.text})
        log.info("scan for seat %d: item %d picked, final after %.1f s", self.seat, self._picked_index + 1,
                 self.undo_window)
        self._say("picked", answer, lambda: self.undo_window, then=self._final)

    def _final(self, generation: int) -> None:
        if generation != self._generation or self.done or self.picked is None:
            return
        item, self.picked = self.picked, None
        for callback in list(_observers):
            callback(self, item, at=self.clock.now(), final=True, settled=True)
        self.finish()
        if item.value is CANCEL:
            self.on_cancel()
        else:
            self.on_choose(item.value)

    def _take_back(self) -> None:
        """A press in a pick's undo window: the pick is taken back and the list is back at
        the item picked, said again at once; the press answers no cue (:func:`answered_a_cue`)."""
        _pressing.answered, _pressing.correction = False, self._picked_press
        self._silence()
        self.picked = None
        index = self._picked_index
        log.info("scan for seat %d: pick taken back", self.seat)
        self.passes, self._next = 0, index
        self._say("again", self.items[index], self._interval, index)

    def _enter_confirmation(self, item: ScanItem, pair: tuple[ScanItem, ScanItem]) -> None:
        self.confirming = item.value
        yes, back = pair
        self.items = [ScanItem(CONFIRM, yes.text, yes.key, dict(yes.params)),
                      ScanItem(CANCEL, back.text, back.key, dict(back.params))]
        if not self._undoable:
            self.start(at_once=True)
            return
        self._picked_index = next((i for i, x in enumerate(self.base_items) if x.value is item.value), 0)
        self.start(at_once=True, answer=True)

    def _leave_confirmation(self) -> None:
        self.confirming = None
        self.items = self.base_items + [self.cancel_item]
        if not self._undoable:
            self.start()
            return
        _pressing.answered, _pressing.correction = False, self._picked_press
        self._silence()                    # "back": the list is back at the item picked (32)
        index = self._picked_index
        self.index, self.passes, self._next, self._said = -1, 0, index, []
        self._say("again", self.items[index], self._interval, index)

    def finish(self) -> None:
        """End the scan without choosing (no more timers, presses ignored)."""
        self.done = True
        self._generation += 1
        self.drop()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
