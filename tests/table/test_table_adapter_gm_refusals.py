"""The game master's commands a kit game's table refuses, each with its code and one English
line (the kit's ``BoardAdapter`` commands; the console words the code in its page's language):
pause and resume without a game (``no_game``), a restart with no setup yet (``no_setup``), an
undo with neither a game nor an ended one to bring back (``no_game``), an act without a game
(``no_game``) or while the game is paused (``paused``, nothing taken); the game-master key
without a game does nothing. And a seat's name cleared in its settings is no longer the name
the table says. In this way I become a DICTATOR on the real service, SQLite journal and silent
voice."""

from __future__ import annotations

import pytest

from firmware_host.games.become_dictator import scripting
from firmware_host.kernel import games
from firmware_host.service.core import BoardService
from firmware_host.service.refusals import CommandRefused

from .table import quiet_service

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}


@pytest.fixture()
def service(tmp_path):
    service = quiet_service(tmp_path)
    service.start()
    yield service
    service.stop()


def refused(service: BoardService, adapter, name: str, **fields) -> CommandRefused:
    with pytest.raises(CommandRefused) as caught:
        service.call(lambda: adapter.command(name, **fields))
    return caught.value


@pytest.mark.parametrize(("name", "fields", "code", "line"), [
    ("pause", {}, "no_game", "no game to pause"),
    ("resume", {}, "no_game", "no game to resume"),
    ("restart", {}, "no_setup", "no setup to restart"),
    ("undo", {}, "no_game", "no game to undo in"),
    ("act", {"action": {"action": "vote", "seat": 0, "target": 1}}, "no_game", "no game is running"),
])
def test_a_command_that_needs_a_game_or_a_setup_is_refused_naming_what_is_missing(service, name, fields, code, line):
    adapter = service.call(lambda: games.pack("become_dictator").adapter(service))
    error = refused(service, adapter, name, **fields)
    assert (error.code, str(error)) == (code, line)


def test_the_game_master_key_without_a_game_does_nothing(service):
    adapter = service.call(lambda: games.pack("become_dictator").adapter(service))
    assert service.call(lambda: adapter.command("key", gesture="press")) == {"paused": False}
    assert adapter.paused is False and adapter.game is None


def test_an_act_while_the_game_is_paused_is_refused_and_nothing_is_taken(service):
    service.call(lambda: service.game.setup_game(dict(SETUP)))
    adapter = service.game.active
    service.call(adapter.wait.end)
    assert service.call(lambda: adapter.command("pause")) == {"paused": True}
    first = scripting.whole_game(SETUP, seed=3)[0]
    error = refused(service, adapter, "act", action=first)
    assert (error.code, str(error)) == ("paused", "the game is paused")
    assert service.journal.actions(adapter.game_id) == []


def test_a_seats_name_cleared_in_its_settings_is_no_longer_said(service):
    service.call(lambda: service.game.setup_game({**SETUP, "names": {"1": "Anna"}}))
    adapter = service.game.active
    assert adapter.names == {1: "Anna"}
    service.call(lambda: adapter.change_seat_settings(1, {"name": "Bea"}))
    assert adapter.names == {1: "Bea"}
    service.call(lambda: adapter.change_seat_settings(1, {"name": ""}))
    assert 1 not in adapter.names
