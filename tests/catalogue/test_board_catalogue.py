"""The board's own sentences (setup from the seats, per-seat settings; issue 14): complete in
German and English, short wordings of at most eight words (ACCESSIBILITY.md 5), no digit in
German speech (6), compiled, and in the same words as the game's catalogue (the terminology
test's concepts, one word per concept across both catalogues)."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from firmware_host.service import board_catalogue as board

from test_terminology import CONCEPTS, _PLACEHOLDER, catalogue_texts, mixed_terms  # same folder (no package)

SAMPLES = {"seat": 2, "count": 7, "missing": 1, "last": 7, "wpm": 175, "percent": 80, "seconds": 1.5,
           "name": "Jörg", "title": "Secret Dictator", "choices": ["Deutsch", "sieben Spieler"],
           "verbosity": "auto", "gender": "f", "setting": "scan_interval", "reason": "players"}


def params(key: str) -> dict:
    return {p: SAMPLES[p] for p in board.MESSAGES[key]}


def test_every_key_has_all_four_wordings_with_exactly_its_parameters():
    assert board.check_messages() == []


def test_short_wordings_have_at_most_eight_words():
    too_long = [f"{lang} {key}" for key in board.MESSAGES for lang in board.LANGUAGES
                if len(re.sub(r"\{[^}]*\}", "X", board._template(key, lang, False)).split()) > 8]
    assert too_long == []


@pytest.mark.parametrize("language", board.LANGUAGES)
def test_every_sentence_renders_in_nfc_and_german_has_no_digit(language):
    for key in board.MESSAGES:
        for long in (False, True):
            out = board.text(key, params(key), language, long=long, names={0: "Anna"})
            assert out == unicodedata.normalize("NFC", out) and "{" not in out
            if language == "de":
                assert not re.search(r"\d", out), f"{key}: {out!r}"


def test_times_and_seats_are_said_in_words():
    assert board.seconds_words(0.5) == "null Komma fünf Sekunden"
    assert board.seconds_words(1.0, "en") == "one second"
    assert board.text("lobby.present", {"seat": 2, "missing": 4}, "de", long=True) == \
        "Platz drei ist da. Noch offen: vier."
    assert board.text("lobby.busy", {"seat": 0}, "en", names={0: "Anna"}) == "Anna is setting up the game"


def test_wrong_parameters_are_refused():
    with pytest.raises(board.MessageParamError):
        board.text("lobby.present", {"seat": 2}, "de")
    with pytest.raises(board.MessageParamError):
        board.text("settings.item.verbosity", {"verbosity": "loud"}, "de")
    with pytest.raises(board.UnknownMessage):
        board.text("lobby.nothing", {}, "de")


@pytest.mark.parametrize("language", board.LANGUAGES)
def test_compiled_catalog_matches_its_po_source(language):
    folder = board.LOCALE_DIR / language / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as fp:
        cat = read_po(fp)
    buf = io.BytesIO()
    write_mo(buf, cat)
    assert (folder / "messages.mo").read_bytes() == buf.getvalue()


def board_texts(language: str) -> list[tuple[str, str]]:
    with open(board.LOCALE_DIR / language / "LC_MESSAGES" / "messages.po", "rb") as fh:
        cat = read_po(fh)
    return [(f"board {m.id} ({m.context})" if m.context else f"board {m.id}", _PLACEHOLDER.sub("\u2022", m.string))
            for m in cat if m.id and m.string]


@pytest.mark.parametrize("language", board.LANGUAGES)
def test_one_word_per_game_concept_across_the_board_and_the_game(language):
    """The terminology test's concepts over both catalogues: the setup and the settings say
    "Platz", "Taste", "Spielleiter", "Nachziehstapel" as the game does."""
    assert mixed_terms(catalogue_texts(language) + board_texts(language), CONCEPTS[language]) == []
