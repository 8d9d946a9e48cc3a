"""The announcement catalogue: every sentence the board speaks, in German and English.

Each message has a key (``"election.passed"``, ``"prolog.role.fascist"``, ...), named
parameters (plain JSON values; seats 0-based) and four wordings: German and English, short
and long (ACCESSIBILITY.md 5: short ≤ 8 words). The wordings live in gettext catalogs,
``locale/{de,en}/LC_MESSAGES/messages.po`` (msgid = key, msgctxt ``short`` / ``long``),
compiled by ``scripts/compile-catalogs`` (Babel) into ``messages.mo``, which are loaded here
with the standard library's :mod:`gettext` (fast enough to start on a Pi Zero 2 W).

Example::

    >>> from firmware_host.games.secret_dictator import catalogue
    >>> catalogue.text("election.passed", {"ja": 5, "nein": 2})
    'Wahl: angenommen, fünf zu zwei'
    >>> catalogue.text("ballot.counted", {"count": 4, "total": 7}, language="en")
    'Votes: four of seven'
    >>> catalogue.text("president.new", {"seat": 2}, long=True, names={2: "Anna"})
    'Präsident: Anna, Platz drei. Bitte einen Kanzler vorschlagen.'

Templates are :meth:`str.format` fields whose *format spec* chooses a grammatical form, so a
translator controls case and gender (ACCESSIBILITY.md 6), and no digit reaches German text:

===========  ==========================  ================================================
param type   spec                        renders (de / en)
===========  ==========================  ================================================
seat         ``{seat}``                  name, or "Platz drei" / "seat 3"; None: "niemand"
seat         ``{seat:full}``             "Anna, Platz drei" (first mention) or as above
seat         ``{seat:actor}``            as ``{seat}``, but None: "Spielleiter" (refusals of
                                         input that came from no seat); ``actor_full`` too
seats        ``{fascists}``              "Platz eins, Platz drei und Platz fünf"; []: "niemand"
seats        ``{fascists:plural/a/b}``   a for one seat, b for any other count ("Der Faschist
                                         war" / "Die Faschisten waren")
int          ``{n}`` / ``{n:card}``      "eins", "sieben" / "one", "seven"
int          ``{n:card-e}``              1 → "ein" + ending ("eine Stimme"); else cardinal
int          ``{n:ord-e}``               ordinal stem + ending ("das dritte") / "third"
int          ``{n:plural/Gesetz/Gesetze}``  the word for 1, or for any other number
ints         ``{holes}``                 "null und zwei" / "zero and two"; ``plural/a/b``
                                         by the list's length
enum         ``{party}`` ``{track:gen}``  the catalog's term ``term.<type>.<value>[.<spec>]``
parties      ``{laws}``                  "faschistisch, demokratisch, faschistisch"
===========  ==========================  ================================================

Which parameter has which type is fixed by its name (:data:`PARAM_TYPES`). Every returned
string is Unicode NFC (espeak-ng#1933).
"""

from __future__ import annotations

import gettext
import string
import unicodedata
from pathlib import Path
from typing import Any, Mapping

from firmware_host.errors import FirmwareHostError
from firmware_host.resources import package_path

__all__ = [
    "LANGUAGES", "MESSAGES", "PARAM_TYPES", "UnknownMessage", "MessageParamError",
    "UnknownLanguage", "text", "term", "keys", "is_private", "placeholders", "cardinal",
    "ordinal", "seat_name", "render_template", "template", "pronounce", "PRONUNCIATIONS", "GENDERS",
]

#: Languages with a catalog; the first is the default (BOARD.md: German default).
LANGUAGES = ("de", "en")
#: the compiled catalogs, shipped in the package (found with importlib.resources)
LOCALE_DIR = package_path(__name__.rpartition(".")[0], "locale")
DOMAIN = "messages"


class UnknownMessage(FirmwareHostError, KeyError):
    """A message key that is not in the catalogue (``catalogue.text("no.such.key", {})``)."""

    def __str__(self) -> str:  # KeyError would print the repr of its argument
        return str(self.args[0]) if self.args else "unknown message"


class MessageParamError(FirmwareHostError, ValueError):
    """Parameters that do not fit a message: one missing or extra, or of the wrong type."""


class UnknownLanguage(FirmwareHostError, ValueError):
    """A language without a catalog (only :data:`LANGUAGES` exist)."""


# ---------------------------------------------------------------------------------------
# The schema: key -> (parameter names, private). Texts are in the .po catalogs.
# Private messages (R16) carry a seat's secrets and may only go to that seat's channel.
# ---------------------------------------------------------------------------------------

#: Parameter name -> type. ``seat`` an int 0-based seat or None, ``seats`` a list of them,
#: ``int`` a non-negative count / position / 1-based slot, enums a string value of
#: :data:`ENUMS`, ``parties`` a list of party strings.
PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "target": "seat", "president": "seat", "chancellor": "seat",
    "nominee": "seat", "dictator": "seat",
    "seats": "seats", "ja_seats": "seats", "nein_seats": "seats", "fascists": "seats",
    "democrats": "seats", "waiting": "seats",
    "party": "party", "laws": "parties", "role": "role", "track": "track",
    "reader": "reader", "ballot": "ballot", "power": "power",
    "players": "int", "count": "int", "total": "int", "ja": "int", "nein": "int",
    "position": "int", "expected": "int", "slot": "int", "draw_pile": "int",
    "democratic_laws": "int", "fascist_laws": "int", "tracker": "int", "pin": "int",
    "index": "int",
    "holes": "ints", "action": "action", "why": "why", "task": "task", "phase": "phase",
    "executed": "seats", "ineligible": "seats",
}

#: Enum parameter type -> allowed values (RULES.md "Terms", REPLAY.md, BOARD.md).
ENUMS: dict[str, tuple[str, ...]] = {
    "party": ("democratic", "fascist"),
    "parties": ("democratic", "fascist"),
    "role": ("democrat", "fascist", "dictator"),
    "track": ("democratic", "fascist"),
    "reader": ("ballot", "law"),
    "ballot": ("ja", "nein"),
    "power": ("view_discard", "peek", "investigate", "special_election", "execution"),
    # REPLAY.md action names (what the game master undid)
    "action": ("nominate", "vote", "discard", "enact", "veto", "veto_reply", "execute",
               "special_election", "investigate", "acknowledge", "chaos_law", "reshuffle"),
    # why a chosen seat is refused (``refusal.invalid_target``): the one reason that applies
    "why": ("self", "investigated", "other"),
    # what a seat must do now (the first layer of the status)
    "task": ("nominate", "vote", "discard", "enact", "enact_or_veto", "veto_reply", "investigate",
             "special_election", "execute", "acknowledge", "wait"),
    # the engine's phases (REPLAY.md)
    "phase": ("nomination", "election", "legislative_president", "legislative_chancellor", "power",
              "chaos", "game_over"),
}

#: Grammatical genders a seat may choose (the ``gender`` seat setting): ``m`` (default)
#: or ``f``; templates choose a form with ``{seat:g/Präsident/Präsidentin}`` and ``{role:g}``.
GENDERS = ("m", "f")

#: espeak-ng phoneme overrides (``[[...]]`` phoneme input, espeak-ng docs "Phoneme input"):
#: language -> word as written in the catalogue -> phonemes. Applied to the text handed to
#: the speech engine only (:func:`pronounce`), never to what is logged or shown: the English
#: voice reads "Nein" as "neen", the German one says "E-lek-tsion" and "z'Ekr@t dIkt'Ato:r".
PRONUNCIATIONS: dict[str, dict[str, str]] = {
    "de": {"Election Trackers": "[[I'lEkS@n tr'Ek@s]]", "Election Tracker": "[[I'lEkS@n tr'Ek@]]",
           "Secret Dictator": "[[s'i:kr@t dIkt'e:t@]]"},
    "en": {"Nein": "[[n'aIn]]"},
}

_P = True   # private
_O = False  # public (may go to the table)

#: Message key -> (parameter names, private).
MESSAGES: dict[str, tuple[tuple[str, ...], bool]] = {
    # game flow
    "game.started": (("players",), _O),
    "president.new": (("seat",), _O),
    "nomination.made": (("seat", "target"), _O),
    "ballot.counted": (("count", "total"), _O),
    "election.ballots": (("ja_seats", "nein_seats"), _O),
    "election.passed": (("ja", "nein"), _O),
    "election.failed": (("ja", "nein"), _O),
    "tracker.moved": (("position",), _O),
    "chaos.started": ((), _O),
    "chaos.place_top_law": ((), _O),
    "chaos.enacted.democratic": (("count",), _O),
    "chaos.enacted.fascist": (("count",), _O),
    # untracked deck: the chaos law was read from the slot it was laid on (not asked for again)
    "chaos.placed.democratic": (("count",), _O),
    "chaos.placed.fascist": (("count",), _O),
    "law.enacted.democratic": (("count",), _O),
    "law.enacted.fascist": (("count",), _O),
    "reshuffle.shuffle_now": (("count",), _O),
    "reshuffle.done": (("draw_pile",), _O),
    "reshuffle.set_aside_discard": ((), _O),
    "legislative.president": (("seat",), _O),
    "legislative.chancellor": (("seat",), _O),
    "hand.president": (("laws",), _P),
    "hand.chancellor": (("laws",), _P),
    "veto.proposed": (("seat",), _O),
    "veto.accepted": (("seat",), _O),
    "veto.refused": (("seat",), _O),
    # presidential powers (R13)
    "power.view_discard": (("seat",), _O),
    "power.peek": (("seat",), _O),
    "power.investigate": (("seat",), _O),
    "power.special_election": (("seat",), _O),
    "power.execution": (("seat",), _O),
    "power.view_discard.result": (("party",), _P),
    "power.peek.result": (("laws",), _P),
    "power.investigate.result": (("target", "party"), _P),
    "power.view_discard.physical": ((), _O),
    "power.peek.physical": ((), _O),
    "power.special_election.chosen": (("seat", "target"), _O),
    "power.execution.confirm": (("target",), _O),
    "power.execution.done": (("seat", "target"), _O),
    "power.investigate.done": (("seat", "target"), _O),
    # game over (R15)
    "game_over.democratic_laws": ((), _O),
    "game_over.fascist_laws": ((), _O),
    "game_over.dictator_executed": (("target",), _O),
    "game_over.dictator_elected": (("target",), _O),
    "game_over.roles": (("dictator", "fascists", "democrats"), _O),
    # prolog (R3, R17)
    "prolog.role.democrat": (("seat",), _P),
    "prolog.role.fascist": (("seat",), _P),
    "prolog.role.dictator": (("seat",), _P),
    "prolog.team.fascist": (("fascists", "dictator"), _P),
    "prolog.team.dictator": (("fascists",), _P),
    "prolog.team.unknown": ((), _P),
    "prolog.done": ((), _O),
    # refusals (REPLAY.md reasons)
    "refusal.game_over": (("seat",), _O),
    "refusal.malformed": (("seat",), _O),
    "refusal.wrong_phase": (("seat", "action"), _O),
    "refusal.no_game": (("seat",), _O),
    "refusal.not_alive": (("seat",), _O),
    "refusal.not_your_turn": (("seat",), _O),
    "refusal.already_voted": (("seat",), _O),
    "refusal.invalid_target": (("seat", "why"), _O),
    "refusal.ineligible": (("seat",), _O),
    "refusal.not_in_hand": (("party",), _P),
    "refusal.not_possible": (("seat",), _O),
    "refusal.no_discard": ((), _O),
    # the board as a mirror of the engine (BOARD.md principle 2)
    "tile.wrong_slot": (("track", "slot", "expected"), _O),
    "tile.removed": (("track", "slot"), _O),
    "tile.unexpected": (("track", "slot"), _O),
    "tracker.wrong_hole": (("position", "expected"), _O),
    "tracker.pin_missing": (("expected",), _O),
    "board.matches": ((), _O),
    "tile.no_enactment": (("track", "slot"), _O),
    "tile.check": (("seat",), _O),
    "tile.take_back": (("track",), _P),
    # never lose an action (BOARD.md principle 2): what happened to input during a correction
    "correction.press_again": (("seat",), _O),
    "ballot.held": (("seat",), _O),
    "discard.held": (("seat",), _O),
    # whose move it is and what to do (after a correction, an undo, a refusal)
    "next.nominate": (("seat",), _O),
    "next.vote": (("waiting",), _O),
    "next.discard": (("seat",), _O),
    "next.enact": (("seat",), _O),
    "next.veto_reply": (("seat",), _O),
    "next.choose": (("seat", "power"), _O),
    "next.acknowledge": (("seat",), _O),
    # faults
    "fault.reader_unplugged": (("reader",), _O),
    "fault.reader_back": (("reader",), _O),
    "fault.reader_missing": (("reader",), _O),
    "fault.unknown_tag": (("reader",), _O),
    "fault.unreadable": (("reader",), _O),
    "fault.stuck_contact": (("pin",), _O),
    # in a game the part is named, never a pin (Fault.part, docs/ARCHITECTURE.md)
    "fault.stuck.button": (("seat",), _O),
    "fault.stuck.slot": (("track", "slot"), _O),
    "fault.stuck.tracker": (("position",), _O),
    "fault.stuck.gm_key": ((), _O),
    "fault.chatter.button": (("seat",), _O),
    "fault.chatter.slot": (("track", "slot"), _O),
    "fault.chatter.tracker": (("holes",), _O),
    "fault.chatter.gm_key": ((), _O),
    "fault.two_holes": (("holes",), _O),
    # a part that cannot be opened or played at all (the board says so where any output works)
    "fault.gpio": ((), _O),
    "fault.gpio.button": (("seat",), _O),
    "fault.gpio.slot": (("track", "slot"), _O),
    "fault.gpio.tracker": (("position",), _O),
    "fault.gpio.gm_key": ((), _O),
    "fault.output.public": ((), _O),
    "fault.output.seat": (("seat",), _O),
    "fault.output.whisper": ((), _O),
    "selftest.output.public": ((), _O),
    "selftest.output.seat": (("seat",), _O),
    "selftest.output.whisper": ((), _O),
    # single-switch scanning (ACCESSIBILITY.md 13-17)
    "scan.start": ((), _O),
    "scan.item": (("seat",), _O),
    "scan.cancel": ((), _O),
    "scan.back": ((), _O),          # in an execution's confirmation: back to the list (A16)
    "scan.wrap": ((), _O),
    "scan.stopped": ((), _O),
    "scan.cancelled": ((), _O),
    "veto.scan.start": ((), _O),
    "veto.scan.ja": ((), _O),
    "veto.scan.nein": ((), _O),
    # the chancellor's choice after five fascist laws (issue "Veto without holding")
    "veto.scan.choice": ((), _O),
    "veto.scan.enact": ((), _O),
    "veto.scan.propose": ((), _O),
    "veto.scan.confirm": ((), _O),
    "veto.scan.enact_chosen": ((), _O),
    # the story of a finished game (story.py): public, every secret is public then (R15)
    "story.elected": (("index", "president", "nominee", "ja", "nein"), _O),
    "story.failed": (("index", "president", "nominee", "ja", "nein"), _O),
    "story.drawn": (("laws", "party"), _O),
    "story.discarded": (("party",), _O),
    "story.received": (("laws", "party"), _O),
    "story.enacted": (("party",), _O),
    "story.veto": (("seat",), _O),
    "story.veto_accepted": (("seat",), _O),
    "story.veto_refused": (("seat",), _O),
    "story.chaos": (("party",), _O),
    "story.special_election": (("seat", "target"), _O),
    "story.investigated": (("seat", "target", "party"), _O),
    "story.peeked": (("seat", "laws"), _O),
    "story.viewed_discard": (("seat", "party"), _O),
    "story.executed": (("seat", "target", "role"), _O),
    "story.end": (("count",), _O),
    "story.none": ((), _O),
    # set-up and per-seat settings (ACCESSIBILITY.md 7, 19)
    "setup.seat_name": (("seat",), _O),
    # the questions of a setup from the seats (issue 14; games/secret_dictator/lobby.py)
    "setup.question.variant": ((), _O),
    "setup.variant.rulebook": ((), _O),
    "setup.variant.official": ((), _O),
    "setup.question.deck": ((), _O),
    "setup.deck.untracked": ((), _O),
    "setup.deck.tracked": ((), _O),
    "settings.saved": ((), _O),
    "whisper.call": (("seat",), _O),
    # status on demand (ACCESSIBILITY.md 3), repeat
    "status.public": (("democratic_laws", "fascist_laws", "tracker"), _O),
    "status.government": (("president", "chancellor"), _O),
    "status.nominee": (("president", "nominee"), _O),
    "status.waiting": (("waiting",), _O),
    "status.private": (("seat", "role"), _P),
    # what a reader read, confirmed privately at the seat's earphone (issue 14)
    "tile.read.ballot": (("ballot",), _P),
    "tile.read.law": (("party",), _P),
    "tile.read.role": (("role",), _P),
    # the president's discard by scanning, without a law reader (issue 14, BOARD.md): the
    # party chosen is the president's secret (R16), so its confirmation is private
    "discard.prompt": ((), _O),
    "discard.scan.start": ((), _O),
    "discard.scan.democratic": ((), _O),
    "discard.scan.fascist": ((), _O),
    "discard.scan.confirm": (("party",), _P),
    "discard.chosen": (("party",), _P),
    # the status in layers (STATUS_LAYERS in announce): now, government, tracks, players
    "status.now.you": (("task",), _O),
    "status.now.waiting.president": (("seat",), _O),
    "status.now.waiting.chancellor": (("seat",), _O),
    "status.now.votes": (("count",), _O),
    "status.now.board": ((), _O),
    "status.now.over": ((), _O),
    "status.phase": (("phase",), _O),
    "status.president": (("president",), _O),
    "status.players": (("count", "executed", "ineligible"), _O),
    # the seat's own secrets of this round, again in its private status (ACCESSIBILITY.md 8)
    "recall.hand": (("laws",), _P),
    "recall.peek": (("laws",), _P),
    "recall.view_discard": (("party",), _P),
    "recall.investigate": (("target", "party"), _P),
    "repeat.nothing": ((), _O),
    # game master and service
    "gm.paused": ((), _O),
    "gm.resumed": ((), _O),
    "gm.undone": (("action", "seat"), _O),
    "gm.ended": ((), _O),
    "gm.game_back": ((), _O),
    "service.ready": ((), _O),
    "service.resumed": ((), _O),
    "service.stopping": ((), _O),
    # the journal's self-check at start found damage (the damaged file is kept aside)
    "journal.lost": (("count",), _O),
    "journal.lost_unknown": ((), _O),
    "journal.game_lost": ((), _O),
    "journal.kept": ((), _O),
    "journal.foreign": ((), _O),
    # self-test (`firmware-host self-test`): every input named as the board recognised it;
    # tracker holes are numbered from 0 (``position``), slots and tiles from 1
    "selftest.start": ((), _O),
    "selftest.button.press": (("seat",), _O),
    "selftest.button.hold": (("seat",), _O),
    "selftest.button.double": (("seat",), _O),
    "selftest.slot.filled": (("track", "slot"), _O),
    "selftest.slot.emptied": (("track", "slot"), _O),
    "selftest.tracker": (("position",), _O),
    "selftest.tracker.none": ((), _O),
    "selftest.gm_key.press": ((), _O),
    "selftest.gm_key.hold": ((), _O),
    "selftest.gm_key.double": ((), _O),
    "selftest.ballot": (("seat", "ballot"), _O),
    "selftest.law": (("party",), _O),
    "selftest.law.numbered": (("party", "index"), _O),
    "selftest.role_tile": (("role",), _O),
    "selftest.role_tile.numbered": (("role", "index"), _O),
    "selftest.tag": (("reader",), _O),
    "selftest.reader.on": (("reader",), _O),
    "selftest.reader.off": (("reader",), _O),
    "selftest.stuck.button": (("seat",), _O),
    "selftest.stuck.slot": (("track", "slot"), _O),
    "selftest.stuck.tracker": (("position",), _O),
    "selftest.stuck.gm_key": ((), _O),
    "selftest.chatter.button": (("seat",), _O),
    "selftest.chatter.slot": (("track", "slot"), _O),
    "selftest.chatter.tracker": (("position",), _O),
    "selftest.chatter.gm_key": ((), _O),
    "selftest.chatter.pin": (("pin",), _O),
    "selftest.two_holes": ((), _O),
    "selftest.done": (("count",), _O),
    "selftest.untouched.buttons": (("seats",), _O),
    "selftest.untouched.slot": (("track", "slot"), _O),
    "selftest.untouched.tracker": (("position",), _O),
    "selftest.untouched.gm_key": ((), _O),
    "selftest.untouched.reader": (("reader",), _O),
    # tag enrolment (`firmware-host enrol-tags`)
    "enrol.start": (("count", "reader"), _O),
    "enrol.present_ballot": (("seat", "ballot"), _O),
    "enrol.present_law.democratic": (("index",), _O),
    "enrol.present_law.fascist": (("index",), _O),
    "enrol.present_role": (("role", "index"), _O),
    "enrol.accepted": ((), _O),
    "enrol.duplicate.ballot": (("seat", "ballot"), _O),
    "enrol.duplicate.law.democratic": (("index",), _O),
    "enrol.duplicate.law.fascist": (("index",), _O),
    "enrol.duplicate.role": (("role", "index"), _O),
    "enrol.done": (("count",), _O),
    # physical role tiles (BOARD.md "Roles")
    "roles.present_tile": (("seat",), _O),
    "roles.tile_read": (("seat",), _O),
    "roles.complete": ((), _O),
    # each reader has its own tiles (BOARD.md): a tile at the wrong reader is named
    # neutrally (never which ballot, law or role it is) and changes nothing
    "roles.not_a_role_tile": (("seat",), _O),
    "tile.ballot_at_discard_pile": ((), _O),
    "tile.law_at_ballot_box": ((), _O),
    "tile.role_not_asked": ((), _O),
}

#: Term keys (no short/long): the words the formatter puts into templates.
TERMS: tuple[str, ...] = (
    "term.nobody", "term.and", "term.game_master", "term.seat", "term.seat.named", "term.seat.named_full",
    "term.seat.named_at", "term.seats",
    *(f"term.{t}.{v}" for t in ("party", "role", "reader", "ballot", "power", "action", "why")
      for v in ENUMS[t]),
    *(f"term.action.{v}.busy" for v in ENUMS["action"]),
    *(f"term.{t}.{v}" for t in ("task", "phase") for v in ENUMS[t]),
    *(f"term.party.{v}.team" for v in ENUMS["party"]),
    *(f"term.role.{v}.f" for v in ENUMS["role"]),
    *(f"term.track.{v}.{case}" for v in ENUMS["track"] for case in ("nom", "acc", "dat", "gen")),
)


def keys() -> tuple[str, ...]:
    """All message keys (``tuple[str, ...]``, catalogue order); terms are not included."""
    return tuple(MESSAGES)


def is_private(key: str) -> bool:
    """True when the message carries a seat's secret (R16) and may only go to ``seat:N``.

    Raises:
        UnknownMessage: ``key`` is not in the catalogue.
    """
    return _schema(key)[1]


def placeholders(key: str) -> tuple[str, ...]:
    """The parameter names of ``key`` (``tuple[str, ...]``), exactly the fields of its texts.

    Raises:
        UnknownMessage: ``key`` is not in the catalogue.
    """
    return _schema(key)[0]


def _schema(key: str) -> tuple[tuple[str, ...], bool]:
    try:
        return MESSAGES[key]
    except (KeyError, TypeError):
        raise UnknownMessage(f"unknown message key {key!r}") from None


# ---------------------------------------------------------------------------------------
# Number words 0..99 (German with case endings, English). Own code rather than num2words:
# the engine package is stdlib-only (docs/ARCHITECTURE.md), and num2words has no German
# case forms ("einem", "dritten"), which the wording rules need (ACCESSIBILITY.md 6).
# ---------------------------------------------------------------------------------------

_DE_UNITS = ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
             "zehn", "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn",
             "siebzehn", "achtzehn", "neunzehn")
_DE_TENS = ("", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig",
            "achtzig", "neunzig")
_EN_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen")
_EN_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
            "ninety")
_EN_ORD = {"one": "first", "two": "second", "three": "third", "five": "fifth",
           "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}


def _check_number(n: Any) -> int:
    if type(n) is not int or not 0 <= n <= 99:
        raise MessageParamError(f"a number word needs an integer 0..99, not {n!r}")
    return n


def cardinal(n: int, language: str = "de", ending: str | None = None) -> str:
    """The cardinal number word for ``n`` (0..99).

    Args:
        n: the number.
        language: ``"de"`` or ``"en"``.
        ending: German only: None gives the standalone form ("eins"); a string gives the
            article-like form for one ("ein" + ending: ``"e"`` → "eine", ``"em"`` →
            "einem"); other numbers do not inflect.

    Raises:
        MessageParamError: ``n`` is not an int in 0..99.
        UnknownLanguage: ``language`` is not ``"de"`` or ``"en"``.

    >>> cardinal(21), cardinal(1, ending="e"), cardinal(7, "en")
    ('einundzwanzig', 'eine', 'seven')
    """
    n = _check_number(n)
    if language == "de":
        if n == 1 and ending is not None:
            return "ein" + ending
        if n < 20:
            return _DE_UNITS[n]
        tens, unit = divmod(n, 10)
        if unit == 0:
            return _DE_TENS[tens]
        return ("ein" if unit == 1 else _DE_UNITS[unit]) + "und" + _DE_TENS[tens]
    if language == "en":
        if n < 20:
            return _EN_UNITS[n]
        tens, unit = divmod(n, 10)
        return _EN_TENS[tens] + ("-" + _EN_UNITS[unit] if unit else "")
    raise UnknownLanguage(f"no catalog for language {language!r}; choose one of {', '.join(LANGUAGES)}")


def ordinal(n: int, language: str = "de", ending: str = "e") -> str:
    """The ordinal number word for ``n`` (0..99).

    Args:
        n: the number (1 → "erste" / "first").
        language: ``"de"`` or ``"en"``.
        ending: German only: the adjective ending after the stem ("dritt" + ``"en"`` →
            "dritten"; ``"es"`` → "drittes"), chosen by the template for case and gender.

    Raises:
        MessageParamError: ``n`` is not an int in 0..99.
        UnknownLanguage: ``language`` is not ``"de"`` or ``"en"``.

    >>> ordinal(3), ordinal(3, ending="en"), ordinal(20), ordinal(3, "en")
    ('dritte', 'dritten', 'zwanzigste', 'third')
    """
    n = _check_number(n)
    if language == "de":
        special = {1: "erst", 3: "dritt", 7: "siebt", 8: "acht"}
        if n in special:
            stem = special[n]
        elif n < 20:
            stem = _DE_UNITS[n] + "t"
        else:
            stem = cardinal(n, "de") + "st"
        return stem + ending
    if language == "en":
        if n < 20 or n % 10 == 0:
            word = _EN_UNITS[n] if n < 20 else _EN_TENS[n // 10]
            if word in _EN_ORD:
                return _EN_ORD[word]
            if word.endswith("y"):
                return word[:-1] + "ieth"
            return word + "th"
        tens, unit = divmod(n, 10)
        return _EN_TENS[tens] + "-" + ordinal(unit, "en")
    raise UnknownLanguage(f"no catalog for language {language!r}; choose one of {', '.join(LANGUAGES)}")


# ---------------------------------------------------------------------------------------
# Catalog loading
# ---------------------------------------------------------------------------------------

_catalogs: dict[str, gettext.NullTranslations] = {}


def _catalog(language: str) -> gettext.NullTranslations:
    cat = _catalogs.get(language)
    if cat is not None:
        return cat
    if language not in LANGUAGES:
        raise UnknownLanguage(f"no catalog for language {language!r}; choose one of {', '.join(LANGUAGES)}")
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if mo.exists():  # tests/catalogue checks that every .mo matches its .po
        with open(mo, "rb") as fp:
            cat = gettext.GNUTranslations(fp)
    else:  # a checkout without compiled catalogs: compile in memory with Babel (slower)
        cat = _compile_in_memory(po)
    _catalogs[language] = cat
    return cat


def _compile_in_memory(po: Path) -> gettext.GNUTranslations:
    import io

    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        raise UnknownLanguage(f"{po.with_suffix('.mo')} is missing and Babel is not installed to compile "
                              f"{po.name}: run scripts/compile-catalogs (pip install '.[dev]')") from None

    with open(po, "rb") as fp:
        babel_catalog = read_po(fp)
    buf = io.BytesIO()
    write_mo(buf, babel_catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def template(key: str, language: str = "de", long: bool = False) -> str:
    """The raw template of ``key`` (``str.format`` syntax, see the module docstring).

    Raises:
        UnknownMessage: ``key`` is not in the catalogue, or has no text in ``language``.
        UnknownLanguage: ``language`` has no catalog.
    """
    _schema(key)
    context = "long" if long else "short"
    found = _catalog(language).pgettext(context, key)
    if found == key:
        raise UnknownMessage(f"message {key!r} has no {context} text in {language!r}")
    return found


def term(name: str, language: str = "de") -> str:
    """A term of the catalog (``"term.party.fascist"`` → "faschistisch").

    Raises:
        UnknownMessage: no such term in ``language``.
    """
    found = _catalog(language).gettext(name)
    if found == name:
        raise UnknownMessage(f"unknown term {name!r} in {language!r}")
    return unicodedata.normalize("NFC", found)


# ---------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------


def seat_name(seat: int | None, language: str = "de", names: Mapping[int, str] | None = None,
              full: bool = False, at: bool = False) -> str:
    """How speech names a seat (R1): "Platz drei" / "seat 3", or the configured name.

    Args:
        seat: 0-based seat number, or None ("niemand" / "nobody").
        language: ``"de"`` or ``"en"``.
        names: optional ``{seat (0-based): player name}``.
        full: name *and* seat ("Anna, Platz drei"), for a first mention.
        at: name *and* seat as "Anna auf Platz drei", for a sentence naming two seats, where
            "Jörg, Platz eins … Anna, Platz drei" is ambiguous by ear (WORDING-REVIEW.md).

    Raises:
        MessageParamError: ``seat`` is not None or an int 0..98.
    """
    if seat is None:
        return term("term.nobody", language)
    if type(seat) is not int or not 0 <= seat < 99:
        raise MessageParamError(f"a seat must be a 0-based seat number, not {seat!r}")
    number = str(seat + 1) if language == "en" else cardinal(seat + 1, language)
    plain = term("term.seat", language).format(number=number)
    name = (names or {}).get(seat)
    if not name:
        return unicodedata.normalize("NFC", plain)
    name = unicodedata.normalize("NFC", str(name)).strip()
    key = "term.seat.named_at" if at else "term.seat.named_full" if full else "term.seat.named"
    return unicodedata.normalize(
        "NFC", term(key, language).format(name=name, number=number, seat=plain))


def _join(items: list[str], language: str) -> str:
    if not items:
        return term("term.nobody", language)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " " + term("term.and", language) + " " + items[-1]


def _gendered(spec: str, gender: str | None) -> str:
    parts = spec.split("/")
    if len(parts) != 3:
        raise MessageParamError(f"a gendered form needs two words (g/masculine/feminine): {spec!r}")
    return parts[2] if gender == "f" else parts[1]


def _seats(seats: list, language: str, names: Mapping[int, str] | None, full: bool) -> str:
    """A list of seats: "Platz eins und Anna, Platz drei", or "Plätze eins, zwei und drei"
    when none of them has a name (WORDING-REVIEW.md: half the words)."""
    if len(seats) > 1 and not any((names or {}).get(s) for s in seats):
        numbers = [str(s + 1) if language == "en" else cardinal(s + 1, language) for s in seats]
        return term("term.seats", language).format(numbers=_join(numbers, language))
    return _join([seat_name(s, language, names, full=full) for s in seats], language)


class _Formatter(string.Formatter):
    def __init__(self, language: str, names: Mapping[int, str] | None,
                 genders: Mapping[int, str] | None = None) -> None:
        self.language = language
        self.names = names
        self.genders = genders or {}
        self.params: Mapping[str, Any] = {}

    def vformat(self, format_string: str, args: Any, kwargs: Mapping[str, Any]) -> str:
        self.params = kwargs
        return super().vformat(format_string, args, kwargs)

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return (key, kwargs[key])

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value

    def format_field(self, value: Any, spec: str) -> str:
        name, v = value
        kind = PARAM_TYPES.get(name, "int")
        lang = self.language
        if kind == "seat" and spec.startswith("g/"):
            return _gendered(spec, self.genders.get(v))
        if kind == "role" and spec == "g":       # the role of the seat the message is for
            female = self.genders.get(self.params.get("seat")) == "f"
            return term(f"term.role.{v}" + (".f" if female else ""), lang)
        if kind == "seat":
            if spec == "at":
                return seat_name(v, lang, self.names, at=True)
            if spec not in ("", "full", "actor", "actor_full"):
                raise MessageParamError(f"unknown seat form {spec!r} for {name!r}")
            if v is None and spec.startswith("actor"):
                return term("term.game_master", lang)
            return seat_name(v, lang, self.names, full=spec.endswith("full"))
        if kind == "seats":
            if spec.startswith("plural/"):      # the word for one seat, or for any other count
                parts = spec.split("/")
                if len(parts) != 3:
                    raise MessageParamError(f"plural form needs two words: {spec!r}")
                return parts[1] if len(v) == 1 else parts[2]
            return _seats(list(v), lang, self.names, spec == "full")
        if kind == "int":
            return _number(v, spec, lang)
        if kind == "ints":
            if spec.startswith("plural/"):
                parts = spec.split("/")
                if len(parts) != 3:
                    raise MessageParamError(f"plural form needs two words: {spec!r}")
                return parts[1] if len(v) == 1 else parts[2]
            return _join([_number(n, spec, lang) for n in v], lang)
        if kind == "parties":
            return ", ".join(term(f"term.party.{p}" + (f".{spec}" if spec else ""), lang) for p in v)
        return term(f"term.{kind}.{v}" + (f".{spec}" if spec else ""), lang)


def _number(n: Any, spec: str, language: str) -> str:
    if spec.startswith("plural/"):
        parts = spec.split("/")
        if len(parts) != 3:
            raise MessageParamError(f"plural form needs two words: {spec!r}")
        return parts[1] if _check_number(n) == 1 else parts[2]
    if spec in ("", "card"):
        return cardinal(n, language)
    form, _, ending = spec.partition("-")
    if form == "card":
        return cardinal(n, language, ending if language == "de" else None)
    if form == "ord":
        return ordinal(n, language, ending) if language == "de" else ordinal(n, language)
    raise MessageParamError(f"unknown number form {spec!r}")


def _check_params(key: str, params: Mapping[str, Any]) -> None:
    want = placeholders(key)
    if not isinstance(params, Mapping):
        raise MessageParamError(f"{key}: params must be a dict, not {type(params).__name__}")
    missing = [p for p in want if p not in params]
    extra = [p for p in params if p not in want]
    if missing or extra:
        raise MessageParamError(
            f"{key}: params must be exactly {list(want)}"
            + (f"; missing {missing}" if missing else "") + (f"; unexpected {extra}" if extra else ""))
    for p in want:
        kind, v = PARAM_TYPES.get(p, "int"), params[p]
        ok = True
        if kind == "seat":
            ok = v is None or type(v) is int
        elif kind == "seats":
            ok = isinstance(v, (list, tuple)) and all(type(s) is int for s in v)
        elif kind == "int":
            ok = type(v) is int and v >= 0
        elif kind == "ints":
            ok = isinstance(v, (list, tuple)) and all(type(n) is int and n >= 0 for n in v)
        elif kind == "parties":
            ok = isinstance(v, (list, tuple)) and all(x in ENUMS["parties"] for x in v)
        else:
            ok = v in ENUMS[kind]
        if not ok:
            raise MessageParamError(f"{key}: {p} = {v!r} is not a valid {kind}")


def render_template(tmpl: str, params: Mapping[str, Any], language: str = "de",
                    names: Mapping[int, str] | None = None,
                    genders: Mapping[int, str] | None = None) -> str:
    """Fill a catalogue template (module docstring) with ``params``; NFC-normalised.

    ``genders``: ``{seat (0-based): "m" | "f"}`` (:data:`GENDERS`), for the gendered forms.

    Raises:
        MessageParamError: a field has no parameter, or a bad value or form.
    """
    try:
        out = _Formatter(language, names, genders).vformat(tmpl, (), dict(params))
    except KeyError as exc:
        if isinstance(exc, FirmwareHostError):
            raise
        raise MessageParamError(f"template field {exc.args[0]!r} has no parameter") from None
    except (IndexError, ValueError) as exc:
        if isinstance(exc, FirmwareHostError):
            raise
        raise MessageParamError(f"bad template {tmpl!r}: {exc}") from None
    return unicodedata.normalize("NFC", out)


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None,
         genders: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key``.

    Args:
        key: a message key (:func:`keys`), e.g. ``"election.passed"``.
        params: the message's parameters (:func:`placeholders`), plain JSON values; seats
            are 0-based, the text says them one-based. None means ``{}``.
        language: ``"de"`` (default) or ``"en"``.
        long: the long wording (first time at a table) instead of the short one (≤ 8 words).
        names: optional ``{seat: player name}`` (0-based seats) spoken instead of "Platz N".
        genders: optional ``{seat: "m" | "f"}``, each seat's grammatical gender (the seat
            setting ``gender``): "Präsidentin", "Kanzlerin", "Faschistin", "Demokratin".

    Returns:
        ``str``, Unicode NFC; a German text has no digits.

    Raises:
        UnknownMessage (a ``KeyError``): unknown ``key``.
        MessageParamError (a ``ValueError``): params missing, extra or of the wrong type.
        UnknownLanguage (a ``ValueError``): ``language`` has no catalog.
    """
    params = {} if params is None else params
    _check_params(key, params)
    return render_template(template(key, language, long), params, language, names, genders)


def pronounce(text: str, language: str) -> str:
    """``text`` with :data:`PRONUNCIATIONS` applied for ``language``: what the speech engine
    is given (espeak-ng phoneme input), never what is logged or shown. Whole words only,
    the longest first (``str``; unchanged for a language without overrides)."""
    table = PRONUNCIATIONS.get(language)
    if not table:
        return text
    rx = _PRONOUNCE_RX.get(language)
    if rx is None:
        import re
        rx = _PRONOUNCE_RX[language] = re.compile(
            r"(?<![\w\[])(" + "|".join(re.escape(w) for w in sorted(table, key=len, reverse=True)) + r")(?![\w\]])")
    return rx.sub(lambda m: table[m.group(1)], text)


_PRONOUNCE_RX: dict[str, Any] = {}


def fields(tmpl: str) -> set[str]:
    """The parameter names used by a template (``set[str]``); for tests and tools. A
    gendered role (``{role:g}``) uses ``seat`` too: the gender is that seat's."""
    out = set()
    for _, f, spec, _ in string.Formatter().parse(tmpl):
        if f:
            out.add(f)
            if PARAM_TYPES.get(f) == "role" and spec == "g":
                out.add("seat")
    return out


def check_messages() -> list[str]:
    """Problems of the catalogs as one sentence each (``list[str]``, empty when sound).

    Checks that every key has all four wordings with exactly its parameters and that every
    term exists in every language. Used by the tests and by ``scripts/compile-catalogs``.
    """
    problems: list[str] = []
    for language in LANGUAGES:
        for key in MESSAGES:
            for long in (False, True):
                try:
                    tmpl = template(key, language, long)
                except UnknownMessage as exc:
                    problems.append(str(exc))
                    continue
                got, want = fields(tmpl), set(placeholders(key))
                if got != want:
                    problems.append(f"{language} {'long' if long else 'short'} {key}: "
                                    f"fields {sorted(got)} instead of {sorted(want)}")
        for name in TERMS:
            try:
                term(name, language)
            except UnknownMessage as exc:
                problems.append(str(exc))
    return problems
