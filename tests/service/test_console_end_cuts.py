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
