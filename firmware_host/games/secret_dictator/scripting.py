"""Board signal scripts from games: turn a REPLAY.md game into what players would do at the board.

:func:`signals_for_game` walks a game (setup + actions) through the rules engine and writes
the SIMULATE.md signals a table would produce for it: the president's press, a wait for the
scan to reach the wanted seat and the choosing press; ballot tiles; the discard on the law
reader; the enacted law in the next free slot; the tracker pin moved after every change; the
chaos law placed; acknowledging presses; the chancellor's scan to "propose a veto" with its
confirming press, and the president's ballot as the reply. ``reshuffle`` lines are left out: the board shuffles itself
(:func:`reshuffle_order`, the same order the service draws).

:func:`random_game` plays a seeded random game to its end (for examples and tests).

Example::

    setup = {"players": 7, "seed": 11, "language": "en"}
    actions = random_game(setup, seed=4)
    lines = signals_for_game(setup, actions)     # list of JSON-ready dicts, setup first
"""

from __future__ import annotations

import random
from typing import Iterable

from firmware_host.games.secret_dictator import Action, Game, Setup, deal, private_view, shuffle_order

#: seconds a ``wait_for`` of a scan item may take (a 10-seat list, three passes)
SCAN_TIMEOUT = 120.0


def reshuffle_order(seed: int | None, count: int, pool: Iterable[str]) -> list[str]:
    """The new draw pile of the ``count``-th (0-based) R12 reshuffle of a game with ``seed``.

    Seeded per game and per reshuffle, so a resumed or replayed game shuffles the same way.
    """
    rng = random.Random(f"{seed if seed is not None else 0}/reshuffle/{count}")
    return shuffle_order(list(pool), rng)


def dealt_setup(setup: dict) -> Setup:
    """The :class:`Setup` with roles and deck dealt exactly as the service deals them."""
    base = Setup.from_json({k: v for k, v in setup.items() if k not in ("names", "role_source")})
    roles, deck = deal(base, random.Random(base.seed))
    return base.with_dealt(roles, deck)


def _settle(game: Game, setup: Setup, reshuffles: list[int]) -> None:
    while game.reshuffle_due is not None and game.phase != "game_over":
        order = reshuffle_order(setup.seed, reshuffles[0], game.reshuffle_pool or [])
        reshuffles[0] += 1
        game.apply(Action("reshuffle", order=tuple(order)))


def random_game(setup: dict, seed: int, ja: float = 0.7, max_actions: int = 2000) -> list[dict]:
    """A random game from ``setup`` to its end: REPLAY.md action dicts (no reshuffle lines).

    :param seed: the players' random choices.
    :param ja: the chance of a Ja ballot (higher: fewer failed elections).
    """
    dealt = dealt_setup(setup)
    game = Game(dealt)
    game.start()
    rng = random.Random(seed)
    reshuffles = [0]
    out: list[dict] = []
    while game.phase != "game_over" and len(out) < max_actions:
        if game.phase == "chaos":
            action = rng.choice(game.legal_actions(None))
        else:
            seat = rng.choice(game.awaiting())
            options = game.legal_actions(seat)
            if game.phase == "election":
                ballot = "ja" if rng.random() < ja else "nein"
                action = Action("vote", seat=seat, ballot=ballot)
            else:
                action = rng.choice(options)
        game.apply(action)
        out.append(action.to_json())
        _settle(game, dealt, reshuffles)
    return out


def physical_game(setup: dict, seed: int, ja: float = 0.75, max_actions: int = 2000) -> list[dict]:
    """A random game of a physical deck: ``setup`` (with a ``seed``, no ``deck``) deals the
    tiles' real order, which the board never learns; the players' choices come from
    :func:`random_game` with ``seed``. Play it on the board with
    ``signals_for_game(setup, actions, physical=True)``: the board is set up untracked.
    """
    if setup.get("deck") is not None:
        raise ValueError("a physical game deals its deck from the seed: leave 'deck' out")
    return random_game(setup, seed, ja=ja, max_actions=max_actions)


def signals_for_game(setup: dict, actions: list[dict], *, law_reader: bool = True,
                     confirm_execution: bool = True, physical: bool = False) -> list[dict]:
    """The board signals for a game (SIMULATE.md), setup line first.

    :param setup: the setup as given to the board (a ``seed`` is needed unless roles and
        deck are given; it is also the reshuffle seed).
    :param actions: REPLAY.md action dicts; ``reshuffle`` lines are skipped.
    :param law_reader: discards read by the law reader at the discard tray (the chancellor's
        unchosen law and an agreed veto's two laws too, where the hand is known); False: no
        law reader, the president discards by scanning at the seat (a press, the party, a
        confirming press) and an action with no party is entered by the game master.
    :param confirm_execution: an execution's confirming press (``[service] confirm_execution``).
    :param physical: ``actions`` are a game of a tracked ``setup`` whose deck stands for a
        physical deck in a real order (:func:`physical_game`): the board is set up with
        ``"deck": "untracked"`` and sees only what players do with the tiles (the chaos law
        on its slot, the discards by reader or scan; BOARD.md "A physical deck is never
        contradicted by a virtual one").
    """
    dealt = dealt_setup(setup)
    game = Game(dealt)
    game.start()
    reshuffles = [0]
    tracker = 0
    out: list[dict] = [{"setup": {**setup, "deck": "untracked"} if physical else dict(setup)}]
    add = out.append

    def choose(seat: int, target: int, confirm: bool = False) -> None:
        add({"signal": "button", "seat": seat, "gesture": "press"})
        add({"signal": "wait_for", "key": "scan.item", "params": {"seat": target}, "timeout": SCAN_TIMEOUT})
        add({"signal": "button", "seat": seat, "gesture": "press"})
        if confirm:
            add({"signal": "wait_for", "key": "power.execution.confirm", "params": {"target": target},
                 "timeout": SCAN_TIMEOUT})
            add({"signal": "button", "seat": seat, "gesture": "press"})

    for obj in actions:
        kind = obj.get("action")
        if kind == "reshuffle":
            continue
        action = Action.from_json(obj)
        before = (game.democratic_laws, game.fascist_laws)
        if kind == "nominate":
            choose(action.seat, action.target)
        elif kind in ("execute", "special_election", "investigate"):
            choose(action.seat, action.target, confirm=kind == "execute" and confirm_execution)
        elif kind == "vote":
            add({"signal": "ballot", "seat": action.seat, "ballot": action.ballot})
        elif kind == "discard":
            if law_reader and action.party is not None:
                add({"signal": "law_read", "party": action.party})
            elif action.party is not None:      # no law reader: by scanning, then confirmed
                add({"signal": "button", "seat": action.seat, "gesture": "press"})
                add({"signal": "wait_for", "key": f"discard.scan.{action.party}", "timeout": SCAN_TIMEOUT})
                add({"signal": "button", "seat": action.seat, "gesture": "press"})
                add({"signal": "wait_for", "key": "discard.scan.confirm", "params": {"party": action.party},
                     "timeout": SCAN_TIMEOUT})
                add({"signal": "button", "seat": action.seat, "gesture": "press"})
            else:
                add({"signal": "gm", "command": "act", "action": action.to_json()})
        elif kind == "enact":
            if law_reader and game.tracked:
                hand = list(private_view(game, action.seat)["hand"] or [])
                if action.party in hand:
                    hand.remove(action.party)
                    if not physical:      # the chancellor lays its discard once it hears its laws
                        add({"signal": "wait_for", "key": "hand.chancellor", "timeout": SCAN_TIMEOUT})
                    add({"signal": "law_read", "party": hand[0]})
            count = (game.democratic_laws if action.party == "democratic" else game.fascist_laws) + 1
            add({"signal": "slot", "track": action.party, "slot": count, "state": "filled"})
        elif kind == "chaos_law":
            count = (game.democratic_laws if action.party == "democratic" else game.fascist_laws) + 1
            add({"signal": "slot", "track": action.party, "slot": count, "state": "filled"})
        elif kind == "acknowledge":     # once the seat has heard its result (or, physical, what to do)
            add({"signal": "wait_for", "key": f"power.{game.power}.{'physical' if physical else 'result'}",
                 "timeout": SCAN_TIMEOUT})
            add({"signal": "button", "seat": action.seat, "gesture": "press"})
        elif kind == "veto":           # a scan of "enact" and "propose a veto", then confirmed
            add({"signal": "button", "seat": action.seat, "gesture": "press"})
            add({"signal": "wait_for", "key": "veto.scan.propose", "timeout": SCAN_TIMEOUT})
            add({"signal": "button", "seat": action.seat, "gesture": "press"})
            add({"signal": "wait_for", "key": "veto.scan.confirm", "timeout": SCAN_TIMEOUT})
            add({"signal": "button", "seat": action.seat, "gesture": "press"})
        elif kind == "veto_reply":
            add({"signal": "ballot", "seat": action.seat, "ballot": "ja" if action.accept else "nein"})
            if action.accept and law_reader and game.tracked:
                # the two laws of an agreed veto go onto the discard pile: the tray reads them
                for party in private_view(game, game.chancellor)["hand"] or []:
                    add({"signal": "law_read", "party": party})
        else:
            add({"signal": "gm", "command": "act", "action": action.to_json()})
        events = game.apply(action)
        _settle(game, dealt, reshuffles)
        # a tracked chaos law: the players place the top law on its track
        for e in events:
            if e.kind == "law_enacted" and e.data.get("by") == "chaos" and kind != "chaos_law":
                party = e.data["party"]
                count = before[0] + 1 if party == "democratic" else before[1] + 1
                add({"signal": "slot", "track": party, "slot": count, "state": "filled"})
        if game.phase == "game_over":
            break
        if game.tracker != tracker:
            tracker = game.tracker
            add({"signal": "tracker", "position": tracker})
    return out


# -- the table's conformance hooks (one game like every other: tests/table) ------------------

#: the public announcement keys (prefixes) that reveal a secret role: the game's end
REVEALS = ("game_over.",)


def sample_setup(language: str = "en") -> dict:
    """A console setup of a short game for the table's tests (5 players, a tracked deck
    dealt from a seed)."""
    return {"players": 5, "seed": 3, "language": language}


def whole_game(setup: dict, seed: int) -> list[dict]:
    """A whole game of ``setup`` (the console's, or the one the seats made and the board
    journaled, with its dealt roles and deck) to its end: REPLAY.md actions for
    :func:`signals_for_game`, the players' choices drawn from ``seed``."""
    return random_game(setup, seed)


def permuted(setup: dict, actions: list[dict], seed: int) -> tuple[dict, list[dict]]:
    """The same game with the hidden roles moved one seat on (seat ``i`` gets the role of
    seat ``i - 1``), deck and actions unchanged: what the table sees is the same until a
    role is revealed (R16)."""
    dealt = dealt_setup(setup)
    roles = list(dealt.roles)
    moved = roles[-1:] + roles[:-1]
    return ({**setup, "roles": moved, "deck": list(dealt.deck)}, list(actions))

#: the actions that are final choices made at a seat, each after a confirming press (A16)
FINAL_CHOICES = ("execute",)


def seat_answers() -> dict:
    """What seat 1 answers when it sets the sample game up from its earphone (the lobby's
    questions by name): 5 players, the rulebook's variant, a deck the board tracks."""
    return {"players": 5, "variant": "rulebook", "deck": "tracked"}


def game_result(setup: dict, actions: list[dict]) -> dict:
    """How a game of ``setup`` with ``actions`` (the board's reshuffles added as the board
    draws them) ends: ``{"winner", "reason"}`` (None, None while it has not ended)."""
    dealt = dealt_setup(setup)
    game = Game(dealt)
    game.start()
    reshuffles = [0]
    _settle(game, dealt, reshuffles)
    for obj in actions:
        game.apply(Action.from_json(obj))
        _settle(game, dealt, reshuffles)
    return {"winner": game.winner, "reason": game.reason}


def cleared_table(signals: list[dict]) -> list[dict]:
    """The signals that take every law off the tracks and put the tracker pin back in hole 0
    after a game played by ``signals`` (as the table does before the next one)."""
    filled: dict[str, set[int]] = {"democratic": set(), "fascist": set()}
    tracker = 0
    for sig in signals:
        if sig.get("signal") == "slot":
            (filled[sig["track"]].add if sig["state"] == "filled" else filled[sig["track"]].discard)(sig["slot"])
        elif sig.get("signal") == "tracker":
            tracker = sig["position"]
    out = [{"signal": "slot", "track": track, "slot": k, "state": "emptied"}
           for track, slots in filled.items() for k in sorted(slots)]
    return out + ([{"signal": "tracker", "position": 0}] if tracker != 0 else [])


def evening_game(n: int, seed: int = 0) -> tuple[dict, list[dict], dict]:
    """Game ``n`` (0-based) of the evening :func:`evening_signals` writes: its setup, the
    signals that play it after its start (``gm act`` lines for an even ``n``, board signals
    for an odd one) and its expected ``{"winner", "reason"}``."""
    setup = {"players": 5 + (3 * n + seed) % 6, "seed": seed * 1000 + n, "language": "en" if n % 3 else "de"}
    actions = random_game(setup, seed * 1000 + n)
    if n % 2 == 0:
        played = [{"signal": "gm", "command": "act", "action": a} for a in actions]
    else:
        played = signals_for_game(setup, actions)[1:]
    return setup, played, game_result(setup, actions)


def evening_signals(games: int, seed: int = 0) -> tuple[list[dict], list[dict]]:
    """A long evening of ``games`` Secret Dictator games in one ``simulate`` script (issue 34):
    the first, third, … played by the game master at the console (``gm act`` lines, no wait
    between them, so the table is far behind when the game ends), the others by board signals
    (presses, scans, tiles, slots: :func:`signals_for_game`); every game after the first begins
    with the game master's ``gm start`` once the table has been cleared (:func:`evening_game`).

    :param seed: the evening's seed (each game's setup seed and the players' choices follow).
    :returns: ``(signals, results)``: the script's lines, and each game's expected
        ``{"winner", "reason"}`` in order (:func:`game_result`).
    """
    signals: list[dict] = []
    results: list[dict] = []
    last: list[dict] = []
    for n in range(games):
        setup, played, result = evening_game(n, seed)
        start = {"setup": setup} if n == 0 else {"signal": "gm", "command": "start", "setup": setup}
        signals += cleared_table(last) + [start] + played
        results.append(result)
        last = played
    return signals, results
