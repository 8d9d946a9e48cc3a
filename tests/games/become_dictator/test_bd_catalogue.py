"""The German and English catalogue of In this way I become a DICTATOR (gettext)."""

from __future__ import annotations

import io
import random
import re

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from firmware_host.games.become_dictator import REASONS, Game, Setup, catalogue
from firmware_host.games.become_dictator.announce import (PrivacyError, announcements, make,
                                                          refusal, status)
from firmware_host.games.become_dictator.playout import random_action


def test_every_key_has_short_and_long_texts_in_both_languages_with_its_params():
    assert catalogue.check_messages() == []


@pytest.mark.parametrize("language", catalogue.LANGUAGES)
def test_compiled_catalog_matches_its_po_source(language):
    folder = catalogue.LOCALE_DIR / language / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as fp:
        cat = read_po(fp)
    buf = io.BytesIO()
    write_mo(buf, cat)
    assert (folder / "messages.mo").read_bytes() == buf.getvalue()


def test_every_rejection_reason_has_a_refusal_text():
    for reason in REASONS:
        assert f"refusal.{reason}" in catalogue.MESSAGES


def test_reasons_that_reveal_a_card_are_private_keys():
    assert catalogue.is_private("refusal.not_in_hand")
    assert catalogue.is_private("refusal.must_drop_revealed")
    assert not catalogue.is_private("refusal.invalid_target")


def test_a_private_key_is_never_made_for_the_table():
    with pytest.raises(PrivacyError):
        make("status.hand", {"hand": ["priest"]})


def _random_game_said(seed: int, players: int):
    rng = random.Random(seed)
    game = Game(Setup(players=players))
    said = announcements(None, game.start(), game)
    while game.phase != "game_over":
        waiting = game.awaiting()
        seat = waiting[int(rng.random() * len(waiting))]
        said += status(game, seat)
        action = random_action(game, seat, rng)
        said += announcements(action, game.apply(action), game)
    said += status(game, 0) + status(game, None)
    return said


@pytest.mark.parametrize("seed", range(6))
def test_every_text_of_a_random_game_renders_in_both_languages_german_without_digits(seed):
    for a in _random_game_said(seed, 4 + seed):
        de, en = a.text("de"), a.text("en")
        assert not re.search(r"\d", de), de
        assert de and en and de[0].isupper() and en[0].isupper()
        assert a.text("de", long=True) and a.text("en", long=True)


def test_names_are_spoken_with_the_seat():
    assert catalogue.text("vote.cast", {"seat": 0, "target": 2, "votes": 1}, "de",
                          names={0: "Anna"}) == "Anna, Platz eins stimmt für Platz drei. " \
                                                "Platz drei: eine Stimme"


def test_refusal_of_a_line_without_a_seat_is_public_and_names_nobody():
    from firmware_host.games.become_dictator import IllegalAction
    game = Game(Setup(players=4, language="en"))
    game.start()
    items = refusal(IllegalAction("malformed", "x"), object(), game)
    assert [(a.channel, a.key, a.params) for a in items] == [
        ("public", "refusal.malformed", {"seat": None})]
