"""The Dying Message announcement catalogue: every sentence the board speaks, de and en.

Each message has a key (``"night.killers"``, ``"died.killers"``, ...), named parameters
(plain JSON values; seats and cards 0-based) and four wordings: German and English, short
and long (ACCESSIBILITY.md 5). The wordings live in gettext catalogs,
``locale/{de,en}/LC_MESSAGES/messages.po`` (msgid = key, msgctxt ``short`` / ``long``),
compiled by ``scripts/compile-catalogs`` (Babel) and loaded with :mod:`gettext`.

Templates are :meth:`str.format` fields; the parameter's *name* fixes its type
(:data:`PARAM_TYPES`) and the format spec a form:

=============  ==========================================================================
type           renders (en; de alike, no digits in German)
=============  ==========================================================================
seat           "seat 3" or the configured name; None: "nobody"
seats          "seat 1, seat 3 and seat 5"; []: "nobody"
card           "card 18: a red umbrella" (the description from the evidence registry or
               the setup; without one "card 18"); ``{card:number}``: "card 18"
cards          cards joined with "; "
int            "seven"; ``{n:plural/word/words}``: the word for 1 or for any other count
character      "the Killer" (``{character}``), ``{character:bare}`` "Killer"
counts         characters in play: "two Citizens, Killer and Private Detective"
characters     by seat: "seat 1: Citizen; seat 2: Killer"
ballots        "seat 1 for seat 3; seat 2 for seat 3"
proposals      ``{proposals:seats}`` / ``{proposals:cards}``: "seat 2: seat 5; seat 7: seat 1"
=============  ==========================================================================

Every returned string is Unicode NFC. The formatter and the checker are the shared ones
(:class:`firmware_host.kernel.wording.Catalogue`); the board's own sentences (``service.*``,
``gm.*``, ``fault.*``, ``scan.wrap`` …) are the board catalogue's
(:mod:`firmware_host.service.board_catalogue`), answered through :func:`text` (the fallback).
"""


from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from firmware_host.kernel import wording
from firmware_host.kernel.wording import MessageParamError, UnknownLanguage, UnknownMessage
from firmware_host.service import board_catalogue

from .setup import CHARACTERS

__all__ = [
    "LANGUAGES", "MESSAGES", "PARAM_TYPES", "UnknownMessage", "MessageParamError",
    "UnknownLanguage", "text", "term", "keys", "is_private", "placeholders", "cardinal",
    "check_messages", "card_name", "CATALOGUE", "PRONUNCIATIONS",
]

LANGUAGES = ("de", "en")

#: espeak-ng phoneme overrides (``[[...]]``) for the words its voices say wrongly: language ->
#: word as written -> phonemes (:func:`firmware_host.kernel.wording.pronounce`; the board
#: applies every game's table, :func:`firmware_host.games.pronounce`). The German voice says
#: the title "d'y:IN m'EsI2dZ" ("Düing"), "m'u:EIt'aI" and "pro:f'i:kIl3".
PRONUNCIATIONS: dict[str, dict[str, str]] = {
    "de": {"Dying Messages": "[[d'aIIN m'EsIdZIs]]", "Dying Message": "[[d'aIIN m'EsIdZ]]",
           "Muay-Thai": "[[m'u:aI t'aI]]", "Profikiller": "[[pr'o:fik,Il3]]"},
}
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"

#: Parameter name -> type.
PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "target": "seat", "accused": "seat",
    "seats": "seats", "killers": "seats", "protected": "seats", "waiting": "seats",
    "card": "card", "cards": "cards", "genuine_cards": "cards",
    "players": "int", "count": "int", "total": "int", "round": "int", "number": "int",
    "draw_pile": "int", "skips": "int", "living": "int",
    "character": "character", "in_play": "counts", "characters": "characters", "cast": "cast",
    "ballots": "ballots", "proposals": "proposals", "winner": "faction",
}
ENUMS = {"character": CHARACTERS, "faction": ("innocent", "guilty")}

_P, _O = True, False

#: Message key -> (parameter names, private). Private messages go only to ``seat:N`` (M39).
MESSAGES: dict[str, tuple[tuple[str, ...], bool]] = {
    # start (M7, M8)
    "game.started": (("players", "in_play"), _O),
    "prolog.character": (("character",), _P),
    "pool.laid": (("round", "cards"), _O),
    "pool.more": (("cards",), _O),
    "round.started": (("round",), _O),
    "round.skipped": (("round",), _O),
    # the narrator's script (M41), public
    "night.falls": ((), _O),
    "night.soulmate": ((), _O),
    "night.dogs": ((), _O),
    "night.killers": ((), _O),
    "night.dogs_close": ((), _O),
    "night.dead": ((), _O),
    "night.detective": ((), _O),
    "night.mastermind": ((), _O),
    "night.fake": ((), _O),
    "night.dawn": ((), _O),
    # private lines of the night (M41-M44)
    "night.round": (("round",), _P),
    "night.nothing": ((), _P),
    "night.wait": ((), _P),
    "night.soulmate.choose": ((), _P),
    "night.soulmate.chosen": (("target",), _P),
    "night.soulmate.destined": ((), _P),
    "night.dog.choose": ((), _P),
    "night.dog.chosen": (("target",), _P),
    "night.protected": ((), _P),
    "night.killers.brief": (("killers", "protected", "count"), _P),
    "night.kill.again": (("proposals",), _P),
    "night.dead.brief": (("killers", "count"), _P),
    "night.dead.brief.discard": (("killers", "count"), _P),
    "night.genuine.again": (("proposals",), _P),
    "night.killers.genuine": (("cards",), _P),
    "night.look": (("cards",), _P),
    "night.fake.brief": (("count",), _P),
    "night.fake.again": (("proposals",), _P),
    "night.chosen": ((), _P),
    # dawn (M28, M45)
    "died.killers": (("seat", "character"), _O),
    "died.ability": (("seat", "character"), _O),
    "died.vote": (("seat", "character"), _O),
    "effect.muay_thai": (("skips",), _O),
    "messages.read": (("round", "cards"), _O),
    "messages.move": ((), _O),
    # the day (M29-M34)
    "examine.open": (("seats",), _O),
    "examined.genuine": (("seat", "card"), _O),
    "examined.fake": (("seat", "card"), _O),
    "examined.none": (("seat",), _O),
    "vote.open": (("number",), _O),
    "vote.second": (("accused",), _O),
    "vote.counted": (("count", "total"), _O),
    "vote.skipped": ((), _O),
    "vote.ballots": (("ballots",), _O),
    "vote.ballots.more": (("ballots",), _O),
    "vote.majority": (("seat",), _O),
    "vote.no_majority": ((), _O),
    "vote.acquitted": (("seat",), _O),
    "shuffled": (("draw_pile",), _O),
    "game_over.innocent": ((), _O),
    "game_over.guilty": ((), _O),
    "game_over.characters": (("characters",), _O),
    "game_over.characters.more": (("cast",), _O),
    # refusals (the replay's reasons, M49)
    "refusal.game_over": (("seat",), _O),
    "refusal.malformed": (("seat",), _O),
    "refusal.wrong_phase": (("seat",), _O),
    "refusal.not_alive": (("seat",), _O),
    "refusal.not_your_turn": (("seat",), _O),
    "refusal.already_acted": (("seat",), _O),
    "refusal.wrong_count": (("seat",), _P),
    "refusal.invalid_target": (("seat",), _O),
    "refusal.protected": (("seat",), _P),
    "refusal.not_available": (("seat",), _P),
    # scanning (M42, ACCESSIBILITY 13-17)
    "scan.seat": (("seat",), _O),
    "scan.card": (("card",), _O),
    "scan.no_card": ((), _O),
    "scan.nobody": ((), _O),
    "scan.skip_vote": ((), _O),
    "scan.picked": ((), _P),
    # a list's intro: its first item a second after it (ACCESSIBILITY.md 14)
    "scan.start": ((), _O),
    # a final choice (a ballot, a victim) confirmed by a second press (ACCESSIBILITY.md 16)
    "scan.confirm.seat": (("seat",), _P),
    "scan.confirm.skip": ((), _P),
    # status (M47)
    "status.now.over": ((), _O),
    "status.now.night": ((), _O),
    "status.now.discussion": (("count", "total"), _O),
    "status.now.defence": (("accused",), _O),
    "status.now.vote.you": (("number",), _O),
    "status.now.vote.seat": (("number", "seat"), _O),    # the above at the table (status_channel public)
    "status.now.vote": (("number", "count", "total"), _O),
    "status.now.examine": (("seats",), _O),
    "status.now.wait": ((), _O),
    "status.public": (("round", "living", "skips"), _O),
    "status.private": (("character",), _P),
    "status.killers": (("killers",), _P),
    # the day on the board (M47, M48)
    "day.discussion": ((), _O),
    "day.ready": (("count", "total"), _O),
    "day.dead": (("seat", "character"), _O),
    "day.nobody_dead": ((), _O),
    "day.no_messages": ((), _O),
    "menu.message_area": ((), _O),
    "menu.pool": ((), _O),
    "menu.dead": ((), _O),
    "menu.earlier": ((), _O),
    "menu.repeat": ((), _O),
    "menu.ready": ((), _O),
    "vote.skip_some": ((), _O),
    "vote.defend": (("accused",), _O),
    # evidence tiles: the tray reader (M45) and their enrolment (M46)
    "tray.message": (("card",), _O),
    "tray.pool": (("card",), _O),
    "tray.out": (("card",), _O),
    "tray.complete": ((), _O),
    "enrol.evidence.present": (("card",), _O),
    "enrol.evidence.duplicate": (("card",), _O),
    "enrol.evidence.described": (("card",), _O),
    # the self-test (firmware-host self-test): an evidence tile the tray reader read
    "selftest.evidence": (("card",), _O),
}

TERMS: tuple[str, ...] = (
    "term.nobody", "term.and", "term.seat", "term.seat.named", "term.card",
    "term.card.described", "term.for", *(f"term.character.{c}" for c in CHARACTERS),
    *(f"term.character.{c}.the" for c in CHARACTERS),
    *(f"term.character.{c}.plural" for c in CHARACTERS),
)


def card_name(card: int, language: str = "de",
              descriptions: Mapping[int, str] | None = None, number_only: bool = False) -> str:
    """How speech names an evidence card (M42): "card 18: a red umbrella" (one-based number,
    as printed on the tile; the description where one is known).

    Raises:
        MessageParamError: ``card`` is not an int 0..998.
    """
    if type(card) is not int or not 0 <= card < 999:
        raise MessageParamError(f"a card must be a 0-based card id, not {card!r}")
    number = str(card + 1) if language == "en" else cardinal(card + 1, language)
    plain = term("term.card", language).format(number=number)
    described = None if number_only else (descriptions or {}).get(card)
    if not described:
        return plain
    return term("term.card.described", language).format(card=plain, description=described.strip())


def _card(w: wording.Wording, card: Any, spec: str) -> str:
    return card_name(card, w.language, w.extra.get("descriptions"), spec == "number")


def _by_seat(v: Mapping) -> list:
    return sorted(v.items(), key=lambda kv: int(kv[0]))


def _proposals(w: wording.Wording, v: Any, spec: str) -> str:
    render = (lambda x: _card(w, x, "")) if spec == "cards" else w.seat
    return w.join([f"{w.seat(int(s))}: {w.join([render(x) for x in items])}" for s, items in _by_seat(v)], "; ")


CATALOGUE = wording.Catalogue(
    LOCALE_DIR, MESSAGES, PARAM_TYPES, languages=LANGUAGES, enums=ENUMS, terms=TERMS, highest=999,
    renders={
        "card": _card,
        "cards": lambda w, v, spec: w.join([_card(w, c, spec) for c in v], "; "),
        "character": lambda w, v, spec: w.term(f"term.character.{v}" + ("" if spec == "bare" else ".the")),
        "faction": lambda w, v, spec: v,
        "counts": lambda w, v, spec: w.join([
            w.term(f"term.character.{c}") if k == 1 else f"{w.cardinal(k)} {w.term(f'term.character.{c}.plural')}"
            for c, k in v.items()]),
        "characters": lambda w, v, spec: w.join(
            [f"{w.seat(s)}: {w.term(f'term.character.{c}')}" for s, c in enumerate(v)], "; "),
        "cast": lambda w, v, spec: w.join(
            [f"{w.seat(int(s))}: {w.term(f'term.character.{c}')}" for s, c in _by_seat(v)], "; "),
        "ballots": lambda w, v, spec: w.join(
            [f"{w.seat(int(s))} {w.term('term.for')} {w.seat(t)}" for s, t in _by_seat(v)], "; "),
        "proposals": _proposals,
    },
    checks={
        "card": lambda v: type(v) is int and v >= 0,
        "cards": lambda v: isinstance(v, (list, tuple)) and all(type(c) is int for c in v),
        "counts": lambda v: isinstance(v, Mapping) and all(c in CHARACTERS for c in v),
        "characters": lambda v: isinstance(v, (list, tuple)) and all(c in CHARACTERS for c in v),
        "cast": lambda v: isinstance(v, Mapping) and all(str(s).isdigit() and c in CHARACTERS for s, c in v.items()),
        "ballots": lambda v: isinstance(v, Mapping),
        "proposals": lambda v: isinstance(v, Mapping),
    },
    fallback=board_catalogue.CATALOGUE, domain=DOMAIN)
_catalog = CATALOGUE.catalogs.get
_catalogs = CATALOGUE.catalogs.loaded

keys, is_private, placeholders, template, term, fields, _schema, _check_params = CATALOGUE.functions()


def cardinal(n: int, language: str = "de") -> str:
    """The cardinal number word for ``n`` (0..999): ``cardinal(104)`` → "hundertvier"
    (:func:`firmware_host.kernel.wording.cardinal`).

    Raises:
        MessageParamError: ``n`` is not an int in 0..999.
        UnknownLanguage: ``language`` is not ``"de"`` or ``"en"``.
    """
    return CATALOGUE.cardinal(n, language)


def seat_name(seat: int | None, language: str = "de", names: Mapping[int, str] | None = None) -> str:
    """How speech names a seat (M4): "Platz drei" / "seat 3", or the configured name.

    Raises:
        MessageParamError: ``seat`` is not None or an int 0..98.
    """
    return CATALOGUE.seat_name(seat, language, names)


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None,
         descriptions: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key`` (this game's, or the board's own).

    Args:
        key: a message key (:func:`keys`, or the board catalogue's).
        params: its parameters (:func:`placeholders`); seats and cards 0-based.
        language: ``"de"`` (default) or ``"en"``.
        long: the long wording instead of the short one.
        names: optional ``{seat: player name}``.
        descriptions: ``{card id: description}`` in ``language`` (evidence registry or setup).

    Raises:
        UnknownMessage (a ``KeyError``): unknown ``key``.
        MessageParamError (a ``ValueError``): params missing, extra or of the wrong type.
        UnknownLanguage (a ``ValueError``): ``language`` has no catalog.
    """
    return CATALOGUE.text(key, params, language, long, names, descriptions=descriptions)


def check_messages() -> list[str]:
    """Problems of the catalogs, one sentence each (empty when sound): every key has its four
    wordings with exactly its parameters, every term exists in both languages, and no German
    text holds a digit."""
    return CATALOGUE.check()
