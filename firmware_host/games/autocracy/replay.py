"""The replay of an Autocracy game file (AUTOCRACY.md "Replay"), without I/O.

:func:`replay_objects` takes the parsed lines of a game file (``(line number, value)``, after
the setup) and returns the output objects in order: events, ``announce`` lines, ``rejected``
lines and the final ``{"state": ...}``. ``firmware-host replay`` reads and writes the file;
this module only plays it.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from firmware_host.checks import quoted
from firmware_host.errors import UsageError

from .engine import ACTION_KINDS, Action, Event, Game, IllegalAction
from .rules import Setup, deal, roll
from .views import state_json

__all__ = ["replay_objects", "start_game"]

#: ``announcer(game, item)`` -> ``announce`` lines; ``item`` is an :class:`Event` or
#: ``("refusal", IllegalAction, line object)``.
Announcer = Callable[[Game, Any], list[dict]]


def start_game(setup_obj: Any) -> tuple[Setup, Game, random.Random | None]:
    """Validate ``setup_obj``, deal what it leaves out (A4, A5), and make the :class:`Game`
    (not started); also the random source for rolls the file leaves out (None without a seed).

    Raises:
        SetupError: the setup is invalid (a ``UsageError``).
    """
    setup = Setup.from_json(setup_obj)
    rng = random.Random(setup.seed) if setup.seed is not None else None
    mentors, pile = deal(setup, rng)
    return setup, Game(setup.with_dealt(mentors, pile)), rng


def replay_objects(setup_obj: Any, setup_line: int, lines: Iterable[tuple[int, Any]],
                   announcer: Announcer | None | bool = None) -> list[dict]:
    """Play a game file; return the output objects in order.

    Args:
        setup_obj: the value of the first line's ``"setup"`` key.
        setup_line: the setup's line number (for messages).
        lines: ``(line number, value)`` of every further line that is not blank or ``#``.
        announcer: the ``announce`` lines of each event and refusal; None: the game's own
            (:func:`.announce.replay_announcer`, in the setup's language); ``False``: none.

    Raises:
        UsageError: the file is unusable (AUTOCRACY.md "What makes the file unusable"): an
            invalid setup, a line that is not an object with a string ``action``, or an
            unknown action name.
    """
    try:
        setup, game, rng = start_game(setup_obj)
    except UsageError as exc:
        raise UsageError(f"line {setup_line}: {exc}") from None
    if announcer is None:
        from .announce import replay_announcer
        announcer = replay_announcer(setup.language)
    elif announcer is False:
        announcer = None
    out: list[dict] = []

    def emit(events: list[Event]) -> None:
        for event in events:
            out.append(event.to_json())
            if announcer:
                out.extend(announcer(game, event))

    emit(game.start())
    for number, obj in lines:
        if not isinstance(obj, dict) or not isinstance(obj.get("action"), str):
            raise UsageError(f"line {number}: not an action (expected an object with a string "
                             "\"action\")")
        name = obj["action"]
        if not isinstance(name, str) or name not in ACTION_KINDS:
            raise UsageError(f"line {number}: unknown action {quoted(name)}; the actions are "
                             f"{', '.join(ACTION_KINDS)}")
        action = Action.from_json(obj)
        try:
            if action.kind == "roll" and action.dice is None and rng is not None:
                game.check(action, unrolled_ok=True)
                action = Action("roll", action.seat,
                                dice=tuple(tuple(f) for f in roll(game.setup, rng)))
            events = game.apply(action)
        except IllegalAction as exc:
            out.append({"event": "rejected", "line": number, "action": name,
                        "reason": exc.reason, "message": exc.message})
            if announcer:
                out.extend(announcer(game, ("refusal", exc, obj)))
            continue
        emit(events)
    out.append({"state": state_json(game)})
    return out
