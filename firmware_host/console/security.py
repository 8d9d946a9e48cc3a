"""Access control for the game master's console: PIN hashes, sessions, CSRF, rate limits.

Nothing here knows about HTTP; :mod:`firmware_host.console.app` wires it into aiohttp.

- A PIN (or a longer token) is stored only as a salted hash made by :func:`hash_pin`
  (``scrypt$n$r$p$salt$hash``, base64 parts; ``pbkdf2_sha256$iterations$salt$hash`` is also
  read) and compared in constant time by :func:`verify_pin`.
- :class:`SessionStore` hands out random session ids (cookie value) with a CSRF token each,
  expiring after an idle time measured on a :class:`firmware_host.clock.Clock`.
- :class:`LoginLimiter` counts PIN attempts per client *before* the hash is computed (so a
  burst sent at once cannot race it): after ``free_tries`` attempts without success the client
  must wait, the wait doubling with every further one up to a cap; and it holds a limit on
  PIN checks per minute over all clients together (a guess from many addresses).

Example::

    stored = hash_pin("482913")
    assert verify_pin("482913", stored) and not verify_pin("000000", stored)
"""

from __future__ import annotations

import base64
import collections
import dataclasses
import hashlib
import hmac
import secrets

from firmware_host.clock import Clock
from firmware_host.errors import FirmwareHostError, UsageError

#: scrypt cost parameters for new hashes: N=2**14, r=8, p=1 (16 MiB, ~0.1 s on a Pi 4).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
#: shortest PIN :func:`hash_pin` accepts, in characters: six digits (10**6 PINs; at the
#: console's global limit of 20 checks a minute, a guess over half of them takes 17 days).
MIN_PIN_LENGTH = 6


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
    :param confirmed: True once the session has been used by the console page itself (a
        logged-in session from ``/login`` is confirmed at once). Sessions that a console
        without PIN hands to any ``GET /`` are unconfirmed until the page's first API call,
        and are the only ones a flood of anonymous requests can push out.
    """

    sid: str
    csrf: str
    client: str
    last_seen: float
    confirmed: bool = True


class SessionStore:
    """Sessions that expire after ``idle_seconds`` without use.

    :param clock: any :class:`firmware_host.clock.Clock` (only ``now()`` is used).
    :param idle_seconds: idle time after which a session is gone, in seconds (> 0).
    """

    def __init__(self, clock: Clock, idle_seconds: float) -> None:
        self._clock = clock
        self.idle_seconds = float(idle_seconds)
        self._sessions: dict[str, Session] = {}

    #: most sessions kept at once; the least recently used one goes first beyond it
    #: (an unconfirmed one before any confirmed one).
    MAX_SESSIONS = 256
    #: most unconfirmed sessions kept at once (a no-PIN console's anonymous ``GET /``).
    MAX_UNCONFIRMED = 64

    def create(self, client: str, *, confirmed: bool = True) -> Session:
        """Make a new session for ``client`` (an address, for the log).

        :param confirmed: False for a session handed out without a login (no-PIN console,
            ``GET /``): it becomes confirmed on its first use by the page (:meth:`get` with
            ``confirm=True``); until then it is kept apart, so that any number of anonymous
            requests never pushes out a game master's session.
        """
        self._purge()
        if not confirmed:
            self._evict(lambda s: not s.confirmed, self.MAX_UNCONFIRMED)
        while len(self._sessions) >= self.MAX_SESSIONS:
            self._evict(lambda s: True, len(self._sessions))
        session = Session(secrets.token_urlsafe(32), secrets.token_urlsafe(32), client,
                          self._clock.now(), confirmed)
        self._sessions[session.sid] = session
        return session

    def _evict(self, which, keep_below: int) -> None:
        """Drop sessions chosen by ``which`` until fewer than ``keep_below`` of them are left:
        unconfirmed ones first, each time the least recently used."""
        while True:
            chosen = [s for s in self._sessions.values() if which(s)]
            if len(chosen) < keep_below or not chosen:
                return
            oldest = min(chosen, key=lambda s: (s.confirmed, s.last_seen))
            del self._sessions[oldest.sid]

    def get(self, sid: str | None, *, touch: bool = True, confirm: bool = False) -> Session | None:
        """The live session with id ``sid``, or None (unknown or expired, which also ends it).

        :param touch: count this as use (restarts the idle time); an event stream does not.
        :param confirm: this use is the console page's own (an API call with the cookie):
            an unconfirmed session becomes confirmed.
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
        if confirm:
            session.confirmed = True
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
    """Back-off for PIN guesses, per client address and over all clients.

    An attempt is counted when it *begins* (:meth:`begin`), before the PIN's hash is computed,
    so a burst of attempts sent at once is counted as it arrives rather than after the checks:
    the first ``free_tries`` attempts without a success may run; from then on the client is
    locked out for ``base_delay * 2**k`` seconds (k = 0, 1, 2 … per further attempt), at most
    ``max_delay``. A right PIN (:meth:`succeeded`) clears the client's count; a client silent
    for ``forget_after`` seconds starts afresh. Over all clients together at most
    ``global_per_minute`` checks begin in any 60 s (a guess spread over many addresses).

    :param clock: any :class:`firmware_host.clock.Clock` (only ``now()`` is used).
    :param free_tries: attempts allowed before the first lock-out (default 5).
    :param base_delay: first lock-out, in seconds (default 30).
    :param max_delay: longest lock-out, in seconds (default 900).
    :param forget_after: seconds without attempts after which the count is dropped (3600).
    :param global_per_minute: checks per 60 s over all clients (default 20; > 0).
    """

    #: clients remembered at once (memory bound against address floods).
    MAX_CLIENTS = 10_000

    def __init__(self, clock: Clock, free_tries: int = 5, base_delay: float = 30.0,
                 max_delay: float = 900.0, forget_after: float = 3600.0,
                 global_per_minute: int = 20) -> None:
        self._clock = clock
        self.free_tries = free_tries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.forget_after = forget_after
        self.global_per_minute = max(1, int(global_per_minute))
        self._failures: dict[str, tuple[int, float, float]] = {}  # client -> (count, last, locked_until)
        self._recent: collections.deque[float] = collections.deque()  # when checks began (all clients)

    def wait_seconds(self, client: str) -> float:
        """Seconds ``client`` must still wait before the next try (0.0 if it may try now),
        the global limit included."""
        now = self._clock.now()
        while self._recent and now - self._recent[0] >= 60.0:
            self._recent.popleft()
        overall = 0.0
        if len(self._recent) >= self.global_per_minute:
            overall = self._recent[0] + 60.0 - now
        entry = self._failures.get(client)
        if entry is None:
            return max(0.0, overall)
        count, last, locked_until = entry
        if now - last > self.forget_after and now >= locked_until:
            del self._failures[client]
            return max(0.0, overall)
        return max(0.0, locked_until - now, overall)

    def begin(self, client: str) -> float:
        """Ask to check a PIN from ``client`` now.

        :returns: 0.0 when the check may run: the attempt is already counted (as a failure
            until :meth:`succeeded`); else the seconds to wait (nothing counted, no check).
        """
        wait = self.wait_seconds(client)
        if wait > 0:
            return wait
        now = self._clock.now()
        self._recent.append(now)
        count, _, _ = self._failures.get(client, (0, 0.0, 0.0))
        count += 1
        delay = 0.0
        if count >= self.free_tries:
            delay = min(self.max_delay, self.base_delay * 2 ** (count - self.free_tries))
        self._failures[client] = (count, now, now + delay)
        if len(self._failures) > self.MAX_CLIENTS:
            oldest = min(self._failures, key=lambda c: self._failures[c][1])
            del self._failures[oldest]
        return 0.0

    def failed(self, client: str) -> float:
        """The attempt :meth:`begin` counted was a wrong PIN.

        :returns: the lock-out ``client`` now has, in seconds (0.0 while it has free tries).
        """
        entry = self._failures.get(client)
        if entry is None:
            return 0.0
        return max(0.0, entry[2] - self._clock.now())

    def succeeded(self, client: str) -> None:
        """Forget ``client``'s attempts after a right PIN."""
        self._failures.pop(client, None)
