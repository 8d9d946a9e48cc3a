"""What the game master's page draws of an *In this way I become a DICTATOR* game (issue 32,
the pack's ``console_picture``; the schema in :mod:`firmware_host.games.console_page`): the day
and its step, the five days with today marked, each seat's votes and voting rights (D3),
today's pledges and each night's revealed drops (public, D28), who must still act; the role
cards in each hand only in the reveal (D2: secret), the final roles at the end (D29).

Example::

    picture(public_view(game))                         # phase, rows, facts, table
    picture(public_view(game), adapter.reveal(None))   # ... and a hidden row per hand
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from firmware_host.games.console_page import (Words, action, cell, choice_field, fact, field, row,
                                              seat, seat_field)

from .rules import DAYS, ROLES

__all__ = ["picture", "actions", "ROLE_SHAPES"]

#: each role's drawn shape and colour (told apart by shape alone, and by colour)
ROLE_SHAPES = {"dictator": ("star", "purple"), "jester": ("diamond", "yellow"), "noble": ("square", "blue"),
               "revolutionary": ("triangle", "vermillion"), "assassin": ("dagger", "black"),
               "commoner": ("circle", "grey"), "priest": ("plus", "sky")}

W = Words.load(Path(__file__).with_name("console.toml"))


def _role(role: Any) -> dict:
    return W(f"role.{role}") if role in ROLE_SHAPES else W("dash")


def _role_cell(role: str, label: dict, *, filled: bool = True) -> dict:
    shape, colour = ROLE_SHAPES[role]
    return cell(shape, colour, label, filled=filled)


def _seats(seats: Any) -> dict:
    return W.join([{"de": seat(s), "en": seat(s)} for s in seats or ()], empty="none")


def _facts(view: dict) -> list[dict]:
    card = view.get("time_card") or {}
    steps = card.get("steps") if card.get("steps") in ("votes", "discard_votes_then_votes", "together") else "votes"
    facts = [fact(W("fact.today"), W(f"card.{steps}", n=card.get("drop") or 0,
                                     shown=W("revealed" if card.get("revealed") else "hidden")))]
    morning = view.get("morning")
    if isinstance(morning, dict):
        left = morning.get("seconds_left")
        facts.append(fact(W("fact.morning"), W("morning.untimed") if left is None else
                          W("morning.left", n=round(left))))
    if view.get("phase") != "game_over":
        facts.append(fact(W("fact.waiting"), _seats(view.get("waiting"))))
    if view.get("decided") is not None:
        facts.append(fact(W("fact.decided"), W("n_of", n=view["decided"], total=view.get("players"))))
    for n, roles in enumerate(view.get("revealed") or [], 1):
        facts.append(fact(W("fact.night", n=n), W("hidden") if roles is None else W.join(
            [W("count", n=roles.count(r), role=_role(r)) for r in ROLES if r in roles], empty="none")))
    pledges = [W("pledge", seat=seat(s), role=_role(r)) for s, r in enumerate(view.get("pledges") or []) if r]
    if pledges:
        facts.append(fact(W("fact.pledges"), W.join(pledges, "; ")))
    if view.get("phase") == "game_over":
        winners = view.get("winners") or []
        facts.append(fact(W("fact.winners"), W.join([_seats(winners), W.join(
            [_role(r) for r in view.get("winning_roles") or []])], " – ") if winners else W("nobody")))
        for pair in view.get("overruled") or []:
            facts.append(fact(W("fact.overruled"), W.join([_role(pair[0]), W.join(
                [_role(r) for r in pair[1]])], " ← ")))
    return facts


def _rows(view: dict) -> list[dict]:
    day = int(view.get("day") or 1)
    rows = [row("days", W("days"), [cell("sun", "orange", W("day.today" if d == day else "day.past" if d < day
                                                          else "day", n=d), mark=d, filled=d < day, here=d == day)
                                    for d in range(1, DAYS + 1)])]
    votes, rights = list(view.get("votes") or []), list(view.get("voting_rights") or [])
    rows.append(row("votes", W("votes"), [cell("person", "blue", W("seat_votes", seat=seat(s), v=v, r=r), mark=v,
                                                 filled=v > 0) for s, (v, r) in enumerate(zip(votes, rights))]))
    pledges = view.get("pledges") or []
    if any(pledges):
        rows.append(row("pledges", W("pledges"), [_role_cell(r, W("pledge", seat=seat(s), role=_role(r)))
                                                  for s, r in enumerate(pledges) if r in ROLE_SHAPES]))
    for n, roles in enumerate(view.get("revealed") or [], 1):
        if roles is None:
            rows.append(row(f"night-{n}", W("night.hidden", n=n), []))
        else:
            rows.append(row(f"night-{n}", W("night", n=n), [_role_cell(r, _role(r)) for r in roles
                                                            if r in ROLE_SHAPES]))
    return rows


def _table(view: dict) -> dict:
    votes, rights, ranks = (list(view.get(k) or []) for k in ("votes", "voting_rights", "ranks"))
    finals = view.get("final_roles") or []
    lines = []
    for s in range(int(view.get("players") or len(votes))):
        rank = ranks[s] if s < len(ranks) else None
        lines.append({"seat": s, "cells": [
            {"de": str(votes[s] if s < len(votes) else 0), "en": str(votes[s] if s < len(votes) else 0)},
            W("dash") if rank is None else {"de": str(rank), "en": str(rank)},
            {"de": str(rights[s] if s < len(rights) else ""), "en": str(rights[s] if s < len(rights) else "")},
            _role(finals[s] if s < len(finals) else None)]})
    return {"caption": W("table"), "columns": [W("col.votes"), W("col.rank"), W("col.rights"), W("col.final")],
            "rows": lines}


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view``), JSON-ready; with ``secrets`` (the
    adapter's ``reveal(None)``: ``{"seats": {"N": {"hand", ...}}}``) a hidden row per seat of
    the cards in its hand (never from ``view``, D2).

    :returns: the picture (:mod:`firmware_host.games.console_page`).
    """
    phase = view.get("phase")
    step = "morning" if view.get("morning") else phase
    rows = _rows(view)
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    if isinstance(seats, dict):
        for s in sorted(int(k) for k in seats):        # a reveal of one seat draws that seat only
            hand = set((seats.get(str(s)) or {}).get("hand") or ())
            rows.append(row(f"hand-{s}", W("hand", seat=seat(s)), [
                _role_cell(r, W("in_hand" if r in hand else "dropped", seat=seat(s), role=_role(r)), filled=r in hand)
                for r in ROLES], hidden=True))
    return {"phase": W("phase", day=view.get("day") or 1, step=W(f"step.{step}") if step in (
                "morning", "vote", "discard_vote", "final_vote", "night", "game_over") else {"de": str(step),
                                                                                            "en": str(step)}),
            "waiting": list(view.get("waiting") or []) if phase != "game_over" else [],
            "rows": rows, "facts": _facts(view), "table": _table(view),
            "readers": [{"name": "law", "label": W("reader.law")}]}


def actions() -> tuple[dict, ...]:
    """The game's help forms (DICTATOR.md "Actions")."""
    s, t = seat_field(W("f.seat")), seat_field(W("f.target"), "target")
    return (
        action("vote", W("act.vote"), s, t),
        action("discard_vote", W("act.discard_vote"), s, t, choice_field(
            "role", W("f.role"), [(r, _role(r)) for r in ROLES] + [(None, W("role.none"))])),
        action("no_discard_vote", W("act.no_discard_vote"), s),
        action("drop", W("act.drop"), s, field("roles", "several", W("f.roles"),
                                               choices=[{"value": r, "label": _role(r)} for r in ROLES])),
    )
