"""Priorities on one output (ACCESSIBILITY.md 4), checked on random mixes of calls.

Each example drives one output (the table speaker or one earphone) of an
:class:`AudioService` on a holding :class:`RecordingSink` through a random list of steps (say
something with some priority, or let the clip playing now end) and waits after every step until the output has
settled. It then checks, at every settled point and at the end:

- everything ends (played, or dropped) — no utterance loops forever in the queue;
- a ``normal`` message never plays while a fault, refusal or request waits (they go first);
- a fault or refusal never plays while the seat's own request waits;
- a seat has at most one request waiting or playing: a later one replaces the earlier;
- a ``game_over`` is never cut off;
- nothing on the table speaker is ever dropped, and on an earphone only a later own request
  drops a message;
- messages of one priority are heard to their end in the order they were said.
"""

from __future__ import annotations

import tempfile

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from firmware_host.audio import AudioService, AudioSettings, RecordingSink, SpeechRenderer
from firmware_host.audio.service import RANKS

from tests.doubles import pyttsx3_engine

WAIT = 20  # seconds to wait for a thread at most (a deadlock guard, not a timing assertion)
OUTPUTS = ("public", "seat:1")
PRIORITIES = ("normal", "refusal", "fault", "game_over", "request")

#: one step: say something with a priority, or let the clip playing now end ("finish")
step = st.sampled_from(PRIORITIES + ("finish",))


def _settled(audio, sink, output):
    player = audio._players.get(output)
    return sink.wait_for(lambda s: s.playing(output) is not None or player is None or player.idle(), WAIT)


def _check_settled(made, sink, output):
    """The invariants that hold whenever ``output`` has settled."""
    now = sink.playing(output)
    waiting = [u for u in made if u.channel == output and not u.done() and (now is None or u.seq != now.seq)]
    if now is not None:
        if now.priority == "normal":
            assert not [u for u in waiting if u.priority in ("fault", "refusal", "request")], (now, waiting)
        if now.priority in ("fault", "refusal"):
            assert not [u for u in waiting if u.priority == "request"], (now, waiting)
    else:
        assert not waiting, waiting  # nothing plays, so nothing may wait
    requests = [u for u in made if u.channel == output and u.priority == "request" and not u.done()]
    assert len(requests) <= 1, requests


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(OUTPUTS), st.lists(step, min_size=1, max_size=12))
@example("seat:1", ["game_over", "request", "request", "finish"])  # two requests queued at once
@example("seat:1", ["normal", "fault", "request", "normal", "refusal", "request", "finish"])
@example("public", ["normal", "refusal", "game_over", "fault", "request", "finish", "finish"])
def test_any_mix_of_priorities_on_one_output_ends_and_keeps_the_rules(mocker, output, steps):
    # mocker only makes each example's engines (autospecs holding no state between examples)
    with tempfile.TemporaryDirectory() as tmp:
        sink = RecordingSink(hold=True)
        log: list[str] = []
        renderer = SpeechRenderer(f"{tmp}/cache", engine_factory=lambda: pyttsx3_engine(mocker, log), timeout=5)
        audio = AudioService(AudioSettings(), sink, f"{tmp}/cache", seats=5, renderer=renderer)
        made = []
        try:
            for i, what in enumerate(steps):
                if what == "finish":
                    sink.finish(output)
                else:
                    made.append(audio.say(output, "Satz.", key=f"k{i}", priority=what))
                assert _settled(audio, sink, output), f"{output} never settled after step {i}"
                _check_settled(made, sink, output)
            for _ in range(4 * len(steps) + 4):  # drain: let everything play to its end
                assert _settled(audio, sink, output)
                _check_settled(made, sink, output)
                if sink.finish(output) is None:
                    break
            assert all(u.wait_played(WAIT) for u in made), "an utterance never ended"
            assert audio.idle()
        finally:
            audio.close()
    heard_to_end = {p.seq for p in sink.played if not p.interrupted}
    for p in sink.played:
        assert not (p.priority == "game_over" and p.interrupted), "a game_over was cut off"
    for u in made:
        if u.seq in heard_to_end:
            assert not u.interrupted
            continue
        assert u.channel != "public", f"public {u!r} was dropped"
        assert u.interrupted, f"{u!r} neither heard to its end nor dropped"
        later_requests = [r for r in made if r.channel == u.channel and r.priority == "request" and r.seq > u.seq]
        assert later_requests, f"{u!r} dropped without a later own request"
    ended = [p for p in sink.on(output) if not p.interrupted]
    for rank in RANKS.values():
        seqs = [p.seq for p in ended if RANKS[p.priority] == rank]
        assert seqs == sorted(seqs), (output, seqs)
