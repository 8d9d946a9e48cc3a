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
hands       by seat: "seat 1: token 1: Chantage; seat 2: no Coup Bas"
by_seat     tokens by seat: "seat 1: six Économie; seat 2: nothing"
lacking     {seat: domain}: "seat 4 lacks only Politique"
reason      a refusal's reason, worded
int         "seven"; ``held``: "two Dirty Tricks", "no Dirty Trick"
==========  =============================================================================

Every returned string is Unicode NFC. :func:`is_private` tells the keys that carry a seat's
secret (A29): they go only to ``seat:N``.
"""

from __future__ import annotations

import string
import unicodedata
from pathlib import Path
from typing import Any, Mapping

from firmware_host.errors import FirmwareHostError
from firmware_host.games import wording

from .engine import REASONS
from .rules import COUP_BAS, DOMAINS, KINDS, SYMBOLS

__all__ = [
    "LANGUAGES", "MESSAGES", "PARAM_TYPES", "TERMS", "UnknownMessage", "MessageParamError",
    "UnknownLanguage", "text", "term", "keys", "is_private", "placeholders", "cardinal",
    "check_messages", "template", "domain_name", "trick_name",
]

LANGUAGES = ("de", "en", "fr")
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
    "seat": "seat", "target": "seat", "attacker": "seat", "partner": "seat",
    "victim": "seat", "first": "seat", "winner": "seat", "redirector": "seat",
    "tokens": "tokens", "gave": "tokens", "got": "tokens", "gains": "tokens",
    "price": "tokens", "lost": "tokens", "taken_tokens": "tokens", "back": "tokens",
    "reserve": "tokens", "discard": "discard",
    "dice": "dice", "domain": "domain", "trick": "trick", "taken": "trick",
    "pick": "position", "position": "position",
    "drawn": "drawn", "hand": "hand", "hands": "hands", "by_seat": "by_seat",
    "lacking": "lacking", "reason": "reason",
    "positions": "positions", "held": "trick_count",
    "players": "int", "count": "int", "round": "int", "pile": "int",
    "tricks_held": "tricks_by_seat",
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
    "drawn": (("drawn",), _P),
    # the end (A44)
    "win": (("seat",), _O),
    "game_over.tokens": (("by_seat",), _O),
    "game_over.hands": (("hands",), _O),
    # status (A34)
    "status.short": (("round", "seat", "tokens", "lacking"), _O),
    "status.long": (("by_seat", "tricks_held", "reserve", "pile", "discard"), _O),
    "status.private": (("hand",), _P),
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
    "term.no_tricks", "term.one", "term.one.trick", "term.lacks", "term.none_lacking",
    "term.held", "term.face", "term.entry",
    *(f"term.domain.{d}" for d in DOMAINS), f"term.symbol.{COUP_BAS}",
    f"term.symbol.{COUP_BAS}.plural",
    *(f"term.trick.{k}" for k in KINDS), *(f"term.reason.{r}" for r in REASONS),
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
    """True when ``key`` carries a seat's secret and may only go to ``seat:N`` (A29).

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
    """The number word for ``n`` (0..999): ``cardinal(71, "fr")`` → "soixante et onze"
    (:func:`firmware_host.games.wording.cardinal`; ACCESSIBILITY.md 6). A larger count (a
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
    """A term of the catalog (``"term.domain.economie"`` → "Économie").

    Raises:
        UnknownMessage: no such term in ``language``.
    """
    found = _catalog(language).gettext(name)
    if found == name:
        raise UnknownMessage(f"unknown term {name!r} in {language!r}")
    return unicodedata.normalize("NFC", found)


def domain_name(domain: str, language: str = "de") -> str:
    """A domain's or the Coup Bas symbol's name ("Économie", "Coup Bas")."""
    if domain == COUP_BAS:
        return term(f"term.symbol.{COUP_BAS}", language)
    return term(f"term.domain.{domain}", language)


def trick_name(kind: str, language: str = "de") -> str:
    """A Coup Bas kind's name ("Nationalisation", "Verstaatlichung")."""
    return term(f"term.trick.{kind}", language)


# ---------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------


def seat_name(seat: int, language: str = "de", names: Mapping[int, str] | None = None) -> str:
    """How speech names a seat (A1): "Platz drei" / "seat 3" / "siège trois", or the
    configured name.

    Raises:
        MessageParamError: ``seat`` is not an int 0..98.
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


def _join(items: list[str], language: str, sep: str | None = None) -> str:
    if not items:
        return term("term.nothing", language)
    if sep is not None:
        return sep.join(items)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " " + term("term.and", language) + " " + items[-1]


def _count(n: int, symbol: str, language: str) -> str:
    """"six Économie", "one Média" ("eine Medien", "un Média"), "one Coup Bas"."""
    if symbol == COUP_BAS:
        if n == 1:
            return f"{term('term.one.trick', language)} {domain_name(symbol, language)}"
        return f"{cardinal(n, language)} {term(f'term.symbol.{COUP_BAS}.plural', language)}"
    word = term("term.one", language) if n == 1 else cardinal(n, language)
    return f"{word} {domain_name(symbol, language)}"


def _position(p: int, language: str) -> str:
    number = str(p + 1) if language == "en" else cardinal(p + 1, language)
    return term("term.token", language).format(number=number)


class _Formatter(string.Formatter):
    def __init__(self, language: str, names: Mapping[int, str] | None) -> None:
        self.language = language
        self.names = names

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return (key, kwargs[key])

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value

    def format_field(self, value: Any, spec: str) -> str:
        name, v = value
        out = self._render(PARAM_TYPES.get(name, "int"), v)
        if spec == "cap":
            out = out[:1].upper() + out[1:]
        elif spec:
            raise MessageParamError(f"unknown form {spec!r} of {name!r}")
        return out

    def _render(self, kind: str, v: Any) -> str:
        lang = self.language
        seat = lambda s: seat_name(s, lang, self.names)  # noqa: E731
        if kind == "seat":
            return seat(v)
        if kind == "int":
            return cardinal(v, lang)
        if kind == "trick_count":
            return term("term.no_tricks", lang) if v == 0 else _count(v, COUP_BAS, lang)
        if kind == "domain":
            return domain_name(v, lang)
        if kind == "trick":
            return trick_name(v, lang)
        if kind == "position":
            return _position(v, lang)
        if kind == "positions":
            return _join([_position(p, lang) for p in v], lang)
        if kind == "tokens":
            return _join([_count(v[s], s, lang) for s in SYMBOLS if v.get(s)], lang)
        if kind == "discard":
            return _join([f"{cardinal(v[k], lang)} {trick_name(k, lang)}" for k in KINDS
                          if v.get(k)], lang)
        if kind == "dice":
            return _join([term("term.face", lang).format(
                symbol=domain_name(f[0], lang), value=cardinal(f[1], lang)) for f in v], lang)
        if kind == "drawn":
            return "; ".join(term("term.entry", lang).format(
                token=_position(p, lang), trick=trick_name(k, lang)) for p, k in v)
        if kind == "hand":
            return self._hand(v)
        if kind == "hands":
            return "; ".join(f"{seat(s)}: {self._hand(h)}" for s, h in enumerate(v))
        if kind == "by_seat":
            return "; ".join(f"{seat(s)}: {self._render('tokens', t)}" for s, t in enumerate(v))
        if kind == "tricks_by_seat":
            return "; ".join(f"{seat(s)}: {term('term.held', lang).format(count=cardinal(c, lang))}"
                             for s, c in enumerate(v))
        if kind == "lacking":
            if not v:
                return term("term.none_lacking", lang)
            return _join([term("term.lacks", lang).format(seat=seat(int(s)),
                                                          domain=domain_name(d, lang))
                          for s, d in sorted(v.items(), key=lambda kv: int(kv[0]))], lang)
        if kind == "reason":
            return term(f"term.reason.{v}", lang)
        raise MessageParamError(f"no form for type {kind!r}")

    def _hand(self, kinds: list[str]) -> str:
        lang = self.language
        if not kinds:
            return term("term.no_tricks", lang)
        return "; ".join(f"{_position(p, lang)}: {trick_name(k, lang)}"
                         for p, k in enumerate(kinds))


def _ok(kind: str, v: Any) -> bool:
    nat = lambda x: type(x) is int and x >= 0  # noqa: E731
    if kind in ("seat", "int", "position", "trick_count"):
        return nat(v)
    if kind == "positions":
        return isinstance(v, (list, tuple)) and bool(v) and all(nat(p) for p in v)
    if kind == "domain":
        return v in SYMBOLS
    if kind in ("trick",):
        return v in KINDS
    if kind == "reason":
        return v in REASONS
    if kind == "tokens":
        return isinstance(v, Mapping) and all(k in SYMBOLS and nat(c) for k, c in v.items())
    if kind == "discard":
        return isinstance(v, Mapping) and all(k in KINDS and nat(c) for k, c in v.items())
    if kind == "dice":
        return isinstance(v, (list, tuple)) and all(
            isinstance(f, (list, tuple)) and len(f) == 2 and f[0] in SYMBOLS and nat(f[1])
            for f in v)
    if kind == "drawn":
        return isinstance(v, (list, tuple)) and all(
            isinstance(e, (list, tuple)) and len(e) == 2 and nat(e[0]) and e[1] in KINDS
            for e in v)
    if kind == "hand":
        return isinstance(v, (list, tuple)) and all(k in KINDS for k in v)
    if kind == "hands":
        return isinstance(v, (list, tuple)) and all(_ok("hand", h) for h in v)
    if kind == "by_seat":
        return isinstance(v, (list, tuple)) and all(_ok("tokens", t) for t in v)
    if kind == "tricks_by_seat":
        return isinstance(v, (list, tuple)) and all(nat(c) for c in v)
    if kind == "lacking":
        return isinstance(v, Mapping) and all(str(s).isdigit() and d in DOMAINS
                                              for s, d in v.items())
    return False


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
        kind = PARAM_TYPES.get(p, "int")
        if not _ok(kind, params[p]):
            raise MessageParamError(f"{key}: {p} = {params[p]!r} is not a valid {kind}")


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key``.

    Args:
        key: a message key (:func:`keys`).
        params: its parameters (:func:`placeholders`); seats and positions 0-based.
        language: ``"de"`` (default), ``"en"`` or ``"fr"``.
        long: the long wording instead of the short one.
        names: optional ``{seat: player name}``.

    Raises:
        UnknownMessage (a ``KeyError``): unknown ``key``.
        MessageParamError (a ``ValueError``): params missing, extra or of the wrong type.
        UnknownLanguage (a ``ValueError``): ``language`` has no catalog.
    """
    params = {} if params is None else params
    _check_params(key, params)
    tmpl = template(key, language, long)
    try:
        out = _Formatter(language, names).vformat(tmpl, (), dict(params))
    except (KeyError, IndexError, ValueError) as exc:
        if isinstance(exc, FirmwareHostError):
            raise
        raise MessageParamError(f"bad template for {key!r}: {exc}") from None
    return unicodedata.normalize("NFC", out)


def fields(tmpl: str) -> set[str]:
    """The parameter names used by a template."""
    return {f for _, f, _, _ in string.Formatter().parse(tmpl) if f}


#: A short wording has at most this many words of its own (its fields not counted).
SHORT_WORDS = 8


def check_messages() -> list[str]:
    """Problems of the catalogs, one sentence each (empty when sound): every key has its six
    wordings with exactly its parameters, every short one at most :data:`SHORT_WORDS` words,
    every term exists in every language, and no German or French text holds a digit."""
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
                if language != "en" and any(ch.isdigit() for ch in tmpl):
                    problems.append(f"{language} {key}: a digit in the text")
                words = [w for w in tmpl.split() if "{" not in w and w not in ":?;"]
                if not long and len(words) > SHORT_WORDS:
                    problems.append(f"{language} short {key}: {len(words)} words, more than "
                                    f"{SHORT_WORDS}")
        for name in TERMS:
            try:
                term(name, language)
            except UnknownMessage as exc:
                problems.append(str(exc))
    return problems
