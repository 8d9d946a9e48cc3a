"""Fixtures for the audio tests: renderers on an autospec of pyttsx3's engine, services on a RecordingSink."""

from __future__ import annotations

import pytest

from firmware_host.audio import AudioService, AudioSettings, RecordingSink, SpeechRenderer
from tests.doubles import pyttsx3_engine


@pytest.fixture
def fake_log():
    return []


@pytest.fixture
def fake_renderer(tmp_path, fake_log, mocker):
    """A SpeechRenderer on an autospec of pyttsx3's engine (fast: 60 ms of tone a character)."""
    r = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: pyttsx3_engine(mocker, fake_log), timeout=5)
    yield r
    r.close()


@pytest.fixture
def make_service(tmp_path, fake_log, mocker):
    """make_service(sink=None, seats=5, real=False, clock=None, **settings) -> AudioService; closed afterwards."""
    made = []

    def make(sink=None, seats=5, real=False, whisper_call=None, clock=None, **settings):
        renderer = None
        if not real:
            renderer = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: pyttsx3_engine(mocker, fake_log), timeout=5)
        s = AudioSettings(**settings)
        svc = AudioService(s, sink if sink is not None else RecordingSink(), tmp_path / "cache",
                           seats=seats, whisper_call=whisper_call, renderer=renderer, clock=clock)
        made.append(svc)
        return svc

    yield make
    for svc in made:
        svc.close()
