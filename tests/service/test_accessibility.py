"""Accessibility gaps closed in the service (ACCESSIBILITY.md 5, 7, 11, 13, 19; BOARD.md "Veto"),
driven through ``simulate`` on the mocked board wherever a board signal exists."""

from __future__ import annotations

import json

import pytest

from firmware_host.games.secret_dictator import catalogue
from firmware_host.service.scripting import signals_for_game
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator
from firmware_host.service.voice import Voice

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


# ----------------------------------------------------------------------------- helpers
class TimedOut:
    """A ``simulate`` output stream that keeps each line with the virtual clock's time."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, dict]] = []
        self.sim = None

    def write(self, text: str) -> None:
        for raw in text.splitlines():
            self.rows.append((self.sim.clock.now() if self.sim and self.sim.clock else 0.0, json.loads(raw)))

    def flush(self) -> None:
        pass


def simulate(lines: list[dict], **kwargs) -> tuple[Simulator, TimedOut]:
    """Run a script; returns the simulator (its service and voice stay readable) and the timed output."""
    out = TimedOut()
    sim = Simulator(kwargs.pop("config_path", None), out=out, **kwargs)
    out.sim = sim
    text = "\n".join(json.dumps(x) for x in lines)
    assert sim.run_script(parse_script(text)) == 0
    return sim, out


def lines_of(out: TimedOut) -> list[dict]:
    return [line for _, line in out.rows]


# ----------------------------------------------------------------------------- ACCESSIBILITY.md 7
def test_A7_setup_plays_back_each_configured_name_with_its_seat():
    setup = {"players": 5, "seed": 2, "language": "en", "names": {"0": "Anna", "2": "Ben"}}
    out = run_lines([{"setup": setup}])
    said = [l for l in announces(out, "public") if l["key"] == "setup.seat_name"]
    assert [l["params"]["seat"] for l in said] == [0, 2]
    assert said[0]["text"] == "Name: Anna, seat 1"       # the long wording first (ACCESSIBILITY.md 5)
    assert said[1]["text"] == "Ben, seat 3"
    k = keys(out, "public")
    assert k.index("setup.seat_name") < k.index("game.started")


def test_A7_setup_without_names_plays_back_nothing():
    out = run_lines([{"setup": {"players": 5, "seed": 2, "language": "de"}}])
    assert "setup.seat_name" not in keys(out)


def test_A7_pronunciation_override_reaches_the_voice_untouched():
    override = "[[b'En]]"
    sim, out = simulate([{"setup": {"players": 5, "seed": 2, "language": "de", "names": ["Anna", override]}}])
    spoken = [text for channel, key, text in sim.service.voice.said if key == "setup.seat_name"]
    assert spoken == ["Name: Anna, Platz eins", f"{override}, Platz zwei"]
    assert [l["text"] for l in announces(lines_of(out), "public") if l["key"] == "setup.seat_name"] == spoken


def test_A7_voice_adapter_passes_phoneme_input_to_the_audio_layer_unchanged():
    class Audio:
        def __init__(self):
            self.texts = []

        def say(self, channel, text, **kw):
            self.texts.append(text)

    audio = Audio()
    Voice(audio).say("public", "[[b'En]], Platz zwei", key="setup.seat_name")
    assert audio.texts == ["[[b'En]], Platz zwei"]
