"""Board signal scripts from games: what a table does at the board for a replay file.

:func:`signals_for_game` turns a game (DICTATOR.md setup and actions) into the SIMULATE.md
signals a table produces for it: each seat's press, a wait for its scan to reach the wanted
item and the choosing press, for every choice of every step; a ``wait`` through every
morning's discussion (D32). No game-master signal is needed.

Example::

    lines = signals_for_game({"game": "become_dictator", "players": 6, "language": "en"},
                             actions)       # list of JSON-ready dicts, setup first
"""

from __future__ import annotations

from .engine import Action, Game
from .rules import DROPS, Setup

__all__ = ["signals_for_game", "SCAN_TIMEOUT"]

#: seconds a ``wait_for`` of a scan item may take (a 10-seat list, three passes)
SCAN_TIMEOUT = 180.0


def signals_for_game(setup: dict, actions: list[dict], *, morning_seconds: float = 0.0) -> list[dict]:
    """The board signals for a game, setup line first.

    :param setup: the setup as given to the board (DICTATOR.md; ``names`` and
        ``morning_seconds`` may be added).
    :param actions: DICTATOR.md action dicts, all legal, in order.
    :param morning_seconds: the discussion time the board uses when the setup names none
        (``[become_dictator] morning_seconds``; 0: no timer). With a timer a ``wait`` a
        little longer follows each new day; without one every seat presses "ready" once
        the day's morning has been announced (D32).
    :raises IllegalAction: an action the rules refuse.
    """
    game = Game(Setup.from_json({k: v for k, v in setup.items()
                                 if k not in ("names", "morning_seconds")}))
    game.start()
    out: list[dict] = [{"setup": dict(setup)}]
    add = out.append
    wait = float(setup.get("morning_seconds", morning_seconds)) + 1.0

    def press(seat: int) -> None:
        add({"signal": "button", "seat": seat, "gesture": "press"})

    def pick(seat: int, key: str, params: dict) -> None:
        add({"signal": "wait_for", "key": key, "params": params, "timeout": SCAN_TIMEOUT})
        press(seat)

    def morning(day: int) -> None:
        if wait > 1.0:
            add({"signal": "wait", "seconds": wait})
            return
        add({"signal": "wait_for", "key": "day.morning", "params": {"day": day}, "timeout": SCAN_TIMEOUT})
        for seat in range(game.players):
            press(seat)
            add({"signal": "wait_for", "key": "morning.ready",
                 "params": {"seat": seat, "count": seat + 1, "total": game.players}, "timeout": SCAN_TIMEOUT})

    morning(game.day)
    for obj in actions:
        action = Action.from_json(obj)
        seat, phase = action.seat, game.phase
        press(seat)
        if phase == "vote":
            pick(seat, "scan.seat", {"seat": action.target})
            pick(seat, "scan.confirm.vote", {"target": action.target})
        elif phase in ("discard_vote", "final_vote"):
            if action.kind == "no_discard_vote":
                pick(seat, "scan.option.vote_today", {})
                pick(seat, "scan.confirm.no_discard_vote", {})
            else:
                pick(seat, "scan.option.vote" if action.kind == "vote" else "scan.option.discard_vote", {})
                pick(seat, "scan.seat", {"seat": action.target})
                if phase == "discard_vote":
                    pick(seat, "scan.card", {"role": action.role})
                    pick(seat, "scan.confirm.discard_vote", {"target": action.target})
                elif action.kind == "vote":
                    pick(seat, "scan.confirm.vote", {"target": action.target})
                else:
                    pick(seat, "scan.confirm.final_discard_vote", {"target": action.target})
        else:
            pledge = game.pledges[seat]
            for role in action.roles:
                if role != pledge:
                    pick(seat, "scan.card", {"role": role})
            pick(seat, "scan.confirm.drop", {})
        day = game.day
        game.apply(action)
        if game.day != day and game.phase != "game_over":
            morning(game.day)
    return out




# -- the table's conformance hooks (one game like every other: tests/table) ------------------

#: the public announcement keys (prefixes) that reveal a hand: the reckoning (D35)
REVEALS = ("final.", "game_over.")
#: the public announcement keys that reveal what the seats picked in secret: a night's drops,
#: by count (D14); two games with other drops part there (tests/table/test_secrets_timing.py)
PICKS_REVEALED = ("night.revealed",)


def sample_setup(language: str = "en") -> dict:
    """A console setup of a short game for the table's tests (4 players)."""
    return {"game": "become_dictator", "players": 4, "language": language}


def whole_game(setup: dict, seed: int) -> list[dict]:
    """A whole game of ``setup`` to its end (DICTATOR.md actions for
    :func:`signals_for_game`), the players' choices drawn from ``seed``: random legal actions
    (:func:`playout.random_action`), three in four pledging discard-votes drawn again, so
    that some seats never pledge (see :func:`permuted`)."""
    import random

    from .playout import random_action
    rng = random.Random(seed)
    game = Game(Setup.from_json({k: v for k, v in setup.items()
                                 if k not in ("names", "morning_seconds", "game", "seed")}))
    game.start()
    actions: list[dict] = []
    while game.phase != "game_over":
        waiting = game.awaiting()
        seat = waiting[int(rng.random() * len(waiting))]
        action = random_action(game, seat, rng)
        for _ in range(8):
            if not (action.kind == "discard_vote" and action.role and rng.random() < 0.75):
                break
            action = random_action(game, seat, rng)
        game.apply(action)
        actions.append(action.to_json())
    return actions


def permuted(setup: dict, actions: list[dict], seed: int) -> tuple[dict, list[dict]] | None:
    """The same game with the secret hands moved between the seats that never pledge a card:
    each such seat drops what the next one dropped, every open action unchanged, so the table
    hears the same until the reckoning (D35). None when fewer than two seats never pledge."""
    pledging = {a["seat"] for a in actions if a.get("action") == "discard_vote" and a.get("role")}
    free = [s for s in range(int(setup["players"])) if s not in pledging]
    if len(free) < 2:
        return None
    move = {s: free[(i + 1) % len(free)] for i, s in enumerate(free)}
    out = [{**a, "seat": move.get(a["seat"], a["seat"])} if a.get("action") == "drop" else dict(a)
           for a in actions]
    game = Game(Setup.from_json({k: v for k, v in setup.items()
                                 if k not in ("names", "morning_seconds", "game", "seed")}))
    game.start()
    for obj in out:
        game.apply(Action.from_json(obj))
    return dict(setup), out

#: the actions that are final choices made at a seat, each after a confirming press (A16)
FINAL_CHOICES = ("vote", "discard_vote", "no_discard_vote", "drop")


def ready_signals(seat: int) -> list[dict]:
    """How ``seat`` says it is ready while the table waits for the morning's end (D32, the
    table's ready wait): one press."""
    return [{"signal": "button", "seat": seat, "gesture": "press"}]


def seat_answers() -> dict:
    """What seat 1 answers when it sets the sample game up from its earphone: 4 players."""
    return {"players": 4}
