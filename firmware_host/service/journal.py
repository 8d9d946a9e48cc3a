"""The journal: every accepted action, in SQLite, written before it is announced.

A power cut or a crash never loses an accepted action: each entry is committed with
``journal_mode=WAL`` and ``synchronous=FULL`` before the service speaks about it, and on the
next start the service rebuilds the game by replaying the journal through the engine.
Nothing is ever erased: a game-master undo is an entry of its own, and a finished or
abandoned game stays in the file.

Layout (schema version 1)::

    games(id, created, setup JSON, status 'playing'|'over'|'abandoned')
    entries(id, game, created, kind 'action'|'undo'|'note', body JSON)
    seat_settings(seat, updated, body JSON)   -- per-seat settings (ACCESSIBILITY.md 19), not game data

``setup`` holds the game master's setup *with the dealt roles and deck*, so a replay of the
journal never needs randomness; ``reshuffle`` orders are ordinary ``action`` entries.

Example::

    journal = Journal("/var/lib/firmware-host/journal.sqlite3")
    game_id = journal.begin_game({"players": 5, "roles": [...], "deck": [...]})
    journal.append_action(game_id, {"action": "nominate", "seat": 0, "target": 1})
    journal.append_undo(game_id)
    journal.unfinished()        # -> JournalGame(id, setup, actions=[]) : the undo took it back
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import signal
import sqlite3
import threading
import time
from pathlib import Path

from firmware_host.errors import FirmwareHostError

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1

#: environment variable for crash tests: SIGKILL the process right after the Nth journal write
CRASH_ENV = "FIRMWARE_HOST_CRASH_AFTER_WRITE"

_DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    setup TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games(id),
    created REAL NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_game ON entries(game, id);
CREATE TABLE IF NOT EXISTS seat_settings (
    seat INTEGER PRIMARY KEY,
    updated REAL NOT NULL,
    body TEXT NOT NULL
);
"""


class JournalError(FirmwareHostError, OSError):
    """The journal file cannot be opened or written (a one-line message names the file)."""


class UnknownGameError(FirmwareHostError, KeyError):
    """No game with that id in the journal (``args[0]`` is the id asked for)."""


class NothingToUndo(FirmwareHostError, LookupError):
    """An undo was asked for while the game has no action left to take back."""


@dataclasses.dataclass(frozen=True)
class JournalGame:
    """A game as the journal holds it.

    :param id: the game's row id.
    :param setup: the REPLAY.md setup object with concrete ``roles`` and ``deck``.
    :param actions: the effective actions (REPLAY.md action dicts, undos applied), in order.
    :param status: ``playing``, ``over`` or ``abandoned``.
    """

    id: int
    setup: dict
    actions: list[dict]
    status: str = "playing"


def effective_actions(entries: list[tuple[str, dict]]) -> list[dict]:
    """Apply undo entries to a list of ``(kind, body)`` entries; returns the actions left.

    An undo takes back the last action that is not a ``reshuffle`` together with the
    reshuffles written right after it (they were caused by it).
    """
    actions: list[dict] = []
    for kind, body in entries:
        if kind == "action":
            actions.append(body)
        elif kind == "undo":
            while actions and actions[-1].get("action") == "reshuffle":
                actions.pop()
            if actions:
                actions.pop()
    return actions


class Journal:
    """An append-only SQLite journal of games (thread-safe; one connection, one lock).

    :param path: the SQLite file; its folder is created (mode 0700) and the file is made
        mode 0600 (the setup holds every role).
    :raises JournalError: when the file cannot be opened, created or is not a journal.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._writes = 0
        crash = os.environ.get(CRASH_ENV, "").strip()
        self._crash_after = int(crash) if crash.isdigit() else None
        try:
            self._open()
        except BaseException:
            db = getattr(self, "_db", None)
            if db is not None:               # never leave the file open behind a JournalError
                db.close()
            raise

    def _open(self) -> None:
        """Create or open the file (mode 0600) and its schema. :raises JournalError:"""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if not self.path.exists():
                fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600)
                os.close(fd)
            os.chmod(self.path, 0o600)
            self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_DDL)
            row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                self._db.execute("INSERT INTO meta(key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif int(row[0]) > SCHEMA_VERSION:
                raise JournalError(f"journal {self.path}: schema {row[0]} is newer than this firmware ({SCHEMA_VERSION})")
            self._private_sidecars()
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"journal {self.path}: {exc}") from None
        except OSError as exc:
            raise JournalError(f"journal {self.path}: {exc.strerror or exc}") from None

    def _private_sidecars(self) -> None:
        """SQLite's ``-wal``/``-shm`` files hold the same secrets: mode 0600 too."""
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                os.chmod(side, 0o600)

    # -- writing --------------------------------------------------------------------------
    def _write(self, sql: str, args: tuple) -> int:
        with self._lock:
            try:
                cur = self._db.execute(sql, args)
            except sqlite3.Error as exc:
                raise JournalError(f"journal {self.path}: {exc}") from None
            self._writes += 1
            if self._crash_after is not None and self._writes >= self._crash_after:
                log.warning("crash test: killing the service after journal write %d", self._writes)
                os.kill(os.getpid(), signal.SIGKILL)
            return int(cur.lastrowid or 0)

    def seat_settings(self) -> dict[int, dict]:
        """The stored per-seat settings (ACCESSIBILITY.md 19): seat (0-based) -> settings dict
        (see :class:`firmware_host.service.seat_settings.SeatSettings`); kept apart from the games.

        An unreadable row is skipped with a warning.

        :raises JournalError: the database cannot be read.
        """
        with self._lock:
            try:
                rows = self._db.execute("SELECT seat, body FROM seat_settings ORDER BY seat").fetchall()
            except sqlite3.Error as exc:
                raise JournalError(f"journal {self.path}: {exc}") from None
        out: dict[int, dict] = {}
        for seat, body in rows:
            try:
                value = json.loads(body)
            except ValueError:
                log.warning("journal %s: unreadable settings of seat %d ignored", self.path, seat)
                continue
            if isinstance(value, dict):
                out[int(seat)] = value
        return out

    def save_seat_settings(self, seat: int, settings: dict) -> None:
        """Store (replace) one seat's settings in one committed write.

        :raises JournalError: the file cannot be written.
        """
        self._write("INSERT OR REPLACE INTO seat_settings(seat, updated, body) VALUES (?, ?, ?)",
                    (int(seat), time.time(), json.dumps(settings, sort_keys=True, ensure_ascii=False)))

    def begin_game(self, setup: dict) -> int:
        """Start a new game with ``setup`` (concrete roles and deck); returns its id.

        Any game still ``playing`` is marked ``abandoned`` first (it stays in the file).
        """
        with self._lock:
            self._db.execute("UPDATE games SET status='abandoned' WHERE status='playing'")
        game_id = self._write("INSERT INTO games(created, setup, status) VALUES (?, ?, 'playing')",
                              (time.time(), json.dumps(setup, sort_keys=True)))
        self._private_sidecars()
        return game_id

    def append_action(self, game_id: int, action: dict) -> int:
        """Journal one accepted REPLAY.md action dict (also ``reshuffle``); returns the entry id."""
        return self._write("INSERT INTO entries(game, created, kind, body) VALUES (?, ?, 'action', ?)",
                           (game_id, time.time(), json.dumps(action, sort_keys=True)))

    def append_undo(self, game_id: int, reason: str = "game master") -> int:
        """Journal an undo of the last action (with its reshuffles).

        :raises NothingToUndo: when no action is left to take back.
        """
        if not self.actions(game_id):
            raise NothingToUndo("nothing to undo: no action since the game started")
        return self._write("INSERT INTO entries(game, created, kind, body) VALUES (?, ?, 'undo', ?)",
                           (game_id, time.time(), json.dumps({"undo": True, "reason": reason})))

    def append_note(self, game_id: int, note: dict) -> int:
        """Journal a note (pause, resume, restart…) that does not change the game."""
        return self._write("INSERT INTO entries(game, created, kind, body) VALUES (?, ?, 'note', ?)",
                           (game_id, time.time(), json.dumps(note, sort_keys=True)))

    def finish_game(self, game_id: int, status: str = "over") -> None:
        """Mark a game ``over`` (or ``abandoned``); it is no longer resumed."""
        self._write("UPDATE games SET status=? WHERE id=?", (status, game_id))

    # -- reading --------------------------------------------------------------------------
    def entries(self, game_id: int) -> list[tuple[str, dict]]:
        """All ``(kind, body)`` entries of a game, in order."""
        with self._lock:
            rows = self._db.execute("SELECT kind, body FROM entries WHERE game=? ORDER BY id", (game_id,)).fetchall()
        return [(kind, json.loads(body)) for kind, body in rows]

    def actions(self, game_id: int) -> list[dict]:
        """The effective actions of a game (undos applied)."""
        return effective_actions(self.entries(game_id))

    def game(self, game_id: int) -> JournalGame:
        """One game by id. :raises UnknownGameError: (a KeyError) if there is no such game."""
        with self._lock:
            row = self._db.execute("SELECT setup, status FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        return JournalGame(game_id, json.loads(row[0]), self.actions(game_id), row[1])

    def unfinished(self) -> JournalGame | None:
        """The latest game still ``playing``, or None."""
        with self._lock:
            row = self._db.execute("SELECT id FROM games WHERE status='playing' ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else self.game(int(row[0]))

    def last_game(self) -> JournalGame | None:
        """The latest game whatever its status, or None."""
        with self._lock:
            row = self._db.execute("SELECT id FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else self.game(int(row[0]))

    def replay_lines(self, game_id: int) -> list[dict]:
        """The game as REPLAY.md input objects: ``{"setup": …}`` then each effective action."""
        g = self.game(game_id)
        return [{"setup": g.setup}, *g.actions]

    def close(self) -> None:
        """Close the database (a checkpoint keeps the WAL small)."""
        with self._lock:
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass
            self._db.close()
