"""The game master's undo right after a move that made the deck be reshuffled (the table's
``moves.undo``; the journal's undo takes back the last action that is not a ``reshuffle``
together with the reshuffles written after it): what the undo names to the table (the undone
action's seat and journal object) is that move, never the reshuffle, which has no seat. Secret
Dictator's whole game of its scripting hook, played until the journal's last action is a
reshuffle, on the real service, SQLite journal and silent voice."""

from __future__ import annotations

from firmware_host.games.secret_dictator import scripting

from .table import quiet_service


def test_an_undo_after_a_reshuffle_names_the_move_that_caused_it(tmp_path):
    setup = scripting.sample_setup("en")
    service = quiet_service(tmp_path)
    service.start()
    try:
        service.call(lambda: service.game.setup_game(dict(setup)))
        adapter = service.game.active
        for obj in scripting.whole_game(setup, seed=3):
            assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(obj))) is True, obj
            journaled = service.journal.actions(adapter.game_id)
            if journaled[-1]["action"] == "reshuffle":
                break
        else:
            raise AssertionError("no reshuffle in the game")
        reshuffles = next(n for n, a in enumerate(reversed(journaled)) if a["action"] != "reshuffle")
        cause = journaled[-1 - reshuffles]
        undone = service.call(adapter.moves.undo)
        assert undone["action"] == cause and type(cause["seat"]) is int and undone["seat"] == cause["seat"]
        assert undone["actions"] == len(journaled) - 1 - reshuffles
        assert len(service.journal.actions(adapter.game_id)) == undone["actions"]
    finally:
        service.stop()
