"""The announcement catalogue of *In this way I become a DICTATOR*, German and English.

Each message has a key (``"vote.cast"``, ``"night.revealed"``, ...), named parameters (plain
JSON values; seats 0-based) and four wordings: German and English, short and long
(ACCESSIBILITY.md 5). The wordings live in gettext catalogs
``locale/{de,en}/LC_MESSAGES/messages.po`` (msgid = key, msgctxt ``short`` / ``long``),
compiled by ``scripts/compile-catalogs`` (Babel) into ``messages.mo`` and read with the
standard library's :mod:`gettext`.

Templates are :meth:`str.format` fields whose *format spec* picks a grammatical form:

=========  ======================  ==============================================
param      spec                    renders (de / en)
=========  ======================  ==============================================
seat       ``{seat}``              name, or "Platz drei" / "seat 3"
seats      ``{waiting}``           "Platz eins, Platz drei und Platz fünf"; []: "niemand"
int        ``{votes}``             "drei" / "three"; ``{votes:plural/Stimme/Stimmen}``
                                   the noun's form; ``{votes:ein+e}`` German 1 as
                                   "ein" + ending ("eine Stimme"), else as ``{votes}``
role       ``{role}``              nominative "der Priester" / "the Priest"; ``:acc``
                                   accusative ("den Priester"); ``:bare`` without article
roles      ``{hand}``              "Diktator, Narr und Priester" (D2 order as given)
counts     ``{dropped}``           ``[[role, count], ...]`` → "zwei Diktatoren, ein Narr"
=========  ======================  ==============================================

Every returned string is Unicode NFC, and a German text has no digits.

Example::

    >>> text("vote.cast", {"seat": 1, "target": 3, "votes": 3}, "en")
    'Seat 2 votes for seat 4. Seat 4: three votes'
"""

from __future__ import annotations

import string
import unicodedata
from pathlib import Path
from typing import Any, Mapping

from firmware_host.errors import FirmwareHostError
from firmware_host.games import wording

from .rules import ROLES

__all__ = ["LANGUAGES", "MESSAGES", "PARAM_TYPES", "UnknownMessage", "MessageParamError",
           "text", "keys", "is_private", "placeholders", "cardinal", "seat_name", "term",
           "check_messages", "LOCALE_DIR", "DOMAIN", "TERMS"]

LANGUAGES = ("de", "en")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"


class UnknownMessage(FirmwareHostError, KeyError):
    """A message key or term that is not in the catalogue."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown message"


class MessageParamError(FirmwareHostError, ValueError):
    """Parameters that do not fit a message: one missing or extra, or of the wrong type."""


#: Parameter name -> type.
PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "target": "seat",
    "waiting": "seats", "winners": "seats", "seats": "seats",
    "players": "int", "day": "int", "count": "int", "total": "int", "votes": "int",
    "rank": "int", "minutes": "int", "rights": "int", "seconds": "int",
    "role": "role", "pledge": "role", "final_role": "role",
    "hand": "roles", "drop": "roles", "winning_roles": "roles", "by_roles": "roles",
    "dropped": "counts", "choice": "choice",
}
CHOICES = ("vote", "discard_vote", "no_discard_vote")

_P, _O = True, False

#: Message key -> (parameter names, private). Private messages carry one seat's secrets
#: (D28) and may only go to that seat's channel.
MESSAGES: dict[str, tuple[tuple[str, ...], bool]] = {
    # the flow of a game (D4-D14)
    "game.started": (("players",), _O),
    "hand.start": ((), _P),
    "day.morning": (("day",), _O),
    "morning.warning": ((), _O),
    "morning.over": (("day",), _O),
    "morning.ready": (("seat", "count", "total"), _O),
    "morning.extended": (("seat",), _O),
    "phase.vote": (("day", "waiting"), _O),
    "phase.discard_vote": (("day",), _O),
    "phase.final_vote": ((), _O),
    "phase.night": (("day", "count"), _O),
    "vote.cast": (("seat", "target", "votes"), _O),
    "decided.count": (("count", "total"), _O),
    "discard_votes.item": (("seat", "target", "role"), _O),
    "discard_votes.none": ((), _O),
    "votes.seat": (("seat", "votes"), _O),
    "night.revealed": (("day", "dropped"), _O),
    "night.hidden": (("day",), _O),
    # day 5 and the reckoning (D11, D29, D35)
    "final.vote": (("seat", "target"), _O),
    "final.discard_vote": (("seat", "target"), _O),
    "final.seat": (("seat", "final_role", "votes", "rank"), _O),
    "final.seat.unranked": (("seat", "final_role"), _O),
    "game_over.winners": (("winners", "winning_roles"), _O),
    "game_over.no_winner": ((), _O),
    "game_over.overruled": (("role", "by_roles"), _O),
    # a seat's own choices, confirmed in its earphone (D34-D36)
    "choice.no_discard_vote": ((), _P),
    "choice.discard_vote": (("target", "pledge"), _P),
    "choice.vote": (("target",), _P),
    "choice.final_discard_vote": (("target",), _P),
    "choice.drop": (("drop",), _P),
    "choice.pledge_dropped": (("pledge",), _P),
    # scanning lists in the earphone (D33-D36, ACCESSIBILITY.md 13-17)
    "scan.vote_or_discard": ((), _P),
    "scan.option.vote_today": ((), _P),
    "scan.option.discard_vote": ((), _P),
    "scan.option.vote": ((), _P),
    "scan.seat": (("seat", "votes"), _P),
    "scan.card": (("role",), _P),
    "scan.confirm": ((), _P),
    "scan.cancel": ((), _P),
    "scan.cancelled": ((), _P),
    "scan.choose_target": ((), _P),
    "scan.choose_pledge": ((), _P),
    "scan.choose_drop": (("count",), _P),
    "scan.wrap": ((), _P),
    "scan.stopped": ((), _P),
    "scan.confirm.vote": (("target",), _P),
    "scan.confirm.discard_vote": (("target", "pledge"), _P),
    "scan.confirm.final_discard_vote": (("target",), _P),
    "scan.confirm.drop": (("drop",), _P),
    "scan.confirm.no_discard_vote": ((), _P),
    # the board and the game master (D32, D37; ACCESSIBILITY.md 7, 19)
    "service.ready": ((), _O),
    "service.resumed": ((), _O),
    "setup.seat_name": (("seat",), _O),
    "settings.saved": ((), _P),
    "gm.paused": ((), _O),
    "gm.resumed": ((), _O),
    "gm.ended": ((), _O),
    "gm.undone": (("seat",), _O),
    "fault.button": (("seat",), _O),
    "fault.board": ((), _O),
    # status on demand (D31)
    "timecard.votes": (("day", "count"), _O),
    "timecard.discard_votes_then_votes": (("day", "count"), _O),
    "timecard.discard_votes_then_votes.hidden": (("day", "count"), _O),
    "timecard.together": (("day",), _O),
    "status.seat": (("seat", "votes", "rank", "rights"), _O),
    "status.seat.unranked": (("seat", "votes", "rights"), _O),
    "status.waiting": (("waiting",), _O),
    "status.revealed": (("day", "dropped"), _O),
    "status.pledge": (("seat", "role"), _O),
    "status.hand": (("hand",), _P),
    "status.your_pledge": (("pledge",), _P),
    "status.your_choice.vote": (("target",), _P),
    "status.your_choice.discard_vote": (("target",), _P),
    "status.your_choice.no_discard_vote": ((), _P),
    "status.your_choice.drop": (("drop",), _P),
    "repeat.nothing": ((), _O),
    # refusals (DICTATOR.md "Rejections")
    **{f"refusal.{r}": (("seat",), _O) for r in (
        "game_over", "malformed", "wrong_phase", "already_acted", "invalid_target",
        "wrong_count", "bad_role")},
    "refusal.not_in_hand": (("seat",), _P),
    "refusal.must_drop_revealed": (("seat",), _P),
    # role cards on the tray reader (D30): confirmed and refused only in the seat's earphone
    "card.taken.more": (("role",), _P),
    "card.taken.last": (("role",), _P),
    "card.not_now": ((), _P),
    "card.enough": ((), _P),
    "card.wrong_reader": ((), _P),
    # a tile or card the game cannot take, said at the table without naming it (D37)
    "tile.unknown": ((), _O),
    "tile.not_this_game": ((), _O),
    # the journal's self-check found damage (as Secret Dictator says it)
    "journal.lost": (("count",), _O),
    "journal.lost_unknown": ((), _O),
    "journal.game_lost": ((), _O),
    "journal.kept": ((), _O),
    "journal.foreign": ((), _O),
    # enrol-tags --cards: each seat's role cards (D30)
    "enrol.present_card": (("seat", "role"), _O),
    "enrol.duplicate.card": (("seat", "role"), _O),
    "selftest.card": (("seat", "role"), _O),
}

#: Term keys (no short/long context).
TERMS: tuple[str, ...] = (
    "term.nobody", "term.and", "term.seat", "term.seat.named", "term.game_master",
    *(f"term.role.{r}.{form}" for r in ROLES for form in ("nom", "acc", "bare", "one",
                                                          "many")),
)


def keys() -> tuple[str, ...]:
    """All message keys, in catalogue order (terms not included)."""
    return tuple(MESSAGES)


def _schema(key: str) -> tuple[tuple[str, ...], bool]:
    try:
        return MESSAGES[key]
    except (KeyError, TypeError):
        raise UnknownMessage(f"unknown message key {key!r}") from None


def is_private(key: str) -> bool:
    """True when ``key`` carries a seat's secret (D28): only that seat's channel.

    Raises:
        UnknownMessage: no such key.
    """
    return _schema(key)[1]


def placeholders(key: str) -> tuple[str, ...]:
    """The parameter names of ``key``.

    Raises:
        UnknownMessage: no such key.
    """
    return _schema(key)[0]


def cardinal(n: int, language: str = "de") -> str:
    """The number word of ``n`` (0..99) in ``language`` (the German text has no digits;
    ACCESSIBILITY.md 6; :func:`firmware_host.games.wording.cardinal`).

    Raises:
        MessageParamError: ``n`` is not an int 0..99, or the language is unknown.
    """
    return wording.cardinal(n, language, highest=99, error=MessageParamError)


_CATALOGS = wording.Catalogs(LOCALE_DIR, LANGUAGES, MessageParamError, DOMAIN)
_catalog = _CATALOGS.get
_catalogs = _CATALOGS.loaded


def template(key: str, language: str = "de", long: bool = False) -> str:
    """The raw template of ``key``.

    Raises:
        UnknownMessage: no such key, or no text for it in ``language``.
    """
    _schema(key)
    context = "long" if long else "short"
    found = _catalog(language).pgettext(context, key)
    if found == key:
        raise UnknownMessage(f"message {key!r} has no {context} text in {language!r}")
    return found


def term(name: str, language: str = "de") -> str:
    """A term of the catalog (``"term.role.priest.nom"`` → "der Priester").

    Raises:
        UnknownMessage: no such term.
    """
    found = _catalog(language).gettext(name)
    if found == name:
        raise UnknownMessage(f"unknown term {name!r} in {language!r}")
    return unicodedata.normalize("NFC", found)


def seat_name(seat: int | None, language: str = "de",
              names: Mapping[int, str] | None = None) -> str:
    """How speech names a seat (D1): the player's name, or "Platz drei" / "seat 3".

    Raises:
        MessageParamError: ``seat`` is not None or an int 0..98.
    """
    if seat is None:
        return term("term.game_master", language)
    if type(seat) is not int or not 0 <= seat < 99:
        raise MessageParamError(f"a seat must be a 0-based seat number, not {seat!r}")
    number = str(seat + 1) if language == "en" else cardinal(seat + 1, language)
    plain = term("term.seat", language).format(number=number)
    name = (names or {}).get(seat)
    if not name:
        return plain
    return term("term.seat.named", language).format(
        name=unicodedata.normalize("NFC", str(name)).strip(), seat=plain)


def _join(items: list[str], language: str) -> str:
    if not items:
        return term("term.nobody", language)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " " + term("term.and", language) + " " + items[-1]


class _Formatter(string.Formatter):
    def __init__(self, language: str, names: Mapping[int, str] | None) -> None:
        self.language = language
        self.names = names

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return (key, kwargs[key])

    def format_field(self, value: Any, spec: str) -> str:
        name, v = value
        kind, lang = PARAM_TYPES[name], self.language
        if spec.startswith("plural/"):
            parts = spec.split("/")
            if len(parts) != 3:
                raise MessageParamError(f"plural form needs two words: {spec!r}")
            size = len(v) if isinstance(v, (list, tuple)) else v
            return parts[1] if size == 1 else parts[2]
        if kind == "seat":
            return seat_name(v, lang, self.names)
        if kind == "seats":
            return _join([seat_name(s, lang, self.names) for s in v], lang)
        if kind == "int":
            if spec.startswith("ein+"):         # German "ein" + ending before a noun
                return "ein" + spec[4:] if lang == "de" and v == 1 else cardinal(v, lang)
            return cardinal(v, lang)
        if kind == "role":
            return term(f"term.role.{v}.{spec or 'nom'}", lang)
        if kind == "roles":
            return _join([term(f"term.role.{r}.{spec or 'bare'}", lang) for r in v], lang)
        if kind == "counts":
            return ", ".join(
                term(f"term.role.{r}.one", lang) if c == 1
                else f"{cardinal(c, lang)} {term(f'term.role.{r}.many', lang)}"
                for r, c in v)
        raise MessageParamError(f"no form for parameter {name!r}")


def _check_params(key: str, params: Mapping[str, Any]) -> None:
    want = placeholders(key)
    if not isinstance(params, Mapping):
        raise MessageParamError(f"{key}: params must be a dict")
    missing = [p for p in want if p not in params]
    extra = [p for p in params if p not in want]
    if missing or extra:
        raise MessageParamError(f"{key}: params must be exactly {list(want)}")
    for p in want:
        kind, v = PARAM_TYPES[p], params[p]
        if kind == "seat":
            ok = v is None or type(v) is int
        elif kind == "seats":
            ok = isinstance(v, (list, tuple)) and all(type(s) is int for s in v)
        elif kind == "int":
            ok = type(v) is int and v >= 0
        elif kind == "role":
            ok = v in ROLES
        elif kind == "roles":
            ok = isinstance(v, (list, tuple)) and all(r in ROLES for r in v)
        elif kind == "counts":
            ok = isinstance(v, (list, tuple)) and all(
                isinstance(x, (list, tuple)) and len(x) == 2 and x[0] in ROLES
                and type(x[1]) is int and x[1] > 0 for x in v)
        else:
            ok = v in CHOICES
        if not ok:
            raise MessageParamError(f"{key}: {p} = {v!r} is not a valid {kind}")


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key``.

    Args:
        key: a message key (:func:`keys`).
        params: its parameters (:func:`placeholders`); seats 0-based. None means ``{}``.
        language: ``"de"`` (default) or ``"en"``.
        long: the long wording instead of the short one.
        names: optional ``{seat: player name}`` spoken with the seat.

    Returns:
        ``str``, Unicode NFC, its first letter upper case (a sentence).

    Raises:
        UnknownMessage: unknown ``key``.
        MessageParamError: params missing, extra or of the wrong type; unknown language.
    """
    params = {} if params is None else params
    _check_params(key, params)
    try:
        out = _Formatter(language, names).vformat(template(key, language, long), (),
                                                  dict(params))
    except (IndexError, ValueError) as exc:
        if isinstance(exc, FirmwareHostError):
            raise
        raise MessageParamError(f"bad template of {key!r}: {exc}") from None
    return unicodedata.normalize("NFC", out[:1].upper() + out[1:])


def fields(tmpl: str) -> set[str]:
    """The parameter names a template uses."""
    return {f for _, f, _, _ in string.Formatter().parse(tmpl) if f}


def check_messages() -> list[str]:
    """Problems of the catalogs (empty when fine): every key has a short and a long text in
    every language using only its parameters (a short text may leave one out), and every
    term exists."""
    problems = []
    for language in LANGUAGES:
        for key, (params, _) in MESSAGES.items():
            for long in (False, True):
                try:
                    found = fields(template(key, language, long))
                except UnknownMessage as exc:
                    problems.append(str(exc))
                    continue
                if not found <= set(params):
                    problems.append(f"{language} {key} ({'long' if long else 'short'}): "
                                    f"fields {sorted(found - set(params))} are no params")
        for name in TERMS:
            try:
                term(name, language)
            except UnknownMessage as exc:
                problems.append(str(exc))
    return problems
