"""Choosing the gpiozero pin factory, always passed in explicitly (never the global default).

``lgpio`` is the default and the one that works on a Pi 5; ``rpigpio`` only when the config
asks for it (imported lazily: it raises on anything but a Pi); ``mock`` is gpiozero's
:class:`~gpiozero.pins.mock.MockFactory` (tests, laptops).
"""

from __future__ import annotations

from typing import Any

from firmware_host.errors import FirmwareHostError


class PinFactoryError(FirmwareHostError, RuntimeError):
    """The GPIO library asked for cannot be opened here (one line: which, why, what to do)."""


class UnknownPinFactoryError(FirmwareHostError, ValueError):
    """A pin factory name other than ``lgpio``, ``rpigpio`` or ``mock``."""


def make_pin_factory(name: str = "lgpio") -> Any:
    """A new gpiozero pin factory.

    :param name: ``lgpio`` | ``rpigpio`` | ``mock`` (config ``gpio.pin_factory``).
    :returns: a :class:`gpiozero.Factory`.
    :raises PinFactoryError: when the library is missing or there is no GPIO chip.
    :raises UnknownPinFactoryError: (a ValueError) for another name (the config refuses it first).
    """
    try:
        if name == "mock":
            from gpiozero.pins.mock import MockFactory
            return MockFactory()
        if name == "lgpio":
            from gpiozero.pins.lgpio import LGPIOFactory
            return LGPIOFactory()
        if name == "rpigpio":
            from gpiozero.pins.rpigpio import RPiGPIOFactory
            return RPiGPIOFactory()
    except PinFactoryError:
        raise
    except Exception as exc:  # noqa: BLE001 - ImportError, OSError, RuntimeError, gpiozero errors
        raise PinFactoryError(
            f"cannot open the GPIO pins with {name} ({type(exc).__name__}: {exc}); "
            f"on a Pi: sudo apt install python3-lgpio; without a Pi: use --mock or gpio.pin_factory = \"mock\""
        ) from None
    raise UnknownPinFactoryError(f"unknown pin factory {name!r}; one of lgpio, rpigpio, mock")
