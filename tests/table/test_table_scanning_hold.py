"""A seat's status or repeat while its list runs (the table's ``scanning``, ACCESSIBILITY.md 21:
the request cuts off the earphone; the scan waits for it, then says the item heard last again
and goes on from there, its window running from when that has ended). The scan on a virtual
clock, every step estimated as on a board without sound (:func:`tests.table.test_pace.make_scan`)."""

from __future__ import annotations

import pytest

from .test_pace import BOARD, NAME_S, make_scan


def items_said(spoken: list, since: int = 0) -> list[str]:
    return [text for _, kind, _, text in spoken[since:] if kind in ("item", "again")]


def test_A21_after_a_status_the_item_heard_last_is_said_again_and_the_list_goes_on_from_it():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    clock.advance(BOARD.first_delay + NAME_S + BOARD.interval + 0.3)   # "seat 2" is playing
    assert items_said(spoken) == ["seat 1", "seat 2"] and scan.current.text == "seat 2"
    mark = len(spoken)
    scan.hold(say=False)                    # before the request: only wait
    assert spoken[mark:] == []
    clock.advance(5.0)
    assert spoken[mark:] == [] and scan.current.text == "seat 2"       # waits for the request
    scan.hold()                             # the request is queued: the item once, again
    assert items_said(spoken, mark) == ["seat 2"]
    clock.advance(NAME_S + BOARD.interval + 0.1)
    assert items_said(spoken, mark) == ["seat 2", "seat 3"]           # and on from there
    clock.advance(2 * (NAME_S + BOARD.interval))
    assert items_said(spoken, mark) == ["seat 2", "seat 3", "seat 4", "seat 5"]
    clock.advance(BOARD.grace + 0.1)        # "seat 5" heard past its grace
    scan.press(at=clock.now())
    clock.advance(60)
    assert chosen == [4]


def test_A21_a_status_before_the_first_item_starts_the_list_after_its_first_delay():
    clock, scan, spoken, _, _ = make_scan(BOARD)
    scan.start()
    clock.advance(BOARD.first_delay / 2)
    scan.hold()
    assert items_said(spoken) == []
    clock.advance(BOARD.first_delay + 0.01)
    assert items_said(spoken) == ["seat 1"]
    clock.advance(NAME_S + BOARD.interval)
    assert items_said(spoken) == ["seat 1", "seat 2"]


def test_A27_A31_a_pick_is_timed_by_the_button_going_down_not_by_its_release():
    """ACCESSIBILITY.md 27: a press counts on press-down. The pick's moment (what a take-back
    later counts as late for the item before) is when the button went down, also when the
    release that made it a press came later."""
    from firmware_host.hardware.events import ButtonGesture
    from firmware_host.table.scanning import pressing, taken_back

    from .test_pace import item_end

    clock, scan, spoken, _, _ = make_scan(BOARD)
    scan.start()
    while not any(kind == "item" and said == "seat 4" for _, kind, _, said in spoken):
        clock.advance(0.05)
    down = item_end(spoken, "seat 3") + 2.6                      # late for "seat 3": "seat 4" plays
    clock.advance(down + 0.4 - clock.now())                      # released 0.4 s after it went down
    with pressing(ButtonGesture(0, "press", clock.now(), down_at=down)):
        scan.press()
    assert scan.picked.value == 3
    clock.advance(1.0)
    with pressing(ButtonGesture(0, "press", clock.now(), down_at=clock.now())):
        scan.press()                                              # back
        assert taken_back() == (down, pytest.approx(2.6))
