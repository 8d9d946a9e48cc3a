"""Board signal scripts from games: what a table does at the board for a Dying Message game.

:func:`signals_for_game` turns a game (DYING_MESSAGE.md setup and the players' actions) into
the SIMULATE.md signals a table produces for it on the board (M41-M48), with no game-master
signal:

- every night step with a list: once its public line has started (``wait_for``), every
  listening seat presses to hear its list and picks its items (a ``wait_for`` of the item,
  then a press), the seats with nothing to do first (their first items: a decoy choice is
  ignored, M43), then the actors their real choice;
- the Forensic Scientists' examinations, each by a press and a pick;
- the discussion: every living seat opens its menu and picks "ready to vote" (M47);
- each vote: every living seat presses and picks its ballot; after a majority the accused's
  press opens the second vote (M48);
- a final choice (a ballot, a victim of the killers' step, for every listener of that step)
  is confirmed by a second press on "confirm" (ACCESSIBILITY.md 16).

The board draws the chance inputs itself (:func:`playout.board_chance`); :func:`game_for_board`
writes the replay file of a game with those chance inputs, so the board's final state and
the replay's are the same.

Example::

    game = game_for_board(setup, actions)            # the replay file's objects
    lines = signals_for_game(setup, actions)         # the script's objects, setup first
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .board import CONFIRMED_STEPS, STEP_OF_PHASE, DyingMessageGame
from .playout import board_chance
from .engine import NIGHT_PHASES, Game
from .night import PRIVATE_STEPS, step_lines
from .setup import Setup, deal

__all__ = ["signals_for_game", "game_for_board", "SCAN_TIMEOUT", "STEP_TIMEOUT"]

#: seconds a ``wait_for`` of a scan item may take (a list of padded descriptions, 3 passes)
SCAN_TIMEOUT = 400.0
#: seconds a ``wait_for`` of a step's public line may take (a dawn, a day's reading before it)
STEP_TIMEOUT = 900.0
#: the keys of a console/simulate setup that are the table's (the names, the board's times:
#: the adapter's ``SETUP_SECONDS``), not part of the replay setup
BOARD_SETUP_KEYS = ("names", *DyingMessageGame.SETUP_SECONDS)
_STEP_ACTION = {"soulmate": "soulmate", "dogs": "protect", "killers": "kill", "dead": "genuine",
                "fake": "fake"}
_STEP_KEY = {"soulmate": "night.soulmate", "dogs": "night.dogs", "killers": "night.killers",
             "dead": "night.dead", "fake": "night.fake"}


def _new_game(setup: dict) -> tuple[Game, int | None]:
    obj = {k: v for k, v in setup.items() if k not in BOARD_SETUP_KEYS}
    parsed = Setup.from_json(obj)
    game = Game(parsed.with_dealt(*deal(parsed)))
    game.start()
    return game, parsed.seed


def game_for_board(setup: dict, actions: list[dict]) -> list[dict]:
    """The replay file (setup first) of ``actions`` played on the board: the chance inputs
    are the ones the board draws (:func:`playout.board_chance`); any in ``actions`` are
    dropped.

    :raises IllegalAction: an action the rules refuse.
    """
    game, seed = _new_game(setup)
    out: list[dict] = [{"setup": {k: v for k, v in setup.items() if k not in BOARD_SETUP_KEYS}}]
    count = 0
    for obj in actions:
        if obj.get("action") in ("shuffle", "arrange"):
            continue
        game.apply(Action.from_json(obj, game.players, game.options["dog_may_pass"]))
        out.append(dict(obj))
        count += 1
        while game.chance_due is not None:
            chance = board_chance(game, seed, count)
            game.apply(chance)
            out.append(chance.to_json())
            count += 1
    return out


def signals_for_game(setup: dict, actions: list[dict]) -> list[dict]:
    """The board signals for a game, setup line first (see the module docstring).

    :param setup: the setup as given to the board (DYING_MESSAGE.md; ``names``,
        ``night_choice_seconds`` … may be added).
    :param actions: the players' actions (chance inputs are left to the board), all legal,
        in order; a first vote is given as its ``vote`` actions or one ``skip_vote``.
    :raises IllegalAction: an action the rules refuse.
    """
    game, seed = _new_game(setup)
    out: list[dict] = [{"setup": dict(setup)}]
    add = out.append
    todo = [Action.from_json(o, game.players, game.options["dog_may_pass"]) for o in actions
            if o.get("action") not in ("shuffle", "arrange")]
    count = 0

    def press(seat: int) -> None:
        add({"signal": "button", "seat": seat, "gesture": "press"})

    def pick(seat: int, key: str, params: dict, timeout: float = SCAN_TIMEOUT) -> None:
        add({"signal": "wait_for", "key": key, "params": params, "timeout": timeout})
        press(seat)

    def choose(seat: int, key: str, params: dict, confirm: bool) -> None:
        """Pick an item; a final choice (a victim, a ballot) is confirmed (ACCESSIBILITY.md 16)."""
        pick(seat, key, params)
        if confirm:
            pick(seat, *(("scan.confirm.seat", params) if "seat" in params else ("scan.confirm.skip", {})))

    def item(kind: str | None, value: Any) -> tuple[str, dict]:
        if value is None:
            return ("scan.nobody", {})
        return ("scan.seat", {"seat": value}) if kind == "seat" else ("scan.card", {"card": value})

    def apply(action: Action) -> None:
        nonlocal count
        game.apply(action)
        count += 1
        while game.chance_due is not None:
            game.apply(board_chance(game, seed, count))
            count += 1

    def night_steps() -> list[tuple[str, dict]]:
        """The steps with lists in the last log, with their lines as the board has them."""
        return [(e[1], step_lines(game, e[1])) for e in game.log
                if e[0] == "step" and e[1] in PRIVATE_STEPS and e[1] in _STEP_KEY]

    def night(steps: list[tuple[str, dict]]) -> None:
        """Every listener's presses in each step; the actors' actions are applied. A group
        that disagrees (M16, M44): once the proposals have been heard everyone presses
        again."""
        for name, lines in steps:
            add({"signal": "wait_for", "key": _STEP_KEY[name], "params": {}, "timeout": STEP_TIMEOUT})
            later: list[tuple[str, dict]] = []
            actors = [s for s in sorted(lines) if lines[s].acts]
            while True:
                for s in sorted(lines):
                    line = lines[s]
                    if line.acts or not line.presses:
                        continue
                    press(s)
                    for value in line.items[:line.presses]:
                        choose(s, *item(line.kind, value), name in CONFIRMED_STEPS)
                for _ in actors:
                    if game.phase not in NIGHT_PHASES or STEP_OF_PHASE[game.phase] != name:
                        break
                    action = todo.pop(0)
                    if action.kind != _STEP_ACTION[name] or action.seat not in actors:
                        raise ValueError(f"expected the {name} step's {_STEP_ACTION[name]}, "
                                         f"got {action.kind}")
                    press(action.seat)
                    if action.kind in ("soulmate", "protect"):
                        chosen = [action.target]
                    else:
                        chosen = list(action.targets or action.cards or ())
                    for value in chosen:
                        choose(action.seat, *item(lines[action.seat].kind, value), name in CONFIRMED_STEPS)
                    apply(action)
                    later += night_steps()
                again = name in ("killers", "dead", "fake") and not later and actors \
                    and game.phase in NIGHT_PHASES and STEP_OF_PHASE[game.phase] == name \
                    and not game.proposals
                if not again:
                    break
                add({"signal": "wait_for", "key": f"night.{_STEP_ACTION[name]}.again", "params": {},
                     "timeout": STEP_TIMEOUT})
            night(later)

    def day() -> None:
        examining = False
        while todo and game.phase not in NIGHT_PHASES and game.phase != "game_over":
            if game.phase == "examine":
                if not examining:
                    add({"signal": "wait_for", "key": "examine.open", "params": {},
                         "timeout": STEP_TIMEOUT})
                    examining = True
                action = todo.pop(0)
                press(action.seat)
                pick(action.seat, *(("scan.no_card", {}) if action.card is None
                                    else ("scan.card", {"card": action.card})))
                apply(action)
                continue
            examining = False
            number = 2 if game.phase == "second_vote" else 1
            if number == 1:
                add({"signal": "wait_for", "key": "day.discussion", "params": {}, "timeout": STEP_TIMEOUT})
                for s in game.living():
                    press(s)
                    pick(s, "menu.ready", {})
                votes = []
                if todo[0].kind == "skip_vote":
                    todo.pop(0)
                    for s in game.living():
                        press(s)
                        choose(s, "scan.skip_vote", {}, True)
                    apply(Action("skip_vote"))
                    continue
                while todo and todo[0].kind == "vote" and len(votes) < len(game.living()):
                    votes.append(todo.pop(0))
            else:
                add({"signal": "wait_for", "key": "vote.defend", "params": {}, "timeout": STEP_TIMEOUT})
                press(game.accused)
                votes = []
                while todo and todo[0].kind == "vote" and len(votes) < len(game.living()):
                    votes.append(todo.pop(0))
            add({"signal": "wait_for", "key": "vote.open" if number == 1 else "vote.second",
                 "params": {}, "timeout": STEP_TIMEOUT})
            for v in votes:
                press(v.seat)
                choose(v.seat, "scan.seat", {"seat": v.target}, True)
            for v in sorted(votes, key=lambda a: a.seat):
                apply(v)

    pending = night_steps()
    while todo and game.phase != "game_over":
        if game.phase in NIGHT_PHASES:
            night(pending)
        else:
            day()
        pending = night_steps()
    if todo:
        raise ValueError(f"{len(todo)} actions left after the game ended")
    return out


# -- the table's conformance hooks (one game like every other: tests/table) ------------------

#: the public announcement keys (prefixes) that reveal a character or what a night did
REVEALS = ("died.", "day.dead", "day.nobody_dead", "game_over.")


def sample_setup(language: str = "en") -> dict:
    """A console setup of a short game for the table's tests (6 players, dealt from a seed)."""
    return {"game": "dying_message", "players": 6, "seed": 3, "language": language}


def whole_game(setup: dict, seed: int, max_actions: int = 200) -> list[dict]:
    """A whole game of ``setup`` (the console's, or the one the seats made and the board
    journaled) to its end: the players' actions for :func:`signals_for_game` (chance inputs
    left to the board), their choices drawn from ``seed``; a group copies its first member's
    proposal three times in four, a vote is skipped one time in five where it may be."""
    import random
    rng = random.Random(seed)
    game, board_seed = _new_game(setup)
    out: list[dict] = []
    count = 0
    while game.phase != "game_over" and len(out) < max_actions:
        if game.chance_due is not None:
            game.apply(board_chance(game, board_seed, count))
            count += 1
            continue
        seat = game.awaiting()[0]
        choice = game.choice_of(seat)
        first = next(iter(game.proposals.values()), None) if game.phase in ("kill", "genuine", "fake") else None
        picked = list(first) if first is not None and rng.random() < 0.75 \
            else rng.sample(list(choice.items), choice.count)
        kind = choice.kind
        if kind == "vote" and choice.skip_allowed and rng.random() < 0.2:
            action = Action("skip_vote")
        elif kind in ("soulmate", "protect", "vote"):
            action = Action(kind, seat=seat, target=picked[0])
        elif kind == "kill":
            action = Action(kind, seat=seat, targets=tuple(picked))
        elif kind == "examine":
            action = Action(kind, seat=seat, card=picked[0] if picked else None)
        else:
            action = Action(kind, seat=seat, cards=tuple(picked))
        game.apply(action)
        out.append(action.to_json())
        count += 1
    return out


def permuted(setup: dict, actions: list[dict], seed: int) -> tuple[dict, list[dict]] | None:
    """The same game with the characters of two seats swapped, two seats that take no action
    in it but votes (their characters differ, the deck is as dealt): every action stays legal
    and the table hears the same until a death or the end reveals a character (M39, M41).
    None when no two such seats hold different characters.

    :raises IllegalAction: the swapped game refuses an action (never for such seats).
    """
    parsed = Setup.from_json({k: v for k, v in setup.items() if k not in BOARD_SETUP_KEYS})
    dealt = parsed.with_dealt(*deal(parsed))
    roles = list(dealt.roles)
    acting = {a.get("seat") for a in actions if a.get("action") not in ("vote", "skip_vote")}
    free = [s for s in range(len(roles)) if s not in acting]
    pair = next(((a, b) for i, a in enumerate(free) for b in free[i + 1:] if roles[a] != roles[b]), None)
    if pair is None:
        return None
    roles[pair[0]], roles[pair[1]] = roles[pair[1]], roles[pair[0]]
    moved = {**setup, "roles": roles, "deck": list(dealt.deck)}
    game_for_board(moved, actions)
    return moved, list(actions)


#: the actions that are final choices made at a seat, each after a confirming press (A16)
FINAL_CHOICES = ("vote", "kill")


def ready_signals(seat: int) -> list[dict]:
    """How ``seat`` says it is ready while the table waits for the discussion's end (M47,
    the table's ready wait): a press opens its menu, a press on "ready to vote" picks it."""
    return [{"signal": "button", "seat": seat, "gesture": "press"},
            {"signal": "wait_for", "key": "menu.ready", "params": {}, "timeout": SCAN_TIMEOUT},
            {"signal": "button", "seat": seat, "gesture": "press"}]


def seat_answers() -> dict:
    """What seat 1 answers when it sets the sample game up from its earphone: 6 players."""
    return {"players": 6}
