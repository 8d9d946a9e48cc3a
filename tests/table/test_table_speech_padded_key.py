"""The key the audio layer gets for the padded private clips said at once at several seats
(the table's ``speech.TableSpeech.say_padded`` where nothing reports playback): the first
line's key by default, or the neutral one the game gives where that first line would name a
seat's secret (``prolog``). The real service, SQLite journal and silent voice (it keeps
every clip's channel and key)."""

from __future__ import annotations

from firmware_host.kernel.values import Line
from firmware_host.service.voice import SilentVoice

from .table import quiet_service


def test_A23_padded_clips_reach_the_voice_under_the_first_lines_key_or_the_games_neutral_one(tmp_path):
    voice = SilentVoice()
    service = quiet_service(tmp_path, voice=voice)
    service.start()
    try:
        service.call(lambda: service.game.setup_game({"game": "become_dictator", "players": 4, "language": "en",
                                                       "morning_seconds": 0}))
        speech = service.game.active.speech
        items = [Line("seat:0", "hand.start", {}), Line("seat:2", "hand.start", {})]
        mark = len(voice.said)
        service.call(lambda: speech.say_padded(items))
        assert [(c, k) for c, k, _ in list(voice.said)[mark:]] == [("seat:0", "hand.start"), ("seat:2", "hand.start")]
        mark = len(voice.said)
        service.call(lambda: speech.say_padded(items, key="prolog"))
        assert [(c, k) for c, k, _ in list(voice.said)[mark:]] == [("seat:0", "prolog"), ("seat:2", "prolog")]
    finally:
        service.stop()
