"""Dying Message on the board: the board is the narrator (DYING_MESSAGE.md M41-M50).

It is this game's :class:`~firmware_host.service.game.BoardGame`, made by the pack's
``board_game(service)`` for the service's :class:`~firmware_host.service.host.GameHost`.

- **The night** (M41-M44): the engine's log (:attr:`Game.log`) is played step by step. Each
  step of the script says its public line at the table; in a step with private lines
  (:data:`night.PRIVATE_STEPS`) every listening seat (the living and the night's dead, M43)
  hears its private message in its earphone, all of them padded to one length and started
  together (``say_padded``), and then scans its list (:mod:`~firmware_host.table.scanning`):
  the actors their real list, everyone else a decoy list of the same kind and length, asking
  for as many presses as the actors make; every scan item of the step is padded to the
  step's longest item (so no clip's length tells a list apart) and every seat hears "picked"
  and "chosen" after its presses. A decoy's choice is ignored. A step lasts at least its
  minimum time (``night_choice_seconds`` with a list, ``night_look_seconds`` without; the
  setup or ``[dying_message]`` in ``board.toml`` may lengthen them) and until its choice is complete. What a choice
  causes privately (the Soulmate's destined person, the protected seats, the genuine cards
  the killers see) is one padded clip for every listener ("keep your eyes closed" for the
  others). A group that disagrees (M16, M44) hears every proposal and chooses again; every
  other listener hears "nothing to do" padded to it and scans again, so the clicks stay
  equal. Refusals at night go only to the seat (M49).
- **Dawn** (M28, M45): the night's dead with their characters, the effects, the message area
  in its reading order (the ``arrange`` chance input, drawn by the board and journaled), each
  card by number and description (the setup's ``evidence``, or the enrolled evidence tiles'
  descriptions of the tag registry, M46). A tile laid on a reader in the day is named with
  where it belongs (message area, evidence pool, not in play); at night nothing is said.
- **The day** (M47, M48): the Forensic Scientists examine by scanning. Then the discussion: a
  press at a living seat opens its menu ("message area", "evidence pool", "the dead",
  "earlier messages", "ready to vote", "cancel"); the vote opens when every living seat is
  ready, on the game-master key or ``command("open_vote")``, or when ``discussion_seconds``
  (0 = no limit) run out. Each living seat scans its ballot ("skip the vote" first where
  allowed); the table hears only the count until every ballot is cast; the first vote is
  journaled only when complete (one ``skip_vote`` or the ``vote`` actions). After a majority
  the accused defends and opens the second vote with a press.
- **Status** (M47): hold = the public status and, privately, the seat's character. A press
  with nothing to do repeats the last message.
- **Journal**: the dealt setup (characters, deck, seed) and every accepted action, chance
  inputs too, before they are announced; an unfinished game is rebuilt from it on start.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import random
from typing import Any, Callable

from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.service.journal import NothingToUndo
from firmware_host.service.refusals import CommandRefused
from firmware_host.table import pace
from firmware_host.table.scanning import Scan, ScanItem, spoken_seconds
from firmware_host.table.seat_settings import SeatSettings
from firmware_host.table.seats import StoredSeatSettings
from firmware_host.table.adapter import parse_names
from firmware_host.table.faults import fault_speech, repair_message
from firmware_host.table.speech import PRIVATE_CUE
from firmware_host.table.words import table_earcon

from . import announce, catalogue
from .actions import ACTION_KINDS, Action, IllegalAction
from .announce import STEP_KEYS, Announcement, make
from .engine import NIGHT_PHASES, Game
from .night import PRIVATE_STEPS, SeatLine, listeners, step_lines
from .setup import Setup, arrange_order, deal, shuffle_order
from .views import private_view, public_view, state_json

log = logging.getLogger("firmware_host.service")

__all__ = ["DyingMessageGame", "chance_action", "NIGHT_CHOICE_SECONDS", "NIGHT_LOOK_SECONDS", "STEP_OF_PHASE"]

#: M41: the minimum time of a night step with a list (seconds, from its public line).
NIGHT_CHOICE_SECONDS = 30.0
#: M41: the minimum time of a night step without a list (nightfall, the looks), seconds.
NIGHT_LOOK_SECONDS = 8.0
#: the longest a setup may make a night step or the discussion (ACCESSIBILITY.md 11), seconds
MAX_STEP_SECONDS = 600.0
MAX_DISCUSSION_SECONDS = 3600.0
#: keys of a console/simulate setup the board uses itself (not part of the replay setup)
BOARD_SETUP_KEYS = ("names", "night_choice_seconds", "night_look_seconds", "discussion_seconds")
#: the night phase -> the script step whose list it is chosen from (M41)
STEP_OF_PHASE = {"soulmate": "soulmate", "protect": "dogs", "kill": "killers",
                 "genuine": "dead", "fake": "fake"}
#: the script step -> the action its actors take
_STEP_ACTION = {"soulmate": "soulmate", "dogs": "protect", "killers": "kill", "dead": "genuine",
                "fake": "fake"}
_NOBODY = "nobody"
_SKIP = "skip"
#: the night steps whose picks are final only after a confirming press (ACCESSIBILITY.md 16):
#: the killers' victims; every listener of the step confirms (M43: as many presses as the actors)
CONFIRMED_STEPS = ("killers",)


@dataclasses.dataclass
class _NightStep:
    """The night step being played: every listener's line, its picks so far (M43)."""

    name: str
    lines: dict[int, SeatLine]
    minimum: float                                   # its minimum time (seconds)
    ends_at: float = float("inf")                    # from its public line's start (clock seconds)
    heard: bool = False                              # the private messages have been played
    picks: dict[int, list[Any]] = dataclasses.field(default_factory=dict)
    done: set[int] = dataclasses.field(default_factory=set)
    pads: dict[str, float] = dataclasses.field(default_factory=dict)   # kind -> seconds (M43)
    extra: tuple[tuple[Any, str], ...] = ()          # items every list ends with ("nobody")


def chance_action(game: Game, seed: int | None, count: int) -> Action:
    """The due chance input (``arrange`` M27 or ``shuffle`` M37) the board draws: from the
    setup's ``seed`` (0 without one) and ``count``, the number of actions journaled before
    it, so a resumed game, and a script written for the board, draw the same.

    :raises ValueError: no chance input is due.
    """
    if game.chance_due is None:
        raise ValueError("no chance input is due")
    rng = random.Random((seed or 0) * 1000003 + count)
    if game.chance_due == "arrange":
        return Action("arrange", order=tuple(arrange_order(game.message_area, rng)))
    return Action("shuffle", order=tuple(shuffle_order(game.shuffle_pool, rng)))


class DyingMessageGame(StoredSeatSettings):
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
        self.raw_setup: dict | None = None
        self.names: dict[int, str] = {}
        self.descriptions: dict[int, str] = {}
        self.language = "de"
        self.paused = False
        config = getattr(self.settings, "game_config", None)      # [dying_message] in board.toml
        own = config("dying_message") if callable(config) else {}
        self.night_choice_seconds = float(own.get("night_choice_seconds", NIGHT_CHOICE_SECONDS))
        self.night_look_seconds = float(own.get("night_look_seconds", NIGHT_LOOK_SECONDS))
        self.discussion_seconds = 0.0
        self.units: collections.deque = collections.deque()
        self.night: _NightStep | None = None
        self.discussion: dict | None = None      # {"ready": set, "ends_at"}
        self.defending: int | None = None        # the accused, before the second vote
        self.voting: dict | None = None          # {"number", "ballots": {seat: target|"skip"}, "no_skip"}
        self._passed: set[str] = set()           # holds passed for the unit at the head
        self._tray: set[int] = set()              # message-area tiles shown at the tray (M45)
        self._timers: list[Any] = []
        self._pump_timer: Any = None
        self.scans: dict[int, Scan] = {}
        self.seat_settings: dict[int, SeatSettings] = {}
        self._heard_long: set[tuple[int, str]] = set()
        self.announced: collections.deque = collections.deque(maxlen=50)
        self.faults: collections.deque = collections.deque(maxlen=50)
        self.readers: dict[str, bool] = {}
        self._last_public: list = []
        self._prolog: list = []                   # the prolog's clips: the table waits for them

    # ======================================================================= life cycle
    def boot(self, resume: bool = True) -> None:
        """Read the stored seat settings, then resume an unfinished Dying Message game from
        the journal (and say so), or wait for a setup."""
        self._load_seat_settings()
        self._read_board()
        journal = self.service.journal
        repair = getattr(journal, "repair", None)
        try:
            unfinished = journal.unfinished() if resume else None
        except FirmwareHostError as exc:
            log.error("journal: the unfinished game cannot be read: %s", exc)
            self._journal_damage(None, str(exc))
            unfinished = None
        if unfinished is None or unfinished.setup.get("game") != "dying_message":
            self._journal_damage(repair)
            self.say("public", "service.ready", {})
            return
        try:
            self._rebuild(unfinished.id, unfinished.setup, unfinished.actions)
        except (FirmwareHostError, ValueError, KeyError, TypeError) as exc:
            log.error("journal game %d cannot be resumed: %s", unfinished.id, exc)
            journal.finish_game(unfinished.id, "abandoned")
            self.game = None
            self._journal_damage(repair, f"journal game {unfinished.id} cannot be resumed: {exc}", resumed=False)
            self.say("public", "service.ready", {})
            return
        self._journal_damage(repair)          # in the game's language, rebuilt first
        log.info("resumed game %d after %d actions", unfinished.id, len(unfinished.actions))
        self.say("public", "service.resumed", {})
        self._say_step()

    def _journal_damage(self, repair: Any, detail: str = "", *, resumed: bool | None = None) -> None:
        """What the journal's self-check found at boot, or a game it cannot replay: a
        ``fault`` line (source ``journal``), said at the table (``journal.*``, the game's
        language) and listed on the console; nothing without either."""
        if repair is None and not detail:
            return
        key, params = repair_message(repair, resumed) if repair is not None else ("journal.game_lost", {})
        detail = repair.detail if repair is not None else detail
        self.service.fault("journal", repair.reason if repair is not None else "unreadable", detail)
        said = self.say("public", key, params, priority="fault")
        self.faults.append({"kind": "fault", "reason": key, "text": f"{said[0] if said else key} ({detail})"})

    def _read_board(self) -> None:
        board = self.service.board
        for obj in (board, getattr(board, "board", None)):
            if obj is not None and callable(getattr(obj, "snapshot", None)):
                try:
                    self.readers = dict(obj.snapshot().readers)
                    return
                except Exception as exc:  # noqa: BLE001 - a board without a snapshot is fine
                    log.warning("board snapshot: %s", exc)

    def shutdown(self) -> None:
        """End scans and timers (the service stops, or another game is chosen)."""
        self._end_scans()
        self._cancel_timers()

    def _cancel_timers(self) -> None:
        for handle in self._timers:
            handle.cancel()
        self._timers = []
        if self._pump_timer is not None:
            self._pump_timer.cancel()
            self._pump_timer = None

    # ======================================================================= speaking
    def _timed(self) -> bool:
        voice = self.service.voice
        timed = getattr(voice, "timed", None)
        return bool(voice is not None and callable(timed) and timed()
                    and hasattr(self.service, "announce_listener"))

    def say(self, channel: str, key: str, params: dict, *, priority: str | None = None,
            request: bool = False, history: bool = True, timed: bool = False, after: Any = (),
            on_start: Any = None, on_end: Any = None, pad_seconds: float | None = None,
            earcon: str | None = None) -> Any:
        """Speak catalogue ``key`` on ``channel`` and write its ``announce`` line; the board's
        own sentences (``service.*``, ``gm.*``, ``fault.*``, the scan's wrap and stop) come from
        the board catalogue, through this game's (its fallback).

        :param request: a seat's own request (status): cuts off its earphone.
        :param history: False for scan steps (a repeat press never gives them back).
        :param timed: without playback: also measure how long the speech lasts.
        :param after: utterances that must have ended first (ACCESSIBILITY.md 22).
        :param pad_seconds: pad the clip with silence to this many seconds (M43).
        :param earcon: the earcon before it (default: the table's for its kind, :meth:`_earcon`).
        :returns: ``(text, seconds or None, utterance or None)``, or None when refused.
        """
        try:
            made = make(key, params, channel)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("announcement %s refused: %s", key, exc)
            return None
        return self._speak(made, history=history, timed=timed, after=after,
                           on_start=on_start, on_end=on_end, pad_seconds=pad_seconds,
                           priority=priority or ("request" if request else "normal"), earcon=earcon)

    @staticmethod
    def _earcon(a: Announcement, history: bool, pad_seconds: float | None) -> str | None:
        """ACCESSIBILITY.md 18: the table's earcon of a refusal, a fault, a reader back, the
        game's end; the private cue before a private message in an earphone (not before a
        scan step or a padded confirmation, whose length must not depend on it)."""
        if a.channel != "public" and history and pad_seconds is None and catalogue.is_private(a.key):
            return PRIVATE_CUE
        return table_earcon(a.key)

    def _long_wording(self, channel: str, key: str) -> bool:
        """ACCESSIBILITY.md 5: long the first time the table or the seat hears ``key``."""
        voice = self.service.voice
        if channel == "public":
            return bool(voice.use_long_wording(key)) if voice is not None else False
        seat = int(channel[5:])
        verbosity = self.seat_settings.get(seat, SeatSettings()).verbosity or "auto"
        if verbosity != "auto":
            return verbosity == "long"
        first = (seat, key) not in self._heard_long
        self._heard_long.add((seat, key))
        return first

    def _text(self, a: Announcement, long: bool) -> str:
        try:
            return catalogue.text(a.key, a.params, self.language, long=long, names=self.names,
                                  descriptions=self.descriptions)
        except (FirmwareHostError, ValueError) as exc:
            log.error("announcement %s: %s", a.key, exc)
            return a.key

    def _played(self, lines: list[dict], utt: Any = None) -> None:
        for line in lines:
            if line["channel"] == "public":
                self.announced.append({k: line[k] for k in ("channel", "key", "params", "text")})

    def _speak(self, a: Announcement, *, history: bool = True, timed: bool = False,
               after: Any = (), on_start: Any = None, on_end: Any = None,
               pad_seconds: float | None = None, priority: str = "normal",
               earcon: str | None = None) -> tuple:
        text = self._text(a, self._long_wording(a.channel, a.key))
        line = {"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                "text": text}
        utt = self._play([line], a.channel, text, a.key, priority, after=after, history=history,
                         on_start=on_start, on_end=on_end, pad_seconds=pad_seconds,
                         earcon=earcon or self._earcon(a, history, pad_seconds))
        seconds = None
        voice = self.service.voice
        if utt is None and timed and voice is not None and not self._timed():
            seconds = voice.seconds(voice.last)
        return text, seconds, utt

    def _play(self, lines: list[dict], channel: str, text: str, key: str, priority: str, *,
              after: Any = (), history: bool = True, on_start: Any = None,
              on_end: Any = None, pad_seconds: float | None = None, earcon: str | None = None) -> Any:
        """One clip saying ``lines``; its Utterance, or None where nothing reports playback
        (the lines are written at once then)."""
        voice = self.service.voice
        if self._timed():
            def started(played: list[dict], utt: Any) -> None:
                self._played(played, utt)
                if on_start is not None:
                    on_start(played, utt)
            listener = self.service.announce_listener(lines, started, on_end)
            utt = voice.say(channel, text, key=key, priority=priority, earcon=earcon,
                            after=tuple(u for u in after if u is not None), history=history,
                            listener=listener, pad_seconds=pad_seconds)
            if utt is not None:
                utt.meta["lines"] = lines
                return utt
        elif voice is not None:
            voice.say(channel, text, key=key, priority=priority, earcon=earcon)
        self._played(lines)
        for line in lines:
            self.service.emit(line)
        if on_end is not None:
            on_end(lines, None, None)
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

    def _speak_padded(self, by_seat: dict[int, list[Announcement]], *, after: Any = (),
                      long: bool = True, on_end: Callable[[int], None] | None = None) -> list:
        """One clip per seat, all padded to one length and started together (M40, M43,
        ACCESSIBILITY 9): a seat's announcements are said in one clip. ``on_end(seat)`` once
        the seat's clip has ended (at once without playback)."""
        voice = self.service.voice
        texts: dict[int, str] = {}
        lines: dict[int, list[dict]] = {}
        for seat in sorted(by_seat):
            said = [(a, self._text(a, long)) for a in by_seat[seat]]
            texts[seat] = " ".join(t for _, t in said)
            lines[seat] = [{"event": "announce", "channel": a.channel, "key": a.key,
                            "params": dict(a.params), "text": t} for a, t in said]
        if not texts:
            return []
        key = by_seat[min(by_seat)][0].key
        if self._timed():
            listeners_ = {}
            for seat in lines:
                ended = (lambda ls, u, r, seat=seat: on_end(seat)) if on_end is not None else None
                listeners_[seat] = self.service.announce_listener(lines[seat], self._played, ended)
            made = voice.say_padded(texts, key=key, after=tuple(u for u in after if u is not None),
                                    earcon=PRIVATE_CUE,
                                    listener=lambda kind, utt, rec: listeners_[int(utt.channel[5:])](kind, utt, rec))
            for seat, utt in made.items():
                if utt is not None:
                    utt.meta["lines"] = lines[seat]
            return [u for u in made.values() if u is not None]
        if voice is not None:
            voice.say_padded(texts, key=key, earcon=PRIVATE_CUE)
        for seat in sorted(lines):
            for line in lines[seat]:
                self.service.emit(line)
            if on_end is not None:
                on_end(seat)
        return []

    def _speak_request(self, items: list) -> Any:
        """A seat's own request (status) as one clip that cuts off its earphone."""
        if not items:
            return None
        texts = [self._text(a, self._long_wording(a.channel, a.key)) for a in items]
        lines = [{"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                  "text": text} for a, text in zip(items, texts)]
        private = items[0].channel != "public" and any(catalogue.is_private(a.key) for a in items)
        return self._play(lines, items[0].channel, " ".join(texts), items[0].key, "request",
                          earcon=PRIVATE_CUE if private else None)

    # ======================================================================= setup
    def setup_game(self, setup: dict) -> None:
        """Validate the game master's setup and start the game.

        :raises CommandRefused: an unusable setup (one line).
        """
        self.prepare(setup)
        self.start()

    def prepare(self, raw: dict) -> None:
        """Validate and remember a setup: DYING_MESSAGE.md's setup object (``seed`` may be
        left out: the board draws one), plus ``names`` (a list by seat or {seat: name}),
        ``night_choice_seconds`` and ``night_look_seconds`` (M41: each step's minimum time,
        at least the defaults, at most 600) and ``discussion_seconds`` (M47: 0 = no limit).

        :raises CommandRefused: ``setup_*`` (one line).
        """
        if not isinstance(raw, dict):
            raise CommandRefused("setup_not_object", "the setup must be a JSON object")
        obj = {k: v for k, v in raw.items() if k not in BOARD_SETUP_KEYS}
        enrolled = self._enrolled_evidence(obj.get("language", "de"))
        if "evidence" not in obj and "deck" not in obj and enrolled is not None:
            obj["evidence"] = enrolled          # M46: the board's evidence registry
        if "seed" not in obj and ("roles" not in obj or "deck" not in obj):
            obj["seed"] = random.SystemRandom().randrange(1, 2 ** 31)
        try:
            setup = Setup.from_json(obj)
        except UsageError as exc:
            raise CommandRefused("setup_invalid", f"setup: {exc}", detail=str(exc)) from None
        parsed = parse_names(raw.get("names"), setup.players)
        times = {}
        for key, low, high, default in (
                ("night_choice_seconds", NIGHT_CHOICE_SECONDS, MAX_STEP_SECONDS, self.night_choice_seconds),
                ("night_look_seconds", NIGHT_LOOK_SECONDS, MAX_STEP_SECONDS, self.night_look_seconds),
                ("discussion_seconds", 0.0, MAX_DISCUSSION_SECONDS, 0.0)):
            value = raw.get(key, default)
            if (isinstance(value, bool) or not isinstance(value, (int, float))
                    or not (low <= value <= high or (key == "discussion_seconds" and value == 0))):
                message = f"{key} must be a number of seconds from {low:.0f} to {high:.0f}, not {value!r}"
                raise CommandRefused("setup_invalid", f"setup: {message}", detail=message)
            times[key] = float(value)
        self.raw_setup = dict(raw)
        self.pending_setup = {"setup": setup, "names": parsed, **times}
        log.info("setup: dying_message, %d players, language %s", setup.players, setup.language)

    def _registry(self) -> Any:
        """The board's tag registry (:class:`~firmware_host.hardware.tags.TagRegistry`), or
        None (a board without one, or no board)."""
        board = self.service.board
        for obj in (board, getattr(board, "board", None)):
            tags = getattr(obj, "tags", None)
            if tags is not None and callable(getattr(tags, "evidence_descriptions", None)):
                return tags
        return None

    def _enrolled_evidence(self, language: Any) -> list[str] | None:
        """M46: the enrolled evidence tiles' descriptions in ``language`` as a setup's
        ``evidence`` list, when the registry describes cards 0..m-1 (9 ≤ m ≤ 104) without a
        gap; else None (the setup's descriptions, or the cards' numbers, are used)."""
        registry = self._registry()
        if registry is None or language not in ("de", "en"):
            return None
        described = registry.evidence_descriptions(language)
        cards = len(described)
        if cards < 9 or sorted(described) != list(range(cards)):
            return None
        return [described[c] for c in range(cards)]

    def start(self) -> None:
        """Start the prepared setup: deal, journal the dealt setup, then the prolog (M8) and
        the first Killing Phase.

        :raises CommandRefused: without a setup.
        """
        if self.pending_setup is None:
            raise CommandRefused("no_setup", "no setup: set the game up first")
        pending = self.pending_setup
        setup: Setup = pending["setup"]
        setup = setup.with_dealt(*deal(setup))
        self.names = {s: n for s, n in {**self._stored_names(), **pending["names"]}.items()
                      if s < setup.players}
        self.night_choice_seconds = pending["night_choice_seconds"]
        self.night_look_seconds = pending["night_look_seconds"]
        self.discussion_seconds = pending["discussion_seconds"]
        self.shutdown()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self.service.journal.finish_game(self.game_id, "abandoned")
        self._reset_board_state()
        self._load_seat_settings()      # stored while another game's adapter was active
        self._use_setup(setup)
        self.game = Game(setup)
        self.game_id = self.service.journal.begin_game(setup.to_json())
        self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                            "night_choice_seconds": self.night_choice_seconds,
                            "night_look_seconds": self.night_look_seconds,
                            "discussion_seconds": self.discussion_seconds})
        voice = self.service.voice
        if voice is not None and callable(getattr(voice, "forget_private", None)):
            voice.forget_private()
        for seat in sorted(self.names):
            self.say("public", "setup.seat_name", {"seat": seat})
        for event in self.game.start():
            self.service.emit(event.to_json())
        log.info("game %d started: dying_message, %d players", self.game_id, setup.players)
        self._take_log()
        self._pump()

    def _use_setup(self, setup: Setup) -> None:
        self.setup = setup
        self.language = setup.language
        self.descriptions = ({i: d for i, d in enumerate(setup.evidence)}
                             if setup.evidence is not None else {})
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)

    def _reset_board_state(self) -> None:
        self.paused = False
        self._prolog = []
        self.units.clear()
        self.night = None
        self.discussion = None
        self.defending = None
        self.voting = None
        self._passed = set()
        self._tray = set()

    def _rebuild(self, game_id: int, setup_json: dict, actions: list[dict]) -> None:
        setup = Setup.from_json(setup_json)
        setup = setup.with_dealt(*deal(setup))
        game = Game(setup)
        game.start()
        for obj in actions:
            game.apply(Action.from_json(obj, setup.players, setup.options["dog_may_pass"]))
        self._reset_board_state()
        self._use_setup(setup)
        self.game, self.game_id = game, game_id
        self.names = {s: n for s, n in self._stored_names().items() if s < setup.players}
        for kind, body in self.service.journal.entries(game_id):
            if kind == "note" and body.get("note") == "table":
                self.names = {int(k): str(v) for k, v in (body.get("names") or {}).items()}
                for key in ("night_choice_seconds", "night_look_seconds", "discussion_seconds"):
                    if key in body:
                        setattr(self, key, float(body[key]))

    # ======================================================================= the log → units
    def _take_log(self) -> None:
        """Turn the engine's log of the last start/apply into units to play (in order)."""
        game = self.game
        assert game is not None
        units = self.units
        private: list | None = None          # the private unit of consecutive entries
        for entry in game.log:
            kind = entry[0]
            if kind == "private":
                _, seat, key, params = entry
                if private is None:
                    private = ["night_private", {}]
                    units.append(private)
                private[1].setdefault(seat, []).append(make(key, params, f"seat:{seat}"))
                continue
            private = None
            if kind == "step":
                name, params = entry[1], entry[2]
                if name in PRIVATE_STEPS:
                    units.append(["step", name, step_lines(game, name)])
                elif name in ("dogs_close", "dawn"):
                    units.append(["public_step", name])
                elif name == "vote":
                    units.append(["vote", params["number"], params.get("accused")])
                elif name == "ballot":
                    continue            # the board counts the ballots itself (M48)
                else:
                    units.append(["say", announce.for_entry(game, entry)])
                continue
            items = announce.for_entry(game, entry)
            private = [a for a in items if a.channel != "public"]
            public = [a for a in items if a.channel == "public"]
            if public:
                units.append(["say", public])
            if private:             # the prolog: each seat's character (M8), padded
                units.append(["prolog", {a.seat: [a] for a in private}])

    def _pump(self) -> None:
        """Play the units in order: a night step waits for the previous one's minimum time;
        the discussion and the defence hold the vote until they end."""
        if self._pump_timer is not None:
            self._pump_timer.cancel()
            self._pump_timer = None
        clock = self.service.clock
        while self.units and not self.paused and self.game is not None:
            unit = self.units[0]
            kind = unit[0]
            if kind in ("step", "public_step") and self.night is not None:
                if not self.night.heard:
                    return                      # its end pumps again
                if clock.now() < self.night.ends_at:
                    wait = self.night.ends_at - clock.now()
                    self._pump_timer = clock.call_later(wait, lambda: self.service.post(self._pump))
                    return
            if kind == "vote" and not self._open_vote(unit):
                return
            self.units.popleft()
            # the table goes on only once every seat has heard its character: at a whisper
            # station, after the last seat's visit (ACCESSIBILITY.md 23)
            hold, self._prolog = (self._prolog, []) if kind != "prolog" else ([], [])
            if kind == "say":
                self._speak_all(unit[1], after=hold)
            elif kind == "prolog":
                self._prolog = self._speak_padded(unit[1], after=self._last_public)
            elif kind == "step":
                self._night_step(unit[1], unit[2], after=hold)
            elif kind == "public_step":        # 2.1 and 5: no private lines
                self._end_scans()
                if unit[1] == "dawn":
                    self.night = None
                    self._tray = set()
                elif self.night is not None:
                    self.night.ends_at = clock.now()
                    self.night.heard = True
                self._speak_all([make(STEP_KEYS[unit[1]])])
            elif kind == "night_private":
                self._night_private(unit[1])
        if self.game is not None and self.game.phase == "game_over":
            self._end_scans()

    # ======================================================================= the night (M41-M44)
    def _min_seconds(self, lines: dict[int, SeatLine]) -> float:
        with_list = any(line.kind is not None for line in lines.values())
        return self.night_choice_seconds if with_list else self.night_look_seconds

    def _night_step(self, name: str, lines: dict[int, SeatLine], after: Any = ()) -> None:
        """One step of the script: its public line (once ``after`` has ended), every
        listener's padded private message, then every listener's scan (M41-M43)."""
        self._end_scans()
        game = self.game
        assert game is not None
        now = self.service.clock.now()
        extra: tuple = ()
        if name == "dogs" and game.options.get("dog_may_pass"):
            extra = ((_NOBODY, "scan.nobody"),)
        step = _NightStep(name, dict(lines), self._min_seconds(lines), extra=extra)
        self.night = step
        step.pads = self._night_pads(step)
        clock = self.service.clock

        def started(*_: Any) -> None:        # the step's time runs from its public line (M41)
            step.ends_at = clock.now() + step.minimum

        public = self._speak(make(STEP_KEYS[name]), on_start=started, after=after)[2]
        if public is None:
            step.ends_at = now + step.minimum
        else:
            self._last_public = [public]

        def heard(seat: int) -> None:
            if not step.heard:
                step.heard = True
                self._pump()

        by_seat = {s: [make(line.key, line.params, f"seat:{s}")] for s, line in lines.items()}
        if not by_seat:
            step.heard = True
        self._speak_padded(by_seat, after=[public], long=game.round == 1, on_end=heard)

    def _item_texts(self, step: _NightStep, seat: int) -> list[tuple[Any, str, dict]]:
        line = step.lines[seat]
        picked = step.picks.get(seat, [])
        key = "scan.seat" if line.kind == "seat" else "scan.card"
        param = "seat" if line.kind == "seat" else "card"
        items = [(v, key, {param: v}) for v in line.items if v not in picked]
        items += [(value, k, {}) for value, k in step.extra]
        return items

    def _night_pads(self, step: _NightStep) -> dict[str, float]:
        """M43: what every private clip of ``step`` besides the padded message is padded to,
        by kind: ``item`` (every scan item any listener can hear, "cancel", "nobody"),
        ``confirm`` (a confirmation's "confirm: seat 3" and "back"), ``intro`` (the list's
        intro), ``picked`` and ``chosen``: the longest of their texts in both wordings, measured once
        per speech rate the listeners' earphones use (a seat's own rate, ACCESSIBILITY 19),
        so neither a list nor a wording nor a rate makes one seat's clip longer. Empty where
        nothing can be measured (no sound)."""
        voice = self.service.voice
        if voice is None or not callable(getattr(voice, "measure", None)) or not step.lines:
            return {}
        kinds: dict[str, set[str]] = {"item": set(), "confirm": set(), "intro": set(), "picked": set(),
                                      "chosen": set()}
        sentences = [("item", "scan.cancel", {}), ("picked", "scan.picked", {}),
                     ("chosen", "night.chosen", {}), ("intro", "scan.start", {})]
        for seat, line in step.lines.items():
            if line.kind is not None:
                sentences += [("item", key, params) for _, key, params in self._item_texts(step, seat)]
                if step.name in CONFIRMED_STEPS:    # the confirmation's two items: a kind of their own
                    sentences += [("confirm", "scan.back", {})] + [
                        ("confirm", "scan.confirm.seat", {"seat": v}) for v in line.items if type(v) is int]
        for kind, key, params in sentences:
            for long in (False, True):
                kinds[kind].add(self._text(make(key, params, "seat:0"), long))
        channels: dict[Any, str] = {}
        for seat in sorted(step.lines):
            rate = self.seat_settings.get(seat, SeatSettings()).rate
            channels.setdefault(rate, f"seat:{seat}")
        pads: dict[str, float] = {}
        for kind, texts in kinds.items():
            longest = 0.0
            for channel in channels.values():
                for text in sorted(texts):
                    seconds = voice.measure(channel, text)
                    if seconds is None:
                        return {}
                    longest = max(longest, seconds)
            pads[kind] = longest
        return pads

    def _night_scan(self, seat: int, name: str) -> None:
        """Start (or go on with) ``seat``'s scan in the night step ``name`` (its press starts
        it, as every seat's does: M43)."""
        step = self.night
        if (step is None or step.name != name or self.paused or seat not in step.lines
                or seat in step.done):
            return
        line = step.lines[seat]
        if line.kind is None or line.presses <= 0:
            return
        items = [self._item(v, key, params) for v, key, params in self._item_texts(step, seat)]

        def chosen(value: Any) -> None:
            self._night_pick(seat, name, value)

        def cancelled() -> None:
            if self.night is step:
                step.picks[seat] = []
                self._night_scan(seat, name)

        self._scan(seat, items, chosen, on_cancel=cancelled, pads=step.pads,
                   confirm=name in CONFIRMED_STEPS, intro=not step.picks.get(seat))

    def _night_pick(self, seat: int, name: str, value: Any) -> None:
        step = self.night
        game = self.game
        if step is None or step.name != name or game is None:
            return
        line = step.lines[seat]
        picks = step.picks.setdefault(seat, [])
        if value == _NOBODY:
            picks[:] = [None]
        else:
            picks.append(value)
        if len(picks) < line.presses and picks != [None]:
            self.say(f"seat:{seat}", "scan.picked", {}, pad_seconds=step.pads.get("picked"),
                     on_end=lambda *_: self._night_scan(seat, name))
            return
        step.done.add(seat)
        if not line.acts:
            self.say(f"seat:{seat}", "night.chosen", {}, pad_seconds=step.pads.get("chosen"))
            return                           # a decoy's choice is ignored (M43)
        kind = _STEP_ACTION[name]
        if kind in ("soulmate", "protect"):
            action = Action(kind, seat=seat, target=picks[0])
        elif kind == "kill":
            action = Action(kind, seat=seat, targets=tuple(picks))
        else:
            action = Action(kind, seat=seat, cards=tuple(picks))
        # the actor hears "chosen" as everyone does; its choice counts once that has played,
        # so the next step never starts before the last confirmation
        self.say(f"seat:{seat}", "night.chosen", {}, pad_seconds=step.pads.get("chosen"),
                 on_end=lambda *_: self._submit(action))

    def _submit(self, action: Action) -> None:
        """An actor's night choice once its "chosen" has played; paused meanwhile, the seat
        chooses again after the resume (its press starts its list anew)."""
        if self.game is None or action.seat not in self.game.awaiting():
            return
        if self.paused:
            step = self.night
            if step is not None:
                step.done.discard(action.seat)
                step.picks[action.seat] = []
            return
        self.accept(action)

    def _night_private(self, by_seat: dict[int, list[Announcement]]) -> None:
        """What a night choice caused privately, as one padded clip for every listener of the
        step ("keep your eyes closed" for the others); a failed agreement (M16, M44): every
        listener scans again."""
        game = self.game
        assert game is not None
        step = self.night
        hearers = sorted(step.lines) if step is not None else listeners(game)
        again = any(a.key.endswith(".again") for items in by_seat.values() for a in items)
        filler = "night.nothing" if again else "night.wait"
        clips = {s: by_seat.get(s) or [make(filler, {}, f"seat:{s}")] for s in hearers}
        for s, items in by_seat.items():
            clips.setdefault(s, items)
        if not again or step is None:
            self._speak_padded(clips, after=self._last_public)
            return
        for s in hearers:
            old = self.scans.pop(s, None)
            if old is not None:
                old.finish()
            step.picks[s] = []
        step.done.clear()
        self._speak_padded(clips, after=self._last_public)

    # ======================================================================= the day (M47, M48)
    def _open_vote(self, unit: list) -> bool:
        """The head unit opens a vote: first the discussion (vote 1) or the defence (vote 2).
        True when the vote opens now (the unit is consumed)."""
        game = self.game
        assert game is not None
        number, accused = unit[1], unit[2]
        if number == 1 and "discussion" not in self._passed:
            if self.discussion is None:
                self._start_discussion()
            return False
        if number == 2 and "defence" not in self._passed:
            if self.defending is None:
                self.defending = accused
                self._speak_all([make("vote.defend", {"accused": accused})])
            return False
        self._passed = set()
        self._end_scans()
        if number == 1:
            self._speak_all([make("vote.open", {"number": 1})])
        else:
            self._speak_all([make("vote.second", {"accused": accused})])
        self.voting = {"number": number, "ballots": {}, "no_skip": set()}
        return True

    def _start_discussion(self) -> None:
        self.discussion = {"ready": set(), "ends_at": None}
        seconds = self.discussion_seconds
        clock = self.service.clock
        if seconds:
            self.discussion["ends_at"] = clock.now() + seconds
            self._timers.append(clock.call_later(
                seconds, lambda: self.service.post(lambda: self.end_discussion(timer=True))))
        self._speak_all([make("day.discussion")])

    def end_discussion(self, timer: bool = False) -> bool:
        """End the discussion (everyone ready, the time limit, the game master) and open the
        vote. :returns: False when no discussion is running."""
        if self.discussion is None or (timer and self.paused):
            return False
        self.discussion = None
        self._passed.add("discussion")
        self._end_scans()
        self._pump()
        return True

    def open_second_vote(self) -> bool:
        """The accused (or the game master) ends the defence. :returns: False without one."""
        if self.defending is None:
            return False
        self.defending = None
        self._passed.add("defence")
        self._pump()
        return True

    def _menu(self, seat: int) -> None:
        """M47: the seat's private menu by scanning."""
        items = [self._item(k, f"menu.{k}", {}) for k in ("message_area", "pool", "dead",
                                                          "earlier", "ready")]
        self._scan(seat, items, lambda value: self._menu_pick(seat, value))

    def _menu_pick(self, seat: int, value: str) -> None:
        game = self.game
        if game is None:
            return
        channel = f"seat:{seat}"
        if value == "ready":
            if self.discussion is None:
                return
            living = game.living()
            self.discussion["ready"].add(seat)
            ready = len(self.discussion["ready"] & set(living))
            self._speak_all([make("day.ready", {"count": ready, "total": len(living)})])
            if ready >= len(living):
                self.end_discussion()
            return
        items: list[Announcement] = []
        if value == "message_area":
            if game.message_area:
                items = [make("messages.read", {"round": game.round, "cards": list(game.message_area)}, channel)]
        elif value == "pool":
            items = [make("pool.laid", {"round": game.round, "cards": sorted(game.evidence_pool)}, channel)]
        elif value == "dead":
            items = [make("day.dead", {"seat": s, "character": game.characters[s]}, channel)
                     for s in sorted(game.revealed)] or [make("day.nobody_dead", {}, channel)]
        elif value == "earlier":
            items = [make("messages.read", {"round": r, "cards": list(m[0])}, channel)
                     for r, m in sorted(game.messages.items()) if r < game.round and m[0]]
        if not items:
            items = [make("day.no_messages", {}, channel)]
        self._speak_request(items)

    def _vote_scan(self, seat: int) -> None:
        game = self.game
        voting = self.voting
        assert game is not None and voting is not None
        choice = game.choice_of(seat)
        items = []
        if voting["number"] == 1 and choice.skip_allowed and seat not in voting["no_skip"]:
            items.append(self._item(_SKIP, "scan.skip_vote", {}))
        items += [self._item(t, "scan.seat", {"seat": t}) for t in choice.items]
        self._scan(seat, items, lambda target: self._ballot(seat, target), confirm=True,
                   pads={"confirm": self._confirm_pad(seat, [i.value for i in items])})

    def _confirm_pad(self, seat: int, values: list) -> float | None:
        """M48: a ballot is secret until every ballot is cast, so its confirmation ("confirm:
        seat 3") lasts as long whichever seat it names: the longest of them and "back", in both
        wordings, at the seat's rate; None where nothing can be measured."""
        voice = self.service.voice
        if voice is None or not callable(getattr(voice, "measure", None)):
            return None
        texts = {self._text(make(key, params, f"seat:{seat}"), long) for long in (False, True)
                 for key, params in [("scan.back", {})] + [
                     ("scan.confirm.skip", {}) if v == _SKIP else ("scan.confirm.seat", {"seat": v}) for v in values]}
        seconds = [voice.measure(f"seat:{seat}", text) for text in sorted(texts)]
        return None if any(x is None for x in seconds) else max(seconds)

    def _ballot(self, seat: int, target: Any) -> None:
        """M48: one ballot; the table hears the count; the first vote is journaled when
        complete (``skip_vote``, or the ``vote`` actions in seat order)."""
        game, voting = self.game, self.voting
        if game is None or voting is None or self.paused:
            return
        living = game.living()
        voting["ballots"][seat] = target
        self.say(f"seat:{seat}", "scan.picked", {})
        self._speak_all([make("vote.counted", {"count": len(voting["ballots"]), "total": len(living)})])
        if voting["number"] == 2:
            self.accept(Action("vote", seat=seat, target=target))
            return
        if len(voting["ballots"]) < len(living):
            return
        skips = sorted(s for s, t in voting["ballots"].items() if t == _SKIP)
        if skips and len(skips) == len(voting["ballots"]):
            self.voting = None
            self.accept(Action("skip_vote"))
            return
        if skips:
            for s in skips:
                del voting["ballots"][s]
                voting["no_skip"].add(s)
            self._speak_all([make("vote.skip_some")])
            return
        ballots, self.voting = dict(voting["ballots"]), None
        for s in sorted(ballots):
            if not self.accept(Action("vote", seat=s, target=ballots[s])):
                break

    # ======================================================================= actions
    def accept(self, action: Action, *, from_gm: bool = False) -> bool:
        """Apply ``action``: journal it before announcing it; then draw the chance inputs it
        makes due (``arrange`` M27, ``shuffle`` M37), journaled too. A refused action gets its
        ``rejected`` line and spoken refusal (M49). :returns: True if accepted."""
        game = self.game
        if game is None:
            return False
        try:
            game._check(action)
        except IllegalAction as exc:
            self.refuse(exc, action)
            return False
        self._apply(action)
        log.info("accepted%s: %s", " (game master)" if from_gm else "", action.kind)
        while game.chance_due is not None:
            self._apply(self._chance(game))
        if game.phase == "game_over" and self.game_id is not None:
            self.service.journal.finish_game(self.game_id, "over")
            self._end_scans()
            self.discussion = self.voting = None
            self.defending = None
        if game.phase not in ("vote", "second_vote"):
            self.voting = None
        self._pump()
        return True

    def _apply(self, action: Action) -> None:
        game = self.game
        assert game is not None and self.game_id is not None
        self.service.journal.append_action(self.game_id, action.to_json())
        events = game.apply(action)
        for e in events:
            self.service.emit(e.to_json())
            if e.kind in ("vote", "vote_skipped"):
                self.voting = None        # this vote is over; the next opens with its unit
        self._take_log()

    def _chance(self, game: Game) -> Action:
        seed = self.setup.seed if self.setup is not None else None
        count = len(self.service.journal.actions(self.game_id)) if self.game_id is not None else 0
        return chance_action(game, seed, count)

    def refuse(self, exc: IllegalAction, action: Action) -> None:
        """A refused action: its ``rejected`` line and the spoken refusal (M49)."""
        line = {"event": "rejected", "action": action.kind, "reason": exc.reason,
                "message": exc.message}
        if self.service.current_line:
            line["line"] = self.service.current_line
        self.service.emit(line)
        self.faults.append({"kind": "rejected", "reason": exc.reason, "action": action.kind})
        self._speak_all([announce.refusal(exc, action.seat, self.game)], after=self._last_public)

    def _say_step(self) -> None:
        """Whose move it is now (after a resume, a resume from pause or an undo)."""
        game = self.game
        if game is None or game.phase == "game_over":
            return
        self._end_scans()
        self.units.clear()
        self.night = None
        self.discussion = self.voting = None
        self.defending = None
        self._passed = set()
        if game.phase in NIGHT_PHASES:
            name = STEP_OF_PHASE[game.phase]
            self.units.append(["step", name, step_lines(game, name)])
        elif game.phase == "examine":
            self.units.append(["say", [make("examine.open", {"seats": sorted(game.examiners)})]])
        else:
            number = 2 if game.phase == "second_vote" else 1
            if number == 2:
                self._passed.add("defence")
            self.units.append(["vote", number, game.accused])
        self._pump()

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
        if self.paused or game.phase == "game_over":
            self._idle_press(seat)
            return
        if self.night is not None and seat in self.night.lines and seat not in self.night.done:
            line = self.night.lines[seat]
            if line.kind is not None and line.presses > 0:
                self._night_scan(seat, self.night.name)
                return
        if self.night is None and game.phase == "examine" and seat in game.awaiting():
            items = [self._item(c, "scan.card", {"card": c}) for c in game.choice_of(seat).items]
            items.append(self._item(None, "scan.no_card", {}))
            self._scan(seat, items, lambda card: self.accept(Action("examine", seat=seat, card=card)))
            return
        if self.defending is not None and seat == self.defending:
            self.open_second_vote()
            return
        if self.discussion is not None and game.alive[seat]:
            self._menu(seat)
            return
        if (self.voting is not None and game.alive[seat]
                and seat not in self.voting["ballots"] and seat in game.awaiting()):
            self._vote_scan(seat)
            return
        self._idle_press(seat)

    def _on_GameMasterKey(self, event: Any) -> None:
        if event.gesture == "press":
            if not self.paused and self.discussion is not None:
                self.end_discussion()
                return
            if not self.paused and self.defending is not None:
                self.open_second_vote()
                return
            if self.game is not None:
                self.command("resume" if self.paused else "pause")
        elif self.game is not None:
            self._speak_all([self._public_status()])

    def _on_Fault(self, event: Any) -> None:
        """A hardware fault: a ``fault`` line, spoken naming the part in the board's words
        (:func:`~firmware_host.table.faults.fault_speech`), or "check the board"."""
        part = getattr(event, "part", None) or {}
        reason = getattr(event, "reason", "fault")
        self.faults.append({"kind": "fault", "reason": reason, "part": part})
        key, params = fault_speech(reason, part) or ("fault.board", {})
        self.service.fault(str(getattr(event, "source", "board")), reason,
                           getattr(event, "detail", "") or "", key=key, params=params)

    def _on_EvidenceRead(self, event: Any) -> None:
        """M45, M46: an evidence tile on a reader (the message-area tray): the board names
        where it belongs, by number and description ("card 18: a red umbrella: message
        area"); once every card of the message area was shown, "message area complete". At
        night nothing is moved and nothing is said (a sound would give a choice away): the
        tile is only noted for the console."""
        game = self.game
        card = getattr(event, "card", None)
        if game is None or type(card) is not int:
            return
        if game.phase in NIGHT_PHASES or self.night is not None or game.chance_due == "arrange":
            self.faults.append({"kind": "fault", "reason": "evidence_at_night", "card": card})
            log.info("evidence tile %d read at night: ignored (M45)", card)
            return
        if not 0 <= card < game.setup.cards:
            self._speak_all([make("tray.out", {"card": card})])
            return
        if card in game.message_area:
            self._tray.add(card)
            items = [make("tray.message", {"card": card})]
            if set(game.message_area) <= self._tray:
                items.append(make("tray.complete"))
            self._speak_all(items)
        elif card in game.evidence_pool:
            self._speak_all([make("tray.pool", {"card": card})])
        else:
            self._speak_all([make("tray.out", {"card": card})])

    def _on_ReaderState(self, event: Any) -> None:
        self.readers[str(getattr(event, "reader", "?"))] = bool(getattr(event, "connected", False))

    def _idle_press(self, seat: int) -> None:
        """A press with nothing to do: the seat's last message again (ACCESSIBILITY.md 2, 25),
        or its status with ``[service] idle_press = "status"`` (12: no hold needed)."""
        if getattr(self.settings, "idle_press", "repeat") == "status" and self.game is not None:
            self._status(seat)
            return
        voice = self.service.voice
        channel = f"seat:{seat}"
        if not self._timed():
            return
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

        if voice.repeat_last(seat, listener=listener) is None:
            self.say(channel, "repeat.nothing", {}, request=True)

    def _public_status(self) -> Announcement:
        game = self.game
        assert game is not None
        view = public_view(game)
        return make("status.public", {"round": game.round, "living": len(view["alive"]),
                                      "skips": view["skips_pending"]})

    def _status(self, seat: int) -> None:
        """M47: into the seat's earphone, the public status (round, living seats, Killing
        Phases to skip, the dead with their characters), then its own character and private
        facts again: the killers it knows, its destined person or that a Soulmate chose it,
        that it is protected tonight."""
        game = self.game
        if game is None:
            return
        channel = f"seat:{seat}"
        items = [self._public_status()]
        items += [make("day.dead", {"seat": s, "character": game.characters[s]})
                  for s in sorted(game.revealed)]
        items = [Announcement(channel, a.key, a.params) for a in items]
        view = private_view(game, seat)
        items.append(make("status.private", {"character": view["character"]}, channel))
        known = [k for k in view["killers"] if k != seat]
        if known:
            items.append(make("status.killers", {"killers": known}, channel))
        if view["destined"] is not None:
            items.append(make("night.soulmate.chosen", {"target": view["destined"]}, channel))
        if view["chosen_by_soulmate"]:
            items.append(make("night.soulmate.destined", {}, channel))
        if view["protected"] is True:
            items.append(make("night.protected", {}, channel))
        self._speak_request(items)
        scan = self.scans.get(seat)
        if scan is not None:
            scan.hold()

    # ======================================================================= scanning (M42)
    def _item(self, value: Any, key: str, params: dict) -> ScanItem:
        return ScanItem(value, catalogue.text(key, params, self.language, names=self.names,
                                              descriptions=self.descriptions), key, params)

    def _confirming(self, item: ScanItem) -> tuple[ScanItem, ScanItem] | None:
        """ACCESSIBILITY.md 16: a final choice (a ballot, a victim) needs a confirming press:
        the pick opens "confirm: seat 3" and "back" (the list again)."""
        if item.value == _SKIP:
            key, params = "scan.confirm.skip", {}
        elif type(item.value) is int:
            key, params = "scan.confirm.seat", {"seat": item.value}
        else:
            return None
        return self._item(item.value, key, params), self._item(None, "scan.back", {})

    def _scan(self, seat: int, items: list[ScanItem], chosen: Callable[[Any], None], *,
              on_cancel: Callable[[], None] | None = None, pads: dict | None = None,
              confirm: bool = False, intro: bool = True) -> None:
        """A scan of ``items`` (then "cancel") into ``seat``'s earphone; ``chosen(value)``;
        with ``confirm`` a pick is final only after its confirming press (:meth:`_confirming`).
        With ``intro`` the list is announced first ("list: press when you hear your choice")
        and its first item comes a second after that has ended (ACCESSIBILITY.md 14); at night
        every clip is padded to its kind's length (``pads``, M43)."""
        old = self.scans.pop(seat, None)
        if old is not None:
            old.finish()

        def on_choose(value: Any) -> None:
            self.scans.pop(seat, None)
            chosen(value)

        def cancelled() -> None:
            self.scans.pop(seat, None)
            if on_cancel is not None:
                on_cancel()

        def speak(s: int, kind: str, item: ScanItem | None, *playback: Any) -> float | None:
            return self._scan_speak(s, kind, item, pads or {}, *playback)

        scan = Scan(seat, items, self._scan_settings(seat), self.service.clock, self.service.post,
                    speak, on_choose, cancelled, cancel=self._item(None, "scan.cancel", {}),
                    confirm=self._confirming if confirm else None, purpose="choice")
        self.scans[seat] = scan
        scan.start(intro=intro)

    def _scan_settings(self, seat: int) -> Any:
        own = self.seat_settings.get(seat, SeatSettings()).scan_interval     # or the seat's pace (A31)
        return pace.for_service(self.service).scan_settings(seat, self.settings.scan, own)

    def _scan_speak(self, seat: int, kind: str, item: ScanItem | None, pads: dict,
                    started: Callable[[], None] | None = None,
                    ended: Callable[[bool], None] | None = None) -> float | None:
        """One step of a scan into the chooser's earphone (see :class:`Scan`'s ``speak``): the
        intro, an item, the wrap tone with its earcon, the stopped notice; at night every
        intro and item is padded to the step's longest of its kind (M43)."""
        channel = f"seat:{seat}"
        earcon = pad = None
        if kind == "wrap":
            key, params, earcon = "scan.wrap", {}, "scan_wrap"
        elif kind == "stopped":
            key, params = "scan.stopped", {}
        elif kind == "intro":
            key, params, pad = "scan.start", {}, pads.get("intro")
        elif item is None:
            return 0.0
        else:
            key, params = item.key, item.params
            pad = pads.get("confirm" if key in ("scan.back", "scan.confirm.seat") else "item")
        hooks: dict[str, Any] = {}
        if started is not None and self._timed():
            hooks = {"on_start": lambda lines, u: started(),
                     "on_end": lambda lines, u, record: ended(bool(record.cut and u.done()))
                     if ended is not None else None}
        said = self.say(channel, key, params, history=False, timed=not hooks, pad_seconds=pad,
                        earcon=earcon, priority="request" if kind in ("picked", "again") else None, **hooks)
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
        return max(pad or 0.0, spoken_seconds(text, rate))

    def _end_scans(self) -> None:
        for seat in list(self.scans):
            self.scans.pop(seat).finish()

    # ======================================================================= game master
    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command: ``start`` (optionally with ``setup``), ``pause``,
        ``resume``, ``restart``, ``undo``, ``act`` (``action=`` a DYING_MESSAGE.md action,
        e.g. a proposal that ends a deadlock, M44), ``open_vote`` (ends the discussion or the
        defence), ``seat_settings``, ``key``.

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
                    self._pump()      # what was still to be said; a press restarts a list
            return {"paused": self.paused}
        if name == "open_vote":
            if not (self.end_discussion() or self.open_second_vote()):
                raise CommandRefused("refused", "no discussion or defence is running",
                                     detail="no discussion or defence is running")
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
            if not isinstance(raw, dict) or raw.get("action") not in ACTION_KINDS \
                    or raw.get("action") in ("shuffle", "arrange"):
                raise CommandRefused("refused", f"act: not an action of this game: {raw!r}",
                                     detail="not an action of this game")
            if self.paused:
                raise CommandRefused("paused", "the game is paused")
            try:
                action = Action.from_json(raw, game.players, game.options["dog_may_pass"])
            except IllegalAction as exc:
                raise CommandRefused("refused", f"act: {exc.message}", detail=exc.message) from None
            voting = self.voting
            if (action.kind == "vote" and voting is not None and voting["number"] == 1
                    and type(action.seat) is int and game.alive[action.seat]
                    and action.seat not in voting["ballots"]
                    and type(action.target) is int and action.target in game.choice_of(action.seat).items):
                old = self.scans.pop(action.seat, None)
                if old is not None:
                    old.finish()
                self._ballot(action.seat, action.target)    # M48: with the table's ballots
                return {"accepted": True, "state": state_json(self.game)}
            old = self.scans.pop(action.seat, None) if type(action.seat) is int else None
            if old is not None:
                old.finish()
            if self.night is not None and type(action.seat) is int:
                self.night.done.add(action.seat)
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
                             "restart, undo, act, open_vote, seat_settings", name=str(name))

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
        self._reset_board_state()
        self.say("public", "gm.ended", {})
        return {"ended": True}

    # ======================================================================= seat settings
    # (loading, changing and storing them, and journal notes: StoredSeatSettings)

    # ======================================================================= views
    def public_setup(self) -> dict | None:
        """The setup as the console shows it: no characters and no deck order (secret)."""
        setup = self.setup or (self.pending_setup or {}).get("setup")
        if setup is None:
            return None
        obj = {k: v for k, v in setup.to_json().items() if k not in ("roles", "deck", "seed")}
        return {**obj, "names": {str(k): v for k, v in self.names.items()},
                "night_choice_seconds": self.night_choice_seconds,
                "night_look_seconds": self.night_look_seconds,
                "discussion_seconds": self.discussion_seconds}

    def board_view(self) -> dict | None:
        """The public picture of the game (M39): :func:`public_view` plus the board's state —
        the night step being narrated (public: the script is), the discussion's ready seats,
        the accused defending, the vote's count (never a ballot before all are cast) — and
        the cards with their descriptions."""
        game = self.game
        if game is None:
            return None
        view = public_view(game)
        now = self.service.clock.now()
        discussion = None
        if self.discussion is not None:
            ends = self.discussion["ends_at"]
            discussion = {"ready": sorted(self.discussion["ready"]),
                          "seconds_left": None if ends is None else max(0.0, round(ends - now, 1))}
        voting = None
        if self.voting is not None:
            voting = {"number": self.voting["number"], "cast": len(self.voting["ballots"]),
                      "voters": len(game.living())}
        cards = set(view["message_area"]) | set(view["evidence_pool"])
        for earlier in view["earlier_messages"].values():
            cards |= set(earlier)
        return {**view, "night_step": self.night.name if self.night is not None else None,
                "discussion": discussion, "defending": self.defending, "voting": voting,
                "descriptions": {str(c): catalogue.card_name(c, self.language, self.descriptions)
                                 for c in sorted(cards)}}

    def snapshot(self) -> dict:
        """The console's picture (M47, M50): the public view, the last public announcements,
        faults and refusals, who is scanning (by seat: every listener scans at night). No
        secret before the end (M39)."""
        return {
            "view": self.board_view(),
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
        """Secrets for the game master, M50 (the caller logs the WARNING), in the console's
        reveal rows as for Secret Dictator: ``role`` (the character), ``team`` (the killers
        this seat knows), ``hand`` (the genuine messages it saw tonight, with their
        descriptions), ``power_result`` (the Soulmate's destined person, the seat a Famous
        Dog protects, "protected", "chosen by the Soulmate"), and ``choice`` (what it may
        choose now).

        :raises CommandRefused: no game, or a seat outside the game.
        """
        game = self.game
        if game is None:
            raise CommandRefused("no_game", "no game is running")

        def secret(s: int) -> dict:
            view = private_view(game, s)
            character = view["character"]
            power: Any = None
            if view["destined"] is not None:
                power = {"target": view["destined"], "party": "destined"}
            elif character == "famous_dog" and type(view["protected"]) is int:
                power = {"target": view["protected"], "party": "protects"}
            elif view["protected"] is True:
                power = "protected"
            elif view["chosen_by_soulmate"]:
                power = "chosen_by_soulmate"
            genuine = view["genuine_cards"]
            return {"role": character, "faction": view["faction"],
                    "team": [{"seat": k, "role": game.characters[k]} for k in view["killers"] if k != s],
                    "hand": None if genuine is None else [
                        catalogue.card_name(c, self.language, self.descriptions) for c in genuine],
                    "power_result": power, "choice": view["choice"]}
        if seat is None:
            return {"seats": {str(s): secret(s) for s in range(game.players)}}
        if type(seat) is not int or not 0 <= seat < game.players:
            raise CommandRefused("no_seat", f"no seat {seat!r} in this game", seat=seat)
        return {"seat": seat, **secret(seat)}

    def final_state(self) -> dict | None:
        """DYING_MESSAGE.md's ``state`` object, or None without a game."""
        return state_json(self.game) if self.game is not None else None

    def status_line(self) -> str:
        """One line for systemd's STATUS= (round and step, no secret)."""
        if self.game is None:
            return "waiting for a setup"
        view = public_view(self.game)
        step = ("discussion" if self.discussion is not None else
                f"night {self.night.name}" if self.night is not None else view["phase"])
        return (f"game {self.game_id}: dying_message round {self.game.round} {step}"
                f"{' (paused)' if self.paused else ''}")
