"""Speech rendering in a process of its own (issue 12): a crash in libespeak-ng costs one
render, never the board; the worker is started again and the sentence rendered again."""

from __future__ import annotations

import io
import json
import os
import signal
import time

from firmware_host.audio.speech import SpeechRenderer
from firmware_host.audio.speech_worker import serve
from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator.scripting import random_game, signals_for_game
from firmware_host.service.signals import parse_object
from firmware_host.service.simulator import Simulator
from tests.doubles import pyttsx3_engine


def test_the_speech_worker_is_a_process_of_its_own(tmp_path):
    renderer = SpeechRenderer(tmp_path)
    try:
        renderer.render("Erster Satz.", "de").wait(60)
        assert renderer.worker_pid not in (None, os.getpid())
        assert renderer.backend == "pyttsx3"
    finally:
        renderer.close()
    assert renderer.worker_pid is None


def test_a_killed_speech_worker_is_started_again_and_the_sentence_rendered(tmp_path, caplog):
    renderer = SpeechRenderer(tmp_path)
    try:
        renderer.render("Erster Satz.", "de").wait(60)
        first = renderer.worker_pid
        os.kill(first, signal.SIGSEGV)          # as a crash inside libespeak-ng would end it
        path = renderer.render("Zweiter Satz.", "de").wait(60)
        assert path.stat().st_size > 1000
        assert renderer.worker_pid not in (None, first) and renderer.engines_created == 2
        assert renderer.backend == "pyttsx3"      # one death is no reason to give up the engine
        assert any("signal 11" in r.getMessage() for r in caplog.records)
    finally:
        renderer.close()


def test_a_worker_killed_in_the_middle_of_a_render_renders_that_sentence_again(tmp_path):
    renderer = SpeechRenderer(tmp_path)
    try:
        renderer.render("Los.", "de").wait(60)
        pid = renderer.worker_pid
        job = renderer.render("Ein langer Satz, der noch gesprochen wird. " * 20, "de")
        time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)
        assert job.wait(60).stat().st_size > 10000
    finally:
        renderer.close()


def test_the_worker_protocol_answers_every_request_in_one_line(tmp_path, mocker):
    requests = io.StringIO("\n".join(json.dumps(r) for r in (
        {"text": "a", "voice": "de", "rate": 175, "out": str(tmp_path / "x.wav")},
        {"text": "b", "voice": "nope", "rate": 175, "out": str(tmp_path / "y.wav")},
        {"text": "c"},
    )) + "\n")
    replies = io.StringIO()
    rendered: list[str] = []
    engine = pyttsx3_engine(mocker, rendered, refused_voice="nope")
    serve(requests, replies, engine_factory=lambda: engine)
    got = [json.loads(l) for l in replies.getvalue().splitlines()]
    assert got[0] == {"ok": True}
    assert got[1]["value"] is True and "unknown voice" in got[1]["error"]
    assert got[2]["value"] is False and "KeyError" in got[2]["error"]
    assert rendered == ["a"] and (tmp_path / "x.wav").exists() and not (tmp_path / "y.wav").exists()
    engine.setProperty.assert_any_call("rate", 175)        # the request's rate reaches the engine


def test_a_game_goes_on_when_the_speech_worker_is_killed(tmp_path):
    setup = {"players": 5, "seed": 4, "language": "en"}
    signals = signals_for_game(setup, random_game(setup, 4))
    out = io.StringIO()
    sim = Simulator(None, out=out, audio_dir=str(tmp_path / "wav"), journal_path=str(tmp_path / "j.sqlite3"),
                    speech_cache=str(tmp_path / "cache"))
    sim.start(VirtualClock())
    renderer = sim.service.voice.audio.renderer
    killed = []
    try:
        mark = 0
        for i, obj in enumerate(signals, start=1):
            previous = len(sim.starts)        # wait_for looks from here, as run_script does
            sim.play(parse_object(obj, i), mark)
            mark = previous
            if i in (5, len(signals) // 2) and renderer.worker_pid is not None:
                killed.append(renderer.worker_pid)
                os.kill(renderer.worker_pid, signal.SIGKILL)
        sim.settle()                          # the table hears everything said
        assert sim.service.game.game.phase == "game_over"
    finally:
        sim.stop()
    lines = [json.loads(l) for l in out.getvalue().splitlines()]
    assert len(killed) == 2 and renderer.engines_created >= 3
    said = [l for l in lines if l.get("event") == "announce"]
    # every sentence was rendered (one cut off, e.g. by a seat's own confirmation, has no file)
    assert said and all(l.get("wav") for l in said if not l.get("cut"))
    assert not [l for l in lines if l.get("event") == "fault"]
