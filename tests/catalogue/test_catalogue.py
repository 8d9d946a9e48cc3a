"""The announcement catalogue: completeness, placeholders, wording rules (ACCESSIBILITY.md 5-7)."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import catalogue
from firmware_host.games.secret_dictator.catalogue import (
    LANGUAGES, MESSAGES, MessageParamError, UnknownLanguage, UnknownMessage, cardinal, ordinal,
)

KEYS = catalogue.keys()
WORDINGS = [(lang, long) for lang in LANGUAGES for long in (False, True)]

#: Sample values per param type: (typical, edge) — edge hits None seats, empty lists, 1, 0.
SAMPLES = {
    "seat": (2, None), "seats": ([0, 3, 9], []), "party": ("fascist", "democratic"),
    "parties": (["fascist", "democratic", "fascist"], ["democratic", "democratic"]),
    "role": ("dictator", "democrat"), "track": ("fascist", "democratic"),
    "reader": ("ballot", "law"), "ballot": ("ja", "nein"), "power": ("peek", "execution"),
    "int": (3, 1), "ints": ([0, 2], [3]), "action": ("nominate", "veto_reply"), "why": ("self", "investigated"),
    "task": ("nominate", "enact_or_veto"), "phase": ("election", "legislative_chancellor"),
}
EDGE_INTS = (0, 1, 2, 6, 11, 17, 20, 27)


def sample_params(key: str, variant: int = 0) -> dict:
    params = {}
    for name in catalogue.placeholders(key):
        kind = catalogue.PARAM_TYPES.get(name, "int")
        value = SAMPLES[kind][variant]
        if kind == "seat" and value is None and key.startswith(("prolog.role", "scan.item")):
            value = 0
        params[name] = value
    return params


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("language,long", WORDINGS)
def test_every_key_has_every_wording_with_exactly_its_placeholders(key, language, long):
    tmpl = catalogue.template(key, language, long)
    assert tmpl.strip(), f"{language} {key} is empty"
    assert catalogue.fields(tmpl) == set(catalogue.placeholders(key))


def test_check_messages_reports_nothing_for_the_shipped_catalogs():
    assert catalogue.check_messages() == []


def test_check_messages_finds_a_missing_translation_and_a_wrong_placeholder(monkeypatch, mocker):
    real = catalogue._catalog("en")
    real_pgettext = real.pgettext

    def broken(context, key):
        if key == "election.passed" and context == "long":
            return key
        if key == "ballot.counted" and context == "short":
            return "Stimmen: {count} von {players}"
        return real_pgettext(context, key)

    # the real catalog, its pgettext an autospec that breaks a few texts
    mocker.patch.object(real, "pgettext", autospec=True, side_effect=broken)
    monkeypatch.setitem(catalogue._catalogs, "en", real)
    problems = catalogue.check_messages()
    assert any("election.passed" in p and "'en'" in p for p in problems)
    assert any("ballot.counted" in p and "players" in p for p in problems)


def test_short_wording_has_at_most_eight_words():
    """ACCESSIBILITY.md 5: a placeholder counts as one word (a seat name, a number)."""
    too_long = []
    for key in KEYS:
        for language in LANGUAGES:
            tmpl = catalogue.template(key, language, long=False)
            words = re.sub(r"\{[^}]*\}", "X", tmpl).split()
            if len(words) > 8:
                too_long.append(f"{language} {key}: {len(words)} words")
    assert too_long == []


def test_context_word_comes_first_with_a_colon():
    """ACCESSIBILITY.md 6: "Wahl: angenommen, fünf zu zwei" — context, then the new fact."""
    exempt = {"scan.item", "scan.cancel", "scan.back", "veto.scan.enact", "veto.scan.propose",
                  "discard.scan.democratic", "discard.scan.fascist"}
    missing = [f"{lang} {key}" for key in KEYS if key not in exempt for lang in LANGUAGES
               for long in (False, True)
               if ":" not in catalogue.template(key, lang, long).split(".")[0]]
    assert missing == []


@pytest.mark.parametrize("variant", [0, 1])
def test_no_digit_in_any_german_text_and_all_text_is_nfc(variant):
    names = {2: "Jo\u0308rg", 0: "Anna"}  # a decomposed umlaut must come out composed
    for key in KEYS:
        params = sample_params(key, variant)
        for language, long in WORDINGS:
            for with_names in (None, names):
                out = catalogue.text(key, params, language, long, with_names)
                assert out == unicodedata.normalize("NFC", out), key
                assert "{" not in out and "}" not in out, out
                if language == "de":
                    assert not re.search(r"\d", out), f"{key}: {out!r}"


def test_numbers_in_german_text_are_written_out_for_every_count():
    for n in EDGE_INTS:
        for key in ("ballot.counted", "law.enacted.fascist", "reshuffle.shuffle_now",
                    "status.public", "fault.stuck_contact"):
            params = {p: n for p in catalogue.placeholders(key)}
            for long in (False, True):
                assert not re.search(r"\d", catalogue.text(key, params, "de", long))


def test_wording_examples_of_the_accessibility_spec():
    assert catalogue.text("election.passed", {"ja": 5, "nein": 2}) == "Wahl: angenommen, fünf zu zwei"
    assert catalogue.text("ballot.counted", {"count": 4, "total": 7}) == "Stimmen: vier von sieben"
    assert catalogue.text("ballot.counted", {"count": 1, "total": 7}) == "Stimmen: eine von sieben"
    assert catalogue.text("law.enacted.fascist", {"count": 3}) == "Gesetz: das dritte faschistische Gesetz"
    assert catalogue.text("ballot.counted", {"count": 4, "total": 7}, "en") == "Votes: four of seven"
    assert catalogue.text("status.public", {"democratic_laws": 1, "fascist_laws": 0, "tracker": 2},
                          long=True).startswith("Stand: ein demokratisches Gesetz und null faschistische Gesetze")


def test_seat_names_are_one_based_or_the_configured_name():
    assert catalogue.text("president.new", {"seat": 2}) == "Präsident: Platz drei"
    assert catalogue.text("president.new", {"seat": 2}, "en") == "President: seat 3"
    # ACCESSIBILITY.md 7: a round's first mention gives name and seat, in the short wording too
    assert catalogue.text("president.new", {"seat": 2}, names={2: "Anna"}) == "Präsident: Anna, Platz drei"
    assert catalogue.text("president.new", {"seat": 2}, long=True, names={2: "Anna"}).startswith(
        "Präsident: Anna, Platz drei. Bitte einen Kanzler vorschlagen.")
    # WORDING-REVIEW.md: unnamed seats in one list are "Plätze eins, drei und vier"
    assert catalogue.text("election.ballots", {"ja_seats": [0, 2, 3], "nein_seats": []}) == (
        "Abstimmung aufgedeckt: Ja Plätze eins, drei und vier; Nein niemand")
    assert catalogue.text("election.ballots", {"ja_seats": [0, 2], "nein_seats": [1]}, names={2: "Anna"}) == (
        "Abstimmung aufgedeckt: Ja Platz eins und Anna; Nein Platz zwei")


def test_refusal_without_a_seat_names_the_game_master():
    assert catalogue.text("refusal.wrong_phase", {"seat": None, "action": "vote"}) == (
        "Abgelehnt: Spielleiter, gerade läuft keine Abstimmung")


@pytest.mark.parametrize("n,card,ordinal_e", [
    (0, "null", "nullte"), (1, "eins", "erste"), (2, "zwei", "zweite"), (3, "drei", "dritte"),
    (6, "sechs", "sechste"), (7, "sieben", "siebte"), (8, "acht", "achte"),
    (11, "elf", "elfte"), (12, "zwölf", "zwölfte"), (16, "sechzehn", "sechzehnte"),
    (17, "siebzehn", "siebzehnte"), (20, "zwanzig", "zwanzigste"),
    (21, "einundzwanzig", "einundzwanzigste"), (27, "siebenundzwanzig", "siebenundzwanzigste"),
])
def test_german_number_words(n, card, ordinal_e):
    assert cardinal(n) == card
    assert ordinal(n) == ordinal_e


def test_german_case_and_gender_forms():
    assert cardinal(1, ending="e") == "eine"            # eine von sieben Stimmen
    assert cardinal(1, ending="em") == "einem"
    assert cardinal(1, ending="") == "ein"              # ein demokratisches Gesetz
    assert cardinal(4, ending="e") == "vier"            # only one inflects
    assert ordinal(3, ending="en") == "dritten"
    assert ordinal(3, ending="es") == "drittes"


@pytest.mark.parametrize("n,card,ordinal_word", [
    (0, "zero", "zeroth"), (1, "one", "first"), (2, "two", "second"), (3, "three", "third"),
    (5, "five", "fifth"), (8, "eight", "eighth"), (9, "nine", "ninth"), (12, "twelve", "twelfth"),
    (20, "twenty", "twentieth"), (21, "twenty-one", "twenty-first"),
])
def test_english_number_words(n, card, ordinal_word):
    assert cardinal(n, "en") == card
    assert ordinal(n, "en") == ordinal_word


@pytest.mark.parametrize("bad", [-1, 100, 2.0, "3", None, True])
def test_number_words_refuse_what_they_cannot_say(bad):
    with pytest.raises(MessageParamError):
        cardinal(bad)


def test_unknown_key_is_a_keyerror_with_a_clear_message():
    with pytest.raises(UnknownMessage) as info:
        catalogue.text("no.such.key", {})
    assert isinstance(info.value, KeyError) and isinstance(info.value, FirmwareHostError)
    assert str(info.value) == "unknown message key 'no.such.key'"
    with pytest.raises(UnknownMessage):
        catalogue.is_private("no.such.key")
    with pytest.raises(UnknownMessage):
        catalogue.placeholders("no.such.key")


@pytest.mark.parametrize("params", [
    {"ja": 5}, {"ja": 5, "nein": 2, "seat": 1}, {"ja": "five", "nein": 2}, {"ja": -1, "nein": 2},
])
def test_wrong_params_are_refused_with_one_line(params):
    with pytest.raises(MessageParamError) as info:
        catalogue.text("election.passed", params)
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)


def test_bad_enum_values_and_languages_are_refused():
    with pytest.raises(MessageParamError):
        catalogue.text("hand.president", {"laws": ["liberal"]})
    with pytest.raises(MessageParamError):
        catalogue.text("status.private", {"role": "hitler"})
    with pytest.raises(UnknownLanguage):
        catalogue.text("election.passed", {"ja": 5, "nein": 2}, language="fr")


def test_R16_secret_keys_are_marked_private():
    private = {k for k in KEYS if catalogue.is_private(k)}
    assert {"prolog.role.fascist", "prolog.role.democrat", "prolog.role.dictator",
            "prolog.team.fascist", "prolog.team.dictator", "prolog.team.unknown",
            "hand.president", "hand.chancellor", "power.peek.result",
            "power.view_discard.result", "power.investigate.result", "refusal.not_in_hand",
            "status.private"} <= private
    # any message with a role, party or hand parameter is private, except outside a game
    for key in KEYS:
        names = set(catalogue.placeholders(key))
        # the story is told only once the game is over (R15: every secret is public then)
        if names & {"role", "party", "laws"} and not key.startswith(("selftest.", "enrol.", "story.")):
            assert key in private, key


def test_every_refusal_reason_of_the_replay_spec_has_a_key():
    from firmware_host.games.secret_dictator import REASONS
    for reason in REASONS:
        assert f"refusal.{reason}" in MESSAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_matches_its_po_source(language):
    """scripts/compile-catalogs must have been run after the last .po edit."""
    folder = catalogue.LOCALE_DIR / language / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as fp:
        cat = read_po(fp)
    buf = io.BytesIO()
    write_mo(buf, cat)
    assert (folder / "messages.mo").read_bytes() == buf.getvalue()


def test_docstring_examples_hold():
    import doctest
    result = doctest.testmod(catalogue, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


def test_catalog_compiled_in_memory_from_the_po_says_the_same():
    """The fallback for a checkout without .mo files (Babel at start-up)."""
    for language in LANGUAGES:
        po = catalogue.LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"
        fresh = catalogue._compile_in_memory(po)
        for key in ("election.passed", "game_over.roles", "scan.item"):
            assert fresh.pgettext("long", key) == catalogue.template(key, language, long=True)
