"""Board signal scripts of *Autocracy*: what a table does at the board for a game, from presses
alone (SIMULATE.md), and the hooks by which the table's one conformance suite plays it.

:func:`signals_for_game` turns a game (AUTOCRACY.md setup and actions) into the signals a
table produces for it: the acting seat's press, then for each list a wait for its scan to
reach the wanted item and the choosing press, then the confirming press (A36-A41); an
attacked seat's counter window opens by itself, and so does the current seat's menu after an
exchange, a purchase or its attack's result. The dice are the board's: a game's rolls are
the faces of :func:`~.board.roll_sequence` of its seed, in order, which :func:`whole_game`
uses too, so the signals replay the game exactly. No game-master signal is needed.

Example::

    setup = sample_setup("fr")
    lines = signals_for_game(setup, whole_game(setup, 2))    # setup line first
"""

from __future__ import annotations

import random
from typing import Any

from .board import board_setup, roll_sequence
from .engine import Action, Game
from .rules import ANSWERS, roll

__all__ = ["signals_for_game", "whole_game", "sample_setup", "seat_answers", "permuted",
           "REVEALS", "FINAL_CHOICES", "SCAN_TIMEOUT", "dealt_game"]

#: seconds a ``wait_for`` of a scan item may take (a long list, three passes)
SCAN_TIMEOUT = 240.0
#: the public announcement keys (prefixes) that reveal a hand: the end (A44)
REVEALS = ("game_over.",)
#: the actions that are final choices made at a seat, each after a confirming press (A16)
FINAL_CHOICES = ("exchange", "buy", "attack", "roll")
_TABLE_KEYS = ("names", "hold_seconds", "counter_seconds", "game")


def dealt_game(setup: dict) -> Game:
    """The started game of a board setup (the Mentors and pile as the board draws them)."""
    game = Game(board_setup({k: v for k, v in setup.items() if k not in _TABLE_KEYS}, None))
    game.start()
    return game


def _nonzero(counts: dict) -> dict:
    return {k: v for k, v in counts.items() if v}


def signals_for_game(setup: dict, actions: list[dict]) -> list[dict]:
    """The board signals for a game, setup line first.

    :param setup: the setup as given to the board (AUTOCRACY.md, with a ``seed``; ``names``,
        ``hold_seconds`` and ``counter_seconds`` may be added).
    :param actions: AUTOCRACY.md action dicts, all legal, each roll's faces those of the
        board's roll sequence.
    :raises IllegalAction: an action the rules refuse.
    :raises ValueError: the setup has no seed (the board's dice would be unknown).
    """
    if setup.get("seed") is None:
        raise ValueError("a script's setup needs a seed: the board rolls the dice from it")
    game = dealt_game(setup)
    out: list[dict] = [{"setup": dict(setup)}]
    add = out.append

    def press(seat: int) -> None:
        add({"signal": "button", "seat": seat, "gesture": "press"})

    def pick(seat: int, key: str, params: dict) -> None:
        add({"signal": "wait_for", "key": key, "params": params, "timeout": SCAN_TIMEOUT})
        press(seat)

    def amounts(give: str, get: str, count: int) -> tuple[dict, dict]:
        gives, gets = game.exchange_amounts(give, get, count)
        return {give: gives}, {get: gets}

    menu_open = False       # the board reopened the current seat's menu by itself
    for obj in actions:
        a = Action.from_json(obj)
        seat = a.seat
        if a.kind in ("counter", "no_counter"):
            # the window opens by itself; the answer is said after the hold time (A41): the
            # table goes on once it has heard it
            if a.kind == "no_counter":
                # "let it pass" where a seat holding the answer hears it, second (A41): a seat
                # without one lets the first of its two pass by, so its press comes when a
                # holder's would, whatever it holds (issue 33)
                att = game.attack
                want = "corruption" if att["redirect"] is not None else ANSWERS[att["trick"]]
                if want not in game.hands[seat]:
                    add({"signal": "wait_for", "key": "scan.pass", "params": {}, "timeout": SCAN_TIMEOUT})
                pick(seat, "scan.pass", {})
                said = "not_countered"
            else:
                pick(seat, "scan.counter", {"trick": a.trick})
                said = "countered"
                if game.attack["redirect"] is not None:
                    said = "redirect.cancelled"
                elif a.target is not None and game.attack["trick"] in ("nationalisation", "revolte"):
                    pick(seat, "scan.redirect", {"seat": a.target})
                    said = "redirected"
            add({"signal": "wait_for", "key": said, "params": {"seat": seat}, "timeout": SCAN_TIMEOUT})
            game.apply(a)
            menu_open = game.phase == "roll"     # the attack is over: the attacker's menu
            continue
        if not menu_open:
            press(seat)
        if a.kind == "roll":
            pick(seat, "menu.roll", {})
            pick(seat, "scan.confirm.roll", {})
        elif a.kind == "buy":
            pick(seat, "menu.buy", {})
            pick(seat, "scan.confirm.buy", {"price": dict(game.setup.trick_price)})
        elif a.kind == "exchange":
            gave1, got1 = amounts(a.give, a.get, 1)
            gave, got = amounts(a.give, a.get, a.count)
            if a.partner is None:
                pick(seat, "menu.exchange_reserve", {})
                pick(seat, "scan.trade", {"gave": gave1, "got": got1})
                pick(seat, "scan.count", {"gave": gave, "got": got})
                pick(seat, "scan.confirm.exchange", {"gave": gave, "got": got})
            else:
                pick(seat, "menu.exchange_player", {})
                pick(seat, "scan.partner", {"seat": a.partner})
                pick(seat, "scan.trade", {"gave": gave1, "got": got1})
                pick(seat, "scan.count", {"gave": gave, "got": got})
                pick(seat, "scan.confirm.offer", {"partner": a.partner, "gave": gave, "got": got})
                pick(a.partner, "scan.accept", {})
        elif a.kind == "attack":
            pick(seat, "menu.attack", {})
            pick(seat, "scan.trick", {"trick": a.trick})
            pick(seat, "scan.target", {"seat": a.target})
            if a.trick == "nationalisation":
                pick(seat, "scan.nationalise", {"domain": a.domain})
            elif a.trick == "revolte":
                pick(seat, "scan.revolt", {"domain": a.domain})
            elif a.trick == "chantage":
                pick(seat, "scan.blackmail", {"domain": a.domain})
            else:
                pick(seat, "scan.pick", {"pick": a.pick})
            pick(seat, "scan.confirm.attack", {})
        game.apply(a)
        menu_open = a.kind in ("exchange", "buy") and game.phase == "exchanges"
    return out


# -- the table's conformance hooks (one game like every other: tests/table) ------------------

def sample_setup(language: str = "en") -> dict:
    """A console setup of a short game for the table's tests: 4 players, a fixed seed."""
    return {"game": "autocracy", "players": 4, "language": language, "seed": 7}


def seat_answers() -> dict:
    """What seat 1 answers when it sets the sample game up from its earphone: 4 players."""
    return {"players": 4}


def _helpful_exchange(game: Game, seat: int) -> Action | None:
    """An exchange with the reserve that gives a missing domain and leaves every domain the
    seat holds at one or more, if there is one (a table playing to win)."""
    mine = game.tokens[seat]
    for give, get, partner, most in game.exchange_options(seat):
        if partner is not None or mine[get] > 0:
            continue
        gives, _ = game.exchange_amounts(give, get, 1)
        if mine[give] - gives >= 1:
            return Action("exchange", seat, give=give, get=get, count=1)
    return None


def whole_game(setup: dict, seed: int, *, max_actions: int = 400) -> list[dict]:
    """A whole game of ``setup`` to its end (actions for :func:`signals_for_game`), played as
    a table playing to win: exchanges that complete the set, now and then an attack, a
    purchase or an exchange with another player, answers drawn from ``seed``; the dice are the
    board's (:func:`~.board.roll_sequence`).

    :raises ValueError: the setup has no seed.
    """
    if setup.get("seed") is None:
        raise ValueError("a script's setup needs a seed: the board rolls the dice from it")
    rng = random.Random(seed)
    game = dealt_game(setup)
    dice = roll_sequence(int(game.setup.seed))
    actions: list[dict] = []
    partnered = attacked = False
    while game.phase != "game_over":
        if len(actions) >= max_actions:
            raise ValueError(f"no winner after {max_actions} actions")
        seat = game.awaiting()[0]
        action: Action | None = None
        if game.phase == "counter":
            options = game.legal_actions(seat)
            counters = [a for a in options if a.kind == "counter"]
            action = counters[0] if counters and rng.random() < 0.7 else options[0]
        elif game.phase in ("turn", "exchanges"):
            action = _helpful_exchange(game, seat)
            if action is None and game.phase == "turn":
                attacks = game.attack_options(seat)
                if attacks and (not attacked or rng.random() < 0.3):
                    action = rng.choice(attacks)
                    attacked = True
            if action is None and game.can_buy(seat) and rng.random() < 0.25:
                action = Action("buy", seat)
            if action is None and not partnered:
                swaps = [o for o in game.exchange_options(seat) if o[2] is not None]
                if swaps:
                    give, get, partner, _ = rng.choice(swaps)
                    action = Action("exchange", seat, give=give, get=get, count=1, partner=partner)
                    partnered = True
        if action is None:
            action = Action("roll", seat, dice=tuple(tuple(f) for f in roll(game.setup, dice)))
        game.apply(action)
        actions.append(action.to_json())
    return actions


def permuted(setup: dict, actions: list[dict], seed: int) -> tuple[dict, list[dict]] | None:
    """The same game with the hidden hands moved between the seats: two tokens of different
    kinds swapped in the Coup Bas pile such that every action stays legal, the swap that makes
    the hands differ half-way through and earliest (the same public facts until the end, A29); the
    Mentors, the seed and every action unchanged. None when no such swap exists."""
    game = dealt_game(setup)
    base = dict(game.setup.to_json())
    pile = list(game.setup.trick_pile)
    rng = random.Random(seed)
    pairs = [(i, j) for i in range(len(pile)) for j in range(i + 1, len(pile)) if pile[i] != pile[j]]
    rng.shuffle(pairs)
    best: tuple[int, dict] | None = None
    for i, j in pairs:
        order = list(pile)
        order[i], order[j] = order[j], order[i]
        trial_setup = {**{k: v for k, v in setup.items() if k in _TABLE_KEYS}, **base,
                       "trick_pile": order}
        differs = _first_difference(setup, trial_setup, actions)
        if differs is not None and (best is None or differs < best[0]):
            best = (differs, trial_setup)
            if differs == (False, 0):
                break
    return None if best is None else (best[1], [dict(a) for a in actions])


def _first_difference(setup: dict, other: dict, actions: list[dict]) -> tuple[bool, int] | None:
    """How early the hands of the two setups' games differ: (not differing half-way through,
    the number of actions after which they first differ), if every action is legal in
    ``other``, its game ends and the hands differ at some point; else None."""
    one, two = dealt_game(setup), dealt_game(other)
    first = 0 if one.hands != two.hands else None
    half = False
    try:
        for n, obj in enumerate(actions, start=1):
            one.apply(Action.from_json(obj))
            two.apply(Action.from_json(obj))
            if first is None and one.hands != two.hands:
                first = n
            if n == len(actions) // 2:
                half = one.hands != two.hands
    except Exception:  # noqa: BLE001 - an order under which some action is not legal
        return None
    return (not half, first) if first is not None and two.phase == "game_over" else None


def _hands(setup: dict, actions: list[dict]) -> list[list[str]] | None:
    """The hands at the end of the game (None when it does not end)."""
    game = dealt_game(setup)
    for obj in actions:
        game.apply(Action.from_json(obj))
    return game.hands if game.phase == "game_over" else None


def evening_signals(language: str, players: int, board_seed: int, choice_seed: int, *,
                    seats: int | None = None) -> tuple[list[dict], dict, list[dict]]:
    """A table's evening from presses alone (``simulate --seed board_seed``): seat 1 sets a
    game up from its earphone and every player announces itself (A31), the whole game is
    played to its end (:func:`whole_game` with ``choice_seed``), then a press sets the next
    game up from the seats. No setup line and no game-master signal.

    :returns: (the signals, the journaled setup of the first game, its actions).
    """
    from firmware_host.table.lobby import seat_setup_signals

    from .board import next_seed

    answers = {"game": "autocracy", "language": language, "players": players}
    # the seats announce themselves in seat order: the last, seat n, begins (A31)
    setup = dealt_game({"players": players, "language": language, "first": players - 1,
                        "seed": next_seed(board_seed, 0)}).setup.to_json()
    actions = whole_game(setup, choice_seed)
    lobby = seat_setup_signals(answers, seats=seats)
    signals = lobby + signals_for_game(setup, actions)[1:]
    signals += story_signals(seat=0, parts=story_part_count(setup, actions))
    signals += seat_setup_signals(answers, seats=seats)
    return signals, setup, actions


def story_part_count(setup: dict, actions: list[dict], rate: int = 175) -> int:
    """How many parts the board tells the finished game's story in, to a seat at ``rate``
    words per minute that has heard none of it (the board's own story parts, A44, fitted by
    the table's :func:`~firmware_host.table.evening.fit_parts`: at most 15 s each, issue 31).

    :raises ValueError: the actions do not end the game."""
    from firmware_host.table.evening import fit_parts

    from . import announce
    from .board import AutocracyGame, end_parts

    game = dealt_game(setup)
    for obj in actions:
        game.apply(Action.from_json(obj))
    if game.phase != "game_over":
        raise ValueError("the actions do not end the game")
    words = AutocracyGame.make_words(None)
    parts = end_parts([(a.key, dict(a.params)) for a in announce.the_end(game.winner, game.tokens, game.hands,
                                                                         earcon=None)])
    language = setup.get("language", "en")
    return len(fit_parts(parts, lambda key, params, long: words.text(key, params, language, long=long), rate,
                         language=language))


def story_signals(seat: int = 0, parts: int = 1, timeout: float = 600.0) -> list[dict]:
    """After game over (ACCESSIBILITY.md 30): once the table hears what a press does,
    ``seat`` presses for each part of the story (A44's end again: the winner, then a part per
    seat), waits until the
    part is heard and presses again a while after it; after the last part its next press
    (the caller's) sets the next game up from the seats."""
    out: list[dict] = [{"signal": "wait_for", "key": "evening.offer", "timeout": timeout}]
    for n in range(parts):
        key = "evening.story_end" if n + 1 == parts else "evening.story_more"
        out += [{"signal": "wait", "seconds": 3.0}, {"signal": "button", "seat": seat, "gesture": "press"},
                {"signal": "wait_for", "key": key, "timeout": timeout}, {"signal": "wait", "seconds": 60.0}]
    return out
