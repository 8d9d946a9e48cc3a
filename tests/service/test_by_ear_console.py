"""The game master's console through an evening the seats play by ear (issue 31, 32): each
game set up from the seats, played to its end, then the next game of the rotation set up from
the seats; the console's snapshot (what its page draws) is that of the game being played at
each moment, never another game's page."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table.test_conformance import (hooks, journal_games, lobby_answers, new_table,  # noqa: E402
                                    play_whole_game, set_up_from_the_seats, until)


from firmware_host.kernel import games  # noqa: E402
from firmware_host.service.backend import ConsoleBackend, picture  # noqa: E402
from firmware_host.table.lobby import seat_setup_signals  # noqa: E402


def _shows(backend: ConsoleBackend, name: str) -> dict:
    """The console's snapshot, checked to be game ``name``'s page: its name, its own picture
    of the public view and its own help forms."""
    snap = backend.snapshot()
    assert snap.get("game") == name, (snap.get("game"), name)
    assert snap.get("view") is not None
    assert snap.get("picture") == picture(name, snap["view"]), "the page draws another game's picture"
    assert snap.get("actions") == list(games.pack(name).console_actions)
    return snap


@pytest.mark.slow
@pytest.mark.parametrize("name", games.names())
def test_issue31_the_console_shows_the_game_being_played_through_an_evening_from_the_seats(tmp_path, name):
    after = games.names()[(games.names().index(name) + 1) % len(games.names())]
    hooks(name)
    hooks(after)
    table = new_table(tmp_path, name)
    try:
        backend = ConsoleBackend(table.service)
        setup = set_up_from_the_seats(table, name)
        _shows(backend, name)
        play_whole_game(table, name, setup)
        assert until(table, lambda: table.call(table.service.game.final_state)["phase"] == "game_over", 600, 0.5)
        _shows(backend, name)                       # the end of the game, still its page
        table.wait(2.0)
        before = journal_games(table)
        for _ in range(40):                         # the story first, then the next setup
            mark = len(table.starts)
            table.press(0)
            table.drain()
            table.wait(1.5)
            if any(o.get("key", "").startswith("lobby.") for o in table.starts[mark:]):
                break
        else:
            pytest.fail("no press after game over leads to a setup from the seats")
        signals = seat_setup_signals(lobby_answers(after), seats=table.sim.config.seats,
                                     board_language=setup.get("language", "de"))
        table.play_all(signals[1:])
        assert until(table, lambda: journal_games(table) > before, 120), f"{after} was not set up from the seats"
        table.drain()
        _shows(backend, after)
    finally:
        table.close()
