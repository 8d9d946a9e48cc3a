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

Every returned string is Unicode NFC, and a German text has no digits. The formatter and the
checker are the shared ones (:class:`firmware_host.kernel.wording.Catalogue`); the board's own
sentences (``service.*``, ``gm.*``, ``journal.*``, ``scan.wrap`` …) are the board catalogue's
(:mod:`firmware_host.service.board_catalogue`), answered through :func:`text` (the fallback).

Example::

    >>> text("vote.cast", {"seat": 1, "target": 3, "votes": 3}, "en")
    'Seat 2 votes for seat 4. Seat 4: three votes'
"""


from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from firmware_host.kernel import wording
from firmware_host.kernel.wording import MessageParamError, UnknownLanguage, UnknownMessage
from firmware_host.service import board_catalogue

from .rules import ROLES

__all__ = ["LANGUAGES", "MESSAGES", "PARAM_TYPES", "UnknownMessage", "MessageParamError", "UnknownLanguage",
           "text", "keys", "is_private", "placeholders", "cardinal", "seat_name", "term",
           "check_messages", "LOCALE_DIR", "DOMAIN", "TERMS", "CATALOGUE"]

LANGUAGES = ("de", "en")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"

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
    "scan.choose_target": ((), _P),
    "scan.choose_pledge": ((), _P),
    "scan.choose_drop": (("count",), _P),
    "scan.confirm.vote": (("target",), _P),
    "scan.confirm.discard_vote": (("target", "pledge"), _P),
    "scan.confirm.final_discard_vote": (("target",), _P),
    "scan.confirm.drop": (("drop",), _P),
    "scan.confirm.no_discard_vote": ((), _P),
    # status on demand (D31)
    "timecard.votes": (("day", "count"), _O),
    "timecard.discard_votes_then_votes": (("day", "count"), _O),
    "timecard.discard_votes_then_votes.hidden": (("day", "count"), _O),
    "timecard.together": (("day",), _O),
    "status.now.over": ((), _O),
    "status.now.you.vote": ((), _O),
    "status.now.you.secret": ((), _O),
    "status.now.you.night": (("count",), _O),
    "status.now.you.morning": ((), _O),         # the morning (D32): its "ready" is open
    # the three above said at the table (status_channel public): the seat named
    "status.now.seat.vote": (("seat",), _O),
    "status.now.seat.secret": (("seat",), _O),
    "status.now.seat.night": (("count", "seat"), _O),
    "status.now.seat.morning": (("seat",), _O),
    "status.now.vote": (("count", "total"), _O),
    "status.now.discard_vote": (("count", "total"), _O),
    "status.now.final_vote": (("count", "total"), _O),
    "status.now.night": (("count", "total"), _O),
    "status.now.morning": (("count", "total"), _O),
    "status.seat": (("seat", "votes", "rank", "rights"), _O),
    "status.seat.unranked": (("seat", "votes", "rights"), _O),
    "status.waiting": (("waiting",), _O),
    "status.revealed": (("day", "dropped"), _O),
    "status.pledge": (("seat", "role"), _O),
    "status.hand": (("hand",), _P),
    "status.your_pledge": (("pledge",), _P),
    "status.your_choice.vote": (("target",), _P),
    "status.your_choice.discard_vote": (("target",), _P),
    "status.your_choice.discard_vote_pledge": (("target", "pledge"), _P),
    "status.your_choice.no_discard_vote": ((), _P),
    "status.your_choice.drop": (("drop",), _P),
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
    # enrol-tags --game become_dictator: each seat's role cards (D30)
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


def _counts(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(
        isinstance(x, (list, tuple)) and len(x) == 2 and x[0] in ROLES and type(x[1]) is int and x[1] > 0
        for x in v)


CATALOGUE = wording.Catalogue(
    LOCALE_DIR, MESSAGES, PARAM_TYPES, languages=LANGUAGES, enums={"choice": CHOICES}, terms=TERMS,
    highest=99, nobody="term.game_master", sentence_case=True, exact_fields=False,
    renders={
        "role": lambda w, v, spec: w.term(f"term.role.{v}.{spec or 'nom'}"),
        "roles": lambda w, v, spec: w.join([w.term(f"term.role.{r}.{spec or 'bare'}") for r in v]),
        "counts": lambda w, v, spec: ", ".join(
            w.term(f"term.role.{r}.one") if c == 1 else f"{w.cardinal(c)} {w.term(f'term.role.{r}.many')}"
            for r, c in v),
    },
    checks={"role": lambda v: v in ROLES,
            "roles": lambda v: isinstance(v, (list, tuple)) and all(r in ROLES for r in v),
            "counts": _counts},
    fallback=board_catalogue.CATALOGUE, domain=DOMAIN)
_catalog = CATALOGUE.catalogs.get
_catalogs = CATALOGUE.catalogs.loaded

keys, is_private, placeholders, template, term, fields, _schema, _check_params = CATALOGUE.functions()


def cardinal(n: int, language: str = "de") -> str:
    """The number word of ``n`` (0..99) in ``language`` (the German text has no digits;
    ACCESSIBILITY.md 6; :func:`firmware_host.kernel.wording.cardinal`).

    Raises:
        MessageParamError: ``n`` is not an int 0..99.
        UnknownLanguage: the language has no catalog.
    """
    return CATALOGUE.cardinal(n, language)


def seat_name(seat: int | None, language: str = "de", names: Mapping[int, str] | None = None) -> str:
    """How speech names a seat (D1): the player's name, or "Platz drei" / "seat 3"; None: the
    game master.

    Raises:
        MessageParamError: ``seat`` is not None or an int 0..98.
    """
    return CATALOGUE.seat_name(seat, language, names)


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key`` (this game's, or the board's own).

    Args:
        key: a message key (:func:`keys`, or the board catalogue's).
        params: its parameters (:func:`placeholders`); seats 0-based. None means ``{}``.
        language: ``"de"`` (default) or ``"en"``.
        long: the long wording instead of the short one.
        names: optional ``{seat: player name}`` spoken with the seat.

    Returns:
        ``str``, Unicode NFC, its first letter upper case (a sentence).

    Raises:
        UnknownMessage: unknown ``key``.
        MessageParamError: params missing, extra or of the wrong type.
        UnknownLanguage: the language has no catalog.
    """
    return CATALOGUE.text(key, params, language, long, names)


def check_messages() -> list[str]:
    """Problems of the catalogs (empty when fine): every key has a short and a long text in
    every language using only its parameters (a short text may leave one out), no digit in
    German, and every term exists."""
    return CATALOGUE.check()
