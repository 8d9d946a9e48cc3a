"""Memory of one service over many games: what the voice remembers is bounded."""

from __future__ import annotations

from firmware_host.service.voice import SAID_KEPT, SilentVoice


def test_said_keeps_only_the_newest_sentences_however_many_games_are_played():
    voice = SilentVoice()
    for i in range(SAID_KEPT * 3):
        voice.say("public", f"Satz {i}.", key="k")
    voice.say_padded({0: "Du bist Demokrat.", 1: "Du bist Faschist."})
    assert len(voice.said) == SAID_KEPT
    assert voice.said[-1] == ("seat:1", "prolog", "Du bist Faschist.")
    assert voice.said[0] == ("public", "k", f"Satz {SAID_KEPT * 2 + 2}.")
