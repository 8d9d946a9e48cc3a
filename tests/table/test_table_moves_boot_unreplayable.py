"""A whole journal (every row matches its CRC) whose unfinished game the rules cannot replay
(finding 8: an action the rules refuse, an action no game knows, a setup the rules refuse, a
setup naming a game this board does not have): the board never drops the game without a word. The table hears ``journal.not_resumed`` in the game's own language (the
players were hearing English; the board's default is German), a ``fault`` line names the
journal, the console lists it, the game is marked abandoned (nothing erased) and the board
waits for a setup. Nothing was set aside, so the table is never told the journal was "kept
aside" (``journal.game_lost``), and no ``.damaged-*`` copy exists. Secret Dictator's journal,
booted by the real service on a real SQLite journal (silent voice)."""

from __future__ import annotations

import json
import logging
import sqlite3
import zlib

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator.scripting import dealt_setup, random_game
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

SETUP = {"players": 7, "seed": 11, "language": "en"}
MOVES = 6            # the first actions of a game (nomination and votes), before any reshuffle


def rewrite_setup(path, change: dict) -> None:
    """Change the journaled setup of game 1, its CRC recomputed (the file stays whole)."""
    db = sqlite3.connect(path)
    (setup,) = db.execute("SELECT setup FROM games WHERE id = 1").fetchone()
    setup = json.dumps({**json.loads(setup), **change})
    db.execute("UPDATE games SET setup = ?, crc = ? WHERE id = 1", (setup, zlib.crc32(setup.encode("utf-8"))))
    db.commit()
    db.close()


@pytest.mark.parametrize("bad, setup_change", [({"action": "vote", "seat": 99, "vote": True}, None),
                                               ({"action": "no_such_action", "seat": 1}, None),
                                               (None, {"players": 42}),
                                               (None, {"game": "no_such_game"})],
                         ids=["action_refused_by_the_rules", "unknown_action", "setup_refused_by_the_rules",
                              "setup_of_no_game_of_this_board"])
def test_an_unreplayable_game_is_said_not_resumed_in_its_language_and_nothing_is_set_aside(tmp_path, caplog, bad,
                                                                                            setup_change):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = journal.begin_game(dealt_setup(SETUP).to_json())
    for action in random_game(SETUP, 3)[:MOVES]:
        journal.append_action(game_id, action)
    if bad is not None:
        journal.append_action(game_id, bad)      # journaled whole: its CRC is right
    journal.close()
    if setup_change is not None:
        rewrite_setup(path, setup_change)
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        service.start()
    try:
        assert service.journal.repair is None                       # the file itself is whole
        faults = [(l["source"], l["reason"]) for l in lines if l.get("event") == "fault"]
        assert faults == [("journal", "unreadable")]
        said = [l for l in lines if l.get("event") == "announce"]
        keys = [l["key"] for l in said]
        assert keys[-2:] == ["journal.not_resumed", "service.ready"] and "journal.game_lost" not in keys
        lost = said[-2]
        assert lost["channel"] == "public" and lost["text"].startswith("Board: ")     # English, the game's
        assert "aside" not in lost["text"]
        listed = service.game.active.faults.listed
        assert [e["reason"] for e in listed if e["kind"] == "fault"] == ["journal.not_resumed"]
        assert service.game.active.game is None
        assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name] == []
        assert any("cannot be resumed" in r.getMessage() for r in caplog.records if r.levelno == logging.ERROR)
        assert service.journal.unfinished() is None                 # abandoned, never resumed at the next start
    finally:
        service.stop()
        service.journal.close()
