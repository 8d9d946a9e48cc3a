"""SIMULATE.md "Time and speech": each clip's ``announce`` lines are written once it has
played, in the order the clips started. The audio layer tells a clip's start and its end from
whichever of its threads saw them (the clock's, the renderer's, the service's), so a clip cut
off within moments of starting can be told *ended* before *started* on the service thread. Such
a clip must still be written, and every later line after it: a real-clock table went silent in
its log for ever when a ballot's answer cut a role clip of the prolog at once
(tests/service/test_speech_real_time.py, under load)."""

from __future__ import annotations

from firmware_host.audio.service import PlayRecord
from firmware_host.clock import VirtualClock
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings


def _service(tmp_path, written: list) -> BoardService:
    return BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=VirtualClock(),
                        journal=Journal(tmp_path / "j.sqlite3"), emit=written.append, notifier=Notifier(None))


def test_A20_a_clip_told_ended_before_started_is_written_and_so_is_what_follows(tmp_path):
    written: list[dict] = []
    service = _service(tmp_path, written)
    role, count = object(), object()                       # two utterances (only their identity counts)
    cut = PlayRecord("seat:0", 10.0)
    cut.end, cut.cut = 10.04, True                         # cut off 40 ms after it began
    later = PlayRecord("public", 10.5)
    ended: list = []
    role_lines = [{"event": "announce", "channel": "seat:0", "key": "prolog.role"}]
    count_lines = [{"event": "announce", "channel": "public", "key": "ballot.counted"}]
    # the end reaches the service thread first, then the start
    service._announce_event("end", role_lines, role, cut, None, lambda *a: ended.append(a[1]))
    service._announce_event("start", role_lines, role, cut, None, lambda *a: ended.append(a[1]))
    service._announce_event("start", count_lines, count, later, None, None)
    later.end = 11.0
    service._announce_event("end", count_lines, count, later, None, None)
    assert [(l["key"], l["start"], l["end"], l.get("cut", False)) for l in written] == [
        ("prolog.role", 10.0, 10.04, True), ("ballot.counted", 10.5, 11.0, False)]
    assert ended == [role]                                 # its end told once


def test_A20_the_end_of_an_earlier_play_never_ends_the_clip_played_again(tmp_path):
    """A clip cut off and played again from its start: the first play's end, told late, does
    not end the second play (its lines wait for their own end)."""
    written: list[dict] = []
    service = _service(tmp_path, written)
    role = object()
    lines = [{"event": "announce", "channel": "seat:0", "key": "prolog.role"}]
    first, again = PlayRecord("seat:0", 10.0), PlayRecord("seat:0", 12.0)
    service._announce_event("start", lines, role, first, None, None)
    first.end, first.cut = 11.0, True
    service._announce_event("start", lines, role, again, None, None)
    service._announce_event("end", lines, role, first, None, None)
    assert [(l["start"], l["end"]) for l in written] == [(10.0, 11.0)]
    again.end = 14.0
    service._announce_event("end", lines, role, again, None, None)
    assert [(l["start"], l["end"]) for l in written] == [(10.0, 11.0), (12.0, 14.0)]
