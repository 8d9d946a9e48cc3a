"""Each seat's pace, learned (ACCESSIBILITY.md 31): every act a seat makes in answer to a cue
is a reaction time, and the seat's recent reactions set its scans' timing.

A *reaction* is the time from the end of the cue a seat answered to the moment the seat's
button went down (a press for a scan item, "I am here", "ready", an answer to the table's
call) or a tile of its own was laid when asked (a tile of the seat's own). Which cue:

- a press that picked a scan item answered that item: from the end of that item, whatever
  was heard after it (the next item, where the press was credited to the item before);
- a seat the game waits for (the table's ``awaited``, :attr:`SeatPaces.awaited`) answers the
  cue of its wait, heard by every seat awaited at once ("everyone please vote"): the last
  clip it heard (its own earphone or the table) that began before anyone answered that wait
  (another seat's act, or its own, since the seat was first heard awaited); a clip that
  began after another seat's answer (a count of the votes cast so far) is that answer,
  news to the others, no cue of theirs;
- else the last clip the seat heard (its own earphone or the table speaker, played to its
  end);
- where the table and the seat's own earphone spoke at the same time (the table's call while
  the earphone still told the seat its hand), from the sooner of the two ends: which one the
  seat answered cannot be told, and a reaction counted too long only lengthens its window.

Only the seat's first act after a cue answers it: a second act before anything new was heard
(a tile laid twice) is not counted. A press that takes a
pick back answers no cue and is not counted either. Reactions shorter than
:data:`SHORTEST` (the seat pressed while the cue still played, or before it could react) and
longer than :data:`LONGEST` (no answer to that cue) are not counted.

From the seat's last :data:`RECENT` reactions, from its first one on (:data:`FIRST`), the board
sets the seat's **window after a scan item**: the time after an item has ended in which a
press still picks it, ``max(typical + SPREADS × spread, typical / 0.65, typical + SPREAD_MIN)``
(``typical`` the median, ``spread`` the median absolute deviation scaled to a standard
deviation: a few stray presses change neither; ``typical / 0.65`` the switch-access ".65
rule", :data:`RULE_65`), bounded by the board's window (``[scan] interval`` + ``grace``, 2 s:
a quick seat's lists get no slower) and :data:`WINDOW_MAX` (6 s); before its first counted
reaction a seat's window is :data:`WINDOW_UNLEARNED` (3 s: whoever sits there may be new to
the board). The next item then starts ``window − grace`` after the item has ended, and a
press in the next item's first ``grace`` seconds still picks the one before; a slow seat's
grace grows with its typical reaction (half of it, at most :data:`GRACE_MAX`, 1 s), as its
press rarely falls early in the next item, so its lists slow down less than its window. A seat's own ``scan_interval`` (its settings, 19) wins
over the learned window. The undo window after a pick (32) is that window and one ``grace``
more (telling a pick said back from the item meant takes a moment longer than a reaction);
until the seat has made :data:`STEADY` (3) acts it is at least :data:`UNDO_UNLEARNED` (3.5 s):
whoever sits there has time to hear a wrong pick said back and take it back.

Which item a press is **credited** to (31, Nomon's per-user timing model): a reaction is
counted from the end of what was heard, and a seat answers an item no sooner than its
*soonest* reaction (``min(typical − SPREADS × spread, typical × 0.65, its quickest recent
reaction)``, at least :data:`SHORTEST`). A press while the next item still plays cannot be
this seat's answer to that item: it is the answer to the item before, when that one ended at
most the seat's *latest* reaction earlier (``max(window, typical / 0.65²)``, at most
:data:`LONGEST`); so is a press sooner than the soonest reaction after the next item ended,
where the seconds since the item before are nearer (by ratio) to the typical reaction than
those since the next item (the likelier of the two for a seat whose reactions vary by a
ratio). So a slow reaction that falls into the next item picks the item meant, and the list
gets no slower for it (:class:`PacedScan`,
:meth:`~firmware_host.table.scanning.Scan.heard_at`).

The reactions are kept in the journal's file beside the seat settings
(:meth:`~firmware_host.service.journal.Journal.seat_pace`), so the pace lasts across games
and restarts; the console shows each seat's (:meth:`SeatPaces.snapshot`).

Example::

    paces = SeatPaces(journal)
    paces.heard({"output": "seat:2", "end": 10.0})      # a clip ended in seat 2's earphone
    paces.acted(2, 12.5)                                # seat 2 pressed: a reaction of 2.5 s
    paces.scan_settings(2, ScanSettings(), None)        # the timing of seat 2's next list
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import statistics
from typing import Any, Callable, Sequence

from firmware_host.service.settings import ScanSettings

log = logging.getLogger("firmware_host.service")

__all__ = ["Pace", "PacedScan", "SeatPaces", "RECENT", "FIRST", "STEADY", "SHORTEST", "LONGEST", "WINDOW_MAX", "UNDO_UNLEARNED",
           "WINDOW_UNLEARNED", "RULE_65", "GRACE_MAX",
           "window_after", "credit_bounds", "for_service"]

#: how many of a seat's latest reactions count
RECENT = 8
#: the reactions a seat needs before its pace sets its window ("from the first few acts on":
#: the first act already tells a slow player from a quick one)
FIRST = 1
#: the reactions after which the pace is steady enough for the undo window to be the window
#: after an item (before that it is at least :data:`UNDO_UNLEARNED`)
STEADY = 3
#: a reaction shorter than this (seconds) is a press while the cue still played: not counted
SHORTEST = 0.15
#: clips that answer a seat's act and ask for nothing (the table's "noted" in the acting
#: seat's earphone, :meth:`~firmware_host.table.adapter.BoardAdapter.acknowledge`): no cue
ANSWERS = frozenset({"table.noted", "table.list_after"})
#: a reaction longer than this (seconds) answers no cue: not counted
LONGEST = 6.5
#: clips kept per output to find the cue of a seat's wait (the last few seconds' worth)
CLIPS_KEPT = 32
#: seconds within which a clip's start is taken as the same instant as an act (the output
#: lines' times are rounded to the millisecond)
TIE_S = 0.001
#: the longest window after a scan item (seconds)
WINDOW_MAX = 6.0
#: the margin beyond the typical reaction, in spreads (most of a seat's reactions fall within)
SPREADS = 3.0
#: the most a seat's grace may grow to (seconds): a press this long into the next item still
#: picks the one before, for a seat whose typical reaction is at least twice that
GRACE_MAX = 1.0
#: the least window, as a multiple of the typical reaction: the switch-access ".65 rule" (an
#: item every ``typical / 0.65`` seconds; a person's reactions vary by a fifth and more from
#: act to act, so a window of ``1.3 × typical`` still lets one press in ten fall on the next item)
RULE_65 = 1 / 0.65
#: the window after an item while a seat has no counted reaction yet (seconds): whoever sits
#: there may be new to the board, thinking or have a tremor (2 s is too short for one in ten)
WINDOW_UNLEARNED = 3.0
#: the least margin beyond the typical reaction (seconds)
SPREAD_MIN = 0.2
#: the undo window after a pick (seconds) while a seat's pace is not learned yet: long enough
#: for a slow player (2.8 s and more) to hear a wrong pick said back and take it back
UNDO_UNLEARNED = 3.5


@dataclasses.dataclass(frozen=True)
class PacedScan(ScanSettings):
    """A seat's ``[scan]`` timed by its learned pace (:meth:`SeatPaces.scan_settings`): the
    board's :class:`~firmware_host.service.settings.ScanSettings` and which item a press is
    credited to (ACCESSIBILITY.md 31, :func:`credit_bounds`), both in seconds.

    :ivar credit_typical: the seat's typical reaction (the median).
    :ivar credit_soonest: the seat's soonest answer to an item: a press while the next item
        plays, or sooner than this after it ended and nearer (by ratio) to the typical
        reaction after the item before it, answers the item before it.
    :ivar credit_latest: the seat's latest answer to an item: the item before is credited
        only when it ended at most this long before the press.
    """

    credit_typical: float | None = None
    credit_soonest: float | None = None
    credit_latest: float | None = None


@dataclasses.dataclass(frozen=True)
class Pace:
    """What one seat's recent reactions say.

    :ivar reactions: the counted reactions, oldest first (seconds).
    """

    reactions: tuple[float, ...] = ()

    @property
    def learned(self) -> bool:
        """True once the seat has made enough acts for its pace to count."""
        return len(self.reactions) >= FIRST

    @property
    def typical(self) -> float | None:
        """The median reaction (seconds), or None before :data:`FIRST` of them."""
        return statistics.median(self.reactions) if self.learned else None

    @property
    def spread(self) -> float | None:
        """The reactions' spread (seconds: the median absolute deviation scaled to a standard
        deviation), or None before :data:`FIRST` of them."""
        if not self.learned:
            return None
        middle = statistics.median(self.reactions)
        return 1.4826 * statistics.median(abs(r - middle) for r in self.reactions)


def window_after(pace: Pace, board_window: float) -> float:
    """The seat's window after a scan item (seconds): how long after an item has ended a press
    still picks it (see the module docstring); ``board_window`` (``interval + grace``) until
    the seat's pace is learned, never less, never more than :data:`WINDOW_MAX` (nor less than
    ``board_window`` where that is more)."""
    typical, spread = pace.typical, pace.spread
    if typical is None or spread is None:
        return round(max(board_window, WINDOW_UNLEARNED), 3)
    wanted = max(typical + SPREADS * spread, typical * RULE_65, typical + SPREAD_MIN)
    return round(max(board_window, min(WINDOW_MAX, wanted)), 3)


def credit_bounds(pace: Pace, window: float) -> tuple[float, float, float] | None:
    """The seat's typical, soonest and latest answer to a scan item (seconds; see the module
    docstring), from its learned ``pace`` and its ``window`` after an item; None before its
    pace is learned (:data:`FIRST`)."""
    typical, spread = pace.typical, pace.spread
    if typical is None or spread is None:
        return None
    soonest = max(SHORTEST, min(typical - SPREADS * spread, typical / RULE_65, min(pace.reactions)))
    latest = min(LONGEST, max(window, typical * RULE_65 * RULE_65))
    return round(typical, 3), round(soonest, 3), round(latest, 3)


class SeatPaces:
    """The board's seats' paces (see the module docstring): learned from the seats' acts, kept
    in the journal's file. Every call on the service thread.

    :param journal: the :class:`~firmware_host.service.journal.Journal` (``seat_pace``,
        ``save_seat_pace``), or None (nothing kept).
    """

    def __init__(self, journal: Any = None) -> None:
        self.journal = journal
        #: ``awaited() -> seats``: whom the game waits for now (the table's reminders set it,
        #: :class:`~firmware_host.table.reminders.Reminders`); None: nobody is known awaited
        self.awaited: Callable[[], Sequence[int]] | None = None
        self._reactions: dict[int, collections.deque] = {}
        self._heard: dict[str, float] = {}
        self._clips: dict[str, collections.deque] = {}          # output -> (start, end) of its clips heard
        self._wait_since: dict[int, float] = {}                 # seat -> when it was first heard awaited
        self._acts: collections.deque = collections.deque(maxlen=64)   # (handled at, seat, reader) of recent acts
        self._last_at: dict[int, tuple[float, float]] = {}    # seat -> (press, reaction) counted last
        self._answered: dict[int, float] = {}                  # seat -> the end of the clip it answered last
        self.load()

    def load(self) -> None:
        """Read every seat's kept reactions (an unreadable file or entry: none, logged)."""
        self._reactions = {}
        if self.journal is None:
            return
        from firmware_host.service.journal import JournalError
        try:
            stored = self.journal.seat_pace()
        except JournalError as exc:
            log.error("seat paces not read: %s", exc)
            return
        for seat, reactions in stored.items():
            kept = [float(r) for r in reactions if isinstance(r, (int, float)) and not isinstance(r, bool)
                    and SHORTEST <= r <= LONGEST]
            self._reactions[seat] = collections.deque(kept[-RECENT:], maxlen=RECENT)

    # -- hearing and acting ------------------------------------------------------------------
    def heard(self, line: dict) -> None:
        """A clip has ended (an ``announce`` line with ``output`` and ``end``): a cue the
        seats at that output heard, unless it was cut off or is an answer to an act
        (:data:`ANSWERS`: it asks for nothing)."""
        self._poll_awaited(line.get("end"))
        if line.get("cut") or line.get("key") in ANSWERS:
            return
        output, end, start = line.get("output"), line.get("end"), line.get("start", line.get("end"))
        if isinstance(output, str) and isinstance(end, (int, float)):
            if end > self._heard.get(output, float("-inf")):
                self._heard[output] = float(end)
            if isinstance(start, (int, float)):
                clips = self._clips.setdefault(output, collections.deque(maxlen=CLIPS_KEPT))
                clips.append((float(start), float(end)))

    def _poll_awaited(self, now: Any) -> None:
        """Note from when each seat is awaited (``now``: clock seconds, a clip's end): a seat
        first heard awaited now begins a wait; one no longer awaited ends it."""
        if self.awaited is None or not isinstance(now, (int, float)):
            return
        try:
            seats = {int(s) for s in self.awaited() or ()}
        except Exception as exc:  # noqa: BLE001 - a game's hook never stops the table
            log.warning("pace: whom the game waits for: %s", exc)
            return
        for seat in [s for s in self._wait_since if s not in seats]:
            del self._wait_since[seat]
        for seat in seats:
            self._wait_since.setdefault(seat, float(now))

    def handled(self, seat: int, at: float, reader: str | None = None) -> None:
        """``seat`` acted and the board handled the act at ``at`` (clock seconds): what begins
        from then on may be the board's answer to it, no cue of the other seats awaited; the
        seat's own wait is answered (:meth:`acted` calls it; a press that takes a pick back
        counts no reaction but is an act all the same); ``reader``: where a tile was laid."""
        self._acts.append((float(at), seat, reader))
        self._wait_since.pop(seat, None)

    def _wait_cue(self, seat: int, at: float) -> float | None:
        """The end of the cue of ``seat``'s wait (see the module docstring) for an act at
        ``at``, or None when the seat is not known awaited or heard no such cue."""
        since = self._wait_since.get(seat)
        if since is None:
            return None
        answered = min((h for h, _, _ in self._acts if h >= since - 1e-6), default=at)
        before = min(answered, at) - TIE_S         # an answer that began with the act is no cue
        ends = [end for output in ("table", f"seat:{seat}") for start, end in self._clips.get(output, ())
                if start < before and end <= at + 1e-9]
        return self._overlapped(seat, max(ends)) if ends else None

    def _overlapped(self, seat: int, end: float) -> float:
        """The cue's end for a cue that ended at ``end``: where a clip on the seat's other output
        (the table, or its own earphone) played at the same time and ended sooner (the table's
        call while the earphone still told the seat its hand), which of the two the seat
        answered cannot be told, and the sooner end is taken: a reaction counted too long
        makes the seat's window longer, one counted too short makes it pick wrong items."""
        outputs = ("table", f"seat:{seat}")
        chosen = next(((o, start) for o in outputs for start, e in self._clips.get(o, ()) if abs(e - end) <= 1e-9),
                      None)
        if chosen is None:
            return end
        output, start = chosen
        other = "table" if output != "table" else f"seat:{seat}"
        sooner = [e for s, e in self._clips.get(other, ()) if s < end and start < e < end]
        return min(sooner) if sooner else end

    def reaction(self, seat: int, at: float) -> float | None:
        """The seconds from the end of the last clip ``seat`` heard to ``at`` (clock seconds),
        or None when it heard none: its own earphone's last clip when that ended within
        :data:`LONGEST` (a scan item, its own cue: the table may speak of others meanwhile),
        else the table's; from the sooner end where the two played at the same time
        (:meth:`_overlapped`)."""
        own = self._heard.get(f"seat:{seat}")
        if own is not None and 0.0 <= at - own <= LONGEST:
            return at - self._overlapped(seat, own)
        table = self._heard.get("table")
        return at - self._overlapped(seat, table) if table is not None and table <= at else None

    def acted(self, seat: int, at: float, *, cue_end: float | None = None, handled: float | None = None,
              reader: str | None = None) -> float | None:
        """``seat`` acted (its button went down, its tile was read) at ``at`` (clock seconds):
        its reaction to the cue it answered is counted when it is one
        (:data:`SHORTEST`-:data:`LONGEST`; the cue: see the module docstring).

        :param cue_end: the end of the cue the act is known to answer (the scan item a press
            picked, :func:`~firmware_host.table.scanning.picked_cue_end`), or None.
        :param handled: when the board handled the act (clock seconds; default ``at``).
        :param reader: the reader a tile was laid at (None: a press): a tile laid where another
            seat's tile was read since the cue ended is no reaction (the seat may have waited
            its turn at a reader the seats share).
        :returns: the reaction counted (seconds), or None when none is counted.
        """
        if cue_end is not None:
            seconds: float | None = at - cue_end
        else:
            wait = self._wait_cue(seat, at)
            seconds = at - wait if wait is not None else self.reaction(seat, at)
        queued = reader is not None and seconds is not None and any(
            r == reader and s != seat and at - seconds - 1e-6 <= h <= at + 1e-6 for h, s, r in self._acts)
        self.handled(seat, at if handled is None else handled, reader)
        if seconds is None or queued or not SHORTEST <= seconds <= LONGEST:
            return None
        cue = round(at - seconds, 6)              # the end of the clip it answers
        if self._answered.get(seat) == cue:
            return None                           # it answered that clip already
        self._answered[seat] = cue
        self.react(seat, seconds)
        self._last_at[seat] = (at, round(float(seconds), 3))
        return seconds

    def correct(self, seat: int, at: float, late: float | None) -> None:
        """The pick made by ``seat``'s press at ``at`` was taken back: that press was no
        answer to the item it was credited to. Its reaction (if counted) is forgotten, and
        ``late`` (seconds after the item heard before, which it most likely meant) counted
        instead where it is a reaction (:data:`SHORTEST`-:data:`LONGEST`)."""
        recent = self._reactions.get(seat)
        last = self._last_at.get(seat)
        if recent and last is not None and abs(last[0] - at) < 1e-6 and recent and recent[-1] == last[1]:
            recent.pop()
        self._last_at.pop(seat, None)
        if late is not None and SHORTEST <= late <= LONGEST:
            self.react(seat, late)
        elif recent is not None:
            self._save(seat, recent)

    def react(self, seat: int, seconds: float) -> None:
        """Count one reaction of ``seat`` (seconds) and keep the seat's recent ones.

        :raises ValueError: ``seconds`` outside :data:`SHORTEST`-:data:`LONGEST`.
        """
        if not SHORTEST <= seconds <= LONGEST:
            raise ValueError(f"a reaction is {SHORTEST:g}-{LONGEST:g} seconds, not {seconds!r}")
        recent = self._reactions.setdefault(seat, collections.deque(maxlen=RECENT))
        recent.append(round(float(seconds), 3))
        self._save(seat, recent)

    def _save(self, seat: int, recent: Any) -> None:
        if self.journal is not None:
            from firmware_host.service.journal import JournalError
            try:
                self.journal.save_seat_pace(seat, list(recent))
            except JournalError as exc:
                log.warning("pace of seat %d not kept: %s", seat, exc)

    def forget(self, seat: int) -> None:
        """Forget ``seat``'s reactions (another player sits there)."""
        self._reactions.pop(seat, None)
        if self.journal is not None:
            from firmware_host.service.journal import JournalError
            try:
                self.journal.save_seat_pace(seat, [])
            except JournalError as exc:
                log.warning("pace of seat %d not forgotten: %s", seat, exc)

    # -- what the pace sets ------------------------------------------------------------------
    def pace(self, seat: int) -> Pace:
        """The seat's :class:`Pace` now."""
        return Pace(tuple(self._reactions.get(seat, ())))

    def scan_settings(self, seat: int, base: Any, own_interval: float | None = None) -> Any:
        """The timing of ``seat``'s next scan list: ``base`` (``[scan]``, a
        :class:`~firmware_host.service.settings.ScanSettings`) with the seat's own
        ``scan_interval`` where it has one (an explicit setting wins), else with the interval
        its learned window needs (never shorter than ``base``'s); ``base`` itself where its
        ``pace`` is off (``[scan] pace = false``, a scripted run)."""
        if own_interval is not None:
            return dataclasses.replace(base, interval=own_interval)
        if not getattr(base, "pace", False):
            return base
        board_window = base.interval + base.grace
        pace = self.pace(seat)
        window = window_after(pace, board_window)
        if window <= board_window:
            timed = base
        else:
            # a slow seat's press rarely falls early in the next item: part of its window is
            # the next item's first moments (its grace), so its list slows less (27, 31)
            typical = pace.typical or 0.0
            grace = round(max(base.grace, min(GRACE_MAX, typical / 2)), 3)
            interval = round(max(base.interval, window - grace), 3)
            timed = dataclasses.replace(base, interval=interval, grace=round(window - interval, 3))
        # the undo window: the seat's window and one grace more (hearing its pick said back,
        # telling it from the item meant and pressing takes a moment longer than a reaction)
        undo = round(window + base.grace, 3)
        if len(pace.reactions) < STEADY:     # whoever sits there: time to hear a wrong pick and take it back
            undo = max(undo, UNDO_UNLEARNED)
        credit = credit_bounds(pace, window)
        if credit is None or not isinstance(timed, ScanSettings):
            return dataclasses.replace(timed, undo_window=undo)
        # which item a press is credited to: a reaction that falls into the next item (31)
        fields = {f.name: getattr(timed, f.name) for f in dataclasses.fields(ScanSettings)}
        fields["undo_window"] = undo
        return PacedScan(**fields, credit_typical=credit[0], credit_soonest=credit[1], credit_latest=credit[2])

    def snapshot(self, base: Any) -> dict[str, dict]:
        """The console's picture of the seats' paces: ``{"N": {"acts", "reaction", "window"}}``
        for the seats with a counted reaction (0-based seat as text): ``acts`` how many
        recent reactions count, ``reaction`` the typical one and ``window`` the window after
        a scan item it sets with ``base`` (``[scan]``), in seconds; both None until learned."""
        out = {}
        for seat in sorted(self._reactions):
            pace = self.pace(seat)
            if not pace.reactions:
                continue
            typical = pace.typical
            out[str(seat)] = {"acts": len(pace.reactions),
                              "reaction": None if typical is None else round(typical, 2),
                              "window": None if typical is None
                              else round(window_after(pace, base.interval + base.grace), 2)}
        return out


def for_service(service: Any) -> SeatPaces:
    """The board's one :class:`SeatPaces` (made on first use with the service's journal; it
    hears every clip that ends, :meth:`~firmware_host.service.core.BoardService.subscribe_ends`)."""
    paces = service.__dict__.get("_seat_paces")
    if paces is None:
        paces = SeatPaces(getattr(service, "journal", None))
        subscribe = getattr(service, "subscribe_ends", None)
        if callable(subscribe):
            subscribe(paces.heard)
        service._seat_paces = paces
    return paces
