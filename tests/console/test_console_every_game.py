"""Issue 32: the console is every game's. For each game the board plays, in headless Chromium
on the real board service and the MockBoard: its sample game is set up and a few moves are
played from board signals at a person's pace; the page shows that game's title and its own
picture of the public state (drawn from its pack, nothing of another game), none of its
secrets until the game master's reveal, and the game master helps a seat with the next legal
action of that game through the game's own help form."""

from __future__ import annotations

import json
import re

import pytest
from console_browser import axe_violations, browser, needs_chromium  # noqa: F401
from console_games import PLAYABLE, game_console
from console_helpers import PIN

from firmware_host.kernel import games
from firmware_host.service.backend import setup_options

pytestmark = needs_chromium


def english(words, names: list[str]) -> str:
    """A picture's words as the English page writes them (``{seat:N}`` named)."""
    text = words["en"] if isinstance(words, dict) else str(words)

    def seat(m: re.Match) -> str:
        n = int(m[1])
        return f"{names[n]} (seat {n + 1})" if n < len(names) and names[n] else f"Seat {n + 1}"
    return re.sub(r"\{seat:(\d+)\}", seat, text)


def fill_form(page, form: dict, act: dict) -> None:
    """Fill the help form ``form`` (the pack's) with the values of ``act``, as the game
    master would: a seat chosen by its name, a choice by its words, numbers typed."""
    page.get_by_label("Action", exact=True).select_option(act["action"])
    for f in form["fields"]:
        value = act.get(f["name"])
        control = page.locator(f"#act-{f['name']}")
        if f["kind"] in ("seat", "choice"):
            control.select_option("null" if value is None else json.dumps(value))
        elif f["kind"] == "seats":
            for s in value or []:
                page.locator(f"#act-{f['name']}-{s}").check()
        elif f["kind"] == "several":
            values = [c["value"] for c in f["choices"]]
            for v in value or []:
                page.locator(f"#act-{f['name']}-{values.index(v)}").check()
        elif f["kind"] == "int":
            control.fill(str(value + f.get("base", 0)))
        else:
            control.fill(", ".join(str(v + f.get("base", 0)) for v in value or []))


@pytest.mark.parametrize("name", PLAYABLE)
def test_issue32_each_games_console_draws_its_state_hides_its_secrets_and_helps_a_seat(browser, tmp_path, name):
    with game_console(tmp_path, name, moves=3) as played:
        names = played.setup["names"]
        snap = played.table.call(played.backend.snapshot)
        drawn = snap["picture"]
        secret = played.table.call(lambda: played.backend.reveal(None))["picture"]
        hidden = [english(c["label"], names) for r in secret["rows"] if r.get("hidden") for c in r["cells"]]
        public = {english(c["label"], names) for r in drawn["rows"] for c in r["cells"]} | {
            english(f["value"], names) for f in drawn["facts"]}
        secrets = [t for t in hidden if not any(t in p for p in public)]
        assert hidden and secrets, "the game has secrets behind the reveal"

        page = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()
        page.goto(played.console.url)
        page.get_by_label("PIN or token").fill(PIN)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_selector("#picture .picture-row")

        # its title and its own picture, in its own words; nothing of another game
        title = setup_options([name])[name]["title"]["en"]
        assert page.locator("header h1").inner_text().startswith(title)
        assert page.locator("#phase").inner_text() == english(drawn["phase"], names)
        assert page.locator("#picture [data-row]").evaluate_all("rs => rs.map(r => r.dataset.row)") == [
            r["id"] for r in drawn["rows"]]
        glance = page.locator("#glance").inner_text()
        for f in drawn["facts"]:
            assert english(f["label"], names) in glance and english(f["value"], names) in glance, f
        for r in drawn["rows"]:
            said = page.locator(f"#picture [data-row='{r['id']}'] .visually-hidden").all_inner_texts()
            assert [t.split(" (filled)")[0].split(" (the pin")[0] for t in said] == [
                english(c["label"], names) for c in r["cells"]], r["id"]
        if name != "secret_dictator":
            assert "Tracker" not in page.locator("main").inner_text() and "Fascist" not in glance
        readers = [english(r["label"], names) for r in drawn["readers"]]
        health = page.locator("#health-body").inner_text()
        assert all(r in health for r in readers) and ("reader" in health.lower()) == bool(readers)

        # no secret anywhere in the page before the reveal; the reveal shows them in its words
        html = page.content()
        assert [t for t in secrets if t in html] == []
        page.get_by_role("button", name="Reveal for 10 seconds").click()
        page.wait_for_selector("#reveal-panel .picture-row")
        shown = page.locator("#reveal-panel").inner_text()
        assert all(t in shown for t in secrets)
        page.get_by_role("button", name="Hide secrets now").click()
        page.wait_for_function("document.getElementById('reveal-panel').childElementCount === 0")

        # the game master helps a seat with the game's next legal action, by its own form
        act = played.next_action
        before = len(played.journaled())
        forms = {f["action"]: f for f in snap["actions"]}
        assert set(forms) == {f["action"] for f in games.pack(name).console_actions}
        fill_form(page, forms[act["action"]], act)
        page.get_by_role("button", name="Enter action").click()
        page.wait_for_selector("#help-result.ok, #help-result.error")
        assert page.locator("#help-result").inner_text().startswith("Done"), page.locator("#help-result").inner_text()
        journaled = played.journaled()
        assert len(journaled) > before
        made = journaled[before]
        assert (made["action"], made.get("seat")) == (act["action"], act["seat"])
        assert {k: v for k, v in act.items() if k != "dice"} == {k: v for k, v in made.items() if k in act and k != "dice"}
        assert axe_violations(page) == []


#: the words of each game's picture at its end (English)
GAME_OVER = {"secret_dictator": "Game over", "become_dictator": "game over", "dying_message": "game over",
             "autocracy": "Game over"}


@pytest.mark.slow
@pytest.mark.parametrize("name", PLAYABLE)
def test_issue32_at_game_over_each_games_picture_says_the_end_and_shows_what_became_public(tmp_path, name):
    """A whole sample game played by the seats: the picture says the game is over, asks no
    seat to act, and draws the secrets the end makes public (roles, hands, characters) as
    public rows, the same words as the reveal's."""
    with game_console(tmp_path, name, moves=10_000) as played:
        snap = played.table.call(played.backend.snapshot)
        assert snap["view"]["phase"] == "game_over"
        drawn = snap["picture"]
        assert GAME_OVER[name] in drawn["phase"]["en"] and drawn["waiting"] == []
        revealed = played.table.call(lambda: played.backend.reveal(None))["picture"]
        public = {c["label"]["en"] for r in drawn["rows"] for c in r["cells"]}
        hidden = {c["label"]["en"] for r in revealed["rows"] if r.get("hidden") for c in r["cells"]}
        if name != "become_dictator":       # its hands are drawn as the final roles, not card by card
            assert hidden and hidden <= public, sorted(hidden - public)[:3]
        else:
            finals = [row[-1] for row in [line["cells"] for line in drawn["table"]["rows"]]]
            assert all(f["en"] != "—" for f in finals)
