"""A time of the table's setup for a game resumed from a journal that kept no table note for
it (a game journaled before the time existed, or by the console's bare setup): the game's own
``board.toml`` section decides (here ``[become_dictator] morning_seconds``), else the game's
default; never a failure at boot. With the real service and SQLite journal (``tmp_path``) and
the silent voice."""

from __future__ import annotations

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import scripting
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

SETUP = {**scripting.sample_setup("en")}


def resumed(tmp_path, **settings) -> BoardService:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = journal.begin_game(dict(SETUP))                  # no table note beside it
    for action in scripting.whole_game(SETUP, seed=3)[:4]:
        journal.append_action(game_id, action)
    journal.close()
    service = BoardService(ServiceSettings(journal_path=str(path), **settings), clock=VirtualClock(),
                           journal=Journal(path), voice=SilentVoice(), emit=lambda line: None,
                           notifier=Notifier(None))
    service.start()
    return service


def test_a_resumed_game_without_a_table_note_takes_its_time_from_the_games_board_toml_section(tmp_path):
    service = resumed(tmp_path, games={"become_dictator": {"morning_seconds": 300}})
    try:
        adapter = service.game.active
        assert adapter.moves.game_id == 1 and "morning_seconds" not in adapter.table
        assert service.call(lambda: adapter.seconds("morning_seconds")) == 300.0
    finally:
        service.stop()
        service.journal.close()


def test_a_resumed_game_without_a_table_note_or_a_section_takes_the_games_default(tmp_path):
    service = resumed(tmp_path)
    try:
        adapter = service.game.active
        default = adapter.SETUP_SECONDS["morning_seconds"][0]
        assert service.call(lambda: adapter.seconds("morning_seconds")) == float(
            adapter.own_config().get("morning_seconds", default))
    finally:
        service.stop()
        service.journal.close()


def test_a_game_resumed_after_a_restart_keeps_the_table_setup_it_was_started_with(tmp_path):
    """The table's own setup (here ``morning_seconds``) is journaled beside the game as its
    ``table`` note and read back when the game is resumed, not the board's default."""
    path = tmp_path / "journal.sqlite3"

    def service_on_journal() -> BoardService:
        service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                               voice=SilentVoice(), emit=lambda line: None, notifier=Notifier(None))
        service.start()
        return service

    first = service_on_journal()
    try:
        first.call(lambda: first.game.setup_game({**SETUP, "game": "become_dictator", "morning_seconds": 300}))
        assert first.call(lambda: first.game.active.seconds("morning_seconds")) == 300.0
    finally:
        first.stop()
        first.journal.close()
    again = service_on_journal()
    try:
        adapter = again.game.active
        assert adapter.moves.game_id == 1 and adapter.table.get("morning_seconds") == 300.0
        assert again.call(lambda: adapter.seconds("morning_seconds")) == 300.0
    finally:
        again.stop()
        again.journal.close()
