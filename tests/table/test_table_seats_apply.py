"""Every seat's own settings at start (the table's seat store, ACCESSIBILITY.md 1, 12, 19): the
settings kept in the journal are read and applied (each seat's rate and volume to the voice),
a stored entry that is no longer valid is skipped with a warning naming its seat, and the log
says how many seats' settings were applied. The journal is real SQLite; the service and the
voice are autospec stand-ins."""

from __future__ import annotations

import logging

from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.voice import SilentVoice
from firmware_host.table.seats import SeatStore


def test_A19_stored_seat_settings_are_applied_at_start_and_the_log_says_how_many(tmp_path, mocker, caplog):
    journal = Journal(tmp_path / "journal.sqlite3")
    journal.save_seat_settings(1, {"rate": 140})
    journal.save_seat_settings(3, {"rate": 220, "volume": 0.5})
    journal.save_seat_settings(5, {"rate": 5000})                  # outside 80-450: no longer valid
    service = mocker.create_autospec(BoardService, instance=True)
    service.journal, service.board = journal, None
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    store = SeatStore(service)
    try:
        with caplog.at_level(logging.INFO, logger="firmware_host"):
            store.apply()
    finally:
        journal.close()
    assert sorted(store.by_seat) == [1, 3] and store.get(3).volume == 0.5
    assert service.voice.set_seat_voice.call_args_list == [mocker.call(1, rate=140, volume=None),
                                                           mocker.call(3, rate=220, volume=0.5)]
    messages = [r.getMessage() for r in caplog.records]
    assert "seat settings of 2 seats applied" in messages
    assert any(m.startswith("stored settings of seat 5 ignored: ") for m in messages)
