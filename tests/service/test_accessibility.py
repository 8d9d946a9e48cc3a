"""Accessibility gaps closed in the service (ACCESSIBILITY.md 5, 7, 11, 13, 19; BOARD.md "Veto"),
driven through ``simulate`` on the mocked board wherever a board signal exists."""

from __future__ import annotations

import pytest

from firmware_host.games.secret_dictator import catalogue
from firmware_host.service.scripting import signals_for_game

from . import gamegen
from .conftest import announces, keys, run_lines, state

SETUP_VETO = {"players": 5, "seed": 3, "language": "en", "variant": "official"}


def _veto_signals() -> tuple[list[dict], int]:
    """Board signals up to the chancellor's veto (official variant, after 5 fascist laws); the president."""
    actions = gamegen.find_game(SETUP_VETO, lambda a, g: any(x["action"] == "veto_reply" for x in a), ja=0.9)
    i = gamegen.first_index(actions, lambda x: x["action"] == "veto_reply")
    return signals_for_game(SETUP_VETO, actions[:i]), actions[i]["seat"]


@pytest.mark.parametrize("answer, public_key", [("ja", "veto.accepted"), ("nein", "veto.refused")])
def test_BOARD_veto_president_answers_by_scanning(answer, public_key):
    lines, president = _veto_signals()
    lines += [{"signal": "button", "seat": president, "gesture": "press"},
              {"signal": "wait_for", "key": f"veto.scan.{answer}", "timeout": 30},
              {"signal": "button", "seat": president, "gesture": "press"}]
    out = run_lines(lines)
    scan_lines = [l for l in announces(out) if l["key"].startswith("veto.scan.")]
    # the list is read into the president's earphone only (ACCESSIBILITY.md 17)
    assert scan_lines and {l["channel"] for l in scan_lines} == {f"seat:{president}"}
    assert [l["key"] for l in scan_lines][:3] == ["veto.scan.start", "veto.scan.ja", "veto.scan.nein"][:len(scan_lines[:3])]
    said = announces(out)
    # the answer is announced at the table, after the item the president pressed on
    assert public_key in keys(out, "public")
    assert said.index(next(l for l in said if l["key"] == public_key)) > said.index(scan_lines[-1])
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


def test_BOARD_veto_scan_offers_cancel_and_cancelling_leaves_the_veto_pending():
    lines, president = _veto_signals()
    lines += [{"signal": "button", "seat": president, "gesture": "press"},
              {"signal": "wait_for", "key": "scan.cancel", "timeout": 30},
              {"signal": "button", "seat": president, "gesture": "press"}]
    out = run_lines(lines)
    assert "scan.cancelled" in keys(out, f"seat:{president}")
    k = keys(out, "public")
    assert "veto.accepted" not in k and "veto.refused" not in k
    assert state(out)["phase"] == "legislative_chancellor"
