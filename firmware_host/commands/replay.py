"""``firmware-host replay GAME.jsonl``: play a game file through its game's rules engine
(REPLAY.md; the setup's ``game`` key picks the game from :mod:`firmware_host.kernel.games`).
Given the board's journal (an SQLite file) instead, it replays the journal's latest game: its
setup and effective actions, as the board would resume it (:func:`journal_lines`), so a bug
report can be the journal itself.

Writes JSON Lines to stdout: the engine's events, ``announce`` lines, ``rejected`` lines for
refused actions, and a final ``{"state": ...}``. An unusable file (unreadable, bad JSON, bad
setup, a game that is not registered, unknown action, a due reshuffle without a seed) raises
:class:`~firmware_host.errors.UsageError`: one line on stderr, exit status 2, and nothing on
stdout.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from typing import Any, Iterator

from firmware_host.errors import UsageError

__all__ = ["configure", "main", "replay_lines", "read_game_file", "journal_lines", "is_journal"]

#: the first bytes of every SQLite file (the board's journal)
SQLITE_HEADER = b"SQLite format 3\x00"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``replay`` arguments: the game file (``-`` reads stdin)."""
    parser.add_argument("game", metavar="GAME.jsonl",
                        help="replay file: a setup line, then one action per line (REPLAY.md); or "
                             "the board's journal (journal.sqlite3): its latest game")


def read_game_file(path: str) -> list[str]:
    """The physical lines of ``path`` (``-``: stdin), read as UTF-8 (a leading BOM is
    skipped), without line ends (:func:`firmware_host.jsonlines.read_lines`).

    Raises:
        UsageError: the file is not UTF-8 text. (``OSError`` passes through; the CLI
            reports it as one line.)
    """
    from firmware_host.jsonlines import read_lines

    return read_lines(path)


def is_journal(path: str) -> bool:
    """True when ``path`` (not ``-``) is an SQLite file, i.e. a board journal, by its header.
    (``OSError`` passes through; the CLI reports it as one line.)"""
    if path == "-":
        return False
    with open(path, "rb") as f:
        return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def journal_lines(path: str) -> list[str]:
    """The latest game of the board journal at ``path`` as the lines of a replay file: its
    setup (``{"setup": …}``, with the dealt roles and deck) and its effective actions, undos
    applied (:meth:`Journal.replay_lines <firmware_host.service.journal.Journal.replay_lines>`).

    The journal is read from a copy (with its ``-wal`` and ``.last`` files) in a temporary
    folder, so the file of a running board is never written, repaired or moved aside.

    Raises:
        UsageError: the file is a damaged journal (what the board's self-check found), one
            written by a newer firmware, or one that holds no game. (``OSError`` passes
            through; the CLI reports it as one line.)
    """
    import shutil
    import tempfile

    from firmware_host.service.journal import Journal, JournalError

    with tempfile.TemporaryDirectory(prefix="firmware-host-replay-") as folder:
        copy = os.path.join(folder, "journal.sqlite3")
        shutil.copyfile(path, copy)
        for suffix in ("-wal", ".last"):
            if os.path.exists(path + suffix):
                shutil.copyfile(path + suffix, copy + suffix)
        quiet = logging.NullHandler()           # the copy's self-check speaks through the error only
        logger = logging.getLogger("firmware_host")
        logger.addHandler(quiet)
        try:
            journal = Journal(copy)
        except JournalError as exc:
            raise UsageError(f"{path}: {str(exc).replace(copy, 'the journal')}") from None
        finally:
            logger.removeHandler(quiet)
        try:
            if journal.repair is not None and "foreign" in journal.repair.reasons:
                raise UsageError(f"{path}: an SQLite file, but not a board journal")
            if journal.repair is not None:
                raise UsageError(f"{path}: a damaged journal ({', '.join(journal.repair.reasons)}); the board "
                                 "keeps it aside and what it can read of it when it starts on it")
            game = journal.last_game()
            if game is None:
                raise UsageError(f"{path}: the journal holds no game")
            return [json.dumps(obj, ensure_ascii=False) for obj in journal.replay_lines(game.id)]
        except JournalError as exc:
            raise UsageError(f"{path}: {str(exc).replace(copy, 'the journal')}") from None
        finally:
            journal.close()


def _parse(lines: list[str]) -> Iterator[tuple[int, Any]]:
    """``(line number, value)`` of every line that is not blank or ``#`` (REPLAY.md).

    Raises:
        UsageError: ``line N: …`` for a line that is not valid JSON (also NaN/Infinity or
            nested too deeply to read).
    """
    from firmware_host.jsonlines import objects

    return objects(lines)


def replay_lines(lines: list[str]) -> list[dict]:
    """Replay the physical ``lines`` of a game file; return the output objects in order.

    The setup's ``game`` key picks the game from the registry (:mod:`firmware_host.kernel.games`;
    absent: its ``DEFAULT_GAME``), whose pack replays the rest by its own contract (REPLAY.md,
    each game's spec, "Replay").

    Raises:
        UsageError: the file is unusable (REPLAY.md "What makes the file unusable"), also
            when its ``game`` is not a registered game.
    """
    from firmware_host.kernel import games

    parsed = _parse(lines)
    first = next(parsed, None)
    if first is None:
        raise UsageError("the file holds no setup line")
    number, obj = first
    if not isinstance(obj, dict) or "setup" not in obj:
        raise UsageError(f"line {number}: the first line must be {{\"setup\": {{...}}}}")
    try:
        name, setup = games.split_setup(obj["setup"])
    except games.UnknownGame as exc:
        raise games.UnknownGame(f"line {number}: {exc}") from None
    return games.pack(name).replay(setup, number, _no_signals(parsed))


def _no_signals(parsed: Iterator[tuple[int, Any]]) -> Iterator[tuple[int, Any]]:
    """The action lines, refusing a board signal (a ``simulate`` script given to ``replay``)
    with a pointer to ``simulate --script``."""
    for number, obj in parsed:
        if isinstance(obj, dict) and "signal" in obj and "action" not in obj:
            raise UsageError(f"line {number}: a board signal, not an action: this looks like a simulate "
                             "script (SIMULATE.md); play it with `firmware-host simulate --script FILE`")
        yield number, obj


def main(args: argparse.Namespace) -> int:
    """Run ``replay``; returns 0 once the file was read, whatever was rejected.

    Raises:
        UsageError: the file is unusable (the CLI prints one line, exit status 2).
    """
    lines = journal_lines(args.game) if is_journal(args.game) else read_game_file(args.game)
    out = replay_lines(lines)
    write = sys.stdout.write
    try:
        for obj in out:
            write(json.dumps(obj, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``| head``): the file was read, nothing is wrong with
        # it. Point stdout at /dev/null so the interpreter's final flush stays quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return 0
