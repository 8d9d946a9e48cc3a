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


#: seconds per unit of :func:`spoken_seconds_at_most` at :data:`WORDS_PER_MINUTE`, in each
#: language's espeak-ng voice: a letter, a word, a clause mark (``,;:``), a sentence end
#: (``.!?``), a digit, a phoneme of an override ``[[...]]`` (an English term in the German
#: voice), and once per text. Fitted to espeak-ng's renders of every game's
#: story lines and status layers (issue 31: 2,200 texts, the board's pronunciations applied),
#: weighted to the long ones and the story's, then made larger (a factor, :data:`SAFE_FACTOR` more than the
#: longest of them, and a text's own seconds) so that none is said longer; a digit or an
#: override the fit never met counts as the largest of the three languages'.
SAY_SECONDS: dict[str, dict[str, float]] = {
    "de": {"letter": 0.0754, "word": 0.0, "clause": 0.1984, "sentence": 0.3091, "digit": 0.3651,
           "phoneme": 0.1994, "text": 0.661},
    "en": {"letter": 0.0682, "word": 0.0049, "clause": 0.268, "sentence": 0.3266, "digit": 0.3651,
           "phoneme": 0.1994, "text": 0.977},
    "fr": {"letter": 0.0444, "word": 0.0414, "clause": 0.3429, "sentence": 0.2747, "digit": 0.3651,
           "phoneme": 0.1994, "text": 0.839},
}
#: how much longer than the longest real render (real / fitted) the bound is: a margin for
#: texts the fit never met (already in :data:`SAY_SECONDS`)
SAFE_FACTOR = 1.04
#: below :data:`WORDS_PER_MINUTE` the bound grows as (175/rate) to this power, not in
#: proportion (at 120 words a minute 1.51 times, not 1.46)
SLOW_POWER = 1.1
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


def spoken_seconds_at_most(text: str, words_per_minute: int = WORDS_PER_MINUTE, language: str | None = None) -> float:
    """Seconds of speech ``text`` takes at most when espeak-ng says it in ``language``'s
    voice, estimated without rendering it: an upper bound, where :func:`spoken_seconds` is a
    guess. Made for parts that must not pass a length (the story after game over in parts of
    at most 15 s and a status's further layers, issue 31); the text is counted as the board
    says it (every game's pronunciations and the players' names' own applied,
    :func:`firmware_host.kernel.games.pronounce`). Checked against real espeak-ng renders of
    every game's story lines and status layers in German, English and French at 120, 175 and
    300 words per minute (tests/table/test_story_part_seconds.py,
    tests/table/test_status_layer_seconds.py), where a long text's real length is 0.8-0.96 of it.

    :param text: the words (str).
    :param words_per_minute: the speech rate (int, 80-450): the bound scales with 175/rate
        (slower than 175, with (175/rate) to the power :data:`SLOW_POWER`).
    :param language: ``"de"``, ``"en"`` or ``"fr"``; None or another: the longest of the three.
    :returns: seconds (float, > 0).
    """
    if language not in SAY_SECONDS:
        return max(spoken_seconds_at_most(text, words_per_minute, lang) for lang in SAY_SECONDS)
    from firmware_host.kernel.games import pronounce

    said = pronounce(text, language)
    phonemes = "".join(_PHONEMES.findall(said)).replace("[", "").replace("]", "")
    rest = _PHONEMES.sub(" ", said)
    unit = SAY_SECONDS[language]
    seconds = (unit["letter"] * sum(c.isalpha() for c in rest) + unit["word"] * len(said.split())
               + unit["clause"] * len(_CLAUSE.findall(rest)) + unit["sentence"] * len(_SENTENCE_END.findall(rest))
               + unit["digit"] * sum(c.isdigit() for c in rest)
               + unit["phoneme"] * sum(c.isalnum() or c in "@&" for c in phonemes) + unit["text"])
    scale = WORDS_PER_MINUTE / max(1, int(words_per_minute))
    # slower than the default, espeak-ng stretches its pauses more than its words (a
    # list with a pause at every item was said 2 % longer at 120 than scaled)
    return seconds * (scale ** SLOW_POWER if scale > 1 else scale)


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
