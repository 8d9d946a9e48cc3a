"""End to end: the console in headless Chromium on the real board service and the MockBoard.

Signals go in at the level of pins and serial bytes (the simulator's ``play``), exactly as in
``firmware-host simulate``; the page must follow them live, undo must reach the journal, and
no secret may be on the page until the reveal control is pressed.
"""

from __future__ import annotations

import io
import re

import pytest
from console_browser import axe_violations, browser, needs_chromium, role_words  # noqa: F401
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


def test_game_on_the_mocked_board_seen_live_with_undo_reveal_and_confirmed_start(browser, board):
    sim, service, console = board
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(console.url)  # German, the board's default, until a setup names English
        page.get_by_label("PIN oder Token").fill(PIN)
        page.get_by_role("button", name="Anmelden").click()
        page.wait_for_selector("#connection:has-text('Live')")
        assert page.locator("html").get_attribute("lang") == "de"

        # the game master sets up a 5-player game in English and starts it
        page.get_by_label("Spieler", exact=True).select_option("5")
        page.get_by_label("Platz 1", exact=True).fill("Anna")
        page.get_by_label("Platz 3", exact=True).fill("Carl")
        page.get_by_label("Sprache").select_option("en")
        page.get_by_role("button", name="Spiel einrichten").click()
        page.wait_for_selector("#phase:has-text('Game set up for 5 players')")
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.get_by_label("Seat 3", exact=True).input_value() == "Carl"
        page.get_by_role("button", name="Start game", exact=True).click()
        page.wait_for_selector("#command-result:has-text('Done: start.')")
        sim.advance(1.0)
        page.wait_for_selector("#phase:has-text('Nomination: Anna (seat 1) nominates a chancellor.')")
        main = page.locator("main")
        assert role_words(main.inner_text()) == []

        # Anna nominates Carl by scanning: press, wait until the scan names seat 3, press
        play(sim, signal="button", seat=0, gesture="press")
        play(sim, signal="wait_for", key="scan.item", params={"seat": 2}, timeout=120.0)
        play(sim, signal="button", seat=0, gesture="press")
        page.wait_for_selector("#phase:has-text('Election: vote on president Anna (seat 1) "
                               "and chancellor Carl (seat 3).')")

        # the ballot tiles go into the ballot box
        for seat, ballot in enumerate(["ja", "nein", "ja", "ja", "nein"]):
            play(sim, signal="ballot", seat=seat, ballot=ballot)
        page.wait_for_selector("#facts:has-text('elected, 3 Ja to 2 Nein')")
        page.wait_for_selector("#phase:has-text('Legislative session: president Anna (seat 1)')")
        assert "Nein" in page.locator("#seats tbody tr").nth(1).inner_text()
        assert role_words(main.inner_text()) == []

        # a misread ballot: the game master undoes the last one
        page.get_by_role("button", name="Undo last action").click()
        page.wait_for_selector("#phase:has-text('Election:')")
        page.wait_for_selector("#facts:has-text('4 of 5')")
        assert service.call(lambda: service.game.game.phase) == "election"
        # the help form preselects the seat that must act now: the one whose ballot was undone
        page.wait_for_selector("#must-act:has-text('Seat 5')")
        assert page.locator("#act-seat").input_value() == "4"
        page.get_by_label("Action", exact=True).select_option("vote")
        assert page.get_by_label("Acting seat").input_value() == "4"
        # bad input is refused with its reason at once: Anna's ballot is in the box already
        page.get_by_label("Acting seat").select_option("0")
        page.get_by_role("button", name="Enter action").click()
        page.wait_for_selector("#help-result:has-text('Refused: Vote: that seat has already voted')")
        assert service.call(lambda: service.game.game.phase) == "election"
        page.get_by_label("Acting seat").select_option("4")

        # secrets only while revealed: one click shows them, they hide by themselves or on
        # a second click; each reveal is logged
        reveal = page.get_by_role("button", name="Reveal for 10 seconds")
        reveal.click()
        page.wait_for_selector("#reveal-panel .picture-row")
        roles = service.call(lambda: list(service.game.game.roles))
        said = page.locator("#reveal-panel li.cell .visually-hidden").all_inner_texts()
        assert [t.split(": ")[1].split(" (")[0] for t in said] == [r.capitalize() for r in roles]   # the game's words
        assert said[2].startswith("Carl (seat 3): ")
        page.get_by_role("button", name="Hide secrets now").click()
        page.wait_for_function("document.getElementById('reveal-panel').childElementCount === 0")
        assert role_words(main.inner_text()) == []

        # "Start game" during a game asks first; confirmed, a new game starts; "Undo" brings
        # the ended game back where it stood (journaled, announced)
        old_game = service.call(lambda: service.game.game_id)
        page.get_by_role("button", name="Start game", exact=True).click()
        page.wait_for_selector("#restart-confirm:has-text('A game is running')")
        assert service.call(lambda: service.game.game_id) == old_game   # nothing ended yet
        page.get_by_role("button", name="Yes, end it and start anew").click()
        page.wait_for_selector("#command-result:has-text('New game started')")
        sim.advance(1.0)
        assert service.call(lambda: service.game.game_id) != old_game
        page.wait_for_selector("#phase:has-text('Nomination')")
        page.get_by_role("button", name="Undo last action").click()
        page.wait_for_selector("#facts:has-text('4 of 5')")
        assert service.call(lambda: (service.game.game_id, service.game.game.phase)) == (old_game, "election")
        sim.advance(90.0)                        # speech takes time: the table hears it after what was queued
        page.wait_for_selector("#announcement-list:has-text('goes on')")     # gm.game_back, at the table

        assert axe_violations(page) == []
    finally:
        context.close()


def test_on_a_real_board_the_setup_form_offers_only_the_physical_deck(browser, tmp_path):
    """BOARD.md "A physical deck is never contradicted by a virtual one": with ``run``'s
    ``physical_deck`` the form's tracked deck cannot be chosen, and the game set up from the
    form plays the physical deck, untracked."""
    from firmware_host.service.backend import ConsoleBackend
    from firmware_host.service.simulator import Simulator
    sim = Simulator(out=io.StringIO(), journal_path=str(tmp_path / "journal.sqlite3"))
    sim.settings = sim.settings.replace(physical_deck=True)
    service = sim.start(VirtualClock())
    console = serve(ConsoleBackend(service), {"port": 0, "pin_hash": PIN_HASH})
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(console.url)
        page.get_by_label("PIN oder Token").fill(PIN)
        page.get_by_role("button", name="Anmelden").click()
        page.wait_for_selector("#connection:has-text('Live')")
        tracked = page.locator('input[name="deck"][value="tracked"]')
        untracked = page.locator('input[name="deck"][value="untracked"]')
        page.wait_for_function("document.querySelector('input[name=\"deck\"][value=\"tracked\"]').disabled")
        assert tracked.is_disabled() and untracked.is_checked()
        page.get_by_label("Spieler", exact=True).select_option("5")
        page.get_by_role("button", name="Spiel einrichten").click()
        page.wait_for_selector("#phase:has-text('5')")
        service.call(lambda: service.game.command("start"))
        sim.advance(1.0)
        assert service.call(lambda: service.game.snapshot())["view"]["deck"] == "untracked"
    finally:
        context.close()
        console.close()
        sim.stop()


#: German words that no English sentence of the page uses (a function word, the board's own
#: words, a German letter): one of them in an English part of the page is a German part
GERMAN = re.compile(r"\b(?:der|das|und|ist|nicht|Platz|Spieler|Spiel|eingerichtet|drücken|Taste|Brett|bitte"
                    r"|noch|keine|Leser|verbunden|Stimmen?|Sitzung|Ansagen|Störung|Spielleiter)\b|[äöüßÄÖÜ]")


def _text_by_language(page) -> list[tuple[str, str]]:
    """Every visible text of the page (and its labels for a screen reader) with the language
    its nearest ``lang`` names: what a screen reader says in which voice."""
    return [tuple(x) for x in page.evaluate("""() => {
      const out = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let n;
      while ((n = walker.nextNode())) {
        const t = n.textContent.trim(), p = n.parentElement;
        if (!t || p.closest('[hidden]') || p.closest('script')) continue;
        out.push([p.closest('[lang]').getAttribute('lang'), t]);
      }
      document.querySelectorAll('[aria-label],[title],[placeholder]').forEach((e) => {
        for (const a of ['aria-label', 'title', 'placeholder']) {
          const v = e.getAttribute(a);
          if (v) out.push([e.closest('[lang]').getAttribute('lang'), v]);
        }
      });
      return out;
    }""")]


@pytest.mark.parametrize("game", ["secret_dictator", "dying_message", "become_dictator", "autocracy"])
def test_an_english_game_on_a_german_board_speaks_english_throughout_its_page(browser, board, game):
    """The brief (a probe: an English game on a German board got a German console in parts):
    the game master of a German board sets up an English game from the console; from then on
    the page is English throughout (the setup's own result too, however soon the board's
    update comes), and what the board itself said in German before (its "ready") stays
    German, marked so (``lang="de"``), so a screen reader says each in its own voice."""
    sim, service, console = board
    sim.advance(1.0)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(console.url)
        page.get_by_label("PIN oder Token").fill(PIN)
        page.get_by_role("button", name="Anmelden").click()
        page.wait_for_selector("#connection:has-text('Live')")
        page.wait_for_selector("#announcement-list li:has-text('Brett: bereit')")
        page.locator("#setup-game").select_option(game)
        page.get_by_label("Spieler", exact=True).select_option("5")
        page.get_by_label("Sprache").select_option("en")
        page.get_by_role("button", name="Spiel einrichten").click()
        page.wait_for_selector("#command-result:has-text('Game set up for 5 players')")
        assert page.locator("html").get_attribute("lang") == "en"
        page.get_by_role("button", name="Start game", exact=True).click()
        page.wait_for_selector("#command-result:has-text('Done: start.')")
        sim.advance(3.0)
        page.wait_for_timeout(500)
        said = _text_by_language(page)
        german_in_english = [text for language, text in said if language == "en" and GERMAN.search(text)]
        assert german_in_english == []
        board_lines = [text for language, text in said if language == "de" and text != "Deutsch"]   # its own name
        assert board_lines and all(text.startswith("Brett: bereit") for text in board_lines), board_lines
    finally:
        context.close()
