"""How a table plays Token Duel from board signals (the conformance suite's hooks)."""

from __future__ import annotations

import random

from .rules import NAME, Action, Game, Setup

SCAN_TIMEOUT = 60.0
#: the game deals nothing: no hidden role to move between seats
REVEALS: tuple = ()
FINAL_CHOICES: tuple = ()


def sample_setup(language: str = "de") -> dict:
    """A setup line's object."""
    return {"game": NAME, "players": 2, "language": language}


def seat_answers() -> dict:
    """The answers the seats give in the setup from the seats."""
    return {"players": 2}


def whole_game(setup: dict, seed: int = 2) -> list[dict]:
    """A legal game to its end: each turn one or two tokens, chosen by ``seed``."""
    rng = random.Random(seed)
    game = Game(Setup.from_json({k: v for k, v in setup.items() if k != "names"}))
    game.start()
    actions = []
    while game.phase == "turn":
        action = Action("take", game.turn, rng.choice((1, 1, 2)))
        game.apply(action)
        actions.append(action.to_json())
    return actions


def signals_for_game(setup: dict, actions: list[dict]) -> list[dict]:
    """The setup line, then for each action: the turn heard, then the seat's press (one token)
    or its gold token on the tray (two)."""
    out: list[dict] = [{"setup": dict(setup)}]
    for obj in actions:
        seat = obj["seat"]
        out.append({"signal": "wait_for", "key": "duel.turn", "params": {"seat": seat}, "timeout": SCAN_TIMEOUT})
        if obj.get("count", 1) == 2:
            out.append({"signal": "token", "seat": seat, "token": "gold"})
        else:
            out.append({"signal": "button", "seat": seat, "gesture": "press"})
    return out


def permuted(setup: dict, seed: int) -> dict:
    """Nothing is dealt: the same setup."""
    return dict(setup)
