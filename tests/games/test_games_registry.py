"""The registry of game packs (issue 16; REPLAY.md "Setup": the optional ``game`` key)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.kernel import games
from firmware_host.commands.replay import replay_lines
from firmware_host.errors import UsageError

ROOT = Path(__file__).resolve().parents[2]
SD_SETUP = {"players": 5, "seed": 3, "language": "en"}
SD_ACTIONS = ['{"action": "nominate", "seat": 0, "target": 2}',
              '{"action": "vote", "seat": 1, "ballot": "ja"}']


def _replay(setup: dict) -> list[dict]:
    return replay_lines([json.dumps({"setup": setup})] + SD_ACTIONS)


def test_every_registered_game_has_a_typed_pack_record_with_its_name_and_replay():
    assert games.names()[0] == games.DEFAULT_GAME == "secret_dictator"
    for name in games.names():
        record = games.pack(name)
        assert isinstance(record, games.GamePack) and record.name == name
        assert callable(record.replay)
        module = importlib.import_module(games.REGISTRY[name])
        assert module.PACK is record                               # the module's PACK, the one construction
        # issue 32: no second way to read a pack (no names kept from when a pack was a module)
        assert not {"NAME", "replay_lines", "board_game", "from_module"} & set(dir(games.GamePack))
        assert games.pack(name) is record                          # read once


def test_become_dictator_registers_a_typed_record_with_its_tiles_and_console_options():
    record = games.pack("become_dictator")
    assert [(k.kind, k.section, k.signal) for k in record.tile_kinds] == [("card", "cards", "card")]
    assert {o["name"] for o in record.console_options} >= {"players", "morning_seconds"}
    assert callable(record.adapter) and callable(record.lobby) and callable(record.words)
    assert record.words("gm.paused", {}, "en")


def test_a_setup_without_game_plays_secret_dictator_exactly_as_with_it():
    assert _replay(SD_SETUP) == _replay({"game": "secret_dictator", **SD_SETUP})


@pytest.mark.parametrize("value", ["chess", "Secret_Dictator", 7, None, ["secret_dictator"]])
def test_a_game_that_is_not_registered_makes_the_setup_unusable_in_one_line(value):
    with pytest.raises(games.UnknownGame) as info:
        _replay({"game": value, **SD_SETUP})
    text = str(info.value)
    assert text.startswith("line 1: game must be one of secret_dictator")
    assert repr(value) in text and "\n" not in text
    assert isinstance(info.value, UsageError)


def test_a_near_miss_is_answered_with_did_you_mean():
    with pytest.raises(games.UnknownGame, match=r"did you mean 'secret_dictator'\?"):
        games.split_setup({"game": "secret_dictater"})


def test_split_setup_leaves_a_non_object_to_the_games_own_check():
    assert games.split_setup([1]) == ("secret_dictator", [1])
    assert games.split_setup({"game": "secret_dictator", "players": 5}) == (
        "secret_dictator", {"players": 5})


def test_cli_replay_of_an_unregistered_game_exits_2_with_one_line_and_no_output(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text("# a game this board does not host\n"
                    + json.dumps({"setup": {"game": "werewolf", "players": 5}}) + "\n")
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "line 2: game must be one of" in proc.stderr and "'werewolf'" in proc.stderr


@pytest.mark.parametrize("setup", [{"players": 5}, {"game": "secret_dictator", "players": 5}])
def test_simulate_has_the_setup_s_game_refuse_a_script_without_seed_where_it_would_deal(tmp_path, capsys, setup):
    """REPLAY.md: a seed is required where roles or deck are left out; the simulator asks the
    setup's game (its pack's ``check_script_setup``), it knows no game itself."""
    from firmware_host.cli import main as cli_main

    script = tmp_path / "s.jsonl"
    script.write_text(json.dumps({"setup": setup}) + "\n", encoding="utf-8")
    assert cli_main(["simulate", "--script", str(script)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("setup: no 'seed', but the roles and deck would be dealt at random "
                        "(REPLAY.md: a seed is required where roles or deck are left out)"), err
    assert "\n" not in err


def test_board_text_words_the_board_s_own_sentences_for_the_commands():
    """The whisper call, self-test and enrolment sentences come from the board catalogue,
    which no game owns."""
    from firmware_host.service.board_catalogue import text as board_text
    assert board_text("whisper.call", {"seat": 2}, "en", long=True)
    assert board_text("whisper.call", {"seat": 2}, "en", long=True, names={2: "Anna"}) != \
        board_text("whisper.call", {"seat": 2}, "en", long=True)
    with pytest.raises(KeyError):
        board_text("no.such.key")


def test_issue32_every_packs_setup_form_and_refusals_are_worded_in_every_console_language():
    """The console speaks German, English and French; a game's setup fields, their choices and
    its own refusals bring all three (the French page showed English labels)."""
    from firmware_host.console.messages import LANGUAGES
    missing = []
    for name in games.names():
        record = games.pack(name)
        for option in record.console_options:
            for label in [option["label"]] + [c["label"] for c in option.get("choices", [])]:
                missing += [(name, option["name"], lang) for lang in LANGUAGES if not label.get(lang)]
        for code, words in record.console_refusals.items():
            missing += [(name, code, lang) for lang in LANGUAGES if not words.get(lang)]
    assert missing == []
