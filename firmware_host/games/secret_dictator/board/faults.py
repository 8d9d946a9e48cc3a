"""Faults spoken by the part's name, never a pin (``Fault.part``, docs/ARCHITECTURE.md), and
reader changes."""

from __future__ import annotations

from typing import Any

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import catalogue
from firmware_host.games.secret_dictator.board.common import TRACK_SLOTS, log


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


class Faults:
    """Faults and readers: a damaged journal, a reader come or gone, a hardware fault, spoken by
    the part's name.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

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
