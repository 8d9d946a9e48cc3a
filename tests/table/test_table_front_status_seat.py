"""The board's one-line status (systemd's STATUS=) names the seat setting up 1-based as it is
spoken, also for the first seat (0-based seat 0 is "seat 1", never a default). On
``simulate``'s mocked board (:class:`tests.table.table.Table`)."""

from __future__ import annotations

import pytest

from .table import Table


@pytest.mark.parametrize("seat", [0, 5])
def test_the_status_line_names_the_seat_setting_up_as_spoken(tmp_path, seat):
    table = Table(tmp_path)
    try:
        front = table.service.game.table
        table.press(seat)
        table.drain()
        table.wait(1.0)
        assert table.call(front.status_line) == f"setup from seat {seat + 1}"
    finally:
        table.close()
