"""Seat buttons, law slots, tracker and game-master key: bounce, gestures, faults."""

from __future__ import annotations

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.hardware.events import ButtonGesture, Fault, GameMasterKey, SlotChanged, PegMoved
from firmware_host.hardware.mock import MockBoard

SEAT = 3
BOUNCE = 0.020


def pin_of(mock, seat=SEAT):
    return mock.config.seat_buttons[seat]


def gestures(events):
    return [e.gesture for e in events if isinstance(e, ButtonGesture)]


def test_bounce_gives_one_press(gpio_board, edges):
    mock = gpio_board
    mark = len(mock.events)
    # six edges within 4 ms on closing, five on opening: one clean press
    edges(mock, pin_of(mock), [(0, True), (0.001, False), (0.001, True), (0.0005, False), (0.0015, True)])
    mock.clock.advance(0.15)
    edges(mock, pin_of(mock), [(0, False), (0.001, True), (0.001, False), (0.002, True), (0.001, False)])
    mock.clock.advance(BOUNCE + 0.001)
    assert mock.events[mark:] == [ButtonGesture(SEAT, "press", at=pytest.approx(mock.clock.now(), abs=0.002))]


def test_press_is_recognised_a_bounce_time_after_the_release(gpio_board, edges):
    mock = gpio_board
    edges(mock, pin_of(mock), [(0, True), (0.1, False)])
    release = mock.clock.now()
    mock.clock.advance(BOUNCE - 0.002)
    assert gestures(mock.events) == []
    mock.clock.advance(0.003)
    assert gestures(mock.events) == ["press"]
    assert mock.events[-1].at == pytest.approx(release + BOUNCE)


def test_a_spike_shorter_than_the_bounce_time_is_no_press(gpio_board, edges):
    mock = gpio_board
    edges(mock, pin_of(mock), [(0, True), (0.005, False)])
    mock.clock.advance(1.0)
    assert mock.events == []


def test_hold_is_reported_while_still_held_and_release_is_silent(gpio_board, edges):
    mock = gpio_board
    edges(mock, pin_of(mock), [(0, True)])
    mock.clock.advance(BOUNCE + 1.0 - 0.01)
    assert gestures(mock.events) == []
    mock.clock.advance(0.02)
    assert gestures(mock.events) == ["hold"]
    edges(mock, pin_of(mock), [(0.5, False)])
    mock.clock.advance(1.0)
    assert gestures(mock.events) == ["hold"]


def test_mock_press_hold_double_helpers_give_one_gesture_each(gpio_board):
    assert gestures(gpio_board.press(0, "press")) == ["press"]
    assert gestures(gpio_board.press(9, "hold")) == ["hold"]
    # double press is off by default: the second press falls into the ignore-repeat time
    assert gestures(gpio_board.press(5, "double")) == ["press"]


def test_double_press_when_switched_on(shipped_config, edges):
    config = shipped_config.replace(readers={}, timing=shipped_config.timing.__class__(
        **{**shipped_config.timing.__dict__, "double_press": True}))
    with MockBoard(config, VirtualClock()) as mock:
        assert gestures(mock.press(2, "double")) == ["double"]
        assert gestures(mock.press(2, "press")) == ["press"]
        # a single press waits for the double-press window before it counts
        edges(mock, pin_of(mock, 2), [(0.6, True), (0.1, False)])
        mock.clock.advance(BOUNCE + 0.2)
        assert gestures(mock.events) == ["double", "press"]
        mock.clock.advance(0.25)
        assert gestures(mock.events) == ["double", "press", "press"]


def test_ignore_repeat_drops_presses_within_half_a_second(gpio_board, edges):
    mock = gpio_board
    bcm = pin_of(mock)
    edges(mock, bcm, [(0, True), (0.1, False)])
    mock.clock.advance(BOUNCE + 0.001)
    assert gestures(mock.events) == ["press"]
    # a tremor: two more presses within 0.5 s of the accepted one
    edges(mock, bcm, [(0.05, True), (0.08, False), (0.1, True), (0.08, False)])
    mock.clock.advance(0.1)
    assert gestures(mock.events) == ["press"]
    # after the ignore time, a press counts again
    edges(mock, bcm, [(0.2, True), (0.1, False)])
    mock.clock.advance(BOUNCE + 0.001)
    assert gestures(mock.events) == ["press", "press"]


def test_ignore_repeat_is_per_seat(gpio_board, edges):
    mock = gpio_board
    edges(mock, pin_of(mock, 1), [(0, True), (0.1, False)])
    edges(mock, pin_of(mock, 2), [(0.05, True), (0.1, False)])
    mock.clock.advance(0.1)
    assert [(e.seat, e.gesture) for e in mock.events] == [(1, "press"), (2, "press")]


def test_stuck_contact_gives_a_fault_and_no_action(gpio_board, edges):
    mock = gpio_board
    edges(mock, pin_of(mock), [(0, True)])
    mock.clock.advance(20.0)
    assert [type(e).__name__ for e in mock.events] == ["ButtonGesture", "Fault"]   # the hold, then stuck
    fault = mock.events[-1]
    assert (fault.source, fault.reason) == ("seat 4 button", "stuck")
    edges(mock, pin_of(mock), [(0, False)])
    mock.clock.advance(1.0)
    assert len(mock.events) == 2


def test_button_down_at_start_is_stuck_and_its_release_gives_nothing(shipped_config, edges):
    config = shipped_config.replace(readers={})
    mock = MockBoard(config, VirtualClock(), start=False)
    mock.pin(config.seat_buttons[6]).closed = True
    mock.start()
    try:
        assert mock.events == [Fault("seat 7 button", "stuck", "down at start", at=0.0,
                                     part={"kind": "seat_button", "seat": 6}, pin=config.seat_buttons[6])]
        assert mock.board.snapshot().buttons_down == (6,)
        edges(mock, config.seat_buttons[6], [(0.5, False)])
        mock.clock.advance(1.0)
        assert len(mock.events) == 1
        assert gestures(mock.press(6)) == ["press"]
    finally:
        mock.close()


def test_chatter_gives_one_fault_and_no_press(gpio_board, edges):
    mock = gpio_board
    bcm = pin_of(mock)
    closed = True
    for _ in range(150):                       # 1.5 s of edges every 10 ms, never quiet for 20 ms
        edges(mock, bcm, [(0.01, closed)])
        closed = not closed
    edges(mock, bcm, [(0.005, False)])
    mock.clock.advance(1.0)
    assert [(e.reason, e.source) for e in mock.events if isinstance(e, Fault)] == [("chatter", "seat 4 button")]
    assert gestures(mock.events) == []


def test_game_master_key_gives_its_own_event(gpio_board):
    assert gpio_board.press_game_master_key("hold") == [GameMasterKey("hold", at=pytest.approx(gpio_board.clock.now(), abs=0.05))]


def test_law_slot_filled_and_emptied_once_despite_bounce(gpio_board):
    events = gpio_board.set_slot("fascist", 2, True)
    assert [(e.track, e.slot, e.filled) for e in events] == [("fascist", 2, True)]
    assert gpio_board.board.snapshot().slots["fascist"] == (False, True, False, False, False, False)
    events = gpio_board.set_slot("fascist", 2, False)
    assert [(e.track, e.slot, e.filled) for e in events] == [("fascist", 2, False)]
    assert all(isinstance(e, SlotChanged) for e in gpio_board.events)


def test_tracker_move_between_holes_is_one_event(gpio_board):
    assert gpio_board.board.snapshot().peg == 0
    events = gpio_board.move_peg(2)
    assert [type(e) for e in events] == [PegMoved] and events[0].position == 2
    assert gpio_board.move_peg(None)[0].position is None
    assert gpio_board.move_peg(3)[0].position == 3


def test_tracker_pin_in_two_holes_is_a_fault_not_a_move(gpio_board):
    mock = gpio_board
    events = mock.set_pin(mock.config.peg_holes[1], "low")
    assert [(type(e).__name__, getattr(e, "reason", None)) for e in events] == [("Fault", "two_holes")]
    assert mock.board.snapshot().peg == 0
    events = mock.set_pin(mock.config.peg_holes[0], "high")
    assert events[0].position == 1


def test_raw_pin_pulse_with_hold_on_a_seat_button(gpio_board):
    mock = gpio_board
    events = mock.set_pin(pin_of(mock), "low", hold=0.2)
    assert gestures(events) == ["press"]


def test_callbacks_survive_garbage_collection(gpio_board):
    import gc

    gc.collect()
    assert gestures(gpio_board.press(8)) == ["press"]


def test_mock_refuses_unknown_seat_track_and_gesture(gpio_board):
    from firmware_host.errors import UsageError

    with pytest.raises(UsageError):
        gpio_board.press(10)
    with pytest.raises(UsageError):
        gpio_board.press(1, "tap")
    with pytest.raises(UsageError):
        gpio_board.set_slot("liberal", 1, True)
    with pytest.raises(UsageError):
        gpio_board.set_slot("democratic", 6, True)


def test_pin_factory_is_chosen_by_name_and_a_missing_library_is_one_line(monkeypatch):
    import sys

    from gpiozero.pins.mock import MockFactory

    from firmware_host.hardware.wired import WiredMockPin
    from firmware_host.hardware.pins import PinFactoryError, UnknownPinFactoryError, make_pin_factory

    assert isinstance(make_pin_factory("mock"), MockFactory)
    wired = make_pin_factory("mock", wired=True)
    assert isinstance(wired, MockFactory) and wired.pin_class is WiredMockPin
    # without the GPIO libraries (as on any machine that is not a Pi): one line naming them
    for module in ("RPi", "RPi.GPIO", "lgpio", "gpiozero.pins.rpigpio", "gpiozero.pins.lgpio"):
        monkeypatch.setitem(sys.modules, module, None)
    for name in ("rpigpio", "lgpio"):
        with pytest.raises(PinFactoryError) as info:
            make_pin_factory(name)
        message = str(info.value)
        assert "\n" not in message and f"with {name} (ModuleNotFoundError" in message
        # the hint names what to install where the package exists (run has no --mock: issue 11;
        # plain Debian has no python3-lgpio: issue 35)
        assert "on Raspberry Pi OS: sudo apt install python3-" in message and "--mock" not in message
    with pytest.raises(UnknownPinFactoryError, match="unknown pin factory 'pigpio'"):
        make_pin_factory("pigpio")


def test_board_on_a_real_clock_delivers_from_the_clock_thread(shipped_config):
    import threading

    from gpiozero.pins.mock import MockFactory

    from firmware_host.clock import RealClock
    from firmware_host.hardware.board import Board

    got = []
    done = threading.Event()

    def on_event(event):
        got.append((event, threading.current_thread().name))
        done.set()

    factory, clock = MockFactory(), RealClock()
    board = Board(shipped_config.replace(readers={}), factory, clock, on_event, None)
    board.start()
    try:
        pin = factory.pin(shipped_config.seat_buttons[0])
        start = clock.now()
        pin.drive_low()
        pin.drive_high()
        pin.drive_low()                      # bounce, then a real press
        settled = threading.Event()          # released only once the clock thread has settled it
        while not settled.is_set():
            if 0 in board.snapshot().buttons_down:
                settled.set()
            elif clock.now() > start + 30:
                pytest.fail("the press never settled on the clock thread")
            else:
                settled.wait(0.01)
        pin.drive_high()
        assert done.wait(30.0)
        assert [(e.seat, e.gesture) for e, _ in got] == [(0, "press")]
        assert got[0][1] == "clock"
    finally:
        board.close()
        clock.close()


@pytest.mark.parametrize("signal, message", [
    ({"signal": "button"}, "signal button: missing field 'seat'"),
    ({"signal": "button", "seat": True}, "signal button: field 'seat' has a bad value True"),
    ({"signal": "slot", "track": "fascist", "slot": 1, "state": "full"}, "state is filled or emptied"),
    ({"signal": "serial", "reader": "ballot", "hex": "zz"}, "is not hexadecimal"),
    ({"signal": "pin", "pin": 40, "level": "low"}, "BCM 40 is not an input of this board"),
    ({"signal": "wait", "seconds": -1}, "must not be negative"),
])
def test_malformed_signals_are_one_line_usage_errors(gpio_board, signal, message):
    from firmware_host.errors import UsageError

    with pytest.raises(UsageError) as info:
        gpio_board.apply_signal(signal)
    assert message in str(info.value)


def test_service_signals_are_left_to_the_service(gpio_board):
    assert gpio_board.apply_signal({"signal": "gm", "command": "undo"}) is None
    assert gpio_board.apply_signal({"signal": "setup"}) is None


def test_a_lost_release_edge_within_the_bounce_time_leaves_no_button_down(gpio_board):
    mock = gpio_board
    pin = mock.pin(pin_of(mock))
    pin.drive_low()                          # the press edge arrives …
    pin.closed = False
    pin._change_state(True)                  # … the release edge is lost (no callback)
    mock.clock.advance(30.0)
    assert mock.events == []
    assert mock.board.snapshot().buttons_down == ()


def test_release_bouncing_across_the_hold_time_is_a_press_not_a_hold(gpio_board, edges):
    mock = gpio_board
    bcm = pin_of(mock)
    edges(mock, bcm, [(0, True)])                       # settles down at 0.020; hold due at 1.020
    edges(mock, bcm, [(1.010, False), (0.008, True), (0.008, False), (0.008, True), (0.008, False)])
    mock.clock.advance(0.1)
    assert gestures(mock.events) == ["press"]


def test_ignore_repeat_time_is_set_per_seat(gpio_board, edges):
    """ACCESSIBILITY.md 12 (issue 14): tremor differs by player, so each seat may have its own
    ignore-repeat time; the other seats keep the board's."""
    mock = gpio_board
    mock.set_ignore_repeat(SEAT, 0.2)
    bcm = pin_of(mock)
    edges(mock, bcm, [(0, True), (0.1, False)])
    mock.clock.advance(BOUNCE + 0.001)
    edges(mock, bcm, [(0.25, True), (0.1, False)])          # 0.25 s later: counts with 0.2 s
    mock.clock.advance(BOUNCE + 0.001)
    assert gestures(mock.events) == ["press", "press"]
    other = pin_of(mock, 1)
    edges(mock, other, [(0, True), (0.1, False)])
    mock.clock.advance(BOUNCE + 0.001)
    edges(mock, other, [(0.25, True), (0.1, False)])        # the board's 0.5 s: ignored
    mock.clock.advance(BOUNCE + 0.001)
    assert [(e.seat, e.gesture) for e in mock.events if isinstance(e, ButtonGesture)][-1] == (1, "press")
    assert len(gestures(mock.events)) == 3
    mock.set_ignore_repeat(SEAT, None)                       # back to the board's time
    assert mock.board.buttons[SEAT].t.ignore_repeat_s == 0.5
