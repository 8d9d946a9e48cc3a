"""The console in headless Chromium on the board service's real console backend (the
MockBoard, a virtual clock moved on by the test)."""

from __future__ import annotations


import pytest
from console_browser import axe_violations, browser, needs_chromium, role_words  # noqa: F401
from console_helpers import PIN, PIN_HASH, act, commands, game, reveals, unplug

from firmware_host.console import serve

pytestmark = needs_chromium


@pytest.fixture
def console(backend):
    handle = serve(backend, {"port": 0, "pin_hash": PIN_HASH, "language": "en"})
    yield handle
    handle.close()


@pytest.fixture
def page(browser, console):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)  # lets axe-core in
    page = context.new_page()
    yield page
    context.close()


def log_in(page, console):
    page.goto(console.url)
    assert page.url.endswith("/login")
    page.get_by_label("PIN or token").fill(PIN)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(console.url)
    page.wait_for_selector("#connection:has-text('Live')")


def set_up_five(page):
    page.get_by_label("Players").select_option("5")
    page.get_by_label("Seat 1", exact=True).fill("Anna")
    page.get_by_label("Seat 3", exact=True).fill("Carl")
    page.get_by_label("Language").select_option("en")
    page.get_by_label("First president (the oldest player)").select_option("0")
    page.get_by_role("button", name="Set up game").click()
    page.wait_for_selector("#phase:has-text('Game set up for 5 players')")


def start(page, board) -> None:
    """The game master starts the game set up; the board says its opening."""
    page.get_by_role("button", name="Start game", exact=True).click()
    page.wait_for_selector("#command-result:has-text('Done: start.')")
    board.advance(1.0)


def test_log_in_set_up_and_follow_a_nomination_and_vote(page, console, backend, board):
    log_in(page, console)
    assert page.title().startswith("Game master console")
    set_up_five(page)
    assert backend.setup_game.call_args.args[0]["names"][:3] == ["Anna", "", "Carl"]
    start(page, board)
    page.wait_for_selector("#phase:has-text('Nomination: Anna (seat 1) nominates')")
    act(board, {"action": "nominate", "seat": 0, "target": 2})
    page.wait_for_selector("#phase:has-text('Election: vote on president Anna (seat 1) "
                           "and chancellor Carl (seat 3)')")
    for seat, ballot in enumerate(["ja", "ja", "nein", "ja", "nein"]):
        act(board, {"action": "vote", "seat": seat, "ballot": ballot})
    page.wait_for_selector("#facts:has-text('elected, 3 Ja to 2 Nein')")
    page.wait_for_selector("#phase:has-text('Legislative session')")
    rows = page.locator("#seats tbody tr")
    assert rows.count() == 5
    assert "Nein" in rows.nth(2).inner_text() and "Chancellor" in rows.nth(2).inner_text()
    for _ in range(120):                                # the table hears the votes revealed
        if "Votes revealed" in page.locator("#announcement-list").inner_text():
            break
        board.advance(5.0)
        page.wait_for_timeout(50)
    assert "Votes revealed" in page.locator("#announcement-list").inner_text()


def test_undo_the_last_action_from_the_console(page, console, backend, board):
    log_in(page, console)
    set_up_five(page)
    start(page, board)
    page.wait_for_selector("#phase:has-text('Nomination')")
    page.get_by_label("Seat choosing").select_option("0")
    page.get_by_label("Chosen seat").select_option("3")
    page.get_by_role("button", name="Enter action").click()
    page.wait_for_selector("#phase:has-text('Election')")
    page.get_by_role("button", name="Undo last action").click()
    page.wait_for_selector("#phase:has-text('Nomination')")
    assert game(board).phase == "nomination"
    assert page.locator("#command-result").inner_text() == "Done: undo."
    page.get_by_label("Action", exact=True).select_option("nominate")
    assert page.get_by_label("Ballot", exact=True).count() == 0     # only the nomination's fields
    page.get_by_label("Acting seat").select_option("0")
    page.get_by_label("Target seat").select_option("0")
    page.get_by_role("button", name="Enter action").click()
    page.wait_for_selector("#help-result.error")
    assert page.locator("#help-result").inner_text().startswith("Refused:")


def test_secrets_appear_on_click_and_keyboard_hide_by_themselves_and_are_logged(page, console, backend, board):
    """The reveal is a toggle that hides itself (a click, a tap, Enter or Space, and a
    screen reader's activation in browse mode, which is a click): each reveal is logged."""
    page.clock.install()
    log_in(page, console)
    set_up_five(page)
    start(page, board)
    page.wait_for_selector("#phase:has-text('Nomination')")
    roles = game(board).roles
    assert role_words(page.locator("main").inner_text()) == []
    reveal = page.get_by_role("button", name="Reveal for 10 seconds")
    reveal.click()
    page.wait_for_selector("#reveal-panel .picture-row")
    text = page.locator("#reveal-panel").inner_text()
    assert text.count("Dictator") == 1 and roles.index("dictator") >= 0      # the game's own words
    assert "dictator" not in text                                           # never a raw role id
    assert axe_violations(page) == []  # the revealed picture is accessible too
    assert page.locator("#reveal").get_attribute("aria-pressed") == "true"
    page.clock.run_for(11000)                               # REVEAL_SECONDS and a little
    page.wait_for_function("document.getElementById('reveal-panel').childElementCount === 0")
    assert role_words(page.locator("main").inner_text()) == []
    # the keyboard works the same: Enter shows, Space hides
    page.get_by_label("Show").select_option("2")
    reveal.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#reveal-panel .picture-row")
    assert page.locator("#reveal-panel li.cell").count() == 1
    page.keyboard.press(" ")
    page.wait_for_function("document.getElementById('reveal-panel').childElementCount === 0")
    assert reveals(backend) == [None, 2]


@pytest.mark.parametrize("width,height", [(390, 844), (320, 640)])
def test_phone_layout_has_no_sideways_scroll_and_who_must_act_on_the_first_screen(browser, console, backend, board,
                                                                                  width, height):
    """WCAG 1.4.10 reflow: at 320 CSS px no horizontal scrolling; the phase, who must act
    and the game's picture start on the first screen (the other sections fold away)."""
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True,
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        log_in(page, console)
        backend.setup_game({"players": 7, "names": ["Anna", "Benedikt", "Carla", "Dieter",
                                                    "Emine", "Friederike", "Gregor"],
                            "language": "en", "first_president": 0, "variant": "rulebook"})
        backend.command("start")
        board.advance(1.0)
        act(board, {"action": "nominate", "seat": 0, "target": 5})
        page.wait_for_selector("#phase:has-text('Election')")
        page.wait_for_selector("#must-act:has-text('Must act now')")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{overflow} px of sideways scrolling at {width} px"
        for selector in ("#phase", "#must-act", "#picture .picture-row >> nth=0"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, (selector, box)
        # a folded section opens from its heading, and is reachable by the section links
        page.get_by_text("Reveal for 10 seconds").is_hidden()
        page.locator("#secrets summary").tap()
        assert page.get_by_role("button", name="Reveal for 10 seconds").is_visible()
        page.get_by_role("button", name="Reveal for 10 seconds").tap()
        page.wait_for_selector("#reveal-panel .picture-row")
        assert reveals(backend) == [None]
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
        # "help a seat" opened: its form (an action select as wide as its longest action's
        # name) stays within the page too
        page.locator("#help summary").tap()
        assert page.locator("#act-kind").is_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{overflow} px of sideways scrolling at {width} px with the help form open"
        assert axe_violations(page) == []
    finally:
        context.close()


def test_console_page_has_no_serious_accessibility_violation(page, console, backend, board):
    log_in(page, console)
    set_up_five(page)
    start(page, board)
    act(board, {"action": "nominate", "seat": 0, "target": 1})
    unplug(board, "ballot")
    page.wait_for_selector("#health-body:has-text('disconnected')")
    assert axe_violations(page) == []
    for landmark in ("banner", "navigation", "main"):
        assert page.get_by_role(landmark).count() >= 1
    assert page.locator("#announce-live").get_attribute("aria-live") == "polite"
    assert page.locator("#fault-live").get_attribute("aria-live") == "assertive"


def test_login_page_has_no_serious_accessibility_violation(page, console):
    page.goto(console.url + "login")
    assert axe_violations(page) == []


def test_watching_game_master_is_warned_and_any_key_keeps_the_session(browser, backend, board):
    from firmware_host.clock import VirtualClock
    clock = VirtualClock(1000.0)
    handle = serve(backend, {"port": 0, "pin_hash": PIN_HASH, "session_minutes": 5,
                             "language": "en"}, clock=clock)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        log_in(page, handle)
        clock.advance(4 * 60 + 1)
        unplug(board, "law")  # any change wakes the event stream
        page.wait_for_selector("#session-warning:visible")
        page.wait_for_selector("#fault-live:has-text('Session ends in one minute')")
        page.keyboard.press("Shift")
        page.wait_for_selector("#session-warning", state="hidden")
        clock.advance(4 * 60 + 1)  # 8 minutes since login, 4 since the key press
        status = page.evaluate("async () => (await fetch('/api/snapshot')).status")
        assert status == 200
        assert axe_violations(page) == []
    finally:
        context.close()
        handle.close()


def test_german_page_by_default_switches_to_the_setups_language(browser, backend, board):
    handle = serve(backend, {"port": 0, "pin_hash": PIN_HASH})
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(handle.url)
        assert page.locator("html").get_attribute("lang") == "de"
        assert axe_violations(page) == []  # the German login page
        page.get_by_label("PIN oder Token").fill(PIN)
        page.get_by_role("button", name="Anmelden").click()
        page.wait_for_selector("#connection:has-text('Live')")
        assert page.title().startswith("Spielleitungs-Konsole")
        page.wait_for_selector("#phase:has-text('Kein Spiel eingerichtet.')")
        assert page.locator("#picture").is_hidden()        # no game: no game's picture (issue 32)
        assert axe_violations(page) == []
        page.get_by_label("Spieler", exact=True).select_option("5")
        page.get_by_role("button", name="Spiel einrichten").click()
        page.wait_for_selector("#phase:has-text('Spiel für 5 Spieler eingerichtet')")
        page.get_by_role("button", name="Spiel starten").click()
        page.wait_for_selector("#command-result:has-text('Erledigt')")
        board.advance(1.0)
        page.wait_for_selector("#phase:has-text('Nominierung: Platz 1 nominiert einen Kanzler.')")
        assert page.locator("html").get_attribute("lang") == "de"
        # the backend's English refusal arrives as a code the page words in German
        page.get_by_role("button", name="Letzte Aktion zurücknehmen").click()
        page.wait_for_selector("#command-result:has-text('Abgelehnt: Nichts zurückzunehmen: "
                               "seit Spielbeginn gab es keine Aktion')")
        assert "nothing to undo" not in page.locator("main").inner_text()
        # one law on the discard pile is "1 Gesetz", never "1 Gesetze"
        act(board, {"action": "nominate", "seat": 0, "target": 2})
        for seat in range(5):
            act(board, {"action": "vote", "seat": seat, "ballot": "ja"})
        from firmware_host.games.secret_dictator import private_view
        party = private_view(game(board), 0)["hand"][0]
        act(board, {"action": "discard", "seat": 0, "party": party})
        page.wait_for_selector("#facts:has-text('Ablagestapel')")
        page.wait_for_function("/\\b1 Gesetz$/m.test(document.getElementById('facts').innerText)")
        assert "1 Gesetze" not in page.locator("#facts").inner_text()
        # the restart confirmation in German, accessible while open
        page.get_by_role("button", name="Spiel neu starten").click()
        assert page.get_by_role("group", name="Das laufende Spiel beenden").is_visible()
        assert axe_violations(page) == []
        page.get_by_role("button", name="Ja, Spiel beenden").click()
        page.wait_for_selector("#phase:has-text('Kein Spiel eingerichtet.')")
        page.get_by_label("Sprache").select_option("en")
        page.get_by_role("button", name="Spiel einrichten").click()
        page.wait_for_selector("#phase:has-text('Game set up for 5 players')")
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.get_by_role("button", name="Start game", exact=True).count() == 1
        assert page.get_by_role("navigation", name="Console sections").count() == 1
        assert axe_violations(page) == []
    finally:
        context.close()
        handle.close()


def test_restart_needs_a_second_confirmation_and_returns_to_the_setup(page, console, backend, board):
    log_in(page, console)
    set_up_five(page)
    start(page, board)
    page.wait_for_selector("#phase:has-text('Nomination')")
    restart = page.get_by_role("button", name="Restart game")
    confirm = page.get_by_role("group", name="End the current game and go back to the setup?")
    assert restart.get_attribute("aria-expanded") == "false" and confirm.is_hidden()
    restart.click()
    assert restart.get_attribute("aria-expanded") == "true" and confirm.is_visible()
    yes = page.get_by_role("button", name="Yes, end the game")
    assert page.evaluate("document.activeElement.id") == "restart-yes"
    assert axe_violations(page) == []
    page.keyboard.press("Escape")  # cancelled: nothing sent, focus back on the restart button
    assert confirm.is_hidden() and page.evaluate("document.activeElement.id") == "restart"
    page.get_by_role("button", name="Restart game").click()
    page.get_by_role("button", name="Cancel").click()
    assert confirm.is_hidden() and "restart" not in [name for name, _ in commands(backend)]
    assert game(board) is not None
    restart.click()
    yes.click()
    page.wait_for_selector("#command-result:has-text('Game ended.')")
    page.wait_for_selector("#phase:has-text('No game set up.')")
    assert [name for name, _ in commands(backend)].count("restart") == 1 and game(board) is None
    assert page.evaluate("document.activeElement.id") == "setup-players"


@pytest.mark.parametrize("seats, offered", [(7, 7), (None, 10)])
def test_seat_settings_before_a_game_offer_the_boards_configured_seats(browser, backend, mocker, seats, offered):
    mocker.patch.object(backend, "board_seats", autospec=True, return_value=seats)   # the board's [seats]
    handle = serve(backend, {"port": 0, "pin_hash": PIN_HASH})
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(handle.url)
        page.get_by_label("PIN oder Token").fill(PIN)
        page.get_by_role("button", name="Anmelden").click()
        page.wait_for_selector("#connection:has-text('Live')")
        page.wait_for_function(f"document.querySelectorAll('#ss-seat option').length === {offered}")
        options = page.locator("#ss-seat option").all_inner_texts()
        assert options[0] == "Platz 1" and options[-1] == f"Platz {offered}"
    finally:
        context.close()
        handle.close()


def test_issue33_a_names_pronunciation_override_is_shown_as_the_name(page, console, backend, board):
    """Issue 33: "Siobhan [[S@v'O:n]]" is for the voice; the page names the seat "Siobhan"."""
    log_in(page, console)
    backend.setup_game({"players": 5, "names": ["Anna", "Siobhan [[S@v'O:n]]", "", "", ""],
                        "language": "en", "first_president": 0})
    backend.command("start")
    board.advance(1.0)
    act(board, {"action": "nominate", "seat": 0, "target": 1})
    page.wait_for_selector("#phase:has-text('Election')")
    page.wait_for_selector("body:has-text('Siobhan (seat 2)')")
    shown = page.locator("body").inner_text()
    assert "S@v'O:n" not in shown and "[[" not in shown
