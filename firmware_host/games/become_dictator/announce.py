"""What the board says after each accepted action, and where (D28-D37).

:func:`announcements` turns the engine's events into :class:`Line` items: ``public``
for the table speaker (and the console), ``seat:N`` for one earphone. A public announcement
never carries a secret (D28): a private key on ``public`` raises :class:`PrivacyError`, and
params named ``hand``, ``drop`` or ``choice`` only ever go to a ``seat:N`` channel.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from firmware_host.kernel.values import Line, PrivacyError

from . import catalogue
from .engine import Action, Event, Game, IllegalAction
from .rules import DROPS, ROLES

__all__ = ["Line", "PrivacyError", "make", "announcements", "refusal", "status", "status_layers",
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
    own channel: every layer of :func:`status_layers` but the first. ``seat`` None gives the
    public part only (the game master)."""
    if seat is None:
        return [a for part in _status_parts(game, "public", game.awaiting()) for a in part]
    return [a for layer in status_layers(game, seat)[1:] for a in layer]


def status_layers(game: Game, seat: int, morning: tuple[Any, Any] | None = None) -> list[list[Line]]:
    """D31 in layers (ACCESSIBILITY.md 3, 29), each on the seat's earphone:

    1. what is open now, in at most 3 s of speech: "You: vote now", "You: drop two cards" to a
       seat the step waits for, else the step and how many have acted ("Votes: two of seven
       cast", "Night: three of seven dropped"), or the end;
    2. the day and step (the Time Card line) and who must still act;
    3. every seat's votes, rank and voting rights (a line a seat);
    4. the night reveals so far and today's pledges (the reckoning, at the end);
    5. privately: the seat's hand, its pledge and its choice in the current secret step.

    During a morning (D32: noon's step is not open yet) what is open is the morning's
    "ready": "Morning: press when you are ready." to a seat not ready yet, else "Morning: two
    of four ready."; the second layer's seats still to act are those not ready.

    :param morning: the running morning's ``(seats ready, seats waited for)`` (0-based
        seats), None when no morning runs.
    """
    channel = _seat(seat)
    waiting = game.awaiting()
    if morning is not None and game.phase != "game_over":
        ready, seats = set(morning[0]), tuple(morning[1])
        waiting = tuple(s for s in seats if s not in ready)
    layers = _status_parts(game, channel, waiting)
    n = game.players
    if game.phase == "game_over":
        return [[make("status.now.over", {}, channel)]] + layers
    if morning is not None:
        now = (make("status.now.you.morning", {}, channel) if seat in waiting else
               make("status.now.morning", {"count": len(seats) - len(waiting), "total": len(seats)}, channel))
    elif seat in waiting:
        now = (make("status.now.you.vote", {}, channel) if game.phase == "vote" else
               make("status.now.you.night", {"count": game.drop_count()}, channel) if game.phase == "night" else
               make("status.now.you.secret", {}, channel))
    else:
        now = make(f"status.now.{game.phase}", {"count": n - len(waiting), "total": n}, channel)
    private: list[Line] = [make("status.hand", {"hand": list(game.hands[seat])}, channel)]
    if game.pledges[seat] is not None:
        private.append(make("status.your_pledge", {"pledge": game.pledges[seat]}, channel))
    choice = game.choice_of(seat)
    if choice is not None:
        if choice.kind == "drop":
            private.append(make("status.your_choice.drop", {"drop": list(choice.roles)}, channel))
        elif choice.kind == "no_discard_vote":
            private.append(make("status.your_choice.no_discard_vote", {}, channel))
        elif choice.kind == "discard_vote" and choice.role is not None:    # the pledge (issue 33)
            private.append(make("status.your_choice.discard_vote_pledge",
                                {"target": choice.target, "pledge": choice.role}, channel))
        else:
            private.append(make(f"status.your_choice.{choice.kind}", {"target": choice.target}, channel))
    return [[now]] + layers + [private]


def _status_parts(game: Game, channel: str, waiting: Sequence[int]) -> list[list[Line]]:
    """D31's public status on ``channel`` in parts: the Time Card line and who must still
    act (``waiting``, 0-based seats); every seat's votes, rank and rights; the reveals and
    pledges (and the reckoning at the end)."""
    from .views import time_card

    card = time_card(game.day, game.setup.reveal_night_4)
    if card["steps"] == "votes":
        step = [make("timecard.votes", {"day": game.day, "count": card["drop"]}, channel)]
    elif card["steps"] == "together":
        step = [make("timecard.together", {"day": game.day}, channel)]
    else:
        key = ("timecard.discard_votes_then_votes" if card["revealed"]
               else "timecard.discard_votes_then_votes.hidden")
        step = [make(key, {"day": game.day, "count": card["drop"]}, channel)]
    if game.phase != "game_over":
        step.append(make("status.waiting", {"waiting": list(waiting)}, channel))
    ranks = game.ranks()
    seats = []
    for s in range(game.players):
        if ranks[s] is None:
            seats.append(make("status.seat.unranked", {"seat": s, "votes": game.votes[s],
                                                       "rights": game.voting_rights[s]}, channel))
        else:
            seats.append(make("status.seat", {"seat": s, "votes": game.votes[s], "rank": ranks[s],
                                              "rights": game.voting_rights[s]}, channel))
    told = []
    for night, revealed in enumerate(game.revealed, start=1):
        if revealed is None:
            told.append(make("night.hidden", {"day": night}, channel))
        else:
            told.append(make("status.revealed", {"day": night, "dropped": dropped_counts(revealed)}, channel))
    for s, pledge in enumerate(game.pledges):
        if pledge is not None:
            told.append(make("status.pledge", {"seat": s, "role": pledge}, channel))
    if game.phase == "game_over":
        told.extend(make(a.key, a.params, channel) for a in reckoning(game))
    return [part for part in (step, seats, told) if part]
