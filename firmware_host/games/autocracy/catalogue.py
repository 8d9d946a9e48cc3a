"""The Autocracy announcement catalogue: every sentence the board speaks of this game, in
German, English and French (the rulebook's language).

Each message has a key (``"turn"``, ``"attacked.nationalisation"``, ...), named parameters
(plain JSON values; seats and token positions 0-based) and six wordings: three languages,
short and long (ACCESSIBILITY.md 5). The wordings live in gettext catalogs,
``locale/{de,en,fr}/LC_MESSAGES/messages.po`` (msgid = key, msgctxt ``short`` / ``long``),
compiled by ``scripts/compile-catalogs`` and loaded with :mod:`gettext`.

Templates are :meth:`str.format` fields; the parameter's *name* fixes its type
(:data:`PARAM_TYPES`); the format spec ``cap`` capitalises the first letter (a seat at the
start of a sentence):

==========  =============================================================================
type        renders (en; numbers as words, A31-A44: "six Économie, one Média")
==========  =============================================================================
seat        "seat 3" or the configured name
tokens      {domain or coup_bas: count} in the domains' order: "six Économie and one
            Média"; none at all: "nothing"
dice        faces: "Économie three and Coup Bas one"
domain      "Économie"
trick       a Coup Bas kind: "Nationalisation"
position    a place in a hand (0-based): "token 2"; ``positions``: "token 1 and token 3"
drawn       [[position, kind], ...]: "token 2, Révolte; token 3, Chantage"
hand        kinds in hand order: "token 1: Chantage; token 2: Révolte"; []: "no Coup Bas"
kinds_held  {kind: count} (``tricks``): "two Corruption and one Révolte"; {}: "no Coup Bas"
hands       by seat: "seat 1: token 1: Chantage; seat 2: no Coup Bas"
by_seat     tokens by seat: "seat 1: six Économie; seat 2: nothing"
lacking     {seat: domain}: "seat 4 lacks only Politique"
reason      a refusal's reason, worded
int         "seven"; ``held``: "two Dirty Tricks", "no Dirty Trick"
==========  =============================================================================

Every returned string is Unicode NFC. :func:`is_private` tells the keys that carry a seat's
secret (A29): they go only to ``seat:N``. The formatter and the checker are the shared ones
(:class:`firmware_host.kernel.wording.Catalogue`); the board's own sentences are the board
catalogue's (:mod:`firmware_host.service.board_catalogue`), answered through :func:`text`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from firmware_host.kernel import wording
from firmware_host.kernel.wording import MessageParamError, UnknownLanguage, UnknownMessage
from firmware_host.service import board_catalogue

from .engine import REASONS
from .rules import COUP_BAS, DOMAINS, KINDS, SYMBOLS

__all__ = [
    "LANGUAGES", "MESSAGES", "PARAM_TYPES", "TERMS", "UnknownMessage", "MessageParamError",
    "UnknownLanguage", "text", "term", "keys", "is_private", "placeholders", "cardinal",
    "check_messages", "template", "domain_name", "trick_name", "CATALOGUE", "PRONUNCIATIONS",
]

LANGUAGES = ("de", "en", "fr")

#: espeak-ng phoneme overrides (``[[...]]``) for the words its voices say wrongly: language ->
#: word as written -> phonemes (:func:`firmware_host.kernel.wording.pronounce`; the board
#: applies every game's table, :func:`firmware_host.games.pronounce`). The German voice says
#: the title "'aUtOkr,Asi:"; the French voice switches to English for it by itself.
PRONUNCIATIONS: dict[str, dict[str, str]] = {
    "de": {"Autocracy": "[[O:t'Okr@si:]]"},
}
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"


#: Parameter name -> type.
PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "target": "seat", "attacker": "seat", "partner": "seat",
    "victim": "seat", "first": "seat", "winner": "seat", "redirector": "seat",
    "tokens": "tokens", "gave": "tokens", "got": "tokens", "gains": "tokens",
    "price": "tokens", "lost": "tokens", "taken_tokens": "tokens", "back": "tokens",
    "reserve": "tokens", "discard": "discard",
    "dice": "dice", "domain": "domain", "trick": "trick", "taken": "trick",
    "pick": "position", "position": "position",
    "drawn": "drawn", "hand": "hand", "shown": "hand", "rest": "drawn", "hands": "hands", "by_seat": "by_seat",
    "lacking": "lacking", "reason": "reason",
    "positions": "positions", "held": "trick_count",
    "players": "int", "count": "int", "round": "int", "pile": "int",
    "tricks_held": "tricks_by_seat", "tricks": "kinds_held",
}

_P, _O = True, False

#: Message key -> (parameter names, private). Private messages go only to ``seat:N`` (A29).
MESSAGES: dict[str, tuple[tuple[str, ...], bool]] = {
    # setup (A31)
    "game.started": (("players",), _O),
    "mentor": (("seat", "tokens"), _O),
    "deal.trick": (("drawn",), _P),
    "deal.done": ((), _O),
    "first.seat": (("seat",), _O),
    # turns (A35)
    "turn": (("round", "seat"), _O),
    "turn.yours": (("tokens",), _O),
    # exchanges and buying (A37-A39)
    "exchanged.reserve": (("seat", "gave", "got"), _O),
    "exchanged.player": (("seat", "partner", "gave", "got"), _O),
    "bought": (("seat", "price"), _O),
    "bought.drawn": (("drawn",), _P),
    # attacks (A40)
    "attacked.nationalisation": (("seat", "target", "domain"), _O),
    "attacked.revolte": (("seat", "target", "domain"), _O),
    "attacked.chantage": (("seat", "target", "domain"), _O),
    "attacked.espionnage": (("seat", "target", "pick"), _O),
    # the counter window (A41): the same prompt whether or not the seat holds the answer
    "ask.nationalisation": (("attacker", "domain"), _O),
    "ask.revolte": (("attacker", "domain"), _O),
    "ask.chantage": (("attacker", "domain"), _O),
    "ask.espionnage": (("attacker", "pick"), _O),
    "ask.redirect": (("redirector", "attacker", "trick"), _O),
    "countered": (("seat", "trick"), _O),
    "redirected": (("seat", "target"), _O),
    "redirect.cancelled": (("seat", "target"), _O),
    "not_countered": (("seat",), _O),
    # results (A42)
    "result.lost": (("seat", "lost"), _O),
    "result.nothing": (("seat",), _O),
    "result.taken": (("seat", "taken_tokens"), _O),
    "result.back": (("back",), _O),
    "result.espionnage": (("seat", "target", "pick"), _O),
    "espionnage.took": (("taken", "position"), _P),
    "espionnage.lost": (("taken",), _P),
    # the dice (A32)
    "rolled": (("seat", "dice"), _O),
    "gained": (("seat", "gains"), _O),
    "gained.nothing": (("seat",), _O),
    "short.reserve": (("domain", "count"), _O),
    "short.pile": (("count",), _O),
    "short.reserve.none": (("domain",), _O),
    "short.pile.none": ((), _O),
    "drawn": (("drawn",), _P),
    # the end (A44)
    "win": (("seat",), _O),
    "game_over.tokens": (("seat", "tokens"), _O),
    "game_over.hand": (("seat", "shown"), _O),
    "game_over.hand.more": (("seat", "rest"), _O),
    # the end said at the table (A44, issue 31): a seat's tokens and its hand by kind, one clip
    "game_over.seat": (("seat", "tokens", "tricks"), _O),
    # status (A34), in layers (ACCESSIBILITY.md 29)
    "status.now.turn": (("seat",), _O),
    "status.now.you": ((), _O),
    "status.now.seat": (("seat",), _O),    # status.now.you at the table (status_channel public)
    "status.now.counter": (("seat",), _O),
    "status.now.over": ((), _O),
    "status.short.you": (("tokens",), _O),
    "status.short.seat": (("tokens", "seat"), _O),    # status.short.you at the table
    "status.lacking": (("lacking",), _O),
    "status.seat": (("seat", "tokens", "held"), _O),
    "status.reserve": (("reserve",), _O),
    "status.pile": (("pile", "discard"), _O),
    "status.private": (("hand",), _P),
    "status.private.more": (("drawn",), _P),
    # the board's menus, by scanning (A36-A41)
    "menu.turn": ((), _O),
    "menu.roll": ((), _O),
    "menu.exchange_reserve": ((), _O),
    "menu.exchange_player": ((), _O),
    "menu.buy": ((), _O),
    "menu.attack": ((), _O),
    "menu.status": ((), _O),
    "menu.refused": (("reason",), _O),
    "scan.trade": (("gave", "got"), _O),
    "scan.count": (("gave", "got"), _O),
    "scan.partner": (("seat", "tokens", "held"), _O),
    "scan.confirm.roll": ((), _O),
    "scan.confirm.exchange": (("gave", "got"), _O),
    "scan.confirm.offer": (("partner", "gave", "got"), _O),
    "scan.confirm.buy": (("price",), _O),
    "scan.confirm.attack": ((), _O),
    "scan.trick": (("trick", "positions"), _P),
    "scan.trick.none": (("trick",), _P),
    "scan.target": (("seat", "tokens", "held"), _O),
    "scan.nationalise": (("domain", "count"), _O),
    "scan.revolt": (("domain", "count"), _O),
    "scan.blackmail": (("domain",), _O),
    "scan.pick": (("pick",), _O),
    "scan.counter": (("trick",), _P),
    "scan.pass": ((), _P),
    "scan.redirect": (("seat",), _O),
    "scan.accept": ((), _O),
    "scan.decline": ((), _O),
    "scan.chosen": ((), _O),
    "answer.noted": ((), _O),
    "offer.made": (("seat", "partner", "gave", "got"), _O),
    "offer.ask": (("seat", "gave", "got"), _O),
    "offer.declined": (("partner",), _O),
    "offer.withdrawn": (("seat",), _O),
    # refusals (A43)
    "refusal": (("seat", "reason"), _O),
    "refusal.not_held": (("seat", "reason"), _P),
    "refusal.anonymous": (("reason",), _O),
}

TERMS: tuple[str, ...] = (
    "term.and", "term.nothing", "term.nobody", "term.seat", "term.seat.named", "term.token",
    "term.no_tricks", "term.one", "term.many", "term.one.trick", "term.lacks", "term.none_lacking",
    "term.held", "term.face", "term.entry",
    *(f"term.domain.{d}" for d in DOMAINS), f"term.symbol.{COUP_BAS}",
    f"term.symbol.{COUP_BAS}.plural",
    *(f"term.trick.{k}" for k in KINDS), *(f"term.trick.{k}.one" for k in KINDS),
    *(f"term.trick.{k}.many" for k in KINDS),
    *(f"term.reason.{r}" for r in REASONS),
)


def cardinal(n: int, language: str = "de") -> str:
    """The number word for ``n`` (0..999): ``cardinal(71, "fr")`` → "soixante et onze"
    (:func:`firmware_host.kernel.wording.cardinal`; ACCESSIBILITY.md 6). A larger count (a
    table's own reserve may hold more) is said in digits in English and French.

    Raises:
        MessageParamError: ``n`` is not an int ≥ 0, or a German count above 999.
        UnknownLanguage: ``language`` has no catalog.
    """
    if language not in LANGUAGES:
        raise UnknownLanguage(f"no catalog for language {language!r}")
    if type(n) is int and n > 999 and language != "de":
        return str(n)
    return wording.cardinal(n, language, error=MessageParamError)


def domain_name(domain: str, language: str = "de") -> str:
    """A domain's or the Coup Bas symbol's name ("Économie", "Coup Bas")."""
    if domain == COUP_BAS:
        return term(f"term.symbol.{COUP_BAS}", language)
    return term(f"term.domain.{domain}", language)


def trick_name(kind: str, language: str = "de") -> str:
    """A Coup Bas kind's name ("Nationalisation", "Verstaatlichung")."""
    return term(f"term.trick.{kind}", language)


def _count(w: wording.Wording, n: int, symbol: str) -> str:
    """A count of one domain's tokens or of Coups Bas: "six jetons Économie", "un jeton Média"
    (the French rulebook's "1 Jeton Économie"), "eine Medien", "one Media", "one Dirty Trick"
    (``term.one``, ``term.many``, ``term.one.trick``)."""
    lang = w.language
    if symbol == COUP_BAS:
        if n == 1:
            return f"{w.term('term.one.trick')} {domain_name(symbol, lang)}"
        return f"{cardinal(n, lang)} {w.term(f'term.symbol.{COUP_BAS}.plural')}"
    word = w.term("term.one") if n == 1 else w.term("term.many").format(number=cardinal(n, lang))
    return f"{word} {domain_name(symbol, lang)}"


def _tricks(w: wording.Wording, n: int) -> str:
    """A count of Coups Bas: "kein Tiefschlag", "einen Tiefschlag", "zwei Tiefschläge"."""
    return w.term("term.no_tricks") if n == 0 else _count(w, n, COUP_BAS)


def _position(w: wording.Wording, p: int) -> str:
    number = str(p + 1) if w.language == "en" else cardinal(p + 1, w.language)
    return w.term("term.token").format(number=number)


def _tokens(w: wording.Wording, v: Any, spec: str = "") -> str:
    return w.join([_count(w, v[s], s) for s in SYMBOLS if v.get(s)])


def _colon(w: wording.Wording) -> str:
    """The colon between a label and its value: French typography spaces it (" : ")."""
    return " : " if w.language == "fr" else ": "


def _hand(w: wording.Wording, kinds: Any, spec: str = "") -> str:
    if not kinds:
        return w.term("term.no_tricks")
    return "; ".join(f"{_position(w, p)}{_colon(w)}{trick_name(k, w.language)}" for p, k in enumerate(kinds))


def _kinds_held(w: wording.Wording, v: Any, spec: str = "") -> str:
    """A hand by kind, in the kinds' order, without positions (the end said at the table,
    A44): "two Corruption and one Revolt"; an empty hand: "no Dirty Trick"."""
    parts = [w.term(f"term.trick.{k}.one") if v[k] == 1
             else w.term(f"term.trick.{k}.many").format(number=cardinal(v[k], w.language)) for k in KINDS if v.get(k)]
    return w.join(parts) if parts else w.term("term.no_tricks")


def _lacking(w: wording.Wording, v: Any, spec: str) -> str:
    if not v:
        return w.term("term.none_lacking")
    return w.join([w.term("term.lacks").format(seat=w.seat(int(s)), domain=domain_name(d, w.language))
                   for s, d in sorted(v.items(), key=lambda kv: int(kv[0]))])


def _nat(x: Any) -> bool:
    return type(x) is int and x >= 0


def _pairs(v: Any, first: Any, second: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(
        isinstance(e, (list, tuple)) and len(e) == 2 and first(e[0]) and second(e[1]) for e in v)


def _token_counts(v: Any) -> bool:
    return isinstance(v, Mapping) and all(k in SYMBOLS and _nat(c) for k, c in v.items())


def _kinds(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(k in KINDS for k in v)


CATALOGUE = wording.Catalogue(
    LOCALE_DIR, MESSAGES, PARAM_TYPES, languages=LANGUAGES, enums={"reason": REASONS}, terms=TERMS,
    highest=999, empty="term.nothing", short_words=8,
    renders={
        "int": lambda w, v, spec: w.number(v, spec) if spec else cardinal(v, w.language),
        "trick_count": lambda w, v, spec: _tricks(w, v),
        "domain": lambda w, v, spec: domain_name(v, w.language),
        "trick": lambda w, v, spec: trick_name(v, w.language),
        "position": lambda w, v, spec: _position(w, v),
        "positions": lambda w, v, spec: w.join([_position(w, p) for p in v]),
        "tokens": _tokens,
        # a count of a kind in its plural ("zwei Bestechungen", never "zwei Bestechung")
        "discard": lambda w, v, spec: w.join([w.term(f"term.trick.{k}.one") if v[k] == 1
                                              else w.term(f"term.trick.{k}.many").format(number=cardinal(v[k], w.language))
                                              for k in KINDS if v.get(k)]),
        "dice": lambda w, v, spec: w.join([w.term("term.face").format(
            symbol=domain_name(f[0], w.language), value=cardinal(f[1], w.language)) for f in v]),
        "drawn": lambda w, v, spec: "; ".join(w.term("term.entry").format(
            token=_position(w, p), trick=trick_name(k, w.language)) for p, k in v),
        "hand": _hand,
        "kinds_held": _kinds_held,
        "hands": lambda w, v, spec: "; ".join(f"{w.seat(s)}{_colon(w)}{_hand(w, h)}" for s, h in enumerate(v)),
        "by_seat": lambda w, v, spec: "; ".join(f"{w.seat(s)}{_colon(w)}{_tokens(w, t)}" for s, t in enumerate(v)),
        # "Platz vier: zwei Tiefschläge", never "Platz vier: eins" (a bare count after a seat)
        "tricks_by_seat": lambda w, v, spec: "; ".join(
            f"{w.seat(s)}{_colon(w)}{w.term('term.held').format(count=_tricks(w, c))}" for s, c in enumerate(v)),
        "lacking": _lacking,
    },
    checks={
        "seat": _nat, "int": _nat, "position": _nat, "trick_count": _nat,
        "positions": lambda v: isinstance(v, (list, tuple)) and bool(v) and all(_nat(p) for p in v),
        "domain": lambda v: v in SYMBOLS, "trick": lambda v: v in KINDS,
        "tokens": _token_counts,
        "discard": lambda v: isinstance(v, Mapping) and all(k in KINDS and _nat(c) for k, c in v.items()),
        "dice": lambda v: _pairs(v, lambda s: s in SYMBOLS, _nat),
        "drawn": lambda v: _pairs(v, _nat, lambda k: k in KINDS),
        "hand": _kinds,
        "kinds_held": lambda v: isinstance(v, Mapping) and all(k in KINDS and _nat(c) for k, c in v.items()),
        "hands": lambda v: isinstance(v, (list, tuple)) and all(_kinds(h) for h in v),
        "by_seat": lambda v: isinstance(v, (list, tuple)) and all(_token_counts(t) for t in v),
        "tricks_by_seat": lambda v: isinstance(v, (list, tuple)) and all(_nat(c) for c in v),
        "lacking": lambda v: isinstance(v, Mapping) and all(str(s).isdigit() and d in DOMAINS
                                                            for s, d in v.items()),
    },
    fallback=board_catalogue.CATALOGUE, domain=DOMAIN)
_catalog = CATALOGUE.catalogs.get
_catalogs = CATALOGUE.catalogs.loaded

keys, is_private, placeholders, template, term, fields, _schema, _check_params = CATALOGUE.functions()

#: A short wording has at most this many words of its own (its fields not counted).
SHORT_WORDS = CATALOGUE.short_words


def seat_name(seat: int, language: str = "de", names: Mapping[int, str] | None = None) -> str:
    """How speech names a seat (A1): "Platz drei" / "seat 3" / "siège trois", or the
    configured name.

    Raises:
        MessageParamError: ``seat`` is not an int 0..98.
    """
    return CATALOGUE.seat_name(seat, language, names)


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key`` (this game's, or the board's own).

    Args:
        key: a message key (:func:`keys`, or the board catalogue's).
        params: its parameters (:func:`placeholders`); seats and positions 0-based.
        language: ``"de"`` (default), ``"en"`` or ``"fr"``.
        long: the long wording instead of the short one.
        names: optional ``{seat: player name}``.

    Raises:
        UnknownMessage (a ``KeyError``): unknown ``key``.
        MessageParamError (a ``ValueError``): params missing, extra or of the wrong type.
        UnknownLanguage (a ``ValueError``): ``language`` has no catalog.
    """
    return CATALOGUE.text(key, params, language, long, names)


def check_messages() -> list[str]:
    """Problems of the catalogs, one sentence each (empty when sound): every key has its six
    wordings with exactly its parameters, every short one at most :data:`SHORT_WORDS` words,
    every term exists in every language, and no German or French text holds a digit."""
    return CATALOGUE.check()
