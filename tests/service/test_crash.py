"""Nothing accepted is lost: SIGKILL the service right after its Nth journal write (before the
announcement), restart it on the same journal, finish the game, and compare with a run that
was never interrupted."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from firmware_host.service.journal import CRASH_ENV, Journal

from .conftest import ROOT

SCRIPT = ROOT / "examples" / "simulate-7p.jsonl"
#: keys a restarted board may add: it says it resumed and what to fix on the board
RESTART_KEYS = ("service.ready", "service.resumed", "board.matches", "tile.", "tracker.wrong_hole",
                "tracker.pin_missing")


def simulate(journal, *extra, crash_after=None):
    env = dict(os.environ)
    env.pop(CRASH_ENV, None)
    if crash_after is not None:
        env[CRASH_ENV] = str(crash_after)
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(SCRIPT),
                           "--journal", str(journal), "-v", *extra],
                          capture_output=True, text=True, env=env, timeout=120)
    lines = [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]
    return proc, lines


def comparable(lines):
    """The engine's events in order. (Announcements are not compared: speech takes time, so
    what was queued but not yet played when the power went is lost with the speaker, as on
    a real board; the restarted board says again what the last accepted move caused. Nor are
    a scan's ``picked`` lines: they are the board's, timed on its clock, and a pick not yet
    final when the power went is made again after the restart.)"""
    return [("event", json.dumps(l, sort_keys=True)) for l in lines
            if l.get("event") not in (None, "fault", "rejected", "announce", "picked")]


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    journal = tmp_path_factory.mktemp("whole") / "journal.sqlite3"
    proc, lines = simulate(journal)
    assert proc.returncode == 0, proc.stderr
    entries = Journal(journal).entries(1)
    return lines, entries, Journal(journal).actions(1)


def crash_points(entries):
    """Write numbers: early, mid-game, and right before a reshuffle is written."""
    reshuffle = next(i for i, (k, body) in enumerate(entries) if body.get("action") == "reshuffle")
    return [3, 20, reshuffle + 1]   # write n is entries[n - 2]; write 1 is the game itself


@pytest.mark.slow
@pytest.mark.parametrize("point", [0, 1, 2])
def test_sigkill_after_journal_write_loses_nothing(tmp_path, uninterrupted, point):
    whole_lines, entries, whole_actions = uninterrupted
    crash_after = crash_points(entries)[point]
    journal = tmp_path / "journal.sqlite3"
    first, first_lines = simulate(journal, crash_after=crash_after)
    assert first.returncode == -9
    played = [int(n) for n in re.findall(r"signal line (\d+):", first.stderr)]
    assert played, first.stderr
    second, second_lines = simulate(journal, "--start-line", str(played[-1] + 1))
    assert second.returncode == 0, second.stderr
    assert "service.resumed" in [l.get("key") for l in second_lines]
    assert second_lines[-1] == whole_lines[-1]                    # the final state
    assert Journal(journal).actions(1) == whole_actions            # every accepted action, once
    assert comparable(first_lines + second_lines) == comparable(whole_lines)
