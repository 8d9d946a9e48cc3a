"""Issue 16 "Done when": a whole 6-player game of In this way I become a DICTATOR through
``simulate`` from board signals (presses, waits for scans, the mornings' timers), with no
game-master signal, at real clip lengths, ending in the spoken reckoning; then a whole Secret
Dictator game on the same board, in one script (``examples/``)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from firmware_host.commands.replay import read_game_file, replay_lines
from firmware_host.games.become_dictator.scripting import signals_for_game as bd_signals
from firmware_host.jsonlines import objects
from firmware_host.games.secret_dictator.scripting import random_game, signals_for_game as sd_signals
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "examples" / "become-dictator-6p-revolution.jsonl"
SCRIPT = ROOT / "examples" / "simulate-become-dictator-then-secret-dictator.jsonl"
SD_SETUP = {"players": 5, "seed": 2, "language": "en"}


def two_games() -> list[dict]:
    """The example script's signals: the become_dictator example game, then, once the table
    has heard the reckoning and the offer of the next game (a new game cuts what the last one
    still had to say, issue 34), the game master sets up Secret Dictator (a script has one
    ``setup`` line: the next game's setup is the console's ``start`` with a setup) and its
    table plays it from board signals."""
    game = [o for _, o in objects(read_game_file(str(GAME)))]
    sd = sd_signals(SD_SETUP, random_game(SD_SETUP, seed=2))
    heard = [{"signal": "wait_for", "key": "evening.offer", "params": {}, "timeout": 600.0},
             {"signal": "wait", "seconds": 10.0}]
    return (bd_signals(game[0]["setup"], game[1:]) + heard
            + [{"signal": "gm", "command": "start", "setup": sd[0]["setup"]}] + sd[1:])


@pytest.fixture(scope="module")
def played() -> list[dict]:
    out = io.StringIO()
    assert Simulator(None, out=out).run_script(parse_script(SCRIPT.read_text(encoding="utf-8"))) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_example_is_both_games_from_board_signals_only():
    script = [o for _, o in objects(read_game_file(str(SCRIPT)))]
    assert script == two_games()
    gm = [i for i, s in enumerate(script) if s.get("signal") == "gm"]
    assert len(gm) == 1 and script[gm[0]]["command"] == "start"      # only the second setup
    first = script[:gm[0]]
    assert {s.get("signal", "setup") for s in first[:-1]} == {"setup", "button", "wait_for"}   # no timer
    assert first[-1] == {"signal": "wait", "seconds": 10.0}          # the game master lets the end be heard
    assert {s.get("signal") for s in script[gm[0] + 1:]} <= {"button", "wait_for", "ballot",
                                                             "law_read", "slot", "tracker"}


def test_D30_D35_the_first_game_plays_to_its_spoken_reckoning_at_real_clip_lengths(played):
    said = [o for o in played if o.get("event") == "announce"]
    # real clips, real lengths (a clip cut at its start by the seat's own act, its Secret
    # Dictator chancellor laying its discard the moment its hand begins, lasts nothing)
    assert all(o["end"] > o["start"] or o.get("cut") for o in said)
    over = next(i for i, o in enumerate(said) if o["key"] == "game_over.overruled")
    public = [o["key"] for o in said[:over + 1] if o["channel"] == "public"]
    assert public[-2:] == ["game_over.winners", "game_over.overruled"]
    assert said[over]["params"] == {"role": "dictator", "by_roles": ["revolutionary"]}
    assert not [o for o in played if o.get("event") in ("rejected", "fault")]


def test_a_whole_secret_dictator_game_follows_on_the_same_board(played):
    said = [o for o in played if o.get("event") == "announce"]
    over = next(i for i, o in enumerate(said) if o["key"] == "game_over.overruled")
    after = said[over + 1:]
    assert after and all(o["start"] >= said[over]["start"] for o in after)
    state = played[-1]["state"]
    assert "game" not in state and state["phase"] == "game_over"      # Secret Dictator's state
    sd_game = [json.dumps({"setup": SD_SETUP})] + [json.dumps(a) for a in random_game(SD_SETUP, seed=2)]
    expected = replay_lines(sd_game)[-1]["state"]
    assert state == expected                                          # the replay's very state
