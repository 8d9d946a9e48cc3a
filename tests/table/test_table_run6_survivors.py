"""Behaviour of the table kit a sampled mutation run found no test asking about (the table's
``faults``, ``pace``, ``ready``, ``reminders``, ``scanning`` and ``seat_menu``):

- a tile of a kind the game does not read is a ``fault`` line naming the reader, the reason
  ``not_this_game`` and a detail that names no tile;
- a table clip overlapped by the seat's own earphone clip that ended sooner, more than the
  longest reaction before the act, counts no reaction (the act answers the sooner end);
- a press in a timed wait's last stretch, where the game words an extension, is taken (True)
  and gives the wait that stretch again;
- each reminder is logged with its number and no seat;
- a list's step without sound lasts 0.2 s plus its characters at 5.5 a word (the words per
  minute the seat's rate gives);
- a seat's settings scan is logged when it opens;
- a note the journal cannot take is a WARNING naming the journal's words, and none is written
  without a game.
"""

from __future__ import annotations

import logging

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.hardware.events import TileRead
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.voice import SilentVoice
from firmware_host.table.pace import SeatPaces
from firmware_host.table.ready import WARNING_S, ReadyWait
from firmware_host.table.reminders import FIRST_S, Reminders
from firmware_host.table.scanning import spoken_seconds

from .table import quiet_service


def test_a_tile_the_game_does_not_read_is_a_fault_line_naming_no_tile(tmp_path):
    lines: list[dict] = []
    service = quiet_service(tmp_path, emit=lines.append)
    service.start()
    try:
        service.call(lambda: service.game.setup_game({"game": "become_dictator", "players": 4, "language": "en",
                                                       "morning_seconds": 0}))
        adapter = service.game.active
        mark = len(lines)
        tile = TileRead(reader="ballot", kind="law", value="fascist", number=3, tag="04A1B2C3D4")
        service.call(lambda: adapter.handle_input(tile))
        faults = [o for o in lines[mark:] if o.get("event") == "fault"]
        assert [(f["source"], f["reason"], f["detail"]) for f in faults] == \
            [("ballot reader", "not_this_game", "a tile that is not used in this game")]
    finally:
        service.stop()


def test_A31_an_overlapping_earphone_clip_that_ended_long_before_the_act_counts_no_reaction():
    paces = SeatPaces(None)
    paces.heard({"output": "seat:4", "start": 100.0, "end": 101.0, "key": "own.hand"})
    paces.heard({"output": "table", "start": 100.0, "end": 108.0, "key": "long.call"})
    assert paces.acted(4, 109.0) is None                 # 8 s after the sooner end: no reaction
    assert paces.pace(4).reactions == ()


def test_A11_a_press_in_the_last_stretch_is_taken_and_gives_the_wait_that_stretch_again(mocker):
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    said: list[tuple] = []
    wait = ReadyWait(service, lambda key, params: said.append((key, params)), lambda: False, lambda reason: None)
    wait.begin([0, 1], 60.0, keys={"ready": ("morning.ready", ("seat",)), "extended": ("morning.extended", ("seat",))})
    service.clock.advance(60.0 - WARNING_S / 2)
    assert wait.press(1) is True
    assert wait.ends_at == pytest.approx(service.clock.now() + WARNING_S)
    assert said == [("morning.extended", {"seat": 1})] and wait.ready == set()


def test_A28_each_reminder_is_logged_with_its_number_and_no_seat(mocker, caplog):
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.voice.timed.return_value = True
    service.voice.idle.return_value = True
    reminders = Reminders(service, lambda: (3,), lambda seats: None)
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        reminders.start()
        service.clock.advance(FIRST_S + 0.1)
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("reminder")] == \
        ["reminder 1 of this wait (nothing played for a while)"]


def test_A21_a_step_without_sound_lasts_its_characters_at_five_and_a_half_a_word():
    assert spoken_seconds("x" * 55, 120) == pytest.approx(0.2 + 55 / (120 * 5.5 / 60.0))
    assert spoken_seconds("", 175) == pytest.approx(0.2)


def test_A19_a_seats_settings_scan_is_logged_when_it_opens(tmp_path, caplog):
    service = quiet_service(tmp_path)
    service.start()
    try:
        with caplog.at_level(logging.INFO, logger="firmware_host"):
            service.call(lambda: service.game.table.seat_menu.open(2))
        assert "settings scan for seat 2" in [r.getMessage() for r in caplog.records]
        assert service.call(lambda: 2 in service.game.table.seat_menu.scans)
    finally:
        service.stop()


def test_a_note_the_journal_cannot_take_is_a_warning_and_the_game_goes_on(mocker, caplog):
    from firmware_host.service.journal import JournalError
    from firmware_host.table.moves import journal_note

    journal = mocker.create_autospec(Journal, instance=True)
    journal.append_note.side_effect = JournalError("disk full")
    with caplog.at_level(logging.WARNING, logger="firmware_host"):
        journal_note(journal, 3, {"note": "told", "actions": 2})
        journal_note(journal, None, {"note": "told", "actions": 2})       # no game: nothing written
    assert [r.getMessage() for r in caplog.records] == ["journal note: disk full"]
    journal.append_note.assert_called_once_with(3, {"note": "told", "actions": 2})
