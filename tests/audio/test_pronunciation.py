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


def test_the_board_service_gives_the_renderer_the_games_overrides():
    from firmware_host.service.voice import Voice

    class Audio:
        renderer = type("R", (), {"pronounce": None})()

    voice = Voice(Audio())
    voice.set_pronunciation(catalogue.pronounce)
    assert Audio.renderer.pronounce is catalogue.pronounce
