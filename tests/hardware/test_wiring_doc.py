"""hardware/WIRING.md quotes what the board says while it is built and tested (the self-test,
the enrolment, its faults): every quoted sentence there is one the English catalogue can say,
so the builder hears what the page promises and the page cannot drift from the catalogue again.

A quote is checked against every English wording of the board's and the games' catalogues
(``.po`` sources, short and long): the wording's placeholders (``{seat}``, ``{count:plural/…}``)
match any text, the rest must be the quote's words exactly. Inline code and code blocks are not
quotes; what a builder types (a tile's description) is named in :data:`TYPED`.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

import firmware_host

ROOT = Path(firmware_host.__file__).resolve().parents[1]
WIRING = ROOT / "hardware" / "WIRING.md"
#: quoted text of WIRING.md that the builder types, not the board says
TYPED = {"a red umbrella"}
#: letters a wording needs besides its placeholders to be a sentence (``"{seat}"``, ``"{a}: {b}"``
#: are the catalogue's pieces, which would match any quote)
MIN_LETTERS = 6
_PLACEHOLDER = re.compile(r"\{[a-z_]+(?::[^}]*)?\}")


def english_wordings() -> list[re.Pattern[str]]:
    """Every English sentence of the board's and every game's catalogue as a pattern: the
    placeholders match any text (a wording of fewer than :data:`MIN_LETTERS` letters of its
    own is left out)."""
    patterns = []
    for po in sorted((ROOT / "firmware_host").glob("**/locale/en/LC_MESSAGES/messages.po")):
        with open(po, "rb") as fh:
            for message in read_po(fh):
                parts = _PLACEHOLDER.split(" ".join((message.string or "").split()))
                if message.id and sum(ch.isalpha() for part in parts for ch in part) >= MIN_LETTERS:
                    patterns.append(re.compile(".+?".join(re.escape(part) for part in parts)))
    return patterns


def quotes(text: str) -> list[str]:
    """The double-quoted passages of a Markdown text, outside code, whitespace folded."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*`", "", text)
    return [" ".join(q.split()) for q in re.findall(r'"([^"]+)"', text)]


def not_in_the_catalogue(text: str, wordings: list[re.Pattern[str]]) -> list[str]:
    """The quotes of ``text`` that no wording says (and that are not typed by the builder)."""
    return [q for q in quotes(text) if q not in TYPED and not any(w.fullmatch(q) for w in wordings)]


def test_every_sentence_wiring_md_quotes_is_one_the_board_says():
    wordings = english_wordings()
    said = quotes(WIRING.read_text(encoding="utf-8"))
    assert len(said) > 40                                   # the pin map and the tests are quoted
    assert not_in_the_catalogue(WIRING.read_text(encoding="utf-8"), wordings) == []


def test_the_check_finds_an_old_sentence_and_passes_a_current_one():
    """The check can fail: the self-test's old words ("seat 1 button: press", "fault: ballot
    reader: unreadable frame") are found; its words of today pass, placeholders filled."""
    wordings = english_wordings()
    page = ('you hear "seat 1 button: press", "Test: button of seat 1, press", '
            '"fault: ballot reader: unreadable frame", "Fault: ballot box reader misread a tile" and `port = "x"`')
    assert not_in_the_catalogue(page, wordings) == ["seat 1 button: press", "fault: ballot reader: unreadable frame"]
