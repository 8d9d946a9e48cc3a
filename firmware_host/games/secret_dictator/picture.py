"""What the game master's page draws of a Secret Dictator game (issue 32, the pack's
``console_picture``; the schema in :mod:`firmware_host.games.console_page`): the step, who must
act, the two law tracks with the fascist track's powers for this player count (R9, the setup's
``switches.powers``) as drawn symbols, the election tracker with the hole its pin is in, the
offices, piles and each seat's last ballot; the roles only once the game is over (R15) or in
the reveal (``secrets``).

Example::

    picture(public_view(game))                          # phase, rows, facts, table
    picture(public_view(game), adapter.reveal(None))    # ... and a hidden row of the roles
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from firmware_host.games.console_page import (Words, action, cell, choice_field, fact, row, seat,
                                              seat_field)

__all__ = ["picture", "actions", "POWER_SHAPES"]

DEMOCRATIC_SLOTS, FASCIST_SLOTS, TRACKER_HOLES = 5, 6, 4
#: the drawn symbol of each power of a fascist slot (R9) and of the tracks' last slots
POWER_SHAPES: dict[str | None, str] = {
    None: "none", "view_discard": "bin", "peek": "eye", "investigate": "lens",
    "special_election": "star", "execution": "dagger", "democrats_win": "flag", "fascists_win": "flag"}
#: the colours of the two parties: blue and orange, told apart with any colour vision
PARTY_COLOURS = {"democratic": "blue", "fascist": "orange"}

W = Words.load(Path(__file__).with_name("console.toml"))


def _seats(seats: Any) -> dict:
    return W.join([{lang: seat(s) for lang in ("de", "en")} for s in seats or ()], empty="none")


def _phase(view: dict) -> dict:
    phase = view.get("phase")
    people = {k: seat(view[k]) if isinstance(view.get(k), int) else W("none") for k in ("president", "nominee", "chancellor")}
    if phase == "power":
        power = view.get("power")
        return W("phase.power", power=W(f"power.{power}" if power in POWER_SHAPES else "power.none"))
    if phase == "game_over":
        return W("phase.game_over", winner=W(f"winner.{view.get('winner')}"),
                 reason=W(f"reason.{view.get('reason')}"))
    if phase in ("nomination", "election", "legislative_president", "legislative_chancellor", "chaos"):
        return W(f"phase.{phase}", **people)
    return W("phase.none")


def _tracks(view: dict) -> list[dict]:
    powers = list((view.get("switches") or {}).get("powers") or [None] * 5)
    dem, fas = int(view.get("democratic_laws") or 0), int(view.get("fascist_laws") or 0)
    tracker = view.get("election_tracker")

    def slots(party: str, keys: list) -> list[dict]:
        return [cell(POWER_SHAPES.get(key, "none"), PARTY_COLOURS[party], W("slot", n=i + 1, power=W(
            f"power.{key}" if key else "power.none")), mark="" if key else str(i + 1), filled=i < (dem if party ==
            "democratic" else fas)) for i, key in enumerate(keys)]
    return [
        row("democratic", W("track.democratic", n=dem),
            slots("democratic", [None] * (DEMOCRATIC_SLOTS - 1) + ["democrats_win"])),
        row("fascist", W("track.fascist", n=fas),
            slots("fascist", [*(powers + [None] * 5)[:FASCIST_SLOTS - 1], "fascists_win"])),
        row("tracker", W("track.tracker", n=int(tracker or 0)),
            [cell("bolt" if i == TRACKER_HOLES - 1 else "none", "grey",
                  W("hole.chaos" if i == TRACKER_HOLES - 1 else "hole", n=i), mark=str(i), here=tracker == i)
             for i in range(TRACKER_HOLES)]),
    ]


def _ballots(view: dict) -> dict:
    ballots = view.get("last_ballots")
    return ballots if isinstance(ballots, dict) else {}


def _facts(view: dict) -> list[dict]:
    if not view.get("phase"):
        return []
    facts = [fact(W(f"fact.{k}"), _seats([view[k]] if isinstance(view.get(k), int) else []))
             for k in ("president", "nominee", "chancellor")]
    facts.append(fact(W("fact.term_limited"), _seats(view.get("ineligible"))))
    alive = view.get("alive") or []
    if view.get("phase") == "election" and view.get("votes_cast") is not None:
        facts.append(fact(W("fact.votes"), W("n_of", n=view["votes_cast"], total=len(alive) or view.get("players"))))
    facts += [fact(W(f"fact.{name}"), W("laws.one" if view[key] == 1 else "laws", n=view[key]))
              for key, name in (("draw_pile", "draw"), ("discard_pile", "discard")) if isinstance(view.get(key), int)]
    ballots = _ballots(view)
    ja = sum(1 for b in ballots.values() if b == "ja")
    if ballots:
        facts.append(fact(W("fact.election"), W("elected" if ja > len(ballots) - ja else "failed", ja=ja,
                                                nein=len(ballots) - ja)))
    return facts


def _table(view: dict) -> dict:
    players = int(view.get("players") or 0)
    alive = set(view.get("alive") or range(players))
    ballots = _ballots(view)
    lines = []
    for s in range(players):
        office = [W(f"fact.{k}") for k in ("president", "chancellor", "nominee")
                  if view.get(k) == s and not (k == "nominee" and view.get("chancellor") == s)]
        ballot = ballots.get(str(s), ballots.get(s))
        lines.append({"seat": s, "out": s not in alive,
                      "cells": [W("alive" if s in alive else "executed"), W.join(office, empty="dash"),
                                {lang: ballot.capitalize() for lang in ("de", "en")} if isinstance(ballot, str)
                                else W("dash")]})
    return {"caption": W("table"), "columns": [W("col.alive"), W("col.office"), W("col.ballot")], "rows": lines}


def _roles(roles: dict[int, Any], hidden: bool) -> dict:
    shapes = {"democrat": "circle", "fascist": "triangle", "dictator": "star"}
    return row("roles", W("roles"), [            # a reveal of one seat draws that seat only
        cell(shapes.get(role, "none"), PARTY_COLOURS["democratic" if role == "democrat" else "fascist"] if role
             else "grey", W("role", seat=seat(s), role=W(f"role.{role}" if role in shapes else "role.unknown")),
             mark="", filled=role == "dictator") for s, role in sorted(roles.items())], hidden=hidden)


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view``), JSON-ready; with ``secrets`` (the
    adapter's ``reveal(None)``: ``{"seats": {"N": {"role", ...}}}``) a hidden row of the seats'
    roles (never drawn from ``view`` before the end, R16; at the end ``view["roles"]`` is public).

    :param view: the public view (``phase``, ``democratic_laws``, ``fascist_laws``,
        ``election_tracker``, ``switches.powers``, ``players``, offices, piles, ballots).
    :returns: the picture (:mod:`firmware_host.games.console_page`).
    """
    rows = _tracks(view)
    if isinstance(view.get("roles"), list):                         # R15: public at the end
        rows.append(_roles(dict(enumerate(view["roles"])), hidden=False))
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    if isinstance(seats, dict):
        rows.append(_roles({int(s): (v or {}).get("role") for s, v in seats.items()}, hidden=True))
    phase = view.get("phase")
    return {"phase": _phase(view),
            "waiting": list(view.get("awaiting") or []) if phase and phase != "game_over" else [],
            "rows": rows, "facts": _facts(view), "table": _table(view),
            "readers": [{"name": name, "label": W(f"reader.{name}")} for name in ("ballot", "law")]}


def actions() -> tuple[dict, ...]:
    """Secret Dictator's help forms (REPLAY.md's actions, and ``choose``: a seat's nominee or
    its power's target as if it had scanned it)."""
    s, t = seat_field(W("f.seat")), seat_field(W("f.target"), "target")
    party = choice_field("party", W("f.party"), [("democratic", W("party.democratic")),
                                                 ("fascist", W("party.fascist")), (None, W("party.unknown"))],
                         optional=True)
    return (
        action("choose", W("act.choose"), seat_field(W("f.chooser")), seat_field(W("f.chosen"), "target"),
               command="choose"),
        action("nominate", W("act.nominate"), s, t),
        action("vote", W("act.vote"), s, choice_field("ballot", W("f.ballot"), [
            ("ja", {"de": "Ja", "en": "Ja"}), ("nein", {"de": "Nein", "en": "Nein"})])),
        action("discard", W("act.discard"), s, party),
        action("enact", W("act.enact"), s, party),
        action("acknowledge", W("act.acknowledge"), s),
        action("special_election", W("act.special_election"), s, t),
        action("execute", W("act.execute"), s, t),
        action("investigate", W("act.investigate"), s, t),
        action("veto", W("act.veto"), s),
        action("veto_reply", W("act.veto_reply"), s, choice_field("accept", W("f.accept"), [
            (True, W("accept.true")), (False, W("accept.false"))])),
        action("chaos_law", W("act.chaos_law"), party),
    )
