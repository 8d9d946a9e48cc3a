"""Wording as players hear it (ACCESSIBILITY.md 3, 6): German singular/plural by count, a
status request that does not cut table speech. ``simulate`` signals where a signal exists."""

from __future__ import annotations

from firmware_host.games.secret_dictator import catalogue

from .conftest import announces, keys, run_lines

SETUP_6 = {"players": 6, "first_president": 0, "language": "de", "seed": 5, "switches": {"dictator_knows_team": True},
           "roles": ["democrat", "democrat", "fascist", "democrat", "dictator", "democrat"]}


def test_german_dictator_with_one_fascist_hears_the_singular():
    out = run_lines([{"setup": SETUP_6}])
    team = [l["text"] for l in announces(out, "seat:4") if l["key"] == "prolog.team.dictator"]
    assert team and "Der Faschist ist Platz drei" in team[0] and "Faschisten" not in team[0]


def test_german_roles_at_game_over_use_singular_or_plural_by_count():
    one = catalogue.text("game_over.roles", {"dictator": 4, "fascists": [2], "democrats": [0, 1, 3, 5]}, "de", long=True)
    two = catalogue.text("game_over.roles", {"dictator": 4, "fascists": [2, 6], "democrats": [0, 1, 3, 5]}, "de",
                         long=True)
    assert "Der Faschist war Platz drei" in one and "Faschisten" not in one
    assert "Die Faschisten waren Plätze drei und sieben" in two
    en = catalogue.text("game_over.roles", {"dictator": 4, "fascists": [2], "democrats": [0, 1, 3, 5]}, "en", long=True)
    assert "The Fascist was seat 3" in en


def test_german_scan_and_enactment_wording():
    assert "gewünschte Platz" in catalogue.text("scan.start", {}, "de", long=True)
    assert "legt ein Gesetz aus" not in catalogue.text("next.enact", {"seat": 1}, "de")
    assert "verabschiedet" in catalogue.text("next.enact", {"seat": 1}, "de")     # rulebook: not "erlässt"


def test_A3_status_hold_speaks_its_public_part_into_the_requesters_earphone_by_default():
    out = run_lines([{"setup": {"players": 5, "seed": 4, "language": "en"}},
                     {"signal": "button", "seat": 3, "gesture": "hold"},
                     {"signal": "button", "seat": 3, "gesture": "hold"},
                     {"signal": "button", "seat": 3, "gesture": "hold"},
                     {"signal": "button", "seat": 3, "gesture": "hold"},
                     {"signal": "button", "seat": 3, "gesture": "hold"}])
    assert not [k for k in keys(out, "public") if k.startswith("status.")]
    mine = keys(out, "seat:3")
    assert "status.now.waiting.president" in mine and "status.public" in mine and "status.private" in mine
