"""Per-seat ignore-repeat time (issue 14, ACCESSIBILITY.md 12 and 19): a seat setting from the
console (or a ``gm`` line), kept per seat, applied to that seat's button."""

from __future__ import annotations

import io
import json

import pytest

from firmware_host.table.seat_settings import SeatSettings, SeatSettingsError
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator


def test_the_seat_setting_sets_that_seats_button_only():
    lines = [{"setup": {"players": 5, "seed": 4, "language": "en"}},
             {"signal": "gm", "command": "seat_settings", "seat": 2, "ignore_repeat": 1.2}]
    out = io.StringIO()
    sim = Simulator(None, out=out)
    assert sim.run_script(parse_script("\n".join(json.dumps(x) for x in lines))) == 0
    buttons = sim.mock.board.buttons
    assert buttons[2].t.ignore_repeat_s == 1.2
    assert {b.t.ignore_repeat_s for i, b in enumerate(buttons) if i != 2} == {0.5}
    state = [json.loads(l) for l in out.getvalue().splitlines()][-1]["state"]
    assert state is not None


@pytest.mark.parametrize("bad", [0.05, 2.0, "fast", True])
def test_ignore_repeat_outside_0_1_to_1_5_seconds_is_refused(bad):
    with pytest.raises(SeatSettingsError):
        SeatSettings().changed({"ignore_repeat": bad})
    assert SeatSettings().changed({"ignore_repeat": 0.1}).ignore_repeat == 0.1
