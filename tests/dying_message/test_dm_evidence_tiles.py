"""Dying Message's evidence tiles (DYING_MESSAGE.md M45, M46): the tag registry's evidence
section, ``enrol-tags --game dying_message``, the board reading a tile, the descriptions the board uses
when the setup gives none, and the tray's answer."""

from __future__ import annotations

import io
import json
import shutil

import pytest

from firmware_host.cli import main as cli_main
from firmware_host.config import DEFAULT_CONFIG_PATH
from firmware_host.hardware.tags import (TagRegistry, TagRegistryError, Tile, demo_registry,
                                         format_registry, load_registry, parse_registry)
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

CLUES = [f"clue number {i}" for i in range(20)]


def evidence_tag(card: int) -> str:
    return f"4E{card:08X}"


def registry_with_evidence(cards: int = 20) -> TagRegistry:
    demo = demo_registry(10)
    tiles = dict(demo.items())
    tiles.update({evidence_tag(c): Tile("evidence", "evidence", None, c) for c in range(cards)})
    return TagRegistry(tiles, {c: {"en": CLUES[c], "de": f"Hinweis {c}"} for c in range(cards)})


def test_M46_the_registry_keeps_evidence_tiles_with_a_description_per_language():
    registry = registry_with_evidence()
    text = format_registry(registry)
    assert '[evidence.17]\ntag = "4E00000011"\nde = "Hinweis 17"\nen = "clue number 17"' in text
    import tomllib
    again = parse_registry(tomllib.loads(text))
    assert format_registry(again) == text
    assert again.lookup("4e00000011") == Tile("evidence", "evidence", None, 17)
    assert again.item_descriptions("en")[17] == "clue number 17"
    assert again.tags("evidence")[0] == (0, "4E00000000")


def test_M46_a_bad_evidence_entry_is_named_with_every_other_problem():
    with pytest.raises(TagRegistryError) as info:
        parse_registry({"evidence": {"104": {"tag": "4E00000001"}, "3": {"tag": "1B00000001", "fr": "x"},
                                     "4": {"en": "no tag"}, "5": {"tag": "4E00000005", "en": ""}},
                        "ballots": {"0": {"ja": "1B00000001"}}})
    problems = info.value.problems
    assert "evidence.104: must be a number 0–103 (counted from 0: [evidence.0] is evidence card 1 when spoken)" in problems
    assert any(p.startswith("evidence.3.fr: unknown key") for p in problems)
    assert "evidence.4: no tag" in problems
    assert "evidence.5.en: a description must be one line of 1–120 characters" in problems
    assert any("tag 1B00000001 is already" in p for p in problems)


def test_M46_the_mocked_board_reads_an_evidence_tile_as_its_card():
    from firmware_host.clock import VirtualClock
    from firmware_host.board_config import load_config
    from firmware_host.hardware import events as ev
    from firmware_host.hardware.mock import MockBoard

    config = load_config(None)
    seen: list = []
    mock = MockBoard(config, VirtualClock(), seen.append, tags=registry_with_evidence())
    try:
        events = mock.present_tag("law", evidence_tag(17))
    finally:
        mock.close()
    reads = [e for e in list(events) + seen if isinstance(e, ev.TileRead)]
    assert reads and (reads[0].kind, reads[0].number, reads[0].reader) == ("evidence", 17, "law")


def write_script(path, signals):
    path.write_text("".join(json.dumps(s) + "\n" for s in signals))
    return str(path)


def test_M46_enrol_tags_evidence_asks_each_tile_and_its_description_and_keeps_the_other_tiles(tmp_path, capsys):
    out = tmp_path / "tags.toml"
    out.write_text(format_registry(demo_registry(10)))
    tiles = [{"signal": "tag", "tag": evidence_tag(0), "description": "a red umbrella"},
             {"signal": "tag", "tag": evidence_tag(0), "description": "(refused: already card 1)"},
             {"signal": "tag", "tag": "1B00000001", "description": "(refused: a ballot tile)"}]
    tiles += [{"signal": "tag", "tag": evidence_tag(c), "description": f"clue  {c}"} for c in range(1, 9)]
    script = write_script(tmp_path / "tiles.jsonl", tiles)
    assert cli_main(["enrol-tags", "--game", "dying_message", "--items", "9", "--mock", script, "--output", str(out),
                     "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == ["Enrolment: nine tiles, present each at the law reader at the discard tray", "Present card 1.",
                         "Enrolled: card 1: a red umbrella.", "Present card 2."]
    assert lines[4:8] == ["Already enrolled as card 1.", "Present card 2.",
                          "Enrolment: already enrolled as Ja tile of seat 1", "Present card 2."]
    registry = load_registry(out)
    assert registry.item_descriptions("en") == {0: "a red umbrella", **{c: f"clue {c}" for c in range(1, 9)}}
    assert registry.tags("ballot", "nein", 3) and len(registry.tags("law", "fascist")) == 11     # kept
    # a second run in the other language keeps the first language's descriptions
    de = [{"signal": "tag", "tag": evidence_tag(c), "description": f"Hinweis {c}"} for c in range(9)]
    assert cli_main(["enrol-tags", "--kinds", "evidence", "--items", "9", "--mock", write_script(tmp_path / "de.jsonl", de),
                     "--output", str(out), "--language", "de"]) == 0
    registry = load_registry(out)
    assert registry.item_descriptions("de")[4] == "Hinweis 4"
    assert registry.item_descriptions("en")[0] == "a red umbrella"


def test_M46_enrol_tags_evidence_needs_a_description_and_a_deck_size(tmp_path, capsys):
    out = tmp_path / "tags.toml"
    script = write_script(tmp_path / "t.jsonl", [{"signal": "tag", "tag": evidence_tag(0)}])
    assert cli_main(["enrol-tags", "--game", "dying_message", "--items", "9", "--mock", script, "--output", str(out)]) == 2
    assert "description" in capsys.readouterr().err and not out.exists()
    assert cli_main(["enrol-tags", "--game", "dying_message", "--items", "200", "--mock", "--output", str(out)]) == 2
    assert "--items must be 9–104 for the evidence tiles" in capsys.readouterr().err


@pytest.fixture
def board_config(tmp_path):
    config = tmp_path / "board.toml"
    shutil.copy(DEFAULT_CONFIG_PATH, config)
    (tmp_path / "tags.toml").write_text(format_registry(registry_with_evidence()))
    return str(config)


def frame(card: int) -> str:
    from firmware_host.hardware.rfid import em4100_frame
    return em4100_frame(evidence_tag(card)).hex()


def test_M45_M46_the_board_reads_the_enrolled_descriptions_and_the_tray_names_where_a_tile_belongs(board_config):
    setup = {"game": "dying_message", "players": 5, "language": "en", "seed": 3,
             "roles": ["killer", "citizen", "private_detective", "celebrity", "citizen"]}
    lines = [{"setup": setup},
             {"signal": "wait_for", "key": "night.killers", "params": {}, "timeout": 300},
             {"signal": "serial", "reader": "law", "hex": frame(3)},     # at night: not a word
             {"signal": "wait", "seconds": 2},
             {"signal": "gm", "command": "act", "action": {"action": "kill", "seat": 0, "targets": [1]}},
             {"signal": "wait_for", "key": "night.dead", "params": {}, "timeout": 300}]
    out = io.StringIO()
    text = "\n".join(json.dumps(x) for x in lines)
    assert Simulator(board_config, out=out).run_script(parse_script(text)) == 0
    result = [json.loads(line) for line in out.getvalue().splitlines()]
    pool = next(o for o in result if o.get("key") == "pool.laid")
    assert "clue number" in pool["text"]                       # the enrolled descriptions (M46)
    assert result[-1]["state"]["draw_pile"] == 11              # a deck of the 20 enrolled cards
    assert not [o for o in result if o.get("key", "").startswith("tray.")]   # nothing at night (M45)
    state = result[-1]["state"]
    pool_card = state["evidence_pool"][0]
    out_card = next(c for c in range(20) if c not in state["evidence_pool"])
    # the day: the dead chooses, the killer fakes, then tiles at the tray
    more = lines + [
        {"signal": "gm", "command": "act", "action": {"action": "genuine", "seat": 1, "cards": [pool_card]}},
        {"signal": "wait_for", "key": "night.fake", "params": {}, "timeout": 300},
        {"signal": "gm", "command": "act", "action": {"action": "fake", "seat": 0,
                                                      "cards": state["evidence_pool"][1:3]}},
        {"signal": "wait_for", "key": "day.discussion", "params": {}, "timeout": 600}]
    for card in (pool_card, state["evidence_pool"][5], out_card) + tuple(state["evidence_pool"][1:3]):
        more += [{"signal": "serial", "reader": "law", "hex": frame(card)}, {"signal": "wait", "seconds": 6}]
    out = io.StringIO()
    assert Simulator(board_config, out=out).run_script(
        parse_script("\n".join(json.dumps(x) for x in more))) == 0
    said = [json.loads(line) for line in out.getvalue().splitlines()]
    tray = [(o["key"], o["params"]) for o in said if o.get("key", "").startswith("tray.")]
    assert tray == [("tray.message", {"card": pool_card}), ("tray.pool", {"card": state["evidence_pool"][5]}),
                    ("tray.out", {"card": out_card}), ("tray.message", {"card": state["evidence_pool"][1]}),
                    ("tray.message", {"card": state["evidence_pool"][2]}), ("tray.complete", {})]
    first = next(o for o in said if o.get("key") == "tray.message")
    assert first["channel"] == "public" and CLUES[pool_card] in first["text"]
