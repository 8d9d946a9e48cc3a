"""What each side may see of an Autocracy game (A29): the replay's state, the public view and
one seat's private view."""

from __future__ import annotations

from .engine import Game
from .rules import DOMAINS, KINDS

__all__ = ["STATE_KEYS", "state_json", "public_view", "private_view", "lacking_one"]

#: AUTOCRACY.md "Output": the final state's keys, in order.
STATE_KEYS: tuple[str, ...] = (
    "game", "phase", "round", "current", "waiting", "tokens", "tricks_held", "reserve", "pile",
    "discard", "bought", "attack", "last_roll", "winner", "hands")


def state_json(game: Game) -> dict:
    """The replay's final ``{"state": ...}`` object: exactly :data:`STATE_KEYS`. Hands are
    null until the game is over (A29)."""
    over = game.phase == "game_over"
    return {
        "game": "autocracy",
        "phase": game.phase,
        "round": game.round,
        "current": game.current,
        "waiting": list(game.awaiting()),
        "tokens": [{d: t[d] for d in DOMAINS} for t in game.tokens],
        "tricks_held": game.tricks_held(),
        "reserve": {d: game.reserve[d] for d in DOMAINS},
        "pile": len(game.pile),
        "discard": {k: game.discard[k] for k in KINDS},
        "bought": game.bought,
        "attack": dict(game.attack) if game.attack is not None else None,
        "last_roll": ({"seat": game.last_roll["seat"],
                       "dice": [list(f) for f in game.last_roll["dice"]],
                       "gains": dict(game.last_roll["gains"])}
                      if game.last_roll is not None else None),
        "winner": game.winner,
        "hands": [list(h) for h in game.hands] if over else None,
    }


def lacking_one(game: Game) -> dict[int, str]:
    """A34: the seats that lack only one domain, and which."""
    out: dict[int, str] = {}
    for seat, t in enumerate(game.tokens):
        missing = [d for d in DOMAINS if t[d] < 1]
        if len(missing) == 1:
            out[seat] = missing[0]
    return out


def public_view(game: Game) -> dict:
    """Every public fact (A29): the state without hands (until the end) plus the Mentors and
    who lacks only one domain. JSON-ready."""
    view = state_json(game)
    view["players"] = game.players
    view["first"] = game.first
    view["mentors"] = [dict(m) for m in game.mentors]
    view["lacking_one"] = {str(s): d for s, d in lacking_one(game).items()}
    return view


def private_view(game: Game, seat: int) -> dict:
    """The public view plus ``seat``'s own hand (kinds in hand order, A5, A29).

    :raises ValueError: ``seat`` is not a seat of the game.
    """
    if type(seat) is not int or not 0 <= seat < game.players:
        raise ValueError(f"seat must be 0..{game.players - 1}, not {seat!r}")
    view = public_view(game)
    view["seat"] = seat
    view["hand"] = list(game.hands[seat])
    return view
