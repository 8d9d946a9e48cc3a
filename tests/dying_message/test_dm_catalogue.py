"""The Dying Message catalogue (gettext, de and en) and its announcements (M39, M41)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.games.dying_message import announce, catalogue

from .helpers import make

ROOT = Path(__file__).resolve().parents[2]


def test_every_key_has_four_wordings_with_exactly_its_placeholders_and_no_german_digit():
    assert catalogue.check_messages() == []


def test_compiled_catalogs_match_their_po_files():
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "compile-catalogs"),
                           "--check"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("n, de, en", [(0, "null", "zero"), (21, "einundzwanzig", "twenty-one"),
                                       (100, "hundert", "one hundred"),
                                       (101, "hunderteins", "one hundred and one"),
                                       (104, "hundertvier", "one hundred and four")])
def test_card_numbers_up_to_104_are_spoken_as_words(n, de, en):
    assert catalogue.cardinal(n, "de") == de and catalogue.cardinal(n, "en") == en


def test_M42_cards_are_named_by_their_printed_number_and_description():
    assert catalogue.text("scan.card", {"card": 17}, "en",
                          descriptions={17: "a red umbrella"}) == "card 18: a red umbrella"
    assert catalogue.text("scan.card", {"card": 103}, "de") == "Karte hundertvier"


def test_M41_the_night_script_is_word_for_word_the_table_of_the_spec():
    en = {key: catalogue.text(key, {}, "en") for key in announce.STEP_KEYS.values()}
    assert en["night.falls"] == "Night falls. Everyone, close your eyes."
    assert en["night.killers"] == "Killers, open your eyes and choose your victims."
    assert en["night.dead"] == ("Those who died tonight, open your eyes. You are dead. "
                                "Choose the genuine Dying Message.")
    assert en["night.fake"] == ("Killers, choose the fake messages. Five, four, three, two, "
                                "one. Killers, close your eyes.")


def test_M39_a_private_message_cannot_be_addressed_to_the_table():
    for key in catalogue.keys():
        if catalogue.is_private(key):
            with pytest.raises(announce.PrivacyError):
                announce.make(key, {p: 0 for p in catalogue.placeholders(key)})


def test_M8_prolog_tells_each_seat_only_its_own_character():
    game = make(["killer", "citizen", "celebrity", "private_detective", "citizen"])
    prolog = announce.prolog(game)
    assert [(a.channel, a.params["character"]) for a in prolog] == [
        (f"seat:{s}", c) for s, c in enumerate(game.characters)]
    assert catalogue.text("prolog.character", {"character": "killer"}, "de") == \
        "Du bist ein Killer."


def test_names_replace_seat_numbers():
    text = catalogue.text("died.killers", {"seat": 2, "character": "hostage"}, "en",
                          names={2: "Anna"})
    assert text == "Died: Anna, seat 3, a Hostage."
