"""The replay of a Dying Message game file (DYING_MESSAGE.md "Replay"), without I/O.

:func:`replay_objects` takes the parsed lines of a game file (``(line number, value)``, the
setup first) and returns the output objects in order: events, ``announce`` lines,
``rejected`` lines and the final ``{"state": ...}``. ``firmware-host replay`` reads and
writes the file; this module only plays it.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Iterator

from firmware_host.checks import quoted
from firmware_host.errors import UsageError

from .actions import ACTION_KINDS, CHANCE_KINDS, Action, IllegalAction, illegal
from .engine import Game
from .playout import chance_action
from .setup import Setup, deal
from .views import state_json

__all__ = ["replay_objects", "start_game", "announcer_for"]

Announcer = Callable[[Game, Any], list[dict]]


def start_game(setup_obj: Any) -> tuple[Setup, Game, random.Random | None]:
    """Validate ``setup_obj``, deal what it leaves out, and make the :class:`Game` (not
    started); also the random source for chance inputs the file leaves out (None without a
    seed).

    Raises:
        SetupError: the setup is invalid (a ``UsageError``).
    """
    setup = Setup.from_json(setup_obj)
    rng = random.Random(setup.seed) if setup.seed is not None else None
    roles, deck = deal(setup, rng)
    return setup, Game(setup.with_dealt(roles, deck)), rng


def announcer_for(setup: Setup) -> Announcer:
    """The replay's announcer: ``announce`` lines (channel, key, params, text) in the setup's
    language, cards described by the setup's ``evidence`` (M46)."""
    from . import announce, catalogue

    language = setup.language
    descriptions = dict(enumerate(setup.evidence)) if setup.evidence is not None else None

    def line(a: "announce.Line") -> dict:
        return {"event": "announce", "channel": a.channel, "key": a.key, "params": a.params,
                "text": catalogue.text(a.key, a.params, language, descriptions=descriptions)}

    def say(game: Game, entry: Any) -> list[dict]:
        if entry[0] == "refusal":
            _, error, obj = entry
            return [line(announce.refusal(error, obj.get("seat"), game))]
        return [line(a) for a in announce.for_entry(game, entry)]

    return say


def replay_objects(setup_obj: Any, setup_line: int, lines: Iterable[tuple[int, Any]],
                   announcer: Announcer | None = None) -> list[dict]:
    """Play a game file; return the output objects in order.

    Args:
        setup_obj: the value of the first line's ``"setup"`` key.
        setup_line: the setup's line number (for messages).
        lines: ``(line number, value)`` of every further line that is not blank or ``#``.
        announcer: ``announcer(game, entry)`` → the ``announce`` lines of one
            :attr:`Game.log` entry, or of ``("refusal", IllegalAction, line object)``; None:
            :func:`announcer_for` the setup (pass ``False`` for no announcements).

    Raises:
        UsageError: the file is unusable ("What makes the file unusable"): an invalid setup,
            a line that is not an object with a string ``action``, an unknown action name,
            or a due chance input the file does not give while the setup has no seed.
    """
    try:
        setup, game, rng = start_game(setup_obj)
    except UsageError as exc:
        raise UsageError(f"line {setup_line}: {exc}") from None
    if announcer is None:
        announcer = announcer_for(setup)
    elif announcer is False:
        announcer = None
    out: list[dict] = []

    def emit() -> None:
        for entry in game.log:
            if entry[0] == "event":
                out.append(entry[1].to_json())
            if announcer is not None:
                out.extend(announcer(game, entry))

    def settle_chance(number: int | None) -> None:
        while game.chance_due is not None:
            if rng is None:
                where = f"line {number}" if number is not None else "the end of the file"
                raise UsageError(f"{where}: a chance input {quoted(game.chance_due)} is due "
                                 f"({'M37' if game.chance_due == 'shuffle' else 'M27'}), and "
                                 "without a seed the file must give it")
            action = chance_action(game, rng)
            game.apply(action)
            emit()

    game.start()
    emit()
    for number, obj in lines:
        if not isinstance(obj, dict) or "action" not in obj:
            raise UsageError(f"line {number}: not an action (expected {{\"action\": ...}})")
        name = obj["action"]
        if not isinstance(name, str) or name not in ACTION_KINDS:
            raise UsageError(f"line {number}: unknown action {quoted(name)}")
        if game.chance_due is not None and name != game.chance_due:
            settle_chance(number)
        try:
            action = Action.from_json(obj, game.players, game.options["dog_may_pass"])
            if game.phase == "game_over":
                raise illegal("game_over", f"{name}: the game is over")
            game.apply(action)
        except IllegalAction as exc:
            if game.phase == "game_over" and exc.reason != "game_over":
                exc = illegal("game_over", f"{name}: the game is over")
            out.append({"event": "rejected", "line": number, "action": name,
                        "reason": exc.reason, "message": exc.message})
            if announcer is not None:
                out.extend(announcer(game, ("refusal", exc, obj)))
            continue
        emit()
    settle_chance(None)
    out.append({"state": state_json(game)})
    return out
