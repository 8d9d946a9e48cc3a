"""Why the table's "ready or timed" wait ended reaches the game (its ``wait_ended`` hook) and
the game master's log (the table's ``ready.ReadyWait``): ``ready`` once every seat waited for
said "ready" (DICTATOR.md D32's morning, DYING_MESSAGE.md M47's discussion), whatever order
they said it in; a seat not waited for counts for nothing. The wait on an autospec of the
board service (the clock is not reached without a timer)."""

from __future__ import annotations

import logging

from firmware_host.clock import VirtualClock
from firmware_host.service.core import BoardService
from firmware_host.table.ready import ReadyWait


def test_a_wait_every_seat_said_ready_to_ends_ready_and_the_log_says_so(mocker, caplog):
    ended: list[str] = []
    said: list[tuple[str, dict]] = []
    wait = ReadyWait(mocker.create_autospec(BoardService, instance=True), lambda key, params: said.append((key, params)),
                     lambda: False, ended.append)
    wait.begin([0, 2, 3], keys={"ready": ("morning.ready", ("seat", "count", "total"))})
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        assert wait.ready_seat(3) and not wait.ready_seat(1) and wait.ready_seat(0)
        assert ended == [] and wait.running
        assert wait.ready_seat(2)
    assert ended == ["ready"] and not wait.running
    assert [r.getMessage() for r in caplog.records if "wait ends" in r.getMessage()] == ["the table's wait ends: ready"]
    assert said == [("morning.ready", {"seat": 3, "count": 1, "total": 3}),
                    ("morning.ready", {"seat": 0, "count": 2, "total": 3}),
                    ("morning.ready", {"seat": 2, "count": 3, "total": 3})]


def test_A2_A28_issue33_a_ready_seats_press_tells_whom_the_table_waits_for_once_then_repeats(mocker):
    """A seat ready already that presses hears whom the table still waits for (A28); its
    further presses, with the same seats still awaited, are its repeat again (A2: no limit;
    issue 33: its hand stays one press away; In this way I become a DICTATOR's morning had
    answered every press with "waiting for seats …"); once the awaited seats change, told again."""
    told: list[tuple[int, str, dict]] = []
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    wait = ReadyWait(service, lambda key, params: None,
                     lambda: False, lambda reason: None, tell=lambda seat, key, params: told.append((seat, key, params)))
    wait.begin([0, 1, 2], keys={"ready": ("morning.ready", ("seat", "count", "total"))})
    assert wait.press(0) and told == []                        # ready
    assert wait.press(0) and len(told) == 1 and told[0][2] == {"seats": [1, 2]}
    assert not wait.press(0) and not wait.press(0) and len(told) == 1      # the repeat's
    assert wait.press(1)                                       # seat 2 is ready: seat 3 is left
    assert wait.press(0) and told[-1] == (0, told[0][1], {"seats": [2]})
    assert not wait.press(0)
