"""Faults of every GPIO input kind: chatter once and no action, stuck, two holes; each fault
names its part (seat, track and slot, tracker, game-master key, reader), never only a pin."""

from __future__ import annotations

import pytest

from firmware_host.hardware.events import (ButtonGesture, Fault, GameMasterKey, SlotChanged,
                                           PegMoved)

ACTIONS = (ButtonGesture, GameMasterKey, SlotChanged, PegMoved)


def kinds(config):
    """(name, BCM pin, expected part) of one input of every kind."""
    return {
        "seat_button": (config.seat_buttons[1], {"kind": "seat_button", "seat": 1}),
        "law_slot": (config.tracks["fascist"][1], {"kind": "law_slot", "track": "fascist", "slot": 2}),
        "peg": (config.peg_holes[2], {"kind": "peg", "holes": [2]}),
        "gm_key": (config.game_master_key, {"kind": "gm_key"}),
    }


KINDS = ("seat_button", "law_slot", "peg", "gm_key")


def faults(events):
    return [e for e in events if isinstance(e, Fault)]


def actions(events):
    return [e for e in events if isinstance(e, ACTIONS)]


@pytest.mark.parametrize("kind", KINDS)
def test_simulated_5ms_pulses_for_2s_give_one_chatter_fault_and_no_action(gpio_board, kind):
    """SIMULATE.md ``pin`` lines as a script gives them: 200 pulses of 5 ms (BCM 17 = seat 2)."""
    mock = gpio_board
    bcm, part = kinds(mock.config)[kind]
    events = []
    for _ in range(200):
        events += mock.apply_signal({"signal": "pin", "pin": bcm, "level": "low", "hold": 0.005})
    events += mock.apply_signal({"signal": "wait", "seconds": 3.0})
    assert [(f.reason, f.part, f.pin) for f in faults(events)] == [("chatter", part, bcm)]
    assert actions(events) == []


@pytest.mark.parametrize("kind", KINDS)
def test_continuous_buzz_gives_one_chatter_fault_and_no_action(gpio_board, edges, kind):
    mock = gpio_board
    bcm, part = kinds(mock.config)[kind]
    closed = True
    for _ in range(400):                       # 2 s: 5 ms closed, 5 ms open
        edges(mock, bcm, [(0.005, closed)])
        closed = not closed
    mock.clock.advance(5.0)
    assert [(f.reason, f.part, f.pin) for f in faults(mock.events)] == [("chatter", part, bcm)]
    assert actions(mock.events) == []


def test_presses_while_a_contact_chatters_give_no_action_until_it_is_calm(gpio_board, edges):
    mock = gpio_board
    bcm = mock.config.seat_buttons[1]
    for _ in range(12):                        # 5 ms spikes every 0.1 s: chatter after 1 s
        edges(mock, bcm, [(0.1, True), (0.005, False)])
    assert [f.reason for f in faults(mock.events)] == ["chatter"]
    edges(mock, bcm, [(0.1, True), (0.2, False)])     # a press within the restless time
    mock.clock.advance(1.5)
    assert actions(mock.events) == []
    assert [e.gesture for e in actions(mock.press(1))] == ["press"]
    assert [f.reason for f in faults(mock.events)] == ["chatter"]


def test_chatter_is_reported_again_only_after_a_calm_time(gpio_board):
    mock = gpio_board
    bcm = mock.config.seat_buttons[1]
    for _ in range(2):
        for _ in range(8):
            mock.set_pin(bcm, "low", hold=0.005)
        mock.apply_signal({"signal": "wait", "seconds": 2.0})
    assert [f.reason for f in faults(mock.events)] == ["chatter", "chatter"]


def test_a_slot_that_chattered_into_a_new_level_is_reported_once_calm(gpio_board, edges):
    mock = gpio_board
    bcm = mock.config.tracks["democratic"][0]
    closed = True
    for _ in range(301):                       # 1.5 s of buzz, ending closed
        edges(mock, bcm, [(0.005, closed)])
        closed = not closed
    mock.clock.advance(0.5)
    assert actions(mock.events) == []          # not yet: the contact was restless a moment ago
    mock.clock.advance(1.0)
    assert [(e.track, e.slot, e.filled) for e in actions(mock.events)] == [("democratic", 1, True)]
    assert [f.reason for f in faults(mock.events)] == ["chatter"]


@pytest.mark.parametrize("kind", ["seat_button", "gm_key"])
def test_a_stuck_button_is_stuck_with_its_part(gpio_board, kind):
    mock = gpio_board
    bcm, part = kinds(mock.config)[kind]
    events = mock.set_pin(bcm, "low", hold=20.0)
    assert [(f.reason, f.part, f.pin) for f in faults(events)] == [("stuck", part, bcm)]
    assert [type(e) for e in actions(events)] == [ButtonGesture if kind == "seat_button" else GameMasterKey]  # the hold


def test_two_holes_lists_the_holes(gpio_board):
    mock = gpio_board
    events = mock.set_pin(mock.config.peg_holes[3], "low")
    [fault] = faults(events)
    assert (fault.reason, fault.part, fault.pin) == ("two_holes", {"kind": "peg", "holes": [0, 3]}, None)
    assert "BCM" not in fault.source


def test_reader_faults_name_the_reader(full_board):
    events = full_board.unplug("law")
    assert [(f.reason, f.part, f.pin) for f in faults(events)] == [
        ("reader_unplugged", {"kind": "reader", "reader": "law"}, None)]
    events = full_board.write_serial("ballot", bytes.fromhex("0230463030413142324333444603"))
    assert [(f.reason, f.part) for f in faults(events)] == [("unknown_tag", {"kind": "reader", "reader": "ballot"})]


def test_fault_keeps_its_positional_fields_and_defaults():
    fault = Fault("tracker", "two_holes", "holes 0, 1", at=1.5)
    assert (fault.source, fault.reason, fault.detail, fault.at, fault.part, fault.pin) == (
        "tracker", "two_holes", "holes 0, 1", 1.5, {}, None)
