"""HTTP-level tests of the console: login, back-off, sessions, CSRF, secrets, live updates."""

from __future__ import annotations

import io
import json
import logging
import re

import pytest
from console_helpers import (PIN, PIN_HASH, SETUP_5, act, commands, console_client, csrf_token, game,
                             login, origin, post_json, read_event, reveals, run, unplug)

from firmware_host.console import (ConsoleSettingsError, hash_pin, make_app, public_snapshot,
                                   serve, verify_pin)
from firmware_host.console.security import LoginLimiter, PinHashError, SessionStore
from firmware_host.errors import FirmwareHostError, UsageError


# -- access --------------------------------------------------------------------------------
def test_unauthenticated_requests_are_refused(backend):
    async def go():
        async with console_client(backend) as client:
            r = await client.get("/", allow_redirects=False)
            assert r.status == 303 and r.headers["Location"] == "/login"
            assert (await client.get("/api/snapshot")).status == 401
            assert (await client.get("/api/events")).status == 401
            r = await client.post("/api/command", json={"name": "start"},
                                  headers={"Origin": origin(client)})
            assert r.status == 401
            r = await client.post("/api/reveal", json={"seat": None},
                                  headers={"Origin": origin(client)})
            assert r.status == 401
            assert commands(backend) == [] and reveals(backend) == []
    run(go())


def test_the_browsers_own_favicon_request_gets_no_content_and_no_error(backend):
    """Every browser asks for /favicon.ico on its own: answered 204 (no icon, nothing failed in
    the browser's console on each page load), with the page's security headers, no login
    needed and nothing of the game in it."""
    async def go():
        async with console_client(backend) as client:
            r = await client.get("/favicon.ico", allow_redirects=False)
            assert r.status == 204 and await r.read() == b""
            assert "default-src 'none'" in r.headers["Content-Security-Policy"]
            assert (await client.get("/favicon.png", allow_redirects=False)).status == 404
    run(go())


def test_login_with_right_pin_sets_httponly_samesite_strict_session(backend):
    async def go():
        async with console_client(backend) as client:
            r = await login(client)
            assert r.status == 303 and r.headers["Location"] == "/"
            cookie = r.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            r = await client.get("/")
            assert r.status == 200
            assert "default-src 'none'" in r.headers["Content-Security-Policy"]
            assert (await client.get("/api/snapshot")).status == 200
    run(go())


def test_login_page_is_served_and_wrong_pin_says_so(backend):
    async def go():
        async with console_client(backend, language="en") as client:
            page = await (await client.get("/login")).text()
            assert 'for="pin"' in page and "<main" in page
            r = await login(client, "000000")
            assert r.status == 401
            assert "Wrong PIN" in await r.text()
            assert (await client.get("/api/snapshot")).status == 401
    run(go())


def test_wrong_pin_is_rate_limited_after_five_tries_per_client(backend, clock):
    async def go():
        async with console_client(backend, clock) as client:
            statuses = [(await login(client, "111111")).status for _ in range(5)]
            assert statuses == [401, 401, 401, 401, 429]
            r = await login(client)  # even the right PIN waits out the back-off
            assert r.status == 429 and int(r.headers["Retry-After"]) == 30
            clock.advance(31)
            r = await login(client, "222222")  # the next wrong one doubles the wait
            assert r.status == 429 and int(r.headers["Retry-After"]) == 60
            clock.advance(61)
            assert (await login(client)).status == 303
            assert (await client.get("/api/snapshot")).status == 200
    run(go())


def _wrong(limiter, client):
    """One wrong PIN as the console counts it: begun (counted), then failed."""
    assert limiter.begin(client) == 0
    return limiter.failed(client)


def test_login_limiter_backs_off_per_client_and_forgets_after_success(clock):
    limiter = LoginLimiter(clock, global_per_minute=600)
    for _ in range(4):
        assert _wrong(limiter, "10.0.0.2") == 0
    assert _wrong(limiter, "10.0.0.2") == 30
    assert limiter.wait_seconds("10.0.0.3") == 0  # another client is not affected
    assert limiter.begin("10.0.0.2") == 30         # locked: nothing counted, no check
    clock.advance(30)
    assert limiter.wait_seconds("10.0.0.2") == 0
    assert _wrong(limiter, "10.0.0.2") == 60
    for _ in range(10):
        clock.advance(1000)
        _wrong(limiter, "10.0.0.2")
    assert limiter.wait_seconds("10.0.0.2") == 900  # capped
    limiter.succeeded("10.0.0.2")
    assert limiter.wait_seconds("10.0.0.2") == 0


def test_pin_attempt_is_counted_before_the_hash_is_computed(clock):
    """Five attempts begun at once (none finished) lock the sixth out before any check."""
    limiter = LoginLimiter(clock, global_per_minute=600)
    assert [limiter.begin("10.0.0.2") for _ in range(5)] == [0, 0, 0, 0, 0]
    assert limiter.begin("10.0.0.2") == 30


def test_pin_checks_are_limited_per_minute_over_all_clients(clock):
    limiter = LoginLimiter(clock, global_per_minute=20)
    began = [limiter.begin(f"10.0.{i}.1") for i in range(100)]
    assert began.count(0) == 20 and all(w > 0 for w in began[20:])
    clock.advance(59.9)
    assert limiter.begin("10.9.9.9") > 0
    clock.advance(0.2)
    assert limiter.begin("10.9.9.9") == 0


def test_session_expires_after_configured_idle_minutes(backend, clock):
    async def go():
        async with console_client(backend, clock, session_minutes=10) as client:
            await login(client)
            clock.advance(9 * 60)
            assert (await client.get("/api/snapshot")).status == 200  # use restarts idle time
            clock.advance(9 * 60)
            assert (await client.get("/api/snapshot")).status == 200
            clock.advance(10 * 60 + 1)
            assert (await client.get("/api/snapshot")).status == 401
            r = await client.get("/", allow_redirects=False)
            assert r.status == 303 and r.headers["Location"] == "/login"
    run(go())


def test_session_store_expiry_and_logout(clock):
    store = SessionStore(clock, 60)
    s = store.create("127.0.0.1")
    assert store.get(s.sid) is s
    clock.advance(61)
    assert store.get(s.sid) is None
    s = store.create("127.0.0.1")
    store.end(s.sid)
    assert store.get(s.sid) is None and store.get(None) is None


def test_logout_ends_the_session(backend):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            assert (await post_json(client, "/logout", {}, token)).status == 200
            assert (await client.get("/api/snapshot")).status == 401
    run(go())


# -- CSRF and origin -------------------------------------------------------------------------
def test_cross_site_and_tokenless_posts_are_refused(backend):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            body = {"name": "seat_settings", "fields": {"seat": 0, "rate": 200}}
            r = await post_json(client, "/api/command", body, token, Origin="http://evil.example")
            assert r.status == 403
            r = await client.post("/api/command", json=body, headers={"X-CSRF-Token": token})
            assert r.status == 403  # no Origin at all
            r = await client.post("/api/command", json=body, headers={"Origin": origin(client)})
            assert r.status == 403  # no CSRF token
            r = await post_json(client, "/api/command", body, ("y" if token[0] == "x" else "x") + token[1:])
            assert r.status == 403  # wrong CSRF token
            assert commands(backend) == []
            r = await post_json(client, "/api/command", body, token)
            assert r.status == 200 and commands(backend) == [("seat_settings", {"seat": 0, "rate": 200})]
    run(go())


def test_cross_site_login_post_is_refused(backend):
    async def go():
        async with console_client(backend) as client:
            r = await client.post("/login", data={"pin": PIN}, allow_redirects=False,
                                  headers={"Origin": "http://evil.example"})
            assert r.status == 403
            assert (await client.get("/api/snapshot")).status == 401
    run(go())


def test_loopback_console_refuses_foreign_host_header_dns_rebinding(backend):
    async def go():
        async with console_client(backend, pin_hash="") as client:
            r = await client.get("/", headers={"Host": "evil.example:8080"})
            assert r.status == 421
            assert (await client.get("/")).status == 200  # loopback without PIN: no login
    run(go())


# -- settings ---------------------------------------------------------------------------------
def test_remote_host_without_pin_refuses_to_start_with_one_line(backend):
    with pytest.raises(ConsoleSettingsError) as info:
        make_app(backend, {"host": "0.0.0.0"})
    assert isinstance(info.value, UsageError) and isinstance(info.value, FirmwareHostError)
    assert "pin_hash" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(ConsoleSettingsError):
        serve(backend, {"console": {"host": "192.168.1.20", "port": 0}})
    make_app(backend, {"host": "0.0.0.0", "pin_hash": PIN_HASH})  # with a PIN it may


def test_malformed_pin_hash_is_refused_with_one_line(backend):
    with pytest.raises(ConsoleSettingsError) as info:
        make_app(backend, {"pin_hash": "482913"})  # a plain PIN, not a hash
    assert "hash_pin" in str(info.value)


def test_pin_hash_is_salted_scrypt_and_verified(clock):
    a, b = hash_pin(PIN), hash_pin(PIN)
    assert a != b and a.startswith("scrypt$") and PIN not in a
    assert verify_pin(PIN, a) and not verify_pin("482914", a) and not verify_pin("", a)
    import base64
    import hashlib
    salt = b"0123456789abcdef"
    digest = hashlib.pbkdf2_hmac("sha256", PIN.encode(), salt, 1000)
    legacy = f"pbkdf2_sha256$1000${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"
    assert verify_pin(PIN, legacy) and not verify_pin("1", legacy)
    with pytest.raises(PinHashError):
        verify_pin(PIN, "md5$abc")
    with pytest.raises(PinHashError):
        hash_pin("12")


def test_hash_pin_command_prints_a_config_line(monkeypatch, capsys):
    from firmware_host.console.hash_pin import main
    monkeypatch.setattr("sys.stdin", io.StringIO("739155\n"))
    assert main(["--stdin"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith('pin_hash = "scrypt$')
    assert verify_pin("739155", line.split('"')[1])
    monkeypatch.setattr("sys.stdin", io.StringIO("12\n"))
    assert main(["--stdin"]) == 2
    assert "at least" in capsys.readouterr().err


# -- commands -------------------------------------------------------------------------------
def test_setup_start_act_undo_go_to_the_backend(backend, board):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            assert (await post_json(client, "/api/setup", {"setup": SETUP_5}, token)).status == 200
            assert backend.setup_game.call_args.args[0]["names"][0] == "Anna"
            assert (await post_json(client, "/api/command", {"name": "start"}, token)).status == 200
            r = await post_json(client, "/api/command", {"name": "act", "fields": {
                "action": {"action": "nominate", "seat": 0, "target": 1}}}, token)
            assert r.status == 200
            assert game(board).phase == "election"
            assert (await post_json(client, "/api/command", {"name": "undo"}, token)).status == 200
            assert game(board).phase == "nomination"
            r = await post_json(client, "/api/command",
                                {"name": "choose", "fields": {"seat": 0, "target": 2}}, token)
            assert r.status == 200 and game(board).nominee == 2
    run(go())


def test_refusals_and_bad_requests_give_one_line_errors(backend):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            await post_json(client, "/api/setup", {"setup": SETUP_5}, token)
            await post_json(client, "/api/command", {"name": "start"}, token)
            r = await post_json(client, "/api/command", {"name": "undo"}, token)
            body = await r.json()
            assert r.status == 400 and body["error"] == "nothing to undo: no action since the game started"
            assert body["code"] == "nothing_to_undo"
            r = await post_json(client, "/api/command", {"name": "format_disk"}, token)
            assert r.status == 400 and "unknown command" in (await r.json())["error"]
            r = await post_json(client, "/api/setup", {"setup": {"players": 11}}, token)
            body = await r.json()
            assert r.status == 400 and "players" in body["error"] and "\n" not in body["error"]
            r = await client.post("/api/command", data=b"{not json",
                                  headers={"Origin": origin(client), "X-CSRF-Token": token,
                                           "Content-Type": "application/json"})
            assert r.status == 400 and (await r.json())["error"].startswith("the request is not JSON")
            r = await post_json(client, "/api/reveal", {"seat": "all"}, token)
            assert r.status == 400
    run(go())


# -- secrets ----------------------------------------------------------------------------------
def _no_role_or_hand(text: str) -> bool:
    return all(word not in text for word in ('"dictator"', '"democrat"', '"hand"', '"team"',
                                             '"power_result"'))


def test_no_secret_in_page_snapshot_or_events_until_reveal(backend, board, caplog):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            await post_json(client, "/api/setup", {"setup": SETUP_5}, token)
            await post_json(client, "/api/command", {"name": "start"}, token)
            await post_json(client, "/api/command", {"name": "act", "fields": {
                "action": {"action": "nominate", "seat": 0, "target": 1}}}, token)
            page = await (await client.get("/")).text()
            # the page's word tables name the roles (for the reveal); the rest must not
            page = re.sub(r'<script id="console-messages".*?</script>', "", page, flags=re.S)
            assert _no_role_or_hand(page) and "dictator" not in page.lower().replace(
                "secret dictator", "").replace("secret_dictator", "")    # the game's name
            snap = await (await client.get("/api/snapshot")).text()
            assert _no_role_or_hand(snap)
            assert json.loads(snap)["view"]["phase"] == "election"
            events = await client.get("/api/events")
            name, data = await read_event(events)
            assert name == "state" and _no_role_or_hand(json.dumps(data))
            for seat in range(5):
                act(board, {"action": "vote", "seat": seat, "ballot": "ja"})
            while data["view"]["phase"] != "legislative_president":     # every state on the way
                name, data = await read_event(events)
                assert name == "state" and _no_role_or_hand(json.dumps(data))
            assert reveals(backend) == []
            with caplog.at_level(logging.WARNING, logger="firmware_host.console"):
                r = await post_json(client, "/api/reveal", {"seat": None}, token)
            secrets = await r.json()
            assert r.status == 200 and r.headers["Cache-Control"] == "no-store"
            assert sorted(secrets["roles"].values()).count("dictator") == 1
            assert len(secrets["hands"]["0"]) == 3  # the president holds 3 laws
            assert reveals(backend) == [None]
            assert any("revealed" in rec.getMessage() for rec in caplog.records)
            name, data = await read_event(events)
            assert name == "notice" and data["kind"] == "reveal"
            events.close()
    run(go())


def test_scrub_removes_secrets_a_leaky_snapshot_would_carry():
    leaky = {"view": {"phase": "election", "roles": ["democrat", "dictator"], "deck": "tracked",
                      "hand": ["fascist"]},
             "setup": {"players": 5, "roles": "dealt", "deck": ["fascist"] * 17, "seed": 3},
             "announcements": [{"channel": "public", "text": "Vote."},
                               {"channel": "seat:2", "text": "You are the dictator."}]}
    clean = public_snapshot(leaky)
    assert clean["view"] == {"phase": "election", "deck": "tracked"}
    assert clean["setup"] == {"players": 5, "roles": "dealt"}
    assert clean["announcements"] == [{"channel": "public", "text": "Vote."}]
    over = public_snapshot({"view": {"phase": "game_over", "roles": ["dictator"]}})
    assert over["view"]["roles"] == ["dictator"]  # R15: revealed at the end


# -- live updates ------------------------------------------------------------------------------
def test_event_stream_follows_changes_made_on_the_service_thread(backend, board):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            events = await client.get("/api/events")
            assert events.headers["Content-Type"].startswith("text/event-stream")
            name, data = await read_event(events)
            assert name == "state" and data["view"] is None
            unplug(board, "ballot")
            name, data = await read_event(events)
            while data["health"]["readers"].get("ballot") != "disconnected":
                name, data = await read_event(events)
            assert name == "state"
            events.close()
    run(go())


def test_event_stream_fetches_the_snapshot_when_told_of_other_changes(mocker):
    """A backend that tells of a change without a snapshot (an output line): the console
    fetches the snapshot itself and publishes it."""
    from firmware_host.service.backend import ConsoleBackend
    backend = mocker.create_autospec(ConsoleBackend, instance=True)
    backend.snapshot.return_value = {"view": None, "announcements": [], "faults": []}

    async def go():
        async with console_client(backend) as client:
            await login(client)
            events = await client.get("/api/events")
            await read_event(events)
            (tell,), _ = backend.subscribe.call_args
            backend.snapshot.return_value = {"view": None, "announcements": [], "faults": [
                {"event": "fault", "source": "ballot", "reason": "disconnected"}]}
            tell({"event": "fault", "source": "ballot", "reason": "disconnected"})
            name, data = await read_event(events)
            assert name == "state" and data["faults"][-1]["reason"] == "disconnected"
            events.close()
    run(go())


def test_event_stream_ends_with_expired_when_the_session_idles_out(backend, board, clock):
    async def go():
        async with console_client(backend, clock, session_minutes=5) as client:
            await login(client)
            events = await client.get("/api/events")
            await read_event(events)
            clock.advance(5 * 60 + 1)
            unplug(board, "law")
            name, _ = await read_event(events)
            assert name == "expired"
            events.close()
    run(go())


def test_serve_runs_in_its_own_thread_and_closes(backend, board):
    import urllib.request
    listeners = len(board.service._listeners)
    handle = serve(backend, {"host": "127.0.0.1", "port": 0})
    try:
        assert handle.url == f"http://127.0.0.1:{handle.port}/"
        with urllib.request.urlopen(handle.url) as r:
            assert r.status == 200 and b"csrf-token" in r.read()
        with urllib.request.urlopen(handle.url + "static/console.js") as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
    finally:
        handle.close()
    assert len(board.service._listeners) == listeners and backend.subscribe.call_count == 1  # unsubscribed
    handle.close()  # twice is harmless


def test_serve_reports_a_taken_port_in_one_line(backend):
    from firmware_host.console import ConsoleStartError
    first = serve(backend, {"port": 0})
    try:
        with pytest.raises(ConsoleStartError) as info:
            serve(backend, {"port": first.port})
        assert str(first.port) in str(info.value) and "\n" not in str(info.value)
    finally:
        first.close()


def test_login_replaces_any_earlier_session_cookie(backend):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            first = client.session.cookie_jar.filter_cookies(client.make_url("/"))["fh_console"].value
            await login(client)
            second = client.session.cookie_jar.filter_cookies(client.make_url("/"))["fh_console"].value
            assert first != second
            client.session.cookie_jar.clear()
            client.session.cookie_jar.update_cookies({"fh_console": first},
                                                     response_url=client.make_url("/"))
            assert (await client.get("/api/snapshot")).status == 401  # the old one is gone
    run(go())


def test_refusals_carry_the_security_headers_too(backend):
    async def go():
        async with console_client(backend) as client:
            r = await client.get("/api/snapshot")
            assert r.status == 401
            assert r.headers["X-Frame-Options"] == "DENY"
            assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    run(go())


def test_settings_come_from_the_console_s_own_config_section():
    """The console brings its own ``[console]`` section (the service declares none of it)."""
    from firmware_host.board_config import validate
    from firmware_host.console import ConsoleSettings
    from firmware_host.console import settings as console_settings
    from firmware_host.service import settings as service_settings
    assert "console" in console_settings.SCHEMA and "console" not in service_settings.SCHEMA
    sections, _ = validate({"console": {"enabled": True, "host": "0.0.0.0", "port": 8181,
                                        "pin_hash": PIN_HASH, "session_minutes": 5}})
    made = ConsoleSettings.coerce(sections)
    assert (made.host, made.port, made.pin_hash, made.session_minutes) == \
        ("0.0.0.0", 8181, PIN_HASH, 5.0)
    assert not made.local_only and ConsoleSettings.coerce({}).local_only
    with pytest.raises(ConsoleSettingsError):
        ConsoleSettings.coerce({"port": "eighty"})


def test_a_stopped_service_gives_a_one_line_503_not_a_traceback(backend, mocker):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            mocker.patch.object(backend, "snapshot", autospec=True,
                                side_effect=RuntimeError("service stopped\nmore detail"))
            r = await client.get("/api/snapshot")
            assert r.status == 503
            assert (await r.json())["error"] == "the board service does not answer: service stopped"
    run(go())


# -- the log keeps secrets out ---------------------------------------------------------------
#: words that would tell a role, a party of a hand or discard, or a hand in a log line
SECRET_WORDS = ("dictator", "democrat", "fascist", "liberal", "hand", "party", "role")


def _words_below_warning(records) -> list[str]:
    found = []
    for rec in records:
        if rec.levelno >= logging.WARNING or not rec.name.startswith("firmware_host.console"):
            continue
        # the game's name, and the setup's mode of the roles (a mode name, no role)
        text = rec.getMessage().lower().replace("secret dictator", "").replace("roles dealt", "")
        found += [f"{rec.levelname} {text!r}" for w in SECRET_WORDS if w in text]
    return found


def test_R16_log_holds_only_command_name_and_seat_below_warning(backend, caplog):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)

            async def act(action):
                return await post_json(client, "/api/command",
                                       {"name": "act", "fields": {"action": action}}, token)
            await post_json(client, "/api/setup", {"setup": SETUP_5}, token)
            await post_json(client, "/api/command", {"name": "start"}, token)
            await act({"action": "nominate", "seat": 0, "target": 1})
            for seat in range(5):
                await act({"action": "vote", "seat": seat, "ballot": "ja"})
            hand = (await (await post_json(client, "/api/reveal", {"seat": 0}, token)).json())
            hand = hand["hands"]["0"]
            missing = "fascist" if "fascist" not in hand else "democratic"
            if missing in hand:  # a mixed hand: any party is there, refuse via a wrong seat
                r = await act({"action": "discard", "seat": 3, "party": hand[0]})
            else:
                r = await act({"action": "discard", "seat": 0, "party": missing})
            assert r.status == 400  # refused: the reason names the hand, the log must not
            assert (await act({"action": "discard", "seat": 0, "party": hand[0]})).status == 200
            r = await post_json(client, "/api/command",
                                {"name": "choose", "fields": {"seat": 1, "target": 2}}, token)
            return r

    with caplog.at_level(logging.DEBUG):
        run(go())
    assert _words_below_warning(caplog.records) == []
    infos = [r.getMessage() for r in caplog.records
             if r.name.startswith("firmware_host.console") and r.levelno == logging.INFO]
    # seats 0-based, as every log line and REPLAY.md
    assert "console: act discard, seat 0" in infos
    assert "console: act vote, seat 4" in infos
    assert "console: start" in infos
    assert "console: choose, seat 1" in infos


def test_R16_reveal_is_a_warning_without_the_secrets(backend, caplog):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            await post_json(client, "/api/setup", {"setup": SETUP_5}, token)
            await post_json(client, "/api/command", {"name": "start"}, token)
            for seat in (None, 2):
                r = await post_json(client, "/api/reveal", {"seat": seat}, token)
                assert r.status == 200 and "roles" in await r.json()

    with caplog.at_level(logging.DEBUG):
        run(go())
    reveals = [r for r in caplog.records if "secret revealed to game master" in r.getMessage()
               and r.name == "firmware_host.console"]
    assert [r.levelno for r in reveals] == [logging.WARNING, logging.WARNING]
    assert "all seats" in reveals[0].getMessage() and "(seat 2)" in reveals[1].getMessage()
    for rec in caplog.records:
        # the game's name (as said, and as the registry and the log lines name it) is no secret
        text = rec.getMessage().lower().replace("secret dictator", "").replace("secret_dictator", "")
        assert not any(w in text for w in SECRET_WORDS if w != "role"), text


# -- keeping a watching game master logged in -------------------------------------------------
async def _next(events, wanted: str):
    """Read events until one named ``wanted``; returns its data."""
    while True:
        name, data = await read_event(events)
        if name == wanted:
            return data
        assert name != "expired", "the session expired"


def test_keepalive_restarts_idle_time_and_stream_warns_a_minute_before_expiry(backend, board, clock):
    async def go():
        async with console_client(backend, clock, session_minutes=5) as client:
            await login(client)
            token = await csrf_token(client)
            events = await client.get("/api/events")
            await read_event(events)
            clock.advance(4 * 60 + 1)  # 59 s left
            unplug(board, "law")  # wakes the stream
            warning = await _next(events, "expiring")
            assert 0 < warning["seconds"] <= 60
            r = await post_json(client, "/api/keepalive", {}, token)
            assert r.status == 200 and (await r.json())["expires_in"] == 300
            clock.advance(4 * 60 + 30)  # 9.5 minutes since login, 4.5 since the keep-alive
            unplug(board, "ballot")
            warning = await _next(events, "expiring")  # warned again for the new idle period
            assert 0 < warning["seconds"] <= 60
            assert (await post_json(client, "/api/keepalive", {}, token)).status == 200
            clock.advance(5 * 60 + 1)
            assert (await post_json(client, "/api/keepalive", {}, token)).status == 401
            board.play(__import__("firmware_host.service.signals", fromlist=["parse_object"]).parse_object(
                {"signal": "replug", "reader": "law"}), mark=len(board.starts))
            board.advance(2.0)
            assert await _next(events, "expired")
            events.close()
    run(go())


def test_keepalive_needs_a_session_and_the_csrf_token(backend):
    async def go():
        async with console_client(backend) as client:
            r = await client.post("/api/keepalive", json={}, headers={"Origin": origin(client)})
            assert r.status == 401
            await login(client)
            r = await client.post("/api/keepalive", json={}, headers={"Origin": origin(client)})
            assert r.status == 403
    run(go())


@pytest.mark.parametrize("raw", [
    '{"name": "seat_settings", "fields": {"seat": 1, "volume": NaN}}',
    '{"name": "seat_settings", "fields": {"seat": 1, "rate": -Infinity}}',
    '{"name": "seat_settings", "fields": {"seat": 1, "scan_interval": 1e400}}',
    '{"name": "seat_settings", "fields": {"seat": 1, "rate": ' + "9" * 5000 + '}}',
    '{"name": "act", "fields": {"action": ' + "[" * 32 + "]" * 32 + '}}',
    '{"name": "act", "fields": {"action": ' + "[" * 20000 + "]" * 20000 + '}}',
    '{"name": "start", "fields": {}',
])
def test_nan_infinity_huge_numbers_and_deep_nesting_get_one_clear_400(backend, raw):
    from firmware_host.console.app import NOT_JSON

    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            r = await client.post("/api/command", data=raw.encode(), headers={
                "Origin": origin(client), "X-CSRF-Token": token, "Content-Type": "application/json"})
            return r.status, await r.json()

    status, body = run(go())
    assert status == 400 and body["error"] == NOT_JSON and body["code"] == "not_json"
    assert "NaN or Infinity" in NOT_JSON and "32 deep" in NOT_JSON
    assert commands(backend) == []


def test_strict_json_keeps_plain_values_and_nesting_up_to_the_limit():
    from firmware_host.console.app import MAX_DEPTH, parse_body
    assert parse_body('{"a": [1, 2.5, -0.0, "[[{{\\"", {"b": null}]}') == \
        {"a": [1, 2.5, -0.0, '[[{{"', {"b": None}]}
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_body(deep) is not None
    with pytest.raises(ValueError):
        parse_body("[" + deep + "]")
