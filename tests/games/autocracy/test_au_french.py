"""Autocracy in French (the rulebook's language): the setup's ``language`` ``fr`` is spoken
with espeak-ng's French voice."""

from __future__ import annotations

from firmware_host.audio import AudioService, AudioSettings, RecordingSink
from firmware_host.audio.speech import VOICES, SpeechRenderer
from firmware_host.games.autocracy import catalogue


def test_french_has_espeak_ngs_french_voice():
    assert VOICES["fr"] == "fr"


def test_the_audio_service_speaks_french_with_the_french_voice(tmp_path):
    sink = RecordingSink()
    audio = AudioService(AudioSettings(language="de"), sink, tmp_path / "cache", seats=4)
    try:
        audio.set_language("fr")
        sentence = catalogue.text("win", {"seat": 1}, "fr", long=True)
        utt = audio.say("public", sentence, key="win", priority="game_over")
        assert utt.wait_played(60)
        (played,) = sink.on("public")
        assert played.text == sentence and played.duration > 1.0
    finally:
        audio.close()
    renderer = SpeechRenderer(tmp_path / "cache")
    fr = renderer.path_for(sentence, "fr")
    assert fr != renderer.path_for(sentence, "de")    # another voice, another clip
    assert fr.exists()                                 # the French voice rendered it
