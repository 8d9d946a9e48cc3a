"""A slow renderer (``simulate --render-seconds``: a Pi Zero 2 W, a fresh cache) says a game's
words with the pronunciation overrides the board gives its renderer (``Voice.set_pronunciation``
sets ``renderer.pronounce``): set on the slow renderer, they are the real renderer's, so a
sentence rendered at boot (the setup from the seats' "Secret Dictator") is the same cache
entry a slow board's live clip looks for. The real renderer on an autospec of pyttsx3's engine."""

from __future__ import annotations

from firmware_host.audio.slow import SlowRenderer
from firmware_host.clock import VirtualClock


def test_pronunciation_overrides_set_on_a_slow_renderer_are_the_real_renderers(fake_renderer, fake_log):
    slow = SlowRenderer(fake_renderer, VirtualClock(), 3.0, warm=True)

    def pronounce(text: str, language: str) -> str:
        return text.replace("Dictator", "[[dIkt'Ato:r]]")

    slow.pronounce = pronounce
    assert fake_renderer.pronounce is pronounce and slow.pronounce is pronounce
    slow.render("Secret Dictator", "de", "", 175, background=True).wait(10)
    assert fake_log == ["Secret [[dIkt'Ato:r]]"]
