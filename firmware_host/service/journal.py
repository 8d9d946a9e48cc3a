"""The journal: every accepted action, in SQLite, written before it is announced.

A power cut or a crash never loses an accepted action: each entry is committed with
``journal_mode=WAL`` and ``synchronous=FULL`` before the service speaks about it, and on the
next start the service rebuilds the game by replaying the journal through the engine.
Nothing is ever erased: a game-master undo is an entry of its own, and a finished or
abandoned game stays in the file.

Layout (schema version 2)::

    games(id, created, setup JSON, status 'playing'|'over'|'abandoned', crc)
    entries(id, game, created, kind 'action'|'undo'|'note', body JSON, crc)
    seat_settings(seat, updated, body JSON)   -- per-seat settings (ACCESSIBILITY.md 19), not game data
    seat_pace(seat, updated, body JSON)       -- each seat's recent reaction times (ACCESSIBILITY.md 31);
                                                 a file without it gains it when opened (no new schema);
                                                 a repaired file starts them afresh

``crc`` is the CRC-32 of the row's content (:func:`entry_crc`, :func:`setup_crc`), so a
flipped byte inside a body that still reads as JSON (``"seat": 1`` become ``"seat": 3``) is
found; rows of schema 1 have none and are trusted as SQLite hands them back.

``setup`` holds the game master's setup *with the dealt roles and deck*, so a replay of the
journal never needs randomness; ``reshuffle`` orders are ordinary ``action`` entries. The
action that ends a game and the game's ``over`` mark are one transaction
(``append_action(..., finish="over")``), so no cut can leave a finished game "playing".

**Damage** (a card pulled during a write, a worn SD card, a file copied by hand): beside the
file the journal keeps a small *witness*, ``<journal>.last`` (one JSON line, replaced
atomically after every committed write: the game in play, its status and how many entries
and actions it has). At every start :meth:`Journal.__init__` checks the file before it is
used, through a read-only connection that changes nothing on disk:

- the bytes: the file is there when the witness says a game was written, and never empty
  (the board writes its schema at once: an empty file, with or without its witness, is
  damage, never a new journal taken silently, issue 34), the
  SQLite header is whole and the file has exactly the pages its header names (a cut-off
  tail, appended bytes);
- ``PRAGMA integrity_check``; the schema is this journal's (not another SQLite file);
- every entry of the latest game and its setup decode and match their CRC;
- nothing the witness names is missing (a lost, cut-off or garbled ``-wal`` file, an
  empty or replaced main file).

Any problem is answered the same way: the file (with its ``-wal``/``-shm``) is renamed to
``<journal>.damaged-<UTC time>`` and never deleted; every row that still reads back whole is
copied into a new journal at the old path; the game in play is kept up to its last entry
that reads back whole (entries after a damaged or missing one are left out, in the kept
file); and :attr:`Journal.repair` (a :class:`JournalRepair`) tells the service what was found
and how much of the game was lost, for it to say at the table and on the console.
Checkpoints (:data:`CHECKPOINT_WRITES`, :data:`CHECKPOINT_SECONDS`, and at each game's start
and end) move the WAL into the main file during a game, so a lost ``-wal`` loses only the
last few entries.

Example::

    journal = Journal("/var/lib/firmware-host/journal.sqlite3")
    if journal.repair is not None:
        print(journal.repair.detail)
    game_id = journal.begin_game({"players": 5, "roles": [...], "deck": [...]})
    journal.append_action(game_id, {"action": "choose", "seat": 0, "target": 1})
    journal.append_undo(game_id)
    journal.unfinished()        # -> JournalGame(id, setup, actions=[]) : the undo took it back
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import shutil
import signal
import sqlite3
import tempfile
import threading
import time
import zlib
from pathlib import Path
from typing import Any, Callable, Iterator

from firmware_host.errors import FirmwareHostError

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2

#: environment variable for crash tests: SIGKILL the process right after the Nth journal write
CRASH_ENV = "FIRMWARE_HOST_CRASH_AFTER_WRITE"

#: a checkpoint (WAL moved into the main file and truncated) after this many committed writes…
CHECKPOINT_WRITES = 8
#: …or once this many seconds have passed since the last one, whichever comes first
CHECKPOINT_SECONDS = 30.0

#: the SQLite file header's first 16 bytes (https://www.sqlite.org/fileformat.html 1.3)
SQLITE_MAGIC = b"SQLite format 3\x00"

_DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    setup TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    crc INTEGER
);
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games(id),
    created REAL NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    crc INTEGER
);
CREATE INDEX IF NOT EXISTS entries_game ON entries(game, id);
CREATE TABLE IF NOT EXISTS seat_settings (
    seat INTEGER PRIMARY KEY,
    updated REAL NOT NULL,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_pace (
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


@dataclasses.dataclass(frozen=True)
class JournalRepair:
    """What the journal's self-check at start found, and what it kept.

    :param reasons: the problems found, in the order checked: ``missing`` (the file is gone
        though a game was written), ``empty``, ``header`` (not an SQLite header),
        ``truncated`` (fewer bytes than the header's pages), ``extra_bytes`` (more),
        ``malformed`` (``integrity_check`` or a read failed), ``foreign`` (another SQLite
        file, not a journal), ``entry_damaged`` (an entry or setup that does not decode or
        match its CRC), ``entries_lost`` (fewer entries than the witness counted: a lost or
        damaged ``-wal``).
    :param detail: one line for the log and the console (English, names the kept file).
    :param kept: where the damaged file was renamed to (its ``-wal``/``-shm`` beside it as
        ``<kept>-wal``/``<kept>-shm``), or None when there was no file to keep.
    :param game: the id of the game that was in play, or None (none, or none known).
    :param resumed: True when that game goes on (its setup read back whole).
    :param kept_actions: how many action entries of that game were kept.
    :param lost_actions: how many action entries of that game were lost, or None when unknown
        (no witness).
    """

    reasons: tuple[str, ...]
    detail: str
    kept: Path | None
    game: int | None
    resumed: bool
    kept_actions: int = 0
    lost_actions: int | None = None

    @property
    def reason(self) -> str:
        """The first problem found (the ``reason`` of the ``fault`` line)."""
        return self.reasons[0]


def entry_crc(game: int, kind: str, body: str) -> int:
    """The CRC-32 (zlib) of an entry: its game id, kind and JSON body (UTF-8)."""
    return zlib.crc32(f"{int(game)}\n{kind}\n{body}".encode("utf-8", "surrogatepass"))


def setup_crc(setup: str) -> int:
    """The CRC-32 (zlib) of a game's setup JSON (UTF-8)."""
    return zlib.crc32(setup.encode("utf-8", "surrogatepass"))


def _dumps(obj: Any) -> str:
    """JSON text for the journal.

    :raises JournalError: for a value JSON cannot hold or UTF-8 cannot encode (a lone
        surrogate): nothing is written.
    """
    try:
        text = json.dumps(obj, sort_keys=True, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise JournalError(f"journal: not stored: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    return text


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


@dataclasses.dataclass
class _Salvage:
    """What reads back whole from a damaged journal: the games, every entry's id and game, the
    entries of the game in play (checked row by row), the seat settings and the seats' paces."""

    games: dict[int, tuple[float, str, str]] = dataclasses.field(default_factory=dict)
    ids: dict[int, int] = dataclasses.field(default_factory=dict)
    entries: dict[int, tuple[int, float, str, str]] = dataclasses.field(default_factory=dict)
    damaged_entries: set[int] = dataclasses.field(default_factory=set)
    seat_settings: dict[int, tuple[float, str]] = dataclasses.field(default_factory=dict)
    seat_pace: dict[int, tuple[float, str]] = dataclasses.field(default_factory=dict)


class Journal:
    """An append-only SQLite journal of games (thread-safe; one connection, one lock).

    :param path: the SQLite file; its folder is created (mode 0700) and the file is made
        mode 0600 (the setup holds every role).
    :ivar repair: None, or the :class:`JournalRepair` when the self-check at start found
        damage (see the module docstring): the service says it aloud and on the console.
    :raises JournalError: when the file cannot be opened or created at all (a folder that
        cannot be written), or was written by a newer firmware; damage is never an error.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.witness_path = Path(str(self.path) + ".last")
        self._lock = threading.Lock()
        self._writes = 0
        self._since_checkpoint = 0
        self._checkpoint_at = time.monotonic()
        self._db: sqlite3.Connection | None = None
        self.repair: JournalRepair | None = None
        #: called with the new game's id each time :meth:`begin_game` has written one, before
        #: the game says anything (the board cuts what the last game still had queued, issue 34)
        self.begun: list[Callable[[int], None]] = []
        crash = os.environ.get(CRASH_ENV, "").strip()
        self._crash_after = int(crash) if crash.isdigit() else None
        try:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise JournalError(f"journal {self.path}: {exc.strerror or exc}") from None
            witness = self._read_witness()
            problems = self._check(witness)
            if problems:
                self.repair = self._recover(problems, witness)
            self._open()
            self._write_witness()
        except BaseException:
            db = self._db
            if db is not None:               # never leave the file open behind a JournalError
                db.close()
            raise

    # -- opening ----------------------------------------------------------------------------
    def _open(self) -> None:
        """Create or open the file (mode 0600) and its schema. :raises JournalError:"""
        try:
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
            elif int(row[0]) < SCHEMA_VERSION:
                self._migrate(int(row[0]))
            self._private_sidecars()
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"journal {self.path}: {exc}") from None
        except OSError as exc:
            raise JournalError(f"journal {self.path}: {exc.strerror or exc}") from None

    def _migrate(self, version: int) -> None:
        """Schema 1 → 2: the ``crc`` columns (old rows keep NULL: trusted as read)."""
        assert self._db is not None
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for table in ("games", "entries"):
                cols = [r[1] for r in self._db.execute(f"PRAGMA table_info({table})")]
                if "crc" not in cols:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN crc INTEGER")
            self._db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION),))
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        log.info("journal %s: schema %d updated to %d", self.path, version, SCHEMA_VERSION)

    def _private_sidecars(self) -> None:
        """SQLite's ``-wal``/``-shm`` files hold the same secrets: mode 0600 too."""
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                os.chmod(side, 0o600)

    # -- the witness --------------------------------------------------------------------------
    def _read_witness(self) -> dict | None:
        """The witness (see the module docstring), or None when absent or unreadable."""
        try:
            raw = self.witness_path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            log.warning("journal witness %s cannot be read (%s): the journal is checked without it",
                        self.witness_path, exc.strerror or exc)
            return None
        try:
            value = json.loads(raw.decode("utf-8"))
            ok = (isinstance(value, dict)
                  and all(isinstance(value.get(k), int) and not isinstance(value.get(k), bool) and value[k] >= 0
                          for k in ("game", "entries", "actions"))
                  and value.get("status") in ("playing", "over", "abandoned"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            ok = False
        if not ok:
            log.warning("journal witness %s is damaged: the journal is checked without it", self.witness_path)
            return None
        return value

    def _write_witness(self) -> None:
        """Replace the witness with the latest game's counts (atomically, fsynced)."""
        assert self._db is not None
        row = self._db.execute("SELECT id, status FROM games ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            witness = {"game": 0, "status": "over", "entries": 0, "actions": 0}
        else:
            counts = self._db.execute(
                "SELECT count(*), coalesce(sum(kind='action'), 0) FROM entries WHERE game=?", (row[0],)).fetchone()
            witness = {"game": int(row[0]), "status": row[1], "entries": int(counts[0]), "actions": int(counts[1])}
        tmp = Path(str(self.witness_path) + ".tmp")
        try:
            fd = os.open(tmp, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
            try:
                os.write(fd, (json.dumps(witness, sort_keys=True) + "\n").encode("ascii"))
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.witness_path)
            dfd = os.open(self.witness_path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError as exc:  # the journal itself is written: a missing witness only weakens the check
            log.warning("journal witness %s cannot be written: %s", self.witness_path, exc.strerror or exc)

    # -- the self-check -------------------------------------------------------------------------
    def _check(self, witness: dict | None) -> list[tuple[str, str]]:
        """Every problem of the file as found, as ``(reason, detail)``; [] when it is sound."""
        wrote = witness is not None and witness["game"] > 0
        if not self.path.exists():
            return [("missing", "the journal file is missing")] if wrote else []
        size = self.path.stat().st_size
        wal = Path(str(self.path) + "-wal")
        wal_size = wal.stat().st_size if wal.exists() else 0
        hot = Path(str(self.path) + "-journal")   # a cut while the file was being made (rollback mode)
        if size == 0 and wal_size == 0:
            # never taken as a new journal silently (issue 34): the board makes its schema at
            # once, so an empty file is damage, the more so when its witness is gone too
            return [("empty", "the journal file is empty" if witness is not None
                     else "the journal file is empty and its witness is missing")]
        hot_size = hot.stat().st_size if hot.exists() else 0
        # a hot rollback journal: SQLite restores the file's pages on open; judge it after that
        problems = [] if hot_size else self._check_bytes(size, wal_size)
        if any(reason == "header" for reason, _ in problems):
            return problems
        try:
            return problems + self._check_connection(f"file:{self.path}?mode=ro", witness)
        except sqlite3.OperationalError as exc:
            if "readonly" not in str(exc).replace(" ", "").lower():
                raise
        # a cut left a WAL that needs recovery, or a hot rollback journal, which a read-only
        # connection cannot run:
        # check a private copy instead (the file itself still untouched)
        tmpdir = tempfile.mkdtemp(prefix=".check-", dir=self.path.parent)
        try:
            copy = Path(tmpdir) / "journal.sqlite3"
            shutil.copyfile(self.path, copy)
            for suffix in ("-wal", "-journal"):     # SQLite completes or rolls back on open
                if Path(str(self.path) + suffix).exists():
                    shutil.copyfile(Path(str(self.path) + suffix), Path(str(copy) + suffix))
            return problems + self._check_connection(f"file:{copy}", witness)
        except OSError as exc:
            return problems + [("malformed", f"the journal cannot be read ({exc.strerror or exc})")]
        finally:
            shutil.rmtree(tmpdir, ignore_errors=True)

    def _check_connection(self, uri: str, witness: dict | None) -> list[tuple[str, str]]:
        """:meth:`_check_database` through a connection to ``uri``; damage is a problem, a
        read-only connection that cannot recover the WAL raises ``OperationalError``."""
        try:
            db = sqlite3.connect(uri, uri=True, isolation_level=None)
        except sqlite3.Error as exc:
            return [("malformed", f"the journal cannot be opened ({exc})")]
        try:
            return self._check_database(db, witness)
        except sqlite3.OperationalError as exc:
            if "readonly" in str(exc).replace(" ", "").lower():
                raise
            return [("malformed", f"the journal cannot be read ({exc})")]
        except sqlite3.DatabaseError as exc:
            return [("malformed", f"the journal cannot be read ({exc})")]
        finally:
            db.close()

    def _check_bytes(self, size: int, wal_size: int) -> list[tuple[str, str]]:
        """The header, and the file's length against the page count in the header. The
        length is compared only when the WAL is empty: a cut during a checkpoint may leave
        pages beyond the header's count, which the WAL's checkpoint completes."""
        with open(self.path, "rb") as fh:
            head = fh.read(100)
        if len(head) < 100 or head[:16] != SQLITE_MAGIC:
            return [("header", "the journal file has no SQLite header")]
        page_size = int.from_bytes(head[16:18], "big")
        page_size = 65536 if page_size == 1 else page_size
        if page_size < 512 or page_size & (page_size - 1):
            return [("header", f"the journal header names an impossible page size ({page_size})")]
        pages = int.from_bytes(head[28:32], "big")
        if wal_size:
            return []
        if head[92:96] == head[24:28] and pages:       # the in-header size is valid
            expected = pages * page_size
            if size < expected:
                return [("truncated", f"the journal file is {expected - size} bytes short")]
            if size > expected:
                return [("extra_bytes", f"the journal file has {size - expected} bytes after its last page")]
        elif size % page_size:
            return [("truncated", "the journal file does not end on a page")]
        return []

    def _check_database(self, db: sqlite3.Connection, witness: dict | None) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        rows = db.execute("PRAGMA integrity_check").fetchall()
        if [tuple(r) for r in rows] != [("ok",)]:
            first = str(rows[0][0]).strip().splitlines()[-1] if rows else "?"
            problems.append(("malformed", f"the journal fails SQLite's integrity check ({first})"))
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            if witness is not None and witness["game"] > 0:
                problems.append(("empty", "the journal holds no table"))
            return problems
        schema = None
        if {"meta", "games", "entries"} <= tables:
            row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            schema = row[0] if row else None
        if schema is None or not str(schema).isdigit():
            return problems + [("foreign", "the file is an SQLite file but not a journal")]
        if int(schema) > SCHEMA_VERSION:
            raise JournalError(f"journal {self.path}: schema {schema} is newer than this firmware ({SCHEMA_VERSION})")
        has_crc = int(schema) >= 2
        last = db.execute(f"SELECT id, setup, status, {'crc' if has_crc else 'NULL'} FROM games "
                          "ORDER BY id DESC LIMIT 1").fetchone()
        entries, actions = 0, 0
        if last is not None:
            game_id, setup, _status, crc = last
            if not _setup_ok(setup, crc):
                problems.append(("entry_damaged", f"the setup of game {game_id} does not read back whole"))
            bad = 0
            for eid, kind, body, ecrc in db.execute(
                    f"SELECT id, kind, body, {'crc' if has_crc else 'NULL'} FROM entries WHERE game=? ORDER BY id",
                    (game_id,)):
                entries += 1
                actions += kind == "action"
                if not _entry_ok(game_id, kind, body, ecrc):
                    bad += 1
            if bad:
                problems.append(("entry_damaged", f"{bad} entries of game {game_id} do not read back whole"))
        if witness is not None and witness["game"] > 0:
            wgame = witness["game"]
            if last is None or last[0] < wgame:
                problems.append(("entries_lost", f"game {wgame} is missing from the journal"))
            elif last[0] == wgame and entries < witness["entries"]:
                problems.append(("entries_lost", f"{witness['entries'] - entries} entries of game {wgame} are missing"))
        return problems

    # -- recovery ---------------------------------------------------------------------------------
    def _recover(self, problems: list[tuple[str, str]], witness: dict | None) -> JournalRepair:
        """Keep the damaged file aside, copy what reads back whole into a new journal."""
        reasons = tuple(dict.fromkeys(r for r, _ in problems))
        found = "; ".join(dict.fromkeys(d for _, d in problems))
        kept = self._set_aside()
        tmpdir = tempfile.mkdtemp(prefix=".salvage-", dir=self.path.parent)
        try:
            source = None if kept is None or "foreign" in reasons else self._salvage_copy(kept, Path(tmpdir))
            salvage = _Salvage()
            if source is not None:
                self._salvage_rows(source, salvage)
            game, setup_ok = self._game_in_play(salvage, witness)
            if source is not None and game is not None and setup_ok:
                self._salvage_game(source, salvage, game)
            keep_entries = self._resumable_entries(salvage, game) if game is not None and setup_ok else []
            self._write_salvage(salvage, source, game if setup_ok else None, keep_entries)
        finally:
            shutil.rmtree(tmpdir, ignore_errors=True)     # our own copy, never the kept file
        kept_actions = sum(1 for eid in keep_entries if salvage.entries[eid][2] == "action")
        lost: int | None = None
        if witness is not None and game is not None and witness["game"] == game and witness["status"] == "playing":
            lost = max(0, witness["actions"] - kept_actions)
        elif witness is None and game is not None and setup_ok:
            after = keep_entries[-1] if keep_entries else 0
            lost = sum(1 for e, row in salvage.entries.items() if e > after and row[2] == "action") + sum(
                1 for e in salvage.damaged_entries if e > after) or None
        resumed = game is not None and setup_ok
        where = f"kept as {kept.name}" if kept is not None else "nothing to keep"
        if game is None:
            outcome = "no game was in play"
        elif not resumed:
            outcome = f"game {game} cannot be read back and cannot go on"
        else:
            lost_text = "an unknown number of" if lost is None else str(lost)
            outcome = (f"game {game} goes on from its last entry that reads back whole "
                       f"({kept_actions} actions kept, {lost_text} lost)")
        detail = f"journal {self.path.name} damaged: {found}; {where}; {outcome}"
        log.error("%s", detail)
        return JournalRepair(reasons, detail, kept, game, resumed, kept_actions, lost)

    def _set_aside(self) -> Path | None:
        """Rename the file and its ``-wal``/``-shm`` to ``<name>.damaged-<UTC time>[-wal|-shm]``."""
        if not self.path.exists():
            return None
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        kept = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while kept.exists():
            n += 1
            kept = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            for suffix in ("-wal", "-shm", "-journal", ""):
                side = Path(str(self.path) + suffix)
                if side.exists():
                    os.replace(side, Path(str(kept) + suffix))
        except OSError as exc:
            raise JournalError(f"journal {self.path}: the damaged file cannot be kept aside ({exc.strerror or exc})") from None
        return kept

    def _salvage_copy(self, kept: Path, tmpdir: Path) -> Path | None:
        """A private copy of the kept file and its WAL, made readable (:func:`_repair_header`),
        so the kept files stay exactly as found; None when it cannot even be copied."""
        copy = tmpdir / "journal.sqlite3"
        try:
            shutil.copyfile(kept, copy)
            for suffix in ("-wal", "-journal"):
                if Path(str(kept) + suffix).exists():
                    shutil.copyfile(Path(str(kept) + suffix), Path(str(copy) + suffix))
            _repair_header(copy)
        except OSError as exc:
            log.error("journal %s: the damaged file cannot be read (%s)", self.path, exc.strerror or exc)
            return None
        return copy

    @staticmethod
    def _connect_source(source: Path) -> tuple[sqlite3.Connection | None, str]:
        """A connection to the salvage copy and the ``crc`` column to select (``NULL`` in schema 1)."""
        try:
            db = sqlite3.connect(str(source), isolation_level=None)
        except sqlite3.Error:
            return None, "NULL"
        try:
            row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            has_crc = row is not None and str(row[0]).isdigit() and int(row[0]) >= 2
        except sqlite3.DatabaseError:
            has_crc = True            # guess: the column is asked for; a failing read falls back
        return db, "crc" if has_crc else "NULL"

    def _salvage_rows(self, source: Path, out: _Salvage) -> None:
        """The games, every entry's id and game, and the seat settings and paces (ACCESSIBILITY.md
        31: a seat's pace is kept with its settings) that read back whole."""
        db, crc = self._connect_source(source)
        if db is None:
            return
        try:
            for rowid, (created, setup, status, scrc) in _rows(db, "games", f"created, setup, status, {crc}"):
                if isinstance(setup, str) and status in ("playing", "over", "abandoned") and _setup_ok(setup, scrc):
                    out.games[rowid] = (float(created or 0.0), setup, status)
            for rowid, (game,) in _rows(db, "entries", "game"):
                if isinstance(game, int):
                    out.ids[rowid] = game
            for rowid, (updated, body) in _rows(db, "seat_settings", "updated, body"):
                if isinstance(body, str) and _json_dict(body) is not None:
                    out.seat_settings[rowid] = (float(updated or 0.0), body)
            for rowid, (updated, body) in _rows(db, "seat_pace", "updated, body"):
                value = _json_dict(body) if isinstance(body, str) else None
                if value is not None and isinstance(value.get("reactions"), list):
                    out.seat_pace[rowid] = (float(updated or 0.0), body)
        finally:
            db.close()

    def _salvage_game(self, source: Path, out: _Salvage, game: int) -> None:
        """Every entry of ``game`` read row by row, decoded and CRC-checked."""
        db, crc = self._connect_source(source)
        if db is None:
            return
        try:
            first = min((e for e, g in out.ids.items() if g == game), default=None)
            if first is None:
                return
            for rowid, (g, created, kind, body, ecrc) in _rows(db, "entries", f"game, created, kind, body, {crc}",
                                                              after=first - 1, where=f"game = {int(game)}"):
                if kind in ("action", "undo", "note") and isinstance(body, str) and _entry_ok(g, kind, body, ecrc):
                    out.entries[rowid] = (g, float(created or 0.0), kind, body)
                else:
                    out.damaged_entries.add(rowid)
        finally:
            db.close()

    @staticmethod
    def _game_in_play(salvage: _Salvage, witness: dict | None) -> tuple[int | None, bool]:
        """The game that was in play and whether its setup read back whole."""
        if witness is not None and witness["game"] > 0:
            if witness["status"] != "playing":
                return None, False
            game = witness["game"]
            row = salvage.games.get(game)
            return game, row is not None and row[2] == "playing"
        playing = [g for g, (_c, _s, status) in salvage.games.items() if status == "playing"]
        if not playing:
            return None, False
        game = max(playing)
        if any(g > game for g in salvage.games):
            return None, False
        return game, True

    @staticmethod
    def _resumable_entries(salvage: _Salvage, game: int) -> list[int]:
        """The ids of ``game``'s entries up to the last one before a damaged or missing one.

        Entry ids grow by one across the whole file and one game is played at a time, so a
        missing id after the game's first entry, or a damaged row, ends what can be kept."""
        before = [e for e, g in salvage.ids.items() if g < game]
        mine = sorted(e for e, g in salvage.ids.items() if g == game)
        expected = (max(before) + 1) if before else (mine[0] if mine else None)
        kept: list[int] = []
        for eid in mine:
            if eid != expected or eid not in salvage.entries:
                break
            kept.append(eid)
            expected = eid + 1
        return kept

    def _write_salvage(self, salvage: _Salvage, source: Path | None, game: int | None,
                       keep_entries: list[int]) -> None:
        """A new journal at :attr:`path`: the games, seat settings and paces read back, the history of
        the other games copied in bulk (SQL, in chunks; a chunk that fails is halved down to
        single rows, which are skipped), the game in play up to ``keep_entries``."""
        self._open()
        db = self._db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            for gid, (created, setup, status) in sorted(salvage.games.items()):
                if status == "playing" and gid != game:
                    status = "abandoned"
                db.execute("INSERT INTO games(id, created, setup, status, crc) VALUES (?, ?, ?, ?, ?)",
                           (gid, created, setup, status, setup_crc(setup)))
            for eid in keep_entries:
                g, created, kind, body = salvage.entries[eid]
                db.execute("INSERT INTO entries(id, game, created, kind, body, crc) VALUES (?, ?, ?, ?, ?, ?)",
                           (eid, g, created, kind, body, entry_crc(g, kind, body)))
            for seat, (updated, body) in sorted(salvage.seat_settings.items()):
                db.execute("INSERT INTO seat_settings(seat, updated, body) VALUES (?, ?, ?)", (seat, updated, body))
            for seat, (updated, body) in sorted(salvage.seat_pace.items()):
                db.execute("INSERT INTO seat_pace(seat, updated, body) VALUES (?, ?, ?)", (seat, updated, body))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if source is not None and salvage.ids:
            self._copy_history(source, -1 if game is None else game, max(salvage.ids))
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        self._db = None

    def _copy_history(self, source: Path, game: int, last_id: int) -> None:
        """Copy the entries of every game but ``game`` from ``source`` as they are (their CRCs
        travel with them and are checked when read)."""
        db = self._db
        assert db is not None
        _src, crc = self._connect_source(source)
        if _src is None:
            return
        _src.close()
        db.execute("ATTACH DATABASE ? AS old", (str(source),))
        sql = ("INSERT OR IGNORE INTO main.entries(id, game, created, kind, body, crc) "
               f"SELECT rowid, game, created, kind, body, {crc} FROM old.entries NOT INDEXED "
               "WHERE rowid > ? AND rowid <= ? AND game != ? AND game IN (SELECT id FROM main.games) "
               "AND kind IN ('action', 'undo', 'note') AND typeof(body) = 'text'")

        def copy(lo: int, hi: int) -> None:
            try:
                db.execute(sql, (lo, hi, game))
            except sqlite3.DatabaseError:
                if hi - lo > 1:
                    mid = (lo + hi) // 2
                    copy(lo, mid)
                    copy(mid, hi)

        try:
            db.execute("BEGIN IMMEDIATE")
            for lo in range(0, last_id + 1, 4096):
                copy(lo, min(lo + 4096, last_id))
            db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            log.warning("journal %s: the history of finished games could not be copied (%s)", self.path, exc)
        finally:
            db.execute("DETACH DATABASE old")

    # -- writing --------------------------------------------------------------------------
    def _write(self, sql: str, args: tuple) -> int:
        return self._transaction([(sql, args)])

    def _transaction(self, statements: list[tuple[str, tuple]], checkpoint: bool = False) -> int:
        """Run ``statements`` as one committed transaction (one write for the crash tests);
        returns the first statement's ``lastrowid``; then the witness and, when due, a checkpoint.

        :raises JournalError: nothing of it is written.
        """
        with self._lock:
            db = self._db
            if db is None:
                raise JournalError(f"journal {self.path}: closed")
            rowid = 0
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    for i, (sql, args) in enumerate(statements):
                        cur = db.execute(sql, args)
                        if i == 0:
                            rowid = int(cur.lastrowid or 0)
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise JournalError(f"journal {self.path}: {exc}") from None
            self._writes += 1
            if self._crash_after is not None and self._writes >= self._crash_after:
                log.warning("crash test: killing the service after journal write %d", self._writes)
                os.kill(os.getpid(), signal.SIGKILL)
            self._since_checkpoint += 1
            if (checkpoint or self._since_checkpoint >= CHECKPOINT_WRITES
                    or time.monotonic() - self._checkpoint_at >= CHECKPOINT_SECONDS):
                self._checkpoint()
            self._write_witness()
            return rowid

    def _checkpoint(self) -> None:
        """Move the WAL into the main file (called with the lock held)."""
        assert self._db is not None
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:
            log.warning("journal %s: checkpoint failed: %s", self.path, exc)
        self._since_checkpoint = 0
        self._checkpoint_at = time.monotonic()

    def seat_settings(self) -> dict[int, dict]:
        """The stored per-seat settings (ACCESSIBILITY.md 19): seat (0-based) -> settings dict
        (see :class:`firmware_host.table.seat_settings.SeatSettings`); kept apart from the games.

        An unreadable row is skipped with a warning.

        :raises JournalError: the database cannot be read.
        """
        rows = self._read("SELECT seat, body FROM seat_settings ORDER BY seat", ())
        out: dict[int, dict] = {}
        for seat, body in rows:
            value = _json_dict(body) if isinstance(body, str) else None
            if value is None:
                log.warning("journal %s: unreadable settings of seat %s ignored", self.path, seat)
                continue
            out[int(seat)] = value
        return out

    def save_seat_settings(self, seat: int, settings: dict) -> None:
        """Store (replace) one seat's settings in one committed write.

        :raises JournalError: the file cannot be written, or ``settings`` holds text UTF-8
            cannot encode (nothing written).
        """
        self._write("INSERT OR REPLACE INTO seat_settings(seat, updated, body) VALUES (?, ?, ?)",
                    (int(seat), time.time(), _dumps(settings)))

    def seat_pace(self) -> dict[int, list]:
        """Each seat's kept reaction times (ACCESSIBILITY.md 31): seat (0-based) -> the list of
        seconds, oldest first (:mod:`firmware_host.table.pace`); kept apart from the games and
        from the settings. An unreadable row is skipped with a warning.

        :raises JournalError: the database cannot be read.
        """
        rows = self._read("SELECT seat, body FROM seat_pace ORDER BY seat", ())
        out: dict[int, list] = {}
        for seat, body in rows:
            value = _json_dict(body) if isinstance(body, str) else None
            reactions = value.get("reactions") if value is not None else None
            if not isinstance(reactions, list):
                log.warning("journal %s: unreadable pace of seat %s ignored", self.path, seat)
                continue
            out[int(seat)] = reactions
        return out

    def save_seat_pace(self, seat: int, reactions: list[float]) -> None:
        """Store (replace) one seat's recent reaction times (seconds) in one committed write.

        :raises JournalError: the file cannot be written (nothing written).
        """
        self._write("INSERT OR REPLACE INTO seat_pace(seat, updated, body) VALUES (?, ?, ?)",
                    (int(seat), time.time(), _dumps({"reactions": [float(r) for r in reactions]})))

    def begin_game(self, setup: dict) -> int:
        """Start a new game with ``setup`` (concrete roles and deck); returns its id.

        Any game still ``playing`` is marked ``abandoned`` in the same transaction (it stays
        in the file). Then every listener in :attr:`begun` is called with the new id.

        :raises JournalError: not written (the file, or text UTF-8 cannot encode).
        """
        body = _dumps(setup)
        game_id = self._transaction(
            [("INSERT INTO games(created, setup, status, crc) VALUES (?, ?, 'playing', ?)",
              (time.time(), body, setup_crc(body))),
             ("UPDATE games SET status='abandoned' WHERE status='playing' AND id < last_insert_rowid()", ())],
            checkpoint=True)
        self._private_sidecars()
        for listener in list(self.begun):
            try:
                listener(game_id)
            except Exception:  # noqa: BLE001 - a listener never undoes a written game
                log.exception("journal: a listener of game %d's beginning failed", game_id)
        return game_id

    def _entry(self, game_id: int, kind: str, body: dict) -> tuple[str, tuple]:
        text = _dumps(body)
        return ("INSERT INTO entries(game, created, kind, body, crc) VALUES (?, ?, ?, ?, ?)",
                (int(game_id), time.time(), kind, text, entry_crc(game_id, kind, text)))

    def append_action(self, game_id: int, action: dict, *, finish: str | None = None) -> int:
        """Journal one accepted REPLAY.md action dict (also ``reshuffle``); returns the entry id.

        :param finish: ``"over"`` when this action ends the game: the game is marked over in
            the same transaction, so no cut can leave it ``playing``.
        :raises JournalError: nothing written.
        """
        statements = [self._entry(game_id, "action", action)]
        if finish is not None:
            statements.append(("UPDATE games SET status=? WHERE id=?", (finish, int(game_id))))
        return self._transaction(statements, checkpoint=finish is not None)

    def append_undo(self, game_id: int, reason: str = "game master") -> int:
        """Journal an undo of the last action (with its reshuffles); a game marked ``over`` is
        ``playing`` again in the same transaction (the game-ending action was taken back).

        :raises NothingToUndo: when no action is left to take back.
        """
        if not self.actions(game_id):
            raise NothingToUndo("nothing to undo: no action since the game started")
        return self._transaction([self._entry(game_id, "undo", {"undo": True, "reason": reason}),
                                  ("UPDATE games SET status='playing' WHERE id=? AND status='over'", (int(game_id),))])

    def append_note(self, game_id: int, note: dict) -> int:
        """Journal a note (pause, resume, restart…) that does not change the game."""
        return self._transaction([self._entry(game_id, "note", note)])

    def finish_game(self, game_id: int, status: str = "over") -> None:
        """Mark a game ``over`` (or ``abandoned``); it is no longer resumed."""
        self._transaction([("UPDATE games SET status=? WHERE id=?", (status, game_id))], checkpoint=True)

    # -- reading --------------------------------------------------------------------------
    def _read(self, sql: str, args: tuple) -> list[tuple]:
        with self._lock:
            if self._db is None:
                raise JournalError(f"journal {self.path}: closed")
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise JournalError(f"journal {self.path}: {exc}") from None

    def entries(self, game_id: int) -> list[tuple[str, dict]]:
        """All ``(kind, body)`` entries of a game, in order.

        :raises JournalError: an entry does not read back whole (damaged since the start).
        """
        out = []
        for eid, kind, body, crc in self._read("SELECT id, kind, body, crc FROM entries WHERE game=? ORDER BY id",
                                               (game_id,)):
            value = _json_dict(body) if _entry_ok(game_id, kind, body, crc) else None
            if value is None:
                raise JournalError(f"journal {self.path}: entry {eid} of game {game_id} does not read back whole")
            out.append((kind, value))
        return out

    def actions(self, game_id: int) -> list[dict]:
        """The effective actions of a game (undos applied)."""
        return effective_actions(self.entries(game_id))

    def game(self, game_id: int) -> JournalGame:
        """One game by id.

        :raises UnknownGameError: (a KeyError) if there is no such game.
        :raises JournalError: its setup or an entry does not read back whole.
        """
        rows = self._read("SELECT setup, status, crc FROM games WHERE id=?", (game_id,))
        if not rows:
            raise UnknownGameError(game_id)
        setup, status, crc = rows[0]
        value = _json_dict(setup) if _setup_ok(setup, crc) else None
        if value is None:
            raise JournalError(f"journal {self.path}: the setup of game {game_id} does not read back whole")
        return JournalGame(game_id, value, self.actions(game_id), status)

    def unfinished(self) -> JournalGame | None:
        """The latest game still ``playing``, or None."""
        rows = self._read("SELECT id FROM games WHERE status='playing' ORDER BY id DESC LIMIT 1", ())
        return None if not rows else self.game(int(rows[0][0]))

    def last_game(self) -> JournalGame | None:
        """The latest game whatever its status, or None."""
        rows = self._read("SELECT id FROM games ORDER BY id DESC LIMIT 1", ())
        return None if not rows else self.game(int(rows[0][0]))

    def told(self, game_id: int) -> int | None:
        """How many of game ``game_id``'s effective actions the table had been told (its last
        ``{"note": "told", "actions": n}`` note, written after each announcement), or None
        when the game has no such note (a journal written before them: everything was told).

        :raises JournalError: an entry does not read back whole.
        """
        told = None
        for kind, body in self.entries(game_id):
            if kind == "note" and body.get("note") == "told" and type(body.get("actions")) is int:
                told = body["actions"]
        return told

    def end_untold(self) -> JournalGame | None:
        """The latest game if it is ``over`` but the table was not told all of it (a cut after
        its last action was journaled, before its end was announced), else None.

        :raises JournalError: its setup or an entry does not read back whole.
        """
        game = self.last_game()
        if game is None or game.status != "over":
            return None
        told = self.told(game.id)
        return game if told is not None and told < len(game.actions) else None

    def replay_lines(self, game_id: int) -> list[dict]:
        """The game as REPLAY.md input objects: ``{"setup": …}`` then each effective action."""
        g = self.game(game_id)
        return [{"setup": g.setup}, *g.actions]

    def close(self) -> None:
        """Close the database (a checkpoint keeps the WAL small); safe to call twice."""
        with self._lock:
            db, self._db = self._db, None
            if db is None:
                return
            try:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass
            db.close()


# -- helpers of the self-check ------------------------------------------------------------------
def _json_dict(text: Any) -> dict | None:
    """``text`` as a JSON object, or None when it is not one."""
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _setup_ok(setup: Any, crc: Any) -> bool:
    if not isinstance(setup, str) or _json_dict(setup) is None:
        return False
    return crc is None or crc == setup_crc(setup)


def _entry_ok(game: Any, kind: Any, body: Any, crc: Any) -> bool:
    if not isinstance(body, str) or not isinstance(kind, str) or _json_dict(body) is None:
        return False
    return crc is None or crc == entry_crc(game, kind, body)


def _rows(db: sqlite3.Connection, table: str, columns: str, after: int = 0,
          where: str = "1") -> Iterator[tuple[int, tuple]]:
    """``(rowid, row)`` of ``table`` (rows matching ``where``) in rowid order after ``after``,
    stepping over ranges that cannot be read (a read error skips ahead 1, 2, 4… rowids from
    the last good one)."""
    skip = 1
    while after < 2 ** 40:
        try:
            cur = db.execute(f"SELECT rowid, {columns} FROM {table} NOT INDEXED WHERE rowid > ? AND ({where}) "
                             "ORDER BY rowid", (after,))
            for row in cur:
                yield int(row[0]), tuple(row[1:])
                after, skip = int(row[0]), 1
            return
        except sqlite3.DatabaseError as exc:
            if "no such table" in str(exc) or "no such column" in str(exc):
                return
            after += skip
            skip *= 2


def _repair_header(path: Path) -> None:
    """Make a copy of a damaged journal readable: a file cut short is filled up with zero
    pages to the length its header names; one whose first 100 bytes are lost gets an SQLite
    header again, so its pages can be read.

    The page size is found from the b-tree page headers (https://www.sqlite.org/fileformat.html
    1.6: a table b-tree page starts with 0x0D or 0x05); WAL mode, UTF-8, schema format 4, no
    free list (free pages are then only unused), the page count from the file's length.
    """
    with open(path, "r+b") as fh:
        data = fh.read(65536 * 2)
        size = os.fstat(fh.fileno()).st_size
        if data[:16] == SQLITE_MAGIC:
            # a cut-off tail: zero pages up to the header's count, so SQLite reads the rest
            ps = int.from_bytes(data[16:18], "big")
            ps = 65536 if ps == 1 else ps
            pages = int.from_bytes(data[28:32], "big")
            if ps >= 512 and data[92:96] == data[24:28] and size < pages * ps:
                fh.truncate(pages * ps)
            return
        if len(data) < 512:
            return
        page_size = next((ps for ps in (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)
                          if len(data) > 100 and data[100] in (0x0D, 0x05)
                          and (len(data) <= ps or data[ps] in (0x0D, 0x05, 0x0A, 0x02, 0x00))), 4096)
        header = bytearray(100)
        header[:16] = SQLITE_MAGIC
        header[16:18] = (1 if page_size == 65536 else page_size).to_bytes(2, "big")
        header[18], header[19], header[20] = 2, 2, 0          # WAL, no reserved bytes
        header[21], header[22], header[23] = 64, 32, 32
        header[24:28] = (1).to_bytes(4, "big")                 # change counter
        header[28:32] = (size // page_size).to_bytes(4, "big")
        header[40:44] = (1).to_bytes(4, "big")                 # schema cookie
        header[44:48] = (4).to_bytes(4, "big")                 # schema format
        header[56:60] = (1).to_bytes(4, "big")                 # UTF-8
        header[92:96] = (1).to_bytes(4, "big")                 # version-valid-for = change counter
        header[96:100] = (3040001).to_bytes(4, "big")
        fh.seek(0)
        fh.write(bytes(header))
