"""Which of a seat's acts teach its pace (the board's speech ``acted``, ACCESSIBILITY.md 31):
a press is the seat's reaction to the last clip it heard; a hold (its status) or a double
press answers no cue and is not counted. On ``simulate``'s mocked board taking presses as a
person's (``[scan] pace`` on, :class:`tests.table.table.Table` ``paced``)."""

from __future__ import annotations

import pytest

from firmware_host.hardware.events import ButtonGesture
from firmware_host.table import pace

from .table import Table


@pytest.mark.parametrize("gesture", ["hold", "double"])
def test_A31_a_hold_or_a_double_press_is_no_reaction_a_press_is(tmp_path, gesture):
    table = Table(tmp_path, paced=True)
    try:
        service = table.service
        speech = service.game.table.speech
        paces = pace.for_service(service)
        now = table.now
        table.call(lambda: paces.heard({"output": "seat:1", "start": now - 3.0, "end": now - 2.0}))
        other = table.call(lambda: speech.acted(ButtonGesture(1, gesture, now, down_at=now)))
        assert other is None and paces.pace(1).reactions == ()
        counted = table.call(lambda: speech.acted(ButtonGesture(1, "press", now, down_at=now)))
        assert counted == pytest.approx(2.0) and paces.pace(1).reactions == (pytest.approx(2.0),)
    finally:
        table.close()
