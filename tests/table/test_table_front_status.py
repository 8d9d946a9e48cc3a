"""The board's one-line status (systemd's STATUS=) while the seats set a game up (the table's
``front``: "setup from seat N" while that seat answers the questions, "setup: waiting for every
seat" while the seats say they are here, the game's own line otherwise), and the game master's
undo with nothing to undo (refused naming why, the journal's words). On ``simulate``'s mocked
board (:class:`tests.table.table.Table`), a person's press one to two seconds after each cue."""

from __future__ import annotations

import pytest

from firmware_host.service.refusals import CommandRefused
from firmware_host.table.lobby import seat_setup_signals

from .table import Table


def test_the_status_line_names_the_seat_setting_up_then_waits_for_every_seat(tmp_path):
    table = Table(tmp_path)
    try:
        front = table.service.game.table
        assert table.call(front.status_line) is None                           # no setup going on
        table.press(2)
        table.drain()
        table.wait(1.0)
        assert table.call(front.status_line) == "setup from seat 3"            # seat 3 (0-based 2) answers
        signals = seat_setup_signals({"game": "become_dictator", "players": 4, "language": "en"}, by=2)
        presence = next(i for i, s in enumerate(signals) if s.get("key") == "lobby.presence.call")
        table.play_all(signals[1:presence + 1])
        assert table.call(front.status_line) == "setup: waiting for every seat"
    finally:
        table.close()


def test_an_undo_with_nothing_to_undo_is_refused_in_the_journals_words(tmp_path):
    table = Table(tmp_path)
    try:
        table.play_all([{"setup": {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}}])
        adapter = table.service.game.active
        with pytest.raises(CommandRefused) as refused:
            table.call(adapter.moves.undo)
        assert refused.value.code == "nothing_to_undo"
        assert str(refused.value) == "nothing to undo: no action since the game started"
    finally:
        table.close()
