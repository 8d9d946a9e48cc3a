"""Autocracy: the pure rules engine (AUTOCRACY.md A1-A30), its setup data, views and replay.

No I/O, no clock and no randomness happen here except in :func:`deal` and :func:`roll`, which
turn a seed into the chance inputs of a game (the Mentors, the Coup Bas pile, a roll's faces).

Example::

    from firmware_host.games.autocracy import Setup, Game, Action, deal, state_json
    setup = Setup.from_json({"game": "autocracy", "players": 4, "seed": 1})
    game = Game(setup.with_dealt(*deal(setup)))
    game.start()
    game.apply(Action("roll", seat=0, dice=(("economie", 3), ("coup_bas", 1))))
"""

from .engine import ACTION_KINDS, PHASES, REASONS, Action, Event, Game, IllegalAction
from .rules import (ANSWERS, ATTACK_DOMAINS, COUP_BAS, DEFAULT_DICE, DEFAULT_EXCHANGE,
                    DEFAULT_MENTORS, DEFAULT_PRICE, DEFAULT_RESERVE, DEFAULT_TRICKS, DOMAINS,
                    GAME, KINDS, ROWS, SYMBOLS, Setup, SetupError, deal, holds_set, roll)
from .views import STATE_KEYS, private_view, public_view, state_json

__all__ = [
    "ACTION_KINDS", "PHASES", "REASONS", "Action", "Event", "Game", "IllegalAction",
    "ANSWERS", "ATTACK_DOMAINS", "COUP_BAS", "DEFAULT_DICE", "DEFAULT_EXCHANGE",
    "DEFAULT_MENTORS", "DEFAULT_PRICE", "DEFAULT_RESERVE", "DEFAULT_TRICKS", "DOMAINS", "GAME",
    "KINDS", "ROWS", "SYMBOLS", "Setup", "SetupError", "deal", "holds_set", "roll",
    "STATE_KEYS", "private_view", "public_view", "state_json",
]
