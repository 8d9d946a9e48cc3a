"""Helpers of the Autocracy tests: games from short setups, replays of action lists."""

from __future__ import annotations

import json
from typing import Any

from firmware_host.commands.replay import replay_lines
from firmware_host.games.autocracy import Action, Game, Setup, deal

#: exchanges-3p's Mentors and pile (AUTOCRACY.md's worked example), for small games
PILE = ["chantage", "corruption", "revolte", "espionnage", "nationalisation"] + \
    ["espionnage"] * 5 + ["nationalisation"] * 5 + ["revolte"] * 5 + ["chantage"] * 5 + \
    ["corruption"] * 5
MENTORS = [{"economie": 6, "media": 1, "justice": 1}, {"economie": 12, "media": 2},
           {"justice": 2}, {"media": 2, "justice": 1}, {"economie": 6, "media": 3},
           {"economie": 12, "justice": 1}]


def setup_obj(players: int = 3, **extra: Any) -> dict:
    """A setup object with fixed Mentors and pile (overridable)."""
    obj = {"game": "autocracy", "players": players, "language": "en",
           "mentors": MENTORS[:players], "trick_pile": PILE}
    obj.update(extra)
    return obj


def game(players: int = 3, **extra: Any) -> Game:
    """A started game of :func:`setup_obj`."""
    setup = Setup.from_json(setup_obj(players, **extra))
    g = Game(setup.with_dealt(*deal(setup)))
    g.start()
    return g


def run(setup: dict, *actions: dict) -> list[dict]:
    """The replay output of a file of ``setup`` then ``actions``."""
    return replay_lines([json.dumps({"setup": setup})] + [json.dumps(a) for a in actions])


def rejected(out: list[dict]) -> list[tuple[int, str]]:
    """(line, reason) of every rejected event."""
    return [(o["line"], o["reason"]) for o in out if o.get("event") == "rejected"]


def roll(seat: int, *faces: tuple[str, int]) -> Action:
    """A roll of ``seat`` with the given faces (two default dice)."""
    return Action("roll", seat, dice=tuple(faces))


def quiet_roll(g: Game) -> list:
    """The current seat rolls two faces of value 1 of symbols it holds none of, so it gains
    nothing ((1 + 0) / 2 = 0, A8), where it can; returns the events."""
    seat = g.current
    held = {**g.tokens[seat], "coup_bas": len(g.hands[seat])}
    empty = [s for s in ("armee", "politique", "justice", "media", "economie", "coup_bas")
             if held[s] == 0 and (s, 1) in g.setup.dice[0]]
    faces = (empty + ["politique", "armee"])[:2]
    return g.apply(Action("roll", seat, dice=tuple((f, 1) for f in faces)))


def to_round_2(g: Game) -> None:
    """Every seat rolls once (round 1 ends)."""
    while g.round == 1:
        quiet_roll(g)
