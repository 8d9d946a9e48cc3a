"""Debouncer, GestureButton and PegHoles on their own, on a virtual clock: the spoiled
double press, the chatter thresholds from both sides, the tracker's start, chatter and re-read,
and the words of every fault."""

from __future__ import annotations

import dataclasses

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.hardware.inputs import MIN_SPIKES, Debouncer, GestureButton, LawSlot, PegHoles
from firmware_host.hardware.settings import Timing

BOUNCE = 0.020


class Button:
    """One GestureButton on its own clock; ``log`` holds gestures and ``(reason, detail)`` faults."""

    def __init__(self, initial_down: bool = False, **timing) -> None:
        self.clock = VirtualClock()
        self.log: list = []
        self.timing = dataclasses.replace(Timing(), **timing)
        self.button = GestureButton(self.clock, self.clock.call_later, self.timing, self.log.append,
                                    self._fault, initial_down=initial_down)

    def _fault(self, reason, detail, extra=None):
        self.log.append((reason, detail))

    def edges(self, *pattern) -> None:
        """(seconds to wait first, down) pairs."""
        for wait, down in pattern:
            self.clock.advance(wait)
            self.button.edge(down)

    def press(self, length: float = 0.1) -> None:
        self.edges((0, True), (length, False))

    def buzz(self, seconds: float, period: float = 0.005, end_down: bool = True) -> None:
        """Edges every ``period`` s for ``seconds`` s, ending at ``end_down``."""
        count = int(seconds / period)
        level = end_down if count % 2 == 0 else not end_down
        for _ in range(count + 1):
            self.edges((period, level))
            level = not level
        assert self.button.debouncer.raw == end_down

    def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)


# -- the double press and its spoiled second press -------------------------------------------

def test_double_press_is_one_double_and_nothing_else():
    b = Button(double_press=True)
    b.press()
    b.edges((0.15, True), (0.1, False))
    b.advance(2.0)
    assert b.log == ["double"]


def test_a_single_press_waits_for_the_double_press_window_then_counts():
    b = Button(double_press=True)
    b.press()
    b.advance(BOUNCE + 0.4 - 0.01)
    assert b.log == []
    b.advance(0.02)
    assert b.log == ["press"]


def test_double_press_second_press_chattering_keeps_the_first_press():
    """A blind player who pressed once cleanly must not lose that press because the second
    press of a double chattered: the first counts as a press, the second gives nothing."""
    b = Button(double_press=True)
    b.press()
    b.edges((0.15, True))                   # the second press settles down cleanly …
    b.advance(0.05)
    assert b.log == []
    b.buzz(1.5, end_down=False)             # … then its contact buzzes for 1.5 s
    assert b.log == ["press", ("chatter", "contact does not settle within 1 s")]
    b.advance(3.0)
    assert b.log == ["press", ("chatter", "contact does not settle within 1 s")]


def test_double_press_second_press_held_is_the_first_press_then_a_hold():
    b = Button(double_press=True)
    b.press()
    b.edges((0.15, True))
    b.advance(BOUNCE + 1.0 + 0.01)
    assert b.log == ["press", "hold"]
    b.edges((0.5, False))
    b.advance(2.0)
    assert b.log == ["press", "hold"]


def test_double_press_second_press_held_until_stuck_gives_the_first_press_once():
    b = Button(double_press=True)
    b.press()
    b.edges((0.15, True))
    b.advance(16.0)
    assert b.log == ["press", "hold", ("stuck", "down for 15 s")]


def test_double_press_second_press_stuck_keeps_the_first_press():
    b = Button(double_press=True, hold_s=5.0, stuck_s=2.0)  # a config may put stuck before hold
    b.press()
    b.edges((0.15, True))
    b.advance(BOUNCE + 2.0 + 0.01)
    assert b.log == ["press", ("stuck", "down for 2 s")]
    b.advance(5.0)                          # no hold after the stuck fault
    b.edges((0, False))
    b.advance(2.0)
    assert b.log == ["press", ("stuck", "down for 2 s")]


def test_double_press_second_press_in_a_chattering_run_leaves_the_first_press_to_its_window():
    b = Button(double_press=True)
    b.press()                                # the first press, clean (released at 0.1)
    for _ in range(MIN_SPIKES + 1):          # spikes shorter than the bounce time …
        b.edges((0.3, True), (0.005, False))
    assert ("chatter", "contact does not settle within 1 s") in b.log
    assert b.log[0] == "press"               # … the first press's window ran out before the chatter
    assert "double" not in b.log


# -- chatter thresholds ----------------------------------------------------------------------

def spikes(b: Button, count: int, gap: float) -> None:
    for i in range(count):
        b.edges((gap if i else 0.0, True), (0.005, False))
    b.advance(BOUNCE + 0.001)


def test_four_spikes_over_more_than_the_chatter_time_are_no_chatter():
    b = Button()
    spikes(b, MIN_SPIKES - 1, 0.4)           # spans 1.2 s > chatter_s, but one spike short
    b.advance(3.0)
    assert b.log == []
    assert not b.button.debouncer.chattering


def test_five_spikes_over_more_than_the_chatter_time_are_chatter():
    b = Button()
    spikes(b, MIN_SPIKES, 0.3)               # spans 1.2 s
    assert b.log == [("chatter", "contact does not settle within 1 s")]


def test_five_spikes_within_the_chatter_time_are_no_chatter():
    b = Button()
    spikes(b, MIN_SPIKES, 0.2)               # spans 0.8 s < chatter_s
    b.advance(3.0)
    assert b.log == []


def test_a_burst_just_within_the_chatter_time_is_a_press_and_just_over_it_is_chatter():
    b = Button()
    b.buzz(0.9)                              # 0.9 s of buzz, then down and quiet
    b.edges((0.1, False))
    b.advance(1.0)
    assert b.log == ["press"]
    b = Button()
    b.buzz(1.1)
    b.edges((0.1, False))
    b.advance(2.0)
    assert b.log == [("chatter", "contact does not settle within 1 s")]


def test_spikes_further_apart_than_the_chatter_time_start_new_runs():
    b = Button()
    spikes(b, 8, 1.05)                       # 8 spikes, each its own run
    b.advance(2.0)
    assert b.log == []


# exact boundaries, in binary fractions of a second so that no rounding decides them
TICK = 1 / 256


def test_a_burst_of_exactly_the_chatter_time_is_no_chatter():
    b = Button(bounce_s=4 * TICK)
    level = True
    for i in range(129):                     # edges 2 ticks apart from 0 to exactly 1.0 s
        b.edges((2 * TICK if i else 0.0, level))
        level = not level
    assert b.clock.now() == 1.0 and b.button.debouncer.raw is True
    b.edges((0.5, False))
    b.advance(1.0)
    assert b.log == ["press"]


def test_spikes_exactly_the_chatter_time_apart_are_one_run_and_chatter():
    b = Button(bounce_s=4 * TICK)
    for i in range(MIN_SPIKES):              # each spike starts exactly 1.0 s after the last edge
        b.edges((1.0 if i else 0.0, True), (TICK, False))
    b.advance(0.5)
    assert b.log == [("chatter", "contact does not settle within 1 s")]


def test_spikes_spanning_exactly_the_chatter_time_are_no_chatter():
    b = Button(bounce_s=4 * TICK)
    downs = [0.0, 0.25, 0.5, 0.75, 1.0 - TICK]   # the last spike ends exactly 1.0 s after the first edge
    for down in downs:
        b.edges((down - b.clock.now(), True), (TICK, False))
    assert b.clock.now() == 1.0
    b.advance(3.0)
    assert b.log == []


def test_after_a_chattering_run_has_calmed_a_press_counts_and_no_second_fault():
    b = Button()
    spikes(b, MIN_SPIKES, 0.3)
    b.advance(1.0 + 0.01)                    # quiet for chatter_s: calm
    assert not b.button.debouncer.chattering
    b.press()
    b.advance(BOUNCE + 0.001)
    assert b.log == [("chatter", "contact does not settle within 1 s"), "press"]


def test_a_chattering_contact_stays_chattering_while_edges_come_within_the_chatter_time():
    b = Button()
    spikes(b, MIN_SPIKES, 0.3)
    spikes(b, 3, 0.9)                        # the run goes on: never quiet for chatter_s
    b.advance(0.5)
    assert b.button.debouncer.chattering
    b.press(0.2)
    b.advance(0.3)
    assert b.log == [("chatter", "contact does not settle within 1 s")]


def test_debouncer_calls_calm_with_the_level_the_contact_came_to_rest_at():
    clock = VirtualClock()
    calls = []
    d = Debouncer(clock, clock.call_later, 0.05, 1.0, False,
                  lambda v, clean: calls.append(("settled", v, clean)), lambda: calls.append("chatter"),
                  lambda v: calls.append(("calm", v)))
    level = True
    for _ in range(300):                     # 1.5 s of buzz, ending closed
        clock.advance(0.005)
        d.update(level)
        level = not level
    d.update(True)
    clock.advance(0.06)
    assert calls == ["chatter", ("settled", True, False)]
    clock.advance(1.0)
    assert calls == ["chatter", ("settled", True, False), ("calm", True)]
    assert d.run_start is None and not d.chattering


def test_debouncer_reread_replaces_a_lost_edge_and_a_failing_read_keeps_the_edge(caplog):
    caplog.set_level("DEBUG", logger="firmware_host.hardware.inputs")
    clock = VirtualClock()
    settled = []
    d = Debouncer(clock, clock.call_later, 0.05, 1.0, False, lambda v, clean: settled.append(v), lambda: None)
    d.read = lambda: False                   # the release edge was lost: the pin reads open
    d.update(True)
    clock.advance(0.06)
    assert settled == [] and d.value is False

    def broken():
        raise OSError("gpio read failed")
    d.read = broken                          # a failing read: the level from the edges counts
    d.update(True)
    clock.advance(0.06)
    assert settled == [True]
    assert caplog.messages == ["reading the settled level failed (gpio read failed); keeping the last edge's"]


def test_button_down_at_start_is_a_stuck_fault_and_its_release_gives_nothing():
    b = Button(initial_down=True)
    assert b.log == [("stuck", "down at start")]
    b.edges((0.5, False))
    b.advance(1.0)
    b.press()
    b.advance(BOUNCE + 0.001)
    assert b.log == [("stuck", "down at start"), "press"]


def test_stuck_button_fault_names_the_time():
    b = Button()
    b.edges((0, True))
    b.advance(15.0 + BOUNCE + 0.001)
    assert b.log == ["hold", ("stuck", "down for 15 s")]


def test_a_press_under_way_when_chatter_is_found_gives_nothing_even_released_after_the_calm():
    b = Button()
    b.edges((0, True))
    b.advance(0.05)
    b.buzz(1.5, end_down=True)               # chatter while held down …
    b.advance(1.5)                           # … then quiet, still down: the run has calmed
    assert not b.button.debouncer.chattering
    b.edges((0, False))                      # a clean release of the spoiled press
    b.advance(1.0)
    assert b.log == [("chatter", "contact does not settle within 1 s")]


def test_a_bounce_while_held_at_the_hold_time_still_gives_the_hold():
    b = Button()
    b.edges((0, True))                       # settles at 0.020, hold due at 1.020
    b.edges((1.015, False), (0.003, True))   # a 3 ms spike across the hold time
    b.advance(0.1)
    assert b.log == ["hold"]


def test_a_press_settling_exactly_when_the_ignore_repeat_time_ends_counts():
    b = Button(bounce_s=0.015625)            # binary fractions: exact times
    b.edges((0, True), (0.125, False))
    b.advance(0.015625)
    assert b.log == ["press"] and b.button.ready_at == 0.640625
    b.edges((0.625 - 0.140625, True), (0.125, False))   # settles down at 0.640625 exactly
    b.advance(0.1)
    assert b.log == ["press", "press"]


def test_a_press_released_just_before_the_hold_time_is_a_press():
    b = Button()
    b.edges((0, True), (0.99, False))
    b.advance(BOUNCE + 0.001)
    assert b.log == ["press"]


def test_ignore_repeat_ends_exactly_after_its_time():
    b = Button()
    b.press()
    b.advance(BOUNCE)                        # accepted at release + bounce
    accepted = b.clock.now()
    assert b.log == ["press"] and b.button.ready_at == pytest.approx(accepted + 0.5)
    b.advance(0.5 - BOUNCE - 0.01)
    b.press()                                # settles down 10 ms before ready_at: ignored
    b.advance(0.6)
    assert b.log == ["press"]
    b.press()
    b.advance(BOUNCE + 0.001)
    assert b.log == ["press", "press"]


def test_cancel_drops_every_pending_timer():
    b = Button(double_press=True)
    b.press()
    b.edges((0.15, True))
    b.button.cancel()
    assert b.clock.next_due() is None


# -- law slot --------------------------------------------------------------------------------

def test_law_slot_filled_at_start_reports_only_its_emptying():
    clock = VirtualClock()
    changes = []
    slot = LawSlot(clock, clock.call_later, 0.05, 1.0, changes.append, lambda *a: None, initial_filled=True)
    assert slot.filled is True
    slot.edge(True)
    clock.advance(0.06)
    assert changes == []
    slot.edge(False)
    clock.advance(0.06)
    assert changes == [False] and slot.filled is False


def test_law_slot_chatter_fault_says_what_is_wrong():
    clock = VirtualClock()
    faults = []
    slot = LawSlot(clock, clock.call_later, 0.05, 1.0, lambda f: None, lambda *a: faults.append(a))
    closed = True
    for _ in range(300):
        clock.advance(0.005)
        slot.edge(closed)
        closed = not closed
    assert faults == [("chatter", "reed switch does not settle within 1 s")]


def test_law_slot_reports_each_change_once_and_keeps_the_level():
    clock = VirtualClock()
    changes, faults = [], []
    slot = LawSlot(clock, clock.call_later, 0.05, 1.0, changes.append, lambda *a: faults.append(a))
    assert slot.filled is False
    slot.edge(True)
    clock.advance(0.06)
    assert (changes, slot.filled) == ([True], True)
    slot.edge(False)
    slot.edge(True)                          # a bounce back to filled: no change
    clock.advance(0.06)
    assert changes == [True] and faults == []
    slot.cancel()


# -- election tracker ------------------------------------------------------------------------

class Tracker:
    def __init__(self, initial=(True, False, False, False), settle=0.3, chatter=1.0) -> None:
        self.clock = VirtualClock()
        self.log: list = []
        self.tracker = PegHoles(self.clock, self.clock.call_later, settle, chatter, initial,
                                    lambda p: self.log.append(("move", p)), self._fault)

    def _fault(self, reason, detail, extra=None):
        self.log.append((reason, detail, extra))


def test_tracker_pin_in_two_holes_at_start_is_a_fault_and_no_position():
    t = Tracker(initial=(True, False, True, False))
    assert t.log == [("two_holes", "contacts closed in holes 0, 2 at start", {"holes": [0, 2]})]
    assert t.tracker.position is None
    t.tracker.edge(2, False)                 # the second pin is taken out: hole 0 counts
    t.clock.advance(0.31)
    assert t.log[1:] == [("move", 0)] and t.tracker.position == 0


def test_tracker_without_a_pin_at_start_has_no_position_and_no_fault():
    t = Tracker(initial=(False, False, False, False))
    assert t.log == [] and t.tracker.position is None
    t.tracker.edge(1, True)
    t.clock.advance(0.31)
    assert t.log == [("move", 1)]


def test_tracker_move_within_the_settle_time_is_one_move():
    t = Tracker()
    t.tracker.edge(0, False)
    t.clock.advance(0.2)
    t.tracker.edge(1, True)
    t.clock.advance(0.29)
    assert t.log == []
    t.clock.advance(0.02)
    assert t.log == [("move", 1)]


def test_tracker_two_holes_later_is_a_fault_and_keeps_the_position():
    t = Tracker()
    t.tracker.edge(3, True)
    t.clock.advance(0.31)
    assert t.log == [("two_holes", "contacts closed in holes 0, 3", {"holes": [0, 3]})]
    assert t.tracker.position == 0


def test_tracker_chatter_names_the_holes_and_the_new_position_counts_once_calm():
    t = Tracker()
    t.tracker.edge(0, False)                 # the pin leaves hole 0 …
    closed = True
    for _ in range(301):                     # … and hole 2's contact buzzes for 1.5 s, ending closed
        t.clock.advance(0.005)
        t.tracker.edge(2, closed)
        closed = not closed
    assert t.log == [("chatter", "peg contacts do not settle within 1.2 s", {"holes": [0, 2]})]
    t.clock.advance(0.5)
    assert t.tracker.position == 0           # not yet: the contacts were restless a moment ago
    t.clock.advance(1.0)
    assert t.log[1:] == [("move", 2)] and t.tracker.position == 2


def test_tracker_chatter_names_only_the_holes_of_this_run():
    t = Tracker()
    t.tracker.edge(0, False)                 # an earlier, clean move to hole 1
    t.tracker.edge(1, True)
    t.clock.advance(5.0)
    assert t.log == [("move", 1)]
    closed = False
    for _ in range(301):                     # now hole 3's contact buzzes alone, ending open
        t.clock.advance(0.005)
        t.tracker.edge(3, closed)
        closed = not closed
    t.clock.advance(5.0)
    assert t.log[1:] == [("chatter", "peg contacts do not settle within 1.2 s", {"holes": [3]})]
    assert t.tracker.position == 1


def test_tracker_chatter_time_is_at_least_four_settle_times():
    assert Tracker(settle=0.3, chatter=0.5).tracker.debouncer.chatter_s == pytest.approx(1.2)
    assert Tracker(settle=0.1, chatter=2.0).tracker.debouncer.chatter_s == pytest.approx(2.0)


def test_tracker_rereads_all_holes_when_they_settle_so_a_lost_edge_leaves_no_wrong_position():
    t = Tracker()
    levels = [False, False, True, False]     # the pin is in hole 2 …
    t.tracker.set_reader(lambda: tuple(levels))
    t.tracker.edge(0, False)                 # … but hole 2's closing edge was lost
    t.clock.advance(0.31)
    assert t.log == [("move", 2)]
    levels[:] = [False, False, False, True]
    t.tracker.edge(3, True)                  # hole 2's opening edge lost as well
    t.clock.advance(0.31)
    assert t.log == [("move", 2), ("move", 3)]


def test_tracker_reread_failure_keeps_the_levels_from_the_edges():
    t = Tracker()

    def broken():
        raise OSError("gpio chip gone")
    t.tracker.set_reader(broken)
    t.tracker.edge(0, False)
    t.tracker.edge(1, True)
    t.clock.advance(0.31)
    assert t.log == [("move", 1)]


def test_tracker_keeps_few_edges_during_a_long_buzz():
    t = Tracker()
    for i in range(1000):
        t.clock.advance(0.001)
        t.tracker.edge(1, i % 2 == 0)
    assert len(t.tracker._edges) <= 256
    t.tracker.cancel()


def test_a_button_is_up_at_start_unless_told_otherwise():
    clock, log = VirtualClock(), []
    button = GestureButton(clock, clock.call_later, Timing(), log.append, lambda *a: log.append(a))
    assert not button.is_down and log == []
