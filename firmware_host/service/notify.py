"""systemd notification (``sd_notify``) over the ``$NOTIFY_SOCKET`` datagram socket, stdlib only.

The unit ``hardware/firmware-host.service`` is ``Type=notify`` with ``WatchdogSec``: the service
sends ``READY=1`` once hardware, audio and engine are up, ``WATCHDOG=1`` from the service
thread at half the watchdog interval, ``STATUS=…`` lines, and ``STOPPING=1`` on the way out.
Outside systemd (no ``$NOTIFY_SOCKET``) every call does nothing.

Example::

    notifier = Notifier.from_environment()
    notifier.ready("game resumed")
    if notifier.watchdog_interval: ...   # seconds between pings, or None
"""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger(__name__)


class Notifier:
    """Sends sd_notify datagrams to ``address`` (a path, or ``@name`` for the abstract namespace).

    :param address: the value of ``$NOTIFY_SOCKET``, or None to do nothing.
    :param watchdog_usec: the value of ``$WATCHDOG_USEC`` (microseconds), or None.
    """

    def __init__(self, address: str | None, watchdog_usec: int | None = None) -> None:
        self.address = address or None
        self._watchdog_usec = watchdog_usec if watchdog_usec and watchdog_usec > 0 else None

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> "Notifier":
        """A notifier for ``$NOTIFY_SOCKET``; honours ``$WATCHDOG_USEC`` and ``$WATCHDOG_PID``."""
        env = os.environ if environ is None else environ
        usec: int | None = None
        raw = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        if raw.isdigit() and (not pid or pid == str(os.getpid())):
            usec = int(raw)
        return cls(env.get("NOTIFY_SOCKET"), usec)

    @property
    def watchdog_interval(self) -> float | None:
        """Seconds between ``WATCHDOG=1`` pings (half of ``WatchdogSec``), or None when off."""
        return None if self._watchdog_usec is None else self._watchdog_usec / 2_000_000

    def notify(self, *fields: str) -> bool:
        """Send ``KEY=value`` fields in one datagram; True if sent, False without a socket or on error."""
        if not self.address:
            return False
        addr = self.address
        if addr.startswith("@"):
            addr = "\0" + addr[1:]
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(addr)
                sock.sendall("\n".join(fields).encode("utf-8"))
            return True
        except OSError as exc:
            log.warning("systemd notification failed: %s", exc)
            return False

    def ready(self, status: str = "ready") -> bool:
        """``READY=1`` with a ``STATUS=`` line."""
        return self.notify("READY=1", f"STATUS={status}", f"MAINPID={os.getpid()}")

    def watchdog(self) -> bool:
        """``WATCHDOG=1``: the service thread is alive."""
        return self.notify("WATCHDOG=1")

    def status(self, text: str) -> bool:
        """``STATUS=text`` (shown by ``systemctl status``)."""
        return self.notify(f"STATUS={text}")

    def extend_timeout(self, seconds: float) -> bool:
        """``EXTEND_TIMEOUT_USEC=…``: systemd waits ``seconds`` more for READY=1 (systemd
        236+; sent while the board waits for a reader plugged in late)."""
        return self.notify(f"EXTEND_TIMEOUT_USEC={int(seconds * 1_000_000)}")

    def stopping(self) -> bool:
        """``STOPPING=1``."""
        return self.notify("STOPPING=1")
