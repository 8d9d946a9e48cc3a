"""A press that brings no time of its own (no button's ``down_at``, no ``at``: a press the
table handles outside a button's gesture) in a list with an undo window (ACCESSIBILITY.md 32):
it picks the item playing now, the pick is said at once and becomes final after the window;
a press in the window takes it back and tells the seat's pace when the pick's press came.
The scan on a virtual clock, every step estimated (a board without sound)."""

from __future__ import annotations

from firmware_host.hardware.events import ButtonGesture
from firmware_host.table.scanning import pressing, taken_back

from .test_pace import BOARD, NAME_S, make_scan


def until_said(clock, spoken, text):
    while not any(kind == "item" and said == text for _, kind, _, said in spoken):
        clock.advance(0.05)


def test_A32_a_press_without_a_time_picks_the_item_playing_now_and_it_is_final_after_the_window():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    until_said(clock, spoken, "seat 2")
    clock.advance(NAME_S / 2)                                     # "seat 2" is playing
    scan.press()
    assert scan.picked is not None and scan.picked.value == 1
    assert spoken[-1][1:] == ("picked", "scan.selected", "seat 2") and spoken[-1][0] == round(clock.now(), 3)
    clock.advance(NAME_S + scan.undo_window + 0.1)
    assert chosen == [1] and scan.done


def test_A32_taking_back_a_pick_without_a_time_tells_when_its_press_came():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    until_said(clock, spoken, "seat 3")
    clock.advance(NAME_S / 2)
    pressed_at = clock.now()
    scan.press()
    assert scan.picked.value == 2
    clock.advance(1.0)
    with pressing(ButtonGesture(0, "press", clock.now(), down_at=clock.now())):
        scan.press()                                              # back
        correction = taken_back()
    assert correction is not None and correction[0] == pressed_at
    assert scan.picked is None and spoken[-1][1:] == ("again", "scan.seat", "seat 3") and chosen == []


def test_A31_A32_a_take_back_press_answers_no_cue_a_pick_does():
    """The seat's pace counts a press that answered a cue (31); a press that took a pick back
    (32) answered none (:func:`answered_a_cue` inside the press's handling)."""
    from firmware_host.table.scanning import answered_a_cue

    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    until_said(clock, spoken, "seat 2")
    clock.advance(BOARD.grace + 0.1)   # past the grace: this item
    with pressing(ButtonGesture(0, "press", clock.now(), down_at=clock.now())):
        scan.press()
        assert answered_a_cue() and scan.picked.value == 1            # a pick: the item's cue
    clock.advance(1.0)
    with pressing(ButtonGesture(0, "press", clock.now(), down_at=clock.now())):
        scan.press()
        assert not answered_a_cue() and scan.picked is None           # back: no cue answered


def test_A32_a_press_that_went_down_while_the_confirmation_played_goes_back_even_if_handled_after_it_ended():
    """A press on the confirming answer itself takes the pick back (32): what counts is when the
    button went down (27), not when the board got round to it."""
    clock, scan, spoken, chosen, _ = make_scan(BOARD, confirm=True)
    scan.start()
    until_said(clock, spoken, "seat 2")
    clock.advance(BOARD.grace + 0.1)   # past the grace: this item
    scan.press(at=clock.now())
    answered_at = clock.now()
    assert spoken[-1][1:] == ("picked", "scan.confirm", "confirm seat 2")
    clock.advance(NAME_S + 0.2)                                          # the answer has ended
    scan.press(at=answered_at + 0.3)                                     # went down while it played
    assert chosen == [] and spoken[-1][1:] == ("again", "scan.seat", "seat 2")


def test_A14_A32_after_back_from_a_confirmation_the_list_runs_all_its_passes_again():
    clock, scan, spoken, chosen, _ = make_scan(BOARD, confirm=True)
    scan.start()
    until_said(clock, spoken, "seat 2")
    clock.advance(BOARD.grace + 0.1)
    scan.press(at=clock.now())
    assert spoken[-1][1:] == ("picked", "scan.confirm", "confirm seat 2")
    clock.advance(0.2)
    scan.press(at=clock.now())                                        # on the answer: back
    mark = len(spoken)
    assert spoken[-1][1:] == ("again", "scan.seat", "seat 2")
    clock.advance(300)
    kinds = [kind for _, kind, _, _ in spoken[mark:]]
    assert scan.stopped and kinds.count("stopped") == 1 and chosen == []
    assert kinds.count("wrap") == BOARD.passes - 1                    # passes 1 and 2 wrap, the 3rd stops
