"""*In this way I become a DICTATOR* on the board: buttons → engine actions, what is said
where, the morning timer, status, the console's picture (DICTATOR.md D30-D37).

It is this game's :class:`~firmware_host.service.game.BoardGame`, made by the pack's
``board_game(service)`` for the service's :class:`~firmware_host.service.host.GameHost`.

- **Scanning** (D33-D36, ACCESSIBILITY.md 13-17): a seat that must act presses its button and
  hears the choices in its own earphone, one at a time; a press picks the item just heard.
  Several seats may choose at once (each has its own earphone and its own scan). Open votes:
  the other seats with their votes. Discard-vote step: "vote today" / "discard-vote", then
  every seat, then the cards of the hand (the pledge), then "confirm". Day 5: "vote" /
  "discard-vote", then the seats it may name, then "confirm". Night: the cards of the hand one
  at a time (a pledged card is already chosen), then "confirm". Every list ends with
  "cancel", which starts the seat's choice again on its next press.
- **Only counts at the table** in a secret step ("decided: three of six"); the choice is
  confirmed only in the seat's earphone, and the table hears the choices together when the
  step is resolved (D28). A refusal in a secret step goes only to that earphone (D37).
- **Padded private clips** (D28; ACCESSIBILITY.md 8-9): a choice's confirmation and the
  private status are padded with silence to the longest clip that could stand in their
  place given what the table knows (:mod:`.padding`), so their length tells no choice, hand
  or drop.
- **Role cards on the tray** (D30): with role cards whose tags are enrolled to a seat and a
  role (tag registry ``[cards.N]``), a seat drops a card at night by laying it face down on
  the tray reader (:data:`TRAY_READER`) instead of scanning: the card is confirmed only in
  its earphone (padded, so its length names no role), and once the night's count is reached
  it hears "confirm" as after scanning (the two ways mix: a card, then a scan, or the other
  way). A card that cannot be taken (not now, at the ballot box, not in the hand, one too
  many) is refused only in its seat's earphone, naming no card; the same card read again is
  that same card (ignored); an unknown tag or a tile of another game is refused at the table
  without naming it.
- **Morning** (D32): "Day N, morning: discussion", a timer of ``morning_seconds`` (default
  180, the printed 3 minutes; the setup's ``morning_seconds`` or ``[service]`` lengthen it, 0
  switches it off), a spoken one-minute warning and a spoken end; the game-master key or the
  console's ``end_morning`` ends it early. Then the step's announcement. Not in the engine or
  the journal.
- **Status** (D31): hold your button: the public status (Time Card line, every seat's votes,
  rank and voting rights, who must still act, the reveals, today's pledges) and then your
  hand, pledge and choice, into your earphone. A press with nothing to do repeats.
- **Journal**: every accepted action is journaled before it is announced; an unfinished game
  is rebuilt from it on start.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
from typing import Any, Callable

from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.service.journal import JournalError, NothingToUndo
from firmware_host.service.refusals import REFUSAL_CODES, CommandRefused
from firmware_host.service.scanning import Scan, ScanItem, spoken_seconds
from firmware_host.service.seat_settings import SeatSettings
from firmware_host.service.seat_store import StoredSeatSettings

from . import announce, catalogue, padding
from .engine import Action, Event, Game, IllegalAction
from .rules import DROPS, ROLES, Setup
from .views import private_view, public_view, state_json

log = logging.getLogger("firmware_host.service")

__all__ = ["BecomeDictatorGame", "MORNING_SECONDS", "WARNING_SECONDS", "TRAY_READER"]

#: D5, D32: the printed discussion time, seconds.
MORNING_SECONDS = 180.0
#: D32: the spoken warning comes this many seconds before the morning ends.
WARNING_SECONDS = 60.0
#: the longest morning a setup may ask for (ten times the printed one, ACCESSIBILITY.md 11)
MAX_MORNING_SECONDS = 1800.0
#: D30: the reader at the tray, where role cards are laid face down at night (the config's
#: ``law`` reader, BOARD.md: the reader at the discard tray)
TRAY_READER = "law"
#: keys of a console/simulate setup the board uses itself (not part of the replay setup)
BOARD_SETUP_KEYS = ("names", "morning_seconds")


@dataclasses.dataclass
class _Choosing:
    """A seat's choice being built by scanning (before its action is accepted)."""

    stage: str = "start"                 # start, target, pledge, drop, confirm
    kind: str | None = None              # vote, discard_vote, no_discard_vote, drop
    target: int | None = None
    pledge: str | None = None
    drops: list[str] = dataclasses.field(default_factory=list)
    cards: set[str] = dataclasses.field(default_factory=set)   # role cards read at the tray (D30)


class BecomeDictatorGame(StoredSeatSettings):
    """This game's side of the board service (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.
    """

    def __init__(self, service: Any) -> None:
        self.service = service
        self.settings = service.settings
        self.game: Game | None = None
        self.game_id: int | None = None
        self.setup: Setup | None = None
        self.pending_setup: dict | None = None
        self._prepared = False                   # a setup prepared, not started yet
        self.raw_setup: dict | None = None
        self.names: dict[int, str] = {}
        self.language = "de"
        self.paused = False
        self.morning_seconds = float(getattr(self.settings, "morning_seconds", MORNING_SECONDS))
        self.morning: dict | None = None         # {"day", "ends_at" (None: no timer)}
        self._morning_timers: list[Any] = []
        self._after_morning: list = []           # announcements held until the morning ends
        self.scans: dict[int, Scan] = {}
        self.choosing: dict[int, _Choosing] = {}
        self.seat_settings: dict[int, SeatSettings] = {}
        self._heard_long: set[tuple[int, str]] = set()
        self._heard: dict[str, tuple[int, list[dict]]] = {}
        self._heard_seq = 0
        self.announced: collections.deque = collections.deque(maxlen=50)
        self.faults: collections.deque = collections.deque(maxlen=50)
        self.readers: dict[str, bool] = {}
        self._last_public: list = []              # what a refusal refers to (ACCESSIBILITY.md 22)
        self._measured: dict[tuple[str, str], float] = {}   # (channel, text) -> seconds

    # ======================================================================= life cycle
    def boot(self, resume: bool = True) -> None:
        """Read the stored seat settings, then resume an unfinished game of this game from
        the journal (and say so), or wait for a setup.

        A journal that found damage at its self-check (``journal.repair``) is reported first,
        as for Secret Dictator: at the table (``journal.*``, priority ``fault``), on the
        console (faults, with the kept file) and as a ``fault`` line; the game goes on from
        its last entry that read back whole. A game whose entries cannot be replayed is
        abandoned (kept in the journal) and said so (``journal.game_lost``)."""
        self._load_seat_settings()
        self._read_board()
        journal = self.service.journal
        repair = getattr(journal, "repair", None)
        try:
            unfinished = journal.unfinished() if resume else None
        except (JournalError, FirmwareHostError) as exc:
            log.error("journal: the unfinished game cannot be read: %s", exc)
            self.service.fault("journal", "unreadable", str(exc))
            self._say_fault("journal.game_lost", {}, str(exc))
            unfinished = None
        if unfinished is None or unfinished.setup.get("game") != "become_dictator":
            if repair is not None:
                self._report_repair(repair)
            self.say("public", "service.ready", {})
            return
        try:
            self._rebuild(unfinished.id, unfinished.setup, unfinished.actions)
        except (FirmwareHostError, ValueError, KeyError, TypeError) as exc:
            log.error("journal game %d cannot be resumed: %s", unfinished.id, exc)
            journal.finish_game(unfinished.id, "abandoned")
            self.game = self.game_id = self.setup = None
            if repair is not None:
                self._report_repair(repair, resumed=False)
            else:
                detail = f"journal game {unfinished.id} cannot be resumed: {exc}"
                self.service.fault("journal", "unreadable", detail)
                self._say_fault("journal.game_lost", {}, detail)
            self.say("public", "service.ready", {})
            return
        if repair is not None:
            self._report_repair(repair)
        log.info("resumed game %d after %d actions", unfinished.id, len(unfinished.actions))
        self.say("public", "service.resumed", {})
        self._say_step()

    def _report_repair(self, repair: Any, resumed: bool | None = None) -> None:
        """Say what the journal's self-check found (:class:`~firmware_host.service.journal.
        JournalRepair`): a ``fault`` line, the table hears it, the console lists it."""
        resumed = repair.resumed if resumed is None else resumed
        if "foreign" in repair.reasons:
            key, params = "journal.foreign", {}
        elif repair.game is None:
            key, params = "journal.kept", {}
        elif not resumed:
            key, params = "journal.game_lost", {}
        elif repair.lost_actions is None:
            key, params = "journal.lost_unknown", {}
        elif repair.lost_actions == 0:
            key, params = "journal.kept", {}
        else:
            key, params = "journal.lost", {"count": repair.lost_actions}
        self.service.fault("journal", repair.reason, repair.detail)
        self._say_fault(key, params, repair.detail)

    def _say_fault(self, key: str, params: dict, detail: str) -> None:
        """Speak ``key`` at the table (priority ``fault``) and list it on the console."""
        self.say("public", key, params, priority="fault")
        try:
            text = catalogue.text(key, params, self.language, names=self.names)
        except (FirmwareHostError, ValueError):
            text = key
        self.faults.append({"kind": "fault", "reason": key, "text": f"{text} ({detail})"})

    def _read_board(self) -> None:
        """The readers' state at start (the console's health panel)."""
        board = self.service.board
        for obj in (board, getattr(board, "board", None)):
            if obj is not None and callable(getattr(obj, "snapshot", None)):
                try:
                    self.readers = dict(obj.snapshot().readers)
                    return
                except Exception as exc:  # noqa: BLE001 - a board without a snapshot is fine
                    log.warning("board snapshot: %s", exc)

    def shutdown(self) -> None:
        """End scans and the morning timer (the service stops, or another game is chosen)."""
        self._end_scans()
        self._cancel_morning_timers()

    # ======================================================================= speaking
    # Speech takes time (ACCESSIBILITY.md 20-25): where the voice reports playback
    # (``voice.timed()``) each clip's ``announce`` line is written once it has played
    # (``service.announce_listener``), a private clip that follows from public ones waits for
    # them (22), and scan steps follow what was heard (21). A voice without playback (no
    # sound) writes the lines at once.
    def _timed(self) -> bool:
        voice = self.service.voice
        timed = getattr(voice, "timed", None)
        return bool(voice is not None and callable(timed) and timed()
                    and hasattr(self.service, "announce_listener"))

    def say(self, channel: str, key: str, params: dict, *, priority: str | None = None,
            request: bool = False, history: bool = True, timed: bool = False, after: Any = (),
            on_start: Any = None, on_end: Any = None) -> Any:
        """Speak catalogue ``key`` on ``channel`` and write its ``announce`` line.

        :param request: a seat's own request (status, repeat): cuts off its earphone.
        :param history: False for scan steps (a repeat press never gives them back).
        :param timed: without playback: also measure how long the speech lasts.
        :param after: utterances that must have ended first (ACCESSIBILITY.md 22).
        :param on_start: ``on_start(lines, utterance)`` when it starts playing.
        :param on_end: ``on_end(lines, utterance, record)`` when it has ended or was cut.
        :returns: ``(text, seconds or None, utterance or None)``, or None when refused.
        """
        try:
            made = announce.make(key, params, channel,
                                 priority=priority or ("request" if request else "normal"))
        except (FirmwareHostError, ValueError) as exc:
            log.error("announcement %s refused: %s", key, exc)
            return None
        return self._speak(made, history=history, timed=timed, after=after, on_start=on_start,
                           on_end=on_end)

    def _long_wording(self, channel: str, key: str, *, mark: bool = True) -> bool:
        """ACCESSIBILITY.md 5: long the first time the table or the seat hears ``key``.
        ``mark=False``: only ask (the wording of a message the seat is not told now)."""
        voice = self.service.voice
        if channel == "public":
            return bool(voice.use_long_wording(key)) if voice is not None else False
        seat = int(channel[5:])
        verbosity = self.seat_settings.get(seat, SeatSettings()).verbosity or "auto"
        if verbosity != "auto":
            return verbosity == "long"
        first = (seat, key) not in self._heard_long
        if mark:
            self._heard_long.add((seat, key))
        return first

    def _text(self, a: Any, long: bool) -> str:
        try:
            return catalogue.text(a.key, a.params, self.language, long=long, names=self.names)
        except (FirmwareHostError, ValueError) as exc:
            log.error("announcement %s: %s", a.key, exc)
            return a.key

    def _played(self, lines: list[dict], utt: Any = None) -> None:
        """A clip started playing (or was said without sound): the console's list."""
        for line in lines:
            if line["channel"] == "public":
                self.announced.append({k: line[k] for k in ("channel", "key", "params", "text")})

    def _speak(self, a: Any, *, history: bool = True, timed: bool = False, after: Any = (),
               on_start: Any = None, on_end: Any = None) -> tuple[str, float | None, Any]:
        long = self._long_wording(a.channel, a.key)
        text = self._text(a, long)
        line = {"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                "text": text}
        pad = self._pad_seconds(a.channel, [a], {a.key: long}) if history else None
        utt = self._play([line], a.channel, text, a.key, a.priority, after=after, history=history,
                         on_start=on_start, on_end=on_end, pad_seconds=pad)
        seconds = None
        voice = self.service.voice
        if utt is None and timed and voice is not None and not self._timed():
            seconds = voice.seconds(voice.last)
        return text, seconds, utt

    def _play(self, lines: list[dict], channel: str, text: str, key: str, priority: str, *,
              after: Any = (), history: bool = True, on_start: Any = None,
              on_end: Any = None, pad_seconds: float | None = None) -> Any:
        """One clip saying ``lines``, padded with silence to ``pad_seconds`` if given (D28,
        :meth:`_pad_seconds`); its Utterance, or None where nothing reports playback (the
        lines are written at once then)."""
        voice = self.service.voice
        pad = {"pad_seconds": pad_seconds} if pad_seconds is not None else {}
        if self._timed():
            def started(played: list[dict], utt: Any) -> None:
                self._played(played, utt)
                if on_start is not None:
                    on_start(played, utt)
            listener = self.service.announce_listener(lines, started, on_end)
            utt = voice.say(channel, text, key=key, priority=priority,
                            after=tuple(u for u in after if u is not None), history=history,
                            listener=listener, **pad)
            if utt is not None:
                utt.meta["lines"] = lines
                return utt
        elif voice is not None:
            wav = voice.say(channel, text, key=key, priority=priority, **pad)
            if isinstance(wav, str):
                lines = [{**line, "wav": wav} for line in lines]
        self._played(lines)
        if history:
            self._record_heard(channel, lines)
        for line in lines:
            self.service.emit(line)
        return None

    def _speak_all(self, items: list, after: Any = ()) -> list:
        """Say ``items`` in order; a private one waits until the public ones said before it
        here have ended at the table (ACCESSIBILITY.md 22). Returns the Utterances."""
        public: list = []
        made = []
        for a in items:
            wait = tuple(after) + (tuple(public) if a.channel != "public" else ())
            utt = self._speak(a, after=wait)[2]
            made.append(utt)
            if a.channel == "public" and utt is not None:
                public.append(utt)
        if public:
            self._last_public = public
        return made

    def _speak_padded(self, items: list, after: Any = ()) -> list:
        """Private clips said to every seat at once and padded to one length (D30: each
        earphone hears the same sentence at the same moment for the same time)."""
        voice = self.service.voice
        texts = {int(a.channel[5:]): self._text(a, True) for a in items}
        lines = {int(a.channel[5:]): [{"event": "announce", "channel": a.channel, "key": a.key,
                                       "params": dict(a.params), "text": texts[int(a.channel[5:])]}]
                 for a in items}
        key = items[0].key if items else "padded"
        if self._timed():
            listeners = {seat: self.service.announce_listener(lines[seat], self._played)
                         for seat in lines}
            made = voice.say_padded(texts, key=key, after=tuple(u for u in after if u is not None),
                                    listener=lambda kind, utt, rec: listeners[int(utt.channel[5:])](kind, utt, rec))
            for seat, utt in made.items():
                if utt is not None:
                    utt.meta["lines"] = lines[seat]
            return [u for u in made.values() if u is not None]
        if voice is not None:
            voice.say_padded(texts, key=key)
        for seat in sorted(lines):
            self._record_heard(f"seat:{seat}", lines[seat])
            for line in lines[seat]:
                self.service.emit(line)
        return []

    def _record_heard(self, channel: str, lines: list[dict]) -> None:
        self._heard_seq += 1
        self._heard[channel] = (self._heard_seq, [dict(line) for line in lines])

    def _speak_request(self, items: list) -> Any:
        """A seat's own request (status) as one utterance that cuts off its earphone, with
        one ``announce`` line per message."""
        if not items:
            return None
        longs = {a.key: self._long_wording(a.channel, a.key) for a in items}
        texts = [self._text(a, longs[a.key]) for a in items]
        lines = [{"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                  "text": text} for a, text in zip(items, texts)]
        pad = self._pad_seconds(items[0].channel, items, longs)
        return self._play(lines, items[0].channel, " ".join(texts), items[0].key, "request",
                          pad_seconds=pad)

    # ======================================================================= private clip lengths
    def _measure(self, channel: str, text: str) -> float | None:
        """Seconds ``text`` lasts on ``channel`` (rendered once by the voice, then remembered);
        None when the voice cannot tell (no sound)."""
        key = (channel, text)
        if key not in self._measured:
            measure = getattr(self.service.voice, "measure", None)
            seconds = measure(channel, text) if callable(measure) else None
            if seconds is None:
                return None
            if len(self._measured) > 4096:
                self._measured.clear()
            self._measured[key] = seconds
        return self._measured[key]

    def _pad_seconds(self, channel: str, items: list, longs: dict[str, bool]) -> float | None:
        """The length, in seconds, a private clip saying ``items`` (in one utterance) is padded
        to (D28, D30; ACCESSIBILITY.md 8-9): the longest clip that could stand in its place
        given what the table knows (:mod:`.padding`), measured at the seat's rate in the
        wordings it would hear, with :func:`.padding.padded`'s margin. None when the clip
        carries no secret or lengths cannot be known (no sound): nothing to pad.

        :param longs: key -> the long wording, for the keys said now.
        """
        game = self.game
        if game is None or not channel.startswith("seat:"):
            return None
        seat = int(channel[5:])
        players, phase = game.players, game.phase
        if not any(catalogue.is_private(a.key) and padding.has_secret(
                a.key, dict(a.params), seat, players, phase) for a in items):
            return None

        def wording(key: str) -> bool:
            return longs[key] if key in longs else self._long_wording(channel, key, mark=False)

        def text(key: str, params: dict) -> str:
            return catalogue.text(key, params, self.language, long=wording(key), names=self.names)

        def seconds(key: str, params: dict) -> float | None:
            return self._measure(channel, text(key, params))

        try:
            longest = []
            for a in items:
                found = padding.longest_stand_in(a.key, dict(a.params), seat, players, phase,
                                                 seconds)
                if found is None:
                    return None
                longest.append(found)
            seconds_longest = self._measure(channel, " ".join(text(k, p) for k, p in longest))
        except (FirmwareHostError, ValueError) as exc:
            log.error("private clip length on %s: %s", channel, exc)
            return None
        # the clip's own length plays no part: the pad must not depend on what it says
        return None if seconds_longest is None else padding.padded(seconds_longest)

    # ======================================================================= setup
    def setup_game(self, setup: dict) -> None:
        """Validate the game master's setup and start the game.

        :raises CommandRefused: an unusable setup (one line).
        """
        self.prepare(setup)
        self.start()

    def prepare(self, raw: dict) -> None:
        """Validate and remember a setup: DICTATOR.md's setup object, plus ``names`` (a
        list by seat or {seat: name}) and ``morning_seconds`` (D32: 0 = no timer, up to 1800).

        :raises CommandRefused: ``setup_*`` (one line).
        """
        if not isinstance(raw, dict):
            raise CommandRefused("setup_not_object", "the setup must be a JSON object")
        obj = {k: v for k, v in raw.items() if k not in BOARD_SETUP_KEYS}
        try:
            setup = Setup.from_json(obj)
        except UsageError as exc:
            raise CommandRefused("setup_invalid", f"setup: {exc}", detail=str(exc)) from None
        names = raw.get("names")
        parsed: dict[int, str] = {}
        if isinstance(names, list):
            parsed = {i: str(n) for i, n in enumerate(names) if n}
        elif isinstance(names, dict):
            try:
                parsed = {int(k): str(v) for k, v in names.items() if v}
            except ValueError:
                raise CommandRefused("setup_names", "setup: names must be keyed by seat number") from None
        elif names is not None:
            raise CommandRefused("setup_names", "setup: names must be a list by seat or an object {seat: name}")
        if any(not 0 <= s < setup.players for s in parsed):
            raise CommandRefused("setup_name_seat", f"setup: a name for a seat outside 0..{setup.players - 1}",
                                 last=setup.players - 1)
        morning = raw.get("morning_seconds", self.morning_seconds)
        if (isinstance(morning, bool) or not isinstance(morning, (int, float))
                or not (morning == 0 or MORNING_SECONDS <= morning <= MAX_MORNING_SECONDS)):
            message = (f"morning_seconds must be 0 (no timer) or {MORNING_SECONDS:.0f} to "
                       f"{MAX_MORNING_SECONDS:.0f}, not {morning!r}")
            raise CommandRefused("setup_invalid", f"setup: {message}", detail=message)
        self.raw_setup = dict(raw)
        self.pending_setup = {"setup": setup, "names": parsed, "morning_seconds": float(morning)}
        self._prepared = True
        log.info("setup: become_dictator, %d players, language %s", setup.players, setup.language)

    def start(self) -> None:
        """Start the prepared setup: journal it, then the opening (D30) and day 1's morning.

        :raises CommandRefused: without a setup.
        """
        if self.pending_setup is None:
            raise CommandRefused("no_setup", "no setup: set the game up first")
        setup: Setup = self.pending_setup["setup"]
        self._prepared = False
        self.names = {s: n for s, n in {**self._stored_names(), **self.pending_setup["names"]}.items()
                      if s < setup.players}
        self.morning_seconds = self.pending_setup["morning_seconds"]
        self.language = setup.language
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self.shutdown()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self.service.journal.finish_game(self.game_id, "abandoned")
        self.paused = False
        self.morning = None
        self.choosing = {}
        self.setup = setup
        self.game = Game(setup)
        self.game_id = self.service.journal.begin_game(setup.to_json())
        self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                            "morning_seconds": self.morning_seconds})
        for seat in sorted(self.names):
            self.say("public", "setup.seat_name", {"seat": seat})
        events = self.game.start()
        log.info("game %d started: become_dictator, %d players", self.game_id, setup.players)
        self._enter_morning(events)
        self._emit_events(events)
        self._announce(None, events)

    def _rebuild(self, game_id: int, setup_json: dict, actions: list[dict]) -> None:
        setup = Setup.from_json(setup_json)
        game = Game(setup)
        game.start()
        for obj in actions:
            game.apply(Action.from_json(obj))
        self.setup, self.game, self.game_id = setup, game, game_id
        self.language = setup.language
        self.names = {s: n for s, n in self._stored_names().items() if s < setup.players}
        for kind, body in self.service.journal.entries(game_id):
            if kind == "note" and body.get("note") == "table":
                self.names = {int(k): str(v) for k, v in (body.get("names") or {}).items()}
                self.morning_seconds = float(body.get("morning_seconds", self.morning_seconds))
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self.morning = None
        self.choosing = {}

    # ======================================================================= actions
    def _emit_events(self, events: list) -> None:
        for e in events:
            self.service.emit(e.to_json())

    def accept(self, action: Action, *, from_gm: bool = False) -> bool:
        """Apply ``action``: journal it before announcing it; refuse it where it is said
        (D37) when illegal. :returns: True if accepted."""
        game = self.game
        if game is None:
            return False
        try:
            trial = game.copy()
            trial.apply(action)
        except IllegalAction as exc:
            self.refuse(exc, action)
            return False
        self.service.journal.append_action(self.game_id, action.to_json())
        events = game.apply(action)
        log.info("accepted%s: %s", " (game master)" if from_gm else "", action.kind)
        self.choosing.pop(action.seat, None)
        self._enter_morning(events)
        self._emit_events(events)
        self._announce(action, events)
        if game.phase == "game_over" and self.game_id is not None:
            self.service.journal.finish_game(self.game_id, "over")
            self._end_scans()
        return True

    def refuse(self, exc: IllegalAction, action: Action) -> None:
        """A refused action: its ``rejected`` line and the spoken refusal (D37)."""
        line = {"event": "rejected", "action": action.kind, "reason": exc.reason,
                "message": exc.message}
        if self.service.current_line:
            line["line"] = self.service.current_line
        self.service.emit(line)
        self.faults.append({"kind": "rejected", "reason": exc.reason, "action": action.kind})
        self._speak_all(announce.refusal(exc, action, self.game), after=self._last_public)

    def _announce(self, action: Action | None, events: list) -> None:
        """Say what ``events`` caused. A new morning (D32) holds everything after its
        announcement until the morning ends; the start's hand sentence is said to every seat
        padded to one length."""
        items = announce.announcements(action, events, self.game)
        opening = [a for a in items if a.key == "hand.start"]
        items = [a for a in items if a.key != "hand.start"]
        morning = next((i for i, a in enumerate(items) if a.key == "day.morning"), None)
        if morning is None:
            self._speak_all(items)
            self._after_step_change(events)
            return
        head = items[:morning + 1]
        self._after_morning = items[morning + 1:]          # said when the morning ends
        if opening:
            said = self._speak_all([a for a in head if a.key == "game.started"])
            self._speak_padded(opening, after=said)
            head = [a for a in head if a.key != "game.started"]
        self._speak_all(head)

    def _after_step_change(self, events: list) -> None:
        if any(e.kind in ("phase", "discard_votes", "game_over") for e in events):
            self._end_scans(keep=set(self.game.awaiting()) if self.game else set())

    # ======================================================================= the morning (D32)
    def _enter_morning(self, events: list) -> None:
        """A ``day`` event begins a morning (D32): its state and timers are set before any
        line of it is written, so every console snapshot of the new day shows the morning."""
        game = self.game
        if game is None or not any(e.kind == "day" for e in events):
            return
        self._end_scans()
        self._after_morning = []
        seconds = self.morning_seconds
        clock = self.service.clock
        self.morning = {"day": game.day, "ends_at": clock.now() + seconds if seconds else None}
        self._cancel_morning_timers()
        if seconds:
            day = game.day
            if seconds > WARNING_SECONDS:
                self._morning_timers.append(clock.call_later(
                    seconds - WARNING_SECONDS, lambda: self.service.post(lambda: self._morning_warning(day))))
            self._morning_timers.append(clock.call_later(
                seconds, lambda: self.service.post(lambda: self.end_morning(day))))
        log.info("morning of day %d: %s", game.day, f"{seconds:.0f} s" if seconds else "no timer")

    def _morning_warning(self, day: int) -> None:
        if self.morning is not None and self.morning["day"] == day and not self.paused:
            self.say("public", "morning.warning", {})

    def _cancel_morning_timers(self) -> None:
        for handle in self._morning_timers:
            handle.cancel()
        self._morning_timers = []

    def end_morning(self, day: int | None = None) -> bool:
        """End the morning (its timer, the game-master key, the console): "Morning over",
        then the step's announcement. :returns: False when no morning was running."""
        if self.morning is None or (day is not None and self.morning["day"] != day):
            return False
        if self.paused and day is not None:
            return False         # a paused morning ends when the game master says so
        self._cancel_morning_timers()
        day = self.morning["day"]
        self.morning = None
        self.say("public", "morning.over", {"day": day})
        held, self._after_morning = self._after_morning, []
        self._speak_all(held)
        return True

    # ======================================================================= inputs
    def handle_input(self, event: Any) -> None:
        """One input event from the board (on the service thread); never raises for bad input."""
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is None:
            log.info("input ignored: %s", type(event).__name__)
            return
        handler(event)

    def _on_ButtonGesture(self, event: Any) -> None:
        seat, gesture = event.seat, event.gesture
        voice = self.service.voice
        if gesture != "hold" and voice is not None and voice.confirm_whisper(seat):
            return
        game = self.game
        if game is None:
            return
        if not 0 <= seat < game.players:
            self.service.fault(f"seat {seat + 1} button", "not_playing",
                               f"seat {seat} is not a seat of this {game.players}-player game")
            return
        if gesture == "hold":
            self._status(seat)
            return
        scan = self.scans.get(seat)
        if scan is not None:
            scan.press()
            return
        if (self.morning is None and not self.paused and game.phase != "game_over"
                and seat in game.awaiting()):
            self._choose_step(seat)
            return
        self._idle_press(seat)

    def _on_GameMasterKey(self, event: Any) -> None:
        if event.gesture == "press":
            if self.morning is not None and not self.paused:
                self.end_morning()
                return
            if self.game is not None:
                self.command("resume" if self.paused else "pause")
        elif self.game is not None:
            self._speak_all(announce.status(self.game, None))

    def _on_Fault(self, event: Any) -> None:
        part = getattr(event, "part", None) or {}
        reason = getattr(event, "reason", "fault")
        self.faults.append({"kind": "fault", "reason": reason, "part": part})
        if reason == "unknown_tag":
            # D30, D37: a card the board does not know, refused at the table, named by nothing
            self.service.fault(str(getattr(event, "source", "reader")), reason,
                               getattr(event, "detail", "") or "", key="tile.unknown")
        elif part.get("kind") == "seat_button" and type(part.get("seat")) is int:
            self.service.fault(f"seat {part['seat'] + 1} button", reason,
                               getattr(event, "detail", "") or "", key="fault.button",
                               params={"seat": part["seat"]})
        else:
            self.service.fault(str(getattr(event, "source", "board")), reason,
                               getattr(event, "detail", "") or "", key="fault.board")

    def _on_ReaderState(self, event: Any) -> None:
        self.readers[str(getattr(event, "reader", "?"))] = bool(getattr(event, "connected", False))
        log.info("reader %s %s", getattr(event, "reader", "?"),
                 "connected" if getattr(event, "connected", False) else "disconnected")

    # ----------------------------------------------------------------------- role cards (D30)
    def _on_CardRead(self, event: Any) -> None:
        """A seat's role card read by a reader (D30): at night, on the tray reader, a card to
        drop; anything else is refused without naming the card (see the module docstring)."""
        seat, card = event.seat, event.card
        reader = getattr(event, "reader", TRAY_READER)
        game = self.game
        source = f"{reader} reader"
        if game is None or card not in ROLES or type(seat) is not int or not 0 <= seat < game.players:
            self.service.fault(source, "not_this_game", "a card that is not a role card of a seat "
                               "of this game", key="tile.not_this_game")
            return
        if reader != TRAY_READER:
            self._card_refused(seat, source, "card.wrong_reader")
            return
        state = self.choosing.get(seat)
        if state is not None and card in state.cards:
            log.info("seat %d's card read again: the same card, ignored (BOARD.md)", seat)
            return
        chosen = game.choice_of(seat)
        if (game.phase == "night" and chosen is not None and chosen.kind == "drop"
                and card in chosen.roles):
            log.info("seat %d's dropped card read again: ignored (BOARD.md)", seat)
            return
        if (self.paused or self.morning is not None or game.phase != "night"
                or seat not in game.awaiting()):
            self._card_refused(seat, source, "card.not_now")
            return
        if card not in game.hands[seat]:
            self._card_refused(seat, source, "refusal.not_in_hand")
            return
        state = self.choosing.setdefault(seat, _Choosing())
        count = DROPS[game.day]
        pledge = game.pledges[seat]
        said = []
        if pledge is not None and pledge not in state.drops:
            state.drops.append(pledge)
            if card != pledge:
                said.append(announce.make("choice.pledge_dropped", {"pledge": pledge}, f"seat:{seat}"))
        if card not in state.drops:
            if len(state.drops) >= count:
                self._card_refused(seat, source, "card.enough")
                return
            state.drops.append(card)
        state.cards.add(card)
        scan = self.scans.pop(seat, None)
        if scan is not None:
            scan.finish()
        complete = len(state.drops) >= count
        said.append(announce.make("card.taken.last" if complete else "card.taken.more",
                                  {"role": card}, f"seat:{seat}"))
        log.info("seat %d: a role card taken from the tray", seat)
        self._speak_all(said)
        if complete or scan is not None:
            self._next_stage(seat)          # "confirm", or the list of the cards left

    def _card_refused(self, seat: int, source: str, key: str) -> None:
        """A role card that cannot be taken: a ``fault`` line and the reason in the seat's own
        earphone only, naming no card (D30, D37)."""
        reason = key.split(".", 1)[1]
        self.faults.append({"kind": "rejected", "reason": reason, "action": "drop"})
        self.service.fault(source, reason, f"seat {seat + 1}'s card")
        self.say(f"seat:{seat}", key, {"seat": seat} if key.startswith("refusal.") else {},
                 priority="refusal")

    def _on_BallotRead(self, event: Any) -> None:
        self._foreign_tile(event)

    def _on_LawRead(self, event: Any) -> None:
        self._foreign_tile(event)

    def _on_RoleTileRead(self, event: Any) -> None:
        self._foreign_tile(event)

    def _on_EvidenceRead(self, event: Any) -> None:
        self._foreign_tile(event)

    def _foreign_tile(self, event: Any) -> None:
        """A tile of another game (a ballot, a law, a Secret Dictator role tile, a Dying
        Message evidence tile): refused at the table without naming it (D37)."""
        self.service.fault(f"{getattr(event, 'reader', 'a')} reader", "not_this_game",
                           "a tile that is not used in this game", key="tile.not_this_game")

    def _idle_press(self, seat: int) -> None:
        """A press with nothing to do: the last message again (or the status, ``[service]
        idle_press``), D31."""
        if getattr(self.settings, "idle_press", "repeat") == "status":
            self._status(seat)
            return
        voice = self.service.voice
        scan = self.scans.get(seat)
        if scan is not None and hasattr(scan, "hold"):
            scan.hold()
        if self._timed():
            self._repeat(seat)
            return
        options = [h for h in (self._heard.get("public"), self._heard.get(f"seat:{seat}")) if h]
        if not options:
            self.say(f"seat:{seat}", "repeat.nothing", {}, request=True)
            return
        _, lines = max(options, key=lambda h: h[0])
        if voice is not None and not voice.repeat_last(seat):
            voice.say(f"seat:{seat}", " ".join(l["text"] for l in lines), key=lines[0]["key"],
                      priority="request")
        for said in lines:
            self.service.emit({**{k: v for k, v in said.items() if k != "wav"},
                               "channel": f"seat:{seat}"})

    def _repeat(self, seat: int) -> None:
        """ACCESSIBILITY.md 2, 25: the seat's last message by what it has heard; further
        presses step back. Its ``announce`` line(s) are written again on ``seat:N`` when the
        repeat plays."""
        channel = f"seat:{seat}"
        box: dict[str, Any] = {}

        def listener(kind: str, utt: Any, record: Any) -> None:
            if "lines" not in box:
                original = utt.meta.get("repeats")
                source = (original.meta.get("lines") if original is not None else None) or [
                    {"event": "announce", "channel": channel, "key": utt.key, "params": {},
                     "text": utt.text}]
                box["lines"] = [{**{k: v for k, v in line.items() if k != "wav"}, "channel": channel}
                                for line in source]
                box["listener"] = self.service.announce_listener(box["lines"])
            box["listener"](kind, utt, record)

        if self.service.voice.repeat_last(seat, listener=listener) is None:
            self.say(channel, "repeat.nothing", {}, request=True)

    def _status(self, seat: int) -> None:
        """D31: the public status, then the seat's own, into its earphone (or the public part
        at the table with ``[service] status_channel = "public"`` or a whisper station)."""
        game = self.game
        if game is None:
            return
        mine = announce.status(game, seat)
        voice = self.service.voice
        earphones = voice is None or getattr(voice, "has_earphones", lambda: True)()
        if getattr(self.settings, "status_channel", "earphone") == "public" or not earphones:
            self._speak_all(announce.status(game, None))
            self._speak_request([a for a in mine if catalogue.is_private(a.key)])
        else:
            self._speak_request(mine)
        scan = self.scans.get(seat)
        if scan is not None and hasattr(scan, "hold"):
            scan.hold()

    # ======================================================================= scanning (D33-D36)
    def _choose_step(self, seat: int) -> None:
        """The seat's press when it must act: start (or go on with) its choice by scanning."""
        game = self.game
        assert game is not None
        state = self.choosing.setdefault(seat, _Choosing())
        phase = game.phase
        if phase == "vote":
            self._scan(seat, "scan.choose_target", [self._seat_item(t) for t in range(game.players)
                                                    if t != seat],
                       lambda t: self._submit(Action("vote", seat, t)))
            return
        if state.stage == "start" and phase in ("discard_vote", "final_vote"):
            if phase == "discard_vote":
                options = [("no_discard_vote", "scan.option.vote_today"),
                           ("discard_vote", "scan.option.discard_vote")]
            else:
                options = [("vote", "scan.option.vote"), ("discard_vote", "scan.option.discard_vote")]
            items = [self._item(kind, key, {}) for kind, key in options]
            self._scan(seat, "scan.vote_or_discard", items, lambda kind: self._picked_kind(seat, kind))
            return
        if phase == "night":
            pledge = game.pledges[seat]
            if pledge is not None and pledge not in state.drops:
                state.drops.append(pledge)
                self.say(f"seat:{seat}", "choice.pledge_dropped", {"pledge": pledge})
            self._next_stage(seat)
            return
        self._next_stage(seat)

    def _picked_kind(self, seat: int, kind: str) -> None:
        state = self.choosing.setdefault(seat, _Choosing())
        if kind == "no_discard_vote":
            self._submit(Action("no_discard_vote", seat))
            return
        state.kind, state.stage = kind, "target"
        self._next_stage(seat)

    def _next_stage(self, seat: int) -> None:
        """The next list of a secret choice, after a pick (no extra press needed)."""
        game = self.game
        if game is None or seat not in game.awaiting():
            return
        state = self.choosing.setdefault(seat, _Choosing())
        hand = list(game.hands[seat])
        if game.phase == "night":
            count = DROPS[game.day]
            if len(state.drops) < count:
                left = [r for r in hand if r not in state.drops]
                items = [self._item(r, "scan.card", {"role": r}) for r in left]

                def dropped(role: str) -> None:
                    state.drops.append(role)
                    self._next_stage(seat)
                self._scan(seat, "scan.choose_drop", items, dropped,
                           intro_params={"count": count - len(state.drops)})
                return
            drops = [r for r in hand if r in state.drops]
            self._confirm(seat, "scan.confirm.drop", {"drop": drops},
                          Action("drop", seat, roles=tuple(drops)))
            return
        if state.stage == "target":
            targets = [t for t in range(game.players) if state.kind == "discard_vote" or t != seat]

            def targeted(t: int) -> None:
                state.target = t
                state.stage = "pledge" if game.phase == "discard_vote" else "confirm"
                self._next_stage(seat)
            self._scan(seat, "scan.choose_target", [self._seat_item(t) for t in targets], targeted)
            return
        if state.stage == "pledge":
            def pledged(role: str) -> None:
                state.pledge, state.stage = role, "confirm"
                self._next_stage(seat)
            self._scan(seat, "scan.choose_pledge",
                       [self._item(r, "scan.card", {"role": r}) for r in hand], pledged)
            return
        if state.stage == "confirm":
            if game.phase == "discard_vote":
                self._confirm(seat, "scan.confirm.discard_vote",
                              {"target": state.target, "pledge": state.pledge},
                              Action("discard_vote", seat, state.target, state.pledge))
            elif state.kind == "vote":
                self._confirm(seat, "scan.confirm.vote", {"target": state.target},
                              Action("vote", seat, state.target))
            else:
                self._confirm(seat, "scan.confirm.final_discard_vote", {"target": state.target},
                              Action("discard_vote", seat, state.target))

    def _confirm(self, seat: int, key: str, params: dict, action: Action) -> None:
        self._scan(seat, None, [self._item("confirm", key, params)],
                   lambda _: self._submit(action))

    def _submit(self, action: Action) -> None:
        self.scans.pop(action.seat, None)
        if self.paused:
            return
        self.accept(action)

    def _item(self, value: Any, key: str, params: dict) -> ScanItem:
        return ScanItem(value, catalogue.text(key, params, self.language, names=self.names), key, params)

    def _seat_item(self, seat: int) -> ScanItem:
        votes = self.game.votes[seat] if self.game is not None else 0
        return self._item(seat, "scan.seat", {"seat": seat, "votes": votes})

    def _scan(self, seat: int, intro: str | None, items: list[ScanItem],
              chosen: Callable[[Any], None], intro_params: dict | None = None) -> None:
        """A scan of ``items`` (then "cancel") into ``seat``'s earphone; ``chosen(value)``."""
        old = self.scans.pop(seat, None)
        if old is not None:
            old.finish()
        intro_key = (intro, intro_params or {}) if intro else None

        def on_choose(value: Any) -> None:
            self.scans.pop(seat, None)
            chosen(value)

        def on_cancel() -> None:
            self.scans.pop(seat, None)
            self.choosing.pop(seat, None)
            self.say(f"seat:{seat}", "scan.cancelled", {})

        def speak(s: int, kind: str, item: ScanItem | None, *playback: Any) -> float | None:
            return self._scan_speak(s, kind, item, intro_key, *playback)

        scan = Scan(seat, items, self._scan_settings(seat), self.service.clock, self.service.post,
                    speak, on_choose, on_cancel,
                    cancel=self._item(None, "scan.cancel", {}), purpose=intro or "confirm")
        self.scans[seat] = scan
        scan.start(intro=intro_key is not None)

    def _scan_settings(self, seat: int) -> Any:
        own = self.seat_settings.get(seat, SeatSettings()).scan_interval
        return self.settings.scan if own is None else dataclasses.replace(self.settings.scan,
                                                                          interval=own)

    def _scan_speak(self, seat: int, kind: str, item: ScanItem | None,
                    intro: tuple[str, dict] | None, started: Callable[[], None] | None = None,
                    ended: Callable[[bool], None] | None = None) -> float | None:
        """One step of a scan into the chooser's earphone (:class:`Scan`'s ``speak``). Where
        speech reports playback, the scan hears when the step starts and ends (ACCESSIBILITY.md
        21) and None is returned; otherwise the seconds it lasts (its rendered length, or an
        estimate at the seat's rate). Scan steps are not in the seat's repeat history."""
        channel = f"seat:{seat}"
        if kind == "intro":
            key, params = intro or ("scan.choose_target", {})
        elif kind == "wrap":
            key, params = "scan.wrap", {}
        elif kind == "stopped":
            key, params = "scan.stopped", {}
        else:
            assert item is not None
            key, params = item.key, item.params
        hooks: dict[str, Any] = {}
        if started is not None and self._timed():
            hooks = {"on_start": lambda lines, u: started(),
                     "on_end": lambda lines, u, record: ended(bool(record.cut and u.done()))
                     if ended is not None else None}
        said = self.say(channel, key, params, history=False, timed=not hooks, **hooks)
        if said is None:
            return 0.0
        text, seconds, utt = said
        if utt is not None and hooks:
            return None
        if seconds is not None:
            return seconds
        if kind in ("wrap", "stopped"):
            return 0.0
        rate = self.seat_settings.get(seat, SeatSettings()).rate or self.settings.scan.words_per_minute
        return spoken_seconds(text, rate)

    def _end_scans(self, keep: set[int] | None = None) -> None:
        for seat in list(self.scans):
            if keep is None or seat not in keep:
                self.scans.pop(seat).finish()
        for seat in list(self.choosing):
            if keep is None or seat not in keep:
                self.choosing.pop(seat)

    def _say_step(self) -> None:
        """Whose move it is now: the step's announcement (after a resume, resume or undo)."""
        game = self.game
        if game is None or game.phase == "game_over":
            return
        items = announce.announcements(None, [Event(
            "phase", {"phase": game.phase, "day": game.day, "waiting": list(game.awaiting())})], game)
        if game.is_secret_step():
            n = game.players
            items.append(announce.make("decided.count", {"count": n - len(game.awaiting()), "total": n}))
        self._speak_all(items)

    # ======================================================================= game master
    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command: ``start`` (optionally with ``setup``), ``pause``,
        ``resume``, ``restart`` (the same setup again), ``undo``, ``act`` (``action=`` a
        DICTATOR.md action), ``end_morning``, ``seat_settings``, ``key``.

        :raises CommandRefused: refused now (one line).
        """
        game = self.game
        if name == "start":
            if fields.get("setup") is not None:
                self.prepare(fields["setup"])
            self.start()
            return {"ok": True}
        if name in ("pause", "resume"):
            if game is None:
                raise CommandRefused("no_game", f"no game to {name}")
            pause = name == "pause"
            if self.paused != pause:
                self.paused = pause
                self._journal_note({"note": name})
                if pause:
                    self._end_scans()
                self.say("public", "gm.paused" if pause else "gm.resumed", {})
                if not pause:
                    if self.morning is not None and self.morning["ends_at"] is not None \
                            and self.service.clock.now() >= self.morning["ends_at"]:
                        self.end_morning()
                    elif self.morning is None:
                        self._say_step()
            return {"paused": self.paused}
        if name == "end_morning":
            if not self.end_morning():
                raise CommandRefused("refused", "no morning is running", detail="no morning is running")
            return {"ok": True}
        if name == "restart":
            if self.raw_setup is None:
                raise CommandRefused("no_setup", "no setup to restart")
            self.prepare(dict(self.raw_setup))
            self.start()
            return {"ok": True}
        if name == "undo":
            if game is None or self.game_id is None:
                raise CommandRefused("no_game", "no game to undo in")
            undone = next(iter(reversed(self.service.journal.actions(self.game_id))), None)
            try:
                self.service.journal.append_undo(self.game_id)
            except NothingToUndo as exc:
                raise CommandRefused("nothing_to_undo", str(exc)) from None
            self.shutdown()
            journal_game = self.service.journal.game(self.game_id)
            if journal_game.status != "playing":
                self.service.journal.finish_game(self.game_id, "playing")
            self._rebuild(self.game_id, journal_game.setup, journal_game.actions)
            seat = (undone or {}).get("seat")
            self.say("public", "gm.undone", {"seat": seat if type(seat) is int else None})
            self._say_step()
            return {"actions": len(journal_game.actions)}
        if name == "act":
            raw = fields.get("action")
            if game is None:
                raise CommandRefused("no_game", "no game is running")
            if not isinstance(raw, dict) or raw.get("action") not in ("vote", "discard_vote",
                                                                      "no_discard_vote", "drop"):
                raise CommandRefused("refused", f"act: not an action of this game: {raw!r}",
                                     detail="not an action of this game")
            if self.paused:
                raise CommandRefused("paused", "the game is paused")
            action = Action.from_json(raw)
            if self.morning is not None:
                self.end_morning()
            old = self.scans.pop(action.seat, None) if type(action.seat) is int else None
            if old is not None:
                old.finish()
            if not self.accept(action, from_gm=True):
                raise CommandRefused("action_refused", f"{action.kind} was refused", action=action.kind)
            return {"accepted": True, "state": state_json(self.game)}
        if name == "choose":
            raise CommandRefused("nothing_to_choose", "nothing to choose in this game; use act",
                                 phase=game.phase if game is not None else "none")
        if name == "seat_settings":
            changes = dict(fields)
            return self.change_seat_settings(changes.pop("seat", None), changes)
        if name == "key":
            self._on_GameMasterKey(type("GameMasterKey", (), {"gesture": fields.get("gesture", "press")})())
            return {"paused": self.paused}
        raise CommandRefused("unknown_command", f"unknown command {name!r}; one of start, pause, resume, "
                             "restart, undo, act, end_morning, seat_settings", name=str(name))

    def end_game(self) -> dict:
        """The game master ends the game: journal abandoned, the table hears ``gm.ended``.

        :raises CommandRefused: ``no_game`` without a game or setup.
        """
        if self.game is None and self.pending_setup is None:
            raise CommandRefused("no_game", "no game to restart")
        self.shutdown()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self._journal_note({"note": "ended", "by": "game master"})
            self.service.journal.finish_game(self.game_id, "abandoned")
        self.game = self.game_id = self.setup = None
        self.pending_setup = None
        self.paused = False
        self.morning = None
        self.say("public", "gm.ended", {})
        return {"ended": True}

    # ======================================================================= seat settings
    # (loading, changing and storing them, and journal notes: StoredSeatSettings)

    # ======================================================================= views
    def public_setup(self) -> dict | None:
        """The setup as the console shows it (nothing in it is secret): one prepared and not
        yet started, else the game's."""
        pending = self.pending_setup
        if pending is not None and (self.setup is None or self._prepared):
            names = {**{s: n for s, n in self._stored_names().items() if s < pending["setup"].players},
                     **pending["names"]}
            return {**pending["setup"].to_json(), "names": {str(k): v for k, v in sorted(names.items())},
                    "morning_seconds": pending["morning_seconds"]}
        if self.setup is None:
            return None
        return {**self.setup.to_json(), "names": {str(k): v for k, v in self.names.items()},
                "morning_seconds": self.morning_seconds}

    def snapshot(self) -> dict:
        """The console's picture (D31, D37): the public view, the morning, the last public
        announcements, faults and refusals, who is scanning. No secret before the end (D28)."""
        now = self.service.clock.now()
        morning = None
        if self.morning is not None:
            ends = self.morning["ends_at"]
            morning = {"day": self.morning["day"],
                       "seconds_left": None if ends is None else max(0.0, round(ends - now, 1))}
        return {
            "view": {**public_view(self.game), "morning": morning} if self.game is not None else None,
            "announcements": list(self.announced),
            "faults": list(self.faults),
            "paused": self.paused,
            "readers": dict(self.readers),
            "pins": {"slots": {}, "tracker": None, "mismatch": []},   # no tracks in this game
            "setup": self.public_setup(),
            "scan": [{"seat": seat} for seat in sorted(self.scans)],
            "game_id": self.game_id,
            "seat_settings": {str(seat): own.to_json() for seat, own in sorted(self.seat_settings.items())},
        }

    def reveal(self, seat: int | None) -> dict:
        """Hands for the game master (the caller logs the WARNING).

        :raises CommandRefused: no game, or a seat outside the game.
        """
        game = self.game
        if game is None:
            raise CommandRefused("no_game", "no game is running")
        if seat is None:
            views = [private_view(game, s) for s in range(game.players)]
            return {"seats": {str(s): {k: v[k] for k in ("hand", "pledge", "choice")}
                              for s, v in enumerate(views)}}
        if type(seat) is not int or not 0 <= seat < game.players:
            raise CommandRefused("no_seat", f"no seat {seat!r} in this game", seat=seat)
        view = private_view(game, seat)
        return {"seat": seat, **{k: view[k] for k in ("hand", "pledge", "choice")}}

    def final_state(self) -> dict | None:
        """DICTATOR.md's ``state`` object, or None without a game."""
        return state_json(self.game) if self.game is not None else None

    def status_line(self) -> str:
        """One line for systemd's STATUS= (day and step, no secret)."""
        if self.game is None:
            return "waiting for a setup"
        step = "morning" if self.morning is not None else self.game.phase
        return (f"game {self.game_id}: become_dictator day {self.game.day} {step}"
                f"{' (paused)' if self.paused else ''}")
