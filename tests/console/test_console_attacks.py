"""The console under attack (issue: PIN races, DNS rebinding, log forging, 500s, session
eviction): each test is one attack a probe on 127.0.0.1 found, and what the console answers."""

from __future__ import annotations

import asyncio
import logging

import aiohttp

from aiohttp.test_utils import TestClient, TestServer
from console_helpers import PIN, PIN_HASH, commands, console_client, csrf_token, login, origin, post_json, run

import firmware_host.console.app as console_app
from firmware_host.console import make_app


def _other_browser(client) -> aiohttp.ClientSession:
    """A second browser (its own cookies) on the same console server."""
    return aiohttp.ClientSession(base_url=str(client.make_url("/")),
                                 cookie_jar=aiohttp.CookieJar(unsafe=True))


async def _login_from(session, client, pin):
    return await session.post("/login", data={"pin": pin}, allow_redirects=False,
                              headers={"Origin": origin(client)})


def test_parallel_burst_of_wrong_pins_and_the_right_one_does_not_log_in(backend, monkeypatch):
    """200 wrong PINs sent at once, then the right one: each attempt is counted before its
    hash is computed, so at most the free tries are checked and the right PIN is locked out."""
    checked = []
    real_verify = console_app.verify_pin

    def counting(pin, stored):
        checked.append(pin)
        return real_verify(pin, stored)
    monkeypatch.setattr(console_app, "verify_pin", counting)

    async def go():
        async with console_client(backend) as client:
            wrong = [login(client, f"{100000 + i}") for i in range(200)]
            statuses = await asyncio.gather(*wrong)
            right = await login(client)
            assert right.status == 429, "the right PIN must wait out the lock-out"
            assert (await client.get("/api/snapshot")).status == 401
            assert {r.status for r in statuses} <= {401, 429}
            assert len(checked) == 5 and PIN not in checked   # the free tries, no more
    run(go())


def test_pin_checks_over_all_clients_stop_at_the_configured_number_per_minute(backend, clock,
                                                                               monkeypatch):
    checked = []
    monkeypatch.setattr(console_app, "verify_pin", lambda pin, stored: checked.append(pin) or False)

    async def go():
        async with console_client(backend, clock, login_checks_per_minute=3) as client:
            console = client.server.app[console_app.CONSOLE_KEY]
            console.limiter.free_tries = 10**6   # as if every try came from another address
            statuses = [(await login(client, f"{200000 + i}")).status for i in range(10)]
            assert statuses[:3] == [401, 401, 401] and set(statuses[3:]) == {429}
            assert len(checked) == 3
            clock.advance(61)
            assert (await login(client, "300000")).status == 401
            assert len(checked) == 4
    run(go())


def test_game_masters_page_keeps_answering_during_a_pin_flood(backend):
    async def go():
        async with console_client(backend) as gm:
            assert (await login(gm)).status == 303
            async with _other_browser(gm) as attacker:  # its own cookie jar, same server
                flood = asyncio.ensure_future(asyncio.gather(
                    *[_login_from(attacker, gm, f"{400000 + i}") for i in range(100)]))
                answers = [await asyncio.wait_for(gm.get("/api/snapshot"), 10) for _ in range(5)]
                await flood
            assert [a.status for a in answers] == [200] * 5
    run(go())


def test_pin_shorter_than_six_characters_is_refused():
    import pytest

    from firmware_host.console.security import PinHashError, hash_pin
    with pytest.raises(PinHashError):
        hash_pin("12345")
    assert hash_pin("123456").startswith("scrypt$")


async def _remote_client(backend, **settings):
    settings = {"host": "0.0.0.0", "pin_hash": PIN_HASH, **settings}
    app = make_app(backend, settings)
    client = TestClient(TestServer(app, host="127.0.0.1"))
    await client.start_server()
    return client


def test_remote_console_refuses_a_rebinding_host_name(backend):
    """DNS rebinding: a page on attacker.example resolves its name to the board; the
    browser then sends ``Host: attacker.example`` — refused (421) before login or PIN check."""
    async def go():
        client = await _remote_client(backend, allowed_hosts=["board.example.org"])
        try:
            for host in ("attacker.example", "attacker.example:8080", "board.example.org.evil"):
                r = await client.get("/login", headers={"Host": host})
                assert r.status == 421, host
                assert r.headers["X-Frame-Options"] == "DENY"
                r = await client.post("/login", data={"pin": PIN}, allow_redirects=False,
                                      headers={"Host": host, "Origin": f"http://{host}"})
                assert r.status == 421
            for host in ("board.example.org", "board.example.org:8080", "127.0.0.1",
                         f"127.0.0.1:{client.server.port}"):
                r = await client.get("/login", headers={"Host": host})
                assert r.status == 200, host
        finally:
            await client.close()
    run(go())


def test_remote_console_answers_to_its_own_hostname(backend):
    import socket
    async def go():
        client = await _remote_client(backend)
        try:
            r = await client.get("/login", headers={"Host": socket.gethostname() + ".local"})
            assert r.status == 200
        finally:
            await client.close()
    run(go())


def test_newline_in_a_refused_path_never_starts_a_log_line(backend, caplog):
    forged = "/x%0A2026-12-01 WARNING secret revealed to game master (all seats) from 10.0.0.9"
    async def go():
        async with console_client(backend) as client:
            with caplog.at_level(logging.DEBUG, logger="firmware_host.console"):
                r = await client.post(forged, data="x", headers={"Origin": "http://evil.example"})
                assert r.status == 403
    run(go())
    assert caplog.records, "the refused POST is logged"
    for record in caplog.records:
        message = record.getMessage()
        assert "\n" not in message and "\r" not in message and "\x1b" not in message
    assert any("\\n" in r.getMessage() for r in caplog.records)


def test_log_safe_escapes_controls_and_bidi_and_cuts_long_text():
    assert console_app.log_safe("a\nb\r\u202e") == "a\\nb\\r\\u202e"
    assert console_app.log_safe("x" * 500).endswith("…")
    assert len(console_app.log_safe("x" * 500)) == console_app.LOG_QUOTE_LIMIT + 1


def test_no_request_reaches_a_500(backend):
    """Fields named like the console's own parameters, odd static names, bad bodies."""
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            for fields in ({"what": 1}, {"fn": 1}, {"console": 1}, {"args": 1}, {"kwargs": 1},
                           {"name": "x"}, {"self": 1}):
                r = await post_json(client, "/api/command", {"name": "pause", "fields": fields}, token)
                assert r.status < 500, fields
            for path in ("/static/console.js%00.css", "/static/..%2fapp.py", "/static/%2e%2e.js",
                         "/static/" + "a" * 300 + ".js", "/static/console.js%0a.css"):
                r = await client.get(path)
                assert r.status == 404, path
                assert r.headers.get("X-Content-Type-Options") == "nosniff"
            for body in (b"\xff\xfe", b"[" * 100000, b'{"name": "pause", "fields": []}', b"1e999"):
                r = await client.post("/api/command", data=body, headers={
                    "Origin": origin(client), "X-CSRF-Token": token,
                    "Content-Type": "application/json"})
                assert r.status < 500, body[:20]
    run(go())


def test_event_stream_and_errors_carry_the_security_headers(backend):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            r = await client.get("/api/events")
            for header in ("Content-Security-Policy", "X-Content-Type-Options",
                           "X-Frame-Options", "Referrer-Policy"):
                assert header in r.headers, header
            r.close()
            r = await client.get("/nowhere")
            assert r.status == 404 and "Content-Security-Policy" in r.headers
    run(go())


def test_unexpected_failure_is_one_line_with_headers_never_a_trace(backend, monkeypatch):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            monkeypatch.setattr(console_app, "_render",
                                lambda *a, **k: (_ for _ in ()).throw(KeyError("boom")))
            r = await client.get("/")
            assert r.status == 500
            body = await r.json()
            assert "Traceback" not in str(body) and body["code"] == "service_failed"
            assert "Content-Security-Policy" in r.headers
    run(go())


def test_anonymous_requests_never_evict_the_game_masters_session_without_pin(backend):
    """No PIN (loopback): every cookie-less ``GET /`` gets a session; 300 of them must not
    push out the game master's own session, which the page has used."""
    async def go():
        async with console_client(backend, pin_hash="") as gm:
            assert (await gm.get("/")).status == 200
            assert (await gm.get("/api/snapshot")).status == 200   # the page's own use
            token = await csrf_token(gm)
            async with _other_browser(gm) as anonymous:
                for _ in range(300):
                    anonymous.cookie_jar.clear()
                    assert (await anonymous.get("/")).status == 200
            r = await post_json(gm, "/api/command", {"name": "seat_settings", "fields": {"seat": 0, "rate": 200}},
                                token)
            assert r.status == 200
    run(go())


def test_start_during_a_game_needs_confirmation(backend):
    """"Start game" (and restart) while a game runs is refused without ``confirm``; nothing
    ends. Confirmed, it goes through (the page asks first)."""
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            backend.setup_game({"players": 5, "language": "en", "first_president": 0})
            assert (await post_json(client, "/api/command", {"name": "start"}, token)).status == 200
            before = len(commands(backend))
            for name in ("start", "restart"):
                r = await post_json(client, "/api/command", {"name": name}, token)
                assert r.status == 409 and (await r.json())["code"] == "confirm_needed"
            assert len(commands(backend)) == before
            r = await post_json(client, "/api/command",
                                {"name": "start", "fields": {"confirm": True}}, token)
            assert r.status == 200 and commands(backend)[-1] == ("start", {})
    run(go())
