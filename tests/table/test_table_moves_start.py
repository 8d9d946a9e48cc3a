"""The move log's start without a setup (the table's ``moves``): refused ``no_setup`` with
the same one line the table says for it, whichever part is asked (the console shows the
code in its page's language, the command line and the log the English line)."""

from __future__ import annotations

import pytest

from firmware_host.service.refusals import CommandRefused

from .table import Table


def test_a_start_with_no_setup_is_refused_no_setup_by_the_move_log_as_by_the_table(tmp_path):
    table = Table(tmp_path)
    try:
        adapter = table.service.game.active
        assert adapter.moves.pending is None
        with pytest.raises(CommandRefused) as by_table:
            table.call(adapter.start)
        with pytest.raises(CommandRefused) as by_moves:
            table.call(adapter.moves.start)
        assert by_moves.value.code == by_table.value.code == "no_setup"
        assert str(by_moves.value) == str(by_table.value) == "no setup: set the game up first"
        assert adapter.moves.game is None
    finally:
        table.close()
