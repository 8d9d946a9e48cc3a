"""The game master ends a game (the console's "Restart": BOARD.md, the board waits for a new
game): what the ended game still had queued or playing is cut on every output and the table
hears ``gm.ended`` at once. Found by a probe: a Dying Message ended 2 s into its evidence
pool went on for 20 s ("More cards of the evidence pool…", "Night falls. Everyone, close your
eyes and listen to your earphone.") and every earphone said "Night of round one. Keep your
eyes closed…" together with "Game master: the game has ended" — a table closing its eyes for
a game that no longer is. Played on the mocked board at real clip lengths."""

from __future__ import annotations

from firmware_host.service.backend import ConsoleBackend

from tests.table.table import Table


def test_a_game_ended_at_the_console_is_silent_at_once_and_the_table_hears_it_ended(tmp_path):
    table = Table(tmp_path, seed=3)
    try:
        table.play({"setup": {"game": "dying_message", "players": 6, "language": "en"}})
        assert table.wait_heard("pool.laid", timeout=120.0) is not None
        backend = ConsoleBackend(table.service)
        mark = len(table.starts)
        ended_at = table.now
        assert table.call(lambda: backend.command("restart")) == {"ended": True}
        table.wait(60.0)
        after = table.starts[mark:]
        keys = [(o["output"], o["key"]) for o in after]
        assert ("table", "gm.ended") in keys, keys
        (ended,) = [o for o in after if o["key"] == "gm.ended"]
        assert ended["start"] - ended_at < 1.0, (ended_at, ended)       # said at once, not behind the game
        assert [k for k in keys if k[1] != "gm.ended"] == [], keys       # nothing of the ended game after it
        cut = [o for o in table.heard() if o.get("cut")]
        assert cut, "the clip that played when the game ended is cut off"
    finally:
        table.close()


def test_a_game_already_over_ended_at_the_console_still_tells_its_end_whole(tmp_path):
    """"Restart" after the game is over (the game master goes back to the setup while the
    table still tells the end, entered far ahead of it): the end is said whole, then
    ``gm.ended`` — nothing of a finished game is cut (issue 34: nothing lost, everything said)."""
    from firmware_host.kernel import games
    script = games.pack("secret_dictator").scripting()     # its moves are told as they are taken
    table = Table(tmp_path, seed=None)
    try:
        _played_to_its_end_at_the_console(table, script)
        assert not table.call(table.service.voice.idle)            # the table is still telling it
        backend = ConsoleBackend(table.service)
        assert table.call(lambda: backend.command("restart")) == {"ended": True}
        table.drain()
        table.wait(5.0)
        keys = [o["key"] for o in table.heard() if o["output"] == "table"]
        assert "gm.ended" in keys
        ended = keys.index("gm.ended")
        assert any(k.startswith("game_over") for k in keys[:ended]), keys[-12:]
        assert not [o for o in table.heard() if o.get("cut") and o["output"] == "table"]
    finally:
        table.close()


def test_a_dying_message_already_over_ended_at_the_console_tells_its_night_dawn_and_end(tmp_path):
    """Dying Message tells its night step by step on the board's own timers: "Restart" after
    the game is over (its moves entered far ahead of the table) still tells the rest whole —
    the night's steps, the dawn and who won — then ``gm.ended``, nothing cut; its timers do not
    take the end with them."""
    from firmware_host.kernel import games
    script = games.pack("dying_message").scripting()
    table = Table(tmp_path, seed=None)
    try:
        _played_to_its_end_at_the_console(table, script)
        backend = ConsoleBackend(table.service)
        assert table.call(lambda: backend.command("restart")) == {"ended": True}
        table.drain()
        table.wait(5.0)
        keys = [o["key"] for o in table.heard() if o["output"] == "table"]
        assert "gm.ended" in keys
        ended = keys.index("gm.ended")
        told = keys[:ended]
        assert any(k.startswith("game_over") for k in told), told[-12:]
        assert "night.dawn" in told, told[-20:]
        assert not [o for o in table.heard() if o.get("cut") and o["output"] == "table"]
    finally:
        table.close()


def _played_to_its_end_at_the_console(table, script) -> None:
    """The game's sample setup and a whole game entered at the console, far ahead of what
    the table has said: the game is over."""
    setup = script.sample_setup("en")
    table.play({"setup": setup})
    for action in script.whole_game(setup, 2):
        table.gm("act", action=action)
    assert table.call(lambda: table.service.game.final_state()["phase"]) == "game_over"
