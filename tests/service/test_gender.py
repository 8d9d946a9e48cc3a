"""WORDING-REVIEW.md "Gender": each seat chooses its grammatical gender (seat setting
``gender``, from the console and kept per seat); the German catalogue then says
"Präsidentin", "Kanzlerin", "Faschistin", "Demokratin" of that seat, in public and privately."""

from __future__ import annotations

from firmware_host.games.secret_dictator import catalogue

from .conftest import announces, run_lines

NAMES = ["Anna", "Ben", "Clara", "Dieter", "Eva", "Jörg"]
SETUP = {"players": 6, "first_president": 0, "language": "de", "seed": 5, "names": NAMES,
         "roles": ["democrat", "democrat", "fascist", "democrat", "dictator", "democrat"],
         "deck": ["fascist", "fascist", "democratic", "fascist", "fascist", "democratic", "fascist",
                  "fascist", "democratic", "fascist", "fascist", "democratic", "fascist", "fascist",
                  "democratic", "fascist", "democratic"]}


def _game(genders: dict[int, str]) -> list[dict]:
    lines = [{"signal": "gm", "command": "seat_settings", "seat": s, "gender": g} for s, g in genders.items()]
    return [{"setup": SETUP}] + lines + [{"signal": "button", "seat": 2, "gesture": "hold"}] * 5 + [
        {"signal": "button", "seat": 0, "gesture": "press"},
        {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 120.0},
        {"signal": "button", "seat": 0, "gesture": "press"}] + [
        {"signal": "ballot", "seat": s, "ballot": "ja"} for s in range(6)]


def _texts(out: list[dict], key: str, channel: str | None = None) -> list[str]:
    return [l["text"] for l in announces(out, channel) if l["key"] == key]


def test_gendered_german_forms_follow_each_seats_setting():
    out = run_lines(_game({0: "f", 2: "f", 3: "m"}))
    assert _texts(out, "status.president", "seat:2")[0].startswith("Regierung: Präsidentin ist Anna")
    assert "Clara auf Platz drei als Kanzlerin vor" in _texts(out, "nomination.made", "public")[0]
    assert "Faschistin" in _texts(out, "status.private", "seat:2")[0]
    assert _texts(out, "legislative.president", "public")[0].startswith("Gesetzesphase: Präsidentin Anna")


def test_without_a_gender_setting_the_forms_are_masculine():
    out = run_lines(_game({}))
    assert _texts(out, "president.new", "public")[0].startswith("Präsident: Anna, Platz eins")
    assert "als Kanzler vor" in _texts(out, "nomination.made", "public")[0]
    assert "Du bist Faschist." in _texts(out, "prolog.role.fascist", "seat:2")[0]
    assert "Faschist" in _texts(out, "status.private", "seat:2")[0]
    assert "Faschistin" not in _texts(out, "status.private", "seat:2")[0]


def test_gendered_prolog_roles():
    de = {"seat": 2}
    assert catalogue.text("prolog.role.fascist", de, long=True, genders={2: "f"}).startswith(
        "Rolle für Platz drei: Du bist Faschistin.")
    assert catalogue.text("prolog.role.democrat", de, long=True, genders={2: "f"}).startswith(
        "Rolle für Platz drei: Du bist Demokratin.")
    assert "Kanzlerin wirst" in catalogue.text("prolog.role.dictator", de, long=True, genders={2: "f"})
    assert catalogue.text("game_over.dictator_elected", {"target": 2}, genders={2: "f"}) == (
        "Spielende: Secret Dictator Platz drei ist Kanzlerin, Faschisten gewinnen")


def test_gendered_role_in_the_private_status():
    assert catalogue.text("status.private", {"seat": 1, "role": "democrat"}, genders={1: "f"}) == "Deine Rolle: Demokratin"
    assert catalogue.text("status.private", {"seat": 1, "role": "democrat"}, genders={0: "f"}) == "Deine Rolle: Demokrat"
    assert catalogue.text("status.private", {"seat": 1, "role": "fascist"}, "en", genders={1: "f"}) == "Your role: Fascist"
