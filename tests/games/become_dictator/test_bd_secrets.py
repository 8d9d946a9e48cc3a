"""In this way I become a DICTATOR: secrets kept from timing and every secret recallable
(issue 33; RULES.md R16; DICTATOR.md D28, D31, D36), at real clip lengths (espeak-ng) on the
mocked board, the players acting one to two seconds after the clip meant for them ended."""

from __future__ import annotations

import pytest

from tests.table.table import Table

SETUP = {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 180}


def day_1(table: Table) -> None:
    """The sample table through day 1's open votes (each seat for the next), to the night."""
    table.play({"setup": SETUP})
    table.wait(181)
    for seat in range(4):
        target = (seat + 1) % 4
        table.play({"signal": "button", "seat": seat, "gesture": "press"})
        table.play({"signal": "wait_for", "key": "scan.seat", "params": {"seat": target}, "timeout": 120},
                   next_seat=seat)
        table.play({"signal": "button", "seat": seat, "gesture": "press"})
        table.play({"signal": "wait_for", "key": "scan.confirm.vote", "params": {"target": target},
                    "timeout": 120}, next_seat=seat)
        table.play({"signal": "button", "seat": seat, "gesture": "press"})


@pytest.mark.slow
def test_R16_issue33_every_card_of_a_night_list_lasts_as_long_as_the_longest_role(tmp_path):
    """Issue 33: with the cards in an order of their own and every card item as long as the
    longest role's, a press's time from the list's start has the same distribution whichever
    card it drops (the seat's pace alone tells where it falls)."""
    table = Table(tmp_path)
    try:
        day_1(table)
        table.press(0)
        assert table.wait_heard("scan.cancel", seat=0, timeout=300) is not None
        cards = [line for line in table.starts if line.get("key") == "scan.card" and line.get("output") == "seat:0"]
        assert len(cards) == 7
        lengths = [line["end"] - line["start"] for line in cards]
        assert max(lengths) - min(lengths) <= 0.05, lengths
    finally:
        table.close()
