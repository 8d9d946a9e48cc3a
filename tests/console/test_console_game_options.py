"""Issue 22: the console draws each game's setup fields from its pack's console options
(``GamePack.console_options``: the player count and the game's own fields; the title from its
lobby); ``console.js`` knows no game. In headless Chromium on the real board service and the MockBoard, for every
registered game the board can play."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from console_browser import axe_violations, browser, needs_chromium  # noqa: F401
from console_helpers import PIN, PIN_HASH

from firmware_host.kernel import games
from firmware_host.clock import VirtualClock
from firmware_host.console import serve
from firmware_host.console.messages import LANGUAGES
from firmware_host.service.backend import setup_options

STATIC = Path(__file__).resolve().parents[2] / "firmware_host" / "console" / "static"
PLAYABLE = [n for n in games.names() if callable(games.pack(n).adapter)]


def players_of(opts: dict) -> dict:
    return next(f for f in opts["fields"] if f["name"] == "players")


def own_fields(opts: dict) -> list[dict]:
    return [f for f in opts["fields"] if f["name"] != "players"]


def test_every_playable_game_brings_its_console_options():
    options = setup_options(list(games.names()))
    assert set(PLAYABLE) <= set(options)
    for name, opts in options.items():
        count = players_of(opts)
        assert count["kind"] == "int" and count["min"] <= count["default"] <= count["max"], name
        assert set(opts["title"]) == {"de", "en"}, name
        names = [f["name"] for f in opts["fields"]]
        assert len(names) == len(set(names)), name
        for f in own_fields(opts):
            assert f["kind"] in ("int", "choice", "bool", "seconds", "seat"), (name, f)
            # a label in every language the console speaks (German, English, French)
            assert isinstance(f["label"], str) or set(f["label"]) == set(LANGUAGES), (name, f["name"])
            if "choices" in f:
                assert f["default"] in [c["value"] for c in f["choices"]], (name, f["name"])


def test_the_setup_form_in_console_js_names_no_game():
    """Nothing of a game's setup in console.js or index.html: no field ids, keys or player
    counts of any pack."""
    script = (STATIC / "console.js").read_text(encoding="utf-8")
    form = (STATIC / "index.html").read_text(encoding="utf-8")
    setup_part = script[script.index("// ---------- setup form"):script.index("// ---------- help a seat")]
    for name, opts in setup_options(list(games.names())).items():
        assert name not in setup_part and name not in form, name
        for f in own_fields(opts):
            element = f.get("id") or f["name"].replace(".", "-")
            assert re.search(rf"\bsetup-{re.escape(element)}\b", form + setup_part) is None, (name, element)
            for key in f["name"].split("."):      # neither as a string nor as a property
                assert re.search(rf"[\"'.]{re.escape(key)}\b", setup_part) is None, (name, key)


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


def until(page, selector: str, seconds: float = 60.0) -> None:
    import time
    end = time.monotonic() + seconds
    while not page.locator(selector).count():
        assert time.monotonic() < end, f"no {selector}: {page.locator('#command-result').inner_text()!r}"
        page.clock.run_for(250)
        time.sleep(0.05)


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_setup_form_shows_the_games_own_fields_and_sets_it_up_with_them(browser, board, name):
    """Choosing a game shows its title, its player counts and exactly its own fields, worded
    in the page's language; the setup sent carries each field's default under its key."""
    sim, service, console = board
    opts = setup_options([name])[name]
    page = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()
    page.clock.install()
    page.goto(console.url)
    page.get_by_label("PIN oder Token").fill(PIN)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_selector("#connection:has-text('Live')")
    page.get_by_label("Sprache").select_option("en")
    game = page.get_by_label("Spiel", exact=True)
    titles = game.locator("option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    assert [name, opts["title"]["de"]] in titles
    game.select_option(name)
    players = page.get_by_label("Spieler", exact=True)
    count = players_of(opts)
    low, high = count["min"], count["max"]
    assert players.locator("option").all_inner_texts() == [str(n) for n in range(low, high + 1)]
    assert low <= int(players.input_value()) <= high          # a count chosen before is kept if it fits
    players.select_option(str(count["default"]))
    shown = page.locator("#setup-fields > *")
    assert shown.count() == len(own_fields(opts))
    text = page.locator("#setup-fields").inner_text()
    for f in own_fields(opts):
        label = f["label"] if isinstance(f["label"], str) else f["label"]["de"]
        assert label in text, f["name"]                 # the page speaks German until the setup
    page.get_by_role("button", name="Spiel einrichten").click()
    until(page, "#phase:has-text('Game set up for')")
    assert service.game.current == name
    setup = service.call(service.game.public_setup)
    assert setup["players"] == count["default"]
    for f in own_fields(opts):
        value = setup
        for key in f.get("read", f["name"]).split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if value is not None and f["kind"] != "seat":
            assert value == f["default"] or (isinstance(value, float) and value == f["default"]), f["name"]
    assert axe_violations(page) == []


# -- the game's picture (issue 32: each game its own, the hidden parts behind reveal) ----------

def test_every_registered_pack_brings_its_console_picture_and_help_forms():
    """Issue 32: the console is every game's: each pack draws its own picture and brings the
    "help a seat" forms of its own actions, with only the shapes, colours and field kinds the
    page knows."""
    from firmware_host.games.console_page import COLOURS, SHAPES
    for name in games.names():
        record = games.pack(name)
        assert callable(record.console_picture), name
        forms = record.console_actions
        assert forms and len({f["action"] for f in forms}) == len(forms), name
        for form in forms:
            assert {"de", "en"} <= set(form["label"]), (name, form["action"])
            assert form["command"] in ("act", "choose"), (name, form["action"])
            for f in form["fields"]:
                assert f["kind"] in ("seat", "seats", "choice", "several", "int", "ints"), (name, f)
    for name in PLAYABLE:
        sample = _sample_view(name)
        drawn_ = games.pack(name).console_picture(sample)
        for row in drawn_["rows"]:
            for c in row["cells"]:
                assert c["shape"] in SHAPES and c["colour"] in COLOURS, (name, row["id"], c)
                assert {"de", "en"} <= set(c["label"]), (name, row["id"])


def _sample_view(name: str) -> dict:
    """The public view of the game's sample setup, started on the real service."""
    import tempfile
    from firmware_host.service.simulator import Simulator
    with tempfile.TemporaryDirectory() as tmp:
        sim = Simulator(out=io.StringIO(), journal_path=f"{tmp}/journal.sqlite3")
        service = sim.start(VirtualClock())
        try:
            service.call(lambda: service.game.setup_game(dict(games.pack(name).scripting().sample_setup("en"))))
            sim.advance(5.0)
            return service.call(lambda: ConsoleBackendOf(service).snapshot())["view"]
        finally:
            sim.stop()


def log_in(page, console) -> None:
    """Log in on the page (in the language of the game in play)."""
    page.goto(console.url)
    page.get_by_label(re.compile("PIN")).fill(PIN)
    page.get_by_role("button", name=re.compile("^(Anmelden|Log in)$")).click()
    page.wait_for_selector("#connection:has-text('Live')")


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_page_draws_the_games_picture_and_its_secrets_only_on_reveal(browser, board, name):
    """The page draws the game's own picture from its pack (public rows: drawn shapes in the
    pack's colours, each named in words); the rows of the seats' secrets (roles, hands,
    characters) are drawn only in the reveal panel."""
    sim, service, console = board
    setup = games.pack(name).scripting().sample_setup("en")
    service.call(lambda: service.game.setup_game(dict(setup)))
    sim.advance(5.0)
    public = service.call(lambda: ConsoleBackendOf(service).snapshot())["picture"]
    assert public["rows"] and not [r for r in public["rows"] if r.get("hidden")]
    page = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True).new_page()
    log_in(page, console)
    page.wait_for_selector("#picture .picture-row")
    rows = page.locator("#picture .picture-row")
    assert rows.count() == len(public["rows"])
    for i, row in enumerate(public["rows"]):
        cells = rows.nth(i).locator("li.cell")
        assert cells.count() == len(row["cells"])
        assert cells.evaluate_all("cs => cs.map(c => [...c.classList].find(k => k.startsWith('pc-')))") == [
            "pc-" + c["colour"] for c in row["cells"]]
        assert cells.evaluate_all("cs => cs.map(c => c.querySelectorAll('svg *').length > 0)") == [
            c["shape"] != "none" or c["here"] for c in row["cells"]]
        assert rows.nth(i).locator("li.cell.filled").count() == sum(1 for c in row["cells"] if c["filled"])
        said = cells.evaluate_all("cs => cs.map(c => c.querySelector('.visually-hidden').textContent)")
        assert [t.split(" (")[0] for t in said] == [re.sub(r"\{seat:(\d+)\}", lambda m: f"Seat {int(m[1]) + 1}",
                                                          c["label"]["en"]).split(" (")[0] for c in row["cells"]]
    assert page.locator("body").evaluate("b => getComputedStyle(b).fontFamily")      # no emoji font needed:
    assert not re.search("[\U0001F300-\U0001FAFF\u2600-\u27BF]", page.locator("#glance").inner_text())
    page.get_by_role("button", name="Reveal for 10 seconds").click()
    page.wait_for_selector("#reveal-panel .picture-row, #reveal-panel p:not(.hint)")
    assert page.locator("#picture [data-row]").evaluate_all("rs => rs.map(r => r.dataset.row)") == [
        r["id"] for r in public["rows"]]                      # the page's picture has no secret row
    assert axe_violations(page) == []


def ConsoleBackendOf(service):  # noqa: N802 - the service's console backend
    from firmware_host.service.backend import ConsoleBackend
    return ConsoleBackend(service)


def test_R9_secret_dictators_fascist_track_shows_the_powers_of_its_player_count():
    """Each player count's powers on the fascist track, in order, drawn as symbols (no emoji),
    the filled slots in the party's colour (blue and orange), and the tracker's pin."""
    from firmware_host.games.secret_dictator import POWER_TABLES
    from firmware_host.games.secret_dictator.picture import POWER_SHAPES
    draw = games.pack("secret_dictator").console_picture
    for variant, table in POWER_TABLES.items():
        for players, powers in table.items():
            view = {"players": players, "democratic_laws": 2, "fascist_laws": 3, "election_tracker": 2,
                    "switches": {"powers": list(powers)}}
            rows = {r["id"]: r for r in draw(view)["rows"]}
            fascist = rows["fascist"]["cells"]
            assert [c["filled"] for c in fascist] == [True] * 3 + [False] * 3
            assert [c["filled"] for c in rows["democratic"]["cells"]] == [True] * 2 + [False] * 3
            assert [c["here"] for c in rows["tracker"]["cells"]] == [False, False, True, False]
            assert [c["shape"] for c in fascist] == [POWER_SHAPES[p] for p in powers] + ["flag"], (variant, players)
            assert {c["colour"] for c in fascist} == {"orange"}
            assert {c["colour"] for c in rows["democratic"]["cells"]} == {"blue"}
    assert "roles" not in {r["id"] for r in draw({"players": 5})["rows"]}


def test_a_games_console_words_cells_and_forms_are_checked_where_they_are_made():
    """``games.console_page``: words are filled per language (a parameter may be words too),
    ``{seat:N}`` is left for the page, a shape or colour the page does not draw is refused at
    once, a choice's None is left out only when the field says so."""
    from firmware_host.games.console_page import Words, action, cell, choice_field, seat
    W = Words({"en": {"n": "{n} of {what}", "law": "laws", "none": "none"},
               "de": {"n": "{n} von {what}", "law": "Gesetze", "none": "keine"}})
    assert W("n", n=2, what=W("law")) == {"en": "2 of laws", "de": "2 von Gesetze"}
    assert W.join([], empty="none") == {"en": "none", "de": "keine"}
    assert W("n", n=1, what=seat(3))["en"] == "1 of {seat:3}"
    with pytest.raises(ValueError):
        cell("emoji", "blue", W("law"))
    with pytest.raises(ValueError):
        cell("circle", "red", W("law"))         # not one of the colours a colour-blind reader tells apart
    assert cell("circle", "blue", W("law"), mark=12345)["mark"] == "123"
    form = action("veto", W("law"), choice_field("party", W("law"), [("x", W("law")), (None, W("none"))],
                                                 optional=True))
    assert form["command"] == "act" and form["fields"][0]["optional"] is True
