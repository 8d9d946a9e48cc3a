"""The table's faults at start (the console's health panel): the readers' state is read from
the board's snapshot; a board whose snapshot fails leaves the panel empty and the failure is
logged with its reason, so the game master's log says why the readers are not shown. The
service and the board are autospec stand-ins (no pins on the build machine)."""

from __future__ import annotations

import logging

import pytest

from firmware_host.hardware.board import Board, BoardSnapshot
from firmware_host.service.core import BoardService
from firmware_host.table.faults import TableFaults
from firmware_host.table.speech import TableSpeech


def faults_on(mocker, board) -> TableFaults:
    service = mocker.create_autospec(BoardService, instance=True)
    service.board = board
    return TableFaults(service, mocker.create_autospec(TableSpeech, instance=True))


def test_the_readers_state_at_start_comes_from_the_boards_snapshot(mocker):
    board = mocker.create_autospec(Board, instance=True)
    board.snapshot.return_value = BoardSnapshot(slots={}, peg=None, buttons_down=(),
                                                readers={"cards": True, "tray": False})
    faults = faults_on(mocker, board)
    faults.read_board()
    assert faults.readers == {"cards": True, "tray": False}


def test_a_board_snapshot_that_fails_is_logged_with_its_reason_and_shows_no_readers(mocker, caplog):
    board = mocker.create_autospec(Board, instance=True)
    board.snapshot.side_effect = RuntimeError("pins not ready")
    faults = faults_on(mocker, board)
    with caplog.at_level(logging.WARNING, logger="firmware_host"):
        faults.read_board()
    assert faults.readers == {}
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert [r.getMessage() for r in warnings] == ["board snapshot: pins not ready"]


def test_a_fault_is_spoken_by_the_part_it_names_whatever_its_english_source_says(mocker):
    """``Fault.part`` names the part (the hardware knows which seat's button it wired to a pin);
    the English ``source`` is only for the log: a source the table cannot read changes nothing."""
    from firmware_host.hardware.events import Fault
    from firmware_host.table.words import Words

    service = mocker.create_autospec(BoardService, instance=True)
    speech = mocker.create_autospec(TableSpeech, instance=True)
    speech.words = mocker.create_autospec(Words, instance=True)
    speech.words.keys = frozenset()
    faults = TableFaults(service, speech)
    part = {"kind": "seat_button", "seat": 2}
    faults.on_fault(Fault(source="GPIO 17", reason="stuck", detail="held 30 s", part=part))
    service.fault.assert_called_once_with("GPIO 17", "stuck", "held 30 s", key="fault.stuck.button",
                                          params={"seat": 2})
    assert faults.listed[-1] == {"kind": "fault", "reason": "stuck", "part": part, "detail": "GPIO 17"}


@pytest.mark.parametrize("reason", ["reader_missing", "reader_unplugged"])
def test_a_reader_missing_or_unplugged_shows_as_not_connected_on_the_console(mocker, reason):
    from firmware_host.hardware.events import Fault
    from firmware_host.table.words import Words

    service = mocker.create_autospec(BoardService, instance=True)
    speech = mocker.create_autospec(TableSpeech, instance=True)
    speech.words = mocker.create_autospec(Words, instance=True)
    speech.words.keys = frozenset()
    faults = TableFaults(service, speech)
    faults.readers = {"cards": True}
    faults.on_fault(Fault(source="cards reader", reason=reason, detail="/dev/ttyUSB0",
                          part={"kind": "reader", "reader": "cards"}))
    assert faults.readers == {"cards": False}
    assert service.fault.call_args.args[:2] == ("cards reader", reason)
