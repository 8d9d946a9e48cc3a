"""Fixtures for the hardware layer: the shipped config, a mocked board on a virtual clock."""

from __future__ import annotations

import pytest

from firmware_host.board_config import load_config
from firmware_host.clock import VirtualClock
from firmware_host.hardware.mock import MockBoard


@pytest.fixture(scope="session")
def shipped_config():
    """``hardware/board.toml`` as loaded (10 seats, two readers)."""
    return load_config()


@pytest.fixture
def gpio_board(shipped_config):
    """A mocked board without readers (GPIO only), on a fresh virtual clock."""
    mock = MockBoard(shipped_config.replace(readers={}), VirtualClock())
    yield mock
    mock.close()


@pytest.fixture
def full_board(shipped_config):
    """The mocked board with both readers on pseudo-terminals, on a fresh virtual clock."""
    mock = MockBoard(shipped_config, VirtualClock())
    yield mock
    mock.close()


def _edges(mock, bcm, pattern):
    for wait, closed in pattern:
        mock.clock.advance(wait)
        mock._set(bcm, closed)


@pytest.fixture
def edges():
    """``edges(mock, bcm, pattern)``: drive ``bcm`` through (seconds to wait first, closed) pairs."""
    return _edges
