"""The journal: accepted actions survive, undo is an entry, the file is private."""

import os
import stat
import subprocess
import sys

import pytest

from firmware_host.service.journal import CRASH_ENV, Journal, JournalError, NothingToUndo

SETUP = {"players": 5, "first_president": 0, "roles": ["democrat"] * 3 + ["fascist", "dictator"], "deck": ["fascist"] * 11 + ["democratic"] * 6}


def test_journal_file_mode_is_0600_and_wal(tmp_path):
    path = tmp_path / "j" / "journal.sqlite3"
    journal = Journal(path)
    journal.begin_game(SETUP)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(str(path) + "-wal").st_mode) == 0o600
    assert journal._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    journal.close()


def test_unfinished_game_is_resumed_with_its_actions(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    gid = journal.begin_game(SETUP)
    journal.append_action(gid, {"action": "nominate", "seat": 0, "target": 1})
    journal.append_action(gid, {"action": "vote", "seat": 0, "ballot": "ja"})
    journal.close()
    again = Journal(tmp_path / "j.sqlite3").unfinished()
    assert again is not None and again.id == gid and again.setup == SETUP
    assert [a["action"] for a in again.actions] == ["nominate", "vote"]


def test_undo_is_an_entry_and_takes_back_the_reshuffle_too(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    gid = journal.begin_game(SETUP)
    journal.append_action(gid, {"action": "nominate", "seat": 0, "target": 1})
    journal.append_action(gid, {"action": "enact", "seat": 1, "party": "fascist"})
    journal.append_action(gid, {"action": "reshuffle", "order": ["fascist"]})
    journal.append_undo(gid)
    assert [a["action"] for a in journal.actions(gid)] == ["nominate"]
    assert [k for k, _ in journal.entries(gid)] == ["action", "action", "action", "undo"]
    journal.append_undo(gid)
    with pytest.raises(NothingToUndo):
        journal.append_undo(gid)


def test_finished_game_is_not_resumed_and_new_game_abandons_old(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    first = journal.begin_game(SETUP)
    second = journal.begin_game(SETUP)
    assert journal.game(first).status == "abandoned"
    journal.finish_game(second)
    assert journal.unfinished() is None
    assert journal.last_game().id == second


def test_a_file_that_is_no_database_is_kept_aside_and_a_new_journal_started(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database at all" * 100)
    journal = Journal(bad)
    assert journal.repair is not None and journal.repair.reasons == ("header",)
    assert journal.repair.kept.read_bytes() == b"this is not a database at all" * 100
    assert journal.unfinished() is None
    journal.close()


def test_a_journal_folder_that_cannot_be_made_is_a_journal_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(JournalError, match="file"):
        Journal(tmp_path / "file" / "journal.sqlite3")


def test_crash_after_nth_write_kills_after_the_write_is_durable(tmp_path):
    path = tmp_path / "j.sqlite3"
    code = (
        "from firmware_host.service.journal import Journal\n"
        f"j = Journal({str(path)!r})\n"
        f"g = j.begin_game({SETUP!r})\n"
        "j.append_action(g, {'action': 'nominate', 'seat': 0, 'target': 1})\n"
        "j.append_action(g, {'action': 'vote', 'seat': 0, 'ballot': 'ja'})\n"
    )
    env = dict(os.environ, **{CRASH_ENV: "2"})
    proc = subprocess.run([sys.executable, "-c", code], env=env)
    assert proc.returncode == -9
    game = Journal(path).unfinished()
    assert [a["action"] for a in game.actions] == ["nominate"]


def test_text_utf8_cannot_encode_is_refused_and_nothing_is_written(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    with pytest.raises(JournalError, match="not stored"):
        journal.save_seat_settings(0, {"name": "\ud800"})
    with pytest.raises(JournalError, match="not stored"):
        journal.begin_game({"players": 5, "names": {"0": "\udfff"}})
    assert journal.seat_settings() == {} and journal.last_game() is None
    journal.close()


def test_the_game_ending_action_and_its_mark_are_one_write(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    gid = journal.begin_game(SETUP)
    writes = journal._writes
    journal.append_action(gid, {"action": "execute", "seat": 0, "target": 4}, finish="over")
    assert journal._writes == writes + 1 and journal.game(gid).status == "over"
    journal.append_undo(gid)                      # taken back: playing again, in the same write
    assert journal._writes == writes + 2 and journal.game(gid).status == "playing"
    journal.close()
