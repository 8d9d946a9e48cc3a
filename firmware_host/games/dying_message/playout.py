"""Random playouts: complete Dying Message games of random legal actions (tests, benchmarks).

The random source is passed in, as in :func:`deal`; the engine itself stays free of chance.
"""

from __future__ import annotations

import random
from typing import Callable

from .actions import Action
from .engine import GAME_OVER, Game
from .setup import Setup, arrange_order, deal, shuffle_order

__all__ = ["random_action", "play_randomly", "random_game", "chance_action", "board_chance"]


def chance_action(game: Game, rng: random.Random) -> Action | None:
    """The due chance input drawn from ``rng`` (``shuffle`` M37 / ``arrange`` M27), or None."""
    if game.chance_due == "shuffle":
        return Action("shuffle", order=tuple(shuffle_order(game.shuffle_pool, rng)))
    if game.chance_due == "arrange":
        return Action("arrange", order=tuple(arrange_order(game.message_area, rng)))
    return None


def board_chance(game: Game, seed: int | None, count: int) -> Action:
    """The due chance input as the board draws it (M27, M37): from the setup's ``seed`` (0
    without one) and ``count``, the number of actions journaled before it, so that a resumed
    game, and a script written for the board, draw the same.

    :raises ValueError: no chance input is due.
    """
    action = chance_action(game, random.Random((seed or 0) * 1000003 + count))
    if action is None:
        raise ValueError("no chance input is due")
    return action


def random_action(game: Game, rng: random.Random, agree: float = 0.8,
                  skip: float = 0.1) -> Action:
    """One random legal action for a seat that must act now (or the due chance input).

    Args:
        game: a started game that is not over.
        rng: the random source.
        agree: probability that a member of a group choosing together (M16) copies a
            proposal already made in this attempt (else a random set: disagreement happens).
        skip: probability of ``skip_vote`` where it is allowed (M30).

    Raises:
        RuntimeError: nobody can act (a stuck game is a bug).
    """
    chance = chance_action(game, rng)
    if chance is not None:
        return chance
    waiting = game.awaiting()
    if not waiting:
        raise RuntimeError(f"nobody can act in phase {game.phase}")
    seat = waiting[int(rng.random() * len(waiting))]
    choice = game.choice_of(seat)
    kind = choice.kind
    if choice.skip_allowed and rng.random() < skip:
        return Action("skip_vote")
    if kind in ("kill", "genuine", "fake"):
        if game.proposals and rng.random() < agree:
            chosen = next(iter(game.proposals.values()))
        else:
            chosen = tuple(rng.sample(choice.items, choice.count))
        if kind == "kill":
            return Action(kind, seat=seat, targets=chosen)
        return Action(kind, seat=seat, cards=chosen)
    if choice.none_allowed and (not choice.items or rng.random() < 0.2):
        item = None
    else:
        item = choice.items[int(rng.random() * len(choice.items))]
    if kind == "examine":
        return Action(kind, seat=seat, card=item)
    return Action(kind, seat=seat, target=item)


def play_randomly(game: Game, rng: random.Random,
                  after: Callable[[Game, Action, list], None] | None = None,
                  max_actions: int = 100_000) -> int:
    """Play ``game`` to its end with random legal actions; return the number of actions.

    Args:
        game: a started :class:`Game` (mutated in place).
        rng: the random source for choices and chance inputs.
        after: optional ``after(game, action, events)`` after every accepted action.
        max_actions: safety bound; RuntimeError when exceeded (a stuck game is a bug).
    """
    count = 0
    while game.phase != GAME_OVER:
        action = random_action(game, rng)
        events = game.apply(action)
        count += 1
        if after is not None:
            after(game, action, events)
        if count > max_actions:
            raise RuntimeError("random playout did not end")
    return count


def random_game(setup: Setup, rng: random.Random) -> Game:
    """Deal ``setup`` from ``rng`` (what it leaves out), play it randomly to the end."""
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    play_randomly(game, rng)
    return game
