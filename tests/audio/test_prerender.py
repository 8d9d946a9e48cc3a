"""Pre-rendering (issue: within a Pi Zero 2 W's budget): in the background, at low priority,
each sentence at its channel's rate, a rate change re-renders only what that seat hears."""

from __future__ import annotations

import os
import sys
import threading
import time

import pytest

from firmware_host.audio.prerender import NICE

from tests.doubles import pyttsx3_engine

WAIT = 30


def cached(audio, text, rate):
    return audio.renderer.path_for(text, "de", rate=rate).exists()


def test_prerender_renders_each_sentence_once_at_its_channels_rate(make_service, fake_log):
    audio = make_service(seats=3, seat_rates=[175, 300, 175])
    plan = [("public", "Ja."), ("seat:1", "Ja."), ("seat:0", "Nein."), ("seat:2", "Nein.")]
    audio.prerender(lambda: iter(plan))
    assert audio.prerenderer.wait_idle(WAIT)
    assert cached(audio, "Ja.", 175) and cached(audio, "Ja.", 300) and cached(audio, "Nein.", 175)
    assert not cached(audio, "Nein.", 300)
    assert sorted(fake_log) == ["Ja.", "Ja.", "Nein."]
    audio.prerender(lambda: iter(plan))          # a new plan: what is cached is not rendered again
    assert audio.prerenderer.wait_idle(WAIT)
    assert len(fake_log) == 3 and audio.prerenderer.cached >= 4


def test_a_planned_sentence_of_another_language_is_rendered_in_that_language(make_service, fake_log):
    """The setup from the seats is pre-rendered in each of the board's languages at boot
    (issue 31): an item (channel, text, language) is cached under its own language, as the
    board says it once a setup has chosen that language."""
    audio = make_service(seats=2, language="de")
    audio.prerender(lambda: iter([("seat:0", "Players?", "en"), ("seat:1", "Players?", "en"), ("public", "Ja.")]))
    assert audio.prerenderer.wait_idle(WAIT)
    assert audio.renderer.path_for("Players?", "en", rate=175).exists()
    assert not audio.renderer.path_for("Players?", "de", rate=175).exists() and cached(audio, "Ja.", 175)
    assert sorted(fake_log) == ["Ja.", "Players?"]


def test_a_seats_rate_change_re_renders_only_what_that_seat_hears(make_service, fake_log):
    audio = make_service(seats=3)
    plan = [("public", "Wahl angenommen."), ("seat:0", "Du bist Demokrat."), ("seat:1", "Du bist Faschist."),
            ("seat:1", "Deine Gesetze: zwei faschistische."), ("seat:2", "Du bist Diktator.")]
    audio.prerender(lambda: iter(plan))
    assert audio.prerenderer.wait_idle(WAIT)
    fake_log.clear()
    audio.set_seat_voice(1, rate=250)
    assert audio.prerenderer.wait_idle(WAIT)
    assert sorted(fake_log) == ["Deine Gesetze: zwei faschistische.", "Du bist Faschist."]
    assert cached(audio, "Du bist Faschist.", 250) and not cached(audio, "Du bist Demokrat.", 250)
    fake_log.clear()
    audio.set_seat_voice(1, volume=0.5)          # a volume change renders nothing
    assert audio.prerenderer.wait_idle(WAIT) and fake_log == []


def test_live_speech_waits_for_at_most_the_one_background_render_under_way(tmp_path, fake_log, mocker):
    from firmware_host.audio import AudioService, AudioSettings, RecordingSink, SpeechRenderer

    gate = threading.Event()
    renderer = SpeechRenderer(tmp_path / "c", engine_factory=lambda: pyttsx3_engine(mocker, fake_log, gate=gate), timeout=30)
    audio = AudioService(AudioSettings(), RecordingSink(), tmp_path / "c", seats=5, renderer=renderer)
    try:
        audio.prerender(lambda: ((("public", f"Satz {i}.")) for i in range(30)))
        deadline = time.monotonic() + WAIT
        while not any(job.started for job in list(renderer._jobs.values())) and time.monotonic() < deadline:
            time.sleep(0.005)                      # the first background render is under way
        live = audio.say("public", "Jetzt sofort.", key="live")
        gate.set()
        assert live.wait_played(WAIT) and live.error is None
        assert fake_log.index("Jetzt sofort.") <= 1
    finally:
        gate.set()
        audio.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice values are Linux's")
def test_the_prerender_thread_runs_at_a_lower_scheduling_priority(make_service, fake_log):
    audio = make_service(seats=3)
    audio.prerender(lambda: iter([("public", "Ja.")]))
    assert audio.prerenderer.wait_idle(WAIT)
    prerender = os.getpriority(os.PRIO_PROCESS, audio.prerenderer._thread.native_id)
    here = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert prerender >= min(19, NICE) and (prerender > here or here >= NICE)


def test_a_broken_plan_is_logged_and_prerendering_goes_on(make_service, fake_log, caplog):
    audio = make_service(seats=3)

    def broken():
        yield ("public", "Eins.")
        raise RuntimeError("plan failed")

    audio.prerender(broken)
    assert audio.prerenderer.wait_idle(WAIT)
    assert "the plan failed" in caplog.text and fake_log == ["Eins."]
    audio.prerender(lambda: iter([("public", "Zwei.")]))
    assert audio.prerenderer.wait_idle(WAIT) and fake_log == ["Eins.", "Zwei."]


def test_prerendering_waits_while_the_board_speaks_and_for_a_quiet_moment_after(tmp_path, fake_log, mocker):
    """Setup → first prolog sample: a live sentence is prepared and played with no walk of the
    plan beside it; the walk starts once the board has been quiet for QUIET_S seconds."""
    from firmware_host.audio import AudioService, AudioSettings, SpeechRenderer
    from firmware_host.audio.sinks import ClockSink
    from firmware_host.audio.prerender import QUIET_S
    from firmware_host.clock import RealClock

    clock = RealClock()
    renderer = SpeechRenderer(tmp_path / "c", engine_factory=lambda: pyttsx3_engine(mocker, fake_log), timeout=30)
    audio = AudioService(AudioSettings(), ClockSink(clock), tmp_path / "c", seats=5, renderer=renderer, clock=clock)
    try:
        renderer.render("Die Runde beginnt jetzt.", "de").wait(WAIT)     # cached, as a prolog is
        fake_log.clear()
        audio.prerender(lambda: iter([("public", "Eins."), ("public", "Zwei.")]))   # a setup: the plan,
        live = audio.say("public", "Die Runde beginnt jetzt.", key="prolog")        # then its first sentence
        while not live.done():
            assert fake_log == [], "pre-rendered while the board spoke"
            time.sleep(0.01)
        ended = time.monotonic()
        assert audio.prerenderer.wait_idle(WAIT) and fake_log == ["Eins.", "Zwei."]
        assert audio.prerenderer.rendered == 2
        first = min(renderer.path_for(t, "de").stat().st_mtime for t in ("Eins.", "Zwei."))
        assert first >= time.time() - (time.monotonic() - ended) + QUIET_S - 0.05
    finally:
        audio.close()
        clock.close()


def test_lists_waiting_for_a_quiet_moment_are_bounded_and_a_new_plan_drops_them(make_service, fake_log):
    """Bounded memory over many games: while the board never falls quiet the walk waits, and
    only the newest FRONT_LISTS lists of :meth:`soon` wait with it; a new setup's plan drops them."""
    from firmware_host.audio.prerender import FRONT_LISTS

    audio = make_service(seats=3)
    pre = audio.prerenderer
    audio.last_sound = time.monotonic() + 3600       # never quiet (a board speaking on and on)
    for n in range(50):
        audio.prerender_soon([("public", f"Satz {n}.")])
    assert len(pre._front) == FRONT_LISTS
    audio.prerender(lambda: iter([("public", "Neu.")]))
    assert len(pre._front) == 0
    audio.last_sound = 0.0
    audio.prerender(lambda: iter([("public", "Neu.")]))
    assert pre.wait_idle(WAIT) and fake_log == ["Neu."]
