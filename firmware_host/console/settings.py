"""The console's view of the ``[console]`` config section.

The console brings its own section (:data:`SCHEMA`, collected by
:mod:`firmware_host.board_config` with the other layers'): ``enabled``, ``host``, ``port``,
``pin_hash``, ``session_minutes`` and the connection limits; this module turns
whatever form it arrives in (the section dict, the whole config dict, an object with
attributes) into a :class:`ConsoleSettings` and checks the one rule that spans keys: a host
other than loopback needs a PIN.

:func:`check` is the config loader's cross-field check (``firmware_host.board_config``
``SCHEMA_MODULES``), so ``firmware-host check-config`` reports a malformed ``pin_hash`` or a
remote ``host`` without one together with every other problem.
"""

from __future__ import annotations

import dataclasses
import functools
import ipaddress
import socket
from collections.abc import Mapping
from typing import Any

from firmware_host.config import Field
from firmware_host.console.security import ConsoleError, check_pin_hash
from firmware_host.errors import UsageError

#: names a browser may use for this machine when the console listens on loopback only.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")


def _nonempty(value: Any) -> str | None:
    return "must not be empty" if not str(value).strip() else None


#: the ``[console]`` section of the board config (:mod:`firmware_host.config` fields)
SCHEMA: dict[str, dict[str, Field]] = {
    "console": {
        "enabled": Field(bool, True, doc="serve the game master's web console (set-up, pause, undo, corrections)"),
        "host": Field(str, "127.0.0.1", check=_nonempty, doc="address the console listens on (localhost unless configured)"),
        "port": Field(int, 8080, min=1, max=65535, doc="TCP port of the console"),
        "pin_hash": Field(str, "", doc="hashed PIN or token of the console (python -m firmware_host.console.hash_pin); empty: no PIN, allowed only on localhost"),
        "session_minutes": Field(float, 30.0, min=1, max=1440, doc="minutes without use after which a console login expires"),
        "max_connections": Field(int, 64, min=4, max=512,
                                 doc="open connections the console keeps at most; the longest idle one is closed for a new one (far below the unit's LimitNOFILE)"),
        "idle_timeout_s": Field(float, 15.0, min=1.0, max=600.0, doc="seconds a connection may stay open between requests before it is closed"),
        "header_timeout_s": Field(float, 10.0, min=1.0, max=120.0, doc="seconds a new connection has to send its first request's headers"),
        "allowed_hosts": Field(list, [], items=Field(str, "", check=_nonempty),
                               doc="with a remote host: the names a browser may use for the board besides its own hostname and addresses (e.g. [\"board.example.org\"]); any other Host header is refused (DNS rebinding)"),
        "login_checks_per_minute": Field(int, 20, min=1, max=600,
                                         doc="PIN checks allowed per minute over all clients together (each client also backs off after 5 wrong PINs)"),
    },
}


class ConsoleSettingsError(ConsoleError, UsageError):
    """Console settings that cannot be used (e.g. a remote host without a PIN); one line."""


def is_loopback(host: str) -> bool:
    """True if ``host`` (a name or address, str) only reaches this machine."""
    host = host.strip().strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclasses.dataclass(frozen=True)
class ConsoleSettings:
    """Settings of the game master's console (config section ``[console]``).

    :param enabled: run the console with the board service (bool, default True).
    :param host: address to listen on (str, default ``"127.0.0.1"``: this machine only).
        Any other host needs ``pin_hash``.
    :param port: TCP port (int 0–65535, default 8080; 0 picks a free one, for tests).
    :param pin_hash: the hashed PIN or token from ``python -m firmware_host.console.hash_pin``
        (str, default ``""``: no PIN, allowed only on loopback).
    :param session_minutes: idle time after which a login expires, in minutes (> 0, default 30).
    :param max_connections: open connections kept at most (int, default 64); a new one beyond
        that closes the one idle longest, or is closed itself when none is idle, so a flood of
        connections never uses up the service's file descriptors (the unit's ``LimitNOFILE``).
    :param idle_timeout_s: seconds a connection may stay open with no request in progress
        (float, default 15); an event stream in progress is not idle.
    :param header_timeout_s: seconds a new connection has to send its first request's headers
        (float, default 10).
    :param allowed_hosts: with a remote ``host``: further names a browser may use for the
        board (tuple of str; its own hostname, ``<hostname>.local``, ``host`` and the address
        a connection arrived on are always allowed). Any other ``Host`` header is refused
        with 421 (DNS rebinding, RFC 9110 15.5.20).
    :param login_checks_per_minute: PIN checks over all clients together per 60 s (int > 0,
        default 20).
    :param language: the board's language, ``"de"`` (default), ``"en"`` or ``"fr"``: the page's language
        until a game's setup names one. Not a ``[console]`` key: it comes from ``[audio]
        language`` when :meth:`coerce` is given the whole config.
    """

    enabled: bool = True
    host: str = "127.0.0.1"
    port: int = 8080
    pin_hash: str = ""
    session_minutes: float = 30.0
    allowed_hosts: tuple[str, ...] = ()
    login_checks_per_minute: int = 20
    language: str = "de"
    max_connections: int = 64
    idle_timeout_s: float = 15.0
    header_timeout_s: float = 10.0

    @classmethod
    def coerce(cls, settings: Any) -> "ConsoleSettings":
        """Make settings from None, a ``ConsoleSettings``, the ``[console]`` section as a
        mapping, the whole config mapping (with a ``console`` key), or an object whose
        attributes are the keys (or that has a ``console`` attribute).

        :raises ConsoleSettingsError: on a value of the wrong type or range, one line.
        """
        if settings is None:
            return cls()
        if isinstance(settings, cls):
            return settings
        if isinstance(settings, Mapping):
            section = settings.get("console", settings)
            if not isinstance(section, Mapping):
                section = settings
            values = {f.name: section[f.name] for f in dataclasses.fields(cls) if f.name in section}
            audio = settings.get("audio")
            if "language" not in values and isinstance(audio, Mapping):
                values["language"] = audio.get("language")
        else:
            sections = getattr(settings, "sections", None)
            if isinstance(sections, Mapping) and "console" in sections:
                return cls.coerce(sections)  # the board config (hardware.settings.BoardConfig)
            inner = getattr(settings, "console", None)
            if inner is not None and inner is not settings:
                return cls.coerce(inner)
            values = {f.name: getattr(settings, f.name) for f in dataclasses.fields(cls)
                      if hasattr(settings, f.name)}
        values = {k: v for k, v in values.items() if v is not None}
        try:
            made = cls(**values)
            made = dataclasses.replace(
                made, enabled=bool(made.enabled), host=str(made.host).strip(),
                port=int(made.port), pin_hash=str(made.pin_hash or "").strip(),
                session_minutes=float(made.session_minutes),
                max_connections=int(made.max_connections), idle_timeout_s=float(made.idle_timeout_s),
                header_timeout_s=float(made.header_timeout_s),
                allowed_hosts=_host_names(made.allowed_hosts),
                login_checks_per_minute=int(made.login_checks_per_minute),
                language=made.language if made.language in ("de", "en", "fr") else "de")
        except (TypeError, ValueError) as exc:
            raise ConsoleSettingsError(f"[console] settings unusable: {exc}") from None
        return made

    def host_allowed(self, name: str, arrived_on: str | None = None) -> bool:
        """May a request name this console ``name`` (its ``Host`` header without the port)?

        On loopback only loopback names (no DNS rebinding). In remote mode: loopback names,
        ``host`` itself (unless a wildcard), this machine's hostname, FQDN and
        ``<hostname>.local``, :attr:`allowed_hosts`, and ``arrived_on`` (the local address the
        connection came in on, so an address typed into the browser always works).

        :param name: the host part of the ``Host`` header (str; ``[::1]`` form for IPv6).
        :param arrived_on: the connection's local address (str) or None.
        """
        name = name.strip().strip("[]").lower().rstrip(".")
        if not name:
            return False
        if is_loopback(name):
            return True
        if self.local_only:
            return False
        allowed = set(self.allowed_hosts) | _own_names()
        if self.host not in ("0.0.0.0", "::", ""):
            allowed.add(self.host.strip("[]").lower())
        if arrived_on:
            allowed.add(arrived_on.strip("[]").lower().split("%")[0])
        return name in allowed

    @property
    def local_only(self) -> bool:
        """True when the console listens on a loopback address only."""
        return is_loopback(self.host)

    def check(self) -> None:
        """Refuse settings the console must not start with.

        :raises ConsoleSettingsError: a port outside 0–65535, a non-positive session time,
            a malformed ``pin_hash``, or a non-loopback ``host`` without ``pin_hash``.
        """
        if not 0 <= self.port <= 65535:
            raise ConsoleSettingsError(f"[console] port {self.port} is not in 0..65535")
        if not self.session_minutes > 0:
            raise ConsoleSettingsError("[console] session_minutes must be more than 0")
        if self.pin_hash:
            try:
                check_pin_hash(self.pin_hash)
            except UsageError as exc:
                raise ConsoleSettingsError(str(exc)) from None
        elif not self.local_only:
            raise ConsoleSettingsError(
                f"[console] host is {self.host!r} but no pin_hash is set: the console refuses "
                "remote access without a PIN; make one with "
                "`python -m firmware_host.console.hash_pin`")


def _host_names(names: Any) -> tuple[str, ...]:
    if isinstance(names, str):
        names = [names]
    return tuple(str(n).strip().strip("[]").lower().rstrip(".") for n in (names or ()) if str(n).strip())


@functools.lru_cache(maxsize=1)
def _own_names() -> frozenset[str]:
    """This machine's hostname, ``<hostname>.local`` (mDNS, as Raspberry Pi OS announces it)
    and its FQDN, lower case."""
    names = set()
    try:
        host = socket.gethostname().lower()
        names |= {host, f"{host}.local"}
        names.add(socket.getfqdn().lower())
    except OSError:
        pass
    return frozenset(n for n in names if n)


def check(config: Mapping[str, Any]) -> list[str]:
    """The ``[console]`` problems of a validated config, each naming its key.

    Called by :func:`firmware_host.config.validate` (through :mod:`firmware_host.board_config`) with every section, defaults filled in.

    :param config: section name -> section dict (the ``console`` section may be absent).
    :returns: list[str], e.g. ``["console.pin_hash: [console] pin_hash is not a PIN hash; …"]``
        or ``["console.host: '0.0.0.0' is not this machine only but no pin_hash is set; …"]``;
        empty when the section is usable.
    """
    section = config.get("console")
    if not isinstance(section, Mapping):
        return []
    problems: list[str] = []
    pin_hash = section.get("pin_hash") or ""
    host = section.get("host")
    if isinstance(pin_hash, str) and pin_hash.strip():
        try:
            check_pin_hash(pin_hash)
        except UsageError as exc:
            problems.append(f"console.pin_hash: {exc}")
    elif isinstance(host, str) and host.strip() and not is_loopback(host):
        problems.append(f"console.host: {host!r} reaches beyond this machine but no pin_hash "
                        "is set; set one (`python -m firmware_host.console.hash_pin`) or use "
                        "host = \"127.0.0.1\"")
    return problems
