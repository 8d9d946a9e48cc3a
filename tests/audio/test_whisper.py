"""Whisper station: one shared earphone that seats visit in turn (BOARD.md Audio, R17)."""

from __future__ import annotations

import pytest

from firmware_host.audio import AudioError, RecordingSink

WAIT = 20


def call_text(seat: int) -> str:
    return f"Platz {seat + 1}, bitte zur Flüsterstation."


@pytest.fixture
def station(make_service):
    sink = RecordingSink()
    audio = make_service(sink, seats=4, whisper_call=call_text, whisper_station=True, whisper_device="hw:1")
    return audio, sink


def calls(sink):
    return [p.text for p in sink.on("public") if p.key == "whisper_call"]


def test_private_message_waits_until_the_seat_comes_and_confirms(station):
    audio, sink = station
    secret = audio.say("seat:2", "Du bist Faschist.", key="role")
    assert sink.wait_for(lambda s: calls(s) == [call_text(2)], WAIT)
    assert audio.whisper_called == 2
    assert not secret.done() and sink.on("whisper") == []
    assert audio.confirm_whisper(1) is False  # the wrong seat pressed: ignored
    assert audio.confirm_whisper(2) is True
    assert secret.wait_played(WAIT)
    assert [(p.channel, p.key) for p in sink.on("whisper")] == [("seat:2", "role")]
    assert sink.wait_for(lambda s: audio.idle(), WAIT)
    assert all(not p.channel.startswith("seat:") for p in sink.on("public"))


def test_prolog_at_whisper_station_serves_seats_in_order_with_equal_visits(station):
    audio, sink = station
    texts = {3: "Du bist Demokrat.", 0: "Du bist der Diktator. Dein Faschist ist Platz zwei.",
             1: "Du bist Faschist. Der Diktator ist Platz eins.", 2: "Du bist Demokrat."}
    made = audio.say_padded(texts)
    for seat in range(4):
        assert sink.wait_for(lambda s: len(calls(s)) == seat + 1, WAIT)
        assert calls(sink)[-1] == call_text(seat)
        assert audio.confirm_whisper(seat)
        assert made[seat].wait_played(WAIT)
    visits = sink.on("whisper")
    assert [p.channel for p in visits] == ["seat:0", "seat:1", "seat:2", "seat:3"]
    durations = [p.duration for p in visits]
    assert max(durations) - min(durations) <= 0.05
    assert sink.wait_for(lambda s: audio.idle(), WAIT)


def test_messages_for_the_seat_at_the_station_join_its_visit_others_wait_their_turn(make_service):
    sink = RecordingSink(hold=True)
    audio = make_service(sink, seats=4, whisper_call=call_text, whisper_station=True, whisper_device="hw:1")
    audio.say("seat:1", "Deine Hand.", key="hand")
    assert sink.wait_for(lambda s: calls(s) == [call_text(1)], WAIT)
    sink.finish("public")
    assert audio.confirm_whisper(1)
    assert sink.wait_for(lambda s: (p := s.playing("whisper")) is not None and p.key == "hand", WAIT)
    audio.say("seat:0", "Für Platz eins.", key="role")
    audio.say("seat:3", "Für Platz vier.", key="role")
    peek = audio.say("seat:1", "Zweite Nachricht.", key="peek")  # joins the visit in progress
    sink.finish("whisper")
    assert sink.wait_for(lambda s: (p := s.playing("whisper")) is not None and p.key == "peek", WAIT)
    sink.finish("whisper")
    assert peek.wait_played(WAIT)
    # the next call goes round the table from the seat after 1: seat 3 before seat 0
    assert sink.wait_for(lambda s: calls(s) == [call_text(1), call_text(3)], WAIT)
    assert audio.whisper_waiting() == {0: 1, 3: 1}
    assert [p.channel for p in sink.on("whisper")] == ["seat:1", "seat:1"]


def test_repeat_last_at_whisper_station_goes_to_the_station(station):
    audio, sink = station
    audio.say("public", "Wahl angenommen.", key="vote").wait_played(WAIT)
    again = audio.repeat_last(3)
    assert sink.wait_for(lambda s: calls(s) == [call_text(3)], WAIT)
    audio.confirm_whisper(3)
    assert again.wait_played(WAIT)
    assert [(p.output, p.text) for p in sink.on("whisper")] == [("whisper", "Wahl angenommen.")]


def test_whisper_station_needs_a_call_text(make_service):
    with pytest.raises(AudioError, match="whisper_call"):
        make_service(whisper_station=True, whisper_device="hw:1")


def test_interrupting_a_seat_not_at_the_station_leaves_the_visit_alone(make_service):
    sink = RecordingSink(hold=True)
    audio = make_service(sink, seats=4, whisper_call=call_text, whisper_station=True, whisper_device="hw:1")
    audio.say("seat:0", "Deine Hand.", key="hand")
    assert sink.wait_for(lambda s: calls(s) == [call_text(0)], WAIT)
    sink.finish("public")
    audio.confirm_whisper(0)
    assert sink.wait_for(lambda s: (p := s.playing("whisper")) is not None and p.key == "hand", WAIT)
    assert audio.interrupt("seat:2") is False
    assert sink.playing("whisper").key == "hand"
    assert audio.interrupt("seat:0") is True
    assert sink.wait_for(lambda s: s.on("whisper")[0].interrupted, WAIT)


def test_issue22_the_next_call_is_not_held_behind_a_table_message_waiting_for_the_visits(make_service):
    """The table's "every seat knows its role" waits for the prolog's visits; the calls that
    bring those visits about are queued after it and still go first (no stall after seat 1)."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink, seats=3, whisper_call=call_text, whisper_station=True, whisper_device="hw:1")
    made = audio.say_padded({0: "Du bist Demokrat.", 1: "Du bist Faschist.", 2: "Du bist Demokrat."})
    done = audio.say("public", "Jeder kennt seine Rolle.", key="prolog_done", after=list(made.values()))
    for seat in range(3):
        assert sink.wait_for(lambda s: calls(s) == [call_text(n) for n in range(seat + 1)], WAIT)
        sink.finish("public")
        assert audio.confirm_whisper(seat)
        assert sink.wait_for(lambda s: s.playing("whisper") is not None, WAIT)
        assert not done.plays
        sink.finish("whisper")
    assert sink.wait_for(lambda s: (p := s.playing("public")) is not None and p.key == "prolog_done", WAIT)


def test_issue22_a_seat_at_the_station_keeps_it_while_its_scan_goes_on(make_service):
    """A scan's steps (open messages a few seconds apart) join the visit of the seat at the
    station with no new call; once nothing has come for WHISPER_LINGER_S the next seat is called."""
    from firmware_host.audio.service import WHISPER_LINGER_S
    from firmware_host.clock import VirtualClock
    clock = VirtualClock()
    sink = RecordingSink(hold=True)
    audio = make_service(sink, seats=4, whisper_call=call_text, whisper_station=True, whisper_device="hw:1",
                         clock=clock)
    audio.say("seat:1", "Wähle: Platz zwei", key="scan_item", history=False)
    assert sink.wait_for(lambda s: calls(s) == [call_text(1)], WAIT)
    sink.finish("public")
    assert audio.confirm_whisper(1)
    assert sink.wait_for(lambda s: s.playing("whisper") is not None, WAIT)
    sink.finish("whisper")
    audio.say("seat:3", "Für Platz vier.", key="role")              # waits its turn
    for item in ("Platz drei", "Platz vier"):
        clock.advance(2.0)
        step = audio.say("seat:1", item, key="scan_item", history=False)
        assert sink.wait_for(lambda s: (p := s.playing("whisper")) is not None and p.text == item, WAIT)
        sink.finish("whisper")
        assert step.wait_played(WAIT)
    assert calls(sink) == [call_text(1)]                             # no new call per step
    clock.advance(WHISPER_LINGER_S - 0.5)
    assert calls(sink) == [call_text(1)] and audio.whisper_called is None
    clock.advance(1.0)
    assert sink.wait_for(lambda s: calls(s) == [call_text(1), call_text(3)], WAIT)


def test_r17_nothing_joins_a_padded_visit_and_each_call_is_told(make_service):
    """A prolog visit lasts the same for every seat: a message for the seat said during it
    (its scan, started by a press at the station) waits for a visit of its own; every call is
    told to ``on_whisper_call`` (the board writes it as what the table heard)."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink, seats=2, whisper_call=call_text, whisper_station=True, whisper_device="hw:1")
    told = []
    audio.on_whisper_call = lambda seat, text: told.append((seat, text)) or None
    made = audio.say_padded({0: "Du bist Demokrat.", 1: "Du bist Faschist."})
    assert sink.wait_for(lambda s: calls(s) == [call_text(0)], WAIT)
    sink.finish("public")
    assert audio.confirm_whisper(0)
    assert sink.wait_for(lambda s: s.playing("whisper") is not None, WAIT)
    scan = audio.say("seat:0", "Wähle: Platz zwei", key="scan_start", history=False)
    sink.finish("whisper")
    assert made[0].wait_played(WAIT)
    assert sink.wait_for(lambda s: calls(s) == [call_text(0), call_text(1)], WAIT)   # seat 1's prolog next
    assert not scan.plays and audio.whisper_waiting() == {0: 1, 1: 1}
    assert told == [(0, call_text(0)), (1, call_text(1))]


def test_a_step_of_a_visit_cancelled_before_it_is_said_still_lets_the_visit_end(make_service):
    """A scan's next item queued at the station and cancelled by the seat's pick (never said)
    counts off the visit: the visit ends after what is said, and the next seat with mail is
    called (else the station served the seat for ever and the table waited in silence)."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink, seats=4, whisper_call=call_text, whisper_station=True, whisper_device="hw:1")
    audio.say("seat:1", "Erste Frage.", key="question")
    assert sink.wait_for(lambda s: calls(s) == [call_text(1)], WAIT)
    sink.finish("public")
    assert audio.confirm_whisper(1)
    assert sink.wait_for(lambda s: (p := s.playing("whisper")) is not None and p.key == "question", WAIT)
    item = audio.say("seat:1", "Eine Antwort.", key="item")     # joins the visit, queued behind
    assert audio.cancel(item) is True                             # the pick: never said
    assert item.done()
    audio.say("seat:3", "Für Platz vier.", key="role")
    sink.finish("whisper")
    assert sink.wait_for(lambda s: call_text(3) in calls(s), 60)
    assert [p.key for p in sink.on("whisper")] == ["question"]
