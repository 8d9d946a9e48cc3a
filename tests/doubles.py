"""Stand-ins made from the real classes (pytest-mock autospecs), shared by the test folders.

A test that cannot run a collaborator for real stands it in with ``mocker.create_autospec`` of the
class it replaces, so a call the real class would refuse (a method it lacks, a wrong signature)
fails the test instead of passing against a duck-typed copy that drifted
(tests/test_test_doubles.py keeps such copies out).
"""

from __future__ import annotations

import math
import struct
import threading
import wave
from pathlib import Path
from unittest import mock

from pyttsx3.engine import Engine

from firmware_host.audio.speech import RenderJob, SpeechRenderer


def pyttsx3_engine(mocker, log: list[str], *, hang: threading.Event | None = None,
                   gate: threading.Event | None = None, seconds_per_char: float = 0.06,
                   silent: bool = False, refused_voice: str | None = None, fails: Exception | None = None):
    """An autospec of pyttsx3's :class:`~pyttsx3.engine.Engine` that renders without espeak.

    ``save_to_file(text, path)`` is remembered; ``runAndWait()`` writes ``path`` as a 22 050 Hz
    mono WAV lasting ``seconds_per_char`` per character of ``text`` (a 440 Hz tone, or silence
    when ``silent``) and appends ``text`` to ``log``.

    :param mocker: pytest-mock's fixture.
    :param log: collects every text rendered (share one list between the engines of a factory).
    :param hang: while this event is unset, ``runAndWait`` blocks on it and writes nothing (a hung
        pyttsx3).
    :param gate: each render waits for this event (at most 60 s) before writing (orders renders).
    :param refused_voice: ``setProperty("voice", refused_voice)`` raises ValueError, as pyttsx3
        does for a voice espeak does not know.
    :param fails: ``runAndWait`` raises this (a driver that broke).
    :returns: the autospec; its ``setProperty``, ``save_to_file``, ``runAndWait``, ``endLoop``
        and ``stop`` record their calls like any mock.
    """
    engine = mocker.create_autospec(Engine, instance=True)
    pending: dict[str, str] = {}

    def set_property(name, value):
        if refused_voice is not None and name == "voice" and value == refused_voice:
            raise ValueError(f"unknown voice {value}")

    def save_to_file(text, filename, name=None):
        pending.update(text=text, path=filename)

    def run_and_wait():
        if fails is not None:
            raise fails
        if hang is not None:
            hang.wait()
            return
        if gate is not None:
            gate.wait(60)
        text, path = pending["text"], pending["path"]
        n = int(22050 * seconds_per_char * max(1, len(text)))
        if silent:
            pcm = b"\0\0" * n
        else:
            pcm = struct.pack(f"<{n}h", *(int(8000 * math.sin(2 * math.pi * 440 * i / 22050)) for i in range(n)))
        with wave.open(path, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(22050)
            w.writeframes(pcm)
        log.append(text)

    engine.setProperty.side_effect = set_property
    engine.save_to_file.side_effect = save_to_file
    engine.runAndWait.side_effect = run_and_wait
    return engine


def silent_renderer(directory: Path):
    """An autospec of :class:`~firmware_host.audio.speech.SpeechRenderer` whose ``render`` is
    finished at once: every sentence is a silent 22 050 Hz mono WAV of 8 samples per started 16
    characters (at most 16 lengths, written in ``directory`` on first use, so the audio layer's
    WAV cache always hits).

    Made with :func:`unittest.mock.create_autospec` (what pytest-mock's ``mocker.create_autospec``
    hands out), as scripts/leak-check builds its boards outside pytest and in worker processes.

    :returns: the autospec; ``render(text, language, voice, rate, *, background)`` returns a
        finished :class:`~firmware_host.audio.speech.RenderJob`.
    """
    renderer = mock.create_autospec(SpeechRenderer, instance=True)
    paths: dict[int, Path] = {}

    def render(text, language="de", voice="", rate=175, *, background=False):
        bucket = min(len(text) // 16, 15)
        path = paths.get(bucket)
        if path is None:
            path = Path(directory) / f"{bucket:02d}.wav"
            with wave.open(str(path), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(22050)
                w.writeframes(b"\0\0" * 8 * (bucket + 1))
            paths[bucket] = path
        job = RenderJob(f"silent-{bucket}", path, text, language, voice, rate)
        job.started = True
        job._finish()                     # as the renderer does for a cache hit
        return job

    renderer.render.side_effect = render
    return renderer
