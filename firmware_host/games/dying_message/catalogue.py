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

Every returned string is Unicode NFC.
"""

from __future__ import annotations

import string
import unicodedata
from pathlib import Path
from typing import Any, Mapping

from firmware_host.errors import FirmwareHostError
from firmware_host.games import wording

from .setup import CHARACTERS

__all__ = [
    "LANGUAGES", "MESSAGES", "PARAM_TYPES", "UnknownMessage", "MessageParamError",
    "UnknownLanguage", "text", "term", "keys", "is_private", "placeholders", "cardinal",
    "check_messages", "card_name",
]

LANGUAGES = ("de", "en")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"


class UnknownMessage(FirmwareHostError, KeyError):
    """A message key or term that is not in the catalogue."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown message"


class MessageParamError(FirmwareHostError, ValueError):
    """Parameters that do not fit a message: one missing or extra, or of the wrong type."""


class UnknownLanguage(FirmwareHostError, ValueError):
    """A language without a catalog (only :data:`LANGUAGES` exist)."""


#: Parameter name -> type.
PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "target": "seat", "accused": "seat",
    "seats": "seats", "killers": "seats", "protected": "seats", "waiting": "seats",
    "card": "card", "cards": "cards", "genuine_cards": "cards",
    "players": "int", "count": "int", "total": "int", "round": "int", "number": "int",
    "draw_pile": "int", "skips": "int", "living": "int",
    "character": "character", "in_play": "counts", "characters": "characters",
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
    "vote.majority": (("seat",), _O),
    "vote.no_majority": ((), _O),
    "vote.acquitted": (("seat",), _O),
    "shuffled": (("draw_pile",), _O),
    "game_over.innocent": ((), _O),
    "game_over.guilty": ((), _O),
    "game_over.characters": (("characters",), _O),
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
    "scan.cancel": ((), _O),
    "scan.picked": ((), _P),
    # status (M47)
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
    "menu.ready": ((), _O),
    "vote.skip_some": ((), _O),
    "vote.defend": (("accused",), _O),
    # evidence tiles: the tray reader (M45) and their enrolment (M46)
    "tray.message": (("card",), _O),
    "tray.pool": (("card",), _O),
    "tray.out": (("card",), _O),
    "tray.complete": ((), _O),
    "enrol.evidence.start": (("count",), _O),
    "enrol.evidence.present": (("card",), _O),
    "enrol.evidence.duplicate": (("card",), _O),
    "enrol.evidence.described": (("card",), _O),
    "enrol.evidence.done": (("count",), _O),
}

TERMS: tuple[str, ...] = (
    "term.nobody", "term.and", "term.seat", "term.seat.named", "term.card",
    "term.card.described", "term.for", *(f"term.character.{c}" for c in CHARACTERS),
    *(f"term.character.{c}.the" for c in CHARACTERS),
    *(f"term.character.{c}.plural" for c in CHARACTERS),
)


def keys() -> tuple[str, ...]:
    """All message keys (catalogue order); terms are not included."""
    return tuple(MESSAGES)


def _schema(key: str) -> tuple[tuple[str, ...], bool]:
    try:
        return MESSAGES[key]
    except (KeyError, TypeError):
        raise UnknownMessage(f"unknown message key {key!r}") from None


def is_private(key: str) -> bool:
    """True when ``key`` carries a seat's secret and may only go to ``seat:N`` (M39).

    Raises:
        UnknownMessage: unknown ``key``.
    """
    return _schema(key)[1]


def placeholders(key: str) -> tuple[str, ...]:
    """The parameter names of ``key``, exactly the fields of its texts.

    Raises:
        UnknownMessage: unknown ``key``.
    """
    return _schema(key)[0]


def cardinal(n: int, language: str = "de") -> str:
    """The cardinal number word for ``n`` (0..999): ``cardinal(104)`` → "hundertvier"
    (:func:`firmware_host.games.wording.cardinal`).

    Raises:
        MessageParamError: ``n`` is not an int in 0..999.
        UnknownLanguage: ``language`` is not ``"de"`` or ``"en"``.
    """
    if language not in LANGUAGES:
        raise UnknownLanguage(f"no catalog for language {language!r}")
    return wording.cardinal(n, language, error=MessageParamError)


_CATALOGS = wording.Catalogs(LOCALE_DIR, LANGUAGES, UnknownLanguage, DOMAIN)
_catalog = _CATALOGS.get
_catalogs = _CATALOGS.loaded


def template(key: str, language: str = "de", long: bool = False) -> str:
    """The raw template of ``key``.

    Raises:
        UnknownMessage: unknown ``key``, or no text in ``language``.
        UnknownLanguage: ``language`` has no catalog.
    """
    _schema(key)
    context = "long" if long else "short"
    found = _catalog(language).pgettext(context, key)
    if found == key:
        raise UnknownMessage(f"message {key!r} has no {context} text in {language!r}")
    return found


def term(name: str, language: str = "de") -> str:
    """A term of the catalog (``"term.character.killer"`` → "Killer").

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


def seat_name(seat: int | None, language: str = "de",
              names: Mapping[int, str] | None = None) -> str:
    """How speech names a seat (M4): "Platz drei" / "seat 3", or the configured name.

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
        return plain
    return term("term.seat.named", language).format(name=str(name).strip(), seat=plain)


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
    return term("term.card.described", language).format(card=plain,
                                                         description=described.strip())


def _join(items: list[str], language: str, sep: str | None = None) -> str:
    if not items:
        return term("term.nobody", language)
    if sep is not None:
        return sep.join(items)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " " + term("term.and", language) + " " + items[-1]


class _Formatter(string.Formatter):
    def __init__(self, language: str, names: Mapping[int, str] | None,
                 descriptions: Mapping[int, str] | None) -> None:
        self.language = language
        self.names = names
        self.descriptions = descriptions

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return (key, kwargs[key])

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value

    def format_field(self, value: Any, spec: str) -> str:
        name, v = value
        kind, lang = PARAM_TYPES.get(name, "int"), self.language
        seat = lambda s: seat_name(s, lang, self.names)  # noqa: E731
        card = lambda c: card_name(c, lang, self.descriptions, spec == "number")  # noqa: E731
        if spec.startswith("plural/"):
            parts = spec.split("/")
            if len(parts) != 3:
                raise MessageParamError(f"plural form needs two words: {spec!r}")
            size = v if kind == "int" else len(v)
            return parts[1] if size == 1 else parts[2]
        if kind == "seat":
            return seat(v)
        if kind == "seats":
            return _join([seat(s) for s in v], lang)
        if kind == "card":
            return card(v)
        if kind == "cards":
            return _join([card(c) for c in v], lang, "; ")
        if kind == "int":
            return cardinal(v, lang)
        if kind == "character":
            return term(f"term.character.{v}" + ("" if spec == "bare" else ".the"), lang)
        if kind == "faction":
            return v
        if kind == "counts":
            parts = [term(f"term.character.{c}", lang) if k == 1 else
                     f"{cardinal(k, lang)} {term(f'term.character.{c}.plural', lang)}"
                     for c, k in v.items()]
            return _join(parts, lang)
        if kind == "characters":
            return _join([f"{seat(s)}: {term(f'term.character.{c}', lang)}"
                          for s, c in enumerate(v)], lang, "; ")
        if kind == "ballots":
            word = term("term.for", lang)
            return _join([f"{seat(int(s))} {word} {seat(t)}" for s, t in
                          sorted(v.items(), key=lambda kv: int(kv[0]))], lang, "; ")
        if kind == "proposals":
            render = card if spec == "cards" else seat
            return _join([f"{seat(int(s))}: {_join([render(x) for x in items], lang)}"
                          for s, items in sorted(v.items(), key=lambda kv: int(kv[0]))],
                         lang, "; ")
        raise MessageParamError(f"no form for {name!r}")


def _check_params(key: str, params: Mapping[str, Any]) -> None:
    want = placeholders(key)
    if not isinstance(params, Mapping):
        raise MessageParamError(f"{key}: params must be a dict")
    missing = [p for p in want if p not in params]
    extra = [p for p in params if p not in want]
    if missing or extra:
        raise MessageParamError(f"{key}: params must be exactly {list(want)}"
                                + (f"; missing {missing}" if missing else "")
                                + (f"; unexpected {extra}" if extra else ""))
    for p in want:
        kind, v = PARAM_TYPES.get(p, "int"), params[p]
        if kind == "seat":
            ok = v is None or type(v) is int
        elif kind in ("seats", "cards"):
            ok = isinstance(v, (list, tuple)) and all(type(s) is int for s in v)
        elif kind in ("card", "int"):
            ok = type(v) is int and v >= 0
        elif kind in ("character", "faction"):
            ok = v in ENUMS[kind]
        elif kind == "counts":
            ok = isinstance(v, Mapping) and all(c in CHARACTERS for c in v)
        elif kind == "characters":
            ok = isinstance(v, (list, tuple)) and all(c in CHARACTERS for c in v)
        else:
            ok = isinstance(v, Mapping)
        if not ok:
            raise MessageParamError(f"{key}: {p} = {v!r} is not a valid {kind}")


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None,
         descriptions: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key``.

    Args:
        key: a message key (:func:`keys`).
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
    params = {} if params is None else params
    _check_params(key, params)
    tmpl = template(key, language, long)
    try:
        out = _Formatter(language, names, descriptions).vformat(tmpl, (), dict(params))
    except (KeyError, IndexError, ValueError) as exc:
        if isinstance(exc, FirmwareHostError):
            raise
        raise MessageParamError(f"bad template for {key!r}: {exc}") from None
    return unicodedata.normalize("NFC", out)


def fields(tmpl: str) -> set[str]:
    """The parameter names used by a template."""
    return {f for _, f, _, _ in string.Formatter().parse(tmpl) if f}


def check_messages() -> list[str]:
    """Problems of the catalogs, one sentence each (empty when sound): every key has its four
    wordings with exactly its parameters, every term exists in both languages, and no German
    text holds a digit."""
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
                    problems.append(f"{language} {'long' if long else 'short'} {key}: fields "
                                    f"{sorted(got)} instead of {sorted(want)}")
                if language == "de" and any(ch.isdigit() for ch in tmpl):
                    problems.append(f"de {key}: a digit in the text")
        for name in TERMS:
            try:
                term(name, language)
            except UnknownMessage as exc:
                problems.append(str(exc))
    return problems
