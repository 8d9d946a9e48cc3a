"""``firmware-host replay JOURNAL``: the board's journal is a bug report as README says ("a
bug report is a replay file, or the board's journal, which holds the same actions"). Found by a
probe: ``firmware-host replay /var/lib/firmware-host/journal.sqlite3`` answered "not UTF-8 text"
and no command turned a journal into a replay file. Now the journal's latest game is replayed
(its setup with the dealt roles, its effective actions), read from a copy so the running
board's file is never touched."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

from firmware_host.kernel import games


def cli(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "firmware_host", *args], capture_output=True,
                          text=True, timeout=timeout)


def _state(stdout: str) -> dict:
    (last,) = [json.loads(line) for line in stdout.splitlines() if line.startswith('{"state"')]
    return last["state"]


def test_replay_of_a_board_journal_plays_its_latest_game_as_its_replay_file_does(tmp_path):
    """A Dying Message played on the board up to its second night (the game master's acts of
    its sample game): the journal replays to the state the same setup and actions replay to,
    and the journal and its folder are left as they were."""
    script = games.pack("dying_message").scripting()
    setup = script.sample_setup("en")
    actions = script.whole_game(setup, 2)[:10]
    game_file = tmp_path / "game.jsonl"
    game_file.write_text("".join(json.dumps(o) + "\n" for o in [{"setup": setup}, *actions]), encoding="utf-8")
    signals = tmp_path / "signals.jsonl"
    signals.write_text("".join(json.dumps(o) + "\n" for o in [
        {"setup": setup}, *({"signal": "gm", "command": "act", "action": a} for a in actions),
        {"signal": "wait", "seconds": 5}]), encoding="utf-8")
    board = tmp_path / "board"
    board.mkdir()
    journal = board / "journal.sqlite3"
    played = cli("simulate", "--script", str(signals), "--journal", str(journal))
    assert played.returncode == 0, played.stderr[-500:]

    before = {p.name: p.read_bytes() for p in board.iterdir()}
    from_journal = cli("replay", str(journal))
    assert from_journal.returncode == 0, from_journal.stderr
    from_file = cli("replay", str(game_file))
    assert from_file.returncode == 0, from_file.stderr
    assert _state(from_journal.stdout) == _state(from_file.stdout)
    assert _state(from_journal.stdout)["round"] == 2
    assert {p.name: p.read_bytes() for p in board.iterdir()} == before     # nothing written, moved or made


def test_replay_of_a_journal_with_no_game_or_of_a_damaged_one_is_one_line_and_exit_2(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    db = sqlite3.connect(empty)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    result = cli("replay", str(empty))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert "no game" in result.stderr or "journal" in result.stderr, result.stderr

    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"SQLite format 3\x00" + os.urandom(4000))
    result = cli("replay", str(damaged))
    assert result.returncode == 2, result.stdout[-300:]
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert not result.stdout
