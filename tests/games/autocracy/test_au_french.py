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


def test_a_game_without_french_refuses_fr_in_one_line_and_autocracy_starts_in_it():
    import io
    import json

    from firmware_host.service.signals import parse_script
    from firmware_host.service.simulator import Simulator

    signals = [{"signal": "gm", "command": "start", "setup": {"game": game, "players": n, "language": "fr"}}
               for game, n in (("secret_dictator", 5), ("become_dictator", 4), ("autocracy", 4))]
    out = io.StringIO()
    Simulator(None, out=out).run_script(parse_script("\n".join(json.dumps(s) for s in signals)))
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    refused = [o for o in lines if o.get("event") == "fault" and o.get("source") == "gm"]
    assert [o["line"] for o in refused] == [1, 2]
    assert all("\n" not in o["detail"] and "'fr'" in o["detail"] for o in refused)
    said = [o for o in lines if o.get("event") == "announce" and o["key"] == "game.started"]
    assert said and said[0]["text"].startswith("Autocracy commence")
