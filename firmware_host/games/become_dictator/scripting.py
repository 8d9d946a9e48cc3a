"""Board signal scripts from games: what a table does at the board for a replay file.

:func:`signals_for_game` turns a game (DICTATOR.md setup and actions) into the SIMULATE.md
signals a table produces for it: each seat's press, a wait for its scan to reach the wanted
item and the choosing press, for every choice of every step; a ``wait`` through every
morning's discussion (D32). No game-master signal is needed.

Example::

    lines = signals_for_game({"game": "become_dictator", "players": 6, "language": "en"},
                             actions)       # list of JSON-ready dicts, setup first
"""

from __future__ import annotations

from .engine import Action, Game
from .rules import DROPS, Setup

__all__ = ["signals_for_game", "SCAN_TIMEOUT"]

#: seconds a ``wait_for`` of a scan item may take (a 10-seat list, three passes)
SCAN_TIMEOUT = 180.0


def signals_for_game(setup: dict, actions: list[dict], *, morning_seconds: float = 180.0) -> list[dict]:
    """The board signals for a game, setup line first.

    :param setup: the setup as given to the board (DICTATOR.md; ``names`` and
        ``morning_seconds`` may be added).
    :param actions: DICTATOR.md action dicts, all legal, in order.
    :param morning_seconds: the discussion time the board uses (a ``wait`` a little longer
        than it follows each new day).
    :raises IllegalAction: an action the rules refuse.
    """
    game = Game(Setup.from_json({k: v for k, v in setup.items()
                                 if k not in ("names", "morning_seconds")}))
    game.start()
    out: list[dict] = [{"setup": dict(setup)}]
    add = out.append
    wait = float(setup.get("morning_seconds", morning_seconds)) + 1.0

    def press(seat: int) -> None:
        add({"signal": "button", "seat": seat, "gesture": "press"})

    def pick(seat: int, key: str, params: dict) -> None:
        add({"signal": "wait_for", "key": key, "params": params, "timeout": SCAN_TIMEOUT})
        press(seat)

    if wait > 1.0:
        add({"signal": "wait", "seconds": wait})
    for obj in actions:
        action = Action.from_json(obj)
        seat, phase = action.seat, game.phase
        press(seat)
        if phase == "vote":
            pick(seat, "scan.seat", {"seat": action.target})
        elif phase in ("discard_vote", "final_vote"):
            if action.kind == "no_discard_vote":
                pick(seat, "scan.option.vote_today", {})
            else:
                pick(seat, "scan.option.vote" if action.kind == "vote" else "scan.option.discard_vote", {})
                pick(seat, "scan.seat", {"seat": action.target})
                if phase == "discard_vote":
                    pick(seat, "scan.card", {"role": action.role})
                    pick(seat, "scan.confirm.discard_vote", {"target": action.target})
                elif action.kind == "vote":
                    pick(seat, "scan.confirm.vote", {"target": action.target})
                else:
                    pick(seat, "scan.confirm.final_discard_vote", {"target": action.target})
        else:
            pledge = game.pledges[seat]
            for role in action.roles:
                if role != pledge:
                    pick(seat, "scan.card", {"role": role})
            pick(seat, "scan.confirm.drop", {})
        day = game.day
        game.apply(action)
        if game.day != day and game.phase != "game_over" and wait > 1.0:
            add({"signal": "wait", "seconds": wait})
    return out


