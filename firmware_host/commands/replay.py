"""``firmware-host replay GAME.jsonl``: play a game file through its game's rules engine
(REPLAY.md; the setup's ``game`` key picks the game from :mod:`firmware_host.kernel.games`).

Writes JSON Lines to stdout: the engine's events, ``announce`` lines, ``rejected`` lines for
refused actions, and a final ``{"state": ...}``. An unusable file (unreadable, bad JSON, bad
setup, a game that is not registered, unknown action, a due reshuffle without a seed) raises
:class:`~firmware_host.errors.UsageError`: one line on stderr, exit status 2, and nothing on
stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Iterator

from firmware_host.errors import UsageError

__all__ = ["configure", "main", "replay_lines", "read_game_file"]


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``replay`` arguments: the game file (``-`` reads stdin)."""
    parser.add_argument("game", metavar="GAME.jsonl",
                        help="replay file: a setup line, then one action per line (REPLAY.md)")


def read_game_file(path: str) -> list[str]:
    """The physical lines of ``path`` (``-``: stdin), read as UTF-8 (a leading BOM is
    skipped), without line ends (:func:`firmware_host.jsonlines.read_lines`).

    Raises:
        UsageError: the file is not UTF-8 text. (``OSError`` passes through; the CLI
            reports it as one line.)
    """
    from firmware_host.jsonlines import read_lines

    return read_lines(path)


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
    out = replay_lines(read_game_file(args.game))
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
