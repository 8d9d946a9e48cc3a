"""A game's hook that says whom it waits for fails (the table's ``pace.SeatPaces``: the hook
set by the reminders, ``awaited``): the table's pace goes on as if nobody were known awaited,
a WARNING names the failure, and a seat's act counts from the last clip it heard; a game
hook never stops the table."""

from __future__ import annotations

import logging

import pytest

from firmware_host.table.pace import SeatPaces


def test_a_failing_awaited_hook_is_logged_and_the_last_clip_heard_counts(caplog):
    paces = SeatPaces(None)

    def awaited():
        raise KeyError("phase")

    paces.awaited = awaited
    with caplog.at_level(logging.WARNING, logger="firmware_host"):
        paces.heard({"output": "table", "start": 10.0, "end": 12.0, "key": "call"})
        paces.heard({"output": "seat:1", "start": 12.5, "end": 13.0, "key": "own.news"})
    assert [r.getMessage() for r in caplog.records] == ["pace: whom the game waits for: 'phase'"] * 2
    assert paces.acted(1, 14.5) == pytest.approx(1.5)           # from the earphone's last clip
