"""The page keeps the language of the game it last showed once the game master ends that game
("Restart"): a game master who set up an English game on a German board read, right after
confirming the end, "Spiel beendet…", "Kein Spiel eingerichtet." and German buttons, and the
next setup began in German (found by a probe). Headless Chromium on the real board service."""

from __future__ import annotations

import io

import pytest
from console_browser import browser, needs_chromium  # noqa: F401
from console_helpers import PIN, PIN_HASH

from firmware_host.clock import VirtualClock
from firmware_host.console import serve

pytestmark = needs_chromium


@pytest.fixture
def board(tmp_path):
    from firmware_host.service.backend import ConsoleBackend
    from firmware_host.service.simulator import Simulator
    sim = Simulator(out=io.StringIO(), journal_path=str(tmp_path / "journal.sqlite3"))
    service = sim.start(VirtualClock())
    handle = serve(ConsoleBackend(service), {"port": 0, "pin_hash": PIN_HASH})
    try:
        yield sim, handle
    finally:
        handle.close()
        sim.stop()


def test_an_english_game_ended_at_the_console_leaves_the_page_english(browser, board):
    sim, console = board
    page = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()
    page.goto(console.url)                       # the board's language: German
    page.get_by_label("PIN oder Token").fill(PIN)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_selector("#connection:has-text('Live')")
    page.get_by_label("Spieler", exact=True).select_option("5")
    page.get_by_label("Sprache").select_option("en")
    page.get_by_role("button", name="Spiel einrichten").click()
    page.wait_for_selector("#phase:has-text('Game set up for 5 players')")
    page.get_by_role("button", name="Start game", exact=True).click()
    page.wait_for_selector("#command-result:has-text('Done: start.')")
    sim.advance(1.0)
    page.locator("#restart").click()
    page.locator("#restart-yes").click()
    page.wait_for_selector("#phase:has-text('No game set up')")
    assert page.locator("html").get_attribute("lang") == "en"
    assert "Spiel" not in page.locator("#command-result").inner_text()
    assert page.get_by_label("Language").input_value() == "en"     # the next setup too
    page.reload()                                                   # and after a reload
    page.wait_for_selector("#connection:has-text('Live')")
    assert page.locator("html").get_attribute("lang") == "en"
