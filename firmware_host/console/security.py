"""Access control for the game master's console: PIN hashes, sessions, CSRF, rate limits.

Nothing here knows about HTTP; :mod:`firmware_host.console.app` wires it into aiohttp.

- A PIN (or a longer token) is stored only as a salted hash made by :func:`hash_pin`
  (``scrypt$n$r$p$salt$hash``, base64 parts; ``pbkdf2_sha256$iterations$salt$hash`` is also
  read) and compared in constant time by :func:`verify_pin`.
- :class:`SessionStore` hands out random session ids (cookie value) with a CSRF token each,
  expiring after an idle time measured on a :class:`firmware_host.clock.Clock`.
- :class:`LoginLimiter` counts wrong PINs per client: after ``free_tries`` failures the client
  must wait, the wait doubling with every further failure up to a cap.

Example::

    stored = hash_pin("482913")
    assert verify_pin("482913", stored) and not verify_pin("000000", stored)
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import secrets

from firmware_host.clock import Clock
from firmware_host.errors import FirmwareHostError, UsageError

#: scrypt cost parameters for new hashes: N=2**14, r=8, p=1 (16 MiB, ~0.1 s on a Pi 4).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
#: shortest PIN :func:`hash_pin` accepts, in characters.
MIN_PIN_LENGTH = 4


class ConsoleError(FirmwareHostError):
    """Root of the console's own errors."""


class PinHashError(ConsoleError, UsageError):
    """A ``[console] pin_hash`` that is not a hash made by :func:`hash_pin`, or a PIN too short."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_pin(pin: str, *, salt: bytes | None = None) -> str:
    """Hash a PIN or token for ``[console] pin_hash``.

    :param pin: the PIN or token, at least :data:`MIN_PIN_LENGTH` characters (str).
    :param salt: 16 random bytes by default; give one only for reproducible tests.
    :returns: ``"scrypt$16384$8$1$<salt base64>$<hash base64>"`` (str).
    :raises PinHashError: if the PIN is shorter than :data:`MIN_PIN_LENGTH` characters.
    """
    if len(pin) < MIN_PIN_LENGTH:
        raise PinHashError(f"a PIN needs at least {MIN_PIN_LENGTH} characters")
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P,
                            maxmem=64 * 1024 * 1024, dklen=32)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def check_pin_hash(stored: str) -> None:
    """Check that ``stored`` has the shape of a hash made by :func:`hash_pin`.

    :raises PinHashError: with a one-line message naming ``[console] pin_hash``.
    """
    _parse(stored)


def _parse(stored: str) -> tuple[str, tuple[int, ...], bytes, bytes]:
    parts = stored.strip().split("$")
    try:
        if parts[0] == "scrypt" and len(parts) == 6:
            n, r, p = (int(x) for x in parts[1:4])
            if n < 2 or n & (n - 1) or r < 1 or p < 1:
                raise ValueError
            return "scrypt", (n, r, p), base64.b64decode(parts[4], validate=True), \
                base64.b64decode(parts[5], validate=True)
        if parts[0] == "pbkdf2_sha256" and len(parts) == 4:
            iterations = int(parts[1])
            if iterations < 1:
                raise ValueError
            return "pbkdf2_sha256", (iterations,), base64.b64decode(parts[2], validate=True), \
                base64.b64decode(parts[3], validate=True)
    except ValueError:
        pass
    raise PinHashError("[console] pin_hash is not a PIN hash; make one with "
                       "`python -m firmware_host.console.hash_pin`")


def verify_pin(pin: str, stored: str) -> bool:
    """Compare a typed PIN with a stored hash, in constant time (:func:`hmac.compare_digest`).

    :param pin: what was typed (str; any length, also empty).
    :param stored: a hash from :func:`hash_pin` (or ``pbkdf2_sha256$…``).
    :returns: True if they match.
    :raises PinHashError: if ``stored`` is not a PIN hash.
    """
    scheme, params, salt, expected = _parse(stored)
    data = pin.encode("utf-8")
    if scheme == "scrypt":
        n, r, p = params
        digest = hashlib.scrypt(data, salt=salt, n=n, r=r, p=p, maxmem=256 * 1024 * 1024,
                                dklen=len(expected))
    else:
        digest = hashlib.pbkdf2_hmac("sha256", data, salt, params[0], dklen=len(expected))
    return hmac.compare_digest(digest, expected)


@dataclasses.dataclass
class Session:
    """One logged-in browser.

    :param sid: the cookie value (43 URL-safe characters, 256 bits).
    :param csrf: the token every state-changing request must carry (``X-CSRF-Token``).
    :param client: the client address it was made for (for the log only).
    :param last_seen: clock reading (seconds) of its last use.
    """

    sid: str
    csrf: str
    client: str
    last_seen: float


class SessionStore:
    """Sessions that expire after ``idle_seconds`` without use.

    :param clock: any :class:`firmware_host.clock.Clock` (only ``now()`` is used).
    :param idle_seconds: idle time after which a session is gone, in seconds (> 0).
    """

    def __init__(self, clock: Clock, idle_seconds: float) -> None:
        self._clock = clock
        self.idle_seconds = float(idle_seconds)
        self._sessions: dict[str, Session] = {}

    #: most sessions kept at once; the least recently used one goes first beyond it.
    MAX_SESSIONS = 256

    def create(self, client: str) -> Session:
        """Make a new session for ``client`` (an address, for the log)."""
        self._purge()
        while len(self._sessions) >= self.MAX_SESSIONS:
            oldest = min(self._sessions.values(), key=lambda s: s.last_seen)
            del self._sessions[oldest.sid]
        session = Session(secrets.token_urlsafe(32), secrets.token_urlsafe(32), client,
                          self._clock.now())
        self._sessions[session.sid] = session
        return session

    def get(self, sid: str | None, *, touch: bool = True) -> Session | None:
        """The live session with id ``sid``, or None (unknown or expired, which also ends it).

        :param touch: count this as use (restarts the idle time); an event stream does not.
        """
        if not sid:
            return None
        session = self._sessions.get(sid)
        if session is None:
            return None
        now = self._clock.now()
        if now - session.last_seen > self.idle_seconds:
            del self._sessions[sid]
            return None
        if touch:
            session.last_seen = now
        return session

    def expires_in(self, sid: str | None) -> float | None:
        """Seconds until session ``sid`` idles out (not counted as use), or None if it is
        unknown or already expired."""
        session = self._sessions.get(sid) if sid else None
        if session is None:
            return None
        left = session.last_seen + self.idle_seconds - self._clock.now()
        return left if left >= 0 else None

    def end(self, sid: str | None) -> None:
        """Log a session out (no effect if unknown)."""
        if sid:
            self._sessions.pop(sid, None)

    def _purge(self) -> None:
        now = self._clock.now()
        for sid in [s for s, v in self._sessions.items() if now - v.last_seen > self.idle_seconds]:
            del self._sessions[sid]


class LoginLimiter:
    """Back-off for wrong PINs, per client address.

    The first ``free_tries`` wrong PINs cost nothing; each further one locks the client out
    for ``base_delay * 2**k`` seconds (k = 0, 1, 2 …), at most ``max_delay``. A right PIN
    clears the count; a client silent for ``forget_after`` seconds starts afresh.

    :param clock: any :class:`firmware_host.clock.Clock` (only ``now()`` is used).
    :param free_tries: wrong PINs allowed before the first lock-out (default 5).
    :param base_delay: first lock-out, in seconds (default 30).
    :param max_delay: longest lock-out, in seconds (default 900).
    :param forget_after: seconds without attempts after which the count is dropped (3600).
    """

    def __init__(self, clock: Clock, free_tries: int = 5, base_delay: float = 30.0,
                 max_delay: float = 900.0, forget_after: float = 3600.0) -> None:
        self._clock = clock
        self.free_tries = free_tries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.forget_after = forget_after
        self._failures: dict[str, tuple[int, float, float]] = {}  # client -> (count, last, locked_until)

    def wait_seconds(self, client: str) -> float:
        """Seconds ``client`` must still wait before the next try (0.0 if it may try now)."""
        entry = self._failures.get(client)
        if entry is None:
            return 0.0
        count, last, locked_until = entry
        now = self._clock.now()
        if now - last > self.forget_after and now >= locked_until:
            del self._failures[client]
            return 0.0
        return max(0.0, locked_until - now)

    def failed(self, client: str) -> float:
        """Record a wrong PIN from ``client``; returns the lock-out it now has, in seconds."""
        self.wait_seconds(client)  # forgets a stale entry
        count, _, _ = self._failures.get(client, (0, 0.0, 0.0))
        count += 1
        now = self._clock.now()
        delay = 0.0
        if count >= self.free_tries:
            delay = min(self.max_delay, self.base_delay * 2 ** (count - self.free_tries))
        self._failures[client] = (count, now, now + delay)
        if len(self._failures) > 10_000:  # bound memory against address floods
            oldest = min(self._failures, key=lambda c: self._failures[c][1])
            del self._failures[oldest]
        return delay

    def succeeded(self, client: str) -> None:
        """Forget ``client``'s wrong PINs after a right one."""
        self._failures.pop(client, None)
