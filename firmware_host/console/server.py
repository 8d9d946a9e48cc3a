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


class ConnectionGuard:
    """Keeps the console's open connections few and short-lived, whatever a client does.

    A board has about 1,024 file descriptors (the unit's ``LimitNOFILE``), shared with the
    audio players, the readers and the journal; idle or half-open connections must never use
    them up ("Too many open files" would silence the board). So:

    - at most ``max_connections`` are kept open: a new connection beyond that closes the one
      idle longest (first those that never sent a request), or is closed itself when every
      other one has a request in progress (an event stream);
    - a connection that has not sent its first request's headers ``header_timeout_s``
      seconds after it opened is closed (slow or silent clients);
    - a connection with no request in progress for ``idle_timeout_s`` seconds is closed.

    :param loop: the console's event loop (all methods run on it).
    :param max_connections: int ≥ 1.
    :param idle_timeout_s: seconds.
    :param header_timeout_s: seconds.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, max_connections: int,
                 idle_timeout_s: float, header_timeout_s: float) -> None:
        self._loop = loop
        self.max_connections = max_connections
        self.idle_timeout_s = idle_timeout_s
        self.header_timeout_s = header_timeout_s
        #: handler -> [transport, opened, last active, requests in progress, requests seen]
        self._open: dict[Any, list[Any]] = {}
        self._sweeper: asyncio.TimerHandle | None = None
        #: connections closed by the guard so far (tests, logs)
        self.closed = 0

    @property
    def open_connections(self) -> int:
        """How many connections are open now."""
        return len(self._open)

    def install(self, server: web.Server) -> None:
        """Watch ``server``'s connections (wraps its ``connection_made``/``connection_lost``)."""
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: Any, transport: asyncio.Transport) -> None:
            made(handler, transport)
            now = self._loop.time()
            self._open[handler] = [transport, now, now, 0, 0]
            if len(self._open) > self.max_connections:
                idle = [(entry[4] > 0, entry[2], h) for h, entry in self._open.items()
                        if h is not handler and entry[3] == 0]
                self._close(min(idle, key=lambda x: (x[0], x[1]))[2] if idle else handler)
            if self._sweeper is None:
                self._schedule_sweep()

        def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
            self._open.pop(handler, None)
            lost(handler, exc)

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]

    @web.middleware
    async def middleware(self, request: web.Request, handler: Any) -> Any:
        """Counts a request in progress on its connection (an event stream is never idle)."""
        entry = self._open.get(request.protocol)
        if entry is None:
            return await handler(request)
        entry[3] += 1
        entry[4] += 1
        try:
            return await handler(request)
        finally:
            entry[3] -= 1
            entry[2] = self._loop.time()

    def _close(self, handler: Any) -> None:
        entry = self._open.pop(handler, None)
        self.closed += 1
        try:
            handler.force_close()
        except Exception:  # noqa: BLE001 - the transport below closes it anyway
            pass
        if entry is not None:
            entry[0].close()

    def _schedule_sweep(self) -> None:
        step = max(0.2, min(self.header_timeout_s, self.idle_timeout_s) / 4)
        self._sweeper = self._loop.call_later(step, self._sweep)

    def _sweep(self) -> None:
        self._sweeper = None
        now = self._loop.time()
        for handler, (_t, opened, last, busy, seen) in list(self._open.items()):
            if busy:
                continue
            if (not seen and now - opened > self.header_timeout_s) or (seen and now - last > self.idle_timeout_s):
                self._close(handler)
        if self._open:
            self._schedule_sweep()

    def stop(self) -> None:
        """Stop the sweeps (the runner closes the connections)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None


class ConsoleHandle:
    """A running console (from :func:`serve`).

    :ivar url: where to open it, e.g. ``"http://127.0.0.1:8080/"`` (str; for a wildcard host
        such as ``0.0.0.0`` the loopback address is given).
    :ivar port: the port it listens on (int; the real one when settings asked for 0).
    :ivar guard: its :class:`ConnectionGuard` (how many connections are open, how many it closed).
    """

    def __init__(self, url: str, port: int, loop: asyncio.AbstractEventLoop,
                 runner: web.AppRunner, thread: threading.Thread) -> None:
        self.url = url
        self.port = port
        self._loop = loop
        self._runner = runner
        self._thread = thread
        self._closed = False
        self.guard: ConnectionGuard | None = None

    def close(self, timeout: float = 10.0) -> None:
        """Stop serving: end event streams, unsubscribe from the backend, join the thread.

        :param timeout: seconds to wait for the thread (default 10). Safe to call twice.
        """
        if self._closed:
            return
        self._closed = True
        if self.guard is not None:
            self._loop.call_soon_threadsafe(self.guard.stop)
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
    guard = ConnectionGuard(loop, settings.max_connections, settings.idle_timeout_s, settings.header_timeout_s)
    app.middlewares.insert(0, guard.middleware)
    runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2.0,
                           keepalive_timeout=settings.idle_timeout_s)
    started = threading.Event()
    box: dict[str, Any] = {}

    async def start() -> None:
        await runner.setup()
        assert runner.server is not None
        guard.install(runner.server)
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
    handle = ConsoleHandle(f"http://{host}:{box['port']}/", box["port"], loop, runner, thread)
    handle.guard = guard
    return handle
