"""The game master's web console: an aiohttp app over a ``ConsoleBackend``.

Routes (all JSON bodies are UTF-8; seats are 0-based here, the page shows them 1-based):

=========================  ======  ==========================================================
path                       method  what
=========================  ======  ==========================================================
``/``                      GET     the console page (login needed when a PIN is set), in
                                   the setup's language, else the board's (German default)
``/login``                 GET     the login form; POST ``pin`` (form field) logs in
``/logout``                POST    ends the session
``/api/snapshot``          GET     the public snapshot (secrets removed)
``/api/events``            GET     server-sent events: ``state`` (snapshot), ``notice``,
                                   ``expiring`` (``{"seconds": n}``, once per idle period,
                                   a minute before expiry), ``expired``
``/api/keepalive``         POST    counts as use of the session (the page sends it on any
                                   key or pointer press); ``{"expires_in": seconds}``
``/api/setup``             POST    ``{"setup": {...}}`` → ``backend.setup_game(setup)``
``/api/command``           POST    ``{"name": str, "fields": {...}}`` → ``backend.command``
``/api/reveal``            POST    ``{"seat": int | null}`` → ``backend.reveal`` (logged at
                                   WARNING, without the secrets)
``/static/…``              GET     page files (no secrets, no login needed)
=========================  ======  ==========================================================

Security: every POST needs an ``Origin`` header equal to the console's own origin; every
POST but ``/login`` also needs the session's CSRF token in ``X-CSRF-Token``. Sessions are an
HttpOnly, SameSite=Strict cookie that expires after ``session_minutes`` idle. When the
console listens on loopback, requests must name a loopback host (no DNS rebinding).
Secrets (roles, hands, team, power results, deck order, seed) never leave except through
``/api/reveal``; :func:`scrub` removes them from anything else as a second line of defence.
The log holds only a command's name and acting seat (:func:`command_summary`), never its
fields or a refusal's reason (which can name a hand's party); a reveal is a WARNING
"secret revealed to game master" naming the seats, not the secrets. Seats in the log are
0-based, as in REPLAY.md and the service's own log lines (only speech and the page say
"seat 1".."seat n").
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hmac
import html
import importlib.resources
import json
import logging
import re
import time
from typing import Any, Callable, Protocol

from aiohttp import web

from firmware_host.checks import UNENCODABLE, unencodable
from firmware_host.clock import Clock
from firmware_host.console.messages import language_or_none, page_language, tables_json, text
from firmware_host.console.security import LoginLimiter, SessionStore, verify_pin
from firmware_host.console.settings import ConsoleSettings
from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.console")

COOKIE = "fh_console"
#: commands the console passes to ``backend.command`` (see ``ConsoleBackend``).
COMMANDS = ("start", "pause", "resume", "restart", "undo", "act", "choose", "seat_settings", "story")
#: keys whose values are secret before the game is over (R16), removed by :func:`scrub`.
SECRET_KEYS = frozenset({"role", "roles", "team", "hand", "hands", "power_result", "deck",
                         "draw_order", "seed", "discarded", "private"})
#: keys allowed to carry a mode name rather than a secret (``"deck": "untracked"``).
MODE_KEYS = frozenset({"deck", "roles"})
MAX_BODY = 64 * 1024
#: longest PIN or passphrase compared, in characters (more is cut, never hashed whole).
MAX_PIN = 256
_ASSET_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}\.(?:js|css)")


class ConsoleBackend(Protocol):
    """What the console needs from the board service (``firmware_host.service.backend``).

    The console calls every method from a worker thread, never on its event loop. Seats are
    0-based ints. A refusal is a :class:`~firmware_host.errors.UsageError` (the page gets
    400); one with ``.code`` (str, a ``messages`` ``err.<code>`` key) and ``.params`` (dict)
    is worded in the page's language (``firmware_host.service.backend.ConsoleRefusal``). Any
    other exception is a failure (500, logged with its trace).
    """

    def snapshot(self) -> dict:
        """The public picture, JSON-ready: ``view`` (the engine's ``public_view`` or None),
        ``announcements`` (the last 50 public ones: ``{channel, key, params, text}``),
        ``faults`` (list of dicts), ``health`` (``{readers: {name: "connected" |
        "disconnected"}, pins: {...}}``), ``paused`` (bool), ``setup`` (``game``, players,
        names, language and the game's own keys, mode names only; or None),
        ``seat_settings`` (``{"seat": {field: value}}``), and the game's own page: ``game``,
        ``picture`` (its pack's ``console_picture``), ``actions`` (its ``console_actions``),
        ``setup_options`` (each game's setup form). The console scrubs secrets again
        (:func:`scrub`).

        :raises Exception: the service does not answer (the page gets 503).
        """
        ...

    def subscribe(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        """Call ``callback(snapshot_or_line)`` after every change, on any thread (the console
        bridges to its loop); a dict with ``view`` is published as the new snapshot, anything
        else makes the console fetch :meth:`snapshot` again.

        :returns: ``unsubscribe()``, called when the console shuts down.
        """
        ...

    def setup_game(self, setup: dict) -> Any:
        """Set up (not start) a game: ``game`` (a registered game), ``players``, ``names``
        (list by seat; "" for none), ``language`` and the game's own keys (its pack's
        ``console_options``).

        :returns: anything (ignored unless a dict, which is scrubbed and returned to the page).
        :raises UsageError: an unusable setup (one line; with ``.code`` such as
            ``setup_players``).
        """
        ...

    def command(self, name: str, **fields: Any) -> dict:
        """A game-master command, ``name`` one of :data:`COMMANDS`: ``start``, ``pause``,
        ``resume``, ``restart`` (ends the game, back to the setup), ``undo``, ``act``
        (``action=`` a REPLAY.md action dict), ``choose`` (``seat=``, ``target=``),
        ``seat_settings`` (``seat=`` and ``rate``/``volume``/``verbosity``/
        ``scan_interval``/``name``; ACCESSIBILITY.md 19).

        :returns: a small result dict (scrubbed before it reaches the page).
        :raises UsageError: refused now (one line; with ``.code``, e.g. ``nothing_to_undo``,
            ``no_game``, ``illegal.wrong_phase``).
        """
        ...

    def reveal(self, seat: int | None) -> dict:
        """The game's secrets for the game master: every seat (``seat`` None) or one seat.

        :returns: ``{"roles", "hands", "teams", "power_results"}`` by seat and ``picture``
            (the game's picture with its hidden rows, which the page draws in the game's
            words); the only way secrets leave, R16.
        :raises UsageError: no game (``no_game``) or no such seat (``no_seat``).
        """
        ...


class _MonotonicClock:
    """Only ``now()``: the console needs no timers."""

    def now(self) -> float:
        return time.monotonic()


def scrub(obj: Any, *, game_over: bool = False) -> Any:
    """A copy of ``obj`` (JSON-like) without secret keys (:data:`SECRET_KEYS`) at any depth.

    ``deck``/``roles`` survive when they are a mode name (str: ``"untracked"``, ``"dealt"``);
    ``roles`` also survives once the game is over (R15 reveals them). Announcements on a
    ``seat:N`` channel (private, R16) are dropped from lists.

    :param obj: dicts, lists and scalars (a snapshot).
    :param game_over: True when the game has ended.
    """
    if isinstance(obj, dict):
        out = {}
        for key, value in obj.items():
            if key in SECRET_KEYS:
                if key in MODE_KEYS and isinstance(value, str):
                    pass
                elif key == "roles" and game_over:
                    pass
                else:
                    continue
            out[key] = scrub(value, game_over=game_over)
        return out
    if isinstance(obj, (list, tuple)):
        return [scrub(v, game_over=game_over) for v in obj
                if not (isinstance(v, dict) and str(v.get("channel", "public")) != "public")]
    return obj


def _is_game_over(snapshot: dict) -> bool:
    for key in ("view", "public", "state"):
        part = snapshot.get(key)
        if isinstance(part, dict) and part.get("phase") == "game_over":
            return True
    return snapshot.get("phase") == "game_over"


def public_snapshot(snapshot: Any) -> dict:
    """The snapshot as the page may see it: a dict, scrubbed of secrets (:func:`scrub`)."""
    if not isinstance(snapshot, dict):
        return {}
    # "change" (the output line behind an update) is not shown, and could carry a refused
    # action's fields; everything the page needs is in the rest.
    snapshot = {k: v for k, v in snapshot.items() if k != "change"}
    return scrub(snapshot, game_over=_is_game_over(snapshot))


#: keys a command's answer never carries to the page: ``state`` is the game's replay state
#: (``BoardAdapter.final_state``), kept whole by the rules, secrets not yet told included;
#: the page reads the game from the snapshot only.
ANSWER_DROPS = frozenset({"state"})


def public_answer(result: Any) -> dict:
    """A command's answer as the page may see it: :func:`public_snapshot` of ``result``
    without :data:`ANSWER_DROPS` (what the command did, e.g. ``{"accepted": true}``, and the
    command's own data such as the finished game's story; never the game's state)."""
    if not isinstance(result, dict):
        return {}
    return public_snapshot({k: v for k, v in result.items() if k not in ANSWER_DROPS})


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


class _Subscriber:
    """One open event stream: keeps only the newest state, and notices in order."""

    def __init__(self) -> None:
        self.wake = asyncio.Event()
        self.state: dict | None = None
        self.notices: list[dict] = []
        self.closed = False


class _Hub:
    """Fans backend changes out to every open event stream (runs on the console's loop)."""

    def __init__(self) -> None:
        self.latest: dict = {}
        self.subscribers: set[_Subscriber] = set()
        #: the language of the last game's setup seen: the page keeps it once that game is
        #: ended, until another setup names one (:func:`_language`)
        self.language: str | None = None

    def keep(self, snapshot: dict) -> None:
        """``snapshot`` (public) is the latest; its setup's language is remembered."""
        self.latest = snapshot
        self.language = _setup_language(snapshot) or self.language

    def open(self) -> _Subscriber:
        sub = _Subscriber()
        sub.state = self.latest
        sub.wake.set()
        self.subscribers.add(sub)
        return sub

    def close(self, sub: _Subscriber) -> None:
        self.subscribers.discard(sub)

    def publish_state(self, snapshot: dict) -> None:
        self.keep(public_snapshot(snapshot))
        for sub in self.subscribers:
            sub.state = self.latest
            sub.wake.set()

    def publish_notice(self, notice: dict) -> None:
        for sub in self.subscribers:
            sub.notices.append(notice)
            sub.wake.set()

    def shutdown(self) -> None:
        for sub in self.subscribers:
            sub.closed = True
            sub.wake.set()


class Console:
    """The console's state behind the routes; made by :func:`make_app`, kept at
    ``app[CONSOLE_KEY]``.

    :param backend: a ``ConsoleBackend``.
    :param settings: a :class:`ConsoleSettings` (already checked).
    :param clock: a :class:`firmware_host.clock.Clock` for session idle time and PIN back-off.
    """

    def __init__(self, backend: ConsoleBackend, settings: ConsoleSettings, clock: Clock) -> None:
        self.backend = backend
        self.settings = settings
        self.clock = clock
        self.sessions = SessionStore(clock, settings.session_minutes * 60.0)
        self.limiter = LoginLimiter(clock, global_per_minute=settings.login_checks_per_minute)
        # PIN checks (scrypt, ~40 ms here, 0.2-0.3 s on a Pi Zero) run one at a time on a
        # thread of their own, so a guessing flood never holds up the page's own calls.
        self._pin_checker = concurrent.futures.ThreadPoolExecutor(1, "console-pin")
        self.hub = _Hub()
        self.reveals: list[dict] = []  # the reveal log: {at (wall clock, s), seat, client}
        self._unsubscribe: Callable[[], None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._refreshing = False
        self._dirty = False
        self._pushed = 0  # snapshots pushed by the backend so far
        self._refresh_task: asyncio.Future | None = None

    @property
    def needs_pin(self) -> bool:
        """True when a login (PIN) is required; without ``pin_hash`` only loopback is served."""
        return bool(self.settings.pin_hash)

    # -- backend bridge -------------------------------------------------------------------
    async def start(self, app: web.Application) -> None:
        self._loop = asyncio.get_running_loop()
        try:
            self.hub.keep(public_snapshot(await self._call(self.backend.snapshot)))
        except Exception as exc:  # noqa: BLE001 - the page shows an empty board until a change
            log.warning("console: no first snapshot: %s", _one_line(exc))
        self._unsubscribe = self.backend.subscribe(self._on_change)

    def _on_change(self, payload: Any) -> None:
        """Called on the service thread: hand the change to the console's loop.

        ``payload`` is either a whole snapshot (has ``view`` and ``announcements``), which is
        published as is, or any other change notice (an output line), after which the
        snapshot is fetched again (off the service thread, coalesced).
        """
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        snapshot = payload if (isinstance(payload, dict) and "view" in payload
                               and "announcements" in payload) else None
        try:
            loop.call_soon_threadsafe(self._changed, snapshot)
        except RuntimeError:  # the loop closed meanwhile
            pass

    def _changed(self, snapshot: dict | None) -> None:
        if snapshot is not None:
            self._pushed += 1
            self.hub.publish_state(snapshot)
        elif self._refreshing:
            self._dirty = True
        else:
            self._refreshing = True
            self._refresh_task = asyncio.ensure_future(self._refresh())

    async def _refresh(self) -> None:
        """Fetch the snapshot again. A fetched snapshot is published only if no pushed one
        arrived meanwhile (it might be newer); then it is fetched again, at most 5 times
        (a steady stream of pushed snapshots is current by itself)."""
        try:
            for _ in range(5):
                self._dirty = False
                pushed = self._pushed
                snapshot = await self._call(self.backend.snapshot)
                if self._pushed == pushed:
                    self.hub.publish_state(snapshot)
                    if not self._dirty:
                        break
        except Exception:  # noqa: BLE001 - the next change tries again
            log.exception("console: snapshot failed")
        finally:
            self._refreshing = False

    async def shutdown(self, app: web.Application) -> None:
        if self._unsubscribe is not None:
            try:
                self._unsubscribe()
            finally:
                self._unsubscribe = None
        self.hub.shutdown()
        self._pin_checker.shutdown(wait=False, cancel_futures=True)

    async def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a (blocking) backend call off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))

    async def check_pin(self, pin: str) -> bool:
        """Compare ``pin`` with ``pin_hash`` on the console's one PIN thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pin_checker, verify_pin, pin, self.settings.pin_hash)

    # -- sessions -------------------------------------------------------------------------
    def session(self, request: web.Request, *, touch: bool = True, confirm: bool = False):
        return self.sessions.get(request.cookies.get(COOKIE), touch=touch, confirm=confirm)

    def set_cookie(self, response: web.StreamResponse, sid: str) -> None:
        response.set_cookie(COOKIE, sid, httponly=True, samesite="Strict", path="/")


CONSOLE_KEY = web.AppKey("console", Console)


def _json_error(status: int, message: str, code: str = "refused", params: dict | None = None,
                **extra: Any) -> web.Response:
    """``{"error": message (English, one line), "code": code, "params": {...}}``: the page
    words ``code`` in its own language (``messages.refusal_text``, ``err.<code>``)."""
    params = {"detail": message} if params is None else params
    return web.json_response({"error": message, "code": code, "params": params, **extra},
                             status=status, headers={"Cache-Control": "no-store"})


def _refused(exc: BaseException) -> web.Response:
    """400 for a refusal: its code and params when it has them (``ConsoleRefusal``)."""
    code = getattr(exc, "code", None)
    params = getattr(exc, "params", None)
    words = getattr(exc, "words", None)
    if isinstance(code, str) and isinstance(params, dict):
        try:
            json.dumps(params)
        except (TypeError, ValueError):
            params = {}
        extra = {}
        if isinstance(words, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in words.items()):
            extra["words"] = {k: (v.strip().splitlines() or [""])[0] for k, v in words.items()}   # the game's own
        return _json_error(400, _one_line(exc), code=code, params=params, **extra)
    return _json_error(400, _one_line(exc))


def _client(request: web.Request) -> str:
    return request.remote or "unknown"


#: longest text from a request that a log line quotes, in characters.
LOG_QUOTE_LIMIT = 120
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def log_safe(value: Any, limit: int = LOG_QUOTE_LIMIT) -> str:
    """Request data as a log line may quote it: control characters (a newline could start a
    forged line), line separators and bidi controls written as ``\\xNN``/``\\uNNNN``, cut to
    ``limit`` characters (with ``…``).

    :param value: anything (str() of it is quoted); None gives ``-``.
    """
    if value is None:
        return "-"
    text = str(value)
    cut = len(text) > limit
    text = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text[:limit])
    return text + ("…" if cut else "")


def _same_origin(request: web.Request) -> bool:
    origin = request.headers.get("Origin")
    if not origin or origin == "null":
        return False
    return origin.rstrip("/").lower() == f"{request.scheme}://{request.host}".lower()


_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


@web.middleware
async def _guard(request: web.Request, handler):
    """Host check (loopback only when listening on loopback), Origin + CSRF on POST,
    security headers on every answer."""
    console = request.app[CONSOLE_KEY]
    try:
        return _secure_headers(await _guarded(console, request, handler))
    except web.HTTPException as exc:  # redirects and 401/404 get the headers too
        _secure_headers(exc)
        raise
    except asyncio.CancelledError:
        raise
    except Exception:  # noqa: BLE001 - a bug: the trace to the log, one line to the page
        log.exception("console: %s %s failed", log_safe(request.method, 16), log_safe(request.path))
        return _secure_headers(_json_error(500, "the console failed on this request",
                                           code="service_failed", params={"detail": ""}))


async def _guarded(console: "Console", request: web.Request, handler):
    name = _host_name(request.host)
    sockname = request.transport.get_extra_info("sockname") if request.transport else None
    arrived_on = sockname[0] if isinstance(sockname, tuple) and sockname else None
    if not console.settings.host_allowed(name, arrived_on):
        code = "not_local" if console.settings.local_only else "not_this_host"
        message = ("this console only answers to localhost" if console.settings.local_only
                   else "this console does not answer to that host name")
        return _json_error(421, message, code=code, params={})
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        if not _same_origin(request):
            log.warning("console: refused cross-site %s %s from %s (Origin %s)",
                        log_safe(request.method, 16), log_safe(request.path), log_safe(_client(request)),
                        log_safe(request.headers.get("Origin")))
            return _json_error(403, "refused: request not from this console's page", code="not_this_page",
                               params={})
        if request.path != "/login":
            session = console.session(request)
            if session is None:
                return _json_error(401, "not logged in", code="not_logged_in", params={})
            token = request.headers.get("X-CSRF-Token", "")
            if not hmac.compare_digest(token.encode(), session.csrf.encode()):
                return _json_error(403, "refused: missing or wrong CSRF token", code="not_this_page",
                                   params={})
            session.confirmed = True
    try:
        return await handler(request)
    except _BadRequest as exc:  # a request body that is not a JSON object (every POST handler)
        return _json_error(400, str(exc), code="not_json", params={})


def _host_name(host: str | None) -> str:
    """The name part of a ``Host`` header (``[::1]:8080`` → ``[::1]``; ``a:80`` → ``a``)."""
    host = (host or "").strip()
    if host.startswith("["):
        return host.split("]")[0] + "]"
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _secure_headers(response: web.StreamResponse) -> web.StreamResponse:
    if response.prepared:  # an event stream already sent its headers
        return response
    response.headers.setdefault("Content-Security-Policy", _CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    return response


def _asset(name: str) -> str:
    return importlib.resources.files("firmware_host.console").joinpath("static", name) \
        .read_text(encoding="utf-8")


#: longest wait, in seconds, for the snapshot that picks a page's language
PAGE_SNAPSHOT_SECONDS = 2.0
_WORD = re.compile(r"\{\{t:(\w+)\}\}")


def _setup_language(snapshot: Any) -> str | None:
    """The language ``snapshot``'s setup names (a page language), or None."""
    setup = snapshot.get("setup") if isinstance(snapshot, dict) else None
    return language_or_none(setup.get("language")) if isinstance(setup, dict) else None


def _language(console: Console, snapshot: Any = None) -> str:
    """The page's language: the game's setup (in ``snapshot`` or the latest one), else the
    last game's once it was ended (the game master keeps reading the page in the language of
    the game just ended), else the board's (``settings.language``); see
    :func:`firmware_host.console.messages.page_language`."""
    snap = snapshot if isinstance(snapshot, dict) else console.hub.latest
    return page_language(_setup_language(snap) or console.hub.language, console.settings.language)


def _render(name: str, language: str, **values: str) -> str:
    """A page file with ``{{t:key}}`` words in ``language`` and ``{{name}}`` values (given
    already escaped for their place)."""
    page = _WORD.sub(lambda m: html.escape(text(m.group(1), language), quote=True), _asset(name))
    values = {"lang": language, **values}
    for key, value in values.items():
        page = page.replace("{{" + key + "}}", value)
    return page


async def _index(request: web.Request) -> web.StreamResponse:
    console = request.app[CONSOLE_KEY]
    session = console.session(request)
    fresh = None
    if session is None:
        if console.needs_pin:
            raise web.HTTPSeeOther("/login")
        # kept apart from confirmed sessions until the page uses it: any web page can make
        # the browser send a GET here, and must not push the game master's session out
        session = fresh = console.sessions.create(_client(request), confirmed=False)
    try:  # the newest setup decides the language (a setup just made may not be pushed yet)
        snapshot = public_snapshot(await asyncio.wait_for(
            console._call(console.backend.snapshot), PAGE_SNAPSHOT_SECONDS))
    except Exception:  # noqa: BLE001 - a busy or stopped service: the last known one will do
        snapshot = None
    page = _render("index.html", _language(console, snapshot),
                   csrf=html.escape(session.csrf, quote=True),
                   logout="" if console.needs_pin else " hidden",
                   board_language=console.settings.language,
                   messages=tables_json())
    response = web.Response(text=page, content_type="text/html",
                            headers={"Cache-Control": "no-store"})
    if fresh is not None:
        console.set_cookie(response, fresh.sid)
    return response


def _login_page(console: Console, message: str = "", status: int = 200) -> web.Response:
    block = (f'<p id="login-error" class="error" role="alert">{html.escape(message)}</p>'
             if message else "")
    page = _render("login.html", _language(console), message=block)
    return web.Response(text=page, content_type="text/html", status=status,
                        headers={"Cache-Control": "no-store"})


async def _login_form(request: web.Request) -> web.StreamResponse:
    console = request.app[CONSOLE_KEY]
    if not console.needs_pin or console.session(request) is not None:
        raise web.HTTPSeeOther("/")
    return _login_page(console)


async def _login(request: web.Request) -> web.StreamResponse:
    console = request.app[CONSOLE_KEY]
    if not console.needs_pin:
        raise web.HTTPSeeOther("/")
    client = _client(request)
    form = await request.post()
    pin = form.get("pin", "")
    pin = pin if isinstance(pin, str) else ""
    # counted before the hash is computed: a burst sent at once cannot outrun the limit
    wait = console.limiter.begin(client)
    if wait > 0:
        return _too_many(console, wait)
    ok = await console.check_pin(pin[:MAX_PIN])
    if not ok:
        delay = console.limiter.failed(client)
        log.warning("console: wrong PIN from %s", log_safe(client))
        if delay > 0:
            return _too_many(console, delay)
        return _login_page(console, text("login_wrong", _language(console)), status=401)
    console.limiter.succeeded(client)
    console.sessions.end(request.cookies.get(COOKIE))  # no session fixation
    session = console.sessions.create(client)
    log.info("console: game master logged in from %s", log_safe(client))
    response = web.HTTPSeeOther("/")
    console.set_cookie(response, session.sid)
    raise response


def _too_many(console: Console, wait: float) -> web.Response:
    seconds = max(1, int(wait + 0.999))
    response = _login_page(console, text("login_wait", _language(console), seconds=seconds),
                           status=429)
    response.headers["Retry-After"] = str(seconds)
    return response


async def _logout(request: web.Request) -> web.StreamResponse:
    console = request.app[CONSOLE_KEY]
    console.sessions.end(request.cookies.get(COOKIE))
    response = web.json_response({"ok": True})
    response.del_cookie(COOKIE, path="/")
    return response


def _require(request: web.Request, *, touch: bool = True):
    session = request.app[CONSOLE_KEY].session(request, touch=touch, confirm=True)
    if session is None:
        raise web.HTTPUnauthorized(text=json.dumps({"error": "not logged in"}),
                                   content_type="application/json")
    return session


async def _snapshot(request: web.Request) -> web.StreamResponse:
    _require(request)
    console = request.app[CONSOLE_KEY]
    try:
        snap = public_snapshot(await console._call(console.backend.snapshot))
    except Exception as exc:  # noqa: BLE001 - one line for the page, the trace for the log
        log.exception("console: snapshot failed")
        return _json_error(503, f"the board service does not answer: {_one_line(exc)}",
                           code="unreachable", params={})
    return web.json_response(snap, headers={"Cache-Control": "no-store"})


def _sse(event: str, data: Any) -> bytes:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"event: {event}\ndata: {text}\n\n".encode("utf-8")


#: seconds between keep-alive comments on an idle event stream.
KEEPALIVE_SECONDS = 15.0
#: the event stream sends ``expiring`` when the session has this many seconds left.
WARN_SECONDS = 60.0


async def _events(request: web.Request) -> web.StreamResponse:
    session = _require(request, touch=False)
    console = request.app[CONSOLE_KEY]
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8",
                                           "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    _secure_headers(response)
    await response.prepare(request)
    sub = console.hub.open()
    try:
        await response.write(b"retry: 3000\n\n")
        warned_for: float | None = None  # last_seen of the idle period already warned of
        while True:
            left = console.sessions.expires_in(session.sid)
            wait = KEEPALIVE_SECONDS if left is None else \
                min(KEEPALIVE_SECONDS, max(0.5, left - WARN_SECONDS), max(0.5, left + 0.1))
            try:
                await asyncio.wait_for(sub.wake.wait(), wait)
            except asyncio.TimeoutError:
                pass
            sub.wake.clear()
            if sub.closed:
                break
            left = console.sessions.expires_in(session.sid)
            if left is None:
                await response.write(_sse("expired", {"message": "session expired"}))
                break
            if left <= WARN_SECONDS and warned_for != session.last_seen:
                warned_for = session.last_seen
                await response.write(_sse("expiring", {"seconds": max(1, int(left))}))
            if sub.state is not None:
                state, sub.state = sub.state, None
                await response.write(_sse("state", state))
            while sub.notices:
                await response.write(_sse("notice", sub.notices.pop(0)))
            await response.write(b": keep-alive\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        console.hub.close(sub)
    return response


async def _keepalive(request: web.Request) -> web.StreamResponse:
    """Count a key or pointer press on the page as use: the idle time starts again."""
    _require(request)  # the guard already checked Origin and the CSRF token
    console = request.app[CONSOLE_KEY]
    return web.json_response({"ok": True, "expires_in": console.sessions.idle_seconds},
                             headers={"Cache-Control": "no-store"})


#: deepest nesting of objects and arrays a request may have (a setup needs 3)
MAX_DEPTH = 32
#: the one 400 message for every body that is not plain JSON (code ``not_json``)
NOT_JSON = (f"the request is not JSON (RFC 8259: no NaN or Infinity, numbers in range, "
            f"nested at most {MAX_DEPTH} deep)")


def parse_body(raw: str) -> Any:
    """``raw`` as strict JSON (RFC 8259), for request bodies.

    Python's ``json`` reads ``NaN``, ``Infinity`` and ``-Infinity``, turns ``1e400`` into
    infinity and recurses once per nesting level; none of that may reach the service.

    :param raw: the request's text (at most :data:`MAX_BODY` bytes).
    :returns: the parsed value.
    :raises ValueError: not JSON, a NaN/Infinity constant, a number out of range (a
        non-finite float or an integer of more than 4300 digits), or nesting deeper than
        :data:`MAX_DEPTH`; the message is always :data:`NOT_JSON`.
    """
    if _depth(raw) > MAX_DEPTH:
        raise ValueError(NOT_JSON)
    try:
        return json.loads(raw, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError):
        raise ValueError(NOT_JSON) from None


def _depth(raw: str) -> int:
    """The deepest ``[``/``{`` nesting of ``raw``, outside strings (no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in raw:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is out of range")
    return value


async def _body(request: web.Request) -> dict:
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=request.content_length)
    try:
        body = parse_body(await request.text())
    except (ValueError, UnicodeDecodeError):
        raise _BadRequest(NOT_JSON) from None
    if not isinstance(body, dict):
        raise _BadRequest("the request must be a JSON object")
    where = unencodable(body)
    if where is not None:       # a lone surrogate escape: no log, journal or voice can take it
        raise _BadRequest(f"{UNENCODABLE} in {where}")
    return body


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


class _BadRequest(Exception):
    """A request body that is not a JSON object; :func:`_guard` answers it with a 400."""


async def _backend_call(console: Console, what: str, fn: Callable[..., Any], args: tuple = (),
                        kwargs: dict | None = None) -> web.Response:
    """Call ``fn(*args, **kwargs)`` off the loop; ``kwargs`` is a request's fields, kept
    apart from this function's own parameters (a field may be named anything)."""
    try:
        result = await console._call(functools.partial(fn, *args, **(kwargs or {})))
    except (FirmwareHostError, TypeError, ValueError) as exc:
        # the reason goes to the page only: it can name a hand's party (R16)
        log.info("console: %s refused", what)
        return _refused(exc)
    except Exception as exc:  # noqa: BLE001 - the page gets one line, the log the trace (ERROR)
        log.exception("console: %s failed", what)
        return _json_error(500, f"{what} failed: {_one_line(exc)}", code="service_failed",
                           params={"detail": _one_line(exc)})
    console._changed(None)  # not every change makes the service emit a line (a setup)
    return web.json_response({"ok": True, "result": public_answer(result)},
                             headers={"Cache-Control": "no-store"})


async def _setup(request: web.Request) -> web.StreamResponse:
    _require(request)
    console = request.app[CONSOLE_KEY]
    body = await _body(request)
    setup = body.get("setup")
    if not isinstance(setup, dict):
        return _json_error(400, "setup must be an object", code="setup_not_object", params={})
    return await _backend_call(console, "setup", console.backend.setup_game, (setup,))


def command_summary(name: str, fields: dict) -> str:
    """What the log may say of a game-master command: its name and the acting seat, nothing
    else (R16: a discard's or enactment's party would tell a hand).

    :param name: one of :data:`COMMANDS`.
    :param fields: the command's fields (``act``: ``{"action": {...}}``; ``choose`` and
        ``seat_settings``: ``seat``).
    :returns: e.g. ``"act discard, seat 0"`` (seats 0-based, as every log line and REPLAY.md),
        ``"choose, seat 2"``, ``"seat_settings, seat 4"``, ``"start"``.
    """
    seat = fields.get("seat")
    what = name
    action = fields.get("action")
    if name == "act" and isinstance(action, dict):
        kind = action.get("action")
        if isinstance(kind, str) and kind.isidentifier():
            what = f"act {kind}"
        seat = action.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
        what += f", seat {seat}"
    return what


async def _command(request: web.Request) -> web.StreamResponse:
    _require(request)
    console = request.app[CONSOLE_KEY]
    body = await _body(request)
    name = body.get("name")
    fields = body.get("fields", {})
    if name not in COMMANDS:
        return _json_error(400, f"unknown command {name!r}; one of: {', '.join(COMMANDS)}",
                           code="unknown_command", params={"name": str(name)})
    if not isinstance(fields, dict) or not all(isinstance(k, str) and k.isidentifier()
                                               for k in fields):
        return _json_error(400, "fields must be an object of named values", code="bad_fields",
                           params={})
    if name in ENDING_COMMANDS:
        confirmed = fields.pop("confirm", None) is True
        if not confirmed and await _game_running(console):
            return _json_error(409, f"{name}: a game is running; confirm that it ends",
                               code="confirm_needed", params={"name": name})
    what = command_summary(name, fields)
    log.info("console: %s", what)
    return await _backend_call(console, what, console.backend.command, (name,), fields)


#: commands that end or replace a running game: refused without ``"confirm": true`` while
#: one runs (the page asks first; ``undo`` brings the game back).
ENDING_COMMANDS = ("start", "restart")


async def _game_running(console: Console) -> bool:
    """True when the board has a game that is not over (asks the service, not the page's copy)."""
    try:
        snap = await console._call(console.backend.snapshot)
    except Exception:  # noqa: BLE001 - cannot tell: ask for the confirmation
        return True
    view = snap.get("view") if isinstance(snap, dict) else None
    return isinstance(view, dict) and view.get("phase") not in (None, "game_over")


async def _reveal(request: web.Request) -> web.StreamResponse:
    _require(request)
    console = request.app[CONSOLE_KEY]
    body = await _body(request)
    seat = body.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        return _json_error(400, "seat must be a seat number (0-based) or null for all",
                           code="bad_seat", params={})
    client = _client(request)
    entry = {"at": time.time(), "seat": seat, "client": client}
    console.reveals.append(entry)
    del console.reveals[:-200]
    log.warning("console: secret revealed to game master (%s) from %s",
                "all seats" if seat is None else f"seat {seat}", log_safe(client))
    try:
        secrets_ = await console._call(console.backend.reveal, seat)
    except FirmwareHostError as exc:
        return _refused(exc)
    except Exception as exc:  # noqa: BLE001
        log.exception("console: reveal failed")
        return _json_error(500, f"reveal failed: {_one_line(exc)}", code="service_failed",
                           params={"detail": _one_line(exc)})
    console.hub.publish_notice({"kind": "reveal", "seat": seat, "at": entry["at"]})
    return web.json_response(secrets_ if isinstance(secrets_, dict) else {"secrets": secrets_},
                             headers={"Cache-Control": "no-store"})


async def _static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    types = {"js": "text/javascript", "css": "text/css"}
    if not _ASSET_NAME.fullmatch(name):  # also keeps NUL, "..", and "/" out of the file name
        raise web.HTTPNotFound()
    ext = name.rsplit(".", 1)[-1]
    try:
        text = _asset(name)
    except (FileNotFoundError, IsADirectoryError):
        raise web.HTTPNotFound() from None
    return web.Response(text=text, content_type=types[ext], charset="utf-8",
                        headers={"Cache-Control": "no-cache"})


async def _favicon(request: web.Request) -> web.StreamResponse:
    """``/favicon.ico``, which every browser asks for on its own: no icon, and no error (a
    404 is a failed load in the browser's console on every page load)."""
    return web.Response(status=204, headers={"Cache-Control": "max-age=86400"})


def make_app(backend: ConsoleBackend, settings: Any = None, *,
             clock: Clock | None = None) -> web.Application:
    """Build the console's aiohttp application.

    :param backend: the board service's ``ConsoleBackend`` (``snapshot``, ``subscribe``,
        ``setup_game``, ``command``, ``reveal``).
    :param settings: the ``[console]`` settings in any form :meth:`ConsoleSettings.coerce`
        takes (None: defaults, loopback without PIN).
    :param clock: time source for session idle time and PIN back-off (a
        :class:`firmware_host.clock.Clock`; default :func:`time.monotonic`).

    The board's language (German unless ``[audio] language`` says ``"en"``) reaches the page
    when ``settings`` is the whole config (``config.sections``) or carries ``language``.
    :returns: an ``aiohttp.web.Application``; the backend is subscribed on start-up and
        unsubscribed on shutdown.
    :raises ConsoleSettingsError: settings the console must not run with (see
        :meth:`ConsoleSettings.check`).
    """
    settings = ConsoleSettings.coerce(settings)
    settings.check()
    console = Console(backend, settings, clock or _MonotonicClock())
    app = web.Application(middlewares=[_guard], client_max_size=MAX_BODY)
    app[CONSOLE_KEY] = console
    app.on_startup.append(console.start)
    app.on_shutdown.append(console.shutdown)
    app.router.add_get("/", _index)
    app.router.add_get("/login", _login_form)
    app.router.add_post("/login", _login)
    app.router.add_post("/logout", _logout)
    app.router.add_get("/api/snapshot", _snapshot)
    app.router.add_get("/api/events", _events)
    app.router.add_post("/api/keepalive", _keepalive)
    app.router.add_post("/api/setup", _setup)
    app.router.add_post("/api/command", _command)
    app.router.add_post("/api/reveal", _reveal)
    app.router.add_get("/static/{name}", _static)
    app.router.add_get("/favicon.ico", _favicon)
    return app
