"""Issue 34 (a long evening): a new game set up from the seats cuts what the last game still
had queued, as one set up at the console does (tests/service/test_long_evening.py), played on
the mocked board at real clip lengths (:mod:`tests.table.table`)."""

from __future__ import annotations

from firmware_host.kernel import games
from firmware_host.table.lobby import seat_setup_signals

from .table import Table

GAME = "become_dictator"


def test_issue34_a_game_set_up_from_the_seats_cuts_what_the_last_game_still_had_queued(tmp_path):
    """The game master enters half a game with ``act`` commands and no pause (the table far
    behind), then ends it; at once seat 1 sets the next game up from its earphone and every
    seat says "I am here". At the setup's first press the last game's backlog is cut on every
    output (else the setup's call at the table would wait behind it and the setup be given up):
    the table hears that a new game begins, the setup's call, then the new game's start, and
    nothing of the last game after it."""
    script = games.pack(GAME).scripting()
    table = Table(tmp_path, seed=None)
    try:
        setup = script.sample_setup("en")
        table.play({"setup": setup})
        actions = script.whole_game(setup, 2)
        for action in actions[:len(actions) // 2]:
            table.gm("act", action=action)
        table.call(table.service.game.end_game)
        table.wait(1.0)
        assert not table.call(table.service.voice.idle)            # the last game is still being told
        first_game = table.call(table.service.journal.last_game).id
        answers = {"game": GAME, "language": "en", **script.seat_answers()}
        table.play_all(seat_setup_signals(answers, seats=table.sim.config.seats, board_language="en"))
        table.drain()
        table.wait(2.0)
        assert table.call(table.service.journal.last_game).id > first_game, table.events("fault")
        said = table.heard()
        begins = [i for i, o in enumerate(said) if o["key"] == "service.new_game"]
        assert len(begins) == 1 and said[begins[0]]["output"] == "table", [o["key"] for o in said][-30:]
        after = said[begins[0] + 1:]
        table_keys = [o["key"] for o in after if o["output"] == "table" and not o["key"].startswith("lobby.")]
        assert table_keys[:1] == ["game.started"], table_keys[:5]     # the setup's call, then the new game
        answered = max(o["end"] for o in said if o["key"] == "lobby.option.start")
        (call,) = [o for o in said if o["key"] == "lobby.presence.call"]
        assert call["start"] - answered < 10.0, (answered, call)       # never held behind the last game
        # the game master's end cuts the backlog itself and is said at once (never queued
        # behind the ended game): heard once, before the new game begins
        (ended,) = [i for i, o in enumerate(said) if o["key"] == "gm.ended"]
        assert ended < begins[0]
        cut = [o for o in said[:begins[0]] if o.get("cut")]
        assert cut, "nothing of the last game was playing when the new game began"
    finally:
        table.close()
