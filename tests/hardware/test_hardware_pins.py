"""Pin factories come from firmware_host.hardware.pins; gpiozero stays inside the hardware layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from gpiozero import DigitalInputDevice

import firmware_host
from firmware_host.clock import VirtualClock
from firmware_host.errors import FirmwareHostError
from firmware_host.hardware.board import Board
from firmware_host.hardware.pins import GPIOError, PinError, make_pin_factory


def test_a_pin_in_use_by_another_program_is_a_pin_error(shipped_config):
    factory = make_pin_factory("mock")
    other = DigitalInputDevice(shipped_config.seat_buttons[0], pin_factory=factory)
    board = Board(shipped_config.replace(readers={}), factory, VirtualClock(), lambda e: None, None)
    try:
        with pytest.raises(PinError) as info:
            board.start()
    finally:
        board.close()
        other.close()
        factory.close()
    assert isinstance(info.value, GPIOError) and isinstance(info.value, FirmwareHostError)
    assert isinstance(info.value, RuntimeError)
    assert "\n" not in str(info.value)


def test_wired_mock_factory_closes_a_contact_to_low(shipped_config):
    factory = make_pin_factory("mock", wired=True)
    hole = shipped_config.peg_holes[0]
    factory.pin(hole).closed = True
    device = DigitalInputDevice(hole, pull_up=True, pin_factory=factory)
    try:
        assert device.is_active            # pulled up, closed to ground: active
    finally:
        device.close()
        factory.close()


def test_gpiozero_is_imported_only_inside_the_hardware_layer():
    root = Path(firmware_host.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        if path.relative_to(root).parts[0] == "hardware":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "gpiozero" or n.startswith("gpiozero.") for n in names):
                offenders.append(f"{path.relative_to(root)}:{node.lineno}")
    assert offenders == []
