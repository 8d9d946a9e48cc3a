"""When a press went down, not when the board got round to it (the table's ``scanning.Scan.press``,
ACCESSIBILITY.md 27, 32):

- a pick that opens a confirmation, taken back by a press on the confirming answer, tells the
  seat's pace the moment the pick's button went down (a slow board handles it later);
- a press handled on a thread that never handled a button's press (no press time of its own
  anywhere: a script's, the game master's) picks the item playing now.

The scan on a virtual clock, every step estimated (a board without sound), as in
``test_table_scanning_press.py``."""

from __future__ import annotations

import threading

from firmware_host.hardware.events import ButtonGesture
from firmware_host.table.scanning import pressing, taken_back

from .test_pace import BOARD, NAME_S, make_scan


def until_said(clock, spoken, text):
    while not any(kind == "item" and said == text for _, kind, _, said in spoken):
        clock.advance(0.05)


def test_A32_a_confirmation_taken_back_tells_when_the_picks_button_went_down_not_when_it_was_handled():
    clock, scan, spoken, chosen, _ = make_scan(BOARD, confirm=True)
    scan.start()
    until_said(clock, spoken, "seat 2")
    clock.advance(BOARD.grace + 0.1)                     # past the grace: this item
    down = clock.now()
    clock.advance(0.4)                                   # the board handles the press later
    scan.press(at=down)
    assert spoken[-1][1:] == ("picked", "scan.confirm", "confirm seat 2")
    with pressing(ButtonGesture(0, "press", clock.now(), down_at=clock.now())):
        scan.press()                                     # on the answer while it plays: back
        correction = taken_back()
    assert correction is not None and correction[0] == down
    assert chosen == [] and spoken[-1][1:] == ("again", "scan.seat", "seat 2")


def test_A21_a_press_on_a_thread_that_never_handled_a_button_picks_the_item_playing():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    until_said(clock, spoken, "seat 3")
    clock.advance(NAME_S / 2)                            # "seat 3" is playing
    failed: list[BaseException] = []

    def press() -> None:
        try:
            scan.press()
        except BaseException as exc:  # noqa: BLE001 - reported below
            failed.append(exc)

    thread = threading.Thread(target=press)
    thread.start()
    thread.join(10)
    assert failed == [] and scan.picked is not None and scan.picked.value == 2
