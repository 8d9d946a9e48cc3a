"""A long evening in one process (issue 34, "Nothing lost, everything said"): a new game, from
the console or the seats, cuts what the last game still had queued, says that a new game
begins, and starts from a quiet table, so every game of the evening plays as written.

The evening is played as ``simulate`` plays it (one process, one journal): games entered by
the game master at the console (``gm act`` lines with no wait, so the table is far behind at
the end) and games played by board signals (presses, scans, tiles), each begun with the game
master's ``gm start``. Memory over hundreds of games is measured by
``benchmarks/evening_bench.py`` (it prints figures; no test times or weighs anything).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware_host.games.secret_dictator.scripting import evening_signals, game_result, random_game

from .conftest import announces, run_lines, state

ROOT = Path(__file__).resolve().parents[2]


def example_signals(name: str) -> list[dict]:
    return [json.loads(line) for line in (ROOT / "examples" / name).read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def game_overs(out: list[dict]) -> list[dict]:
    return [{"winner": o["winner"], "reason": o["reason"]} for o in out if o.get("event") == "game_over"]


def test_issue34_a_console_game_then_a_board_game_plays_the_second_game_as_written():
    """The issue's reproduction: a 5-player game entered with ``gm act`` lines and no waits,
    then ``examples/simulate-7p.jsonl``'s signals after the game master's ``gm start``, in one
    ``simulate`` run: the second game opens its first scan and ends as the example does;
    after the new game begins the table hears nothing of the first one."""
    setup = {"players": 5, "seed": 3, "language": "en"}
    actions = random_game(setup, 3)
    second = example_signals("simulate-7p.jsonl")
    second[0] = {"signal": "gm", "command": "start", "setup": second[0]["setup"]}
    out = run_lines([{"setup": setup}] + [{"signal": "gm", "command": "act", "action": a} for a in actions] + second)
    assert not [o for o in out if o.get("event") == "fault"]          # every wait_for met (exit 0 too)
    assert game_overs(out) == [game_result(setup, actions), {"winner": "democrats", "reason": "democratic_laws"}]
    assert state(out)["democratic_laws"] == 5
    said = announces(out)
    begins = [i for i, o in enumerate(said) if o["key"] == "service.new_game"]
    assert len(begins) == 1 and said[begins[0]]["output"] == "table"
    after = said[begins[0] + 1:]
    # the table's first line is the new game's (a seat's press at once is answered in its own
    # earphone by the answer cue meanwhile, issue 31)
    table = [o for o in after if o["channel"] == "public"]
    assert table[0]["key"] == "game.started" and table[0]["params"] == {"players": 7}
    # the first game's moves are never heard once the second has begun: its roles line
    # (five seats) is not among the second game's, nor are its ballots of five
    assert not [o for o in after if o["key"] == "ballot.counted" and o["params"].get("total") == 5]
    assert [o["params"]["democrats"] for o in after if o["key"] == "game_over.roles"] == [[0, 1, 2, 6]]


def test_issue34_the_first_game_of_the_evening_cuts_nothing():
    """A single game (no last game) plays as before: no ``service.new_game`` line."""
    out = run_lines(example_signals("simulate-7p.jsonl"))
    assert "service.new_game" not in [o["key"] for o in announces(out)]
    assert game_overs(out) == [{"winner": "democrats", "reason": "democratic_laws"}]


@pytest.mark.slow
def test_issue34_forty_games_in_one_simulate_process_all_end_right():
    """Done when: 40 games in one ``simulate`` process, console-played and board-signal games
    mixed, every result right (memory: ``benchmarks/evening_bench.py``)."""
    signals, results = evening_signals(40, seed=1)
    out = run_lines(signals)
    assert not [o for o in out if o.get("event") == "fault"]
    assert game_overs(out) == results
    assert [o["key"] for o in announces(out)].count("service.new_game") >= 20     # the console games' backlog cut

