"""A seat's own cards in the tag registry (``[cards.N]``; DICTATOR.md D30: role cards laid on
the tray reader), read as a :class:`TileRead` of kind ``card`` through real EM4100 frames on pseudo-terminals."""

from __future__ import annotations

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.board_config import load_config
from firmware_host.hardware import events as ev
from firmware_host.hardware.mock import MockBoard
from firmware_host.hardware.tags import (TagRegistryError, Tile, demo_registry, format_registry,
                                         parse_registry)
from firmware_host.service.signals import ScriptError, parse_line, parse_object


def test_cards_section_maps_a_tag_to_a_seat_and_a_name_and_writes_back_the_same():
    registry = parse_registry({"cards": {"3": {"priest": "4c00030007", "noble": "4C00030003"}}})
    assert registry.lookup("4C00030007") == Tile("card", "priest", 3)
    assert registry.tag_of(Tile("card", "noble", 3)) == "4C00030003" and registry.names("card", 3) == ["priest", "noble"]
    again = parse_registry(__import__("tomllib").loads(format_registry(registry)))
    assert again.items() == registry.items()
    assert Tile("card", "priest", 3).describe() == "seat 4's priest card"


def test_cards_section_refuses_a_bad_seat_a_bad_name_and_a_tag_used_twice():
    with pytest.raises(TagRegistryError) as info:
        parse_registry({"cards": {"12": {"priest": "4C00000001"},
                                  "0": {"Priest!": "4C00000002", "noble": "4C00000003"},
                                  "1": {"noble": "4c00000003"}},
                        "cardz": {}})
    problems = info.value.problems
    assert any(p.startswith("cards.12: a seat must be a number 0–9") for p in problems)
    assert any(p.startswith("cards.0.Priest!: unknown card (did you mean 'priest'?)") for p in problems)
    assert "cards.1.noble: tag 4C00000003 is already cards.0.noble" in problems
    assert "cardz: unknown section (did you mean 'cards'?)" in problems


def test_a_card_on_the_tray_reader_is_a_card_read_naming_its_seat_and_card():
    config = load_config(None)
    mock = MockBoard(config, VirtualClock(), lambda e: None,
                     tags=demo_registry(config.seats))
    try:
        events = mock.present_tile("card", "priest", seat=2)
        reads = [e for e in events if isinstance(e, ev.TileRead)]
        assert [(e.kind, e.seat, e.value, e.reader) for e in reads] == [("card", 2, "priest", "law")]
        reads = [e for e in mock.apply_signal({"signal": "card", "seat": 0, "card": "dictator",
                                               "reader": "ballot"}) if isinstance(e, ev.TileRead)]
        assert [(e.kind, e.seat, e.value, e.reader) for e in reads] == [("card", 0, "dictator", "ballot")]
    finally:
        mock.close()


def test_the_card_signal_in_scripts_and_at_the_virtual_board():
    sig = parse_object({"signal": "card", "seat": 4, "card": "priest"}, 3)
    assert (sig.kind, sig.fields) == ("card", {"seat": 4, "card": "priest"})
    assert parse_line("card 4 Priest").fields == {"seat": 4, "card": "priest"}
    for bad in ({"signal": "card", "seat": 4}, {"signal": "card", "seat": 11, "card": "priest"},
                {"signal": "card", "seat": 1, "card": "priest", "reader": "tray"}):
        with pytest.raises(ScriptError) as info:
            parse_object(bad, 7)
        assert str(info.value).startswith("line 7: card: ") and "\n" not in str(info.value)


def test_D30_enrol_tags_asks_for_every_seats_role_cards_and_refuses_one_twice(tmp_path, capsys):
    from firmware_host.cli import main as cli_main
    from firmware_host.games.become_dictator import ROLES
    from firmware_host.hardware.tags import load_registry

    out = tmp_path / "tags.toml"
    assert cli_main(["enrol-tags", "--mock", "--output", str(out), "--language", "en", "--seats", "2",
                     "--kinds", "ballot,card"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Enrolment: the Priest card of Seat 2" in lines
    registry = load_registry(out)
    assert [registry.names("card", seat) for seat in (0, 1)] == [list(ROLES), list(ROLES)]
    assert registry.tag_of(Tile("card", "priest", 1)) == "4C00010007"

    script = tmp_path / "tiles.jsonl"
    tags = ["AA00000001", "AA00000002", "AA00000003", "AA00000003"] + [f"AA000001{k:02X}" for k in range(7)]
    script.write_text("".join(f'{{"signal": "tag", "tag": "{t}"}}\n' for t in tags), encoding="utf-8")
    assert cli_main(["enrol-tags", "--mock", str(script), "--output", str(tmp_path / "t.toml"), "--seats", "1",
                     "--kinds", "ballot,card", "--language", "de"]) == 0
    lines = capsys.readouterr().out.splitlines()
    again = lines.index("Anmeldung: schon angemeldet als Karte Diktator von Platz eins")
    assert lines[again + 1] == "Anmeldung: Karte Narr von Platz eins auflegen"


def test_self_test_names_a_role_card_in_its_games_words():
    from firmware_host.commands.self_test import describe
    assert describe(ev.TileRead("law", "card", "priest", 2), "en") == "Test: Priest card of Seat 3"
    assert describe(ev.TileRead("law", "card", "dictator", 0), "de") == "Test: Karte Diktator von Platz eins"
