"""A press on a confirmation's answer means what the seat has heard of it (the table's
``scanning.Scan``, ACCESSIBILITY.md 16, 21, 27, 32): the answer ("Confirm: seat 2", said at
once after the pick) is the item heard once its words have been said, so a press then confirms
it, also while a clip padded with silence (RULES.md R16: every seat's answer as long) still
runs; a press before its words have been said, or in its first ``grace`` seconds, is a press
made twice or late for the item picked and goes back to the list at that item.

The scan on a virtual clock with clips that report their playback: ``started(words)`` for a
padded clip (where its words end), ``ended()`` at its padded end (Dying Message by ear, seed
11: a seat's press 2 s into its padded 3.7 s "Confirm: seat 1" went back twice in a row)."""

from __future__ import annotations

import dataclasses

from firmware_host.clock import VirtualClock
from firmware_host.table.scanning import Scan, ScanItem

from .test_pace import BOARD

NAME_S = 0.8          # every list item plays this long
WORDS_S = 1.2         # the words of the confirmation's answer
PADDED_S = 3.7        # its clip, padded with silence


def played_scan(settings=BOARD, padded: float | None = PADDED_S, words: float = WORDS_S):
    """A scan of six seats for seat 0 with a confirmation, every step played: it starts when
    said (cutting the step playing), ends after its length; the confirmation's steps last
    ``padded`` (their words ``words``), or ``words`` unpadded when ``padded`` is None."""
    clock = VirtualClock()
    spoken, chosen = [], []
    playing: list = []

    def speak(seat, kind, item, started, ended):
        spoken.append((round(clock.now(), 3), kind, item.key if item else "", item.text if item else ""))
        if kind in ("wrap", "stopped", "intro"):
            return 0.0
        for handle, end in playing:           # one clip at a time: the new step cuts the old one
            handle.cancel()
            end(False)
        playing.clear()
        confirming = item is not None and item.key in ("scan.confirm", "scan.back")
        length = (padded or words) if confirming else NAME_S
        if confirming and padded is not None:
            started(words)
        else:
            started()

        def end(lost: bool = False) -> None:
            playing[:] = [p for p in playing if p[1] is not end]
            ended(lost)

        playing.append((clock.call_later(length, end), end))
        return None

    items = [ScanItem(n, f"seat {n + 1}", "scan.seat", {"seat": n}) for n in range(6)]
    scan = Scan(0, items, settings, clock, post=lambda fn: fn(), speak=speak, on_choose=chosen.append,
                on_cancel=lambda: None,
                confirm=lambda it: (ScanItem(None, "Confirm: " + it.text, "scan.confirm"),
                                    ScanItem(None, "back", "scan.back")))
    return clock, scan, spoken, chosen


def to_the_answer(clock, scan, spoken, kind: str = "picked") -> float:
    """Pick "seat 2" 0.6 s into it; when its confirmation's answer started (said as ``kind``)."""
    scan.start()
    while not any(said == "item" and text == "seat 2" for _, said, _, text in spoken):
        clock.advance(0.05)
    clock.advance(0.6)
    scan.press(at=clock.now())
    clock.advance(0.0)
    assert spoken[-1][1:] == (kind, "scan.confirm", "Confirm: seat 2")
    return spoken[-1][0]


def test_A21_A32_a_press_2_s_into_a_padded_confirmation_whose_words_were_said_confirms_it():
    clock, scan, spoken, chosen = played_scan()
    answered = to_the_answer(clock, scan, spoken)
    clock.advance(2.0)                                  # the words said 0.8 s ago; the clip runs on
    assert clock.now() < answered + PADDED_S
    scan.press(at=clock.now())
    assert chosen == [1] and scan.done


def test_A32_a_press_while_the_confirmations_words_are_said_goes_back_to_the_item_picked():
    clock, scan, spoken, chosen = played_scan()
    answered = to_the_answer(clock, scan, spoken)
    clock.advance(0.9)                                  # past the grace, the words still said
    assert clock.now() < answered + WORDS_S
    scan.press(at=clock.now())
    assert chosen == [] and spoken[-1][1:] == ("again", "scan.seat", "seat 2")


def test_A27_A32_a_press_in_the_answers_first_moments_goes_back_however_short_its_words():
    clock, scan, spoken, chosen = played_scan(words=0.3)
    to_the_answer(clock, scan, spoken)
    clock.advance(BOARD.grace - 0.1)                    # its words said, its first moments not over
    scan.press(at=clock.now())
    assert chosen == [] and spoken[-1][1:] == ("again", "scan.seat", "seat 2")


def test_A21_A32_an_unpadded_answer_goes_back_while_it_plays_and_confirms_once_it_has_ended():
    clock, scan, spoken, chosen = played_scan(padded=None)
    answered = to_the_answer(clock, scan, spoken)
    clock.advance(WORDS_S - 0.1)                        # it still plays
    scan.press(at=clock.now())
    assert chosen == [] and spoken[-1][1:] == ("again", "scan.seat", "seat 2")
    clock.advance(0.6)
    scan.press(at=clock.now())                          # picks "seat 2" again
    assert spoken[-1][1:] == ("picked", "scan.confirm", "Confirm: seat 2")
    clock.advance(WORDS_S + 0.3)                        # it has ended
    scan.press(at=clock.now())
    assert chosen == [1]


def test_A32_without_an_undo_window_a_press_on_the_answer_confirms_it_at_once():
    clock, scan, spoken, chosen = played_scan(dataclasses.replace(BOARD, undo=False))
    to_the_answer(clock, scan, spoken, "item")
    clock.advance(0.2)
    scan.press(at=clock.now())
    assert chosen == [1]
