"""ACCESSIBILITY.md 16: an execution needs a confirming press, and what the president hears
about confirming and cancelling is true. Driven by ``simulate`` signals."""

from __future__ import annotations

import json

from .conftest import ROOT, announces, run_lines, state


def _until_confirmation() -> list[dict]:
    """7 players up to the president's choice of seat 2 for execution (the confirming press cut)."""
    lines = [json.loads(l) for l in (ROOT / "examples" / "simulate-power-execution.jsonl").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    return lines[:-2]


def test_A16_confirmation_never_says_waiting_cancels_and_waiting_executes_nobody():
    lines = _until_confirmation() + [{"signal": "wait", "seconds": 120}]
    out = run_lines(lines)
    president = lines[-2]["seat"]
    said = [l for l in announces(out, f"seat:{president}") if l["key"] == "power.execution.confirm"]
    assert said and "back" in said[0]["text"].lower()
    assert not [l for l in said if "wait" in l["text"].lower()]
    assert not [e for e in out if e.get("event") == "executed"] and state(out)["phase"] == "power"


def test_A16_press_on_back_during_confirmation_returns_to_the_list_and_executes_nobody():
    lines = _until_confirmation()
    president = lines[-1]["seat"]
    lines += [{"signal": "wait_for", "key": "scan.back", "params": {}, "timeout": 120.0},
              {"signal": "button", "seat": president, "gesture": "press"},
              {"signal": "wait_for", "key": "scan.item", "params": {"seat": 0}, "timeout": 120.0}]
    out = run_lines(lines)
    mine = [l["key"] for l in announces(out, f"seat:{president}")]
    back = mine.index("scan.back")
    assert "scan.cancel" not in mine[mine.index("power.execution.confirm"):]
    assert "scan.item" in mine[back:] and not [l for l in out if l.get("event") == "fault"]
    assert not [e for e in out if e.get("event") == "executed"] and state(out)["phase"] == "power"


def test_german_confirmation_names_the_cancel_item_and_never_waiting():
    from firmware_host.games.secret_dictator import catalogue
    for long in (False, True):
        text = catalogue.text("power.execution.confirm", {"target": 2}, "de", long=long)
        assert "warte" not in text.lower()
    assert "Zurück" in catalogue.text("power.execution.confirm", {"target": 2}, "de", long=True)


def test_A26_the_confirming_press_of_an_execution_is_answered_in_the_presidents_earphone():
    """Issue 31: the execution is told at the table; the president's own confirming press is
    answered in its own earphone right after the confirmation it pressed in (it heard nothing
    there for 27-41 s, until its next ballot was read)."""
    lines = [json.loads(l) for l in (ROOT / "examples" / "simulate-power-execution.jsonl").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    president = lines[-1]["seat"]
    out = run_lines(lines + [{"signal": "wait", "seconds": 10}])
    executed = next(i for i, l in enumerate(out) if l.get("event") == "executed")
    confirm = [l for l in announces(out, f"seat:{president}") if l["key"] == "power.execution.confirm"][-1]
    after = [l for l in announces(out[executed:], f"seat:{president}") if l["start"] >= confirm["end"] - 1e-6]
    # at once the answer cue (ACCESSIBILITY.md 26: one answer for every press), then "noted"
    assert [l["key"] for l in after[:2]] in (["table.noted"], ["answer.cue", "table.noted"]) or \
        after[0]["key"] == "table.noted", [l["key"] for l in after[:3]]
    assert after[0]["start"] - confirm["end"] <= 0.2
    assert "table.noted" in [l["key"] for l in after[:2]]
