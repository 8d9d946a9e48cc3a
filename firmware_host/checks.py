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
- :func:`single_line_name`: names and keys are one line of printable text.

Example::

    bounded_number(10 ** 400, 0, 86400)      # ValueError: out of range
    unencodable({"names": ["\\ud800"]})       # "names[0]"
    single_line_name("An\\nna", "name")        # ValueError: 'name' must be one line
"""

from __future__ import annotations

import json
import math
import unicodedata
from typing import Any

__all__ = ["bounded_number", "unencodable", "single_line_name", "UNENCODABLE"]

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
