"""Issue 32: the tag registry knows no game. Its sections, their checks, the demo tags and
the events of a tile come from the tile kinds the games declare (``TileKind``); here kinds
made up for the test, which no registered game has."""

from __future__ import annotations

import tomllib

import pytest

from firmware_host.board_config import load_config
from firmware_host.clock import VirtualClock
from firmware_host.hardware import events as ev
from firmware_host.hardware.mock import MockBoard
from firmware_host.hardware.tags import (TagRegistry, TagRegistryError, Tile, TileKind, TileKindError, check_kinds,
                                         demo_registry, format_registry, parse_registry, with_demo_kinds)

STONES = TileKind("stone", "stones", "numbered", names=("white", "black"), counts=(3, 2), group="colour",
                  noun="stone", signal="stone", value_field="colour", reader="ballot", in_turn=True, demo=("5A", "5B"))
PAWNS = TileKind("pawn", "pawns", "seat", names=("red", "green"), noun="pawn", signal="pawn", value_field="pawn",
                 reader="law", demo=("6A",))
CLUES = TileKind("clue", "clues", "item", items=4, languages=("en",), noun="clue", reader="law")
KINDS = (STONES, PAWNS, CLUES)


def test_the_sections_and_their_checks_are_the_declared_kinds():
    registry = parse_registry({"stones": {"black": {"2": "5b00000002"}}, "pawns": {"1": {"green": "6A00010002"}},
                               "clues": {"3": {"tag": "7C00000003", "en": "a key"}}}, kinds=KINDS)
    assert registry.lookup("5B00000002") == Tile("stone", "black", None, 2)
    assert registry.lookup("6A00010002") == Tile("pawn", "green", 1)
    assert registry.lookup("7C00000003") == Tile("clue", "clue", None, 3)
    assert registry.item_descriptions("en") == {3: "a key"}
    assert parse_registry(tomllib.loads(format_registry(registry, kinds=KINDS)), kinds=KINDS).items() == registry.items()
    with pytest.raises(TagRegistryError) as info:
        parse_registry({"stones": {"blak": {}, "white": {"4": "5A00000004"}}, "pawns": {"10": {}, "0": {"blue": "6A"}},
                        "clues": {"4": {"tag": "7C00000004"}}, "ballots": {}}, kinds=KINDS)
    problems = info.value.problems
    assert "stones.blak: unknown colour (did you mean 'black'?)" in problems
    assert "stones.white.4: tile numbers are 1–3" in problems
    assert any(p.startswith("pawns.10: a seat must be a number 0–9") for p in problems)
    assert any(p.startswith("pawns.0.blue: unknown pawn") for p in problems)
    assert any(p.startswith("clues.4: must be a number 0–3") for p in problems)
    assert any(p.startswith("ballots: unknown section") for p in problems)     # no game of these reads ballots


def test_the_demo_tags_come_from_the_kinds_and_fill_in_a_kind_a_file_lacks():
    demo = demo_registry(2, KINDS)
    assert demo.tags("stone", "white") == [(1, "5A00000001"), (2, "5A00000002"), (3, "5A00000003")]
    assert demo.tag_of(Tile("pawn", "green", 1)) == "6A00010002" and not demo.tags("clue")
    only_stones = TagRegistry({"5A00000001": Tile("stone", "white", None, 1)})
    filled = with_demo_kinds(only_stones, 2, KINDS)
    assert filled.tags("stone") == [(1, "5A00000001")] and len(filled.tags("pawn")) == 4


def test_two_games_may_share_a_kind_only_when_they_declare_it_alike():
    assert check_kinds([STONES, PAWNS, STONES]) == (STONES, PAWNS)
    with pytest.raises(TileKindError):
        check_kinds([STONES, TileKind("stone", "pebbles", "numbered", names=("white",), counts=(1,), reader="ballot")])
    with pytest.raises(TileKindError):
        check_kinds([STONES, TileKind("pebble", "stones", "seat", reader="ballot")])        # one section, two kinds
    with pytest.raises(TileKindError):
        TileKind("stone", "stones", "numbered", names=("white", "black"), counts=(3,), reader="ballot")
    with pytest.raises(TileKindError):
        TileKind("stone", "stones", "numbered", names=("white",), counts=(3,))   # no reader named


def test_the_board_reports_any_declared_kind_as_one_tile_read():
    config = load_config(None)
    with MockBoard(config, VirtualClock(), tags=demo_registry(config.seats, KINDS), kinds=KINDS) as mock:
        laid = [mock.apply_signal({"signal": "stone", "colour": "white"})[0] for _ in range(2)]
        assert [(e.reader, e.kind, e.value, e.seat, e.number) for e in laid] == [
            ("ballot", "stone", "white", None, 1), ("ballot", "stone", "white", None, 2)]     # in turn
        [pawn] = mock.present_tile("pawn", "red", seat=1, reader="ballot")
        assert pawn == ev.TileRead("ballot", "pawn", "red", 1, "6A00010001", at=pawn.at)
        assert mock.apply_signal({"signal": "ballot", "seat": 0, "ballot": "ja"}) is None   # no such kind here
