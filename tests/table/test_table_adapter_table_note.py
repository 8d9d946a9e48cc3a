"""A game's ``table`` note in the journal says only what the setup's defaults would not (the
kit's ``BoardAdapter.begin``): a game started with no names and its table's times at their
defaults writes none (a restart finds the same defaults again); a time set otherwise, or a
name, is written, with every time of the table's setup and the names by seat; a seat renamed
during a game is noted again, so a restart calls it by its new name. In this way I
become a DICTATOR (its ``morning_seconds``) on the real service, SQLite journal and silent
voice."""

from __future__ import annotations

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import scripting
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

from .table import quiet_service

SETUP = scripting.sample_setup("en")


@pytest.fixture()
def service(tmp_path):
    service = quiet_service(tmp_path)
    service.start()
    yield service
    service.stop()


def table_notes(service: BoardService, setup: dict) -> list[dict]:
    service.call(lambda: service.game.setup_game(dict(setup)))
    game_id = service.game.active.game_id
    return [body for kind, body in service.journal.entries(game_id) if kind == "note" and body.get("note") == "table"]


def default_morning(service: BoardService) -> float:
    service.call(lambda: service.game.setup_game(dict(SETUP)))
    return service.call(lambda: service.game.active.seconds("morning_seconds"))


def test_a_game_at_its_tables_defaults_without_names_writes_no_table_note(service):
    morning = default_morning(service)
    assert table_notes(service, SETUP) == []
    assert table_notes(service, {**SETUP, "morning_seconds": morning}) == []      # the default, said


def test_a_time_other_than_the_default_is_written_in_the_table_note(service):
    other = 600.0 if default_morning(service) == 300.0 else 300.0
    assert table_notes(service, {**SETUP, "morning_seconds": other}) == \
        [{"note": "table", "morning_seconds": other, "names": {}}]


def test_names_are_written_in_the_table_note_with_the_tables_times(service):
    morning = default_morning(service)
    assert table_notes(service, {**SETUP, "names": {"1": "Anna"}}) == \
        [{"note": "table", "morning_seconds": morning, "names": {"1": "Anna"}}]


def test_a_seat_renamed_during_a_game_is_noted_and_a_restart_calls_it_by_its_new_name(tmp_path):
    path = tmp_path / "renamed.sqlite3"

    def boot() -> BoardService:
        service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                               voice=SilentVoice(), emit=lambda line: None, notifier=Notifier(None))
        service.start()
        return service

    first = boot()
    try:
        notes = table_notes(first, {**SETUP, "names": {"1": "Anna"}})
        adapter = first.game.active
        first.call(lambda: adapter.change_seat_settings(1, {"name": "Bea"}))
        first.call(lambda: adapter.change_seat_settings(2, {"name": "Carl"}))
        game_id = adapter.game_id
        after = [b for k, b in first.journal.entries(game_id) if k == "note" and b.get("note") == "table"]
        assert [n["names"] for n in notes + after[len(notes):]] == \
            [{"1": "Anna"}, {"1": "Bea"}, {"1": "Bea", "2": "Carl"}]
    finally:
        first.stop()
        first.journal.close()
    again = boot()
    try:
        assert again.game.active.game_id == game_id and again.game.active.names == {1: "Bea", 2: "Carl"}
    finally:
        again.stop()
        again.journal.close()


def test_the_consoles_setup_of_a_running_game_shows_the_name_a_seat_took_during_it(service):
    table_notes(service, {**SETUP, "names": {"1": "Anna"}})
    adapter = service.game.active
    assert service.call(adapter.public_setup)["names"] == {"1": "Anna"}
    service.call(lambda: adapter.change_seat_settings(1, {"name": "Bea"}))
    assert service.call(adapter.public_setup)["names"] == {"1": "Bea"}
