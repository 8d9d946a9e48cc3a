"""The board as the engine's mirror when players are late or the engine moves a marker by
itself (BOARD.md principle 2): a late tracker pin never stalls the game, a chaos tells the
players what to set instead of calling it a mistake. Driven by ``simulate`` signals."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import ROOT, announces, keys, run_lines, state

HERE = Path(__file__).resolve().parent

#: German 6-player game: seat 0 nominates seat 1, the election fails (pin to hole 1), seat 1
#: nominates seat 2, the election passes (the pin should go back to hole 0)
LATE_SETUP = {"players": 6, "first_president": 0, "language": "de",
              "roles": ["democrat", "democrat", "fascist", "democrat", "dictator", "democrat"],
              "deck": ["fascist", "fascist", "democratic", "fascist", "fascist", "democratic", "fascist",
                       "fascist", "democratic", "fascist", "fascist", "democratic", "fascist", "fascist",
                       "democratic", "fascist", "democratic"], "seed": 5}


def _votes(ballots: str) -> list[dict]:
    return [{"signal": "ballot", "seat": s, "ballot": "ja" if b == "j" else "nein"} for s, b in enumerate(ballots)]


def _nominate(president: int, target: int) -> list[dict]:
    return [{"signal": "button", "seat": president, "gesture": "press"},
            {"signal": "wait_for", "key": "scan.item", "params": {"seat": target}, "timeout": 120.0},
            {"signal": "button", "seat": president, "gesture": "press"}]


def _second_government_elected() -> list[dict]:
    return ([{"setup": LATE_SETUP}] + _nominate(0, 1) + _votes("jjnnnn") + [{"signal": "tracker", "position": 1}]
            + _nominate(1, 2) + _votes("jjjjjn"))


def test_late_tracker_pin_holds_both_discards_for_their_own_seats_and_enacts_the_placed_law():
    lines = _second_government_elected() + [
        {"signal": "law_read", "party": "democratic"},              # president seat 1 discards
        {"signal": "law_read", "party": "fascist"},                 # chancellor seat 2 discards
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"},   # chancellor enacts
        {"signal": "tracker", "position": 0},                       # only now the pin goes back
    ] + _nominate(2, 3) + _votes("jjjjjj")
    out = run_lines(lines)
    held = [l["params"] for l in announces(out, "public") if l["key"] == "discard.held"]
    assert held == [{"seat": 1}, {"seat": 2}]
    assert "tile.no_enactment" not in keys(out, "public")
    assert not [l for l in out if l.get("event") == "rejected"]
    enacted = [l for l in out if l.get("event") == "law_enacted"]
    assert [(e["party"], e["by"]) for e in enacted] == [("fascist", "government")]
    assert state(out)["phase"] == "legislative_president" and state(out)["president"] == 2
    assert state(out)["fascist_laws"] == 1 and state(out)["discard_pile"] == 2


def _example(name: str) -> list[dict]:
    return [json.loads(l) for l in (ROOT / "examples" / name).read_text().splitlines()
            if l.strip() and not l.startswith("#")]


def _after_chaos(out: list[dict]) -> list[dict]:
    return out[next(i for i, l in enumerate(out) if l.get("event") == "chaos"):]


def test_chaos_asks_to_put_the_pin_back_to_hole_zero_and_calls_nothing_a_correction():
    for name in ("simulate-chaos.jsonl", "simulate-chaos-untracked.jsonl"):
        out = run_lines(_example(name))
        said = announces(_after_chaos(out), "public")
        assert not [l for l in said if l["key"] in ("tracker.wrong_hole", "board.matches")], name
        reset = [l for l in said if l["key"] == "tracker.moved" and l["params"] == {"position": 0}]
        assert reset and "hole zero" in reset[0]["text"], name
        assert not [l for l in out if l.get("event") == "fault"], name


def test_after_chaos_a_pin_left_in_hole_three_counts_when_the_president_presses():
    lines = _example("simulate-chaos.jsonl")
    back = next(i for i, l in enumerate(lines) if l.get("signal") == "tracker" and l["position"] == 0
                and i > next(j for j, m in enumerate(lines) if m.get("signal") == "slot"))
    president_press = next(l for l in lines[back:] if l.get("signal") == "button")
    out = run_lines(lines[:back] + [president_press, {"signal": "tracker", "position": 0}])
    said = keys(_after_chaos(out), "public")
    assert said.count("tracker.wrong_hole") == 1
    wrong = said.index("tracker.wrong_hole")
    assert said[wrong:wrong + 2] == ["tracker.wrong_hole", "correction.press_again"]
    assert said[-2:] == ["board.matches", "next.nominate"]


def test_untracked_chaos_tile_placed_is_not_asked_for_again():
    out = run_lines(_example("simulate-chaos-untracked.jsonl"))
    said = announces(out, "public")
    said = said[next(i for i, l in enumerate(said) if l["key"].startswith(("chaos.placed.", "chaos.enacted."))):]
    assert said and not [l for l in said if l["key"] == "chaos.place_top_law" or "place the top law" in l["text"]]
    assert [l["key"] for l in said if l["key"].startswith("chaos.")] == ["chaos.placed.fascist"]
