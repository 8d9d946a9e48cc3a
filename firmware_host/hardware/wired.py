"""Mock pins wired like the board's contacts: a switch to ground that holds the pin low.

:class:`WiredMockPin` is the pin class of every mocked board (:class:`~firmware_host.hardware.mock.MockBoard`,
and ``pin_factory = "mock"`` through :func:`~firmware_host.hardware.pins.make_pin_factory`).
It imports only gpiozero, so the pin factory can offer it without importing the mocked board
(which needs :mod:`~firmware_host.hardware.board`, which needs the pin factory).
"""

from __future__ import annotations

from typing import Any

from gpiozero.pins.mock import MockPin

#: a mocked pin keeps at most this many past states (gpiozero's ``MockPin.states``), so a long
#: ``simulate`` run stays flat
PIN_HISTORY = 128


class WiredMockPin(MockPin):
    """A mock pin with a switch to ground: while ``closed`` it stays low whatever the pull.

    Its ``states`` history (gpiozero's, for ``assert_states``) keeps the last
    :data:`PIN_HISTORY` // 2 to :data:`PIN_HISTORY` changes, so a long ``simulate`` run stays flat."""

    def __init__(self, factory: Any, info: Any) -> None:
        self.closed = False
        super().__init__(factory, info)

    def _change_state(self, value: Any) -> bool:
        changed = super()._change_state(value)
        if len(self.states) > PIN_HISTORY:
            del self.states[:-(PIN_HISTORY // 2)]
        return changed

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        if self.closed:
            self.drive_low()
