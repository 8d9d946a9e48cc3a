"""``wait_for`` (SIMULATE.md) on the virtual clock: time jumps from due timer to due timer.

Nothing but a timer or a signal makes an announcement, so a long timeout must cost only the
timers inside it, not one step per 50 ms of virtual time.
"""

from __future__ import annotations

import io

from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

from .conftest import keys, run_lines

SETUP = {"setup": {"players": 5, "seed": 1, "language": "en"}}


def _counting_settles(monkeypatch) -> list[int]:
    calls = [0]
    original = Simulator.settle

    def settle(self):
        calls[0] += 1
        return original(self)

    monkeypatch.setattr(Simulator, "settle", settle)
    return calls


def test_wait_for_that_never_comes_jumps_to_its_timeout(monkeypatch):
    calls = _counting_settles(monkeypatch)
    out = run_lines([SETUP, {"signal": "wait_for", "key": "no.such.key", "timeout": 80000},
                     {"signal": "wait", "seconds": 1, "at": 80010}])
    faults = [l for l in out if l.get("event") == "fault" and l.get("source") == "wait_for"]
    assert len(faults) == 1 and faults[0]["reason"] == "timeout" and faults[0]["line"] == 2
    assert "80000 s" in faults[0]["detail"]
    # a step per due timer (the prolog and the like), not 1.6 million steps of 50 ms
    assert calls[0] < 2000
    assert out[-1]["state"]["phase"] == "nomination"


def test_wait_for_finds_an_announcement_made_by_a_timer():
    # the president presses: the nomination scan reaches seat 1 only by its timers
    out = run_lines([SETUP, {"signal": "button", "seat": 0, "gesture": "press"},
                     {"signal": "wait_for", "key": "scan.item", "params": {"seat": 1}, "timeout": 600},
                     {"signal": "button", "seat": 0, "gesture": "press"}])
    assert not [l for l in out if l.get("event") == "fault"]
    assert "scan.item" in keys(out)


def test_wait_for_timeout_leaves_the_clock_at_the_deadline():
    sim = Simulator(out=io.StringIO())
    sim.run_script(parse_script('{"setup": {"players": 5, "seed": 1}}\n'
                                '{"signal": "wait_for", "key": "no.such.key", "timeout": 5000}'))
    assert sim.clock.now() >= 5000
