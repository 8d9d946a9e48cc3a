"""Choosing the gpiozero pin factory, always passed in explicitly (never the global default).

``lgpio`` is the default and the one that works on a Pi 5; ``rpigpio`` only when the config
asks for it (imported lazily: it raises on anything but a Pi); ``mock`` is gpiozero's
:class:`~gpiozero.pins.mock.MockFactory` (tests, laptops), optionally with the board's wired
pins (a closed contact pulls low, as on the board). Code outside :mod:`firmware_host.hardware`
asks here for a factory and never imports gpiozero itself; gpiozero's own errors reach it as
:class:`PinError`.
"""

from __future__ import annotations

from typing import Any

from firmware_host.errors import FirmwareHostError


class GPIOError(FirmwareHostError, RuntimeError):
    """The GPIO pins cannot be used (the base of :class:`PinFactoryError` and :class:`PinError`)."""


class PinFactoryError(GPIOError):
    """The GPIO library asked for cannot be opened here (one line: which, why, what to do)."""


class PinError(GPIOError):
    """A pin cannot be claimed or read (gpiozero's ``GPIOZeroError``, e.g. a pin in use by
    another program); the message names the BCM pin when known."""


class UnknownPinFactoryError(FirmwareHostError, ValueError):
    """A pin factory name other than ``lgpio``, ``rpigpio`` or ``mock``."""


def make_pin_factory(name: str = "lgpio", *, wired: bool = False) -> Any:
    """A new gpiozero pin factory.

    :param name: ``lgpio`` | ``rpigpio`` | ``mock`` (config ``gpio.pin_factory``).
    :param wired: with ``mock``: pins are :class:`~firmware_host.hardware.wired.WiredMockPin`,
        whose ``closed`` attribute closes the contact (``factory.pin(bcm).closed = True``), as
        the simulator and ``run`` with ``pin_factory = "mock"`` need.
    :returns: a :class:`gpiozero.Factory`.
    :raises PinFactoryError: when the library is missing or there is no GPIO chip.
    :raises UnknownPinFactoryError: (a ValueError) for another name (the config refuses it first).
    """
    try:
        if name == "mock":
            from gpiozero.pins.mock import MockFactory
            if wired:
                from firmware_host.hardware import wired
                return MockFactory(pin_class=wired.WiredMockPin)
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
        raise PinFactoryError(f"cannot open the GPIO pins with {name} ({type(exc).__name__}: {exc}); "
                              f"{_hint(name, exc)}") from None
    raise UnknownPinFactoryError(f"unknown pin factory {name!r}; one of lgpio, rpigpio, mock")


def _hint(name: str, exc: BaseException) -> str:
    """What to do about a pin factory that cannot be opened, by what went wrong."""
    import os

    text = str(exc)
    if name == "lgpio" and isinstance(exc, OSError) and (".lgd-nfy" in text or isinstance(exc, PermissionError)):
        where = os.environ.get("LG_WD") or os.getcwd()
        return (f"lgpio cannot make its notification pipe in {where}: set LG_WD to a writable folder "
                "(the shipped unit uses RuntimeDirectory /run/firmware-host)")
    if isinstance(exc, ImportError):
        if name == "lgpio":
            return ("the lgpio library is not installed (on Raspberry Pi OS: sudo apt install python3-lgpio; "
                    "on other systems: hardware/INSTALL.md, section 1)")
        return ("the rpigpio library is not installed (on Raspberry Pi OS: sudo apt install python3-rpi.gpio; "
                "hardware/INSTALL.md)")
    return ("no usable GPIO chip here (not a Raspberry Pi, or the service user is not in the gpio "
            "group); without a Pi: firmware-host simulate, or [gpio] pin_factory = \"mock\"")


def is_gpio_library_error(exc: BaseException) -> bool:
    """True if ``exc`` is one of gpiozero's own errors (``GPIOZeroError``), False otherwise."""
    try:
        from gpiozero import GPIOZeroError
    except ImportError:  # pragma: no cover - gpiozero is a dependency
        return False
    return isinstance(exc, GPIOZeroError)
