"""What may be known about a game, by whom (R3, R16): the only exits for game facts.

:func:`public_view` is what the table speaker and the console may say; :func:`private_view`
adds what one seat's earphone may say; :func:`state_json` is REPLAY.md's final ``state``.
All three return fresh JSON-ready dicts (no references into the game).
"""

from __future__ import annotations

from typing import Any

from .engine import GAME_OVER, Game
from .setup import DICTATOR, FASCIST

__all__ = ["public_view", "private_view", "state_json", "known_team"]


def _alive(game: Game) -> list[int]:
    alive = game.alive
    return [s for s in range(game.players) if alive[s]]


def state_json(game: Game) -> dict[str, Any]:
    """REPLAY.md's final ``state`` object, exactly its keys.

    Keys: phase, winner, reason, democratic_laws, fascist_laws, election_tracker, president,
    chancellor, alive (sorted seats), ineligible (sorted seats, R7), draw_pile, discard_pile
    (counts).
    """
    return {
        "phase": game.phase,
        "winner": game.winner,
        "reason": game.reason,
        "democratic_laws": game.democratic_laws,
        "fascist_laws": game.fascist_laws,
        "election_tracker": game.tracker,
        "president": game.president,
        "chancellor": game.chancellor,
        "alive": _alive(game),
        "ineligible": game.ineligible,
        "draw_pile": game.draw_n,
        "discard_pile": game.discard_n,
    }


def public_view(game: Game) -> dict[str, Any]:
    """All public facts of ``game`` (R16), JSON-ready.

    Keys: everything of :func:`state_json`, plus ``players``, ``variant``, ``deck``
    (``"tracked"``/``"untracked"``), ``switches`` {powers (5 entries), veto,
    dictator_knows_team, tracker_reset_on_election}, ``nominee``, ``awaiting`` (seats),
    ``votes_cast`` (count only, R8), ``last_ballots`` ({"seat": ballot} of the last revealed
    election, or None), ``power`` (the power being carried out, or None), ``veto_proposed``
    (bool), ``reshuffle_due`` (None or a count), ``hand_size`` (laws in the government's
    hands), ``investigated`` (seats), and ``roles`` (list by seat) once the game is over,
    else None. Never a role, hand, discarded party or draw order before the end.
    """
    setup = game.setup
    view = state_json(game)
    view.update({
        "players": game.players,
        "variant": setup.variant,
        "deck": "tracked" if game.tracked else "untracked",
        "switches": {"powers": list(game.powers), "veto": setup.veto,
                     "dictator_knows_team": setup.dictator_knows_team,
                     "tracker_reset_on_election": setup.tracker_reset_on_election},
        "nominee": game.nominee,
        "awaiting": list(game.awaiting()),
        "votes_cast": game.votes_cast,
        "last_ballots": dict(game.last_ballots) if game.last_ballots is not None else None,
        "power": game.power,
        "veto_proposed": game.veto_pending,
        "reshuffle_due": game.reshuffle_due,
        "hand_size": game.hand_n,
        "investigated": sorted(game.investigated),
        "roles": list(game.roles) if game.phase == GAME_OVER else None,
    })
    return view


def known_team(game: Game, seat: int) -> list[dict[str, Any]]:
    """R3 (and ``dictator_knows_team``): the other team members ``seat`` knows from the prolog.

    Returns a list of ``{"seat": int, "role": str}`` sorted by seat: for a fascist every other
    fascist and the dictator; for the dictator the fascists only at 5-6 players with the
    ``dictator_knows_team`` switch; for a democrat nothing.
    """
    roles = game.roles
    role = roles[seat]
    if role == FASCIST or (role == DICTATOR and game.setup.dictator_knows_team
                           and game.players <= 6):
        return [{"seat": s, "role": r} for s, r in enumerate(roles)
                if s != seat and r != "democrat"]
    return []


def private_view(game: Game, seat: int) -> dict[str, Any]:
    """:func:`public_view` plus what ``seat`` (0-based) alone may know (R3, R16).

    Added keys: ``seat``, ``role`` (own role), ``team`` (see :func:`known_team`), ``hand``
    (list of parties: the president's 3 or the chancellor's 2 laws while that seat holds them;
    None otherwise and always with an untracked deck), ``power_result`` (peek: list of the
    top 3 parties in order; view-discard: the party; investigate: {target, party}; None
    otherwise).

    Raises:
        IndexError: ``seat`` is not a seat of this game.
    """
    if not 0 <= seat < game.players:
        raise IndexError(f"seat {seat} is not a seat of this {game.players}-player game")
    view = public_view(game)
    hand = None
    if game.tracked and game.hand:
        holder = game.president if game.phase == "legislative_president" else game.chancellor
        if game.phase in ("legislative_president", "legislative_chancellor") and holder == seat:
            hand = list(game.hand)
    result = None
    if game.power_result is not None and game.power_result[0] == seat:
        value = game.power_result[1]
        result = list(value) if isinstance(value, tuple) else (
            dict(value) if isinstance(value, dict) else value)
    view.update({"seat": seat, "role": game.roles[seat], "team": known_team(game, seat),
                 "hand": hand, "power_result": result})
    return view
