"""What each audience may know of a game (D28, D29): the public view, one seat's private
view, and the replay's final ``state`` object."""

from __future__ import annotations

from .engine import Game
from .rules import DAYS, DROPS, NAME

__all__ = ["state_json", "public_view", "private_view", "time_card"]


def state_json(game: Game) -> dict:
    """DICTATOR.md's final ``state`` object, exactly its twelve keys."""
    over = game.phase == "game_over"
    return {
        "game": NAME,
        "phase": game.phase,
        "day": game.day,
        "waiting": list(game.awaiting()),
        "votes": list(game.votes),
        "voting_rights": list(game.voting_rights),
        "ranks": game.ranks(),
        "pledged_drops": list(game.pledges),
        "revealed": [list(r) if r is not None else None for r in game.revealed],
        "final_roles": list(game.final_roles) if over else None,
        "winners": list(game.verdict.winners) if over else None,
        "winning_roles": list(game.verdict.winning_roles) if over else None,
    }


def time_card(day: int, reveal_night_4: bool = False) -> dict:
    """The Time Card line of ``day`` (D31): ``{"day", "steps", "drop", "revealed"}`` with
    ``steps`` one of ``votes`` (day 1), ``discard_votes_then_votes`` (days 2-4) and
    ``together`` (day 5); ``drop`` the night's count (0 after day 5); ``revealed`` whether
    tonight's drops are revealed (D14)."""
    steps = "votes" if day == 1 else "together" if day == DAYS else "discard_votes_then_votes"
    return {"day": day, "steps": steps, "drop": DROPS.get(day, 0),
            "revealed": day in DROPS and (day <= 3 or reveal_night_4)}


def public_view(game: Game) -> dict:
    """Every public fact (D28; at the end also D29), JSON-ready: what the console shows and
    the status reads. Never a hand, a drop by seat, or a choice of an unresolved step."""
    over = game.phase == "game_over"
    view = {
        "game": NAME,
        "players": game.players,
        "day": game.day,
        "phase": game.phase,
        "time_card": time_card(game.day, game.setup.reveal_night_4),
        "waiting": list(game.awaiting()),
        "decided": (game.players - len(game.pending)) if game.is_secret_step() else None,
        "votes": list(game.votes),
        "ranks": game.ranks(),
        "voting_rights": list(game.voting_rights),
        "pledges": list(game.pledges),
        "revealed": [list(r) if r is not None else None for r in game.revealed],
        "hand_size": len(game.hands[0]),
        "drop_count": game.drop_count(),
        "reveal_night_4": game.setup.reveal_night_4,
        "final_roles": list(game.final_roles) if over else None,
        "winners": list(game.verdict.winners) if over else None,
        "winning_roles": list(game.verdict.winning_roles) if over else None,
        "overruled": ([[role, list(by)] for role, by in game.verdict.overruled]
                      if over else None),
    }
    return view


def private_view(game: Game, seat: int) -> dict:
    """The public view plus ``seat``'s own secrets (D28): ``hand`` (roles in the order of
    D2), ``pledge`` and ``choice`` (the seat's accepted action in the current secret step,
    as a replay action object, or None).

    Raises:
        IndexError: ``seat`` is not a seat of the game.
    """
    if not 0 <= seat < game.players:
        raise IndexError(f"no seat {seat}")
    view = public_view(game)
    choice = game.choice_of(seat)
    view.update({"seat": seat, "hand": list(game.hands[seat]), "pledge": game.pledges[seat],
                 "choice": choice.to_json() if choice is not None else None})
    return view
