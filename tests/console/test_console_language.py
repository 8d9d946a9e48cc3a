"""The console page in German, English and French: the game's setup, else the board's language."""

from __future__ import annotations

import html
import json
import re

from console_helpers import SETUP_5, console_client, csrf_token, login, post_json, run

from firmware_host.console import ConsoleSettings
from firmware_host.console.messages import DE, EN, FR, text


def _lang(page: str) -> str:
    return re.search(r'<html lang="([a-z]+)"', page).group(1)


def _markup(page: str) -> str:
    """The page without its message tables (which hold both languages)."""
    return re.sub(r'<script id="console-messages".*?</script>', "", page, flags=re.S)


def _tables(page: str) -> dict:
    block = re.search(r'<script id="console-messages" type="application/json">(.*?)</script>',
                      page, re.S).group(1)
    return json.loads(block)


def test_page_is_german_by_default_like_the_board(backend):
    async def go():
        async with console_client(backend) as client:
            login_page = await (await client.get("/login")).text()
            assert _lang(login_page) == "de" and "PIN oder Token" in login_page
            await login(client)
            page = await (await client.get("/")).text()
            assert _lang(page) == "de"
            assert "Spiel auf einen Blick" in page and "Game at a glance" not in _markup(page)
            assert "{{" not in page
            tables = _tables(page)
            assert tables["de"]["expiring"].startswith("Sitzung endet in einer Minute")
            assert tables["en"]["expiring"].startswith("Session ends in one minute")
    run(go())


def test_board_language_english_gives_an_english_page(backend):
    async def go():
        async with console_client(backend, language="en") as client:
            assert "PIN or token" in await (await client.get("/login")).text()
            await login(client)
            page = await (await client.get("/")).text()
            assert _lang(page) == "en" and "Game at a glance" in _markup(page)
    run(go())


def test_the_games_setup_language_chooses_over_the_board(backend):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            await post_json(client, "/api/setup", {"setup": {**SETUP_5, "language": "en"}}, token)
            page = await (await client.get("/")).text()
            assert _lang(page) == "en" and "Set up a game" in _markup(page)
            await post_json(client, "/api/setup", {"setup": {**SETUP_5, "language": "de"}}, token)
            assert _lang(await (await client.get("/")).text()) == "de"
    run(go())


def test_wrong_pin_message_is_in_the_page_language(backend):
    async def go():
        async with console_client(backend) as client:
            r = await login(client, "000000")
            assert r.status == 401 and DE["login_wrong"] in await r.text()
    run(go())


def test_board_language_comes_from_the_audio_section_of_the_config():
    made = ConsoleSettings.coerce({"console": {"port": 8181}, "audio": {"language": "en"}})
    assert made.language == "en" and made.port == 8181
    assert ConsoleSettings.coerce({}).language == "de"


def test_message_tables_have_the_same_keys_and_fields():
    assert set(EN) <= set(DE) | {k for k in EN if k.startswith("term.")}
    for key, english in EN.items():
        if key in DE:
            assert set(re.findall(r"\{(\w+)\}", english)) == \
                set(re.findall(r"\{(\w+)\}", DE[key])), key
    assert set(FR) == set(EN) | {k for k in DE if k.startswith("term.")}
    for key, english in EN.items():
        assert set(re.findall(r"\{(\w+)\}", english)) == set(re.findall(r"\{(\w+)\}", FR[key])), key
    assert text("reveal_left", "de", n=5) == "Wieder verborgen in 5 s"
    assert text("seat_named", "en", name="Anna", n=1) == "Anna (seat 1)"


def test_a_refusal_reaches_the_page_as_a_code_worded_in_both_languages(backend):
    """The undo refusal is English in the log; the page gets its code and words it itself."""
    from firmware_host.console.messages import refusal_text

    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            await post_json(client, "/api/setup", {"setup": {**SETUP_5, "language": "de"}}, token)
            await post_json(client, "/api/command", {"name": "start"}, token)
            r = await post_json(client, "/api/command", {"name": "undo"}, token)
            assert r.status == 400
            body = await r.json()
            assert body["code"] == "nothing_to_undo" and body["error"].startswith("nothing to undo")
            assert refusal_text(body["code"], body["params"], "de") == \
                "Nichts zurückzunehmen: seit Spielbeginn gab es keine Aktion"
    run(go())


def test_issue32_a_games_own_refusal_reaches_the_page_in_the_games_words(backend):
    """A refusal of a game's own rule (Secret Dictator's first president, R1) carries its
    pack's words in every language it has; the page says them (the console has none)."""
    from firmware_host.console.messages import refusal_text

    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            r = await post_json(client, "/api/setup", {"setup": {**SETUP_5, "first_president": 9}}, token)
            assert r.status == 400
            body = await r.json()
            assert body["code"] == "setup_first_president"
            assert refusal_text(body["code"], body["params"], "de", body.get("words")) == \
                "Der erste Präsident muss einer der Plätze sein"
            assert refusal_text(body["code"], body["params"], "fr", body.get("words")).startswith("le premier président")
    run(go())


def test_refusal_params_are_worded_in_the_pages_language():
    from firmware_host.console.messages import refusal_text
    assert refusal_text("no_seat", {"seat": 6}, "de") == "Platz 7 ist nicht in diesem Spiel"
    assert refusal_text("no_seat", {"seat": 6}, "en") == "seat 7 is not in this game".replace("seat", "Seat", 1)
    # a game's phase is the game's word: the console names none (issue 32)
    assert refusal_text("nothing_to_choose", {"phase": "election"}, "de") == "Jetzt ist nichts zu wählen"
    assert refusal_text("seat_settings_value", {"field": "rate"}, "de") == "Sprechtempo: Wert nicht erlaubt"
    # the page names the action by its game's help form (console.js refusalText); here its id
    assert refusal_text("action_refused", {"action": "vote"}, "de").startswith("vote wurde abgelehnt")
    assert refusal_text("no_such_code", {"detail": "odd"}, "de") == "odd"


def test_every_refusal_text_has_the_same_fields_in_german_and_english():
    for key in EN:
        if key.startswith("err."):
            assert set(re.findall(r"\{(\w+)\}", DE[key])) == set(re.findall(r"\{(\w+)\}", EN[key])), key


def test_counts_are_singular_for_one_in_both_languages():
    assert "Bitte 1 Sekunde warten" in text("login_wait", "de", seconds=1)
    assert "Wait 1 second," in text("login_wait", "en", seconds=1)
    assert "Wait 3 seconds," in text("login_wait", "en", seconds=3)


def test_every_singular_variant_has_its_plural_and_both_languages():
    for table in (DE, EN):
        for key in table:
            if key.endswith(".one"):
                assert key[:-4] in table and key in DE and key in EN, key


def test_a_french_game_gives_a_french_page_and_the_games_own_french_words(backend, board):
    """Autocracy speaks French (AUTOCRACY.md): set up in French, the page is French, and the
    game's picture brings its French words."""
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            r = await post_json(client, "/api/setup", {"setup": {
                "game": "autocracy", "players": 3, "language": "fr", "seed": 4}}, token)
            assert r.status == 200
            assert (await post_json(client, "/api/command", {"name": "start"}, token)).status == 200
            board.advance(1.0)
            page = await (await client.get("/")).text()
            assert _lang(page) == "fr" and "Le jeu d'un coup d'œil" in html.unescape(_markup(page))
            snap = await (await client.get("/api/snapshot")).json()
            phase = snap["picture"]["phase"]["fr"]          # the board's word for a seat (probe finding 27)
            assert re.fullmatch(r"Tour 1 : \{seat:\d+\} joue", phase)    # the page names the seat
            assert _tables(page)["fr"]["cmd_start"] == "Commencer la partie"
    run(go())


def test_french_console_calls_a_seat_siege_as_the_board_does_and_spaces_its_colons():
    """French: a seat is "Siège 2" on the page as at the table (never "Place 2"), and a
    refused act named first is followed by a spaced colon ("Échanger : ce siège …")."""
    from firmware_host.console import messages

    assert messages.text("seat_n", "fr", n=2) == "Siège 2"
    said = messages.refusal_text("illegal.not_your_turn", {"action": "vote"}, "fr")
    assert " : ce n'est pas le tour de ce siège" in said and "): " not in said
    assert not [k for k, v in messages.MESSAGES["fr"].items() if "place" in v.lower().replace("à la place", "")]
