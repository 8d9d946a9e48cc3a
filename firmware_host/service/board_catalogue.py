"""The board's own sentences, German and English: what the board says whatever game it hosts —
the service (``service.*``), the game master (``gm.*``), faults by the part's name (``fault.*``),
a damaged journal (``journal.*``), the scan's shared steps (``scan.wrap``, ``scan.stopped``,
``scan.cancel``, ``scan.cancelled``, ``scan.back``, a pick's answer ``scan.selected``), the whisper station (``whisper.*``), the self-test
(``selftest.*``), tag enrolment (``enrol.*``), the setup from the seats (``lobby.*``) and a
seat's own settings (``settings.*``); plus ``setup.seat_name`` and ``repeat.nothing``.

A game's catalogue holds only its own sentences and has this one as its fallback
(:class:`firmware_host.kernel.wording.Catalogue`): every game's table says the board's sentences
in these words, through its own catalogue's ``text`` or through :func:`text` here. No key is in
two catalogues (tests/catalogue). The formatter and the checker are the shared ones
(:mod:`firmware_host.kernel.wording`).

The texts are gettext catalogs, ``locale/<language>/LC_MESSAGES/messages.po`` next to this
module (msgid = key, msgctxt ``short``/``long``; ACCESSIBILITY.md 5: short at most 8 words),
compiled by ``scripts/compile-catalogs``; the words are the rulebook's (WORDING-REVIEW.md, the
terminology test). No digit reaches German speech (ACCESSIBILITY.md 6). The languages are data
(:data:`LANGUAGES`): a language joins with its ``.po`` (and number words in ``kernel.wording``).

Parameter types are fixed by the parameter's name (:data:`PARAM_TYPES`): the shared ones
(seat, seats, int, ints, text, texts, enums) and ``seconds`` ("null Komma fünf Sekunden" /
"zero point five seconds"). The board's parts are named as BOARD.md builds them: ``track``
(``{track:gen}``: the case form) and ``reader``; a game's tiles are named in its own catalogue
(its pack's ``tile_words``).

Example::

    text("lobby.present", {"seat": 2, "missing": 4}, "de")   # 'Platz drei ist da, noch vier offen'
    text("fault.output.seat", {"seat": 2}, "en")      # 'Fault: earphone of seat 3 silent'
"""

from __future__ import annotations

from typing import Any, Mapping

from firmware_host.kernel import wording
from firmware_host.kernel.wording import MessageParamError, UnknownLanguage, UnknownMessage
from firmware_host.resources import package_path

__all__ = ["LANGUAGES", "MESSAGES", "PARAM_TYPES", "ENUMS", "TERMS", "CATALOGUE", "UnknownMessage",
           "MessageParamError", "UnknownLanguage", "text", "keys", "is_private", "placeholders",
           "template", "term", "seat_name", "seconds_words", "check_messages", "fields"]

#: the languages with a catalog (the first is the default); a language joins with its ``.po``
LANGUAGES = ("de", "en", "fr")
LOCALE_DIR = package_path(__name__.rpartition(".")[0], "locale")
DOMAIN = "messages"

PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "seats": "seats",
    "count": "int", "missing": "int", "last": "int", "wpm": "int", "percent": "int",
    "slot": "int", "position": "int", "pin": "int", "index": "int", "holes": "ints",
    "seconds": "seconds", "name": "text", "title": "text", "item": "text", "choices": "texts",
    "verbosity": "verbosity", "gender": "gender", "setting": "setting", "reason": "reason",
    "reader": "reader", "track": "track",
}

#: enum type -> its values (each has ``term.<type>.<value>`` in every language)
ENUMS: dict[str, tuple[str, ...]] = {
    "verbosity": ("auto", "short", "long"),
    "gender": ("m", "f"),
    "setting": ("rate", "volume", "verbosity", "scan_interval", "ignore_repeat", "gender"),
    # why a setup from the seats cannot start (lobby.refused)
    "reason": ("invalid", "players", "journal", "console"),
    # the board's parts and tiles (BOARD.md)
    "reader": ("ballot", "law"),
    "track": ("democratic", "fascist"),
}

_O = False  # none of the board's sentences carries a seat's secret

#: key -> (parameter names, private)
MESSAGES: dict[str, tuple[tuple[str, ...], bool]] = {name: (params, _O) for name, params in {
    # a part the game can do without could not be started: said, and play goes on (service.core)
    "fault.optional.gm_key": (),
    # setup from the seats (table.lobby)
    "lobby.start": (),
    "lobby.question.game": (),
    "lobby.option.game": ("title",),
    "lobby.question.language": (),
    "lobby.option.language.de": (),
    "lobby.option.language.en": (),
    "lobby.option.language.fr": (),
    "lobby.question.players": (),
    "lobby.option.players": ("count",),
    "lobby.question.names": (),
    "lobby.option.names.seats": (),
    "lobby.option.names.list": (),
    "lobby.question.start": ("choices",),
    "lobby.option.start": (),
    "lobby.back": (),
    "lobby.cancel": (),
    "lobby.wrap": (),
    "lobby.stopped": (),
    "lobby.busy": ("seat",),
    "lobby.cancelled": (),
    "lobby.abandoned": (),
    "lobby.presence.call": ("count",),
    "lobby.present": ("seat", "missing"),
    "lobby.waiting": ("seats",),
    "lobby.name_taken": ("name", "seat"),
    "lobby.all_present": (),
    "lobby.already_present": (),
    "lobby.not_playing": ("seat", "last"),
    "lobby.refused": ("reason",),
    "lobby.console": (),
    "lobby.question.name": (),
    "lobby.option.seat": ("seat",),
    "lobby.option.name": ("name",),
    # the seat's own settings (table.seat_menu)
    "settings.menu": (),
    "settings.item.rate": ("wpm",),
    "settings.item.volume": ("percent",),
    "settings.item.verbosity": ("verbosity",),
    "settings.item.scan_interval": ("seconds",),
    "settings.item.ignore_repeat": ("seconds",),
    "settings.item.gender": ("gender",),
    "settings.choose": ("setting",),
    "settings.value.rate": ("wpm",),
    "settings.value.volume": ("percent",),
    "settings.value.verbosity": ("verbosity",),
    "settings.value.seconds": ("seconds",),
    "settings.value.gender": ("gender",),
    "settings.value.default": (),
    "settings.done": (),
    "settings.closed": (),
    "settings.not_stored": (),
    "settings.offer": (),
    # after game over: the story, then the next game from the seats (ACCESSIBILITY.md 30)
    "evening.offer": (),
    "evening.story_more": (),
    "evening.story_end": (),
    # nobody waits in silence (table.reminders, ACCESSIBILITY.md 28): whom the table waits for
    "table.waiting": ("seats",),
    "table.waiting_choice": (),
    "table.waiting_you": (),
    "table.waiting_others": (),
    "table.noted": (),          # an act told at the table only, answered in the seat's earphone
    "table.list_after": (),     # a press whose list waits for the table: the next press opens it
    # the service and the game master
    "service.ready": (),
    "service.resumed": (),
    "service.new_game": (),     # a new game cut off what the last one still had to say (issue 34)
    "service.stopping": (),
    "gm.paused": (),
    "gm.resumed": (),
    "gm.ended": (),
    "gm.game_back": (),
    "gm.undone": ("seat",),
    "gm.undone_nobody": (),     # an undo while who acted is a secret (a night): nobody named (R16)
    "setup.seat_name": ("seat",),
    "settings.saved": (),
    "repeat.nothing": (),
    # a damaged journal found by the self-check at start (the damaged file is kept aside)
    "journal.lost": ("count",),
    "journal.lost_unknown": (),
    "journal.game_lost": (),
    # a whole journal whose game cannot be read back or replayed: nothing is set aside
    "journal.not_resumed": (),
    "journal.kept": (),
    "journal.set_aside": (),    # kept aside, no game resumed from it: nothing is said about what it held
    "journal.foreign": (),
    # a tile the board does not know, or one of a kind the game does not read (every game's words)
    "tile.unknown": (),
    "tile.not_this_game": (),
    # the scan's own steps in every list (ACCESSIBILITY.md 14, 15)
    "scan.cancel": (),
    "scan.cancelled": (),
    "scan.wrap": (),
    "scan.stopped": (),
    "scan.back": (),            # in a confirmation: back to the list (ACCESSIBILITY.md 16)
    "scan.selected": ("item",), # a pick's answer, a press takes it back (ACCESSIBILITY.md 32)
    "whisper.call": ("seat",),
    "whisper.noted": ("seats",),  # acts away from the whisper station, answered at the table at once
    # faults: in a game the part is named, never a pin (Fault.part, docs/ARCHITECTURE.md)
    "fault.reader_unplugged": ("reader",),
    "fault.reader_back": ("reader",),
    "fault.reader_back_waiting": ("reader", "seats"),   # back while the table waits for seats (28)
    "fault.reader_missing": ("reader",),
    "fault.unknown_tag": ("reader",),
    "fault.unreadable": ("reader",),
    "fault.stuck_contact": ("pin",),
    "fault.stuck.button": ("seat",),
    "fault.stuck.slot": ("track", "slot"),
    "fault.stuck.peg": ("position",),
    "fault.stuck.gm_key": (),
    "fault.chatter.button": ("seat",),
    "fault.chatter.slot": ("track", "slot"),
    "fault.chatter.peg": ("holes",),
    "fault.chatter.gm_key": (),
    "fault.two_holes": ("holes",),
    # a button that misbehaves, or any other part, where the game names no more (the console says which)
    "fault.button": ("seat",),
    "fault.board": (),
    # a part that cannot be opened or played at all (said where any output works)
    "fault.gpio": (),
    "fault.gpio.button": ("seat",),
    "fault.gpio.slot": ("track", "slot"),
    "fault.gpio.peg": ("position",),
    "fault.gpio.gm_key": (),
    "fault.output.public": (),
    "fault.output.seat": ("seat",),
    "fault.output.whisper": (),
    # self-test (`firmware-host self-test`): every input named as the board recognised it;
    # the peg's holes are numbered from 0 (``position``), slots and tiles from 1
    "selftest.output.public": (),
    "selftest.output.seat": ("seat",),
    "selftest.output.whisper": (),
    "selftest.start": (),
    "selftest.button.press": ("seat",),
    "selftest.button.hold": ("seat",),
    "selftest.button.double": ("seat",),
    "selftest.slot.filled": ("track", "slot"),
    "selftest.slot.emptied": ("track", "slot"),
    "selftest.peg": ("position",),
    "selftest.peg.none": (),
    "selftest.gm_key.press": (),
    "selftest.gm_key.hold": (),
    "selftest.gm_key.double": (),
    "selftest.tag": ("reader",),
    "selftest.tile": ("reader",),   # an enrolled tile whose game has no self-test words for it
    "selftest.reader.on": ("reader",),
    "selftest.reader.off": ("reader",),
    "selftest.stuck.button": ("seat",),
    "selftest.stuck.slot": ("track", "slot"),
    "selftest.stuck.peg": ("position",),
    "selftest.stuck.gm_key": (),
    "selftest.chatter.button": ("seat",),
    "selftest.chatter.slot": ("track", "slot"),
    "selftest.chatter.peg": ("position",),
    "selftest.chatter.gm_key": (),
    "selftest.chatter.pin": ("pin",),
    "selftest.two_holes": (),
    "selftest.done": ("count",),
    "selftest.untouched.buttons": ("seats",),
    "selftest.untouched.slot": ("track", "slot"),
    "selftest.untouched.peg": ("position",),
    "selftest.untouched.gm_key": (),
    "selftest.untouched.reader": ("reader",),
    # the walk's request of the next touch (firmware-host self-test walks every part in turn)
    "selftest.ask.button": ("seat",),
    "selftest.ask.gm_key": (),
    "selftest.ask.slot.fill": ("track", "slot"),
    "selftest.ask.slot.empty": ("track", "slot"),
    "selftest.ask.peg": ("position",),
    "selftest.ask.reader": ("reader",),
    # tag enrolment (`firmware-host enrol-tags`); each game's tiles are named by its own catalogue
    "enrol.start": ("count", "reader"),
    "enrol.accepted": (),
    "enrol.done": ("count",),
}.items()}

TERMS = tuple(f"term.{kind}.{value}" for kind, values in ENUMS.items() if kind != "track" for value in values) + (
    "term.seat", "term.seat.named", "term.seat.named_full", "term.seat.named_at", "term.seats", "term.and",
    "term.nobody", "term.game_master", "term.second", "term.seconds", "term.point",
    *(f"term.track.{v}.{case}" for v in ENUMS["track"] for case in ("nom", "acc", "dat", "gen")))


def seconds_words(seconds: float, language: str = "de") -> str:
    """A time in words, one decimal: 0.5 → "null Komma fünf Sekunden", 1 → "eine Sekunde",
    1.5 → "one point five seconds" (ACCESSIBILITY.md 6: no digits in German speech).

    :raises MessageParamError: not a number from 0 to 999.9.
    :raises UnknownLanguage: ``language`` has no catalog.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 1000:
        raise MessageParamError(f"seconds must be a number 0..999.9, not {seconds!r}")
    tenths = int(round(float(seconds) * 10))
    whole, tenth = divmod(tenths, 10)
    if tenths == 10:
        return CATALOGUE.term("term.second", language)
    words = CATALOGUE.cardinal(whole, language)
    if tenth:
        words += " " + CATALOGUE.term("term.point", language) + " " + CATALOGUE.cardinal(tenth, language)
    return CATALOGUE.term("term.seconds", language).format(number=words)


CATALOGUE = wording.Catalogue(
    LOCALE_DIR, MESSAGES, PARAM_TYPES, languages=LANGUAGES, enums=ENUMS, terms=TERMS, highest=999,
    renders={"seconds": lambda w, v, spec: seconds_words(v, w.language)},
    checks={"seconds": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)},
    domain=DOMAIN)
#: language -> loaded catalog (scripts/compile-catalogs clears it after compiling)
_catalogs = CATALOGUE.catalogs.loaded
_catalog = CATALOGUE.catalogs.get

keys, is_private, placeholders, template, term, fields, _schema, _check_params = CATALOGUE.functions()


def _template(key: str, language: str, long: bool) -> str:
    return CATALOGUE.template(key, language, long)


def seat_name(seat: int | None, language: str = "de", names: Mapping[int, str] | None = None,
              full: bool = False) -> str:
    """ "Platz drei" / "seat 3", or the seat's player name ("Anna"; ``full``: "Anna, Platz drei").

    :raises MessageParamError: ``seat`` is not None or an int 0..98.
    """
    return CATALOGUE.seat_name(seat, language, names, full=full)


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de", long: bool = False,
         names: Mapping[int, str] | None = None) -> str:
    """The sentence for ``key`` (Unicode NFC; :meth:`firmware_host.kernel.wording.Catalogue.text`).

    :param key: one of :func:`keys`.
    :param params: exactly the message's parameters (0-based seats).
    :param language: one of :data:`LANGUAGES`.
    :param long: the long wording (the first time a listener hears the message).
    :param names: ``{seat: player name}`` spoken instead of "Platz N".
    :raises UnknownMessage: an unknown key.
    :raises MessageParamError: parameters missing, extra or of the wrong type.
    :raises UnknownLanguage: a language without a catalog.
    """
    return CATALOGUE.text(key, params, language, long, names)


def check_messages() -> list[str]:
    """Problems of the catalogs, one sentence each (empty when sound): every key has a short
    and a long text in every language using exactly its parameters, no digit in German, every
    term exists (:meth:`~firmware_host.kernel.wording.Catalogue.check`)."""
    return CATALOGUE.check()
