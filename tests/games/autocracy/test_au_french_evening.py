"""Autocracy in French on the board (issue 24; AUTOCRACY.md A31-A44): a whole 4-seat evening
from presses alone, at real clip lengths, with no game-master signal: the setup from the seats
in French (the board's own sentences in French too), rolls, an exchange between players, an
attack sent on by a Corruption, an Espionnage, a win, then the next game set up from the seats."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import pytest

from firmware_host.commands.replay import read_game_file
from firmware_host.games.autocracy import Action, scripting
from firmware_host.jsonlines import objects
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

ROOT = Path(__file__).resolve().parents[3]
EVENING = ROOT / "examples" / "simulate-autocracy-4p-fr.jsonl"
BOARD_SEED = 5


@pytest.fixture(scope="module")
def evening() -> tuple[list[dict], list[str]]:
    errors: list[str] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.ERROR:
                errors.append(record.getMessage())

    handler = Catch()
    logging.getLogger("firmware_host").addHandler(handler)
    try:
        out = io.StringIO()
        text = EVENING.read_text(encoding="utf-8")
        assert Simulator(None, out=out, setup_seed=BOARD_SEED).run_script(parse_script(text)) == 0
    finally:
        logging.getLogger("firmware_host").removeHandler(handler)
    return [json.loads(line) for line in out.getvalue().splitlines()], errors


def test_the_french_example_is_the_scripts_evening_from_presses_alone():
    script = [o for _, o in objects(read_game_file(str(EVENING)))]
    signals, _, _ = scripting.evening_signals("fr", 4, BOARD_SEED, 195, seats=10)
    assert script == signals
    assert {s.get("signal") for s in script} == {"button", "wait_for", "wait"}   # no gm, no setup


def test_A31_A44_a_french_evening_set_up_from_the_seats_plays_to_a_win_and_sets_up_the_next(evening):
    out, errors = evening
    assert errors == []                                # every sentence has its French words
    assert not [o for o in out if o.get("event") in ("rejected", "fault")]
    assert len([o for o in out if o.get("event") == "game_started"]) == 2
    _, setup, actions = scripting.evening_signals("fr", 4, BOARD_SEED, 195, seats=10)
    game = scripting.dealt_game(setup)
    for obj in actions:
        game.apply(Action.from_json(obj))
    over = next(o for o in out if o.get("event") == "game_over")
    assert over["winner"] == game.winner
    assert any(o.get("event") == "exchanged" and o["partner"] is not None for o in out)   # between players
    assert any(o.get("event") == "countered" and o["trick"] == "corruption" for o in out)
    assert any(o.get("event") == "attacked" and o["trick"] == "espionnage" for o in out)


def test_A31_the_board_speaks_french_from_the_setup_on(evening):
    out, _ = evening
    said = [o for o in out if o.get("event") == "announce"]
    picked = next(i for i, o in enumerate(said) if o["key"] == "lobby.option.language.fr")
    assert said[picked]["text"] == "Français"
    after = [o for o in said[picked + 1:] if o["channel"] == "public"]
    turn = next(o for o in after if o["key"] == "turn")
    assert "Tour" in turn["text"] and "joue" in turn["text"]
    # the next game is set up from the seats in French too (the board's own sentences)
    over = next(i for i, o in enumerate(out) if o.get("event") == "game_over")
    lobby = [o for o in out[over:] if o.get("event") == "announce" and o["key"].startswith("lobby.")]
    assert [o["text"] for o in lobby[:2]] == ["Préparer une partie", "Quel jeu ?"]
