"""Moves journaled but never told at the table (the service stopped between the journal and
the speech; the table's ``moves.boot`` and ``tell_untold``, issue 34): after a restart a kit
game resumes from the last move the table was told, then tells the untold ones, each as when
it was accepted, once, and notes them told. In this way I become a DICTATOR's journal written
by hand (four votes, two of them told), booted by the real service with SQLite journal and
silent voice."""

from __future__ import annotations

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import scripting
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}


def test_issue34_untold_moves_are_told_once_after_a_restart_and_noted_told(tmp_path):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = journal.begin_game(dict(SETUP))
    actions = scripting.whole_game(SETUP, seed=3)[:4]
    for n, action in enumerate(actions):
        journal.append_action(game_id, action)
        if n == 1:
            journal.append_note(game_id, {"note": "told", "actions": 2})
    journal.close()
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
    service.start()
    try:
        adapter = service.game.active
        assert adapter.game_id == game_id and adapter.moves.count == 4 and adapter.moves.untold == []
        told = [b for k, b in service.journal.entries(game_id) if k == "note" and b.get("note") == "told"]
        assert told[-1] == {"note": "told", "actions": 4}
        assert service.journal.told(game_id) == 4
        voted = [o for o in lines if o.get("event") == "voted"]
        assert [(o["seat"], o["target"]) for o in voted] == [(a["seat"], a["target"]) for a in actions[2:]]
    finally:
        service.stop()
        service.journal.close()
