"""The console's public state of Dying Message (DYING_MESSAGE.md M47, M50, M39), in headless
Chromium on the real board service and the MockBoard, the night played by the seats from
board signals at a person's pace."""

from __future__ import annotations

import pytest
from console_browser import axe_violations, browser, needs_chromium  # noqa: F401
from console_games import game_console
from console_helpers import PIN

pytestmark = needs_chromium

CHARACTERS = {"killer": "Killer", "citizen": "Citizen", "private_detective": "Private Detective",
              "celebrity": "Celebrity", "aristocrat": "Aristocrat", "accomplice": "Accomplice"}


def test_M50_the_page_shows_round_step_the_dead_the_message_area_and_no_living_character(browser, tmp_path):
    with game_console(tmp_path, "dying_message", moves=3) as played:
        night = played.actions[:3]                      # the killers' victim, the genuine and fake messages
        assert [a["action"] for a in night] == ["kill", "genuine", "fake"]
        victim = night[0]["targets"][0]
        messages = sorted(night[1]["cards"] + night[2]["cards"])
        roles = played.table.call(lambda: played.backend.reveal(None))["roles"]
        page = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()
        page.goto(played.console.url)
        page.get_by_label("PIN or token").fill(PIN)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_selector("#phase:has-text('Round 1')")
        assert page.locator("#picture [data-row]").evaluate_all("rs => rs.map(r => r.dataset.row)") == [
            "seats", "message-area", "evidence-pool"]          # no track, no tracker: its own picture
        # the message area: the night's genuine and fake messages, by number (M47)
        area = page.locator("#picture [data-row='message-area'] .visually-hidden").all_inner_texts()
        assert [int(t.split(":")[0].split()[-1]) - 1 for t in area] == messages
        # the dead, with their character (public at death, M39); the living's are not shown
        rows = page.locator("#seats tbody tr")
        assert rows.count() == int(played.setup["players"])
        dead = rows.nth(victim).inner_text().split("\t")
        assert dead[2:4] == ["dead (round 1)", CHARACTERS[roles[victim]]]
        name = played.setup["names"][victim]
        assert f"{name} (seat {victim + 1}): {CHARACTERS[roles[victim]]}" in page.locator("#facts").inner_text()
        glance = page.locator("#glance").inner_text()
        for s, r in roles.items():
            if s != victim:
                assert f"(seat {s + 1}): {CHARACTERS[r]}" not in glance
        assert "1 × Killer" in glance                           # in play: public (M8)
        assert axe_violations(page) == []
