"""The game master's web console (aiohttp): live public state, setup, control, held reveal.

Public API::

    from firmware_host.console import make_app, serve, ConsoleSettings, hash_pin

    app = make_app(backend, settings)     # aiohttp.web.Application
    handle = serve(backend, settings)     # own thread + event loop; handle.url, handle.close()

``backend`` is the board service's ``ConsoleBackend`` (``firmware_host.service.backend``);
``settings`` the ``[console]`` config section (``enabled``, ``host``, ``port``, ``pin_hash``,
``session_minutes``). Make a ``pin_hash`` with ``python -m firmware_host.console.hash_pin``.
"""

from firmware_host.console.app import ConsoleBackend, make_app, public_snapshot, scrub
from firmware_host.console.security import (
    ConsoleError, PinHashError, hash_pin, verify_pin,
)
from firmware_host.console.server import ConsoleHandle, ConsoleStartError, serve
from firmware_host.console.settings import ConsoleSettings, ConsoleSettingsError

__all__ = [
    "ConsoleBackend", "ConsoleError", "ConsoleHandle", "ConsoleSettings", "ConsoleSettingsError",
    "ConsoleStartError", "PinHashError", "hash_pin", "make_app", "public_snapshot", "scrub",
    "serve", "verify_pin",
]
