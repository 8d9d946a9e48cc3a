"""Autocracy: every secret a seat is told stays recallable (issue 33; AUTOCRACY.md A34's
status layers), at real clip lengths (espeak-ng) on the mocked board, the players acting one
to two seconds after the clip meant for them ended."""

from __future__ import annotations

import pytest

from tests.table.table import Table

SETUP = {"game": "autocracy", "players": 4, "language": "en", "seed": 7}


@pytest.mark.slow
def test_R16_issue33_a_seats_coup_bas_stay_reachable_by_its_repeat_and_its_status(tmp_path):
    """Issue 33: the Coup Bas dealt into a seat's earphone (``deal.trick``) come back by its
    repeat, stepping back past the table's later messages, and its status's private layer
    lists them."""
    table = Table(tmp_path)
    try:
        table.play({"setup": SETUP})
        table.drain()
        table.wait(1.5)
        current = table.call(lambda: table.service.game.active.game.current)
        seat = (current + 1) % 4                      # not its turn: its press is idle
        dealt = [line for line in table.starts if line.get("key") == "deal.trick"
                 and line.get("output") == f"seat:{seat}"]
        assert dealt
        assert "deal.trick" in table.recall(seat, "deal.trick")
        hand = table.call(lambda: list(table.service.game.active.game.hands[seat]))
        assert hand and table.status(seat)["status.private"]["hand"] == hand
        assert sorted(k for _, k in dealt[-1]["params"]["drawn"]) == sorted(hand)
    finally:
        table.close()
