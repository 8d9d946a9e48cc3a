"""R13 view-discard and peek as the table hears them: both end the same way, after the
president's acknowledging press the table hears whose move it is. ``simulate`` signals."""

from __future__ import annotations

import json

from .conftest import ROOT, announces, run_lines, state


def _example(name: str) -> list[dict]:
    return [json.loads(l) for l in (ROOT / "examples" / name).read_text().splitlines()
            if l.strip() and not l.startswith("#")]


def _public_after(out: list[dict], key: str, *, first: bool = False) -> list[dict]:
    said = announces(out)
    # first: its first playing (a press at once cuts the seat's clip for the answer cue and it
    # is said again whole after it, ACCESSIBILITY.md 4, 26, while the table goes on)
    start = (min if first else max)(i for i, l in enumerate(said) if l["key"] == key)
    return [l for l in said[start + 1:] if l["channel"] == "public"]


def test_R13_after_the_view_discard_acknowledgement_the_table_hears_who_nominates():
    out = run_lines(_example("simulate-power-view-discard.jsonl"))
    president = state(out)["president"]
    after = _public_after(out, "power.view_discard.result", first=True)
    assert [(l["key"], l["params"]) for l in after] == [("president.new", {"seat": president})]
    # before the power nobody is told to nominate yet
    said = [l["key"] for l in _public_after(out, "law.enacted.fascist")]
    assert said == ["power.view_discard", "president.new"]


def test_R13_without_the_acknowledgement_no_nomination_is_announced():
    out = run_lines(_example("simulate-power-view-discard.jsonl")[:-1])
    assert not [l for l in _public_after(out, "law.enacted.fascist") if l["key"] == "president.new"]
    assert state(out)["phase"] == "power"


def test_R13_view_discard_resumed_after_a_restart_still_names_no_nominator_before_the_press(tmp_path):
    text = "\n".join(json.dumps(l) for l in _example("simulate-power-view-discard.jsonl"))
    journal = str(tmp_path / "journal.sqlite3")
    last = len(text.splitlines())
    run_lines("\n".join(text.splitlines()[:-1]), journal_path=journal)
    out = run_lines(text, journal_path=journal, start_line=last)        # restart, then the press
    said = [l["key"] for l in announces(out, "public")]
    assert said.index("power.view_discard") < said.index("president.new")
    assert said.count("president.new") == 1 and state(out)["phase"] == "nomination"
