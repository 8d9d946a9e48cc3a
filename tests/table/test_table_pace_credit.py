"""Which cue a seat's act answered and where a press is credited (the table's ``pace``,
ACCESSIBILITY.md 31), in the cases the conformance suite's tables seldom reach:

- a seat the game waits for, whose earphone told it something that ended *before* the
  table's call it had begun with, answered one of the two, which cannot be told: its reaction
  counts from the sooner end (the earphone's), so a reaction is never counted too short;
- a seat whose reactions spread widely has a soonest answer far under its quickest reaction
  so far (its typical reaction less three spreads): a press that soon after an item still
  answers it rather than the item before; a steady one, no sooner than 65 % of its typical one.

Pure functions and :class:`SeatPaces` on clip lines as the service reports them."""

from __future__ import annotations

import pytest

from firmware_host.table.pace import LONGEST, RULE_65, SHORTEST, Pace, SeatPaces, credit_bounds


def test_A31_an_awaited_seat_whose_earphone_ended_before_the_tables_call_counts_from_the_earphone():
    paces = SeatPaces(None)
    paces.awaited = lambda: (5,)
    paces.heard({"output": "seat:5", "start": 130.21, "end": 134.0, "key": "hand.start"})
    paces.heard({"output": "table", "start": 130.21, "end": 136.291, "key": "day.morning"})
    assert paces.acted(5, 137.0) == pytest.approx(3.0)          # from 134.0, not 0.709 from 136.291
    assert paces.pace(5).reactions == (3.0,)


def test_A31_a_widely_spread_pace_answers_an_item_far_sooner_than_its_quickest_reaction():
    reactions = (1.2, 1.6, 2.0, 2.4, 2.8)                     # median 2.0, spread 1.4826 x 0.4
    typical, soonest, latest = credit_bounds(Pace(reactions), 2.0)
    spread = 1.4826 * 0.4
    assert typical == 2.0
    assert soonest == pytest.approx(round(2.0 - 3 * spread, 3))  # 0.221: under 1.2 s and 2.0 / RULE_65
    assert SHORTEST < soonest < min(reactions) and soonest < typical / RULE_65
    assert latest == pytest.approx(round(min(LONGEST, 2.0 * RULE_65 * RULE_65), 3))


def test_A31_a_steady_pace_answers_an_item_no_sooner_than_65_percent_of_its_typical_reaction():
    typical, soonest, latest = credit_bounds(Pace((2.0, 2.1, 2.0, 1.9, 2.0)), 2.0)
    assert (typical, soonest) == (2.0, 1.3)                   # no spread: 2.0 x 0.65, under 1.9
    assert credit_bounds(Pace(()), 2.0) is None                 # nothing learned: no credit
