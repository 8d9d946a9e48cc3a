"""Issue 32: a game is its package. Token Duel (this folder: rules, words, lobby, adapter,
console picture and help form, its own tile kind ``token``) is registered by one line and then
played by the table's conformance suite and read on the mocked board like any game, with
nothing outside this folder made for it.
"""

from __future__ import annotations

import pytest

from firmware_host.kernel import games

NAME = "token_duel"


@pytest.fixture
def registered(monkeypatch):
    """Token Duel registered for one test (unregistered after it: its name is unknown again)."""
    monkeypatch.setitem(games.REGISTRY, NAME, "fifth_game.pack")          # the one registration line
    return NAME


def test_unregistered_the_game_is_unknown_to_the_board():
    assert NAME not in games.names()
    with pytest.raises(games.UnknownGame):
        games.pack(NAME)


def test_the_registered_pack_brings_its_tile_kind_picture_and_help_form(registered):
    from firmware_host.hardware.tags import registered_kinds

    pack = games.pack(NAME)
    assert NAME in games.names()
    assert [k.kind for k in pack.tile_kinds] == ["token"]
    assert "token" in [k.kind for k in registered_kinds()]            # the board's kinds include it
    picture = pack.console_picture({"phase": "turn", "turn": 1, "scores": [2, 3], "target": 7})
    assert picture["waiting"] == [1] and [c["filled"] for c in picture["rows"][1]["cells"]].count(True) == 3
    assert [a["action"] for a in pack.console_actions] == ["take"]


def test_its_token_is_in_the_demo_registry_and_read_as_a_tile_read_of_its_kind(registered):
    from firmware_host.board_config import load_config
    from firmware_host.clock import VirtualClock
    from firmware_host.hardware import events as ev
    from firmware_host.hardware.mock import MockBoard
    from firmware_host.hardware.tags import Tile, demo_registry

    config = load_config(None)
    registry = demo_registry(config.seats)
    tag = registry.tag_of(Tile("token", "gold", 1))
    assert tag == "7E00010001"
    with MockBoard(config, VirtualClock(), tags=registry) as mock:
        reads = [e for e in mock.apply_signal({"signal": "token", "seat": 1, "token": "gold"})
                 if isinstance(e, ev.TileRead)]
    assert reads == [ev.TileRead("law", "token", "gold", 1, tag, at=reads[0].at)]


def test_its_tile_signal_is_read_from_a_script_and_the_virtual_board(registered):
    from firmware_host.service.signals import help_text, parse_line, parse_object

    assert parse_object({"signal": "token", "seat": 0, "token": "gold"}, 2).fields == {"seat": 0, "token": "gold"}
    assert parse_line("token 1 gold").fields == {"seat": 1, "token": "gold"}
    assert "token SEAT gold" in help_text()


def test_a_press_takes_one_and_the_gold_token_two_and_a_token_out_of_turn_is_refused(registered, tmp_path):
    import table.test_conformance as conformance

    table = conformance.start_game(tmp_path, NAME)
    try:
        table.wait_heard("duel.turn", {"seat": 0})
        table.wait(2)
        table.play({"signal": "token", "seat": 0, "token": "gold"})
        table.drain()
        assert table.heard("duel.took")[-1]["params"] == {"seat": 0, "count": 2, "score": 2}
        table.play({"signal": "token", "seat": 0, "token": "gold"})        # seat 1's turn now
        table.drain()
        assert table.heard("duel.refused.not_your_turn")
        table.press(1)
        table.drain()
        assert table.heard("duel.took")[-1]["params"] == {"seat": 1, "count": 1, "score": 1}
    finally:
        table.close()


def test_another_games_tile_is_refused_in_the_boards_words_unnamed(registered, tmp_path):
    import table.test_conformance as conformance

    table = conformance.start_game(tmp_path, NAME)
    try:
        mark = len(table.heard())
        table.play({"signal": "ballot", "seat": 0, "ballot": "ja"})
        table.drain()
        said = [o for o in table.heard()[mark:] if o["output"] == "table"]
        assert [o["key"] for o in said] == ["tile.not_this_game"] and said[0]["params"] == {}
        assert conformance.in_english(said[0], NAME)
    finally:
        table.close()


#: the table's conformance checks Token Duel plays (a game without a list to choose from has
#: no scan to check)
CHECKS = ("test_A30_issue14_setup_from_the_seats", "test_journal_damage_at_boot_is_spoken_in_the_games_language",
          "test_undo_and_restart_by_the_game_master", "test_unplugged_reader_is_spoken_in_the_games_words",
          "test_stuck_button_is_spoken_in_the_games_words", "test_silent_earphone_is_spoken_in_the_games_words",
          "test_issue34_an_unknown_tag_is_spoken_in_the_games_words_from_the_board_catalogue",
          "test_A11_nothing_is_decided_by_a_timer_by_default",
          "test_issue34_another_games_tile_is_refused_in_the_games_words_without_naming_it")


@pytest.mark.parametrize("check", CHECKS)
def test_the_conformance_suite_plays_token_duel(registered, tmp_path, check):
    import table.test_conformance as conformance

    getattr(conformance, check)(tmp_path, NAME)


def test_the_self_test_names_its_token_in_its_words_with_nothing_made_for_it_outside(registered, capsys):
    """The brief (layers below the games know no game): the wiring test walks the board's
    parts and, at the tray reader, lays a tile of every registered kind; Token Duel's gold
    token is one of them once its pack is registered, said in Token Duel's words (its pack's
    ``tile_words``), and the self-test's module names no game and no game's tile."""
    from pathlib import Path

    from firmware_host.cli import main as cli_main
    from firmware_host.commands import self_test

    assert cli_main(["self-test", "--mock", "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    tray = lines.index("Next: a tile at the law reader at the discard tray")
    assert "Test: gold token of Seat 1" in lines[tray + 1:-1]
    from firmware_host.hardware.tags import registered_kinds

    source = Path(self_test.__file__).read_text(encoding="utf-8")
    for name in games.names():
        assert name not in source, name
    for kind in registered_kinds():
        assert f'"{kind.kind}"' not in source and f"'{kind.kind}'" not in source, kind.kind


def test_unregistered_its_token_is_not_laid_by_the_self_test(capsys):
    from firmware_host.cli import main as cli_main

    assert cli_main(["self-test", "--mock", "--language", "en"]) == 0
    assert "Test: gold token of Seat 1" not in capsys.readouterr().out


def test_enrol_tags_asks_for_its_tokens_in_its_words_with_nothing_made_for_it_outside(registered, tmp_path, capsys):
    """Issue 36: the enrolment asks the registry what tiles there are: once registered, Token
    Duel's gold tokens are enrolled by ``--game token_duel`` (its pack's ``tile_kinds``, its
    ``tile_words``), a tag laid twice refused in its words, and written to its section."""
    import json

    from firmware_host.cli import main as cli_main
    from firmware_host.hardware.tags import Tile, load_registry

    script = tmp_path / "tiles.jsonl"
    script.write_text("".join(json.dumps({"signal": "tag", "tag": t}) + "\n"
                              for t in ("7A00000001", "7A00000001", "7A00000002")), encoding="utf-8")
    out = tmp_path / "tags.toml"
    assert cli_main(["enrol-tags", "--mock", str(script), "--output", str(out), "--game", NAME, "--seats", "2",
                     "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["Enrolment: two tiles, present each at the law reader at the discard tray",
                         "Enrolment: present the gold token of Seat 1", "Enrolment: recognised"]
    assert lines[3:6] == ["Enrolment: present the gold token of Seat 2", "Enrolment: already the gold token of Seat 1",
                          "Enrolment: present the gold token of Seat 2"]
    registry = load_registry(out, kinds=games.pack(NAME).tile_kinds)
    assert registry.tag_of(Tile("token", "gold", 1)) == "7A00000002"


def test_issue31_a_game_without_a_story_of_its_own_tells_how_it_ended(registered, tmp_path):
    """The kit's default story (``BoardAdapter.story_lines``, a game that tells none of its
    own: Token Duel) is how the game ended, the table's lines of its last move, on a board
    whose voice reports playback as every board's does; it was the table's last message
    heard, which only a voice without playback kept, so the story was empty and a seat's
    press after the game heard only "press again for a new game"."""
    import table.test_conformance as conformance

    table = conformance.start_game(tmp_path, NAME)
    try:
        for _ in range(12):
            if table.events("game_over"):
                break
            turn = table.heard("duel.turn")[-1]["params"]["seat"]
            table.play({"signal": "token", "seat": turn, "token": "gold"})
            table.drain()
        assert table.events("game_over")
        table.wait(5)
        won = table.heard("duel.won")[-1]
        parts = table.call(lambda: table.service.game.active.story_parts())
        told = [line for part in parts for line in part]
        assert ("duel.won", won["params"]) in told, parts
        assert ("duel.took", table.heard("duel.took")[-1]["params"]) in told, parts
    finally:
        table.close()
