"""Fixtures for the audio tests: a fake pyttsx3 engine, services on a RecordingSink."""

from __future__ import annotations

import math
import struct
import threading
import wave

import pytest

from firmware_host.audio import AudioService, AudioSettings, RecordingSink, SpeechRenderer


class FakeEngine:
    """Stands in for a pyttsx3 engine: writes a tone as long as the text (60 ms per character).

    :param log: list collecting every text rendered (shared by all engines of a factory).
    :param hang: an Event; while unset, runAndWait blocks on it (a hung pyttsx3).
    :param gate: an Event each render waits for before writing (orders renders in tests).
    """

    def __init__(self, log: list[str], hang: threading.Event | None = None, gate: threading.Event | None = None):
        self.log, self.hang, self.gate = log, hang, gate
        self.props: dict = {}
        self.pending: tuple[str, str] | None = None

    def setProperty(self, name, value):
        self.props[name] = value

    def save_to_file(self, text, path):
        self.pending = (text, path)

    def runAndWait(self):
        if self.hang is not None:
            self.hang.wait()
            return
        if self.gate is not None:
            self.gate.wait(30)
        text, path = self.pending
        n = int(22050 * 0.06 * len(text))
        pcm = struct.pack(f"<{n}h", *(int(8000 * math.sin(2 * math.pi * 440 * i / 22050)) for i in range(n)))
        with wave.open(path, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(22050)
            w.writeframes(pcm)
        self.log.append(text)

    def endLoop(self):
        pass

    def stop(self):
        pass


@pytest.fixture
def fake_log():
    return []


@pytest.fixture
def fake_renderer(tmp_path, fake_log):
    """A SpeechRenderer on a FakeEngine (fast, deterministic lengths)."""
    r = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: FakeEngine(fake_log), timeout=5)
    yield r
    r.close()


@pytest.fixture
def make_service(tmp_path, fake_log):
    """make_service(sink=None, seats=5, real=False, clock=None, **settings) -> AudioService; closed afterwards."""
    made = []

    def make(sink=None, seats=5, real=False, whisper_call=None, clock=None, **settings):
        renderer = None
        if not real:
            renderer = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: FakeEngine(fake_log), timeout=5)
        s = AudioSettings(**settings)
        svc = AudioService(s, sink if sink is not None else RecordingSink(), tmp_path / "cache",
                           seats=seats, whisper_call=whisper_call, renderer=renderer, clock=clock)
        made.append(svc)
        return svc

    yield make
    for svc in made:
        svc.close()
