"""The game master's web console (aiohttp): live public state, setup, control, held reveal.

Public API::

    from firmware_host.console import make_app, serve, ConsoleSettings, hash_pin

    app = make_app(backend, settings)     # aiohttp.web.Application
    handle = serve(backend, settings)     # own thread + event loop; handle.url, handle.close()

``backend`` is the board service's ``ConsoleBackend`` (``firmware_host.service.backend``);
``settings`` the ``[console]`` config section (``enabled``, ``host``, ``port``, ``pin_hash``,
``session_minutes``). Make a ``pin_hash`` with ``python -m firmware_host.console.hash_pin``.
"""

from __future__ import annotations

from firmware_host.lazy import lazy_exports

#: public name -> the module defining it; imported on first use, so that the config check
#: (``firmware_host.console.settings``) does not pull in aiohttp.
_EXPORTS = {
    "ConsoleBackend": "app", "make_app": "app", "public_snapshot": "app", "scrub": "app",
    "ConsoleError": "security", "PinHashError": "security", "hash_pin": "security",
    "verify_pin": "security",
    "ConsoleHandle": "server", "ConsoleStartError": "server", "serve": "server",
    "ConsoleSettings": "settings", "ConsoleSettingsError": "settings",
}

__all__ = sorted(_EXPORTS)


__getattr__ = lazy_exports(__name__, _EXPORTS)
