"""A start without a setup (the table's ``moves`` and the kit's ``BoardAdapter.start``): refused
``no_setup`` with the same one line whichever part is asked (the console shows the code in its
page's language, the command line and the log the English line), for every registered game
built on the kit; and the console picture of such a table, not paused."""

from __future__ import annotations

import pytest

from firmware_host.kernel import games
from firmware_host.service.refusals import CommandRefused
from firmware_host.table import BoardAdapter
from firmware_host.table.lobby import lobby_games

from .table import Table


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    table = Table(tmp_path_factory.mktemp("no-setup"))
    yield table
    table.close()


@pytest.mark.parametrize("name", lobby_games())
def test_a_start_with_no_setup_is_refused_no_setup_by_the_move_log_as_by_the_table(table, name):
    adapter = table.call(lambda: games.pack(name).adapter(table.service))
    assert isinstance(adapter, BoardAdapter)
    assert adapter.moves.pending is None
    with pytest.raises(CommandRefused) as by_table:
        table.call(adapter.start)
    with pytest.raises(CommandRefused) as by_moves:
        table.call(adapter.moves.start)
    assert by_moves.value.code == by_table.value.code == "no_setup"
    assert str(by_moves.value) == str(by_table.value) == "no setup: set the game up first"
    assert adapter.moves.game is None


@pytest.mark.parametrize("name", lobby_games())
def test_the_consoles_picture_of_a_table_waiting_for_a_setup_says_not_paused(table, name):
    """The console's ``paused`` is a yes or no from the start (JSON ``false``), never unknown."""
    adapter = table.call(lambda: games.pack(name).adapter(table.service))
    picture = table.call(adapter.snapshot)
    assert picture["paused"] is False and picture["view"] is None and picture["game_id"] is None


@pytest.mark.parametrize("name", lobby_games())
def test_the_game_masters_undo_and_choose_with_no_game_are_refused_naming_why(table, name):
    """An undo with no game: ``no_game`` ("no game to undo in"); ``choose`` at a kit game, which
    has no choice of its own for the console (no ``choice`` hook, no ``choose`` among its own
    commands): ``nothing_to_choose`` (use ``act``); at a game with one: ``no_game``."""
    adapter = table.call(lambda: games.pack(name).adapter(table.service))
    with pytest.raises(CommandRefused) as undo:
        table.call(adapter.moves.undo)
    assert undo.value.code == "no_game" and str(undo.value) == "no game to undo in"
    if type(adapter)._cmd_choose is BoardAdapter._cmd_choose and "choose" not in adapter.extra_commands():
        with pytest.raises(CommandRefused) as choose:
            table.call(lambda: adapter.gm.run("choose", {}))
        if type(adapter).choice is BoardAdapter.choice:
            assert choose.value.code == "nothing_to_choose"
            assert str(choose.value) == "nothing to choose in this game; use act"
        else:
            assert choose.value.code == "no_game" and str(choose.value) == "no game is running"


@pytest.mark.parametrize("name", lobby_games())
def test_a_kit_games_table_speaks_german_until_a_game_says_otherwise(table, name):
    """Before any game (a fault at boot, a resumed journal's report) a kit game's table words
    its sentences in German, the board's default language (ACCESSIBILITY.md 5)."""
    from firmware_host.service import board_catalogue

    adapter = table.call(lambda: games.pack(name).adapter(table.service))
    assert adapter.language == "de"
    assert table.call(lambda: adapter.speech.text("fault.board", {})) == board_catalogue.text("fault.board", {}, "de")
