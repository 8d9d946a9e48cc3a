"""The journal survives its own damage (issue 12): every kind of damage found at start is
answered at the table and in the log, the damaged file is kept aside (never deleted), no
traceback, and the game in play goes on from its last entry that reads back whole."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.service.core import BoardService
from firmware_host.service.journal import CRASH_ENV, Journal
from firmware_host.service.notify import Notifier
from firmware_host.games.secret_dictator import Action, Game
from firmware_host.games.secret_dictator.scripting import dealt_setup, random_game, reshuffle_order
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

from .conftest import ROOT

SETUP = {"players": 7, "seed": 11, "language": "en"}


def journaled(setup: dict, actions: list[dict]) -> list[dict]:
    """``actions`` as the board journals them: with the R12 reshuffle orders it adds."""
    dealt = dealt_setup(setup)
    game, out, count = Game(dealt), [], 0
    game.start()
    for obj in actions:
        game.apply(Action.from_json(obj))
        out.append(obj)
        while game.reshuffle_due is not None and game.phase != "game_over":
            order = reshuffle_order(dealt.seed, count, game.reshuffle_pool or [])
            count += 1
            action = Action("reshuffle", order=tuple(order))
            game.apply(action)
            out.append(action.to_json())
    return out


ACTIONS = journaled(SETUP, random_game(SETUP, 3))
MOVES = 24           # actions journaled before the damage


def write_game(path: Path, moves: int = MOVES, close: bool = True) -> Journal:
    """A journal holding one game in play with its first ``moves`` actions."""
    journal = Journal(path)
    gid = journal.begin_game(dealt_setup(SETUP).to_json())
    for action in ACTIONS[:moves]:
        journal.append_action(gid, action)
    if close:
        journal.close()
    return journal


def crashed_copy(src: Path, dst: Path, extra: int) -> None:
    """``dst`` as a power cut would leave it: the game journaled, ``extra`` more actions
    still only in the WAL (the files copied while the writer is open)."""
    journal = write_game(src, MOVES, close=False)
    # right after a checkpoint the WAL is empty: write a few more actions into it
    for action in ACTIONS[MOVES:MOVES + extra]:
        journal.append_action(1, action)
    dst.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm", ".last"):
        if Path(str(src) + suffix).exists():
            shutil.copyfile(str(src) + suffix, str(dst) + suffix)
    journal.close()


def boot(path: Path) -> tuple[BoardService, list[dict]]:
    """Start the board service on the journal at ``path``; returns it and its output lines."""
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
    service.start()
    return service, lines


def kept_files(path: Path) -> list[Path]:
    """The damaged journals kept aside (their -wal/-shm beside them not counted)."""
    return sorted(p for p in path.parent.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm")))


def truncate(n):
    def damage(path):
        os.truncate(path, path.stat().st_size - n)
    return damage


def flip_in_bodies(path):
    """Flip bits inside the stored JSON of three entries, so they still read as text."""
    data = bytearray(path.read_bytes())
    spots = [i for i in range(len(data) - 10) if data[i:i + 9] == b'"action":'][-12:-9]
    assert spots
    for i in spots:
        data[i + 12] ^= 0x01
    path.write_bytes(bytes(data))


def zero_header(path):
    data = bytearray(path.read_bytes())
    data[:100] = bytes(100)
    path.write_bytes(bytes(data))


def append_garbage(path):
    with open(path, "ab") as fh:
        fh.write(b"\x00garbage\xff" * 50)


def empty(path):
    path.write_bytes(b"")


def foreign(path):
    path.unlink()
    import sqlite3
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    db.execute("INSERT INTO photos(name) VALUES ('holiday')")
    db.commit()
    db.close()


CLEAN_STOP_DAMAGE = {
    "truncated_1": truncate(1),
    "truncated_3": truncate(3),
    "truncated_100": truncate(100),
    "truncated_4096": truncate(4096),
    "flipped_bytes": flip_in_bodies,
    "zeroed_header": zero_header,
    "appended_garbage": append_garbage,
    "empty_file": empty,
    "foreign_sqlite": foreign,
}


def journal_lines(lines):
    return [l for l in lines if l.get("event") == "fault" and l.get("source") == "journal"]


def spoken(lines):
    return [l["key"] for l in lines if l.get("event") == "announce"]


@pytest.mark.parametrize("kind", sorted(CLEAN_STOP_DAMAGE))
def test_damage_after_a_clean_stop_is_said_kept_and_the_game_goes_on(tmp_path, kind, caplog):
    path = tmp_path / "journal.sqlite3"
    write_game(path)
    original = path.read_bytes()
    CLEAN_STOP_DAMAGE[kind](path)
    damaged = path.read_bytes()
    service, lines = boot(path)
    try:
        keys = spoken(lines)
        assert journal_lines(lines), lines                       # a fault line (console, simulate)
        assert any(k.startswith("journal.") for k in keys), keys  # said at the table
        assert any("damaged" in r.message for r in caplog.records if r.name.startswith("firmware_host"))
        assert not [r for r in caplog.records if r.exc_info]       # no traceback anywhere
        console = service.call(service.game.snapshot)["faults"]    # listed on the console
        assert any(f.get("reason", "").startswith("journal.") and "kept as" in f.get("text", "") for f in console)
        kept = kept_files(path)
        assert kept and kept[0].read_bytes() == damaged          # kept aside exactly as found
        repair = service.journal.repair
        if kind in ("empty_file", "foreign_sqlite"):
            assert not repair.resumed and "service.ready" in keys
        else:
            assert repair.resumed and "service.resumed" in keys  # the game goes on
            game = service.game.game
            assert game is not None
            kept_actions = len(service.journal.actions(1))
            assert 0 < kept_actions <= MOVES
            assert service.journal.actions(1) == ACTIONS[:kept_actions]
            if kind in ("truncated_1", "truncated_3", "appended_garbage"):
                assert kept_actions == MOVES and "journal.kept" in keys  # nothing of the game lost
            if kind == "flipped_bytes":
                assert kept_actions < MOVES and "journal.lost" in keys
        assert original  # (the undamaged bytes are not needed again)
    finally:
        service.stop()
        service.journal.close()
    # the repaired journal starts clean the next time: nothing said about damage again
    service, lines = boot(path)
    try:
        assert not journal_lines(lines)
        assert len(kept_files(path)) == 1
    finally:
        service.stop()
        service.journal.close()


def lose_wal(path):
    Path(str(path) + "-wal").unlink()
    Path(str(path) + "-shm").unlink(missing_ok=True)


def truncate_wal(path):
    wal = Path(str(path) + "-wal")
    os.truncate(wal, wal.stat().st_size - 1000)


def garble_wal(path):
    wal = Path(str(path) + "-wal")
    data = bytearray(wal.read_bytes())
    for i in range(32 + 24 + 200, len(data), 997):
        data[i] ^= 0x5A
    wal.write_bytes(bytes(data))


WAL_DAMAGE = {"missing_wal": lose_wal, "truncated_wal": truncate_wal, "garbled_wal": garble_wal}


@pytest.mark.parametrize("kind", sorted(WAL_DAMAGE))
def test_wal_damage_after_a_cut_says_how_many_moves_were_lost(tmp_path, kind):
    path = tmp_path / "board" / "journal.sqlite3"
    crashed_copy(tmp_path / "writer" / "journal.sqlite3", path, extra=4)
    assert Path(str(path) + "-wal").stat().st_size > 0
    WAL_DAMAGE[kind](path)
    service, lines = boot(path)
    try:
        keys = spoken(lines)
        repair = service.journal.repair
        assert repair is not None and "entries_lost" in repair.reasons
        kept_actions = len(service.journal.actions(1))
        assert MOVES <= kept_actions < MOVES + 4            # what was checkpointed survives
        assert repair.lost_actions == MOVES + 4 - kept_actions
        assert "journal.lost" in keys and "service.resumed" in keys
        said = next(l for l in lines if l.get("key") == "journal.lost")
        assert said["params"] == {"count": repair.lost_actions}
        assert kept_files(path)                               # the damaged set is kept
        assert service.journal.actions(1) == ACTIONS[:kept_actions]
    finally:
        service.stop()
        service.journal.close()


def test_a_cut_with_the_wal_whole_loses_nothing_and_says_nothing(tmp_path):
    path = tmp_path / "board" / "journal.sqlite3"
    crashed_copy(tmp_path / "writer" / "journal.sqlite3", path, extra=4)
    service, lines = boot(path)
    try:
        assert service.journal.repair is None and not journal_lines(lines)
        assert len(service.journal.actions(1)) == MOVES + 4
        assert not kept_files(path)
    finally:
        service.stop()
        service.journal.close()


def test_checkpoints_keep_a_game_out_of_the_wal(tmp_path):
    path = tmp_path / "journal.sqlite3"
    journal = write_game(path, moves=40, close=False)
    # at most CHECKPOINT_WRITES - 1 entries are only in the WAL at any time
    import sqlite3
    db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)   # the main file alone
    assert db.execute("SELECT count(*) FROM entries").fetchone()[0] >= 40 - 7
    db.close()
    journal.close()


def test_a_missing_journal_with_a_witness_is_said(tmp_path):
    path = tmp_path / "journal.sqlite3"
    write_game(path)
    path.rename(tmp_path / "elsewhere.sqlite3")
    service, lines = boot(path)
    try:
        assert service.journal.repair.reasons == ("missing",)
        assert "journal.game_lost" in spoken(lines)
    finally:
        service.stop()
        service.journal.close()


@pytest.mark.parametrize("stop", ["clean", "power_cut"])
def test_issue34_an_empty_journal_without_its_witness_is_kept_aside_and_said(tmp_path, stop):
    """Issue 34: the zero-length journal whose ``.last`` witness is gone too is never taken as
    a new journal silently: it is kept aside and said, and never as "nothing was lost" (no
    game is resumed from it)."""
    path = tmp_path / "journal.sqlite3"
    if stop == "clean":
        write_game(path)
    else:                                   # the game's last actions only in the WAL beside it
        crashed_copy(tmp_path / "writer" / "journal.sqlite3", path, 3)
    path.write_bytes(b"")
    Path(str(path) + ".last").unlink()
    service, lines = boot(path)
    try:
        repair = service.journal.repair
        assert repair is not None and not repair.resumed and repair.game is None
        assert repair.reasons == (("empty",) if stop == "clean" else ("header",))
        assert kept_files(path) and kept_files(path)[0].read_bytes() == b""
        keys = spoken(lines)
        assert "journal.set_aside" in keys and "journal.kept" not in keys
        assert journal_lines(lines)
    finally:
        service.stop()
        service.journal.close()


def test_a_new_board_without_a_journal_says_nothing_about_damage(tmp_path):
    service, lines = boot(tmp_path / "journal.sqlite3")
    try:
        assert service.journal.repair is None and not journal_lines(lines)
        assert spoken(lines) == ["service.ready"]
    finally:
        service.stop()
        service.journal.close()


def test_a_damaged_witness_is_only_a_warning(tmp_path):
    path = tmp_path / "journal.sqlite3"
    write_game(path)
    Path(str(path) + ".last").write_bytes(b"\xff\x00{")
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = records.append        # on the journal's own logger: no other test's logging set-up matters
    logger = logging.getLogger("firmware_host.service.journal")
    level = logger.level
    logger.setLevel(logging.WARNING)     # whatever level an earlier in-process CLI run left on root
    logger.addHandler(handler)
    try:
        journal = Journal(path)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert journal.repair is None and len(journal.actions(1)) == MOVES
    assert any("witness" in r.getMessage() for r in records)
    journal.close()


SCRIPT = ROOT / "examples" / "simulate-7p.jsonl"


def simulate(journal, crash_after=None):
    env = dict(os.environ)
    env.pop(CRASH_ENV, None)
    if crash_after is not None:
        env[CRASH_ENV] = str(crash_after)
    return subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(SCRIPT),
                           "--journal", str(journal)], capture_output=True, text=True, env=env, timeout=120)


def test_a_kill_right_after_the_game_ending_action_leaves_a_finished_game(tmp_path):
    whole = tmp_path / "whole.sqlite3"
    assert simulate(whole).returncode == 0
    journal = Journal(whole)
    writes = 1 + len(journal.entries(1))              # the game, then each entry
    assert journal.game(1).status == "over"
    journal.close()
    path = tmp_path / "journal.sqlite3"
    proc = simulate(path, crash_after=writes)          # killed right after the last write
    assert proc.returncode == -9
    assert Journal(path).game(1).status == "over"     # marked in the same transaction
    service, lines = boot(path)
    try:
        keys = spoken(lines)
        assert keys == ["service.ready"], keys        # no game over, no roles said again
    finally:
        service.stop()
        service.journal.close()


def test_a_journal_of_an_older_firmware_with_an_unmarked_finished_game_is_marked_over(tmp_path):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    gid = journal.begin_game(dealt_setup(SETUP).to_json())
    for action in ACTIONS:                             # the whole game, its mark never written
        journal.append_action(gid, action)
    journal.close()
    for _ in range(2):
        service, lines = boot(path)
        try:
            assert spoken(lines) == ["service.ready"]
            assert service.journal.game(gid).status == "over"
        finally:
            service.stop()
            service.journal.close()


def test_simulate_on_a_damaged_journal_says_so_and_plays_on_without_a_traceback(tmp_path):
    path = tmp_path / "journal.sqlite3"
    write_game(path)
    flip_in_bodies(path)
    script = tmp_path / "s.jsonl"
    script.write_text(json.dumps({"setup": SETUP}) + "\n" + json.dumps({"signal": "wait", "seconds": 1}) + "\n")
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(script),
                           "--journal", str(path)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [json.loads(l) for l in proc.stdout.splitlines()]
    assert [l["reason"] for l in journal_lines(lines)] == ["entry_damaged"]
    assert "journal.lost" in spoken(lines) and "service.resumed" in spoken(lines)
    assert kept_files(path)


def test_a_cut_while_the_file_was_being_made_is_no_damage(tmp_path):
    # killed inside the first transaction, before WAL mode: a hot rollback journal, which a
    # read-only connection cannot roll back; the check rolls back a private copy instead
    path = tmp_path / "journal.sqlite3"
    code = (
        "import os, signal, sqlite3\n"
        "from firmware_host.service.journal import _DDL\n"
        f"db = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
        "db.execute('PRAGMA cache_size=1')\n"
        "db.execute('BEGIN')\n"
        "for stmt in _DDL.split(';'):\n"
        "    stmt.strip() and db.execute(stmt)\n"
        "db.execute('CREATE TABLE filler(x)')\n"
        "for i in range(3000): db.execute('INSERT INTO filler VALUES (?)', ('x' * 400,))\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT)
    assert proc.returncode == -9 and Path(str(path) + "-journal").stat().st_size > 0
    journal = Journal(path)
    try:
        assert journal.repair is None and not kept_files(path)
        gid = journal.begin_game(dealt_setup(SETUP).to_json())
        assert journal.unfinished().id == gid
    finally:
        journal.close()
