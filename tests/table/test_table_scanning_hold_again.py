"""The item said again after a seat's status (the table's ``scanning``, ACCESSIBILITY.md 13,
21): it is an item like any other, so the next one follows it the seat's interval after it
has ended (not sooner, not later) and a press in its window picks it. The scan on a virtual
clock, every step estimated as on a board without sound (:func:`tests.table.test_pace.make_scan`)."""

from __future__ import annotations

import dataclasses

import pytest

from .test_pace import BOARD, NAME_S, make_scan

#: an interval no item index could be mistaken for
SETTINGS = dataclasses.replace(BOARD, interval=1.25)


def said(spoken: list, since: int) -> list[tuple[float, str]]:
    return [(at, text) for at, kind, _, text in spoken[since:] if kind in ("item", "again")]


def run_to_a_status_during(clock, scan, spoken, text: str) -> int:
    scan.start()
    while not any(kind == "item" and t == text for _, kind, _, t in spoken):
        clock.advance(0.05)
    clock.advance(NAME_S / 2)
    scan.hold(say=False)
    clock.advance(3.0)                       # the status plays
    mark = len(spoken)
    scan.hold()
    return mark


@pytest.mark.parametrize("text", ["seat 3", "seat 4"])
def test_A13_A21_the_item_said_again_after_a_status_is_followed_by_the_next_one_interval_after_it_ended(text):
    clock, scan, spoken, chosen, _ = make_scan(SETTINGS)
    mark = run_to_a_status_during(clock, scan, spoken, text)
    clock.advance(NAME_S + SETTINGS.interval + 0.2)
    (again_at, again), (next_at, _) = said(spoken, mark)[:2]
    assert again == text
    assert next_at == pytest.approx(again_at + NAME_S + SETTINGS.interval, abs=0.06)


def test_A21_a_press_in_the_window_of_the_item_said_again_picks_it():
    clock, scan, spoken, chosen, _ = make_scan(dataclasses.replace(SETTINGS, undo=False))
    mark = run_to_a_status_during(clock, scan, spoken, "seat 3")
    again_at = said(spoken, mark)[0][0]
    clock.advance(again_at + NAME_S + 0.4 - clock.now())       # 0.4 s after it ended
    scan.press(at=clock.now())
    assert chosen == [2]
