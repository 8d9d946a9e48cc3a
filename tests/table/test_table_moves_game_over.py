"""The move log around a game's end (the table's ``moves``: journaled before it is said): the
action that ends a game marks it over in the journal; undoing that action puts the game back
in play there, so a restart resumes it; a new game after a finished one leaves the finished
one over (never "abandoned"). Played with the real service and journal on In this way I become
a DICTATOR's whole game of its scripting hook, the voice an autospec of the silent voice."""

from __future__ import annotations

import pytest

from firmware_host.games.become_dictator import scripting
from firmware_host.service.voice import SilentVoice

from .table import quiet_service

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}


@pytest.fixture()
def ended(tmp_path, mocker):
    """A whole game played to its end through the table's move log; (service, adapter, the
    journal's game id)."""
    voice = mocker.create_autospec(SilentVoice, instance=True)
    for name, value in (("timed", False), ("confirm_whisper", False), ("has_earphones", True),
                        ("use_long_wording", False), ("repeat_last", None), ("seconds", None), ("measure", None)):
        getattr(voice, name).return_value = value
    service = quiet_service(tmp_path, voice=voice)
    service.start()
    try:
        service.call(lambda: service.game.setup_game(dict(SETUP)))
        adapter = service.game.active
        service.call(adapter.wait.end)
        game_id = adapter.moves.game_id
        for obj in scripting.whole_game(SETUP, seed=3):
            assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(obj))) is True, obj
        assert service.call(lambda: adapter.moves.over)
        yield service, adapter, game_id
    finally:
        service.stop()


def test_the_action_that_ends_a_game_marks_it_over_in_the_journal(ended):
    service, adapter, game_id = ended
    assert service.journal.game(game_id).status == "over"
    assert not service.call(adapter.moves.running)


def test_undoing_the_action_that_ended_a_game_puts_it_back_in_play_in_the_journal(ended):
    service, adapter, game_id = ended
    actions = len(service.journal.actions(game_id))
    undone = service.call(adapter.moves.undo)
    assert undone["actions"] == actions - 1
    assert service.journal.game(game_id).status == "playing"          # resumed by a restart again
    assert service.call(adapter.moves.running) and not service.call(lambda: adapter.moves.over)
    assert service.journal.unfinished().id == game_id


def test_a_new_game_after_a_finished_one_leaves_the_finished_one_over(ended):
    service, adapter, game_id = ended
    service.call(lambda: adapter.moves.prepare(dict(SETUP)))
    service.call(adapter.moves.start)
    assert adapter.moves.game_id != game_id
    assert service.journal.game(game_id).status == "over"              # not "abandoned"
    assert service.journal.game(adapter.moves.game_id).status == "playing"
