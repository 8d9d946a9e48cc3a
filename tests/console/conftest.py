"""Fixtures for the console tests: a fake backend and a virtual clock."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from console_fake_backend import FakeBackend  # noqa: E402

from firmware_host.clock import VirtualClock  # noqa: E402


@pytest.fixture
def backend() -> FakeBackend:
    """A fake ConsoleBackend on the real rules engine."""
    return FakeBackend()


@pytest.fixture
def clock() -> VirtualClock:
    """A virtual clock for session idle time and PIN back-off."""
    return VirtualClock(1000.0)
