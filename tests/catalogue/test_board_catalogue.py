"""The board's own sentences (issue 22: one board catalogue for the service, the game master,
faults, the journal, the scan's own steps, the whisper station, the self-test, enrolment, the
setup from the seats and the per-seat settings): complete in German and English, short
wordings of at most eight words (ACCESSIBILITY.md 5), no digit in German speech (6), the context
word first, compiled, and in the same words as the games' catalogues (the terminology test's
concepts). Every game's catalogue holds only its own keys and answers the board's from here, in
the board's words, through the one shared formatter and checker (``kernel.wording``)."""

from __future__ import annotations

import ast
import importlib
import io
import re
import unicodedata
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from firmware_host.kernel import games
from firmware_host.kernel import wording
from firmware_host.service import board_catalogue as board

from test_terminology import CONCEPTS, _PLACEHOLDER, catalogue_texts, mixed_terms  # same folder (no package)

SAMPLES = {"seat": 2, "seats": [0, 3, 5], "count": 7, "missing": 1, "last": 7, "wpm": 175, "percent": 80,
           "seconds": 1.5, "name": "Jörg", "title": "Secret Dictator", "item": "Jörg, Platz drei", "choices": ["Deutsch", "sieben Spieler"],
           "verbosity": "auto", "gender": "f", "setting": "scan_interval", "reason": "players",
           "reader": "law", "track": "fascist", "slot": 3, "position": 2, "holes": [0, 2], "pin": 17,
           "index": 4, "ballot": "nein", "party": "democratic", "role": "dictator"}
#: every game's catalogue module (the registry's order)
GAME_CATALOGUES = [importlib.import_module(f"firmware_host.games.{name}.catalogue") for name in games.names()]
#: the setup from the seats, the settings scan and the evening's offer speak in questions and
#: items, not in news
NO_CONTEXT_WORD = ("lobby.", "settings.", "evening.", "scan.cancel", "scan.back")


def params(key: str) -> dict:
    return {p: SAMPLES[p] for p in board.placeholders(key)}


def test_every_key_has_all_four_wordings_with_exactly_its_parameters():
    assert board.check_messages() == []


def test_the_checker_finds_a_missing_text_a_wrong_field_and_a_digit(monkeypatch, mocker):
    real = board._catalog("de")
    real_pgettext = real.pgettext

    def broken(context, key):
        if key == "gm.paused" and context == "long":
            return key
        if key == "fault.stuck.button" and context == "short":
            return "Taste hängt: {slot}"
        if key == "journal.kept" and context == "short":
            return "Protokoll: 2 Fehler"
        return real_pgettext(context, key)

    # the real catalog, its pgettext an autospec that breaks a few texts
    mocker.patch.object(real, "pgettext", autospec=True, side_effect=broken)
    monkeypatch.setitem(board._catalogs, "de", real)
    problems = board.check_messages()
    assert any("gm.paused" in p and "long" in p for p in problems)
    assert any("fault.stuck.button" in p and "slot" in p for p in problems)
    assert any("journal.kept" in p and "digit" in p for p in problems)


def test_short_wordings_have_at_most_eight_words():
    too_long = [f"{lang} {key}" for key in board.keys() for lang in board.LANGUAGES
                if len(re.sub(r"\{[^}]*\}", "X", board.template(key, lang, False)).split()) > 8]
    assert too_long == []


def test_context_word_comes_first_with_a_colon():
    """ACCESSIBILITY.md 6: "Spielleiter: Spiel pausiert" — context, then the new fact."""
    missing = [f"{lang} {key}" for key in board.keys() if not key.startswith(NO_CONTEXT_WORD)
               for lang in board.LANGUAGES for long in (False, True)
               if ":" not in board.template(key, lang, long).split(".")[0]]
    assert missing == []


@pytest.mark.parametrize("language", board.LANGUAGES)
def test_every_sentence_renders_in_nfc_and_german_has_no_digit(language):
    for key in board.keys():
        for long in (False, True):
            for names in (None, {0: "Anna", 2: "Jo\u0308rg"}):
                out = board.text(key, params(key), language, long=long, names=names)
                assert out == unicodedata.normalize("NFC", out) and "{" not in out
                if language == "de":
                    assert not re.search(r"\d", out), f"{key}: {out!r}"


def test_times_and_seats_are_said_in_words():
    assert board.seconds_words(0.5) == "null Komma fünf Sekunden"
    assert board.seconds_words(1.0, "en") == "one second"
    assert board.text("lobby.present", {"seat": 2, "missing": 4}, "de", long=True) == \
        "Platz drei ist da. Noch offen: vier."
    assert board.text("lobby.busy", {"seat": 0}, "en", names={0: "Anna"}) == "Anna is setting up the game"
    assert board.text("fault.stuck.slot", {"track": "fascist", "slot": 2}, "de").count("zwei") == 1
    assert board.text("gm.undone", {"seat": None}, "de") == "Spielleiter nimmt zurück: den letzten Zug von Spielleiter"
    assert board.text("gm.undone", {"seat": 2}, "en") == "Game master: undone: the last move by seat 3"


def test_wrong_parameters_are_refused():
    with pytest.raises(board.MessageParamError):
        board.text("lobby.present", {"seat": 2}, "de")
    with pytest.raises(board.MessageParamError):
        board.text("settings.item.verbosity", {"verbosity": "loud"}, "de")
    with pytest.raises(board.MessageParamError):
        board.text("fault.reader_missing", {"reader": "tray"}, "de")
    with pytest.raises(board.UnknownMessage):
        board.text("lobby.nothing", {}, "de")
    with pytest.raises(board.UnknownLanguage):
        board.text("service.ready", {}, "it")


@pytest.mark.parametrize("language", board.LANGUAGES)
def test_compiled_catalog_matches_its_po_source(language):
    folder = board.LOCALE_DIR / language / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as fp:
        cat = read_po(fp)
    buf = io.BytesIO()
    write_mo(buf, cat)
    assert (folder / "messages.mo").read_bytes() == buf.getvalue()


def test_the_languages_are_data_a_po_file_each():
    """A language joins a catalogue by its ``.po`` (issue 22: the board's French is to follow
    Autocracy's): each catalogue's languages are exactly the folders of its locale, and every
    game's languages are the board's too (the board speaks every language a game does: French
    for Autocracy; a game without French refuses it in its setup)."""
    for module in [board, *GAME_CATALOGUES]:
        folders = sorted(p.name for p in Path(module.LOCALE_DIR).iterdir()
                         if (p / "LC_MESSAGES" / "messages.po").is_file())
        assert sorted(module.LANGUAGES) == folders, module.__name__
        assert set(module.LANGUAGES) <= set(board.LANGUAGES), module.__name__
        assert {"de", "en"} <= set(module.LANGUAGES), module.__name__


# -- one board catalogue, each game's only its own -------------------------------------------------

@pytest.mark.parametrize("module", GAME_CATALOGUES, ids=lambda m: m.__name__.split(".")[2])
def test_a_games_catalogue_holds_none_of_the_boards_keys(module):
    assert set(module.keys()) & set(board.keys()) == set()
    for language in module.LANGUAGES:
        with open(module.LOCALE_DIR / language / "LC_MESSAGES" / "messages.po", "rb") as fp:
            ids = {m.id for m in read_po(fp) if m.id and m.context}
        assert ids & set(board.keys()) == set(), (module.__name__, language)


@pytest.mark.parametrize("module", GAME_CATALOGUES, ids=lambda m: m.__name__.split(".")[2])
@pytest.mark.parametrize("key,key_params", [
    ("fault.output.seat", {"seat": 3}), ("fault.output.public", {}), ("fault.reader_unplugged", {"reader": "law"}),
    ("fault.stuck.button", {"seat": 0}), ("fault.gpio.button", {"seat": 1}), ("journal.lost", {"count": 2}),
    ("service.ready", {}), ("gm.paused", {}), ("gm.undone", {"seat": 4}), ("scan.wrap", {}),
    ("scan.stopped", {}), ("repeat.nothing", {})])
def test_every_game_says_the_boards_sentences_in_the_boards_words(module, key, key_params):
    """Issue 22: In this way I become a DICTATOR had no ``fault.gpio.*`` / ``fault.output.*``,
    Dying Message borrowed Secret Dictator's catalogue: now each game's catalogue answers the
    board's keys from the board catalogue, in each of its languages and both wordings."""
    assert not module.is_private(key)
    assert module.placeholders(key) == board.placeholders(key)
    for language in sorted(set(module.LANGUAGES) & set(board.LANGUAGES)):
        for long in (False, True):
            said = module.text(key, key_params, language, long=long, names={3: "Anna"})
            expected = board.text(key, key_params, language, long=long, names={3: "Anna"})
            assert said == expected or said == expected[:1].upper() + expected[1:]


def _function_and_class_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}


@pytest.mark.parametrize("module", [board, *GAME_CATALOGUES], ids=lambda m: m.__name__.split(".")[-2])
def test_one_formatter_and_one_checker_for_every_catalogue(module):
    """No catalogue has a formatter or a parameter check of its own: they are
    ``kernel.wording.Catalogue``'s (the copies had drifted apart)."""
    assert isinstance(module.CATALOGUE, wording.Catalogue)
    own = _function_and_class_names(Path(module.__file__))
    assert not own & {"_Formatter", "format_field", "_check_params", "_join", "_catalog", "template", "term"}
    assert module.MessageParamError is wording.MessageParamError
    assert module.UnknownMessage is wording.UnknownMessage


def board_texts(language: str) -> list[tuple[str, str]]:
    with open(board.LOCALE_DIR / language / "LC_MESSAGES" / "messages.po", "rb") as fh:
        cat = read_po(fh)
    return [(f"board {m.id} ({m.context})" if m.context else f"board {m.id}", _PLACEHOLDER.sub("\u2022", m.string))
            for m in cat if m.id and m.string]


@pytest.mark.parametrize("language", sorted(CONCEPTS))
def test_one_word_per_game_concept_across_the_board_and_the_game(language):
    """The terminology test's concepts over both catalogues: the setup and the settings say
    "Platz", "Taste", "Spielleiter", "Nachziehstapel" as the game does."""
    assert mixed_terms(catalogue_texts(language) + board_texts(language), CONCEPTS[language]) == []


@pytest.mark.parametrize("language", board.LANGUAGES)
def test_the_scans_back_item_fits_every_list_and_names_no_seat(language):
    """"Back" ends every confirmation list, a roll's as much as a seat choice's (probe finding
    25): its long wording speaks of choosing something else, never of "another seat"."""
    said = board.text("scan.back", {}, language, long=True).lower()
    assert not any(w in said for w in ("seat", "platz", "siège"))
    assert said.split(":")[0].strip() in ("back", "zurück", "retour")
