"""The board service pre-renders its table's speech in the background (start-up, setup),
never on the path to "ready", and the sentences of the game's flow are then in the cache."""

from __future__ import annotations

import threading
import time
import wave

from firmware_host.audio import AudioService, AudioSettings, RecordingSink, SpeechRenderer
from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator import catalogue
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import Voice


class GatedEngine:
    """A pyttsx3 stand-in writing 10 ms of silence per character once ``gate`` is set."""

    def __init__(self, gate: threading.Event, log: list[str]) -> None:
        self.gate, self.log, self.pending = gate, log, ("", "")

    def setProperty(self, name, value):
        pass

    def save_to_file(self, text, path):
        self.pending = (text, path)

    def runAndWait(self):
        self.gate.wait(60)
        text, path = self.pending
        with wave.open(path, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(22050)
            w.writeframes(b"\0\0" * 220 * max(1, len(text)))
        self.log.append(text)

    def endLoop(self):
        pass

    def stop(self):
        pass


def test_ready_does_not_wait_for_prerendering_and_a_setup_plans_its_named_table(tmp_path):
    gate, log = threading.Event(), []
    renderer = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: GatedEngine(gate, log), timeout=60)
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


def test_a_duration_needed_before_ready_starts_a_held_speech_engine(tmp_path):
    """``run`` holds the speech engine until READY=1; a scan step that needs a sentence's
    duration before then (an input during start-up) starts it rather than waiting 5 s."""
    gate, log = threading.Event(), []
    gate.set()
    renderer = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: GatedEngine(gate, log), hold=True)
    audio = AudioService(AudioSettings(), RecordingSink(), tmp_path / "cache", seats=5, renderer=renderer)
    voice = Voice(audio)
    try:
        voice.say("seat:1", "Platz eins.", key="scan.item")
        assert log == []
        seconds = voice.seconds(voice.last, timeout=10)
        assert seconds is not None and seconds > 0.05 and log == ["Platz eins."]
    finally:
        audio.close()
