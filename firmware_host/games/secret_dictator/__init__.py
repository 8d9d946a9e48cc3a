"""Secret Dictator: the pure rules engine (RULES.md R1-R17), its views and its setup.

No I/O, no clock and no randomness happen here except in :func:`deal` and
:func:`shuffle_order`, which turn a seed into the chance inputs of a game.

Example::

    from firmware_host.games.secret_dictator import Setup, Game, Action, deal, state_json
    setup = Setup.from_json({"players": 5, "seed": 1, "language": "en"})
    game = Game(setup.with_dealt(*deal(setup)))
    game.start()
    game.apply(Action("nominate", seat=0, target=1))
"""

from .actions import ACTION_KINDS, REASONS, Action, Event, IllegalAction
from .engine import PHASES, Game
from .setup import (PARTIES, POWER_TABLES, POWERS, ROLE_COUNTS, ROLES, Setup, SetupError, deal,
                    shuffle_order)
from .views import known_team, private_view, public_view, state_json

__all__ = [
    "ACTION_KINDS", "REASONS", "PHASES", "PARTIES", "POWERS", "POWER_TABLES", "ROLE_COUNTS",
    "ROLES", "Action", "Event", "IllegalAction", "Game", "Setup", "SetupError", "deal",
    "shuffle_order", "public_view", "private_view", "state_json", "known_team",
]
