"""Whisper station: a seat's arrival is its press once the table has begun to call it
(BOARD.md Audio, R17)."""

from __future__ import annotations

from firmware_host.audio import RecordingSink

WAIT = 20


def call_text(seat: int) -> str:
    return f"Platz {seat + 1}, bitte zur Flüsterstation."


def test_a_press_before_the_table_has_begun_to_call_the_seat_is_no_arrival(make_service):
    """The seat whose mail is next presses while the table still says something else (its
    call is queued behind): that press was meant for something else, not an arrival, and its
    private message stays unsaid; once the call has begun, its press starts the visit."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink, seats=4, real=True, whisper_call=call_text, whisper_station=True,
                         whisper_device="hw:1")
    audio.say("public", "Abstimmung: alle drücken jetzt.", key="vote")
    assert sink.wait_for(lambda s: (p := s.playing("public")) is not None and p.key == "vote", WAIT)
    secret = audio.say("seat:2", "Deine Hand.", key="hand")
    assert audio.whisper_called == 2
    assert audio.confirm_whisper(2) is False          # the call is not said yet: a vote press
    sink.finish("public")
    assert sink.wait_for(lambda s: (p := s.playing("public")) is not None and p.key == "whisper_call", WAIT)
    assert not secret.done() and sink.on("whisper") == []
    assert audio.confirm_whisper(2) is True
    assert sink.wait_for(lambda s: (p := s.playing("whisper")) is not None and p.key == "hand", WAIT)
