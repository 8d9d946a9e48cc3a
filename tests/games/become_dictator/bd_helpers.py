"""Helpers for the become_dictator tests: default moves to reach a step, and scripts."""

from __future__ import annotations

from typing import Callable, Sequence

from firmware_host.games.become_dictator import DROPS, Action, Game, Setup


def new_game(players: int = 5, **switches) -> Game:
    game = Game(Setup(players=players, language="en", **switches))
    game.start()
    return game


def default_action(game: Game, seat: int, keep: Sequence[str] | None = None) -> Action:
    """A plain legal move: vote for the next seat, never discard-vote, drop the first cards
    of the hand that are not ``keep[seat]`` (the pledge first)."""
    n = game.players
    if game.phase in ("vote", "final_vote"):
        return Action("vote", seat, (seat + 1) % n)
    if game.phase == "discard_vote":
        return Action("no_discard_vote", seat)
    count = DROPS[game.day]
    pledge = game.pledges[seat]
    keeper = keep[seat] if keep else None
    chosen = [pledge] if pledge else []
    for role in game.hands[seat]:
        if len(chosen) < count and role not in chosen and role != keeper:
            chosen.append(role)
    return Action("drop", seat, roles=tuple(chosen))


def advance(game: Game, until: Callable[[Game], bool], keep: Sequence[str] | None = None,
            moves: dict | None = None) -> list:
    """Play default moves (or ``moves[(day, phase, seat)]``) until ``until(game)``."""
    events = []
    while not until(game) and game.phase != "game_over":
        seat = game.awaiting()[0]
        action = (moves or {}).get((game.day, game.phase, seat)) or default_action(game, seat, keep)
        events += game.apply(action)
    return events


def at(day: int, phase: str) -> Callable[[Game], bool]:
    return lambda g: g.day == day and g.phase == phase


def play_with_final(final_roles: Sequence[str], day5: Sequence[Action],
                    before: Sequence[Action] = ()) -> Game:
    """A game whose seats keep ``final_roles`` to the end, with the open ``before`` actions
    applied when their step comes (by default moves otherwise) and ``day5`` the final step."""
    game = new_game(len(final_roles))
    for a in before:
        advance(game, lambda g, a=a: a.seat in g.awaiting() and _fits(g, a), keep=final_roles)
        game.apply(a)
    advance(game, at(5, "final_vote"), keep=final_roles)
    for a in day5:
        game.apply(a)
    return game


def _fits(game: Game, a: Action) -> bool:
    return any(x == a for x in game.legal_actions(a.seat))
