"""Checks every input field passes before it is used (issue 12: input that never crashes).

One place for the three things every input format needs, whatever reads it (``replay`` and
``simulate`` files through :mod:`firmware_host.jsonlines`, interactive lines, the console's
JSON bodies, seat settings):

- :func:`bounded_number`: a number checked against its range *before* any conversion, so an
  integer beyond float range (``1`` followed by 400 zeros) is refused, never an
  ``OverflowError``;
- :func:`unencodable`: text that UTF-8 cannot encode (a lone surrogate such as ``"\\ud800"``,
  which JSON's ``\\u`` escapes can carry) is found anywhere in a parsed value, keys too, so it
  is refused in one line before it reaches the journal, a log or speech;
- :func:`single_line_name`: names and keys are one line of printable text;
- :func:`quoted`: a bad value quoted in an error line, at most a short prefix of it (issue
  34: a 1 MB value never gives a 1 MB line).

Example::

    bounded_number(10 ** 400, 0, 86400)      # ValueError: out of range
    unencodable({"names": ["\\ud800"]})       # "names[0]"
    single_line_name("An\\nna", "name")        # ValueError: 'name' must be one line
"""

from __future__ import annotations

import json
import math
import reprlib
import unicodedata
from typing import Any

__all__ = ["bounded_number", "unencodable", "single_line_name", "quoted", "problems_line", "one_line",
           "UNENCODABLE", "QUOTE_LIMIT", "LINE_LIMIT"]

#: the reason given for text UTF-8 cannot encode
UNENCODABLE = "text that cannot be encoded as UTF-8 (a lone surrogate)"


def bounded_number(value: Any, lo: float, hi: float) -> float:
    """``value`` as a float once it is known to be a number from ``lo`` to ``hi``.

    :param value: a parsed JSON value (bools are not numbers here).
    :raises ValueError: not a number, not finite, or out of range; an integer is compared
        exactly before it is converted, so no size of integer overflows.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("not a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("not a finite number")
    if not lo <= value <= hi:          # int/float comparison is exact in Python
        raise ValueError("out of range")
    return float(value)


def unencodable(value: Any, where: str = "", depth: int = 0) -> str | None:
    """Where in ``value`` (dicts, lists, strings; keys too) is text UTF-8 cannot encode.

    :returns: a path such as ``names[0]`` or ``setup.names`` (``"text"`` for ``value``
        itself; a key that is not a plain name is written as a JSON string, ASCII only, so the
        path is always one printable line), or None when every string encodes.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where or "text"
        return None
    if depth > 200:
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            key = str(key)
            shown = key if key.isidentifier() and key.isascii() else json.dumps(key)
            if len(shown) > 40:
                shown = shown[:37] + "..."
            name = f"{where}.{shown}" if where else shown
            if isinstance(key, str) and unencodable(key) is not None:
                return where or "a key"
            found = unencodable(item, name, depth + 1)
            if found is not None:
                return found
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = unencodable(item, f"{where}[{i}]", depth + 1)
            if found is not None:
                return found
    return None


def single_line_name(value: Any, what: str, max_length: int | None = None) -> str:
    """``value`` stripped, once it is one line of printable, encodable text.

    :param what: the field's name for the message.
    :raises ValueError: not text, text UTF-8 cannot encode, a line break or other control
        character, or longer than ``max_length`` characters.
    """
    if not isinstance(value, str):
        raise ValueError(f"'{what}' must be text")
    if unencodable(value) is not None:
        raise ValueError(f"'{what}' holds {UNENCODABLE}")
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in value):
        raise ValueError(f"'{what}' must be one line of text (no line break or control character)")
    value = value.strip()
    if max_length is not None and len(value) > max_length:
        raise ValueError(f"'{what}' is longer than {max_length} characters")
    return value


#: the most characters of a bad value an error line quotes (:func:`quoted`)
QUOTE_LIMIT = 40


class _ShortRepr(reprlib.Repr):
    """``repr`` cut short at every level: a few items of a list or object, a short prefix of
    text, an integer of any size without converting it whole (Python refuses to write an
    integer of more than 4,300 digits)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxtuple, self.maxdict = 3, 4, 4, 3
        self.maxstring = self.maxother = QUOTE_LIMIT

    def repr_str(self, x: str, level: int) -> str:
        return repr(x) if len(x) <= self.maxstring else repr(x[:self.maxstring]) + "…"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"an integer of {len(str(x)) if x.bit_length() < 10_000 else 'thousands of'} digits"
        return repr(x)


_SHORT = _ShortRepr()


def quoted(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as an error line quotes it: its ``repr`` when short, else at most a short
    prefix followed by "…" (issue 34: an error line never repeats a bad value whole).

    :param value: any parsed JSON value (or anything else: its ``repr`` cut short).
    :param limit: the most characters of the value shown (about; a list's items each
        shortened, then the whole cut to ``2 * limit``).
    :returns: one line (a line break in the value is written as ``\\n``).
    """
    try:
        text = _SHORT.repr(value)
    except Exception:                   # a value whose repr fails is still named
        text = f"a value of type {type(value).__name__}"
    return text if len(text) <= 2 * limit else text[:2 * limit] + "…"


def problems_line(problems: list[str], limit: int = 200) -> str:
    """Every problem found, joined with "; " into one line of at most about ``limit``
    characters: the first ones in full, then "and N more problems" (issue 34: a setup with a
    hundred bad keys gives one readable line, not a hundred).

    :param problems: one sentence each (a bad value in them already :func:`quoted`).
    :param limit: characters before the rest are counted instead of listed.
    """
    shown: list[str] = []
    size = 0
    for i, problem in enumerate(problems):
        if shown and size + 2 + len(problem) > limit:
            rest = len(problems) - i
            return "; ".join(shown) + f"; and {rest} more problem{'s' if rest > 1 else ''}"
        shown.append(problem if len(problem) <= limit else problem[:limit] + "…")
        size += 2 + len(shown[-1])
    return "; ".join(shown)


#: the longest error line a refusal gives (issue 34)
LINE_LIMIT = 300


def one_line(message: str, limit: int = LINE_LIMIT) -> str:
    """``message`` as one line of at most ``limit`` characters: line breaks become spaces and
    a longer message is cut with "…" (the last guard of a refusal's line; the value in it
    should already be :func:`quoted`)."""
    text = " ".join(str(message).splitlines()) if ("\n" in message or "\r" in message) else str(message)
    return text if len(text) <= limit else text[:limit - 1] + "…"
