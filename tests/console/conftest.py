"""Fixtures for the console tests: the board service's real console backend on the MockBoard
(its calls recorded by pytest-mock spies) and a virtual clock for the console's sessions."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from firmware_host.clock import VirtualClock  # noqa: E402


@pytest.fixture
def board(tmp_path):
    """``simulate``'s mocked board with the real board service, on a virtual clock."""
    from firmware_host.service.simulator import Simulator
    sim = Simulator(out=io.StringIO(), journal_path=str(tmp_path / "journal.sqlite3"))
    sim.start(VirtualClock())
    try:
        yield sim
    finally:
        sim.stop()


@pytest.fixture
def backend(board, mocker):
    """The service's real ``ConsoleBackend`` (``firmware_host.service.backend``) of ``board``;
    ``setup_game``, ``command`` and ``reveal`` are spied on (``console_helpers.commands``,
    ``reveals``)."""
    from firmware_host.service.backend import ConsoleBackend
    real = ConsoleBackend(board.service)
    for name in ("setup_game", "command", "reveal", "subscribe"):
        mocker.spy(real, name)
    return real


@pytest.fixture
def clock() -> VirtualClock:
    """A virtual clock for session idle time and PIN back-off."""
    return VirtualClock(1000.0)
