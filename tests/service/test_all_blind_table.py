"""The all-blind table (issue 14, "Done when"): a whole scripted game (SIMULATE.md) from a
board with no setup (the setup from the seats, no setup line) of 7 players, official variant
with vetoes, a physical untracked deck, on the shipped config with the law reader removed,
played from the seats with not one ``gm`` signal and no console, to the post-game story; and
the same game with the law reader present. Real clip lengths on the virtual clock."""

from __future__ import annotations

import json

import pytest

from firmware_host.service.signals import parse_script

from . import gamegen
from .conftest import ROOT, announces, keys, run_lines, state

EXAMPLES = {False: ROOT / "examples" / "simulate-all-blind-7p-no-law-reader.jsonl",
            True: ROOT / "examples" / "simulate-all-blind-7p-law-reader.jsonl"}


def _script(law_reader: bool) -> list[dict]:
    text = EXAMPLES[law_reader].read_text()
    return [json.loads(l) for l in text.splitlines() if l.strip() and not l.startswith("#")]


@pytest.mark.parametrize("law_reader", [False, True])
def test_the_all_blind_examples_are_the_generators_game(law_reader):
    shipped, made = _script(law_reader), json.loads(json.dumps(gamegen.all_blind_script(law_reader)))
    # the story's waits are measured clip lengths plus a reaction: espeak-ng's renders differ by
    # milliseconds with what the engine rendered before, so a wait may differ by that much
    def plain(script: list) -> list:
        return [{**line, "seconds": None} if line.get("signal") == "wait" else line for line in script]
    assert plain(shipped) == plain(made)
    waits = [(a["seconds"], b["seconds"]) for a, b in zip(shipped, made) if a.get("signal") == "wait"]
    assert all(abs(a - b) <= 0.25 for a, b in waits), [w for w in waits if abs(w[0] - w[1]) > 0.25]
    parse_script(EXAMPLES[law_reader].read_text())        # a usable script


@pytest.mark.parametrize("law_reader", [False, True])
def test_an_all_blind_table_plays_a_whole_game_and_hears_its_story_without_a_game_master(law_reader):
    script = _script(law_reader)
    assert not [l for l in script if l.get("signal") == "gm"]               # not one game-master signal
    assert not [l for l in script if "setup" in l or l.get("signal") == "setup"]   # nor a setup line
    config = {} if law_reader else {"config_path": str(gamegen.NO_LAW_READER_CONFIG)}
    out = run_lines(script, setup_seed=gamegen.ALL_BLIND_SETUP["seed"], **config)   # no console served
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]
    final = state(out)
    assert final["phase"] == "game_over"
    actions = gamegen.all_blind_actions()
    said = keys(out)
    # set up at seat 1: 7 players, official variant (veto), the players' own deck (untracked)
    setup_picks = keys(out, "seat:0")
    assert {"lobby.option.players", "setup.variant.official", "setup.deck.untracked"} <= set(setup_picks)
    assert said.index("game.started") > said.index("lobby.presence.call")
    # the physical deck: the board never speaks a hand or a drawn law it did not read
    assert not [k for k in said if k.startswith(("hand.", "power.peek.result", "power.view_discard.result"))]
    discards = [a for a in actions if a["action"] == "discard"]
    presidents = {a["seat"] for a in discards}
    if law_reader:      # every tile the tray read is said privately to the seat that dropped it
        read = [l for l in announces(out) if l["key"] == "tile.read.law"]
        assert len(read) >= len(discards)
        assert all(l["channel"].startswith("seat:") for l in read)
        assert not [k for k in said if k.startswith("discard.scan.")]
    else:               # every discard by scanning at the president's seat, then confirmed
        chosen = [l for l in announces(out) if l["key"] == "discard.chosen"]
        assert [(l["channel"], l["params"]["party"]) for l in chosen] == [
            (f"seat:{a['seat']}", a["party"]) for a in discards]
        confirms = [l for l in announces(out) if l["key"] == "discard.scan.confirm"]
        assert {l["channel"] for l in confirms} == {f"seat:{s}" for s in presidents}
    # vetoes by the chancellor's scan with a confirming press; the president answers by ballot
    vetoes = [a for a in actions if a["action"] == "veto"]
    assert said.count("veto.proposed") == len(vetoes) >= 2
    assert said.count("veto.scan.confirm") == len(vetoes)
    assert "veto.accepted" in said and "veto.refused" in said
    assert any(k.startswith("chaos.placed.") for k in said)                  # the chaos law from its slot
    # the post-game story, a round per press in the pressing seat's earphone, every government with its laws
    story = [l for l in announces(out, "seat:0") if l["key"].startswith("story.")]
    nominations = [a for a in actions if a["action"] == "nominate"]
    told = [l for l in story if l["key"] in ("story.elected", "story.failed")]
    assert [l["params"]["index"] for l in told] == list(range(1, len(nominations) + 1))
    assert not [l for l in story if l.get("cut")]                           # each part heard whole, once
    drawn = [l for l in story if l["key"] == "story.discarded" or l["key"] == "story.drawn"]
    assert drawn                                                            # the discards the board knows
    assert story[-1]["key"] == "story.end"
    # then a press sets up the next game (ACCESSIBILITY.md 30)
    assert [l["key"] for l in announces(out, "seat:0")[-2:]] == ["game_over.roles", "evening.story_end"]
    assert announces(out)[-1]["end"] > 300                                  # the clips took their real time
