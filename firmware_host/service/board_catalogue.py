"""The board's own sentences, German and English: what the board says before any game is set
up and for a seat's own settings, whatever game it hosts (issue 14: setup from the seats, the
per-seat settings scan).

Like each game's catalogue (:mod:`firmware_host.games.secret_dictator.catalogue`), the texts
are gettext catalogs, ``locale/{de,en}/LC_MESSAGES/messages.po`` next to this module (msgid =
key, msgctxt ``short``/``long``; ACCESSIBILITY.md 5: short at most 8 words), compiled by
``scripts/compile-catalogs``; the words are the rulebook's (WORDING-REVIEW.md, the
terminology test). No digit reaches German speech (ACCESSIBILITY.md 6).

Parameter types are fixed by the parameter's name (:data:`PARAM_TYPES`):

==========  =====================================================================
``seat``    0-based seat: the player's name, or "Platz drei" / "seat 3"; ``{seat:full}``
            "Anna, Platz drei"
int         ``count``, ``missing``, ``last``, ``wpm``, ``percent``: the number word
seconds     ``seconds``: "null Komma fünf Sekunden" / "zero point five seconds"
text        ``name``, ``title``: spoken as given (a name, a game's title)
texts       ``choices``: the texts joined with commas
enum        ``verbosity``, ``gender``, ``setting``, ``reason``: ``term.<param>.<value>``
==========  =====================================================================

Example::

    text("lobby.present", {"seat": 2, "missing": 4}, "de")   # 'Platz drei ist da. Es fehlen noch vier.'
"""

from __future__ import annotations

import string
import unicodedata
from typing import Any, Mapping

from firmware_host.errors import FirmwareHostError
from firmware_host.games.wording import Catalogs, cardinal
from firmware_host.resources import package_path

__all__ = ["LANGUAGES", "MESSAGES", "PARAM_TYPES", "ENUMS", "UnknownMessage", "MessageParamError",
           "UnknownLanguage", "text", "keys", "seat_name", "seconds_words", "check_messages"]

LANGUAGES = ("de", "en")
LOCALE_DIR = package_path(__name__.rpartition(".")[0], "locale")
DOMAIN = "messages"


class UnknownMessage(FirmwareHostError, KeyError):
    """A key that is not in the board's catalogue."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown message"


class MessageParamError(FirmwareHostError, ValueError):
    """Parameters that do not fit a message (missing, extra, wrong type or value)."""


class UnknownLanguage(FirmwareHostError, ValueError):
    """A language without a catalog (only :data:`LANGUAGES`)."""


PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "count": "int", "missing": "int", "last": "int", "wpm": "int", "percent": "int",
    "seconds": "seconds", "name": "text", "title": "text", "choices": "texts",
    "verbosity": "enum", "gender": "enum", "setting": "enum", "reason": "enum",
}

#: enum parameter -> its values (each has ``term.<param>.<value>`` in every language)
ENUMS: dict[str, tuple[str, ...]] = {
    "verbosity": ("auto", "short", "long"),
    "gender": ("m", "f"),
    "setting": ("rate", "volume", "verbosity", "scan_interval", "ignore_repeat", "gender"),
    # why a setup from the seats cannot start (lobby.refused)
    "reason": ("invalid", "players", "journal", "console"),
}

#: key -> parameter names
MESSAGES: dict[str, tuple[str, ...]] = {
    # a part the game can do without could not be started: said, and play goes on (service.core)
    "fault.optional.gm_key": (),
    # setup from the seats (service.lobby)
    "lobby.start": (),
    "lobby.question.game": (),
    "lobby.option.game": ("title",),
    "lobby.question.language": (),
    "lobby.option.language.de": (),
    "lobby.option.language.en": (),
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
    "lobby.all_present": (),
    "lobby.already_present": (),
    "lobby.not_playing": ("seat", "last"),
    "lobby.refused": ("reason",),
    "lobby.console": (),
    "lobby.question.name": (),
    "lobby.option.seat": ("seat",),
    "lobby.option.name": ("name",),
    # the seat's own settings (service.seat_menu)
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
    "evening.story_end": (),
}

TERMS = tuple(f"term.{param}.{value}" for param, values in ENUMS.items() for value in values) + (
    "term.seat", "term.seat.named", "term.seat.named_full", "term.and", "term.second", "term.seconds",
    "term.point")

_CATALOGS = Catalogs(LOCALE_DIR, LANGUAGES, UnknownLanguage, DOMAIN)
#: language -> loaded catalog (scripts/compile-catalogs clears it after compiling)
_catalogs = _CATALOGS.loaded


def keys() -> tuple[str, ...]:
    """Every message key."""
    return tuple(MESSAGES)


def _template(key: str, language: str, long: bool) -> str:
    if key not in MESSAGES:
        raise UnknownMessage(f"unknown message {key!r}")
    context = "long" if long else "short"
    found = _CATALOGS.get(language).pgettext(context, key)
    if found == key:
        raise UnknownMessage(f"message {key!r} has no {context} text in {language!r}")
    return found


def _term(name: str, language: str) -> str:
    found = _CATALOGS.get(language).gettext(name)
    if found == name:
        raise UnknownMessage(f"unknown term {name!r} in {language!r}")
    return found


def seat_name(seat: int, language: str = "de", names: Mapping[int, str] | None = None, full: bool = False) -> str:
    """ "Platz drei" / "seat 3", or the seat's player name ("Anna"; ``full``: "Anna, Platz drei").

    :raises MessageParamError: ``seat`` is not an int 0..98.
    """
    if type(seat) is not int or not 0 <= seat < 99:
        raise MessageParamError(f"a seat must be a 0-based seat number, not {seat!r}")
    number = str(seat + 1) if language == "en" else cardinal(seat + 1, language)
    plain = _term("term.seat", language).format(number=number)
    name = (names or {}).get(seat)
    if not name:
        return plain
    key = "term.seat.named_full" if full else "term.seat.named"
    return _term(key, language).format(name=str(name).strip(), seat=plain)


def seconds_words(seconds: float, language: str = "de") -> str:
    """A time in words, one decimal: 0.5 → "null Komma fünf Sekunden", 1 → "eine Sekunde",
    1.5 → "one point five seconds" (ACCESSIBILITY.md 6: no digits in German speech).

    :raises MessageParamError: not a number from 0 to 999.9.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 1000:
        raise MessageParamError(f"seconds must be a number 0..999.9, not {seconds!r}")
    tenths = int(round(float(seconds) * 10))
    whole, tenth = divmod(tenths, 10)
    if tenths == 10:
        return _term("term.second", language)
    words = cardinal(whole, language)
    if tenth:
        words += " " + _term("term.point", language) + " " + cardinal(tenth, language)
    return _term("term.seconds", language).format(number=words)


class _Formatter(string.Formatter):
    def __init__(self, language: str, names: Mapping[int, str] | None) -> None:
        self.language = language
        self.names = names

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return (key, kwargs[key])

    def format_field(self, value: Any, spec: str) -> str:
        name, v = value
        kind = PARAM_TYPES.get(name)
        lang = self.language
        if kind == "seat":
            return seat_name(v, lang, self.names, full=spec == "full")
        if kind == "int":
            if type(v) is not int or v < 0:
                raise MessageParamError(f"{name} must be a whole number, not {v!r}")
            return cardinal(v, lang)
        if kind == "seconds":
            return seconds_words(v, lang)
        if kind == "text":
            return str(v)
        if kind == "texts":
            items = [str(x) for x in v]
            return ", ".join(items)
        if kind == "enum":
            if v not in ENUMS[name]:
                raise MessageParamError(f"{name} must be one of {', '.join(ENUMS[name])}, not {v!r}")
            return _term(f"term.{name}.{v}", lang)
        raise MessageParamError(f"unknown parameter {name!r}")


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de", long: bool = False,
         names: Mapping[int, str] | None = None) -> str:
    """The sentence for ``key`` (Unicode NFC).

    :param key: one of :func:`keys`.
    :param params: exactly the message's parameters (0-based seats).
    :param language: ``"de"`` or ``"en"``.
    :param long: the long wording (the first time a listener hears the message).
    :param names: ``{seat: player name}`` spoken instead of "Platz N".
    :raises UnknownMessage: an unknown key.
    :raises MessageParamError: parameters missing, extra or of the wrong type.
    :raises UnknownLanguage: a language without a catalog.
    """
    params = dict(params or {})
    want = MESSAGES.get(key)
    if want is None:
        raise UnknownMessage(f"unknown message {key!r}")
    if set(params) != set(want):
        raise MessageParamError(f"{key}: parameters {sorted(params)} instead of {sorted(want)}")
    tmpl = _template(key, language, long)
    try:
        out = _Formatter(language, names).vformat(tmpl, (), params)
    except KeyError as exc:
        raise MessageParamError(f"{key}: template field {exc.args[0]!r} has no parameter") from None
    return unicodedata.normalize("NFC", out)


def check_messages() -> list[str]:
    """Problems of the catalogs, one sentence each (empty when sound): every key has a short
    and a long text in every language using exactly its parameters; every term exists."""
    problems: list[str] = []
    for language in LANGUAGES:
        for key, want in MESSAGES.items():
            for long in (False, True):
                try:
                    tmpl = _template(key, language, long)
                except UnknownMessage as exc:
                    problems.append(str(exc))
                    continue
                got = {f for _, f, _, _ in string.Formatter().parse(tmpl) if f}
                if got != set(want):
                    problems.append(f"{language} {'long' if long else 'short'} {key}: fields {sorted(got)} "
                                    f"instead of {sorted(want)}")
        for name in TERMS:
            try:
                _term(name, language)
            except UnknownMessage as exc:
                problems.append(str(exc))
    return problems
