"""The story of a finished game, round by round (issue 14 "After the game, the story").

Players ask after every game "who lied?": this retells each round from the journal's actions,
replayed through the rules engine: the government (or the failed election), the three laws
the president drew and the one that went away, the two the chancellor received and the one
enacted, vetoes, the chaos law, each presidential power and its result, and at the end the
roles. With an untracked (physical) deck the board knows only what its readers read: a hand
it never saw is left out, a discard read at the tray is told.

Only for a game that is over: every secret is public then (R15), so every announcement is
on the table's channel.

Example::

    rounds = story.story(setup_json, journal_actions)     # list of rounds
    for round_ in rounds:
        for a in round_:
            print(a.text("en"))
"""

from __future__ import annotations

from typing import Any

from firmware_host.errors import FirmwareHostError

from .actions import Action
from .announce import Line, make
from .engine import Game
from .setup import Setup
from .views import private_view

__all__ = ["story", "StoryError"]


class StoryError(FirmwareHostError, ValueError):
    """The game is not over (its story would tell secrets, R16) or its actions do not replay."""


def story(setup_json: dict, actions: list[dict]) -> list[list[Line]]:
    """The rounds of a finished game as public announcements, the roles last.

    :param setup_json: the game's setup as journaled (roles and deck dealt).
    :param actions: its REPLAY.md actions in order.
    :returns: one list per round (a nomination starts a round), then one list with
        ``story.end`` and ``game_over.roles``.
    :raises StoryError: the actions do not end the game, or do not replay.
    """
    rounds: list[list[Line]] = []
    current: list[Line] | None = None

    def say(key: str, params: dict) -> None:
        nonlocal current
        if current is None:
            current = []
            rounds.append(current)
        current.append(make(key, params))

    try:
        game = Game(Setup.from_json(setup_json))
        game.start()
    except ValueError as exc:
        raise StoryError(f"the setup does not replay: {exc}") from None
    nominee = None
    for obj in actions:
        try:
            action = Action.from_json(obj)
            kind = action.kind
            hand = private_view(game, action.seat)["hand"] if kind in ("discard", "enact") and action.seat is not None \
                else None
            president = game.president
            events = game.apply(action)
        except ValueError as exc:
            raise StoryError(f"an action does not replay: {exc}") from None
        if kind == "nominate":
            current, nominee = None, action.target
        for e in events:
            if e.kind == "election":
                say("story.elected" if e.data.get("elected") else "story.failed",
                    {"index": len(rounds) + (current is None), "president": president, "nominee": nominee,
                     "ja": e.data.get("ja", 0), "nein": e.data.get("nein", 0)})
            elif e.kind == "law_enacted" and e.data.get("by") == "chaos":
                say("story.chaos", {"party": e.data["party"]})
            elif e.kind == "executed":
                say("story.executed", {"seat": president, "target": e.data["target"],
                                       "role": game.roles[e.data["target"]]})
        if kind in ("discard", "enact") and action.party is not None:
            size, whole, part = {"discard": (3, "story.drawn", "story.discarded"),
                                 "enact": (2, "story.received", "story.enacted")}[kind]
            full = bool(hand) and len(hand) == size
            say(whole if full else part, {"laws": list(hand), "party": action.party} if full else {"party": action.party})
        elif kind == "veto":
            say("story.veto", {"seat": action.seat})
        elif kind == "veto_reply":
            say("story.veto_accepted" if action.accept else "story.veto_refused", {"seat": action.seat})
        elif kind == "special_election":
            say("story.special_election", {"seat": action.seat, "target": action.target})
        elif kind == "investigate":
            say("story.investigated", {"seat": action.seat, "target": action.target,
                                       "party": "democratic" if game.roles[action.target] == "democrat" else "fascist"})
        for e in events:
            result = private_view(game, e.data["seat"])["power_result"] \
                if e.kind == "power" and e.data.get("power") in ("peek", "view_discard") else None
            if result is not None and e.data["power"] == "peek":
                say("story.peeked", {"seat": e.data["seat"], "laws": list(result)})
            elif result is not None:
                say("story.viewed_discard", {"seat": e.data["seat"], "party": result})
    if game.phase != "game_over":
        raise StoryError("the game is not over: its story would tell secrets (R16)")
    roles = list(game.roles)
    rounds.append([make("story.end", {"count": len(rounds)}),
                   make("game_over.roles", {"dictator": roles.index("dictator"),
                                            "fascists": [s for s, r in enumerate(roles) if r == "fascist"],
                                            "democrats": [s for s, r in enumerate(roles) if r == "democrat"]})])
    return rounds
