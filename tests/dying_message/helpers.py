"""Small builders for Dying Message engine tests (a game from characters, whole steps)."""

from __future__ import annotations

import pytest

from firmware_host.games.dying_message import Action, Game, IllegalAction, Setup


def make(roles, cards: int = 30, deck=None, options=None, seed=None) -> Game:
    """A started game with these characters by seat; cards 0..cards-1 in order (pool 0..8)."""
    obj = {"game": "dying_message", "players": len(roles), "roles": list(roles),
           "evidence": [f"thing {i}" for i in range(cards)],
           "deck": list(deck) if deck is not None else list(range(cards)),
           "options": options or {}}
    if seed is not None:
        obj["seed"] = seed
    game = Game(Setup.from_json(obj))
    game.start()
    return game


def act(game: Game, kind: str, **fields):
    """Apply one action; return its events."""
    for name in ("targets", "cards", "order"):
        if name in fields and fields[name] is not None:
            fields[name] = tuple(fields[name])
    return game.apply(Action(kind, **fields))


def refused(game: Game, reason: str, kind: str, **fields) -> IllegalAction:
    """Assert the action is refused with ``reason`` and the state is unchanged."""
    from firmware_host.games.dying_message import state_json
    before = state_json(game)
    with pytest.raises(IllegalAction) as info:
        act(game, kind, **fields)
    assert info.value.reason == reason, info.value.message
    assert state_json(game) == before
    return info.value


def kill(game: Game, targets) -> list:
    """Every living killer proposes ``targets``; the events of the last proposal."""
    events = []
    for k in game.living_killers():
        events = act(game, "kill", seat=k, targets=targets)
    return events


def genuine(game: Game, cards=None) -> list:
    """The night's dead all propose ``cards`` (default: the first cards they may choose)."""
    choice = game.choice(game.awaiting()[0])
    cards = cards if cards is not None else choice.items[:choice.count]
    events = []
    for s in game.group:
        events = act(game, "genuine", seat=s, cards=cards)
    return events


def fake(game: Game, cards=None) -> list:
    """The living killers all propose ``cards`` (default: the first cards of the pool)."""
    choice = game.choice(game.awaiting()[0])
    cards = cards if cards is not None else choice.items[:choice.count]
    events = []
    for s in game.group:
        events = act(game, "fake", seat=s, cards=cards)
    return events


def arrange(game: Game, order=None) -> list:
    """The chance input ``arrange`` (default: the sorted message area)."""
    return act(game, "arrange", order=order if order is not None else list(game.message_area))


def night(game: Game, victims) -> list:
    """A whole Killing Phase from the kill step: victims, default genuine/fake, arrange."""
    events = kill(game, victims)
    while game.phase in ("genuine", "fake") or game.chance_due == "arrange":
        if game.chance_due == "arrange":
            events += arrange(game)
        elif game.phase == "genuine":
            events += genuine(game)
        else:
            events += fake(game)
    return events


def vote(game: Game, targets: dict | int) -> list:
    """Every living seat votes (``targets``: seat → target, or one target for all)."""
    events = []
    for s in game.living():
        t = targets if isinstance(targets, int) else targets[s]
        events += act(game, "vote", seat=s, target=t)
    return events


def no_majority(game: Game) -> list:
    """A first vote without a majority: each living seat votes for the next living seat."""
    living = game.living()
    return vote(game, {s: living[(i + 1) % len(living)] for i, s in enumerate(living)})


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of(events, kind: str) -> list[dict]:
    return [e.data for e in events if e.kind == kind]
