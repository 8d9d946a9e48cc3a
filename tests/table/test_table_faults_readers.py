"""The readers' state a kit game's table reads from the board at boot (the table's
``faults.read_board``; the console's health panel, its picture's ``readers``): on ``simulate``'s
mocked board, which wraps the hardware layer's board, every configured reader is shown
connected as soon as a resumed game's table has booted, before any reader's event; and a
reader unplugged then is said at the table once, as a reader that was there. In this way I
become a DICTATOR's game resumed from the journal of an earlier run."""

from __future__ import annotations

from .table import DICTATOR_4, Table


def test_a_resumed_kit_games_console_shows_every_reader_connected_from_boot(tmp_path):
    first = Table(tmp_path).set_up(DICTATOR_4)
    first.close()
    table = Table(tmp_path, journal=first.journal)
    try:
        adapter = table.service.game.active
        assert adapter.NAME == "become_dictator" and adapter.game is not None       # resumed
        readers = table.call(adapter.snapshot)["readers"]
        assert readers == {name: True for name in table.sim.config.readers}
        assert readers                                   # the shipped board has readers
        mark = len(table.heard())
        reader = sorted(readers)[0]
        table.play({"signal": "unplug", "reader": reader})
        table.wait(5)
        table.drain()
        said = [o["key"] for o in table.heard()[mark:] if o["key"].startswith("fault.")]
        assert said.count("fault.reader_unplugged") == 1, said
    finally:
        table.close()
