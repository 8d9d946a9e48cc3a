"""The table's "ready or timed" wait started untimed and timed later (the table's
``ready.ReadyWait.time``: a timer starts once the table has heard the wait's announcement,
ACCESSIBILITY.md 11), and presses that mean nothing to it (``press``): a timer set by ``time``
runs out that many seconds after it was set and ends the wait ``timer``; ``time`` without a
running wait, or of 0 seconds, sets none; a press of a seat not waited for, or with no wait,
is not the wait's. The wait on an autospec of the board service with a real virtual clock
(its timers posted straight to the test's thread)."""

from __future__ import annotations

from firmware_host.clock import VirtualClock
from firmware_host.service.core import BoardService
from firmware_host.table.ready import ReadyWait

KEYS = {"ready": ("morning.ready", ("seat",))}


def wait_on_clock(mocker):
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    ended: list[str] = []
    return ReadyWait(service, lambda key, params: None, lambda: False, ended.append), service.clock, ended


def test_A11_a_timer_set_once_the_wait_is_announced_runs_from_then(mocker):
    wait, clock, ended = wait_on_clock(mocker)
    wait.begin([0, 1], keys=KEYS)                           # untimed while it is announced
    assert wait.ends_at is None
    clock.advance(20.0)                                      # the announcement plays
    wait.time(30.0)
    assert wait.ends_at == 50.0
    clock.advance(29.9)
    assert ended == [] and wait.running
    clock.advance(0.2)
    assert ended == ["timer"] and not wait.running


def test_A11_no_timer_without_a_running_wait_or_of_0_seconds(mocker):
    wait, clock, ended = wait_on_clock(mocker)
    wait.time(30.0)                                          # no wait running
    assert wait.ends_at is None
    wait.begin([0, 1], keys=KEYS)
    wait.time(0.0)                                           # 0: none (no limit)
    clock.advance(3600.0)
    assert wait.ends_at is None and wait.running and ended == []


def test_a_press_of_a_seat_not_waited_for_or_with_no_wait_is_not_the_waits(mocker):
    wait, clock, ended = wait_on_clock(mocker)
    assert wait.press(0) is False                            # no wait
    wait.begin([0, 2], keys=KEYS)
    assert wait.press(1) is False and wait.ready == set()
    assert wait.press(2) is True and wait.ready == {2}
