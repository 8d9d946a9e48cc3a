"""The move log at boot (the table's ``moves``): a game resumed from the journal is the game
master's to end like any other (abandoned in the journal); a journal that was damaged *and*
holds a game that cannot be replayed is said lost, never "nothing was lost" (issue 34: the
repair report follows what the table could resume, not what the journal's self-check
hoped). With the real service and journal on In this way I become a DICTATOR (SQLite files in
``tmp_path``; the silent voice)."""

from __future__ import annotations

import os
from pathlib import Path

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import scripting
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}
ACTIONS = scripting.whole_game(SETUP, seed=3)[:6]


def write_game(path: Path, actions: list[dict]) -> None:
    journal = Journal(path)
    game_id = journal.begin_game(dict(SETUP))
    for action in actions:
        journal.append_action(game_id, action)
    journal.close()


def boot(path: Path) -> tuple[BoardService, list[dict]]:
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
    service.start()
    return service, lines


def test_the_game_master_ends_a_game_resumed_at_boot_and_it_is_abandoned(tmp_path):
    path = tmp_path / "journal.sqlite3"
    write_game(path, ACTIONS)
    service, _ = boot(path)
    try:
        adapter = service.game.active
        assert adapter.moves.game_id == 1 and adapter.moves.count == len(ACTIONS)       # resumed
        service.call(adapter.moves.end)
        assert adapter.moves.game is None and service.journal.game(1).status == "abandoned"
        notes = [body for kind, body in service.journal.entries(1) if kind == "note"]
        assert {"note": "ended", "by": "game master"} in notes
    finally:
        service.stop()
        service.journal.close()


def test_issue34_a_damaged_journal_whose_game_cannot_be_replayed_is_said_lost_never_kept(tmp_path):
    path = tmp_path / "journal.sqlite3"
    unplayable = {"action": "drop", "seat": 0, "roles": ["priest", "priest", "priest"]}
    write_game(path, ACTIONS[:4] + [unplayable])
    os.truncate(path, path.stat().st_size - 1)                  # damaged: the self-check repairs it
    service, lines = boot(path)
    try:
        assert service.journal.repair is not None
        said = [l["key"] for l in lines if l.get("event") == "announce" and l["key"].startswith("journal.")]
        assert said == ["journal.game_lost"]                    # never "journal.kept"
        faults = [l for l in lines if l.get("event") == "fault" and l.get("source") == "journal"]
        assert faults and faults[0]["reason"] == service.journal.repair.reason
        assert service.game.active.moves.game is None and service.journal.game(1).status == "abandoned"
    finally:
        service.stop()
        service.journal.close()


def test_a_game_resumed_at_boot_speaks_its_own_language_again(tmp_path, mocker):
    path = tmp_path / "journal.sqlite3"
    write_game(path, ACTIONS)
    voice = SilentVoice()
    set_language = mocker.spy(voice, "set_language")
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=voice, emit=lambda line: None, notifier=Notifier(None))
    service.start()
    try:
        assert service.game.active.moves.count == len(ACTIONS)                       # resumed
        assert set_language.call_args_list[-1].args == ("en",)                       # the game's, not the board's
        assert service.game.active.language == "en"
    finally:
        service.stop()
        service.journal.close()
