"""The board service pre-renders its table's speech in the background (start-up, setup),
never on the path to "ready", and the sentences of the game's flow are then in the cache."""

from __future__ import annotations

import threading
import time

from firmware_host.audio import AudioService, AudioSettings, RecordingSink, SpeechRenderer
from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator import catalogue
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import Voice
from tests.doubles import pyttsx3_engine


def gated_engine(mocker, gate: threading.Event, log: list[str]):
    """An autospec of pyttsx3's engine writing 10 ms of silence per character once ``gate`` is set."""
    return pyttsx3_engine(mocker, log, gate=gate, seconds_per_char=0.01, silent=True)


def test_ready_does_not_wait_for_prerendering_and_a_setup_plans_its_named_table(tmp_path, mocker):
    gate, log = threading.Event(), []
    renderer = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: gated_engine(mocker, gate, log), timeout=60)
    audio = AudioService(AudioSettings(), RecordingSink(), tmp_path / "cache", seats=10, renderer=renderer)
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=VirtualClock(),
                           journal=Journal(tmp_path / "j.sqlite3"), voice=Voice(audio), notifier=Notifier(None))
    try:
        service.start(None)                       # every render blocks: ready all the same
        assert service.ready_at is not None and not audio.prerenderer.idle() and log == []
        gate.set()
        names = ["Anna", "Bernd", "Clara", "Dieter", "Emil"]
        service.call(lambda: service.game.setup_game({"players": 5, "seed": 4, "language": "en", "names": names}))
        assert audio.prerenderer.wait_idle(120)
        named = {i: n for i, n in enumerate(names)}
        for seat in range(5):
            text = catalogue.text("president.new", {"seat": seat}, "en", names=named)
            assert renderer.path_for(text, "en").exists(), text
        president = service.game.game.president
        nomination = catalogue.text("nomination.made", {"seat": president, "target": (president + 1) % 5}, "en",
                                    names=named)
        assert renderer.path_for(nomination, "en").exists()   # planned when the president was announced
        assert audio.prerenderer.rendered > 300
    finally:
        gate.set()
        service.stop()
        audio.close()


def test_a_duration_needed_before_ready_starts_a_held_speech_engine(tmp_path, mocker):
    """``run`` holds the speech engine until READY=1; a scan step that needs a sentence's
    duration before then (an input during start-up) starts it rather than waiting 5 s."""
    gate, log = threading.Event(), []
    gate.set()
    renderer = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: gated_engine(mocker, gate, log), hold=True)
    audio = AudioService(AudioSettings(), RecordingSink(), tmp_path / "cache", seats=5, renderer=renderer)
    voice = Voice(audio)
    try:
        voice.say("seat:1", "Platz eins.", key="scan.item")
        assert log == []
        seconds = voice.seconds(voice.last, timeout=10)
        assert seconds is not None and seconds > 0.05 and log == ["Platz eins."]
    finally:
        audio.close()
