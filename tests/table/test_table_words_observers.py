"""Two small contracts of the table's parts: a reader coming back is good news said as a
normal message, never with a fault's priority that cuts what plays (the table's ``words``,
ACCESSIBILITY.md 18; BOARD.md "Faults"); and whoever observes the scans (the robots, the
picks benchmark) is told of every pick with the scan it was made in, the item, the press's
moment, whether the pick takes effect now and, once its undo window has passed, that it settled (the table's ``scanning``)."""

from __future__ import annotations

from firmware_host.games.become_dictator import catalogue
from firmware_host.table.scanning import observe
from firmware_host.table.words import Words

from .test_pace import BOARD, NAME_S, make_scan


def test_A18_a_reader_back_is_a_normal_message_and_a_missing_one_a_fault():
    words = Words(catalogue.text, catalogue.keys(), catalogue.is_private)
    assert words.line("public", "fault.reader_back", {"reader": "law"}).priority == "normal"
    assert words.line("public", "fault.reader_missing", {"reader": "law"}).priority == "fault"
    assert words.line("public", "journal.game_lost", {}).priority == "fault"


def test_every_pick_is_told_to_the_observers_with_its_scan_item_moment_and_finality():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    told = []
    stop = observe(lambda s, item, *, at, final, settled=False: told.append((s, item.value, at, final, settled)))
    try:
        scan.start()
        clock.advance(BOARD.first_delay + NAME_S + BOARD.interval + BOARD.grace + 0.1)   # "seat 2" heard
        at = clock.now()
        scan.press(at=at)
        clock.advance(60)
    finally:
        stop()
    assert chosen == [1]
    assert told[0] == (scan, 1, at, False, False)            # the pick, answered at once, not yet final
    assert told[1][:2] == (scan, 1) and told[1][3:] == (True, True) and told[1][2] > at   # settled after its undo window
    assert len(told) == 2
    scan.start()
    clock.advance(BOARD.first_delay + 0.1)
    scan.press(at=clock.now())
    assert len([t for t in told if t[0] is scan]) == 2       # no longer observed after stop()
