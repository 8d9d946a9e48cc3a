"""An item of a list cut off before it was heard (the table's ``scanning``, ACCESSIBILITY.md
13, 21: e.g. cut by a fault said in the seat's earphone): the scan says that same item again
after the cut, and goes on from it, so no item of a seat's list is skipped unheard. A scan on
a virtual clock whose ``speak`` reports playback (it returns None and the test plays each
step's start and end, as the audio layer does)."""

from __future__ import annotations

from firmware_host.clock import VirtualClock
from firmware_host.table.scanning import Scan, ScanItem

from .test_pace import BOARD


def test_A13_A21_an_item_cut_off_unheard_is_said_again_and_the_list_goes_on_from_it():
    clock = VirtualClock()
    steps: list[tuple[str, str, object, object]] = []

    def speak(seat, kind, item, started, ended):
        steps.append((kind, item.text if item else "", started, ended))
        return None                                           # it plays: start and end come later

    items = [ScanItem(n, f"seat {n + 1}", "scan.seat", {"seat": n}) for n in range(3)]
    scan = Scan(0, items, BOARD, clock, post=lambda fn: fn(), speak=speak,
                on_choose=lambda value: None, on_cancel=lambda: None)
    scan.start()
    clock.advance(BOARD.first_delay + 0.01)
    assert [(k, t) for k, t, _, _ in steps] == [("item", "seat 1")]
    steps[0][2]()                                             # "seat 1" starts
    clock.advance(0.5)
    steps[0][3](True)                                         # cut off and dropped: unheard
    assert [(k, t) for k, t, _, _ in steps] == [("item", "seat 1"), ("item", "seat 1")]
    steps[1][2]()
    clock.advance(0.8)
    steps[1][3](False)                                        # heard to its end this time
    clock.advance(BOARD.interval + 0.01)
    assert [(k, t) for k, t, _, _ in steps][2:] == [("item", "seat 2")]


def test_A13_A32_the_item_said_again_after_a_take_back_cut_off_unheard_is_said_again():
    clock = VirtualClock()
    steps: list[tuple[str, str, object, object]] = []

    def speak(seat, kind, item, started, ended):
        steps.append((kind, item.text if item else "", started, ended))
        return None

    items = [ScanItem(n, f"seat {n + 1}", "scan.seat", {"seat": n}) for n in range(3)]
    scan = Scan(0, items, BOARD, clock, post=lambda fn: fn(), speak=speak,
                on_choose=lambda value: None, on_cancel=lambda: None)
    scan.start()
    clock.advance(BOARD.first_delay + 0.01)
    steps[0][2]()                                             # "seat 1" starts
    clock.advance(0.8)
    steps[0][3](False)                                        # heard to its end
    clock.advance(BOARD.grace + 0.1)
    scan.press()                                              # picks "seat 1", answered at once
    assert steps[-1][0] == "picked" and scan.picked is not None
    steps[-1][2]()
    clock.advance(0.3)
    scan.press()                                              # taken back: "seat 1" again
    assert [(k, t) for k, t, _, _ in steps[-1:]] == [("again", "seat 1")]
    steps[-1][2]()
    clock.advance(0.1)
    steps[-1][3](True)                                        # cut off unheard
    assert [(k, t) for k, t, _, _ in steps[-1:]] == [("again", "seat 1")] and len(
        [s for s in steps if s[0] == "again"]) == 2
