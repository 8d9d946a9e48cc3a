"""Player names as the board says and shows them: one rule for the console's setup, a seat's
settings and a scripted setup.

A name is spoken at every mention (choices, votes, scans: ACCESSIBILITY.md 7) and shown in
the console's seat table, so it must be short and must not rearrange what surrounds it:

- NFC, outer spaces removed, runs of white space made one space;
- no control characters (a newline would split a log or script line) and no text that cannot
  be encoded (a lone surrogate): refused;
- bidirectional controls (U+202A-U+202E overrides and embeddings, U+2066-U+2069 isolates,
  U+200E/U+200F/U+061C marks) removed: an override in a name would reorder the words around
  it on the page (the page also isolates each name, ``<bdi>``/``dir="auto"``) and mean
  nothing to the speech engine. Right-to-left letters themselves are kept;
- at most :data:`NAME_MAX_CHARACTERS` characters and about :data:`NAME_MAX_SECONDS` seconds of
  speech at the default rate (:func:`spoken_seconds`), not counting an espeak-ng phoneme
  override ``[[...]]`` (ACCESSIBILITY.md 7), which may add up to :data:`PHONEMES_MAX`
  characters.

Example::

    clean_name("  Anna\u202e  Lena ") == "Anna Lena"
    clean_name("x" * 200)   # raises PlayerNameError(code="too_long")
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from firmware_host.errors import UsageError

#: longest name in characters (without a phoneme override).
NAME_MAX_CHARACTERS = 40
#: longest name in seconds of speech at :data:`WORDS_PER_MINUTE` (estimated, see
#: :func:`spoken_seconds`): a choice of one seat by another says two names and must stay one breath.
NAME_MAX_SECONDS = 2.5
#: the default speech rate the estimate is made at (espeak-ng's default, words per minute).
WORDS_PER_MINUTE = 175
#: letters' worth of speech one digit takes (espeak-ng says a digit run as a number in words:
#: about 0.6 s a digit at 175 words per minute, see :func:`spoken_seconds`).
DIGIT_LETTERS = 10
#: letters' worth of speech one symbol of a name takes: espeak-ng says a symbol as a word
#: ("=": "equals", "€": "euro", "%": "percent"), see :func:`name_seconds`.
SYMBOL_LETTERS = 10
#: a name's own marks, said as nothing or a short pause (Anna-Lena, O'Brien, J. R. Ewing)
NAME_MARKS = frozenset("-'.’ʼ")
#: longest espeak-ng phoneme override ``[[...]]`` kept with a name, in characters.
PHONEMES_MAX = 56

_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_PHONEMES = re.compile(r"\[\[[^\[\]]*\]\]")


class PlayerNameError(UsageError):
    """A name the board will not use (one line).

    :ivar code: ``"not_text"``, ``"control"`` (a control character or unencodable text),
        ``"too_long"`` (characters) or ``"too_long_spoken"`` (seconds of speech).
    """

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


def spoken_seconds(text: str, words_per_minute: int = WORDS_PER_MINUTE) -> float:
    """Seconds of speech ``text`` takes, estimated without rendering it.

    espeak-ng's rate counts words of about six characters (five letters and a space), so a
    word of ``n`` letters takes about ``n / 6`` of a word's time; each word break adds a
    short pause. A run of digits is said as a number in words ("2024": "two thousand and
    twenty-four"; "999999999", 5.3 s in English and 5.9 s in German), about 0.5-0.65 s a
    digit, so each digit counts as :data:`DIGIT_LETTERS` letters. The estimate is on the long
    side for ordinary names and for digits.

    :param text: the words (str).
    :param words_per_minute: the speech rate (int, 80-450).
    :returns: seconds (float).
    """
    words = text.split()
    letters = sum(len(w) + (DIGIT_LETTERS - 1) * sum(c.isdigit() for c in w) for w in words)
    per_word = 60.0 / words_per_minute
    return letters / 6.0 * per_word + 0.08 * max(0, len(words) - 1)


#: seconds per unit of :func:`spoken_seconds_at_most` at :data:`WORDS_PER_MINUTE`: a letter, a
#: word, a clause mark (``,;:``), a sentence end (``.!?``), a digit; fitted to espeak-ng's
#: English and German voices over every game's story lines (issue 31), then made larger
#: (:data:`SAFE_FACTOR`, :data:`SAFE_SECONDS`) so that no line of them is said longer.
SAY_SECONDS = {"letter": 0.05, "word": 0.07, "clause": 0.37, "sentence": 0.28, "digit": 0.27}
#: how much larger the bound is than the fitted figure (a factor, then seconds, both at
#: :data:`WORDS_PER_MINUTE` and scaled with the rate)
SAFE_FACTOR, SAFE_SECONDS = 1.12, 0.6
_CLAUSE = re.compile(r"[,;:]")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def name_seconds(name: str, words_per_minute: int = WORDS_PER_MINUTE) -> float:
    """Seconds of speech a player's name takes, estimated without rendering it:
    :func:`spoken_seconds`, with each symbol that is not one of :data:`NAME_MARKS` counted as
    :data:`SYMBOL_LETTERS` letters (espeak-ng says "x=y+z*w/v" as "x equals y plus z star w
    slash v", 3.4 s, and "€€€€€€€€" as "euro" eight times).

    :param name: the name as shown (str, phoneme overrides left out).
    :param words_per_minute: the speech rate (int, 80-450).
    :returns: seconds (float).
    """
    symbols = sum(1 for c in name if not (c.isalnum() or c.isspace() or c in NAME_MARKS))
    return spoken_seconds(name, words_per_minute) + symbols * (SYMBOL_LETTERS - 1) / 6.0 * 60.0 / words_per_minute


def spoken_seconds_at_most(text: str, words_per_minute: int = WORDS_PER_MINUTE) -> float:
    """Seconds of speech ``text`` takes at most when espeak-ng says it (English or German
    voice), estimated without rendering it: an upper bound, where :func:`spoken_seconds` is a
    guess. Made for parts that must not pass a length (the story after game over in parts of
    at most 15 s, issue 31); checked against real espeak-ng renders of every game's story
    lines in both languages at 120, 175 and 300 words per minute
    (tests/table/test_story_part_seconds.py), where it is 1.2-1.5 times the real length.

    :param text: the words (str).
    :param words_per_minute: the speech rate (int, 80-450): the bound scales with 175/rate.
    :returns: seconds (float, > 0).
    """
    words = text.split()
    letters = sum(c.isalpha() for c in text)
    digits = sum(c.isdigit() for c in text)
    fitted = (SAY_SECONDS["letter"] * letters + SAY_SECONDS["word"] * len(words)
              + SAY_SECONDS["clause"] * len(_CLAUSE.findall(text))
              + SAY_SECONDS["sentence"] * len(_SENTENCE_END.findall(text)) + SAY_SECONDS["digit"] * digits)
    return (fitted * SAFE_FACTOR + SAFE_SECONDS) * WORDS_PER_MINUTE / max(1, int(words_per_minute))


def clean_name(value: Any) -> str:
    """A player's name as the board keeps it; ``""`` for none.

    :param value: what was typed (str).
    :returns: the cleaned name (str; NFC, one-spaced, bidi controls removed).
    :raises PlayerNameError: not text, a control character or unencodable text, more than
        :data:`NAME_MAX_CHARACTERS` characters, or more than :data:`NAME_MAX_SECONDS` of
        speech.
    """
    if not isinstance(value, str):
        raise PlayerNameError(f"a name must be text, not {type(value).__name__}", "not_text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise PlayerNameError("a name holds text that cannot be encoded", "control") from None
    name = _BIDI.sub("", unicodedata.normalize("NFC", value))
    if any(unicodedata.category(c) == "Cc" and c not in " \t" for c in name) or "\t" in name:
        raise PlayerNameError("a name must be one line without control characters", "control")
    name = " ".join(name.split())
    phonemes = "".join(_PHONEMES.findall(name))
    shown = " ".join(_PHONEMES.sub(" ", name).split())
    if len(shown) > NAME_MAX_CHARACTERS or len(phonemes) > PHONEMES_MAX:
        raise PlayerNameError(f"a name has at most {NAME_MAX_CHARACTERS} characters", "too_long")
    if name_seconds(shown) > NAME_MAX_SECONDS:
        raise PlayerNameError(f"a name takes at most {NAME_MAX_SECONDS:g} seconds to say",
                              "too_long_spoken")
    return name
