"""Autocracy's catalogue: six wordings of every message, numbers in words, the terms of
AUTOCRACY.md in three languages."""

from __future__ import annotations

import pytest

from firmware_host.games.autocracy import catalogue
from firmware_host.kernel.wording import cardinal


def test_every_message_has_its_wordings_in_german_english_and_french():
    assert catalogue.LANGUAGES == ("de", "en", "fr")
    assert catalogue.check_messages() == []


@pytest.mark.parametrize("n,word", [(1, "un"), (17, "dix-sept"), (21, "vingt et un"),
                                    (71, "soixante et onze"), (80, "quatre-vingts"),
                                    (81, "quatre-vingt-un"), (99, "quatre-vingt-dix-neuf"),
                                    (100, "cent"), (200, "deux cents"), (201, "deux cent un")])
def test_french_numbers_are_words(n, word):
    assert cardinal(n, "fr") == word


@pytest.mark.parametrize("language,domains", [
    ("fr", ["Économie", "Média", "Justice", "Armée", "Politique"]),
    ("de", ["Wirtschaft", "Medien", "Justiz", "Armee", "Politik"]),
    ("en", ["Economy", "Media", "Justice", "Army", "Politics"])])
def test_the_domains_are_named_as_in_the_terms_table(language, domains):
    got = [catalogue.domain_name(d, language)
           for d in ("economie", "media", "justice", "armee", "politique")]
    assert got == domains


def test_the_french_names_are_the_rulebooks():
    assert [catalogue.trick_name(k, "fr") for k in
            ("nationalisation", "revolte", "chantage", "espionnage", "corruption")] == [
        "Nationalisation", "Révolte", "Chantage", "Espionnage", "Corruption"]
    assert catalogue.text("win", {"seat": 1}, "fr") == "Siège deux est le Leader suprême."


def test_A32_a_roll_and_its_gains_are_said_with_numbers_as_words():
    params = {"seat": 2, "dice": [["economie", 3], ["coup_bas", 1]]}
    assert catalogue.text("rolled", params, "en") == "Seat 3 rolls Economy three and Dirty Trick one."
    assert catalogue.text("gained", {"seat": 2, "gains": {"economie": 2, "coup_bas": 1}},
                          "de") == "Platz drei erhält zwei Wirtschaft und einen Tiefschlag."


def test_A29_the_keys_that_name_a_kind_are_private():
    for key in ("deal.trick", "bought.drawn", "drawn", "espionnage.took", "espionnage.lost",
                "status.private", "refusal.not_held"):
        assert catalogue.is_private(key)
    for key in ("rolled", "attacked.espionnage", "result.espionnage", "game_over.hand",
                "ask.chantage"):
        assert not catalogue.is_private(key)


def test_wrong_params_and_unknown_keys_and_languages_are_refused():
    with pytest.raises(catalogue.MessageParamError):
        catalogue.text("turn", {"round": 1}, "en")
    with pytest.raises(catalogue.MessageParamError):
        catalogue.text("mentor", {"seat": 0, "tokens": {"gold": 1}}, "en")
    with pytest.raises(catalogue.UnknownMessage):
        catalogue.text("nope", {}, "en")
    with pytest.raises(catalogue.UnknownLanguage):
        catalogue.text("deal.done", {}, "it")


@pytest.mark.parametrize("language", catalogue.LANGUAGES)
def test_issue31_a_count_of_dirty_tricks_of_one_kind_is_said_in_the_plural(language):
    """A count of more than one Dirty Trick of a kind takes the kind's plural ("zwei
    Bestechungen", "deux Corruptions", never "zwei Bestechung"), wherever a count of a kind is
    said: the discard pile and a hand told by kind; one of a kind its singular with its article."""
    from firmware_host.games.autocracy.rules import KINDS

    for kind in KINDS:
        many = catalogue.term(f"term.trick.{kind}.many", language).format(number=cardinal(2, language))
        one = catalogue.term(f"term.trick.{kind}.one", language)
        assert catalogue.text("status.pile", {"pile": 3, "discard": {kind: 2}}, language).endswith(f"{many}."), kind
        assert catalogue.text("status.pile", {"pile": 3, "discard": {kind: 1}}, language).endswith(f"{one}."), kind
    if language == "de":
        assert "zwei Bestechungen" in catalogue.text("status.pile", {"pile": 3, "discard": {"corruption": 2}}, "de")


@pytest.mark.parametrize("language, reserve, pile", [
    ("en", "The reserve had no Economy left.", "The pile had none left."),
    ("de", "Wirtschaft: der Vorrat war leer.", "Im Stapel war keiner mehr."),
    ("fr", "Plus aucun jeton Économie dans la réserve.", "La pioche était vide.")])
def test_A9_A10_an_empty_reserve_or_pile_is_said_as_none_left_never_only_zero(language, reserve, pile):
    """A roll that finds the reserve (A9) or the Dirty Trick pile (A10) empty says that none
    was left, never "only zero"."""
    from au_helpers import game, roll

    from firmware_host.games.autocracy import announce

    g = game(2)
    g.reserve["economie"] = 0
    g.pile = []
    g.hands[0] = ["chantage"] * 5
    lines = announce.for_event(g, g.apply(roll(0, ("economie", 1), ("coup_bas", 1)))[0])
    said = {line.key: catalogue.text(line.key, line.params, language) for line in lines}
    assert said["short.reserve.none"] == reserve
    assert said["short.pile.none"] == pile
    assert not any(k in said for k in ("short.reserve", "short.pile"))
    assert not any(w in " ".join(said.values()) for w in ("zero", "null", "zéro"))


def test_french_puts_a_space_before_every_colon_of_a_hand_shown_at_the_end():
    """French typography: "jeton un : Espionnage", and a seat's revealed Dirty Tricks are
    "Coups Bas révélés, siège un : …", never "de siège un"."""
    text = catalogue.text("game_over.hand", {"seat": 0, "shown": ["espionnage"]}, "fr", long=True)
    assert text == "Coups Bas révélés, siège un : jeton un : Espionnage."
