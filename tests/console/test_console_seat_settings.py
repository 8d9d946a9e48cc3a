"""A seat's own settings from the console (ACCESSIBILITY.md 19: speech rate, volume, wording,
scan interval, name) through ``backend.command("seat_settings", …)`` on the real service; and
one seat numbering in the logs (0-based, as REPLAY.md), so a reveal or a command is logged
with the same seat by the console and the service."""

from __future__ import annotations

import io
import logging
import re

import pytest
from console_browser import axe_violations, browser, needs_chromium  # noqa: F401
from console_helpers import PIN, PIN_HASH, commands, console_client, csrf_token, login, post_json, run

from firmware_host.clock import VirtualClock
from firmware_host.console.app import COMMANDS, command_summary
from firmware_host.table import pace

SETUP = {"players": 5, "language": "en", "names": ["Anna", "", "", "", ""]}


@pytest.fixture
def service(tmp_path):
    """The real board service on the mocked board (as ``simulate``), on a virtual clock."""
    from firmware_host.service.simulator import Simulator
    sim = Simulator(out=io.StringIO(), journal_path=str(tmp_path / "journal.sqlite3"))
    svc = sim.start(VirtualClock())
    try:
        yield svc
    finally:
        sim.stop()


@pytest.fixture
def real_backend(service):
    from firmware_host.service.backend import ConsoleBackend
    return ConsoleBackend(service)


def test_A19_seat_settings_is_a_console_command():
    assert "seat_settings" in COMMANDS
    assert command_summary("seat_settings", {"seat": 2, "name": "Anna", "rate": 300}) == "seat_settings, seat 2"


def test_A19_seat_settings_reach_the_service_and_out_of_range_changes_nothing(real_backend, service):
    async def go():
        async with console_client(real_backend) as client:
            await login(client)
            token = await csrf_token(client)
            ok = await post_json(client, "/api/command", {"name": "seat_settings", "fields": {
                "seat": 1, "rate": 300, "volume": 0.5, "verbosity": "short", "scan_interval": 2.5,
                "name": "Ben"}}, token)
            bad = await post_json(client, "/api/command", {"name": "seat_settings", "fields": {
                "seat": 1, "rate": 9000, "name": "Carl"}}, token)
            snap = await (await client.get("/api/snapshot")).json()
            return ok.status, bad.status, (await bad.json())["error"], snap

    ok, bad, error, snap = run(go())
    assert ok == 200
    assert bad == 400 and "rate" in error and "\n" not in error
    assert snap["seat_settings"]["1"] == {"rate": 300, "volume": 0.5, "verbosity": "short",
                                          "scan_interval": 2.5, "name": "Ben"}


def test_A31_the_snapshot_shows_each_seats_learned_pace(real_backend, service):
    """A seat's typical reaction and its window after a scan item, from its first act on."""
    paces = service.call(lambda: pace.for_service(service))
    assert real_backend.snapshot()["seat_pace"] == {}
    service.call(lambda: paces.react(3, 2.4))
    # the window of a seat's pace: at least its typical reaction / 0.65 (the ".65 rule", A31)
    assert real_backend.snapshot()["seat_pace"] == {"3": {"acts": 1, "reaction": 2.4, "window": round(2.4 / 0.65, 2)}}
    service.call(lambda: [paces.react(3, r) for r in (2.5, 2.6)])
    learned = real_backend.snapshot()["seat_pace"]["3"]
    assert learned["acts"] == 3 and learned["reaction"] == 2.5 and 3.0 < learned["window"] <= 6.0


def test_A19_page_has_a_labelled_seat_settings_form(backend):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            return await (await client.get("/")).text()

    page = run(go())
    form = re.search(r'<form id="seat-settings-form".*?</form>', page, re.S).group(0)
    ids = re.findall(r'<(?:input|select)[^>]*\bid="([^"]+)"', form)
    assert set(ids) >= {"ss-seat", "ss-name", "ss-rate", "ss-volume", "ss-verbosity", "ss-scan-interval",
                        "ss-gender"}
    for i in ids:
        assert re.search(rf'<label for="{i}"[^>]*>[^<]+</label>', form), f"no label for {i}"
    assert 'href="#seat-settings"' in page


def test_reveal_and_commands_log_one_seat_numbering(real_backend, caplog):
    async def go():
        async with console_client(real_backend) as client:
            await login(client)
            token = await csrf_token(client)
            await post_json(client, "/api/setup", {"setup": SETUP}, token)
            await post_json(client, "/api/command", {"name": "start"}, token)
            assert (await post_json(client, "/api/reveal", {"seat": 2}, token)).status == 200
            await post_json(client, "/api/command", {"name": "choose", "fields": {"seat": 0, "target": 3}}, token)

    with caplog.at_level(logging.INFO, logger="firmware_host"):
        run(go())
    reveals = [r.getMessage() for r in caplog.records if "secret revealed to game master" in r.getMessage()]
    assert len(reveals) == 2
    assert all(re.findall(r"seat (\d+)", m) == ["2"] for m in reveals), reveals
    assert "console: choose, seat 0" in [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("raw", ['{"name": "seat_settings", "fields": {"seat": 1, "volume": NaN}}',
                                 '{"name": "seat_settings", "fields": {"seat": 1, "rate": Infinity}}',
                                 '{"name": "act", "fields": {"action": ' + '[' * 20000 + ']' * 20000 + '}}'])
def test_request_with_nan_infinity_or_deep_nesting_is_not_json(backend, raw):
    from console_helpers import origin

    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            r = await client.post("/api/command", data=raw.encode(), headers={
                "Origin": origin(client), "X-CSRF-Token": token, "Content-Type": "application/json"})
            return r.status, (await r.json())["error"]

    status, error = run(go())
    assert status == 400 and "\n" not in error
    assert commands(backend) == []


@needs_chromium
def test_A19_seat_settings_form_in_the_browser(browser, real_backend, service):  # noqa: F811
    # last in this module: the browser fixture keeps an event loop on this thread
    from firmware_host.console import serve
    handle = serve(real_backend, {"port": 0, "pin_hash": PIN_HASH})
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(handle.url)
        page.get_by_label("PIN oder Token").fill(PIN)
        page.get_by_role("button", name="Anmelden").click()
        page.wait_for_selector("#connection:has-text('Live')")
        service.call(lambda: service.game.setup_game(dict(SETUP, seed=3)))
        page.wait_for_function("document.documentElement.lang === 'en'")
        form = page.locator("#seat-settings-form")
        form.get_by_label("Seat", exact=True).select_option("2")
        form.get_by_label("Name").fill("Dora")
        form.get_by_label("Speech rate (words per minute, 80 to 450)").fill("320")
        form.get_by_label("Volume (percent, 0 to 100)").fill("60")
        form.get_by_label("Wording").select_option("long")
        form.get_by_label("Scan interval (seconds, 0.5 to 5)").fill("3")
        form.get_by_label("Grammatical gender").select_option("f")
        form.get_by_role("button", name="Save seat settings").click()
        page.wait_for_selector("#seat-settings-result.ok")
        stored = service.call(lambda: service.game.snapshot()["seat_settings"])
        assert stored["2"] == {"rate": 320, "volume": 0.6, "verbosity": "long", "scan_interval": 3.0,
                               "name": "Dora", "gender": "f"}
        # a value out of range: refused in one line, nothing changed
        form.get_by_label("Speech rate (words per minute, 80 to 450)").fill("20")
        form.get_by_role("button", name="Save seat settings").click()
        page.wait_for_selector("#seat-settings-result.error")
        assert service.call(lambda: service.game.snapshot()["seat_settings"])["2"]["rate"] == 320
        # another seat shows its own (empty) settings; seat 3 again shows what was stored
        form.get_by_label("Seat", exact=True).select_option("1")
        assert form.get_by_label("Name").input_value() == ""
        form.get_by_label("Seat", exact=True).select_option("2")
        assert form.get_by_label("Name").input_value() == "Dora"
        # the seat's learned pace beside its settings (ACCESSIBILITY.md 31)
        assert page.locator("#ss-pace").text_content() == "Learned pace: none yet (the board's timing)."
        service.call(lambda: [pace.for_service(service).react(2, r) for r in (2.4, 2.5, 2.6)])
        service.call(lambda: service.game.setup_game(dict(SETUP, seed=4)))     # a new picture
        page.wait_for_function("document.getElementById('ss-pace').textContent.includes('about 2.5 s')")
        assert axe_violations(page) == []
    finally:
        context.close()
        handle.close()
