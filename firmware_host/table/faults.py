"""Faults at a game's table: spoken naming the part, never a pin (``Fault.part``), in the
game's language from the board's catalogue; a damaged journal found at boot said, listed on
the console and written as a ``fault`` line; readers come and gone; a tile of a kind the game
does not read refused at the table without naming it.

Example::

    faults = TableFaults(service, speech)
    faults.report_repair(journal.repair)           # journal.lost / journal.kept / ...
    faults.on_fault(event)                          # hardware.events.Fault: "seat 3 button stuck"
    faults.foreign_tile(event)                      # tile.not_this_game, at the table
"""

from __future__ import annotations

import collections
import logging
from typing import Any, Callable, Sequence

from firmware_host.hardware.parts import registered_peg, registered_readers, registered_tracks
from firmware_host.service import board_catalogue

from .speech import TableSpeech

log = logging.getLogger("firmware_host.service")

__all__ = ["TableFaults", "fault_speech", "part_from_source", "repair_message"]

#: reader fault reason -> the board's key (param ``reader``)
READER_FAULT_KEYS = {"bad_frame": "fault.unreadable", "reader_missing": "fault.reader_missing",
                     "reader_unplugged": "fault.reader_unplugged"}
#: ``Fault.part["kind"]`` -> the key's last word for ``stuck`` / ``chatter``
PART_KEY_WORDS = {"seat_button": "button", "law_slot": "slot", "peg": "peg", "gm_key": "gm_key"}


def part_from_source(source: str) -> dict:
    """The part a fault without ``Fault.part`` concerns, from its English ``source`` label
    (``seat 3 button`` 1-based, ``TRACK slot 2``, ``peg``, ``game-master key``,
    ``NAME reader``); ``{}`` when it names none of them."""
    words = source.split()
    if len(words) == 3 and words[0] == "seat" and words[2] == "button" and words[1].isdigit():
        return {"kind": "seat_button", "seat": int(words[1]) - 1}
    if len(words) == 3 and words[1] == "slot" and words[2].isdigit():
        return {"kind": "law_slot", "track": words[0], "slot": int(words[2])}
    if words[:1] == ["peg"]:
        return {"kind": "peg", "holes": []}
    if source in ("game-master key", "gm key"):
        return {"kind": "gm_key"}
    if len(words) == 2 and words[1] == "reader":
        return {"kind": "reader", "reader": words[0]}
    return {}


def fault_speech(reason: str, part: dict, *, unknown_tag: str = "tile.unknown") -> tuple[str, dict] | None:
    """The board's message ``(key, params)`` naming a hardware fault by its part: "seat 3
    button stuck", "the first reader is unplugged"; None when it names no part.

    :param unknown_tag: the key of a tag the board does not know (said naming nothing).
    """
    kind = part.get("kind")
    if reason == "unknown_tag":
        return unknown_tag, ({"reader": _reader(part.get("reader"))} if unknown_tag == "fault.unknown_tag" else {})
    if reason in READER_FAULT_KEYS:
        return READER_FAULT_KEYS[reason], {"reader": _reader(part.get("reader") if kind == "reader" else None)}
    peg = registered_peg()
    holes = sorted({int(h) for h in part.get("holes") or [] if type(h) is int and peg and 0 <= h < peg.holes})
    if reason == "two_holes" or (reason == "stuck" and kind == "peg" and len(holes) > 1):
        return "fault.two_holes", {"holes": holes}
    if reason not in ("stuck", "chatter") or kind not in PART_KEY_WORDS:
        return None
    key = f"fault.{reason}.{PART_KEY_WORDS[kind]}"
    if kind == "seat_button":
        seat = part.get("seat")
        return (key, {"seat": seat}) if type(seat) is int and 0 <= seat < 99 else None
    if kind == "law_slot":
        track, slot = part.get("track"), part.get("slot")
        tracks = registered_tracks()
        ok = track in tracks and type(slot) is int and 1 <= slot <= tracks[track]
        return (key, {"track": track, "slot": slot}) if ok else None
    if kind == "peg":
        if reason == "stuck":
            return (key, {"position": holes[0]}) if holes else None
        return key, {"holes": holes}
    return key, {}


def _reader(name: Any) -> str:
    """``name`` when the games' tiles name such a reader, else the first of those (the board's
    words name no other)."""
    readers = registered_readers()
    return name if name in readers else readers[0]


def repair_message(repair: Any, resumed: bool | None = None) -> tuple[str, dict]:
    """The board's message for what the journal's self-check found
    (:class:`~firmware_host.service.journal.JournalRepair`): ``journal.foreign``,
    ``journal.set_aside`` (no game resumed from it: nothing said about what it held),
    ``journal.kept`` (only for a game resumed whole, issue 34), ``journal.game_lost``,
    ``journal.lost_unknown`` or ``journal.lost`` (``count``: the actions lost)."""
    resumed = repair.resumed if resumed is None else resumed
    if "foreign" in repair.reasons:
        return "journal.foreign", {}
    if repair.game is None:
        return "journal.set_aside", {}
    if resumed and repair.lost_actions == 0:
        return "journal.kept", {}
    if not resumed:
        return "journal.game_lost", {}
    if repair.lost_actions is None:
        return "journal.lost_unknown", {}
    return "journal.lost", {"count": repair.lost_actions}


class TableFaults:
    """The faults of a table (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` (its ``fault``
        writes the line and speaks through the active game).
    :param speech: the table's :class:`~.speech.TableSpeech`.
    :param unknown_tag: the key said for a tag the board does not know.
    :param unnamed: the key said for a fault no part names (None: such a fault is not said).
    :param awaited: ``awaited() -> seats`` the table waits for that may be named at the table
        (empty while who is awaited is a secret); a reader back names them (ACCESSIBILITY.md
        28). None: nobody is named.
    """

    def __init__(self, service: Any, speech: TableSpeech, *, unknown_tag: str = "tile.unknown",
                 unnamed: str | None = "fault.board", awaited: Callable[[], Sequence[int]] | None = None) -> None:
        self.service = service
        self.awaited = awaited
        self.speech = speech
        self.unknown_tag = unknown_tag
        self.unnamed = unnamed
        self.listed: collections.deque = collections.deque(maxlen=50)    # the console's faults
        self.readers: dict[str, bool] = {}
        self._unplug_said: set[str] = set()

    def list(self, entry: dict) -> None:
        """Add one entry to the console's list of faults and refusals."""
        self.listed.append(entry)

    def say_fault(self, key: str, params: dict, detail: str) -> None:
        """Speak ``key`` at the table (priority ``fault``) and list it on the console."""
        said = self.speech.say("public", key, params, priority="fault")
        self.listed.append({"kind": "fault", "reason": key,
                            "text": f"{said.text or key} ({detail})" if detail else (said.text or key)})

    def report_repair(self, repair: Any, resumed: bool | None = None) -> None:
        """Say what the journal's self-check found at boot: a ``fault`` line (source
        ``journal``), spoken at the table in the game's language, listed on the console."""
        key, params = repair_message(repair, resumed)
        self.service.fault("journal", repair.reason, repair.detail)
        self.say_fault(key, params, repair.detail)

    def not_playing_tile(self, event: Any, players: int) -> None:
        """A seat's tile (``event.seat``, 0-based) of a seat not in this ``players``-seat game:
        refused at the table as a tile this game does not use (``tile.not_this_game``, no
        parameter: the tile is not named), a ``fault`` line (source the reader, reason
        ``not_playing``, as for a button of such a seat) and listed on the console. Nothing
        reaches the game's rules."""
        seat = int(event.seat)
        detail = f"a tile of seat {seat + 1}, not a seat of this {players}-player game"
        self.service.fault(f"{getattr(event, 'reader', 'a')} reader", "not_playing", detail,
                           key="tile.not_this_game")
        self.listed.append({"kind": "fault", "reason": "not_playing", "detail": detail})

    def refuse(self, source: str, reason: str, detail: str, key: str, params: dict | None = None, *,
               channel: str = "public", listed: str | None = None, **say: Any) -> None:
        """A board input refused for what lies on the board, not for the rules (a tile at a
        reader not its own, the board disagreeing with the game): a ``fault`` line (``source``,
        ``reason``, ``detail``; the service's WARNING), listed on the console (with ``listed``
        as its detail, else ``detail``) and ``key`` said on ``channel`` at the rank of a
        refusal (``say``: more of :meth:`~.speech.TableSpeech.say`'s keywords). Neither
        ``detail`` nor ``key`` may name a secret (RULES.md R16)."""
        self.service.fault(source, reason, detail)
        self.listed.append({"kind": "fault", "reason": reason, "detail": detail if listed is None else listed})
        self.speech.say(channel, key, params or {}, priority="refusal", **say)

    def journal_unreadable(self, detail: str) -> None:
        """The journal's game cannot be read back or replayed although the file passed its
        self-check: a ``fault`` line (source ``journal``, reason ``unreadable``) and
        ``journal.not_resumed`` said at the table and listed on the console. Nothing was set
        aside (the file stays where it is, nothing in it erased), so never ``journal.game_lost``,
        whose words say the damaged file was kept aside."""
        self.service.fault("journal", "unreadable", detail)
        self.say_fault("journal.not_resumed", {}, detail)

    def read_board(self) -> Any:
        """The readers' state at start (the console's health panel). :returns: the board's
        settled inputs (its ``snapshot()``: ``readers``, ``slots``, ``peg``), or None where
        it has none."""
        board = self.service.board
        for obj in (board, getattr(board, "board", None)):
            if obj is not None and callable(getattr(obj, "snapshot", None)):
                try:
                    snap = obj.snapshot()
                    self.readers = dict(snap.readers)
                    return snap
                except Exception as exc:  # noqa: BLE001 - a board without a snapshot is fine
                    log.warning("board snapshot: %s", exc)
        return None

    def on_reader(self, event: Any) -> None:
        """A reader came or went (``ReaderState``). Unplugged while running: said once here
        (the board's ``reader_unplugged`` fault that follows is not said again); back: "the
        reader is back", naming the seats the table waits for where it may (a tile laid there
        meanwhile was not read: theirs are missing; ACCESSIBILITY.md 28), else asking for a
        tile laid meanwhile again."""
        before = self.readers.get(event.reader)
        self.readers[event.reader] = bool(event.connected)
        if before == event.connected:
            return
        if event.connected:
            log.info("%s reader connected", event.reader)
            self._unplug_said.discard(event.reader)
            if before is False:
                seats = sorted(self.awaited() or ()) if self.awaited is not None else []
                if seats:       # whose tiles are still missing, not everyone (ACCESSIBILITY.md 28)
                    self.speech.say("public", "fault.reader_back_waiting",
                                    {"reader": _reader(event.reader), "seats": seats})
                else:
                    self.speech.say("public", "fault.reader_back", {"reader": _reader(event.reader)})
        elif before is True:
            self._unplug_said.add(event.reader)
            self.service.fault(f"{event.reader} reader", "reader_unplugged", "", key="fault.reader_unplugged",
                               params={"reader": _reader(event.reader)})
            self.listed.append({"kind": "fault", "reason": "reader_unplugged", "detail": event.reader})

    def on_fault(self, event: Any) -> None:
        """A hardware fault (``Fault``): a ``fault`` line, spoken by the part's name."""
        reason = event.reason
        part = dict(getattr(event, "part", None) or {}) or part_from_source(event.source)
        if reason in ("reader_unplugged", "reader_missing"):
            reader = part.get("reader") or event.source.split()[0]
            if reason == "reader_unplugged" and reader in self._unplug_said:
                return
            self._unplug_said.add(reader)
            self.readers[reader] = False
        spoken = fault_speech(reason, part, unknown_tag=self.unknown_tag)
        self.listed.append({"kind": "fault", "reason": reason, "part": part, "detail": event.source})
        self.service.fault(event.source, reason, getattr(event, "detail", "") or "",
                           key=spoken[0] if spoken else self.unnamed if self._knows(self.unnamed) else None,
                           params=spoken[1] if spoken else {})

    def _knows(self, key: str | None) -> bool:
        return key is not None and key in self.speech.words.keys or key in board_catalogue.MESSAGES

    def foreign_tile(self, event: Any) -> None:
        """A tile of a kind this game does not read (another game's tile): refused at the
        table without naming it."""
        self.service.fault(f"{getattr(event, 'reader', 'a')} reader", "not_this_game",
                           "a tile that is not used in this game", key="tile.not_this_game")
