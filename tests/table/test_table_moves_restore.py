"""The game master's end of a running game taken back (the table's ``moves``: ``end``,
``replace``, ``can_restore``, ``restore``; the kit's ``undo`` command): a game the game master
ended, or a new start replaced, comes back by undo exactly where it stood, journaled before the
table hears ``gm.game_back``, while the next game has no move; a replacement without a move is
given up then. Once the next game has a move, or after the game master ended a game and then
started another, undo is the next game's own. Played with the real service, SQLite journal and
silent voice on In this way I become a DICTATOR's whole game of its scripting hook."""

from __future__ import annotations

import pytest

from firmware_host.games.become_dictator import scripting
from firmware_host.service.refusals import CommandRefused
from firmware_host.service.voice import SilentVoice

from .table import quiet_service

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}
#: the moves played before the game master steps in
PLAYED = 3


@pytest.fixture()
def table(tmp_path):
    """A game of PLAYED moves, journaled; (service, adapter, its voice, the journal's game id)."""
    voice = SilentVoice()
    service = quiet_service(tmp_path, voice=voice)
    service.start()
    try:
        service.call(lambda: service.game.setup_game(dict(SETUP)))
        adapter = service.game.active
        service.call(adapter.wait.end)
        for obj in scripting.whole_game(SETUP, seed=3)[:PLAYED]:
            assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(obj))) is True, obj
        yield service, adapter, voice, adapter.moves.game_id
    finally:
        service.stop()


def notes(service, game_id: int) -> list[dict]:
    return [body for kind, body in service.journal.entries(game_id) if kind == "note"]


def keys_since(voice: SilentVoice, mark: int) -> list[str]:
    """The keys said since ``voice.said`` held ``mark`` entries (it keeps far more than a test says)."""
    return [key for _, key, _ in list(voice.said)[mark:]]


def test_an_undo_after_the_game_master_ended_the_game_brings_it_back_where_it_stood(table):
    service, adapter, voice, game_id = table
    state = service.call(adapter.final_state)
    service.call(adapter.end_game)
    assert service.journal.game(game_id).status == "abandoned"
    assert {"note": "ended", "by": "game master"} in notes(service, game_id)
    assert adapter.game is None and service.call(adapter.moves.can_restore)
    mark = len(voice.said)
    back = service.call(lambda: adapter.command("undo"))
    assert back == {"restored": game_id, "actions": PLAYED}
    assert adapter.moves.game_id == game_id and adapter.moves.count == PLAYED
    assert service.call(adapter.final_state) == state          # exactly where it stood
    assert service.journal.game(game_id).status == "playing"               # a restart resumes it
    assert notes(service, game_id)[-1] == {"note": "reopened", "by": "game master"}
    assert "gm.game_back" in keys_since(voice, mark)
    assert not service.call(adapter.moves.can_restore)                     # once only
    assert service.call(lambda: adapter.command("undo"))["actions"] == PLAYED - 1   # then a move


def test_a_start_that_replaced_a_running_game_undone_gives_up_the_replacement(table):
    service, adapter, voice, game_id = table
    service.call(lambda: adapter.command("start", setup=dict(SETUP)))
    new_id = adapter.moves.game_id
    assert new_id != game_id and service.journal.game(game_id).status == "abandoned"
    assert {"note": "ended", "by": "game master", "replaced": True} in notes(service, game_id)
    assert service.call(adapter.moves.can_restore)                         # the new game has no move
    back = service.call(lambda: adapter.command("undo"))
    assert back == {"restored": game_id, "actions": PLAYED}
    assert service.journal.game(new_id).status == "abandoned"
    assert {"note": "ended", "by": "game master", "undo_of_end": game_id} in notes(service, new_id)
    assert service.journal.game(game_id).status == "playing" and adapter.moves.game_id == game_id
    assert service.journal.unfinished().id == game_id


def test_once_the_next_game_has_a_move_undo_takes_back_that_move_not_the_ended_game(table):
    service, adapter, voice, game_id = table
    service.call(lambda: adapter.command("start", setup=dict(SETUP)))
    new_id = adapter.moves.game_id
    service.call(adapter.wait.end)
    first = scripting.whole_game(SETUP, seed=3)[0]
    assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(first))) is True
    assert not service.call(adapter.moves.can_restore)
    assert service.call(lambda: adapter.command("undo")) == {"actions": 0}
    assert adapter.moves.game_id == new_id
    assert service.journal.game(game_id).status == "abandoned"
    assert service.journal.game(new_id).status == "playing"


def test_after_the_game_master_ended_a_game_and_started_another_the_ended_one_is_out_of_reach(table):
    service, adapter, voice, game_id = table
    service.call(adapter.end_game)
    service.call(lambda: adapter.command("start", setup=dict(SETUP)))
    new_id = adapter.moves.game_id
    assert not service.call(adapter.moves.can_restore)
    with pytest.raises(CommandRefused) as refused:
        service.call(lambda: adapter.command("undo"))
    assert refused.value.code == "nothing_to_undo"
    assert adapter.moves.game_id == new_id and service.journal.game(game_id).status == "abandoned"


def test_an_undo_takes_back_the_seat_and_the_journal_object_of_the_last_move(table):
    service, adapter, voice, game_id = table
    last = scripting.whole_game(SETUP, seed=3)[PLAYED - 1]
    undone = service.call(adapter.moves.undo)
    assert undone["actions"] == PLAYED - 1
    assert undone["action"] == last and undone["seat"] == last["seat"]
