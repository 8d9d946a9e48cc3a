"""The project's root exception.

Every error the project raises on purpose inherits :class:`FirmwareHostError`; leaves also
inherit a builtin where one fits (``class ConfigError(FirmwareHostError, ValueError)``), as
gpiozero does. The CLI turns a :class:`UsageError` into one line on stderr and exit status 2,
never a traceback.
"""

from __future__ import annotations


class FirmwareHostError(Exception):
    """Root of every error raised on purpose by firmware_host."""


class UsageError(FirmwareHostError, ValueError):
    """A file, config or command line that cannot be used.

    The CLI prints ``str(error)`` as one line on stderr and exits with status 2.
    """


class BoardFailure(FirmwareHostError, RuntimeError):
    """The board cannot play at all (its pins cannot be opened, its table speaker is silent).

    The CLI prints ``str(error)`` as one line on stderr and exits with status 1 (systemd
    restarts a service that exits so); the fault has been spoken where any output works.
    """
