"""Random legal play of Autocracy, for property tests and the engine benchmark."""

from __future__ import annotations

import random
from typing import Callable

from .engine import Action, Event, Game
from .rules import roll

__all__ = ["random_action", "play_randomly", "roll_action"]


def roll_action(game: Game, seat: int, rng: random.Random) -> Action:
    """A ``roll`` of ``seat`` with faces drawn from ``rng`` (the roll's chance input)."""
    return Action("roll", seat, dice=tuple(tuple(f) for f in roll(game.setup, rng)))


def random_action(game: Game, rng: random.Random, roll_weight: float = 0.3) -> Action:
    """A random legal action of the seat the game waits for. In a turn: the roll with
    probability ``roll_weight``, else one kind of action alike among those allowed now
    (exchange, buy, attack), then one action of that kind alike (an exchange: a row,
    direction and partner that can be made, then a count); a roll's faces drawn from
    ``rng``. While an attack waits: any answer alike.

    :raises ValueError: the game is over.
    """
    waiting = game.awaiting()
    if not waiting:
        raise ValueError("the game is over")
    seat = waiting[0]
    if game.phase == "counter":
        return rng.choice(game.legal_actions(seat))
    if game.phase == "roll" or rng.random() < roll_weight:
        return roll_action(game, seat, rng)
    kinds: list[str] = []
    exchanges = game.exchange_options(seat)
    if exchanges:
        kinds.append("exchange")
    if game.can_buy(seat):
        kinds.append("buy")
    attacks = game.attack_options(seat)
    if attacks:
        kinds.append("attack")
    if not kinds:
        return roll_action(game, seat, rng)
    kind = rng.choice(kinds)
    if kind == "buy":
        return Action("buy", seat)
    if kind == "attack":
        return rng.choice(attacks)
    give, get, partner, most = rng.choice(exchanges)
    return Action("exchange", seat, give=give, get=get, count=rng.randint(1, most),
                  partner=partner)


def play_randomly(game: Game, rng: random.Random,
                  after: Callable[[Game, Action, list[Event]], None] | None = None,
                  max_actions: int = 100_000) -> int:
    """Play random legal actions until the game is over; ``after(game, action, events)`` is
    called after each. Returns the number of actions applied.

    :raises RuntimeError: the game did not end within ``max_actions``.
    """
    count = 0
    while game.phase != "game_over":
        if count >= max_actions:
            raise RuntimeError(f"no winner after {max_actions} actions")
        action = random_action(game, rng)
        events = game.apply(action)
        count += 1
        if after is not None:
            after(game, action, events)
    return count
