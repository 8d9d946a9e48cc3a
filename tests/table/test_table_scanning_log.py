"""What a seat's scan writes to the board's log (the only trace on a board of how a seat's list
went, for the game master and a fault report): it stopped after its passes, a press resumed it,
an item was picked and when it becomes final. Only list positions and seconds: a private
list's order is drawn afresh (R16), so a position names no secret. The scan on a virtual
clock, every step estimated (:func:`tests.table.test_pace.make_scan`)."""

from __future__ import annotations

import logging

from .test_pace import BOARD, NAME_S, make_scan

LOGGER = "firmware_host.table.scanning"


def test_a_scan_logs_its_stop_its_resume_and_a_pick_with_its_undo_window(caplog):
    clock, scan, _, chosen, _ = make_scan(BOARD, names=2)
    with caplog.at_level(logging.INFO, logger=LOGGER):
        scan.start()
        clock.advance(60)                                   # three passes over two items, then "stopped"
        assert scan.stopped
        scan.press(at=clock.now())                          # a press after the stop starts it again
        clock.advance(BOARD.first_delay + NAME_S + BOARD.grace + 0.1)
        scan.press(at=clock.now())                          # "seat 1" heard: picked
    messages = [r.getMessage() for r in caplog.records if r.name == LOGGER]
    assert f"scan for seat 0 stopped after {BOARD.passes} passes" in messages
    assert "scan for seat 0 resumed" in messages
    picked = [m for m in messages if "picked, final after" in m]
    assert picked and picked[0].startswith("scan for seat 0: item 1 picked, final after ")
    assert picked[0].endswith(f"{scan.undo_window:.1f} s")
    clock.advance(60)
    assert chosen == [0]
