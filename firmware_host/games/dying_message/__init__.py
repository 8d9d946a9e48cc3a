"""Dying Message: the pure rules engine (DYING_MESSAGE.md M1-M40), its views and its setup.

No I/O, no clock and no randomness happen here except in :func:`deal`,
:func:`shuffle_order` and :func:`arrange_order`, which turn a seed into the chance inputs of
a game.

Example::

    from firmware_host.games.dying_message import Setup, Game, Action, deal, state_json
    setup = Setup.from_json({"game": "dying_message", "players": 5, "seed": 1})
    game = Game(setup.with_dealt(*deal(setup)))
    game.start()
    game.apply(Action("kill", seat=game.living_killers()[0], targets=(...,)))
"""

from .actions import ACTION_KINDS, CHANCE_KINDS, REASONS, Action, Event, IllegalAction
from .engine import GAME_OVER, NIGHT_PHASES, PHASES, Choice, Game
from .setup import (BOX, CHARACTERS, DEFAULT_CHARACTERS, FACTION, GAME, KILLERS, OPTIONS,
                    Setup, SetupError, arrange_order, deal, shuffle_order)
from .views import character_counts, private_view, public_view, state_json

__all__ = [
    "ACTION_KINDS", "CHANCE_KINDS", "REASONS", "PHASES", "NIGHT_PHASES", "GAME_OVER", "BOX",
    "CHARACTERS", "DEFAULT_CHARACTERS", "FACTION", "GAME", "KILLERS", "OPTIONS", "Action",
    "Event", "IllegalAction", "Choice", "Game", "Setup", "SetupError", "deal",
    "shuffle_order", "arrange_order", "public_view", "private_view", "state_json",
    "character_counts",
]
