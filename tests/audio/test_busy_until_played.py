"""The same ``simulate`` run, run after run, also on a loaded machine (issue 30): the audio
layer is busy (``AudioService.busy``, the virtual clock waits) from a sentence's render until
its clip is handed to its output, so the clip starts at the same clock time however late the
renderer's thread gets a core. Real renders (an autospec of pyttsx3's engine), a real
:class:`ClockSink` on a :class:`VirtualClock`."""

from __future__ import annotations

import threading

from firmware_host.audio.sinks import ClockSink
from firmware_host.clock import VirtualClock


def test_issue30_the_audio_is_busy_until_a_clip_rendered_on_the_renderers_thread_has_started(make_service, mocker):
    clock = VirtualClock()
    play = ClockSink.play
    seen = []

    def spy(sink, clip, info):
        seen.append((threading.current_thread() is threading.main_thread(), info.key, svc.busy()))
        return play(sink, clip, info)

    mocker.patch.object(ClockSink, "play", autospec=True, side_effect=spy)
    svc = make_service(sink=ClockSink(clock), clock=clock)
    utts = [svc.say("public", f"Satz Nummer {n}, neu gesprochen.", key=f"line.{n}") for n in range(3)]
    for _ in range(500):
        if len(seen) == 3:
            break
        clock.advance_to(clock.next_due() or clock.now())
        threading.Event().wait(0.01)
    assert [key for _, key, _ in seen] == ["line.0", "line.1", "line.2"]
    rendered_apart = [busy for main, _, busy in seen if not main]
    assert rendered_apart, "no clip was started from the renderer's thread"
    assert all(rendered_apart), seen             # the clock could not move before it started
    assert all(u.job is not None for u in utts)
