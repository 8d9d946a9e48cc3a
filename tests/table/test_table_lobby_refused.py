"""A setup from the seats the board cannot begin (the table's ``lobby``, issue 14), on
``simulate``'s mocked board with real clip lengths:

- a journal that cannot take the new game: the table hears the setup refused for the journal
  (``lobby.refused``, reason ``journal``, as a refusal), the game master a ``fault`` line and
  an ERROR naming the journal's words; no game begins (expected to fail, strictly: the
  engine's game is made before the journal refuses it, and stays);
- a board with no game to set up: a press starts no setup (an ERROR says why) and the board
  still waits for one.

The journal's failing write is a pytest-mock autospec of ``Journal.begin_game``; the games
offered, of ``lobby_games``."""

from __future__ import annotations

import logging

import pytest

from firmware_host.service.journal import Journal, JournalError
from firmware_host.table.lobby import seat_setup_signals

from .table import Table


def test_a_setup_the_journal_cannot_take_is_refused_aloud_for_the_journal(tmp_path, mocker, caplog):
    table = Table(tmp_path)
    try:
        mocker.patch.object(Journal, "begin_game", autospec=True, side_effect=JournalError("disk full"))
        with caplog.at_level(logging.INFO, logger="firmware_host"):
            table.play_all(seat_setup_signals({"game": "become_dictator", "language": "en", "players": 4}, by=1))
            table.wait(20)
        refused = table.heard("lobby.refused")
        assert [(o["params"], o["output"]) for o in refused] == [({"reason": "journal"}, "table")]
        faults = [o for o in table.lines.objects if o.get("event") == "fault"]
        assert [(f["source"], f["reason"], f["detail"]) for f in faults] == [("setup", "refused", "disk full")]
        errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
        assert "setup from the seats refused (journal): disk full" in errors
    finally:
        table.close()


def test_no_game_begins_when_the_journal_cannot_take_it(tmp_path, mocker):
    table = Table(tmp_path)
    try:
        mocker.patch.object(Journal, "begin_game", autospec=True, side_effect=JournalError("disk full"))
        table.play_all(seat_setup_signals({"game": "become_dictator", "language": "en", "players": 4}, by=1))
        table.wait(20)
        assert table.heard("lobby.refused")
        assert table.call(lambda: table.service.game.game) is None
    finally:
        table.close()


def test_a_board_with_no_game_to_set_up_starts_no_setup_at_a_press(tmp_path, mocker, caplog):
    mocker.patch("firmware_host.table.lobby.lobby_games", autospec=True, return_value=[])
    table = Table(tmp_path)
    try:
        with caplog.at_level(logging.INFO, logger="firmware_host"):
            table.press(2)
            table.wait(10)
        lobby = table.service.game.table.lobby
        assert table.call(lambda: (lobby.phase, lobby.seat)) == ("idle", None)
        assert not [o for o in table.heard(output="seat:2") if o["key"].startswith("lobby.question")]
        assert "setup from the seats: no game pack has setup questions" in \
            [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    finally:
        table.close()
