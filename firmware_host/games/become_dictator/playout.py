"""Random playouts: complete games of random legal actions (tests, benchmarks).

The random source is passed in; the engine itself stays free of chance.
"""

from __future__ import annotations

import random
from typing import Callable

from .engine import Action, Event, Game
from .rules import DROPS, Setup

__all__ = ["play_randomly", "random_game", "random_action"]


def random_action(game: Game, seat: int, rng: random.Random) -> Action:
    """A random legal action of ``seat`` (which must be waiting): first the kind, uniformly
    among the kinds it may take now, then its fields uniformly. Choosing the kind first keeps
    votes and discard-votes equally likely, however many pledges a hand offers. Always one
    of :meth:`Game.legal_actions` (built directly, as that list is slow to make)."""
    rand = rng.random
    n, phase, hand = game.players, game.phase, game.hands[seat]

    def other() -> int:
        target = int(rand() * (n - 1))
        return target + (target >= seat)

    if phase == "vote":
        return Action("vote", seat, other())
    if phase == "discard_vote":
        if rand() < 0.5:
            return Action("no_discard_vote", seat)
        return Action("discard_vote", seat, int(rand() * n), hand[int(rand() * len(hand))])
    if phase == "final_vote":
        if rand() < 0.5:
            return Action("vote", seat, other())
        return Action("discard_vote", seat, int(rand() * n))
    count = DROPS[game.day]
    pledge = game.pledges[seat]
    chosen = [pledge] if pledge is not None else []
    rest = [r for r in hand if r != pledge]
    while len(chosen) < count:
        chosen.append(rest.pop(int(rand() * len(rest))))
    return Action("drop", seat, roles=tuple(r for r in hand if r in chosen))


def play_randomly(game: Game, rng: random.Random,
                  after: Callable[[Game, Action, list[Event]], None] | None = None,
                  max_actions: int = 10_000) -> int:
    """Play ``game`` to its end with random legal actions (:func:`random_action`) of a
    random waiting seat; return the number of actions.

    Args:
        game: a started :class:`Game` (mutated in place).
        rng: the random source.
        after: optional ``after(game, action, events)`` called after every accepted action.
        max_actions: safety bound.

    Raises:
        RuntimeError: the game did not end within ``max_actions`` (a stuck game is a bug).
    """
    count = 0
    rand = rng.random
    while game.phase != "game_over":
        waiting = game.awaiting()
        action = random_action(game, waiting[int(rand() * len(waiting))], rng)
        events = game.apply(action)
        count += 1
        if after is not None:
            after(game, action, events)
        if count > max_actions:
            raise RuntimeError("random playout did not end")
    return count


def random_game(setup: Setup, rng: random.Random) -> Game:
    """A game of ``setup`` played randomly to its end."""
    game = Game(setup)
    game.start()
    play_randomly(game, rng)
    return game
