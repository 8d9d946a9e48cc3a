"""``firmware-host replay GAME.jsonl``: play a game file through the rules engine (REPLAY.md).

Writes JSON Lines to stdout: the engine's events, ``announce`` lines (when the announcement
catalogue is installed), ``rejected`` lines for refused actions, and a final ``{"state": ...}``.
An unusable file (unreadable, bad JSON, bad setup, unknown action, a due reshuffle without a
seed) raises :class:`~firmware_host.errors.UsageError`: one line on stderr, exit status 2, and
nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any, Callable, Iterator

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


def _announcer(language: str) -> Callable[..., list[dict]] | None:
    """The announcement step, or None while the catalogue modules are not installed."""
    try:
        from firmware_host.games.secret_dictator import announce, catalogue
    except ImportError:
        return None

    def say(action: Any, events: list, game: Any) -> list[dict]:
        out = []
        for a in announce.announcements(action, events, game):
            out.append({"event": "announce", "channel": a.channel, "key": a.key,
                        "params": a.params, "text": catalogue.text(a.key, a.params, language)})
        return out

    return say


def _refusal(error: Any, action: Any, language: str, game: Any) -> list[dict]:
    """The spoken refusal of a rejected action (key ``refusal.<reason>``)."""
    try:
        from firmware_host.games.secret_dictator import announce, catalogue
    except ImportError:
        return []
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < game.players:
        seat = None
    maker = getattr(announce, "refusal", None)
    if maker is not None:
        item = maker(error, seat, game)
        return [{"event": "announce", "channel": item.channel, "key": item.key,
                 "params": item.params, "text": catalogue.text(item.key, item.params, language)}]
    key = f"refusal.{error.reason}"
    params: dict[str, Any] = {"seat": seat}
    channel = f"seat:{seat}" if error.private and seat is not None else "public"
    return [{"event": "announce", "channel": channel, "key": key, "params": params,
             "text": catalogue.text(key, params, language)}]


def replay_lines(lines: list[str]) -> list[dict]:
    """Replay the physical ``lines`` of a game file; return the output objects in order.

    Raises:
        UsageError: the file is unusable (REPLAY.md "What makes the file unusable").
    """
    from firmware_host.games.secret_dictator import (ACTION_KINDS, Action, Game,
                                                     IllegalAction, Setup, deal,
                                                     shuffle_order, state_json)

    parsed = _parse(lines)
    first = next(parsed, None)
    if first is None:
        raise UsageError("the file holds no setup line")
    number, obj = first
    if not isinstance(obj, dict) or "setup" not in obj:
        raise UsageError(f"line {number}: the first line must be {{\"setup\": {{...}}}}")
    try:
        setup = Setup.from_json(obj["setup"])
    except UsageError as exc:
        raise UsageError(f"line {number}: {exc}") from None
    rng = random.Random(setup.seed) if setup.seed is not None else None
    roles, deck = deal(setup, rng)
    game = Game(setup.with_dealt(roles, deck))
    say = _announcer(setup.language)
    out: list[dict] = []

    def emit(action: Any, events: list) -> None:
        out.extend(e.to_json() for e in events)
        if say is not None:
            out.extend(say(action, events, game))

    def settle_reshuffle(number: int | None) -> None:
        if game.reshuffle_due is None:
            return
        if rng is None:
            where = f"line {number}" if number is not None else "the end of the file"
            raise UsageError(f"{where}: a reshuffle of {game.reshuffle_due} laws is due (R12), "
                             f"and without a seed the file must give it")
        action = Action("reshuffle", order=tuple(shuffle_order(game.reshuffle_pool, rng)))
        emit(action, game.apply(action))

    emit(None, game.start())
    for number, obj in parsed:
        name = obj.get("action") if isinstance(obj, dict) else None
        if not isinstance(obj, dict) or "action" not in obj:
            raise UsageError(f"line {number}: not an action (expected {{\"action\": ...}})")
        if not isinstance(name, str) or name not in ACTION_KINDS:
            raise UsageError(f"line {number}: unknown action {name!r}")
        if name != "reshuffle":
            settle_reshuffle(number)
        try:
            action = Action.from_json(obj)
            events = game.apply(action)
        except IllegalAction as exc:
            reason = "game_over" if game.phase == "game_over" else exc.reason
            message = str(exc) if reason == exc.reason else f"{name}: the game is over"
            out.append({"event": "rejected", "line": number, "action": name, "reason": reason,
                        "message": message})
            if reason != exc.reason:
                exc = IllegalAction(reason, message)
            out.extend(_refusal(exc, _loose_action(obj), setup.language, game))
            continue
        emit(action, events)
    settle_reshuffle(None)
    out.append({"state": state_json(game)})
    return out


def _loose_action(obj: dict) -> Any:
    """An Action carrying whatever fields a refused line had (for the refusal's seat)."""
    from firmware_host.games.secret_dictator import Action
    order = obj.get("order")
    return Action(obj.get("action"), obj.get("seat"), obj.get("target"), obj.get("ballot"),
                  obj.get("party"), obj.get("accept"),
                  tuple(order) if isinstance(order, list) else None)


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
