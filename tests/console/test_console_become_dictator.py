"""The console's public state of In this way I become a DICTATOR (DICTATOR.md D31, D28), in
headless Chromium on the real board service and the MockBoard."""

from __future__ import annotations

import io

import pytest
from console_browser import axe_violations, browser, needs_chromium  # noqa: F401
from console_helpers import PIN, PIN_HASH, play_signal

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
        yield sim, service, handle
    finally:
        handle.close()
        sim.stop()


def play(sim, **signal):
    """One signal; a ``wait_for`` as a player hears it (the clip ended, then a reaction)."""
    play_signal(sim, **signal)


def test_the_page_shows_day_step_time_card_votes_ranks_rights_and_reveals(browser, board):
    sim, service, console = board
    service.call(lambda: service.game.setup_game(
        {"game": "become_dictator", "players": 4, "language": "en", "names": ["Anna"], "morning_seconds": 180}))
    page = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()
    page.goto(console.url)
    page.get_by_label("PIN or token").fill(PIN)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_selector("#connection:has-text('Live')")
    page.wait_for_selector("#phase:has-text('Day 1: morning, discussion')")
    assert page.locator("#picture [data-row]").evaluate_all("rs => rs.map(r => r.dataset.row)") == [
        "days", "votes"]                            # its own picture: no law track, no tracker
    page.wait_for_selector("#facts:has-text('Time Card: votes; tonight drop 2, revealed')")

    sim.advance(200.0)          # the morning ends at 180 s; its last words take seconds to say
    page.wait_for_selector("#phase:has-text('Day 1: votes (open)')")
    for seat, target in ((0, 1), (1, 2), (2, 1), (3, 0)):
        play(sim, signal="button", seat=seat, gesture="press")
        play(sim, signal="wait_for", key="scan.seat", params={"seat": target}, timeout=120.0)
        play(sim, signal="button", seat=seat, gesture="press")
        play(sim, signal="wait_for", key="scan.confirm.vote", params={"target": target}, timeout=120.0)
        play(sim, signal="button", seat=seat, gesture="press")
    page.wait_for_selector("#phase:has-text('Day 1: night, drops (secret)')")
    rows = page.locator("#seats tbody tr")
    assert rows.count() == 4
    first = rows.nth(0).inner_text().split("\t")
    assert first[:5] == ["Seat 1", "Anna", "1", "2", "4"]
    assert "Anna (seat 1)" in page.locator("#must-act").inner_text()           # must act (night)
    assert rows.nth(1).inner_text().split("\t")[2:4] == ["2", "1"]
    assert rows.nth(3).inner_text().split("\t")[2:4] == ["0", "—"]

    for seat in range(4):
        service.call(lambda seat=seat: service.game.command(
            "act", action={"action": "drop", "seat": seat, "roles": ["dictator", "jester"]}))
    page.wait_for_selector("#facts:has-text('Night 1')")
    facts = page.locator("#facts").inner_text()
    assert "4 × Dictator, 4 × Jester" in facts
    page.wait_for_selector("#phase:has-text('Day 2: morning, discussion')")
    assert "Noble" not in page.locator("#glance").inner_text()     # no hand on the page (D28)
    assert axe_violations(page) == []


def until(page, selector: str, seconds: float = 60.0) -> None:
    """Wait for ``selector`` while the page's installed clock runs on (its timers fire)."""
    import time
    end = time.monotonic() + seconds
    while not page.locator(selector).count():
        assert time.monotonic() < end, (f"no {selector} within {seconds} s: result "
                                        f"{page.locator('#command-result').inner_text()!r}, phase "
                                        f"{page.locator('#phase').inner_text()!r}")
        page.clock.run_for(250)
        time.sleep(0.05)


def test_D30_the_setup_offers_every_registered_game_and_sets_up_this_one_with_its_options(browser, board):
    """The game master chooses the game in the setup (every game of the registry; one the
    board cannot play yet is shown, disabled), sees only that game's options (here 4-10
    players, the morning's timer, the night-4 variant) and starts it from the page."""
    from firmware_host.kernel import games
    sim, service, console = board
    page = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()
    page.clock.install()
    page.goto(console.url)
    page.get_by_label("PIN oder Token").fill(PIN)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_selector("#connection:has-text('Live')")
    page.get_by_label("Sprache").select_option("en")

    game = page.get_by_label("Spiel", exact=True)
    options = game.locator("option")
    assert options.evaluate_all("os => os.map(o => o.value)") == list(games.names())
    disabled = options.evaluate_all("os => os.filter(o => o.disabled).map(o => o.value)")
    assert disabled == [n for n in games.names()
                        if not callable(games.pack(n).adapter)]
    assert page.locator("#setup-variant").is_visible() and page.locator("#setup-morning").count() == 0

    game.select_option("become_dictator")       # its pack's fields, drawn by the console
    assert page.locator("#setup-variant").count() == 0 and page.locator("#setup-morning").is_visible()
    players = page.get_by_label("Spieler", exact=True)
    assert players.locator("option").all_inner_texts() == [str(n) for n in range(4, 11)]
    players.select_option("4")
    page.get_by_label("Platz 2", exact=True).fill("Bea")
    page.locator("#setup-morning").select_option("600")
    page.locator("#setup-reveal4").check()
    page.get_by_role("button", name="Spiel einrichten").click()
    until(page, "#phase:has-text('Game set up for 4 players, not started')")   # in English now
    assert service.game.current == "become_dictator"
    setup = service.call(service.game.public_setup)
    assert (setup["players"], setup["switches"], setup["morning_seconds"], setup["names"]) == (
        4, {"reveal_night_4": True}, 600.0, {"1": "Bea"})

    page.get_by_role("button", name="Start game", exact=True).click()
    until(page, "#command-result:has-text('Done: start.')")
    sim.advance(1.0)
    until(page, "#phase:has-text('Day 1: morning, discussion')")
    assert service.call(lambda: service.game.active.wait.ends_at - service.clock.now()) > 590
    assert page.get_by_label("Game", exact=True).input_value() == "become_dictator"

    # back to Secret Dictator: its own options again, 5-10 players
    page.get_by_label("Game", exact=True).select_option("secret_dictator")
    assert page.locator("#setup-variant").is_visible() and page.locator("#setup-morning").count() == 0
    assert page.get_by_label("Players", exact=True).locator("option").all_inner_texts() == [
        str(n) for n in range(5, 11)]
    assert axe_violations(page) == []
