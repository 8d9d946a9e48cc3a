"""What every game pack's announcement catalogue needs besides its own messages: number words
and the loading of its gettext catalogs. Standard library only, like the packs' rules (a pack
stays free of I/O but for reading its own compiled catalogs once).

- :func:`cardinal` — the number word of 0..999 in German, English or French (ACCESSIBILITY.md
  6: no digit reaches German speech; cards of *Dying Message* go to 104; *Autocracy*'s
  rulebook is French).
- :class:`Catalogs` — a pack's ``locale/{de,en}/LC_MESSAGES/messages.mo`` (compiled by
  ``scripts/compile-catalogs``), loaded on first use and kept; in a checkout without compiled
  catalogs the ``.po`` is compiled in memory with Babel.

Example::

    cardinal(104) == "hundertvier"; cardinal(21, "en") == "twenty-one"
    CATALOGS = Catalogs(Path(__file__).with_name("locale"), ("de", "en"), UnknownLanguage)
    CATALOGS.get("de").pgettext("short", "night.begins")
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

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


def cardinal(n: int, language: str = "de", *, highest: int = 999,
             error: type[Exception] = ValueError) -> str:
    """The cardinal number word for ``n``: ``cardinal(104)`` → "hundertvier",
    ``cardinal(21, "en")`` → "twenty-one", ``cardinal(300, "en")`` → "three hundred",
    ``cardinal(71, "fr")`` → "soixante et onze".

    :param n: an int in 0..``highest``.
    :param language: ``"de"``, ``"en"`` or ``"fr"``.
    :param highest: the largest number the caller allows (int, at most 999).
    :param error: the exception class raised on a bad ``n`` or language (a pack passes its own
        ``MessageParamError``).
    :raises error: ``n`` is not an int in 0..``highest``, or ``language`` is none of them.
    """
    if type(n) is not int or not 0 <= n <= min(highest, 999):
        raise error(f"a number word needs an integer 0..{min(highest, 999)}, not {n!r}")
    if language not in ("de", "en", "fr"):
        raise error(f"no number words for language {language!r}")
    if language == "fr":
        return _french(n)
    hundreds, rest = divmod(n, 100)
    if language == "de":
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


class Catalogs:
    """A pack's gettext catalogs by language, loaded once each.

    :param locale_dir: the pack's ``locale`` folder (``Path``).
    :param languages: the languages it has (tuple of str; the first is the default).
    :param unknown_language: the exception class raised for any other language.
    :param domain: the catalog's file name without extension (default ``"messages"``).
    """

    def __init__(self, locale_dir: Path, languages: tuple[str, ...],
                 unknown_language: type[Exception], domain: str = "messages") -> None:
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
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
            with open(po, "rb") as fp:
                babel_catalog = read_po(fp)
            buf = io.BytesIO()
            write_mo(buf, babel_catalog)
            buf.seek(0)
            cat = gettext.GNUTranslations(buf)
        self.loaded[language] = cat
        return cat
