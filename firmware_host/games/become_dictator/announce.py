"""What the board says after each accepted action, and where (D28-D37).

:func:`announcements` turns the engine's events into :class:`Line` items: ``public``
for the table speaker (and the console), ``seat:N`` for one earphone. A public announcement
never carries a secret (D28): a private key on ``public`` raises :class:`PrivacyError`, and
params named ``hand``, ``drop`` or ``choice`` only ever go to a ``seat:N`` channel.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from firmware_host.kernel.values import Line, PrivacyError

from . import catalogue
from .engine import Action, Event, Game, IllegalAction
from .rules import DROPS, ROLES

__all__ = ["Line", "PrivacyError", "make", "announcements", "refusal", "status",
           "dropped_counts"]


def make(key: str, params: Mapping[str, Any] | None = None, channel: str = "public",
         priority: str = "normal") -> Line:
    """An announcement, checked against the catalogue.

    Raises:
        PrivacyError: a private key on ``public``.
        catalogue.UnknownMessage, catalogue.MessageParamError: a bad key or params.
    """
    params = dict(params or {})
    if channel == "public" and catalogue.is_private(key):
        raise PrivacyError(f"{key} is private and may not be said at the table")
    catalogue._check_params(key, params)
    return Line(channel, key, params, priority, words=catalogue)


def dropped_counts(roles: list[str] | None) -> list[list[Any]]:
    """D36: a night's reveal as ``[[role, count], ...]`` in the role order of D2."""
    counts = Counter(roles or [])
    return [[r, counts[r]] for r in ROLES if counts[r]]


def _seat(n: int) -> str:
    return f"seat:{n}"


def _private_choice(action: Action, game_phase: str) -> Line:
    seat = _seat(action.seat)
    if action.kind == "no_discard_vote":
        return make("choice.no_discard_vote", {}, seat)
    if action.kind == "drop":
        return make("choice.drop", {"drop": list(action.roles)}, seat)
    if action.kind == "vote":
        return make("choice.vote", {"target": action.target}, seat)
    if game_phase == "discard_vote":
        return make("choice.discard_vote", {"target": action.target, "pledge": action.role}, seat)
    return make("choice.final_discard_vote", {"target": action.target}, seat)


def announcements(action: Action | None, events: list[Event], game: Game) -> list[Line]:
    """What to say for the events of one accepted action (or of :meth:`Game.start`).

    :param action: the accepted action, None for the start.
    :param events: the events it caused, in order.
    :param game: the game *after* the action.
    """
    out: list[Line] = []
    for e in events:
        d = e.data
        if e.kind == "game_started":
            out.append(make("game.started", {"players": d["players"]}))
            out.extend(make("hand.start", {}, _seat(s)) for s in range(d["players"]))
        elif e.kind == "day":
            out.append(make("day.morning", {"day": d["day"]}))
        elif e.kind == "phase":
            if d["phase"] == "vote":
                out.append(make("phase.vote", {"day": d["day"], "waiting": d["waiting"]}))
            elif d["phase"] == "discard_vote":
                out.append(make("phase.discard_vote", {"day": d["day"]}))
            elif d["phase"] == "final_vote":
                out.append(make("phase.final_vote"))
            else:
                out.append(make("phase.night", {"day": d["day"], "count": DROPS[d["day"]]}))
        elif e.kind == "voted":
            out.append(make("vote.cast", {"seat": d["seat"], "target": d["target"],
                                          "votes": d["votes"]}))
        elif e.kind == "decided":
            if action is not None:
                out.append(_private_choice(action, d["phase"]))
            out.append(make("decided.count", {"count": d["decided"], "total": d["of"]}))
        elif e.kind == "discard_votes":
            items = d["discard_votes"]
            if not items:
                out.append(make("discard_votes.none"))
            for item in items:
                out.append(make("discard_votes.item", {"seat": item["seat"],
                                                       "target": item["target"],
                                                       "role": item["role"]}))
            for target in sorted({item["target"] for item in items}):
                out.append(make("votes.seat", {"seat": target, "votes": d["votes"][target]}))
        elif e.kind == "night_over":
            if d["revealed"] is None:
                out.append(make("night.hidden", {"day": d["day"]}))
            else:
                out.append(make("night.revealed", {"day": d["day"],
                                                   "dropped": dropped_counts(d["revealed"])}))
        elif e.kind == "final_votes":
            cast = sorted([("vote", x) for x in d["votes_cast"]]
                          + [("discard", x) for x in d["discard_votes"]],
                          key=lambda pair: pair[1]["seat"])
            for kind, x in cast:
                key = "final.vote" if kind == "vote" else "final.discard_vote"
                # the reckoning's first part: as never cut as the rest, and in its order
                out.append(make(key, {"seat": x["seat"], "target": x["target"]},
                                priority="game_over"))
        elif e.kind == "game_over":
            out.extend(reckoning(game))
    return out


def reckoning(game: Game) -> list[Line]:
    """D35: the final votes and ranks with every seat's final role, the winners with their
    roles, and for each role whose condition held but lost, who took priority over it."""
    v = game.verdict
    if v is None:
        return []
    out = []
    for seat in range(game.players):
        role, votes, rank = game.final_roles[seat], game.votes[seat], v.places.ranks[seat]
        if rank is None:
            out.append(make("final.seat.unranked", {"seat": seat, "final_role": role},
                            priority="game_over"))
        else:
            out.append(make("final.seat", {"seat": seat, "final_role": role, "votes": votes,
                                           "rank": rank}, priority="game_over"))
    if v.winners:
        out.append(make("game_over.winners", {"winners": list(v.winners),
                                              "winning_roles": list(v.winning_roles)},
                        priority="game_over"))
    else:
        out.append(make("game_over.no_winner", priority="game_over"))
    for role, by in v.overruled:
        out.append(make("game_over.overruled", {"role": role, "by_roles": list(by)},
                        priority="game_over"))
    return out


def refusal(error: IllegalAction, action: Any, game: Game) -> list[Line]:
    """The spoken refusal of a rejected action (D37): at the table, except in a secret step
    or for a reason that would reveal a card; then only in the acting seat's earphone.

    :param action: the refused action (its ``seat`` may be anything the line held).
    """
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < game.players:
        seat = None
    key = f"refusal.{error.reason}"
    private = error.private or (game.is_secret_step() and error.reason != "game_over")
    if seat is not None and (private or catalogue.is_private(key)):
        return [make(key, {"seat": seat}, _seat(seat), priority="refusal")]
    if catalogue.is_private(key):
        # A card-revealing reason without a seat to tell: nothing is said at the table.
        return []
    return [make(key, {"seat": seat}, priority="refusal")]


def status(game: Game, seat: int | None) -> list[Line]:
    """D31: the public status (day and step, the Time Card line, every seat's votes, rank
    and voting rights, who must still act, the night reveals so far, today's pledges), then
    for a seat its private status (hand, pledge, choice in the current secret step) on its
    own channel. ``seat`` None gives the public part only (the game master)."""
    from .views import time_card

    channel = _seat(seat) if seat is not None else "public"
    out: list[Line] = []
    card = time_card(game.day, game.setup.reveal_night_4)
    if card["steps"] == "votes":
        out.append(make("timecard.votes", {"day": game.day, "count": card["drop"]}, channel))
    elif card["steps"] == "together":
        out.append(make("timecard.together", {"day": game.day}, channel))
    else:
        key = ("timecard.discard_votes_then_votes" if card["revealed"]
               else "timecard.discard_votes_then_votes.hidden")
        out.append(make(key, {"day": game.day, "count": card["drop"]}, channel))
    ranks = game.ranks()
    for s in range(game.players):
        if ranks[s] is None:
            out.append(make("status.seat.unranked", {"seat": s, "votes": game.votes[s],
                                                     "rights": game.voting_rights[s]}, channel))
        else:
            out.append(make("status.seat", {"seat": s, "votes": game.votes[s], "rank": ranks[s],
                                            "rights": game.voting_rights[s]}, channel))
    if game.phase != "game_over":
        out.append(make("status.waiting", {"waiting": list(game.awaiting())}, channel))
    for night, revealed in enumerate(game.revealed, start=1):
        if revealed is None:
            out.append(make("night.hidden", {"day": night}, channel))
        else:
            out.append(make("status.revealed", {"day": night,
                                                "dropped": dropped_counts(revealed)}, channel))
    for s, pledge in enumerate(game.pledges):
        if pledge is not None:
            out.append(make("status.pledge", {"seat": s, "role": pledge}, channel))
    if game.phase == "game_over":
        out.extend(Line(channel, a.key, a.params, words=catalogue) for a in reckoning(game))
    if seat is None:
        return out
    if game.phase != "game_over":
        out.append(make("status.hand", {"hand": list(game.hands[seat])}, channel))
        if game.pledges[seat] is not None:
            out.append(make("status.your_pledge", {"pledge": game.pledges[seat]}, channel))
        choice = game.choice_of(seat)
        if choice is not None:
            if choice.kind == "drop":
                out.append(make("status.your_choice.drop", {"drop": list(choice.roles)}, channel))
            elif choice.kind == "no_discard_vote":
                out.append(make("status.your_choice.no_discard_vote", {}, channel))
            elif choice.kind == "discard_vote" and choice.role is not None:    # the pledge (issue 33)
                out.append(make("status.your_choice.discard_vote_pledge",
                                {"target": choice.target, "pledge": choice.role}, channel))
            else:
                out.append(make(f"status.your_choice.{choice.kind}", {"target": choice.target},
                                channel))
    return out
