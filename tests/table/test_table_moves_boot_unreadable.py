"""A kit game's journal whose unfinished game cannot be read at boot (the table's
``moves.boot``): the game master's log names what the journal said (an ERROR line), the table
hears the game was not resumed (``journal.not_resumed``: nothing was set aside), a ``fault`` line
names the journal, and the board waits for a setup (``service.ready``); nothing is resumed.
In this way I become a DICTATOR's journal of an earlier run, booted by the real service
(SQLite journal, silent voice); the journal's failing read of what the table was told is a
pytest-mock autospec of ``Journal.told``."""

from __future__ import annotations

import logging

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import scripting
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal, JournalError
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}


def test_an_unreadable_unfinished_game_is_logged_with_its_reason_said_lost_and_not_resumed(tmp_path, mocker, caplog):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = journal.begin_game(dict(SETUP))
    for action in scripting.whole_game(SETUP, seed=3)[:4]:
        journal.append_action(game_id, action)
    journal.close()
    mocker.patch.object(Journal, "told", autospec=True, side_effect=JournalError("database disk image is malformed"))
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        service.start()
    try:
        errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
        assert errors == ["journal: the unfinished game cannot be read: database disk image is malformed"]
        said = [l["key"] for l in lines if l.get("event") == "announce"]
        assert said[-2:] == ["journal.not_resumed", "service.ready"]
        faults = [l for l in lines if l.get("event") == "fault"]
        assert [(f["source"], f["reason"]) for f in faults] == [("journal", "unreadable")]
        assert service.game.current == "become_dictator" and service.game.active.game is None
    finally:
        service.stop()
        service.journal.close()
