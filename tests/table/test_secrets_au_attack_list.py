"""Autocracy: a seat's attack list tells nothing of its hand (issue 33; AUTOCRACY.md A30, A36,
A40), at real clip lengths (the real espeak-ng) on the mocked board, the players acting one
to two seconds after the clip meant for them ended.

Every private list whose choice is secret comes "in each seat's own random order, or the same
full list for every seat with what it lacks as items it cannot pick, answered identically".
The attack list is the second kind: every kind that attacks, the ones the seat cannot attack
with said so. A seat that can attack with none of its Coup Bas (it holds only Corruption)
hears that very list too, not a refusal in its place: otherwise how long it listened after
"attack" (a short refusal or a long list) would tell the table what it holds.
"""

from __future__ import annotations

import shutil

import pytest

from firmware_host.games.autocracy.board import roll_sequence
from firmware_host.games.autocracy.engine import Action
from firmware_host.games.autocracy.rules import KINDS, roll
from firmware_host.games.autocracy.scripting import dealt_game, signals_for_game

from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

#: a board seed whose first round leaves every hand as dealt (no die shows a Coup Bas)
SEED = 1
#: seconds of the attack list heard after the seat picked "attack"
LISTENED = 25.0


def _setup(first_three: list[str]) -> dict:
    """A three-seat game whose pile deals ``first_three`` to seats 0, 1, 2 (the rest of the
    box after them, the same in every such setup)."""
    rest = [k for k in KINDS for _ in range(6)]
    for kind in first_three:
        rest.remove(kind)
    return {"game": "autocracy", "players": 3, "language": "en", "seed": SEED, "first": 0,
            "trick_pile": first_three + rest}


def _round_one(setup: dict) -> list[dict]:
    """Every seat's roll of the first round, the faces the board rolls (its seed's sequence)."""
    game, dice, actions = dealt_game(setup), roll_sequence(SEED), []
    while game.round == 1:
        action = Action("roll", game.current, dice=tuple(tuple(f) for f in roll(game.setup, dice)))
        game.apply(action)
        actions.append({"action": "roll", "seat": action.seat, "dice": [list(f) for f in action.dice]})
    return actions


def _attack_heard(tmp_path, setup: dict) -> tuple[list[tuple], list[str], list]:
    """Seat 0 picks "attack" from its turn menu in round 2: every clip on every output from
    that press on for :data:`LISTENED` seconds, as (output, start, end, cut) relative to the
    press (the table's with its key), the keys seat 0 heard, its hand."""
    table = Table(tmp_path, seed=None)
    try:
        table.play_all(signals_for_game(setup, _round_one(setup)))
        table.drain()
        table.wait(1.5)
        assert table.call(lambda: (table.service.game.active.game.round, table.service.game.active.game.current)) \
            == (2, 0)
        table.press(0)
        table.play({"signal": "wait_for", "key": "menu.attack", "params": {}}, next_seat=0)
        mark, pressed = len(table.starts), table.now
        table.press(0)
        table.wait(LISTENED)
        clips, keys = [], []
        for line in table.starts[mark:]:
            if line["start"] >= pressed + LISTENED:
                continue
            said = (line["key"],) if line["output"] in ("table", "public") else ()
            end = round(line.get("end", pressed + LISTENED) - pressed, 3)
            clips.append((line["output"], round(line["start"] - pressed, 3), end, bool(line.get("cut")), *said))
            if line["output"] == "seat:0":
                keys.append(line["key"])
        hand = table.call(lambda: list(table.service.game.active.game.hands[0]))
        return sorted(clips), keys, hand
    finally:
        table.close()


def test_A30_A36_issue33_a_seat_that_can_attack_with_nothing_hears_the_same_attack_list(tmp_path):
    """Seat 0 holds Chantage in one deal and only Corruption (which attacks nobody) in the
    other, everything public alike: after its press on "attack" both hear the full list of
    the kinds that attack, the lacking ones said so, and every clip on every output starts,
    ends and is cut at the same moment (±50 ms): no refusal tells the table it lacks one."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    held, held_keys, held_hand = _attack_heard(tmp_path / "a", _setup(["chantage", "corruption", "revolte"]))
    lacking, lacking_keys, lacking_hand = _attack_heard(tmp_path / "b", _setup(["corruption", "chantage", "revolte"]))
    assert held_hand == ["chantage"] and lacking_hand == ["corruption"]
    assert "scan.trick" in held_keys                        # the deal that can attack hears its kind
    assert "menu.refused" not in lacking_keys               # the other is not refused in its place
    assert lacking_keys.count("scan.trick.none") == held_keys.count("scan.trick.none") + held_keys.count("scan.trick")
    assert len(held) >= 6 and [c[0] for c in held] == [c[0] for c in lacking]
    differ = [(x, y) for x, y in zip(held, lacking)
              if x[3:] != y[3:] or abs(x[1] - y[1]) > 0.05 or abs(x[2] - y[2]) > 0.05]
    assert not differ, differ[:3]
