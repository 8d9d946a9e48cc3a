"""What each side may know of a Dying Message game (M39), and the replay's final state.

:func:`state_json` is the replay's ``{"state": ...}`` object, exactly its keys (the whole
truth, for replays and the game master). :func:`public_view` holds only public facts (M39):
what the table has heard. :func:`private_view` adds one seat's own secrets.
"""

from __future__ import annotations

from typing import Any, Callable

from .engine import GAME_OVER, NIGHT_PHASES, Game
from .setup import FACTION, GAME, KILLERS

__all__ = ["state_json", "public_view", "private_view", "character_counts", "reveal_row"]


def character_counts(game: Game) -> dict[str, int]:
    """The characters in play with their counts (public, M8)."""
    counts: dict[str, int] = {}
    for c in sorted(game.characters):
        counts[c] = counts.get(c, 0) + 1
    return counts


def state_json(game: Game) -> dict:
    """The replay's final ``state`` object (DYING_MESSAGE.md "Output"), exactly its keys."""
    return {
        "game": GAME,
        "phase": game.phase,
        "round": game.round,
        "winner": game.winner,
        "reason": game.reason,
        "alive": game.living(),
        "dead": [{"seat": s, "character": game.characters[s], "round": game.deaths[s][0],
                  "cause": game.deaths[s][1]} for s in sorted(game.deaths)],
        "accused": game.accused,
        "skips_pending": game.skips_pending,
        "message_area": list(game.message_area) if game.arranged else sorted(game.message_area),
        "evidence_pool": sorted(game.evidence_pool),
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(game.discard_pile),
        "dead_messages": len(game.dead_messages),
    }


def _at_night(game: Game) -> bool:
    return game.phase in NIGHT_PHASES or game.chance_due == "arrange"


def public_view(game: Game) -> dict:
    """All public facts (M39), JSON-ready.

    During the Killing Phase the phase is ``"night"``, the message area is empty and the pool
    and discard pile are as they were at nightfall: what was chosen stays hidden until dawn.
    The dead are those whose death was announced; ``skips_pending`` counts only Muay Thai
    deaths already announced (it is public at dawn, M28).
    """
    night = _at_night(game)
    over = game.phase == GAME_OVER
    dead = sorted(game.revealed)
    return {
        "game": GAME,
        "players": game.players,
        "round": game.round,
        "phase": "night" if night else game.phase,
        "characters_in_play": character_counts(game),
        "alive": [s for s in range(game.players) if s not in game.revealed],
        "dead": [{"seat": s, "character": game.characters[s], "round": game.deaths[s][0],
                  "cause": game.deaths[s][1]} for s in dead],
        "message_area": [] if night else list(game.message_area),
        "evidence_pool": list(game.public_pool) if night else sorted(game.evidence_pool),
        "draw_pile": len(game.draw_pile),
        "discard_pile": game.public_discard if night else len(game.discard_pile),
        "dead_messages": len(game.dead_messages),
        "earlier_messages": {str(r): list(m[0]) for r, m in sorted(game.messages.items())
                             if not (night and r == game.round)},
        "skips_pending": _public_skips(game),
        "vote": {"number": game.vote_number, "cast": len(game.ballots),
                 "voters": len(game.living()), "accused": game.accused}
        if game.phase in ("vote", "second_vote") and game.chance_due is None else None,
        "winner": game.winner,
        "reason": game.reason,
        "characters": list(game.characters) if over else None,
    }


def _public_skips(game: Game) -> int:
    if not _at_night(game):
        return game.skips_pending
    hidden = sum(1 for v in game.victims if game.characters[v] == "muay_thai")
    return game.skips_pending - hidden


def private_view(game: Game, seat: int) -> dict:
    """Public facts plus ``seat``'s own secrets (M8, M13-M15, M20, M23, M39).

    Extra keys: ``seat``, ``character``, ``faction``, ``killers`` (seats this seat knows to be
    killers: a killer who opened their eyes, one of the night's dead), ``destined`` (the
    Soulmate: its destined person), ``chosen_by_soulmate`` (bool), ``protected`` (a seat
    protected tonight, or a dog: whom it protects), ``genuine_cards`` (tonight's genuine
    messages, for those who saw them), ``choice`` (what the seat may choose now, or None).

    Raises:
        IndexError: ``seat`` is not a seat of this game.
    """
    if not 0 <= seat < game.players:
        raise IndexError(f"no seat {seat}")
    view = public_view(game)
    char = game.characters[seat]
    killers: list[int] = []
    if char in KILLERS and seat in game.killers_met:
        killers = sorted(k for k in game.killers_met | set(game.night_killers)
                         if game.characters[k] in KILLERS)
    if seat in game.night_dead:
        killers = sorted(set(killers) | set(game.night_killers))
    night = _at_night(game) or game.phase == GAME_OVER
    sees_genuine = night and game.genuine and (
        seat in game.night_dead
        or (char in KILLERS and game.alive[seat] and seat in game.night_killers)
        or (char in ("private_detective", "mastermind") and game.alive[seat]))
    choice = game.choice(seat)
    view.update({
        "seat": seat,
        "character": char,
        "faction": FACTION[char],
        "killers": killers,
        "destined": game.destined if char == "soulmate" else None,
        "chosen_by_soulmate": game.destined == seat,
        "protected": (game.protections.get(seat) if char == "famous_dog"
                      else seat in game.protected),
        "genuine_cards": sorted(game.genuine) if sees_genuine else None,
        "genuine_seen": [list(c) for c in game.genuine_seen.get(seat, [])],
        "choice": None if choice is None else {
            "kind": choice.kind, "items": list(choice.items), "count": choice.count,
            "none_allowed": choice.none_allowed, "skip_allowed": choice.skip_allowed},
    })
    return view


def reveal_row(game: Game, seat: int, card_name: Callable[[int], Any]) -> dict:
    """What the game master's reveal shows of ``seat`` (M50), from its private view only:
    ``role`` (the character), ``faction``, ``team`` (the other killers it knows), ``hand``
    (the genuine messages it saw tonight, each ``card_name(card)``), ``power_result`` (the
    Soulmate's destined person, whom a Famous Dog protects, "protected", "chosen by the
    Soulmate") and ``choice``."""
    view = private_view(game, seat)
    power: Any = None
    if view["destined"] is not None:
        power = {"target": view["destined"], "party": "destined"}
    elif view["character"] == "famous_dog" and type(view["protected"]) is int:
        power = {"target": view["protected"], "party": "protects"}
    elif view["protected"] is True:
        power = "protected"
    elif view["chosen_by_soulmate"]:
        power = "chosen_by_soulmate"
    genuine = view["genuine_cards"]
    return {"role": view["character"], "faction": view["faction"],
            "team": [{"seat": k, "role": game.characters[k]} for k in view["killers"] if k != seat],
            "hand": None if genuine is None else [card_name(c) for c in genuine],
            "power_result": power, "choice": view["choice"]}
