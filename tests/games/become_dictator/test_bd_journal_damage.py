"""A damaged journal under a game of In this way I become a DICTATOR is said and shown as for
Secret Dictator (issue 12, issue 16): at the table (``journal.*``), on the console (with the
file kept aside), as a ``fault`` line; the game goes on from its last entry that reads back
whole, and nothing that read back is lost."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import Game, Setup
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

from bd_helpers import default_action

SETUP = {"game": "become_dictator", "players": 5, "language": "en",
         "switches": {"reveal_night_4": False}}
MOVES = 24


def actions(count: int) -> list[dict]:
    game = Game(Setup.from_json(SETUP))
    game.start()
    out = []
    while len(out) < count:
        action = default_action(game, game.awaiting()[0])
        game.apply(action)
        out.append(action.to_json())
    return out


ACTIONS = actions(MOVES)


def write_game(path: Path, moves: list[dict] = ACTIONS) -> None:
    journal = Journal(path)
    gid = journal.begin_game(dict(SETUP))
    journal.append_note(gid, {"note": "table", "names": {"1": "Anna"}, "morning_seconds": 180.0})
    for action in moves:
        journal.append_action(gid, action)
    journal.close()


def boot(path: Path) -> tuple[BoardService, list[dict]]:
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(),
                           journal=Journal(path), voice=SilentVoice(), emit=lines.append,
                           notifier=Notifier(None))
    service.start()
    return service, lines


def flip_in_bodies(path: Path) -> None:
    """Flip a bit inside the stored JSON of three late entries (still text)."""
    data = bytearray(path.read_bytes())
    spots = [i for i in range(len(data) - 10) if data[i:i + 9] == b'"action":'][-6:-3]
    assert spots
    for i in spots:
        data[i + 12] ^= 0x01
    path.write_bytes(bytes(data))


def truncate_1(path: Path) -> None:
    os.truncate(path, path.stat().st_size - 1)


def kept_files(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if ".damaged-" in p.name
                  and not p.name.endswith(("-wal", "-shm")))


@pytest.mark.parametrize("kind,damage", [("flipped_bytes", flip_in_bodies), ("truncated_1", truncate_1)])
def test_a_damaged_journal_of_this_game_is_said_shown_kept_and_the_game_goes_on(tmp_path, kind, damage, caplog):
    path = tmp_path / "journal.sqlite3"
    write_game(path)
    damage(path)
    damaged = path.read_bytes()
    caplog.set_level(logging.INFO, logger="firmware_host")
    service, lines = boot(path)
    try:
        said = [l for l in lines if l.get("event") == "announce"]
        keys = [l["key"] for l in said]
        faults = [l for l in lines if l.get("event") == "fault" and l.get("source") == "journal"]
        assert faults and "damaged" in faults[0]["detail"]                  # a fault line
        journal_said = [l for l in said if l["key"].startswith("journal.")]
        assert journal_said and journal_said[0]["channel"] == "public"      # said at the table
        assert "journal was damaged" in journal_said[0]["text"]             # in the game's language (en)
        console = service.call(service.game.snapshot)["faults"]
        assert any(f.get("reason", "").startswith("journal.") and "kept as" in f.get("text", "")
                   for f in console)                                        # on the console
        assert not [r for r in caplog.records if r.exc_info]                # no traceback
        assert kept_files(path) and kept_files(path)[0].read_bytes() == damaged
        assert service.game.current == "become_dictator" and "service.resumed" in keys
        kept = service.journal.actions(1)
        assert 0 < len(kept) <= MOVES and kept == ACTIONS[:len(kept)]       # nothing whole lost
        repair = service.journal.repair
        if kind == "truncated_1":
            assert len(kept) == MOVES and journal_said[0]["key"] == "journal.kept"
        else:
            assert len(kept) < MOVES and journal_said[0]["key"] == "journal.lost"
            assert journal_said[0]["params"] == {"count": repair.lost_actions}
        state = service.call(service.game.final_state)
        game = Game(Setup.from_json(SETUP))
        game.start()
        for obj in kept:
            from firmware_host.games.become_dictator import Action
            game.apply(Action.from_json(obj))
        assert (state["day"], state["phase"]) == (game.day, game.phase)      # rebuilt to that entry
        assert service.call(lambda: dict(service.game.names)) == {1: "Anna"}
    finally:
        service.stop()
        service.journal.close()


def test_a_journaled_game_that_cannot_be_replayed_is_said_not_resumed_and_kept(tmp_path, caplog):
    """A whole journal (nothing set aside) whose game the rules refuse: ``journal.not_resumed``,
    never the damaged file's ``journal.game_lost`` ("kept aside")."""
    path = tmp_path / "journal.sqlite3"
    bad = ACTIONS[:4] + [{"action": "drop", "seat": 0, "roles": ["priest", "priest", "priest"]}]
    write_game(path, bad)
    service, lines = boot(path)
    try:
        keys = [l["key"] for l in lines if l.get("event") == "announce"]
        assert keys[-2:] == ["journal.not_resumed", "service.ready"]
        fault = [l for l in lines if l.get("event") == "fault" and l.get("source") == "journal"]
        assert fault and "\n" not in fault[0]["detail"]
        assert service.journal.game(1).status == "abandoned"
        assert service.journal.actions(1) == bad                             # kept in the journal
        assert not [r for r in caplog.records if r.exc_info]
    finally:
        service.stop()
        service.journal.close()
