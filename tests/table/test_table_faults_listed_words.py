"""A fault the table speaks is listed on the console in the words the table heard, then its
detail in brackets (the table's ``faults.say_fault``): the game master reads what the players
heard, not a catalogue key. A journal of In this way I become a DICTATOR cut short by one byte,
booted by the real service (SQLite journal, silent voice): the repair report said at the table
(``journal.*``) is the console's entry's words."""

from __future__ import annotations

import os

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import scripting
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}


def test_a_spoken_fault_is_listed_in_the_words_said_then_its_detail(tmp_path):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = journal.begin_game(dict(SETUP))
    for action in scripting.whole_game(SETUP, seed=3)[:6]:
        journal.append_action(game_id, action)
    journal.close()
    os.truncate(path, path.stat().st_size - 1)
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
    service.start()
    try:
        said = [l for l in lines if l.get("event") == "announce" and l["key"].startswith("journal.")]
        assert said and said[0]["text"] and said[0]["text"] != said[0]["key"]
        listed = [f for f in service.call(service.game.snapshot)["faults"] if f.get("kind") == "fault"]
        assert listed and listed[0]["reason"] == said[0]["key"]
        assert listed[0]["text"] == f"{said[0]['text']} ({service.journal.repair.detail})"
    finally:
        service.stop()
        service.journal.close()
