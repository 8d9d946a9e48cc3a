"""A press chooses what was heard (ACCESSIBILITY.md 26-27, issue 23): counted on press-down,
the first moments of the next item still choose the item just heard, an item cut off before
it could be heard is never chosen — scans whose items really play on a virtual clock."""

from __future__ import annotations

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.hardware.events import ButtonGesture
from firmware_host.table.scanning import Scan, ScanItem, pressing
from firmware_host.service.settings import ScanSettings

ITEM_S = 1.0     # every item's clip lasts a second


def playing_scan(grace: float = 0.5):
    """A scan of seats 3, 5, 7 whose items play ITEM_S each on a virtual clock (started at
    their start, ended ITEM_S later); ``cut()`` cuts the item playing now (a status)."""
    clock = VirtualClock()
    chosen: list = []
    playing: list = []
    status_until = [0.0]

    def speak(seat, kind, item, started, ended):
        def begin():
            started()
            handle = clock.call_later(ITEM_S, lambda: (playing.remove(entry), ended(False)))
            entry = (handle, ended)
            playing.append(entry)
        clock.call_later(max(0.0, status_until[0] - clock.now()), begin)
        return None

    def cut():
        status_until[0] = clock.now() + 3.0      # the status plays 3 s; the scan's item waits for it
        for handle, ended in list(playing):
            handle.cancel()
            playing.clear()
            ended(True)

    items = [ScanItem(2, "seat 3", "scan.item", {"seat": 2}), ScanItem(4, "seat 5", "scan.item", {"seat": 4}),
             ScanItem(6, "seat 7", "scan.item", {"seat": 6})]
    scan = Scan(0, items, ScanSettings(interval=1.5, first_delay=1.0, grace=grace), clock, post=lambda fn: fn(),
                speak=speak, on_choose=chosen.append, on_cancel=lambda: chosen.append("cancel"))
    return clock, scan, chosen, cut


def press_down_at(scan: Scan, down: float) -> None:
    """The board's press: handled later (at release) with the moment it went down."""
    with pressing(ButtonGesture(0, "press", at=down + 0.16, down_at=down)):
        scan.press()


# item k starts at 1.0 + 2.5 k (1 s first delay, 1 s clip, 1.5 s interval)
def test_A27_a_press_counts_when_the_button_went_down_not_at_its_release():
    clock, scan, chosen, _ = playing_scan()
    scan.start()
    clock.advance(3.45)            # seat 5 started at 3.5? not yet: still seat 3's window
    clock.advance(0.8)             # released while seat 5 plays (from 3.5)
    press_down_at(scan, 3.45)      # went down before seat 5 began
    assert chosen == [2]


@pytest.mark.parametrize("into", [0.05, 0.3, 0.49])
def test_A27_a_press_in_the_first_moments_of_the_next_item_chooses_the_item_just_heard(into):
    clock, scan, chosen, _ = playing_scan()
    scan.start()
    clock.advance(3.5 + into + 0.2)
    press_down_at(scan, 3.5 + into)
    assert chosen == [2]


def test_A27_after_the_grace_the_press_chooses_the_item_playing():
    clock, scan, chosen, _ = playing_scan()
    scan.start()
    clock.advance(3.5 + 0.6 + 0.2)
    press_down_at(scan, 3.5 + 0.6)
    assert chosen == [4]


def test_A27_grace_zero_chooses_the_item_that_has_started():
    clock, scan, chosen, _ = playing_scan(grace=0.0)
    scan.start()
    clock.advance(3.5 + 0.05 + 0.2)
    press_down_at(scan, 3.5 + 0.05)
    assert chosen == [4]


def test_A27_an_item_cut_off_at_0_s_by_a_status_is_never_chosen():
    clock, scan, chosen, cut = playing_scan(grace=0.0)
    scan.start()
    clock.advance(3.5)             # seat 5 starts now
    cut()                          # a status cuts it off at 0 s
    clock.advance(0.4)
    press_down_at(scan, clock.now())
    assert chosen == [2]           # seat 3, the item heard last; never seat 5, which nobody heard


@pytest.mark.parametrize("reaction", [1.0, 1.25, 1.5, 1.75, 1.95])
def test_A27_a_one_to_two_second_reaction_after_the_item_ended_chooses_it(reaction):
    # seat 5's clip ends at 4.5; the next starts at 6.0, its grace runs to 6.5
    clock, scan, chosen, _ = playing_scan()
    scan.start()
    clock.advance(4.5 + reaction + 0.2)
    press_down_at(scan, 4.5 + reaction)
    assert chosen == [4]


def test_A27_the_board_reports_when_a_press_went_down():
    from firmware_host.board_config import load_config
    from firmware_host.hardware.mock import MockBoard
    clock = VirtualClock()
    mock = MockBoard(load_config(None), clock)
    try:
        clock.advance(5.0)
        before = clock.now()
        events = mock.press(2, "press")
        press = [e for e in events if isinstance(e, ButtonGesture)]
        assert len(press) == 1
        # down after the contact settled (bounce time), well before the release made it a press
        assert before <= press[0].down_at <= before + 0.05 < press[0].at
    finally:
        mock.close()
