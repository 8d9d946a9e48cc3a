"""A seat's window after a scan item before its pace is learned (ACCESSIBILITY.md 31): the
board's own window (``interval + grace``) where it is longer than the window for someone new,
to the millisecond, never rounded to whole seconds (a board window of 3.25 s stays 3.25 s)."""

from __future__ import annotations

import pytest

from firmware_host.table.pace import WINDOW_UNLEARNED, Pace, window_after


@pytest.mark.parametrize("board_window", [3.25, 3.6, 4.125, 5.999])
def test_A31_an_unlearned_seat_keeps_a_longer_board_window_to_the_millisecond(board_window):
    assert board_window > WINDOW_UNLEARNED
    assert window_after(Pace(()), board_window) == pytest.approx(board_window, abs=1e-9)


def test_A31_an_unlearned_seat_gets_the_window_for_someone_new_over_a_shorter_board_window():
    assert window_after(Pace(()), 1.75) == pytest.approx(WINDOW_UNLEARNED, abs=1e-9)


def test_A31_a_learned_seats_scan_credits_its_typical_answer_between_its_soonest_and_latest():
    from .test_pace import BOARD, learned

    paces = learned([2.4, 2.6, 2.5, 2.45, 2.55])
    settings = paces.scan_settings(0, BOARD)
    assert settings.credit_typical == pytest.approx(paces.pace(0).typical, abs=1e-3)
    assert settings.credit_soonest < settings.credit_typical < settings.credit_latest
