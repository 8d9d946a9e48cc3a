"""Phoneme overrides for the words espeak-ng gets wrong (issue: "Nein" in English,
"Election Tracker" and "Secret Dictator" in German; WORDING-REVIEW.md): applied to what the
speech engine synthesises, never to the logged or shown text. Checked with the real
espeak-ng's phoneme output (``-x``)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from firmware_host.audio import SpeechRenderer, read_wav
from firmware_host.games.secret_dictator import catalogue
from firmware_host.service import board_catalogue

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")


def phonemes(text: str, voice: str) -> str:
    return subprocess.run(["espeak-ng", "-q", "-x", "-v", voice, text], capture_output=True, text=True,
                          check=True, timeout=30).stdout


@needs_espeak
def test_english_voice_says_nein_as_nine_with_the_override():
    assert "n'i:n" in phonemes("Ja or Nein", "en")            # the mistake the override fixes
    spoken = catalogue.pronounce("Votes: Ja seat 1; Nein seat 2", "en")
    assert "n'aIn" in phonemes(spoken, "en") and "n'i:n" not in phonemes(spoken, "en")


@needs_espeak
def test_german_voice_says_election_tracker_and_secret_dictator_in_english():
    plain = phonemes("Election Tracker, Secret Dictator", "de")
    assert "lEktsj'o:n" in plain and "z'Ekr@t" in plain
    text = catalogue.text("tracker.moved", {"position": 2}, "de")
    spoken = phonemes(catalogue.pronounce(text, "de"), "de")
    assert "lEktsj'o:n" not in spoken and "tr'Ek@" in spoken
    dictator = phonemes(catalogue.pronounce(catalogue.text("prolog.role.dictator", {"seat": 0}, "de"), "de"), "de")
    assert "z'Ekr@t" not in dictator and "s'i:kr@t" in dictator


def test_overrides_replace_whole_words_only_and_leave_other_languages_alone():
    assert catalogue.pronounce("Neinsager", "en") == "Neinsager"
    assert catalogue.pronounce("Ja oder Nein", "de") == "Ja oder Nein"
    assert catalogue.pronounce("des Election Trackers", "de") == "des [[I'lEkS@n tr'Ek@s]]"
    assert catalogue.pronounce(catalogue.pronounce("Nein", "en"), "en") == "[[n'aIn]]"   # idempotent


@needs_espeak
def test_the_renderer_synthesises_the_override_but_keys_nothing_else_on_it(tmp_path):
    renderer = SpeechRenderer(tmp_path)
    try:
        renderer.pronounce = catalogue.pronounce
        job = renderer.render("Votes: Nein seat 2", "en")
        assert job.text == "Votes: [[n'aIn]] seat 2"
        assert read_wav(job.wait(30)).duration > 0.5
        assert renderer.path_for("Votes: Nein seat 2", "en") == job.path
        renderer.pronounce = None
        assert renderer.path_for("Votes: Nein seat 2", "en") != job.path
    finally:
        renderer.close()


def test_the_board_service_gives_the_renderer_the_games_overrides(mocker):
    from firmware_host.audio import AudioService, SpeechRenderer
    from firmware_host.service.voice import Voice

    audio = mocker.create_autospec(AudioService, instance=True)
    audio.renderer = mocker.create_autospec(SpeechRenderer, instance=True)
    voice = Voice(audio)
    voice.set_pronunciation(catalogue.pronounce)
    assert audio.renderer.pronounce is catalogue.pronounce


# -- every game's words (issue 35) ---------------------------------------------------------------

@needs_espeak
@pytest.mark.parametrize("written,wrong,right", [
    ("Dying Message", "d'y:IN", "d'aIIN"),            # not "Düing"
    ("Autocracy", "'aUtO", "O:t'O"),
    ("Muay-Thai-Kämpfer", "m'u:EI", "m'u:aI"),
    ("Profikiller", "pro:f'i:", "pr'o:fi"),
])
def test_german_voice_says_the_newer_games_titles_and_terms_with_the_overrides(written, wrong, right):
    """The German voice says "Düing Message", "Autokrazie": the games' catalogues give phoneme
    input, and the board applies every registered game's table (games.pronounce)."""
    from firmware_host.kernel import games

    assert wrong in phonemes(written, "de")                 # the mistake the override fixes
    spoken = phonemes(games.pronounce(f"Spiel: {written}.", "de"), "de")
    assert wrong not in spoken and right in spoken


def test_every_games_title_in_the_lobby_is_pronounced_in_every_language_it_is_said():
    """The lobby offers every game by its title, whichever game is set up: the board's table
    holds each game's overrides (a title in German is said as its game's catalogue says)."""
    from firmware_host.kernel import games

    for name in games.names():
        title = games.pack(name).lobby().title("de")
        module = __import__(f"firmware_host.games.{name}.catalogue", fromlist=["x"])
        own = getattr(module, "PRONUNCIATIONS", {}).get("de", {})
        if title in own:
            assert games.pronounce(title, "de") == own[title]
    assert games.pronounce("Dying Message", "de") == "[[d'aIIN m'EsIdZ]]"
    assert games.pronounce("Nein", "en") == "[[n'aIn]]" and games.pronounce("Autocracy", "fr") == "Autocracy"


def test_the_board_gives_the_renderer_every_games_overrides_whichever_game_it_plays():
    """A board set up for Dying Message speaks with every game's overrides (the host sets
    them at boot, before any game's adapter)."""
    import io

    from firmware_host.kernel import games
    from firmware_host.service.signals import parse_script
    from firmware_host.service.simulator import Simulator

    seen = []

    class Watching(Simulator):
        def stop(self):
            renderer = getattr(getattr(getattr(self.service, "voice", None), "audio", None), "renderer", None)
            seen.append(getattr(renderer, "pronounce", None))
            return super().stop()

    script = '{"setup": {"game": "dying_message", "players": 5, "seed": 1, "language": "de"}}'
    assert Watching(None, out=io.StringIO()).run_script(parse_script(script)) == 0
    assert seen and seen[0] is games.pronounce


def test_A7_issue33_a_names_pronunciation_override_is_said_never_spelt_and_logged_as_the_name():
    """Issue 33: "Siobhan [[S@v'O:n]]": the sentence (logged, shown) names "Siobhan"; the
    speech engine is given only the phonemes where the name stands, not the written name as
    well (which the voice would spell out its own way first)."""
    from firmware_host.kernel import games
    names = {1: "Siobhan [[S@v'O:n]]", 2: "[[b'En]]", 3: "Anna"}
    text = board_catalogue.text("setup.seat_name", {"seat": 1}, "en", names=names)
    assert "Siobhan" in text and "[[" not in text
    spoken = games.pronounce(text, "en")
    assert "[[S@v'O:n]]" in spoken and "Siobhan" not in spoken
    assert games.pronounce(spoken, "en") == spoken                    # applied twice: the same
    only = board_catalogue.text("setup.seat_name", {"seat": 2}, "en", names=names)
    assert "[[b'En]]" in only and games.pronounce(only, "en") == only   # phonemes alone: as given
    assert games.pronounce("Anna, seat 4", "en") == "Anna, seat 4"


@needs_espeak
def test_issue33_the_renderer_says_a_named_seat_by_its_phonemes_only(tmp_path):
    from firmware_host.kernel import games
    text = board_catalogue.text("setup.seat_name", {"seat": 1}, "en", names={1: "Siobhan [[S@v'O:n]]"})
    renderer = SpeechRenderer(tmp_path)
    try:
        renderer.pronounce = games.pronounce
        job = renderer.render(text, "en")
        assert "Siobhan" not in job.text and "[[S@v'O:n]]" in job.text
        assert read_wav(job.wait(30)).duration > 0.5
    finally:
        renderer.close()
    assert "S@v'O:n" in phonemes(games.pronounce(text, "en"), "en")
    assert "S@v'O:n" not in phonemes(text, "en")            # the voice's own guess at "Siobhan"
