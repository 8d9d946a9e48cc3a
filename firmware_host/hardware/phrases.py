"""Spoken sentences of the builder's tools (``self-test``, ``enrol-tags``), English and German.

Seats are spoken one-based ("seat 4" is seat index 3, RULES.md R1); German sentences use
number words, never digits (ACCESSIBILITY.md 6). Text only: speaking is the caller's business.
"""

from __future__ import annotations

from typing import Any

from firmware_host.hardware import events as ev

LANGUAGES = ("en", "de")

_DE_NUMBERS = ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
               "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn")


_DE_TENS = ("", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig")


def number(n: int, language: str) -> str:
    """``n`` as spoken: digits in English (espeak reads them well), words in German (0–99)."""
    if language != "de" or not 0 <= n < 100:
        return str(n)
    if n < len(_DE_NUMBERS):
        return _DE_NUMBERS[n]
    tens, units = divmod(n, 10)
    if units == 0:
        return _DE_TENS[tens]
    unit = "ein" if units == 1 else _DE_NUMBERS[units]
    return f"{unit}und{_DE_TENS[tens]}"


_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "gesture.press": "press", "gesture.hold": "hold", "gesture.double": "double press",
        "button": "seat {seat} button: {gesture}",
        "key": "game-master key: {gesture}",
        "slot.filled": "{track} slot {slot} filled", "slot.emptied": "{track} slot {slot} emptied",
        "track.democratic": "democratic", "track.fascist": "fascist",
        "tracker": "tracker pin in hole {position}", "tracker.none": "tracker pin in no hole",
        "ballot": "{reader} reader: seat {seat}'s {ballot} tile",
        "law": "{reader} reader: {party} law {tile}",
        "role": "{reader} reader: {role} role tile {tile}",
        "tag": "{reader} reader: tag {tag}",
        "reader.on": "{reader} reader connected", "reader.off": "{reader} reader disconnected",
        "fault": "fault: {source}: {reason}",
        "reason.stuck": "stuck", "reason.chatter": "contact does not settle",
        "reason.two_holes": "pin in two holes", "reason.unknown_tag": "unknown tag {detail}",
        "reason.bad_frame": "unreadable frame", "reason.reader_missing": "reader not found",
        "reason.reader_unplugged": "reader unplugged",
        "selftest.start": "Self-test. Touch every input; each is named aloud.",
        "selftest.end": "Self-test over. {count} inputs touched.",
        "selftest.untouched": "Not touched: {names}.",
        "enrol.start": "Tag enrolment: {count} tiles. Present each tile to the {reader} reader when asked.",
        "enrol.ballot": "Present seat {seat}'s {ballot} tile.",
        "enrol.law": "Present {party} law tile {tile}.",
        "enrol.role": "Present {role} role tile {tile}.",
        "enrol.ok": "Got it.",
        "enrol.duplicate": "That tile is already {other}.",
        "enrol.done": "Done: {count} tiles registered.",
        "party.democratic": "democratic", "party.fascist": "fascist",
        "role.democrat": "democrat", "role.fascist": "fascist", "role.dictator": "dictator",
        "ballot.ja": "Ja", "ballot.nein": "Nein",
        "reader.ballot": "ballot", "reader.law": "law",
    },
    "de": {
        "gesture.press": "Druck", "gesture.hold": "Halten", "gesture.double": "Doppeldruck",
        "button": "Platz {seat}, Taste: {gesture}",
        "key": "Spielleiter-Taste: {gesture}",
        "slot.filled": "{track} Feld {slot} belegt", "slot.emptied": "{track} Feld {slot} frei",
        "track.democratic": "demokratisches", "track.fascist": "faschistisches",
        "tracker": "Wahlzähler-Stift in Loch {position}", "tracker.none": "Wahlzähler-Stift in keinem Loch",
        "ballot": "{reader}: {ballot}-Karte von Platz {seat}",
        "law": "{reader}: {party} Gesetz {tile}",
        "role": "{reader}: Rollenkarte {role} {tile}",
        "tag": "{reader}: Marke {tag}",
        "reader.on": "{reader} verbunden", "reader.off": "{reader} getrennt",
        "fault": "Störung: {source}: {reason}",
        "reason.stuck": "klemmt", "reason.chatter": "Kontakt prellt",
        "reason.two_holes": "Stift in zwei Löchern", "reason.unknown_tag": "unbekannte Marke {detail}",
        "reason.bad_frame": "unlesbarer Rahmen", "reason.reader_missing": "Leser nicht gefunden",
        "reason.reader_unplugged": "Leser ausgesteckt",
        "selftest.start": "Selbsttest. Berühre jeden Eingang; jeder wird angesagt.",
        "selftest.end": "Selbsttest beendet. {count} Eingänge berührt.",
        "selftest.untouched": "Nicht berührt: {names}.",
        "enrol.start": "Karten anlernen: {count} Karten. Lege jede Karte auf den {reader}, wenn sie genannt wird.",
        "enrol.ballot": "Lege die {ballot}-Karte von Platz {seat} auf.",
        "enrol.law": "Lege {party} Gesetz {tile} auf.",
        "enrol.role": "Lege die Rollenkarte {role} {tile} auf.",
        "enrol.ok": "Erkannt.",
        "enrol.duplicate": "Diese Karte ist schon {other}.",
        "enrol.done": "Fertig: {count} Karten angelernt.",
        "party.democratic": "demokratisches", "party.fascist": "faschistisches",
        "role.democrat": "Demokrat", "role.fascist": "Faschist", "role.dictator": "Diktator",
        "ballot.ja": "Ja", "ballot.nein": "Nein",
        "reader.ballot": "Wahlurnen-Leser", "reader.law": "Gesetzes-Leser",
    },
}


def say(key: str, language: str = "en", **params: Any) -> str:
    """The sentence ``key`` in ``language`` (``en``/``de``) with ``params`` filled in."""
    table = _TEXT.get(language, _TEXT["en"])
    return table[key].format(**params)


def word(key: str, language: str = "en") -> str:
    """One word of the table (``party.fascist``, ``ballot.ja``, …)."""
    return _TEXT.get(language, _TEXT["en"])[key]


def _reader(name: str, language: str) -> str:
    return _TEXT.get(language, _TEXT["en"]).get(f"reader.{name}", name)


def source_name(source: str, language: str) -> str:
    """A Fault's ``source`` as spoken (``seat 4 button`` -> ``Platz vier, Taste`` in German)."""
    if language != "de":
        return source
    parts = source.split()
    if parts[:1] == ["seat"] and len(parts) == 3:
        return f"Taste von Platz {number(int(parts[1]), 'de')}"
    if len(parts) == 3 and parts[1] == "slot":
        return f"{word('track.' + parts[0], 'de')} Feld {number(int(parts[2]), 'de')}"
    if len(parts) == 2 and parts[1] == "reader":
        return _reader(parts[0], "de")
    if len(parts) == 3 and parts[:2] == ["tracker", "hole"]:
        return f"Wahlzähler Loch {number(int(parts[2]), 'de')}"
    return {"tracker": "Wahlzähler", "game-master key": "Spielleiter-Taste"}.get(source, source)


def describe(event: Any, language: str = "en") -> str:
    """One spoken sentence naming the input an event came from and what happened."""
    n = lambda k: number(k, language)  # noqa: E731
    if isinstance(event, ev.ButtonGesture):
        return say("button", language, seat=n(event.seat + 1), gesture=word("gesture." + event.gesture, language))
    if isinstance(event, ev.GameMasterKey):
        return say("key", language, gesture=word("gesture." + event.gesture, language))
    if isinstance(event, ev.SlotChanged):
        return say("slot.filled" if event.filled else "slot.emptied", language,
                   track=word("track." + event.track, language), slot=n(event.slot))
    if isinstance(event, ev.TrackerMoved):
        if event.position is None:
            return say("tracker.none", language)
        return say("tracker", language, position=n(event.position))
    if isinstance(event, ev.BallotRead):
        return say("ballot", language, reader=_reader(event.reader, language), seat=n(event.seat + 1),
                   ballot=word("ballot." + event.ballot, language))
    if isinstance(event, ev.LawRead):
        return say("law", language, reader=_reader(event.reader, language),
                   party=word("party." + event.party, language), tile=n(event.tile))
    if isinstance(event, ev.RoleTileRead):
        return say("role", language, reader=_reader(event.reader, language),
                   role=word("role." + event.role, language), tile=n(event.tile))
    if isinstance(event, ev.TagRead):
        return say("tag", language, reader=_reader(event.reader, language), tag=" ".join(event.tag))
    if isinstance(event, ev.ReaderState):
        return say("reader.on" if event.connected else "reader.off", language,
                   reader=_reader(event.reader, language) if language == "de" else event.reader)
    if isinstance(event, ev.Fault):
        detail = event.detail.split()[1] if event.reason == "unknown_tag" and len(event.detail.split()) > 1 else event.detail
        reason_key = f"reason.{event.reason}"
        table = _TEXT.get(language, _TEXT["en"])
        reason = table[reason_key].format(detail=" ".join(detail)) if reason_key in table else event.reason
        return say("fault", language, source=source_name(event.source, language), reason=reason)
    return str(event)
