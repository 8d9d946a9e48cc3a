"""Run the console in its own thread with its own asyncio event loop.

Example::

    handle = serve(backend, {"host": "127.0.0.1", "port": 8080})
    print("console at", handle.url)
    ...
    handle.close()
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from aiohttp import web

from firmware_host.clock import Clock
from firmware_host.console.app import ConsoleBackend, make_app
from firmware_host.console.security import ConsoleError
from firmware_host.console.settings import ConsoleSettings
from firmware_host.errors import UsageError


class ConsoleStartError(ConsoleError, UsageError):
    """The console could not listen (port taken, address not on this machine); one line."""


class ConsoleHandle:
    """A running console (from :func:`serve`).

    :ivar url: where to open it, e.g. ``"http://127.0.0.1:8080/"`` (str; for a wildcard host
        such as ``0.0.0.0`` the loopback address is given).
    :ivar port: the port it listens on (int; the real one when settings asked for 0).
    """

    def __init__(self, url: str, port: int, loop: asyncio.AbstractEventLoop,
                 runner: web.AppRunner, thread: threading.Thread) -> None:
        self.url = url
        self.port = port
        self._loop = loop
        self._runner = runner
        self._thread = thread
        self._closed = False

    def close(self, timeout: float = 10.0) -> None:
        """Stop serving: end event streams, unsubscribe from the backend, join the thread.

        :param timeout: seconds to wait for the thread (default 10). Safe to call twice.
        """
        if self._closed:
            return
        self._closed = True
        future = asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop)
        try:
            future.result(timeout)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout)

    def __enter__(self) -> "ConsoleHandle":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def serve(backend: ConsoleBackend, settings: Any = None, *,
          clock: Clock | None = None) -> ConsoleHandle:
    """Start the console on ``[console] host``/``port`` in a daemon thread.

    :param backend: the board service's ``ConsoleBackend``.
    :param settings: ``[console]`` settings in any form :meth:`ConsoleSettings.coerce` takes.
    :param clock: time source for sessions and PIN back-off (default monotonic time).
    :returns: a :class:`ConsoleHandle` once the console is listening.
    :raises ConsoleSettingsError: a remote host without ``pin_hash`` and other bad settings.
    :raises ConsoleStartError: if it cannot listen (port in use, unknown address).
    """
    settings = ConsoleSettings.coerce(settings)
    app = make_app(backend, settings, clock=clock)  # checks the settings in the caller's thread
    loop = asyncio.new_event_loop()
    runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2.0)
    started = threading.Event()
    box: dict[str, Any] = {}

    async def start() -> None:
        await runner.setup()
        site = web.TCPSite(runner, settings.host, settings.port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []
        box["port"] = sockets[0].getsockname()[1] if sockets else settings.port

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(start())
        except BaseException as exc:  # noqa: BLE001 - reported to the caller of serve()
            box["error"] = exc
            try:
                loop.run_until_complete(runner.cleanup())
            finally:
                started.set()
                loop.close()
            return
        started.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    thread = threading.Thread(target=run, name="console", daemon=True)
    thread.start()
    started.wait()
    error = box.get("error")
    if error is not None:
        thread.join(5)
        detail = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise ConsoleStartError(
            f"console cannot listen on {settings.host}:{settings.port}: {detail}") from None
    host = settings.host
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return ConsoleHandle(f"http://{host}:{box['port']}/", box["port"], loop, runner, thread)
