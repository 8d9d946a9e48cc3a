"""A time of the table's setup (a morning, a counter window, a night step), checked once for
every game (ACCESSIBILITY.md 11: where 0 switches a time limit off, it is allowed)."""

from __future__ import annotations

import pytest

from firmware_host.service.refusals import CommandRefused
from firmware_host.table import BoardAdapter

seconds = BoardAdapter.setup_seconds


def test_A11_a_setup_time_is_its_default_when_absent_else_a_number_in_its_range():
    assert seconds({}, "t", 0, 30, 3600, off=True) == 0.0
    assert seconds({}, "t", 8, 8, 600) == 8.0
    assert seconds({"t": 45}, "t", 0, 30, 3600, off=True) == 45.0
    assert seconds({"t": 600}, "t", 8, 8, 600) == 600.0


@pytest.mark.parametrize("value", [10, 4000, True, "30", None])
def test_A11_a_setup_time_out_of_range_or_not_a_number_is_refused_in_one_line(value):
    with pytest.raises(CommandRefused) as info:
        seconds({"t": value}, "t", 0, 30, 3600, off=True)
    assert info.value.code == "setup_invalid"
    assert "t must be 0 (no limit) or 30 to 3600 seconds" in str(info.value)


def test_A11_zero_switches_a_time_off_only_where_the_game_allows_it():
    with pytest.raises(CommandRefused):
        seconds({"t": 0}, "t", 8, 8, 600)
    assert seconds({"t": 0}, "t", 5, 30, 60, off=True) == 0.0
