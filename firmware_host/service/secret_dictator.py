"""Secret Dictator on the board: input events → engine actions, by phase and seat.

Everything specific to this game lives here, behind :class:`~firmware_host.service.game.BoardGame`:

- **Buttons** (BOARD.md "Seat controls", ACCESSIBILITY.md 11–17). The president's press in
  the nomination (or for a special election, execution, investigation) starts a
  single-switch scan into the president's earphone; a press on a name chooses it (an
  execution needs a confirming press); only the final choice is announced at the table.
  The seat that heard a view-discard or peek result acknowledges with a press. The
  chancellor's hold proposes a veto where the rules allow it; any other hold is the status
  (public part into the requester's earphone, so it never cuts table speech, or on the table
  speaker — ``[service] status_channel``, default ``earphone``; the table speaker when seats
  share a whisper station — the seat's role into its earphone). A press with nothing to do repeats the seat's last
  message, public or its own, and writes its ``announce`` line(s) again on ``seat:N`` (or
  gives the status, ``[service] idle_press = "status"``). While a veto waits for
  its answer the president's press starts a scan of "Ja", "Nein" and "cancel" (BOARD.md
  "Veto"). A press of the seat called to a whisper station goes to the station first. The
  ignore-repeat time and bounce are the hardware's (``[buttons]``).
- **Ballots** from the ballot box are votes (counted aloud, revealed together, R8); the
  president answers a proposed veto with a ballot tile (Ja = agree) or by scanning.
- **Seat settings** (ACCESSIBILITY.md 19): rate, volume, verbosity, scan interval and name per
  seat, in the SQLite file beside the journal, applied at every start (``seat_settings``
  command). At setup the board says each seat's name with its seat number (7); the wording
  is long the first time the table, or a seat's earphone, hears a message, then short (5).
- **Laws**: the president's discard is read by the law reader at the discard tray (tracked
  deck: its party is checked against the hand, refused privately when not in it); the
  enactment is the tile arriving in the next free slot of a track; with an untracked deck
  after chaos that slot says which law was on top (``chaos_law``).
- **The board as a mirror** (BOARD.md principle 2): a tile in the wrong slot, a tile removed
  from a track, a tile on a track when no law is enacted, the tracker pin in the wrong hole
  → the board says what to fix and takes no move until it is fixed, but never loses one: a
  ballot or law tile read meanwhile lies in the box or tray, so it is kept (``ballot.held``,
  ``discard.held``) and applied once the board matches; a press is not taken and the seat
  hears to press again (``correction.press_again``); a law placed in the next free slot
  meanwhile is enacted after the fix. "Correction done" is always followed by whose move it
  is and what to do (:meth:`SecretDictatorGame.next_move`), as are an undo and a public
  refusal. A refused enactment (a party not in the hand) is named neutrally at the table
  (``tile.check``); the chancellor hears privately which track to clear (R16).
- **Faults** are spoken by the part's name from ``Fault.part`` ("seat 3 button", "fascist
  slot 2", "tracker pin in two holes: holes 0 and 3"), never a pin number; a reader missing
  at start is one fault (``reader_missing``).
- **Roles** are dealt by the board, or read from the role tiles at the ballot box, seat by
  seat (``[service] roles = "tiles"``); either way every seat then hears the same padded
  private prolog (R3, R17).
- **Each reader has its own tiles** (BOARD.md): a ballot counts only from the ballot box, a
  law only from the discard tray, a role tile only in the role reading; a tile elsewhere is
  named neutrally ("a law does not count here") and changes nothing, and the same tile read
  again in the same move is ignored without a word (:meth:`SecretDictatorGame._read_again`).
- **Secrets by length** (R16, R17, ACCESSIBILITY.md 8-9): every private clip with a secret in
  it (a hand, a power result, a status, a repeat) is padded to the longest clip of its kind the
  table could hear (:meth:`SecretDictatorGame._pad_seconds`); a status recalls the seat's own
  secrets of the round. A game master's act refused for a secret is a logged reveal.
- **Journal**: every accepted action (and each R12 ``reshuffle`` order) is written before it
  is announced; on start an unfinished game is rebuilt by replaying the journal.
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import logging
import random
import secrets
from typing import Any, Callable

from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.games.secret_dictator import (Action, Game, IllegalAction, Setup, announce,
                                                 catalogue, deal, private_view, public_view,
                                                 speech_plan, state_json, story)
from firmware_host.service.names import PlayerNameError, clean_name
from firmware_host.service.refusals import REFUSAL_CODES, CommandRefused
from firmware_host.service.journal import JournalError, NothingToUndo, UnknownGameError
from firmware_host.service.scanning import Scan, ScanItem, spoken_seconds
from firmware_host.service.scripting import reshuffle_order
from firmware_host.service.seat_settings import SeatSettings, SeatSettingsError

log = logging.getLogger("firmware_host.service")

TRACK_SLOTS = {"democratic": 5, "fascist": 6}
#: public messages that a newer one of the same key replaces before it has started
#: (ACCESSIBILITY.md 24: a ballot count superseded by a newer count is not spoken)
SUPERSEDED_KEYS = frozenset({"ballot.counted"})
#: seconds after a status layer ended in which a further press or hold gives the next layer
#: (issue "Status in layers"; ACCESSIBILITY.md 3); later, a request starts again at the first
STATUS_STEP_S = 4.0
#: the earcon before every private sentence in a seat's earphone (issue 14)
PRIVATE_CUE = "private"
#: keys of a console/simulate setup that the service uses itself (not part of REPLAY.md's setup)
SERVICE_SETUP_KEYS = ("names", "role_source")
#: target powers a president chooses by scanning -> action name
TARGET_POWERS = {"execution": "execute", "special_election": "special_election",
                 "investigate": "investigate"}
#: reader fault reason -> catalogue key (param ``reader``)
READER_FAULT_KEYS = {"unknown_tag": "fault.unknown_tag", "bad_frame": "fault.unreadable",
                     "reader_missing": "fault.reader_missing", "reader_unplugged": "fault.reader_unplugged"}
#: ``Fault.part["kind"]`` -> the catalogue key's last word for ``stuck`` / ``chatter``
PART_KEY_WORDS = {"seat_button": "button", "law_slot": "slot", "tracker": "tracker", "gm_key": "gm_key"}


def part_from_source(source: str) -> dict:
    """The part a hand-built fault without ``Fault.part`` concerns, from its English ``source``
    label (``seat 3 button`` 1-based, ``fascist slot 2``, ``tracker``, ``game-master key``,
    ``ballot reader``); ``{}`` when it names none of them."""
    words = source.split()
    if len(words) == 3 and words[0] == "seat" and words[2] == "button" and words[1].isdigit():
        return {"kind": "seat_button", "seat": int(words[1]) - 1}
    if len(words) == 3 and words[0] in TRACK_SLOTS and words[1] == "slot" and words[2].isdigit():
        return {"kind": "law_slot", "track": words[0], "slot": int(words[2])}
    if words[:1] == ["tracker"]:
        return {"kind": "tracker", "holes": []}
    if source in ("game-master key", "gm key"):
        return {"kind": "gm_key"}
    if len(words) == 2 and words[1] == "reader" and words[0] in ("ballot", "law"):
        return {"kind": "reader", "reader": words[0]}
    return {}


def fault_speech(reason: str, part: dict) -> tuple[str, dict] | None:
    """The catalogue message (key, params) that names a hardware fault by its part, never by
    a pin (``Fault.part``, docs/ARCHITECTURE.md): "seat 3 button", "fascist slot 2",
    "tracker pin in two holes: holes 0 and 3"; None when it is not spoken (unknown part)."""
    kind = part.get("kind")
    if reason in READER_FAULT_KEYS:
        reader = part.get("reader") if kind == "reader" else None
        return READER_FAULT_KEYS[reason], {"reader": reader if reader in ("ballot", "law") else "ballot"}
    holes = sorted({int(h) for h in part.get("holes") or [] if type(h) is int and 0 <= h <= 3})
    if reason == "two_holes" or (reason == "stuck" and kind == "tracker" and len(holes) > 1):
        return "fault.two_holes", {"holes": holes}
    if reason not in ("stuck", "chatter") or kind not in PART_KEY_WORDS:
        return None
    key = f"fault.{reason}.{PART_KEY_WORDS[kind]}"
    if kind == "seat_button":
        seat = part.get("seat")
        return (key, {"seat": seat}) if type(seat) is int and 0 <= seat < 99 else None
    if kind == "law_slot":
        track, slot = part.get("track"), part.get("slot")
        ok = track in TRACK_SLOTS and type(slot) is int and 1 <= slot <= TRACK_SLOTS[track]
        return (key, {"track": track, "slot": slot}) if ok else None
    if kind == "tracker":
        if reason == "stuck":
            return (key, {"position": holes[0]}) if holes else None
        return key, {"holes": holes}
    return key, {}


def describe_action(action: Action) -> str:
    """The action for an INFO log line, without secrets (no ballot before the reveal, no
    discarded party, no reshuffle order)."""
    kind = action.kind
    if kind == "vote":
        return f"vote by seat {action.seat}"
    if kind == "discard":
        return f"discard by seat {action.seat}"
    if kind == "reshuffle":
        return f"reshuffle of {len(action.order or ())} laws"
    parts = [kind]
    if action.seat is not None:
        parts.append(f"seat {action.seat}")
    if action.target is not None:
        parts.append(f"target {action.target}")
    if kind in ("enact", "chaos_law"):
        parts.append(str(action.party))
    if action.accept is not None:
        parts.append("accept" if action.accept else "refuse")
    return " ".join(parts)


def describe_input(event: Any) -> str:
    """An input event for an INFO log line, without secrets (no ballot, law party or role)."""
    name = type(event).__name__
    if name == "ButtonGesture":
        return f"seat {event.seat} button {event.gesture}"
    if name == "BallotRead":
        return f"ballot tile of seat {event.seat}"
    if name == "LawRead":
        return "law tile at the discard tray"
    if name == "RoleTileRead":
        return "role tile"
    if name == "SlotChanged":
        return f"{event.track} slot {event.slot} {'filled' if event.filled else 'emptied'}"
    if name == "TrackerMoved":
        return f"tracker pin {'out of its hole' if event.position is None else f'in hole {event.position}'}"
    if name == "GameMasterKey":
        return f"game-master key {event.gesture}"
    if name == "ReaderState":
        return f"{event.reader} reader {'connected' if event.connected else 'disconnected'}"
    if name == "Fault":
        return f"fault {event.source}: {event.reason}"
    return name


def secret_variants(a: Any) -> list[Any]:
    """Every announcement that could stand in the place of private announcement ``a``: the
    same message with each secret parameter (a party, a sequence of laws, a role, a track)
    at each of its values, other parameters as they are (``[a]`` for a public message or one
    without secret parameters). A private clip is padded to the longest of them, so its
    length never tells what it says (R16, R17)."""
    if not catalogue.is_private(a.key):
        return [a]
    choices: list[tuple[str, list]] = []
    for name, value in a.params.items():
        kind = catalogue.PARAM_TYPES.get(name)
        if kind in ("party", "role", "track", "ballot"):
            choices.append((name, list(catalogue.ENUMS[kind])))
        elif kind == "parties" and isinstance(value, list):
            choices.append((name, [list(c) for c in itertools.product(catalogue.ENUMS["party"], repeat=len(value))]))
    if not choices:
        return [a]
    out = []
    for combo in itertools.product(*(values for _, values in choices)):
        params = dict(a.params)
        params.update({name: value for (name, _), value in zip(choices, combo)})
        out.append(dataclasses.replace(a, params=params))
    return out


def _clean_setup_name(seat: int, name: str) -> str:
    """A setup's name for ``seat`` by the board's one rule (:func:`names.clean_name`).

    :raises CommandRefused: ``setup_name_long`` (too many characters or seconds of speech)
        or ``setup_name_invalid`` (a control character, unencodable text), naming the seat.
    """
    try:
        return clean_name(name)
    except PlayerNameError as exc:
        code = "setup_name_long" if exc.code.startswith("too_long") else "setup_name_invalid"
        raise CommandRefused(code, f"setup: seat {seat}: {exc}", seat=seat) from None


def _setup_refusal(obj: dict, exc: UsageError) -> CommandRefused:
    """The game master's setup ``obj`` refused by :meth:`Setup.from_json` (``exc``) as a
    refusal with a code: ``setup_players`` (no player count 5–10, R1), ``setup_first_president``
    (not a seat, R6), else ``setup_invalid`` with the English problems as ``detail``."""
    message = f"setup: {exc}"
    players = obj.get("players")
    if type(players) is not int or not 5 <= players <= 10:
        return CommandRefused("setup_players", message)
    first = obj.get("first_president", 0)
    if type(first) is not int or not 0 <= first < players:
        return CommandRefused("setup_first_president", message)
    detail = "; ".join(getattr(exc, "problems", None) or [str(exc)])
    return CommandRefused("setup_invalid", message, detail=detail)


class SecretDictatorGame:
    """Secret Dictator's side of the board service (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.
    """

    def __init__(self, service: Any) -> None:
        self.service = service
        self.settings = service.settings
        self.game: Game | None = None
        self.game_id: int | None = None
        self.setup: Setup | None = None
        self.pending_setup: dict | None = None      # validated, not yet started
        self.raw_setup: dict | None = None          # as the game master gave it (restart)
        self.names: dict[int, str] = {}
        self.seat_settings: dict[int, SeatSettings] = {}   # ACCESSIBILITY.md 19, kept in the SQLite file
        self._heard_long: set[tuple[int, str]] = set()     # (seat, key) heard in the long wording
        self.role_source = self.settings.roles
        self.language = "de"
        self.paused = False
        # the journal id of the last game the game master ended (or replaced by a new start)
        # while it was running: ``undo`` brings it back until a next game has a move
        self.ended_game_id: int | None = None
        self.slots = {track: [False] * n for track, n in TRACK_SLOTS.items()}
        self.tracker: int | None = 0
        self.readers: dict[str, bool] = {}
        self._unplug_said: set[str] = set()               # readers whose loss was spoken already
        self.held: list[Any] = []                         # tile inputs kept during a correction
        self._replaying_law = False                       # a kept law tile is being applied now
        self.tracker_asked = False                        # the engine moved the tracker: players were asked to follow
        self.stale_slots: set[tuple[str, int]] = set()    # tiles of an undone enactment
        self._heard: dict[str, tuple[int, list[dict]]] = {}   # no sound: channel -> (seq, announce lines of its last utterance)
        self._last_public: list = []                      # the public utterances of the last accepted move
        self._long_pending: dict[str, Any] = {}           # superseded key -> its long utterance, maybe unheard
        self._vote_round = 0                              # elections so far: scopes superseding counts
        self._step_public: list[tuple[int, Any]] = []     # (service step, public utterance) said for this input
        self._scan_said: list = []                        # the running scan's utterances
        self._public_said: list = []                      # public utterances not yet played to their end
        self._heard_seq = 0
        self.scan: Scan | None = None
        self.tiles: list[tuple[str, int]] | None = None   # role tiles read so far
        self.chaos_placement = False                      # tracked chaos law still to be placed
        self.chancellor_discard: str | None = None
        self.discard_after: tuple[int, str | None] | None = None   # (chancellor, the law left) after an enactment
        self.refused_slots: set[tuple[str, int]] = set()   # tiles whose enactment was refused
        self.mirror_said: tuple | None = None
        self.announced: collections.deque = collections.deque(maxlen=50)
        self.faults: collections.deque = collections.deque(maxlen=50)
        self._last_groups: list = []                      # (action, events) groups of a rebuilt game
        # BOARD.md "Each reader has its own tiles": the tiles read for the move going on, so
        # the same tag read again (left on the reader, shown twice, a noisy re-read) is ignored
        self._ballot_move: tuple | None = None            # the election (or veto reply) of _ballots_read
        self._ballots_read: set[tuple[int, str]] = set()  # (seat, ballot) tiles read for it
        self._law_move: tuple | None = None               # the legislative session (or phase) of _laws_read
        self._laws_read: set[tuple[str, int]] = set()     # (party, tile) law tiles read in it
        self._discard_pile: set[tuple[str, int]] = set()  # law tiles discarded since the last reshuffle
        self._roles_quiet: set[tuple[str, int]] = set()   # role tiles just read: ignored until the first move
        self._replaying_held = False                      # a kept tile input is being applied now
        self._presidents = 0                              # president.new said in this game (prerender)
        self._wrong_last: tuple | None = None             # the last tile said to be at the wrong reader
        # ACCESSIBILITY.md 8: each seat's own secrets of this round, again in its private status
        self._recall: dict[int, dict[str, Any]] = {}
        self._measured: dict[tuple, float] = {}           # (channel, text, earcon) -> seconds as played
        self._heard_pad: dict[str, float | None] = {}     # channel -> padding of its last utterance
        self._status_step: dict[int, tuple[int, float]] = {}  # seat -> (next status layer, until when)
        self._story: tuple[tuple[int, int], list] | None = None  # ((game id, actions), rounds) told
        self._story_next = 0                               # the round the next press tells

    # ======================================================================= life cycle
    @property
    def genders(self) -> dict[int, str]:
        """``{seat: "m" | "f"}`` from the seat settings (``gender``), for the catalogue's
        gendered forms (WORDING-REVIEW.md "Gender")."""
        return {seat: own.gender for seat, own in self.seat_settings.items() if own.gender}

    def boot(self, resume: bool = True) -> None:
        """Read the board's settled inputs and the stored seat settings, then resume an
        unfinished game (and say so).

        A journal that found damage at its self-check (``journal.repair``) is reported first,
        at the table (``journal.*``, in the resumed game's language), on the console (faults)
        and as a ``fault`` line; a game whose journaled actions already end it (a journal of
        an older firmware, cut before its game-over mark) is marked over, not resumed."""
        set_pronunciation = getattr(self.service.voice, "set_pronunciation", None)
        if callable(set_pronunciation):
            set_pronunciation(catalogue.pronounce)
        self._read_board()
        self._load_seat_settings()
        journal = self.service.journal
        repair = getattr(journal, "repair", None)
        try:
            unfinished = journal.unfinished() if resume else None
        except (JournalError, UnknownGameError) as exc:
            log.error("journal: the unfinished game cannot be read: %s", exc)
            self.service.fault("journal", "unreadable", str(exc))
            self._say_fault("journal.game_lost", {}, str(exc))
            unfinished = None
        if unfinished is None:
            if repair is not None:
                self._report_repair(repair)
            log.info("no unfinished game in the journal: waiting for a setup")
            self.say("public", "service.ready", {})
            self._plan_speech()
            return
        try:
            self._rebuild(unfinished.id, unfinished.setup, unfinished.actions)
        except (FirmwareHostError, ValueError) as exc:
            log.error("journal game %d cannot be resumed: %s", unfinished.id, exc)
            journal.finish_game(unfinished.id, "abandoned")
            self.game = None
            if repair is not None:
                self._report_repair(repair, resumed=False)
            self.say("public", "service.ready", {})
            return
        if repair is not None:
            self._report_repair(repair)
        assert self.game is not None
        if self.game.phase == "game_over":
            journal.finish_game(unfinished.id, "over")
            log.info("game %d was already over (%s): marked over, not resumed", unfinished.id, self.game.winner)
            self.say("public", "service.ready", {})
            return
        log.info("resumed game %d after %d actions", unfinished.id, len(unfinished.actions))
        self.say("public", "service.resumed", {})
        self._plan_speech()
        self._replay_last_group()
        self._settle_reshuffle()
        self._check_mirror(announce_change=True)

    def _report_repair(self, repair: Any, resumed: bool | None = None) -> None:
        """Say what the journal's self-check found (see :class:`JournalRepair`)."""
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
        """Speak ``key`` on the table speaker (priority ``fault``) and list it on the console."""
        self.say("public", key, params, priority="fault")
        try:
            text = catalogue.text(key, params, self.language, names=self.names)
        except (FirmwareHostError, ValueError):
            text = key
        self.faults.append({"kind": "fault", "reason": key, "text": f"{text} ({detail})"})

    def shutdown(self) -> None:
        """End a running scan (the service stops)."""
        self._end_scan()

    def _read_board(self) -> None:
        board = self.service.board
        snap = None
        for obj in (board, getattr(board, "board", None)):
            if obj is not None and callable(getattr(obj, "snapshot", None)):
                try:
                    snap = obj.snapshot()
                    break
                except Exception as exc:  # noqa: BLE001 - a board without a snapshot is fine
                    log.warning("board snapshot: %s", exc)
        if snap is None:
            return
        for track, filled in snap.slots.items():
            if track in self.slots:
                self.slots[track] = list(filled)[:TRACK_SLOTS[track]]
        self.tracker = snap.tracker
        self.readers = dict(snap.readers)

    # ======================================================================= speaking
    def say(self, channel: str, key: str, params: dict, *, priority: str | None = None,
            earcon: str | None = None, request: bool = False, after: Any = (),
            history: bool = True, on_start: Any = None, on_end: Any = None) -> Any:
        """Speak catalogue ``key`` on ``channel``; its ``announce`` line is written once it
        has played (:meth:`BoardService.announce_listener`).

        :param priority: default the catalogue's usual one for ``key``.
        :param request: a seat's own request (repeat/status): cuts off its earphone.
        :param after: utterances that must have ended first (ACCESSIBILITY.md 22).
        :param history: False for what a repeat press does not give back (scan steps).
        :param on_start: ``on_start(lines, utterance)`` when it starts playing.
        :param on_end: ``on_end(lines, utterance, record)`` when it has ended or was cut off.
        :returns: the Utterance, or None when nothing plays (no sound, or refused).
        """
        try:
            made = announce.make(key, params, channel)
        except (FirmwareHostError, ValueError) as exc:
            log.error("announcement %s refused: %s", key, exc)
            return None
        return self._speak(made, priority=priority or ("request" if request else None), earcon=earcon,
                           after=after, history=history, on_start=on_start, on_end=on_end)

    def _long_wording(self, channel: str, key: str, *, mark: bool = True) -> bool:
        """ACCESSIBILITY.md 5: the long wording the first time the table (``public``: the audio
        layer's ``verbosity``) or the seat (its ``verbosity`` seat setting, default ``auto``)
        hears ``key``, the short one after. ``mark=False``: only ask (a seat's wording of a
        message it is not told now)."""
        voice = self.service.voice
        if channel == "public":
            pending = self._long_pending.get(key)
            if (pending is not None and pending.supersede == self._supersede_tag(key)
                    and not pending.plays and not pending.done()):
                return True      # the long one is replaced before it was heard: this one is it
            return bool(voice.use_long_wording(key)) if voice is not None else False
        if not channel.startswith("seat:"):
            return False
        seat = int(channel[5:])
        verbosity = self.seat_settings.get(seat, SeatSettings()).verbosity or "auto"
        if verbosity != "auto":
            return verbosity == "long"
        first = (seat, key) not in self._heard_long
        if mark:
            self._heard_long.add((seat, key))
        return first

    # ======================================================================= private clip lengths
    def _measure(self, channel: str, text: str, earcon: str | None) -> float | None:
        """Seconds ``text`` lasts on ``channel`` (rendered once, then remembered)."""
        key = (channel, text, earcon)
        if key not in self._measured:
            voice = self.service.voice
            measure = getattr(voice, "measure", None)
            seconds = measure(channel, text, earcon=earcon) if callable(measure) else None
            if seconds is None:
                return None
            if len(self._measured) > 4096:
                self._measured.clear()
            self._measured[key] = seconds
        return self._measured[key]

    def _texts(self, channel: str, items: list, longs: dict[str, bool]) -> str:
        """The sentence ``items`` make when said together on ``channel`` (its wordings)."""
        out = []
        for a in items:
            long = longs[a.key] if a.key in longs else self._long_wording(channel, a.key, mark=False)
            out.append(catalogue.text(a.key, a.params, self.language, long=long, names=self.names, genders=self.genders))
        return " ".join(out)

    def _pad_seconds(self, channel: str, groups: list[list], longs: dict[str, bool],
                     earcon: str | None = None) -> float | None:
        """The length, in seconds, a private clip of one kind is padded to on ``channel``
        (R16, R17, ACCESSIBILITY.md 8-9): whatever its secret, the clip lasts as long as the
        longest clip of that kind the table could hear now.

        ``groups``: the messages each seat would hear in such a clip (one group for a single
        message; every seat's status for a status). Each group counts as it is and with every
        secret at its longest value (:func:`secret_variants`, each message measured alone),
        so the length depends on what is public (who holds a hand, who investigated whom) and
        on the deal as a whole (as the prolog's does), never on the requesting seat's role, a
        hand or a result. None when lengths cannot be known (no sound): nothing to pad.
        """
        best = 0.0
        try:
            for group in groups:
                longest = []
                for a in group:
                    variants = secret_variants(a)
                    if len(variants) > 1:
                        timed = [(self._measure(channel, self._texts(channel, [v], longs), None), v) for v in variants]
                        if any(t is None for t, _ in timed):
                            return None
                        a = max(timed, key=lambda tv: tv[0])[1]
                    longest.append(a)
                for text in {self._texts(channel, group, longs), self._texts(channel, longest, longs)}:
                    seconds = self._measure(channel, text, earcon)
                    if seconds is None:
                        return None
                    best = max(best, seconds)
        except (FirmwareHostError, ValueError) as exc:
            log.error("private clip length on %s: %s", channel, exc)
            return None
        return best

    # ======================================================================= a seat's own secrets
    def _remember(self, events: list, items: list) -> None:
        """ACCESSIBILITY.md 8: keep each seat's own secrets of this round from the private
        messages it was told, for its status: the hand it holds or held (until the next
        nomination), the peek or view-discard result (until the next laws are drawn) and its
        investigations (for the rest of the game)."""
        for e in events:
            if e.kind == "nominated":
                for mine in self._recall.values():
                    mine.pop("hand", None)
            elif e.kind == "law_enacted" and e.data.get("by") == "chaos":
                for mine in self._recall.values():     # the top law was taken: the peek is spent
                    mine.pop("peek", None)
                    mine.pop("view_discard", None)
        for a in items:
            seat = a.seat
            if seat is None:
                continue
            if a.key == "hand.president":
                for mine in self._recall.values():     # new laws drawn: earlier results are spent
                    mine.pop("peek", None)
                    mine.pop("view_discard", None)
            mine = self._recall.setdefault(seat, {})
            if a.key in ("hand.president", "hand.chancellor"):
                mine["hand"] = list(a.params["laws"])
            elif a.key == "power.peek.result":
                mine["peek"] = list(a.params["laws"])
            elif a.key == "power.view_discard.result":
                mine["view_discard"] = a.params["party"]
            elif a.key == "power.investigate.result":
                mine.setdefault("investigate", []).append((a.params["target"], a.params["party"]))

    def _recall_items(self, seat: int) -> list:
        """The seat's own secrets of this round as private ``recall.*`` messages."""
        mine = self._recall.get(seat, {})
        channel = f"seat:{seat}"
        out = []
        if mine.get("hand"):
            out.append(announce.make("recall.hand", {"laws": mine["hand"]}, channel))
        if mine.get("peek"):
            out.append(announce.make("recall.peek", {"laws": mine["peek"]}, channel))
        if mine.get("view_discard"):
            out.append(announce.make("recall.view_discard", {"party": mine["view_discard"]}, channel))
        for target, party in mine.get("investigate", []):
            out.append(announce.make("recall.investigate", {"target": target, "party": party}, channel))
        return out

    def _private_status(self, seat: int) -> list:
        """What ``seat`` hears privately in its status: role, team (R3), its secrets this round."""
        assert self.game is not None
        return [a for a in announce.status(self.game, seat) if catalogue.is_private(a.key)] + self._recall_items(seat)

    def _text(self, a: Any, long: bool) -> str:
        try:
            return catalogue.text(a.key, a.params, self.language, long=long, names=self.names, genders=self.genders)
        except (FirmwareHostError, ValueError) as exc:
            log.error("announcement %s: %s", a.key, exc)
            return a.key

    def _on_played(self, lines: list[dict], utt: Any) -> None:
        """A clip started playing: the console's list of public announcements (what was heard)."""
        for line in lines:
            if line["channel"] == "public":
                self.announced.append({k: line[k] for k in ("channel", "key", "params", "text")})

    def _speak(self, a: Any, *, priority: str | None = None, earcon: str | None = None,
               after: Any = (), history: bool = True, on_start: Any = None, on_end: Any = None) -> Any:
        long = self._long_wording(a.channel, a.key)
        text = self._text(a, long)
        line = {"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                "text": text}
        log.debug("say %s %s", a.channel, a.key)
        earcon = a.earcon if earcon is None else earcon
        if earcon is None and a.channel != "public" and catalogue.is_private(a.key):
            earcon = PRIVATE_CUE          # "a private message is coming" (never on the table speaker)
        pad = None
        if a.channel != "public" and len(secret_variants(a)) > 1:
            # R16/R17: a private clip with a secret lasts as long as any it could have been
            pad = self._pad_seconds(a.channel, [[a]], {a.key: long}, earcon)
        tag = self._supersede_tag(a.key) if a.channel == "public" else None
        utt = self._play([line], a.channel, text, a.key, priority or a.priority, earcon, after=after,
                         history=history, on_start=on_start, on_end=on_end, supersede=tag, pad_seconds=pad)
        self._heard_pad[a.channel] = pad
        if utt is not None and tag is not None and long:
            self._long_pending[a.key] = utt      # if a newer count replaces it unheard, that one is long
        self._plan_following(a.key, a.params)
        return utt

    def _plan_speech(self, players: int | None = None) -> None:
        """Pre-render, in the background at low priority, what this table can hear next
        (:func:`speech_plan.sentences`: its seats, names, language and wordings)."""
        voice = self.service.voice
        if voice is None:
            return
        if players is None:
            players = self.setup.players if self.setup is not None else (voice.seats or 10)
        language, names, verbosity = self.language, dict(self.names), voice.verbosity
        voice.prerender(lambda: speech_plan.sentences(players, language, names, verbosity))

    def _plan_following(self, key: str, params: dict) -> None:
        """After ``president.new`` or a power's announcement: pre-render at once what the
        president's choice will make the board say (:func:`speech_plan.following`)."""
        voice = self.service.voice
        if voice is None or key not in speech_plan.FOLLOWING or self.setup is None:
            return
        first = key == "president.new" and self._presidents == 0
        if key == "president.new":
            self._presidents += 1
        players, language, names, verbosity = self.setup.players, self.language, dict(self.names), voice.verbosity
        try:
            items = speech_plan.following(key, params, players, language, names, verbosity, first)
        except (FirmwareHostError, ValueError) as exc:
            log.warning("prerender after %s: %s", key, exc)
            return
        voice.prerender_soon(items)

    def _supersede_tag(self, key: str) -> str | None:
        """ACCESSIBILITY.md 24: a newer ballot count of the *same* vote replaces one not yet
        started; a count of another vote never does."""
        return f"{key}:{self._vote_round}" if key in SUPERSEDED_KEYS else None

    def _play(self, lines: list[dict], channel: str, text: str, key: str, priority: str, earcon: str | None, *,
              after: Any = (), history: bool = True, on_start: Any = None, on_end: Any = None,
              supersede: str | None = None, pad_seconds: float | None = None) -> Any:
        """Queue one clip that says ``lines`` (its ``announce`` lines, written once it has
        played), padded with silence to ``pad_seconds`` if given (R16/R17); returns its
        Utterance or None (no sound: the lines are written at once)."""
        voice = self.service.voice

        def started(played: list[dict], utt: Any) -> None:
            self._on_played(played, utt)
            if on_start is not None:
                on_start(played, utt)

        utt = None
        if voice is not None and voice.timed():
            if priority in ("refusal", "game_over") and channel == "public":
                # ACCESSIBILITY.md 22: a refusal (or a correction) waits until the table has
                # heard what it refers to, and the end is never heard before the moves that led
                # to it: both wait for what the table was given before them
                self._public_said = [u for u in self._public_said if not u.done()]
                after = tuple(after) + tuple(self._public_said)
            elif priority == "refusal":
                # a private refusal: after the table has heard the move it refers to
                after = tuple(after) + tuple(self._refers_to())
            listener = self.service.announce_listener(lines, started, on_end)
            utt = voice.say(channel, text, key=key, priority=priority, earcon=earcon, after=after,
                            supersede=supersede, history=history, listener=listener,
                            **({"pad_seconds": pad_seconds} if pad_seconds is not None else {}))
            if utt is not None:
                utt.meta["lines"] = lines
                if channel == "public":
                    self._public_said = [u for u in self._public_said if not u.done()] + [utt]
                if channel == "public" and priority != "refusal":
                    self._step_public = [(step, u) for step, u in self._step_public
                                         if step == self.service.step and not u.done()] + [(self.service.step, utt)]
                return utt
        elif voice is not None:
            voice.say(channel, text, key=key, priority=priority, earcon=earcon,
                      **({"pad_seconds": pad_seconds} if pad_seconds is not None else {}))
        self._on_played(lines, None)
        if history:
            self._record_heard(channel, lines)
        self.service.announce_now(lines)
        return None

    def _speak_all(self, items: list, after: Any = ()) -> list:
        """Say ``items`` in order. A private message waits until the public ones said before
        it in ``items`` have ended at the table (ACCESSIBILITY.md 22: the hand after the
        result, a power's result after its announcement). Returns the Utterances (None where
        nothing plays); the public ones are remembered as what a refusal refers to."""
        public: list = []
        made = []
        for a in items:
            wait = tuple(after) + (tuple(public) if a.channel != "public" else ())
            utt = self._speak(a, after=wait)
            made.append(utt)
            if a.channel == "public" and utt is not None:
                public.append(utt)
        if public:
            self._last_public = public
        return made

    def _prolog(self, after: Any = ()) -> None:
        """R3/R17: each seat hears its role and team privately, all padded to one length and
        started together once the table has heard that the roles come (ACCESSIBILITY.md 23);
        the table hears "every seat knows its role" after the last private clip has ended
        (at a whisper station: after the last seat's visit)."""
        assert self.game is not None
        items = announce.prolog(self.game)
        texts: dict[int, list[str]] = {}
        lines: dict[int, list[dict]] = {}
        for a in items:
            text = catalogue.text(a.key, a.params, self.language, long=True, names=self.names, genders=self.genders)
            texts.setdefault(a.seat, []).append(text)
            lines.setdefault(a.seat, []).append({"event": "announce", "channel": a.channel, "key": a.key,
                                                 "params": dict(a.params), "text": text})
        voice = self.service.voice
        made: dict[int, Any] = {}
        if voice is not None and voice.timed():
            listeners = {seat: self.service.announce_listener(lines[seat], self._on_played) for seat in lines}
            made = voice.say_padded({s: " ".join(t) for s, t in texts.items()}, key="prolog", after=after, earcon=PRIVATE_CUE,
                                    listener=lambda kind, utt, rec: listeners[int(utt.channel[5:])](kind, utt, rec))
            for seat, utt in made.items():
                if utt is not None:
                    utt.meta["lines"] = lines[seat]
        elif voice is not None:
            voice.say_padded({s: " ".join(t) for s, t in texts.items()}, key="prolog", earcon=PRIVATE_CUE)
        for seat in sorted(lines):
            if made.get(seat) is None:
                self._on_played(lines[seat], None)
                self._record_heard(f"seat:{seat}", lines[seat])
                self.service.announce_now(lines[seat])
        self.say("public", "prolog.done", {}, after=[u for u in made.values() if u is not None])

    # ======================================================================= setup
    def setup_game(self, setup: dict) -> None:
        """Validate the game master's setup and start the game.

        ``setup``: REPLAY.md's setup fields, plus ``names`` (list by seat, or {seat: name}),
        ``role_source`` (``dealt``/``tiles``; ``"roles": "dealt"|"tiles"`` is read too) and
        ``"deck": "tracked"`` (dealt from the seed) or ``"untracked"``.

        :raises UsageError: an unusable setup (one line).
        """
        self.prepare(setup)
        self.start()

    def prepare(self, raw: dict) -> None:
        """Validate and remember a setup without starting (console: setup, then ``start``).

        :param raw: a REPLAY.md setup object, plus ``names`` ({seat: name} or a list by seat)
            and ``role_source``/``roles`` ``"dealt"`` or ``"tiles"``.
        :raises CommandRefused: the setup is unusable (code ``setup_*``; one-line message).
        """
        if not isinstance(raw, dict):
            raise CommandRefused("setup_not_object", "the setup must be a JSON object")
        self.raw_setup = dict(raw)
        obj = dict(raw)
        names = obj.pop("names", None)
        role_source = obj.pop("role_source", None)
        if obj.get("roles") in ("dealt", "tiles"):
            role_source = obj.pop("roles")
        if obj.get("deck") == "tracked":
            obj.pop("deck")
        role_source = role_source or self.settings.roles
        if role_source not in ("dealt", "tiles"):
            message = f"role_source must be 'dealt' or 'tiles', not {role_source!r}"
            raise CommandRefused("setup_invalid", message, detail=message)
        if obj.get("seed") is None:
            obj["seed"] = secrets.randbelow(2**31)
        try:
            setup = Setup.from_json(obj)
        except UsageError as exc:
            raise _setup_refusal(obj, exc) from None
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
        parsed = {s: _clean_setup_name(s, n) for s, n in parsed.items()}
        parsed = {s: n for s, n in parsed.items() if n}
        if any(not 0 <= s < setup.players for s in parsed):
            raise CommandRefused("setup_name_seat", f"setup: a name for a seat outside 0..{setup.players - 1}",
                                 last=setup.players - 1)
        self.pending_setup = {"setup": setup, "names": parsed, "role_source": role_source}
        log.info("setup: %d players, %s variant, language %s, %s deck, roles %s", setup.players,
                 setup.variant, setup.language, "tracked" if setup.tracked else "untracked", role_source)

    def start(self) -> None:
        """Start the prepared setup (deal, journal it, prolog) or begin reading role tiles.

        :raises CommandRefused: without a setup.
        """
        if self.pending_setup is None:
            raise CommandRefused("no_setup", "no setup: set the game up first")
        setup: Setup = self.pending_setup["setup"]
        # a seat's stored name (ACCESSIBILITY.md 19) unless the setup names the seat itself
        self.names = {s: n for s, n in {**self._stored_names(), **self.pending_setup["names"]}.items()
                      if s < setup.players}
        self.role_source = self.pending_setup["role_source"]
        self.language = setup.language
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self._end_scan()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self._journal_note({"note": "ended", "by": "game master", "replaced": True})
            self.service.journal.finish_game(self.game_id, "abandoned")
            self.ended_game_id = self.game_id        # undo brings it back (console: confirmed)
        elif self.game is None:
            self.ended_game_id = None                # after an ended game, the next one starts
        self.game, self.game_id = None, None
        self.paused = False
        self._forget_tiles()
        self._plan_speech(setup.players)
        self._presidents = 0
        self._recall = {}
        # a repeat never gives a seat a private message of the game before (R16)
        for channel in [c for c in self._heard if c != "public"]:
            del self._heard[channel]
        self._heard_pad = {}
        if self.service.voice is not None:
            self.service.voice.forget_private()
        self._play_back_names()
        if self.role_source == "tiles":
            self.setup = setup
            self.tiles = []
            self.say("public", "roles.present_tile", {"seat": 0})
            return
        roles, deck = deal(setup, random.Random(setup.seed))
        self._begin(setup.with_dealt(roles, deck), prolog=True)

    def _play_back_names(self) -> None:
        """ACCESSIBILITY.md 7: at setup the board says each configured name with its seat
        ("Anna, seat 3"), in seat order, so the table hears how the board will call them; a
        name's espeak-ng phoneme input (``[[...]]``) goes to the speech engine untouched."""
        for seat in sorted(self.names):
            self.say("public", "setup.seat_name", {"seat": seat})

    def _begin(self, setup: Setup, prolog: bool) -> None:
        self.setup = setup
        self.tiles = None
        self.game = Game(setup)
        self.game_id = self.service.journal.begin_game(setup.to_json())
        if self.names or self.role_source != "dealt":
            # ACCESSIBILITY.md 19: names survive a restart (a note; the setup stays REPLAY.md's)
            self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                                "role_source": self.role_source})
        events = self.game.start()
        log.info("game %d started: %d players", self.game_id, setup.players)
        self._emit_events(events)
        items = announce.announcements(None, events, self.game)
        # game.started first, then the prolog, then the first president
        head = [a for a in items if a.key == "game.started"]
        said = self._speak_all(head)
        if prolog:
            self._prolog(after=[u for u in said if u is not None])
        self._speak_all([a for a in items if a.key != "game.started"])
        self.chaos_placement = False
        self.tracker_asked = False
        self.mirror_said = None
        self.held, self.refused_slots, self.stale_slots = [], set(), set()
        self._check_mirror(announce_change=True)

    def _rebuild(self, game_id: int, setup_json: dict, actions: list[dict]) -> list:
        """A fresh Game from the journal's setup and actions (no speech); returns the last
        group's (action, events) pairs."""
        setup = Setup.from_json(setup_json)
        game = Game(setup)
        game.start()
        groups: list[list[tuple[Action, list]]] = []
        self._recall = {}
        for obj in actions:
            action = Action.from_json(obj)
            events = game.apply(action)
            self._remember(events, announce.announcements(action, events, game))
            if action.kind == "reshuffle" and groups:
                groups[-1].append((action, events))
            else:
                groups.append([(action, events)])
        self.setup, self.game, self.game_id = setup, game, game_id
        self.language = setup.language
        self.names = {s: n for s, n in self._stored_names().items() if s < setup.players}
        for kind, body in self.service.journal.entries(game_id):
            if kind == "note" and body.get("note") == "table":
                self.names = {int(k): str(v) for k, v in (body.get("names") or {}).items()}
                self.role_source = body.get("role_source", self.role_source)
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self.tiles = None
        self._forget_tiles()
        self.discard_after = None
        self._last_groups = groups
        self.chaos_placement = False
        self.tracker_asked = False
        if groups:
            last_events = [e for _, evs in groups[-1] for e in evs]
            self.chaos_placement = any(e.kind == "law_enacted" and e.data.get("by") == "chaos"
                                       for e in last_events)
        return groups[-1] if groups else []

    def _replay_last_group(self) -> None:
        """After a resume: say again what the last accepted action caused (it may never
        have been said if the service stopped right after journaling it)."""
        groups = self._last_groups
        if self.game is None:
            return
        if not groups:     # stopped right after the game was journaled: start it again
            events = Game(self.game.setup).start()
            self._emit_events(events)
            items = announce.announcements(None, events, self.game)
            said = self._speak_all([a for a in items if a.key == "game.started"])
            self._prolog(after=[u for u in said if u is not None])
            self._speak_all([a for a in items if a.key != "game.started"])
            return
        for action, events in groups[-1]:
            self._emit_events(events)
            self._speak_all(self._announcements(action, events))

    # ======================================================================= actions
    def _emit_events(self, events: list) -> None:
        for e in events:
            self.service.emit(e.to_json())

    def accept(self, action: Action, *, from_gm: bool = False) -> bool:
        """Apply ``action``; journal it before announcing it; refuse aloud when illegal.

        Callers check :meth:`_blocked` first for sensor input; the game master's ``act`` and
        ``choose`` (``from_gm``, named in the log line) are corrections and skip the mirror check.

        :returns: True if accepted.
        """
        if self.game is None:
            self._refuse_plain(action.kind, "no_game", "no game is running", action.seat, key="refusal.no_game")
            return False
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.refuse(exc, action, from_gm=from_gm)
            return False
        try:
            # the game-ending action and the game's "over" mark: one transaction
            self.service.journal.append_action(self.game_id, action.to_json(),
                                               finish="over" if self.game.phase == "game_over" else None)
        except JournalError as exc:
            log.error("journal write failed, action taken back: %s", exc)
            self._rebuild(self.game_id or 0, self.setup.to_json() if self.setup else {},
                          self.service.journal.actions(self.game_id or 0))
            self.service.fault("journal", "write_failed", str(exc))
            return False
        log.info("action: %s%s", describe_action(action), " (game master)" if from_gm else "")
        self._after_accept(action, events)
        return True

    def _after_accept(self, action: Action, events: list) -> None:
        game = self.game
        assert game is not None
        self._emit_events(events)
        self._roles_quiet = set()
        if any(e.kind == "reshuffled" for e in events):
            self._discard_pile = set()         # R12: the discard pile goes back into the draw pile
        if any(e.kind == "nominated" for e in events):
            self._vote_round += 1
        if any(e.kind == "law_enacted" and e.data.get("by") == "chaos" for e in events) and action.kind != "chaos_law":
            self.chaos_placement = True
        if any(e.kind == "tracker" for e in events) and self.tracker != game.tracker:
            self.tracker_asked = True        # tracker.moved asks the table to move the pin
        if game.phase != "legislative_chancellor":
            self.chancellor_discard = None
        if game.phase in ("legislative_president", "game_over") or action.kind == "discard":
            self.discard_after = None          # a new session: a tile in the tray is the president's
        items = self._announcements(action, events)
        self._remember(events, items)
        self._speak_all(items)
        if game.phase == "game_over":
            self._end_scan()               # marked over with the action itself (accept)
            log.info("game over: %s (%s)", game.winner, game.reason)
            return
        if self.scan is not None and self.scan.seat not in game.awaiting():
            self._end_scan()
        self._settle_reshuffle()

    def _announcements(self, action: Action, events: list) -> list:
        """What the board says about an accepted ``action`` and its ``events``
        (``announce.announcements``), as the board's flow needs it:

        - view-discard (R13): the next president first hears the discarded party; who
          nominates (``president.new``) is said after the acknowledging press, as after a peek;
        - untracked chaos (R9): the law was read from the slot it was laid on, so it is not
          asked for again (``chaos.placed.*`` instead of ``chaos.enacted.*``)."""
        game = self.game
        assert game is not None
        items = announce.announcements(action, events, game)
        if any(e.kind == "power" and e.data.get("power") == "view_discard" for e in events):
            items = [a for a in items if a.key != "president.new"]
        elif (action.kind == "acknowledge" and game.phase == "nomination"
              and not any(a.key == "president.new" for a in items)):
            items.append(announce.make("president.new", {"seat": game.president}))
        if action.kind == "chaos_law":
            items = [dataclasses.replace(a, key="chaos.placed." + a.key.rsplit(".", 1)[1])
                     if a.key.startswith("chaos.enacted.") else a for a in items]
        return items

    def _settle_reshuffle(self) -> None:
        """R12 with a tracked deck: the board shuffles (seeded per game and reshuffle, so a
        resumed or replayed game gets the same order) and journals the order."""
        game = self.game
        while game is not None and game.reshuffle_due is not None and game.phase != "game_over":
            pool = game.reshuffle_pool or []
            count = sum(1 for a in self.service.journal.actions(self.game_id or 0) if a.get("action") == "reshuffle")
            order = reshuffle_order(self.setup.seed if self.setup else None, count, pool)
            if not self.accept(Action("reshuffle", order=tuple(order))):
                break

    def refuse(self, exc: IllegalAction, action: Action, *, from_gm: bool = False) -> None:
        """A rejected action: a ``rejected`` line, one INFO log line, the refusal spoken
        (only to the acting seat when the reason would reveal a secret).

        :param from_gm: the game master entered the action (``act``). A refusal whose reason
            is a secret (``not_in_hand``: the hand lacks that party) then tells the game master
            that secret: it is logged as a reveal (a WARNING "secret revealed to game master",
            as the console's reveal, and a ``reveal`` journal note) and nothing is spoken (the
            seat did not act, R16)."""
        private = bool(getattr(exc, "private", False))
        # the line's message never names the party a hand lacks (the console shows the line)
        message = f"{action.kind}: not possible (the reason is private)" if private else exc.message
        line = {"event": "rejected", "line": self.service.current_line, "action": action.kind,
                "reason": exc.reason, "message": message}
        # the console's list and the log never say which party a seat does not hold (R16)
        self.faults.append({"kind": "rejected", "action": action.kind,
                            "reason": "not_possible" if private else exc.reason, "seat": action.seat})
        log.info("refused: %s: %s", f"{action.kind} by seat {action.seat}" if private else describe_action(action),
                 exc.reason)
        self.service.emit(line)
        if private and from_gm:
            log.warning("secret revealed to game master (seat %s: a refused %s tells what the hand holds)",
                        action.seat, action.kind)
            self._journal_note({"note": "reveal", "seat": action.seat, "by": f"act {action.kind}"})
            return
        try:
            made = announce.refusal(exc, action, self.game)
        except (FirmwareHostError, ValueError) as err:
            log.error("refusal announcement: %s", err)
            return
        # ACCESSIBILITY.md 22: a refusal waits until the table has heard the move it refers to
        self._speak(made)
        if made.channel == "public" and not self.mirror_problems():
            self._say_next_move()         # what the board waits for instead (finding: refusals say what is expected)

    def _refers_to(self) -> list:
        """What a refusal refers to: the public announcements of the last accepted move and
        those said for the input being handled, as long as they have not ended
        (ACCESSIBILITY.md 22)."""
        self._last_public = [u for u in self._last_public if not u.done()]
        now = [u for step, u in self._step_public if step == self.service.step and not u.done()]
        return self._last_public + [u for u in now if u not in self._last_public]

    def _refuse_plain(self, what: str, reason: str, message: str, seat: int | None = None,
                      key: str | None = "refusal.not_possible") -> None:
        line = {"event": "rejected", "line": self.service.current_line, "action": what,
                "reason": reason, "message": message}
        self.faults.append({"kind": "rejected", "action": what, "reason": reason, "seat": seat})
        log.info("refused: %s: %s", what, reason)
        self.service.emit(line)
        if key is not None:
            self.say("public", key, {"seat": seat} if "seat" in catalogue.placeholders(key) else {})
            if key.startswith("refusal.") and not self.mirror_problems():
                self._say_next_move()

    # ======================================================================= the mirror
    def mirror_problems(self, *, asked: bool = False) -> list[tuple[str, dict]]:
        """What on the physical board disagrees with the engine, as (catalogue key, params),
        most urgent first; an enactment waiting in the next free slot is not a problem.

        After the engine moved the tracker itself (a failed election, chaos, R10/R9) the
        table was *asked* to move the pin (``tracker.moved``): the old hole is no mistake yet
        and is left out, unless ``asked`` (an input that depends on the board arrived, see
        :meth:`_blocked`); it only counts as a correction then.

        A tile whose enactment was refused is named neutrally (``tile.check``, the chancellor
        hears privately what to do): its track would tell the table which party the
        chancellor does not hold (R16). Outside an enactment no tile belongs on a track at
        all (``tile.no_enactment``)."""
        game = self.game
        if game is None:
            return []
        out: list[tuple[str, dict]] = []
        for track, n in TRACK_SLOTS.items():
            laws = game.democratic_laws if track == "democratic" else game.fascist_laws
            filled = self.slots[track]
            pending = self._enact_pending(track)
            next_free_empty = laws < n and not filled[laws]
            for k in range(1, n + 1):
                if filled[k - 1] and k > laws:
                    if (track, k) in self.refused_slots:
                        out.append(("tile.check", {"seat": game.chancellor}))
                    elif (track, k) in self.stale_slots:
                        out.append(("tile.unexpected", {"track": track, "slot": k}))
                    elif k == laws + 1 and pending:
                        continue
                    elif not pending:
                        out.append(("tile.no_enactment", {"track": track, "slot": k}))
                    elif next_free_empty:
                        out.append(("tile.wrong_slot", {"track": track, "slot": k, "expected": laws + 1}))
                    else:
                        out.append(("tile.unexpected", {"track": track, "slot": k}))
                elif not filled[k - 1] and k <= laws:
                    if self.chaos_placement and k == laws:
                        out.append(("chaos.place_top_law", {}))
                    else:
                        out.append(("tile.removed", {"track": track, "slot": k}))
        if self.tracker == game.tracker:
            self.tracker_asked = False
        elif self.tracker_asked and not asked:
            pass                 # the players were asked to move the pin and have not yet: no correction
        elif self.tracker is None:
            out.append(("tracker.pin_missing", {"expected": game.tracker}))
        else:
            out.append(("tracker.wrong_hole", {"position": self.tracker, "expected": game.tracker}))
        return out

    def _enact_pending(self, track: str) -> bool:
        """A tile in the next free slot of ``track`` is a move the engine waits for."""
        game = self.game
        if game is None:
            return False
        if game.phase == "legislative_chancellor" and not game.veto_pending:
            return True
        if game.phase == "legislative_president" and (
                self._replaying_law or any(type(e).__name__ == "LawRead" for e in self.held)):
            return True      # the president's discard is kept for after a correction: the law comes next
        return game.phase == "chaos"

    def _check_mirror(self, announce_change: bool) -> list[tuple[str, dict]]:
        """Say the first mismatch when it changed; when the board matches again after one,
        "correction done", then the held inputs and whose move it is (:meth:`_after_correction`).

        :returns: the mismatches left (``mirror_problems``)."""
        problems = self.mirror_problems()
        first = problems[0] if problems else None
        said = (first[0], tuple(sorted(first[1].items()))) if first else None
        if announce_change and said != self.mirror_said:
            if first is not None:
                self.say("public", first[0], first[1])
                log.info("board mismatch: %s %s", first[0], first[1])
            elif self.mirror_said is not None:
                self.mirror_said = None
                self.say("public", "board.matches", {})
                log.info("board matches the game again")
                return self._after_correction(corrected=True)
        if announce_change or first is None:
            self.mirror_said = said
        return problems

    def _after_correction(self, corrected: bool) -> list[tuple[str, dict]]:
        """The board matches again (or after an undo): the tile inputs kept meanwhile count now
        (in the order they came), a law waiting in the next free slot is enacted, then the
        table hears whose move it is and what to do (BOARD.md principle 2: never lose an
        action). ``corrected``: a correction was just announced as done."""
        if self.paused:
            return self.mirror_problems()
        self._apply_held()
        if not self.mirror_problems():
            self._enact_waiting()
        problems = self._check_mirror(announce_change=True)
        if not problems:
            self._say_next_move()
        return problems

    def _apply_held(self) -> None:
        """The tile inputs kept during a correction, in the order they came (each one is
        kept again if the board disagrees anew)."""
        if self.paused or not self.held or self.mirror_problems():
            return
        held, self.held = self.held, []
        for event in held:
            log.info("held input applied: %s", describe_input(event))
            self._replaying_law = type(event).__name__ == "LawRead"
            self._replaying_held = True
            try:
                self.handle_input(event)
            finally:
                self._replaying_law = False
                self._replaying_held = False

    def _blocked(self, what: str, seat: int | None = None, hold: Any = None) -> bool:
        """True (and said why) when no action may be accepted now: paused, or the board
        disagrees with the engine (BOARD.md principle 2: never lose an action).

        :param hold: a tile input (``BallotRead``/``LawRead``) to keep and apply once the
            board matches again (the tile lies in the box or tray: it counts after the fix);
            without it the input was a press: the seat hears it was not taken and to press
            again after the correction."""
        if self.paused:
            self._refuse_plain(what, "paused", "the game is paused", seat, key="gm.paused")
            return True
        problems = self.mirror_problems(asked=True)
        if problems:
            self.tracker_asked = False          # a pin left in the old hole is a correction now
            key, params = problems[0]
            line = {"source": "board", "reason": "board_mismatch",
                    "detail": f"{what}{' (held until the board matches)' if hold is not None else ''}: {key}"}
            if self.service.current_line:
                line["line"] = self.service.current_line
            self.service.emit({"event": "fault", **line})
            self.faults.append({"kind": "fault", "reason": "board_mismatch", "detail": key})
            log.info("%s: %s: board mismatch %s", "held" if hold is not None else "refused", what, key)
            self.say("public", key, params, priority="refusal")
            self.mirror_said = (key, tuple(sorted(params.items())))
            if hold is not None:
                self.held.append(hold)
                self.say("public", "ballot.held" if what in ("vote", "veto_reply") else "discard.held",
                         {"seat": seat}, priority="refusal")
            elif seat is not None:
                self.say("public", "correction.press_again", {"seat": seat}, priority="refusal")
            return True
        return False

    def _held_seat(self, seat: int) -> bool:
        """A ballot of ``seat`` is already kept for after the correction."""
        return any(type(e).__name__ == "BallotRead" and e.seat == seat for e in self.held)

    def next_move(self) -> tuple[str, dict] | None:
        """Whose move it is and what to do, as (catalogue key, params); None when nobody
        acts (game over, no game)."""
        if self.tiles is not None and self.setup is not None:
            return "roles.present_tile", {"seat": len(self.tiles)}
        game = self.game
        if game is None or game.phase == "game_over":
            return None
        phase = game.phase
        if phase == "nomination":
            return "next.nominate", {"seat": game.president}
        if phase == "election":
            return "next.vote", {"waiting": list(game.awaiting())}
        if phase == "legislative_president":
            return "next.discard", {"seat": game.president}
        if phase == "legislative_chancellor":
            if game.veto_pending:
                return "next.veto_reply", {"seat": game.president}
            return "next.enact", {"seat": game.chancellor}
        if phase == "power" and game.power in TARGET_POWERS:
            return "next.choose", {"seat": game.president, "power": game.power}
        if phase == "power" and game.power in ("view_discard", "peek"):
            return "next.acknowledge", {"seat": game.president}
        if phase == "chaos":
            return "chaos.place_top_law", {}
        return None

    def _say_next_move(self, channel: str = "public") -> None:
        move = self.next_move()
        if move is not None:
            self.say(channel, move[0], move[1])

    def _reconcile(self) -> None:
        """After a slot change (or resume): an enactment (or untracked chaos law) if a tile
        arrived in the next free slot while one is expected, else the mirror check."""
        game = self.game
        if game is None:
            return
        if self.chaos_placement:
            placed = all(self.slots[t][k - 1] for t in TRACK_SLOTS
                         for k in range(1, (game.democratic_laws if t == "democratic" else game.fascist_laws) + 1))
            if placed:
                self.chaos_placement = False
        if self.paused:
            if self._waiting_slot() is not None and not self.mirror_problems():
                self._refuse_plain("enact", "paused", "the game is paused", None, key="gm.paused")
                return
        elif not self.mirror_problems() and self.mirror_said is None:
            self._apply_held()
            self._enact_waiting()
        self._check_mirror(announce_change=True)

    def _waiting_slot(self) -> tuple[str, int] | None:
        """The (track, slot) of a tile in the next free slot while an enactment is expected."""
        game = self.game
        if game is None:
            return None
        for track, n in TRACK_SLOTS.items():
            laws = game.democratic_laws if track == "democratic" else game.fascist_laws
            if (laws < n and self.slots[track][laws] and self._enact_pending(track)
                    and (track, laws + 1) not in self.refused_slots and (track, laws + 1) not in self.stale_slots):
                return track, laws + 1
        return None

    def _enact_waiting(self) -> bool:
        """Enact the law lying in the next free slot (the chancellor's ``enact``, or after
        untracked chaos the ``chaos_law``). A refused enactment (a party not in the hand) is
        told privately to the chancellor with what to do; the table hears only a neutral
        ``tile.check`` (R16). :returns: True if a law was enacted."""
        game = self.game
        waiting = self._waiting_slot()
        if game is None or waiting is None:
            return False
        track, slot = waiting
        chancellor = game.chancellor
        if game.phase == "chaos":
            ok = self.accept(Action("chaos_law", party=track))
        else:
            hand = list(private_view(game, chancellor)["hand"] or []) if type(chancellor) is int else []
            discarded_first = self.chancellor_discard is not None
            ok = self.accept(Action("enact", seat=chancellor, party=track))
            if ok and not discarded_first:
                # SIMULATE.md: the chancellor may drop the other law in the tray after placing
                # the enacted one; that tile is the same move, not a new discard
                if track in hand:
                    hand.remove(track)
                self.discard_after = (chancellor, hand[0] if len(hand) == 1 else None)
        if not ok:
            self.refused_slots.add((track, slot))
            if type(chancellor) is int:
                self.say(f"seat:{chancellor}", "tile.take_back", {"track": track})
        return ok

    # ======================================================================= inputs
    def handle_input(self, event: Any) -> None:
        """One input event from the board (on the service thread); never raises for bad input."""
        name = type(event).__name__
        if name not in ("Fault", "ReaderState"):      # those get their own fault/info line
            log.info("input: %s", describe_input(event))
        handler: Callable[[Any], None] | None = getattr(self, f"_on_{name}", None)
        if handler is None:
            log.info("input ignored: %s", name)
            return
        handler(event)

    def _on_ButtonGesture(self, event: Any) -> None:
        seat, gesture = event.seat, event.gesture
        voice = self.service.voice
        if gesture != "hold" and voice is not None and voice.confirm_whisper(seat):
            # the seat called to the whisper station is there: its private messages play now
            log.info("seat %d at the whisper station", seat)
            return
        game = self.game
        if game is None or not 0 <= seat < game.players:
            if self.tiles is None and game is None:
                return
            if game is not None:
                self.service.fault(f"seat {seat + 1} button", "not_playing",
                                   f"seat {seat} is not a seat of this {game.players}-player game")
            return
        if gesture == "double":
            gesture = "press"
        if gesture == "hold":            # the status only (issue "Veto without holding")
            self._status(seat)
            return
        if self.scan is not None:
            if self.scan.seat == seat:
                self.scan.press()
                return
            self._idle_press(seat)
            return
        if game.phase == "legislative_chancellor" and game.veto_pending and seat == game.president:
            # BOARD.md "Veto": the president answers with the ballot box or by scanning
            if not self._blocked("veto_reply", seat):
                self._start_veto_scan(seat)
            return
        if game.phase == "game_over":        # the story of the game, a round per press
            self._tell_story()
            return
        if (game.phase == "legislative_chancellor" and seat == game.chancellor
                and Action("veto", seat=seat) in game.legal_actions(seat)):
            # after five fascist laws the chancellor chooses by scanning: enact or propose a veto
            if not self._blocked("veto", seat):
                self._start_chancellor_scan(seat)
            return
        if seat in game.awaiting() and seat == game.president:
            if game.phase == "nomination":
                if not self._blocked("nominate", seat):
                    self._start_scan(seat, "nominate")
                return
            if game.phase == "power" and game.power in TARGET_POWERS:
                if not self._blocked(TARGET_POWERS[game.power], seat):
                    self._start_scan(seat, TARGET_POWERS[game.power])
                return
            if game.phase == "power" and game.power in ("view_discard", "peek"):
                if not self._blocked("acknowledge", seat):
                    self.accept(Action("acknowledge", seat=seat))
                return
        self._idle_press(seat)

    def _idle_press(self, seat: int) -> None:
        if self.settings.idle_press == "status" or self._in_status(seat):   # the next status layer
            self._status(seat)
            return
        voice = self.service.voice
        if voice is not None and voice.timed():
            self._repeat(seat)
            return
        # no sound: the seat's last message again by when it was said, with its announce line(s)
        options = [h for h in (self._heard.get("public"), self._heard.get(f"seat:{seat}")) if h]
        if not options:
            self.say(f"seat:{seat}", "repeat.nothing", {}, request=True)
            return
        _, lines = max(options, key=lambda h: h[0])
        pad = self._heard_pad.get(lines[0]["channel"]) if lines[0]["channel"] != "public" else None
        if voice is not None:
            voice.say(f"seat:{seat}", " ".join(l["text"] for l in lines), key=lines[0]["key"], priority="request",
                      **({"pad_seconds": pad} if pad is not None else {}))
        self.service.announce_now([{**{k: v for k, v in said.items() if k != "wav"}, "channel": f"seat:{seat}"}
                                   for said in lines])

    def _repeat(self, seat: int) -> None:
        """ACCESSIBILITY.md 2, 25: the seat's last message by what it has *heard* (public ones
        at the table and its own private ones, in the order they were played); a further
        press steps back to the one before. Its ``announce`` line(s) are written again on
        ``seat:N`` when the repeat plays: what is logged is what is played."""
        voice = self.service.voice
        channel = f"seat:{seat}"
        box: dict[str, list[dict]] = {}

        def listener(kind: str, utt: Any, record: Any) -> None:
            if "lines" not in box:
                original = utt.meta.get("repeats")
                source = (original.meta.get("lines") if original is not None else None) or [
                    {"event": "announce", "channel": channel, "key": utt.key, "params": {}, "text": utt.text}]
                box["lines"] = [{**{k: v for k, v in line.items() if k != "wav"}, "channel": channel}
                                for line in source]
                box["listener"] = self.service.announce_listener(box["lines"])
            box["listener"](kind, utt, record)

        if self.scan is not None and self.scan.seat == seat:
            self.scan.hold()
        if voice.repeat_last(seat, listener=listener) is None:
            self.say(channel, "repeat.nothing", {}, request=True)

    def _record_heard(self, channel: str, lines: list[dict]) -> None:
        """No sound: remember the announce lines of the last utterance on ``channel`` (a
        repeat press writes them again, ACCESSIBILITY.md 2)."""
        self._heard_seq += 1
        self._heard[channel] = (self._heard_seq, [dict(l) for l in lines])

    def _status(self, seat: int) -> None:
        """ACCESSIBILITY.md 3 and 5, the status in layers (:data:`announce.STATUS_LAYERS`): the
        first request says what matters to this seat now (one short sentence, "Du: einen
        Kanzler vorschlagen"); a further request while a layer plays or within
        :data:`STATUS_STEP_S` after it ended gives the next layer (government, tracks,
        players, then privately role, team and the seat's secrets of the round), then the
        first again. Public layers go to the seat's earphone (or the table with
        ``status_channel = "public"`` or no earphones); the private layer only to the seat,
        padded to the longest any seat could hear (R16, R17).
        During the seat's own scan the scan waits for it and then says its item again (21)."""
        game = self.game
        if game is None:
            return
        step, until = self._status_step.get(seat, (0, -1.0))
        layer = step if self.service.clock.now() <= until else 0
        layers = announce.status_layers(game, seat)
        layer %= len(layers)
        voice = self.service.voice
        earphones = voice is None or getattr(voice, "has_earphones", lambda: True)()
        # the next press steps on while this layer plays and for STATUS_STEP_S after it ended
        self._status_step[seat] = (layer + 1, float("inf"))

        def ended(*_: Any) -> None:
            if self._status_step.get(seat, (None,))[0] == layer + 1:
                self._status_step[seat] = (layer + 1, self.service.clock.now() + STATUS_STEP_S)

        items = layers[layer]
        if announce.STATUS_LAYERS[layer] == "private":
            groups = [self._private_status(s) for s in range(game.players)]
            utt = self._speak_request(self._private_status(seat), pad_groups=groups, on_end=ended)
        elif self.settings.status_channel == "public" or not earphones:
            utt = None
            for a in items:
                utt = self._speak(announce.make(a.key, a.params, "public"), priority="request",
                                  on_end=ended if a is items[-1] else None)
        else:
            utt = self._speak_request(items, on_end=ended)
        if utt is None:                       # nothing plays (no sound): the window starts now
            ended()
        log.debug("status of seat %d: layer %s", seat, announce.STATUS_LAYERS[layer])
        if self.scan is not None and self.scan.seat == seat:
            self.scan.hold()

    # ======================================================================= the story
    def _story_rounds(self) -> list[list]:
        """The finished game's story (:func:`story.story`) from the journal's actions.

        :raises CommandRefused: ``story_not_over`` while no game is over (secrets, R16).
        """
        game = self.game
        if game is None or game.phase != "game_over" or self.setup is None or self.game_id is None:
            raise CommandRefused("story_not_over", "the story is told once the game is over")
        actions = self.service.journal.actions(self.game_id)
        if self._story is None or self._story[0] != (self.game_id, len(actions)):
            try:
                rounds = story.story(self.setup.to_json(), actions)
            except story.StoryError as exc:
                raise CommandRefused("story_not_over", f"the story cannot be told: {exc}") from None
            self._story = ((self.game_id, len(actions)), rounds)
            self._story_next = 0
        return self._story[1]

    def _story_text(self, a: Any) -> str:
        return self._text(a, False)

    def _tell_story(self) -> None:
        """Issue 14 "After the game, the story": each press after the game's end tells the
        next round at the table (the government, the laws drawn and discarded, the two the
        chancellor received, powers and results), the roles last, then from the start."""
        try:
            rounds = self._story_rounds()
        except CommandRefused as exc:
            log.error("story: %s", exc)
            self.say("public", "story.none", {})
            return
        index = self._story_next % len(rounds)
        self._story_next = index + 1
        self._speak_all(rounds[index])

    def _in_status(self, seat: int) -> bool:
        """True while the seat's last status layer plays or within :data:`STATUS_STEP_S` after."""
        step = self._status_step.get(seat)
        return step is not None and self.service.clock.now() <= step[1]

    def _speak_request(self, items: list, pad_groups: list[list] | None = None, on_end: Any = None) -> Any:
        """A seat's own request as *one* utterance (priority ``request`` cuts its earphone
        off, ACCESSIBILITY.md 4), with one ``announce`` line per message; ``pad_groups``: what
        each seat would hear in such a request (the clip is padded to the longest,
        :meth:`_pad_seconds`).

        :param on_end: ``on_end(lines, utterance, record)`` once it has ended or was cut off.
        :returns: the Utterance, or None when nothing plays."""
        if not items:
            return None
        longs = {a.key: self._long_wording(a.channel, a.key) for a in items}
        texts = [self._text(a, longs[a.key]) for a in items]
        channel = items[0].channel
        earcon = PRIVATE_CUE if channel != "public" and any(catalogue.is_private(a.key) for a in items) else None
        pad = self._pad_seconds(channel, pad_groups, longs, earcon) if pad_groups and channel != "public" else None
        lines = [{"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params), "text": text}
                 for a, text in zip(items, texts)]
        utt = self._play(lines, channel, " ".join(texts), items[0].key, "request", earcon, pad_seconds=pad,
                         on_end=on_end)
        self._heard_pad[channel] = pad
        return utt

    # ======================================================================= readers and tiles
    def _forget_tiles(self) -> None:
        """A new game, an undo or a resume: no tile read before belongs to the move now."""
        self._ballot_move, self._ballots_read = None, set()
        self._law_move, self._laws_read = None, set()
        self._discard_pile = set()
        self._roles_quiet = set()
        self._wrong_last = None

    def _ballot_move_now(self) -> tuple | None:
        """The move ballot tiles are read for now: this election, or the president's reply to
        this proposed veto; None when no ballot is expected."""
        game = self.game
        if game is None:
            return None
        base = (game.president, game.democratic_laws + game.fascist_laws, game.tracker)
        if game.phase == "election":
            return ("election", game.nominee, *base)
        if game.phase == "legislative_chancellor" and game.veto_pending:
            return ("veto_reply", game.chancellor, *base)
        return None

    def _law_move_now(self) -> tuple | None:
        """The move law tiles are read for now: the legislative session (the president's and
        the chancellor's discards are one move), else the phase as it is."""
        game = self.game
        if game is None:
            return None
        phase = game.phase
        group = "legislative" if phase in ("legislative_president", "legislative_chancellor") else phase
        return (group, game.president, game.democratic_laws + game.fascist_laws, game.tracker, game.power)

    def _read_again(self, event: Any) -> bool:
        """BOARD.md "Each reader has its own tiles": True when this tile was read already for
        the move going on (a tile left on the reader, shown twice, a noisy re-read). Such a
        read is that same tile: it is ignored (an INFO log line that names no tile) and never
        answered, so no refusal can tell anyone what the tile is.

        A law tile in the discard pile (discarded since the last R12 reshuffle) is always
        the same tile: it cannot be discarded again. A ballot tile counts once per election
        (or veto reply); its tile is remembered until the next one begins. A role tile read in
        the role reading counts once, and is ignored until the game's first move. A tile kept
        during a correction and applied afterwards is not a re-read; nor is a tile refused
        while the game is paused (it counts when shown again after the pause)."""
        if self._replaying_held or self.paused:
            return False          # paused: the tile is refused and counts when shown again after
        name = type(event).__name__
        if name == "BallotRead":
            tile: tuple = (event.seat, event.ballot)
            move = self._ballot_move_now()
            if move is not None and move != self._ballot_move:
                self._ballot_move, self._ballots_read = move, set()
            seen = self._ballots_read
        elif name == "LawRead":
            tile = (event.party, event.tile)
            if tile in self._discard_pile:
                log.info("law tile read again (in the discard pile): ignored")
                return True
            move = self._law_move_now()
            if move != self._law_move:
                self._law_move, self._laws_read = move, set()
            seen = self._laws_read
        elif name == "RoleTileRead":
            tile = (event.role, event.tile)
            seen = set(self.tiles or ()) | self._roles_quiet
            if tile in seen:
                log.info("role tile read again: ignored")
                return True
            return False
        else:
            return False
        if tile in seen:
            log.info("%s read again in the same move: ignored", describe_input(event))
            return True
        seen.add(tile)
        return False

    def _wrong_reader(self, event: Any, key: str, params: dict | None = None) -> None:
        """A tile at a reader that is not its own, or a role tile nobody asked for: named
        neutrally at the table (``key``: a ballot tile, a law, a role tile, never which one)
        and nothing changes (BOARD.md "Each reader has its own tiles"). A ``fault`` line
        ("a signal that could not be used", SIMULATE.md) without the tile."""
        what = {"BallotRead": "ballot tile", "LawRead": "law tile", "RoleTileRead": "role tile"}.get(
            type(event).__name__, "tile")
        reader = getattr(event, "reader", "?")
        # the same tile read again at the same wrong reader in the same move: said once
        tile = (type(event).__name__, reader, getattr(event, "seat", None), getattr(event, "ballot", None),
                getattr(event, "party", None), getattr(event, "role", None), getattr(event, "tile", None),
                self._ballot_move_now(), self._law_move_now(), len(self.tiles or ()))
        if tile == self._wrong_last and not self.paused:
            log.info("%s at the %s reader read again: ignored", what, reader)
            return
        self._wrong_last = tile
        log.info("%s at the %s reader: not counted", what, reader)
        line = {"event": "fault", "source": f"{reader} reader", "reason": "wrong_reader", "detail": f"a {what}"}
        if self.service.current_line:
            line["line"] = self.service.current_line
        self.service.emit(line)
        self.faults.append({"kind": "fault", "reason": "wrong_reader", "detail": f"a {what} at the {reader} reader"})
        self.say("public", key, params or {}, priority="refusal")

    def _on_BallotRead(self, event: Any) -> None:
        game = self.game
        if getattr(event, "reader", "ballot") != "ballot":
            self._wrong_reader(event, "tile.ballot_at_discard_pile")
            return
        if self.tiles is not None:
            self._wrong_reader(event, "roles.not_a_role_tile", {"seat": len(self.tiles)})
            return
        if game is None or self._read_again(event):
            return
        # a ballot tile lies in the box: during a correction it is kept and counts after it
        if game.phase == "legislative_chancellor" and game.veto_pending and event.seat == game.president:
            action = Action("veto_reply", seat=event.seat, accept=event.ballot == "ja")
            if action in game.legal_actions(event.seat) and self._blocked("veto_reply", event.seat, hold=event):
                return
            if self.accept(action):
                self._confirm_tile(event.seat, "tile.read.ballot", {"ballot": event.ballot})
            return
        action = Action("vote", seat=event.seat, ballot=event.ballot)
        if game.phase == "election":
            if self._held_seat(event.seat):      # another tile of the seat (the same one is a re-read)
                self.refuse(IllegalAction("already_voted", "vote: this seat's ballot is kept for after the correction"),
                            action)
                return
            if action in game.legal_actions(event.seat) and self._blocked("vote", event.seat, hold=event):
                return
        if self.accept(action):
            self._confirm_tile(event.seat, "tile.read.ballot", {"ballot": event.ballot})

    def _confirm_tile(self, seat: int, key: str, params: dict) -> None:
        """Issue 14 (BrailleBuddy, CHI '23): what a reader read, said privately and short in
        the seat's own earphone ("Deine Stimme: Ja", "Gelesen: Gesetz, demokratisch"), padded
        to the longest of its kind (:func:`secret_variants`) so its length tells nothing. Not at
        a whisper station, where every private sentence would call the seat over."""
        voice = self.service.voice
        if voice is not None and not getattr(voice, "has_earphones", lambda: True)():
            return
        self.say(f"seat:{seat}", key, params)

    def _on_LawRead(self, event: Any) -> None:
        game = self.game
        if getattr(event, "reader", "law") != "law":
            if self.tiles is not None:
                self._wrong_reader(event, "roles.not_a_role_tile", {"seat": len(self.tiles)})
            elif game is not None:
                self._wrong_reader(event, "tile.law_at_ballot_box")
            return
        if game is None or self._read_again(event):
            return
        tile = (event.party, event.tile)
        if game.phase == "legislative_president":
            # the law lies in the tray: during a correction it is kept and counts after it
            action = Action("discard", seat=game.president, party=event.party)
            held = any(type(e).__name__ == "LawRead" for e in self.held)
            # with the president's discard kept, the next tile in the tray is the chancellor's
            seat = game.chancellor if held else game.president
            if ((held or action in game.legal_actions(game.president))
                    and self._blocked("discard", seat, hold=event)):
                return
            if self.accept(action):
                self._discard_pile.add(tile)
                self._confirm_tile(action.seat, "tile.read.law", {"party": event.party})
            return
        if game.phase == "legislative_chancellor" and not game.veto_pending:
            if game.tracked and event.party not in private_view(game, game.chancellor)["hand"]:
                self.refuse(IllegalAction("not_in_hand", "discard: that law is not in the chancellor's hand"),
                            Action("discard", seat=game.chancellor, party=event.party))
                return
            self.chancellor_discard = event.party
            self._discard_pile.add(tile)
            log.info("chancellor's discard read")
            self._confirm_tile(game.chancellor, "tile.read.law", {"party": event.party})
            return
        if self.discard_after is not None:
            seat, party = self.discard_after
            if party is not None and event.party != party:
                self.refuse(IllegalAction("not_in_hand", "discard: that law is not the chancellor's other law"),
                            Action("discard", seat=seat, party=event.party))
                return
            self.discard_after = None
            self._discard_pile.add(tile)
            log.info("chancellor's discard read after the enactment")
            return
        self._refuse_plain("discard", "wrong_phase", f"no discard is expected now ({game.phase})", None,
                           key="refusal.no_discard")

    def _on_RoleTileRead(self, event: Any) -> None:
        """BOARD.md "Roles": during the role reading each seat in turn presents its role tile
        at the ballot box; nothing about it is said publicly. A role tile elsewhere, or when no
        role reading asks for one, is named neutrally and changes nothing; the same tile read
        again is ignored."""
        reading = self.tiles is not None and self.setup is not None
        if self._read_again(event):
            return
        if getattr(event, "reader", "ballot") != "ballot":
            if reading:
                self._wrong_reader(event, "roles.present_tile", {"seat": len(self.tiles or ())})
            else:
                self._wrong_reader(event, "tile.role_not_asked")
            return
        if not reading:
            self._wrong_reader(event, "tile.role_not_asked")
            return
        assert self.tiles is not None and self.setup is not None
        seat = len(self.tiles)
        self.tiles.append((event.role, event.tile))
        self.say("public", "roles.tile_read", {"seat": seat})
        self._confirm_tile(seat, "tile.read.role", {"role": event.role})
        if len(self.tiles) < self.setup.players:
            self.say("public", "roles.present_tile", {"seat": seat + 1})
            return
        roles = [r for r, _ in self.tiles]
        setup = self.setup
        try:
            _, deck = deal(setup.with_dealt(roles, setup.deck) if setup.deck is not None else setup,
                           random.Random(setup.seed))
            dealt = Setup.from_json({**setup.to_json(), "roles": roles,
                                     "deck": deck if isinstance(deck, str) else list(deck)})
        except UsageError as exc:
            # the detail never says which roles were read (R16): only that they do not fit
            log.info("role tiles do not fit the setup: %s", type(exc).__name__)
            self.service.fault("ballot reader", "role_tiles", "the role tiles read do not fit the player count (R2)")
            self.tiles = []
            self.say("public", "roles.present_tile", {"seat": 0})
            return
        self.say("public", "roles.complete", {})
        # the tiles just read are ignored if read again until the game's first move
        self._roles_quiet = set(self.tiles)
        # the same padded private prolog as a dealt game: team for fascists (R3), R17
        self._begin(dealt, prolog=True)

    def _on_SlotChanged(self, event: Any) -> None:
        if event.track not in self.slots or not 1 <= event.slot <= TRACK_SLOTS[event.track]:
            return
        self.slots[event.track][event.slot - 1] = bool(event.filled)
        if not event.filled:
            self.refused_slots.discard((event.track, event.slot))
        self._reconcile()

    def _on_TrackerMoved(self, event: Any) -> None:
        self.tracker = event.position
        self._check_mirror(announce_change=True)

    def _on_GameMasterKey(self, event: Any) -> None:
        if event.gesture == "press":
            what = "resume" if self.paused else "pause"
            try:
                self.command(what)
            except CommandRefused as exc:     # no game yet: said like any refused input
                self._refuse_plain(what, exc.code, str(exc))
        elif self.game is not None:
            self._speak_all(announce.status(self.game, None))

    def _on_ReaderState(self, event: Any) -> None:
        """A reader came or went. Unplugged while running: one spoken fault here (the board's
        ``reader_unplugged`` fault that follows is not said again); never seen connected
        (missing at start): nothing here, the board's ``reader_missing`` fault is the one said."""
        before = self.readers.get(event.reader)
        self.readers[event.reader] = bool(event.connected)
        if before == event.connected:
            return
        if event.connected:
            log.info("%s reader connected", event.reader)
            self._unplug_said.discard(event.reader)
            if before is False:
                self.say("public", "fault.reader_back", {"reader": self._reader(event.reader)})
        elif before is True:
            self._unplug_said.add(event.reader)
            self.service.fault(f"{event.reader} reader", "reader_unplugged", "", key="fault.reader_unplugged",
                               params={"reader": self._reader(event.reader)})
            self.faults.append({"kind": "fault", "reason": "reader_unplugged", "detail": event.reader})

    def _on_Fault(self, event: Any) -> None:
        """A hardware fault: a ``fault`` line, spoken by the part's name (never a pin number)."""
        reason = event.reason
        part = dict(getattr(event, "part", None) or {}) or part_from_source(event.source)
        if reason in ("reader_unplugged", "reader_missing"):
            reader = part.get("reader") or event.source.split()[0]
            if reason == "reader_unplugged" and reader in self._unplug_said:
                return          # already said (ReaderState)
            self._unplug_said.add(reader)
            self.readers[reader] = False
        spoken = fault_speech(reason, part)
        self.faults.append({"kind": "fault", "reason": reason, "detail": event.source})
        self.service.fault(event.source, reason, event.detail, key=spoken[0] if spoken else None,
                           params=spoken[1] if spoken else None)

    @staticmethod
    def _reader(name: str) -> str:
        return name if name in ("ballot", "law") else "ballot"

    # ======================================================================= scanning
    def _seat_item(self, seat: int) -> ScanItem:
        text = catalogue.text("scan.item", {"seat": seat}, self.language, names=self.names, genders=self.genders)
        return ScanItem(seat, text, "scan.item", {"seat": seat})

    def _start_scan(self, seat: int, kind: str) -> None:
        game = self.game
        assert game is not None
        targets = [a.target for a in game.legal_actions(seat) if a.kind == kind]
        if not targets:
            return
        cancel_text = catalogue.text("scan.cancel", {}, self.language)

        def confirm(item: ScanItem) -> tuple[ScanItem, ScanItem]:
            params = {"target": item.value}
            yes = ScanItem(None, catalogue.text("power.execution.confirm", params, self.language, names=self.names, genders=self.genders),
                           "power.execution.confirm", params)
            # "back" returns to the list (scanning.Scan); never "wait to cancel" (A16, A14)
            return yes, ScanItem(None, catalogue.text("scan.back", {}, self.language), "scan.back", {})

        def chosen(target: Any) -> None:
            self.scan = None
            if self.game is None or self._blocked(kind, seat):
                return
            self.accept(Action(kind, seat=seat, target=int(target)))

        def cancelled() -> None:
            self.scan = None
            self.say(f"seat:{seat}", "scan.cancelled", {})

        self._end_scan()
        self.scan = Scan(seat, [self._seat_item(t) for t in targets], self._scan_settings(seat), self.service.clock,
                         self.service.post, self._scan_speak, chosen, cancelled,
                         cancel=ScanItem(None, cancel_text, "scan.cancel", {}),
                         confirm=confirm if (kind == "execute" and self.settings.confirm_execution) else None,
                         purpose=kind, drop=self._drop_scan_speech)
        log.info("scan started for seat %d: %s", seat, kind)
        self.scan.start(intro=True)

    def _start_chancellor_scan(self, seat: int) -> None:
        """Issue "Veto without holding" (R14 official variant): after five fascist laws the
        chancellor's press reads "Gesetz verabschieden" and "Veto vorschlagen" (and cancel)
        into the chancellor's earphone. "Enact" only says privately where the law goes (the
        enactment itself is the law on its slot); "propose a veto" needs a confirming press
        (ACCESSIBILITY.md 16: a scan of "Veto vorschlagen? Zum Bestätigen drücken" and
        "back"), then the veto is proposed at the table. Hold stays the status."""
        items = [ScanItem("enact", catalogue.text("veto.scan.enact", {}, self.language), "veto.scan.enact", {}),
                 ScanItem("veto", catalogue.text("veto.scan.propose", {}, self.language), "veto.scan.propose", {})]

        def confirm(item: ScanItem) -> tuple[ScanItem, ScanItem] | None:
            if item.value != "veto":
                return None
            return (ScanItem(None, catalogue.text("veto.scan.confirm", {}, self.language), "veto.scan.confirm", {}),
                    ScanItem(None, catalogue.text("scan.back", {}, self.language), "scan.back", {}))

        def chosen(choice: Any) -> None:
            self.scan = None
            game = self.game
            if game is None or game.phase != "legislative_chancellor" or game.chancellor != seat:
                return
            if choice == "enact":
                self.say(f"seat:{seat}", "veto.scan.enact_chosen", {})
                return
            if Action("veto", seat=seat) in game.legal_actions(seat) and not self._blocked("veto", seat):
                self.accept(Action("veto", seat=seat))

        def cancelled() -> None:
            self.scan = None
            self.say(f"seat:{seat}", "scan.cancelled", {})

        self._end_scan()
        self.scan = Scan(seat, items, self._scan_settings(seat), self.service.clock, self.service.post,
                         self._scan_speak, chosen, cancelled,
                         cancel=ScanItem(None, catalogue.text("scan.cancel", {}, self.language), "scan.cancel", {}),
                         confirm=confirm, purpose="veto", drop=self._drop_scan_speech)
        log.info("scan started for seat %d: enact or veto", seat)
        self.scan.start(intro=True)

    def _start_veto_scan(self, seat: int) -> None:
        """BOARD.md "Veto": the president answers a proposed veto by scanning: "Ja", "Nein"
        and "cancel" are read into the president's earphone; a press on Ja agrees (the
        ``veto_reply`` action, R14 official variant), on Nein refuses; only the answer is
        announced at the table (ACCESSIBILITY.md 17)."""
        items = [ScanItem(True, catalogue.text("veto.scan.ja", {}, self.language), "veto.scan.ja", {}),
                 ScanItem(False, catalogue.text("veto.scan.nein", {}, self.language), "veto.scan.nein", {})]

        def chosen(accept: Any) -> None:
            self.scan = None
            game = self.game
            if game is None or not game.veto_pending or self._blocked("veto_reply", seat):
                return
            self.accept(Action("veto_reply", seat=seat, accept=bool(accept)))

        def cancelled() -> None:
            self.scan = None
            self.say(f"seat:{seat}", "scan.cancelled", {})

        self._end_scan()
        self.scan = Scan(seat, items, self._scan_settings(seat), self.service.clock, self.service.post,
                         self._scan_speak, chosen, cancelled,
                         cancel=ScanItem(None, catalogue.text("scan.cancel", {}, self.language), "scan.cancel", {}),
                         purpose="veto_reply", drop=self._drop_scan_speech)
        log.info("scan started for seat %d: veto_reply", seat)
        self.scan.start(intro=True)

    def _scan_settings(self, seat: int) -> Any:
        """The scan timing for ``seat``: the board's ``[scan]`` with the seat's own
        ``scan_interval`` (ACCESSIBILITY.md 13, 19) when it has one."""
        own = self.seat_settings.get(seat, SeatSettings()).scan_interval
        return self.settings.scan if own is None else dataclasses.replace(self.settings.scan, interval=own)

    def _scan_speak(self, seat: int, kind: str, item: ScanItem | None, started: Callable[[], None],
                    ended: Callable[[bool], None]) -> float | None:
        """One step of a scan into the chooser's earphone (:class:`Scan`'s ``speak``): the
        scan hears when it starts and ends (ACCESSIBILITY.md 21); scan steps are not in the
        seat's repeat history. Without sound: the seconds it would last (an estimate)."""
        channel = f"seat:{seat}"
        if kind == "intro":
            purpose = self.scan.purpose if self.scan is not None else None
            key = {"veto_reply": "veto.scan.start", "veto": "veto.scan.choice"}.get(purpose, "scan.start")
            key_params: tuple[str, dict] = (key, {})
        elif kind == "wrap":
            key_params = ("scan.wrap", {})
        elif kind == "stopped":
            key_params = ("scan.stopped", {})
        else:
            assert item is not None
            key_params = (item.key, item.params)
        utt = self.say(channel, key_params[0], key_params[1], earcon="scan_wrap" if kind == "wrap" else None,
                       history=False, on_start=lambda lines, u: started(),
                       on_end=lambda lines, u, record: ended(bool(record.cut and u.done())))
        if utt is not None:
            self._scan_said = [u for u in self._scan_said if not u.done()] + [utt]
            return None
        if kind == "wrap" or kind == "stopped":
            return 0.0
        text = item.text if item is not None else catalogue.text(key_params[0], {}, self.language)
        rate = self.seat_settings.get(seat, SeatSettings()).rate or self.settings.scan.words_per_minute
        return spoken_seconds(text, rate)

    def _drop_scan_speech(self) -> None:
        """Drop the scan's steps not yet started (it starts again, holds or has ended)."""
        said, self._scan_said = self._scan_said, []
        voice = self.service.voice
        for utt in said:
            if voice is not None:
                voice.cancel(utt)

    def _end_scan(self) -> None:
        if self.scan is not None:
            self.scan.finish()
            self.scan = None

    # ======================================================================= game master
    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command; see :class:`~firmware_host.service.backend.ConsoleBackend`.

        :raises CommandRefused: refused now (one line).
        """
        game = self.game
        if name == "start":
            if fields.get("setup") is not None:
                self.prepare(fields["setup"])
            self.start()
            return {"ok": True}
        if name == "pause":
            if game is None:
                raise CommandRefused("no_game", "no game to pause")
            if not self.paused:
                self.paused = True
                self._end_scan()
                self._journal_note({"note": "pause"})
                log.info("game paused")
                self.say("public", "gm.paused", {})
            return {"paused": True}
        if name == "resume":
            if game is None:
                raise CommandRefused("no_game", "no game to resume")
            if self.paused:
                self.paused = False
                self._journal_note({"note": "resume"})
                log.info("game resumed")
                self.say("public", "gm.resumed", {})
                self._reconcile()
                if not self.mirror_problems():
                    self._say_next_move()
            return {"paused": False}
        if name == "restart":
            if self.raw_setup is None:
                raise CommandRefused("no_setup", "no setup to restart")
            raw = dict(self.raw_setup)
            if not (isinstance(raw.get("roles"), list) and isinstance(raw.get("deck"), list)):
                raw.pop("seed", None)          # a new deal
            self.prepare(raw)
            self.start()
            return {"ok": True}
        if name == "undo":
            if self.ended_game_id is not None and (
                    game is None or not self.service.journal.actions(self.game_id)):
                return self._restore_ended_game()
            if game is None or self.game_id is None:
                raise CommandRefused("no_game", "no game to undo in")
            undone = next((a for a in reversed(self.service.journal.actions(self.game_id))
                           if a.get("action") != "reshuffle"), None)
            try:
                self.service.journal.append_undo(self.game_id)
            except NothingToUndo as exc:
                raise CommandRefused("nothing_to_undo", str(exc)) from None
            self._end_scan()
            journal_game = self.service.journal.game(self.game_id)
            if journal_game.status != "playing":
                self.service.journal.finish_game(self.game_id, "playing")
            self._rebuild(self.game_id, journal_game.setup, journal_game.actions)
            log.info("undo: back to %d actions", len(journal_game.actions))
            self._after_undo(undone or {})
            return {"actions": len(journal_game.actions)}
        if name == "act":
            raw = fields.get("action")
            try:
                action = Action.from_json(raw)
            except IllegalAction as exc:
                self.refuse(exc, Action(str(raw.get("action")) if isinstance(raw, dict) else "?"))
                code = f"illegal.{exc.reason}" if f"illegal.{exc.reason}" in REFUSAL_CODES else "refused"
                message = f"act: {exc.message}"
                raise CommandRefused(code, message, **({"detail": message} if code == "refused" else {})) from None
            if game is None:
                raise CommandRefused("no_game", "no game is running")
            if self.paused:
                raise CommandRefused("paused", "the game is paused")
            if not self.accept(action, from_gm=True):
                raise CommandRefused("action_refused", f"{action.kind} was refused", action=action.kind)
            return {"accepted": True, "state": state_json(self.game) if self.game else None}
        if name == "choose":
            if game is None:
                raise CommandRefused("no_game", "no game is running")
            seat, target = fields.get("seat"), fields.get("target")
            if type(seat) is not int or type(target) is not int:
                raise CommandRefused("choose_needs_seats", "choose needs a seat and a target (seat numbers)")
            if game.phase == "nomination":
                kind = "nominate"
            elif game.phase == "power" and game.power in TARGET_POWERS:
                kind = TARGET_POWERS[game.power]
            else:
                raise CommandRefused("nothing_to_choose", f"nothing to choose now ({game.phase})", phase=game.phase)
            self._end_scan()
            if self._blocked(kind):          # the game master chose: no seat is told to press again
                raise CommandRefused("board_mismatch", "the board does not match the game; fix it first")
            if not self.accept(Action(kind, seat=seat, target=target), from_gm=True):
                raise CommandRefused("action_refused", f"{kind} was refused", action=kind)
            return {"accepted": True}
        if name == "story":
            return {"story": [[self._story_text(a) for a in round_] for round_ in self._story_rounds()]}
        if name == "seat_settings":
            changes = dict(fields)
            return self.change_seat_settings(changes.pop("seat", None), changes)
        if name == "key":
            self._on_GameMasterKey(type("GameMasterKey", (), {"gesture": fields.get("gesture", "press")})())
            return {"paused": self.paused}
        raise CommandRefused("unknown_command", f"unknown command {name!r}; one of start, pause, resume, "
                             "restart, undo, act, choose, seat_settings, story", name=str(name))

    def end_game(self) -> dict:
        """The game master ends the game (or the setup) and the board waits for a new setup
        (the console's ``restart``).

        The journal's game is marked ``ended`` and abandoned (a game already over stays as
        it was), nothing is dealt and no prolog is spoken; the table hears only ``gm.ended``.
        Per-seat settings stay (ACCESSIBILITY.md 19).

        :returns: ``{"ended": True}``.
        :raises CommandRefused: ``no_game`` when there is neither a game nor a setup.
        """
        if self.game is None and self.pending_setup is None and self.tiles is None:
            raise CommandRefused("no_game", "no game to restart")
        self._end_scan()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self._journal_note({"note": "ended", "by": "game master"})
            self.service.journal.finish_game(self.game_id, "abandoned")
            self.ended_game_id = self.game_id        # undo brings it back until a new start
        self.game = self.game_id = self.setup = None
        self.pending_setup = self.tiles = None
        self._forget_tiles()
        self._recall = {}
        self.paused = False
        self.chaos_placement = False
        self.mirror_said = None
        self.held, self.refused_slots, self.stale_slots = [], set(), set()
        log.info("game ended by the game master: waiting for a new setup")
        self.say("public", "gm.ended", {})
        return {"ended": True}

    def _restore_ended_game(self) -> dict:
        """Undo the game master's end of a running game (``restart``, or a confirmed ``start``
        that replaced it): the ended game goes on from its journal, exactly where it stood; a
        replacement game without a move yet is given up. Journaled (a note, the game marked
        playing again) before the table hears ``gm.game_back`` and whose move it is.

        :returns: ``{"restored": game_id, "actions": n}``.
        """
        journal = self.service.journal
        restored = self.ended_game_id
        assert restored is not None
        self.ended_game_id = None
        self._end_scan()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self._journal_note({"note": "ended", "by": "game master", "undo_of_end": restored})
            journal.finish_game(self.game_id, "abandoned")
        journal.finish_game(restored, "playing")
        journal_game = journal.game(restored)
        self.pending_setup = None
        self.paused = False
        self.held, self.refused_slots, self.stale_slots = [], set(), set()
        self._rebuild(restored, journal_game.setup, journal_game.actions)
        self._journal_note({"note": "reopened", "by": "game master"})
        log.info("undo: game %d goes on after %d actions", restored, len(journal_game.actions))
        self.say("public", "gm.game_back", {})
        self.mirror_said = None
        if not self._check_mirror(announce_change=True):
            self._after_correction(corrected=False)
        return {"restored": restored, "actions": len(journal_game.actions)}

    def _after_undo(self, undone: dict) -> None:
        """Say what the game master undid and by whom, what to set back on the board (a tile
        of an undone enactment must come off its slot), then whose move it is (BOARD.md
        principle 2)."""
        game = self.game
        kind = undone.get("action")
        seat = undone.get("seat")
        if kind not in catalogue.ENUMS["action"]:
            kind = "reshuffle"
        self.say("public", "gm.undone", {"action": kind, "seat": seat if type(seat) is int else None})
        self.refused_slots.clear()
        if game is not None:
            for track, n in TRACK_SLOTS.items():
                laws = game.democratic_laws if track == "democratic" else game.fascist_laws
                if laws < n and self.slots[track][laws] and kind in ("enact", "chaos_law"):
                    self.stale_slots.add((track, laws + 1))   # the undone law still lies there
        self.mirror_said = None
        if not self._check_mirror(announce_change=True):
            self._after_correction(corrected=False)

    # ======================================================================= seat settings
    def _load_seat_settings(self) -> None:
        """ACCESSIBILITY.md 19: the stored per-seat settings, applied to the voice at start."""
        try:
            stored = self.service.journal.seat_settings()
        except JournalError as exc:
            log.error("seat settings not read: %s", exc)
            stored = {}
        self.seat_settings = {}
        for seat, obj in stored.items():
            try:
                self.seat_settings[seat] = SeatSettings.from_json(obj)
            except SeatSettingsError as exc:
                log.warning("stored settings of seat %d ignored: %s", seat, exc)
        voice = self.service.voice
        for seat, own in sorted(self.seat_settings.items()):
            if voice is not None and (own.rate is not None or own.volume is not None):
                voice.set_seat_voice(seat, rate=own.rate, volume=own.volume)
            if own.ignore_repeat is not None:
                self._apply_ignore_repeat(seat, own.ignore_repeat)
        if self.seat_settings:
            log.info("seat settings of %d seats restored", len(self.seat_settings))

    def _apply_ignore_repeat(self, seat: int, seconds: float | None) -> None:
        """The seat's own ignore-repeat time on its button (ACCESSIBILITY.md 12), where the
        board can take one (a board without hardware cannot)."""
        setter = getattr(self.service.board, "set_ignore_repeat", None)
        if callable(setter):
            setter(seat, seconds)

    def _stored_names(self) -> dict[int, str]:
        return {seat: own.name for seat, own in self.seat_settings.items() if own.name}

    def change_seat_settings(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings (ACCESSIBILITY.md 19); see
        :mod:`firmware_host.service.seat_settings` for the fields and ranges. The seat hears
        "settings saved" in its earphone (at its new rate and volume).

        :returns: ``{"seat": seat, "settings": {field: value}}`` (the fields that are set).
        :raises CommandRefused: no such seat, a value out of range or an unknown field, or
            the file cannot be written (one line; nothing changed).
        """
        if type(seat) is not int or not 0 <= seat <= 9:
            raise CommandRefused("seat_settings_seat", f"seat_settings needs a seat (a seat number 0–9), not {seat!r}")
        current = self.seat_settings.get(seat, SeatSettings())
        try:
            new = current.changed(changes)
        except SeatSettingsError as exc:
            if exc.field is None:
                raise CommandRefused("seat_settings_unknown", f"seat_settings: {exc}") from None
            raise CommandRefused("seat_settings_value", f"seat_settings: {exc}", field=exc.field) from None
        try:
            self.service.journal.save_seat_settings(seat, new.to_json())
        except JournalError as exc:
            raise CommandRefused("seat_settings_not_saved", f"seat_settings not saved: {exc}") from None
        self.seat_settings[seat] = new
        voice = self.service.voice
        if voice is not None and ("rate" in changes or "volume" in changes):
            voice.set_seat_voice(seat, rate=new.rate, volume=new.volume)
            self._measured.clear()           # clip lengths at the new rate
        if "scan_interval" in changes and self.scan is not None and self.scan.seat == seat:
            self.scan.settings = self._scan_settings(seat)      # from the next step of a running scan
        if "ignore_repeat" in changes:
            self._apply_ignore_repeat(seat, new.ignore_repeat)
        if "gender" in changes:
            self._measured.clear()           # private clips padded with the new forms
            self._plan_speech()
        if "name" in changes:
            players = self.setup.players if self.setup is not None else 10
            if new.name and seat < players:
                self.names[seat] = new.name
            else:
                self.names.pop(seat, None)
            if self.game is not None:
                self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                                    "role_source": self.role_source})
            self._plan_speech()                     # the seat is called by its new name from now on
        log.info("seat %d settings: %s", seat, new.to_json())
        self.say(f"seat:{seat}", "settings.saved", {})
        return {"seat": seat, "settings": new.to_json()}

    def _journal_note(self, note: dict) -> None:
        if self.game_id is not None:
            try:
                self.service.journal.append_note(self.game_id, note)
            except JournalError as exc:
                log.warning("journal note: %s", exc)

    # ======================================================================= views
    def public_setup(self) -> dict | None:
        """The setup without secrets (no roles, deck order or seed)."""
        setup = self.setup or (self.pending_setup or {}).get("setup")
        if setup is None:
            return None
        obj = setup.to_json()
        obj.pop("roles", None)
        obj.pop("seed", None)
        obj["deck"] = "tracked" if setup.tracked else "untracked"
        obj["names"] = {str(k): v for k, v in self.names.items()}
        obj["role_source"] = self.role_source
        return obj

    def snapshot(self) -> dict:
        """The console's picture: public view, last 50 public announcements, faults and
        refusals, readers and pins, paused flag, setup. No secret before the end (R16)."""
        return {
            "view": public_view(self.game) if self.game is not None else None,
            "announcements": list(self.announced),
            "faults": list(self.faults),
            "readers": dict(self.readers),
            "pins": {"slots": {t: list(v) for t, v in self.slots.items()}, "tracker": self.tracker,
                     "mismatch": [{"key": k, "params": p} for k, p in self.mirror_problems()]},
            "paused": self.paused,
            "setup": self.public_setup(),
            "scan": None if self.scan is None else {"seat": self.scan.seat, "purpose": self.scan.purpose},
            "reading_role_tiles": None if self.tiles is None else len(self.tiles),
            "game_id": self.game_id,
            "seat_settings": {str(seat): own.to_json() for seat, own in sorted(self.seat_settings.items())},
        }

    def reveal(self, seat: int | None) -> dict:
        """Roles and hands for the game master (the caller logs the WARNING).

        :raises CommandRefused: no game, or a seat outside the game.
        """
        game = self.game
        if game is None:
            raise CommandRefused("no_game", "no game is running")
        if seat is None:
            # R16: the secrets leave the engine only through each seat's private view
            views = [private_view(game, s) for s in range(game.players)]
            return {"roles": [view["role"] for view in views],
                    "seats": {str(s): {k: view[k] for k in ("role", "team", "hand", "power_result")}
                              for s, view in enumerate(views)}}
        if type(seat) is not int or not 0 <= seat < game.players:
            raise CommandRefused("no_seat", f"no seat {seat!r} in this game", seat=seat)
        view = private_view(game, seat)
        return {"seat": seat, **{k: view[k] for k in ("role", "team", "hand", "power_result")}}

    def final_state(self) -> dict | None:
        """REPLAY.md's ``state`` object, or None without a game."""
        return state_json(self.game) if self.game is not None else None

    def status_line(self) -> str:
        """One line for systemd's STATUS=."""
        if self.game is None:
            return "reading role tiles" if self.tiles is not None else "waiting for a setup"
        return f"game {self.game_id}: {self.game.phase}{' (paused)' if self.paused else ''}"
