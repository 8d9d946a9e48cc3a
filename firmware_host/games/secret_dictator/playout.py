"""Random playouts: complete games of random legal actions (tests, benchmarks, the console's demo).

The random source is passed in, as in :func:`deal`; the engine itself stays free of chance.
"""

from __future__ import annotations

import random
from typing import Callable

from .actions import Action
from .engine import CHAOS, GAME_OVER, Game
from .setup import Setup, deal, shuffle_order

__all__ = ["random_game", "play_randomly"]


def play_randomly(game: Game, rng: random.Random,
                  after: Callable[[Game, Action, list], None] | None = None,
                  max_actions: int = 100_000) -> int:
    """Play ``game`` to its end with uniformly random legal actions; return the action count.

    Args:
        game: a started :class:`Game` (mutated in place).
        rng: the random source for choices, reshuffle orders and untracked chaos laws.
        after: optional ``after(game, action, events)`` called after every accepted action.
        max_actions: safety bound; RuntimeError when exceeded (a stuck game is a bug).
    """
    count = 0
    rand = rng.random  # faster than rng.choice; index = int(rand() * len)
    apply, awaiting, legal = game.apply, game.awaiting, game.legal_actions
    while game.phase is not GAME_OVER:
        if game.reshuffle_due is not None:
            action = Action("reshuffle", order=tuple(shuffle_order(game.reshuffle_pool, rng)))
        elif game.phase is CHAOS:
            options = legal(None)
            action = options[int(rand() * len(options))]
        else:
            waiting = awaiting()
            options = legal(waiting[int(rand() * len(waiting))])
            action = options[int(rand() * len(options))]
        events = apply(action)
        count += 1
        if after is not None:
            after(game, action, events)
        if count > max_actions:
            raise RuntimeError("random playout did not end")
    return count


def random_game(setup: Setup, rng: random.Random) -> Game:
    """Deal ``setup`` from ``rng`` (roles/deck left out), play it randomly to the end."""
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    play_randomly(game, rng)
    return game
