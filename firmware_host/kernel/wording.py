"""What every catalogue of spoken sentences shares — the board's own (:mod:`firmware_host.service.
board_catalogue`) and each game pack's: number words, the loading of gettext catalogs, and one
formatter and one checker (:class:`Catalogue`). Standard library only, like the packs' rules (a
pack stays free of I/O but for reading its own compiled catalogs once).

- :func:`cardinal`, :func:`ordinal` — number words of 0..999 in German, English or French
  (ACCESSIBILITY.md 6: no digit reaches German speech; cards of *Dying Message* go to 104;
  *Autocracy*'s rulebook is French), with the German case endings the wording rules need
  ("eine Stimme", "das dritte Gesetz").
- :class:`Catalogs` — a catalogue's ``locale/<language>/LC_MESSAGES/messages.mo`` (compiled by
  ``scripts/compile-catalogs``), loaded on first use and kept; in a checkout without compiled
  catalogs the ``.po`` is compiled in memory with Babel. The languages are data: a catalogue
  names them, and a language with number words here can be added by its ``.po`` alone.
- :class:`Catalogue` — a catalogue's schema (key → parameter names, private), its templates and
  terms, rendered by one formatter: the parameter's *name* fixes its type, the format spec a
  form. Built-in types (every catalogue has them):

  ==========  ===================================================================================
  type        renders (de / en)
  ==========  ===================================================================================
  seat        "Platz drei" / "seat 3", or the player's name; ``:full`` "Anna, Platz drei";
              ``:at`` "Anna auf Platz drei"; ``:actor`` / ``:actor_full`` None as the game
              master; ``:g/Präsident/Präsidentin`` by the seat's grammatical gender; None:
              "niemand" (or the catalogue's ``nobody`` term)
  seats       "Platz eins, Platz drei und Platz fünf" ("Plätze eins, drei und fünf" where the
              catalogue has ``term.seats``); []: "niemand"; ``:full``
  int         "sieben"; ``:card-e`` German 1 as "ein" + ending ("eine"), ``:ein+e`` the same
              (French "une");
              ``:ord-en`` ordinal with ending ("dritten") / "third"
  ints        numbers joined with "und" / "and"
  text        as given (a name, a game's title); ``texts``: joined with commas
  <enum>      a type listed in the catalogue's ``enums``: the term ``term.<type>.<value>`` (with
              ``.<spec>`` when a spec is given; ``:g`` adds ``.f`` for a seat of gender ``f``)
  ==========  ===================================================================================

  ``{x:plural/Wort/Wörter}`` works for every type: the first word for 1 (for a list: one item),
  the second for any other count; ``{x:cap}`` gives any type with its first letter upper case
  (a seat at the start of a sentence). A catalogue adds its own types as ``renders`` (and
  ``checks``), e.g. Dying Message's evidence cards. A game's catalogue has the board's
  catalogue as its ``fallback``: a key it does not hold itself (``service.*``, ``gm.*``,
  ``fault.*``, ``journal.*``, ``scan.wrap`` …) is answered by the board's, so every game's
  table says the board's sentences in the same words.

Example::

    cardinal(104) == "hundertvier"; cardinal(21, "en") == "twenty-one"; ordinal(3) == "dritte"
    CATALOGUE = Catalogue(Path(__file__).with_name("locale"), {"night.begins": ((), False)}, {})
    CATALOGUE.text("night.begins", {}, "de")
"""

from __future__ import annotations

import gettext
import io
import re
import string
import unicodedata
from pathlib import Path
from typing import Any, Callable, Mapping

from firmware_host.errors import FirmwareHostError

__all__ = ["cardinal", "ordinal", "Catalogs", "Catalogue", "Wording", "UnknownMessage",
           "MessageParamError", "UnknownLanguage", "compile_in_memory", "pronounce"]


class UnknownMessage(FirmwareHostError, KeyError):
    """A message key or term that is not in the catalogue (``text("no.such.key", {})``)."""

    def __str__(self) -> str:  # KeyError would print the repr of its argument
        return str(self.args[0]) if self.args else "unknown message"


class MessageParamError(FirmwareHostError, ValueError):
    """Parameters that do not fit a message: one missing or extra, or of the wrong type or value."""


class UnknownLanguage(FirmwareHostError, ValueError):
    """A language without a catalog (only the catalogue's languages exist)."""


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
_FR_UNITS = ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
             "dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept",
             "dix-huit", "dix-neuf")
_FR_TENS = ("", "", "vingt", "trente", "quarante", "cinquante", "soixante")
_EN_ORD = {"one": "first", "two": "second", "three": "third", "five": "fifth",
           "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
#: languages with number words (a catalogue's other languages need them here first)
NUMBER_LANGUAGES = ("de", "en", "fr")


def _french(n: int) -> str:
    """French number words of 0..999, traditional spelling: "vingt et un", "soixante et
    onze", "quatre-vingts", "quatre-vingt-un", "deux cents", "deux cent un"."""
    hundreds, rest = divmod(n, 100)
    if rest < 20:
        low = _FR_UNITS[rest]
    elif rest < 70:
        tens, unit = divmod(rest, 10)
        low = _FR_TENS[tens] + ("" if not unit else " et un" if unit == 1
                                else "-" + _FR_UNITS[unit])
    elif rest < 80:
        low = "soixante" + (" et onze" if rest == 71 else "-" + _FR_UNITS[rest - 60])
    else:
        low = "quatre-vingt" + ("s" if rest == 80 else "-" + _FR_UNITS[rest - 80])
    if not hundreds:
        return low
    head = "cent" if hundreds == 1 else _FR_UNITS[hundreds] + " cent"
    if not rest:
        return head + ("s" if hundreds > 1 else "")
    return f"{head} {low}"


def cardinal(n: int, language: str = "de", ending: str | None = None, *, highest: int = 999,
             error: type[Exception] = MessageParamError) -> str:
    """The cardinal number word for ``n``: ``cardinal(104)`` → "hundertvier",
    ``cardinal(21, "en")`` → "twenty-one", ``cardinal(300, "en")`` → "three hundred",
    ``cardinal(71, "fr")`` → "soixante et onze".

    :param n: an int in 0..``highest``.
    :param language: ``"de"``, ``"en"`` or ``"fr"``.
    :param ending: German only: None gives the standalone form ("eins"); a string gives the
        article-like form of one ("ein" + ending: ``"e"`` → "eine", ``"em"`` → "einem"); other
        numbers do not inflect.
    :param highest: the largest number the caller allows (int, at most 999).
    :param error: the exception class raised on a bad ``n`` or language.
    :raises error: ``n`` is not an int in 0..``highest``, or ``language`` has no number words.
    """
    if type(n) is not int or not 0 <= n <= min(highest, 999):
        raise error(f"a number word needs an integer 0..{min(highest, 999)}, not {n!r}")
    if language not in NUMBER_LANGUAGES:
        raise error(f"no number words for language {language!r}")
    if language == "fr":
        return _french(n)
    hundreds, rest = divmod(n, 100)
    if language == "de":
        if n == 1 and ending is not None:
            return "ein" + ending
        head = ("" if not hundreds else "hundert" if hundreds == 1
                else _DE_UNITS[hundreds] + "hundert")
        if hundreds and not rest:
            return head
        if rest < 20:
            return head + _DE_UNITS[rest]
        tens, unit = divmod(rest, 10)
        return head + (_DE_TENS[tens] if not unit else
                       ("ein" if unit == 1 else _DE_UNITS[unit]) + "und" + _DE_TENS[tens])
    head = f"{_EN_UNITS[hundreds]} hundred" if hundreds else ""
    if hundreds and not rest:
        return head
    if rest < 20:
        word = _EN_UNITS[rest]
    else:
        tens, unit = divmod(rest, 10)
        word = _EN_TENS[tens] + ("-" + _EN_UNITS[unit] if unit else "")
    return f"{head} and {word}" if head else word


def ordinal(n: int, language: str = "de", ending: str = "e", *, highest: int = 99,
            error: type[Exception] = MessageParamError) -> str:
    """The ordinal number word for ``n``: ``ordinal(3)`` → "dritte", ``ordinal(3, ending="en")``
    → "dritten", ``ordinal(20)`` → "zwanzigste", ``ordinal(21, "en")`` → "twenty-first".

    :param n: an int in 0..``highest`` (at most 99).
    :param language: ``"de"``, ``"en"`` or ``"fr"`` (``ordinal(1, "fr")`` → "premier",
        ``ordinal(21, "fr")`` → "vingt et unième").
    :param ending: German only: the adjective ending after the stem, chosen by the template
        for case and gender.
    :raises error: ``n`` is not an int in 0..``highest``, or ``language`` has no number words.
    """
    if type(n) is not int or not 0 <= n <= min(highest, 99):
        raise error(f"a number word needs an integer 0..{min(highest, 99)}, not {n!r}")
    if language == "de":
        special = {1: "erst", 3: "dritt", 7: "siebt", 8: "acht"}
        stem = special.get(n) or (_DE_UNITS[n] + "t" if n < 20 else cardinal(n, "de") + "st")
        return stem + ending
    if language == "fr":
        return _fr_ordinal(n)
    if language != "en":
        raise error(f"no number words for language {language!r}")
    if n < 20 or n % 10 == 0:
        word = _EN_UNITS[n] if n < 20 else _EN_TENS[n // 10]
        if word in _EN_ORD:
            return _EN_ORD[word]
        return word[:-1] + "ieth" if word.endswith("y") else word + "th"
    tens, unit = divmod(n, 10)
    return _EN_TENS[tens] + "-" + ordinal(unit, "en")


def _fr_ordinal(n: int) -> str:
    """The French ordinal of ``n`` (0..99): the cardinal with "-ième" (cinq → cinquième,
    neuf → neuvième, a final e dropped: quatre → quatrième), "premier" for 1 alone."""
    if n == 1:
        return "premier"
    word = cardinal(n, "fr")
    if word.endswith("cinq"):
        return word + "uième"
    if word.endswith("neuf"):
        return word[:-1] + "vième"
    if word.endswith("e"):
        word = word[:-1]
    if word.endswith("quatre-vingts"):
        word = word[:-1]
    return word + "ième"


def compile_in_memory(po: Path, unknown_language: type[Exception] = UnknownLanguage
                      ) -> gettext.GNUTranslations:
    """The catalog of a ``.po`` file compiled in memory with Babel (a checkout without ``.mo``).

    :raises unknown_language: Babel is not installed.
    :raises OSError: ``po`` cannot be read.
    """
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        raise unknown_language(f"{po.with_suffix('.mo')} is missing and Babel is not installed to "
                               f"compile {po.name}: run scripts/compile-catalogs") from None
    with open(po, "rb") as fp:
        babel_catalog = read_po(fp)
    buf = io.BytesIO()
    write_mo(buf, babel_catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


class Catalogs:
    """A catalogue's gettext catalogs by language, loaded once each.

    :param locale_dir: the catalogue's ``locale`` folder (``Path``).
    :param languages: the languages it has (tuple of str; the first is the default).
    :param unknown_language: the exception class raised for any other language.
    :param domain: the catalog's file name without extension (default ``"messages"``).
    """

    def __init__(self, locale_dir: Path, languages: tuple[str, ...],
                 unknown_language: type[Exception] = UnknownLanguage, domain: str = "messages") -> None:
        self.locale_dir = Path(locale_dir)
        self.languages = tuple(languages)
        self.unknown_language = unknown_language
        self.domain = domain
        #: language -> loaded catalog (cleared by scripts/compile-catalogs after compiling)
        self.loaded: dict[str, gettext.NullTranslations] = {}

    def get(self, language: str) -> gettext.NullTranslations:
        """The catalog of ``language``.

        :raises unknown_language: ``language`` is not one of :attr:`languages`.
        :raises OSError: neither a ``.mo`` nor a ``.po`` file can be read.
        """
        cat = self.loaded.get(language)
        if cat is not None:
            return cat
        if language not in self.languages:
            raise self.unknown_language(f"no catalog for language {language!r}; choose one of "
                                        f"{', '.join(self.languages)}")
        folder = self.locale_dir / language / "LC_MESSAGES"
        mo, po = folder / f"{self.domain}.mo", folder / f"{self.domain}.po"
        if mo.exists():
            with open(mo, "rb") as fp:
                cat = gettext.GNUTranslations(fp)
        else:  # a checkout without compiled catalogs: compile in memory with Babel
            cat = compile_in_memory(po, self.unknown_language)
        self.loaded[language] = cat
        return cat


#: a type's renderer: ``render(wording, value, spec) -> str``
Render = Callable[["Wording", Any, str], str]
#: a type's check of a parameter value: ``check(value) -> bool``
Check = Callable[[Any], bool]


def _ints(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(type(n) is int and n >= 0 for n in v)


#: the checks of the built-in types
BUILTIN_CHECKS: dict[str, Check] = {
    "seat": lambda v: v is None or type(v) is int,
    "seats": lambda v: isinstance(v, (list, tuple)) and all(type(s) is int for s in v),
    "int": lambda v: type(v) is int and v >= 0,
    "ints": _ints,
    "text": lambda v: isinstance(v, (str, int, float)) and not isinstance(v, bool),
    "texts": lambda v: isinstance(v, (list, tuple)),
}


class Wording:
    """One rendering: the language, the seats' names and genders, the message's parameters and
    any extra context a catalogue's own types use (``extra["descriptions"]``); handed to each
    type's renderer with helpers that speak as the catalogue does.

    :param catalogue: the :class:`Catalogue` whose terms are used.
    """

    def __init__(self, catalogue: "Catalogue", language: str, names: Mapping[int, str] | None,
                 genders: Mapping[int, str] | None, params: Mapping[str, Any],
                 extra: Mapping[str, Any]) -> None:
        self.catalogue = catalogue
        self.language = language
        self.names = names or {}
        self.genders = genders or {}
        self.params = params
        self.extra = extra

    def term(self, name: str) -> str:
        """The catalogue's term ``name`` in this language (:meth:`Catalogue.term`)."""
        return self.catalogue.term(name, self.language)

    def cardinal(self, n: Any, ending: str | None = None) -> str:
        """The number word (:func:`cardinal`) up to the catalogue's ``highest``."""
        return self.catalogue.cardinal(n, self.language, ending)

    def number(self, n: Any, spec: str = "") -> str:
        """A number in the form ``spec`` asks for: ``""``/``card``, ``card-e``/``ein+e``, ``ord-en``.
        ``ein+e`` is German "eine" and French "une" for one (a feminine noun follows); other
        endings are German only ("einen", "einer", "ein")."""
        if spec in ("", "card"):
            return self.cardinal(n)
        if spec.startswith("ein+"):
            spec = "card-" + spec[4:]
        form, _, ending = spec.partition("-")
        if form == "card":
            if self.language == "fr" and n == 1 and ending.startswith("e"):
                return "une"                 # French has one feminine form of one: "une tuile"
            return self.cardinal(n, ending if self.language == "de" else None)
        if form == "ord":
            return (ordinal(n, self.language, ending, highest=self.catalogue.highest) if self.language == "de"
                    else ordinal(n, self.language, highest=self.catalogue.highest))
        raise MessageParamError(f"unknown number form {spec!r}")

    def seat(self, seat: Any, spec: str = "") -> str:
        """A seat as speech names it (:meth:`Catalogue.seat_name`, the forms of the module docstring)."""
        if spec.startswith("g/"):
            parts = spec.split("/")
            if len(parts) != 3:
                raise MessageParamError(f"a gendered form needs two words (g/masculine/feminine): {spec!r}")
            return parts[2] if self.genders.get(seat) == "f" else parts[1]
        if spec not in ("", "full", "at", "actor", "actor_full"):
            raise MessageParamError(f"unknown seat form {spec!r}")
        if seat is None and spec.startswith("actor"):
            return self.term("term.game_master")
        return self.catalogue.seat_name(seat, self.language, self.names, full=spec.endswith("full"),
                                        at=spec == "at")

    def join(self, items: list[str], sep: str | None = None) -> str:
        """Items as a list: "a, b und c" (``sep``: joined with it); none: the catalogue's
        ``empty`` term ("niemand")."""
        if not items:
            return self.term(self.catalogue.empty)
        if sep is not None:
            return sep.join(items)
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + " " + self.term("term.and") + " " + items[-1]

    def seats(self, seats: list, spec: str = "") -> str:
        """A list of seats; where none has a name and the catalogue has ``term.seats``:
        "Plätze eins, zwei und drei" (WORDING-REVIEW.md: half the words)."""
        seats = list(seats)
        if len(seats) > 1 and "term.seats" in self.catalogue.terms and not any(self.names.get(s) for s in seats):
            numbers = [str(s + 1) if self.language == "en" else self.cardinal(s + 1) for s in seats]
            return self.term("term.seats").format(numbers=self.join(numbers))
        return self.join([self.seat(s, "full" if spec == "full" else "") for s in seats])


class _Formatter(string.Formatter):
    def __init__(self, wording: Wording) -> None:
        self.wording = wording

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return (key, kwargs[key])

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value

    def format_field(self, value: Any, spec: str) -> str:
        name, v = value
        return self.wording.catalogue.render_field(self.wording, name, v, spec)


class Catalogue:
    """A catalogue of spoken sentences: the schema, the gettext texts, one formatter, one checker.

    :param locale_dir: the ``locale`` folder with ``<language>/LC_MESSAGES/<domain>.po`` (and ``.mo``).
    :param messages: key → (parameter names, private); a private message carries a seat's
        secret and may go only to that seat's earphone (R16, M39, D28).
    :param param_types: parameter name → type (built-in, an enum of ``enums``, or one of
        ``renders``); a name not listed is an ``int``.
    :param languages: the languages with a catalog (the first is the default).
    :param enums: enum type → its values (each has ``term.<type>.<value>``).
    :param terms: the term keys every language must have (checked by :meth:`check`).
    :param renders: the catalogue's own types: type → ``render(wording, value, spec)``.
    :param checks: type → ``check(value) -> bool`` for its own types (an enum is checked
        against its values).
    :param highest: the largest number a number word may say (99, or 999 where cards go to 104).
    :param nobody: the term said for a seat that is None.
    :param empty: the term said for an empty list.
    :param short_words: at most this many words of its own in a short text (checked), or None.
    :param sentence_case: the first letter of every sentence upper case.
    :param exact_fields: every text uses exactly its parameters (else: a text may leave one out).
    :param fallback: the catalogue asked for a key this one does not hold (the board's).
    :param domain: the catalog's file name.
    """

    def __init__(self, locale_dir: Path, messages: dict[str, tuple[tuple[str, ...], bool]],
                 param_types: Mapping[str, str], *, languages: tuple[str, ...] = ("de", "en"),
                 enums: Mapping[str, tuple] | None = None, terms: tuple[str, ...] = (),
                 renders: Mapping[str, Render] | None = None, checks: Mapping[str, Check] | None = None,
                 highest: int = 99, nobody: str = "term.nobody", empty: str = "term.nobody",
                 short_words: int | None = None, sentence_case: bool = False,
                 exact_fields: bool = True, fallback: "Catalogue | None" = None,
                 domain: str = "messages") -> None:
        self.locale_dir = Path(locale_dir)
        self.messages = messages
        self.param_types = param_types
        self.languages = tuple(languages)
        self.enums = dict(enums or {})
        self.terms = tuple(terms)
        self.renders = dict(renders or {})
        self.checks = {**BUILTIN_CHECKS, **dict(checks or {})}
        self.highest = highest
        self.nobody = nobody
        self.empty = empty
        self.short_words = short_words
        self.sentence_case = sentence_case
        self.exact_fields = exact_fields
        self.fallback = fallback
        self.domain = domain
        self.catalogs = Catalogs(self.locale_dir, self.languages, UnknownLanguage, domain)

    def functions(self) -> tuple[Callable[..., Any], ...]:
        """The catalogue's functions a catalogue module offers under their usual names:
        ``keys, is_private, placeholders, template, term, fields, _schema, _check_params =
        CATALOGUE.functions()`` (one line in each module, not a copied block)."""
        return (self.keys, self.is_private, self.placeholders, self.template, self.term, self.fields,
                self.schema, self.check_params)

    # -- the schema ---------------------------------------------------------------------------
    def keys(self) -> tuple[str, ...]:
        """This catalogue's own message keys, in catalogue order (not the fallback's, no terms)."""
        return tuple(self.messages)

    def _owner(self, key: Any) -> "Catalogue":
        if isinstance(key, str) and key in self.messages:
            return self
        if self.fallback is not None and isinstance(key, str) and key in self.fallback.messages:
            return self.fallback
        raise UnknownMessage(f"unknown message key {key!r}")

    def has(self, key: str) -> bool:
        """Whether ``key`` can be said: this catalogue's or its fallback's."""
        try:
            self._owner(key)
        except UnknownMessage:
            return False
        return True

    def schema(self, key: str) -> tuple[tuple[str, ...], bool]:
        """``(parameter names, private)`` of ``key`` (here or in the fallback).

        :raises UnknownMessage: no such key.
        """
        return self._owner(key).messages[key]

    def is_private(self, key: str) -> bool:
        """True when ``key`` carries a seat's secret and may only go to ``seat:N``.

        :raises UnknownMessage: no such key.
        """
        return self.schema(key)[1]

    def placeholders(self, key: str) -> tuple[str, ...]:
        """The parameter names of ``key`` (exactly the fields of its texts).

        :raises UnknownMessage: no such key.
        """
        return self.schema(key)[0]

    # -- texts and terms ----------------------------------------------------------------------
    def template(self, key: str, language: str = "de", long: bool = False) -> str:
        """The raw template of ``key`` (``str.format`` syntax, see the module docstring).

        :raises UnknownMessage: no such key, or no text for it in ``language``.
        :raises UnknownLanguage: ``language`` has no catalog.
        """
        owner = self._owner(key)
        if owner is not self:
            return owner.template(key, language, long)
        context = "long" if long else "short"
        found = self.catalogs.get(language).pgettext(context, key)
        if found == key:
            raise UnknownMessage(f"message {key!r} has no {context} text in {language!r}")
        return found

    def term(self, name: str, language: str = "de") -> str:
        """A term of the catalog (``"term.party.fascist"`` → "faschistisch"), NFC.

        :raises UnknownMessage: no such term in ``language``.
        :raises UnknownLanguage: ``language`` has no catalog.
        """
        found = self.catalogs.get(language).gettext(name)
        if found == name:
            raise UnknownMessage(f"unknown term {name!r} in {language!r}")
        return unicodedata.normalize("NFC", found)

    def cardinal(self, n: int, language: str = "de", ending: str | None = None) -> str:
        """The number word of ``n`` (0..:attr:`highest`; :func:`cardinal`).

        :raises MessageParamError: ``n`` is not an int in range.
        :raises UnknownLanguage: ``language`` is not one of this catalogue's.
        """
        if language not in self.languages:
            raise UnknownLanguage(f"no catalog for language {language!r}; choose one of {', '.join(self.languages)}")
        return cardinal(n, language, ending, highest=self.highest)

    def seat_name(self, seat: int | None, language: str = "de", names: Mapping[int, str] | None = None,
                  full: bool = False, at: bool = False) -> str:
        """How speech names a seat: "Platz drei" / "seat 3", or the configured name.

        :param seat: 0-based seat, or None (the catalogue's ``nobody`` term).
        :param names: ``{seat: player name}``.
        :param full: name *and* seat ("Anna, Platz drei"), for a first mention.
        :param at: "Anna auf Platz drei", for a sentence naming two seats (WORDING-REVIEW.md).
        :raises MessageParamError: ``seat`` is not None or an int 0..98.
        """
        if seat is None:
            return self.term(self.nobody, language)
        if type(seat) is not int or not 0 <= seat < 99:
            raise MessageParamError(f"a seat must be a 0-based seat number, not {seat!r}")
        number = str(seat + 1) if language == "en" else self.cardinal(seat + 1, language)
        plain = self.term("term.seat", language).format(number=number)
        name = (names or {}).get(seat)
        if not name:
            return unicodedata.normalize("NFC", plain)
        name = spoken_name(unicodedata.normalize("NFC", str(name)).strip())
        key = "term.seat.named_at" if at else "term.seat.named_full" if full else "term.seat.named"
        return unicodedata.normalize("NFC", self.term(key, language).format(name=name, number=number, seat=plain))

    # -- rendering ----------------------------------------------------------------------------
    def render_field(self, wording: Wording, name: str, v: Any, spec: str) -> str:
        """One template field ``{name:spec}`` with value ``v`` (the module docstring's forms).

        :raises MessageParamError: a form or value this type cannot say.
        """
        kind = self.param_types.get(name, "int")
        if spec == "cap":
            out = self.render_field(wording, name, v, "")
            return out[:1].upper() + out[1:]
        if spec.startswith("plural/"):      # the word for one, or for any other count
            parts = spec.split("/")
            if len(parts) != 3:
                raise MessageParamError(f"plural form needs two words: {spec!r}")
            size = v if kind == "int" else len(v)
            return parts[1] if size == 1 else parts[2]
        if kind in self.renders:
            return self.renders[kind](wording, v, spec)
        if kind == "seat":
            return wording.seat(v, spec)
        if kind == "seats":
            return wording.seats(v, spec)
        if kind == "int":
            return wording.number(v, spec)
        if kind == "ints":
            return wording.join([wording.number(n, spec) for n in v])
        if kind == "text":
            return str(v)
        if kind == "texts":
            return ", ".join(str(x) for x in v)
        if kind in self.enums:
            if v not in self.enums[kind]:
                raise MessageParamError(f"{name} must be one of {', '.join(map(str, self.enums[kind]))}, not {v!r}")
            if spec == "g":                 # the form for the seat the message is for
                female = wording.genders.get(wording.params.get("seat")) == "f"
                return wording.term(f"term.{kind}.{v}" + (".f" if female else ""))
            return wording.term(f"term.{kind}.{v}" + (f".{spec}" if spec else ""))
        raise MessageParamError(f"no form for parameter {name!r}")

    def check_params(self, key: str, params: Any) -> None:
        """Check ``params`` against ``key``'s schema: exactly its parameters, each of its type.

        :raises UnknownMessage: no such key.
        :raises MessageParamError: params missing, extra or of the wrong type (one line).
        """
        owner = self._owner(key)
        want = owner.messages[key][0]
        if not isinstance(params, Mapping):
            raise MessageParamError(f"{key}: params must be a dict, not {type(params).__name__}")
        missing = [p for p in want if p not in params]
        extra = [p for p in params if p not in want]
        if missing or extra:
            raise MessageParamError(
                f"{key}: params must be exactly {list(want)}"
                + (f"; missing {missing}" if missing else "") + (f"; unexpected {extra}" if extra else ""))
        for p in want:
            kind, v = owner.param_types.get(p, "int"), params[p]
            check = owner.checks.get(kind)
            ok = check(v) if check is not None else (kind in owner.enums and v in owner.enums[kind])
            if not ok:
                raise MessageParamError(f"{key}: {p} = {v!r} is not a valid {kind}")

    def render(self, tmpl: str, params: Mapping[str, Any], language: str = "de",
               names: Mapping[int, str] | None = None, genders: Mapping[int, str] | None = None,
               **extra: Any) -> str:
        """Fill a template with ``params``; NFC (and sentence case where the catalogue says so).

        :param genders: ``{seat: "m" | "f"}``, for the gendered forms.
        :param extra: context of the catalogue's own types (e.g. ``descriptions``).
        :raises MessageParamError: a field has no parameter, or a bad value or form.
        """
        wording = Wording(self, language, names, genders, dict(params), extra)
        try:
            out = _Formatter(wording).vformat(tmpl, (), dict(params))
        except (KeyError, IndexError, ValueError) as exc:
            if isinstance(exc, FirmwareHostError):
                raise
            if isinstance(exc, KeyError):
                raise MessageParamError(f"template field {exc.args[0]!r} has no parameter") from None
            raise MessageParamError(f"bad template {tmpl!r}: {exc}") from None
        if self.sentence_case:
            out = out[:1].upper() + out[1:]
        return unicodedata.normalize("NFC", out)

    def text(self, key: str, params: Mapping[str, Any] | None = None, language: str = "de",
             long: bool = False, names: Mapping[int, str] | None = None,
             genders: Mapping[int, str] | None = None, **extra: Any) -> str:
        """The sentence to speak for message ``key`` (this catalogue's or its fallback's).

        :param key: a message key, e.g. ``"election.passed"``.
        :param params: exactly its parameters (:meth:`placeholders`), plain JSON values; seats
            are 0-based, the text says them one-based. None means ``{}``.
        :param language: one of :attr:`languages`.
        :param long: the long wording (first time at a table) instead of the short one.
        :param names: ``{seat: player name}`` spoken instead of "Platz N".
        :param genders: ``{seat: "m" | "f"}``, each seat's grammatical gender.
        :param extra: context of the catalogue's own types (e.g. ``descriptions``).
        :returns: ``str``, Unicode NFC; a German text has no digits.
        :raises UnknownMessage: unknown ``key`` (a ``KeyError``).
        :raises MessageParamError: params missing, extra or of the wrong type (a ``ValueError``).
        :raises UnknownLanguage: ``language`` has no catalog (a ``ValueError``).
        """
        params = {} if params is None else params
        owner = self._owner(key)
        if owner is not self:
            return owner.text(key, params, language, long, names, genders)
        self.check_params(key, params)
        return self.render(self.template(key, language, long), params, language, names, genders, **extra)

    # -- the checker ----------------------------------------------------------------------------
    def fields(self, tmpl: str) -> set[str]:
        """The parameter names a template uses (``set[str]``); a ``:g`` form (the gender of the
        seat the message is for) uses ``seat`` too."""
        out = set()
        for _, f, spec, _ in string.Formatter().parse(tmpl):
            if f:
                out.add(f)
                if spec == "g" and self.param_types.get(f) in self.enums:
                    out.add("seat")
        return out

    def check(self) -> list[str]:
        """Problems of the catalogs as one sentence each (``list[str]``, empty when sound): every
        own key has a short and a long text in every language using exactly its parameters
        (or, without ``exact_fields``, no other), no text but an English one holds a digit (a
        German or French text says numbers in words), a short one has at most
        ``short_words`` words of its own, and every term exists in every language. Used by the
        tests and by ``scripts/compile-catalogs``."""
        problems: list[str] = []
        for language in self.languages:
            for key, (want, _) in self.messages.items():
                for long in (False, True):
                    wording = "long" if long else "short"
                    try:
                        tmpl = self.template(key, language, long)
                    except UnknownMessage as exc:
                        problems.append(str(exc))
                        continue
                    got = self.fields(tmpl)
                    if got != set(want) if self.exact_fields else not got <= set(want):
                        problems.append(f"{language} {wording} {key}: fields {sorted(got)} instead of {sorted(want)}")
                    if language != "en" and any(ch.isdigit() for ch in tmpl):
                        problems.append(f"{language} {wording} {key}: a digit in the text")
                    own = [w for w in tmpl.split() if "{" not in w and w not in ":?;"]
                    if not long and self.short_words is not None and len(own) > self.short_words:
                        problems.append(f"{language} short {key}: {len(own)} words, more than {self.short_words}")
            for name in self.terms:
                try:
                    self.term(name, language)
                except UnknownMessage as exc:
                    problems.append(str(exc))
        return problems


_PRONOUNCE_RX: dict[tuple[str, ...], Any] = {}

#: a player name's own pronunciation, ``"Siobhan [[S@v'O:n]]"``: the written name, then the
#: espeak-ng phoneme input that says it
_NAME_OVERRIDE = re.compile(r"^(.*?\S)\s*(\[\[[^\[\]]*\]\])$")
#: written name → its phonemes, for every name with an override the board has said
#: (:func:`spoken_name`; :func:`name_pronunciations`); bounded, a few tables' names
_NAME_SOUNDS: dict[str, str] = {}
NAME_SOUNDS_MAX = 256


def spoken_name(name: str) -> str:
    """A player name as a sentence writes it: ``"Siobhan [[S@v'O:n]]"`` → ``"Siobhan"`` (the
    log and the console show the written name), its phonemes kept for the speech engine
    (:func:`name_pronunciations`: "Siobhan" is said as ``[[S@v'O:n]]``, never spelt as
    written as well, issue 33). A name without an override, or only phonemes, is returned
    as it is (``str``)."""
    match = _NAME_OVERRIDE.match(name)
    if match is None:
        return name
    written, phonemes = match.group(1), match.group(2)
    if _NAME_SOUNDS.get(written) != phonemes:
        if len(_NAME_SOUNDS) >= NAME_SOUNDS_MAX:
            _NAME_SOUNDS.clear()
        _NAME_SOUNDS[written] = phonemes
    return written


def name_pronunciations() -> dict[str, str]:
    """Written name → phoneme input of every player name with an override said so far
    (:func:`spoken_name`), for :func:`pronounce` (a copy)."""
    return dict(_NAME_SOUNDS)


def pronounce(text: str, table: Mapping[str, str]) -> str:
    """``text`` with each word or phrase of ``table`` replaced by its espeak-ng phoneme input
    (``[[...]]``, espeak-ng's "Phoneme input"): what the speech engine is given, never what is
    logged or shown. Whole words only, the longest first; a word already inside ``[[...]]`` is
    left alone, so applying it twice changes nothing.

    :param text: a sentence as the catalogue wrote it (``str``).
    :param table: word as written → phonemes, e.g. ``{"Dying Message": "[[d'aIIN m'EsIdZ]]"}``;
        an empty table returns ``text`` unchanged.
    :returns: ``str``.
    """
    if not table:
        return text
    words = tuple(sorted(table, key=len, reverse=True))
    rx = _PRONOUNCE_RX.get(words)
    if rx is None:
        import re
        rx = _PRONOUNCE_RX[words] = re.compile(
            r"(?<![\w\[])(" + "|".join(re.escape(w) for w in words) + r")(?![\w\]])")
    return rx.sub(lambda m: table[m.group(1)], text)
