"""The seats' single-switch scans at a game's table (ACCESSIBILITY.md 13-17, 21): one
:class:`~firmware_host.table.scanning.Scan` per seat, each into its own earphone, several at
once. The scan itself (timing, passes, the press that picks what was heard) is
:mod:`firmware_host.table.scanning`'s; this part owns which seat scans what, speaks the steps
in the game's words (the intro, each item, the wrap tone with its earcon, the stopped notice),
adds "cancel" to every list and, for a final choice, a confirming press (16).

Example::

    scans = SeatScans(service, speech, seats)
    items = [scans.item(t, "scan.seat", {"seat": t}) for t in targets]
    scans.start(seat, items, chosen=vote, intro=("scan.choose_target", {}),
                confirm=lambda item: (scans.item(item.value, "scan.confirm.vote", {...}), None))
    scans.press(seat)        # True when the seat's press went to its scan
"""

from __future__ import annotations

import contextlib
import logging
import random
from typing import Any, Callable, Iterator, Mapping, Sequence

from firmware_host.table.scanning import CANCEL, CONFIRM, CONFIRMS, Scan, ScanItem, intro_press_answer

from .seats import SeatStore
from .speech import TableSpeech

log = logging.getLogger("firmware_host.service")

__all__ = ["ChoiceHold", "SeatScans"]

#: the keys of the steps every scan says (the board's words unless the game has its own)
CANCEL_KEY = "scan.cancel"
WRAP_KEY = "scan.wrap"
STOPPED_KEY = "scan.stopped"
BACK_KEY = "scan.back"


class SeatScans:
    """The running scans of a table, by seat (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` (clock, post).
    :param speech: the table's :class:`~.speech.TableSpeech`.
    :param seats: the table's :class:`~.seats.SeatStore` (each seat's scan interval).
    :param cue: False: no private cue before a private step (a game whose scan steps last a
        fixed time, M43).
    :param lists_wait: True: a list follows what the table is still saying of the last move
        (ACCESSIBILITY.md 22: a seat's list of targets after the table heard whose move it
        is): its first step waits until those public clips have ended
        (:meth:`TableSpeech.refers_to`), and the press that opened it hears the answer cue at
        once meanwhile (26, the audio layer's cue ahead of an answer that waits). A list that
        answers a pick in another list (its confirmation, the next stage of a choice, a menu
        again after "cancel") never waits: the pick is answered at once (32). A list the
        seat's own press opens (:meth:`pressing`) while the table still says the last move
        (the count before the call of the seat's turn, or the call) is never started later
        by itself: it is kept (:meth:`parked`), the press is answered
        at once by ``on_parked(seat)`` (the words of what it did), and the seat's next press
        once the table has said it opens the list (issue 31: a press never opens a list later
        by itself, so the press a person makes on the table's cue never lands on an item).
    :param answer_pick: ``answer_pick(seat, utterance, padded)``: told of a press that chose
        (or cancelled) in a list that is a game's own confirmation (``purpose`` "confirm")
        while the item pressed for still plays in the seat's earphone (its ``utterance``;
        ``padded``: the list pads its steps), before the list's owner hears of the pick
        (:meth:`_answer_now`): the table answers the press over it there
        (:meth:`BoardAdapter.answer_pick <firmware_host.table.adapter.BoardAdapter.answer_pick>`).
        None: that item plays to its end.
    :param on_parked: ``on_parked(seat)``: answer a press whose list waits for the table
        (:meth:`pressing`); None: such a list waits and starts by itself, as any other.
    """

    def __init__(self, service: Any, speech: TableSpeech, seats: SeatStore, *, cue: bool = True,
                 lists_wait: bool = False, answer_pick: Callable[[int, Any, bool], Any] | None = None,
                 on_parked: Callable[[int], None] | None = None) -> None:
        self.service = service
        self.speech = speech
        self.seats = seats
        self.cue = cue
        self.lists_wait = lists_wait
        self.answer_pick = answer_pick
        self.on_parked = on_parked
        self._pressing: int | None = None            # the seat whose press may open a list now
        self._tell = True                            # that press is answered when its list is kept
        #: seat -> (its list kept until its next press, what the list waits for, its intro)
        self._parked: dict[int, tuple[Scan, tuple, bool]] = {}
        self._answering = 0                          # > 0 while a pick's (or cancel's) answer runs
        self.by_seat: dict[int, Scan] = {}
        self._queued: dict[int, list] = {}          # seat -> its scan's steps said, maybe not started yet
        self._padded: set[int] = set()               # seats whose running scan pads its steps
        self._order = random.Random(random.SystemRandom().randrange(2 ** 63))

    def reseed(self, seed: Any) -> None:
        """Draw the order of the private lists (:meth:`private_order`) from ``seed`` (a
        game's secret seed, so that a simulated game is the same every time), or, for None,
        from the system's randomness (on a board, where nothing public may foretell it)."""
        self._order = random.Random(f"private-order-{seed}" if seed is not None
                                    else random.SystemRandom().randrange(2 ** 63))

    def private_order(self, items: Sequence[ScanItem]) -> list[ScanItem]:
        """``items`` in an order of their own, drawn afresh for every list (RULES.md R16,
        issue 33): where a seat picks a secret (a card to drop, a trick of its hand), the time
        from the list's start to its press must not tell which item it picked, as it would
        if a card always stood at the same place. Deterministic under :meth:`reseed`."""
        out = list(items)
        self._order.shuffle(out)
        return out

    def item(self, value: Any, key: str, params: dict | None = None) -> ScanItem:
        """A scan item saying ``key`` in the game's language."""
        params = dict(params or {})
        return ScanItem(value, self.speech.text(key, params), key, params)

    def get(self, seat: int) -> Scan | None:
        """The seat's running scan (or the list kept for its next press, :meth:`parked`), or None."""
        return self.by_seat.get(seat)

    @contextlib.contextmanager
    def pressing(self, seat: int, *, park: bool = True, answered: bool = False) -> Iterator[None]:
        """While ``seat``'s own press is handled (what the press means in this step, the
        game's ``on_press``): a list it opens for that seat while the table still says the
        last move (:attr:`lists_wait`) is kept for the seat's next press instead of starting
        by itself once the table has said it (:meth:`parked`), and the press is answered at
        once by ``on_parked``. ``park`` False (a secret step, whose own padded clips answer
        every press alike, RULES.md R16): the list waits and starts by itself, as before.
        ``answered``: the press was answered already (a game's "noted" for a press it takes
        once the table has said something): a list kept adds no answer of its own."""
        outer = self._pressing, self._tell
        self._pressing = seat if park and self.on_parked is not None else None
        self._tell = not answered
        try:
            yield
        finally:
            self._pressing, self._tell = outer

    def parked(self, seat: int) -> bool:
        """True when ``seat``'s list, opened by its press while the table still said the last
        move, waits for the seat's next press (issue 31; :meth:`pressing`)."""
        return seat in self._parked and self.by_seat.get(seat) is self._parked[seat][0]

    def padded(self, seat: int) -> bool:
        """True when ``seat``'s running scan pads its steps (its ``pad``, M43, RULES.md R16):
        its items or their answers are a secret, so the table adds nothing to a press there."""
        return seat in self.by_seat and seat in self._padded

    def seats_scanning(self) -> list[int]:
        """The seats with a running scan, in seat order (the console's ``scan``)."""
        return sorted(self.by_seat)

    def mid_choice(self, seats: Sequence[int], picked: Callable[[int], bool] = lambda seat: False) -> list[int]:
        """The seats of ``seats`` in the middle of a choice, in seat order: a list running
        whose confirmation is open (16), or some of whose picks are made (``picked(seat)``, a
        list of several picks). Their next press is meant for that list (ACCESSIBILITY.md 26):
        what comes next may wait for them (:class:`ChoiceHold`)."""
        return [s for s, scan in sorted(self.by_seat.items()) if s in seats and not scan.done
                and (scan.confirming is not None or picked(s))]

    def start(self, seat: int, items: list[ScanItem], chosen: Callable[[Any], None], *,
              intro: tuple[str, dict] | None = None, cancelled: Callable[[], None] | None = None,
              confirm: Callable[[ScanItem], tuple[ScanItem, ScanItem | None] | ScanItem | None] | None = None,
              purpose: str = "",
              pad: Callable[[str, str], float | None] | Mapping[str, float] | None = None,
              after: Sequence[Any] | None = None) -> Scan:
        """Start a scan of ``items`` (then "cancel") in ``seat``'s earphone, replacing its
        running one.

        :param chosen: ``chosen(value)`` once an item is picked (and confirmed).
        :param intro: the intro's ``(key, params)``, said before the first item (the first
            item follows 1 s after it ended, 14); None for none.
        :param cancelled: ``cancelled()`` when "cancel" is picked (after the scan is gone).
        :param confirm: for a final choice (16): ``confirm(item) -> (confirm_item,
            back_item or None)`` or the confirming item alone (then the table's "back"); only
            a press on the confirming item chooses.
        :param pad: ``pad(kind, key) -> seconds or None``: the fixed length of a step (the
            intro, an item, a pick's answer, by its key) where the game pads its lists (M43);
            or the lengths by kind, ``{"intro", "item", "confirm"}`` (a confirmation's two
            items are ``confirm``; an item, its repeat and a pick's answer ``item``).
        :param after: Utterances that must have ended before the list's first step (its intro,
            or its first item) starts (ACCESSIBILITY.md 22); None: with :attr:`lists_wait`,
            the public clips of the last move still to play (:meth:`TableSpeech.refers_to`),
            else none.
        """
        self.end(seat)
        park = False
        if after is None:
            after = self.speech.refers_to() if self.lists_wait and not self._answering else ()
            # kept for the next press while the table still says the last move (the count
            # before the call of the seat's turn, or the call itself): never started later
            park = self._pressing == seat and any(u is not None and not u.done() for u in after)
        first_wait = [tuple(u for u in after if u is not None)]
        confirming: set[str] = set()
        if isinstance(pad, Mapping):
            pads = pad

            def pad(kind: str, key: str) -> float | None:
                return pads.get("intro" if kind == "intro" else "confirm" if key in confirming else "item")

        padded = pad is not None

        def on_choose(value: Any) -> None:
            self._answer_now(seat, self.by_seat.pop(seat, None), lambda item: item.value is CONFIRM
                             or (item.value is not CANCEL and item.value == value), padded=padded)
            self._answering_pick(lambda: chosen(value))

        def on_cancel() -> None:
            self._answer_now(seat, self.by_seat.pop(seat, None), lambda item: item.value is CANCEL,
                             padded=padded)
            if cancelled is not None:
                self._answering_pick(cancelled)

        def speak(s: int, kind: str, item: ScanItem | None, *playback: Any) -> float | None:
            earcon = None
            if kind == "intro":
                key, params = intro or ("scan.choose_target", {})
            elif kind == "wrap":
                key, params, earcon = WRAP_KEY, {}, "scan_wrap"
            elif kind == "stopped":
                key, params = STOPPED_KEY, {}
            else:
                assert item is not None
                key, params = item.key, item.params
            seconds = pad(kind, key) if pad is not None and kind not in ("wrap", "stopped") else None
            wait = first_wait.pop() if first_wait else ()     # only the list's first step waits (22)
            return self.speech.scan_step(s, key, params, earcon=earcon,
                                         started=playback[0] if playback else None,
                                         ended=playback[1] if len(playback) > 1 else None,
                                         cut=kind in ("picked", "again"), pad_seconds=seconds, cue=self.cue,
                                         queued=lambda utt: self._queue(s, utt), after=wait)

        pair = None
        if confirm is not None:
            def pair(item: ScanItem) -> tuple[ScanItem, ScanItem] | None:
                made = confirm(item)
                if made is None:
                    return None
                yes, back = made if isinstance(made, tuple) else (made, None)
                back = back or self.item(None, BACK_KEY, {})
                confirming.update((yes.key, back.key))
                return yes, back

        scan = Scan(seat, items, lambda: self.seats.scan_settings(seat), self.service.clock, self.service.post,
                    speak, on_choose, on_cancel, cancel=self.item(None, CANCEL_KEY, {}), confirm=pair,
                    purpose=purpose or (intro[0] if intro else "choice"), drop=lambda: self.drop(seat),
                    on_intro_press=intro_press_answer(self.service, seat))
        self.by_seat[seat] = scan
        if pad is not None:
            self._padded.add(seat)
        else:
            self._padded.discard(seat)
        if park:
            # opened by the seat's press while the table still says the last move: kept for
            # its next press, never started later by itself; the press is answered now (31)
            first_wait[:] = []
            self._parked[seat] = (scan, first_wait_of(after), intro is not None)
            log.info("seat %d pressed while the table said the move: its list waits for its next press", seat)
            assert self.on_parked is not None
            if self._tell:
                self.on_parked(seat)
            return scan
        scan.start(intro=intro is not None)
        return scan

    def _open_parked(self, seat: int) -> bool:
        """The seat's press with its list kept (:meth:`parked`): once what the list waits for
        has been said at the table, the list starts now (the press opens it, its first step
        the answer); else the press is answered again (``on_parked``), the list still kept.
        True when the list started."""
        scan, waits, intro = self._parked[seat]
        if any(not u.done() for u in waits):
            assert self.on_parked is not None
            self.on_parked(seat)
            return False
        del self._parked[seat]
        log.info("seat %d pressed for its list: it starts", seat)
        scan.start(intro=intro)
        return True

    def _answering_pick(self, then: Callable[[], None]) -> None:
        """``then()`` as the answer to a pick (or a cancel) in a list: a list it starts answers
        that pick and never waits for the table (ACCESSIBILITY.md 32: a pick answered at once;
        :attr:`lists_wait` is for lists opened by a press or by the table)."""
        self._answering += 1
        try:
            then()
        finally:
            self._answering -= 1

    def _queue(self, seat: int, utterance: Any) -> None:
        done = getattr(utterance, "done", None)
        kept = [u for u in self._queued.get(seat, []) if not (callable(getattr(u, "done", None)) and u.done())]
        self._queued[seat] = kept + [utterance] if callable(done) else kept

    def drop(self, seat: int) -> None:
        """Drop the seat's scan steps said but not started yet (the list starts again, holds,
        picks or ends): the wrap tone's next item must not follow a pick's answer (32). The
        step playing now plays on (a final pick cuts it where it is not the item picked)."""
        queued = self._queued.get(seat, [])
        voice = getattr(self.service, "voice", None)
        cancel = getattr(voice, "cancel", None)
        if callable(cancel):
            for utterance in queued:
                cancel(utterance)
        self._queued[seat] = [u for u in queued if getattr(u, "plays", None) and not u.done()]

    def _answer_now(self, seat: int, scan: Scan | None, picked: Callable[[ScanItem], bool], *,
                    padded: bool = False) -> None:
        """The seat's list has chosen (or was cancelled) by its press: a step of it still
        playing in its earphone that is not the item pressed for (``picked(item)`` False: the
        next item, or "back" after a confirmation, which began in the press's first moments,
        ACCESSIBILITY.md 27) is cut off, so the answer to the press follows at once (26: the
        item's clip may be cut for it). The item pressed for itself plays to its end (every
        item of a padded list lasts its length, R16; M43: a step's lists last a fixed time),
        but in a list that is itself a game's confirmation (``purpose`` :data:`CONFIRMS`: its
        item is the question the press answered, final at once) it is the table's to answer
        over (:attr:`answer_pick`, ``padded``: the list pads its steps), told before the
        list's owner hears of the pick, so nothing of the game's answer is queued ahead of
        the table's (issue 31: a press during a game's own padded confirmation, "Confirm: drop
        Jester and Assassin", heard "Chosen: …" only once that clip had ended, 1.75-2.26 s
        later). The same for every list."""
        playing, self._queued[seat] = [u for u in self._queued.get(seat, [])
                                       if getattr(u, "plays", None) and not u.done()], []
        heard = scan.items[scan.index] if scan is not None and 0 <= scan.index < len(scan.items) else None
        voice = getattr(self.service, "voice", None)
        if not playing or voice is None or heard is None:
            return
        if not picked(heard):
            voice.interrupt(f"seat:{seat}")
        elif self.answer_pick is not None and scan is not None and scan.purpose == CONFIRMS:
            self.answer_pick(seat, playing[-1], padded)

    def press(self, seat: int) -> bool:
        """The seat's press goes to its running scan (True), or there is none (False). A
        press during the list's intro (no item heard yet, so nothing to pick) is answered at
        once by the answer cue in the seat's earphone (ACCESSIBILITY.md 26: every press gets
        its first sound at once), which cuts the intro: the seat is ready, the first item
        follows (the same for every game's lists)."""
        scan = self.by_seat.get(seat)
        if scan is None:
            return False
        if self.parked(seat):
            self._open_parked(seat)
            return True
        scan.press()
        return True


    def hold(self, seat: int, *, say: bool = True) -> None:
        """The seat asked for its status or a repeat meanwhile: its scan waits and says the
        item it cut off again after it (21); ``say`` False: it only waits (called before the
        request that cuts the item, then again after it, :meth:`Scan.hold`)."""
        scan = self.by_seat.get(seat)
        if scan is not None and not self.parked(seat):       # a kept list has said nothing yet
            scan.hold(say=say)

    def end(self, seat: int | None = None, *, keep: set[int] | frozenset = frozenset()) -> None:
        """End ``seat``'s scan, or every scan but those of ``keep``."""
        for s in ([seat] if seat is not None else list(self.by_seat)):
            if s in keep:
                continue
            scan = self.by_seat.pop(s, None)
            self._parked.pop(s, None)
            if scan is not None:
                scan.finish()


def first_wait_of(after: Sequence[Any]) -> tuple:
    """The Utterances of ``after`` (None left out) a list's first step waits for."""
    return tuple(u for u in after if u is not None)


class ChoiceHold:
    """What comes next at the table (a step's end, a choice's outcome) held while seats are in
    the middle of a choice (:meth:`SeatScans.mid_choice`), so that a press meant for a list
    does not fall into the next message (ACCESSIBILITY.md 26, issue 31); at most ``most``
    seconds at a time, whoever is choosing (a seat that never presses cannot stall the table).

    :param clock: the service's clock (``now()``, seconds).
    :param most: seconds one hold lasts at most.
    :param poll: seconds between two looks at whether the seats have chosen.

    Example::

        wait = hold.wait(scans.mid_choice(listeners))
        if wait is not None:            # look again in ``wait`` seconds
            timer = clock.call_later(wait, again)
    """

    def __init__(self, clock: Any, most: float = 8.0, poll: float = 0.25) -> None:
        self.clock, self.most, self.poll = clock, most, poll
        self.since: float | None = None          # the hold running since (clock seconds)

    def wait(self, choosing: Sequence[int]) -> float | None:
        """Seconds until the next look while what comes next still waits for ``choosing``;
        None: it goes on now (and the next thing may be held anew)."""
        now = self.clock.now()
        if self.since is None:
            self.since = now
        if not choosing or now >= self.since + self.most:
            self.since = None
            return None
        return self.poll
