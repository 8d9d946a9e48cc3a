"""*In this way I become a DICTATOR*: the pure rules engine (DICTATOR.md D1-D29), its scorer,
views and catalogue.

No I/O, no clock and no randomness: nothing in this game is dealt, so the same actions always
give the same game.

Example::

    from firmware_host.games.become_dictator import Setup, Game, Action, state_json
    game = Game(Setup.from_json({"game": "become_dictator", "players": 5, "language": "en"}))
    game.start()
    game.apply(Action("vote", seat=0, target=1))
    state_json(game)["votes"]        # [0, 1, 0, 0, 0]
"""

from .engine import (ACTION_KINDS, PRIVATE_REASONS, REASONS, SECRET_STEPS, STEPS, Action,
                     Event, Game, IllegalAction)
from .rules import (DAYS, DROPS, HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, NAME, ROLES,
                    VOTING_RIGHTS, Setup, SetupError)
from .scoring import PRIORITY_ORDER, TAKEN_OVER_BY, Places, Verdict, judge, places, ranks
from .views import private_view, public_view, state_json, time_card

__all__ = [
    "ACTION_KINDS", "PRIVATE_REASONS", "REASONS", "SECRET_STEPS", "STEPS", "Action", "Event",
    "Game", "IllegalAction", "DAYS", "DROPS", "HAND_SIZES", "MAX_PLAYERS", "MIN_PLAYERS",
    "NAME", "ROLES", "VOTING_RIGHTS", "Setup", "SetupError", "PRIORITY_ORDER",
    "TAKEN_OVER_BY", "Places", "Verdict", "judge", "places", "ranks", "private_view",
    "public_view", "state_json", "time_card",
]
