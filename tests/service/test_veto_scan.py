"""Veto without holding (issue 14; R14 official variant; ACCESSIBILITY.md 12, 16): after five
fascist laws the chancellor's press opens a scan of "enact a law" and "propose a veto" in the
chancellor's earphone; a veto proposal needs a confirming press; hold stays the status only."""

from __future__ import annotations

from firmware_host.games.secret_dictator.scripting import signals_for_game

from . import gamegen
from .conftest import announces, keys, run_lines

SETUP = {"players": 5, "seed": 3, "language": "en", "variant": "official"}


def _up_to_veto() -> tuple[list[dict], int]:
    """Board signals up to the chancellor's veto; the chancellor's seat."""
    actions = gamegen.find_game(SETUP, lambda a, g: any(x["action"] == "veto_reply" for x in a), ja=0.9)
    i = gamegen.first_index(actions, lambda x: x["action"] == "veto")
    return signals_for_game(SETUP, actions[:i]), actions[i]["seat"]


def test_veto_by_scan_with_confirmation():
    lines, chancellor = _up_to_veto()
    lines += [{"signal": "button", "seat": chancellor, "gesture": "press"},
              {"signal": "wait_for", "key": "veto.scan.propose", "timeout": 60},
              {"signal": "button", "seat": chancellor, "gesture": "press"},
              {"signal": "wait_for", "key": "veto.scan.confirm", "timeout": 60},
              {"signal": "button", "seat": chancellor, "gesture": "press"}]
    out = run_lines(lines)
    scan = [l for l in announces(out) if l["key"].startswith("veto.scan.")]
    assert {l["channel"] for l in scan} == {f"seat:{chancellor}"}        # the list only in the earphone
    assert [l["key"] for l in scan][:3] == ["veto.scan.choice", "veto.scan.enact", "veto.scan.propose"]
    said = announces(out)
    proposed = [i for i, l in enumerate(said) if l["key"] == "veto.proposed"]
    assert len(proposed) == 1 and proposed[0] > said.index(next(l for l in said if l["key"] == "veto.scan.confirm"))
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


def test_a_veto_pick_without_the_confirming_press_proposes_nothing():
    lines, chancellor = _up_to_veto()
    lines += [{"signal": "button", "seat": chancellor, "gesture": "press"},
              {"signal": "wait_for", "key": "veto.scan.propose", "timeout": 60},
              {"signal": "button", "seat": chancellor, "gesture": "press"},
              {"signal": "wait", "seconds": 90.0}]
    out = run_lines(lines)
    assert "veto.proposed" not in keys(out)
    assert "veto.scan.confirm" in keys(out, f"seat:{chancellor}")
    assert "scan.stopped" in keys(out, f"seat:{chancellor}")              # it never chooses by itself


def test_hold_by_the_chancellor_after_five_fascist_laws_gives_only_the_status():
    lines, chancellor = _up_to_veto()
    lines += [{"signal": "button", "seat": chancellor, "gesture": "hold"}]
    out = run_lines(lines)
    assert "veto.proposed" not in keys(out)
    now = [l for l in announces(out, f"seat:{chancellor}") if l["key"] == "status.now.you"]
    assert [l["params"] for l in now] == [{"task": "enact_or_veto"}]
    assert now[0]["text"] == "You: enact a law or veto"


def test_choosing_enact_tells_the_chancellor_where_the_law_goes_and_proposes_nothing():
    lines, chancellor = _up_to_veto()
    lines += [{"signal": "button", "seat": chancellor, "gesture": "press"},
              {"signal": "wait_for", "key": "veto.scan.enact", "timeout": 60},
              {"signal": "button", "seat": chancellor, "gesture": "press"}]
    out = run_lines(lines)
    assert "veto.proposed" not in keys(out)
    assert keys(out, f"seat:{chancellor}")[-1] == "veto.scan.enact_chosen"
