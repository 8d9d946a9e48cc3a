"""The board as a host of game packs (service.host.GameHost; issue 16)."""

from __future__ import annotations

import io

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.service.refusals import CommandRefused
from firmware_host.service.simulator import Simulator


@pytest.fixture
def service(tmp_path):
    sim = Simulator(out=io.StringIO(), journal_path=str(tmp_path / "journal.sqlite3"))
    service = sim.start(VirtualClock())
    try:
        yield service
    finally:
        sim.stop()


def test_the_board_plays_secret_dictator_until_a_setup_names_another_game(service):
    assert service.game.current == "secret_dictator"
    service.call(lambda: service.game.setup_game({"game": "become_dictator", "players": 4}))
    assert service.game.current == "become_dictator"
    assert service.game.final_state()["game"] == "become_dictator"
    snap = service.call(service.game.snapshot)
    assert snap["game"] == "become_dictator" and "secret_dictator" in snap["games"]


def test_a_new_setup_of_another_game_ends_the_running_one_in_the_journal(service):
    service.call(lambda: service.game.setup_game({"game": "become_dictator", "players": 4}))
    first = service.journal.last_game().id
    service.call(lambda: service.game.setup_game({"players": 5, "seed": 2}))
    assert service.game.current == "secret_dictator"
    assert service.journal.game(first).status == "abandoned"
    assert service.game.final_state()["phase"] == "nomination"


@pytest.mark.parametrize("game, words", [("chess", "game must be one of"),
                                         ("dying_message", None)])
def test_a_game_the_board_cannot_play_is_a_one_line_refusal_and_changes_nothing(service, game, words):
    from firmware_host.kernel import games
    if words is None:
        if games.pack(game).adapter is not None:
            pytest.skip("this pack has its board adapter")
        words = "cannot play dying_message yet"
    with pytest.raises(CommandRefused) as info:
        service.call(lambda: service.game.setup_game({"game": game, "players": 5}))
    assert words in str(info.value) and "\n" not in str(info.value)
    assert service.game.current == "secret_dictator"
